// Table descriptors as HBase's REST TableSchema documents, both ways.
//
// Out: the table's attributes as HBase 2.x stores them in a descriptor
// (IS_META always; MAX_FILESIZE, MEMSTORE_FLUSHSIZE, DURABILITY,
// SPLIT_POLICY, OWNER and METADATA entries when set) and each family with
// ColumnFamilyDescriptorBuilder's defaults spelled out (BLOOMFILTER,
// VERSIONS, IN_MEMORY, KEEP_DELETED_CELLS, DATA_BLOCK_ENCODING, TTL,
// COMPRESSION, MIN_VERSIONS, BLOCKCACHE, BLOCKSIZE, REPLICATION_SCOPE,
// INDEX_BLOCK_ENCODING). DATA_BLOCK_ENCODING and INDEX_BLOCK_ENCODING are
// NONE and REPLICATION_SCOPE 0 because RegionLab has neither encodings nor
// replication.
//
// In: the same keys the shell's create and alter take, read by the shell's
// own descriptor code (engine/shell/descriptors.h), so the REST gateway and
// the shell accept the same values with the same messages. Keys RegionLab
// does not model are ignored and reported in *ignored.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <vector>

#include "regionlab/status.h"
#include "regionlab/table_descriptor.h"
#include "rest/models.h"

namespace regionlab::rest {

TableSchemaModel SchemaFromDescriptor(const TableDescriptor& desc);

// Applies the family's attributes onto *family (which holds the defaults for
// a new family, or the current settings to modify one).
Status ApplyColumnSchema(const ColumnSchemaModel& column, FamilyOptions* family,
                         std::vector<std::string>* ignored);

// A new descriptor for table `full_name` from the document (its own name is
// ignored, as HBase takes the name from the URL). InvalidArgument when it
// names no family or a value is bad.
Result<TableDescriptor> DescriptorFromSchema(const std::string& full_name,
                                             const TableSchemaModel& schema,
                                             std::vector<std::string>* ignored);

}  // namespace regionlab::rest
