// The REST gateway's metadata resources through RestService::Handle (no
// socket): /version, /version/cluster, /status/cluster, the table list,
// namespaces, /TABLE/exists, /TABLE/schema and /TABLE/regions, in each
// representation, with HBase's status codes.
#include <QtTest>
#include <set>

#include "rest_test_util.h"

using namespace regionlab;
using namespace regionlab::test;
using nlohmann::json;

class RestMetaTest : public QObject {
  Q_OBJECT

 private slots:
  void versionInEveryRepresentation() {
    RestFixture f;
    auto j = f.GetJson("/version");
    RL_QCOMPARE_STATUS(j, 200);
    QCOMPARE(j.content_type, std::string("application/json"));
    json v = ParseBody(j);
    // node-hbase's test expects exactly HBase 2.x's five keys.
    QCOMPARE(v.size(), size_t(5));
    QCOMPARE(v["REST"].get<std::string>(), std::string("0.0.3"));
    for (const char* k : {"JVM", "OS", "Server", "Jersey"}) QVERIFY(v.contains(k));
    QVERIFY(v["OS"].get<std::string>().find("Linux") == 0);

    auto text = f.Call("GET", "/version");  // no Accept: text/plain, as HBase
    QCOMPARE(text.content_type, std::string("text/plain"));
    QVERIFY(text.body.rfind("rest 0.0.3 [JVM: ", 0) == 0);
    auto xml = f.Call("GET", "/version/rest", "", {{"Accept", "text/xml"}});
    QVERIFY(xml.body.find("<Version REST=\"0.0.3\"") != std::string::npos);
    auto pb = f.Call("GET", "/version", "", {{"Accept", "application/x-protobuf"}});
    // Version.restVersion is field 1: tag 0x0A, length 5, "0.0.3".
    QCOMPARE(pb.body.substr(0, 7), std::string("\x0A\x05" "0.0.3"));

    rest::RestOptions with_revision;
    with_revision.version_with_revision = true;
    RestFixture g(with_revision);
    QVERIFY(ParseBody(g.GetJson("/version")).contains("Version"));
  }

  void clusterVersionHasNoProtobuf() {
    RestFixture f;
    auto j = f.GetJson("/version/cluster");
    RL_QCOMPARE_STATUS(j, 200);
    QVERIFY(ParseBody(j)["Version"].get<std::string>().rfind("2.6.3-regionlab-", 0) == 0);
    RL_QCOMPARE_STATUS(f.Call("GET", "/version/cluster", "", {{"Accept", "application/x-protobuf"}}),
                       406);
    auto text = f.Call("GET", "/version/cluster");
    QVERIFY(text.body.rfind("2.6.3", 0) == 0);
  }

  void statusCarriesRealServerAndRegionFigures() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t"), {"m"}));
    auto put = f.SendJson("PUT", "/t/a/cf:q", CellSet("a", {{"cf:q", "1"}}));
    RL_QCOMPARE_STATUS(put, 200);
    RL_QCOMPARE_STATUS(f.GetJson("/t/a"), 200);
    json s = ParseBody(f.GetJson("/status/cluster"));
    QCOMPARE(s["LiveNodes"].size(), size_t(2));
    QCOMPARE(s["DeadNodes"].size(), size_t(0));
    QCOMPARE(s["regions"].get<int>(), 2);
    QCOMPARE(s["averageLoad"].get<double>(), 1.0);
    int64_t reads = 0, writes = 0;
    std::set<std::string> nodes;
    for (const auto& n : s["LiveNodes"]) {
      nodes.insert(n["name"]);
      QVERIFY(n["startCode"].get<int64_t>() > 0);
      for (const auto& r : n["Region"]) {
        const std::string name = Unb64(r["name"]);
        QVERIFY(name.rfind("t,", 0) == 0);
        QVERIFY(r.contains("memStoreSizeMB"));  // HBase 2.x's spelling
        reads += r["readRequestsCount"].get<int64_t>();
        writes += r["writeRequestsCount"].get<int64_t>();
      }
    }
    QCOMPARE(writes, int64_t(1));
    QVERIFY(reads >= 1);
    QCOMPARE(s["requests"].get<int64_t>(), reads + writes);
    // /T/regions names the same servers.
    json regions = ParseBody(f.GetJson("/t/regions"));
    for (const auto& r : regions["Region"]) QVERIFY(nodes.count(r["location"]));

