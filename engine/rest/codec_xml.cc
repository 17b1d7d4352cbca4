// XML, in the shapes JAXB gives HBase's model classes: byte strings are
// base64 attributes or text, numbers are attributes. Parsed with pugixml,
// which resolves no external entities, so a body cannot make the server
// read a file.
#include <pugixml.hpp>

#include "rest/codec.h"
#include "rest/row_spec.h"
#include "rest/url_codec.h"

namespace regionlab::rest::xml {

const char kDeclaration[] = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>";

namespace {

Status Load(pugi::xml_document* doc, std::string_view body, const char* root, pugi::xml_node* out) {
  const pugi::xml_parse_result r =
      doc->load_buffer(body.data(), body.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!r) {
    return Status::InvalidArgument(std::string("malformed XML ") + root + " at offset " +
                                   std::to_string(r.offset) + ": " + r.description());
  }
  *out = doc->child(root);
  if (!*out) {
    const pugi::xml_node first = doc->document_element();
    return Status::InvalidArgument(std::string("the XML body must be a <") + root + "> element" +
                                   (first ? std::string(", not <") + first.name() + ">" : ""));
  }
  return Status::OK();
}

Result<std::string> Bytes(const char* text, std::string_view where) {
  return Base64Decode(text, where);
}

Result<int64_t> Long(const pugi::xml_attribute& a, std::string_view where) {
  return ParseLong(a.value(), where);
}

Result<int32_t> Int(const pugi::xml_attribute& a, std::string_view where) {
  auto v = ParseLong(a.value(), where);
  if (!v.ok()) return v.status();
  if (*v < INT32_MIN || *v > INT32_MAX) {
    return Status::InvalidArgument(std::string(where) + " is out of the range of an int");
  }
  return static_cast<int32_t>(*v);
}

Result<bool> Bool(const pugi::xml_attribute& a, std::string_view where) {
  const std::string v = a.value();
  if (v == "true") return true;
  if (v == "false") return false;
  return Status::InvalidArgument(std::string(where) + " must be true or false, not '" + v + "'");
}

struct StringWriter : pugi::xml_writer {
  std::string* out;
  explicit StringWriter(std::string* o) : out(o) {}
  void write(const void* data, size_t size) override {
    out->append(static_cast<const char*>(data), size);
  }
};

// The document with JAXB's declaration, on one line.
std::string Save(const pugi::xml_document& doc) {
  std::string out = kDeclaration;
  StringWriter w(&out);
  doc.save(w, "", pugi::format_raw | pugi::format_no_declaration, pugi::encoding_utf8);
  return out;
}

// XML names allow letters, digits, '_', '-', '.', ':' (not first for the
// last three or digits); attributes that cannot be written are left out.
bool IsXmlName(std::string_view s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const bool other = (c >= '0' && c <= '9') || c == '-' || c == '.';
    if (!letter && (i == 0 || !other)) return false;
  }
  return true;
}

}  // namespace

Result<CellSetModel> ParseCellSet(std::string_view body) {
  pugi::xml_document doc;
  pugi::xml_node root;
  RL_RETURN_IF_ERROR(Load(&doc, body, "CellSet", &root));
  CellSetModel set;
  size_t ri = 0;
  for (pugi::xml_node row : root.children("Row")) {
    const std::string where = "Row[" + std::to_string(ri++) + "]";
    RowModel r;
    if (pugi::xml_attribute k = row.attribute("key")) {
      auto key = Bytes(k.value(), where + " key");
      if (!key.ok()) return key.status();
      r.key = std::move(*key);
    }
    size_t ci = 0;
    for (pugi::xml_node cell : row.children("Cell")) {
      const std::string cw = where + ".Cell[" + std::to_string(ci++) + "]";
      CellModel c;
      if (pugi::xml_attribute col = cell.attribute("column")) {
        auto v = Bytes(col.value(), cw + " column");
        if (!v.ok()) return v.status();
        c.column = std::move(*v);
      }
      if (pugi::xml_attribute ts = cell.attribute("timestamp")) {
        auto v = Long(ts, cw + " timestamp");
        if (!v.ok()) return v.status();
        c.timestamp = *v;
      }
      auto v = Bytes(cell.text().get(), cw + " value");
      if (!v.ok()) return v.status();
      c.value = std::move(*v);
      r.cells.push_back(std::move(c));
    }
    set.rows.push_back(std::move(r));
  }
  return set;
}

