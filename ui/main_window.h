// MainWindow: the regionlab desktop app's window.
//
// The cluster tree (namespaces -> tables -> families and regions, with the
// admin context menu) docks on the left; the live charts are the central
// widget; the region map, the region list, the key-space heatmap, the split
// genealogy, the data browser, the shell console and the workload generator dock below, as tabs
// (the map, list, heatmap and genealogy follow the region map's table). Each dock owns one
// concern and talks to the engine only through the EngineController; samples
// arrive from the MetricsPoller. View > Reset layout restores the docks.
//
// Remote clusters (File > Connect to HBase cluster…, ui/main_window_remote.cc)
// are top nodes of the tree; choosing one of their nodes turns the region
// map, the Regions table, the live charts, the heatmap and the region servers
// to that source (DataSource); a node of the embedded cluster turns them back.
// The data browser, the console, the workload and the genealogy stay with the
// embedded cluster.
//
// Thread-safety: UI thread only.
#pragma once

#include <QByteArray>
#include <QMainWindow>
#include <QSet>

#include "models/app_settings.h"
#include "models/data_source.h"
#include "models/engine_controller.h"
#include "models/remote_source.h"

class QLabel;
class QMenu;
class QTableView;
class QTreeView;
class QDockWidget;

namespace regionlab::ui {

class ClusterTreeModel;
class DataBrowserPanel;
class EngineLogPanel;
class HealthIndicator;
class LiveChartsWidget;
class MetricsPoller;
class RegionListModel;
class RegionMapPanel;
class KeyHeatmapPanel;
class SplitGenealogyPanel;
class ShellConsoleWidget;
class SchemeBuilderWindow;
class DistributionSimulatorWindow;
class RegionServersPanel;
class WorkloadPanel;
class RestGateway;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  void openDataDirectory(const QString& dir);
  // Asks the user before an action that destroys data; then runs it.
  void runAction(AdminAction action, const QString& target);
  // The same on `source` (the embedded cluster or a remote one).
  void runSourceAction(DataSource* source, AdminAction action, const QString& target);
  void resetLayout();
  // Creates the demo tables (engine/demo/demo_schema.h) that are missing, through
  // the engine worker; emits demoCreated() when done.
  static constexpr int kDemoRows = 20000;
  void createDemoTables(int rowsPerTable = kDemoRows);
  // Whether a first start (no tables, never asked, kept in QSettings) offers
  // to create the demo tables; off for scripted runs (--demo, --screenshot).
  void setOfferDemo(bool offer) { m_offerDemo = offer; }
  // Rows per table when the user accepts that offer.
  void setDemoRows(int rows) { m_demoRows = rows; }
  // Fills `menu` with the cluster tree's actions for `index` (the context menu).
  void populateTreeMenu(QMenu* menu, const QModelIndex& index);

  EngineController* controller() const { return m_controller; }
  HealthIndicator* healthIndicator() const { return m_health; }
  EngineLogPanel* engineLogPanel() const { return m_engineLog; }
  MetricsPoller* poller() const { return m_poller; }
  ClusterTreeModel* treeModel() const { return m_treeModel; }
  RegionListModel* regionListModel() const { return m_regionModel; }
  RegionMapPanel* regionMapPanel() const { return m_mapPanel; }
  LiveChartsWidget* charts() const { return m_charts; }
  QTreeView* treeView() const { return m_tree; }
  QDockWidget* regionMapDock() const { return m_mapDock; }
  QDockWidget* regionListDock() const { return m_listDock; }
  QDockWidget* treeDock() const { return m_treeDock; }
  KeyHeatmapPanel* heatmapPanel() const { return m_heatmapPanel; }
  SplitGenealogyPanel* genealogyPanel() const { return m_genealogyPanel; }
  QDockWidget* heatmapDock() const { return m_heatmapDock; }
  QDockWidget* genealogyDock() const { return m_genealogyDock; }
  DataBrowserPanel* dataBrowser() const { return m_browser; }
  ShellConsoleWidget* shellConsole() const { return m_console; }
  QDockWidget* dataBrowserDock() const { return m_browserDock; }
  QDockWidget* shellConsoleDock() const { return m_consoleDock; }
  // The Schema menu's windows, created on first use and shown.
  SchemeBuilderWindow* showSchemeBuilder();
  DistributionSimulatorWindow* showDistributionSimulator();
  WorkloadPanel* workloadPanel() const { return m_workload; }
  // Cluster > REST gateway: the gateway and its status-bar line.
  RestGateway* restGateway() const { return m_restGateway; }
  QLabel* restStatusLabel() const { return m_restLabel; }
  // Opens the REST gateway dialog (non-modal, one at a time).
  void showRestGatewayDialog();
  QDockWidget* workloadDock() const { return m_workloadDock; }
  RegionServersPanel* regionServersPanel() const { return m_serversPanel; }
  QDockWidget* regionServersDock() const { return m_serversDock; }
  // Selects what an event marker is about: its region (a split's daughters)
  // in the region map and its row in the split genealogy.
  void showEventRegions(const regionlab::ClusterEvent& event);
  // Asks for a key and splits the region there.
  void splitAtKey(const QString& encodedName);

