// KeyHeatmapWidget: which key bucket and time column is at a pixel; a skewed
// workload written through the engine lights the hot region's rows, and a
// split shows as a new boundary; painting stays bounded with 10,000 regions.
#include <QElapsedTimer>
#include <QThread>
#include <QtTest>

#include "models/key_heatmap.h"
#include "support/test_util.h"
#include "ui/key_heatmap_widget.h"

using regionlab::ClusterSample;
using regionlab::RegionInfo;
using regionlab::ui::KeyHeatmap;
using regionlab::ui::KeyHeatmapWidget;

namespace {

constexpr qint64 kT0 = 1700000000000;

// `buckets` regions (keys k00000...), `columns` + 1 samples one second apart;
// region i writes (i + 1) * 10 per second.
void fill(KeyHeatmap& h, int buckets, int columns) {
  h.setTable(QStringLiteral("t"));
  ClusterSample s;
  for (int i = 0; i < buckets; ++i) {
    RegionInfo r;
    r.table = "t";
    r.encoded_name = "r" + std::to_string(i);
    char key[16];
    std::snprintf(key, sizeof(key), "k%05d", i);
    r.start_key = i == 0 ? std::string() : key;
    std::snprintf(key, sizeof(key), "k%05d", i + 1);
    r.end_key = i + 1 == buckets ? std::string() : key;
    s.regions.push_back(r);
  }
  for (int c = 0; c <= columns; ++c) {
    s.time_ms = kT0 + c * 1000;
    for (int i = 0; i < buckets; ++i) s.regions[i].metrics.write_requests = uint64_t(c) * (i + 1) * 10;
    h.addSample(s);
  }
}

// Plot 400 x 200 px at (112, 6): the widget's margins are 112 left, 84 right,
// 6 top and 20 bottom.
constexpr int kWidth = 112 + 400 + 84, kHeight = 6 + 200 + 20;

QString rowKeyOf(const KeyHeatmap& h, int bucket) { return QString::fromStdString(h.bucketStart(bucket)); }

}  // namespace

class KeyHeatmapWidgetTest : public QObject {
  Q_OBJECT

 private slots:
  void pixelMapsToColumnAndBucket_data() {
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("column");
    QTest::addColumn<int>("bucket");
    // 10 columns of 40 px; 4 buckets of 50 px.
    QTest::newRow("first column, first bucket") << 112 << 6 << 0 << 0;
    QTest::newRow("first column end") << 151 << 55 << 0 << 0;
    QTest::newRow("second column, second bucket") << 152 << 56 << 1 << 1;
    QTest::newRow("middle") << 312 << 106 << 5 << 2;
    QTest::newRow("last column, last bucket") << 511 << 205 << 9 << 3;
    QTest::newRow("key axis (left of the plot)") << 100 << 100 << -1 << 1;
    QTest::newRow("legend (right of the plot)") << 520 << 100 << -1 << 1;
    QTest::newRow("time axis (below the plot)") << 312 << 210 << 5 << -1;
  }

  void pixelMapsToColumnAndBucket() {
    QFETCH(int, x);
    QFETCH(int, y);
    QFETCH(int, column);
    QFETCH(int, bucket);
    KeyHeatmapWidget w;
    w.resize(kWidth, kHeight);
    fill(w.heatmap(), 4, 10);
    QCOMPARE(w.plotRect(), QRect(112, 6, 400, 200));
    QCOMPARE(w.viewStartMs(), kT0);
    QCOMPARE(w.viewEndMs(), kT0 + 10000);
    QCOMPARE(w.columnAt(QPoint(x, std::clamp(y, 6, 205))), x >= 112 && x < 512 ? column : -1);
    const auto [first, end] = w.bucketRangeAt(y);
    if (bucket < 0) {
      QCOMPARE(first, end);
    } else {
      QCOMPARE(first, bucket);
      QCOMPARE(end, bucket + 1);
    }
    // The painted pixel has the colour of that bucket in that column.
    if (column >= 0 && bucket >= 0 && x >= 112 && x < 512) {
      const QImage& image = w.heatImage();
      const double rate = w.heatmap().bucketRate(column, bucket);
      QCOMPARE(rate, (bucket + 1) * 10.0);
      QCOMPARE(w.valueAt(QPoint(x, y)), rate);
      // Boundary rows are lightened; compare inside a bucket.
      const int insideY = w.rowOfBucket(bucket) + 10 - 6;
      QCOMPARE(image.pixel(x - 112, insideY), w.colourFor(rate).rgb());
      QVERIFY(w.toolTipAt(QPoint(x, y)).contains(QStringLiteral("writes/s: %1").arg(rate, 0, 'f', 0)));
    }
  }

