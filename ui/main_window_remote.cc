// MainWindow's remote clusters: File > Connect to HBase cluster…, their
// nodes in the cluster tree, the status bar's line about them, and turning
// the docks that draw ClusterSamples (region map, Regions table, live
// charts, heatmap, region servers) to the source chosen in the tree.
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>
#include <QTreeView>
#include <algorithm>

#include "models/cluster_tree_model.h"
#include "models/metrics_poller.h"
#include "models/region_list_model.h"
#include "ui/connect_dialog.h"
#include "ui/key_heatmap_panel.h"
#include "ui/live_charts_widget.h"
#include "ui/main_window.h"
#include "ui/region_map_panel.h"
#include "ui/region_servers_panel.h"
#include "ui/split_genealogy_panel.h"

namespace regionlab::ui {

namespace {
QStringList tablesOf(const SchemaPtr& schema) {
  QStringList tables;
  if (schema)
    for (const auto& t : schema->tables) tables << QString::fromStdString(t.FullName());
  return tables;
}
}  // namespace

void MainWindow::showConnectDialog() {
  auto* dialog = new ConnectDialog(this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this, [this, dialog] { connectRemote(dialog->settings()); });
  dialog->open();
}

RemoteSource* MainWindow::connectRemote(const RemoteSourceSettings& settings) {
  rememberConnection(settings);
  auto* remote = new RemoteSource(settings, this);
  remote->setObjectName(QStringLiteral("remote%1").arg(++m_lastRemoteId));
  m_remotes.push_back(remote);
  connect(remote, &RemoteSource::stateChanged, this, [this, remote] { onRemoteState(remote); });
  connect(remote, &DataSource::sampleReady, this, [this, remote](const SamplePtr& s) { onRemoteSample(remote, s); });
  connect(remote, &DataSource::schemaReady, this, [this, remote](const SchemaPtr& schema) {
    refreshRemoteNodes();
    if (remote == m_activeRemote) m_mapPanel->setTables(tablesOf(schema));
  });
  connect(remote, &DataSource::actionStarted, this,
          [this](const QString& what) { statusBar()->showMessage(tr("%1\u2026").arg(what)); });
  connect(remote, &DataSource::actionFinished, this, [this](const QString& what, bool, const QString& message) {
    statusBar()->showMessage(tr("%1: %2").arg(what, message), 15000);
  });
  refreshRemoteNodes();
  const QModelIndex node = m_treeModel->findKey(QStringLiteral("c/") + remote->objectName());
  m_tree->expand(node);
  m_tree->setCurrentIndex(node);
  setActiveSource(remote);
  remote->start();
  return remote;
}

void MainWindow::disconnectRemote(RemoteSource* remote) {
  auto it = std::find(m_remotes.begin(), m_remotes.end(), remote);
  if (it == m_remotes.end()) return;
  if (remote == m_activeRemote) setActiveSource(m_embedded);
  m_remotes.erase(it);
  delete remote;  // cancels its poll and joins its worker
  refreshRemoteNodes();
  onRemoteState(nullptr);
}

RemoteSource* MainWindow::remoteById(const QString& id) const {
  if (id.isEmpty()) return nullptr;
  for (RemoteSource* r : m_remotes)
    if (r->objectName() == id) return r;
  return nullptr;
}

DataSource* MainWindow::activeSource() const {
  return m_activeRemote ? static_cast<DataSource*>(m_activeRemote) : m_embedded;
}

void MainWindow::populateConnectionMenu(QMenu* menu, RemoteSource* remote) {
  menu->setTitle(remote->name());
  menu->addAction(tr("Show on the docks"), this, [this, remote] { setActiveSource(remote); });
  menu->addAction(tr("Poll now"), this, [remote] { remote->pollNow(); })->setEnabled(!remote->pollInFlight());
  menu->addSeparator();
  menu->addAction(tr("Disconnect"), this, [this, remote] { disconnectRemote(remote); });
}

void MainWindow::refreshRemoteNodes() {
  std::vector<ClusterTreeModel::RemoteNode> nodes;
  for (RemoteSource* r : m_remotes) {
    ClusterTreeModel::RemoteNode n;
    n.id = r->objectName();
    n.text = tr("%1 \u2014 %2").arg(r->name(), r->location());
    if (r->isReadOnly()) n.text += tr(" (read-only)");
    if (r->state() == RemoteSource::State::Failing)
      n.text += r->lastGoodPoll().isValid()
                    ? tr(" \u2014 unreachable, last good poll %1").arg(r->lastGoodPoll().toString(QStringLiteral("HH:mm:ss")))
                    : tr(" \u2014 unreachable");
    n.tooltip = r->statusText();
    n.failing = r->state() == RemoteSource::State::Failing;
    n.schema = r->schema();
    nodes.push_back(std::move(n));
  }
  m_treeModel->setRemoteSources(std::move(nodes));
}

void MainWindow::onRemoteState(RemoteSource* remote) {
  refreshRemoteNodes();
  // The line shows the source on the docks, else the first one failing.
  RemoteSource* shown = m_activeRemote;
  for (RemoteSource* r : m_remotes)
    if (!shown && r->state() == RemoteSource::State::Failing) shown = r;
  m_remoteLabel->setVisible(shown != nullptr);
  if (shown) {
    // Short here (the status message and the tooltip have the whole error).
    const bool failing = shown->state() == RemoteSource::State::Failing;
    const QString lastGood = shown->lastGoodPoll().isValid()
                                 ? shown->lastGoodPoll().toString(QStringLiteral("HH:mm:ss"))
                                 : tr("never");
    m_remoteLabel->setText(failing ? tr("%1 unreachable (%2 in a row), last good poll %3, next try in %4 s")
                                         .arg(shown->name())
                                         .arg(shown->failures())
                                         .arg(lastGood)
                                         .arg(shown->nextPollDelayMs() / 1000)
                                   : shown->statusText());
    m_remoteLabel->setToolTip(shown->statusText());
    m_remoteLabel->setStyleSheet(shown->state() == RemoteSource::State::Failing ? QStringLiteral("color: #b3261e;")
                                                                                : QString());
  }
  if (remote && remote->state() == RemoteSource::State::Failing) statusBar()->showMessage(remote->statusText(), 15000);
}

void MainWindow::onRemoteSample(RemoteSource* remote, const SamplePtr& sample) {
  if (remote != m_activeRemote) return;
  m_charts->addSample(*sample);
  m_serversPanel->updateFromSample(*sample);
  m_mapPanel->updateFromSample(sample);
  m_regionModel->updateFromSample(*sample);
  m_heatmapPanel->addSourceSample(sample);
  updateSampleLabels(*sample);
}

void MainWindow::setEmbeddedOnlyDocksEnabled(bool enabled) {
  const QString why = enabled ? QString()
                              : tr("Shows the embedded cluster only: choose one of its nodes in the Cluster tree. "
                                   "For a remote cluster use regionlab-shell --connect URL.");
  for (QDockWidget* dock : {m_browserDock, m_consoleDock, m_workloadDock, m_genealogyDock}) {
    dock->widget()->setEnabled(enabled);
    dock->widget()->setToolTip(why);
  }
}

void MainWindow::setActiveSource(DataSource* source) {
  auto* remote = qobject_cast<RemoteSource*>(source);
  if (remote == m_activeRemote) return;
  m_activeRemote = remote;
  setEmbeddedOnlyDocksEnabled(remote == nullptr);
  m_serversPanel->setSource(source);
  m_charts->clear();
  if (remote) {
    m_mapPanel->setTables(tablesOf(remote->schema()));
    m_heatmapPanel->followSource(remote->recentSamples());
    for (const SamplePtr& s : remote->recentSamples()) m_charts->addSample(*s);
  } else {
    QStringList tables(m_schemaTables.begin(), m_schemaTables.end());
    tables.sort();
    m_mapPanel->setTables(tables);
    m_heatmapPanel->followEngine();
    m_genealogyPanel->setTable(m_mapPanel->currentTable());
    if (m_controller->isOpen()) {
      m_controller->requestSchema();
      m_controller->requestStoredWindow(m_charts->windowSeconds());
    }
  }
  if (const SamplePtr latest = source->latestSample()) {
    updateSampleLabels(*latest);
    m_serversPanel->updateFromSample(*latest);
    m_mapPanel->updateFromSample(latest);
    m_regionModel->updateFromSample(*latest);
  }
  setWindowTitle(remote ? tr("RegionLab \u2014 %1 (%2)").arg(remote->name(), remote->location())
                        : m_controller->isOpen() ? tr("RegionLab \u2014 %1").arg(m_controller->dataDirectory())
                                                 : tr("RegionLab"));
  onRemoteState(nullptr);
}

}  // namespace regionlab::ui
