// Cluster::StoredMetrics: the sampler's figures kept in the catalog come
// back after a restart as ClusterSamples, so the live charts can draw the
// last window again: every server's memstore, block cache (by priority,
// hits, misses, evictions), request rates and store files in each sample,
// with the servers' limits of now; every tenth sample's regions named by
// table and keys.
#include <QtTest>

#include "cluster_test_util.h"
#include "regionlab/cluster.h"

using regionlab::ClusterSample;

class StoredMetricsTest : public QObject {
  Q_OBJECT

 private slots:
  void samplesComeBackAfterARestart() {
    regionlab::test::TempDir dir;
    const std::string data = dir.File("data");
    regionlab::ClusterOptions o = regionlab::test::SmallCluster();
    o.metrics_interval_ms = 20;
    o.lab_scale = 1024;
    int64_t first = 0, lastTime = 0;
    {
      auto c = regionlab::Cluster::Open(data, o);
      RL_QVERIFY_OK(c.status());
      // Sizes of its own: no flush or split but the one asked for.
      regionlab::TableDescriptor desc = regionlab::test::SimpleTable("t");
      desc.memstore_flush_size = 64 << 20;
      desc.max_file_size = 1ull << 30;
      RL_QVERIFY_OK((*c)->admin().CreateTable(desc, {"m"}));
      auto t = (*c)->GetTable("t");
      RL_QVERIFY_OK(t.status());
      // Several 64 KB blocks, so the Get below goes through the block cache.
      for (int i = 0; i < 300; ++i)
        RL_QVERIFY_OK((*t)->Put(regionlab::test::PutRow("k" + std::to_string(i), std::string(1000, 'v'))));
      RL_QVERIFY_OK((*c)->admin().Flush("t"));
      regionlab::Get get;
      get.row = "k1";
      auto g = (*t)->Get(get);
      RL_QVERIFY_OK(g.status());
      // Twelve samples after the Get (every tenth keeps the regions too).
      const size_t before = (*c)->MetricsHistory().size();
      QTRY_VERIFY_WITH_TIMEOUT((*c)->MetricsHistory().size() >= before + 12, 60000);
      const auto history = (*c)->MetricsHistory();
      first = history.front().time_ms;
      lastTime = history.back().time_ms;
      RL_QVERIFY_OK((*c)->Close());
    }
    o.metrics_interval_ms = 0;
    o.lab_scale = 0;
    auto c = regionlab::Cluster::Open(data, o);
    RL_QVERIFY_OK(c.status());
    auto stored = (*c)->StoredMetrics(first, lastTime);
    RL_QVERIFY_OK(stored.status());
    QVERIFY2(stored->size() >= 12, std::to_string(stored->size()).c_str());
    int withRegions = 0;
    for (const ClusterSample& s : *stored) {
      QVERIFY(s.time_ms >= first && s.time_ms <= lastTime);
      QCOMPARE(s.lab_scale, uint32_t(1024));
      QCOMPARE(s.servers.size(), size_t(3));
      for (const auto& server : s.servers) {
        QCOMPARE(server.global_memstore_limit, uint64_t(1677721));
        QCOMPARE(server.global_memstore_lower_mark, uint64_t(1593834));
        QVERIFY(server.block_cache.capacity == uint64_t(4) << 20);  // SmallCluster's
      }
      if (!s.regions.empty()) {
        ++withRegions;
        QCOMPARE(s.regions.size(), size_t(2));
        for (const auto& r : s.regions) QCOMPARE(r.table, std::string("t"));
      }
    }
    QVERIFY2(withRegions >= 2, std::to_string(withRegions).c_str());
    // The newest sample holds the flushed file and the block the Get read.
    const ClusterSample& newest = stored->back();
    uint64_t files = 0, accesses = 0, cached = 0;
    for (const auto& s : newest.servers) {
      files += s.store_files;
      accesses += s.block_cache.hits + s.block_cache.misses;
      cached += s.block_cache.single_bytes + s.block_cache.multi_bytes;
    }
    QVERIFY(files >= 1);
    QVERIFY(accesses >= 1);
    QVERIFY(cached > 0);
    RL_QVERIFY_OK((*c)->Close());
  }
};

QTEST_GUILESS_MAIN(StoredMetricsTest)
#include "stored_metrics_test.moc"
