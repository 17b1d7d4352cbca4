// Rows and cells: GET, PUT/POST and DELETE of /TABLE/ROW[/COLUMNS][/TS],
// globs and ranges, and /TABLE/multiget (HBase's RowResource and
// MultiRowResource). The check=... variants are in resource_check.cc.
#include "regionlab/bytes.h"
#include "rest/resources.h"
#include "rest/row_mutations.h"
#include "rest/scan_stream.h"

namespace regionlab::rest {

namespace {

const std::vector<MediaType> kCells = {MediaType::kXml, MediaType::kJson, MediaType::kProtobuf,
                                       MediaType::kBinary};

Result<KeyEncoding> KeyEncodingOf(const RequestContext& ctx) {
  const std::string_view header = FindHeader(ctx.request.headers, "Encoding");
  if (!header.empty()) return ParseKeyEncoding(header);
  const std::string* e = FindParam(ctx.params, "e");
  return ParseKeyEncoding(e ? *e : "");
}

// ?v=N: the versions to return (1 by default).
Result<int> Versions(const RequestContext& ctx, int fallback) {
  const std::string* v = FindParam(ctx.params, "v");
  if (v == nullptr) return fallback;
  auto n = ParseLong(*v, "v (the number of versions)");
  if (!n.ok()) return n.status();
  if (*n < 1 || *n > INT32_MAX) {
    return Status::InvalidArgument("v (the number of versions) must be between 1 and " +
                                   std::to_string(INT32_MAX) + ", not " + *v);
  }
  return static_cast<int>(*n);
}

RestResponse TableMissing(const std::string& table) {
  return ErrorResponse(404, "table " + table + " does not exist");
}

Status CheckSpecFamilies(const TableDescriptor& desc, const RowSpec& spec) {
  for (const ColumnName& c : spec.columns) RL_RETURN_IF_ERROR(CheckFamily(desc, c.family));
  return Status::OK();
}

RestResponse GetRow(RequestContext& ctx, const std::string& table, RowSpec spec) {
  MediaType type;
  RestResponse error;
  if (!Negotiate(ctx, kCells, MediaType::kBinary, &type, &error)) return error;
  auto handle = ctx.cluster->GetTable(table);
  if (!handle.ok()) return handle.status().IsNotFound() ? TableMissing(table) : StatusResponse(handle.status());
  if (!spec.columns.empty()) {
    auto desc = ctx.cluster->admin().GetDescriptor(table);
    if (!desc.ok()) return StatusResponse(desc.status());
    // HBase swallows NoSuchColumnFamily here and finds nothing: 404.
    Status s = CheckSpecFamilies(*desc, spec);
    if (!s.ok()) return ErrorResponse(404, s.message());
  }
  const bool nocache = FindParam(ctx.params, "nocache") != nullptr;
  if (type == MediaType::kBinary) {
    if (spec.columns.size() != 1 || !spec.IsSingleRow()) {
      return ErrorResponse(400, "Default 'GET' method only works if there is exactly 1 column in"
                                " the row and one row (send Accept: application/json, text/xml"
                                " or application/x-protobuf for more)");
    }
    spec.max_versions = 1;
  }
  if (spec.IsSingleRow()) {
    Get get;
    get.row = spec.row;
    get.columns = ColumnSpecs(spec.columns);
    get.max_versions = spec.max_versions;
    get.min_timestamp = spec.start_time;
    get.max_timestamp = spec.end_time;
    auto result = (*handle)->Get(get);
    if (!result.ok()) return StatusResponse(result.status());
    if (result->empty()) {
      return ErrorResponse(404, "no cells in row '" + ToStringBinary(spec.row) + "' of table " +
                                    table + " match");
    }
    if (type == MediaType::kBinary) {
      RestResponse r;
      r.content_type = MediaTypeName(MediaType::kBinary);
      r.body = result->cells.front().value;
      r.SetHeader("X-Timestamp", std::to_string(result->cells.front().timestamp));
      r.SetHeader("Cache-Control", "no-cache");
      return r;
    }
    result->row = spec.row;
    return Ok(type, WriteCellSet(type, {*result}));
  }
  Scan scan;
  scan.start_row = spec.row;
  scan.stop_row = *spec.end_row;
  scan.columns = ColumnSpecs(spec.columns);
  scan.max_versions = spec.max_versions;
  scan.min_timestamp = spec.start_time;
  scan.max_timestamp = spec.end_time;
  scan.cache_blocks = !nocache;
  auto scanner = (*handle)->GetScanner(scan);
  if (!scanner.ok()) return StatusResponse(scanner.status());
  RowResult first;
  if (!(*scanner)->Next(&first)) {
    if (!(*scanner)->status().ok()) return StatusResponse((*scanner)->status());
    return ErrorResponse(404, "no rows of table " + table + " in ['" + ToStringBinary(spec.row) +
                                  "', '" + ToStringBinary(*spec.end_row) + "') match");
  }
  StreamSpec stream;
  stream.type = type;
  stream.chunk_rows = ctx.options.stream_rows;
  return StreamScan(std::move(*handle), std::move(*scanner), std::move(first), stream);
}

RestResponse PutRow(RequestContext& ctx, const std::string& table, const RowSpec& spec) {
  auto desc = ctx.cluster->admin().GetDescriptor(table);
  if (!desc.ok()) return desc.status().IsNotFound() ? TableMissing(table) : StatusResponse(desc.status());
  auto handle = ctx.cluster->GetTable(table);
  if (!handle.ok()) return StatusResponse(handle.status());
  const std::string_view content_type = FindHeader(ctx.request.headers, "Content-Type");
  std::vector<RowMutation> puts;
  if (ParseContentType(content_type) == MediaType::kBinary) {
    // One cell: the body is the value; row, column and timestamp from the
    // URL or the X-Row, X-Column and X-Timestamp headers (raw strings).
    CellSetModel set;
    RowModel row;
    CellModel cell;
    const std::string_view x_row = FindHeader(ctx.request.headers, "X-Row");
    const std::string_view x_column = FindHeader(ctx.request.headers, "X-Column");
    const std::string_view x_ts = FindHeader(ctx.request.headers, "X-Timestamp");
    row.key = x_row.empty() ? spec.row : std::string(x_row);
    if (!x_column.empty()) cell.column = std::string(x_column);
    if (!x_ts.empty()) {
      auto ts = ParseLong(x_ts, "X-Timestamp");
      if (!ts.ok()) return StatusResponse(ts.status());
      cell.timestamp = *ts;
    } else if (spec.single_timestamp) {
      cell.timestamp = spec.start_time;
    }
    cell.value = ctx.request.body;
    row.cells.push_back(std::move(cell));
    set.rows.push_back(std::move(row));
    auto built = PutsFromCellSet(set, spec, *desc, ctx.options.max_cell_size);
    if (!built.ok()) return StatusResponse(built.status());
    puts = std::move(*built);
  } else {
    MediaType type;
    RestResponse error;
    if (!BodyType(ctx, false, &type, &error)) return error;
    auto set = ParseCellSet(type, ctx.request.body);
    if (!set.ok()) return StatusResponse(set.status());
    auto built = PutsFromCellSet(*set, spec, *desc, ctx.options.max_cell_size);
    if (!built.ok()) return StatusResponse(built.status());
    puts = std::move(*built);
  }
  if (puts.empty()) return RestResponse{};
  Status s = puts.size() == 1 ? (*handle)->Put(puts.front()) : (*handle)->Batch(puts);
  if (!s.ok()) return StatusResponse(s);
  return RestResponse{};
}

RestResponse DeleteRow(RequestContext& ctx, const std::string& table, const RowSpec& spec) {
  if (!spec.IsSingleRow()) {
    return ErrorResponse(400, "DELETE takes one row, not a range or a glob");
  }
  auto desc = ctx.cluster->admin().GetDescriptor(table);
  if (!desc.ok()) return desc.status().IsNotFound() ? TableMissing(table) : StatusResponse(desc.status());
  Status s = CheckRow(spec.row, "the row");
  if (s.ok()) s = CheckSpecFamilies(*desc, spec);
  if (!s.ok()) return StatusResponse(s);
  // HBase's Delete(row, ts): versions up to and including ts.
  int64_t ts = kLatestTimestamp;
  if (spec.single_timestamp) {
    ts = spec.start_time;
  } else if (spec.has_time && spec.start_time == 0) {
    ts = spec.end_time;
  }
  RowMutation m;
  m.row = spec.row;
  if (spec.columns.empty()) {
    for (const FamilyOptions& f : desc->families) m.DeleteFamily(f.name, ts);
  }
  for (const ColumnName& c : spec.columns) {
    if (c.has_qualifier) {
      m.DeleteColumns(c.family, c.qualifier, ts);
    } else {
      m.DeleteFamily(c.family, ts);
    }
  }
  auto handle = ctx.cluster->GetTable(table);
  if (!handle.ok()) return StatusResponse(handle.status());
  s = (*handle)->Delete(m);
  if (!s.ok()) return StatusResponse(s);
  return RestResponse{};
}

}  // namespace

RestResponse RowResource(RequestContext& ctx, const std::string& table, std::string_view raw) {
  auto encoding = KeyEncodingOf(ctx);
  if (!encoding.ok()) return StatusResponse(encoding.status());
  auto spec = ParseRowSpec(raw, *encoding);
  if (!spec.ok()) return StatusResponse(spec.status());
  auto versions = Versions(ctx, 1);
  if (!versions.ok()) return StatusResponse(versions.status());
  spec->max_versions = *versions;
  const std::string& method = ctx.request.method;
  if (method == "GET") return GetRow(ctx, table, std::move(*spec));
  if (method == "PUT" || method == "POST") {
    const std::string* check = FindParam(ctx.params, "check");
    if (check != nullptr && !check->empty()) return CheckResource(ctx, table, *spec, *check);
    return PutRow(ctx, table, *spec);
  }
  if (method == "DELETE") return DeleteRow(ctx, table, *spec);
  return MethodNotAllowed(ctx.request, "GET, PUT, POST, DELETE");
}

RestResponse MultiGetResource(RequestContext& ctx, const std::string& table,
                              std::string_view after_multiget) {
  if (ctx.request.method != "GET") return MethodNotAllowed(ctx.request, "GET");
  MediaType type;
  RestResponse error;
  if (!Negotiate(ctx, {MediaType::kXml, MediaType::kJson, MediaType::kProtobuf}, MediaType::kXml,
                 &type, &error)) {
    return error;
  }
  auto encoding = KeyEncodingOf(ctx);
  if (!encoding.ok()) return StatusResponse(encoding.status());
  auto versions = Versions(ctx, 1);
  if (!versions.ok()) return StatusResponse(versions.status());
  // Columns after "multiget", for every row: the text with each '/' removed.
  std::string cols;
  for (char c : after_multiget) {
    if (c != '/') cols.push_back(c);
  }
  std::vector<ColumnName> shared;
  if (!cols.empty()) {
    auto columns = ParseColumnList(cols, *encoding);
    if (!columns.ok()) return StatusResponse(columns.status());
    shared = std::move(*columns);
  }
  auto filter = FilterParam(ctx);
  if (!filter.ok()) return StatusResponse(filter.status());
  const std::vector<std::string> rows = AllParams(ctx.params, "row");
  if (rows.empty()) return ErrorResponse(404, "No rows found. (give the rows as ?row=R1&row=R2)");
  auto handle = ctx.cluster->GetTable(table);
  if (!handle.ok()) return handle.status().IsNotFound() ? TableMissing(table) : StatusResponse(handle.status());
  auto desc = ctx.cluster->admin().GetDescriptor(table);
  if (!desc.ok()) return StatusResponse(desc.status());
  std::vector<Get> gets;
  for (const std::string& r : rows) {
    auto spec = ParseRowSpec(r, *encoding);
    if (!spec.ok()) return StatusResponse(spec.status().WithContext("row '" + r + "'"));
    Get get;
    get.row = spec->row;
    get.columns = ColumnSpecs(spec->columns.empty() ? shared : spec->columns);
    for (const ColumnSpec& c : get.columns) {
      Status s = CheckFamily(*desc, c.family);
      if (!s.ok()) return ErrorResponse(404, s.message());
    }
    get.max_versions = *versions;
    get.min_timestamp = spec->start_time;
    get.max_timestamp = spec->end_time;
    get.filter = *filter;
    gets.push_back(std::move(get));
  }
  std::vector<RowResult> found;
  for (const Get& get : gets) {
    auto result = (*handle)->Get(get);
    if (!result.ok()) return StatusResponse(result.status());
    if (result->empty()) continue;
    result->row = get.row;
    found.push_back(std::move(*result));
  }
  if (found.empty()) return ErrorResponse(404, "No rows found.");
  return Ok(type, WriteCellSet(type, found));
}

}  // namespace regionlab::rest
