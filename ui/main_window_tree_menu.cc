// MainWindow's cluster-tree context menu: the admin actions of a table or a
// region of the embedded cluster, and of a remote cluster's node and tables.
// Every entry asks the node's DataSource whether it can run there; one that
// cannot is disabled with the reason as its tooltip.
#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QTreeView>
#include <algorithm>

#include "models/cluster_tree_model.h"
#include "models/format.h"
#include "models/metrics_poller.h"
#include "models/remote_source.h"
#include "ui/create_table_dialog.h"
#include "ui/main_window.h"
#include "ui/snapshot_menu.h"
#include "ui/split_key_dialog.h"

namespace regionlab::ui {

void MainWindow::runAction(AdminAction action, const QString& target) {
  runSourceAction(m_embedded, action, target);
}

void MainWindow::runSourceAction(DataSource* source, AdminAction action, const QString& target) {
  if (adminActionDestroysData(action)) {
    QString what = action == AdminAction::Drop
                       ? tr("Drop table %1? It is disabled first; every region and all its data "
                            "are deleted.").arg(target)
                       : tr("Truncate table %1? All its rows are deleted; the region "
                            "boundaries are kept.").arg(target);
    if (source->isRemote()) what += tr("\n\nThe table is on %1 (%2).").arg(source->name(), source->location());
    if (QMessageBox::warning(this, adminActionName(action), what, QMessageBox::Yes | QMessageBox::Cancel,
                             QMessageBox::Cancel) != QMessageBox::Yes)
      return;
  }
  source->runAdminAction(action, target);
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
  menuPtr->setToolTipsVisible(true);
  const auto kind = static_cast<ClusterTreeModel::Kind>(index.data(ClusterTreeModel::KindRole).toInt());
  RemoteSource* remote = remoteById(index.data(ClusterTreeModel::SourceRole).toString());
  DataSource* source = remote ? static_cast<DataSource*>(remote) : m_embedded;
  if (kind == ClusterTreeModel::Kind::Connection) {
    if (remote) populateConnectionMenu(menuPtr, remote);
    return;
  }
  if (kind == ClusterTreeModel::Kind::Namespace || kind == ClusterTreeModel::Kind::SnapshotGroup) {
    return;
  }
  if (kind == ClusterTreeModel::Kind::Snapshot) {
    addSnapshotActions(menuPtr, index, m_treeModel, m_controller, this);
    return;
  }
  const QString target = index.data(ClusterTreeModel::TargetRole).toString();
  const QString table = index.data(ClusterTreeModel::TableRole).toString();
  const bool region = kind == ClusterTreeModel::Kind::Region;
  const bool enabled = index.data(ClusterTreeModel::EnabledRole).toBool();
  QMenu& menu = *menuPtr;
  menu.setTitle(region ? tr("Region %1").arg(target) : tr("Table %1").arg(table));
  // An entry the source cannot carry is disabled and says why.
  auto gate = [](QAction* a, const QString& why) {
    if (why.isEmpty()) return;
    a->setEnabled(false);
    a->setToolTip(why);
  };
  auto add = [&](AdminAction action, const QString& on, bool allowed = true) {
    QString text = adminActionName(action);
    if (adminActionDestroysData(action)) text += QStringLiteral("\u2026");
    QAction* a = menu.addAction(text, this, [this, source, action, on] { runSourceAction(source, action, on); });
    a->setEnabled(allowed);
    gate(a, source->unavailableReason(action));
  };
  add(AdminAction::Flush, target, enabled);
  add(AdminAction::Compact, target, enabled);
  add(AdminAction::MajorCompact, target, enabled);
  add(AdminAction::Split, target, enabled);
  if (region) {
    menu.addAction(tr("Split at key…"), this, [this, target] { splitAtKey(target); })->setEnabled(enabled);
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
    QAction* alter = menu.addAction(tr("Alter table\u2026"), this,
                                    [this, table] { CreateTableDialog::openAlter(m_controller, table, this); });
    gate(alter, source->schemaEditUnavailableReason());
    add(enabled ? AdminAction::Disable : AdminAction::Enable, table);
    add(AdminAction::Truncate, table);
    add(AdminAction::Drop, table);
    menu.addSeparator();
    if (remote) {
      add(AdminAction::Snapshot, table);
    } else if (kind == ClusterTreeModel::Kind::Table) {
      addSnapshotActions(menuPtr, index, m_treeModel, m_controller, this);
    }
  }
}

void MainWindow::splitAtKey(const QString& encodedName) {
  const auto regions = m_poller->latestSample() ? m_poller->latestSample()->regions : std::vector<regionlab::RegionInfo>{};
  auto at = std::find_if(regions.begin(), regions.end(),
                         [&](const auto& r) { return QString::fromStdString(r.encoded_name) == encodedName; });
  if (at == regions.end()) return;
  auto* dialog = new SplitKeyDialog(*at, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this, [this, dialog, encodedName] {
    m_controller->runAdminAction(AdminAction::SplitAt, encodedName, dialog->escapedKey());
  });
  dialog->open();
}

}  // namespace regionlab::ui
