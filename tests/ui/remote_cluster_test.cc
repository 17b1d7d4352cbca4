// File > Connect to HBase cluster… in the desktop app, against RegionLab's
// own REST gateway (it speaks HBase's REST protocol and /jmx) serving the
// window's data directory: the remote view of the cluster matches the local
// view region by region in the Regions table (keys, servers, sizes, request
// counts); the heatmap draws the remote's write rates; what REST cannot
// carry is disabled with the reason as tooltip; the dialog validates its
// fields and keeps recent connections; an unreachable cluster says so on its
// tree node and in the status bar and backs off. Screenshots go to
// $REGIONLAB_SCREENSHOT_DIR.
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QComboBox>
#include <QCheckBox>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTreeView>
#include <QtTest>

#include "models/cluster_tree_model.h"
#include "models/metrics_poller.h"
#include "models/region_list_model.h"
#include "models/remote_source.h"
#include "models/rest_gateway.h"
#include "screenshot.h"
#include "seed_cluster.h"
#include "support/closed_port.h"
#include "support/test_util.h"
#include "ui/connect_dialog.h"
#include "ui/key_heatmap_panel.h"
#include "ui/main_window.h"
#include "ui/region_map_panel.h"
#include "ui/region_servers_panel.h"

using namespace regionlab::ui;

namespace {

constexpr int kWaitMs = 30000;
const QString kTable = QStringLiteral("NewsClickFeedback");

// Runs `work` on the window's engine worker and waits for it.
bool runOnEngine(MainWindow& w, std::function<QString(regionlab::Cluster*)> work) {
  bool done = false;
  QString error;
  w.controller()->runJob(QStringLiteral("test"), std::move(work), [&](const QString& e) {
    error = e;
    done = true;
  });
  if (!QTest::qWaitFor([&] { return done; }, kWaitMs)) return false;
  if (!error.isEmpty()) qWarning("%s", qPrintable(error));
  return error.isEmpty();
}

// `rows` writes to the table, a third of them to salt 3, and a few reads.
QString writeRows(regionlab::Cluster* cluster, int first, int rows) {
  auto table = cluster->GetTable(kTable.toStdString());
  if (!table.ok()) return QString::fromStdString(table.status().ToString());
  std::vector<regionlab::RowMutation> batch;
  for (int i = first; i < first + rows; ++i) {
    char key[32];
    const int salt = i % 3 == 0 ? 3 : (i * 7919) % 16;
    std::snprintf(key, sizeof(key), "%x|live%07d", salt, i);
    regionlab::RowMutation m;
    m.row = key;
    m.Put("Toutiao", "clicks", std::string(100, 'v'));
    batch.push_back(std::move(m));
  }
  regionlab::Status s = (*table)->Batch(batch);
  for (int i = 0; i < 20 && s.ok(); ++i) {
    regionlab::Get g;
    g.row = "3|live" + std::to_string(i);
    s = (*table)->Get(g).status();
  }
  return s.ok() ? QString() : QString::fromStdString(s.ToString());
}

// The Regions table's rows: the columns the remote view must match.
QStringList regionRows(const RegionListModel& model) {
  QStringList rows;
  for (int r = 0; r < model.rowCount(); ++r) {
    QStringList cells;
    cells << model.index(r, 0).data(RegionListModel::EncodedNameRole).toString();
    for (int c : {RegionListModel::StartKey, RegionListModel::EndKey, RegionListModel::Server}) {
      cells << model.index(r, c).data().toString();
    }
    for (int c : {RegionListModel::Size, RegionListModel::StoreFiles, RegionListModel::Reads, RegionListModel::Writes})
      cells << model.index(r, c).data(RegionListModel::RawValueRole).toString();
    rows << cells.join(QLatin1Char('|'));
  }
  rows.sort();
  return rows;
}

QAction* findAction(QMenu& menu, const QString& text) {
  for (QAction* a : menu.actions())
    if (a->text() == text) return a;
  return nullptr;
}

}  // namespace

class RemoteClusterTest : public QObject {
  Q_OBJECT

  regionlab::test::TempDir m_dir;
  QString m_data;

  void openWindow(MainWindow& w) {
    w.setOfferDemo(false);
    w.poller()->setIntervalMs(200);
    w.resize(1400, 860);
    w.show();
    QSignalSpy opened(w.controller(), &EngineController::opened);
    w.openDataDirectory(m_data);
    QVERIFY(QTest::qWaitFor([&] { return opened.count() == 1; }, kWaitMs));
  }

