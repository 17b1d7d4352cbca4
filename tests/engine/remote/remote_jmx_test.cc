// The client's reading of what HBase's servers send: /jmx JSON in the shape
// of HBase 2.5/2.6's JMXJsonServlet (beans with tags first, 64-bit
// counters, "NaN" for non-finite doubles, errors answered with 200 and a
// "result":"ERROR" body), the Master's live-server list, region names and
// base URLs. The JSON below follows HBase's bean and attribute names
// (MetricsRegionServerSourceImpl, MetricsRegionSourceImpl, MetricsMasterSourceImpl).
#include <QtTest>

#include "remote/cluster_join.h"
#include "remote/http_client.h"
#include "remote/jmx_reader.h"
#include "remote/rest_client.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::remote;

namespace {

const char kRegionServerJmx[] = R"({
  "beans" : [ {
    "name" : "Hadoop:service=HBase,name=RegionServer,sub=Server",
    "modelerType" : "RegionServer,sub=Server",
    "tag.zookeeperQuorum" : "zk1:2181,zk2:2181,zk3:2181",
    "tag.serverName" : "rs1.example.com,16020,1719830400123",
    "tag.clusterId" : "5f0c6a57-1b8e-4a0c-9d6e-2f3f1c1e7a11",
    "tag.Context" : "regionserver",
    "tag.Hostname" : "rs1.example.com",
    "regionCount" : 42, "storeCount" : 84, "hlogFileCount" : 7, "hlogFileSize" : 412334890,
    "storeFileCount" : 131, "memStoreSize" : 268435456, "storeFileSize" : 53687091200,
    "splitQueueLength" : 0, "compactionQueueLength" : 2, "flushQueueLength" : 1,
    "blockCacheFreeSize" : 1180000000, "blockCacheCount" : 51234, "blockCacheSize" : 3110000000,
    "blockCacheCountHitPercent" : 97.41, "blockCacheExpressHitPercent" : "NaN",
    "readRequestRatePerSecond" : 1523.4, "writeRequestRatePerSecond" : 310.2,
    "totalRequestCount" : 918273645, "readRequestCount" : 9123456789012,
    "writeRequestCount" : 120394857, "blockCacheHitCount" : 40211877,
    "blockCacheMissCount" : 1069000, "blockCacheEvictionCount" : 88211,
    "blockedRequestCount" : 0
  }, {
    "name" : "Hadoop:service=HBase,name=RegionServer,sub=Regions",
    "modelerType" : "RegionServer,sub=Regions",
    "tag.Context" : "regionserver", "tag.Hostname" : "rs1.example.com",
    "Namespace_default_table_usertable_region_38854d8401bfb7630bc0ed555db9e62b_metric_storeCount" : 1,
    "Namespace_default_table_usertable_region_38854d8401bfb7630bc0ed555db9e62b_metric_storeFileCount" : 3,
    "Namespace_default_table_usertable_region_38854d8401bfb7630bc0ed555db9e62b_metric_memStoreSize" : 6291456,
    "Namespace_default_table_usertable_region_38854d8401bfb7630bc0ed555db9e62b_metric_storeFileSize" : 1288490188,
    "Namespace_default_table_usertable_region_38854d8401bfb7630bc0ed555db9e62b_metric_readRequestCount" : 981234,
    "Namespace_default_table_usertable_region_38854d8401bfb7630bc0ed555db9e62b_metric_writeRequestCount" : 22010,
    "Namespace_default_table_usertable_region_38854d8401bfb7630bc0ed555db9e62b_store_cf_metric_mixedRowReadsCount" : 12,
    "Namespace_hbase_table_meta_region_1588230740_metric_storeFileCount" : 2
  }, {
    "name" : "Hadoop:service=HBase,name=RegionServer,sub=WAL",
    "modelerType" : "RegionServer,sub=WAL",
    "tag.Context" : "regionserver", "tag.Hostname" : "rs1.example.com",
    "appendCount" : 120394857, "writtenBytes" : 98765432100, "syncTime_num_ops" : 5544332
  }, {
    "name" : "java.lang:type=Memory", "modelerType" : "sun.management.MemoryImpl",
    "HeapMemoryUsage" : {"committed" : 1, "init" : 2, "max" : 3, "used" : 4}
  } ]
})";

