// regionlab-shell end to end, through QProcess: -e statements, a script
// file, standard input, --json, the default data directory, data kept
// between runs, and the exit status (0 success, 1 a failed statement,
// 2 bad usage). The process must never end by a signal.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "regionlab/cluster.h"
#include "regionlab/version.h"
#include "support/test_util.h"

namespace {

using Run = regionlab::test::ProgramRun;

QString ShellBinary() { return QStringLiteral(REGIONLAB_SHELL_BINARY); }

Run Shell(const QStringList& args, const QByteArray& stdin_data = {},
          const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment(),
          const QString& working_dir = {}) {
  return regionlab::test::RunProgram(ShellBinary(), args, stdin_data, env, working_dir);
}

QString Describe(const Run& r) { return r.Describe(); }

}  // namespace

class ShellCliTest : public QObject {
  Q_OBJECT
 private slots:
  void statementsWithE() {
    QTemporaryDir data;
    Run r = Shell({"--data", data.path(), "-e", "create 't', 'f'; put 't', 'r1', 'f:q', 'v1'",
                   "-e", "scan 't'"});
    QVERIFY2(r.exit_code == 0 && !r.crashed, qPrintable(Describe(r)));
    QVERIFY(r.out.contains("Created table t\n"));
    QVERIFY(r.out.contains(" r1 column=f:q, timestamp="));
    QVERIFY(r.out.contains("1 row(s)\n"));
    QCOMPARE(r.out.count(QRegularExpression("Took \\d+\\.\\d{4} seconds\\n")), 3);
    // The data is still there for the next run.
    Run again = Shell({"--data", data.path(), "-e", "count 't'"});
    QVERIFY2(again.exit_code == 0, qPrintable(Describe(again)));
    QVERIFY(again.out.contains("1 row(s)\n"));
  }

  void scriptFileAndFailingStatements() {
    QTemporaryDir data;
    const QString script = data.filePath("script.hbase");
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("# a script\n"
            "create 't', 'f'\n"
            "put 't', 'r', 'nofamily:q', 'v'\n"  // fails: the shell goes on
            "put 't', 'r', 'f:q', 'v'\n"
            "create 't' 'f'\n"                  // a syntax error
            "count 't'\n");
    f.close();
    Run r = Shell({"--data", data.filePath("db"), script});
    QVERIFY2(r.exit_code == 1 && !r.crashed, qPrintable(Describe(r)));
    QVERIFY(r.out.contains("ERROR: Unknown column family! Valid column names: f:*"));
    QVERIFY(r.out.contains("ERROR: syntax error, line 5, column 12:"));
    QVERIFY(r.out.contains("1 row(s)\n"));  // the count after the errors ran
  }

  void jsonMode() {
    QTemporaryDir data;
    Run r = Shell({"--json", "--data", data.path(), "-e",
                   "create 't', 'f', SPLITS => ['m']\nput 't', \"\\x00\", 'f:q', 'v', 7\n"
                   "scan 't'\nget_splits 't'\nscan 'missing'"});
    QVERIFY2(r.exit_code == 1, qPrintable(Describe(r)));
    const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    QList<QJsonObject> objects;
    for (const QString& line : lines) {
      QJsonParseError err;
      QJsonDocument d = QJsonDocument::fromJson(line.toUtf8(), &err);
      QVERIFY2(err.error == QJsonParseError::NoError && d.isObject(), qPrintable(line));
      objects << d.object();
    }
    QCOMPARE(objects[2].value("rows").toInt(), 1);
    QJsonObject cell = objects[2].value("cells").toArray()[0].toObject();
    QCOMPARE(cell.value("row").toString(), QString("\\x00"));
    QCOMPARE(cell.value("timestamp").toInt(), 7);
    QCOMPARE(objects[3].value("splits").toArray(), QJsonArray{"m"});
    QCOMPARE(objects[4].value("ok").toBool(), false);
    QCOMPARE(objects[4].value("error").toString(), QString("Unknown table missing!"));
  }

  void standardInputScript() {
    QTemporaryDir data;
    Run r = Shell({"--data", data.path()}, "create 't', 'f'\nexists 't'\n");
    QVERIFY2(r.exit_code == 0, qPrintable(Describe(r)));
    QVERIFY(r.out.contains("Table t does exist\n"));
    Run dash = Shell({"--data", data.path(), "-"}, "list\n");
    QVERIFY2(dash.exit_code == 0 && dash.out.contains("TABLE\nt\n"), qPrintable(Describe(dash)));
  }

  void splitsFileIsReadFromTheWorkingDirectory() {
    QTemporaryDir data;
    Run r = Shell({"--data", data.path(), "-e",
                   "create 's', 'cf', {SPLITS_FILE => 'region_split_info.txt'}\nget_splits 's'"},
                  {}, QProcessEnvironment::systemEnvironment(),
                  QStringLiteral(REGIONLAB_ACCEPTANCE_DIR));
    QVERIFY2(r.exit_code == 0, qPrintable(Describe(r)));
    QVERIFY(r.out.contains("Total number of splits = 10\n"));
  }

  void defaultDataDirectory() {
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("REGIONLAB_DATA");
    env.insert("XDG_DATA_HOME", home.path());
    Run r = Shell({"-e", "create 't', 'f'"}, {}, env);
    QVERIFY2(r.exit_code == 0, qPrintable(Describe(r)));
    QVERIFY(QFile::exists(home.filePath("RegionLab/catalog.db")));
    Run help = Shell({"--help"}, {}, env);
    QCOMPARE(help.exit_code, 0);
    QVERIFY(help.out.contains(home.filePath("RegionLab")));
  }

