#include "ui/main_window.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTreeView>
#include <algorithm>

#include "models/cluster_tree_model.h"
#include "models/event_log.h"
#include "models/format.h"
#include "models/item_model_walk.h"
#include "models/metrics_poller.h"
#include "models/workload_controller.h"
#include "models/region_list_model.h"
#include "models/rest_gateway.h"
#include "ui/create_table_dialog.h"
#include "ui/data_browser_panel.h"
#include "ui/presplit_editor.h"
#include "ui/region_servers_panel.h"
#include "ui/split_key_dialog.h"
#include "ui/distribution_simulator_window.h"
#include "ui/engine_log_panel.h"
#include "ui/health_indicator.h"
#include "ui/scheme_builder_window.h"
#include "ui/key_heatmap_panel.h"
#include "ui/live_charts_widget.h"
#include "ui/region_map_panel.h"
#include "ui/rest_gateway_dialog.h"
#include "ui/settings_dialog.h"
#include "ui/shell_console_widget.h"
#include "ui/snapshot_menu.h"
#include "ui/split_genealogy_panel.h"
#include "ui/theme.h"
#include "ui/workload_panel.h"

#include "demo/demo_schema.h"

namespace regionlab::ui {

namespace {
constexpr char kStateKey[] = "mainWindow/state";
constexpr char kGeometryKey[] = "mainWindow/geometry";
// 2: the heatmap, genealogy, data browser and shell console docks.
// 3: the region servers dock; the genealogy beside the map.
constexpr int kStateVersion = 3;
constexpr char kDemoOfferedKey[] = "firstStart/demoOffered";
constexpr char kTableKey[] = "mainWindow/table";

// "NewsClickFeedback, trade": the demo tables, for menus and questions.
QString demoTableList() {
  QStringList names;
  for (const std::string& name : regionlab::DemoTableNames()) names << QString::fromStdString(name);
  return names.join(QStringLiteral(", "));
}
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_settings(AppSettings::load()) {
  setWindowTitle(tr("RegionLab"));
  applyTheme(themeFromName(m_settings.theme));
  m_controller = new EngineController(this);
  m_poller = new MetricsPoller(m_controller, this);
  m_restGateway = new RestGateway(m_controller, this);
  m_poller->setIntervalMs(m_settings.metricsIntervalMs);
  m_embedded = new EmbeddedSource(m_controller, m_poller, this);
  m_treeModel = new ClusterTreeModel(this);
  m_regionModel = new RegionListModel(this);

  m_charts = new LiveChartsWidget(this);
  m_charts->setWindowSeconds(m_settings.chartWindowSeconds);
  setCentralWidget(m_charts);
  buildDocks();
  buildMenus();

  m_dirLabel = new QLabel(this);
  m_serversLabel = new QLabel(this);
  m_regionsLabel = new QLabel(this);
  m_writeLabel = new QLabel(this);
  m_restLabel = new QLabel(this);
  m_restLabel->setVisible(false);
  m_remoteLabel = new QLabel(this);
  m_remoteLabel->setObjectName(QStringLiteral("remoteStatus"));
  m_remoteLabel->setVisible(false);
  m_health = new HealthIndicator(this);
  statusBar()->addPermanentWidget(m_health);
  for (QLabel* l : {m_remoteLabel, m_restLabel, m_dirLabel, m_serversLabel, m_regionsLabel, m_writeLabel})
    statusBar()->addPermanentWidget(l);
  m_dirLabel->setText(tr("No data directory"));
  m_restLabel->setContentsMargins(0, 0, 8, 0);
  auto showRest = [this] {
    const QString text = m_restGateway->statusText();
    // Wide enough for any rate, so the line neither jitters every second
    // nor gets squeezed under a status message.
    const QString widest = m_restGateway->state() == RestGateway::State::Serving
                               ? tr("REST %1 \u00b7 %2 req/s").arg(m_restGateway->url(), QStringLiteral("88888.8"))
                               : text;
    m_restLabel->setMinimumWidth(m_restLabel->fontMetrics().horizontalAdvance(widest) + 12);
    m_restLabel->setText(text);
    m_restLabel->setVisible(!text.isEmpty());
  };
  connect(m_restGateway, &RestGateway::stateChanged, this, showRest);
  connect(m_restGateway, &RestGateway::rateChanged, this, showRest);
  // The gateway the user left on serves whichever directory opens.
  m_restGateway->setSettings({m_settings.restGatewayPort, m_settings.restGatewayReadOnly,
                              m_settings.restGatewayAllInterfaces});
  if (m_settings.restGatewayEnabled) m_restGateway->start(m_restGateway->settings());

  connect(m_controller, &EngineController::opened, this,
          [this](const QString& dir, const QStringList& notes, const QStringList& warnings) {
    m_health->clear();
    m_health->setOpenWarnings(warnings);
    if (!warnings.isEmpty()) showOpenWarnings(dir, warnings);
    m_settings.addRecentDirectory(dir);
    m_settings.save();
    rebuildRecentMenu();
    setWindowTitle(tr("RegionLab \u2014 %1").arg(QDir::toNativeSeparators(dir)));
    m_dirLabel->setText(QDir::toNativeSeparators(dir));
    statusBar()->showMessage(notes.isEmpty() ? tr("Opened %1").arg(dir) : notes.join(QStringLiteral("; ")), 10000);
    m_controller->requestSchema();
    // The last window from the catalog first: it answers before the first sample.
    m_controller->requestStoredWindow(m_charts->windowSeconds());
    m_poller->start();
    m_poller->pollNow();
  });
  connect(m_controller, &EngineController::storedWindowReady, this, [this](const StoredWindowPtr& window) {
    if (window->error.isEmpty() && !m_activeRemote) m_charts->loadHistory(window->samples, window->events);
  });
  connect(m_controller, &EngineController::openFailed, this,
          [this](const QString& dir, const QString& error, bool inUse) {
            m_dirLabel->setText(tr("No data directory"));
            m_health->clear();
            if (inUse) {
              showDirectoryInUse(dir, error);
              return;
            }
            auto* box = new QMessageBox(QMessageBox::Critical, tr("Cannot open data directory"),
                                        tr("%1 could not be opened:\n%2").arg(dir, error), QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
          });
  connect(m_controller, &EngineController::schemaReady, this, &MainWindow::onSchema);
  connect(m_controller, &EngineController::clusterEvent, this, [this](const regionlab::ClusterEvent& e) {
    if (!m_activeRemote) m_charts->addEvent(e);
  });
  connect(m_charts, &LiveChartsWidget::eventActivated, this, &MainWindow::showEventRegions);
  // A split or merge that the user's run causes on the table in view turns the
  // genealogy over the Workload tab, where the run's form is locked anyway.
  connect(m_controller, &EngineController::clusterEvent, this, [this](const regionlab::ClusterEvent& e) {
    const EventKind kind = eventKindOf(e.kind);
    if ((kind == EventKind::Split || kind == EventKind::Merge) &&
        QString::fromStdString(e.table) == m_mapPanel->currentTable() && m_workload->runner()->isActive() &&
        m_workloadDock->isVisible())
      m_genealogyDock->raise();
  });
  connect(m_controller, &EngineController::clusterEvent, this, [this](const regionlab::ClusterEvent& e) {
    if (e.kind == "write refused") {
      m_health->setWriteProblem(QString::fromStdString(e.detail));
      statusBar()->showMessage(tr("Writes refused: %1").arg(QString::fromStdString(e.detail)), 15000);
    } else if (e.kind == "writes resumed") {
      m_health->setWriteProblem({});
      statusBar()->showMessage(tr("Writes resumed"), 10000);
    }
  });
  connect(m_controller, &EngineController::actionStarted, this,
          [this](const QString& what) { statusBar()->showMessage(tr("%1\u2026").arg(what)); });
  connect(m_controller, &EngineController::actionFinished, this,
          [this](const QString& what, bool ok, const QString& message) {
            statusBar()->showMessage(tr("%1: %2").arg(what, message), 10000);
            if (ok) return;
            auto* box = new QMessageBox(QMessageBox::Warning, tr("RegionLab"),
                                        tr("%1 failed:\n%2").arg(what, message), QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
          });
  connect(m_embedded, &DataSource::sampleReady, this, &MainWindow::onSample);

  resize(1280, 820);
  m_defaultState = saveState(kStateVersion);
  QSettings s;
  restoreGeometry(s.value(kGeometryKey).toByteArray());
  restoreState(s.value(kStateKey).toByteArray(), kStateVersion);
  // The table the docks followed when the window last closed, once it is listed.
  const QString table = s.value(kTableKey).toString();
  if (!table.isEmpty()) setCurrentTable(table);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDocks() {
  setDockNestingEnabled(true);
  m_tree = new QTreeView(this);
  m_tree->setModel(m_treeModel);
  m_tree->setHeaderHidden(true);
  m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
  m_tree->setUniformRowHeights(true);
  connect(m_tree, &QTreeView::customContextMenuRequested, this, &MainWindow::showTreeMenu);
  connect(m_tree, &QTreeView::clicked, this, [this](const QModelIndex& i) {
    // A snapshot's table may have been dropped since: its node selects nothing.
    const auto kind = static_cast<ClusterTreeModel::Kind>(i.data(ClusterTreeModel::KindRole).toInt());
    const QString table = i.data(ClusterTreeModel::TableRole).toString();
    // The docks follow the source of the node chosen.
    RemoteSource* remote = remoteById(i.data(ClusterTreeModel::SourceRole).toString());
    setActiveSource(remote ? static_cast<DataSource*>(remote) : m_embedded);
    if (remote) {
      if (!table.isEmpty()) m_mapPanel->setCurrentTable(table);
    } else if (!table.isEmpty() && kind != ClusterTreeModel::Kind::Snapshot) {
      setCurrentTable(table);
    }
  });
  // Keep what the user expanded across model resets (splits rebuild the tree).
  connect(m_treeModel, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
    m_expandedKeys.clear();
    m_knownKeys.clear();
    forEachRow(*m_treeModel, [this](const QModelIndex& i) {
      const QString key = i.data(ClusterTreeModel::KeyRole).toString();
      m_knownKeys.insert(key);
      if (m_tree->isExpanded(i)) m_expandedKeys << key;
    });
  });
  connect(m_treeModel, &QAbstractItemModel::modelReset, this, [this] {
    for (const QString& key : m_expandedKeys) m_tree->expand(m_treeModel->findKey(key));
    // Namespaces and tables that are new (a first load, a created table) open up.
    for (int n = 0; n < m_treeModel->rowCount(); ++n) {
      const QModelIndex ns = m_treeModel->index(n, 0);
      if (!m_knownKeys.contains(ns.data(ClusterTreeModel::KeyRole).toString())) m_tree->expand(ns);
      for (int t = 0; t < m_treeModel->rowCount(ns); ++t) {
        const QModelIndex table = m_treeModel->index(t, 0, ns);
        if (!m_knownKeys.contains(table.data(ClusterTreeModel::KeyRole).toString())) m_tree->expand(table);
      }
    }
  });
  m_treeDock = addDock(tr("Cluster"), QStringLiteral("clusterDock"), m_tree, Qt::LeftDockWidgetArea);

  m_mapPanel = new RegionMapPanel(this);
  m_mapDock =
      addDock(tr("Region map"), QStringLiteral("regionMapDock"), m_mapPanel, Qt::BottomDockWidgetArea);
  connect(m_mapPanel, &RegionMapPanel::currentTableChanged, this, [this](const QString& table) {
    m_charts->setTable(table);
    m_regionModel->setTable(table);
    m_heatmapPanel->setTable(table);
    if (m_activeRemote) {
      m_heatmapPanel->followSource(m_activeRemote->recentSamples());
    } else {
      m_genealogyPanel->setTable(table);
    }
    if (const SamplePtr s = activeSource()->latestSample()) m_regionModel->updateFromSample(*s);
  });

  m_regionTable = new QTableView(this);
  auto* proxy = new QSortFilterProxyModel(this);
  proxy->setSourceModel(m_regionModel);
  proxy->setSortRole(RegionListModel::RawValueRole);
  m_regionTable->setModel(proxy);
  m_regionTable->setSortingEnabled(true);
  m_regionTable->sortByColumn(RegionListModel::StartKey, Qt::AscendingOrder);
  m_regionTable->verticalHeader()->setVisible(false);
  m_regionTable->verticalHeader()->setDefaultSectionSize(20);
  // Every column as wide as its contents (measured on the first rows, so
  // 10,000 regions stay cheap); none stretched across the dock.
  m_regionTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_regionTable->horizontalHeader()->setResizeContentsPrecision(100);
  m_regionTable->horizontalHeader()->setStretchLastSection(false);
  m_regionTable->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_listDock =
      addDock(tr("Regions"), QStringLiteral("regionListDock"), m_regionTable, Qt::BottomDockWidgetArea);

  m_heatmapPanel = new KeyHeatmapPanel(m_controller, m_poller, this);
  m_heatmapDock = addDock(tr("Key-space heatmap"), QStringLiteral("keyHeatmapDock"), m_heatmapPanel,
                          Qt::BottomDockWidgetArea);
  // The browser and the console talk to the controller themselves.
  m_browser = new DataBrowserPanel(m_controller, this);
  m_browserDock =
      addDock(tr("Data browser"), QStringLiteral("dataBrowserDock"), m_browser, Qt::BottomDockWidgetArea);
  m_console = new ShellConsoleWidget(m_controller, this);
  m_consoleDock =
      addDock(tr("Shell console"), QStringLiteral("shellConsoleDock"), m_console, Qt::BottomDockWidgetArea);
  m_workload = new WorkloadPanel(m_controller, this);
  m_workloadDock = addDock(tr("Workload"), QStringLiteral("workloadDock"), m_workload, Qt::BottomDockWidgetArea);
  m_genealogyPanel = new SplitGenealogyPanel(m_controller, this);
  m_genealogyDock = addDock(tr("Split genealogy"), QStringLiteral("splitGenealogyDock"), m_genealogyPanel,
                            Qt::BottomDockWidgetArea);
  m_serversPanel = new RegionServersPanel(m_controller, this);
  m_serversDock = addDock(tr("Region servers"), QStringLiteral("regionServersDock"), m_serversPanel,
                          Qt::LeftDockWidgetArea);
  tabifyDockWidget(m_treeDock, m_serversDock);
  // The bottom area: the map and its tabs on the left, the workload and the
  // genealogy on the right. Split first: a dock split off a tabbed one would
  // only join its tabs.
  splitDockWidget(m_mapDock, m_workloadDock, Qt::Horizontal);
  tabifyDockWidget(m_mapDock, m_listDock);
  tabifyDockWidget(m_listDock, m_heatmapDock);
  tabifyDockWidget(m_heatmapDock, m_browserDock);
  tabifyDockWidget(m_browserDock, m_consoleDock);
  tabifyDockWidget(m_workloadDock, m_genealogyDock);
  m_engineLog = new EngineLogPanel(m_controller, this);
  m_engineLogDock =
      addDock(tr("Engine log"), QStringLiteral("engineLogDock"), m_engineLog, Qt::BottomDockWidgetArea);
  tabifyDockWidget(m_genealogyDock, m_engineLogDock);
  // The map, list, heatmap and genealogy follow the table a run writes to.
  connect(m_workload, &WorkloadPanel::runStarted, m_mapPanel, &RegionMapPanel::setCurrentTable);
  m_mapDock->raise();
  m_workloadDock->raise();
  m_treeDock->raise();
  resizeDocks({m_treeDock}, {260}, Qt::Horizontal);
  resizeDocks({m_mapDock}, {330}, Qt::Vertical);  // room for the browser's form and some rows
  resizeDocks({m_mapDock, m_workloadDock}, {460, 560}, Qt::Horizontal);
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open data directory\u2026"), QKeySequence::Open, this, [this] { chooseDirectory(false); });
  file->addAction(tr("&New data directory\u2026"), QKeySequence::New, this, [this] { chooseDirectory(true); });
  m_recentMenu = file->addMenu(tr("Open &recent"));
  rebuildRecentMenu();
  file->addAction(tr("&Connect to HBase cluster\u2026"), this, &MainWindow::showConnectDialog);
  file->addAction(tr("New &table\u2026"), QKeySequence(Qt::CTRL | Qt::Key_T), this,
                  [this] { CreateTableDialog::openCreate(m_controller, this); });
  file->addAction(tr("Create &demo tables"), this, [this] { createDemoTables(); });
  file->addSeparator();
  file->addAction(tr("&Settings\u2026"), this, &MainWindow::editSettings);
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  m_viewMenu = menuBar()->addMenu(tr("&View"));
  for (QDockWidget* dock : docks()) m_viewMenu->addAction(dock->toggleViewAction());
  m_viewMenu->addSeparator();
  m_viewMenu->addAction(tr("&Reset layout"), this, &MainWindow::resetLayout);

  QMenu* cluster = menuBar()->addMenu(tr("&Cluster"));
  cluster->addAction(tr("REST &gateway\u2026"), this, &MainWindow::showRestGatewayDialog);

  QMenu* schema = menuBar()->addMenu(tr("&Schema"));
  schema->addAction(tr("Rowkey scheme &builder\u2026"), this, [this] { showSchemeBuilder(); });
  schema->addAction(tr("&Distribution simulator\u2026"), this, [this] { showDistributionSimulator(); });
}

void MainWindow::showRestGatewayDialog() {
  if (auto* open = findChild<RestGatewayDialog*>()) {
    open->raise();
    open->activateWindow();
    return;
  }
  auto* dialog = new RestGatewayDialog(m_restGateway, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &RestGatewayDialog::settingsChosen, this,
          [this](bool enabled, const RestGatewaySettings& s) {
            m_settings.restGatewayEnabled = enabled;
            m_settings.restGatewayPort = s.port;
            m_settings.restGatewayReadOnly = s.readOnly;
            m_settings.restGatewayAllInterfaces = s.allInterfaces;
            m_settings.save();
          });
  dialog->show();
}

SchemeBuilderWindow* MainWindow::showSchemeBuilder() {
  if (m_schemeBuilder == nullptr) {
    m_schemeBuilder = new SchemeBuilderWindow(m_controller, this);
    connect(m_schemeBuilder, &SchemeBuilderWindow::simulateRequested, this, [this] {
      showDistributionSimulator()->setSchemeA(DistributionSimulatorWindow::builderSource());
    });
    connect(m_schemeBuilder, &SchemeBuilderWindow::createTableRequested, this, [this](const QByteArray& json) {
      CreateTableDialog::openCreate(m_controller, this)->presplit()->useSchemeJson(json, tr("Scheme builder"));
    });
    if (m_simulator) m_simulator->setBuilderDocument(m_schemeBuilder->document());
  }
  m_schemeBuilder->show();
  m_schemeBuilder->raise();
  return m_schemeBuilder;
}

DistributionSimulatorWindow* MainWindow::showDistributionSimulator() {
  if (m_simulator == nullptr) {
    m_simulator = new DistributionSimulatorWindow(m_controller, this);
    if (m_schemeBuilder) m_simulator->setBuilderDocument(m_schemeBuilder->document());
  }
  m_simulator->show();
  m_simulator->raise();
  return m_simulator;
}

void MainWindow::rebuildRecentMenu() {
  m_recentMenu->clear();
  for (const QString& dir : m_settings.recentDirectories)
    m_recentMenu->addAction(QDir::toNativeSeparators(dir), this, [this, dir] { openDataDirectory(dir); });
  m_recentMenu->setEnabled(!m_settings.recentDirectories.isEmpty());
}

void MainWindow::chooseDirectory(bool create) {
  const QString title = create ? tr("New data directory (choose or create an empty folder)")
                               : tr("Open data directory");
  const QString dir = QFileDialog::getExistingDirectory(this, title, m_controller->dataDirectory());
  if (dir.isEmpty()) return;
  if (create && !QDir(dir).isEmpty()) {
    QMessageBox::warning(this, tr("New data directory"),
                         tr("%1 is not empty. Choose an empty folder for a new data directory, "
                            "or use Open to open an existing one.").arg(dir));
    return;
  }
  openDataDirectory(dir);
}

void MainWindow::showDirectoryInUse(const QString& dir, const QString& holder) {
  auto* box = new QMessageBox(QMessageBox::Warning, tr("Data directory in use"),
                              tr("%1 is in use.").arg(QDir::toNativeSeparators(dir)), QMessageBox::NoButton, this);
  box->setObjectName(QStringLiteral("directoryInUseBox"));
  box->setInformativeText(holder);
  QPushButton* retry = box->addButton(tr("&Retry"), QMessageBox::AcceptRole);
  retry->setObjectName(QStringLiteral("retryButton"));
  QPushButton* other = box->addButton(tr("Open &Another\u2026"), QMessageBox::ActionRole);
  other->setObjectName(QStringLiteral("openAnotherButton"));
  QPushButton* fresh = box->addButton(tr("&New Data Directory\u2026"), QMessageBox::ActionRole);
  fresh->setObjectName(QStringLiteral("newDirectoryButton"));
  box->addButton(QMessageBox::Cancel);
  box->setAttribute(Qt::WA_DeleteOnClose);
  connect(box, &QMessageBox::buttonClicked, this, [this, dir, retry, other, fresh](QAbstractButton* b) {
    if (b == retry) {
      openDataDirectory(dir);
    } else if (b == other) {
      chooseDirectory(false);
    } else if (b == fresh) {
      chooseDirectory(true);
    }
  });
  box->open();
}

void MainWindow::openDataDirectory(const QString& dir) {
  m_poller->stop();
  m_poller->clear();
  m_charts->clear();
  m_dirLabel->setText(tr("Opening %1\u2026").arg(QDir::toNativeSeparators(dir)));
  m_controller->openDataDirectory(dir, m_settings.regionServers, static_cast<uint32_t>(m_settings.labScale));
}

void MainWindow::createDemoTables(int rowsPerTable) {
  m_controller->runJob(
      tr("Create demo tables %1").arg(demoTableList()),
      [rowsPerTable](regionlab::Cluster* cluster) -> QString {
        if (cluster == nullptr) return tr("no data directory is open");
        regionlab::Status s = regionlab::CreateDemoSchema(*cluster, rowsPerTable);
        return s.ok() ? QString() : QString::fromStdString(s.ToString());
      },
      [this](const QString& error) {
        // The docks follow the table the live story runs on (it is listed with the next schema).
        if (error.isEmpty()) setCurrentTable(QString::fromStdString(regionlab::DemoStoryTable()));
        emit demoCreated(error.isEmpty(), error);
      });
}

void MainWindow::editSettings() {
  SettingsDialog dialog(m_settings, this);
  if (dialog.exec() != QDialog::Accepted) return;
  m_settings = dialog.settings();
  m_settings.save();
  if (dialog.applyScaleToOpenDirectory() && m_controller->isOpen()) {
    const QString dir = m_controller->dataDirectory();
    m_poller->stop();
    m_poller->clear();
    m_charts->clear();
    m_controller->openDataDirectory(dir, m_settings.regionServers, static_cast<uint32_t>(m_settings.labScale),
                                    static_cast<uint32_t>(m_settings.labScale));
  }
  m_poller->setIntervalMs(m_settings.metricsIntervalMs);
  m_charts->setWindowSeconds(m_settings.chartWindowSeconds);
  applyTheme(themeFromName(m_settings.theme));
}

QDockWidget* MainWindow::addDock(const QString& title, const QString& objectName, QWidget* widget,
                                 Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(objectName);  // the key saveState() stores the dock under
  dock->setWidget(widget);
  addDockWidget(area, dock);
  return dock;
}

QList<QDockWidget*> MainWindow::docks() const {
  return {m_treeDock,      m_serversDock, m_mapDock,     m_listDock,     m_heatmapDock,
          m_genealogyDock, m_browserDock, m_consoleDock, m_workloadDock, m_engineLogDock};
}

void MainWindow::resetLayout() {
  for (QDockWidget* dock : docks()) dock->setFloating(false);
  restoreState(m_defaultState, kStateVersion);
  for (QDockWidget* dock : docks()) dock->show();
  m_mapDock->raise();
  m_workloadDock->raise();
  m_treeDock->raise();
}

void MainWindow::showEventRegions(const regionlab::ClusterEvent& event) {
  statusBar()->showMessage(eventSummary(event), 15000);
  if (event.table.empty()) {
    m_serversDock->raise();
    m_serversPanel->selectServer(QString::fromStdString(event.server));
    return;
  }
  const QString table = QString::fromStdString(event.table);
  QStringList inMap = {QString::fromStdString(event.region)};
  for (const std::string& d : event.daughters) inMap << QString::fromStdString(d);
  m_mapPanel->selectRegions(table, inMap);
  m_genealogyPanel->selectRegion(table, QString::fromStdString(event.region));
  // A split or merge reads best in the genealogy; the rest on the map.
  const EventKind kind = eventKindOf(event.kind);
  (kind == EventKind::Split || kind == EventKind::Merge ? m_genealogyDock : m_mapDock)->raise();
}

void MainWindow::setCurrentTable(const QString& table) {
  m_mapPanel->setCurrentTable(table);
  m_browser->setTable(table);
  m_workload->setTable(table);
  // Not listed yet (the schema that lists it is on its way): once it is.
  m_pendingTable = m_browser->table() == table ? QString() : table;
}

void MainWindow::offerDemo(const SchemaPtr& schema) {
  QSettings settings;
  if (!m_offerDemo || !schema->tables.empty() || settings.value(kDemoOfferedKey).toBool()) return;
  settings.setValue(kDemoOfferedKey, true);  // asked once, whatever the answer
  auto* box = new QMessageBox(QMessageBox::Question, tr("Create the demo tables?"),
                              tr("This data directory has no tables. Create the demo tables of the HBase "
                                 "notes (%1), filled with real rows through the engine?\n\nFile > Create "
                                 "demo tables does the same later.").arg(demoTableList()),
                              QMessageBox::Yes | QMessageBox::No, this);
  box->setObjectName(QStringLiteral("demoOffer"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  connect(box, &QMessageBox::buttonClicked, this, [this, box](QAbstractButton* b) {
    if (box->standardButton(b) == QMessageBox::Yes) createDemoTables(m_demoRows);
  });
  box->open();
}

void MainWindow::onSchema(const SchemaPtr& schema) {
  offerDemo(schema);
  m_treeModel->setSchema(schema);
  QStringList tables;
  for (const auto& t : schema->tables) tables << QString::fromStdString(t.FullName());
  if (!m_activeRemote) m_mapPanel->setTables(tables);
  m_schemaTables = QSet<QString>(tables.begin(), tables.end());
  m_schemaPending = false;
  if (!m_pendingTable.isEmpty() && tables.contains(m_pendingTable)) setCurrentTable(m_pendingTable);
  const QString empty = tr("This data directory has no tables yet: File > Create demo tables "
                           "makes the demo tables (%1).").arg(demoTableList());
  if (tables.isEmpty()) {
    statusBar()->showMessage(empty);
  } else if (statusBar()->currentMessage() == empty) {
    statusBar()->clearMessage();
  }
}

void MainWindow::onSample(const SamplePtr& sample) {
  // Tables created or dropped outside the window (the shell console, the
  // REST gateway's clients) appear in the samples first: fetch the schema.
  QSet<QString> sampled;
  for (const auto& r : sample->regions) sampled.insert(QString::fromStdString(r.table));
  if (!m_schemaPending && sampled != m_schemaTables) {
    m_schemaPending = true;
    m_controller->requestSchema();
  }
  if (m_activeRemote) {  // the docks show a remote cluster: only the tree's regions follow
    m_treeModel->updateRegions(*sample);
    return;
  }
  m_charts->addSample(*sample);
  m_serversPanel->updateFromSample(*sample);
  m_mapPanel->updateFromSample(sample);
  m_regionModel->updateFromSample(*sample);
  m_treeModel->updateRegions(*sample);
  updateSampleLabels(*sample);
}

void MainWindow::updateSampleLabels(const regionlab::ClusterSample& sample) {
  int online = 0;
  for (const auto& s : sample.servers) online += s.online ? 1 : 0;
  m_serversLabel->setText(tr("Region servers: %1/%2").arg(online).arg(sample.servers.size()));
  m_regionsLabel->setText(tr("Regions: %1").arg(formatCount(sample.regions.size())));
  m_writeLabel->setText(tr("Writes: %1/s").arg(m_charts->totalWriteRate(), 0, 'f', 0));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  QSettings s;
  s.setValue(kGeometryKey, saveGeometry());
  s.setValue(kStateKey, saveState(kStateVersion));
  s.setValue(kTableKey, m_mapPanel->currentTable());
  m_settings.save();
  if (m_controller->isOpen()) {
    // Closing the cluster flushes nothing the WAL does not hold, but it waits
    // for a running workload, flushes and compactions: say so, keep painting,
    // and close for real once the engine is done.
    event->ignore();
    statusBar()->showMessage(tr("Closing %1: stopping the workload, waiting for flushes and compactions, "
                                "closing the regions and the WALs\u2026")
                                 .arg(QDir::toNativeSeparators(m_controller->dataDirectory())));
    m_poller->stop();
    centralWidget()->setEnabled(false);
    for (QDockWidget* dock : docks()) dock->setEnabled(false);
    connect(m_controller, &EngineController::closed, this, &QWidget::close, Qt::SingleShotConnection);
    m_controller->closeDataDirectory();
    return;
  }
  QMainWindow::closeEvent(event);
}

void MainWindow::showOpenWarnings(const QString& dir, const QStringList& warnings) {
  auto* box = new QMessageBox(QMessageBox::Warning, tr("Damage found in the data directory"),
                              tr("%1 opened, but recovery found damage. What could be read was "
                                 "recovered; damaged WAL segments were moved to its corrupt folder "
                                 "and nothing was deleted.")
                                  .arg(QDir::toNativeSeparators(dir)),
                              QMessageBox::Ok, this);
  box->setObjectName(QStringLiteral("openWarningsBox"));
  box->setInformativeText(QStringLiteral("\u2022 ") + warnings.join(QStringLiteral("\n\u2022 ")));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

}  // namespace regionlab::ui
