// MainWindow on a real seeded data directory: the tree, the region map, the
// region list, the charts and the status bar all show the engine's figures;
// admin actions run; the layout resets. On a first start the demo tables are
// offered; with them, every dock (heatmap and split genealogy included)
// shows real data and can be saved as a PNG into $REGIONLAB_SCREENSHOT_DIR;
// merge and move from the tree's menu reach the engine; the theme applies.
#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDirIterator>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTimer>
#include <QSettings>
#include <QTableView>
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
#include "models/split_genealogy_model.h"
#include "ui/key_heatmap_panel.h"
#include "ui/key_heatmap_widget.h"
#include "models/shell_console.h"
#include "models/table_scanner.h"
#include "ui/data_browser_panel.h"
#include "ui/health_indicator.h"
#include "ui/live_charts_widget.h"
#include "ui/shell_console_widget.h"
#include "ui/main_window.h"
#include "ui/split_genealogy_panel.h"
#include "ui/theme.h"
#include "ui/region_map_panel.h"
#include "ui/region_map_widget.h"
#include "ui/settings_dialog.h"

using regionlab::ui::AdminAction;
using regionlab::ui::ClusterTreeModel;
using regionlab::ui::EngineController;
using regionlab::ui::LiveChartsWidget;
using regionlab::ui::MainWindow;
using regionlab::ui::MetricsPoller;
using regionlab::ui::RegionListModel;

