// regionlab-shell --connect against regionlab-rest started as a process of
// its own: HBase's REST protocol over a real socket, as against an HBase
// cluster's gateway. The statements REST carries run there (text and
// --json); the others say they are not available over the gateway and what
// to do instead; --read-only refuses writes; an unreachable gateway is an
// error naming it, soon, not a hang.
#include <signal.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include "regionlab/cluster.h"
#include "support/gateway_process.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

QString StartGateway(QProcess* p, const QString& dir) {
  return StartGatewayProcess(p, REGIONLAB_REST_BINARY, dir);
}

void StopGateway(QProcess* p) {
  ::kill(static_cast<pid_t>(p->processId()), SIGTERM);
  p->waitForFinished(30000);
}

ProgramRun Shell(const QStringList& args) {
  return RunProgram(REGIONLAB_SHELL_BINARY, args, {}, QProcessEnvironment::systemEnvironment(), {},
                    60000);
}

}  // namespace

class RemoteShellCliTest : public QObject {
  Q_OBJECT
 private slots:
  void statementsOverTheGateway() {
    TempDir dir;
    QProcess gw;
    const QString url = StartGateway(&gw, QString::fromStdString(dir.path()));
    QVERIFY(!url.isEmpty());

    ProgramRun r = Shell({"--connect", url, "-e",
                          "create 'users', {NAME => 'cf', VERSIONS => 2}\n"
                          "put 'users', 'alice', 'cf:name', 'Alice'\n"
                          "put 'users', 'bob', 'cf:name', 'Bob'\n"
                          "incr 'users', 'alice', 'cf:visits', 3\n"
                          "append 'users', 'bob', 'cf:name', ' Smith'\n"
                          "get 'users', 'bob'\n"
                          "scan 'users'\n"
                          "scan 'users', {FILTER => \"PrefixFilter('b')\"}\n"
                          "count 'users'\n"
                          "list\n"
                          "exists 'users'\n"
                          "describe 'users'\n"
                          "list_regions 'users'\n"
                          "get_splits 'users'\n"
                          "locate_region 'users', 'bob'\n"
                          "status\n"
                          "deleteall 'users', 'alice'\n"
                          "count 'users'\n"});
    QVERIFY2(r.exit_code == 0, qPrintable(r.Describe()));
    QVERIFY2(r.out.contains("Created table users\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains(" cf:name timestamp=") && r.out.contains("value=Bob Smith"), qPrintable(r.out));
    QVERIFY2(r.out.contains(" alice column=cf:visits, timestamp="), qPrintable(r.out));
    QVERIFY2(r.out.contains("2 row(s)\n"), qPrintable(r.out));
    // The filtered scan: bob's one cell only.
    QVERIFY2(r.out.contains("ROW  COLUMN+CELL\n bob column=cf:name, timestamp="), qPrintable(r.out));
    QVERIFY2(r.out.contains("Table users does exist\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("the REST gateway does not say which"), qPrintable(r.out));
    QVERIFY2(r.out.contains("{NAME => 'cf'") && r.out.contains("VERSIONS => '2'"), qPrintable(r.out));
    QVERIFY2(r.out.contains(" servers, 0 dead, "), qPrintable(r.out));
    QVERIFY2(r.out.contains("Total number of splits = 1\n"), qPrintable(r.out));
    QVERIFY2(r.out.contains("1 row(s)\n"), qPrintable(r.out));

    // The --json contract, as against the embedded cluster.
    ProgramRun j = Shell({"--connect", url, "--json", "-e", "count 'users'"});
    QVERIFY2(j.exit_code == 0, qPrintable(j.Describe()));
    const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
    QCOMPARE(o.value("ok").toBool(), true);
    QCOMPARE(o.value("count").toInt(), 1);

    // What REST cannot carry: a clear refusal, exit 1, the shell goes on.
    ProgramRun no = Shell({"--connect", url, "-e", "flush 'users'\nexists 'users'"});
    QCOMPARE(no.exit_code, 1);
    QVERIFY2(no.out.contains("not available over the REST gateway: flush; run it in the HBase shell"),
             qPrintable(no.Describe()));
    QVERIFY(no.out.contains("Table users does exist"));

    // --read-only: writes are refused, reads work.
    ProgramRun ro = Shell({"--connect", url, "--read-only", "-e",
                           "put 'users', 'carol', 'cf:name', 'Carol'\ndrop 'users'\ncount 'users'"});
    QCOMPARE(ro.exit_code, 1);
    QVERIFY2(ro.out.count("is read-only: ") == 2, qPrintable(ro.Describe()));
    QVERIFY2(ro.out.contains("the connection to " + url + " is read-only: put is refused"),
             qPrintable(ro.out));
    QVERIFY(ro.out.contains("1 row(s)\n"));

    // The region server's /jmx given by hand (RegionLab's gateway serves it).
    ProgramRun rs = Shell({"--connect", url, "--region-server", url, "--json", "-e", "list_regions 'users'"});
    QVERIFY2(rs.exit_code == 0, qPrintable(rs.Describe()));
    QVERIFY2(rs.out.contains("\"regions\""), qPrintable(rs.out));

    StopGateway(&gw);
    QCOMPARE(gw.exitCode(), 0);
    // The gateway's cluster holds what the shell wrote.
    auto cluster = Cluster::Open(dir.path());
    RL_QVERIFY_OK(cluster.status());
    auto t = (*cluster)->GetTable("users");
    RL_QVERIFY_OK(t.status());
    Get g;
    g.row = "bob";
    auto row = (*t)->Get(g);
    RL_QVERIFY_OK(row.status());
    QCOMPARE(row->cells.at(0).value, std::string("Bob Smith"));
    RL_QVERIFY_OK((*cluster)->Close());
  }

  void unreachableGatewayAndBadUsage() {
    const QString url = QString("http://127.0.0.1:%1").arg(UnusedLoopbackPort());
    ProgramRun r = Shell({"--connect", url, "-e", "list"});
    QCOMPARE(r.exit_code, 1);
    QVERIFY2(r.out.contains("GET " + url + "/: could not connect"), qPrintable(r.Describe()));
    for (const QStringList& args :
         {QStringList{"--connect", "ftp://h", "-e", "list"}, QStringList{"--connect"},
          QStringList{"--read-only", "-e", "list"}, QStringList{"--region-server", "http://h", "-e", "list"},
          QStringList{"--connect", "http://h", "--data", "/tmp"},
          QStringList{"--connect", "http://h", "--region-server", "ftp://rs", "-e", "list"}}) {
      ProgramRun bad = Shell(args);
      QVERIFY2(bad.exit_code == 2, qPrintable(bad.Describe()));
    }
    ProgramRun ftp = Shell({"--connect", "ftp://h", "-e", "list"});
    QVERIFY2(ftp.err.contains("'ftp://h' is not an http:// or https:// URL"), qPrintable(ftp.Describe()));
  }
};

QTEST_GUILESS_MAIN(RemoteShellCliTest)
#include "remote_shell_cli_test.moc"
