// RemoteSource, the desktop app's remote HBase cluster: the connection form's
// validation (each problem names its field), the recent connections kept in
// QSettings, the backoff schedule, what REST cannot carry, and the error
// paths against real sockets: a closed port, a fixture gateway that answers
// 500 and then malformed JSON, and a poll that hangs while the UI thread's
// timers keep firing; a good poll brings back the normal interval.
#include <httplib.h>

#include <QSettings>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "models/remote_source.h"
#include "regionlab/cluster.h"
#include "rest/http_server.h"
#include "rest/rest_service.h"
#include "support/closed_port.h"
#include "support/test_util.h"

using namespace regionlab::ui;

namespace {

constexpr int kWaitMs = 20000;

// An HTTP server on 127.0.0.1 that answers every GET as `mode` says:
// 500, 200 with JSON that does not parse, or nothing until released.
class FixtureGateway {
 public:
  enum class Mode { ServerError, MalformedJson, Hang };

  FixtureGateway() {
    m_server.Get(".*", [this](const httplib::Request&, httplib::Response& res) {
      ++m_requests;
      switch (m_mode.load()) {
        case Mode::ServerError:
          res.status = 500;
          res.set_content("java.io.IOException: region server aborted\n", "text/plain");
          return;
        case Mode::MalformedJson:
          res.status = 200;
          res.set_content("{\"table\": [{\"name\": \"users\"", "application/json");
          return;
        case Mode::Hang: {
          std::unique_lock<std::mutex> lock(m_mu);
          m_hanging = true;
          m_cv.wait(lock, [this] { return m_released; });
          res.status = 500;
          res.set_content("released", "text/plain");
          return;
        }
      }
    });
    m_port = m_server.bind_to_any_port("127.0.0.1");
    m_thread = std::thread([this] { m_server.listen_after_bind(); });
    while (!m_server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ~FixtureGateway() {
    release();
    m_server.stop();
    m_thread.join();
  }
  QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }
  void setMode(Mode mode) { m_mode = mode; }
  bool hanging() {
    std::lock_guard<std::mutex> lock(m_mu);
    return m_hanging;
  }
  void release() {
    std::lock_guard<std::mutex> lock(m_mu);
    m_released = true;
    m_cv.notify_all();
  }
  int requests() const { return m_requests; }

 private:
  httplib::Server m_server;
  int m_port = 0;
  std::thread m_thread;
  std::atomic<Mode> m_mode{Mode::ServerError};
  std::atomic<int> m_requests{0};
  std::mutex m_mu;
  std::condition_variable m_cv;
  bool m_hanging = false;
  bool m_released = false;
};

RemoteSourceSettings settingsFor(const QString& url, int intervalSeconds = 1) {
  RemoteSourceSettings s;
  s.name = QStringLiteral("fixture");
  s.gatewayUrl = url;
  s.intervalSeconds = intervalSeconds;
  s.connectTimeoutMs = 2000;
  s.readTimeoutMs = 10000;
  return s;
}

bool waitForPolls(RemoteSource& source, int polls) {
  return QTest::qWaitFor([&] { return source.polls() >= polls && !source.pollInFlight(); }, kWaitMs);
}

}  // namespace

class RemoteSourceTest : public QObject {
  Q_OBJECT

  regionlab::test::TempDir m_dir;

 private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, QString::fromStdString(m_dir.File("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("RegionLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("remote_source_test"));
  }

