// RemoteConnection against RegionLab's own REST gateway over a real socket
// (HttpServer on 127.0.0.1, which speaks HBase 2.x's REST protocol and
// /jmx): the remote view of a cluster matches its local view region by
// region (keys, servers, sizes, request counts); rows written and read
// remotely are the cluster's rows; statements the gateway cannot carry and
// writes on a read-only connection are refused before anything is sent.
#include <httplib.h>

#include <QtTest>
#include <thread>

#include "regionlab/connection.h"
#include "remote/remote_connection.h"
#include "rest/http_server.h"
#include "../rest/rest_test_util.h"

using namespace regionlab;
using namespace regionlab::remote;
using namespace regionlab::test;

namespace {

struct Served {
  RestFixture fixture;
  std::unique_ptr<rest::HttpServer> server;

  Served() {
    rest::HttpServerOptions http;
    http.port = 0;
    http.threads = 4;
    server = std::make_unique<rest::HttpServer>(fixture.service.get(), http);
    const Status s = server->Start();
    if (!s.ok()) qFatal("%s", s.ToString().c_str());
  }
  ~Served() { server->Stop(); }

  Admin& admin() { return fixture.cluster->admin(); }

  std::unique_ptr<RemoteConnection> Connect(bool read_only = false, bool with_jmx = true,
                                            const std::string& master = "") {
    RemoteOptions o;
    o.gateway_url = server->url();
    o.master_info_url = master;
    // RegionLab's gateway serves /jmx on its own port.
    if (with_jmx && master.empty()) o.region_server_info_urls = {server->url()};
    o.read_only = read_only;
    o.http.read_timeout_ms = 10000;
    auto c = RemoteConnection::Open(o);
    if (!c.ok()) qFatal("%s", c.status().ToString().c_str());
    return std::move(*c);
  }
};

void PutRow(Table& t, const std::string& row, const std::string& value) {
  RowMutation m;
  m.row = row;
  MutationCell c;
  c.family = "cf";
  c.qualifier = "q";
  c.value = value;
  m.cells.push_back(c);
  RL_QVERIFY_OK(t.Put(m));
}

}  // namespace

class RemoteConnectionTest : public QObject {
  Q_OBJECT
 private slots:
  void regionsMatchTheLocalViewRegionByRegion() {
    Served s;
    RL_QVERIFY_OK(s.admin().CreateTable(RestTable("users"), {"g", "p"}));
    auto table = s.fixture.cluster->GetTable("users");
    RL_QVERIFY_OK(table.status());
    for (const char* row : {"alice", "bob", "hank", "mia", "zoe", "quinn"}) {
      PutRow(**table, row, std::string(2000, 'x'));
    }
    RL_QVERIFY_OK(s.admin().Flush("users"));
    PutRow(**table, "carol", "in the memstore");
    Get g;
    g.row = "zoe";
    RL_QVERIFY_OK((*table)->Get(g).status());

    auto remote = s.Connect();
    auto local = s.admin().ListRegions("users");
    RL_QVERIFY_OK(local.status());
    auto seen = remote->ListRegions("users");
    RL_QVERIFY_OK(seen.status());
    QCOMPARE(seen->size(), size_t(3));
    QCOMPARE(seen->size(), local->size());
    for (size_t i = 0; i < local->size(); ++i) {
      const RegionInfo& l = (*local)[i];
      const RegionInfo& r = (*seen)[i];
      QCOMPARE(r.encoded_name, l.encoded_name);
      QCOMPARE(r.table, std::string("users"));
      QCOMPARE(r.start_key, l.start_key);
      QCOMPARE(r.end_key, l.end_key);
      QCOMPARE(r.region_id, l.region_id);
      QCOMPARE(r.server, l.server);
      QCOMPARE(r.metrics.store_files, l.metrics.store_files);
      QCOMPARE(r.metrics.store_file_bytes, l.metrics.store_file_bytes);
      QCOMPARE(r.metrics.read_requests, l.metrics.read_requests);
      QCOMPARE(r.metrics.write_requests, l.metrics.write_requests);
      QCOMPARE(r.RegionName(), l.RegionName());
    }
    QVERIFY((*seen)[0].metrics.store_file_bytes > 0);
    QVERIFY((*seen)[0].metrics.write_requests >= 3);

    auto splits = remote->GetSplits("users");
    RL_QVERIFY_OK(splits.status());
    QCOMPARE(*splits, (std::vector<std::string>{"g", "p"}));
    auto located = remote->LocateRegion("users", "mia");
    RL_QVERIFY_OK(located.status());
    QCOMPARE(located->start_key, std::string("g"));
    QCOMPARE(located->encoded_name, (*local)[1].encoded_name);

    // The servers, as the status lists them.
    auto servers = remote->ListServers();
    RL_QVERIFY_OK(servers.status());
    auto local_servers = s.admin().ListServers();
    QCOMPARE(servers->size(), local_servers.size());
    uint64_t remote_regions = 0, local_regions = 0;
    for (const auto& sm : *servers) remote_regions += sm.regions;
    for (const auto& sm : local_servers) local_regions += sm.regions;
    QCOMPARE(remote_regions, local_regions);

    // Without /jmx the sizes come from the status, in whole MB (as HBase reports them).
    auto no_jmx = s.Connect(false, false);
    auto coarse = no_jmx->ListRegions("users");
    RL_QVERIFY_OK(coarse.status());
    QCOMPARE(coarse->size(), size_t(3));
    QCOMPARE((*coarse)[0].metrics.store_file_bytes % (1u << 20), uint64_t(0));
    QCOMPARE((*coarse)[0].metrics.read_requests, (*local)[0].metrics.read_requests);
  }

