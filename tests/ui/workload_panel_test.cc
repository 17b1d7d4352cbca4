// The workload dock driven by mouse and keyboard on a real cluster: a run to
// completion whose figures reach the final counts; problems under their
// fields; Pause/Resume and Cancel; in the main window, a timestamp-first
// scheme heats one pre-split region and a salted one all of them, on the
// region map and the key-space heatmap (saved to $REGIONLAB_SCREENSHOT_DIR);
// closing the window mid-run ends it cleanly.
#include "ui/workload_panel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

#include "engine/workload/workload_test_util.h"
#include "models/engine_controller.h"
#include "models/format.h"
#include "models/metrics_poller.h"
#include "models/workload_controller.h"
#include "rowkey/scheme_json.h"
#include "rowkey/scheme_store.h"
#include "screenshot.h"
#include "support/test_util.h"
#include "ui/key_heatmap_panel.h"
#include "ui/key_heatmap_widget.h"
#include "ui/live_charts_widget.h"
#include "ui/main_window.h"
#include "ui/region_map_panel.h"
#include "ui/region_map_widget.h"

using regionlab::ui::EngineController;
using regionlab::ui::MainWindow;
using regionlab::ui::SchemeSource;
using regionlab::ui::WorkloadController;
using regionlab::ui::WorkloadField;
using regionlab::ui::WorkloadForm;
using regionlab::ui::WorkloadPanel;
using regionlab::workload::Operation;
using State = regionlab::ui::WorkloadController::State;

namespace {

constexpr int kWaitMs = 60000;

// Creates `name` (family "d", pre-split on the salt) through the controller's worker.
bool createTable(EngineController* c, const std::string& name) {
  QSignalSpy done(c, &EngineController::actionFinished);
  c->runJob(QStringLiteral("create %1").arg(QString::fromStdString(name)),
            [name](regionlab::Cluster* cluster) -> QString {
              regionlab::TableDescriptor d;
              d.name = name;
              d.memstore_flush_size = 512 << 10;  // flushes show on the charts
              regionlab::FamilyOptions f;
              f.name = "d";
              d.families.push_back(f);
              regionlab::Status s = cluster->admin().CreateTable(d, regionlab::test::SaltSplits());
              return s.ok() ? QString() : QString::fromStdString(s.ToString());
            });
  return done.wait(kWaitMs) && done.last().at(1).toBool();
}

void clickOn(QPushButton* b) { QTest::mouseClick(b, Qt::LeftButton); }

// Shows `panel` at a dock's size once it lists the controller's tables.
bool showWithTables(WorkloadPanel& panel, EngineController* controller) {
  panel.resize(1100, 330);
  panel.show();
  QSignalSpy schemas(controller, &EngineController::schemaReady);
  controller->requestSchema();
  return schemas.wait(kWaitMs);
}

}  // namespace

class WorkloadPanelTest : public QObject {
  Q_OBJECT

 private:
  regionlab::test::TempDir m_dir;
  QString data() const { return QString::fromStdString(m_dir.File("data")); }

  // A controller with the data directory open and `tables` created.
  std::unique_ptr<EngineController> openController(const std::vector<std::string>& tables) {
    auto c = std::make_unique<EngineController>();
    QSignalSpy opened(c.get(), &EngineController::opened);
    c->openDataDirectory(data(), 3);
    if (!opened.wait(kWaitMs)) return nullptr;
    for (const auto& t : tables)
      if (!createTable(c.get(), t)) return nullptr;
    return c;
  }