  void validationNamesTheField_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("gateway");
    QTest::addColumn<QString>("master");
    QTest::addColumn<QString>("regionServer");
    QTest::addColumn<int>("interval");
    QTest::addColumn<int>("field");
    QTest::addColumn<QString>("message");
    const int none = int(RemoteField::None), gw = int(RemoteField::GatewayUrl), ms = int(RemoteField::MasterUrl);
    QTest::newRow("valid") << "prod" << "http://rest.example.com:8080" << "" << "" << 10 << none << "";
    QTest::newRow("https with prefix") << "prod" << "https://gw.example.com/hbase/rest" << "http://m:16010"
                                       << "http://rs1:16030" << 10 << none << "";
    QTest::newRow("no name") << " " << "http://h:8080" << "" << "" << 10 << int(RemoteField::Name) << "Name: ";
    QTest::newRow("no gateway") << "p" << "" << "" << "" << 10 << gw << "REST gateway URL: enter a URL";
    QTest::newRow("ftp") << "p" << "ftp://h:8080" << "" << "" << 10 << gw
                         << "REST gateway URL: the scheme must be http or https, not 'ftp'";
    QTest::newRow("no scheme") << "p" << "h:8080" << "" << "" << 10 << gw << "has no scheme";
    QTest::newRow("no host") << "p" << "http://:8080" << "" << "" << 10 << gw << "REST gateway URL: ";
    QTest::newRow("port too big") << "p" << "http://h:70000" << "" << "" << 10 << gw << "REST gateway URL: ";
    QTest::newRow("port 0") << "p" << "http://h:0" << "" << "" << 10 << gw << "port 0";
    QTest::newRow("master scheme") << "p" << "http://h:8080" << "gopher://m:16010" << "" << 10 << ms
                                   << "Master info URL: the scheme";
    QTest::newRow("region server") << "p" << "http://h:8080" << "" << "rs1:16030" << 10
                                   << int(RemoteField::RegionServerUrls) << "Region server info URLs: ";
    QTest::newRow("interval 0") << "p" << "http://h:8080" << "" << "" << 0 << int(RemoteField::Interval)
                                << "Poll interval: 0 s is out of range; use 1-3600 s";
    QTest::newRow("interval 1 h+1") << "p" << "http://h:8080" << "" << "" << 3601 << int(RemoteField::Interval)
                                    << "Poll interval: 3601 s";
  }
  void validationNamesTheField() {
    QFETCH(QString, name);
    QFETCH(QString, gateway);
    QFETCH(QString, master);
    QFETCH(QString, regionServer);
    QFETCH(int, interval);
    QFETCH(int, field);
    QFETCH(QString, message);
    RemoteSourceSettings s;
    s.name = name;
    s.gatewayUrl = gateway;
    s.masterUrl = master;
    if (!regionServer.isEmpty()) s.regionServerUrls << regionServer;
    s.intervalSeconds = interval;
    RemoteField got = RemoteField::Name;
    const QString error = validateRemoteSettings(s, &got);
    QCOMPARE(int(got), field);
    if (message.isEmpty()) {
      QVERIFY2(error.isEmpty(), qPrintable(error));
    } else {
      QVERIFY2(error.contains(message), qPrintable(error));
    }
  }

  void recentConnectionsAreKeptNewestFirstOnePerGateway() {
    QSettings().remove(QStringLiteral("remote/recent"));
    RemoteSourceSettings a = settingsFor(QStringLiteral("http://a:8080"), 10);
    a.name = QStringLiteral("prototype");
    RemoteSourceSettings b = settingsFor(QStringLiteral("https://b:8443"), 30);
    b.name = QStringLiteral("production");
    b.masterUrl = QStringLiteral("http://bm:16010");
    b.readOnly = true;
    rememberConnection(a);
    rememberConnection(b);
    a.readOnly = false;
    rememberConnection(a);  // again: moves to the front, replacing the older entry
    const QList<RemoteSourceSettings> recent = loadRecentConnections();
    QCOMPARE(recent.size(), 2);
    QVERIFY(recent[0] == a);
    QVERIFY(recent[1] == b);
    for (int i = 0; i < kMaxRecentConnections + 3; ++i)
      rememberConnection(settingsFor(QStringLiteral("http://h%1:8080").arg(i)));
    QCOMPARE(loadRecentConnections().size(), kMaxRecentConnections);
  }

