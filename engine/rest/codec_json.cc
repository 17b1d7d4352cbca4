// JSON, in the shapes Jackson gives HBase's model classes (no root wrapper,
// base64 for byte strings, numbers for longs). Parsing is lenient where
// Jackson is (numbers as strings, unknown keys ignored) and strict about
// everything a client can get wrong without noticing (bad base64, a
// timestamp that is not a number, a key of the wrong type).
#include <cstdint>
#include <nlohmann/json.hpp>

#include "rest/codec.h"
#include "rest/row_spec.h"
#include "rest/url_codec.h"

namespace regionlab::rest::json {

namespace {

using nlohmann::ordered_json;
using Json = nlohmann::json;

Result<Json> Parse(std::string_view body, const char* what) {
  try {
    return Json::parse(body.begin(), body.end());
  } catch (const Json::exception& e) {
    return Status::InvalidArgument(std::string("malformed JSON ") + what + ": " + e.what());
  }
}

std::string Dump(const ordered_json& j) {
  return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

const char* KindOf(const Json& j) { return j.type_name(); }

Status WrongType(std::string_view where, const Json& j, const char* expected) {
  return Status::InvalidArgument(std::string(where) + " must be " + expected + ", not " +
                                 KindOf(j));
}

Result<std::string> Bytes(const Json& j, std::string_view where) {
  if (!j.is_string()) return WrongType(where, j, "a base64 string");
  return Base64Decode(j.get_ref<const std::string&>(), where);
}

Result<std::string> Text(const Json& j, std::string_view where) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number_integer()) return std::to_string(j.get<int64_t>());
  if (j.is_number_unsigned()) return std::to_string(j.get<uint64_t>());
  if (j.is_number_float()) return j.dump();
  if (j.is_boolean()) return std::string(j.get<bool>() ? "true" : "false");
  return WrongType(where, j, "a string or a number");
}

// A long given as a JSON number or as a decimal string (Jackson coerces both).
Result<int64_t> Long(const Json& j, std::string_view where) {
  if (j.is_number_integer()) return j.get<int64_t>();
  if (j.is_number_unsigned()) {
    if (j.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) {
      return Status::InvalidArgument(std::string(where) + " is out of the range of a long");
    }
    return static_cast<int64_t>(j.get<uint64_t>());
  }
  if (j.is_string()) return ParseLong(j.get_ref<const std::string&>(), where);
  return WrongType(where, j, "a number");
}

Result<int32_t> Int(const Json& j, std::string_view where) {
  auto v = Long(j, where);
  if (!v.ok()) return v.status();
  if (*v < INT32_MIN || *v > INT32_MAX) {
    return Status::InvalidArgument(std::string(where) + " " + std::to_string(*v) +
                                   " is out of the range of an int");
  }
  return static_cast<int32_t>(*v);
}

Result<bool> Bool(const Json& j, std::string_view where) {
  if (j.is_boolean()) return j.get<bool>();
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    if (s == "true") return true;
    if (s == "false") return false;
  }
  return WrongType(where, j, "true or false");
}

// Jackson reads a lone object where a list is expected only when told to;
// HBase's clients always send lists, and a lone object is accepted here too.
std::vector<const Json*> Items(const Json& j) {
  std::vector<const Json*> out;
  if (j.is_array()) {
    for (const Json& e : j) out.push_back(&e);
  } else if (!j.is_null()) {
    out.push_back(&j);
  }
  return out;
}

Status ExpectObject(const Json& j, std::string_view where) {
  return j.is_object() ? Status::OK() : WrongType(where, j, "an object");
}

void AppendTimestamp(int64_t ts, std::string* out) { out->append(std::to_string(ts)); }

}  // namespace

