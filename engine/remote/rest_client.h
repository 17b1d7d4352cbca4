// RestClient: the client half of HBase's REST gateway protocol (the
// gateway of engine/rest speaks the server half), as typed calls over an
// HttpClient. Every document is read and written by engine/rest's codecs,
// so one codec serves both ends.
//
// Requests follow what every HBase 2.x gateway accepts: Accept: application/json;
// table names with the namespace's ':' kept; cells written with PUT to the
// row "$multiput" (as HBase's own RemoteHTable does), the real keys in the
// body, so no row key is ever routed as a resource (a row named "schema"
// must not reach /T/schema); reads through stateful scanners, whose
// [startRow, endRow) and [startTime, endTime) mean the same on every 2.x
// release. A row key in a DELETE path goes as ?e=b64 when the gateway is
// HBase 2.5.9+/2.6.0+ (RegionLab's counts as 2.6.3), percent-encoded
// otherwise; there a key the gateway would route elsewhere ("schema",
// "exists", "regions", "scanner", "multiget...") is refused.
//
// Errors name the method and URL; an answer that is not the document
// expected is IOError naming the URL and the parser's complaint. A table the
// gateway does not know is NotFound "Table t does not exist", the engine's
// own message, so the shell prints HBase's "Unknown table t!".
//
// Thread-safety: as HttpClient (one request at a time).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "remote/http_client.h"
#include "rest/models.h"

namespace regionlab::remote {

// "2.5.8" or "2.6.3-regionlab-0.1.0" -> {2, 5, 8}; zeros when unreadable.
struct ServerVersion {
  int major = 0, minor = 0, patch = 0;
  // HBASE-28174: ?e=b64 row keys, 2.5.9+ in 2.5, every 2.6.
  bool SupportsBase64Keys() const;
};
ServerVersion ParseServerVersion(const std::string& text);

class RestClient {
 public:
  static Result<std::unique_ptr<RestClient>> Create(const std::string& gateway_url,
                                                    HttpOptions options = {});

  HttpClient& http() { return *http_; }
  std::string url() const { return http_->base().ToString(); }

  // /version/cluster: "2.5.8" (cached after the first success).
  Result<std::string> ClusterVersion();
  Result<rest::VersionModel> Version();
  // *bytes (may be null): the size of the answer.
  Result<rest::ClusterStatusModel> ClusterStatus(uint64_t* bytes = nullptr);

  Result<std::vector<std::string>> ListTables();
  Result<bool> TableExists(const std::string& table);
  Result<rest::TableSchemaModel> GetSchema(const std::string& table);
  Result<rest::TableInfoModel> GetRegions(const std::string& table);
  // PUT /T/schema: creates the table, or replaces the schema of an existing
  // one (families left out are dropped).
  Status PutSchema(const std::string& table, const rest::TableSchemaModel& schema);
  Status DeleteTable(const std::string& table);

  Result<std::vector<std::string>> ListNamespaces();
  // NotFound "NamespaceNotFoundException: ns" when missing.
  Result<std::map<std::string, std::string>> GetNamespace(const std::string& ns);
  Status CreateNamespace(const std::string& ns, const std::map<std::string, std::string>& props);
  Status DeleteNamespace(const std::string& ns);

  // Stateful scanners: Open returns the scanner's path (/T/scanner/ID);
  // Next returns the next batch, nullopt once the scanner is exhausted.
  Result<std::string> OpenScanner(const std::string& table, const rest::ScannerModel& scanner);
  Result<std::optional<rest::CellSetModel>> NextBatch(const std::string& scanner_path);
  Status CloseScanner(const std::string& scanner_path);

  Status PutCells(const std::string& table, const rest::CellSetModel& cells);
  // DELETE /T/ROW[/COLUMNS][/TS]: the row (no columns), families ("cf") or
  // columns ("cf:q", every version), at or below `timestamp` when it is not
  // kLatestTimestamp.
  Status DeleteCells(const std::string& table, const std::string& row,
                     const std::vector<std::string>& columns, int64_t timestamp);
  // PUT /T/$multiput?check=increment|append[&rr=true]: with `result`, the
  // cells the gateway returns (rr=true); an empty answer (304) leaves it empty.
  Status CheckedMutation(const std::string& table, const std::string& check,
                         const rest::CellSetModel& cells, rest::CellSetModel* result);

  // "/t1" or "/ns%3A..." : the table's path segment, percent-encoded with
  // the namespace separator kept.
  static std::string TablePath(const std::string& table);

 private:
  explicit RestClient(std::unique_ptr<HttpClient> http) : http_(std::move(http)) {}
  // GET `path` as JSON; the body of a 200, or the HTTP error as a Status.
  Result<std::string> GetJson(const std::string& path);
  // A request whose answer must be `ok_status` (or 200); the HTTP error otherwise.
  Result<HttpResponse> Expect(const std::string& method, const std::string& path,
                              const std::string& body, const std::string& content_type,
                              std::initializer_list<int> ok_statuses);
  // NotFound answers about `table` in the engine's words.
  Status TableError(const std::string& table, const Status& s);

  std::unique_ptr<HttpClient> http_;
  std::string cluster_version_;
};

// The parse of a document failed: IOError naming the URL.
Status NotTheDocument(const std::string& url, const char* document, const Status& parse_error);

}  // namespace regionlab::remote
