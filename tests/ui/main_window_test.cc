// MainWindow on a real seeded data directory: the tree, the region map, the
// region list, the charts and the status bar all show the engine's figures;
// admin actions run; the layout resets; each dock can be saved as a PNG into
// $REGIONLAB_SCREENSHOT_DIR.
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTableView>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTreeView>
#include <QtTest>
#include <qcustomplot.h>

#include "models/app_settings.h"
#include "models/cluster_tree_model.h"
#include "models/metrics_poller.h"
#include "models/region_list_model.h"
#include "screenshot.h"
#include "seed_cluster.h"
#include "support/test_util.h"
#include "models/shell_console.h"
#include "models/table_scanner.h"
#include "ui/data_browser_panel.h"
#include "ui/live_charts_widget.h"
#include "ui/shell_console_widget.h"
#include "ui/main_window.h"
#include "ui/region_map_panel.h"
#include "ui/region_map_widget.h"
#include "ui/settings_dialog.h"

using regionlab::ui::AdminAction;
using regionlab::ui::ClusterTreeModel;
using regionlab::ui::EngineController;
using regionlab::ui::LiveChartsWidget;
using regionlab::ui::MainWindow;
using regionlab::ui::MetricsPoller;

namespace {
constexpr int kWaitMs = 30000;

}  // namespace

class MainWindowTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       QString::fromStdString(m_dir.File("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("RegionLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("main_window_test"));
    RL_QVERIFY_OK(regionlab::test::SeedCluster(m_dir.File("data"), 4000));
  }

  void showsTheClusterAndRunsActions() {
    MainWindow w;
    w.poller()->setIntervalMs(150);
    w.show();
    QSignalSpy samples(w.poller(), &MetricsPoller::sampleAdded);
    QSignalSpy schemas(w.controller(), &EngineController::schemaReady);
    const QString data = QString::fromStdString(m_dir.File("data"));
    w.openDataDirectory(data);
    QVERIFY(QTest::qWaitFor([&] { return samples.count() >= 2 && schemas.count() >= 1; }, kWaitMs));

    // Tree: default -> NewsClickFeedback and trades, with their regions from the samples.
    ClusterTreeModel* tree = w.treeModel();
    const QModelIndex news = tree->findKey(QStringLiteral("t/NewsClickFeedback"));
    QVERIFY(news.isValid());
    QCOMPARE(tree->parent(news).data().toString(), QStringLiteral("default"));
    QCOMPARE(tree->findKey(QStringLiteral("r/NewsClickFeedback")).data().toString(),
             QStringLiteral("Regions (16)"));
    QCOMPARE(tree->findKey(QStringLiteral("r/trades")).data().toString(), QStringLiteral("Regions (8)"));
    QVERIFY(w.treeView()->isExpanded(news));

    // Region map and region list follow the chosen table.
    w.regionMapPanel()->setCurrentTable(QStringLiteral("NewsClickFeedback"));
    QVERIFY(QTest::qWaitFor([&] { return w.regionMapPanel()->map()->regions().size() == 16; }, kWaitMs));
    QCOMPARE(w.regionListModel()->rowCount(), 16);
    QCOMPARE(w.regionListModel()->index(3, 0).data().toString(), QStringLiteral("3"));
    // The hotspot: salt 3 holds a third of the rows, so its region is the largest.
    const auto& regions = w.regionMapPanel()->map()->regions();
    const auto largest = std::max_element(regions.begin(), regions.end(),
                                          [](const auto& a, const auto& b) { return a.size + a.memstore < b.size + b.memstore; });
    QCOMPARE(largest->startKey, QStringLiteral("3"));

    // Status bar: directory, servers, regions.
    QStringList status;
    for (QLabel* l : w.statusBar()->findChildren<QLabel*>()) status << l->text();
    const QString all = status.join(QLatin1Char('|'));
    QVERIFY2(all.contains(QStringLiteral("Region servers: 3/3")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("Regions: 24")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("Writes: ")), qPrintable(all));

    // Writes while the window watches: the write rate reaches the charts.
    QSignalSpy finished(w.controller(), &EngineController::actionFinished);
    w.controller()->runJob(QStringLiteral("write"), [](regionlab::Cluster* c) {
      auto table = c->GetTable("trades");
      if (!table.ok()) return QString::fromStdString(table.status().ToString());
      for (int round = 0; round < 6; ++round) {
        for (int i = 0; i < 400; ++i) {
          regionlab::RowMutation m;
          m.row = std::string(1, char(i % 8)) + "LIVE" + std::to_string(round * 1000 + i);
          m.Put("t", "px", "42");
          if (regionlab::Status s = (*table)->Put(m); !s.ok()) return QString::fromStdString(s.ToString());
        }
        QThread::msleep(100);
      }
      return QString();
    });
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY(finished.last().at(1).toBool());
    // Writes queue behind the job on the worker, so the next samples see them.
    QVERIFY(QTest::qWaitFor([&] {
      double total = 0;
      for (const char* s : {"rs1 write", "rs2 write", "rs3 write"}) {
        QCPGraph* g = w.charts()->graph(LiveChartsWidget::Requests, QLatin1String(s));
        if (g == nullptr) continue;
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) total += it->value;
      }
      return total > 0;
    }, kWaitMs));

    // An admin action through the window (no confirmation needed for a flush).
    w.runAction(AdminAction::Flush, QStringLiteral("NewsClickFeedback"));
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.last().at(0).toString(), QStringLiteral("Flush NewsClickFeedback"));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    const int before = samples.count();
    QVERIFY(QTest::qWaitFor([&] { return samples.count() >= before + 2; }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&] {
      uint64_t memstore = 0;
      for (const auto& r : w.regionMapPanel()->map()->regions()) memstore += r.memstore;
      return memstore == 0;
    }, kWaitMs));

    w.charts()->replotNow();
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("main_window.png"));
    RL_SAVE_SCREENSHOT(w.treeDock(), QStringLiteral("dock_cluster.png"));
    RL_SAVE_SCREENSHOT(w.regionMapDock(), QStringLiteral("dock_region_map.png"));
    RL_SAVE_SCREENSHOT(w.charts(), QStringLiteral("live_charts.png"));
    w.regionListDock()->raise();
    QVERIFY(QTest::qWaitFor([&] { return w.regionListDock()->isVisible(); }, kWaitMs));
    RL_SAVE_SCREENSHOT(w.regionListDock(), QStringLiteral("dock_regions.png"));

    // Reset layout brings back a closed dock and a floating one.
    w.regionMapDock()->close();
    w.treeDock()->setFloating(true);
    QVERIFY(!w.regionMapDock()->isVisible());
    w.resetLayout();
    QVERIFY(w.regionMapDock()->isVisibleTo(&w));
    QVERIFY(!w.treeDock()->isFloating());
    QCOMPARE(w.dockWidgetArea(w.treeDock()), Qt::LeftDockWidgetArea);

    // The directory went to the recent list.
    QCOMPARE(regionlab::ui::AppSettings::load().recentDirectories.value(0), data);
  }

  void browserAndConsoleDocks() {
    MainWindow w;
    w.poller()->setIntervalMs(200);
    w.show();
    QSignalSpy schemas(w.controller(), &EngineController::schemaReady);
    w.openDataDirectory(QString::fromStdString(m_dir.File("data")));
    QVERIFY(schemas.wait(kWaitMs));

    // Both docks are tabs of the bottom area and listed in the View menu.
    QCOMPARE(w.dockWidgetArea(w.dataBrowserDock()), Qt::BottomDockWidgetArea);
    QCOMPARE(w.dockWidgetArea(w.shellConsoleDock()), Qt::BottomDockWidgetArea);
    QVERIFY(w.tabifiedDockWidgets(w.regionMapDock()).contains(w.dataBrowserDock()));
    QVERIFY(w.tabifiedDockWidgets(w.regionMapDock()).contains(w.shellConsoleDock()));
    QStringList viewActions;
    for (QAction* a : w.menuBar()->actions())
      if (a->text() == QStringLiteral("&View"))
        for (QAction* item : a->menu()->actions()) viewActions << item->text();
    QVERIFY2(viewActions.contains(QStringLiteral("Data browser")), qPrintable(viewActions.join(',')));
    QVERIFY(viewActions.contains(QStringLiteral("Shell console")));

    // Choosing a table in the cluster tree chooses it in the browser.
    const QModelIndex trades = w.treeModel()->findKey(QStringLiteral("t/trades"));
    QVERIFY(trades.isValid());
    QCOMPARE(w.dataBrowser()->table(), QStringLiteral("NewsClickFeedback"));
    w.treeView()->scrollTo(trades);
    QTest::mouseClick(w.treeView()->viewport(), Qt::LeftButton, {}, w.treeView()->visualRect(trades).center());
    QCOMPARE(w.dataBrowser()->table(), QStringLiteral("trades"));

    // A scan in the browser dock.
    w.dataBrowserDock()->raise();
    QSignalSpy scanned(w.dataBrowser()->scanner(), &regionlab::ui::TableScanner::finished);
    QVERIFY(w.dataBrowser()->startScan());
    QVERIFY(scanned.wait(kWaitMs));
    QVERIFY(w.dataBrowser()->model()->rowCount() > 0);
    w.dataBrowser()->view()->selectRow(3);

    // A statement in the console that changes the schema: the tree follows.
    w.shellConsoleDock()->raise();
    regionlab::ui::ShellConsole* console = w.shellConsole()->console();
    console->submit(QStringLiteral("create 'from_console', 'f'\nlist"));
    QVERIFY(QTest::qWaitFor([&] { return w.treeModel()->findKey(QStringLiteral("t/from_console")).isValid(); },
                            kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return console->pendingLines() == 0; }, kWaitMs));
    QCOMPARE(w.dataBrowser()->table(), QStringLiteral("trades"));  // kept across the schema refresh
    RL_SAVE_SCREENSHOT(w.shellConsoleDock(), QStringLiteral("dock_shell_console.png"));
    w.dataBrowserDock()->raise();
    QVERIFY(QTest::qWaitFor([&] { return w.dataBrowserDock()->isVisible(); }, kWaitMs));
    RL_SAVE_SCREENSHOT(w.dataBrowserDock(), QStringLiteral("dock_data_browser.png"));
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("main_window_data_browser.png"));

    // Reset layout brings a closed console back as a bottom tab.
    w.shellConsoleDock()->close();
    w.dataBrowserDock()->setFloating(true);
    w.resetLayout();
    QVERIFY(w.shellConsoleDock()->isVisibleTo(&w));
    QVERIFY(!w.dataBrowserDock()->isFloating());
    QVERIFY(w.tabifiedDockWidgets(w.regionMapDock()).contains(w.shellConsoleDock()));
  }

  void settingsAreBoundedWhenLoadedAndEdited() {
    {
      QSettings raw;
      raw.setValue(QStringLiteral("metrics/intervalMs"), 5);
      raw.setValue(QStringLiteral("cluster/regionServers"), 99);
      raw.setValue(QStringLiteral("charts/windowSeconds"), 120);
    }
    regionlab::ui::AppSettings loaded = regionlab::ui::AppSettings::load();
    QCOMPARE(loaded.metricsIntervalMs, 100);
    QCOMPARE(loaded.regionServers, 16);
    QCOMPARE(loaded.chartWindowSeconds, 120);
    loaded.chartWindowSeconds = 5000;  // beyond the dialog's range
    regionlab::ui::SettingsDialog dialog(loaded);
    const regionlab::ui::AppSettings edited = dialog.settings();
    QCOMPARE(edited.chartWindowSeconds, 900);
    QCOMPARE(edited.metricsIntervalMs, 100);
    QCOMPARE(edited.recentDirectories, loaded.recentDirectories);
    edited.save();
    QCOMPARE(regionlab::ui::AppSettings::load().chartWindowSeconds, 900);
  }

  void recentDirectoriesAreBoundedAndUnique() {
    regionlab::ui::AppSettings s;
    for (int i = 0; i < 12; ++i) s.addRecentDirectory(QStringLiteral("/d%1").arg(i));
    s.addRecentDirectory(QStringLiteral("/d5/"));
    QCOMPARE(s.recentDirectories.size(), regionlab::ui::AppSettings::kMaxRecentDirectories);
    QCOMPARE(s.recentDirectories.first(), QStringLiteral("/d5"));
    QCOMPARE(s.recentDirectories.count(QStringLiteral("/d5")), 1);
    QCOMPARE(s.recentDirectories.at(1), QStringLiteral("/d11"));
  }

 private:
  regionlab::test::TempDir m_dir;
};

QTEST_MAIN(MainWindowTest)
#include "main_window_test.moc"
