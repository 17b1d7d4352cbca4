// The split genealogy dock on a real cluster: a pre-split table split by its
// policy under load, split by hand at a binary key and merged, all read back
// from the catalog; the same tree after the data directory is reopened; the
// timeline's marks, hover text and click selection.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>
#include <qcustomplot.h>

#include "models/engine_controller.h"
#include "models/item_model_walk.h"
#include "models/split_genealogy_model.h"
#include "support/test_util.h"
#include "ui/split_genealogy_panel.h"
#include "ui/split_timeline_widget.h"

using regionlab::ui::AdminAction;
using regionlab::ui::EngineController;
using regionlab::ui::GenealogyEvent;
using regionlab::ui::SplitGenealogyModel;
using regionlab::ui::SplitGenealogyPanel;

namespace {

constexpr int kWaitMs = 60000;

// Table "g": pre-split at "m", ConstantSizeRegionSplitPolicy at 48 KB, so a
// few thousand small rows split it several times.
QString createAndLoad(regionlab::Cluster* cluster) {
  if (cluster == nullptr) return QStringLiteral("no cluster");
  regionlab::TableDescriptor d;
  d.name = "g";
  d.memstore_flush_size = 16 * 1024;
  d.max_file_size = 48 * 1024;
  d.split_policy = "ConstantSizeRegionSplitPolicy";
  d.configuration["hbase.hregion.max.filesize.jitter"] = "0";
  d.families.resize(1);
  d.families[0].name = "f";
  d.families[0].block_size = 1024;
  regionlab::Status s = cluster->admin().CreateTable(d, {"m"});
  if (!s.ok()) return QString::fromStdString(s.ToString());
  auto table = cluster->GetTable("g");
  if (!table.ok()) return QString::fromStdString(table.status().ToString());
  for (int i = 0; i < 3000; ++i) {
    regionlab::RowMutation m;
    m.row = std::string(1, char('a' + (i * 7) % 26)) + std::to_string((i * 7919) % 100000);
    m.Put("f", "q", std::string(40, 'x'));
    if (s = (*table)->Put(m); !s.ok()) return QString::fromStdString(s.ToString());
  }
  s = cluster->WaitForBackgroundWork();
  return s.ok() ? QString() : QString::fromStdString(s.ToString());
}

int countKind(const SplitGenealogyModel& m, GenealogyEvent::Kind kind) {
  int n = 0;
  for (const auto& e : m.genealogy().events()) n += e.kind == kind;
  return n;
}

// Every row as text, depth first; a live region's server is left out (it may
// change across a reopen).
QStringList dump(const SplitGenealogyModel& m) {
  QStringList out;
  regionlab::ui::forEachRow(m, [&](const QModelIndex& i) {
    QStringList cells;
    const bool live = i.data(SplitGenealogyModel::LiveRole).toBool();
    for (int c = 0; c < SplitGenealogyModel::ColumnCount; ++c)
      cells << (live && c == SplitGenealogyModel::Event ? QStringLiteral("live") : i.siblingAtColumn(c).data().toString());
    int depth = 0;
    for (QModelIndex p = i.parent(); p.isValid(); p = p.parent()) ++depth;
    out << QString(depth, QLatin1Char(' ')) + cells.join(QLatin1Char('|'));
  });
  return out;
}

}  // namespace

class SplitGenealogyPanelTest : public QObject {
  Q_OBJECT