Result<CellSetModel> ParseCellSet(std::string_view body) {
  auto doc = Parse(body, "CellSet");
  if (!doc.ok()) return doc.status();
  RL_RETURN_IF_ERROR(ExpectObject(*doc, "the CellSet"));
  CellSetModel set;
  auto rows = doc->find("Row");
  if (rows == doc->end()) {
    return Status::InvalidArgument("the CellSet has no \"Row\" list");
  }
  size_t ri = 0;
  for (const Json* row : Items(*rows)) {
    const std::string where = "Row[" + std::to_string(ri++) + "]";
    RL_RETURN_IF_ERROR(ExpectObject(*row, where));
    RowModel r;
    if (auto k = row->find("key"); k != row->end() && !k->is_null()) {
      auto key = Bytes(*k, where + ".key");
      if (!key.ok()) return key.status();
      r.key = std::move(*key);
    }
    size_t ci = 0;
    if (auto cells = row->find("Cell"); cells != row->end()) {
      for (const Json* cell : Items(*cells)) {
        const std::string cw = where + ".Cell[" + std::to_string(ci++) + "]";
        RL_RETURN_IF_ERROR(ExpectObject(*cell, cw));
        CellModel c;
        if (auto col = cell->find("column"); col != cell->end() && !col->is_null()) {
          auto v = Bytes(*col, cw + ".column");
          if (!v.ok()) return v.status();
          c.column = std::move(*v);
        }
        if (auto ts = cell->find("timestamp"); ts != cell->end() && !ts->is_null()) {
          auto v = Long(*ts, cw + ".timestamp");
          if (!v.ok()) return v.status();
          c.timestamp = *v;
        }
        if (auto val = cell->find("$"); val != cell->end() && !val->is_null()) {
          auto v = Bytes(*val, cw + ".$");
          if (!v.ok()) return v.status();
          c.value = std::move(*v);
        }
        r.cells.push_back(std::move(c));
      }
    }
    set.rows.push_back(std::move(r));
  }
  return set;
}

Result<ScannerModel> ParseScanner(std::string_view body) {
  auto doc = Parse(body, "Scanner");
  if (!doc.ok()) return doc.status();
  RL_RETURN_IF_ERROR(ExpectObject(*doc, "the Scanner"));
  ScannerModel m;
  for (const auto& [key, v] : doc->items()) {
    if (v.is_null()) continue;
    const std::string where = "Scanner." + key;
    Status s;
    if (key == "startRow" || key == "endRow") {
      auto b = Bytes(v, where);
      if (!b.ok()) return b.status();
      (key == "startRow" ? m.start_row : m.end_row) = std::move(*b);
    } else if (key == "column") {
      size_t i = 0;
      for (const Json* c : Items(v)) {
        auto b = Bytes(*c, where + "[" + std::to_string(i++) + "]");
        if (!b.ok()) return b.status();
        m.columns.push_back(std::move(*b));
      }
    } else if (key == "batch" || key == "caching" || key == "maxVersions") {
      auto n = Int(v, where);
      if (!n.ok()) return n.status();
      (key == "batch" ? m.batch : key == "caching" ? m.caching : m.max_versions) = *n;
    } else if (key == "startTime" || key == "endTime") {
      auto n = Long(v, where);
      if (!n.ok()) return n.status();
      (key == "startTime" ? m.start_time : m.end_time) = *n;
    } else if (key == "filter") {
      // A string holding JSON; an object is taken as the filter itself.
      m.filter = v.is_string() ? v.get<std::string>() : v.dump();
    } else if (key == "labels") {
      for (const Json* l : Items(v)) {
        auto t = Text(*l, where);
        if (!t.ok()) return t.status();
        m.labels.push_back(std::move(*t));
      }
    } else if (key == "cacheBlocks" || key == "includeStartRow" || key == "includeStopRow") {
      auto b = Bool(v, where);
      if (!b.ok()) return b.status();
      (key == "cacheBlocks" ? m.cache_blocks
                            : key == "includeStartRow" ? m.include_start_row
                                                       : m.include_stop_row) = *b;
    }
  }
  return m;
}

Result<TableSchemaModel> ParseTableSchema(std::string_view body) {
  auto doc = Parse(body, "TableSchema");
  if (!doc.ok()) return doc.status();
  RL_RETURN_IF_ERROR(ExpectObject(*doc, "the TableSchema"));
  TableSchemaModel m;
  for (const auto& [key, v] : doc->items()) {
    if (key == "ColumnSchema") {
      size_t i = 0;
      for (const Json* col : Items(v)) {
        const std::string where = "ColumnSchema[" + std::to_string(i++) + "]";
        RL_RETURN_IF_ERROR(ExpectObject(*col, where));
        ColumnSchemaModel c;
        for (const auto& [ck, cv] : col->items()) {
          if (cv.is_null()) continue;
          auto t = Text(cv, where + "." + ck);
          if (!t.ok()) return t.status();
          if (ck == "name") {
            c.name = std::move(*t);
          } else {
            c.attrs.emplace_back(ck, std::move(*t));
          }
        }
        m.columns.push_back(std::move(c));
      }
      continue;
    }
    if (v.is_null()) continue;
    auto t = Text(v, "TableSchema." + key);
    if (!t.ok()) return t.status();
    if (key == "name") {
      m.name = std::move(*t);
    } else {
      m.attrs.emplace_back(key, std::move(*t));
    }
  }
  return m;
}