 private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       QString::fromStdString(m_dir.File("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("RegionLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("workload_panel_test"));
    QFile file(QString::fromStdString(m_dir.File("events.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(regionlab::test::kTimestampFirstScheme);
  }

  void runsToCompletionAndShowsTheFinalCounts() {
    auto controller = openController({"panel_run"});
    QVERIFY(controller);
    WorkloadPanel panel(controller.get());
    QVERIFY(showWithTables(panel, controller.get()));
    panel.setTable(QStringLiteral("panel_run"));

    // The form by hand: a JSON file scheme, YCSB B after the load.
    panel.schemeSourceBox()->setCurrentIndex(int(SchemeSource::File));
    QLineEdit* file = panel.schemeFileEdit();
    QVERIFY(file->isVisible());
    QVERIFY(!panel.schemeNames()->isVisible());
    file->setText(QString::fromStdString(m_dir.File("events.json")));
    WorkloadForm f = panel.form();
    QCOMPARE(f.schemeSource, SchemeSource::File);
    f.rows = 3000;
    f.preset = 'b';
    f.operations = 2000;
    f.rateLimit = 0;
    f.threads = 3;
    f.valueSize = 64;
    f.durability = regionlab::Durability::kAsyncWal;
    panel.setForm(f);
    QCOMPARE(panel.form().preset, 'b');
    QCOMPARE(panel.form().operations, qint64{2000});
    QCOMPARE(panel.form().durability, regionlab::Durability::kAsyncWal);

    QSignalSpy finished(panel.runner(), &WorkloadController::finished);
    QSignalSpy started(&panel, &WorkloadPanel::runStarted);
    clickOn(panel.startButton());
    QVERIFY(!panel.startButton()->isEnabled());
    QVERIFY(panel.cancelButton()->isEnabled());
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.first().at(0).toString(), QStringLiteral("panel_run"));
    QCOMPARE(finished.last().at(0).value<State>(), State::Finished);

    // The figures reach the final counts.
    const auto& p = panel.runner()->progress();
    QCOMPARE(p.Done(), uint64_t{5000});
    QCOMPARE(panel.progressBar()->value(), panel.progressBar()->maximum());
    QCOMPARE(panel.progressBar()->format(), QStringLiteral("5,000 / 5,000"));
    QCOMPARE(panel.phaseLabel()->text(), QStringLiteral("Run: 2,000 of 2,000 operations"));
    QCOMPARE(panel.countLabel(Operation::kRead)->text(),
             regionlab::ui::formatCount(p.Count(Operation::kRead)));
    QCOMPARE(panel.countLabel(Operation::kUpdate)->text(),
             regionlab::ui::formatCount(p.Count(Operation::kUpdate)));
    QCOMPARE(p.Count(Operation::kRead) + p.Count(Operation::kUpdate), uint64_t{2000});
    QVERIFY(p.Count(Operation::kRead) > 1800);
    QCOMPARE(p.reads_missing, uint64_t{0});
    // Only the operations YCSB B issues have figures.
    QVERIFY(panel.countLabel(Operation::kRead)->isVisible());
    QVERIFY(panel.countLabel(Operation::kUpdate)->isVisible());
    QVERIFY(!panel.countLabel(Operation::kInsert)->isVisible());
    QVERIFY(!panel.countLabel(Operation::kScan)->isVisible());
    QCOMPARE(panel.errorsLabel()->text(), QStringLiteral("0"));
    QVERIFY2(panel.p50Label()->text().contains(
                 QRegularExpression(QStringLiteral("^[0-9.]+ (\u00b5s|ms)$"))),
             qPrintable(panel.p50Label()->text()));
    QVERIFY(panel.p99Label()->text() != QStringLiteral("\u2014"));
    QVERIFY(panel.rateLabel()->text() != QStringLiteral("0"));
    QVERIFY2(panel.statusLabel()->text().contains(QRegularExpression(
                 QStringLiteral("^Loaded 3,000 rows in [0-9.]+ s \\([0-9,]+ rows/s\\), "
                                "then ran 2,000 operations in [0-9.]+ s \\([0-9,]+ ops/s\\)$"))),
             qPrintable(panel.statusLabel()->text()));
    QVERIFY(panel.startButton()->isEnabled());
    QVERIFY(!panel.pauseButton()->isEnabled());
    QVERIFY(!panel.cancelButton()->isEnabled());
    RL_SAVE_SCREENSHOT(&panel, QStringLiteral("workload_panel_finished.png"));
  }

  void problemsShowUnderTheirFields() {
    auto controller = openController({});
    QVERIFY(controller);
    WorkloadPanel panel(controller.get());
    panel.show();
    WorkloadForm f = panel.form();
    f.table.clear();
    f.preset = 0;
    f.schemeSource = SchemeSource::File;
    f.scheme = QStringLiteral("/nonexistent/s.json");
    panel.setForm(f);
    clickOn(panel.startButton());
    QCOMPARE(panel.runner()->state(), State::Idle);
    QVERIFY(panel.fieldErrorLabel(WorkloadField::Table)->isVisible());
    QVERIFY(panel.fieldErrorLabel(WorkloadField::Scheme)->isVisible());
    QVERIFY(panel.fieldErrorLabel(WorkloadField::Scheme)
                ->text()
                .contains(QStringLiteral("does not exist")));
    QVERIFY(!panel.fieldErrorLabel(WorkloadField::Rows)->isVisible());
    // Operations only count for a YCSB workload.
    QVERIFY(!panel.operationsBox()->isEnabled());
    f.preset = 'c';
    panel.setForm(f);
    QVERIFY(panel.operationsBox()->isEnabled());
  }

  void pauseResumeAndCancelFromTheButtons() {
    auto controller = openController({"panel_pause"});
    QVERIFY(controller);
    WorkloadPanel panel(controller.get());
    QVERIFY(showWithTables(panel, controller.get()));
    WorkloadForm f = panel.form();
    f.table = QStringLiteral("panel_pause");
    f.scheme = QStringLiteral("trade-salted");
    f.rows = 3000;
    f.preset = 'e';  // short ranges: scans and inserts after the load
    f.operations = 10000000;
    f.rateLimit = 1500;
    f.durability = regionlab::Durability::kAsyncWal;
    panel.setForm(f);
    panel.runner()->setPollIntervalMs(100);
    clickOn(panel.startButton());
    QTRY_VERIFY_WITH_TIMEOUT(panel.runner()->progress().operations_done > 1500, kWaitMs);
    QVERIFY(panel.phaseLabel()->text().startsWith(QStringLiteral("Run: ")));
    QVERIFY(panel.countLabel(Operation::kScan)->isVisible());
    QVERIFY(!panel.countLabel(Operation::kRead)->isVisible());
    QVERIFY(panel.rateLabel()->text() != QStringLiteral("\u2014"));
    QVERIFY(panel.progressBar()->value() < panel.progressBar()->maximum());
    RL_SAVE_SCREENSHOT(&panel, QStringLiteral("workload_panel_running.png"));

    clickOn(panel.pauseButton());
    QCOMPARE(panel.runner()->state(), State::Paused);
    QCOMPARE(panel.pauseButton()->text(), QStringLiteral("Resume"));
    QCOMPARE(panel.statusLabel()->text(), QStringLiteral("Paused"));
    QTRY_COMPARE_WITH_TIMEOUT(panel.rateLabel()->text(), QStringLiteral("0"), 5000);
    RL_SAVE_SCREENSHOT(&panel, QStringLiteral("workload_panel_paused.png"));
    clickOn(panel.pauseButton());
    QCOMPARE(panel.runner()->state(), State::Running);
    QCOMPARE(panel.pauseButton()->text(), QStringLiteral("Pause"));

    QSignalSpy finished(panel.runner(), &WorkloadController::finished);
    clickOn(panel.cancelButton());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
    QVERIFY2(panel.statusLabel()->text().startsWith(QStringLiteral("Cancelled after")),
             qPrintable(panel.statusLabel()->text()));
    RL_SAVE_SCREENSHOT(&panel, QStringLiteral("workload_panel_cancelled.png"));
  }

  // The point of the generator: watch a hotspot form, then go away salted.
  void mainWindowShowsTheHotspotAndItsCure() {
    {
      auto controller = openController({"events_by_time", "events_salted"});
      QVERIFY(controller);
      auto scheme =
          regionlab::rowkey::ParseSchemeJson(regionlab::test::kTimestampFirstScheme, "events");
      QVERIFY(scheme.ok());
      QSignalSpy done(controller.get(), &EngineController::actionFinished);
      controller->runJob(QStringLiteral("save scheme"),
                         [s = *scheme](regionlab::Cluster* c) -> QString {
                           regionlab::Status st = regionlab::rowkey::SaveScheme(c->admin(), s);
                           return st.ok() ? QString() : QString::fromStdString(st.ToString());
                         });
      QVERIFY(done.wait(kWaitMs));
    }
    MainWindow w;
    w.setOfferDemo(false);
    w.poller()->setIntervalMs(250);
    w.resize(1400, 900);
    w.show();
    QSignalSpy schemas(w.controller(), &EngineController::schemaReady);
    w.openDataDirectory(data());
    QVERIFY(schemas.wait(kWaitMs));
    WorkloadPanel* panel = w.workloadPanel();
    QVERIFY(panel);
    QVERIFY(w.workloadDock()->toggleViewAction()->text() == QStringLiteral("Workload"));
    panel->runner()->setPollIntervalMs(100);

    struct Case {
      QString table;
      SchemeSource source;
      QString scheme;
      const char* shot;
    };
    const Case cases[] = {{QStringLiteral("events_by_time"), SchemeSource::Catalog,
                           QStringLiteral("events-by-time"), "timestamp_first"},
                          {QStringLiteral("events_salted"), SchemeSource::Example,
                           QStringLiteral("trade-salted"), "salted"}};
    for (const Case& c : cases) {
      w.workloadDock()->raise();
      WorkloadForm f = panel->form();
      f.table = c.table;
      f.schemeSource = c.source;
      panel->setForm(f);  // the source first: the name list follows it
      if (c.source == SchemeSource::Catalog)
        QTRY_VERIFY_WITH_TIMEOUT(panel->schemeNames()->findText(c.scheme) >= 0, kWaitMs);
      f.scheme = c.scheme;
      f.rows = 24000;
      f.preset = 0;  // load only
      f.rateLimit = 4000;  // six seconds of writes: columns for the heatmap
      f.threads = 4;
      f.valueSize = 100;
      f.durability = regionlab::Durability::kAsyncWal;
      panel->setForm(f);
      QSignalSpy finished(panel->runner(), &WorkloadController::finished);
      QVERIFY(panel->start());
      // The region map follows the table the run writes to.
      QTRY_COMPARE_WITH_TIMEOUT(w.regionMapPanel()->currentTable(), c.table, kWaitMs);
      QTRY_VERIFY_WITH_TIMEOUT(panel->runner()->progress().rows_done > 8000, kWaitMs);
      RL_SAVE_SCREENSHOT(w.workloadDock(),
                         QStringLiteral("workload_dock_%1_running.png").arg(QLatin1String(c.shot)));
      QVERIFY(finished.wait(kWaitMs));
      QCOMPARE(finished.last().at(0).value<State>(), State::Finished);
      QTest::qWait(700);  // the samples after the last writes

      // Per-region writes from the engine's counters (the poller's latest sample).
      QTRY_VERIFY_WITH_TIMEOUT(
          [&] {
            uint64_t sum = 0;
            for (const auto& r : w.poller()->latestSample()->regions)
              if (QString::fromStdString(r.table) == c.table) sum += r.metrics.write_requests;
            return sum == 24000;
          }(),
          kWaitMs);
      int written = 0;
      for (const auto& r : w.poller()->latestSample()->regions)
        if (QString::fromStdString(r.table) == c.table && r.metrics.write_requests > 0) ++written;
      QCOMPARE(written, c.source == SchemeSource::Catalog ? 1 : 16);

      w.charts()->replotNow();
      RL_SAVE_SCREENSHOT(&w, QStringLiteral("main_window_%1.png").arg(QLatin1String(c.shot)));
      for (QDockWidget* dock : {w.heatmapDock(), w.regionMapDock()}) {
        dock->raise();
        QVERIFY(QTest::qWaitFor([&] { return dock->widget()->isVisible(); }, kWaitMs));
        QTest::qWait(50);
        RL_SAVE_SCREENSHOT(dock, QStringLiteral("%1_%2.png")
                                     .arg(dock == w.heatmapDock() ? QStringLiteral("heatmap")
                                                                  : QStringLiteral("region_map"),
                                          QLatin1String(c.shot)));
      }
      QCOMPARE(w.heatmapPanel()->table(), c.table);
    }
  }

  void closingTheWindowMidRunEndsItCleanly() {
    {
      auto controller = openController({"panel_close"});
      QVERIFY(controller);
    }
    auto w = std::make_unique<MainWindow>();
    w->setOfferDemo(false);
    QSignalSpy schemas(w->controller(), &EngineController::schemaReady);
    w->openDataDirectory(data());
    QVERIFY(schemas.wait(kWaitMs));
    WorkloadForm f = w->workloadPanel()->form();
    f.table = QStringLiteral("panel_close");
    f.scheme = QStringLiteral("vehicle");
    f.rows = 100000000;
    f.rateLimit = 0;
    f.durability = regionlab::Durability::kAsyncWal;
    w->workloadPanel()->setForm(f);
    QSignalSpy started(w->workloadPanel(), &WorkloadPanel::runStarted);
    QVERIFY(w->workloadPanel()->start());
    QVERIFY(started.wait(kWaitMs));
    QTRY_VERIFY_WITH_TIMEOUT(w->workloadPanel()->runner()->progress().rows_done > 500, kWaitMs);
    w->close();
    QElapsedTimer clock;
    clock.start();
    w.reset();  // closes the cluster: the run is cancelled and joined first
    QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
    // The directory opens again with the rows written so far.
    auto controller = openController({});
    QVERIFY(controller);
    qint64 rows = 0;
    QSignalSpy done(controller.get(), &EngineController::actionFinished);
    controller->runJob(QStringLiteral("count"), [&rows](regionlab::Cluster* c) -> QString {
      auto t = c->GetTable("panel_close");
      if (!t.ok()) return QString::fromStdString(t.status().ToString());
      auto s = (*t)->GetScanner(regionlab::Scan{});
      if (!s.ok()) return QString::fromStdString(s.status().ToString());
      regionlab::RowResult r;
      while ((*s)->Next(&r)) ++rows;
      return QString();
    });
    QVERIFY(done.wait(kWaitMs));
    QVERIFY2(done.last().at(1).toBool(), qPrintable(done.last().at(2).toString()));
    QVERIFY(rows > 500);
  }
};

QTEST_MAIN(WorkloadPanelTest)
#include "workload_panel_test.moc"
