// regionlab-rest as a user runs it: it prints its URL, serves curl-style
// requests, stops on SIGTERM and SIGINT with exit status 0 after closing the
// cluster (the data is there when the directory is opened again), and
// refuses bad arguments and a data directory it cannot open.
#include <httplib.h>
#include <signal.h>

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include "regionlab/cluster.h"
#include "support/gateway_process.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

QString StartGateway(QProcess* p, const QString& dir, const QStringList& extra = {}) {
  return StartGatewayProcess(p, REGIONLAB_REST_BINARY, dir, extra);
}

}  // namespace

class RestCliTest : public QObject {
  Q_OBJECT

 private slots:
  void servesThenClosesCleanlyOnSigterm() {
    TempDir dir;
    for (int sig : {SIGTERM, SIGINT}) {
      QProcess p;
      const QString url = StartGateway(&p, QString::fromStdString(dir.path()));
      QVERIFY(!url.isEmpty());
      httplib::Client c(url.toStdString());
      c.set_tcp_nodelay(true);
      const std::string table = sig == SIGTERM ? "users" : "orders";
      auto created = c.Put(("/" + table + "/schema").c_str(), R"({"ColumnSchema":[{"name":"cf"}]})",
                           "application/json");
      QVERIFY(created);
      QCOMPARE(created->status, 201);
      // The value sits in the memstore only: the close must flush it.
      auto put = c.Put(("/" + table + "/row1/cf:a").c_str(), "value1", "application/octet-stream");
      QVERIFY(put);
      QCOMPARE(put->status, 200);
      auto got = c.Get(("/" + table + "/row1/cf:a").c_str(), {{"Accept", "application/octet-stream"}});
      QCOMPARE(got->body, std::string("value1"));
      // While the gateway has the directory, another opener is refused and
      // told the gateway's URL.
      auto second = Cluster::Open(dir.path());
      QVERIFY(!second.ok());
      QVERIFY(second.status().IsBusy());
      QVERIFY2(second.status().message().find(url.toStdString()) != std::string::npos,
               second.status().message().c_str());
      ::kill(static_cast<pid_t>(p.processId()), sig);
      QVERIFY(p.waitForFinished(30000));
      QCOMPARE(p.exitStatus(), QProcess::NormalExit);
      QCOMPARE(p.exitCode(), 0);
      const QString out = QString::fromUtf8(p.readAllStandardOutput());
      QVERIFY2(out.contains("memstores flushed, WAL closed"), qPrintable(out));
    }
    auto cluster = Cluster::Open(dir.path());
    RL_QVERIFY_OK(cluster.status());
    for (const char* table : {"users", "orders"}) {
      auto t = (*cluster)->GetTable(table);
      RL_QVERIFY_OK(t.status());
      Get g;
      g.row = "row1";
      auto r = (*t)->Get(g);
      RL_QVERIFY_OK(r.status());
      QCOMPARE(r->cells.size(), size_t(1));
      QCOMPARE(r->cells[0].value, std::string("value1"));
      // Flushed at close: the region holds a store file and replays no WAL.
      auto regions = (*cluster)->admin().ListRegions(table);
      QCOMPARE(regions->front().metrics.store_files, uint64_t(1));
    }
    RL_QVERIFY_OK((*cluster)->Close());
  }

  void readOnlyGatewayRefusesWrites() {
    TempDir dir;
    QProcess p;
    const QString url = StartGateway(&p, QString::fromStdString(dir.path()), {"--readonly"});
    QVERIFY(!url.isEmpty());
    httplib::Client c(url.toStdString());
    auto r = c.Put("/t/schema", R"({"ColumnSchema":[{"name":"cf"}]})", "application/json");
    QCOMPARE(r->status, 403);
    QCOMPARE(c.Get("/version")->status, 200);
    ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
  }

  void badArguments() {
    TempDir dir;
    const QString d = QString::fromStdString(dir.path());
    for (const QStringList& args : {QStringList{"--port", "http"}, QStringList{"--port", "70000"},
                                    QStringList{"--frobnicate"}, QStringList{"--data"},
                                    QStringList{"--readonly=yes"}}) {
      ProgramRun run = RunProgram(REGIONLAB_REST_BINARY, args, {}, QProcessEnvironment::systemEnvironment(),
                                  {}, 30000);
      QVERIFY2(run.exit_code == 2, qPrintable(run.Describe()));
      QVERIFY(run.err.contains("usage: regionlab-rest"));
    }
    ProgramRun help = RunProgram(REGIONLAB_REST_BINARY, {"--help"});
    QCOMPARE(help.exit_code, 0);
    QVERIFY(help.out.contains("--readonly"));
    // A data directory that is a file cannot be opened: exit 1, saying why.
    const QString file = d + "/plain-file";
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    ProgramRun bad = RunProgram(REGIONLAB_REST_BINARY, {"--data", file, "--port", "0"});
    QCOMPARE(bad.exit_code, 1);
    QVERIFY2(bad.err.contains("cannot open"), qPrintable(bad.Describe()));
  }
};

QTEST_GUILESS_MAIN(RestCliTest)
#include "rest_cli_test.moc"