const char kMasterJmx[] = R"({
  "beans": [
    {
      "name": "Hadoop:service=HBase,name=Master,sub=Server", "modelerType": "Master,sub=Server",
      "tag.liveRegionServers": "rs1.example.com,16020,1719830400123;rs2.example.com,16020,1719830411456",
      "tag.deadRegionServers": "", "tag.drainingRegionServers": "",
      "tag.serverName": "master1.example.com,16000,1719830300001",
      "tag.isActiveMaster": "true", "tag.Context": "master", "tag.Hostname": "master1.example.com",
      "averageLoad": 42.5, "numRegionServers": 2, "numDeadRegionServers": 0
    },
    {
      "name": "Hadoop:service=HBase,name=Master,sub=AssignmentManager", "modelerType": "Master,sub=AssignmentManager",
      "tag.Context": "master", "tag.Hostname": "master1.example.com",
      "ritCount": 3, "ritCountOverThreshold": 0, "ritOldestAge": 0
    }
  ]
})";

}  // namespace

class RemoteJmxTest : public QObject {
  Q_OBJECT
 private slots:
  void regionServerBeans() {
    RegionServerJmx j;
    RL_QVERIFY_OK(ReadRegionServerJmx(kRegionServerJmx, "http://rs1:16030/jmx", &j));
    QCOMPARE(j.server, std::string("rs1.example.com:16020"));
    QCOMPARE(j.hostname, std::string("rs1.example.com"));
    QCOMPARE(*j.regions, uint64_t(42));
    QCOMPARE(*j.store_files, uint64_t(131));
    QCOMPARE(*j.store_file_bytes, uint64_t(53687091200));  // beyond 32 bits
    QCOMPARE(*j.memstore_bytes, uint64_t(268435456));
    QCOMPARE(*j.read_requests, uint64_t(9123456789012));
    QCOMPARE(*j.write_requests, uint64_t(120394857));
    QCOMPARE(*j.read_rate, 1523.4);
    QCOMPARE(*j.block_cache_bytes, uint64_t(3110000000));
    QCOMPARE(*j.block_cache_free_bytes, uint64_t(1180000000));
    QCOMPARE(*j.block_cache_hits, uint64_t(40211877));
    QCOMPARE(*j.block_cache_misses, uint64_t(1069000));
    QCOMPARE(*j.block_cache_evictions, uint64_t(88211));
    QCOMPARE(*j.block_cache_hit_percent, 97.41);
    QCOMPARE(*j.compaction_queue, uint64_t(2));
    QCOMPARE(*j.flush_queue, uint64_t(1));
    QCOMPARE(*j.wal_files, uint64_t(7));
    QCOMPARE(*j.wal_file_bytes, uint64_t(412334890));
    QCOMPARE(*j.wal_syncs, uint64_t(5544332));
    QCOMPARE(*j.wal_written_bytes, uint64_t(98765432100));
    // Per region: the user region and hbase:meta's old-style name; the
    // per-store attribute is not a region figure.
    QCOMPARE(j.regions_by_name.size(), size_t(2));
    const RegionJmx& r = j.regions_by_name.at("38854d8401bfb7630bc0ed555db9e62b");
    QCOMPARE(*r.stores, uint64_t(1));
    QCOMPARE(*r.store_files, uint64_t(3));
    QCOMPARE(*r.memstore_bytes, uint64_t(6291456));
    QCOMPARE(*r.store_file_bytes, uint64_t(1288490188));
    QCOMPARE(*r.read_requests, uint64_t(981234));
    QCOMPARE(*r.write_requests, uint64_t(22010));
    QCOMPARE(*j.regions_by_name.at("1588230740").store_files, uint64_t(2));
  }

