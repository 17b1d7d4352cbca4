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
#include "models/format.h"
#include "models/item_model_walk.h"
#include "models/metrics_poller.h"
#include "models/region_list_model.h"
#include "models/rest_gateway.h"
#include "ui/create_table_dialog.h"
#include "ui/data_browser_panel.h"
#include "ui/presplit_editor.h"
#include "ui/distribution_simulator_window.h"
#include "ui/scheme_builder_window.h"
#include "ui/key_heatmap_panel.h"
#include "ui/live_charts_widget.h"
#include "ui/region_map_panel.h"
#include "ui/rest_gateway_dialog.h"
#include "ui/settings_dialog.h"
#include "ui/shell_console_widget.h"
#include "ui/split_genealogy_panel.h"
#include "ui/theme.h"
#include "ui/workload_panel.h"

#include "demo/demo_schema.h"

namespace regionlab::ui {

namespace {
constexpr char kStateKey[] = "mainWindow/state";
constexpr char kGeometryKey[] = "mainWindow/geometry";
// 2: the heatmap, genealogy, data browser and shell console docks.
constexpr int kStateVersion = 2;
constexpr char kDemoOfferedKey[] = "firstStart/demoOffered";

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
  for (QLabel* l : {m_restLabel, m_dirLabel, m_serversLabel, m_regionsLabel, m_writeLabel})
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

