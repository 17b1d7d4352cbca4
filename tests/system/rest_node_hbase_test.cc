// node-hbase, a real HBase REST client from npm, against regionlab-rest:
// installs the pinned package into the build directory with npm (nothing is
// vendored), starts the gateway on an ephemeral port of 127.0.0.1 and runs
// node_hbase_client.js, which drives the library's documented API and
// prints one TAP line per check.
//
// Skipped only when node or npm cannot be found, or npm cannot fetch the
// package (no registry), and the skip message says which.
#include <signal.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QtTest>

#include "support/test_util.h"

using namespace regionlab::test;

namespace {

constexpr char kPackage[] = "hbase@0.6.1";

QString InstalledVersion(const QString& prefix) {
  QFile f(prefix + "/node_modules/hbase/package.json");
  if (!f.open(QIODevice::ReadOnly)) return {};
  const QRegularExpression v("\"version\"\\s*:\\s*\"([^\"]+)\"");
  return v.match(QString::fromUtf8(f.readAll())).captured(1);
}

}  // namespace

class RestNodeHbaseTest : public QObject {
  Q_OBJECT

 private slots:
  void nodeHbaseDocumentedApi() {
    const QString node = QStandardPaths::findExecutable("node");
    const QString npm = QStandardPaths::findExecutable("npm");
    if (node.isEmpty() || npm.isEmpty()) {
      QSKIP("node or npm is not installed (Debian: apt-get install nodejs npm; .ci/setup does it)");
    }
    const QString prefix = REGIONLAB_NODE_PREFIX;
    if (InstalledVersion(prefix) != "0.6.1") {
      QDir().mkpath(prefix);
      ProgramRun install = RunProgram(npm, {"install", "--prefix", prefix, "--no-audit", "--no-fund",
                                            "--omit=optional", kPackage},
                                      {}, QProcessEnvironment::systemEnvironment(), prefix, 300000);
      if (install.exit_code != 0 || InstalledVersion(prefix) != "0.6.1") {
        QSKIP(qPrintable("npm could not install " + QString(kPackage) + " (is the npm registry "
                         "reachable?): " + install.Describe().left(600)));
      }
    }

    TempDir dir;
    QProcess gateway;
    gateway.start(REGIONLAB_REST_BINARY,
                  {"--data", QString::fromStdString(dir.path()), "--port", "0", "--bind", "127.0.0.1"});
    QVERIFY(gateway.waitForStarted(10000));
    QString out;
    QString port;
    for (int i = 0; i < 100 && port.isEmpty(); ++i) {
      gateway.waitForReadyRead(200);
      out += QString::fromUtf8(gateway.readAllStandardOutput());
      port = QRegularExpression(R"(http://127\.0\.0\.1:(\d+))").match(out).captured(1);
    }
    QVERIFY2(!port.isEmpty(), qPrintable(out + gateway.readAllStandardError()));

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("NODE_PATH", prefix + "/node_modules");
    ProgramRun run = RunProgram(node, {REGIONLAB_NODE_SCRIPT, port}, {}, env, {}, 120000);
    ::kill(static_cast<pid_t>(gateway.processId()), SIGTERM);
    QVERIFY(gateway.waitForFinished(30000));
    QCOMPARE(gateway.exitCode(), 0);

    qInfo("%s", qPrintable(run.out));
    QVERIFY2(run.exit_code == 0, qPrintable(run.Describe()));
    QVERIFY(!run.out.contains("not ok"));
    QVERIFY2(run.out.contains("1..24"), qPrintable(run.out));
  }
};

QTEST_GUILESS_MAIN(RestNodeHbaseTest)
#include "rest_node_hbase_test.moc"