 private slots:
  void realHistorySurvivesAReopen() {
    regionlab::test::TempDir dir;
    const QString data = QString::fromStdString(dir.File("data"));
    EngineController controller;
    SplitGenealogyPanel panel(&controller);
    panel.resize(1100, 420);
    QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy opened(&controller, &EngineController::opened);
    QSignalSpy finished(&controller, &EngineController::actionFinished);
    QSignalSpy shown(&panel, &SplitGenealogyPanel::historyShown);
    controller.openDataDirectory(data, 3);
    QVERIFY(opened.wait(kWaitMs));
    panel.setTable(QStringLiteral("g"));

    // Policy splits under load: the panel follows the engine's split events by itself.
    controller.runJob(QStringLiteral("load"), createAndLoad);
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    const SplitGenealogyModel& model = *panel.model();
    QVERIFY(QTest::qWaitFor([&] { return countKind(model, GenealogyEvent::Kind::PolicySplit) >= 2; }, kWaitMs));
    QCOMPARE(countKind(model, GenealogyEvent::Kind::PreSplit), 1);

    // A manual split at a binary key, then a merge of two neighbours through the controller.
    const std::string key("q\x01", 2);
    controller.runJob(QStringLiteral("split"), [key](regionlab::Cluster* c) {
      regionlab::Status s = c->admin().Split("g", key);
      return s.ok() ? QString() : QString::fromStdString(s.ToString());
    });
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    QVERIFY(QTest::qWaitFor([&] { return countKind(model, GenealogyEvent::Kind::ManualSplit) == 1; }, kWaitMs));
    std::vector<regionlab::RegionInfo> regions = model.snapshot()->regions;
    QVERIFY(regions.size() >= 4);
    controller.runAdminAction(AdminAction::Merge, QString::fromStdString(regions[0].encoded_name),
                              QString::fromStdString(regions[1].encoded_name));
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    QVERIFY(QTest::qWaitFor([&] { return countKind(model, GenealogyEvent::Kind::Merge) == 1; }, kWaitMs));

    // The manual split row shows the escaped key; the merged region sits
    // under its lower parent; the summary counts it all.
    bool sawKey = false;
    for (size_t e = 0; e < model.genealogy().events().size(); ++e) {
      const QModelIndex row = model.indexForEvent(int(e));
      QVERIFY(row.isValid());
      if (model.genealogy().events()[e].kind == GenealogyEvent::Kind::ManualSplit) {
        QCOMPARE(row.siblingAtColumn(SplitGenealogyModel::SplitKey).data().toString(), QStringLiteral("q\\x01"));
        QCOMPARE(row.siblingAtColumn(SplitGenealogyModel::Cause).data().toString(), QStringLiteral("manual"));
        sawKey = true;
      }
      if (model.genealogy().events()[e].kind == GenealogyEvent::Kind::PolicySplit) {
        QCOMPARE(row.siblingAtColumn(SplitGenealogyModel::Cause).data().toString(),
                 QStringLiteral("ConstantSizeRegionSplitPolicy"));
        QVERIFY(!row.siblingAtColumn(SplitGenealogyModel::SizeAtSplit).data().toString().isEmpty());
        QVERIFY(!row.siblingAtColumn(SplitGenealogyModel::Threshold).data().toString().isEmpty());
      }
    }
    QVERIFY(sawKey);
    // (Later policy splits may follow the merge: find it by kind.)
    const auto& events = model.genealogy().events();
    const int mergeEvent = int(std::find_if(events.begin(), events.end(), [](const GenealogyEvent& e) {
                                 return e.kind == GenealogyEvent::Kind::Merge;
                               }) - events.begin());
    const QString merged =
        QString::fromStdString(model.genealogy().regions()[events[mergeEvent].daughters.at(0)].encodedName);
    QCOMPARE(model.indexForRegion(merged).parent().data(SplitGenealogyModel::EncodedNameRole).toString(),
             QString::fromStdString(regions[0].encoded_name));
    QVERIFY2(panel.summary().contains(QStringLiteral("manual splits: 1, merges: 1")), qPrintable(panel.summary()));

    // The timeline: one mark per event; hovering names it; a click selects its row.
    regionlab::ui::SplitTimelineWidget* timeline = panel.timeline();
    int marks = 0;
    for (int g = 0; g < timeline->plot()->graphCount(); ++g)
      if (timeline->plot()->graph(g)->scatterStyle().size() < 12) marks += timeline->plot()->graph(g)->dataCount();
    QCOMPARE(marks, int(model.genealogy().events().size()));
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    timeline->plot()->replot();
    const QPoint mark = timeline->eventPosition(mergeEvent).toPoint();
    const std::vector<int> near = timeline->eventsNear(mark);
    QVERIFY(!near.empty());
    QCOMPARE(near.front(), mergeEvent);
    QVERIFY(timeline->toolTipFor(near).startsWith(QStringLiteral("merge at ")));
    QTest::mouseClick(timeline->plot(), Qt::LeftButton, {}, mark - timeline->plot()->geometry().topLeft());
    QCOMPARE(timeline->selectedEvent(), mergeEvent);
    QCOMPARE(panel.treeView()->currentIndex().siblingAtColumn(0), model.indexForEvent(mergeEvent));
    const QString shots = qEnvironmentVariable("REGIONLAB_SCREENSHOT_DIR");
    if (!shots.isEmpty()) QVERIFY(panel.grab().save(shots + QStringLiteral("/split_genealogy_real_splits.png")));

    // Reopen: the same genealogy, read from the catalog.
    const QStringList before = dump(model);
    QSignalSpy closed(&controller, &EngineController::closed);
    controller.closeDataDirectory();
    QVERIFY(closed.wait(kWaitMs));
    QCOMPARE(model.rowCount(), 0);
    shown.clear();
    controller.openDataDirectory(data, 3);
    QVERIFY(shown.wait(kWaitMs));
    QCOMPARE(dump(model), before);
  }

