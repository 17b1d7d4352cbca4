// The live story, as a new user meets it: a fresh data directory, the demo
// tables, and the Workload dock's defaults on the table it selects. Within
// the operations those defaults issue in their first minute the user sees a
// flush, a compaction that brings the store files down, a split whose
// daughters show in the region map and the genealogy, and the block cache
// filling with a hit ratio; the memstore chart's limit lines lie inside its
// plotted range, and every event marker says what happened.
//
// The run is the defaults' first minute without the rate limit: the same
// operations (flushes, compactions and splits follow the bytes written, not
// the clock), as fast as the machine goes, driven by the engine's events and
// the poller's samples, never by sleeps. A screenshot series goes to
// $REGIONLAB_SCREENSHOT_DIR when it is set: the run pauses at the first
// flush, compaction and split so the pictures show them.
#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>
#include <qcustomplot.h>

#include "demo/demo_schema.h"
#include "models/event_log.h"
#include "models/metrics_poller.h"
#include "models/split_genealogy_model.h"
#include "models/workload_controller.h"
#include "models/workload_form.h"
#include "screenshot.h"
#include "support/test_util.h"
#include "ui/event_strip_widget.h"
#include "ui/live_charts_widget.h"
#include "ui/main_window.h"
#include "ui/region_map_panel.h"
#include "ui/region_map_widget.h"
#include "ui/split_genealogy_panel.h"
#include "ui/workload_panel.h"

using regionlab::ClusterEvent;
using regionlab::ui::EngineController;
using regionlab::ui::EventKind;
using regionlab::ui::LiveChartsWidget;
using regionlab::ui::MainWindow;
using regionlab::ui::MetricsPoller;
using regionlab::ui::WorkloadController;
using regionlab::ui::WorkloadForm;
using State = regionlab::ui::WorkloadController::State;

namespace {

constexpr int kWaitMs = 120000;  // generous: a loaded 2-core machine, or the sanitizers
constexpr int kDemoRows = 2000;  // the other demo tables' rows; the story table starts empty

// The strip's first cluster of `kind` ("-1" when none).
int clusterOf(const regionlab::ui::EventStripWidget* strip, EventKind kind) {
  const auto& clusters = strip->clusters();
  for (int i = 0; i < static_cast<int>(clusters.size()); ++i)
    if (clusters[i].kind == kind) return i;
  return -1;
}

double lastValue(QCPGraph* g) { return g == nullptr || g->data()->isEmpty() ? -1 : (g->data()->constEnd() - 1)->value; }

}  // namespace

class LiveStoryTest : public QObject {
  Q_OBJECT

 private:
  regionlab::test::TempDir m_dir;

 private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, QString::fromStdString(m_dir.File("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("RegionLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("live_story_test"));
  }