  void everyBucketHasARowAndBackAgain_data() {
    QTest::addColumn<int>("buckets");
    QTest::newRow("fewer buckets than rows") << 3;
    QTest::newRow("as many as rows") << 200;
    QTest::newRow("one more than rows") << 201;
    QTest::newRow("five per row") << 1000;
    QTest::newRow("10,000 regions") << 10000;
  }

  void everyBucketHasARowAndBackAgain() {
    QFETCH(int, buckets);
    KeyHeatmapWidget w;
    w.resize(kWidth, kHeight);
    fill(w.heatmap(), buckets, 2);
    QCOMPARE(int(w.heatmap().bucketCount()), buckets);
    // Rows run through the buckets in order: each row starts the next bucket
    // or continues a tall one; together they cover every bucket.
    int previousEnd = 0;
    for (int y = 6; y < 206; ++y) {
      const auto [first, end] = w.bucketRangeAt(y);
      QVERIFY(first < end);
      const bool next = first == previousEnd;
      const bool same = first == previousEnd - 1 && end == previousEnd;
      QVERIFY2(next || same, qPrintable(QStringLiteral("row %1: [%2, %3)").arg(y).arg(first).arg(end)));
      previousEnd = end;
    }
    QCOMPARE(previousEnd, buckets);
    QVERIFY(!(w.bucketRangeAt(5).first < w.bucketRangeAt(5).second));
    QVERIFY(!(w.bucketRangeAt(206).first < w.bucketRangeAt(206).second));
    for (int b = 0; b < buckets; b += std::max(1, buckets / 97)) {
      const auto [first, end] = w.bucketRangeAt(w.rowOfBucket(b));
      QVERIFY2(first <= b && b < end, qPrintable(QStringLiteral("bucket %1").arg(b)));
    }
  }