Result<NamespacePropertiesModel> ParseNamespaceProperties(std::string_view body) {
  auto doc = Parse(body, "NamespaceProperties");
  if (!doc.ok()) return doc.status();
  RL_RETURN_IF_ERROR(ExpectObject(*doc, "the NamespaceProperties"));
  NamespacePropertiesModel m;
  auto props = doc->find("properties");
  if (props == doc->end() || props->is_null()) return m;
  RL_RETURN_IF_ERROR(ExpectObject(*props, "NamespaceProperties.properties"));
  for (const auto& [k, v] : props->items()) {
    auto t = Text(v, "NamespaceProperties.properties." + k);
    if (!t.ok()) return t.status();
    m.properties[k] = std::move(*t);
  }
  return m;
}

std::string WriteVersion(const VersionModel& m) {
  ordered_json j;
  j["REST"] = m.rest;
  j["JVM"] = m.jvm;
  j["OS"] = m.os;
  j["Server"] = m.server;
  j["Jersey"] = m.jersey;
  if (m.version) j["Version"] = *m.version;
  if (m.revision) j["Revision"] = *m.revision;
  return Dump(j);
}

std::string WriteClusterVersion(const ClusterVersionModel& m) {
  ordered_json j;
  j["Version"] = m.version;
  return Dump(j);
}

std::string WriteClusterStatus(const ClusterStatusModel& m) {
  ordered_json j;
  j["regions"] = m.regions;
  j["requests"] = m.requests;
  j["averageLoad"] = m.average_load;
  ordered_json live = ordered_json::array();
  for (const StatusNodeModel& n : m.live_nodes) {
    ordered_json node;
    node["name"] = n.name;
    node["startCode"] = n.start_code;
    node["requests"] = n.requests;
    node["heapSizeMB"] = n.heap_size_mb;
    node["maxHeapSizeMB"] = n.max_heap_size_mb;
    ordered_json regions = ordered_json::array();
    for (const StatusRegionModel& r : n.regions) {
      ordered_json region;
      region["name"] = Base64Encode(r.name);
      region["stores"] = r.stores;
      region["storefiles"] = r.storefiles;
      region["storefileSizeMB"] = r.storefile_size_mb;
      region["memStoreSizeMB"] = r.memstore_size_mb;
      region["readRequestsCount"] = r.read_requests;
      region["writeRequestsCount"] = r.write_requests;
      if (r.total_compacting_kvs) region["totalCompactingKVs"] = *r.total_compacting_kvs;
      if (r.current_compacted_kvs) region["currentCompactedKVs"] = *r.current_compacted_kvs;
      regions.push_back(std::move(region));
    }
    node["Region"] = std::move(regions);
    live.push_back(std::move(node));
  }
  j["LiveNodes"] = std::move(live);
  j["DeadNodes"] = m.dead_nodes;
  return Dump(j);
}

std::string WriteTableList(const TableListModel& m) {
  ordered_json tables = ordered_json::array();
  for (const std::string& n : m.names) tables.push_back(ordered_json{{"name", n}});
  ordered_json j;
  j["table"] = std::move(tables);
  return Dump(j);
}

std::string WriteNamespaces(const NamespacesModel& m) {
  ordered_json j;
  j["Namespace"] = m.names;
  return Dump(j);
}

std::string WriteNamespaceProperties(const NamespacePropertiesModel& m) {
  ordered_json props = ordered_json::object();
  for (const auto& [k, v] : m.properties) props[k] = v;
  ordered_json j;
  j["properties"] = std::move(props);
  return Dump(j);
}

std::string WriteTableSchema(const TableSchemaModel& m) {
  ordered_json j;
  j["name"] = m.name;
  for (const auto& [k, v] : m.attrs) j[k] = v;
  ordered_json cols = ordered_json::array();
  for (const ColumnSchemaModel& c : m.columns) {
    ordered_json col;
    col["name"] = c.name;
    for (const auto& [k, v] : c.attrs) col[k] = v;
    cols.push_back(std::move(col));
  }
  j["ColumnSchema"] = std::move(cols);
  return Dump(j);
}

