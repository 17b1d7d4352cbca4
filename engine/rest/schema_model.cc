#include "rest/schema_model.h"

#include <algorithm>

#include "shell/command.h"
#include "shell/descriptors.h"

namespace regionlab::rest {

namespace {

const uint64_t kDefaultMaxFileSize = TableDescriptor{}.max_file_size;
const uint64_t kDefaultFlushSize = TableDescriptor{}.memstore_flush_size;

// Attribute keys of the document that are not descriptor values.
bool IsDocumentOnly(const std::string& key) { return key == "IS_META" || key == "IS_ROOT"; }

shell::Value HashOf(const std::string& name, const Attributes& attrs, bool with_name) {
  shell::Value hash;
  hash.type = shell::Value::Type::kHash;
  if (with_name) hash.entries.emplace_back(shell::Value::String("NAME"), shell::Value::String(name));
  for (const auto& [k, v] : attrs) {
    if (IsDocumentOnly(k) || k == "NAME") continue;
    hash.entries.emplace_back(shell::Value::String(k), shell::Value::String(v));
  }
  return hash;
}

void CollectWarnings(const shell::CommandContext& ctx, std::vector<std::string>* ignored) {
  if (ignored == nullptr) return;
  for (const auto& w : ctx.warnings().items()) ignored->push_back(w.AsString());
}

}  // namespace

TableSchemaModel SchemaFromDescriptor(const TableDescriptor& d) {
  TableSchemaModel m;
  m.name = d.FullName();
  m.attrs.emplace_back("IS_META", "false");
  if (d.max_file_size != kDefaultMaxFileSize) {
    m.attrs.emplace_back("MAX_FILESIZE", std::to_string(d.max_file_size));
  }
  if (d.memstore_flush_size != kDefaultFlushSize) {
    m.attrs.emplace_back("MEMSTORE_FLUSHSIZE", std::to_string(d.memstore_flush_size));
  }
  if (d.durability != Durability::kUseDefault) {
    m.attrs.emplace_back("DURABILITY", DurabilityName(d.durability));
  }
  if (!d.split_policy.empty()) m.attrs.emplace_back("SPLIT_POLICY", d.split_policy);
  if (!d.owner.empty()) m.attrs.emplace_back("OWNER", d.owner);
  for (const auto& [k, v] : d.metadata) m.attrs.emplace_back(k, v);
  for (const FamilyOptions& f : d.families) {
    ColumnSchemaModel c;
    c.name = f.name;
    c.attrs = {
        {"BLOOMFILTER", BloomTypeName(f.bloom)},
        {"VERSIONS", std::to_string(f.max_versions)},
        {"IN_MEMORY", f.in_memory ? "true" : "false"},
        {"KEEP_DELETED_CELLS", f.keep_deleted_cells ? "TRUE" : "FALSE"},
        {"DATA_BLOCK_ENCODING", "NONE"},
        {"TTL", std::to_string(f.ttl_seconds)},
        {"COMPRESSION", CompressionName(f.compression)},
        {"MIN_VERSIONS", std::to_string(f.min_versions)},
        {"BLOCKCACHE", f.block_cache ? "true" : "false"},
        {"BLOCKSIZE", std::to_string(f.block_size)},
        {"REPLICATION_SCOPE", "0"},
        {"INDEX_BLOCK_ENCODING", "NONE"},
    };
    for (const auto& [k, v] : f.configuration) c.attrs.emplace_back(k, v);
    m.columns.push_back(std::move(c));
  }
  return m;
}

Status ApplyColumnSchema(const ColumnSchemaModel& column, FamilyOptions* family,
                         std::vector<std::string>* ignored) {
  if (column.name.empty()) return Status::InvalidArgument("a ColumnSchema has no name");
  RL_RETURN_IF_ERROR(ValidateFamilyName(column.name));
  // Keys the shell would warn about but HBase's REST documents carry on
  // every round trip: taken as what RegionLab does anyway.
  Attributes attrs;
  for (const auto& [k, v] : column.attrs) {
    if ((k == "DATA_BLOCK_ENCODING" || k == "INDEX_BLOCK_ENCODING") && v == "NONE") continue;
    if (k == "REPLICATION_SCOPE" && v == "0") continue;
    if (k == "INDEX_BLOCK_ENCODING") {
      if (ignored) ignored->push_back("RegionLab does not model INDEX_BLOCK_ENCODING; ignored");
      continue;
    }
    attrs.emplace_back(k, v);
  }
  const std::vector<shell::Value> no_args;
  shell::CommandContext ctx(nullptr, nullptr, nullptr, "rest", &no_args);
  RL_RETURN_IF_ERROR(shell::ApplyFamilyArg(HashOf(column.name, attrs, true), family, &ctx));
  CollectWarnings(ctx, ignored);
  return Status::OK();
}

Result<TableDescriptor> DescriptorFromSchema(const std::string& full_name,
                                             const TableSchemaModel& schema,
                                             std::vector<std::string>* ignored) {
  TableDescriptor d;
  RL_RETURN_IF_ERROR(ParseTableName(full_name, &d.ns, &d.name));
  const std::vector<shell::Value> no_args;
  shell::CommandContext ctx(nullptr, nullptr, nullptr, "rest", &no_args);
  // The attributes RegionLab models go through the shell's code; any other
  // key is kept as a descriptor value (METADATA), as HBase's setValue keeps it.
  Attributes modelled;
  for (const auto& [k, v] : schema.attrs) {
    if (IsDocumentOnly(k)) continue;
    if (k == "MAX_FILESIZE" || k == "MEMSTORE_FLUSHSIZE" || k == "SPLIT_POLICY" || k == "OWNER" ||
        k == "DURABILITY") {
      modelled.emplace_back(k, v);
    } else {
      d.metadata[k] = v;
    }
  }
  RL_RETURN_IF_ERROR(shell::ApplyTableAttributes(HashOf("", modelled, false), {}, &d, &ctx));
  CollectWarnings(ctx, ignored);
  if (schema.columns.empty()) {
    return Status::InvalidArgument("table " + full_name + " must have at least one column family"
                                   " (the TableSchema has no ColumnSchema)");
  }
  for (const ColumnSchemaModel& c : schema.columns) {
    FamilyOptions f;
    RL_RETURN_IF_ERROR(ApplyColumnSchema(c, &f, ignored).WithContext("column family " + c.name));
    auto same = std::find_if(d.families.begin(), d.families.end(),
                             [&](const FamilyOptions& g) { return g.name == f.name; });
    if (same != d.families.end()) {
      return Status::InvalidArgument("column family " + f.name + " is given twice");
    }
    d.families.push_back(std::move(f));
  }
  return d;
}

}  // namespace regionlab::rest