  void skewedWritesLightTheHotRegionAndASplitAddsABoundary() {
    regionlab::test::TempDir dir;
    regionlab::ClusterOptions options;
    options.region_servers = 2;
    options.metrics_interval_ms = 0;
    auto opened = regionlab::Cluster::Open(dir.File("data"), options);
    RL_QVERIFY_OK(opened.status());
    std::unique_ptr<regionlab::Cluster> cluster = std::move(opened).value();
    regionlab::TableDescriptor desc;
    desc.name = "skew";
    desc.families.resize(1);
    desc.families[0].name = "f";
    RL_QVERIFY_OK(cluster->admin().CreateTable(desc, {"b", "c", "d"}));
    auto table = cluster->GetTable("skew");
    RL_QVERIFY_OK(table.status());

    KeyHeatmapWidget w;
    w.resize(kWidth, kHeight);
    w.heatmap().setTable(QStringLiteral("skew"));
    w.heatmap().addSample(cluster->SampleNow());
    // Region [c, d) takes 300 writes per round, the others 5 each; halfway
    // through, it splits at "cm".
    for (int round = 0; round < 6; ++round) {
      if (round == 3) RL_QVERIFY_OK(cluster->admin().Split("skew", "cm"));
      for (int i = 0; i < 300; ++i) {
        regionlab::RowMutation m;
        m.row = (i % 2 == 0 ? "ca" : "cz") + std::to_string(round * 1000 + i);
        m.Put("f", "q", "v");
        RL_QVERIFY_OK((*table)->Put(m));
      }
      for (const char* cold : {"a", "b", "d"}) {
        for (int i = 0; i < 5; ++i) {
          regionlab::RowMutation m;
          m.row = cold + std::to_string(round * 1000 + i);
          m.Put("f", "q", "v");
          RL_QVERIFY_OK((*table)->Put(m));
        }
      }
      QThread::msleep(30);
      QVERIFY(w.heatmap().addSample(cluster->SampleNow()));
    }
    const KeyHeatmap& h = w.heatmap();
    QCOMPARE(h.columnCount(), size_t(6));
    // The key axis: "", b, c, cm, d. The split's boundary "cm" is in the union.
    QCOMPARE(h.bucketCount(), size_t(5));
    QCOMPARE(rowKeyOf(h, 3), QStringLiteral("cm"));
    for (size_t c = 0; c < h.columnCount(); ++c) {
      // Before the split one region covers c and cm; after it, two do.
      QCOMPARE(h.layoutSlotAt(c, 2) == h.layoutSlotAt(c, 3), c < 3);
      // The hot buckets outshine every cold one in every column.
      const double hot = std::min(h.bucketRate(c, 2), h.bucketRate(c, 3));
      for (int cold : {0, 1, 4}) QVERIFY2(h.bucketRate(c, cold) * 5 < hot, qPrintable(QString::number(c)));
    }
    // On screen: the brightest rows are the hot region's.
    const QImage& image = w.heatImage();
    const int x = w.plotRect().width() - 5;  // the newest column
    auto lightness = [&](int bucket) {
      return QColor(image.pixel(x, w.rowOfBucket(bucket) + 5 - w.plotRect().top())).lightness();
    };
    for (int cold : {0, 1, 4}) {
      QVERIFY(lightness(2) > lightness(cold) + 40);
      QVERIFY(lightness(3) > lightness(cold) + 40);
    }
    const QString tip = w.toolTipAt(QPoint(w.plotRect().right() - 5, w.rowOfBucket(3) + 5));
    QVERIFY2(tip.contains(QStringLiteral("keys [cm, d)")), qPrintable(tip));
    // The boundary at "cm" is drawn only after the split: lighter than the
    // row below it in the newest column, absent in the oldest.
    const int boundaryRow = w.rowOfBucket(3) - w.plotRect().top();
    QVERIFY(QColor(image.pixel(x, boundaryRow)).lightness() > QColor(image.pixel(x, boundaryRow + 3)).lightness());
    QCOMPARE(image.pixel(2, boundaryRow), image.pixel(2, boundaryRow + 3));
    RL_QVERIFY_OK(cluster->Close());
  }

  void renderingIsBoundedWithManyRegionsAndALongWindow() {
    KeyHeatmapWidget w;
    w.resize(1200, 600);
    w.setWindowSeconds(900);
    QElapsedTimer fillTimer;
    fillTimer.start();
    fill(w.heatmap(), 10000, 900);
    const qint64 fillMs = fillTimer.elapsed();
    // The cell budget keeps 400 columns of 10,000 regions.
    QVERIFY(w.heatmap().cellCount() <= KeyHeatmap::kDefaultMaxCells);
    QCOMPARE(w.heatmap().columnCount(), KeyHeatmap::kDefaultMaxCells / 10000);
    QElapsedTimer timer;
    timer.start();
    w.refresh();
    const QImage& image = w.heatImage();
    const qint64 renderMs = timer.elapsed();
    QVERIFY(!image.isNull());
    QVERIFY(w.lastRenderedCells() <= KeyHeatmap::kDefaultMaxCells);
    QVERIFY(!w.grab().isNull());  // the first paint also loads fonts
    timer.restart();
    const QPixmap shot = w.grab();  // a paint draws the cached image
    const qint64 paintMs = timer.elapsed();
    QVERIFY(!shot.isNull());
    qInfo("10,000 regions x %d columns: %lld ms to add the samples, render %lld ms, paint %lld ms",
          int(w.heatmap().columnCount()), fillMs, renderMs, paintMs);
    // The bound is structural (the cell budget above); times are reported,
    // not asserted, as the machines running the suite are shared.
  }
};

QTEST_MAIN(KeyHeatmapWidgetTest)
#include "key_heatmap_widget_test.moc"
