// Cluster > REST gateway… in the desktop app: the dialog starts serving the
// open data directory on an ephemeral port of 127.0.0.1 (off the UI thread),
// a real HTTP client writes through it, the status bar shows the URL and the
// requests per second, the writes reach the same engine (the region figures
// the charts, heatmap and region map draw), the choice persists, the data
// directory's LOCK names the gateway, and stopping frees the port. The
// dialog and the status bar are saved as screenshots.
#include <httplib.h>

#include <QCheckBox>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QtTest>

#include "models/app_settings.h"
#include "models/cluster_tree_model.h"
#include "models/metrics_poller.h"
#include "models/rest_gateway.h"
#include "screenshot.h"
#include "support/test_util.h"
#include "ui/main_window.h"
#include "ui/region_map_panel.h"
#include "ui/region_map_widget.h"
#include "ui/rest_gateway_dialog.h"

using regionlab::ui::AppSettings;
using regionlab::ui::MainWindow;
using regionlab::ui::RestGateway;
using regionlab::ui::RestGatewayDialog;

namespace {
constexpr int kWaitMs = 30000;
}

class RestGatewayDialogTest : public QObject {
  Q_OBJECT

  regionlab::test::TempDir m_dir;

 private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       QString::fromStdString(m_dir.File("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("RegionLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("rest_gateway_dialog_test"));
  }

  void servesTheOpenDirectoryAndShowsItsTraffic() {
    MainWindow w;
    w.setOfferDemo(false);
    w.poller()->setIntervalMs(200);
    w.resize(1280, 820);
    w.show();
    const QString data = QString::fromStdString(m_dir.File("data"));
    QSignalSpy opened(w.controller(), &regionlab::ui::EngineController::opened);
    w.openDataDirectory(data);
    QVERIFY(QTest::qWaitFor([&] { return opened.count() == 1; }, kWaitMs));

    // The menu item opens the dialog.
    QAction* item = nullptr;
    for (QAction* menu : w.menuBar()->actions()) {
      if (menu->text() == QStringLiteral("&Cluster")) item = menu->menu()->actions().value(0);
    }
    QVERIFY(item);
    QCOMPARE(item->text(), QStringLiteral("REST &gateway\u2026"));
    item->trigger();
    auto* dialog = w.findChild<RestGatewayDialog*>();
    QVERIFY(dialog);
    QCOMPARE(dialog->statusLabel()->text(), QStringLiteral("Not serving."));
    // Other machines: a warning says there is no authentication.
    dialog->allInterfacesBox()->setChecked(true);
    QCoreApplication::processEvents();
    RL_SAVE_SCREENSHOT(dialog, QStringLiteral("rest-gateway-dialog-stopped.png"));
    QVERIFY(dialog->findChildren<QLabel*>().size() >= 3);
    bool warned = false;
    for (QLabel* l : dialog->findChildren<QLabel*>())
      warned |= l->isVisible() && l->text().contains(QStringLiteral("no authentication"));
    QVERIFY(warned);
    dialog->allInterfacesBox()->setChecked(false);
    dialog->portBox()->setValue(0);  // any free port: tests never take a fixed one
    dialog->toggleButton()->click();
    RestGateway* gateway = w.restGateway();
    QVERIFY(QTest::qWaitFor([&] { return gateway->state() == RestGateway::State::Serving; }, kWaitMs));
    QVERIFY(gateway->url().startsWith(QStringLiteral("http://127.0.0.1:")));
    QCOMPARE(dialog->toggleButton()->text(), QStringLiteral("Stop serving"));
    QVERIFY(!dialog->portBox()->isEnabled());
    QVERIFY(AppSettings::load().restGatewayEnabled);

    // A second opener of the directory is told the gateway's URL.
    auto second = regionlab::Cluster::Open(data.toStdString());
    QVERIFY(!second.ok());
    QVERIFY(second.status().message().find(gateway->url().toStdString()) != std::string::npos);

    // Traffic through the gateway, as a client sends it.
    httplib::Client client(gateway->url().toStdString());
    client.set_tcp_nodelay(true);
    auto created = client.Put("/clicks/schema", R"({"ColumnSchema":[{"name":"cf"}]})", "application/json");
    QVERIFY(created);
    QCOMPARE(created->status, 201);
    for (int i = 0; i < 200; ++i) {
      auto put = client.Put(("/clicks/row" + std::to_string(i) + "/cf:n").c_str(), "1",
                            "application/octet-stream");
      QVERIFY(put && put->status == 200);
    }
    // The status bar shows the URL and a request rate; the engine counted
    // the writes in the region the charts and the region map draw.
    QVERIFY(QTest::qWaitFor([&] { return gateway->requestsPerSecond() > 0; }, kWaitMs));
    QVERIFY(w.restStatusLabel()->isVisible());
    QVERIFY(w.restStatusLabel()->text().contains(gateway->url()));
    QVERIFY(w.restStatusLabel()->text().contains(QStringLiteral("req/s")));
    QVERIFY(QTest::qWaitFor([&] {
      auto sample = w.poller()->latestSample();
      if (!sample) return false;
      for (const auto& r : sample->regions)
        if (r.table == "clicks" && r.metrics.write_requests >= 200) return true;
      return false;
    }, kWaitMs));
    QVERIFY(dialog->statusLabel()->text().startsWith(QStringLiteral("Serving ") + gateway->url()));
    // The table the client created shows in the tree and the region map.
    QVERIFY(QTest::qWaitFor([&] { return w.treeModel()->findKey(QStringLiteral("t/clicks")).isValid(); },
                            kWaitMs));
    w.regionMapPanel()->setCurrentTable(QStringLiteral("clicks"));
    QVERIFY(QTest::qWaitFor([&] { return w.regionMapPanel()->map()->regions().size() == 1; }, kWaitMs));
    RL_SAVE_SCREENSHOT(dialog, QStringLiteral("rest-gateway-dialog.png"));
    RL_SAVE_SCREENSHOT(w.statusBar(), QStringLiteral("rest-gateway-status-bar.png"));
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("rest-gateway-main-window.png"));

