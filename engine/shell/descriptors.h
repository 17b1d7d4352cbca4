// Table and family descriptors from shell arguments: what `create` and
// `alter` do with their strings and hashes (HBase 2's admin.rb create,
// alter, cfd and update_tdb_from_arg), and how `describe` prints them.
//
// Family keys: NAME, VERSIONS, MIN_VERSIONS, TTL, KEEP_DELETED_CELLS,
// BLOOMFILTER, COMPRESSION, BLOCKCACHE, IN_MEMORY, BLOCKSIZE, CONFIGURATION.
// Table keys: MAX_FILESIZE, MEMSTORE_FLUSHSIZE, SPLIT_POLICY, DURABILITY,
// OWNER, METADATA, CONFIGURATION, and for create SPLITS, SPLITS_FILE,
// NUMREGIONS + SPLITALGO. HBase keys RegionLab does not model
// (DATA_BLOCK_ENCODING, REGION_REPLICATION, ...) are accepted with a
// warning; unknown keys are reported and ignored as HBase does ("An
// argument ignored (unknown or overridden): X"); values RegionLab cannot
// honour (COMPRESSION => 'GZ') are errors.
//
// Thread-safety: pure functions (warnings go to the given context).
#pragma once

#include <string>
#include <vector>

#include "regionlab/status.h"
#include "regionlab/table_descriptor.h"
#include "shell/command.h"
#include "shell/value.h"
#include "util/json.h"

namespace regionlab::shell {

// The family name of a create/alter argument: the string itself, or the
// NAME of a hash.
Status FamilyNameOf(const Value& arg, std::string* name);

// Applies a family argument (a name, or a hash with NAME) onto *family,
// which holds the defaults or, for alter, the family's current settings.
Status ApplyFamilyArg(const Value& arg, FamilyOptions* family, CommandContext* ctx);

// Applies table attributes from a hash, skipping `consumed` keys (already
// handled by the caller, e.g. SPLITS). Keys that are not table attributes
// are reported with HBase's "An argument ignored" warning.
Status ApplyTableAttributes(const Value& hash, const std::vector<std::string>& consumed,
                            TableDescriptor* desc, CommandContext* ctx);

// create 'name', families and options...: the descriptor and the split keys
// (from SPLITS, SPLITS_FILE or NUMREGIONS/SPLITALGO; sorted and validated).
Status BuildCreate(CommandContext* ctx, TableDescriptor* desc, std::vector<std::string>* splits);

// alter 'name', changes...: applies the changes onto *desc (the current
// descriptor).
Status ApplyAlter(CommandContext* ctx, TableDescriptor* desc);

// describe's text for one family, HBase 2's ColumnFamilyDescriptor form:
// {NAME => 'f1', BLOOMFILTER => 'ROW', IN_MEMORY => 'false', VERSIONS => '1',
//  KEEP_DELETED_CELLS => 'FALSE', DATA_BLOCK_ENCODING => 'NONE',
//  COMPRESSION => 'NONE', TTL => 'FOREVER', MIN_VERSIONS => '0',
//  BLOCKCACHE => 'true', BLOCKSIZE => '65536', REPLICATION_SCOPE => '0'}
// with CONFIGURATION => {...} appended when set.
std::string DescribeFamily(const FamilyOptions& family);

// describe's table line suffix: "" or
// ", {TABLE_ATTRIBUTES => {MAX_FILESIZE => '134217728', METADATA => {...}}}".
// Reserved attributes (DURABILITY, MAX_FILESIZE, MEMSTORE_FLUSHSIZE) print
// when they differ from the default; OWNER, SPLIT_POLICY, METADATA and
// CONFIGURATION entries print under METADATA, sorted by key, as HBase keeps
// them in one map.
std::string DescribeTableAttributes(const TableDescriptor& desc);

// The JSON forms of the --json contract.
Json FamilyJson(const FamilyOptions& family);
Json TableAttributesJson(const TableDescriptor& desc);

// The same for a family as a remote cluster reports it (RawSchema, whose
// values RegionLab's FamilyOptions may not hold: COMPRESSION 'LZ4'): the
// keys of DescribeFamily in its order, each as given (TTL in HBase's
// human-readable form), then any other key in the cluster's order
// (describe_raw.cc). The JSON object has the same keys, values as strings.
std::string DescribeRawFamily(const std::string& name, const RawSchema::Attributes& attributes);
Json RawFamilyJson(const std::string& name, const RawSchema::Attributes& attributes);

}  // namespace regionlab::shell