  void missingFiguresStayUnknown() {
    // A release without a figure, or one reported as "NaN", is unknown, not 0.
    RegionServerJmx j;
    RL_QVERIFY_OK(ReadRegionServerJmx(
        R"({"beans":[{"name":"Hadoop:service=HBase,name=RegionServer,sub=Server",)"
        R"("tag.serverName":"h,16020,1","blockCacheCountHitPercent":"NaN","regionCount":-1}]})",
        "u", &j));
    QCOMPARE(j.server, std::string("h:16020"));
    QVERIFY(!j.block_cache_hit_percent.has_value());
    QVERIFY(!j.regions.has_value());
    QVERIFY(!j.memstore_bytes.has_value());
    // No matching bean: 200 with an empty list is not an error.
    RegionServerJmx empty;
    RL_QVERIFY_OK(ReadRegionServerJmx(R"({"beans" : [ ]})", "u", &empty));
    QVERIFY(!empty.regions.has_value());
  }

  void errorBodiesAreErrors() {
    // HBase answers a malformed get with HTTP 200 and this body.
    RegionServerJmx j;
    Status s = ReadRegionServerJmx(R"({"result":"ERROR","message":"query format is not as expected."})",
                                   "http://rs1:16030/jmx?get=x", &j);
    QVERIFY(s.IsInvalidArgument());
    QVERIFY2(s.message().find("http://rs1:16030/jmx?get=x") != std::string::npos, s.message().c_str());
    QVERIFY2(s.message().find("query format is not as expected.") != std::string::npos,
             s.message().c_str());
    for (const char* body : {"<html>Error 500</html>", "{}", "[1,2]", R"({"beans":{}})", ""}) {
      Status bad = ReadRegionServerJmx(body, "http://rs1:16030/jmx", &j);
      QVERIFY2(bad.IsInvalidArgument(), body);
      QVERIFY(bad.message().find("http://rs1:16030/jmx") != std::string::npos);
      MasterJmx m;
      QVERIFY(ReadMasterJmx(body, "http://m:16010/jmx", &m).IsInvalidArgument());
    }
  }

  void masterBeans() {
    MasterJmx m;
    RL_QVERIFY_OK(ReadMasterJmx(kMasterJmx, "http://master1:16010/jmx", &m));
    QVERIFY(m.active);
    QCOMPARE(m.live_servers, (std::vector<std::string>{"rs1.example.com,16020,1719830400123",
                                                       "rs2.example.com,16020,1719830411456"}));
    QVERIFY(m.dead_servers.empty());
    QCOMPARE(*m.average_load, 42.5);
    QCOMPARE(*m.regions_in_transition, uint64_t(3));
    // A backup master reports empty lists and is not active.
    MasterJmx backup;
    RL_QVERIFY_OK(ReadMasterJmx(
        R"({"beans":[{"name":"Hadoop:service=HBase,name=Master,sub=Server",)"
        R"("tag.liveRegionServers":"","tag.isActiveMaster":"false"}]})",
        "u", &backup));
    QVERIFY(!backup.active);
    QVERIFY(backup.live_servers.empty());
  }

  void liveServersApi() {
    // /api/v1/admin/cluster_metrics/live_servers (Gson, lower_case_with_underscores).
    auto servers = ReadLiveServers(
        R"({"data":[{"server_name":{"server_name":"rs1.example.com,16020,1719830400123","start_code":1719830400123},)"
        R"("info_server_port":16030,"version":"2.5.8"},)"
        R"({"server_name":{"server_name":"rs2.example.com,16020,1719830411456"},"info_server_port":-1}]})",
        "http://master1:16010/api/v1/admin/cluster_metrics/live_servers");
    RL_QVERIFY_OK(servers.status());
    QCOMPARE(servers->size(), size_t(2));
    QCOMPARE((*servers)[0].server_name, std::string("rs1.example.com,16020,1719830400123"));
    QCOMPARE((*servers)[0].info_port, 16030);
    QCOMPARE((*servers)[1].info_port, -1);
    QVERIFY(ReadLiveServers("<html/>", "u").status().IsInvalidArgument());
    QVERIFY(ReadLiveServers(R"({"data":{}})", "u").status().IsInvalidArgument());
  }

