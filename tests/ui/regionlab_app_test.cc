// The regionlab executable: --screenshot renders the main window of a real,
// seeded data directory to a PNG and exits.
#include <QImage>
#include <QProcess>
#include <QtTest>

#include "seed_cluster.h"
#include "support/test_util.h"

class RegionlabAppTest : public QObject {
  Q_OBJECT

 private slots:
  void screenshotOfSeededDirectory() {
    const QString binary = qEnvironmentVariable("REGIONLAB_GUI_BINARY");
    QVERIFY2(!binary.isEmpty(), "REGIONLAB_GUI_BINARY is not set");
    regionlab::test::TempDir dir;
    RL_QVERIFY_OK(regionlab::test::SeedCluster(dir.File("data"), 3000));
    const QString png = QString::fromStdString(dir.File("shot.png"));
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), QString::fromStdString(dir.File("config")));
    app.setProcessEnvironment(env);
    app.start(binary, {QStringLiteral("--data"), QString::fromStdString(dir.File("data")),
                       QStringLiteral("--screenshot"), png, QStringLiteral("--quit-after-ms"),
                       QStringLiteral("60000")});
    QVERIFY(app.waitForFinished(90000));
    QCOMPARE(app.exitStatus(), QProcess::NormalExit);
    QVERIFY2(app.exitCode() == 0, app.readAllStandardError().constData());
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800);
    QVERIFY(image.height() >= 500);
    const QString keep = qEnvironmentVariable("REGIONLAB_SCREENSHOT_DIR");
    if (!keep.isEmpty()) QVERIFY(image.save(keep + QStringLiteral("/regionlab_main_window.png")));
  }

  void demoOnAnEmptyDirectory() {
    const QString binary = qEnvironmentVariable("REGIONLAB_GUI_BINARY");
    regionlab::test::TempDir dir;
    const QString png = QString::fromStdString(dir.File("demo.png"));
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), QString::fromStdString(dir.File("config")));
    app.setProcessEnvironment(env);
    app.start(binary, {QStringLiteral("--data"), QString::fromStdString(dir.File("data")),
                       QStringLiteral("--demo"), QStringLiteral("--screenshot"), png});
    QVERIFY(app.waitForFinished(180000));
    QVERIFY2(app.exitCode() == 0, app.readAllStandardError().constData());
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
    RL_QVERIFY_OK((*opened)->Close());
    const QString keep = qEnvironmentVariable("REGIONLAB_SCREENSHOT_DIR");
    if (!keep.isEmpty()) QVERIFY(QImage(png).save(keep + QStringLiteral("/regionlab_demo.png")));
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