    RL_QVERIFY_OK(f.cluster->admin().StopRegionServer("rs2"));
    s = ParseBody(f.GetJson("/status/cluster"));
    QCOMPARE(s["DeadNodes"], json::array({"rs2"}));
    auto text = f.Call("GET", "/status/cluster");
    QVERIFY(text.body.rfind("1 live servers, 1 dead servers, 2.0000 average load", 0) == 0);
    auto xml = f.Call("GET", "/status/cluster", "", {{"Accept", "text/xml"}});
    QVERIFY(xml.body.find("<ClusterStatus regions=\"2\"") != std::string::npos);
  }

  void tableListAndNamespaces() {
    RestFixture f;
    RL_QCOMPARE_STATUS(f.Call("POST", "/namespaces/ns1"), 201);
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t1")));
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("ns1:t2")));
    json tables = ParseBody(f.GetJson("/"));
    std::set<std::string> names;
    for (const auto& t : tables["table"]) names.insert(t["name"]);
    QCOMPARE(names, (std::set<std::string>{"t1", "ns1:t2"}));
    QVERIFY(f.Call("GET", "/").body.find("t1\n") != std::string::npos);

    json ns = ParseBody(f.GetJson("/namespaces"));
    std::set<std::string> nss(ns["Namespace"].begin(), ns["Namespace"].end());
    QCOMPARE(nss, (std::set<std::string>{"default", "hbase", "ns1"}));
    // Tables of a namespace: qualifiers only.
    QCOMPARE(ParseBody(f.GetJson("/namespaces/ns1/tables"))["table"][0]["name"], json("t2"));

    // Create with properties (201 + Location), again (403), alter (200).
    auto created = f.SendJson("POST", "/namespaces/ns2", {{"properties", {{"k", "v"}}}});
    RL_QCOMPARE_STATUS(created, 201);
    QCOMPARE(Header(created, "Location"), std::string("http://127.0.0.1:8080/namespaces/ns2"));
    RL_QCOMPARE_STATUS(f.SendJson("POST", "/namespaces/ns2", json::object()), 403);
    QCOMPARE(ParseBody(f.GetJson("/namespaces/ns2"))["properties"]["k"], json("v"));
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/namespaces/ns2", {{"properties", {{"k", "w"}}}}), 200);
    QCOMPARE(ParseBody(f.GetJson("/namespaces/ns2"))["properties"]["k"], json("w"));
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/namespaces/nope", json::object()), 403);
    auto xml = f.Call("PUT", "/namespaces/ns2",
                      "<NamespaceProperties><properties><entry><key>a</key><value>b</value>"
                      "</entry></properties></NamespaceProperties>",
                      {{"Content-Type", "text/xml"}});
    RL_QCOMPARE_STATUS(xml, 200);
    QCOMPARE(ParseBody(f.GetJson("/namespaces/ns2"))["properties"], json({{"a", "b"}}));
    // A body without Content-Type is refused (415).
    RL_QCOMPARE_STATUS(f.Call("PUT", "/namespaces/ns2", "{}"), 415);

    RL_QCOMPARE_STATUS(f.GetJson("/namespaces/nope"), 404);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/namespaces/ns1"), 503);  // not empty
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/namespaces/default"), 503);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/namespaces/ns2"), 200);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/namespaces/ns2"), 404);
  }

  void existsAndRegions() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t"), {"g", "p"}));
    auto e = f.Call("GET", "/t/exists", "", {{"Accept", "application/json"}});
    RL_QCOMPARE_STATUS(e, 200);
    QVERIFY(e.body.empty());
    RL_QCOMPARE_STATUS(f.Call("GET", "/nosuch/exists"), 404);

    json info = ParseBody(f.GetJson("/t/regions"));
    QCOMPARE(info["name"], json("t"));
    QCOMPARE(info["Region"].size(), size_t(3));
    QCOMPARE(info["Region"][0]["startKey"], json(""));
    QCOMPARE(Unb64(info["Region"][0]["endKey"]), std::string("g"));
    QCOMPARE(Unb64(info["Region"][1]["startKey"]), std::string("g"));
    QCOMPARE(info["Region"][2]["endKey"], json(""));
    const std::string name = info["Region"][1]["name"];
    QVERIFY(name.rfind("t,g,", 0) == 0);
    QCOMPARE(name.back(), '.');
    QVERIFY(info["Region"][1]["id"].get<int64_t>() > 0);
    RL_QCOMPARE_STATUS(f.GetJson("/nosuch/regions"), 404);
    // With no Accept, TableInfo answers in XML (the first type HBase produces).
    QVERIFY(f.Call("GET", "/t/regions").body.find("<TableInfo name=\"t\">") != std::string::npos);
  }

  void schemaCreateReadModifyReplaceDelete() {
    RestFixture f;
    auto put = f.SendJson("PUT", "/t/schema",
                          {{"ColumnSchema", {{{"name", "a"}, {"VERSIONS", 3}}, {{"name", "b"}}}}});
    RL_QCOMPARE_STATUS(put, 201);
    QCOMPARE(Header(put, "Location"), std::string("http://127.0.0.1:8080/t/schema"));
    json s = ParseBody(f.GetJson("/t/schema"));
    QCOMPARE(s["name"], json("t"));
    QCOMPARE(s["IS_META"], json("false"));
    QCOMPARE(s["ColumnSchema"].size(), size_t(2));
    json a = s["ColumnSchema"][0];
    QCOMPARE(a["name"], json("a"));
    QCOMPARE(a["VERSIONS"], json("3"));  // attribute values are strings
    for (const char* key : {"BLOOMFILTER", "IN_MEMORY", "KEEP_DELETED_CELLS", "DATA_BLOCK_ENCODING",
                            "TTL", "COMPRESSION", "MIN_VERSIONS", "BLOCKCACHE", "BLOCKSIZE",
                            "REPLICATION_SCOPE"}) {
      QVERIFY2(a.contains(key), key);
    }
    QCOMPARE(a["TTL"], json("2147483647"));

    // POST modifies a family and adds another; the rest stay.
    RL_QCOMPARE_STATUS(f.SendJson("POST", "/t/schema",
                                  {{"ColumnSchema", {{{"name", "a"}, {"VERSIONS", "5"}},
                                                     {{"name", "c"}, {"IN_MEMORY", true}}}}}),
                       200);
    auto desc = f.cluster->admin().GetDescriptor("t");
    RL_QVERIFY_OK(desc.status());
    QCOMPARE(desc->families.size(), size_t(3));
    QCOMPARE(desc->FindFamily("a")->max_versions, 5);
    QVERIFY(desc->FindFamily("c")->in_memory);

    // PUT replaces the schema whole: families left out are dropped.
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/schema",
                              "<TableSchema name=\"t\"><ColumnSchema name=\"c\" VERSIONS=\"2\"/>"
                              "</TableSchema>",
                              {{"Content-Type", "text/xml"}}),
                       201);
    desc = f.cluster->admin().GetDescriptor("t");
    QCOMPARE(desc->families.size(), size_t(1));
    QCOMPARE(desc->families[0].max_versions, 2);

    auto xml = f.Call("GET", "/t/schema", "", {{"Accept", "text/xml"}});
    QVERIFY(xml.body.find("<TableSchema name=\"t\" IS_META=\"false\"><ColumnSchema name=\"c\"") !=
            std::string::npos);
    auto pb = f.Call("GET", "/t/schema", "", {{"Accept", "application/x-protobuf"}});
    QCOMPARE(pb.body.substr(0, 3), std::string("\x0A\x01t"));  // TableSchema.name = 1

    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/schema"), 200);
    RL_QCOMPARE_STATUS(f.GetJson("/t/schema"), 404);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/schema"), 404);
  }

  void schemaMistakesAreClientErrorsAndCreateNothing() {
    RestFixture f;
    auto no_families = f.SendJson("PUT", "/t/schema", json::object());
    RL_QCOMPARE_STATUS(no_families, 400);
    QVERIFY(no_families.body.find("column family") != std::string::npos);
    auto bad_versions =
        f.SendJson("PUT", "/t/schema", {{"ColumnSchema", {{{"name", "a"}, {"VERSIONS", "x"}}}}});
    RL_QCOMPARE_STATUS(bad_versions, 400);
    QVERIFY(bad_versions.body.find("VERSIONS") != std::string::npos);
    auto gz = f.SendJson("PUT", "/t/schema",
                         {{"ColumnSchema", {{{"name", "a"}, {"COMPRESSION", "BZIP2"}}}}});
    RL_QCOMPARE_STATUS(gz, 400);
    auto truncated = f.Call("PUT", "/t/schema", R"({"ColumnSchema":[{"name":"a")",
                            {{"Content-Type", "application/json"}});
    RL_QCOMPARE_STATUS(truncated, 400);
    QVERIFY(truncated.body.find("malformed JSON") != std::string::npos);
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/schema", "<TableSchema", {{"Content-Type", "text/xml"}}), 400);
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/schema", "\xff\x01", {{"Content-Type", "application/x-protobuf"}}),
                       400);
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/schema", "{}", {{"Content-Type", "image/png"}}), 415);
    RL_QCOMPARE_STATUS(f.Call("PUT", "/bad%23name/schema", R"({"ColumnSchema":[{"name":"a"}]})",
                              {{"Content-Type", "application/json"}}),
                       400);
    QCOMPARE(f.cluster->admin().ListTables()->size(), size_t(0));
  }

  void negotiationAndRouting() {
    RestFixture f;
    auto r = f.Call("GET", "/version", "", {{"Accept", "image/png"}});
    RL_QCOMPARE_STATUS(r, 406);
    QCOMPARE(r.content_type, std::string("text/plain"));
    // q-values pick the representation.
    auto q = f.Call("GET", "/version", "", {{"Accept", "text/xml;q=0.5, application/json"}});
    QCOMPARE(q.content_type, std::string("application/json"));
    QCOMPARE(f.Call("GET", "/version", "", {{"Accept", "*/*"}}).content_type, std::string("text/plain"));
    RL_QCOMPARE_STATUS(f.Call("POST", "/version"), 405);
    RL_QCOMPARE_STATUS(f.Call("GET", "/status/nodes"), 404);
    RL_QCOMPARE_STATUS(f.Call("GET", "/version/nope"), 404);
    RL_QCOMPARE_STATUS(f.Call("GET", "/t"), 404);
    RL_QCOMPARE_STATUS(f.Call("GET", "/t/a*b"), 404);
    RL_QCOMPARE_STATUS(f.Call("GET", "nopath"), 400);
    // Names are table and namespace names, never paths: no request reaches a
    // file, inside the data directory or out of it.
    RL_QCOMPARE_STATUS(f.Call("GET", "/..%2F..%2Fetc%2Fpasswd/schema"), 400);
    RL_QCOMPARE_STATUS(f.Call("GET", "/../schema"), 400);
    RL_QCOMPARE_STATUS(f.Call("GET", "/namespaces/..%2Fcatalog.db"), 404);
    RL_QCOMPARE_STATUS(f.Call("GET", "/t/row?v=%zz"), 400);
    QVERIFY(f.service->stats().requests >= 10);
    QVERIFY(f.service->stats().errors >= 8);
  }

  void readOnlyRefusesEveryMutation() {
    rest::RestOptions ro;
    ro.read_only = true;
    RestFixture f(ro);
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t")));
    for (const auto& [method, path] : std::vector<std::pair<std::string, std::string>>{
             {"PUT", "/t/r/cf:q"}, {"POST", "/t/r/cf:q"}, {"DELETE", "/t/r"},
             {"PUT", "/t/schema"}, {"DELETE", "/t/schema"}, {"POST", "/namespaces/x"},
             {"PUT", "/t/scanner"}}) {
      auto r = f.SendJson(method, path, CellSet("r", {{"cf:q", "v"}}));
      RL_QCOMPARE_STATUS(r, 403);
      QCOMPARE(r.body, std::string("Forbidden: the gateway is read-only\r\n"));
    }
    QVERIFY(ParseBody(f.GetJson("/")).contains("table"));
    QCOMPARE(f.cluster->admin().ListNamespaces()->size(), size_t(2));
    RL_QCOMPARE_STATUS(f.GetJson("/t/r"), 404);
  }
};

QTEST_GUILESS_MAIN(RestMetaTest)
#include "rest_meta_test.moc"
