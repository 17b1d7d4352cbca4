// RegionMapWidget geometry: which region is at which pixel, in bar and lane
// view, proportional and equal widths, with 10,000 regions; painting is
// bounded by the pixels, not the regions.
#include <QtTest>

#include "models/format.h"
#include "support/test_util.h"
#include "ui/region_map_widget.h"

using regionlab::ui::RegionMapEntry;
using regionlab::ui::RegionMapWidget;

namespace {

std::vector<RegionMapEntry> makeRegions(const std::vector<uint64_t>& sizes,
                                        const std::vector<QString>& servers) {
  std::vector<RegionMapEntry> out;
  for (size_t i = 0; i < sizes.size(); ++i) {
    RegionMapEntry e;
    e.encodedName = QStringLiteral("r%1").arg(i);
    e.startKey = i == 0 ? QString() : QStringLiteral("k%1").arg(i, 5, 10, QLatin1Char('0'));
    e.server = servers[i % servers.size()];
    e.size = sizes[i];
    e.splitThreshold = 1ull << 30;
    out.push_back(e);
  }
  return out;
}

// The centre of region i's rectangle.
QPoint centre(const RegionMapWidget& w, int i) { return w.regionRect(i).center().toPoint(); }

}  // namespace

class RegionMapWidgetTest : public QObject {
  Q_OBJECT

 private slots:
  void hitTestingMapsXToRegion_data() {
    QTest::addColumn<bool>("equal");
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("region");
    // Bar 6..606 px wide (600 px). Sizes 100, 300, 200 thousand, each plus a tenth
    // of the average (20 thousand): proportional edges near 6, 115, 406, 606;
    // equal edges 6, 206, 406, 606.
    QTest::newRow("proportional first") << false << 50 << 0;
    QTest::newRow("proportional first end") << false << 113 << 0;
    QTest::newRow("proportional second start") << false << 117 << 1;
    QTest::newRow("proportional second end") << false << 400 << 1;
    QTest::newRow("proportional third") << false << 500 << 2;
    QTest::newRow("equal first") << true << 150 << 0;
    QTest::newRow("equal second") << true << 300 << 1;
    QTest::newRow("equal third") << true << 410 << 2;
    QTest::newRow("left margin") << false << 2 << -1;
    QTest::newRow("right margin") << true << 609 << -1;
  }

  void hitTestingMapsXToRegion() {
    QFETCH(bool, equal);
    QFETCH(int, x);
    QFETCH(int, region);
    RegionMapWidget w;
    w.resize(612, 200);
    w.setRegions(makeRegions({100000, 300000, 200000}, {QStringLiteral("rs1")}));
    w.setWidthMode(equal ? RegionMapWidget::WidthMode::Equal : RegionMapWidget::WidthMode::Proportional);
    QCOMPARE(w.regionAt(QPoint(x, 60)), region);
  }

  void sortBySizePutsLargestFirst() {
    RegionMapWidget w;
    w.resize(612, 200);
    w.setRegions(makeRegions({100, 300, 200}, {QStringLiteral("rs1")}));
    w.setSortOrder(RegionMapWidget::SortOrder::Size);
    QCOMPARE(w.regionAt(QPoint(10, 60)), 1);
    QVERIFY(w.regionRect(1).left() < w.regionRect(2).left());
    QVERIFY(w.regionRect(2).left() < w.regionRect(0).left());
    QCOMPARE(w.regionAt(QPoint(600, 60)), 0);
  }

  void unflushedRowsCountInWidthAndOrder() {
    // Region 0 has only flushed data, region 1 the same amount still in its
    // memstore: both are drawn as wide, and in size order the memstore-only
    // region comes before a smaller flushed one.
    RegionMapWidget w;
    w.resize(612, 200);
    auto regions = makeRegions({300000, 0, 100000}, {QStringLiteral("rs1")});
    regions[1].memstoreData = 300000;
    regions[1].memstore = 900000;  // heap overhead does not widen it
    w.setRegions(regions);
    QCOMPARE(qRound(w.regionRect(0).width()), qRound(w.regionRect(1).width()));
    QVERIFY(w.regionRect(1).width() > 2 * w.regionRect(2).width());
    w.setSortOrder(RegionMapWidget::SortOrder::Size);
    QVERIFY(w.regionRect(1).left() < w.regionRect(2).left());
  }

