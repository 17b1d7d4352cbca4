#include "shell/read_options.h"

#include <set>

#include "filter/filter_parser.h"
#include "shell/args.h"

namespace regionlab::shell {

namespace {

enum class ReadKind { kGet, kScan, kCount };

// HBase options with no effect on an embedded engine.
const std::set<std::string, std::less<>> kIgnoredReadKeys = {
    "ATTRIBUTES", "AUTHORIZATIONS", "CONSISTENCY", "REGION_REPLICA_ID", "ISOLATION_LEVEL",
    "READ_TYPE", "ALLOW_PARTIAL_RESULTS", "MAX_RESULT_SIZE", "METRICS", "ALL_METRICS",
    "FORMATTER", "FORMATTER_CLASS"};

Status AddColumn(const Value& v, std::vector<ColumnSpec>* columns) {
  std::string spec;
  RL_RETURN_IF_ERROR(ExpectString(v, "column", &spec));
  ColumnSpec c;
  bool has_qualifier;
  ParseColumn(spec, &c.family, &c.qualifier, &has_qualifier);
  if (has_qualifier && c.qualifier.find(':') != std::string::npos) {
    return Status::NotSupported("column converters ('" + spec +
                                "': FAMILY:QUALIFIER:CONVERTER) are not supported by RegionLab");
  }
  c.whole_family = !has_qualifier;
  columns->push_back(std::move(c));
  return Status::OK();
}

Status AddColumns(const Value& v, std::vector<ColumnSpec>* columns) {
  if (v.is_array()) {
    for (const Value& item : v.items) RL_RETURN_IF_ERROR(AddColumns(item, columns));
    return Status::OK();
  }
  if (!v.is_string()) return Status::InvalidArgument("COLUMNS must be specified as a String or an Array");
  return AddColumn(v, columns);
}

Status ParseFilter(const Value& v, std::shared_ptr<const Filter>* out) {
  if (!v.is_string()) {
    return Status::InvalidArgument("FILTER must be a filter-language String, e.g. "
                                   "\"PrefixFilter('row')\"; Java filter objects are not supported");
  }
  auto filter = ParseFilterString(v.str);
  if (!filter.ok()) {
    std::string where;
    if (v.line > 0) {
      where = " (FILTER string at line " + std::to_string(v.line) + ", column " +
              std::to_string(v.column) + ")";
    }
    return Status::InvalidArgument(filter.status().message() + where);
  }
  *out = std::move(*filter);
  return Status::OK();
}

Status PositiveInt(const Value& v, std::string_view what, int64_t max, int64_t* out) {
  RL_RETURN_IF_ERROR(ExpectInteger(v, what, out));
  if (*out < 0 || *out > max) {
    return Status::InvalidArgument(std::string(what) + " " + std::to_string(*out) + " is out of range");
  }
  return Status::OK();
}

Status ParseOptionHash(CommandContext* ctx, const Value& hash, ReadKind kind, ReadOptions* o,
                       int64_t* interval) {
  if (!hash.is_hash()) {
    return Status::InvalidArgument("Failed parse of " + hash.Inspect() + ", " + hash.TypeName());
  }
  std::string start, stop, prefix;
  bool has_start = false, has_stop = false, has_prefix = false;
  for (const auto& [k, v] : hash.entries) {
    if (!k.is_string()) return Status::InvalidArgument("option names must be Strings, got " + k.Inspect());
    const std::string& key = k.str;
    const bool scan_like = kind != ReadKind::kGet;
    int64_t n;
    if (key == "COLUMN" || key == "COLUMNS") {
      RL_RETURN_IF_ERROR(AddColumns(v, &o->columns));
    } else if (key == "TIMESTAMP") {
      RL_RETURN_IF_ERROR(ExpectInteger(v, "TIMESTAMP", &n));
      if (n < 0 || n == INT64_MAX) return Status::InvalidArgument("TIMESTAMP out of range");
      o->min_timestamp = n;
      o->max_timestamp = n + 1;
    } else if (key == "TIMERANGE") {
      if (!v.is_array() || v.items.size() != 2 || !v.items[0].is_integer() ||
          !v.items[1].is_integer()) {
        return Status::InvalidArgument("TIMERANGE must be [min, max] in milliseconds");
      }
      o->min_timestamp = v.items[0].integer;
      o->max_timestamp = v.items[1].integer;
      if (o->min_timestamp < 0 || o->max_timestamp < o->min_timestamp) {
        return Status::InvalidArgument("TIMERANGE [" + std::to_string(o->min_timestamp) + ", " +
                                       std::to_string(o->max_timestamp) + ") is invalid");
      }
    } else if (key == "VERSIONS") {
      RL_RETURN_IF_ERROR(PositiveInt(v, "VERSIONS", INT32_MAX, &n));
      if (n == 0) return Status::InvalidArgument("VERSIONS must be at least 1");
      o->versions = static_cast<int>(n);
    } else if (key == "FILTER") {
      RL_RETURN_IF_ERROR(ParseFilter(v, &o->filter));
    } else if (key == "RAW") {
      RL_RETURN_IF_ERROR(ExpectBool(v, "RAW", &o->raw));
    } else if (key == "MAXLENGTH") {
      RL_RETURN_IF_ERROR(PositiveInt(v, "MAXLENGTH", INT32_MAX, &o->max_length));
    } else if (scan_like && key == "STARTROW") {
      RL_RETURN_IF_ERROR(ExpectString(v, "STARTROW", &start, true));
      has_start = true;
    } else if (scan_like && key == "STOPROW") {
      RL_RETURN_IF_ERROR(ExpectString(v, "STOPROW", &stop, true));
      has_stop = true;
    } else if (scan_like && key == "ROWPREFIXFILTER") {
      RL_RETURN_IF_ERROR(ExpectString(v, "ROWPREFIXFILTER", &prefix, true));
      has_prefix = true;
    } else if (scan_like && key == "LIMIT") {
      RL_RETURN_IF_ERROR(PositiveInt(v, "LIMIT", INT64_MAX, &n));
      if (n > 0) o->limit = n;  // HBase ignores LIMIT => 0
    } else if (scan_like && key == "REVERSED") {
      RL_RETURN_IF_ERROR(ExpectBool(v, "REVERSED", &o->scan.reversed));
    } else if (scan_like && key == "CACHE") {
      RL_RETURN_IF_ERROR(PositiveInt(v, "CACHE", INT32_MAX, &n));
      if (n > 0) o->scan.caching = static_cast<int>(n);
    } else if (scan_like && key == "BATCH") {
      RL_RETURN_IF_ERROR(PositiveInt(v, "BATCH", INT32_MAX, &n));
      if (n > 0) o->scan.batch = static_cast<int>(n);
    } else if (scan_like && key == "CACHE_BLOCKS") {
      RL_RETURN_IF_ERROR(ExpectBool(v, "CACHE_BLOCKS", &o->scan.cache_blocks));
    } else if (kind == ReadKind::kCount && key == "INTERVAL") {
      RL_RETURN_IF_ERROR(PositiveInt(v, "INTERVAL", INT64_MAX, interval));
    } else if (kIgnoredReadKeys.count(key)) {
      ctx->Warn("RegionLab does not model " + key + "; ignored");
    } else {
      ctx->Warn("An argument ignored (unknown or overridden): " + key);
    }
  }
  if (has_start) o->scan.start_row = start;
  if (has_stop) o->scan.stop_row = stop;
  if (has_prefix) {
    // Scan.setRowPrefixFilter: overrides STARTROW and STOPROW.
    const std::string next = PrefixStopRow(prefix);
    if (o->scan.reversed) {
      o->scan.start_row = next;
      o->scan.stop_row.clear();
      o->prefix = prefix;
      o->check_prefix = true;
    } else {
      o->scan.start_row = prefix;
      o->scan.stop_row = next;
    }
  }
  return Status::OK();
}

void FillScan(ReadOptions* o) {
  o->scan.columns = o->columns;
  o->scan.max_versions = o->versions;
  o->scan.min_timestamp = o->min_timestamp;
  o->scan.max_timestamp = o->max_timestamp;
  o->scan.raw = o->raw;
  o->scan.filter = o->filter;
}

}  // namespace

Status ParseGetOptions(CommandContext* ctx, size_t first, ReadOptions* o) {
  if (first >= ctx->arg_count()) return Status::OK();
  if (ctx->arg(first).is_hash()) {
    if (first + 1 < ctx->arg_count()) {
      return Status::InvalidArgument("get takes its options in one Hash after the row");
    }
    return ParseOptionHash(ctx, ctx->arg(first), ReadKind::kGet, o, nullptr);
  }
  // get 't', 'r', 'f1:c1', ['f2'], ...: columns only.
  for (size_t i = first; i < ctx->arg_count(); ++i) {
    if (!ctx->arg(i).is_string() && !ctx->arg(i).is_array()) {
      return Status::InvalidArgument("Failed parse of " + ctx->arg(i).Inspect() + ", " +
                                     ctx->arg(i).TypeName());
    }
    RL_RETURN_IF_ERROR(AddColumns(ctx->arg(i), &o->columns));
  }
  return Status::OK();
}

Status ParseScanOptions(CommandContext* ctx, size_t first, ReadOptions* o) {
  if (first < ctx->arg_count()) {
    if (!ctx->arg(first).is_hash()) return Status::InvalidArgument("Args should be a Hash");
    RL_RETURN_IF_ERROR(ParseOptionHash(ctx, ctx->arg(first), ReadKind::kScan, o, nullptr));
  }
  FillScan(o);
  return Status::OK();
}

Status ParseCountOptions(CommandContext* ctx, size_t first, ReadOptions* o, int64_t* interval) {
  o->scan.cache_blocks = false;  // HBase's count does not fill the block cache
  if (first < ctx->arg_count()) {
    if (!ctx->arg(first).is_hash()) return Status::InvalidArgument("Args should be a Hash");
    RL_RETURN_IF_ERROR(ParseOptionHash(ctx, ctx->arg(first), ReadKind::kCount, o, interval));
  }
  FillScan(o);
  return Status::OK();
}

}  // namespace regionlab::shell