    // Stopping frees the port and clears the status bar; the choice persists.
    const std::string url = gateway->url().toStdString();
    dialog->toggleButton()->click();
    QCOMPARE(gateway->state(), RestGateway::State::Stopped);
    QVERIFY(!w.restStatusLabel()->isVisible());
    QVERIFY(!AppSettings::load().restGatewayEnabled);
    QVERIFY(QTest::qWaitFor([&] {
      httplib::Client probe(url);
      probe.set_connection_timeout(1);
      return !probe.Get("/version");
    }, kWaitMs));
    dialog->close();
  }

  void aGatewayLeftOnServesTheNextDirectory() {
    AppSettings s = AppSettings::load();
    s.restGatewayEnabled = true;
    s.restGatewayPort = 0;
    s.save();
    MainWindow w;
    w.setOfferDemo(false);
    RestGateway* gateway = w.restGateway();
    QCOMPARE(gateway->state(), RestGateway::State::Waiting);  // no directory yet
    w.openDataDirectory(QString::fromStdString(m_dir.File("data2")));
    QVERIFY(QTest::qWaitFor([&] { return gateway->state() == RestGateway::State::Serving; }, kWaitMs));
    httplib::Client client(gateway->url().toStdString());
    auto v = client.Get("/version/cluster", {{"Accept", "application/json"}});
    QVERIFY(v && v->status == 200);
    // Another directory: the gateway follows it.
    const QString first = gateway->url();
    w.openDataDirectory(QString::fromStdString(m_dir.File("data3")));
    QVERIFY(QTest::qWaitFor([&] {
      return gateway->state() == RestGateway::State::Serving && gateway->url() != first;
    }, kWaitMs));
    s.restGatewayEnabled = false;
    s.save();
  }
};

QTEST_MAIN(RestGatewayDialogTest)
#include "rest_gateway_dialog_test.moc"
