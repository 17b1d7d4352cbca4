// The lab scale: HBase's size defaults divided together (heap -> global
// memstore and block cache, flush size, MAX_FILESIZE, and the split policy
// sizes that follow from them), recorded with the data directory; tables
// that set their own sizes keep them. At 1:1024 a new table shows HBase's
// mechanics after a few hundred kilobytes of writes: flushes at 128 KB, a
// compaction at three files, and SteppingSplitPolicy's first split past
// 2 x 128 KB, each reported with its figures and cause.
#include <QtTest>

#include <mutex>

#include "cluster_test_util.h"
#include "demo/demo_schema.h"
#include "regionlab/cluster.h"
#include "regionlab/lab_scale.h"
#include "util/env.h"

using regionlab::ClusterEvent;
using regionlab::ClusterOptions;
using regionlab::LabScale;

class LabScaleTest : public QObject {
  Q_OBJECT

 private slots:
  void figuresFollowHBaseArithmetic() {
    const LabScale one;
    QCOMPARE(one.DefaultFlushSize(), uint64_t(128) << 20);
    QCOMPARE(one.DefaultMaxFileSize(), uint64_t(10) << 30);
    QCOMPARE(one.Name(), std::string("1:1"));
    const LabScale lab{1024};
    QVERIFY(lab.scaled());
    QCOMPARE(lab.DefaultFlushSize(), uint64_t(128) << 10);
    QCOMPARE(lab.DefaultMaxFileSize(), uint64_t(10) << 20);
    QCOMPARE(lab.Heap(), uint64_t(4) << 20);
    // MemorySizeUtil: (long)(heap x 0.4); lower mark 0.95 of that; hfile.block.cache.size 0.4.
    QCOMPARE(lab.GlobalMemstoreLimit(), uint64_t(1677721));
    QCOMPARE(lab.GlobalMemstoreLowerMark(), uint64_t(1593834));
    QCOMPARE(lab.BlockCache(), uint64_t(1677721));
    QCOMPARE(lab.ToHBase(lab.DefaultFlushSize()), regionlab::kHBaseFlushSize);
    QCOMPARE(lab.Name(), std::string("1:1024"));
    // A table's own sizes are kept; HBase's defaults are scaled.
    regionlab::TableDescriptor desc;
    QCOMPARE(lab.FlushSizeOf(desc), uint64_t(128) << 10);
    QCOMPARE(lab.MaxFileSizeOf(desc), uint64_t(10) << 20);
    desc.memstore_flush_size = 1 << 20;
    desc.max_file_size = 4 << 20;
    QCOMPARE(lab.FlushSizeOf(desc), uint64_t(1) << 20);
    QCOMPARE(lab.MaxFileSizeOf(desc), uint64_t(4) << 20);
  }

