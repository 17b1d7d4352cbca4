// /jmx: RegionLab's region-server metrics under HBase's bean and attribute
// names, with the servlet's qry, get, excl and callback parameters.
#include <QtTest>

#include "rest/jmx.h"
#include "rest_test_util.h"

using namespace regionlab;
using namespace regionlab::test;
using nlohmann::json;

class RestJmxTest : public QObject {
  Q_OBJECT

  static const json* FindBean(const json& beans, const std::string& name) {
    for (const auto& b : beans["beans"]) {
      if (b["name"] == name) return &b;
    }
    return nullptr;
  }

 private slots:
  void objectNamePatterns() {
    const std::string server = "Hadoop:service=HBase,name=RegionServer,sub=Server";
    QVERIFY(rest::ObjectNameMatches("*:*", server));
    QVERIFY(rest::ObjectNameMatches(server, server));
    QVERIFY(rest::ObjectNameMatches("Hadoop:service=HBase,name=RegionServer,*", server));
    QVERIFY(rest::ObjectNameMatches("Hadoop:service=HBase,name=RegionServer,sub=*", server));
    QVERIFY(rest::ObjectNameMatches("Had*:sub=Server,*", server));
    QVERIFY(!rest::ObjectNameMatches("Hadoop:service=HBase,name=RegionServer", server));
    QVERIFY(!rest::ObjectNameMatches("java.lang:type=Memory", server));
    QVERIFY(!rest::ObjectNameMatches("no colon", server));
  }

  void realFiguresUnderHBaseNames() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("ns_t")));
    for (int i = 0; i < 10; ++i) {
      RL_QCOMPARE_STATUS(f.SendJson("PUT", "/ns_t/r" + std::to_string(i) + "/cf:q",
                                    CellSet("r" + std::to_string(i), {{"cf:q", "v"}})),
                         200);
    }
    RL_QVERIFY_OK(f.cluster->admin().Flush("ns_t"));
    RL_QCOMPARE_STATUS(f.GetJson("/ns_t/r3"), 200);
    auto r = f.Call("GET", "/jmx");
    RL_QCOMPARE_STATUS(r, 200);
    QCOMPARE(r.content_type, std::string("application/json; charset=utf8"));
    json all = ParseBody(r);
    const json* server = FindBean(all, "Hadoop:service=HBase,name=RegionServer,sub=Server");
    QVERIFY(server);
    QCOMPARE((*server)["modelerType"], json("RegionServer,sub=Server"));
    // Keys in the servlet's order: name, modelerType, tags, metrics.
    const size_t at = r.body.find("\"Hadoop:service=HBase,name=RegionServer,sub=Server\"");
    QVERIFY(at < r.body.find("\"modelerType\"", at));
    QVERIFY(r.body.find("\"modelerType\"", at) < r.body.find("\"tag.Context\"", at));
    QVERIFY(r.body.find("\"tag.Hostname\"", at) < r.body.find("\"regionCount\"", at));
    QCOMPARE((*server)["tag.Context"], json("regionserver"));
    QCOMPARE((*server)["regionCount"].get<int>(), 1);
    QCOMPARE((*server)["storeFileCount"].get<int>(), 1);
    QVERIFY((*server)["storeFileSize"].get<int64_t>() > 0);
    QCOMPARE((*server)["writeRequestCount"].get<int>(), 10);
    QVERIFY((*server)["readRequestCount"].get<int>() >= 1);
    QVERIFY((*server)["regionServerStartTime"].get<int64_t>() > 0);
    QCOMPARE((*server)["flushTime_num_ops"].get<int>(), 1);
    // What RegionLab does not measure is absent, not zero.
    QVERIFY(!server->contains("hlogFileCount"));
    const json* regions = FindBean(all, "Hadoop:service=HBase,name=RegionServer,sub=Regions");
    QVERIFY(regions);
    const auto info = *f.cluster->admin().ListRegions("ns_t");
    const std::string prefix = "Namespace_default_table_ns_t_region_" + info[0].encoded_name + "_metric_";
    QCOMPARE((*regions)[prefix + "writeRequestCount"].get<int>(), 10);
    QCOMPARE((*regions)[prefix + "storeFileCount"].get<int>(), 1);
    const json* tables = FindBean(all, "Hadoop:service=HBase,name=RegionServer,sub=Tables");
    QCOMPARE((*tables)["Namespace_default_table_ns_t_metric_regionCount"].get<int>(), 1);
    QCOMPARE((*tables)["numTables"].get<int>(), 1);
    const json* wal = FindBean(all, "Hadoop:service=HBase,name=RegionServer,sub=WAL");
    QVERIFY((*wal)["appendCount"].get<int>() >= 10);
    const json* rest = FindBean(all, "Hadoop:service=HBase,name=REST");
    QVERIFY((*rest)["requests"].get<int>() >= 12);
  }

  void queryGetExclAndCallback() {
    RestFixture f;
    json only = ParseBody(f.Call("GET", "/jmx?qry=Hadoop:service%3DHBase,name%3DRegionServer,sub%3DServer"));
    QCOMPARE(only["beans"].size(), size_t(1));
    json rs = ParseBody(f.Call("GET", "/jmx?qry=Hadoop:service=HBase,name=RegionServer,*"));
    QCOMPARE(rs["beans"].size(), size_t(4));
    json none = ParseBody(f.Call("GET", "/jmx?qry=java.lang:type=Memory"));
    QCOMPARE(none, json({{"beans", json::array()}}));
    json excl = ParseBody(f.Call("GET", "/jmx?excl=Hadoop:service=HBase,name=RegionServer,sub=Regions"));
    QCOMPARE(excl["beans"].size(), size_t(4));

    json one = ParseBody(f.Call("GET", "/jmx?get=Hadoop:service=HBase,name=RegionServer,sub=Server::regionCount"));
    QCOMPARE(one["beans"][0].size(), size_t(3));
    QCOMPARE(one["beans"][0]["regionCount"], json(0));
    json re = ParseBody(f.Call("GET", "/jmx?get=Hadoop:service=HBase,name=RegionServer,sub=Server::.*CacheHit.*,regionCount"));
    QVERIFY(re["beans"][0].contains("l1CacheHitCount"));
    QVERIFY(re["beans"][0].contains("regionCount"));
    QVERIFY(!re["beans"][0].contains("storeCount"));
    json missing = ParseBody(f.Call("GET", "/jmx?get=Hadoop:service=HBase,name=RegionServer,sub=Server::nope"));
    QCOMPARE(missing["beans"][0]["result"], json("ERROR"));
    QCOMPARE(missing["beans"][0]["message"], json("No attribute with name nope was found."));
    auto bad = f.Call("GET", "/jmx?get=nocolons");
    RL_QCOMPARE_STATUS(bad, 400);
    QCOMPARE(ParseBody(bad)["message"], json("query format is not as expected."));

    auto jsonp = f.Call("GET", "/jmx?qry=Hadoop:service=HBase,name=REST&callback=cb_1");
    QCOMPARE(jsonp.content_type, std::string("application/javascript; charset=utf8"));
    QVERIFY(jsonp.body.rfind("cb_1({", 0) == 0);
    QVERIFY(jsonp.body.size() > 3 && jsonp.body.substr(jsonp.body.size() - 2) == ");");
    RL_QCOMPARE_STATUS(f.Call("GET", "/jmx?callback=alert(1)"), 500);
    RL_QCOMPARE_STATUS(f.Call("POST", "/jmx"), 405);
  }
};

QTEST_GUILESS_MAIN(RestJmxTest)
#include "rest_jmx_test.moc"
