#include "shell/descriptors.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "regionlab/bytes.h"
#include "rowkey/split_algorithms.h"
#include "rowkey/splits_file.h"
#include "shell/args.h"
#include "shell/shell.h"
#include "util/env.h"
#include "util/utf8.h"

namespace regionlab::shell {

namespace {

// HBase family and table keys RegionLab accepts but does not model.
const std::set<std::string, std::less<>> kUnmodelledFamilyKeys = {
    "DATA_BLOCK_ENCODING", "REPLICATION_SCOPE", "CACHE_DATA_ON_WRITE", "CACHE_INDEX_ON_WRITE",
    "CACHE_BLOOMS_ON_WRITE", "CACHE_DATA_IN_L1", "EVICT_BLOCKS_ON_CLOSE",
    "PREFETCH_BLOCKS_ON_OPEN", "NEW_VERSION_BEHAVIOR", "DFS_REPLICATION", "STORAGE_POLICY",
    "IS_MOB", "MOB_THRESHOLD", "MOB_COMPACT_PARTITION_POLICY", "COMPRESSION_COMPACT",
    "COMPRESS_TAGS", "IN_MEMORY_COMPACTION", "ENCRYPTION", "ENCRYPTION_KEY"};
const std::set<std::string, std::less<>> kUnmodelledTableKeys = {
    "READONLY", "COMPACTION_ENABLED", "SPLIT_ENABLED", "MERGE_ENABLED", "NORMALIZATION_ENABLED",
    "NORMALIZER_TARGET_REGION_COUNT", "NORMALIZER_TARGET_REGION_SIZE", "PRIORITY",
    "FLUSH_POLICY", "REGION_MEMSTORE_REPLICATION", "REGION_REPLICATION"};

std::string Upper(std::string_view s) {
  std::string out;
  for (char c : s) out.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  return out;
}

Status KeyOf(const std::pair<Value, Value>& entry, std::string* key) {
  if (!entry.first.is_string()) {
    return Status::InvalidArgument("hash keys must be names such as NAME or 'NAME', got " +
                                   entry.first.Inspect());
  }
  *key = entry.first.str;
  return Status::OK();
}

// A {'key' => 'value'} hash (METADATA, CONFIGURATION) into a map; values
// take Ruby's to_s.
Status StringMap(const Value& v, std::string_view what, std::map<std::string, std::string>* out) {
  if (!v.is_hash()) return Status::InvalidArgument(std::string(what) + " must be a Hash");
  for (const auto& [k, val] : v.entries) {
    if (!k.is_string() && !k.is_integer()) {
      return Status::InvalidArgument(std::string(what) + " keys must be strings");
    }
    (*out)[ToText(k)] = ToText(val);
  }
  return Status::OK();
}

Status NonNegative(const Value& v, std::string_view what, uint64_t* out) {
  int64_t n;
  RL_RETURN_IF_ERROR(ExpectIntegerOrText(v, what, &n));
  if (n < 0) return Status::InvalidArgument(std::string(what) + " must not be negative");
  *out = static_cast<uint64_t>(n);
  return Status::OK();
}

Status IntInRange(const Value& v, std::string_view what, int64_t lo, int64_t hi, int* out) {
  int64_t n;
  RL_RETURN_IF_ERROR(ExpectIntegerOrText(v, what, &n));
  if (n < lo || n > hi) {
    return Status::InvalidArgument(std::string(what) + " " + std::to_string(n) +
                                   " is out of range");
  }
  *out = static_cast<int>(n);
  return Status::OK();
}

// A SPLITS entry: Bytes.toBytesBinary of the Java string the shell has.
Status SplitKeyBytes(const Value& v, std::string* out) {
  if (!v.is_string()) {
    return Status::InvalidArgument("SPLITS entries must be Strings, got " + v.Inspect());
  }
  if (!IsValidUtf8(v.str)) {  // raw bytes from "\xNN" escapes
    *out = ToBytesBinary(v.str);
    return Status::OK();
  }
  auto bytes = JavaStringToBytesBinary(v.str);
  if (!bytes.ok()) return bytes.status();
  *out = std::move(*bytes);
  return Status::OK();
}

Status ReadSplitsFile(CommandContext* ctx, const Value& v, std::vector<std::string>* splits) {
  std::string path;
  RL_RETURN_IF_ERROR(ExpectString(v, "SPLITS_FILE", &path));
  std::string full = path;
  const std::string& cwd = ctx->options().working_directory;
  if (!path.empty() && path[0] != '/' && !cwd.empty()) full = JoinPath(cwd, path);
  Env* env = Env::Default();
  if (path.empty() || !env->FileExists(full)) {
    return Status::InvalidArgument("Splits file " + path + " doesn't exist");
  }
  std::string contents;
  RL_RETURN_IF_ERROR(env->ReadFileToString(full, &contents));
  auto keys = ParseSplitsFile(contents, path);
  if (!keys.ok()) return keys.status();
  *splits = std::move(*keys);
  return Status::OK();
}

void SortedAppend(std::vector<std::pair<std::string, std::string>>* out,
                  const std::map<std::string, std::string>& m) {
  for (const auto& kv : m) out->push_back(kv);
}

std::string Quote(std::string_view s) { return "'" + std::string(s) + "'"; }

}  // namespace

Status FamilyNameOf(const Value& arg, std::string* name) {
  if (arg.is_string()) {
    *name = arg.str;
    return Status::OK();
  }
  if (arg.is_hash()) {
    const Value* n = arg.Find("NAME");
    if (n == nullptr) return Status::InvalidArgument("Column family NAME is missing");
    return ExpectString(*n, "Column family NAME", name);
  }
  return Status::InvalidArgument(std::string(arg.TypeName()) + " of " + arg.Inspect() +
                                 " is not of Hash or String type");
}

Status ApplyFamilyArg(const Value& arg, FamilyOptions* f, CommandContext* ctx) {
  RL_RETURN_IF_ERROR(FamilyNameOf(arg, &f->name));
  if (!arg.is_hash()) return Status::OK();
  for (const auto& entry : arg.entries) {
    std::string key;
    RL_RETURN_IF_ERROR(KeyOf(entry, &key));
    const Value& v = entry.second;
    if (key == "NAME") continue;
    if (key == "VERSIONS") {
      RL_RETURN_IF_ERROR(IntInRange(v, "VERSIONS", INT32_MIN, INT32_MAX, &f->max_versions));
    } else if (key == "MIN_VERSIONS") {
      RL_RETURN_IF_ERROR(IntInRange(v, "MIN_VERSIONS", INT32_MIN, INT32_MAX, &f->min_versions));
    } else if (key == "TTL") {
      RL_RETURN_IF_ERROR(ParseTtl(v, &f->ttl_seconds));
    } else if (key == "KEEP_DELETED_CELLS") {
      const std::string s = Upper(ToText(v));
      if (s == "TTL") {
        return Status::NotSupported("KEEP_DELETED_CELLS => 'TTL' is not supported by RegionLab"
                                    " (TRUE and FALSE are)");
      }
      if (s != "TRUE" && s != "FALSE") {
        return Status::InvalidArgument(
            "No enum constant org.apache.hadoop.hbase.KeepDeletedCells." + s);
      }
      f->keep_deleted_cells = s == "TRUE";
    } else if (key == "BLOOMFILTER") {
      const std::string s = Upper(ToText(v));
      if (s == "NONE") {
        f->bloom = BloomType::kNone;
      } else if (s == "ROW") {
        f->bloom = BloomType::kRow;
      } else if (s == "ROWCOL") {
        f->bloom = BloomType::kRowCol;
      } else if (s == "ROWPREFIX_FIXED_LENGTH" || s == "ROWPREFIX_DELIMITED") {
        return Status::NotSupported("BloomFilter type " + s +
                                    " is not supported by RegionLab (NONE, ROW, ROWCOL are)");
      } else {
        return Status::InvalidArgument("BloomFilter type " + s +
                                       " is not supported. Use one of NONE ROW ROWCOL");
      }
    } else if (key == "COMPRESSION") {
      const std::string s = Upper(ToText(v));
      if (s == "NONE") {
        f->compression = Compression::kNone;
      } else if (s == "SNAPPY") {
        f->compression = Compression::kSnappy;
      } else if (s == "GZ" || s == "LZO" || s == "LZ4" || s == "BZIP2" || s == "ZSTD") {
        return Status::NotSupported("Compression " + s +
                                    " is not supported by RegionLab (NONE and SNAPPY are)");
      } else {
        return Status::InvalidArgument("Compression " + s +
                                       " is not supported. Use one of NONE SNAPPY");
      }
    } else if (key == "BLOCKCACHE") {
      RL_RETURN_IF_ERROR(ExpectBool(v, "BLOCKCACHE", &f->block_cache));
    } else if (key == "IN_MEMORY") {
      RL_RETURN_IF_ERROR(ExpectBool(v, "IN_MEMORY", &f->in_memory));
    } else if (key == "BLOCKSIZE") {
      int size;
      RL_RETURN_IF_ERROR(IntInRange(v, "BLOCKSIZE", 0, INT32_MAX, &size));
      f->block_size = static_cast<uint32_t>(size);
    } else if (key == "CONFIGURATION") {
      RL_RETURN_IF_ERROR(StringMap(v, "CONFIGURATION", &f->configuration));
    } else if (key == "METADATA") {
      return Status::NotSupported("column family METADATA is not supported by RegionLab; use"
                                  " CONFIGURATION, or METADATA outside the family's braces");
    } else if (kUnmodelledFamilyKeys.count(key)) {
      ctx->Warn("RegionLab does not model " + key + "; ignored for column family " + f->name);
    } else {
      ctx->Warn("Unknown argument ignored for column family " + f->name + ": " + key);
    }
  }
  return Status::OK();
}

Status ApplyTableAttributes(const Value& hash, const std::vector<std::string>& consumed,
                            TableDescriptor* d, CommandContext* ctx) {
  for (const auto& entry : hash.entries) {
    std::string key;
    RL_RETURN_IF_ERROR(KeyOf(entry, &key));
    if (key == "METHOD" || std::find(consumed.begin(), consumed.end(), key) != consumed.end()) {
      continue;
    }
    const Value& v = entry.second;
    if (key == "MAX_FILESIZE") {
      RL_RETURN_IF_ERROR(NonNegative(v, "MAX_FILESIZE", &d->max_file_size));
    } else if (key == "MEMSTORE_FLUSHSIZE") {
      RL_RETURN_IF_ERROR(NonNegative(v, "MEMSTORE_FLUSHSIZE", &d->memstore_flush_size));
    } else if (key == "SPLIT_POLICY") {
      RL_RETURN_IF_ERROR(ExpectString(v, "SPLIT_POLICY", &d->split_policy));
    } else if (key == "OWNER") {
      RL_RETURN_IF_ERROR(ExpectString(v, "OWNER", &d->owner));
    } else if (key == "DURABILITY") {
      const std::string s = Upper(ToText(v));
      const Durability all[] = {Durability::kUseDefault, Durability::kSkipWal,
                                Durability::kAsyncWal, Durability::kSyncWal, Durability::kFsyncWal};
      bool found = false;
      for (Durability dur : all) {
        if (s == DurabilityName(dur)) {
          d->durability = dur;
          found = true;
        }
      }
      if (!found) {
        return Status::InvalidArgument("No enum constant org.apache.hadoop.hbase.client.Durability." +
                                       s);
      }
    } else if (key == "METADATA") {
      RL_RETURN_IF_ERROR(StringMap(v, "METADATA", &d->metadata));
    } else if (key == "CONFIGURATION") {
      RL_RETURN_IF_ERROR(StringMap(v, "CONFIGURATION", &d->configuration));
    } else if (kUnmodelledTableKeys.count(key)) {
      ctx->Warn("RegionLab does not model " + key + "; ignored");
    } else {
      ctx->Warn("An argument ignored (unknown or overridden): " + key);
    }
  }
  return Status::OK();
}

Status BuildCreate(CommandContext* ctx, TableDescriptor* d, std::vector<std::string>* splits) {
  RL_RETURN_IF_ERROR(CheckArity(ctx->arg_count(), 1, -1));
  if (!ctx->arg(0).is_string()) return Status::InvalidArgument("Table name must be of type String");
  RL_RETURN_IF_ERROR(ParseTableName(ctx->arg(0).str, &d->ns, &d->name));
  for (size_t i = 1; i < ctx->arg_count(); ++i) {
    const Value& arg = ctx->arg(i);
    if (arg.is_string() || (arg.is_hash() && arg.Has("NAME"))) {
      FamilyOptions f;
      RL_RETURN_IF_ERROR(ApplyFamilyArg(arg, &f, ctx));
      auto same = std::find_if(d->families.begin(), d->families.end(),
                               [&](const FamilyOptions& g) { return g.name == f.name; });
      if (same != d->families.end()) {
        ctx->Warn("Family '" + f.name + "' already exists, the old one will be replaced");
        *same = f;
      } else {
        d->families.push_back(f);
      }
      continue;
    }
    if (!arg.is_hash()) {
      return Status::InvalidArgument(std::string(arg.TypeName()) + " of " + arg.Inspect() +
                                     " is not of Hash or String type");
    }
    if (const Value* method = arg.Find("METHOD"); method && ToText(*method) != "table_att") {
      return Status::InvalidArgument("table_att is currently the only supported method");
    }
    std::vector<std::string> consumed;
    if (const Value* file = arg.Find("SPLITS_FILE")) {
      RL_RETURN_IF_ERROR(ReadSplitsFile(ctx, *file, splits));
      d->metadata["SPLITS_FILE"] = ToText(*file);
      consumed.push_back("SPLITS_FILE");
    }
    if (const Value* list = arg.Find("SPLITS")) {
      if (!list->is_array()) return Status::InvalidArgument("SPLITS must be an Array of Strings");
      std::vector<std::string> keys;
      for (const Value& k : list->items) {
        keys.emplace_back();
        RL_RETURN_IF_ERROR(SplitKeyBytes(k, &keys.back()));
      }
      auto sorted = ValidateSplitKeys(std::move(keys));
      if (!sorted.ok()) return sorted.status();
      *splits = std::move(*sorted);
      consumed.push_back("SPLITS");
    } else if (arg.Has("NUMREGIONS") || arg.Has("SPLITALGO")) {
      if (!arg.Has("NUMREGIONS")) return Status::InvalidArgument("Number of regions must be specified");
      if (!arg.Has("SPLITALGO")) return Status::InvalidArgument("Split algorithm must be specified");
      int64_t n;
      RL_RETURN_IF_ERROR(ExpectInteger(*arg.Find("NUMREGIONS"), "NUMREGIONS", &n));
      if (n <= 1) return Status::InvalidArgument("Number of regions must be greater than 1");
      if (n > kMaxPresplitRegions) {
        return Status::InvalidArgument("NUMREGIONS " + std::to_string(n) + " is above RegionLab's limit of " +
                                       std::to_string(kMaxPresplitRegions));
      }
      std::string algo_name;
      RL_RETURN_IF_ERROR(ExpectString(*arg.Find("SPLITALGO"), "SPLITALGO", &algo_name));
      auto algo = ParseSplitAlgorithm(algo_name);
      if (!algo.ok()) return algo.status();
      auto keys = ComputeSplitKeys(*algo, static_cast<int>(n));
      if (!keys.ok()) return keys.status();
      *splits = std::move(*keys);
      consumed.push_back("NUMREGIONS");
      consumed.push_back("SPLITALGO");
    }
    RL_RETURN_IF_ERROR(ApplyTableAttributes(arg, consumed, d, ctx));
  }
  if (d->families.empty()) {
    return Status::InvalidArgument("Table must have at least one column family");
  }
  return Status::OK();
}

namespace {

Status UnsetAttribute(const std::string& key, TableDescriptor* d) {
  const TableDescriptor defaults;
  if (key == "MAX_FILESIZE") {
    d->max_file_size = defaults.max_file_size;
  } else if (key == "MEMSTORE_FLUSHSIZE") {
    d->memstore_flush_size = defaults.memstore_flush_size;
  } else if (key == "SPLIT_POLICY") {
    d->split_policy.clear();
  } else if (key == "DURABILITY") {
    d->durability = defaults.durability;
  } else if (key == "OWNER") {
    d->owner.clear();
  } else if (d->metadata.erase(key) == 0 && d->configuration.erase(key) == 0) {
    return Status::InvalidArgument("Could not find attribute: " + key);
  }
  return Status::OK();
}

// NAME of a table_att_unset / table_conf_unset / delete: a string or an
// array of strings.
Status NamesOf(const Value& hash, std::vector<std::string>* names) {
  const Value* n = hash.Find("NAME");
  if (n == nullptr) return Status::InvalidArgument("NAME parameter missing for the method");
  if (n->is_array()) {
    for (const Value& item : n->items) {
      names->emplace_back();
      RL_RETURN_IF_ERROR(ExpectString(item, "NAME", &names->back()));
    }
    return Status::OK();
  }
  names->emplace_back();
  return ExpectString(*n, "NAME", &names->back());
}

Status DeleteFamily(const std::string& name, TableDescriptor* d) {
  auto it = std::find_if(d->families.begin(), d->families.end(),
                         [&](const FamilyOptions& f) { return f.name == name; });
  if (it == d->families.end()) {
    return Status::InvalidArgument("Family '" + name + "' does not exist in table " +
                                   d->FullName());
  }
  d->families.erase(it);
  return Status::OK();
}

Status AddOrModifyFamily(const Value& arg, TableDescriptor* d, CommandContext* ctx) {
  std::string name;
  RL_RETURN_IF_ERROR(FamilyNameOf(arg, &name));
  auto it = std::find_if(d->families.begin(), d->families.end(),
                         [&](const FamilyOptions& f) { return f.name == name; });
  FamilyOptions f = it != d->families.end() ? *it : FamilyOptions();
  RL_RETURN_IF_ERROR(ApplyFamilyArg(arg, &f, ctx));
  if (it != d->families.end()) {
    *it = f;
  } else {
    d->families.push_back(f);
  }
  return Status::OK();
}

}  // namespace

Status ApplyAlter(CommandContext* ctx, TableDescriptor* d) {
  if (ctx->arg_count() < 2) {
    return Status::InvalidArgument("alter needs at least one change after the table name");
  }
  for (size_t i = 1; i < ctx->arg_count(); ++i) {
    const Value& arg = ctx->arg(i);
    if (arg.is_string()) {
      RL_RETURN_IF_ERROR(AddOrModifyFamily(arg, d, ctx));
      continue;
    }
    if (!arg.is_hash()) {
      return Status::InvalidArgument(std::string(arg.TypeName()) + " of " + arg.Inspect() +
                                     " is not of Hash or String type");
    }
    if (const Value* del = arg.Find("delete")) {  // alter 't', 'delete' => 'f1'
      std::string name;
      RL_RETURN_IF_ERROR(ExpectString(*del, "delete", &name));
      RL_RETURN_IF_ERROR(DeleteFamily(name, d));
      continue;
    }
    const Value* method = arg.Find("METHOD");
    if (method == nullptr) {
      if (arg.Has("NAME")) {
        RL_RETURN_IF_ERROR(AddOrModifyFamily(arg, d, ctx));
      } else {
        RL_RETURN_IF_ERROR(ApplyTableAttributes(arg, {}, d, ctx));
      }
      continue;
    }
    const std::string m = ToText(*method);
    std::vector<std::string> names;
    if (m == "delete") {
      RL_RETURN_IF_ERROR(NamesOf(arg, &names));
      for (const auto& n : names) RL_RETURN_IF_ERROR(DeleteFamily(n, d));
    } else if (m == "table_att") {
      RL_RETURN_IF_ERROR(ApplyTableAttributes(arg, {}, d, ctx));
    } else if (m == "table_att_unset") {
      RL_RETURN_IF_ERROR(NamesOf(arg, &names));
      for (const auto& n : names) RL_RETURN_IF_ERROR(UnsetAttribute(n, d));
    } else if (m == "table_conf_unset") {
      RL_RETURN_IF_ERROR(NamesOf(arg, &names));
      for (const auto& n : names) d->configuration.erase(n);
    } else {
      return Status::InvalidArgument("Unknown method: " + m);
    }
  }
  return Status::OK();
}

std::string DescribeFamily(const FamilyOptions& f) {
  std::string s = "{NAME => " + Quote(f.name);
  s += ", BLOOMFILTER => " + Quote(BloomTypeName(f.bloom));
  s += ", IN_MEMORY => " + Quote(f.in_memory ? "true" : "false");
  s += ", VERSIONS => " + Quote(std::to_string(f.max_versions));
  s += ", KEEP_DELETED_CELLS => " + Quote(f.keep_deleted_cells ? "TRUE" : "FALSE");
  s += ", DATA_BLOCK_ENCODING => 'NONE'";
  s += ", COMPRESSION => " + Quote(CompressionName(f.compression));
  s += ", TTL => " + Quote(HumanReadableTtl(f.ttl_seconds));
  s += ", MIN_VERSIONS => " + Quote(std::to_string(f.min_versions));
  s += ", BLOCKCACHE => " + Quote(f.block_cache ? "true" : "false");
  s += ", BLOCKSIZE => " + Quote(std::to_string(f.block_size));
  s += ", REPLICATION_SCOPE => '0'";
  if (!f.configuration.empty()) {
    s += ", CONFIGURATION => {";
    bool first = true;
    for (const auto& [k, v] : f.configuration) {
      if (!first) s += ", ";
      first = false;
      s += Quote(k) + " => " + Quote(v);
    }
    s += "}";
  }
  return s + "}";
}

std::string DescribeTableAttributes(const TableDescriptor& d) {
  const TableDescriptor defaults;
  std::vector<std::pair<std::string, std::string>> reserved;
  if (d.durability != defaults.durability) reserved.emplace_back("DURABILITY", DurabilityName(d.durability));
  if (d.max_file_size != defaults.max_file_size) {
    reserved.emplace_back("MAX_FILESIZE", std::to_string(d.max_file_size));
  }
  if (d.memstore_flush_size != defaults.memstore_flush_size) {
    reserved.emplace_back("MEMSTORE_FLUSHSIZE", std::to_string(d.memstore_flush_size));
  }
  std::map<std::string, std::string> user;
  for (const auto& kv : d.configuration) user.insert(kv);
  for (const auto& kv : d.metadata) user[kv.first] = kv.second;
  if (!d.owner.empty()) user["OWNER"] = d.owner;
  if (!d.split_policy.empty()) user["SPLIT_POLICY"] = d.split_policy;
  if (reserved.empty() && user.empty()) return "";
  std::string s = ", {TABLE_ATTRIBUTES => {";
  bool first = true;
  for (const auto& [k, v] : reserved) {
    if (!first) s += ", ";
    first = false;
    s += k + " => " + Quote(ToStringBinary(v));
  }
  if (!user.empty()) {
    if (!first) s += ", ";
    s += "METADATA => {";
    std::vector<std::pair<std::string, std::string>> sorted;
    SortedAppend(&sorted, user);
    for (size_t i = 0; i < sorted.size(); ++i) {
      if (i) s += ", ";
      s += Quote(sorted[i].first) + " => " + Quote(ToStringBinary(sorted[i].second));
    }
    s += "}";
  }
  return s + "}}";
}

Json FamilyJson(const FamilyOptions& f) {
  Json j = Json::Object();
  j.Set("NAME", f.name);
  j.Set("VERSIONS", f.max_versions);
  j.Set("MIN_VERSIONS", f.min_versions);
  j.Set("TTL", f.ttl_seconds == kTtlForever ? Json("FOREVER") : Json(f.ttl_seconds));
  j.Set("KEEP_DELETED_CELLS", f.keep_deleted_cells);
  j.Set("BLOOMFILTER", BloomTypeName(f.bloom));
  j.Set("COMPRESSION", CompressionName(f.compression));
  j.Set("BLOCKCACHE", f.block_cache);
  j.Set("IN_MEMORY", f.in_memory);
  j.Set("BLOCKSIZE", static_cast<int64_t>(f.block_size));
  Json conf = Json::Object();
  for (const auto& [k, v] : f.configuration) conf.Set(k, v);
  j.Set("CONFIGURATION", conf);
  j.Set("METADATA", Json::Object());
  return j;
}

Json TableAttributesJson(const TableDescriptor& d) {
  Json j = Json::Object();
  j.Set("MAX_FILESIZE", d.max_file_size);
  j.Set("MEMSTORE_FLUSHSIZE", d.memstore_flush_size);
  j.Set("DURABILITY", DurabilityName(d.durability));
  if (!d.split_policy.empty()) j.Set("SPLIT_POLICY", d.split_policy);
  if (!d.owner.empty()) j.Set("OWNER", d.owner);
  Json meta = Json::Object();
  for (const auto& [k, v] : d.metadata) meta.Set(ToStringBinary(k), ToStringBinary(v));
  j.Set("METADATA", meta);
  Json conf = Json::Object();
  for (const auto& [k, v] : d.configuration) conf.Set(k, v);
  j.Set("CONFIGURATION", conf);
  return j;
}

}  // namespace regionlab::shell
