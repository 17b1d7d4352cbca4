// The client's half of the REST codecs and the join of one poll: HBase
// 2.x's /status/cluster document (base64 region names, memStoreSizeMB, with
// 1.x's memstoreSizeMB and storefileIndexSizeMB tolerated), refused when its
// shape is wrong, naming the field; /T/regions, the status and the region
// servers' /jmx joined into a ClusterSample; and the filter language sent as
// HBase's FilterModel JSON. The status document has the keys of HBase's
// TestStorageClusterStatusModel.
#include <QtTest>

#include "filter/filter_parser.h"
#include "remote/cluster_join.h"
#include "rest/codec.h"
#include "rest/filter_json.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::remote;

namespace {

// usertable,,1712345678901.0123456789abcdef0123456789abcdef. and
// usertable,user5,1712345678902.fedcba9876543210fedcba9876543210., base64.
const char kStatus[] = R"({"regions":3,"requests":0,"averageLoad":1.5,
 "LiveNodes":[{"name":"rs1.example.com:16020","startCode":1712345678901,"requests":0,
   "heapSizeMB":128,"maxHeapSizeMB":1024,
   "Region":[{"name":"dXNlcnRhYmxlLCwxNzEyMzQ1Njc4OTAxLjAxMjM0NTY3ODlhYmNkZWYwMTIzNDU2Nzg5YWJjZGVmLg==",
     "stores":1,"storefiles":2,"storefileSizeMB":300,
     "memStoreSizeMB":5,"storefileIndexSizeKB":7,"readRequestsCount":1000,"writeRequestsCount":200,
     "rootIndexSizeKB":1,"totalStaticIndexSizeKB":1,"totalStaticBloomSizeKB":1,
     "totalCompactingKVs":1,"currentCompactedKVs":1},
    {"name":"aGJhc2U6bWV0YSwsMS4xNTg4MjMwNzQw","stores":1,"storefiles":1,"storefileSizeMB":0,
     "memStoreSizeMB":0,"readRequestsCount":50,"writeRequestsCount":3}]},
  {"name":"rs2.example.com:16020","startCode":1712345678999,"requests":0,
   "heapSizeMB":100,"maxHeapSizeMB":2048,
   "Region":[{"name":"dXNlcnRhYmxlLHVzZXI1LDE3MTIzNDU2Nzg5MDIuZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTAu",
     "stores":1,"storefiles":1,"storefileSizeMB":10,"memstoreSizeMB":2,"storefileIndexSizeMB":1,
     "readRequestsCount":10,"writeRequestsCount":20,"cpRequestsCount":4}]}],
 "DeadNodes":["rs3.example.com,16020,1712345000000"]})";

rest::TableInfoModel UserTable() {
  rest::TableInfoModel t;
  t.name = "usertable";
  rest::TableRegionModel a;
  a.name = "usertable,,1712345678901.0123456789abcdef0123456789abcdef.";
  a.end_key = "user5";
  a.id = 1712345678901;
  a.location = "rs1.example.com:16020";
  rest::TableRegionModel b;
  b.name = "usertable,user5,1712345678902.fedcba9876543210fedcba9876543210.";
  b.start_key = "user5";
  b.id = 1712345678902;
  b.location = "rs2.example.com:16020";
  t.regions = {a, b};
  return t;
}

}  // namespace

class RemoteCodecTest : public QObject {
  Q_OBJECT
 private slots:
  void clusterStatusAsHBaseWritesIt() {
    auto m = rest::json::ParseClusterStatus(kStatus);
    RL_QVERIFY_OK(m.status());
    QCOMPARE(m->regions, 3);
    QCOMPARE(m->average_load, 1.5);
    QCOMPARE(m->live_nodes.size(), size_t(2));
    QCOMPARE(m->dead_nodes, std::vector<std::string>{"rs3.example.com,16020,1712345000000"});
    const rest::StatusNodeModel& n1 = m->live_nodes[0];
    QCOMPARE(n1.name, std::string("rs1.example.com:16020"));
    QCOMPARE(n1.start_code, int64_t(1712345678901));
    QCOMPARE(n1.max_heap_size_mb, 1024);
    QCOMPARE(n1.regions.size(), size_t(2));
    // Region names arrive base64; the model holds the bytes.
    QCOMPARE(n1.regions[0].name, std::string("usertable,,1712345678901.0123456789abcdef0123456789abcdef."));
    QCOMPARE(n1.regions[0].storefile_size_mb, 300);
    QCOMPARE(n1.regions[0].memstore_size_mb, 5);
    QCOMPARE(*n1.regions[0].storefile_index_size_kb, int64_t(7));
    QCOMPARE(n1.regions[0].read_requests, int64_t(1000));
    QCOMPARE(n1.regions[1].name, std::string("hbase:meta,,1.1588230740"));
    // HBase 1.x's spellings.
    const rest::StatusRegionModel& old = m->live_nodes[1].regions[0];
    QCOMPARE(old.memstore_size_mb, 2);
    QCOMPARE(*old.storefile_index_size_kb, int64_t(1024));
    QCOMPARE(old.write_requests, int64_t(20));
  }

