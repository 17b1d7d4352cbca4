// The REST gateway over a real socket (HttpServer on 127.0.0.1, an ephemeral
// port, cpp-httplib's client): a session in JSON, XML and protobuf,
// keep-alive, gzip, a streamed scan, eight clients writing and scanning at
// once, and bad input that must get a 4xx, write nothing and leave the
// server serving.
#include <httplib.h>

#include <QtTest>
#include <atomic>
#include <random>
#include <thread>

#include "rest/codec.h"
#include "rest/http_server.h"
#include "rest_test_util.h"

using namespace regionlab;
using namespace regionlab::test;
using nlohmann::json;

namespace {

struct Served {
  RestFixture fixture;
  std::unique_ptr<rest::HttpServer> server;

  explicit Served(rest::RestOptions options = {}) : fixture(std::move(options)) {
    rest::HttpServerOptions http;
    http.port = 0;
    http.threads = 12;
    http.keep_alive_seconds = 1;
    server = std::make_unique<rest::HttpServer>(fixture.service.get(), http);
    const Status s = server->Start();
    if (!s.ok()) qFatal("%s", s.ToString().c_str());
  }
  ~Served() { server->Stop(); }

  std::unique_ptr<httplib::Client> Client() {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", server->port());
    c->set_keep_alive(true);
    c->set_tcp_nodelay(true);  // else Nagle holds each body behind its headers for 40 ms
    c->set_connection_timeout(10);
    c->set_read_timeout(30);
    c->set_write_timeout(30);
    return c;
  }
};

httplib::Headers Json() { return {{"Accept", "application/json"}}; }

int Code(const httplib::Result& r) { return r ? r->status : -1; }

}  // namespace

class RestHttpTest : public QObject {
  Q_OBJECT

 private slots:
  void sessionInJsonXmlAndProtobuf() {
    Served s;
    auto c = s.Client();
    QCOMPARE(Code(c->Put("/t/schema", R"({"ColumnSchema":[{"name":"cf","VERSIONS":"3"}]})",
                           "application/json")),
             201);
    // JSON put / get.
    QCOMPARE(Code(c->Put("/t/j/cf:a", CellSet("j", {{"cf:a", "json"}}).dump(), "application/json")), 200);
    auto g = c->Get("/t/j/cf:a", Json());
    QCOMPARE(Code(g), 200);
    QCOMPARE(Cells(json::parse(g->body))[0][2], std::string("json"));
    // XML put / get.
    const std::string xml = "<CellSet><Row key=\"" + B64("x") + "\"><Cell column=\"" + B64("cf:a") +
                            "\">" + B64("xml") + "</Cell></Row></CellSet>";
    QCOMPARE(Code(c->Post("/t/x/cf:a", xml, "text/xml")), 200);
    auto gx = c->Get("/t/x/cf:a", {{"Accept", "text/xml"}});
    QVERIFY(gx->body.find(">" + B64("xml") + "</Cell>") != std::string::npos);
    // Protobuf put (the gateway's own writer makes the body) / get.
    RowResult row;
    row.row = "p";
    row.cells.push_back({"p", "cf", "a", 1000, CellType::kPut, "proto", 0});
    const std::string pb = rest::WriteCellSet(rest::MediaType::kProtobuf, {row});
    QCOMPARE(Code(c->Put("/t/p/cf:a", pb, "application/x-protobuf")), 200);
    auto gp = c->Get("/t/p/cf:a", {{"Accept", "application/x-protobuf"}});
    auto parsed = rest::ParseCellSet(rest::MediaType::kProtobuf, gp->body);
    QVERIFY(parsed.ok());
    QCOMPARE(parsed->rows[0].cells[0].value, std::string("proto"));

    // A scanner in each representation.
    for (const auto& [type, body] : std::vector<std::pair<std::string, std::string>>{
             {"application/json", R"({"batch":2})"},
             {"text/xml", "<Scanner batch=\"2\"/>"},
             {"application/x-protobuf", std::string("\x20\x02", 2)}}) {
      auto created = c->Put("/t/scanner", body, type.c_str());
      QCOMPARE(Code(created), 201);
      const std::string loc = created->get_header_value("Location");
      const std::string path = loc.substr(loc.find("/t/scanner/"));
      size_t cells = 0;
      for (int i = 0; i < 10; ++i) {
        auto batch = c->Get(path.c_str(), {{"Accept", type}});
        if (Code(batch) == 204) break;
        QCOMPARE(Code(batch), 200);
        auto set = rest::ParseCellSet(*rest::ParseContentType(type), batch->body);
        QVERIFY(set.ok());
        for (const auto& r : set->rows) cells += r.cells.size();
      }
      QCOMPARE(cells, size_t(3));
      QCOMPARE(Code(c->Delete(path.c_str())), 200);
    }
    // check-and-put, then delete.
    const json swap = CellSet("j", {{"cf:a", "new"}, {"cf:a", "json"}});
    QCOMPARE(Code(c->Put("/t/j?check=put", swap.dump(), "application/json")), 200);
    QCOMPARE(Code(c->Put("/t/j?check=put", swap.dump(), "application/json")), 304);
    QCOMPARE(Code(c->Delete("/t/j")), 200);
    QCOMPARE(Code(c->Get("/t/j", Json())), 404);
    QCOMPARE(Code(c->Get("/t/x/cf:a", Json())), 200);
  }

