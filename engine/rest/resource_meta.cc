// /version, /version/cluster, /status/cluster, / and /namespaces.
#include <sys/utsname.h>

#include <algorithm>

#include "rest/resources.h"

namespace regionlab::rest {

namespace {

const std::vector<MediaType> kMeta = {MediaType::kText, MediaType::kXml, MediaType::kJson,
                                      MediaType::kProtobuf};

#ifndef REGIONLAB_VERSION
#define REGIONLAB_VERSION "unknown"
#endif

// The HBase REST API level RegionLab's gateway follows (docs/rest-gateway.md):
// its behaviour is HBase 2.6.3's where the versions differ.
constexpr char kApiLevel[] = "2.6.3";

std::string OsVersion() {
  struct utsname u;
  if (uname(&u) != 0) return "unknown";
  return std::string(u.sysname) + " " + u.release + " " + u.machine;
}

constexpr int64_t kMiB = 1 << 20;

int32_t Mb(uint64_t bytes) { return static_cast<int32_t>(bytes / kMiB); }

// The region name's bytes as HBase writes them: table,startKey,id.encoded.
std::string RegionNameBytes(const RegionInfo& r) {
  return r.table + "," + r.start_key + "," + std::to_string(r.region_id) + "." + r.encoded_name +
         ".";
}

}  // namespace

RestResponse VersionResource(RequestContext& ctx, std::string_view rest) {
  if (ctx.request.method != "GET") return MethodNotAllowed(ctx.request, "GET");
  MediaType type;
  RestResponse error;
  if (rest.empty() || rest == "rest") {
    if (!Negotiate(ctx, kMeta, MediaType::kText, &type, &error)) return error;
    VersionModel m;
    m.jvm = std::string("none (C++, ") +
#if defined(__clang__)
            "Clang " __clang_version__
#elif defined(__GNUC__)
            "GCC " __VERSION__
#else
            "unknown compiler"
#endif
            + ")";
    m.os = OsVersion();
    m.server = ctx.options.server_software;
    m.jersey = "";
    if (ctx.options.version_with_revision) {
      m.version = std::string(kApiLevel) + "-regionlab-" REGIONLAB_VERSION;
      m.revision = "";
    }
    return Ok(type, WriteVersion(type, m));
  }
  if (rest == "cluster") {
    if (!Negotiate(ctx, {MediaType::kText, MediaType::kXml, MediaType::kJson}, MediaType::kText,
                   &type, &error)) {
      return error;
    }
    return Ok(type, WriteClusterVersion(type, {std::string(kApiLevel) + "-regionlab-" REGIONLAB_VERSION}));
  }
  return ErrorResponse(404, "no resource /version/" + std::string(rest));
}

RestResponse StatusResource(RequestContext& ctx) {
  if (ctx.request.method != "GET") return MethodNotAllowed(ctx.request, "GET");
  MediaType type;
  RestResponse error;
  if (!Negotiate(ctx, kMeta, MediaType::kText, &type, &error)) return error;
  const ClusterSample sample = ctx.cluster->SampleNow();
  ClusterStatusModel m;
  for (const ServerMetrics& s : sample.servers) {
    if (!s.online) {
      m.dead_nodes.push_back(s.name);
      continue;
    }
    StatusNodeModel node;
    node.name = s.name;
    node.start_code = s.start_time_ms;
    node.requests = static_cast<int64_t>(s.read_requests + s.write_requests);
    // The memory the server accounts for: memstores and block cache.
    node.heap_size_mb = Mb(s.memstore_bytes + s.block_cache.size);
    node.max_heap_size_mb = Mb(s.global_memstore_limit + s.block_cache.capacity);
    for (const RegionInfo& r : sample.regions) {
      if (r.server != s.name || r.state != "OPEN") continue;
      StatusRegionModel region;
      region.name = RegionNameBytes(r);
      region.stores = static_cast<int32_t>(r.metrics.stores.size());
      region.storefiles = static_cast<int32_t>(r.metrics.store_files);
      region.storefile_size_mb = Mb(r.metrics.store_file_bytes);
      region.memstore_size_mb = Mb(r.metrics.memstore_heap_bytes);
      region.read_requests = static_cast<int64_t>(r.metrics.read_requests);
      region.write_requests = static_cast<int64_t>(r.metrics.write_requests);
      m.requests += region.read_requests + region.write_requests;
      node.regions.push_back(std::move(region));
    }
    m.regions += static_cast<int32_t>(node.regions.size());
    m.live_nodes.push_back(std::move(node));
  }
  m.average_load = m.live_nodes.empty() ? 0 : static_cast<double>(m.regions) / m.live_nodes.size();
  return Ok(type, WriteClusterStatus(type, m));
}

RestResponse TableListResource(RequestContext& ctx) {
  if (ctx.request.method != "GET") return MethodNotAllowed(ctx.request, "GET");
  MediaType type;
  RestResponse error;
  if (!Negotiate(ctx, kMeta, MediaType::kText, &type, &error)) return error;
  auto tables = ctx.cluster->admin().ListTables();
  if (!tables.ok()) return StatusResponse(tables.status());
  TableListModel m;
  for (const TableDescriptor& t : *tables) m.names.push_back(t.FullName());
  return Ok(type, WriteTableList(type, m));
}

RestResponse NamespacesResource(RequestContext& ctx, std::string_view rest) {
  Admin& admin = ctx.cluster->admin();
  MediaType type;
  RestResponse error;
  if (rest.empty()) {
    if (ctx.request.method != "GET") return MethodNotAllowed(ctx.request, "GET");
    if (!Negotiate(ctx, kMeta, MediaType::kText, &type, &error)) return error;
    auto names = admin.ListNamespaces();
    if (!names.ok()) return StatusResponse(names.status());
    return Ok(type, WriteNamespaces(type, {*names}));
  }
  const size_t slash = rest.find('/');
  auto ns = UrlDecode(rest.substr(0, slash), false, "the namespace");
  if (!ns.ok()) return StatusResponse(ns.status());
  const std::string_view sub = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
  auto all = admin.ListNamespaces();
  if (!all.ok()) return StatusResponse(all.status());
  const bool exists = std::find(all->begin(), all->end(), *ns) != all->end();

  if (sub == "tables") {
    if (ctx.request.method != "GET") return MethodNotAllowed(ctx.request, "GET");
    if (!Negotiate(ctx, kMeta, MediaType::kText, &type, &error)) return error;
    if (!exists) return ErrorResponse(404, "namespace " + *ns + " does not exist");
    auto tables = admin.ListTables();
    if (!tables.ok()) return StatusResponse(tables.status());
    TableListModel m;
    for (const TableDescriptor& t : *tables) {
      if (t.ns == *ns) m.names.push_back(t.name);  // qualifiers only, as HBase
    }
    return Ok(type, WriteTableList(type, m));
  }
  if (!sub.empty()) return ErrorResponse(404, "no resource /namespaces/" + std::string(rest));

  const std::string& method = ctx.request.method;
  if (method == "GET") {
    if (!Negotiate(ctx, kMeta, MediaType::kText, &type, &error)) return error;
    auto props = admin.GetNamespaceProperties(*ns);
    if (!props.ok()) {
      return props.status().IsNotFound()
                 ? ErrorResponse(404, "namespace " + *ns + " does not exist")
                 : StatusResponse(props.status());
    }
    return Ok(type, WriteNamespaceProperties(type, {*props}));
  }
  if (method == "POST" || method == "PUT") {
    MediaType body_type;
    if (!BodyType(ctx, true, &body_type, &error)) return error;
    NamespacePropertiesModel m;
    if (!ctx.request.body.empty()) {
      auto parsed = ParseNamespaceProperties(body_type, ctx.request.body);
      if (!parsed.ok()) return StatusResponse(parsed.status());
      m = std::move(*parsed);
    }
    if (method == "POST") {
      if (exists) return ErrorResponse(403, "namespace " + *ns + " already exists");
      Status s = admin.CreateNamespace(*ns, m.properties);
      if (!s.ok()) return StatusResponse(s);
      RestResponse r;
      r.status = 201;
      r.SetHeader("Location", ctx.request.base_url + ctx.request.path);
      return r;
    }
    if (!exists) return ErrorResponse(403, "namespace " + *ns + " does not exist");
    Status s = admin.ModifyNamespace(*ns, m.properties);
    if (!s.ok()) return StatusResponse(s);
    return RestResponse{};
  }
  if (method == "DELETE") {
    if (!exists) return ErrorResponse(404, "namespace " + *ns + " does not exist");
    Status s = admin.DropNamespace(*ns);
    if (!s.ok()) return ErrorResponse(503, s.message());
    return RestResponse{};
  }
  return MethodNotAllowed(ctx.request, "GET, POST, PUT, DELETE");
}

}  // namespace regionlab::rest
