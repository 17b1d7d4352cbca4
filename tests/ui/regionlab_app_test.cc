// The regionlab executable: --screenshot renders the main window of a real,
// seeded data directory to a PNG and exits.
#include <QImage>
#include <QProcess>
#include <QtTest>

#include "seed_cluster.h"
#include "support/test_util.h"

namespace {

// Runs the app on `dir`/data with its settings under `dir`/config and the
// arguments given after --data, waiting up to three minutes; its stderr
// when it failed, else "".
QString runApp(const regionlab::test::TempDir& dir, const QStringList& args) {
  QProcess app;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("XDG_CONFIG_HOME"), QString::fromStdString(dir.File("config")));
  app.setProcessEnvironment(env);
  app.start(qEnvironmentVariable("REGIONLAB_GUI_BINARY"),
            QStringList{QStringLiteral("--data"), QString::fromStdString(dir.File("data"))} + args);
  if (!app.waitForFinished(180000)) return QStringLiteral("did not finish");
  if (app.exitStatus() != QProcess::NormalExit || app.exitCode() != 0)
    return QStringLiteral("exit %1: %2").arg(app.exitCode()).arg(QString::fromLocal8Bit(app.readAllStandardError()));
  return {};
}

}  // namespace

class RegionlabAppTest : public QObject {
  Q_OBJECT

 private slots:
  void screenshotOfSeededDirectory() {
    const QString binary = qEnvironmentVariable("REGIONLAB_GUI_BINARY");
    QVERIFY2(!binary.isEmpty(), "REGIONLAB_GUI_BINARY is not set");
    regionlab::test::TempDir dir;
    RL_QVERIFY_OK(regionlab::test::SeedCluster(dir.File("data"), 3000));
    const QString png = QString::fromStdString(dir.File("shot.png"));
    const QString failed =
        runApp(dir, {QStringLiteral("--screenshot"), png, QStringLiteral("--quit-after-ms"), QStringLiteral("60000")});
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800);
    QVERIFY(image.height() >= 500);
    const QString keep = qEnvironmentVariable("REGIONLAB_SCREENSHOT_DIR");
    if (!keep.isEmpty()) QVERIFY(image.save(keep + QStringLiteral("/regionlab_main_window.png")));
  }

  void demoOnAnEmptyDirectory() {
    regionlab::test::TempDir dir;
    const QString png = QString::fromStdString(dir.File("demo.png"));
    const QString failed = runApp(dir, {QStringLiteral("--demo"), QStringLiteral("--screenshot"), png});
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    QVERIFY(!QImage(png).isNull());
    // The demo tables are real: reopen the directory and look.
    regionlab::ClusterOptions options;
    options.metrics_interval_ms = 0;
    auto opened = regionlab::Cluster::Open(dir.File("data"), options);
    RL_QVERIFY_OK(opened.status());
    auto regions = (*opened)->admin().ListRegions("NewsClickFeedback");
    RL_QVERIFY_OK(regions.status());
    QCOMPARE(regions->size(), size_t(16));
    auto trade = (*opened)->admin().TableExists("trade");
    RL_QVERIFY_OK(trade.status());
    QVERIFY(*trade);
    // A new directory gets the app's lab scale, kept with it.
    QCOMPARE((*opened)->lab_scale().divisor, uint32_t(1024));
    RL_QVERIFY_OK((*opened)->Close());
    const QString keep = qEnvironmentVariable("REGIONLAB_SCREENSHOT_DIR");
    if (!keep.isEmpty()) QVERIFY(QImage(png).save(keep + QStringLiteral("/regionlab_demo.png")));
  }

  // --workload starts the Workload dock's defaults on the demo's usertable;
  // --screenshot-after-ms grabs the window that long after it started.
  void workloadStartsWithTheDemo() {
    regionlab::test::TempDir dir;
    const QString png = QString::fromStdString(dir.File("workload.png"));
    const QString failed = runApp(dir, {QStringLiteral("--demo"), QStringLiteral("--workload"), QStringLiteral("--screenshot"),
                                        png, QStringLiteral("--screenshot-after-ms"), QStringLiteral("1500")});
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    QVERIFY(!QImage(png).isNull());
    regionlab::ClusterOptions options;
    options.metrics_interval_ms = 0;
    auto opened = regionlab::Cluster::Open(dir.File("data"), options);
    RL_QVERIFY_OK(opened.status());
    auto table = (*opened)->GetTable("usertable");
    RL_QVERIFY_OK(table.status());
    auto scanner = (*table)->GetScanner(regionlab::Scan{});
    RL_QVERIFY_OK(scanner.status());
    regionlab::RowResult row;
    QVERIFY((*scanner)->Next(&row));  // the run wrote rows before the window closed
    RL_QVERIFY_OK((*opened)->Close());
  }

  void missingValueIsRejected() {
    const QString binary = qEnvironmentVariable("REGIONLAB_GUI_BINARY");
    QProcess app;
    app.start(binary, {QStringLiteral("--quit-after-ms"), QStringLiteral("soon")});
    QVERIFY(app.waitForFinished(30000));
    QCOMPARE(app.exitCode(), 2);
    QVERIFY(app.readAllStandardError().contains("--quit-after-ms"));
  }
};

QTEST_GUILESS_MAIN(RegionlabAppTest)
#include "regionlab_app_test.moc"