Result<ScannerModel> ParseScanner(std::string_view body) {
  pugi::xml_document doc;
  pugi::xml_node root;
  RL_RETURN_IF_ERROR(Load(&doc, body, "Scanner", &root));
  ScannerModel m;
  for (pugi::xml_attribute a : root.attributes()) {
    const std::string name = a.name();
    const std::string where = "Scanner " + name;
    if (name == "startRow" || name == "endRow") {
      auto b = Bytes(a.value(), where);
      if (!b.ok()) return b.status();
      (name == "startRow" ? m.start_row : m.end_row) = std::move(*b);
    } else if (name == "batch" || name == "caching" || name == "maxVersions") {
      auto n = Int(a, where);
      if (!n.ok()) return n.status();
      (name == "batch" ? m.batch : name == "caching" ? m.caching : m.max_versions) = *n;
    } else if (name == "startTime" || name == "endTime") {
      auto n = Long(a, where);
      if (!n.ok()) return n.status();
      (name == "startTime" ? m.start_time : m.end_time) = *n;
    } else if (name == "cacheBlocks" || name == "includeStartRow" || name == "includeStopRow") {
      auto b = Bool(a, where);
      if (!b.ok()) return b.status();
      (name == "cacheBlocks" ? m.cache_blocks
                             : name == "includeStartRow" ? m.include_start_row
                                                         : m.include_stop_row) = *b;
    }
  }
  size_t i = 0;
  for (pugi::xml_node c : root.children("column")) {
    auto b = Bytes(c.text().get(), "Scanner column[" + std::to_string(i++) + "]");
    if (!b.ok()) return b.status();
    m.columns.push_back(std::move(*b));
  }
  if (pugi::xml_node f = root.child("filter")) m.filter = f.text().get();
  for (pugi::xml_node l : root.children("labels")) m.labels.push_back(l.text().get());
  return m;
}

Result<TableSchemaModel> ParseTableSchema(std::string_view body) {
  pugi::xml_document doc;
  pugi::xml_node root;
  RL_RETURN_IF_ERROR(Load(&doc, body, "TableSchema", &root));
  TableSchemaModel m;
  for (pugi::xml_attribute a : root.attributes()) {
    if (std::string_view(a.name()) == "name") {
      m.name = a.value();
    } else {
      m.attrs.emplace_back(a.name(), a.value());
    }
  }
  for (pugi::xml_node col : root.children("ColumnSchema")) {
    ColumnSchemaModel c;
    for (pugi::xml_attribute a : col.attributes()) {
      if (std::string_view(a.name()) == "name") {
        c.name = a.value();
      } else {
        c.attrs.emplace_back(a.name(), a.value());
      }
    }
    m.columns.push_back(std::move(c));
  }
  return m;
}

Result<NamespacePropertiesModel> ParseNamespaceProperties(std::string_view body) {
  pugi::xml_document doc;
  pugi::xml_node root;
  RL_RETURN_IF_ERROR(Load(&doc, body, "NamespaceProperties", &root));
  NamespacePropertiesModel m;
  for (pugi::xml_node entry : root.child("properties").children("entry")) {
    if (!entry.child("key")) {
      return Status::InvalidArgument("a NamespaceProperties <entry> has no <key>");
    }
    m.properties[entry.child("key").text().get()] = entry.child("value").text().get();
  }
  return m;
}

std::string WriteVersion(const VersionModel& m) {
  pugi::xml_document doc;
  pugi::xml_node v = doc.append_child("Version");
  v.append_attribute("REST") = m.rest.c_str();
  v.append_attribute("JVM") = m.jvm.c_str();
  v.append_attribute("OS") = m.os.c_str();
  v.append_attribute("Server") = m.server.c_str();
  v.append_attribute("Jersey") = m.jersey.c_str();
  if (m.version) v.append_attribute("Version") = m.version->c_str();
  if (m.revision) v.append_attribute("Revision") = m.revision->c_str();
  return Save(doc);
}

std::string WriteClusterVersion(const ClusterVersionModel& m) {
  pugi::xml_document doc;
  doc.append_child("ClusterVersion").append_attribute("Version") = m.version.c_str();
  return Save(doc);
}