  void wrongShapesNameTheField() {
    auto bad = rest::json::ParseClusterStatus(
        R"({"LiveNodes":[{"name":"a:1","Region":[{"name":"eA==","stores":"one"}]}],"DeadNodes":[]})");
    QVERIFY(!bad.ok());
    QVERIFY2(bad.status().message().find("LiveNodes[0].Region[0].stores") != std::string::npos,
             bad.status().message().c_str());
    QVERIFY(!rest::json::ParseClusterStatus("<html>502 Bad Gateway</html>").ok());
    QVERIFY(!rest::json::ParseClusterStatus(R"({"LiveNodes":{}})").ok());
    QVERIFY(!rest::json::ParseClusterStatus(std::string(kStatus).substr(0, 300)).ok());  // cut short
    auto regions = rest::json::ParseTableInfo(
        R"({"name":"t","Region":[{"id":1,"startKey":"","endKey":"","location":"h:1","name":"t,,1.x."}]})");
    RL_QVERIFY_OK(regions.status());
    QCOMPARE(regions->regions.size(), size_t(1));
  }

  void pollJoinedIntoASample() {
    ClusterReadings r;
    r.time_ms = 100000;
    r.tables = {UserTable()};
    auto status = rest::json::ParseClusterStatus(kStatus);
    RL_QVERIFY_OK(status.status());
    r.status = *status;
    RegionServerJmx jmx;
    jmx.server = "rs1.example.com:16020";
    jmx.block_cache_bytes = 300;
    jmx.block_cache_free_bytes = 700;
    jmx.block_cache_hits = 90;
    jmx.block_cache_misses = 10;
    jmx.regions_by_name["0123456789abcdef0123456789abcdef"].store_file_bytes = 314572900;
    r.jmx = {jmx};
    ClusterSample s = JoinReadings(r, nullptr);
    QCOMPARE(s.regions.size(), size_t(2));  // user tables only
    const RegionInfo& a = s.regions[0];
    QCOMPARE(a.encoded_name, std::string("0123456789abcdef0123456789abcdef"));
    QCOMPARE(a.server, std::string("rs1.example.com:16020"));
    QCOMPARE(a.end_key, std::string("user5"));
    QCOMPARE(a.metrics.store_file_bytes, uint64_t(314572900));  // /jmx's bytes beat the status's MB
    QCOMPARE(a.metrics.store_files, uint64_t(2));
    QCOMPARE(a.metrics.read_requests, uint64_t(1000));
    const RegionInfo& b = s.regions[1];
    QCOMPARE(b.metrics.store_file_bytes, uint64_t(10) << 20);
    QCOMPARE(b.metrics.memstore_heap_bytes, uint64_t(2) << 20);
    // HBase's defaults without a schema: SteppingSplitPolicy, one region of
    // the table on the server: 2 x the 128 MB flush size.
    QCOMPARE(a.split_threshold, uint64_t(256) << 20);
    QCOMPARE(s.servers.size(), size_t(3));
    QCOMPARE(s.servers[0].regions, uint64_t(2));  // hbase:meta counted on its server
    QCOMPARE(s.servers[0].read_requests, uint64_t(1050));
    QCOMPARE(s.servers[0].global_memstore_limit, uint64_t(1024.0 * 0.4 * (1 << 20)));
    QCOMPARE(s.servers[0].block_cache.capacity, uint64_t(1000));
    QCOMPARE(s.servers[0].block_cache.hit_ratio, 0.9);
    QVERIFY(!s.servers[2].online);
    QCOMPARE(s.servers[2].name, std::string("rs3.example.com:16020"));

    // Ten seconds later: rates from the growth of the regions' counters.
    ClusterReadings later = r;
    later.time_ms = 110000;
    later.status.live_nodes[0].regions[0].read_requests = 1500;
    ClusterSample s2 = JoinReadings(later, &s);
    QCOMPARE(s2.servers[0].read_rate, 50.0);
    QCOMPARE(s2.servers[1].read_rate, 0.0);
  }

  void filtersAsHBaseFilterModel() {
    for (const char* text :
         {"PrefixFilter('user')", "RowFilter(>=, 'binary:m')",
          "SingleColumnValueFilter('cf', 'q', =, 'substring:abc', true, false)",
          "PrefixFilter('a') AND (QualifierFilter(=, 'regexstring:^x') OR PageFilter(10))",
          "FirstKeyOnlyFilter()"}) {
      auto f = ParseFilterString(text);
      RL_QVERIFY_OK(f.status());
      auto json = rest::ScannerFilterJson(**f);
      RL_QVERIFY_OK(json.status());
      auto back = rest::ParseScannerFilter(*json);
      RL_QVERIFY_OK(back.status());
      QCOMPARE((*back)->ToString(), (*f)->ToString());
    }
    auto kv = ParseFilterString("KeyOnlyFilter(true)");
    RL_QVERIFY_OK(kv.status());
    Status s = rest::ScannerFilterJson(**kv).status();
    QVERIFY2(s.IsNotSupported() && s.message().find("KeyOnlyFilter") != std::string::npos,
             s.ToString().c_str());
  }
};

QTEST_GUILESS_MAIN(RemoteCodecTest)
#include "remote_codec_test.moc"