  // Remote clusters (ui/main_window_remote.cc).
  // File > Connect to HBase cluster…: the dialog, then connectRemote().
  void showConnectDialog();
  // Opens `settings` as a source (remembered among the recent connections),
  // adds its node to the tree, starts polling and shows it on the docks.
  RemoteSource* connectRemote(const RemoteSourceSettings& settings);
  void disconnectRemote(RemoteSource* remote);
  const std::vector<RemoteSource*>& remoteSources() const { return m_remotes; }
  // The source the docks show: the embedded cluster or a remote one.
  DataSource* activeSource() const;
  void setActiveSource(DataSource* source);
  EmbeddedSource* embeddedSource() const { return m_embedded; }
  // The status bar's line about the remote connections.
  QLabel* remoteStatusLabel() const { return m_remoteLabel; }

 signals:
  void demoCreated(bool ok, const QString& message);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void buildMenus();
  void buildDocks();
  QList<QDockWidget*> docks() const;
  QDockWidget* addDock(const QString& title, const QString& objectName, QWidget* widget,
                       Qt::DockWidgetArea area);
  void rebuildRecentMenu();
  void chooseDirectory(bool create);
  // Another program has `dir` open: says who, and offers to retry or open another directory.
  void showDirectoryInUse(const QString& dir, const QString& holder);
  // Recovery found damage in `dir`: says what, and that nothing was deleted.
  void showOpenWarnings(const QString& dir, const QStringList& warnings);
  void showTreeMenu(const QPoint& pos);
  void onSample(const SamplePtr& sample);
  void onSchema(const SchemaPtr& schema);
  // The status bar's servers, regions and write-rate figures.
  void updateSampleLabels(const regionlab::ClusterSample& sample);
  void setCurrentTable(const QString& table);
  void editSettings();
  void offerDemo(const SchemaPtr& schema);
  RemoteSource* remoteById(const QString& id) const;
  void populateConnectionMenu(QMenu* menu, RemoteSource* remote);
  void refreshRemoteNodes();
  void onRemoteSample(RemoteSource* remote, const SamplePtr& sample);
  void onRemoteState(RemoteSource* remote);
  // The docks that show only the embedded cluster, enabled or not.
  void setEmbeddedOnlyDocksEnabled(bool enabled);
  // The table's regions in key order, from the latest sample.
  std::vector<regionlab::RegionInfo> regionsOf(const QString& table) const;

  AppSettings m_settings;
  EmbeddedSource* m_embedded = nullptr;
  std::vector<RemoteSource*> m_remotes;  // owned (children of this window)
  RemoteSource* m_activeRemote = nullptr;  // the docks show it; null: the embedded cluster
  QLabel* m_remoteLabel = nullptr;
  int m_lastRemoteId = 0;
  EngineController* m_controller = nullptr;
  MetricsPoller* m_poller = nullptr;
  ClusterTreeModel* m_treeModel = nullptr;
  RegionListModel* m_regionModel = nullptr;
  QTreeView* m_tree = nullptr;
  QTableView* m_regionTable = nullptr;
  RegionMapPanel* m_mapPanel = nullptr;
  LiveChartsWidget* m_charts = nullptr;
  QDockWidget* m_treeDock = nullptr;
  QDockWidget* m_mapDock = nullptr;
  QDockWidget* m_listDock = nullptr;
  KeyHeatmapPanel* m_heatmapPanel = nullptr;
  SplitGenealogyPanel* m_genealogyPanel = nullptr;
  QDockWidget* m_heatmapDock = nullptr;
  QDockWidget* m_genealogyDock = nullptr;
  bool m_offerDemo = true;
  int m_demoRows = kDemoRows;
  DataBrowserPanel* m_browser = nullptr;
  ShellConsoleWidget* m_console = nullptr;
  QDockWidget* m_browserDock = nullptr;
  QDockWidget* m_consoleDock = nullptr;
  SchemeBuilderWindow* m_schemeBuilder = nullptr;
  DistributionSimulatorWindow* m_simulator = nullptr;
  WorkloadPanel* m_workload = nullptr;
  EngineLogPanel* m_engineLog = nullptr;
  QDockWidget* m_engineLogDock = nullptr;
  QDockWidget* m_workloadDock = nullptr;
  RegionServersPanel* m_serversPanel = nullptr;
  QDockWidget* m_serversDock = nullptr;
  QMenu* m_recentMenu = nullptr;
  QMenu* m_viewMenu = nullptr;
  HealthIndicator* m_health = nullptr;
  QLabel* m_dirLabel = nullptr;
  QLabel* m_serversLabel = nullptr;
  QLabel* m_regionsLabel = nullptr;
  QLabel* m_writeLabel = nullptr;
  RestGateway* m_restGateway = nullptr;
  QSet<QString> m_schemaTables;  // the tables of the last schema shown
  bool m_schemaPending = false;  // a schema request sent by onSample is unanswered
  QLabel* m_restLabel = nullptr;
  QByteArray m_defaultState;
  QString m_pendingTable;      // asked for (setCurrentTable) before it was listed
  QStringList m_expandedKeys;  // tree nodes to re-expand after a model reset
  QSet<QString> m_knownKeys;   // nodes that existed before it
};

}  // namespace regionlab::ui
