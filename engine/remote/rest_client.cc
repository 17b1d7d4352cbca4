#include "remote/rest_client.h"

#include <cstdlib>

#include "rest/codec.h"
#include "rest/url_codec.h"

namespace regionlab::remote {

namespace {

constexpr char kJson[] = "application/json";

// URL-safe base64 without padding: HBase's ?e=b64 row keys.
std::string Base64Url(std::string_view bytes) {
  std::string s = rest::Base64Encode(bytes);
  for (char& c : s) {
    if (c == '+') c = '-';
    if (c == '/') c = '_';
  }
  while (!s.empty() && s.back() == '=') s.pop_back();
  return s;
}

// A row the gateway would route to another resource when written in a path.
bool RoutedElsewhere(const std::string& row) {
  return row == "exists" || row == "regions" || row == "scanner" || row == "schema" ||
         row.rfind("multiget", 0) == 0 || row.empty();
}

}  // namespace

bool ServerVersion::SupportsBase64Keys() const {
  return major > 2 || (major == 2 && (minor > 5 || (minor == 5 && patch >= 9)));
}

ServerVersion ParseServerVersion(const std::string& text) {
  ServerVersion v;
  int* parts[] = {&v.major, &v.minor, &v.patch};
  size_t i = 0;
  for (int* p : parts) {
    if (i >= text.size() || text[i] < '0' || text[i] > '9') break;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') *p = *p * 10 + (text[i++] - '0');
    if (i < text.size() && text[i] == '.') ++i;
  }
  return v;
}

Status NotTheDocument(const std::string& url, const char* document, const Status& parse_error) {
  return Status::IOError("GET " + url + ": the answer is not a " + document + " document: " +
                         parse_error.message());
}

Result<std::unique_ptr<RestClient>> RestClient::Create(const std::string& gateway_url,
                                                       HttpOptions options) {
  auto http = HttpClient::Create(gateway_url, std::move(options));
  if (!http.ok()) return http.status();
  return std::unique_ptr<RestClient>(new RestClient(std::move(*http)));
}

std::string RestClient::TablePath(const std::string& table) {
  const size_t colon = table.find(':');
  if (colon == std::string::npos) return "/" + rest::UrlEncode(table);
  return "/" + rest::UrlEncode(table.substr(0, colon)) + ":" +
         rest::UrlEncode(table.substr(colon + 1));
}

Result<std::string> RestClient::GetJson(const std::string& path) {
  auto r = http_->Get(path, kJson);
  if (!r.ok()) return r.status();
  if (r->status != 200) return HttpStatusError("GET", http_->UrlOf(path), *r);
  return std::move(r->body);
}

Result<HttpResponse> RestClient::Expect(const std::string& method, const std::string& path,
                                        const std::string& body, const std::string& content_type,
                                        std::initializer_list<int> ok_statuses) {
  auto r = http_->Send(method, path, kJson, body, content_type);
  if (!r.ok()) return r.status();
  for (int ok : ok_statuses) {
    if (r->status == ok) return r;
  }
  return HttpStatusError(method, http_->UrlOf(path), *r);
}

Status RestClient::TableError(const std::string& table, const Status& s) {
  if (s.IsNotFound()) return Status::NotFound("Table " + table + " does not exist");
  return s;
}

Result<std::string> RestClient::ClusterVersion() {
  if (!cluster_version_.empty()) return cluster_version_;
  auto body = GetJson("/version/cluster");
  if (!body.ok()) return body.status();
  auto m = rest::json::ParseClusterVersion(*body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf("/version/cluster"), "ClusterVersion", m.status());
  cluster_version_ = m->version;
  return cluster_version_;
}

Result<rest::VersionModel> RestClient::Version() {
  auto body = GetJson("/version/rest");
  if (!body.ok()) return body.status();
  auto m = rest::json::ParseVersion(*body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf("/version/rest"), "Version", m.status());
  return m;
}

Result<rest::ClusterStatusModel> RestClient::ClusterStatus(uint64_t* bytes) {
  auto body = GetJson("/status/cluster");
  if (!body.ok()) return body.status();
  if (bytes != nullptr) *bytes = body->size();
  auto m = rest::json::ParseClusterStatus(*body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf("/status/cluster"), "ClusterStatus", m.status());
  return m;
}

Result<std::vector<std::string>> RestClient::ListTables() {
  auto body = GetJson("/");
  if (!body.ok()) return body.status();
  auto m = rest::json::ParseTableList(*body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf("/"), "TableList", m.status());
  return std::move(m->names);
}

Result<bool> RestClient::TableExists(const std::string& table) {
  const std::string path = TablePath(table) + "/exists";
  auto r = http_->Get(path, kJson);
  if (!r.ok()) return r.status();
  if (r->status == 200) return true;
  if (r->status == 404) return false;
  return HttpStatusError("GET", http_->UrlOf(path), *r);
}

Result<rest::TableSchemaModel> RestClient::GetSchema(const std::string& table) {
  const std::string path = TablePath(table) + "/schema";
  auto body = GetJson(path);
  if (!body.ok()) return TableError(table, body.status());
  auto m = rest::json::ParseTableSchema(*body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf(path), "TableSchema", m.status());
  return m;
}

Result<rest::TableInfoModel> RestClient::GetRegions(const std::string& table) {
  const std::string path = TablePath(table) + "/regions";
  auto body = GetJson(path);
  if (!body.ok()) return TableError(table, body.status());
  auto m = rest::json::ParseTableInfo(*body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf(path), "TableInfo", m.status());
  return m;
}

Status RestClient::PutSchema(const std::string& table, const rest::TableSchemaModel& schema) {
  auto r = Expect("PUT", TablePath(table) + "/schema", rest::json::WriteTableSchema(schema), kJson,
                  {201, 200});
  return r.status();
}

Status RestClient::DeleteTable(const std::string& table) {
  auto r = Expect("DELETE", TablePath(table) + "/schema", "", "", {200});
  return TableError(table, r.status());
}

Result<std::vector<std::string>> RestClient::ListNamespaces() {
  auto body = GetJson("/namespaces");
  if (!body.ok()) return body.status();
  auto m = rest::json::ParseNamespaces(*body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf("/namespaces"), "Namespaces", m.status());
  return std::move(m->names);
}

Result<std::map<std::string, std::string>> RestClient::GetNamespace(const std::string& ns) {
  const std::string path = "/namespaces/" + rest::UrlEncode(ns);
  auto r = http_->Get(path, kJson);
  if (!r.ok()) return r.status();
  // HBase answers a missing namespace with 500 (a RuntimeException), RegionLab with 404.
  if (r->status == 404 ||
      (r->status == 500 && r->body.find("NamespaceNotFound") != std::string::npos)) {
    return Status::NotFound("NamespaceNotFoundException: " + ns);
  }
  if (r->status != 200) return HttpStatusError("GET", http_->UrlOf(path), *r);
  auto m = rest::json::ParseNamespaceProperties(r->body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf(path), "NamespaceProperties", m.status());
  return std::move(m->properties);
}

Status RestClient::CreateNamespace(const std::string& ns,
                                   const std::map<std::string, std::string>& props) {
  rest::NamespacePropertiesModel m;
  m.properties = props;
  const std::string path = "/namespaces/" + rest::UrlEncode(ns);
  auto r = http_->Send("POST", path, kJson, rest::json::WriteNamespaceProperties(m), kJson);
  if (!r.ok()) return r.status();
  if (r->status == 201 || r->status == 200) return Status::OK();
  if (r->status == 403 && r->body.find("exist") != std::string::npos) {
    return Status::InvalidArgument("Namespace " + ns + " already exists");
  }
  return HttpStatusError("POST", http_->UrlOf(path), *r);
}

Status RestClient::DeleteNamespace(const std::string& ns) {
  const std::string path = "/namespaces/" + rest::UrlEncode(ns);
  auto r = http_->Send("DELETE", path, kJson, "", "");
  if (!r.ok()) return r.status();
  if (r->status == 200) return Status::OK();
  if (r->status == 404) return Status::NotFound("NamespaceNotFoundException: " + ns);
  return HttpStatusError("DELETE", http_->UrlOf(path), *r);
}

Result<std::string> RestClient::OpenScanner(const std::string& table,
                                            const rest::ScannerModel& scanner) {
  const std::string path = TablePath(table) + "/scanner";
  auto r = Expect("PUT", path, rest::json::WriteScanner(scanner), kJson, {201});
  if (!r.ok()) return TableError(table, r.status());
  const std::string location = r->Header("Location");
  const size_t at = location.rfind("/scanner/");
  if (at == std::string::npos || at + 9 >= location.size()) {
    return Status::IOError("PUT " + http_->UrlOf(path) +
                           ": the gateway created a scanner but named no scanner/ID in Location ('" +
                           location + "')");
  }
  return path + "/" + location.substr(at + 9);
}

Result<std::optional<rest::CellSetModel>> RestClient::NextBatch(const std::string& scanner_path) {
  auto r = http_->Get(scanner_path, kJson);
  if (!r.ok()) return r.status();
  if (r->status == 204) return std::optional<rest::CellSetModel>();
  if (r->status == 410) {
    return Status::IOError("GET " + http_->UrlOf(scanner_path) +
                           ": HTTP 410 Gone (the scanner expired on the gateway or the table was"
                           " disabled)");
  }
  if (r->status != 200) return HttpStatusError("GET", http_->UrlOf(scanner_path), *r);
  auto m = rest::json::ParseCellSet(r->body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf(scanner_path), "CellSet", m.status());
  return std::optional<rest::CellSetModel>(std::move(*m));
}

Status RestClient::CloseScanner(const std::string& scanner_path) {
  auto r = http_->Send("DELETE", scanner_path, kJson, "", "");
  if (!r.ok()) return r.status();
  // 404: an exhausted scanner some gateways drop themselves; gone either way.
  if (r->status == 200 || r->status == 404) return Status::OK();
  return HttpStatusError("DELETE", http_->UrlOf(scanner_path), *r);
}

Status RestClient::PutCells(const std::string& table, const rest::CellSetModel& cells) {
  auto r = Expect("PUT", TablePath(table) + "/%24multiput", rest::json::WriteCellSetModel(cells),
                  kJson, {200});
  return TableError(table, r.status());
}

Status RestClient::DeleteCells(const std::string& table, const std::string& row,
                               const std::vector<std::string>& columns, int64_t timestamp) {
  auto version = ClusterVersion();
  const bool b64 = version.ok() && ParseServerVersion(*version).SupportsBase64Keys();
  std::string path = TablePath(table) + "/";
  if (b64) {
    path += Base64Url(row);
  } else {
    if (RoutedElsewhere(row)) {
      return Status::NotSupported(
          "the row '" + row + "' cannot be deleted through this REST gateway: its key would be"
          " read as the gateway's own resource, and binary keys (?e=b64) need HBase 2.5.9 or"
          " later; delete it in the HBase shell");
    }
    path += rest::UrlEncode(row);
  }
  if (!columns.empty()) {
    path += "/";
    for (size_t i = 0; i < columns.size(); ++i) {
      if (i) path += ",";
      path += b64 ? Base64Url(columns[i]) : rest::UrlEncode(columns[i]);
    }
  } else if (timestamp != kLatestTimestamp) {
    return Status::NotSupported(
        "deleting a whole row up to a timestamp needs its families named over the REST gateway");
  }
  if (timestamp != kLatestTimestamp) path += "/" + std::to_string(timestamp);
  if (b64) path += "?e=b64";
  auto r = Expect("DELETE", path, "", "", {200});
  return TableError(table, r.status());
}

Status RestClient::CheckedMutation(const std::string& table, const std::string& check,
                                   const rest::CellSetModel& cells, rest::CellSetModel* result) {
  std::string path = TablePath(table) + "/%24multiput?check=" + check;
  if (result != nullptr) path += "&rr=true";
  auto r = Expect("PUT", path, rest::json::WriteCellSetModel(cells), kJson, {200, 304});
  if (!r.ok()) return TableError(table, r.status());
  if (result == nullptr || r->status == 304 || r->body.empty()) return Status::OK();
  auto m = rest::json::ParseCellSet(r->body);
  if (!m.ok()) return NotTheDocument(http_->UrlOf(path), "CellSet", m.status());
  *result = std::move(*m);
  return Status::OK();
}

}  // namespace regionlab::remote