namespace {
constexpr int kWaitMs = 30000;

// The region of `table` starting at `start` in the latest sample ("" when none).
QString regionStartingAt(const MainWindow& w, const std::string& table, const std::string& start) {
  for (const auto& r : w.poller()->latestSample()->regions)
    if (r.table == table && r.start_key == start) return QString::fromStdString(r.encoded_name);
  return {};
}

// The action called `text` in `menu` or its submenus (text prefix match).
QAction* findAction(QMenu* menu, const QString& text) {
  for (QAction* a : menu->actions()) {
    if (a->text().startsWith(text)) return a;
    if (a->menu() != nullptr)
      if (QAction* inner = findAction(a->menu(), text)) return inner;
  }
  return nullptr;
}

// Writes 400 rows into NewsClickFeedback's region "3" and 10 into each other
// region, on the engine worker.
QString skewedWrites(regionlab::Cluster* c, int round) {
  auto table = c->GetTable("NewsClickFeedback");
  if (!table.ok()) return QString::fromStdString(table.status().ToString());
  std::vector<regionlab::RowMutation> batch;
  for (int i = 0; i < 400; ++i) {
    regionlab::RowMutation m;
    m.row = "3hot" + std::to_string(round * 10000 + i * 37 % 10000);
    m.Put("Toutiao", "click", "1");
    batch.push_back(std::move(m));
  }
  for (const char* cold : {"0", "1", "2", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"}) {
    for (int i = 0; i < 10; ++i) {
      regionlab::RowMutation m;
      m.row = std::string(cold) + "cold" + std::to_string(round * 100 + i);
      m.Put("Toutiao", "click", "1");
      batch.push_back(std::move(m));
    }
  }
  regionlab::Status s = (*table)->Batch(batch);
  return s.ok() ? QString() : QString::fromStdString(s.ToString());
}
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
    QCOMPARE(w.regionListModel()->index(3, RegionListModel::StartKey).data().toString(), QStringLiteral("3"));
    QCOMPARE(w.regionListModel()->index(3, RegionListModel::Region).data().toString(), QStringLiteral("NewsClickFeedback,3"));
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

  void firstStartOffersTheDemoAndEveryDockShowsIt() {
    MainWindow w;
    w.setDemoRows(3000);
    w.poller()->setIntervalMs(200);
    w.resize(1400, 900);
    w.show();
    QSignalSpy demo(&w, &MainWindow::demoCreated);
    QSignalSpy finished(w.controller(), &EngineController::actionFinished);
    QSignalSpy samples(w.poller(), &MetricsPoller::sampleAdded);
    const QString data = QString::fromStdString(m_dir.File("demo"));
    w.openDataDirectory(data);

    // No tables, never asked: the offer appears once and is remembered.
    QMessageBox* offer = nullptr;
    QVERIFY(QTest::qWaitFor([&] {
      offer = w.findChild<QMessageBox*>(QStringLiteral("demoOffer"));
      return offer != nullptr && offer->isVisible();
    }, kWaitMs));
    QVERIFY(QSettings().value(QStringLiteral("firstStart/demoOffered")).toBool());
    offer->button(QMessageBox::Yes)->click();
    QVERIFY(demo.wait(kWaitMs));
    QVERIFY2(demo.last().at(0).toBool(), qPrintable(demo.last().at(1).toString()));
    // The docks follow the live story's table first (docs/live-story.md); this test looks at the notes' table.
    QTRY_COMPARE_WITH_TIMEOUT(w.regionMapPanel()->currentTable(), QStringLiteral("usertable"), kWaitMs);
    w.regionMapPanel()->setCurrentTable(QStringLiteral("NewsClickFeedback"));
    QVERIFY(QTest::qWaitFor([&] { return w.regionMapPanel()->map()->regions().size() == 16; }, kWaitMs));
    QCOMPARE(w.heatmapPanel()->table(), QStringLiteral("NewsClickFeedback"));
    QCOMPARE(w.genealogyPanel()->table(), QStringLiteral("NewsClickFeedback"));

    // Skewed writes between samples; halfway the hot region splits, and two
    // cold neighbours merge and a region moves from the tree's menu.
    QStringList writeLabels;
    connect(w.poller(), &MetricsPoller::sampleAdded, this, [&] {
      for (QLabel* l : w.statusBar()->findChildren<QLabel*>())
        if (l->text().startsWith(QStringLiteral("Writes: "))) writeLabels << l->text();
    });
    auto runMenu = [&](const QString& region, const QString& action) {
      const QModelIndex node = w.treeModel()->findKey(QStringLiteral("r/NewsClickFeedback/") + region);
      QVERIFY2(node.isValid(), qPrintable(region));
      QMenu menu;
      w.populateTreeMenu(&menu, node);
      QAction* a = findAction(&menu, action);
      QVERIFY2(a != nullptr && a->isEnabled(), qPrintable(action));
      a->trigger();
      QVERIFY(finished.wait(kWaitMs));
      QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    };
    QString moved, movedFrom;
    const qint64 skewStart = QDateTime::currentMSecsSinceEpoch();
    for (int round = 0; round < 8; ++round) {
      if (round == 4) {
        // (A split without a key needs a store file of several blocks; a key makes it certain.)
        w.controller()->runJob(QStringLiteral("split"), [](regionlab::Cluster* c) {
          regionlab::Status s = c->admin().Split("NewsClickFeedback", "3hot5");
          return s.ok() ? QString() : QString::fromStdString(s.ToString());
        });
        QVERIFY(finished.wait(kWaitMs));
        QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
        runMenu(regionStartingAt(w, "NewsClickFeedback", "a"), QStringLiteral("Next neighbour"));
        moved = regionStartingAt(w, "NewsClickFeedback", "5");
        for (const auto& r : w.poller()->latestSample()->regions)
          if (QString::fromStdString(r.encoded_name) == moved) movedFrom = QString::fromStdString(r.server);
        runMenu(moved, QStringLiteral("rs"));
      }
      w.controller()->runJob(QStringLiteral("skewed writes"), [round](regionlab::Cluster* c) { return skewedWrites(c, round); });
      QVERIFY(finished.wait(kWaitMs));
      QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
      const int seen = samples.count();
      QVERIFY(QTest::qWaitFor([&] { return samples.count() >= seen + 2; }, kWaitMs));
    }
    // The engine has the merge ([a, c) in one region) and the move.
    const auto& last = *w.poller()->latestSample();
    bool merged = false, splitDone = false;
    for (const auto& r : last.regions) {
      if (r.table != "NewsClickFeedback") continue;
      merged = merged || (r.start_key == "a" && r.end_key == "c");
      splitDone = splitDone || (r.start_key == "3" && r.end_key != "4");
      if (QString::fromStdString(r.encoded_name) == moved) QVERIFY(QString::fromStdString(r.server) != movedFrom);
    }
    QVERIFY(merged);
    QVERIFY(splitDone);
    QVERIFY(std::any_of(writeLabels.begin(), writeLabels.end(),
                        [](const QString& t) { return t != QStringLiteral("Writes: 0/s"); }));

    // Heatmap: in every column with writes since the skew began, the
    // hottest bucket is one of the hot region's ("3", and "3hot5" after the split).
    const regionlab::ui::KeyHeatmap& heat = w.heatmapPanel()->heatmapWidget()->heatmap();
    QVERIFY(QTest::qWaitFor([&] { return heat.columnCount() >= 8; }, kWaitMs));
    int hotColumns = 0;
    for (size_t c = 0; c < heat.columnCount(); ++c) {
      if (heat.column(c).startMs < skewStart) continue;
      size_t hottest = 0;
      for (size_t b = 0; b < heat.bucketCount(); ++b)
        if (heat.bucketRate(c, b) > heat.bucketRate(c, hottest)) hottest = b;
      if (heat.bucketRate(c, hottest) == 0) continue;  // no writes between these two samples
      ++hotColumns;
      QCOMPARE(heat.bucketStart(hottest).substr(0, 1), std::string("3"));
    }
    QVERIFY(hotColumns >= 4);
    // Genealogy: the pre-split, the manual split and the merge, from the catalog.
    const regionlab::ui::SplitGenealogyModel* genealogy = w.genealogyPanel()->model();
    QVERIFY(QTest::qWaitFor([&] {
      int kinds = 0;
      for (const auto& e : genealogy->genealogy().events()) kinds |= 1 << int(e.kind);
      return kinds == ((1 << int(regionlab::ui::GenealogyEvent::Kind::PreSplit)) |
                       (1 << int(regionlab::ui::GenealogyEvent::Kind::ManualSplit)) |
                       (1 << int(regionlab::ui::GenealogyEvent::Kind::Merge)));
    }, kWaitMs));

    // Every dock, with that data.
    w.charts()->replotNow();
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("demo_main_window.png"));
    RL_SAVE_SCREENSHOT(w.treeDock(), QStringLiteral("demo_dock_cluster.png"));
    RL_SAVE_SCREENSHOT(w.charts(), QStringLiteral("demo_live_charts.png"));
    const std::pair<QDockWidget*, const char*> docks[] = {
        {w.regionMapDock(), "demo_dock_region_map.png"},
        {w.regionListDock(), "demo_dock_regions.png"},
        {w.heatmapDock(), "demo_dock_key_heatmap.png"},
        {w.genealogyDock(), "demo_dock_split_genealogy.png"},
        {w.dataBrowserDock(), "demo_dock_data_browser.png"},
        {w.shellConsoleDock(), "demo_dock_shell_console.png"}};
    for (const auto& [dock, file] : docks) {
      dock->raise();
      QVERIFY(QTest::qWaitFor([&] { return dock->isVisible() && dock->widget()->isVisible(); }, kWaitMs));
      QVERIFY(!dock->grab().isNull());
      RL_SAVE_SCREENSHOT(dock, QLatin1String(file));
    }
    // The heatmap draws real pixels (not the empty-state text) once raised.
    QVERIFY(!w.heatmapPanel()->heatmapWidget()->heatImage().isNull());
    // The same in the dark theme.
    regionlab::ui::applyTheme(regionlab::ui::Theme::Dark);
    QTRY_COMPARE(w.palette().color(QPalette::Window).lightness() < 80, true);
    w.charts()->replotNow();
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("demo_main_window_dark.png"));
    for (const auto& [dock, file] : docks) {
      dock->raise();
      QVERIFY(QTest::qWaitFor([&] { return dock->isVisible(); }, kWaitMs));
      RL_SAVE_SCREENSHOT(dock, QLatin1String(file).chopped(4) + QStringLiteral("_dark.png"));
    }
    regionlab::ui::applyTheme(regionlab::ui::Theme::Light);