  connect(m_controller, &EngineController::opened, this, [this](const QString& dir, const QStringList& notes) {
    m_settings.addRecentDirectory(dir);
    m_settings.save();
    rebuildRecentMenu();
    setWindowTitle(tr("RegionLab \u2014 %1").arg(QDir::toNativeSeparators(dir)));
    m_dirLabel->setText(QDir::toNativeSeparators(dir));
    statusBar()->showMessage(notes.isEmpty() ? tr("Opened %1").arg(dir) : notes.join(QStringLiteral("; ")), 10000);
    m_controller->requestSchema();
    m_poller->start();
    m_poller->pollNow();
  });
  connect(m_controller, &EngineController::openFailed, this,
          [this](const QString& dir, const QString& error, bool inUse) {
            m_dirLabel->setText(tr("No data directory"));
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
  connect(m_controller, &EngineController::clusterEvent, m_charts, &LiveChartsWidget::addEvent);
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
  connect(m_poller, &MetricsPoller::sampleAdded, this, &MainWindow::onSample);

  resize(1280, 820);
  m_defaultState = saveState(kStateVersion);
  QSettings s;
  restoreGeometry(s.value(kGeometryKey).toByteArray());
  restoreState(s.value(kStateKey).toByteArray(), kStateVersion);
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
    const QString table = i.data(ClusterTreeModel::TableRole).toString();
    if (!table.isEmpty()) setCurrentTable(table);
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
    m_regionModel->setTable(table);
    m_heatmapPanel->setTable(table);
    m_genealogyPanel->setTable(table);
    if (const SamplePtr& s = m_poller->latestSample()) m_regionModel->updateFromSample(*s);
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
  m_regionTable->horizontalHeader()->setStretchLastSection(true);
  m_regionTable->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_listDock =
      addDock(tr("Regions"), QStringLiteral("regionListDock"), m_regionTable, Qt::BottomDockWidgetArea);
  tabifyDockWidget(m_mapDock, m_listDock);

  m_heatmapPanel = new KeyHeatmapPanel(m_controller, m_poller, this);
  m_heatmapDock = addDock(tr("Key-space heatmap"), QStringLiteral("keyHeatmapDock"), m_heatmapPanel,
                          Qt::BottomDockWidgetArea);
  tabifyDockWidget(m_listDock, m_heatmapDock);
  m_genealogyPanel = new SplitGenealogyPanel(m_controller, this);
  m_genealogyDock = addDock(tr("Split genealogy"), QStringLiteral("splitGenealogyDock"), m_genealogyPanel,
                            Qt::BottomDockWidgetArea);
  tabifyDockWidget(m_heatmapDock, m_genealogyDock);

  // The browser and the console talk to the controller themselves.
  m_browser = new DataBrowserPanel(m_controller, this);
  m_browserDock =
      addDock(tr("Data browser"), QStringLiteral("dataBrowserDock"), m_browser, Qt::BottomDockWidgetArea);
  tabifyDockWidget(m_genealogyDock, m_browserDock);
  m_console = new ShellConsoleWidget(m_controller, this);
  m_consoleDock =
      addDock(tr("Shell console"), QStringLiteral("shellConsoleDock"), m_console, Qt::BottomDockWidgetArea);
  tabifyDockWidget(m_browserDock, m_consoleDock);
  m_workload = new WorkloadPanel(m_controller, this);
  m_workloadDock = addDock(tr("Workload"), QStringLiteral("workloadDock"), m_workload, Qt::BottomDockWidgetArea);
  tabifyDockWidget(m_consoleDock, m_workloadDock);
  // The map, list, heatmap and genealogy follow the table a run writes to.
  connect(m_workload, &WorkloadPanel::runStarted, m_mapPanel, &RegionMapPanel::setCurrentTable);
  m_mapDock->raise();
  resizeDocks({m_treeDock}, {300}, Qt::Horizontal);
  resizeDocks({m_mapDock}, {330}, Qt::Vertical);  // room for the browser's form and some rows
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open data directory\u2026"), QKeySequence::Open, this, [this] { chooseDirectory(false); });
  file->addAction(tr("&New data directory\u2026"), QKeySequence::New, this, [this] { chooseDirectory(true); });
  m_recentMenu = file->addMenu(tr("Open &recent"));
  rebuildRecentMenu();
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
  m_controller->openDataDirectory(dir, m_settings.regionServers);
}

void MainWindow::createDemoTables(int rowsPerTable) {
  m_controller->runJob(
      tr("Create demo tables %1").arg(demoTableList()),
      [rowsPerTable](regionlab::Cluster* cluster) -> QString {
        if (cluster == nullptr) return tr("no data directory is open");
        regionlab::Status s = regionlab::CreateDemoSchema(*cluster, rowsPerTable);
        return s.ok() ? QString() : QString::fromStdString(s.ToString());
      },
      [this](const QString& error) { emit demoCreated(error.isEmpty(), error); });
}

void MainWindow::editSettings() {
  SettingsDialog dialog(m_settings, this);
  if (dialog.exec() != QDialog::Accepted) return;
  m_settings = dialog.settings();
  m_settings.save();
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
  return {m_treeDock,    m_mapDock,     m_listDock,   m_heatmapDock,
          m_genealogyDock, m_browserDock, m_consoleDock, m_workloadDock};
}

void MainWindow::resetLayout() {
  for (QDockWidget* dock : docks()) dock->setFloating(false);
  restoreState(m_defaultState, kStateVersion);
  for (QDockWidget* dock : docks()) dock->show();
  m_mapDock->raise();
}

void MainWindow::runAction(AdminAction action, const QString& target) {
  if (adminActionDestroysData(action)) {
    const QString what = action == AdminAction::Drop
                             ? tr("Drop table %1? It is disabled first; every region and all its data "
                                  "are deleted.").arg(target)
                             : tr("Truncate table %1? All its rows are deleted; the region "
                                  "boundaries are kept.").arg(target);
    if (QMessageBox::warning(this, adminActionName(action), what, QMessageBox::Yes | QMessageBox::Cancel,
                             QMessageBox::Cancel) != QMessageBox::Yes)
      return;
  }
  m_controller->runAdminAction(action, target);
}

void MainWindow::showTreeMenu(const QPoint& pos) {
  const QModelIndex index = m_tree->indexAt(pos);
  QMenu menu(this);
  populateTreeMenu(&menu, index);
  if (!menu.isEmpty()) menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

std::vector<regionlab::RegionInfo> MainWindow::regionsOf(const QString& table) const {
  std::vector<regionlab::RegionInfo> out;
  if (const SamplePtr& sample = m_poller->latestSample()) {
    for (const auto& r : sample->regions)
      if (QString::fromStdString(r.table) == table) out.push_back(r);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.start_key < b.start_key; });
  return out;
}

void MainWindow::populateTreeMenu(QMenu* menuPtr, const QModelIndex& index) {
  if (!index.isValid()) return;
  const auto kind = static_cast<ClusterTreeModel::Kind>(index.data(ClusterTreeModel::KindRole).toInt());
  if (kind == ClusterTreeModel::Kind::Namespace) return;
  const QString target = index.data(ClusterTreeModel::TargetRole).toString();
  const QString table = index.data(ClusterTreeModel::TableRole).toString();
  const bool region = kind == ClusterTreeModel::Kind::Region;
  const bool enabled = index.data(ClusterTreeModel::EnabledRole).toBool();
  QMenu& menu = *menuPtr;
  menu.setTitle(region ? tr("Region %1").arg(target) : tr("Table %1").arg(table));
  auto add = [&](AdminAction action, const QString& on, bool allowed = true) {
    QString text = adminActionName(action);
    if (adminActionDestroysData(action)) text += QStringLiteral("\u2026");
    QAction* a = menu.addAction(text, this, [this, action, on] { runAction(action, on); });
    a->setEnabled(allowed);
  };
  add(AdminAction::Flush, target, enabled);
  add(AdminAction::Compact, target, enabled);
  add(AdminAction::MajorCompact, target, enabled);
  add(AdminAction::Split, target, enabled);
  if (region) {
    // Merge with a key-order neighbour; move to another region server.
    const std::vector<regionlab::RegionInfo> regions = regionsOf(table);
    auto at = std::find_if(regions.begin(), regions.end(),
                           [&](const auto& r) { return QString::fromStdString(r.encoded_name) == target; });
    QMenu* merge = menu.addMenu(tr("Merge with"));
    QMenu* move = menu.addMenu(tr("Move to"));
    if (at != regions.end()) {
      auto neighbour = [&](const regionlab::RegionInfo& r, const QString& side) {
        const QString other = QString::fromStdString(r.encoded_name);
        merge->addAction(tr("%1 neighbour %2 [%3, %4)")
                             .arg(side, other, formatKey(r.start_key, tr("…")), formatKey(r.end_key, tr("…"))),
                         this, [this, target, other] { m_controller->runAdminAction(AdminAction::Merge, target, other); });
      };
      if (at != regions.begin()) neighbour(*(at - 1), tr("Previous"));
      if (at + 1 != regions.end()) neighbour(*(at + 1), tr("Next"));
      for (const auto& s : m_poller->latestSample()->servers) {
        if (!s.online || s.name == at->server) continue;
        const QString server = QString::fromStdString(s.name);
        move->addAction(server, this, [this, target, server] { m_controller->runAdminAction(AdminAction::Move, target, server); });
      }
    }
    merge->setEnabled(enabled && !merge->isEmpty());
    move->setEnabled(enabled && !move->isEmpty());
  } else {
    menu.addSeparator();
    menu.addAction(tr("Alter table\u2026"), this, [this, table] { CreateTableDialog::openAlter(m_controller, table, this); });
    add(enabled ? AdminAction::Disable : AdminAction::Enable, table);
    add(AdminAction::Truncate, table);
    add(AdminAction::Drop, table);
  }
}

void MainWindow::setCurrentTable(const QString& table) {
  m_mapPanel->setCurrentTable(table);
  m_browser->setTable(table);
  m_workload->setTable(table);
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
  m_mapPanel->setTables(tables);
  m_schemaTables = QSet<QString>(tables.begin(), tables.end());
  m_schemaPending = false;
  const QString empty = tr("This data directory has no tables yet: File > Create demo tables "
                           "makes the NewsClickFeedback and trade tables, pre-split and filled.");
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
  m_charts->addSample(*sample);
  m_mapPanel->updateFromSample(sample);
  m_regionModel->updateFromSample(*sample);
  m_treeModel->updateRegions(*sample);
  int online = 0;
  for (const auto& s : sample->servers) online += s.online ? 1 : 0;
  const double writes = m_charts->totalWriteRate();
  m_serversLabel->setText(tr("Region servers: %1/%2").arg(online).arg(sample->servers.size()));
  m_regionsLabel->setText(tr("Regions: %1").arg(formatCount(sample->regions.size())));
  m_writeLabel->setText(tr("Writes: %1/s").arg(writes, 0, 'f', 0));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  QSettings s;
  s.setValue(kGeometryKey, saveGeometry());
  s.setValue(kStateKey, saveState(kStateVersion));
  m_settings.save();
  QMainWindow::closeEvent(event);
}

}  // namespace regionlab::ui