  void namesAndAddresses() {
    QCOMPARE(ServerAddress("rs1.example.com,16020,1719830400123"), std::string("rs1.example.com:16020"));
    QCOMPARE(ServerAddress("rs1:16020"), std::string("rs1:16020"));
    QCOMPARE(ServerHost("rs1.example.com,16020,1"), std::string("rs1.example.com"));
    QCOMPARE(ServerHost("rs1:16020"), std::string("rs1"));
    std::string encoded, metric;
    QVERIFY(SplitRegionMetric(
        "Namespace_ns1_table_my_table_region_38854d8401bfb7630bc0ed555db9e62b_metric_storeFileSize",
        &encoded, &metric));
    QCOMPARE(encoded, std::string("38854d8401bfb7630bc0ed555db9e62b"));
    QCOMPARE(metric, std::string("storeFileSize"));
    QVERIFY(!SplitRegionMetric(
        "Namespace_default_table_t_region_38854d8401bfb7630bc0ed555db9e62b_store_cf_metric_x", &encoded,
        &metric));
    QVERIFY(!SplitRegionMetric("Namespace_default_table_t_metric_readRequestCount", &encoded, &metric));

    // Region names, binary start keys (with ',' and '.') included.
    RegionNameParts p;
    QVERIFY(ParseRegionName("usertable,user5,1719830400123.38854d8401bfb7630bc0ed555db9e62b.", &p));
    QCOMPARE(p.table, std::string("usertable"));
    QCOMPARE(p.start_key, std::string("user5"));
    QCOMPARE(p.id, int64_t(1719830400123));
    QCOMPARE(p.encoded, std::string("38854d8401bfb7630bc0ed555db9e62b"));
    QVERIFY(ParseRegionName(std::string("ns:t,a,b.\x01,5.0123456789abcdef0123456789abcdef.", 46), &p));
    QCOMPARE(p.table, std::string("ns:t"));
    QCOMPARE(p.start_key, std::string("a,b.\x01"));
    QCOMPARE(p.id, int64_t(5));
    QVERIFY(ParseRegionName("t,,1.0123456789abcdef0123456789abcdef.", &p));
    QCOMPARE(p.start_key, std::string());
    QVERIFY(!ParseRegionName("no-comma", &p));
    QVERIFY(!ParseRegionName("t,key,notanumber.0123456789abcdef0123456789abcdef.", &p));
  }

  void baseUrlsAndVersions() {
    auto u = ParseBaseUrl("HTTPS://gw.example.com:8443/hbase/rest/");
    RL_QVERIFY_OK(u.status());
    QCOMPARE(u->scheme, std::string("https"));
    QCOMPARE(u->host, std::string("gw.example.com"));
    QCOMPARE(u->port, 8443);
    QCOMPARE(u->prefix, std::string("/hbase/rest"));
    QCOMPARE(u->ToString(), std::string("https://gw.example.com:8443/hbase/rest"));
    QCOMPARE(ParseBaseUrl("http://gw")->port, 80);
    QCOMPARE(ParseBaseUrl("http://[::1]:8080")->host, std::string("::1"));
    QCOMPARE(ParseBaseUrl("http://[::1]:8080")->origin(), std::string("http://[::1]:8080"));
    for (const char* bad : {"gw:8080", "ftp://gw", "http://", "http://gw:http", "http://gw:70000",
                            "http://user@gw", "http://gw/x?y=1"}) {
      Status s = ParseBaseUrl(bad).status();
      QVERIFY2(s.IsInvalidArgument(), bad);
      QVERIFY2(s.message().find(bad) != std::string::npos, s.message().c_str());
    }
    QVERIFY(!ParseServerVersion("2.5.8").SupportsBase64Keys());
    QVERIFY(ParseServerVersion("2.5.9").SupportsBase64Keys());
    QVERIFY(ParseServerVersion("2.6.0-hadoop3").SupportsBase64Keys());
    QVERIFY(!ParseServerVersion("1.4.14").SupportsBase64Keys());
    QVERIFY(!ParseServerVersion("unknown").SupportsBase64Keys());
    QCOMPARE(RestClient::TablePath("ns1:my table"), std::string("/ns1:my%20table"));
  }
};

QTEST_GUILESS_MAIN(RemoteJmxTest)
#include "remote_jmx_test.moc"
