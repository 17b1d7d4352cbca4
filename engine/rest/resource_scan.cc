// The stateless scan (GET /TABLE/* and /TABLE/PREFIX*, HBase's
// TableScanResource) and stateful scanners (/TABLE/scanner, HBase's
// ScannerResource and ScannerInstanceResource).
#include "filter/filter_list.h"
#include "filter/row_filters.h"
#include "regionlab/bytes.h"
#include "rest/filter_json.h"
#include "rest/resources.h"
#include "rest/scan_stream.h"
#include "rest/scanner_registry.h"

namespace regionlab::rest {

namespace {

Result<int64_t> LongParam(const RequestContext& ctx, const char* name, int64_t fallback) {
  const std::string* v = FindParam(ctx.params, name);
  if (v == nullptr) return fallback;
  return ParseLong(*v, name);
}

Result<bool> BoolParam(const RequestContext& ctx, const char* name, bool fallback) {
  const std::string* v = FindParam(ctx.params, name);
  if (v == nullptr) return fallback;
  if (*v == "true") return true;
  if (*v == "false") return false;
  return Status::InvalidArgument(std::string(name) + " must be true or false, not '" + *v + "'");
}

// A row bound made inclusive or exclusive as asked (the engine's scan starts
// inclusive and stops exclusive): the next row after `row` is row + "\0".
void AdjustBounds(Scan* scan, bool include_start, bool include_stop) {
  if (!include_start) scan->start_row.push_back('\0');
  if (include_stop && !scan->stop_row.empty()) scan->stop_row.push_back('\0');
}

std::shared_ptr<const Filter> AndFilters(std::shared_ptr<const Filter> a,
                                         std::shared_ptr<const Filter> b) {
  if (!a) return b;
  if (!b) return a;
  std::vector<std::unique_ptr<Filter>> both;
  both.push_back(a->Clone());
  both.push_back(b->Clone());
  return std::make_shared<FilterList>(FilterList::Operator::kMustPassAll, std::move(both));
}

RestResponse TableMissing(const std::string& table) {
  return ErrorResponse(404, "table " + table + " does not exist");
}

// The engine scan of a Scanner document.
Result<Scan> ScanOf(const ScannerModel& m) {
  Scan scan;
  scan.start_row = m.start_row;
  scan.stop_row = m.end_row;
  for (const std::string& c : m.columns) {
    const ColumnName col = ParseColumnName(c);
    if (col.family.empty()) return Status::InvalidArgument("scanner column '" + ToStringBinary(c) + "' has no family");
    scan.columns.push_back({col.family, col.qualifier, !col.has_qualifier});
  }
  if (m.max_versions < 1) {
    return Status::InvalidArgument("maxVersions must be at least 1, not " + std::to_string(m.max_versions));
  }
  if (m.batch < 1) return Status::InvalidArgument("batch must be at least 1, not " + std::to_string(m.batch));
  if (m.start_time < 0 || m.end_time < m.start_time) {
    return Status::InvalidArgument("invalid time range [" + std::to_string(m.start_time) + ", " +
                                   std::to_string(m.end_time) + ")");
  }
  scan.max_versions = m.max_versions;
  scan.min_timestamp = m.start_time;
  scan.max_timestamp = m.end_time;
  scan.cache_blocks = m.cache_blocks;
  if (m.caching > 0) scan.caching = m.caching;
  if (!m.filter.empty()) {
    auto f = ParseScannerFilter(m.filter);
    if (!f.ok()) return f.status();
    scan.filter = *f;
  }
  // The engine hands out rows in parts of `batch` cells when no filter needs
  // whole rows, so a wide row never sits whole in memory.
  if (m.batch < (1 << 20) && (!scan.filter || !scan.filter->HasFilterRow())) scan.batch = m.batch;
  AdjustBounds(&scan, m.include_start_row, m.include_stop_row);
  return scan;
}

RestResponse CreateScanner(RequestContext& ctx, const std::string& table) {
  MediaType type;
  RestResponse error;
  if (!BodyType(ctx, true, &type, &error)) return error;
  ScannerModel model;
  if (!ctx.request.body.empty()) {
    auto parsed = ParseScanner(type, ctx.request.body);
    if (!parsed.ok()) return StatusResponse(parsed.status());
    model = std::move(*parsed);
  }
  auto scan = ScanOf(model);
  if (!scan.ok()) return StatusResponse(scan.status());
  auto handle = ctx.cluster->GetTable(table);
  if (!handle.ok()) return handle.status().IsNotFound() ? TableMissing(table) : StatusResponse(handle.status());
  if (!scan->columns.empty()) {
    auto desc = ctx.cluster->admin().GetDescriptor(table);
    if (!desc.ok()) return StatusResponse(desc.status());
    for (const ColumnSpec& c : scan->columns) {
      if (desc->FindFamily(c.family) == nullptr) {
        return ErrorResponse(404, "column family " + ToStringBinary(c.family) +
                                      " does not exist in table " + table);
      }
    }
  }
  auto scanner = (*handle)->GetScanner(*scan);
  if (!scanner.ok()) return StatusResponse(scanner.status());
  auto state = std::make_shared<RestScanner>();
  state->table = table;
  state->handle = std::move(*handle);
  state->scanner = std::move(*scanner);
  state->batch = model.batch;
  const std::string id = ctx.scanners->Add(std::move(state));
  RestResponse r;
  r.status = 201;
  std::string path = ctx.request.path;
  if (!path.empty() && path.back() == '/') path.pop_back();
  r.SetHeader("Location", ctx.request.base_url + path + "/" + id);
  return r;
}

RestResponse NextBatch(RequestContext& ctx, const std::string& table, const std::string& id) {
  MediaType type;
  RestResponse error;
  if (!Negotiate(ctx, {MediaType::kXml, MediaType::kJson, MediaType::kProtobuf, MediaType::kBinary},
                 MediaType::kBinary, &type, &error)) {
    return error;
  }
  auto rows_param = LongParam(ctx, "n", 0);
  auto cells_param = rows_param.ok() ? LongParam(ctx, "c", 0) : rows_param;
  if (!cells_param.ok()) return StatusResponse(cells_param.status());
  std::shared_ptr<RestScanner> s = ctx.scanners->Find(table, id);
  if (!s) return ErrorResponse(404, "no scanner " + id + " on table " + table);
  std::lock_guard<std::mutex> l(s->mu);
  int64_t limit = s->batch;
  if (*cells_param > 0) limit = *cells_param;
  const int64_t max_rows = *rows_param > 0 ? *rows_param : INT64_MAX;
  // The cells go straight from the scanner's row into the body: a part of a
  // row the engine hands out in pieces continues the Row element before it.
  std::string body;
  CellSetWriter writer(type);
  writer.Begin(&body);
  int64_t cells = 0, rows = 0;
  std::string last_row;
  while (cells < limit && !s->exhausted) {
    if (!s->has_pending) {
      if (rows >= max_rows) break;
      if (!s->scanner->Next(&s->pending)) {
        const Status st = s->scanner->status();
        if (!st.ok()) {
          ctx.scanners->Remove(table, id);
          return ErrorResponse(410, "scanner " + id + " failed: " + st.ToString());
        }
        s->exhausted = true;
        break;
      }
      s->has_pending = true;
      s->pending_offset = 0;
      if (cells == 0 || s->pending.row != last_row) ++rows;
    }
    const RowResult& row = s->pending;
    if (type == MediaType::kBinary) {
      // One cell per call: its value, and where it is in headers.
      const Cell& c = row.cells[s->pending_offset];
      RestResponse r;
      r.content_type = MediaTypeName(MediaType::kBinary);
      r.body = c.value;
      r.SetHeader("X-Row", Base64Encode(row.row));
      r.SetHeader("X-Column", Base64Encode(c.family + ":" + c.qualifier));
      r.SetHeader("X-Timestamp", std::to_string(c.timestamp));
      r.SetHeader("Cache-Control", "no-cache");
      if (++s->pending_offset >= row.cells.size()) s->has_pending = false;
      return r;
    }
    const size_t available = row.cells.size() - s->pending_offset;
    const size_t take = static_cast<size_t>(std::min<int64_t>(limit - cells, static_cast<int64_t>(available)));
    writer.RowPart(row, &body, s->pending_offset, s->pending_offset + take);
    last_row = row.row;
    s->pending_offset += take;
    cells += static_cast<int64_t>(take);
    if (s->pending_offset >= row.cells.size()) s->has_pending = false;
  }
  if (cells == 0) {
    RestResponse r;
    r.status = 204;
    return r;
  }
  writer.End(&body);
  return Ok(type, std::move(body));
}

}  // namespace

RestResponse ScannerResource(RequestContext& ctx, const std::string& table, std::string_view id) {
  const std::string& method = ctx.request.method;
  if (id.empty()) {
    if (method == "PUT" || method == "POST") return CreateScanner(ctx, table);
    return MethodNotAllowed(ctx.request, "PUT, POST");
  }
  const std::string scanner_id(id);
  if (method == "GET") return NextBatch(ctx, table, scanner_id);
  if (method == "DELETE") {
    if (!ctx.scanners->Remove(table, scanner_id)) {
      return ErrorResponse(404, "no scanner " + scanner_id + " on table " + table);
    }
    return RestResponse{};
  }
  return MethodNotAllowed(ctx.request, "GET, DELETE");
}

RestResponse TableScanResource(RequestContext& ctx, const std::string& table,
                               std::string_view scan_spec) {
  if (ctx.request.method != "GET") return MethodNotAllowed(ctx.request, "GET");
  MediaType type;
  RestResponse error;
  if (!Negotiate(ctx, {MediaType::kXml, MediaType::kJson, MediaType::kProtobuf}, MediaType::kXml,
                 &type, &error)) {
    return error;
  }
  auto prefix = UrlDecode(scan_spec.substr(0, scan_spec.size() - 1), false, "the scan prefix");
  if (!prefix.ok()) return StatusResponse(prefix.status());
  Scan scan;
  const std::string* start = FindParam(ctx.params, "startrow");
  const std::string* end = FindParam(ctx.params, "endrow");
  scan.start_row = start ? *start : *prefix;
  if (end) scan.stop_row = *end;
  for (const std::string& c : AllParams(ctx.params, "column")) {
    const ColumnName col = ParseColumnName(c);
    scan.columns.push_back({col.family, col.qualifier, !col.has_qualifier});
  }
  auto limit = LongParam(ctx, "limit", -1);
  auto versions = limit.ok() ? LongParam(ctx, "maxversions", 1) : limit;
  auto batch = versions.ok() ? LongParam(ctx, "batchsize", -1) : versions;
  auto start_time = batch.ok() ? LongParam(ctx, "starttime", 0) : batch;
  auto end_time = start_time.ok() ? LongParam(ctx, "endtime", kLatestTimestamp) : start_time;
  if (!end_time.ok()) return StatusResponse(end_time.status());
  auto cache_blocks = BoolParam(ctx, "cacheblocks", true);
  auto reversed = cache_blocks.ok() ? BoolParam(ctx, "reversed", false) : cache_blocks;
  auto include_start = reversed.ok() ? BoolParam(ctx, "includeStartRow", true) : reversed;
  auto include_stop = include_start.ok() ? BoolParam(ctx, "includeStopRow", false) : include_start;
  if (!include_stop.ok()) return StatusResponse(include_stop.status());
  if (*versions < 1 || *versions > INT32_MAX) {
    return ErrorResponse(400, "maxversions must be between 1 and " + std::to_string(INT32_MAX));
  }
  if (*start_time < 0 || *end_time < *start_time) {
    return ErrorResponse(400, "invalid time range [" + std::to_string(*start_time) + ", " +
                                  std::to_string(*end_time) + ")");
  }
  scan.max_versions = static_cast<int>(*versions);
  scan.batch = *batch > 0 && *batch <= INT32_MAX ? static_cast<int>(*batch) : -1;
  scan.min_timestamp = *start_time;
  scan.max_timestamp = *end_time;
  scan.cache_blocks = *cache_blocks;
  scan.reversed = *reversed;
  if (scan.reversed && !start) scan.start_row.clear();
  AdjustBounds(&scan, *include_start, *include_stop);

  auto parsed = FilterParam(ctx);
  if (!parsed.ok()) return StatusResponse(parsed.status());
  std::shared_ptr<const Filter> filter = *parsed;
  // HBase 2.5.9 / 2.6.1: the prefix is a PrefixFilter too, with or without
  // a filter of the client's.
  if (!prefix->empty()) filter = AndFilters(std::make_shared<PrefixFilter>(*prefix), filter);
  scan.filter = filter;

  auto handle = ctx.cluster->GetTable(table);
  if (!handle.ok()) return handle.status().IsNotFound() ? TableMissing(table) : StatusResponse(handle.status());
  auto scanner = (*handle)->GetScanner(scan);
  if (!scanner.ok()) return StatusResponse(scanner.status());
  StreamSpec stream;
  stream.type = type;
  stream.framed_protobuf = type == MediaType::kProtobuf;
  stream.limit_rows = *limit;
  stream.chunk_rows = ctx.options.stream_rows;
  return StreamScan(std::move(*handle), std::move(*scanner), std::nullopt, stream);
}

}  // namespace regionlab::rest
