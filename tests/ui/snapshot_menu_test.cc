// Snapshots from the cluster tree's context menu, on a real data directory:
// Snapshot… on a table (a bad name is refused with HBase's message and asked
// again), the Snapshots node, Clone to a new table from the snapshot node,
// Restore from snapshot on the table (confirmed; the table comes back with
// the snapshot's rows, enabled), Delete snapshot. Screenshots of the tree
// and the name dialog go to $REGIONLAB_SCREENSHOT_DIR.
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

#include "models/cluster_tree_model.h"
#include "models/engine_controller.h"
#include "models/metrics_poller.h"
#include "screenshot.h"
#include "seed_cluster.h"
#include "support/test_util.h"
#include "ui/main_window.h"

using regionlab::ui::ClusterTreeModel;
using regionlab::ui::EngineController;
using regionlab::ui::MainWindow;
using regionlab::ui::MetricsPoller;

namespace {
constexpr int kWaitMs = 30000;

QAction* findAction(QMenu* menu, const QString& text) {
  for (QAction* a : menu->actions()) {
    if (a->text().startsWith(text)) return a;
    if (a->menu() != nullptr)
      if (QAction* inner = findAction(a->menu(), text)) return inner;
  }
  return nullptr;
}

template <typename T>
T* waitForVisible(QWidget* parent, const char* name) {
  T* found = nullptr;
  // Not found in time: nullptr, which the caller's QVERIFY reports.
  const bool shown = QTest::qWaitFor([&] {
    for (T* w : parent->findChildren<T*>(QString::fromLatin1(name))) {
      if (w->isVisible()) found = w;
    }
    return found != nullptr;
  }, kWaitMs);
  return shown ? found : nullptr;
}

// The rows of `table`, read on the engine worker.
int countRows(MainWindow& w, const QString& table) {
  int rows = -1;
  QSignalSpy done(w.controller(), &EngineController::actionFinished);
  w.controller()->runJob(QStringLiteral("count"), [&rows, table](regionlab::Cluster* c) {
    auto t = c->GetTable(table.toStdString());
    if (!t.ok()) return QString::fromStdString(t.status().ToString());
    auto s = (*t)->GetScanner(regionlab::Scan{});
    if (!s.ok()) return QString::fromStdString(s.status().ToString());
    regionlab::RowResult r;
    rows = 0;
    while ((*s)->Next(&r)) ++rows;
    return QString();
  });
  done.wait(kWaitMs);
  return rows;
}

}  // namespace

class SnapshotMenuTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       QString::fromStdString(m_dir.File("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("RegionLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("snapshot_menu_test"));
    RL_QVERIFY_OK(regionlab::test::SeedCluster(m_dir.File("data"), 600));
  }

  void snapshotCloneRestoreDeleteFromTheTree() {
    MainWindow w;
    w.poller()->setIntervalMs(200);
    w.resize(1200, 800);
    w.show();
    QSignalSpy schemas(w.controller(), &EngineController::schemaReady);
    QSignalSpy finished(w.controller(), &EngineController::actionFinished);
    w.openDataDirectory(QString::fromStdString(m_dir.File("data")));
    QVERIFY(schemas.wait(kWaitMs));
    ClusterTreeModel* tree = w.treeModel();
    QCOMPARE(tree->findKey(QStringLiteral("s/")).data().toString(), QStringLiteral("Snapshots (0)"));
    const int rows = countRows(w, QStringLiteral("trades"));
    QVERIFY(rows > 0);

    auto runFromMenu = [&](const QString& key, const QString& action) {
      const QModelIndex node = tree->findKey(key);
      QVERIFY2(node.isValid(), qPrintable(key));
      QMenu menu;
      w.populateTreeMenu(&menu, node);
      QAction* a = findAction(&menu, action);
      QVERIFY2(a != nullptr && a->isEnabled(), qPrintable(action));
      a->trigger();
    };
    // Snapshot…: a bad name first, refused with HBase's rule, then a good one.
    runFromMenu(QStringLiteral("t/trades"), QStringLiteral("Snapshot\u2026"));
    auto* dialog = waitForVisible<QInputDialog>(&w, "snapshotNameDialog");
    QVERIFY(dialog != nullptr);
    QVERIFY(dialog->textValue().startsWith(QStringLiteral("trades-")));
    RL_SAVE_SCREENSHOT(dialog, QStringLiteral("snapshot-name-dialog.png"));
    dialog->setTextValue(QStringLiteral("bad name"));
    dialog->accept();
    auto* error = waitForVisible<QMessageBox>(&w, "snapshotNameError");
    QVERIFY(error != nullptr);
    QVERIFY2(error->text().contains(QStringLiteral("Snapshot qualifiers may only contain")),
             qPrintable(error->text()));
    error->accept();
    dialog = waitForVisible<QInputDialog>(&w, "snapshotNameDialog");
    QVERIFY(dialog != nullptr);
    QCOMPARE(dialog->textValue(), QStringLiteral("bad name"));  // asked again with what was typed
    dialog->setTextValue(QStringLiteral("trades_before"));
    dialog->accept();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.last().at(0).toString(), QStringLiteral("Snapshot trades as trades_before"));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    QVERIFY(QTest::qWaitFor([&] {
      return tree->findKey(QStringLiteral("s/trades_before")).isValid();
    }, kWaitMs));
    QCOMPARE(tree->findKey(QStringLiteral("s/")).data().toString(), QStringLiteral("Snapshots (1)"));
    const QModelIndex snap = tree->findKey(QStringLiteral("s/trades_before"));
    QCOMPARE(snap.data().toString(), QStringLiteral("trades_before (trades)"));
    QVERIFY(snap.data(Qt::ToolTipRole).toString().contains(QStringLiteral("8 regions")));

    // The table changes after the snapshot.
    w.controller()->runJob(QStringLiteral("more rows"), [](regionlab::Cluster* c) {
      auto t = c->GetTable("trades");
      for (int i = 0; i < 50; ++i) {
        regionlab::RowMutation m;
        m.row = "\x07late" + std::to_string(i);
        m.Put("t", "q", "v");
        if (!(*t)->Put(m).ok()) return QStringLiteral("put failed");
      }
      return QString();
    });
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(countRows(w, QStringLiteral("trades")), rows + 50);

    // Clone to a new table from the snapshot node.
    runFromMenu(QStringLiteral("s/trades_before"), QStringLiteral("Clone to a new table"));
    dialog = waitForVisible<QInputDialog>(&w, "snapshotNameDialog");
    QVERIFY(dialog != nullptr);
    dialog->setTextValue(QStringLiteral("trades_copy"));
    dialog->accept();
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    QVERIFY(QTest::qWaitFor([&] { return tree->findKey(QStringLiteral("t/trades_copy")).isValid(); },
                            kWaitMs));
    QCOMPARE(countRows(w, QStringLiteral("trades_copy")), rows);

    // Restore from snapshot on the table: confirmed, then the rows are back.
    runFromMenu(QStringLiteral("t/trades"), QStringLiteral("trades_before ("));
    auto* confirm = waitForVisible<QMessageBox>(&w, "snapshotConfirm");
    QVERIFY(confirm != nullptr);
    QVERIFY(confirm->text().contains(QStringLiteral("Restore table trades to snapshot trades_before")));
    confirm->button(QMessageBox::Yes)->click();
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    QCOMPARE(countRows(w, QStringLiteral("trades")), rows);
    QVERIFY(QTest::qWaitFor([&] {
      return tree->findKey(QStringLiteral("t/trades")).data(ClusterTreeModel::EnabledRole).toBool();
    }, kWaitMs));
    w.treeView()->collapseAll();
    w.treeView()->expand(tree->findKey(QStringLiteral("n/default")));
    w.treeView()->expand(tree->findKey(QStringLiteral("s/")));
    w.treeView()->setCurrentIndex(tree->findKey(QStringLiteral("s/trades_before")));
    RL_SAVE_SCREENSHOT(w.treeView(), QStringLiteral("snapshot-tree.png"));

    // Delete snapshot: the clone keeps its rows.
    runFromMenu(QStringLiteral("s/trades_before"), QStringLiteral("Delete snapshot"));
    confirm = waitForVisible<QMessageBox>(&w, "snapshotConfirm");
    QVERIFY(confirm != nullptr);
    confirm->button(QMessageBox::Yes)->click();
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    QVERIFY(QTest::qWaitFor([&] {
      return tree->findKey(QStringLiteral("s/")).data().toString() == QStringLiteral("Snapshots (0)");
    }, kWaitMs));
    QCOMPARE(countRows(w, QStringLiteral("trades_copy")), rows);
  }

 private:
  regionlab::test::TempDir m_dir;
};

QTEST_MAIN(SnapshotMenuTest)
#include "snapshot_menu_test.moc"
