// KeyHeatmap: write rates from counter differences, the key axis as the union
// of region boundaries in the window, even spreading over buckets, counter
// restarts, other tables ignored, and the column and cell bounds.
#include <QtTest>

#include "models/key_heatmap.h"

using regionlab::ClusterSample;
using regionlab::RegionInfo;
using regionlab::ui::KeyHeatmap;

namespace {

struct R {
  std::string name, start, end;
  uint64_t writes;
};

ClusterSample sample(int64_t timeMs, const std::vector<R>& regions, const std::string& table = "t") {
  ClusterSample s;
  s.time_ms = timeMs;
  for (const R& r : regions) {
    RegionInfo info;
    info.table = table;
    info.encoded_name = r.name;
    info.start_key = r.start;
    info.end_key = r.end;
    info.metrics.write_requests = r.writes;
    s.regions.push_back(info);
  }
  return s;
}

}  // namespace

class KeyHeatmapTest : public QObject {
  Q_OBJECT

 private slots:
  void ratesComeFromCounterDifferences_data() {
    QTest::addColumn<uint64_t>("before");
    QTest::addColumn<uint64_t>("after");
    QTest::addColumn<int>("intervalMs");
    QTest::addColumn<double>("rate");
    QTest::newRow("100 in 1 s") << uint64_t(1000) << uint64_t(1100) << 1000 << 100.0;
    QTest::newRow("100 in 500 ms") << uint64_t(1000) << uint64_t(1100) << 500 << 200.0;
    QTest::newRow("idle") << uint64_t(7) << uint64_t(7) << 1000 << 0.0;
    QTest::newRow("counter restarted (region reopened)") << uint64_t(5000) << uint64_t(40) << 1000 << 40.0;
  }

  void ratesComeFromCounterDifferences() {
    QFETCH(uint64_t, before);
    QFETCH(uint64_t, after);
    QFETCH(int, intervalMs);
    QFETCH(double, rate);
    KeyHeatmap h;
    h.setTable(QStringLiteral("t"));
    QVERIFY(!h.addSample(sample(10000, {{"a", "", "", before}})));  // the first sample gives no column
    QVERIFY(h.addSample(sample(10000 + intervalMs, {{"a", "", "", after}})));
    QCOMPARE(h.columnCount(), size_t(1));
    QCOMPARE(h.column(0).startMs, qint64(10000));
    QCOMPARE(h.column(0).endMs, qint64(10000 + intervalMs));
    QCOMPARE(h.bucketRate(0, 0), rate);
    QVERIFY(!h.addSample(sample(10000 + intervalMs, {{"a", "", "", after + 5}})));  // not newer
  }

  void splitAddsABoundaryAndSpreadsOlderColumns() {
    KeyHeatmap h;
    h.setTable(QStringLiteral("t"));
    h.addSample(sample(0, {{"lo", "", "m", 0}, {"hi", "m", "", 0}}));
    h.addSample(sample(1000, {{"lo", "", "m", 10}, {"hi", "m", "", 400}}));
    QCOMPARE(h.bucketCount(), size_t(2));
    QCOMPARE(h.maxBucketRate(), 400.0);
    // "hi" splits at "t": its daughters start counting from 0.
    h.addSample(sample(2000, {{"lo", "", "m", 20}, {"hi1", "m", "t", 300}, {"hi2", "t", "", 20}}));
    QCOMPARE(h.bucketCount(), size_t(3));
    QCOMPARE(h.bucketStart(0), std::string());
    QCOMPARE(h.bucketStart(1), std::string("m"));
    QCOMPARE(h.bucketStart(2), std::string("t"));
    QCOMPARE(h.bucketEnd(2), std::string());
    // Before the split "hi" covered buckets m and t: its 400/s are spread 200 + 200.
    QCOMPARE(h.bucketRate(0, 1), 200.0);
    QCOMPARE(h.bucketRate(0, 2), 200.0);
    QCOMPARE(h.layoutSlotAt(0, 1), h.layoutSlotAt(0, 2));
    QCOMPARE(h.bucketRate(0, 0), 10.0);
    // After it, each daughter has its own bucket.
    QCOMPARE(h.bucketRate(1, 1), 300.0);
    QCOMPARE(h.bucketRate(1, 2), 20.0);
    QVERIFY(h.layoutSlotAt(1, 1) != h.layoutSlotAt(1, 2));
    QCOMPARE(h.maxBucketRate(), 300.0);  // recomputed: the old 400 became 2 x 200
    // Column lookup by time: (start, end].
    QCOMPARE(h.columnAtTime(500), 0);
    QCOMPARE(h.columnAtTime(1000), 0);
    QCOMPARE(h.columnAtTime(1001), 1);
    QCOMPARE(h.columnAtTime(0), -1);
    QCOMPARE(h.columnAtTime(2001), -1);
  }

