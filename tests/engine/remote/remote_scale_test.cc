// A cluster of 100,000 regions (about 50 MB of /status/cluster JSON in
// HBase 2.x's full key set, made by GenerateCluster; /T/regions written by
// the gateway's own JSON writer), served by
// a fixture server: ClusterReader reads and joins all of it, region by
// region (counts, servers, spot regions with text and binary keys, figures),
// and the region-set diff between two such polls finds exactly the split,
// the merge and the move made between them. Correctness only: the speed is
// measured by regionlab-bench-remote, not here. Sanitizer builds use 10,000
// regions.
#include <QtTest>

#include "remote/cluster_reader.h"
#include "remote/generated_cluster.h"
#include "remote/region_history.h"
#include "rest/codec.h"
#include "support/hbase_fixture_server.h"
#include "support/region_layouts.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::remote;
using regionlab::test::Joined;
using regionlab::test::HBaseFixtureServer;

namespace {

#ifdef REGIONLAB_SANITIZE_BUILD
constexpr size_t kRegions = 10000;
#else
constexpr size_t kRegions = 100000;
#endif
constexpr size_t kServers = 100;

constexpr uint64_t kMiB = 1ull << 20;

}  // namespace

class RemoteScaleTest : public QObject {
  Q_OBJECT
 private slots:
  void hundredThousandRegionsReadAndJoined() {
    GeneratedClusterSpec spec;
    spec.regions = kRegions;
    spec.servers = kServers;
    const GeneratedCluster cluster = GenerateCluster(spec);
    HBaseFixtureServer gateway;
    gateway.Set("/", R"({"table":[{"name":"ns1:metrics"},{"name":"usertable"}]})");
    for (const rest::TableInfoModel& t : cluster.tables) {
      gateway.Set("/" + t.name + "/regions", rest::json::WriteTableInfo(t));
      gateway.Set("/" + t.name + "/schema",
                  R"({"name":")" + t.name + R"(","IS_META":"false","ColumnSchema":[{"name":"cf"}]})");
    }
    const std::string status = StatusJson(cluster.status);
    if (kRegions == 100000) {
      QVERIFY2(status.size() > 35'000'000 && status.size() < 70'000'000,
               std::to_string(status.size()).c_str());
    }
    gateway.Set("/status/cluster", status);

    RemoteOptions o;
    o.gateway_url = gateway.url();
    auto reader = ClusterReader::Create(o);
    RL_QVERIFY_OK(reader.status());
    PollReport report;
    auto s = (*reader)->Poll(&report);
    RL_QVERIFY_OK(s.status());
    QVERIFY2(report.warnings.empty(), Joined(report.warnings).c_str());
    QCOMPARE(report.status_bytes, uint64_t(status.size()));

    QCOMPARE(s->regions.size(), kRegions);
    QCOMPARE(s->servers.size(), kServers);
    uint64_t hosted = 0;
    for (const ServerMetrics& m : s->servers) hosted += m.regions;
    QCOMPARE(hosted, uint64_t(kRegions + 1));  // and hbase:meta
    QCOMPARE(s->servers[0].regions, uint64_t(kRegions / kServers + 1));

    // Spot regions, each against the documents it came from. The sample is
    // in table-list order: ns1:metrics first.
    const rest::TableInfoModel& user = cluster.tables[0];
    const rest::TableInfoModel& metrics = cluster.tables[1];
    QCOMPARE(user.name, std::string("usertable"));
    const size_t m = metrics.regions.size();
    QCOMPARE(s->regions[0].table, std::string("ns1:metrics"));
    QCOMPARE(s->regions[0].start_key, std::string());
    QCOMPARE(s->regions[m - 1].end_key, std::string());
    for (size_t i : {size_t(1), m / 2, m - 1}) {
      const RegionInfo& r = s->regions[i];
      QCOMPARE(r.start_key, metrics.regions[i].start_key);  // 4 binary bytes
      QCOMPARE(r.start_key.size(), size_t(4));
      QCOMPARE(r.encoded_name, GeneratedEncodedName(spec.seed, user.regions.size() + i));
    }
    for (size_t i : {size_t(0), size_t(1), user.regions.size() / 3, user.regions.size() - 1}) {
      const RegionInfo& r = s->regions[m + i];
      QCOMPARE(r.table, std::string("usertable"));
      QCOMPARE(r.encoded_name, GeneratedEncodedName(spec.seed, i));
      QCOMPARE(r.start_key, user.regions[i].start_key);
      QCOMPARE(r.end_key, user.regions[i].end_key);
      QCOMPARE(r.server, GeneratedServerName(i % kServers));
      // Its status figures, found on its server's node by encoded name.
      const auto& node = cluster.status.live_nodes[i % kServers];
      const size_t slot = i / kServers + (i % kServers == 0 ? 1 : 0);  // hbase:meta is first on rs000
      const rest::StatusRegionModel& sr = node.regions[slot];
      QVERIFY(sr.name.find(r.encoded_name) != std::string::npos);
      QCOMPARE(r.metrics.store_file_bytes, uint64_t(sr.storefile_size_mb) * kMiB);
      QCOMPARE(r.metrics.memstore_heap_bytes, uint64_t(sr.memstore_size_mb) * kMiB);
      QCOMPARE(r.metrics.read_requests, uint64_t(sr.read_requests));
      QCOMPARE(r.metrics.store_files, uint64_t(sr.storefiles));
    }
    QVERIFY(s->regions[m].start_key.empty());
    QCOMPARE(s->regions[m + 1].start_key.substr(0, 4), std::string("user"));
  }