  void backoffDoublesUpToTheCap() {
    QCOMPARE(backoffDelayMs(10000, 0), 10000);
    QCOMPARE(backoffDelayMs(10000, 1), 20000);
    QCOMPARE(backoffDelayMs(10000, 2), 40000);
    QCOMPARE(backoffDelayMs(10000, 4), 160000);
    QCOMPARE(backoffDelayMs(10000, 5), kMaxBackoffMs);
    QCOMPARE(backoffDelayMs(10000, 400), kMaxBackoffMs);
    // An interval longer than the cap is not shortened by a failure.
    QCOMPARE(backoffDelayMs(600000, 1), 600000);
  }

  void restCarriesNoRegionAdministration() {
    for (AdminAction a : {AdminAction::Flush, AdminAction::Compact, AdminAction::MajorCompact, AdminAction::Split,
                          AdminAction::SplitAt, AdminAction::Merge, AdminAction::Move, AdminAction::Balance,
                          AdminAction::Snapshot, AdminAction::StopServer, AdminAction::StartServer,
                          AdminAction::Enable, AdminAction::Disable, AdminAction::Truncate}) {
      const QString why = remoteActionUnavailable(a, /*readOnly=*/false);
      QVERIFY2(why.startsWith(adminActionName(a) + QStringLiteral(" is not available over HBase's REST gateway")),
               qPrintable(why));
    }
    QVERIFY(remoteActionUnavailable(AdminAction::Flush, false).contains(QStringLiteral("run flush in the HBase shell")));
    // Drop goes over REST (DELETE /T/schema), unless the connection is read-only.
    QVERIFY(remoteActionUnavailable(AdminAction::Drop, false).isEmpty());
    QVERIFY(remoteActionUnavailable(AdminAction::Drop, true).startsWith(QStringLiteral("The connection is read-only")));
    RemoteSource source(settingsFor(QStringLiteral("http://127.0.0.1:1")));
    QSignalSpy finished(&source, &DataSource::actionFinished);
    source.runAdminAction(AdminAction::Flush, QStringLiteral("users"));
    QCOMPARE(finished.count(), 1);  // refused at once, nothing sent
    QCOMPARE(finished[0][1].toBool(), false);
    QVERIFY(finished[0][2].toString().contains(QStringLiteral("not available over HBase's REST gateway")));
  }

  void aClosedPortFailsAndBacksOff() {
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(regionlab::test::closedPort());
    RemoteSource source(settingsFor(url, 1));
    QSignalSpy samples(&source, &DataSource::sampleReady);
    source.start();
    QVERIFY(waitForPolls(source, 1));
    QCOMPARE(source.state(), RemoteSource::State::Failing);
    QCOMPARE(source.failures(), 1);
    QVERIFY2(source.lastError().contains(url), qPrintable(source.lastError()));
    QCOMPARE(source.nextPollDelayMs(), 2000);
    QVERIFY2(source.statusText().contains(QStringLiteral("last good poll never")), qPrintable(source.statusText()));
    QVERIFY(source.statusText().contains(QStringLiteral("next try in 2 s")));
    source.pollNow();
    QVERIFY(waitForPolls(source, 2));
    QCOMPARE(source.failures(), 2);
    QCOMPARE(source.nextPollDelayMs(), 4000);
    QCOMPARE(samples.count(), 0);
  }

  void serverErrorsAndMalformedJsonAreFailedPolls() {
    FixtureGateway gateway;
    RemoteSource source(settingsFor(gateway.url(), 1));
    source.start();
    QVERIFY(waitForPolls(source, 1));
    QCOMPARE(source.state(), RemoteSource::State::Failing);
    QVERIFY2(source.lastError().contains(QStringLiteral("500")), qPrintable(source.lastError()));
    QVERIFY2(source.lastError().contains(gateway.url()), qPrintable(source.lastError()));
    gateway.setMode(FixtureGateway::Mode::MalformedJson);
    source.pollNow();
    QVERIFY(waitForPolls(source, 2));
    QCOMPARE(source.state(), RemoteSource::State::Failing);
    QCOMPARE(source.failures(), 2);
    QCOMPARE(source.nextPollDelayMs(), 4000);
    QVERIFY2(!source.lastError().contains(QStringLiteral("500")), qPrintable(source.lastError()));
    QVERIFY(source.latestSample() == nullptr);
  }