std::string WriteTableInfo(const TableInfoModel& m) {
  ordered_json j;
  j["name"] = m.name;
  ordered_json regions = ordered_json::array();
  for (const TableRegionModel& r : m.regions) {
    ordered_json region;
    region["endKey"] = Base64Encode(r.end_key);
    region["id"] = r.id;
    region["location"] = r.location;
    region["name"] = r.name;
    region["startKey"] = Base64Encode(r.start_key);
    regions.push_back(std::move(region));
  }
  j["Region"] = std::move(regions);
  return Dump(j);
}

// Written by hand: base64 and decimal digits need no escaping, and a scan
// writes millions of these.
const char kRowEnd[] = "]}";

void AppendRowStart(std::string_view key, std::string* out) {
  out->append("{\"key\":\"");
  AppendBase64(key, out);
  out->append("\",\"Cell\":[");
}

void AppendCells(const RowResult& row, size_t begin, size_t end, bool first, std::string* out) {
  std::string column;
  for (size_t i = begin; i < end; ++i) {
    const Cell& c = row.cells[i];
    if (!first || i != begin) out->push_back(',');
    column.assign(c.family).append(1, ':').append(c.qualifier);
    out->append("{\"column\":\"");
    AppendBase64(column, out);
    out->append("\",\"timestamp\":");
    AppendTimestamp(c.timestamp, out);
    out->append(",\"$\":\"");
    AppendBase64(c.value, out);
    out->append("\"}");
  }
}

// ---- the client's half ----

namespace {

// A list under `key` of the document, or an empty list when it is absent or
// null (Jackson writes an empty list as [], older releases left it out).
std::vector<const Json*> ListAt(const Json& doc, const char* key) {
  auto it = doc.find(key);
  return it == doc.end() ? std::vector<const Json*>{} : Items(*it);
}

// An optional string field; "" when absent or null.
Result<std::string> OptionalText(const Json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::string();
  return Text(*it, where + "." + key);
}

Result<std::string> OptionalBytes(const Json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::string();
  return Bytes(*it, where + "." + key);
}

}  // namespace

Result<TableListModel> ParseTableList(std::string_view body) {
  auto doc = Parse(body, "TableList");
  if (!doc.ok()) return doc.status();
  RL_RETURN_IF_ERROR(ExpectObject(*doc, "the TableList"));
  TableListModel m;
  size_t i = 0;
  for (const Json* t : ListAt(*doc, "table")) {
    const std::string where = "table[" + std::to_string(i++) + "]";
    RL_RETURN_IF_ERROR(ExpectObject(*t, where));
    auto name = OptionalText(*t, "name", where);
    if (!name.ok()) return name.status();
    if (name->empty()) return Status::InvalidArgument(where + " has no name");
    m.names.push_back(std::move(*name));
  }
  return m;
}

Result<TableInfoModel> ParseTableInfo(std::string_view body) {
  auto doc = Parse(body, "TableInfo");
  if (!doc.ok()) return doc.status();
  RL_RETURN_IF_ERROR(ExpectObject(*doc, "the TableInfo"));
  TableInfoModel m;
  auto name = OptionalText(*doc, "name", "TableInfo");
  if (!name.ok()) return name.status();
  m.name = std::move(*name);
  size_t i = 0;
  for (const Json* r : ListAt(*doc, "Region")) {
    const std::string where = "Region[" + std::to_string(i++) + "]";
    RL_RETURN_IF_ERROR(ExpectObject(*r, where));
    TableRegionModel region;
    auto rname = OptionalText(*r, "name", where);
    auto start = rname.ok() ? OptionalBytes(*r, "startKey", where) : rname;
    auto end = start.ok() ? OptionalBytes(*r, "endKey", where) : start;
    auto location = end.ok() ? OptionalText(*r, "location", where) : end;
    if (!location.ok()) return location.status();
    region.name = std::move(*rname);
    region.start_key = std::move(*start);
    region.end_key = std::move(*end);
    region.location = std::move(*location);
    if (auto id = r->find("id"); id != r->end() && !id->is_null()) {
      auto v = Long(*id, where + ".id");
      if (!v.ok()) return v.status();
      region.id = *v;
    }
    m.regions.push_back(std::move(region));
  }
  return m;
}