  void parsesTheRecordedScale_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("scale");  // 0: refused
    QTest::newRow("plain") << "1024" << 1024;
    QTest::newRow("newline") << "32\n" << 32;
    QTest::newRow("one") << " 1 " << 1;
    QTest::newRow("zero") << "0" << 0;
    QTest::newRow("empty") << "" << 0;
    QTest::newRow("text") << "big" << 0;
    QTest::newRow("fraction") << "2.5" << 0;
    QTest::newRow("negative") << "-4" << 0;
    QTest::newRow("too large") << "2000000" << 0;
  }
  void parsesTheRecordedScale() {
    QFETCH(QString, text);
    QFETCH(int, scale);
    auto parsed = regionlab::ParseLabScale(text.toStdString(), "/d/lab-scale");
    QCOMPARE(parsed.ok(), scale > 0);
    if (scale > 0) {
      QCOMPARE(int(*parsed), scale);
    } else {
      QVERIFY(parsed.status().ToString().find("/d/lab-scale") != std::string::npos);
    }
  }

  void theDirectoryKeepsItsScale() {
    regionlab::test::TempDir dir;
    const std::string data = dir.File("data");
    auto open = [&](uint32_t scale, uint32_t fallback) {
      ClusterOptions o = regionlab::test::SmallCluster();
      o.block_cache_per_server = 0;
      o.lab_scale = scale;
      o.default_lab_scale = fallback;
      return regionlab::Cluster::Open(data, o);
    };
    {
      auto c = open(0, 1024);  // a new directory takes the default
      RL_QVERIFY_OK(c.status());
      QCOMPARE((*c)->lab_scale().divisor, uint32_t(1024));
      const auto sample = (*c)->SampleNow();
      QCOMPARE(sample.lab_scale, uint32_t(1024));
      QCOMPARE(sample.servers.front().global_memstore_limit, uint64_t(1677721));
      QCOMPARE(sample.servers.front().global_memstore_lower_mark, uint64_t(1593834));
      QCOMPARE(sample.servers.front().block_cache.capacity, uint64_t(1677721));
      RL_QVERIFY_OK((*c)->Close());
    }
    {
      auto c = open(0, 1);  // an existing one keeps its own
      RL_QVERIFY_OK(c.status());
      QCOMPARE((*c)->lab_scale().divisor, uint32_t(1024));
      RL_QVERIFY_OK((*c)->Close());
    }
    {
      auto c = open(1, 1024);  // a scale given now replaces it
      RL_QVERIFY_OK(c.status());
      QCOMPARE((*c)->lab_scale().divisor, uint32_t(1));
      RL_QVERIFY_OK((*c)->Close());
    }
    std::string text;
    RL_QVERIFY_OK(regionlab::Env::Default()->ReadFileToString(data + "/lab-scale", &text));
    QCOMPARE(text, std::string("1\n"));
    // An unreadable scale stops the open and names the file; a given one repairs it.
    RL_QVERIFY_OK(regionlab::Env::Default()->WriteFileAtomically(data + "/lab-scale", "x"));
    auto bad = open(0, 1024);
    QVERIFY(!bad.ok());
    QVERIFY2(bad.status().ToString().find(data + "/lab-scale") != std::string::npos,
             bad.status().ToString().c_str());
    auto repaired = open(32, 1);
    RL_QVERIFY_OK(repaired.status());
    QCOMPARE((*repaired)->lab_scale().divisor, uint32_t(32));
    RL_QVERIFY_OK((*repaired)->Close());
  }

  // A new table at 1:1024, written the way the Workload dock writes it:
  // flushes at the scaled flush size, a minor compaction at three files, and
  // SteppingSplitPolicy's split of the table's only region past 2 x 128 KB.
  void aNewTableShowsTheMechanics() {
    regionlab::test::TempDir dir;
    ClusterOptions o = regionlab::test::SmallCluster();
    o.block_cache_per_server = 0;
    o.lab_scale = 1024;
    auto opened = regionlab::Cluster::Open(dir.File("data"), o);
    RL_QVERIFY_OK(opened.status());
    regionlab::Cluster& cluster = **opened;
    std::mutex mu;
    std::vector<ClusterEvent> events;
    cluster.SetEventListener([&](const ClusterEvent& e) {
      std::lock_guard<std::mutex> l(mu);
      events.push_back(e);
    });
    RL_QVERIFY_OK(regionlab::CreateDemoSchema(cluster, 10));
    const std::string story = regionlab::DemoStoryTable();
    auto regions = cluster.admin().ListRegions(story);
    RL_QVERIFY_OK(regions.status());
    QCOMPARE(regions->size(), size_t(1));
    QCOMPARE(regions->front().flush_size, uint64_t(128) << 10);
    QCOMPARE(regions->front().split_threshold, uint64_t(256) << 10);  // 2 x flush, r = 1
    {
      std::lock_guard<std::mutex> l(mu);
      events.clear();
    }
    auto table = cluster.GetTable(story);
    RL_QVERIFY_OK(table.status());
    // ~150 bytes a row, as the dock's 100-byte values under 20-byte keys:
    // 6,000 rows are about 900 KB, several flushes' worth.
    std::vector<regionlab::RowMutation> batch;
    for (int i = 0; i < 6000; ++i) {
      regionlab::RowMutation m;
      char key[24];
      std::snprintf(key, sizeof(key), "user%08d", (i * 7919) % 100000);
      m.row = key;
      m.Put("family", "field0", std::string(100, char('a' + i % 26)));
      batch.push_back(std::move(m));
      if (batch.size() == 100) {
        RL_QVERIFY_OK((*table)->Batch(batch));
        batch.clear();
      }
    }
    RL_QVERIFY_OK(cluster.WaitForBackgroundWork());
    cluster.SetEventListener({});  // the events so far are all this test reads
    std::lock_guard<std::mutex> l(mu);
    const ClusterEvent* flush = nullptr;
    const ClusterEvent* compaction = nullptr;
    const ClusterEvent* split = nullptr;
    for (const ClusterEvent& e : events) {
      if (e.table != story) continue;
      if (e.kind == "flush" && flush == nullptr) flush = &e;
      if (e.kind == "minor compaction" && compaction == nullptr) compaction = &e;
      if (e.kind == "split" && split == nullptr) split = &e;
    }
    QVERIFY(flush != nullptr);
    QCOMPARE(flush->cause, std::string("memstore size"));
    QVERIFY2(flush->input_bytes >= (128u << 10), std::to_string(flush->input_bytes).c_str());
    QVERIFY(flush->output_bytes > 0 && flush->cells > 0);
    QVERIFY(compaction != nullptr);
    QVERIFY(compaction->input_files >= 3);
    QVERIFY(compaction->output_bytes > 0);
    QVERIFY(split != nullptr);
    QCOMPARE(split->cause, std::string("SteppingSplitPolicy"));
    QCOMPARE(split->threshold_bytes, uint64_t(256) << 10);
    QVERIFY(split->input_bytes > split->threshold_bytes);
    QCOMPARE(split->daughters.size(), size_t(2));
    QVERIFY(!split->split_key.empty());
    QVERIFY(split->start_key.empty() && split->end_key.empty());  // the table's only region
    // The daughters share the server: r = 2, so the next threshold is MAX_FILESIZE, jittered.
    auto after = cluster.admin().ListRegions(story);
    RL_QVERIFY_OK(after.status());
    QVERIFY(after->size() >= 2);
    for (const auto& r : *after) {
      QVERIFY(r.split_threshold >= (10ull << 20) * 7 / 8);
      QVERIFY(r.split_threshold < (10ull << 20) * 9 / 8);
    }
    RL_QVERIFY_OK(cluster.Close());
  }
};

QTEST_GUILESS_MAIN(LabScaleTest)
#include "lab_scale_test.moc"
