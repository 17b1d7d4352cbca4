// The snapshot actions of the cluster tree's context menu. On a table:
// Snapshot… (asks for a name), Restore from snapshot and Clone snapshot
// (each a submenu of the table's snapshots). On a snapshot node: Clone…,
// Restore… and Delete…. Names are asked in a QInputDialog (object name
// "snapshotNameDialog") and checked with HBase's rules before anything runs;
// restoring and deleting are confirmed in a QMessageBox (object name
// "snapshotConfirm"). Both are shown with open(), never exec(), so the
// window keeps running. The actions go to the engine through
// EngineController::runAdminAction, off the UI thread.
//
// Thread-safety: UI thread only.
#pragma once

#include <QModelIndex>

class QMenu;
class QWidget;

namespace regionlab::ui {

class EngineController;
class ClusterTreeModel;

// Appends the actions for `index` (a table or a snapshot node of `tree`).
void addSnapshotActions(QMenu* menu, const QModelIndex& index, const ClusterTreeModel* tree,
                        EngineController* controller, QWidget* parent);

}  // namespace regionlab::ui