  // The timeline's time labels (two lines: the time over the date) fit side
  // by side however narrow the dock is: a narrow timeline shows fewer.
  void timelineLabelsNeverOverlap() {
    for (int width : {220, 420, 900}) {
      regionlab::ui::SplitTimelineWidget timeline;
      timeline.resize(width, 200);
      timeline.show();
      QVERIFY(QTest::qWaitForWindowExposed(&timeline));
      QCustomPlot* plot = timeline.plot();
      const double now = QDateTime::currentMSecsSinceEpoch() / 1000.0;
      plot->xAxis->setRange(now - 30, now);
      plot->replot();
      const int labels = plot->xAxis->tickVector().size();
      const int labelWidth = QFontMetrics(plot->xAxis->tickLabelFont()).horizontalAdvance(QStringLiteral("0000-00-00"));
      QVERIFY2(labels >= 1, qPrintable(QStringLiteral("width %1: no time label").arg(width)));
      QVERIFY2(labels * labelWidth <= plot->axisRect()->width(),
               qPrintable(QStringLiteral("width %1: %2 labels of %3 px on an axis of %4 px")
                              .arg(width).arg(labels).arg(labelWidth).arg(plot->axisRect()->width())));
    }
  }

  void unreadableHistoryIsReportedInline() {
    EngineController controller;  // nothing open: nothing is asked
    SplitGenealogyPanel panel(&controller);
    panel.setTable(QStringLiteral("t"));
    QCOMPARE(panel.model()->rowCount(), 0);
    regionlab::test::TempDir dir;
    QSignalSpy opened(&controller, &EngineController::opened);
    controller.openDataDirectory(QString::fromStdString(dir.File("data")), 1);
    QVERIFY(opened.wait(kWaitMs));
    QSignalSpy history(&controller, &EngineController::historyReady);
    panel.refresh();
    QVERIFY(history.wait(kWaitMs));
    const auto snapshot = history.last().at(0).value<regionlab::ui::HistoryPtr>();
    QVERIFY(snapshot->error.contains(QStringLiteral("t")));  // the table does not exist
    QVERIFY(panel.findChild<QLabel*>()->text().contains(QStringLiteral("cannot be read")));
  }
};

QTEST_MAIN(SplitGenealogyPanelTest)
#include "split_genealogy_panel_test.moc"