  void diffOfTwoLargePolls() {
    GeneratedClusterSpec spec;
    spec.regions = kRegions;
    spec.servers = kServers;
    const GeneratedCluster cluster = GenerateCluster(spec);
    RegionSet before;
    before.time_ms = 1;
    for (const rest::TableInfoModel& t : cluster.tables) {
      auto& rs = before.tables[t.name];
      for (const rest::TableRegionModel& tr : t.regions) {
        RegionNameParts parts;
        QVERIFY(ParseRegionName(tr.name, &parts));
        rs.push_back({t.name, parts.encoded, tr.start_key, tr.end_key, tr.location, tr.id, 0});
      }
    }
    RegionSet after = before;
    after.time_ms = 2;
    auto& user = after.tables["usertable"];
    const size_t n = user.size();
    // Region n/2 splits; n/4 and n/4 + 1 merge; region 10 moves.
    RegionPlacement parent = user[n / 2];
    RegionPlacement d1 = parent, d2 = parent;
    d1.encoded_name = "d1000000000000000000000000000001";
    d2.encoded_name = "d2000000000000000000000000000002";
    d1.end_key = d2.start_key = parent.start_key + "5";
    user[n / 2] = d1;
    user.insert(user.begin() + static_cast<long>(n / 2) + 1, d2);
    RegionPlacement merged = user[n / 4];
    merged.encoded_name = "ee000000000000000000000000000003";
    merged.end_key = user[n / 4 + 1].end_key;
    user[n / 4] = merged;
    user.erase(user.begin() + static_cast<long>(n / 4) + 1);
    user[10].server = "rs999.example.com:16020";

    auto changes = DiffRegionSets(before, after);
    QCOMPARE(changes.size(), size_t(3));
    QCOMPARE(changes[0].kind, std::string("move"));
    QCOMPARE(changes[1].kind, std::string("merge"));
    QCOMPARE(changes[1].before.size(), size_t(2));
    QCOMPARE(changes[2].kind, std::string("split"));
    QCOMPARE(changes[2].before[0].encoded_name, parent.encoded_name);
    QCOMPARE(changes[2].after.size(), size_t(2));
  }
};

QTEST_GUILESS_MAIN(RemoteScaleTest)
#include "remote_scale_test.moc"
