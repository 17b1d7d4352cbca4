// The resources of the REST gateway, one function per resource family,
// called by RestService's router (internal to engine/rest).
//
// Each takes the request's context and returns the complete response;
// helpers build HBase's error responses and map engine Statuses to HTTP
// codes (NotFound 404; InvalidArgument and NotSupported 400, since they are
// the client's to fix; anything else 503 "Unavailable").
//
// Thread-safety: every function may run on many threads at once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "filter/filter.h"
#include "regionlab/cluster.h"
#include "rest/codec.h"
#include "rest/rest_message.h"
#include "rest/rest_service.h"
#include "rest/row_spec.h"
#include "rest/url_codec.h"

namespace regionlab::rest {

class ScannerRegistry;

struct RequestContext {
  const RestRequest& request;
  QueryParams params;
  Cluster* cluster;
  const RestOptions& options;
  ScannerRegistry* scanners;
};

// "Bad request: <detail>\r\n" (text/plain), with HBase's words per status.
RestResponse ErrorResponse(int status, std::string_view detail);
RestResponse StatusResponse(const Status& status);
// 405 naming the methods the resource has.
RestResponse MethodNotAllowed(const RestRequest& r, std::string_view allowed);
// 200 with `body` of `type`, and Cache-Control: no-cache as HBase sends it.
RestResponse Ok(MediaType type, std::string body);

// The representation to answer with, or a 406 in *error.
bool Negotiate(const RequestContext& ctx, const std::vector<MediaType>& produces,
               MediaType fallback, MediaType* type, RestResponse* error);
// The representation of the request body (415 in *error when it has none
// or one RegionLab cannot read; an empty body is allowed when
// `allow_empty`, and then *type is kJson).
bool BodyType(const RequestContext& ctx, bool allow_empty, MediaType* type, RestResponse* error);

// The Thrift filter-language string of ?filter= or ?filter_b64= (URL-safe
// base64, which wins), parsed; null when neither is given.
Result<std::shared_ptr<const Filter>> FilterParam(const RequestContext& ctx);

// The table's full name from the first path segment (percent-decoded, '+'
// kept, as Jersey decodes path parameters).
Result<std::string> TableFromPath(std::string_view raw);

// Resources. `rest` is the raw path after the resource's own prefix.
RestResponse VersionResource(RequestContext& ctx, std::string_view rest);
RestResponse StatusResource(RequestContext& ctx);
RestResponse TableListResource(RequestContext& ctx);
RestResponse NamespacesResource(RequestContext& ctx, std::string_view rest);
RestResponse ExistsResource(RequestContext& ctx, const std::string& table);
RestResponse SchemaResource(RequestContext& ctx, const std::string& table);
RestResponse RegionsResource(RequestContext& ctx, const std::string& table);
RestResponse RowResource(RequestContext& ctx, const std::string& table, std::string_view spec);
// PUT/POST with ?check=put|delete|append|increment (resource_check.cc).
RestResponse CheckResource(RequestContext& ctx, const std::string& table, const RowSpec& spec,
                           const std::string& check);
RestResponse MultiGetResource(RequestContext& ctx, const std::string& table,
                              std::string_view after_multiget);
RestResponse TableScanResource(RequestContext& ctx, const std::string& table,
                               std::string_view scan_spec);
RestResponse ScannerResource(RequestContext& ctx, const std::string& table, std::string_view id);

}  // namespace regionlab::rest