  void gzipKeepAliveAndStreamedScans() {
    Served s;
    RL_QVERIFY_OK(s.fixture.cluster->admin().CreateTable(RestTable("t")));
    Table& t = s.fixture.table("t");
    std::vector<RowMutation> rows;
    for (int i = 0; i < 5000; ++i) {
      char key[16];
      std::snprintf(key, sizeof(key), "r%05d", i);
      rows.push_back(RowMutation{key, {}}.Put("cf", "q", std::string(100, 'v')));
    }
    RL_QVERIFY_OK(t.Batch(rows));
    auto c = s.Client();
    c->set_decompress(false);
    auto gz = c->Get("/t/*", {{"Accept", "application/json"}, {"Accept-Encoding", "gzip"}});
    QCOMPARE(Code(gz), 200);
    QCOMPARE(gz->get_header_value("Content-Encoding"), std::string("gzip"));
    QCOMPARE(gz->get_header_value("Transfer-Encoding"), std::string("chunked"));
    QVERIFY(gz->body.size() < 5000 * 100 / 4);
    auto pgz = c->Get("/t/r00001", {{"Accept", "application/x-protobuf"}, {"Accept-Encoding", "gzip"}});
    QCOMPARE(pgz->get_header_value("Content-Encoding"), std::string("gzip"));
    c->set_decompress(true);
    auto all = c->Get("/t/*", Json());
    QCOMPARE(Cells(json::parse(all->body)).size(), size_t(5000));
    // The same connection served every request (keep-alive).
    for (int i = 0; i < 50; ++i) QCOMPARE(Code(c->Get("/t/r00042", Json())), 200);
    QVERIFY(c->is_socket_open());
  }