  void otherTablesAndDroppedTablesAreSkipped() {
    KeyHeatmap h;
    h.setTable(QStringLiteral("ns:t"));
    ClusterSample s = sample(0, {{"x", "", "", 0}}, "ns:t");
    ClusterSample other = sample(0, {{"y", "", "", 0}}, "t");
    s.regions.push_back(other.regions[0]);
    h.addSample(s);
    s.time_ms = 1000;
    s.regions[0].metrics.write_requests = 50;
    s.regions[1].metrics.write_requests = 9999;
    h.addSample(s);
    QCOMPARE(h.bucketCount(), size_t(1));
    QCOMPARE(h.bucketRate(0, 0), 50.0);
    // The table disappears, then comes back: no column across the gap.
    QVERIFY(!h.addSample(sample(2000, {}, "ns:t")));
    QVERIFY(!h.addSample(sample(3000, {{"x2", "", "", 5}}, "ns:t")));
    QVERIFY(h.addSample(sample(4000, {{"x2", "", "", 15}}, "ns:t")));
    QCOMPARE(h.columnCount(), size_t(2));
    QCOMPARE(h.column(1).startMs, qint64(3000));
    QCOMPARE(h.bucketRate(1, 0), 10.0);
  }

  void boundsDropOldColumnsAndTheirBoundaries_data() {
    QTest::addColumn<int>("maxColumns");
    QTest::addColumn<int>("maxCells");
    QTest::addColumn<int>("expectedColumns");
    // Three regions per column.
    QTest::newRow("column bound") << 4 << 1000 << 4;
    QTest::newRow("cell bound") << 100 << 10 << 3;
  }

  void boundsDropOldColumnsAndTheirBoundaries() {
    QFETCH(int, maxColumns);
    QFETCH(int, maxCells);
    QFETCH(int, expectedColumns);
    KeyHeatmap h(maxColumns, maxCells);
    h.setTable(QStringLiteral("t"));
    // The first columns have a boundary at "q" that later columns do not.
    for (int i = 0; i < 3; ++i) h.addSample(sample(i * 1000, {{"a", "", "q", 0}, {"b", "q", "z", 0}, {"c", "z", "", 0}}));
    QCOMPARE(h.bucketCount(), size_t(3));
    for (int i = 3; i < 20; ++i)
      h.addSample(sample(i * 1000, {{"a2", "", "k", 0}, {"b2", "k", "z", uint64_t(i)}, {"c", "z", "", 0}}));
    QCOMPARE(h.columnCount(), size_t(expectedColumns));
    QVERIFY(h.cellCount() <= size_t(std::max(maxCells, 3)));
    QCOMPARE(h.lastTimeMs(), qint64(19000));
    // Only boundaries of retained columns remain: "", "k", "z".
    QCOMPARE(h.bucketCount(), size_t(3));
    QCOMPARE(h.bucketStart(1), std::string("k"));
  }
};

QTEST_GUILESS_MAIN(KeyHeatmapTest)
#include "key_heatmap_test.moc"
