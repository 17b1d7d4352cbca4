#include "ui/snapshot_menu.h"

#include <QAction>
#include <QDateTime>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <functional>

#include "models/cluster_tree_model.h"
#include "models/engine_controller.h"
#include "regionlab/table_descriptor.h"

namespace regionlab::ui {

namespace {

// Asks for a name (pre-filled with `suggestion`), checks it with `check`
// and runs `done` with it; a bad name is shown and asked for again.
void askName(QWidget* parent, const QString& title, const QString& label, const QString& suggestion,
             std::function<regionlab::Status(const std::string&)> check,
             std::function<void(const QString&)> done) {
  auto* dialog = new QInputDialog(parent);
  dialog->setObjectName(QStringLiteral("snapshotNameDialog"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowTitle(title);
  dialog->setLabelText(label);
  dialog->setTextValue(suggestion);
  QObject::connect(dialog, &QInputDialog::textValueSelected, parent,
                   [parent, title, label, check, done](const QString& text) {
                     const QString name = text.trimmed();
                     const regionlab::Status s = check(name.toStdString());
                     if (s.ok()) {
                       done(name);
                       return;
                     }
                     auto* box = new QMessageBox(QMessageBox::Warning, title,
                                                 QString::fromStdString(s.message()),
                                                 QMessageBox::Ok, parent);
                     box->setAttribute(Qt::WA_DeleteOnClose);
                     box->setObjectName(QStringLiteral("snapshotNameError"));
                     QObject::connect(box, &QMessageBox::finished, parent,
                                      [parent, title, label, name, check, done] {
                                        askName(parent, title, label, name, check, done);
                                      });
                     box->open();
                   });
  dialog->open();
}

void confirm(QWidget* parent, const QString& title, const QString& text, std::function<void()> go) {
  auto* box = new QMessageBox(QMessageBox::Warning, title, text,
                              QMessageBox::Yes | QMessageBox::Cancel, parent);
  box->setObjectName(QStringLiteral("snapshotConfirm"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setDefaultButton(QMessageBox::Cancel);
  QObject::connect(box, &QMessageBox::finished, parent, [box, go](int result) {
    if (result == QMessageBox::Yes) go();
  });
  box->open();
}

regionlab::Status checkTableName(const std::string& name) {
  std::string ns, qualifier;
  return regionlab::ParseTableName(name, &ns, &qualifier);
}

void cloneAction(QMenu* menu, const QString& text, const QString& snapshot,
                 EngineController* controller, QWidget* parent) {
  menu->addAction(text, parent, [snapshot, controller, parent] {
    askName(parent, QObject::tr("Clone snapshot %1").arg(snapshot),
            QObject::tr("New table (namespace:name), with the snapshot's schema and rows; its store "
                        "files are linked, not copied:"),
            snapshot + QStringLiteral("_clone"), checkTableName, [controller, snapshot](const QString& table) {
              controller->runAdminAction(AdminAction::CloneSnapshot, snapshot, table);
            });
  });
}

void restoreAction(QMenu* menu, const QString& text, const QString& snapshot, const QString& table,
                   EngineController* controller, QWidget* parent) {
  menu->addAction(text, parent, [snapshot, table, controller, parent] {
    confirm(parent, QObject::tr("Restore snapshot %1").arg(snapshot),
            QObject::tr("Restore table %1 to snapshot %2? The table is disabled, its schema and "
                        "rows are replaced by the snapshot's (later writes are lost), and it is "
                        "enabled again.")
                .arg(table, snapshot),
            [controller, snapshot] { controller->runAdminAction(AdminAction::RestoreSnapshot, snapshot); });
  });
}

}  // namespace

void addSnapshotActions(QMenu* menu, const QModelIndex& index, const ClusterTreeModel* tree,
                        EngineController* controller, QWidget* parent) {
  const auto kind = static_cast<ClusterTreeModel::Kind>(index.data(ClusterTreeModel::KindRole).toInt());
  const QString table = index.data(ClusterTreeModel::TableRole).toString();
  if (kind == ClusterTreeModel::Kind::Snapshot) {
    const QString snapshot = index.data(ClusterTreeModel::TargetRole).toString();
    menu->setTitle(QObject::tr("Snapshot %1").arg(snapshot));
    cloneAction(menu, QObject::tr("Clone to a new table\u2026"), snapshot, controller, parent);
    restoreAction(menu, QObject::tr("Restore %1\u2026").arg(table), snapshot, table, controller, parent);
    menu->addAction(QObject::tr("Delete snapshot\u2026"), parent, [snapshot, controller, parent] {
      confirm(parent, QObject::tr("Delete snapshot %1").arg(snapshot),
              QObject::tr("Delete snapshot %1? Store files a table still uses stay.").arg(snapshot),
              [controller, snapshot] { controller->runAdminAction(AdminAction::DeleteSnapshot, snapshot); });
    });
    return;
  }
  if (kind != ClusterTreeModel::Kind::Table) return;
  menu->addAction(QObject::tr("Snapshot\u2026"), parent, [table, controller, parent] {
    QString suggestion = table;
    suggestion.replace(QLatin1Char(':'), QLatin1Char('_'));
    suggestion += QDateTime::currentDateTime().toString(QStringLiteral("'-'yyyyMMdd'-'HHmmss"));
    askName(parent, QObject::tr("Snapshot %1").arg(table),
            QObject::tr("Snapshot name (letters, digits, '_', '-', '.'); an enabled table is flushed "
                        "first, and its store files are linked, not copied:"),
            suggestion, regionlab::ValidateSnapshotName, [controller, table](const QString& name) {
              controller->runAdminAction(AdminAction::Snapshot, table, name);
            });
  });
  QMenu* restore = menu->addMenu(QObject::tr("Restore from snapshot"));
  QMenu* clone = menu->addMenu(QObject::tr("Clone snapshot"));
  if (const SchemaPtr& schema = tree->schema()) {
    for (const auto& s : schema->snapshots) {
      if (QString::fromStdString(s.table) != table) continue;
      const QString name = QString::fromStdString(s.name);
      const QString when = QDateTime::fromMSecsSinceEpoch(s.created_ms).toString(Qt::ISODate);
      const QString text = QObject::tr("%1 (%2)\u2026").arg(name, when);
      restoreAction(restore, text, name, table, controller, parent);
      cloneAction(clone, text, name, controller, parent);
    }
  }
  restore->setEnabled(!restore->isEmpty());
  clone->setEnabled(!clone->isEmpty());
}

}  // namespace regionlab::ui