    // A second start with the same settings asks no more.
    MainWindow again;
    QSignalSpy schemas(again.controller(), &EngineController::schemaReady);
    again.openDataDirectory(QString::fromStdString(m_dir.File("empty")));
    QVERIFY(schemas.wait(kWaitMs));
    QTest::qWait(50);
    QVERIFY(again.findChild<QMessageBox*>(QStringLiteral("demoOffer")) == nullptr);
  }

  void themeSettingApplies() {
    MainWindow w;
    w.resize(900, 600);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // Settings > Theme: Dark, through the dialog the menu opens.
    QAction* settings = nullptr;
    for (QAction* menu : w.menuBar()->actions())
      if (menu->menu() != nullptr)
        for (QAction* a : menu->menu()->actions())
          if (a->text().startsWith(QStringLiteral("&Settings"))) settings = a;
    QVERIFY(settings != nullptr);
    auto chooseTheme = [&](const QString& theme) {
      QTimer::singleShot(0, &w, [theme] {
        QWidget* dialog = QApplication::activeModalWidget();
        QVERIFY(dialog != nullptr);
        for (QComboBox* box : dialog->findChildren<QComboBox*>())
          if (box->findData(theme) >= 0) box->setCurrentIndex(box->findData(theme));
        dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
      });
      settings->trigger();
    };
    chooseTheme(QStringLiteral("dark"));
    QCOMPARE(regionlab::ui::currentTheme(), regionlab::ui::Theme::Dark);
    QCOMPARE(regionlab::ui::AppSettings::load().theme, QStringLiteral("dark"));
    QTRY_VERIFY(w.palette().color(QPalette::Window).lightness() < 80);
    // The charts follow: their background is the dark base colour.
    QCustomPlot* plot = w.charts()->plot(LiveChartsWidget::Memstore);
    auto plotLightness = [plot] {
      plot->replot();
      const QImage image = plot->grab().toImage();
      return QColor(image.pixel(5, image.height() / 2)).lightness();
    };
    QTRY_VERIFY(plotLightness() < 80);
    // A new window starts dark (the setting is kept), and light comes back.
    chooseTheme(QStringLiteral("light"));
    QCOMPARE(regionlab::ui::currentTheme(), regionlab::ui::Theme::Light);
    QTRY_VERIFY(plotLightness() > 200);
    QCOMPARE(regionlab::ui::AppSettings::load().theme, QStringLiteral("light"));
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
      raw.setValue(QStringLiteral("appearance/theme"), QStringLiteral("purple"));  // unknown: light
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
    QCOMPARE(edited.theme, QStringLiteral("light"));
    edited.save();
    QCOMPARE(regionlab::ui::AppSettings::load().chartWindowSeconds, 900);
  }

  // A directory another program has open: the window says who has it and
  // offers Retry, Open Another and New; Retry opens it once it is free.
  void directoryInUseIsExplainedAndRetried() {
    regionlab::test::TempDir data;
    regionlab::ClusterOptions options;
    options.metrics_interval_ms = 0;
    options.program_name = "regionlab-shell";
    auto holder = regionlab::Cluster::Open(data.path(), options);
    RL_QVERIFY_OK(holder.status());
    MainWindow w;
    w.show();
    QSignalSpy failed(w.controller(), &EngineController::openFailed);
    QSignalSpy opened(w.controller(), &EngineController::opened);
    w.openDataDirectory(QString::fromStdString(data.path()));
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(failed.first().at(2).toBool(), true);
    QMessageBox* box = nullptr;
    QVERIFY(QTest::qWaitFor([&] {
      box = w.findChild<QMessageBox*>(QStringLiteral("directoryInUseBox"));
      return box != nullptr && box->isVisible();
    }, kWaitMs));
    QVERIFY2(box->informativeText().startsWith(
                 QStringLiteral("RegionLab (regionlab-shell, pid %1, this process) has the data directory %2 open.")
                     .arg(QCoreApplication::applicationPid())
                     .arg(QString::fromStdString(data.path()))),
             qPrintable(box->informativeText()));
    QVERIFY(box->findChild<QAbstractButton*>(QStringLiteral("openAnotherButton")) != nullptr);
    QVERIFY(box->findChild<QAbstractButton*>(QStringLiteral("newDirectoryButton")) != nullptr);
    RL_SAVE_SCREENSHOT(box, QStringLiteral("directory-in-use.png"));
    QVERIFY(!w.controller()->isOpen());

    RL_QVERIFY_OK((*holder)->Close());
    box->findChild<QAbstractButton*>(QStringLiteral("retryButton"))->click();
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY(w.controller()->isOpen());
  }

  // A data directory that opens with damage (here a store file whose
  // trailer is damaged, which keeps its region offline) is not a silent
  // success: a box and the status bar say which file and what damage.
  void damageFoundOnOpenIsShown() {
    regionlab::test::TempDir data;
    {
      regionlab::ClusterOptions options;
      options.metrics_interval_ms = 0;
      auto cluster = regionlab::Cluster::Open(data.path(), options);
      RL_QVERIFY_OK(cluster.status());
      regionlab::TableDescriptor d;
      d.name = "t";
      d.families.push_back(regionlab::FamilyOptions{});
      d.families[0].name = "f";
      RL_QVERIFY_OK((*cluster)->admin().CreateTable(d));
      regionlab::RowMutation m;
      m.row = "row";
      m.Put("f", "q", "v");
      RL_QVERIFY_OK((*(*cluster)->GetTable("t"))->Put(m));
      RL_QVERIFY_OK((*cluster)->Close());
    }
    QDirIterator files(QString::fromStdString(data.path() + "/data"), {"*.sf"}, QDir::Files,
                       QDirIterator::Subdirectories);
    QVERIFY(files.hasNext());
    const QString sf = files.next();
    QVERIFY(regionlab::test::FlipByte(sf.toStdString(), QFileInfo(sf).size() - 1));

    MainWindow w;
    w.show();
    QSignalSpy opened(w.controller(), &EngineController::opened);
    w.openDataDirectory(QString::fromStdString(data.path()));
    QVERIFY(opened.wait(kWaitMs));
    const QStringList warnings = opened.first().at(2).toStringList();
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings[0].contains(sf) && warnings[0].contains("fixed trailer"), qPrintable(warnings[0]));
    QMessageBox* box = nullptr;
    QVERIFY(QTest::qWaitFor([&] {
      box = w.findChild<QMessageBox*>(QStringLiteral("openWarningsBox"));
      return box != nullptr && box->isVisible();
    }, kWaitMs));
    QVERIFY2(box->informativeText().contains(sf), qPrintable(box->informativeText()));
    RL_SAVE_SCREENSHOT(box, QStringLiteral("open-warnings.png"));
    box->close();
    regionlab::ui::HealthIndicator* health = w.healthIndicator();
    QVERIFY(health->isVisible());
    QCOMPARE(health->text(), QStringLiteral("Damage found on open"));
    QVERIFY(health->toolTip().contains(sf));
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("open-warnings-window.png"));

    // The next directory starts with a clean slate.
    w.openDataDirectory(QString::fromStdString(m_dir.File("data")));
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY(!health->isVisible());
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