 private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, QString::fromStdString(m_dir.File("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("RegionLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("remote_cluster_test"));
    m_data = QString::fromStdString(m_dir.File("data"));
    RL_QVERIFY_OK(regionlab::test::SeedCluster(m_data.toStdString(), 3000));
  }

  void remoteViewMatchesTheLocalViewRegionByRegion() {
    MainWindow w;
    openWindow(w);
    // Traffic since the regions opened, then everything flushed: figures that hold still.
    QVERIFY(runOnEngine(w, [](regionlab::Cluster* c) {
      QString e = writeRows(c, 0, 600);
      if (e.isEmpty()) {
        regionlab::Status s = c->admin().Flush(kTable.toStdString());
        if (s.ok()) s = c->WaitForBackgroundWork();
        if (!s.ok()) e = QString::fromStdString(s.ToString());
      }
      return e;
    }));
    RestGateway* gateway = w.restGateway();
    gateway->start({0, false, false});
    QVERIFY(QTest::qWaitFor([&] { return gateway->state() == RestGateway::State::Serving; }, kWaitMs));

    RemoteSourceSettings settings;
    settings.name = QStringLiteral("lab");
    settings.gatewayUrl = gateway->url();
    settings.regionServerUrls << gateway->url();  // RegionLab's gateway serves /jmx on its own port
    settings.intervalSeconds = 1;
    RemoteSource* remote = w.connectRemote(settings);
    QCOMPARE(w.activeSource(), remote);
    QVERIFY(QTest::qWaitFor([&] { return remote->state() == RemoteSource::State::Ok; }, kWaitMs));
    QCOMPARE(loadRecentConnections().value(0).gatewayUrl, gateway->url());

    // The tree: the connection's node, its tables under it.
    const QString nodeKey = QStringLiteral("c/") + remote->objectName();
    QVERIFY(QTest::qWaitFor([&] { return w.treeModel()->findKey(nodeKey + QStringLiteral("/t/") + kTable).isValid(); },
                            kWaitMs));
    const QModelIndex node = w.treeModel()->findKey(nodeKey);
    QCOMPARE(node.data().toString(), QStringLiteral("lab \u2014 %1 (read-only)").arg(gateway->url()));
    QVERIFY(node.data(Qt::ToolTipRole).toString().contains(QStringLiteral("last good poll")));

    // The remote view: the region map and the Regions table on the remote's samples.
    w.regionMapPanel()->setCurrentTable(kTable);
    QVERIFY(QTest::qWaitFor([&] { return w.regionListModel()->rowCount() == 16; }, kWaitMs));
    const int before = remote->polls();
    remote->pollNow();
    QVERIFY(QTest::qWaitFor([&] { return remote->polls() > before && !remote->pollInFlight(); }, kWaitMs));
    const QStringList remoteRows = regionRows(*w.regionListModel());

    // The local view of the same regions.
    w.setActiveSource(w.embeddedSource());
    QSignalSpy samples(w.poller(), &MetricsPoller::sampleAdded);
    QVERIFY(QTest::qWaitFor([&] { return samples.count() >= 2; }, kWaitMs));
    const QStringList localRows = regionRows(*w.regionListModel());
    QCOMPARE(localRows.size(), 16);
    QCOMPARE(remoteRows, localRows);
    bool written = false;
    for (const QString& row : localRows) written |= row.section(QLatin1Char('|'), 7, 7).toULongLong() > 0;
    QVERIFY(written);

    // The heatmap on the remote: write rates between its polls.
    w.setActiveSource(remote);
    QCOMPARE(w.regionMapPanel()->currentTable(), kTable);
    for (int round = 1; round <= 8; ++round) {
      QVERIFY(runOnEngine(w, [round](regionlab::Cluster* c) { return writeRows(c, round * 1000, 400); }));
      const int polls = remote->polls();
      remote->pollNow();
      QVERIFY(QTest::qWaitFor([&] { return remote->polls() > polls && !remote->pollInFlight(); }, kWaitMs));
    }
    QVERIFY(w.heatmapPanel()->heatmapWidget() != nullptr);
    QVERIFY(!w.heatmapPanel()->followsEngine());
    w.heatmapDock()->raise();
    QCoreApplication::processEvents();
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("remote-heatmap.png"));
    w.regionMapDock()->raise();
    QCoreApplication::processEvents();
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("remote-region-map.png"));

    // What REST cannot carry is disabled, and says why.
    const QModelIndex table = w.treeModel()->findKey(nodeKey + QStringLiteral("/t/") + kTable);
    QMenu menu;
    w.populateTreeMenu(&menu, table);
    for (const QString& text : {QStringLiteral("Flush"), QStringLiteral("Compact"), QStringLiteral("Split"),
                                QStringLiteral("Disable"), QStringLiteral("Truncate\u2026")}) {
      QAction* a = findAction(menu, text);
      QVERIFY2(a, qPrintable(text));
      QVERIFY(!a->isEnabled());
      QVERIFY2(a->toolTip().contains(QStringLiteral("is not available over HBase's REST gateway")),
               qPrintable(a->toolTip()));
    }
    QVERIFY(findAction(menu, QStringLiteral("Flush"))->toolTip().contains(QStringLiteral("run flush in the HBase shell")));
    QAction* drop = findAction(menu, QStringLiteral("Drop\u2026"));
    QVERIFY(drop && !drop->isEnabled());
    QVERIFY(drop->toolTip().startsWith(QStringLiteral("The connection is read-only")));
    QAction* alter = findAction(menu, QStringLiteral("Alter table\u2026"));
    QVERIFY(alter && !alter->isEnabled());
    QVERIFY(alter->toolTip().contains(QStringLiteral("regionlab-shell --connect")));
    RegionServersPanel* servers = w.regionServersPanel();
    QVERIFY(!servers->balanceButton()->isEnabled());
    QVERIFY(servers->balanceButton()->toolTip().contains(QStringLiteral("run balancer in the HBase shell")));
    QVERIFY(!w.dataBrowserDock()->widget()->isEnabled());
    // The embedded cluster's table keeps its actions.
    QMenu local;
    w.populateTreeMenu(&local, w.treeModel()->findKey(QStringLiteral("t/") + kTable));
    QVERIFY(findAction(local, QStringLiteral("Flush"))->isEnabled());

    // Disconnecting removes the node and turns the docks back.
    w.disconnectRemote(remote);
    QVERIFY(!w.treeModel()->findKey(nodeKey).isValid());
    QCOMPARE(w.activeSource(), static_cast<DataSource*>(w.embeddedSource()));
    QVERIFY(w.dataBrowserDock()->widget()->isEnabled());
    QVERIFY(w.regionServersPanel()->balanceButton()->isEnabled());
  }

  void theConnectDialogValidatesAndOffersRecentConnections() {
    QSettings().remove(QStringLiteral("remote/recent"));
    RemoteSourceSettings older;
    older.name = QStringLiteral("prototype");
    older.gatewayUrl = QStringLiteral("http://proto-rest:8080");
    older.intervalSeconds = 5;
    older.readOnly = false;
    rememberConnection(older);
    RemoteSourceSettings prod;
    prod.name = QStringLiteral("production");
    prod.gatewayUrl = QStringLiteral("https://hbase-rest.example.com:8443");
    prod.masterUrl = QStringLiteral("http://hbase-master.example.com:16010");
    rememberConnection(prod);

    MainWindow w;
    w.setOfferDemo(false);
    QAction* item = nullptr;
    for (QAction* menu : w.menuBar()->actions())
      if (menu->text() == QStringLiteral("&File"))
        for (QAction* a : menu->menu()->actions())
          if (a->text() == QStringLiteral("&Connect to HBase cluster\u2026")) item = a;
    QVERIFY(item);
    item->trigger();
    auto* dialog = w.findChild<ConnectDialog*>();
    QVERIFY(dialog);
    QVERIFY(dialog->readOnlyBox()->isChecked());
    QCOMPARE(dialog->intervalBox()->value(), 10);
    QCOMPARE(dialog->recentBox()->count(), 3);
    QCOMPARE(dialog->recentBox()->itemText(1), QStringLiteral("production \u2014 https://hbase-rest.example.com:8443"));

    // Each problem names its field, and the dialog stays open with the input kept.
    dialog->nameEdit()->setText(QStringLiteral("x"));
    dialog->gatewayEdit()->setText(QStringLiteral("ftp://rest:8080"));
    dialog->accept();
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->errorLabel()->isVisible());
    QCOMPARE(dialog->errorLabel()->text(), QStringLiteral("REST gateway URL: the scheme must be http or https, not 'ftp'"));
    QCOMPARE(dialog->gatewayEdit()->text(), QStringLiteral("ftp://rest:8080"));
    dialog->gatewayEdit()->setText(QStringLiteral("http://rest:99999"));
    dialog->accept();
    QVERIFY(dialog->errorLabel()->text().startsWith(QStringLiteral("REST gateway URL: ")));
    dialog->gatewayEdit()->setText(QStringLiteral("http://rest:8080"));
    dialog->masterEdit()->setText(QStringLiteral("master:16010"));
    dialog->accept();
    QVERIFY(dialog->errorLabel()->text().startsWith(QStringLiteral("Master info URL: ")));
    dialog->masterEdit()->clear();
    dialog->intervalBox()->setValue(0);
    dialog->accept();
    QCOMPARE(dialog->errorLabel()->text(), QStringLiteral("Poll interval: 0 s is out of range; use 1-3600 s"));
    QVERIFY(dialog->isVisible());

    // A recent connection fills the form.
    dialog->recentBox()->setCurrentIndex(1);
    emit dialog->recentBox()->activated(1);
    QCOMPARE(dialog->gatewayEdit()->text(), prod.gatewayUrl);
    QCOMPARE(dialog->masterEdit()->text(), prod.masterUrl);
    QCOMPARE(dialog->nameEdit()->text(), prod.name);
    QVERIFY(dialog->readOnlyBox()->isChecked());
    QVERIFY(!dialog->errorLabel()->isVisible());
    dialog->show();
    QCoreApplication::processEvents();
    RL_SAVE_SCREENSHOT(dialog, QStringLiteral("connect-dialog.png"));
    RemoteSourceSettings expected = prod;
    QVERIFY(dialog->formSettings() == expected);
    dialog->reject();
  }

  void anUnreachableClusterShowsOnItsNodeAndTheStatusBar() {
    MainWindow w;
    openWindow(w);
    RemoteSourceSettings settings;
    settings.name = QStringLiteral("production");
    settings.gatewayUrl = QStringLiteral("http://127.0.0.1:%1").arg(regionlab::test::closedPort());
    settings.intervalSeconds = 10;
    settings.connectTimeoutMs = 2000;
    RemoteSource* remote = w.connectRemote(settings);
    QVERIFY(QTest::qWaitFor([&] { return remote->polls() >= 1 && !remote->pollInFlight(); }, kWaitMs));
    QCOMPARE(remote->state(), RemoteSource::State::Failing);
    const QModelIndex node = w.treeModel()->findKey(QStringLiteral("c/") + remote->objectName());
    QVERIFY(node.data().toString().endsWith(QStringLiteral("\u2014 unreachable")));
    QVERIFY(node.data(Qt::ForegroundRole).isValid());
    const QString tooltip = node.data(Qt::ToolTipRole).toString();
    QVERIFY2(tooltip.contains(settings.gatewayUrl) && tooltip.contains(QStringLiteral("last good poll never")),
             qPrintable(tooltip));
    QVERIFY(tooltip.contains(QStringLiteral("next try in 20 s")));
    const QString message = w.statusBar()->currentMessage();
    QVERIFY2(message.contains(QStringLiteral("poll failed")) && message.contains(settings.gatewayUrl), qPrintable(message));
    QVERIFY(w.remoteStatusLabel()->isVisible());
    QVERIFY(w.remoteStatusLabel()->text().contains(QStringLiteral("next try in 20 s")));
    QVERIFY(w.remoteStatusLabel()->text().contains(QStringLiteral("last good poll never")));
    QVERIFY(w.remoteStatusLabel()->toolTip().contains(settings.gatewayUrl));
    // Another failure: the delay doubles.
    remote->pollNow();
    QVERIFY(QTest::qWaitFor([&] { return remote->polls() >= 2 && !remote->pollInFlight(); }, kWaitMs));
    QCOMPARE(remote->nextPollDelayMs(), 40000);
    QVERIFY(w.remoteStatusLabel()->text().contains(QStringLiteral("(2 in a row)")));
    w.treeView()->collapseAll();
    w.treeView()->expand(node);
    QCoreApplication::processEvents();
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("remote-unreachable.png"));
  }
};

QTEST_MAIN(RemoteClusterTest)
#include "remote_cluster_test.moc"