  void laneViewGivesEachServerARow() {
    RegionMapWidget w;
    w.resize(800, 300);
    // rs1 holds regions 0, 2, 4; rs2 holds 1, 3.
    w.setRegions(makeRegions({10, 10, 10, 10, 10}, {QStringLiteral("rs1"), QStringLiteral("rs2")}));
    w.setWidthMode(RegionMapWidget::WidthMode::Equal);
    w.setLaneView(true);
    const QRectF r0 = w.regionRect(0), r1 = w.regionRect(1), r4 = w.regionRect(4);
    QVERIFY(r1.top() > r0.bottom());                 // rs2's lane is below rs1's
    QCOMPARE(r4.top(), r0.top());                    // same lane
    QCOMPARE(w.regionAt(centre(w, 3)), 3);
    QCOMPARE(w.regionAt(centre(w, 4)), 4);
    // Lanes share a scale: rs2's lane (2 regions) is shorter than rs1's (3).
    QVERIFY(w.regionRect(3).right() < w.regionRect(4).right());
    QVERIFY(w.serverColor(QStringLiteral("rs1")) != w.serverColor(QStringLiteral("rs2")));
    QCOMPARE(w.regionAt(QPoint(20, qRound(r0.center().y()))), -1);  // the lane label
  }

  void paintsRegionsInServerColours() {
    RegionMapWidget w;
    w.resize(612, 200);
    w.setRegions(makeRegions({100000, 300000, 200000}, {QStringLiteral("rs1"), QStringLiteral("rs2")}));
    const QImage image = w.grab().toImage();
    for (int i = 0; i < 3; ++i) {
      const QRectF r = w.regionRect(i);
      const QColor expected = w.serverColor(i == 1 ? QStringLiteral("rs2") : QStringLiteral("rs1"));
      // The size fill starts at the bottom of the box.
      QCOMPARE(image.pixelColor(qRound(r.center().x()), qFloor(r.bottom()) - 2), expected);
    }
    QCOMPARE(w.lastPaintedBoxes(), 3);
  }

  void tooltipNamesKeysAndFigures() {
    RegionMapWidget w;
    std::vector<RegionMapEntry> regions = makeRegions({5 << 20}, {QStringLiteral("rs1")});
    regions[0].startKey = regionlab::ui::formatKey(std::string("\x01\xfe", 2));
    regions[0].storeFiles = 3;
    regions[0].memstore = 2048;
    regions[0].requestsPerSecond = 12.5;
    w.setRegions(regions);
    const QString tip = w.toolTipFor(0);
    QVERIFY2(tip.contains(QStringLiteral("\\x01\\xFE")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("5.00 MB in 3 store")));
    QVERIFY(tip.contains(QStringLiteral("memstore: 2.00 KB")));
    QVERIFY(tip.contains(QStringLiteral("requests/s: 12.5")));
    QVERIFY(tip.contains(QStringLiteral("split threshold: 1.00 GB")));
  }

  void tenThousandRegions() {
    RegionMapWidget w;
    w.resize(1012, 240);  // a 1000 px bar between 6 px margins
    std::vector<uint64_t> sizes(10000);
    for (int i = 0; i < 10000; ++i) sizes[i] = 1000 + (i % 7) * 100;
    w.setRegions(makeRegions(sizes, {QStringLiteral("rs1"), QStringLiteral("rs2"), QStringLiteral("rs3")}));
    w.setWidthMode(RegionMapWidget::WidthMode::Equal);
    // 1000 px for 10,000 regions: each pixel column covers ten regions, in key order.
    for (int x = 6; x < 1006; x += 37) {
      const int i = w.regionAt(QPoint(x, 100));
      QVERIFY(i >= 0);
      QVERIFY(w.regionRect(i).left() <= x + 0.5 && x + 0.5 < w.regionRect(i).right());
      QVERIFY(std::abs(i - ((x - 6) * 10 + 5)) <= 1);  // the pixel centre sits on an edge
    }
    QVERIFY(w.regionAt(QPoint(1005, 100)) >= 9990);  // the last pixel column: the last ten regions
    QCOMPARE(w.regionAt(QPoint(1006, 100)), -1);
    const QImage image = w.grab().toImage();
    QVERIFY(w.lastPaintedBoxes() > 0);
    QVERIFY2(w.lastPaintedBoxes() <= 1001, qPrintable(QString::number(w.lastPaintedBoxes())));
    const QString dir = qEnvironmentVariable("REGIONLAB_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
      QVERIFY(image.save(dir + QStringLiteral("/region_map_10000.png")));
      w.setLaneView(true);
      w.setWidthMode(RegionMapWidget::WidthMode::Proportional);
      QVERIFY(w.grab().save(dir + QStringLiteral("/region_map_10000_lanes.png")));
    }
  }
};

QTEST_MAIN(RegionMapWidgetTest)
#include "region_map_widget_test.moc"