  void aHangingPollLeavesTheUiThreadRunning() {
    FixtureGateway gateway;
    gateway.setMode(FixtureGateway::Mode::Hang);
    RemoteSource source(settingsFor(gateway.url(), 1));
    int ticks = 0;
    QTimer timer;
    timer.setInterval(10);
    QObject::connect(&timer, &QTimer::timeout, [&] { ++ticks; });
    timer.start();
    source.start();
    QVERIFY(QTest::qWaitFor([&] { return gateway.hanging(); }, kWaitMs));
    const int before = ticks;
    // The UI thread's timers fire while the poll waits for its answer.
    QVERIFY(QTest::qWaitFor([&] { return ticks >= before + 5; }, kWaitMs));
    QVERIFY(source.pollInFlight());
    QCOMPARE(source.polls(), 0);
    gateway.release();
    QVERIFY(waitForPolls(source, 1));
    QCOMPARE(source.state(), RemoteSource::State::Failing);
  }

  void aGoodPollBringsBackTheInterval() {
    // A real gateway over a cluster, stopped first: its port is closed.
    auto cluster = regionlab::Cluster::Open(m_dir.File("cluster"), regionlab::ClusterOptions{});
    QVERIFY(cluster.ok());
    regionlab::TableDescriptor users;
    users.name = "users";
    regionlab::FamilyOptions cf;
    cf.name = "cf";
    users.families.push_back(cf);
    QVERIFY((*cluster)->admin().CreateTable(users, {"m"}).ok());
    regionlab::rest::RestService service(cluster->get(), {});
    regionlab::rest::HttpServerOptions http;
    http.port = regionlab::test::closedPort();
    auto server = std::make_unique<regionlab::rest::HttpServer>(&service, http);
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(http.port);
    RemoteSourceSettings settings = settingsFor(url, 2);
    settings.regionServerUrls << url;  // RegionLab's gateway serves /jmx on its own port
    RemoteSource source(settings);
    QSignalSpy schemas(&source, &DataSource::schemaReady);
    source.start();
    QVERIFY(waitForPolls(source, 1));
    QCOMPARE(source.state(), RemoteSource::State::Failing);
    QCOMPARE(source.nextPollDelayMs(), 4000);
    QVERIFY(server->Start().ok());
    source.pollNow();
    QVERIFY(waitForPolls(source, 2));
    QVERIFY2(source.state() == RemoteSource::State::Ok, qPrintable(source.lastError()));
    QCOMPARE(source.failures(), 0);
    QCOMPARE(source.nextPollDelayMs(), 2000);
    QVERIFY(source.lastGoodPoll().isValid());
    QVERIFY(source.statusText().contains(QStringLiteral("last good poll")));
    QCOMPARE(schemas.count(), 1);  // with each good poll
    QCOMPARE(source.schema()->tables.size(), size_t{1});
    QCOMPARE(source.schema()->tables[0].FullName(), std::string("users"));
    size_t regions = 0;
    for (const auto& r : source.latestSample()->regions) regions += r.table == "users" ? 1 : 0;
    QCOMPARE(regions, size_t{2});
    // A table dropped since the last poll leaves the schema.
    regionlab::TableDescriptor gone = users;
    gone.name = "gone";
    QVERIFY((*cluster)->admin().CreateTable(gone, {}).ok());
    source.pollNow();  // or the next poll on the timer, should one be under way
    QVERIFY(QTest::qWaitFor([&] { return source.schema()->tables.size() == 2; }, kWaitMs));
    QVERIFY((*cluster)->admin().DisableTable("gone").ok());
    QVERIFY((*cluster)->admin().DeleteTable("gone").ok());
    source.pollNow();
    QVERIFY(QTest::qWaitFor([&] { return source.schema()->tables.size() == 1; }, kWaitMs));
    QCOMPARE(source.schema()->tables[0].FullName(), std::string("users"));
    server->Stop();
    QVERIFY((*cluster)->Close().ok());
  }
};

QTEST_GUILESS_MAIN(RemoteSourceTest)
#include "remote_source_test.moc"