  void regionServersFoundFromTheMaster() {
    Served s;
    RL_QVERIFY_OK(s.admin().CreateTable(RestTable("t"), {}));
    auto table = s.fixture.cluster->GetTable("t");
    PutRow(**table, "r", std::string(3000, 'v'));
    RL_QVERIFY_OK(s.admin().Flush("t"));
    // A Master's info server: its /jmx lists the live region servers by RPC
    // address, /api/v1/.../live_servers gives their info ports (here: the
    // gateway's, whose /jmx has the region figures).
    std::atomic<bool> master_broken{false};
    std::mutex query_mu;
    std::string master_query;  // the qry the client sent (asserted on this thread)
    httplib::Server master;
    master.Get("/jmx", [&](const httplib::Request& req, httplib::Response& res) {
      if (master_broken) {
        res.set_content(R"({"result":"ERROR","message":"query format is not as expected."})",
                        "application/json");
        return;
      }
      {
        std::lock_guard<std::mutex> lock(query_mu);
        master_query = req.get_param_value("qry");
      }
      res.set_content(R"({"beans":[{"name":"Hadoop:service=HBase,name=Master,sub=Server",)"
                      R"("tag.liveRegionServers":"127.0.0.1,16020,1719830400123",)"
                      R"("tag.isActiveMaster":"true"}]})",
                      "application/json");
    });
    const int gateway_port = s.server->port();
    master.Get("/api/v1/admin/cluster_metrics/live_servers",
               [&](const httplib::Request&, httplib::Response& res) {
                 res.set_content(R"({"data":[{"server_name":{"server_name":"127.0.0.1,16020,1719830400123"},)"
                                 R"("info_server_port":)" + std::to_string(gateway_port) + "}]}",
                                 "application/json");
               });
    const int port = master.bind_to_any_port("127.0.0.1");
    std::thread t([&] { master.listen_after_bind(); });
    while (!master.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));

