// What survives a restart of the window: the table the docks followed, the
// dock layout, and the charts' last window, drawn again from the catalog's
// metric samples. And a table created while the window watches becomes the
// region map's table. Closing the window says what it waits for and closes
// once the engine is done.
#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QtTest>
#include <qcustomplot.h>

#include "models/metrics_poller.h"
#include "screenshot.h"
#include "seed_cluster.h"
#include "support/test_util.h"
#include "ui/live_charts_widget.h"
#include "ui/main_window.h"
#include "ui/region_map_panel.h"

using regionlab::ui::EngineController;
using regionlab::ui::LiveChartsWidget;
using regionlab::ui::MainWindow;
using regionlab::ui::MetricsPoller;

namespace {
constexpr int kWaitMs = 60000;
}  // namespace

class RestartStateTest : public QObject {
  Q_OBJECT

 private:
  regionlab::test::TempDir m_dir;

  QString data() const { return QString::fromStdString(m_dir.File("data")); }

 private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, QString::fromStdString(m_dir.File("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("RegionLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("restart_state_test"));
    RL_QVERIFY_OK(regionlab::test::SeedCluster(m_dir.File("data"), 2000));
  }

  void theTableTheLayoutAndTheChartsComeBack() {
    {
      MainWindow w;
      w.setOfferDemo(false);
      w.poller()->setIntervalMs(100);
      w.show();
      QSignalSpy schemas(w.controller(), &EngineController::schemaReady);
      QSignalSpy samples(w.poller(), &MetricsPoller::sampleAdded);
      w.openDataDirectory(data());
      QVERIFY(schemas.wait(kWaitMs));
      QTRY_COMPARE_WITH_TIMEOUT(w.regionMapPanel()->currentTable(), QStringLiteral("NewsClickFeedback"), kWaitMs);
      w.regionMapPanel()->setCurrentTable(QStringLiteral("trades"));
      w.heatmapDock()->close();
      // The engine's sampler keeps a sample a second in the catalog: wait for a few.
      QVERIFY(QTest::qWaitFor([&] { return samples.count() >= 40; }, kWaitMs));
      // Closing says what it waits for, and closes once the engine is done.
      QSignalSpy closed(w.controller(), &EngineController::closed);
      w.close();
      QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("Closing ")));
      QVERIFY(w.isVisible());
      QVERIFY(closed.wait(kWaitMs));
      QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), kWaitMs);
    }
    MainWindow w;
    w.setOfferDemo(false);
    w.show();
    QSignalSpy stored(w.controller(), &EngineController::storedWindowReady);
    QSignalSpy schemas(w.controller(), &EngineController::schemaReady);
    w.openDataDirectory(data());
    QVERIFY(stored.wait(kWaitMs));
    QTRY_COMPARE_WITH_TIMEOUT(w.regionMapPanel()->currentTable(), QStringLiteral("trades"), kWaitMs);
    QVERIFY(!w.heatmapDock()->isVisibleTo(&w));
    // The charts start with the last run's samples (the sampler kept one a second).
    QVERIFY2(w.charts()->restoredSamples() >= 2, qPrintable(QString::number(w.charts()->restoredSamples())));
    QVERIFY(w.charts()->graph(LiveChartsWidget::Memstore, QStringLiteral("rs1"))->dataCount() >= 2);

    // A table made while the window watches (here from the engine, as the
    // shell would) becomes the map's table.
    QSignalSpy finished(w.controller(), &EngineController::actionFinished);
    w.controller()->runJob(QStringLiteral("create fresh"), [](regionlab::Cluster* c) {
      regionlab::TableDescriptor d;
      d.name = "fresh";
      d.families.resize(1);
      d.families[0].name = "f";
      const regionlab::Status s = c->admin().CreateTable(d);
      return s.ok() ? QString() : QString::fromStdString(s.ToString());
    });
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    QTRY_COMPARE_WITH_TIMEOUT(w.regionMapPanel()->currentTable(), QStringLiteral("fresh"), kWaitMs);
    QCOMPARE(w.charts()->table(), QStringLiteral("fresh"));
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("restart_state.png"));
  }
};

QTEST_MAIN(RestartStateTest)
#include "restart_state_test.moc"