  // The version is project(VERSION)'s, through the generated regionlab/version.h.
  void versionPrintsTheProjectVersion() {
    Run r = Shell({"--version"});
    QVERIFY2(r.exit_code == 0, qPrintable(Describe(r)));
    QCOMPARE(r.out, QStringLiteral("regionlab-shell %1\n").arg(QLatin1String(regionlab::kVersion)));
    QVERIFY(QString::fromLatin1(regionlab::kVersion).contains(QRegularExpression(QStringLiteral("^\\d+\\.\\d+\\.\\d+$"))));
  }

  void badUsageExitsWithTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("unknown option") << QStringList{"--frobnicate"};
    QTest::newRow("missing -e value") << QStringList{"-e"};
    QTest::newRow("missing --data value") << QStringList{"--data"};
    QTest::newRow("-e and file") << QStringList{"-e", "list", "file.hbase"};
    QTest::newRow("two files") << QStringList{"a.hbase", "b.hbase"};
    QTest::newRow("unreadable file") << QStringList{"/nonexistent/dir/script.hbase"};
  }
  void badUsageExitsWithTwo() {
    QFETCH(QStringList, args);
    QTemporaryDir data;
    Run r = Shell(QStringList{"--data", data.path()} + args);
    QVERIFY2(r.exit_code == 2 && !r.crashed, qPrintable(Describe(r)));
    QVERIFY(r.err.contains("usage: regionlab-shell"));
  }

  // A directory another program has open is refused at once, naming the
  // holder; the refused statements write nothing.
  void heldDirectoryIsRefused() {
    QTemporaryDir data;
    regionlab::ClusterOptions options;
    options.metrics_interval_ms = 0;
    options.program_name = "regionlab-rest";
    auto holder = regionlab::Cluster::Open(data.path().toStdString(), options);
    QVERIFY2(holder.ok(), holder.status().ToString().c_str());
    QVERIFY((*holder)->AdvertiseRestUrl("http://127.0.0.1:8080").ok());
    Run r = Shell({"--data", data.path(), "-e", "create 't', 'f'; put 't', 'r', 'f:q', 'v'"});
    QVERIFY2(r.exit_code == 1 && !r.crashed, qPrintable(Describe(r)));
    const QString expected = QString("regionlab-shell: RegionLab (regionlab-rest, pid %1) has the data "
                                     "directory %2 open. Close it first")
                                 .arg(QCoreApplication::applicationPid())
                                 .arg(data.path());
    QVERIFY2(r.err.startsWith(expected), qPrintable(Describe(r)));
    QVERIFY2(r.err.contains("reach it through its REST gateway at http://127.0.0.1:8080."),
             qPrintable(Describe(r)));
    QVERIFY(r.out.isEmpty());
    auto exists = (*holder)->admin().TableExists("t");
    QVERIFY(exists.ok() && !*exists);
  }

  // Two shells started together on one directory, as a user might: whichever
  // gets the directory second is refused, or runs after the first closed it;
  // either way every acknowledged put is there.
  void twoShellsNeverLoseAcknowledgedWrites() {
    QTemporaryDir data;
    QVERIFY(Shell({"--data", data.path(), "-e", "create 't', 'f'"}).exit_code == 0);
    auto script = [](const QString& prefix, int n) {
      QByteArray s;
      for (int i = 0; i < n; ++i) s += QString("put 't', '%1%2', 'f:q', 'v'\n").arg(prefix).arg(i, 5, 10, QChar('0')).toUtf8();
      return s;
    };
    QProcess a, b;
    for (QProcess* p : {&a, &b}) p->setProgram(ShellBinary());
    a.setArguments({"--json", "--data", data.path()});
    b.setArguments({"--json", "--data", data.path()});
    a.start();
    b.start();
    QVERIFY(a.waitForStarted() && b.waitForStarted());
    a.write(script("a", 3000));
    b.write(script("b", 200));
    a.closeWriteChannel();
    b.closeWriteChannel();
    QVERIFY(a.waitForFinished(120000) && b.waitForFinished(120000));
    int acknowledged = 0, refused = 0;
    for (QProcess* p : {&a, &b}) {
      const QString out = QString::fromUtf8(p->readAllStandardOutput());
      const QString err = QString::fromUtf8(p->readAllStandardError());
      acknowledged += out.count("\"ok\":true") + out.count("\"ok\": true");
      if (p->exitCode() != 0) {
        QVERIFY2(err.contains("has the data directory") && err.contains("Close it first"), qPrintable(err));
        QVERIFY(out.isEmpty());
        ++refused;
      }
    }
    QVERIFY(refused <= 1);
    Run count = Shell({"--data", data.path(), "-e", "count 't'"});
    QVERIFY2(count.exit_code == 0, qPrintable(Describe(count)));
    QVERIFY2(count.out.contains(QString("%1 row(s)").arg(acknowledged)), qPrintable(count.out));
  }

  void garbageNeverKillsTheShell() {
    QTemporaryDir data;
    QByteArray junk;
    for (int i = 0; i < 4096; ++i) junk.append(char((i * 7919 + 13) % 256));
    junk.append("\nput 't', [[[{'x' => \n\"\\x");
    Run r = Shell({"--data", data.path()}, junk);
    QVERIFY2(!r.crashed && r.exit_code == 1, qPrintable(Describe(r)));
    QVERIFY(r.out.contains("ERROR: syntax error"));
  }
};

QTEST_GUILESS_MAIN(ShellCliTest)
#include "shell_cli_test.moc"