    auto remote = s.Connect(false, true, "http://127.0.0.1:" + std::to_string(port));
    PollReport report;
    auto sample = remote->reader().Poll(&report);
    RL_QVERIFY_OK(sample.status());
    QCOMPARE(report.region_server_info_urls, std::vector<std::string>{s.server->url()});
    QVERIFY(report.warnings.empty());
    {
      std::lock_guard<std::mutex> lock(query_mu);
      QCOMPARE(master_query, std::string("Hadoop:service=HBase,name=Master,*"));
    }
    auto local = s.admin().ListRegions("t");
    QCOMPARE(sample->regions.size(), size_t(1));
    // Exact bytes from the region server's /jmx, not the status's whole MB.
    QVERIFY(local->front().metrics.store_file_bytes % (1u << 20) != 0);
    QCOMPARE(sample->regions[0].metrics.store_file_bytes, local->front().metrics.store_file_bytes);

    // A Master that answers with an error body: a warning naming it, and the
    // poll goes on with the status's figures.
    master_broken = true;
    auto again = s.Connect(false, true, "http://127.0.0.1:" + std::to_string(port));
    PollReport report2;
    auto coarse = again->reader().Poll(&report2);
    RL_QVERIFY_OK(coarse.status());
    QCOMPARE(report2.warnings.size(), size_t(1));
    QVERIFY2(report2.warnings[0].find("the Master's region servers are unknown: http://127.0.0.1:" +
                                      std::to_string(port) + "/jmx") != std::string::npos,
             report2.warnings[0].c_str());
    QVERIFY(report2.warnings[0].find("query format is not as expected.") != std::string::npos);
    QCOMPARE(coarse->regions[0].metrics.store_file_bytes % (1u << 20), uint64_t(0));
    // Closing the clients ends their keep-alive connections, so stop() does
    // not wait for the server's keep-alive timeout.
    remote.reset();
    again.reset();
    master.stop();
    t.join();
  }

  void rowsWrittenAndReadRemotely() {
    Served s;
    auto remote = s.Connect();
    TableDescriptor d = RestTable("ns1:events", {"cf", "meta"}, 3);
    RL_QVERIFY_OK(remote->CreateNamespace("ns1", {}));
    RL_QVERIFY_OK(remote->CreateTable(d, {}));
    QCOMPARE(*remote->TableExists("ns1:events"), true);
    QVERIFY(remote->CreateTable(d, {}).IsInvalidArgument());  // no silent schema replace
    auto names = remote->ListTableNames();
    RL_QVERIFY_OK(names.status());
    QCOMPARE(*names, std::vector<std::string>{"ns1:events"});
    auto desc = remote->GetDescriptor("ns1:events");
    RL_QVERIFY_OK(desc.status());
    QCOMPARE(desc->families.size(), size_t(2));
    QCOMPARE(desc->families[0].max_versions, 3);

    auto t = remote->GetTable("ns1:events");
    RL_QVERIFY_OK(t.status());
    // A row key the gateway would route elsewhere is written through $multiput.
    for (const std::string& row : std::vector<std::string>{"schema", "r1", std::string("bin\x00\xff", 5)}) {
      RowMutation m;
      m.row = row;
      MutationCell c;
      c.family = "cf";
      c.qualifier = "q";
      c.value = "v-" + row;
      m.cells.push_back(c);
      RL_QVERIFY_OK((*t)->Put(m));
    }
    // The cluster has them.
    auto local = s.fixture.cluster->GetTable("ns1:events");
    Get lg;
    lg.row = "schema";
    QCOMPARE((*local)->Get(lg)->cells.at(0).value, std::string("v-schema"));

    Get g;
    g.row = std::string("bin\x00\xff", 5);
    auto got = (*t)->Get(g);
    RL_QVERIFY_OK(got.status());
    QCOMPARE(got->cells.size(), size_t(1));
    QCOMPARE(got->cells[0].value, "v-" + g.row);

    Scan scan;
    auto scanner = (*t)->GetScanner(scan);
    RL_QVERIFY_OK(scanner.status());
    std::vector<std::string> rows;
    RowResult r;
    while ((*scanner)->Next(&r)) rows.push_back(r.row);
    RL_QVERIFY_OK((*scanner)->status());
    QCOMPARE(rows, (std::vector<std::string>{std::string("bin\x00\xff", 5), "r1", "schema"}));

    auto n = (*t)->Increment("r1", "cf", "hits", 5);
    RL_QVERIFY_OK(n.status());
    QCOMPARE(*n, int64_t(5));
    QCOMPARE(*(*t)->Increment("r1", "cf", "hits", -2), int64_t(3));
    auto appended = (*t)->Append("r1", "cf", "q", "+more");
    RL_QVERIFY_OK(appended.status());
    QCOMPARE(*appended, std::string("v-r1+more"));

    RowMutation del;
    del.row = "r1";
    MutationCell dc;
    dc.type = CellType::kDeleteFamily;
    dc.family = "cf";
    dc.timestamp = kLatestTimestamp;
    del.cells.push_back(dc);
    RL_QVERIFY_OK((*t)->Delete(del));
    Get g1;
    g1.row = "r1";
    QVERIFY((*t)->Get(g1)->cells.empty());

    RL_QVERIFY_OK(remote->DeleteTable("ns1:events"));
    QCOMPARE(*remote->TableExists("ns1:events"), false);
    Status missing = remote->GetTable("ns1:events").status();
    QVERIFY(missing.IsNotFound());
    QCOMPARE(missing.message(), std::string("Table ns1:events does not exist"));
  }

  void whatTheGatewayCannotCarry() {
    Served s;
    RL_QVERIFY_OK(s.admin().CreateTable(RestTable("t"), {}));
    auto remote = s.Connect();
    for (const Status& st : {remote->Flush("t"), remote->Compact("t", true), remote->Split("t", "m"),
                             remote->DisableTable("t"), remote->TruncateTable("t", false),
                             remote->Balance().status()}) {
      QVERIFY2(st.IsNotSupported(), st.ToString().c_str());
      QVERIFY2(st.message().rfind("not available over the REST gateway: ", 0) == 0, st.message().c_str());
      QVERIFY2(st.message().find("HBase shell") != std::string::npos, st.message().c_str());
    }
    Status presplit = remote->CreateTable(RestTable("t2"), {"m"});
    QVERIFY(presplit.IsNotSupported());
    QVERIFY2(presplit.message().find("pre-split") != std::string::npos, presplit.message().c_str());
    QCOMPARE(*remote->TableExists("t2"), false);
    QCOMPARE(*s.admin().GetSplits("t"), std::vector<std::string>{});  // nothing split
  }

  void readOnlyRefusesEveryWrite() {
    Served s;
    RL_QVERIFY_OK(s.admin().CreateTable(RestTable("t"), {}));
    auto remote = s.Connect(/*read_only=*/true);
    auto t = remote->GetTable("t");
    RL_QVERIFY_OK(t.status());
    RowMutation m;
    m.row = "r";
    MutationCell c;
    c.family = "cf";
    c.qualifier = "q";
    c.value = "v";
    m.cells.push_back(c);
    const std::vector<Status> refused = {
        (*t)->Put(m), (*t)->Increment("r", "cf", "n", 1).status(),
        (*t)->Append("r", "cf", "q", "x").status(), remote->CreateTable(RestTable("t2"), {}),
        remote->DeleteTable("t"), remote->CreateNamespace("ns", {}),
        remote->ModifyTable(*remote->GetDescriptor("t"))};
    for (const Status& st : refused) {
      QVERIFY2(st.IsNotSupported(), st.ToString().c_str());
      QVERIFY2(st.message().find("the connection to " + s.server->url() + " is read-only") !=
                   std::string::npos,
               st.message().c_str());
    }
    // Nothing reached the cluster; reads work.
    QCOMPARE(*s.admin().TableExists("t"), true);
    QCOMPARE(*s.admin().TableExists("t2"), false);
    Scan scan;
    auto scanner = (*t)->GetScanner(scan);
    RL_QVERIFY_OK(scanner.status());
    RowResult r;
    QVERIFY(!(*scanner)->Next(&r));
    RL_QVERIFY_OK((*scanner)->status());
  }
};

QTEST_GUILESS_MAIN(RemoteConnectionTest)
#include "remote_connection_test.moc"