Result<NamespacesModel> ParseNamespaces(std::string_view body) {
  auto doc = Parse(body, "Namespaces");
  if (!doc.ok()) return doc.status();
  RL_RETURN_IF_ERROR(ExpectObject(*doc, "the Namespaces"));
  NamespacesModel m;
  size_t i = 0;
  for (const Json* n : ListAt(*doc, "Namespace")) {
    auto t = Text(*n, "Namespace[" + std::to_string(i++) + "]");
    if (!t.ok()) return t.status();
    m.names.push_back(std::move(*t));
  }
  return m;
}

Result<VersionModel> ParseVersion(std::string_view body) {
  auto doc = Parse(body, "Version");
  if (!doc.ok()) return doc.status();
  RL_RETURN_IF_ERROR(ExpectObject(*doc, "the Version"));
  VersionModel m;
  std::string* fields[] = {&m.rest, &m.jvm, &m.os, &m.server, &m.jersey};
  const char* keys[] = {"REST", "JVM", "OS", "Server", "Jersey"};
  for (size_t i = 0; i < 5; ++i) {
    auto t = OptionalText(*doc, keys[i], "Version");
    if (!t.ok()) return t.status();
    *fields[i] = std::move(*t);
  }
  if (doc->contains("Version")) {
    auto t = OptionalText(*doc, "Version", "Version");
    if (!t.ok()) return t.status();
    m.version = std::move(*t);
  }
  if (doc->contains("Revision")) {
    auto t = OptionalText(*doc, "Revision", "Version");
    if (!t.ok()) return t.status();
    m.revision = std::move(*t);
  }
  return m;
}

Result<ClusterVersionModel> ParseClusterVersion(std::string_view body) {
  auto doc = Parse(body, "ClusterVersion");
  if (!doc.ok()) return doc.status();
  if (doc->is_string()) return ClusterVersionModel{doc->get<std::string>()};  // HBase 1.x
  RL_RETURN_IF_ERROR(ExpectObject(*doc, "the ClusterVersion"));
  auto v = OptionalText(*doc, "Version", "ClusterVersion");
  if (!v.ok()) return v.status();
  if (v->empty()) return Status::InvalidArgument("the ClusterVersion has no \"Version\"");
  return ClusterVersionModel{std::move(*v)};
}

std::string WriteScanner(const ScannerModel& m) {
  const ScannerModel defaults;
  ordered_json j = ordered_json::object();
  if (!m.start_row.empty()) j["startRow"] = Base64Encode(m.start_row);
  if (!m.end_row.empty()) j["endRow"] = Base64Encode(m.end_row);
  if (!m.columns.empty()) {
    ordered_json cols = ordered_json::array();
    for (const std::string& c : m.columns) cols.push_back(Base64Encode(c));
    j["column"] = std::move(cols);
  }
  j["batch"] = m.batch;
  if (m.caching != defaults.caching) j["caching"] = m.caching;
  if (m.start_time != defaults.start_time) j["startTime"] = m.start_time;
  if (m.end_time != defaults.end_time) j["endTime"] = m.end_time;
  j["maxVersions"] = m.max_versions;
  if (!m.filter.empty()) j["filter"] = m.filter;
  if (!m.labels.empty()) j["labels"] = m.labels;
  if (m.cache_blocks != defaults.cache_blocks) j["cacheBlocks"] = m.cache_blocks;
  // HBase 2.5.12+ / 2.6.3+ only: older gateways refuse the keys.
  if (m.include_start_row != defaults.include_start_row) j["includeStartRow"] = m.include_start_row;
  if (m.include_stop_row != defaults.include_stop_row) j["includeStopRow"] = m.include_stop_row;
  return Dump(j);
}

std::string WriteCellSetModel(const CellSetModel& m) {
  ordered_json rows = ordered_json::array();
  for (const RowModel& r : m.rows) {
    ordered_json row = ordered_json::object();
    if (r.key) row["key"] = Base64Encode(*r.key);
    ordered_json cells = ordered_json::array();
    for (const CellModel& c : r.cells) {
      ordered_json cell = ordered_json::object();
      if (c.column) cell["column"] = Base64Encode(*c.column);
      if (c.timestamp) cell["timestamp"] = *c.timestamp;
      cell["$"] = Base64Encode(c.value);
      cells.push_back(std::move(cell));
    }
    row["Cell"] = std::move(cells);
    rows.push_back(std::move(row));
  }
  ordered_json j;
  j["Row"] = std::move(rows);
  return Dump(j);
}

}  // namespace regionlab::rest::json