  void eightClientsWriteAndScanWithoutLosingWrites() {
    Served s;
    RL_QVERIFY_OK(s.fixture.cluster->admin().CreateTable(RestTable("t"), {"c2", "c4", "c6"}));
    constexpr int kClients = 8, kRows = 150;
    std::atomic<int> failures{0}, scans{0};
    std::vector<std::thread> threads;
    for (int w = 0; w < kClients; ++w) {
      threads.emplace_back([&, w] {
        auto c = s.Client();
        for (int i = 0; i < kRows; ++i) {
          const std::string key = "c" + std::to_string(w) + "-" + std::to_string(i);
          auto r = c->Put(("/t/" + key + "/cf:q").c_str(), CellSet(key, {{"cf:q", key}}).dump(),
                          "application/json");
          if (Code(r) != 200) ++failures;
          if (i % 25 == 0) {
            auto created = c->Post("/t/scanner", R"({"batch":100})", "application/json");
            if (Code(created) != 201) {
              ++failures;
              continue;
            }
            const std::string loc = created->get_header_value("Location");
            const std::string path = loc.substr(loc.find("/t/scanner/"));
            for (int b = 0; b < 100; ++b) {
              auto batch = c->Get(path.c_str(), Json());
              if (Code(batch) == 204) break;
              if (Code(batch) != 200) ++failures;
            }
            if (Code(c->Delete(path.c_str())) != 200) ++failures;
            ++scans;
          }
        }
      });
    }
    for (auto& th : threads) th.join();
    QCOMPARE(failures.load(), 0);
    QCOMPARE(scans.load(), kClients * (kRows / 25));
    // Every acknowledged write is there, through the gateway and the engine.
    auto c = s.Client();
    QCOMPARE(Cells(json::parse(c->Get("/t/*", Json())->body)).size(), size_t(kClients * kRows));
    std::vector<std::string> keys;
    auto scanner = s.fixture.table("t").GetScanner(Scan{});
    RowResult r;
    while ((*scanner)->Next(&r)) keys.push_back(r.row);
    QCOMPARE(keys.size(), size_t(kClients * kRows));
    QCOMPARE(s.fixture.service->stats().open_scanners, uint64_t(0));
  }

  void badInputGets4xxWritesNothingAndServingGoesOn() {
    rest::RestOptions o;
    o.max_body_bytes = 1 << 20;
    Served s(o);
    RL_QVERIFY_OK(s.fixture.cluster->admin().CreateTable(RestTable("t")));
    auto c = s.Client();
    std::mt19937 rng(2024);
    const char* types[] = {"application/json", "text/xml", "application/x-protobuf"};
    const std::string good = CellSet("k", {{"cf:q", "v"}}).dump();
    int requests = 0;
    for (int i = 0; i < 150; ++i) {
      std::string body;
      if (i % 3 == 0) {
        body = good.substr(0, rng() % (good.size() - 1));  // truncated
      } else {
        body.resize(rng() % 200);
        for (char& ch : body) ch = static_cast<char>(rng());
      }
      const char* type = types[i % 3];
      auto r = i % 2 ? c->Put("/t/k/cf:q", body, type) : c->Post("/t/scanner", body, type);
      ++requests;
      const int st = Code(r);
      QVERIFY2((st >= 400 && st < 500) || (st == 201 && i % 2 == 0),
               (std::to_string(i) + ": " + std::to_string(st)).c_str());
    }
    // Too large a body, too many headers, unknown paths and methods.
    QCOMPARE(Code(c->Put("/t/k/cf:q", std::string(2 << 20, 'x'), "application/octet-stream")), 413);
    httplib::Headers many;
    for (int i = 0; i < 150; ++i) many.emplace("X-Filler-" + std::to_string(i), "x");
    auto fresh = s.Client();
    QCOMPARE(Code(fresh->Get("/version", many)), 431);
    for (const char* path : {"/t/a*b", "/status/x", "/version/x", "/t", "/namespaces/ns/x/y"}) {
      QCOMPARE(Code(c->Get(path, Json())), 404);
    }
    QCOMPARE(Code(c->Delete("/version")), 405);
    // Nothing was written; the server still answers.
    QCOMPARE(Code(c->Get("/t/*", Json())), 200);
    QCOMPARE(Cells(json::parse(c->Get("/t/*", Json())->body)).size(), size_t(0));
    QCOMPARE(Code(s.Client()->Get("/version", Json())), 200);
    QVERIFY(requests == 150);
  }
};

QTEST_GUILESS_MAIN(RestHttpTest)
#include "rest_http_test.moc"