std::string WriteClusterStatus(const ClusterStatusModel& m) {
  pugi::xml_document doc;
  pugi::xml_node s = doc.append_child("ClusterStatus");
  s.append_attribute("regions") = m.regions;
  s.append_attribute("requests") = static_cast<long long>(m.requests);
  s.append_attribute("averageLoad") = m.average_load;
  pugi::xml_node live = s.append_child("LiveNodes");
  for (const StatusNodeModel& n : m.live_nodes) {
    pugi::xml_node node = live.append_child("Node");
    node.append_attribute("name") = n.name.c_str();
    node.append_attribute("startCode") = static_cast<long long>(n.start_code);
    node.append_attribute("requests") = static_cast<long long>(n.requests);
    node.append_attribute("heapSizeMB") = n.heap_size_mb;
    node.append_attribute("maxHeapSizeMB") = n.max_heap_size_mb;
    for (const StatusRegionModel& r : n.regions) {
      pugi::xml_node region = node.append_child("Region");
      region.append_attribute("name") = Base64Encode(r.name).c_str();
      region.append_attribute("stores") = r.stores;
      region.append_attribute("storefiles") = r.storefiles;
      region.append_attribute("storefileSizeMB") = r.storefile_size_mb;
      region.append_attribute("memStoreSizeMB") = r.memstore_size_mb;
      region.append_attribute("readRequestsCount") = static_cast<long long>(r.read_requests);
      region.append_attribute("writeRequestsCount") = static_cast<long long>(r.write_requests);
      if (r.total_compacting_kvs) {
        region.append_attribute("totalCompactingKVs") =
            static_cast<long long>(*r.total_compacting_kvs);
      }
      if (r.current_compacted_kvs) {
        region.append_attribute("currentCompactedKVs") =
            static_cast<long long>(*r.current_compacted_kvs);
      }
    }
  }
  pugi::xml_node dead = s.append_child("DeadNodes");
  for (const std::string& n : m.dead_nodes) dead.append_child("Node").text() = n.c_str();
  return Save(doc);
}

std::string WriteTableList(const TableListModel& m) {
  pugi::xml_document doc;
  pugi::xml_node list = doc.append_child("TableList");
  for (const std::string& n : m.names) list.append_child("table").append_attribute("name") = n.c_str();
  return Save(doc);
}

std::string WriteNamespaces(const NamespacesModel& m) {
  pugi::xml_document doc;
  pugi::xml_node list = doc.append_child("Namespaces");
  for (const std::string& n : m.names) list.append_child("Namespace").text() = n.c_str();
  return Save(doc);
}

std::string WriteNamespaceProperties(const NamespacePropertiesModel& m) {
  pugi::xml_document doc;
  pugi::xml_node props = doc.append_child("NamespaceProperties").append_child("properties");
  for (const auto& [k, v] : m.properties) {
    pugi::xml_node e = props.append_child("entry");
    e.append_child("key").text() = k.c_str();
    e.append_child("value").text() = v.c_str();
  }
  return Save(doc);
}

std::string WriteTableSchema(const TableSchemaModel& m) {
  pugi::xml_document doc;
  pugi::xml_node t = doc.append_child("TableSchema");
  t.append_attribute("name") = m.name.c_str();
  for (const auto& [k, v] : m.attrs) {
    if (IsXmlName(k)) t.append_attribute(k.c_str()) = v.c_str();
  }
  for (const ColumnSchemaModel& c : m.columns) {
    pugi::xml_node col = t.append_child("ColumnSchema");
    col.append_attribute("name") = c.name.c_str();
    for (const auto& [k, v] : c.attrs) {
      if (IsXmlName(k)) col.append_attribute(k.c_str()) = v.c_str();
    }
  }
  return Save(doc);
}

std::string WriteTableInfo(const TableInfoModel& m) {
  pugi::xml_document doc;
  pugi::xml_node t = doc.append_child("TableInfo");
  t.append_attribute("name") = m.name.c_str();
  for (const TableRegionModel& r : m.regions) {
    pugi::xml_node region = t.append_child("Region");
    region.append_attribute("endKey") = Base64Encode(r.end_key).c_str();
    region.append_attribute("id") = static_cast<long long>(r.id);
    region.append_attribute("location") = r.location.c_str();
    region.append_attribute("name") = r.name.c_str();
    region.append_attribute("startKey") = Base64Encode(r.start_key).c_str();
  }
  return Save(doc);
}

const char kRowEnd[] = "</Row>";

void AppendRowStart(std::string_view key, std::string* out) {
  out->append("<Row key=\"");
  AppendBase64(key, out);
  out->append("\">");
}

void AppendCells(const RowResult& row, size_t begin, size_t end, bool /*first*/, std::string* out) {
  std::string column;
  for (size_t i = begin; i < end; ++i) {
    const Cell& c = row.cells[i];
    column.assign(c.family).append(1, ':').append(c.qualifier);
    out->append("<Cell column=\"");
    AppendBase64(column, out);
    out->append("\" timestamp=\"");
    out->append(std::to_string(c.timestamp));
    out->append("\">");
    AppendBase64(c.value, out);
    out->append("</Cell>");
  }
}

}  // namespace regionlab::rest::xml
