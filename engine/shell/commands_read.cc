// Read commands: get, scan, count.
//
// get and scan take HBase's options: COLUMN/COLUMNS, TIMESTAMP, TIMERANGE,
// VERSIONS, FILTER, RAW, MAXLENGTH, and for scan STARTROW, STOPROW,
// ROWPREFIXFILTER, LIMIT, REVERSED, CACHE, BATCH, CACHE_BLOCKS. Cells print
// as HBase's shell prints them (column=f:q, timestamp=..., value=...) with
// Bytes.toStringBinary escaping.
#include "cluster/hbase_meta.h"
#include "regionlab/bytes.h"
#include "shell/args.h"
#include "shell/command_util.h"
#include "shell/read_options.h"
#include "shell/shell.h"
#include "util/coding.h"

namespace regionlab::shell {

namespace {

// "timestamp=..., value=..." (or "type=DeleteColumn" for a delete marker of
// a raw read), cut to MAXLENGTH characters when given. In hbase:meta, as
// HBase's table.rb does, info:regioninfo shows as RegionInfo's text and
// info:serverstartcode as a number (and MAXLENGTH does not cut them).
std::string CellText(const Cell& c, const ReadOptions& o, bool epoch, bool meta) {
  std::string s = "timestamp=" + FormatTimestamp(c.timestamp, epoch);
  if (meta && c.family == kMetaFamily && c.qualifier == "regioninfo") {
    return s + ", value=" + MetaRegionInfoText(c.value);
  }
  if (meta && c.family == kMetaFamily && c.qualifier == "serverstartcode" && c.value.size() == 8) {
    return s + ", value=" +
           std::to_string(static_cast<int64_t>(DecodeBigEndian64(c.value.data())));
  }
  if (c.type == CellType::kPut) {
    s += ", value=" + ToStringBinary(c.value);
  } else {
    s += ", type=" + std::string(CellTypeName(c.type));
  }
  if (o.max_length >= 0 && s.size() > static_cast<size_t>(o.max_length)) s.resize(o.max_length);
  return s;
}

Status GetCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 2, -1));
  std::string table;
  std::shared_ptr<TableClient> t;
  RL_RETURN_IF_ERROR(OpenTableArg(ctx, 0, &table, &t));
  ReadOptions o;
  RL_RETURN_IF_ERROR(ParseGetOptions(&ctx, 2, &o));
  struct Get get;
  get.row = ToText(ctx.arg(1));
  get.columns = o.columns;
  get.max_versions = o.versions;
  get.min_timestamp = o.min_timestamp;
  get.max_timestamp = o.max_timestamp;
  get.raw = o.raw;
  get.filter = o.filter;
  for (const auto& c : o.columns) RL_RETURN_IF_ERROR(CheckFamily(ctx, table, c.family));
  auto result = t->Get(get);
  if (!result.ok()) return result.status();
  const bool epoch = ctx.options().epoch_timestamps;
  ctx.Header("COLUMN", "CELL");
  Json cells = Json::Array();
  for (const Cell& c : result->cells) {
    ctx.Row(ColumnText(c), CellText(c, o, epoch, IsMetaTable(table)));
    cells.Push(CellJson(c));
  }
  ctx.Line(std::string(result->cells.empty() ? "0" : "1") + " row(s)");
  ctx.json().Set("cells", cells);
  return Status::OK();
}

Status ScanCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 2));
  std::string table;
  std::shared_ptr<TableClient> t;
  RL_RETURN_IF_ERROR(OpenTableArg(ctx, 0, &table, &t));
  ReadOptions o;
  RL_RETURN_IF_ERROR(ParseScanOptions(&ctx, 1, &o));
  for (const auto& c : o.columns) RL_RETURN_IF_ERROR(CheckFamily(ctx, table, c.family));
  auto scanner = t->GetScanner(o.scan);
  if (!scanner.ok()) return scanner.status();
  const bool epoch = ctx.options().epoch_timestamps;
  const bool meta = IsMetaTable(table);
  // Both forms are built unless the output streams (see command.h): then
  // rows go to the sink as they come, and in JSON mode the cells go to a
  // JsonArrayStream, so a scan of any size runs in bounded memory.
  const bool text = ctx.wants_text();
  JsonArrayStream* stream = ctx.streaming() && ctx.wants_json() ? ctx.StreamJsonArray("cells") : nullptr;
  const bool json = ctx.wants_json() && stream == nullptr;
  if (text) ctx.Header("ROW", "COLUMN+CELL");
  Json cells = Json::Array();
  int64_t rows = 0;
  std::string last_row;
  RowResult r;
  while ((*scanner)->Next(&r)) {
    if (!o.InPrefix(r.row)) {
      if (o.PastPrefix(r.row)) break;
      continue;
    }
    // A BATCH splits a row over several results; count it once.
    if (rows == 0 || r.row != last_row) {
      if (o.limit >= 0 && rows >= o.limit) break;
      ++rows;
      last_row = r.row;
    }
    const std::string key = text ? ToStringBinary(r.row) : std::string();
    for (const Cell& c : r.cells) {
      if (text) ctx.Row(key, "column=" + ColumnText(c) + ", " + CellText(c, o, epoch, meta));
      if (json) cells.Push(CellJson(c));
      if (stream != nullptr) RL_RETURN_IF_ERROR(stream->Push(CellJson(c)));
    }
    ctx.MaybeStream();
  }
  RL_RETURN_IF_ERROR((*scanner)->status());
  if (stream != nullptr) RL_RETURN_IF_ERROR(stream->Close());
  if (text) ctx.Line(std::to_string(rows) + " row(s)");
  ctx.json().Set("cells", json ? cells : Json::Array());
  ctx.json().Set("rows", rows);
  return Status::OK();
}

