// A remote HBase table's schema (the REST TableSchema document) as the
// engine's TableDescriptor, and changes to a descriptor written back into
// the document without losing what the descriptor cannot hold.
//
// Reading is lenient: the keys RegionLab models are read by the same code
// as the gateway's (rest/schema_model.h); a value RegionLab cannot hold
// (COMPRESSION 'LZ4', BLOOMFILTER 'ROWPREFIX_FIXED_LENGTH') leaves the
// descriptor's default for that key and is kept in the document, which
// `describe` shows as is (RawSchema).
//
// Writing (alter over REST, a full replace by PUT /T/schema): the document
// as read, with only the values the change touched rewritten. A family's
// LZ4 compression survives an alter of its VERSIONS; a family left out of
// the new descriptor is dropped, as HBase's PUT does.
//
// Thread-safety: pure functions.
#pragma once

#include <string>

#include "regionlab/connection.h"
#include "regionlab/table_descriptor.h"
#include "rest/models.h"

namespace regionlab::remote {

TableDescriptor DescriptorFromDocument(const std::string& full_name,
                                       const rest::TableSchemaModel& schema);

RawSchema RawSchemaOf(const std::string& full_name, const rest::TableSchemaModel& schema);

// The document for `after`, starting from the document `current` read from
// the cluster (whose descriptor is `before`).
rest::TableSchemaModel ApplyDescriptorChange(const rest::TableSchemaModel& current,
                                             const TableDescriptor& before,
                                             const TableDescriptor& after);

}  // namespace regionlab::remote
