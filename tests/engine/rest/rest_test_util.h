// Helpers for the REST gateway's tests: a cluster in a temporary directory
// with a RestService over it, and requests made as a client would write
// them (raw path and query, headers, body).
#pragma once

#include <QtTest>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regionlab/cluster.h"
#include "rest/rest_service.h"
#include "rest/url_codec.h"
#include "../cluster/cluster_test_util.h"
#include "support/test_util.h"

namespace regionlab::test {

inline ClusterOptions RestTestCluster() {
  ClusterOptions o;
  o.region_servers = 2;
  o.block_cache_per_server = 4 << 20;
  o.metrics_interval_ms = 0;
  return o;
}

// A table with `families`, each keeping `versions` versions.
inline TableDescriptor RestTable(const std::string& name, std::vector<std::string> families = {"cf"},
                                 int versions = 1) {
  TableDescriptor d = SimpleTable(name, std::move(families));
  for (FamilyOptions& f : d.families) f.max_versions = versions;
  return d;
}

// A cluster and a gateway over it, for one test.
struct RestFixture {
  TempDir dir;
  std::unique_ptr<Cluster> cluster;
  std::unique_ptr<rest::RestService> service;

  explicit RestFixture(rest::RestOptions options = {}) {
    auto c = Cluster::Open(dir.path(), RestTestCluster());
    if (!c.ok()) qFatal("%s", c.status().ToString().c_str());
    cluster = std::move(*c);
    service = std::make_unique<rest::RestService>(cluster.get(), std::move(options));
  }
  ~RestFixture() {
    service.reset();
    if (cluster) (void)cluster->Close();
  }

  // `target` is "/path?query", sent as it is; the body's stream, if any, is
  // drained into body.
  rest::RestResponse Call(const std::string& method, const std::string& target,
                          const std::string& body = "", rest::HeaderList headers = {}) {
    rest::RestRequest r;
    r.method = method;
    const size_t q = target.find('?');
    r.path = target.substr(0, q);
    if (q != std::string::npos) r.query = target.substr(q + 1);
    r.headers = std::move(headers);
    r.body = body;
    r.base_url = "http://127.0.0.1:8080";
    rest::RestResponse resp = service->Handle(r);
    if (!rest::DrainStream(&resp)) resp.status = -1;
    return resp;
  }
  rest::RestResponse GetJson(const std::string& target) {
    return Call("GET", target, "", {{"Accept", "application/json"}});
  }
  rest::RestResponse SendJson(const std::string& method, const std::string& target,
                              const nlohmann::json& body) {
    return Call(method, target, body.dump(),
                {{"Content-Type", "application/json"}, {"Accept", "application/json"}});
  }

  Table& table(const std::string& name) {
    auto t = cluster->GetTable(name);
    if (!t.ok()) qFatal("%s", t.status().ToString().c_str());
    handles.push_back(*t);
    return *handles.back();
  }
  std::vector<std::shared_ptr<Table>> handles;
};

inline std::string B64(const std::string& s) { return rest::Base64Encode(s); }
inline std::string Unb64(const std::string& s) {
  auto d = rest::Base64Decode(s, "test");
  return d.ok() ? *d : "<bad base64>";
}

// {"Row":[{"key":b64(row),"Cell":[{"column":b64(col),"$":b64(value)}...]}]}
inline nlohmann::json CellSet(const std::string& row,
                              const std::vector<std::pair<std::string, std::string>>& cells) {
  nlohmann::json cs = nlohmann::json::array();
  for (const auto& [col, val] : cells) cs.push_back({{"column", B64(col)}, {"$", B64(val)}});
  return {{"Row", nlohmann::json::array({{{"key", B64(row)}, {"Cell", cs}}})}};
}

inline nlohmann::json ParseBody(const rest::RestResponse& r) {
  return nlohmann::json::parse(r.body, nullptr, false);
}

// The (row, column, value) triples of a CellSet JSON body, decoded.
inline std::vector<std::vector<std::string>> Cells(const nlohmann::json& set) {
  std::vector<std::vector<std::string>> out;
  if (!set.is_object() || !set.contains("Row")) return out;
  for (const auto& row : set["Row"]) {
    for (const auto& c : row["Cell"]) {
      out.push_back({Unb64(row["key"]), Unb64(c["column"]), Unb64(c["$"])});
    }
  }
  return out;
}

inline std::string Header(const rest::RestResponse& r, const std::string& name) {
  return std::string(rest::FindHeader(r.headers, name));
}

}  // namespace regionlab::test

// Evaluates `resp` once (it is often the request itself).
#define RL_QCOMPARE_STATUS(resp, code)                                                        \
  do {                                                                                        \
    const ::regionlab::rest::RestResponse& rl_r_ = (resp);                                    \
    QVERIFY2(rl_r_.status == (code), (std::to_string(rl_r_.status) + " " + rl_r_.body).c_str()); \
  } while (0)