  void theMechanicsShowWithinTheFirstMinute() {
    MainWindow w;
    w.setOfferDemo(false);
    w.poller()->setIntervalMs(100);  // samples: points on the charts, not the story's clock
    w.resize(1280, 820);
    w.show();
    QSignalSpy opened(w.controller(), &EngineController::opened);
    QSignalSpy demo(&w, &MainWindow::demoCreated);
    QSignalSpy samples(w.poller(), &MetricsPoller::sampleAdded);
    w.openDataDirectory(QString::fromStdString(m_dir.File("data")));
    QVERIFY(opened.wait(kWaitMs));
    w.createDemoTables(kDemoRows);
    QVERIFY(demo.wait(kWaitMs));
    QVERIFY2(demo.last().at(0).toBool(), qPrintable(demo.last().at(1).toString()));

    // The docks follow the story table; the dock's form is its defaults on it.
    const QString story = QString::fromStdString(regionlab::DemoStoryTable());
    regionlab::ui::WorkloadPanel* panel = w.workloadPanel();
    QTRY_COMPARE_WITH_TIMEOUT(panel->form().table, story, kWaitMs);
    QTRY_COMPARE_WITH_TIMEOUT(w.regionMapPanel()->currentTable(), story, kWaitMs);
    QCOMPARE(w.charts()->table(), story);
    QTRY_VERIFY_WITH_TIMEOUT(samples.count() >= 2 && w.charts()->labScale() == 1024, kWaitMs);
    WorkloadForm f = panel->form();
    const WorkloadForm defaults;
    QCOMPARE(f.scheme, defaults.scheme);
    QCOMPARE(f.rows, defaults.rows);
    QCOMPARE(f.preset, defaults.preset);
    QCOMPARE(f.rateLimit, defaults.rateLimit);
    QVERIFY(f.rateLimit > 0);
    // The first minute's operations, without the wait.
    const qint64 minute = static_cast<qint64>(60 * f.rateLimit);
    QVERIFY(minute > f.rows);
    f.operations = minute - f.rows;
    f.rateLimit = 0;
    panel->setForm(f);

    // Watch the story table's events; pause the run at the first of each
    // kind long enough for two samples (the screenshot's lines), then go on.
    QMap<EventKind, ClusterEvent> first;
    QMap<EventKind, bool> duringRun;
    QList<EventKind> toShoot;
    connect(w.controller(), &EngineController::clusterEvent, this, [&](const ClusterEvent& e) {
      if (QString::fromStdString(e.table) != story) return;
      const EventKind kind = regionlab::ui::eventKindOf(e.kind);
      if (first.contains(kind)) return;
      first.insert(kind, e);
      duringRun.insert(kind, panel->runner()->isActive());
      if (kind == EventKind::Flush || kind == EventKind::MinorCompaction || kind == EventKind::Split) {
        panel->runner()->pause();
        toShoot << kind;
      }
    });
    QSignalSpy finished(panel->runner(), &WorkloadController::finished);
    QVERIFY(panel->start());
    const char* shotNames[] = {"live_story_1_flush.png", "live_story_2_compaction.png", "live_story_3_split.png"};
    int shots = 0;
    while (finished.isEmpty()) {
      QVERIFY(QTest::qWaitFor([&] { return !finished.isEmpty() || !toShoot.isEmpty(); }, kWaitMs));
      if (toShoot.isEmpty()) break;
      const EventKind kind = toShoot.takeFirst();
      // The pause takes effect between operations; two samples draw the lines to it.
      const int before = samples.count();
      QVERIFY(QTest::qWaitFor([&] { return samples.count() >= before + 2; }, kWaitMs));
      if (kind == EventKind::Split) {
        // The daughters replace the table's one region in the map.
        QTRY_VERIFY_WITH_TIMEOUT(w.regionMapPanel()->map()->regions().size() >= 2, kWaitMs);
        w.genealogyDock()->raise();
        QTRY_VERIFY_WITH_TIMEOUT(w.genealogyPanel()->model()->genealogy().events().size() >= 1, kWaitMs);
      }
      w.charts()->replotNow();
      if (shots < 3) RL_SAVE_SCREENSHOT(&w, QLatin1String(shotNames[shots++]));
      panel->runner()->resume();
    }
    QVERIFY(!finished.isEmpty() || finished.wait(kWaitMs));
    QCOMPARE(finished.last().at(0).value<State>(), State::Finished);
    QCOMPARE(panel->runner()->progress().Done(), static_cast<uint64_t>(minute));

    // Flush, compaction and split, all while the minute's operations ran.
    for (EventKind kind : {EventKind::Flush, EventKind::MinorCompaction, EventKind::Split}) {
      QVERIFY2(first.contains(kind), qPrintable(regionlab::ui::eventKindName(kind)));
      QVERIFY2(duringRun.value(kind), qPrintable(regionlab::ui::eventKindName(kind)));
    }
    const ClusterEvent& flush = first[EventKind::Flush];
    QCOMPARE(flush.cause, std::string("memstore size"));
    QCOMPARE(flush.threshold_bytes, uint64_t(128) << 10);
    const ClusterEvent& split = first[EventKind::Split];
    QCOMPARE(split.cause, std::string("SteppingSplitPolicy"));
    QCOMPARE(split.threshold_bytes, uint64_t(256) << 10);
    QCOMPARE(split.daughters.size(), size_t(2));

    // The block cache filled under YCSB A's reads, with a hit ratio between nothing and everything.
    QTRY_VERIFY_WITH_TIMEOUT(samples.count() >= 2, kWaitMs);
    const int settled = samples.count();
    QVERIFY(QTest::qWaitFor([&] { return samples.count() >= settled + 2; }, kWaitMs));
    uint64_t cached = 0, hits = 0, misses = 0;
    for (const auto& s : w.poller()->latestSample()->servers) {
      cached += s.block_cache.size;
      hits += s.block_cache.hits;
      misses += s.block_cache.misses;
    }
    QVERIFY2(cached > 0 && hits > 0 && misses > 0,
             qPrintable(QStringLiteral("%1 bytes, %2 hits, %3 misses").arg(cached).arg(hits).arg(misses)));
    const double ratio = lastValue(w.charts()->graph(LiveChartsWidget::BlockCache, QLatin1String(LiveChartsWidget::kHitRatio)));
    QVERIFY2(ratio > 0 && ratio < 100, qPrintable(QString::number(ratio)));

    // The memstore chart's lines are inside its plotted range.
    w.charts()->replotNow();
    const QCPRange y = w.charts()->plot(LiveChartsWidget::Memstore)->yAxis->range();
    for (const char* line : {LiveChartsWidget::kFlushSize, LiveChartsWidget::kGlobalFlushMark, LiveChartsWidget::kGlobalLimit}) {
      const double v = lastValue(w.charts()->graph(LiveChartsWidget::Memstore, QLatin1String(line)));
      QVERIFY2(v > 0 && y.contains(v), qPrintable(QStringLiteral("%1 = %2 outside [%3, %4]").arg(QLatin1String(line)).arg(v).arg(y.lower).arg(y.upper)));
    }
    QCOMPARE(lastValue(w.charts()->graph(LiveChartsWidget::Memstore, QLatin1String(LiveChartsWidget::kFlushSize))),
             double(128 << 10));

    // Every marker can be read, and the split's leads to its region.
    regionlab::ui::EventStripWidget* strip = w.charts()->eventStrip();
    strip->relayout();
    for (EventKind kind : {EventKind::Flush, EventKind::MinorCompaction, EventKind::Split})
      QVERIFY2(clusterOf(strip, kind) >= 0, qPrintable(regionlab::ui::eventKindName(kind)));
    const int splitMarker = clusterOf(strip, EventKind::Split);
    const QString tip = strip->toolTipFor(splitMarker);
    QVERIFY2(tip.contains(QStringLiteral("SteppingSplitPolicy")) && tip.contains(QStringLiteral("256 KB")) &&
                 tip.contains(story),
             qPrintable(tip));
    QTest::mouseClick(strip, Qt::LeftButton, {}, strip->markerRect(splitMarker).center().toPoint());
    QCOMPARE(w.regionMapPanel()->currentTable(), story);
    const QSet<QString> highlighted = w.regionMapPanel()->map()->highlighted();
    QVERIFY(highlighted.contains(QString::fromStdString(split.daughters[0])));
    QTRY_COMPARE_WITH_TIMEOUT(w.genealogyPanel()->treeView()->currentIndex()
                                  .data(regionlab::ui::SplitGenealogyModel::EncodedNameRole)
                                  .toString(),
                              QString::fromStdString(split.region), kWaitMs);
    w.charts()->replotNow();
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("live_story_4_cache_and_markers.png"));
  }
};

QTEST_MAIN(LiveStoryTest)
#include "live_story_test.moc"
