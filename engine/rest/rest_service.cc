#include "rest/rest_service.h"

#include <chrono>

#include "filter/filter_parser.h"
#include "rest/jmx.h"
#include "rest/resources.h"
#include "rest/scanner_registry.h"

namespace regionlab::rest {

namespace {

const char* Words(int status) {
  switch (status) {
    case 400: return "Bad request";
    case 403: return "Forbidden";
    case 404: return "Not found";
    case 405: return "Method not allowed";
    case 406: return "Not acceptable";
    case 410: return "Gone";
    case 413: return "Request entity too large";
    case 415: return "Unsupported media type";
    case 503: return "Unavailable";
    default: return status >= 500 ? "Internal error" : "Error";
  }
}

int64_t SteadyMillis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool IsMutation(const std::string& method) {
  return method == "PUT" || method == "POST" || method == "DELETE";
}

// The first path segment of `path` (without leading '/') and what follows it
// (without the separating '/').
std::pair<std::string_view, std::string_view> Split(std::string_view path) {
  const size_t slash = path.find('/');
  if (slash == std::string_view::npos) return {path, {}};
  return {path.substr(0, slash), path.substr(slash + 1)};
}

}  // namespace

RestResponse ErrorResponse(int status, std::string_view detail) {
  RestResponse r;
  r.status = status;
  r.content_type = "text/plain";
  r.body = Words(status);
  if (!detail.empty()) {
    r.body += ": ";
    r.body += detail;
  }
  r.body += "\r\n";
  return r;
}

RestResponse StatusResponse(const Status& s) {
  if (s.IsNotFound()) return ErrorResponse(404, s.message());
  if (s.IsInvalidArgument() || s.IsNotSupported()) return ErrorResponse(400, s.message());
  return ErrorResponse(503, s.ToString());
}

RestResponse MethodNotAllowed(const RestRequest& r, std::string_view allowed) {
  RestResponse resp = ErrorResponse(405, r.method + " is not allowed here (use " +
                                             std::string(allowed) + ")");
  resp.SetHeader("Allow", std::string(allowed));
  return resp;
}

RestResponse Ok(MediaType type, std::string body) {
  RestResponse r;
  r.content_type = MediaTypeName(type);
  r.body = std::move(body);
  r.SetHeader("Cache-Control", "no-cache");
  return r;
}

bool Negotiate(const RequestContext& ctx, const std::vector<MediaType>& produces,
               MediaType fallback, MediaType* type, RestResponse* error) {
  const std::string_view accept = FindHeader(ctx.request.headers, "Accept");
  auto chosen = NegotiateAccept(accept, produces, fallback);
  if (chosen) {
    *type = *chosen;
    return true;
  }
  std::string offered;
  for (MediaType t : produces) offered += std::string(offered.empty() ? "" : ", ") + MediaTypeName(t);
  *error = ErrorResponse(406, "this resource answers in " + offered + ", not '" +
                                  std::string(accept) + "'");
  return false;
}

bool BodyType(const RequestContext& ctx, bool allow_empty, MediaType* type, RestResponse* error) {
  const std::string_view header = FindHeader(ctx.request.headers, "Content-Type");
  if (ctx.request.body.empty() && allow_empty) {
    *type = MediaType::kJson;
    return true;
  }
  if (header.empty()) {
    *error = ErrorResponse(415, "the request has a body but no Content-Type (use application/json,"
                                " text/xml or application/x-protobuf)");
    return false;
  }
  auto t = ParseContentType(header);
  if (!t || *t == MediaType::kText) {
    *error = ErrorResponse(415, "Content-Type '" + std::string(header) +
                                    "' is not read here (use application/json, text/xml or"
                                    " application/x-protobuf)");
    return false;
  }
  *type = *t;
  return true;
}

Result<std::shared_ptr<const Filter>> FilterParam(const RequestContext& ctx) {
  const std::string* text = FindParam(ctx.params, "filter");
  std::string decoded;
  if (const std::string* b64 = FindParam(ctx.params, "filter_b64")) {
    auto d = Base64UrlDecode(*b64, "filter_b64");
    if (!d.ok()) return d.status();
    decoded = std::move(*d);
    text = &decoded;
  }
  if (text == nullptr) return std::shared_ptr<const Filter>();
  return ParseFilterString(*text);
}

Result<std::string> TableFromPath(std::string_view raw) {
  auto name = UrlDecode(raw, false, "the table name");
  if (!name.ok()) return name.status();
  if (name->empty()) return Status::InvalidArgument("the table name is empty");
  return name;
}

RestService::RestService(Cluster* cluster, RestOptions options)
    : cluster_(cluster), options_(std::move(options)) {
  if (!options_.now_ms) options_.now_ms = SteadyMillis;
  scanners_ = std::make_unique<ScannerRegistry>(options_.scanner_idle_ms, options_.max_scanners,
                                                options_.now_ms);
}

RestService::~RestService() = default;

void RestService::EvictIdleScanners() { scanners_->EvictIdle(true); }

RestStats RestService::stats() const {
  RestStats s;
  s.requests = requests_.load(std::memory_order_relaxed);
  s.errors = errors_.load(std::memory_order_relaxed);
  s.open_scanners = scanners_->size();
  return s;
}

RestResponse RestService::Handle(const RestRequest& request) {
  requests_.fetch_add(1, std::memory_order_relaxed);
  if (options_.request_counter) options_.request_counter->fetch_add(1, std::memory_order_relaxed);
  scanners_->EvictIdle(false);
  RestResponse r = Route(request);
  if (r.status >= 400) errors_.fetch_add(1, std::memory_order_relaxed);
  return r;
}

RestResponse RestService::Route(const RestRequest& request) {
  if (request.body.size() > options_.max_body_bytes) {
    return ErrorResponse(413, "the body has " + std::to_string(request.body.size()) +
                                  " bytes; the limit is " +
                                  std::to_string(options_.max_body_bytes));
  }
  if (options_.read_only && IsMutation(request.method)) {
    return ErrorResponse(403, "the gateway is read-only");
  }
  auto params = ParseQuery(request.query);
  if (!params.ok()) return StatusResponse(params.status());
  RequestContext ctx{request, std::move(*params), cluster_, options_, scanners_.get()};

  std::string_view path = request.path;
  if (path.empty() || path[0] != '/') {
    return ErrorResponse(400, "the path must start with '/'");
  }
  path.remove_prefix(1);
  const auto [first, rest] = Split(path);
  if (first.empty() && rest.empty()) return TableListResource(ctx);
  if (first == "version") return VersionResource(ctx, rest);
  if (first == "status") {
    if (rest == "cluster") return StatusResource(ctx);
    return ErrorResponse(404, "no resource /status/" + std::string(rest));
  }
  if (first == "namespaces") return NamespacesResource(ctx, rest);
  if (first == "jmx" && rest.empty()) {
    if (request.method != "GET") return MethodNotAllowed(request, "GET");
    return JmxResponse(cluster_->SampleNow(), stats(), ctx.params);
  }

  auto table = TableFromPath(first);
  if (!table.ok()) return StatusResponse(table.status());
  const auto [sub, tail] = Split(rest);
  if (rest.empty()) {
    return ErrorResponse(404, "no resource /" + *table + " (use /" + *table + "/schema, /" +
                                  *table + "/ROW or /" + *table + "/*)");
  }
  if (sub == "exists" && tail.empty()) return ExistsResource(ctx, *table);
  if (sub == "schema" && tail.empty()) return SchemaResource(ctx, *table);
  if (sub == "regions" && tail.empty()) return RegionsResource(ctx, *table);
  if (sub == "scanner") return ScannerResource(ctx, *table, tail);
  // Jersey's templates on the raw remainder: multiget.*, then [^*]+ (a row
  // spec), .*\*/.+ (a glob with columns), .*[*]$ (a stateless scan).
  if (rest.substr(0, 8) == "multiget") return MultiGetResource(ctx, *table, rest.substr(8));
  const size_t star = rest.find('*');
  if (star == std::string_view::npos) return RowResource(ctx, *table, rest);
  for (size_t i = rest.find("*/"); i != std::string_view::npos; i = rest.find("*/", i + 1)) {
    if (i + 2 < rest.size()) return RowResource(ctx, *table, rest);
  }
  if (rest.back() == '*') return TableScanResource(ctx, *table, rest);
  return ErrorResponse(404, "no resource matches /" + *table + "/" + std::string(rest) +
                                " (a '*' may only end the row of a glob)");
}

}  // namespace regionlab::rest
