// TableDescriptor: a table's schema and attributes (HBase's TableDescriptor),
// and the name rules of HBase's TableName and ColumnFamilyDescriptor.
//
// A table is named "namespace:qualifier"; tables in the `default` namespace
// are named by their qualifier alone. The catalog (engine/catalog) stores
// descriptors; the validation functions below give HBase's own messages so a
// user who knows HBase recognises them.
//
// Thread-safety: plain values and pure functions.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/options.h"
#include "regionlab/status.h"

namespace regionlab {

// NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR and SYSTEM_NAMESPACE_NAME_STR.
inline constexpr std::string_view kDefaultNamespace = "default";
inline constexpr std::string_view kSystemNamespace = "hbase";

// The rows of a region: [start_key, end_key). An empty start key is the
// table's first row, an empty end key lies past its last.
struct KeyRange {
  std::string start_key;
  std::string end_key;
  bool operator==(const KeyRange&) const = default;
};

struct TableDescriptor {
  std::string ns = std::string(kDefaultNamespace);  // namespace
  std::string name;                                 // qualifier
  std::vector<FamilyOptions> families;              // kept in the order given
  uint64_t max_file_size = 10ull << 30;             // MAX_FILESIZE (10 GB)
  uint64_t memstore_flush_size = 128ull << 20;      // MEMSTORE_FLUSHSIZE (128 MB)
  std::string split_policy;  // SPLIT_POLICY: class name as given; empty = the cluster's default
  Durability durability = Durability::kUseDefault;   // DURABILITY
  std::string owner;                                 // OWNER; empty = none
  std::map<std::string, std::string> metadata;       // METADATA (binary-safe keys and values)
  std::map<std::string, std::string> configuration;  // CONFIGURATION
  bool enabled = true;                               // state ENABLED / DISABLED
  int64_t created_ms = 0;  // set by the catalog when the table is created; read-only for callers

  // "ns:name", or just "name" in the default namespace (TableName.getNameAsString).
  std::string FullName() const;
  // The family with this name, or nullptr.
  const FamilyOptions* FindFamily(std::string_view family) const;
};

// Parses "ns:name" or "name" (namespace `default`) like TableName.valueOf and
// validates both parts with TableName's rules and messages, e.g.
//   "Illegal character code:35, <#> at 1. User-space table qualifiers may only
//    contain 'alphanumeric characters' and digits: a#b".
// Letters and digits of other scripts are accepted as HBase accepts them
// (Character.isAlphabetic / isDigit; the common scripts are recognised).
// HBase sets no maximum length; the only length rule is "not empty".
// `ns` and `name` are written only on success.
Status ParseTableName(std::string_view text, std::string* ns, std::string* name);

// HBase's TableDescriptorChecker refuses a MAX_FILESIZE under 2 MB and a
// MEMSTORE_FLUSHSIZE under 1 MB unless hbase.table.sanity.checks is false;
// RegionLab accepts smaller sizes (a lab wants regions to split and flush
// early) and warns.
inline constexpr uint64_t kHBaseMinMaxFileSize = 2ull << 20;
inline constexpr uint64_t kHBaseMinFlushSize = 1ull << 20;

struct SanityWarning {
  std::string attribute;  // "MAX_FILESIZE" or "MEMSTORE_FLUSHSIZE"
  std::string message;    // HBase's message, and why it matters here
};
// The sizes of `d` that only HBase's sanity checks would refuse. Each
// message is TableDescriptorChecker's, followed by "HBase refuses this
// unless hbase.table.sanity.checks is false" -- or, when the descriptor's
// METADATA or CONFIGURATION sets that key to false, by the note that HBase
// would accept it too.
std::vector<SanityWarning> TableSanityWarnings(const TableDescriptor& d);

// A snapshot name: TableName.isLegalTableQualifierName(name, isSnapshot=true),
// with its messages ("Snapshot qualifiers may only contain ...").
Status ValidateSnapshotName(std::string_view name);

// TableName.isLegalNamespaceName: letters, digits and '_', not empty, not "zookeeper".
Status ValidateNamespaceName(std::string_view ns);

// ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName: not empty, not
// starting with '.', no control characters, ':', '\\' or '/', and not
// "recovered.edits".
Status ValidateFamilyName(std::string_view family);

}  // namespace regionlab