Status CountCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 2));
  std::string table;
  std::shared_ptr<TableClient> t;
  RL_RETURN_IF_ERROR(OpenTableArg(ctx, 0, &table, &t));
  ReadOptions o;
  int64_t interval = 1000;
  RL_RETURN_IF_ERROR(ParseCountOptions(&ctx, 1, &o, &interval));
  auto scanner = t->GetScanner(o.scan);
  if (!scanner.ok()) return scanner.status();
  int64_t count = 0;
  std::string last_row;
  RowResult r;
  while ((*scanner)->Next(&r)) {
    if (count > 0 && r.row == last_row) continue;
    last_row = r.row;
    ++count;
    if (interval > 0 && count % interval == 0) {
      ctx.Line("Current count: " + std::to_string(count) + ", row: " + ToStringBinary(r.row));
    }
  }
  RL_RETURN_IF_ERROR((*scanner)->status());
  ctx.Line(std::to_string(count) + " row(s)");
  ctx.SetReturn(std::to_string(count));
  ctx.json().Set("count", count);
  return Status::OK();
}

}  // namespace

const std::vector<CommandSpec>& ReadCommands() {
  static const std::vector<CommandSpec> kCommands = {
      {"get", "dml", GetCommand, "Reads one row (or some of its columns).",
       R"~(get 'TABLE', 'ROW' [, 'FAMILY:QUALIFIER', ...] [, {OPTIONS}]
Options: COLUMN or COLUMNS (a name or a list), TIMESTAMP, TIMERANGE
([min, max), in milliseconds), VERSIONS, FILTER (a filter-language string),
RAW, MAXLENGTH.
  hbase> get 't1', 'r1'
  hbase> get 't1', 'r1', 'f1:c1', 'f1:c2'
  hbase> get 't1', 'r1', ['f1', 'f2:c1']
  hbase> get 't1', 'r1', {COLUMN => 'f1:c1', VERSIONS => 4}
  hbase> get 't1', 'r1', {TIMERANGE => [1700000000000, 1800000000000]}
  hbase> get 't1', 'r1', {FILTER => "ValueFilter(=, 'binary:abc')"}
)~"},
      {"scan", "dml", ScanCommand, "Reads rows in key order (or reversed).",
       R"~(scan 'TABLE' [, {OPTIONS}]
Options: COLUMNS, STARTROW (inclusive), STOPROW (exclusive), ROWPREFIXFILTER,
TIMESTAMP, TIMERANGE, VERSIONS, LIMIT (rows), REVERSED, CACHE (rows per
fetch), BATCH (cells per result), RAW (delete markers too), CACHE_BLOCKS,
FILTER, MAXLENGTH. A reversed scan starts at STARTROW and walks down.
  hbase> scan 't1'
  hbase> scan 't1', {COLUMNS => ['f1:c1', 'f2'], LIMIT => 10, STARTROW => 'a'}
  hbase> scan 't1', {ROWPREFIXFILTER => 'user1|', REVERSED => true}
  hbase> scan 't1', {FILTER => "PrefixFilter('row') AND KeyOnlyFilter()"}
  hbase> scan 't1', {RAW => true, VERSIONS => 10}
)~"},
      {"count", "dml", CountCommand, "Counts the rows of a table.",
       R"~(count 'TABLE' [, {INTERVAL => N, CACHE => N, FILTER => "..."}]
Counts rows, printing the running count every INTERVAL rows (default 1000).
  hbase> count 't1'
  hbase> count 't1', INTERVAL => 100000
  hbase> count 't1', {FILTER => "PrefixFilter('2024')"}
)~"},
  };
  return kCommands;
}

}  // namespace regionlab::shell
