// /TABLE/exists, /TABLE/schema and /TABLE/regions.
#include "regionlab/bytes.h"
#include "rest/resources.h"
#include "rest/schema_model.h"

namespace regionlab::rest {

namespace {

const std::vector<MediaType> kDocs = {MediaType::kXml, MediaType::kJson, MediaType::kProtobuf};

RestResponse TableMissing(const std::string& table) {
  return ErrorResponse(404, "table " + table + " does not exist");
}

// Ignored attributes, reported to the client without failing the request.
void AddIgnored(RestResponse* r, const std::vector<std::string>& ignored) {
  for (const std::string& i : ignored) r->SetHeader("X-RegionLab-Warning", i);
}

RestResponse Created(const RequestContext& ctx, const std::vector<std::string>& ignored) {
  RestResponse r;
  r.status = 201;
  r.SetHeader("Location", ctx.request.base_url + ctx.request.path);
  AddIgnored(&r, ignored);
  return r;
}

// PUT: create the table, or replace its schema (families left out are
// dropped). POST: create it, or modify and add the families given.
RestResponse UpdateSchema(RequestContext& ctx, const std::string& table, bool replace) {
  Admin& admin = ctx.cluster->admin();
  MediaType type;
  RestResponse error;
  if (!BodyType(ctx, false, &type, &error)) return error;
  auto schema = ParseTableSchema(type, ctx.request.body);
  if (!schema.ok()) return StatusResponse(schema.status());
  auto current = admin.GetDescriptor(table);
  if (!current.ok() && !current.status().IsNotFound()) return StatusResponse(current.status());
  std::vector<std::string> ignored;

  if (!current.ok() || replace) {
    auto desc = DescriptorFromSchema(table, *schema, &ignored);
    if (!desc.ok()) return StatusResponse(desc.status());
    if (!current.ok()) {
      Status s = admin.CreateTable(*desc);
      if (!s.ok()) return StatusResponse(s);
      return Created(ctx, ignored);
    }
    desc->enabled = current->enabled;
    Status s = admin.ModifyTable(*desc);
    if (!s.ok()) return StatusResponse(s);
    return Created(ctx, ignored);
  }
  TableDescriptor desc = *current;
  for (const ColumnSchemaModel& c : schema->columns) {
    FamilyOptions* family = nullptr;
    for (FamilyOptions& f : desc.families) {
      if (f.name == c.name) family = &f;
    }
    if (family == nullptr) {
      desc.families.emplace_back();
      family = &desc.families.back();
    }
    Status s = ApplyColumnSchema(c, family, &ignored);
    if (!s.ok()) return StatusResponse(s.WithContext("column family " + c.name));
  }
  Status s = admin.ModifyTable(desc);
  if (!s.ok()) return StatusResponse(s);
  RestResponse r;
  AddIgnored(&r, ignored);
  return r;
}

}  // namespace

RestResponse ExistsResource(RequestContext& ctx, const std::string& table) {
  if (ctx.request.method != "GET") return MethodNotAllowed(ctx.request, "GET");
  auto exists = ctx.cluster->admin().TableExists(table);
  if (!exists.ok()) return StatusResponse(exists.status());
  if (!*exists) return TableMissing(table);
  RestResponse r;
  r.SetHeader("Cache-Control", "no-cache");
  return r;
}

RestResponse SchemaResource(RequestContext& ctx, const std::string& table) {
  Admin& admin = ctx.cluster->admin();
  const std::string& method = ctx.request.method;
  if (method == "GET") {
    MediaType type;
    RestResponse error;
    if (!Negotiate(ctx, kDocs, MediaType::kXml, &type, &error)) return error;
    auto desc = admin.GetDescriptor(table);
    if (!desc.ok()) return desc.status().IsNotFound() ? TableMissing(table) : StatusResponse(desc.status());
    return Ok(type, WriteTableSchema(type, SchemaFromDescriptor(*desc)));
  }
  if (method == "PUT" || method == "POST") return UpdateSchema(ctx, table, method == "PUT");
  if (method == "DELETE") {
    auto enabled = admin.IsTableEnabled(table);
    if (!enabled.ok()) {
      return enabled.status().IsNotFound() ? TableMissing(table) : StatusResponse(enabled.status());
    }
    if (*enabled) {
      Status s = admin.DisableTable(table);
      if (!s.ok()) return StatusResponse(s);
    }
    Status s = admin.DeleteTable(table);
    if (!s.ok()) return StatusResponse(s);
    return RestResponse{};
  }
  return MethodNotAllowed(ctx.request, "GET, PUT, POST, DELETE");
}

RestResponse RegionsResource(RequestContext& ctx, const std::string& table) {
  if (ctx.request.method != "GET") return MethodNotAllowed(ctx.request, "GET");
  MediaType type;
  RestResponse error;
  if (!Negotiate(ctx, kDocs, MediaType::kXml, &type, &error)) return error;
  auto regions = ctx.cluster->admin().ListRegions(table);
  if (!regions.ok()) {
    return regions.status().IsNotFound() ? TableMissing(table) : StatusResponse(regions.status());
  }
  TableInfoModel m;
  m.name = table;
  for (const RegionInfo& r : *regions) {
    m.regions.push_back({r.RegionName(), r.start_key, r.end_key, r.region_id, r.server});
  }
  return Ok(type, WriteTableInfo(type, m));
}

}  // namespace regionlab::rest
