// A table descriptor as one byte string, for the snapshots table
// (`snapshots.descriptor`, FORMAT-catalog.md): a snapshot keeps the schema
// the table had, families and options included, which restore_snapshot
// and clone_snapshot give back.
//
// Layout: "RLTD", a version byte (1), then the fields in the order of
// TableDescriptor and FamilyOptions: strings as varint32 length + bytes,
// sizes as varint64, signed numbers as fixed64 (two's complement),
// enums and flags as one byte (0xff: an unset COMPRESSION_COMPACT), maps as
// a varint32 count and their entries.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "regionlab/status.h"
#include "regionlab/table_descriptor.h"

namespace regionlab {

std::string EncodeTableDescriptor(const TableDescriptor& d);
// Corruption (naming what is wrong) unless `bytes` is exactly one encoded
// descriptor with known enum values.
Status DecodeTableDescriptor(std::string_view bytes, TableDescriptor* out);

}  // namespace regionlab
