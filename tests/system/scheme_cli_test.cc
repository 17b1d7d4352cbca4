// regionlab-scheme end to end, through QProcess: keys, splits and simulate
// with built-in examples and a scheme file, the JSON report, a splits file
// that regionlab-shell's create accepts, and the exit status (0 success,
// 1 failure, 2 bad usage). The process must never end by a signal.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "support/test_util.h"

namespace {

using Run = regionlab::test::ProgramRun;

Run Exec(const QString& binary, const QStringList& args, const QString& working_dir = {}) {
  return regionlab::test::RunProgram(binary, args, {}, QProcessEnvironment::systemEnvironment(),
                                     working_dir);
}

Run Scheme(const QStringList& args) { return Exec(QStringLiteral(REGIONLAB_SCHEME_BINARY), args); }

QString Describe(const Run& r) { return r.Describe(); }

void Write(const QString& path, const QByteArray& data) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(data);
}

// A phone-call log keyed by the reversed caller number and the time.
const char kCallsScheme[] =
    "{\"name\": \"calls\",\n"
    " \"fields\": [{\"name\": \"phone\", \"type\": \"string\"}, {\"name\": \"ts\", \"type\": \"long\"}],\n"
    " \"segments\": [{\"kind\": \"reversed\", \"field\": \"phone\", \"encoding\": \"decimal\", \"width\": 11},\n"
    "              {\"kind\": \"timestamp\", \"field\": \"ts\", \"order\": \"reversed\"}],\n"
    " \"workload\": {\"models\": [{\"field\": \"phone\", \"model\": \"uniform\", \"min\": 13000000000, \"max\": 13999999999},\n"
    "                          {\"field\": \"ts\", \"model\": \"increasing_time\", \"max_step_ms\": 100}]}}\n";

}  // namespace

class SchemeCliTest : public QObject {
  Q_OBJECT
 private slots:
  void keysOfAnExample() {
    Run r = Scheme({"keys", "--example", "user-time-file", "-n", "5"});
    QVERIFY2(r.exit_code == 0 && !r.crashed, qPrintable(Describe(r)));
    const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    for (const QString& l : lines) QCOMPARE(l.size(), 20);  // userID 6 + time 8 + fileID 6
    QVERIFY(lines[0].endsWith("000000"));
    // Deterministic: the same keys again.
    QCOMPARE(Scheme({"keys", "--example", "user-time-file", "-n", "5"}).out, r.out);
    // Binary keys come out escaped.
    Run b = Scheme({"keys", "--example", "trade-salted"});
    QVERIFY2(b.exit_code == 0, qPrintable(Describe(b)));
    QCOMPARE(b.out.split('\n', Qt::SkipEmptyParts).size(), 10);
    QVERIFY(b.out.startsWith("\\x"));
  }

  void keysOfASchemeFile() {
    QTemporaryDir dir;
    Write(dir.filePath("calls.json"), kCallsScheme);
    Run r = Scheme({"keys", dir.filePath("calls.json"), "-n", "3"});
    QVERIFY2(r.exit_code == 0, qPrintable(Describe(r)));
    const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines[0].left(11).endsWith("31"));  // the reversed number ends in its leading "13"
  }

  // A splits file for 4 regions, which the shell's create accepts.
  void splitsFileForTheShell() {
    QTemporaryDir dir;
    Run r = Scheme({"splits", "--example", "trade-salted", "--regions", "4", "--sample", "20000"});
    QVERIFY2(r.exit_code == 0, qPrintable(Describe(r)));
    QCOMPARE(r.out.count('\n'), 3);
    Write(dir.filePath("splits.txt"), r.out.toUtf8());
    Run shell = Exec(QStringLiteral(REGIONLAB_SHELL_BINARY),
                     {"--data", dir.filePath("db"), "--json", "-e",
                      "create 'trades', 'f', SPLITS_FILE => 'splits.txt'\nget_splits 'trades'"},
                     dir.path());
    QVERIFY2(shell.exit_code == 0, qPrintable(Describe(shell)));
    const QStringList lines = shell.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    const QJsonArray splits = QJsonDocument::fromJson(lines[1].toUtf8()).object().value("splits").toArray();
    QCOMPARE(splits.size(), 3);
    QCOMPARE(splits[0].toString() + "\n" + splits[1].toString() + "\n" + splits[2].toString() + "\n",
             r.out);
  }

  void simulateJson() {
    Run r = Scheme({"simulate", "--example", "trade-salted", "--regions", "4", "-n", "100000", "--json"});
    QVERIFY2(r.exit_code == 0, qPrintable(Describe(r)));
    QJsonParseError err;
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &err).object();
    QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(r.out));
    QCOMPARE(o.value("scheme").toString(), QString("trade-salted"));
    QCOMPARE(o.value("keys").toInt(), 100000);
    const QJsonArray regions = o.value("regions").toArray();
    QCOMPARE(regions.size(), 4);
    qint64 total = 0;
    for (const auto& region : regions) total += region.toObject().value("writes").toInteger();
    QCOMPARE(total, qint64{100000});
    QVERIFY(o.value("region_skew").toDouble() < 1.05);
    QVERIFY(o.value("gini").toDouble() < 0.03);
    QCOMPARE(o.value("window_skew").toArray().size(), 10);
    QVERIFY(o.value("first_split").toObject().value("expected").toBool());
  }

  void simulateTextWithASplitsFile() {
    QTemporaryDir dir;
    Write(dir.filePath("calls.json"), kCallsScheme);
    Write(dir.filePath("splits.txt"), "2\n4\n6\n8\n");
    Run r = Scheme({"simulate", dir.filePath("calls.json"), "--splits", dir.filePath("splits.txt"),
                    "-n", "50000"});
    QVERIFY2(r.exit_code == 0, qPrintable(Describe(r)));
    QVERIFY(r.out.startsWith("scheme calls: 50000 keys over 5 regions on 3 servers in "));
    QVERIFY(r.out.contains("max/mean skew: regions "));
    QVERIFY(r.out.contains("\ngini: 0.0"));  // reversed phone numbers spread evenly
    QVERIFY(r.out.contains("first automatic split (SteppingSplitPolicy): region "));
  }

  // Measured sizes and speeds for every codec x encoding pair, as JSON and text.
  void estimate() {
    Run r = Scheme({"estimate", "--example", "general", "--rows", "1000000", "--sample", "2000", "--json"});
    QVERIFY2(r.exit_code == 0 && !r.crashed, qPrintable(Describe(r)));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value("scheme").toString(), QStringLiteral("general"));
    QCOMPARE(o.value("sample_rows").toInt(), 2000);
    const QJsonArray results = o.value("results").toArray();
    QCOMPARE(results.size(), 30);
    for (const auto& v : results) {
      const QJsonObject e = v.toObject();
      QVERIFY(e.value("bytes_per_row").toDouble() > 0);
      QVERIFY(e.value("total_bytes").toDouble() > 1000000);
      QVERIFY(e.value("compress_mb_per_s").toDouble() > 0);
      QVERIFY(e.value("decompress_mb_per_s").toDouble() > 0);
    }
    QCOMPARE(results[0].toObject().value("compression").toString(), QStringLiteral("NONE"));
    QCOMPARE(results[29].toObject().value("data_block_encoding").toString(), QStringLiteral("ROW_INDEX_V1"));
    Run text = Scheme({"estimate", "--example", "trade-salted", "--rows", "5000", "--sample", "1000"});
    QVERIFY2(text.exit_code == 0, qPrintable(Describe(text)));
    QVERIFY(text.out.startsWith("Storage estimate for trade-salted: 5000 rows, from a sample of 1000 rows"));
    QVERIFY(text.out.contains(QRegularExpression("\\nZSTD +FAST_DIFF +\\d+\\.\\d +\\d+\\.\\d [KM]iB +\\d+ +\\d+\\n")));
  }

  void failures() {
    QTemporaryDir dir;
    Write(dir.filePath("broken.json"), "{\"name\": \"x\",\n \"segments\": [}");
    Run r = Scheme({"keys", dir.filePath("broken.json")});
    QVERIFY2(r.exit_code == 1 && !r.crashed, qPrintable(Describe(r)));
    QVERIFY(r.err.contains("broken.json: line 2, column 15: expected a value but found '}'"));
    // A value the segment cannot hold.
    Write(dir.filePath("narrow.json"),
          "{\"name\": \"n\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}],\n"
          " \"segments\": [{\"kind\": \"field\", \"field\": \"id\", \"encoding\": \"decimal\", \"width\": 1}]}");
    Run n = Scheme({"keys", dir.filePath("narrow.json"), "-n", "20"});
    QCOMPARE(n.exit_code, 1);
    QVERIFY2(n.err.contains("record 10: segment 1 (field id): value 10 needs 2 digits but the width is 1"),
             qPrintable(Describe(n)));
    QCOMPARE(n.out.count('\n'), 9);  // the keys before it were printed
    Write(dir.filePath("bad-splits.txt"), "b\na\n\n");
    Run s = Scheme({"simulate", "--example", "general", "--splits", dir.filePath("bad-splits.txt")});
    QCOMPARE(s.exit_code, 1);
    QVERIFY2(s.err.contains("bad-splits.txt:3: Empty split key"), qPrintable(Describe(s)));
  }

  void badUsage_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("nothing") << QStringList{} << "no command given";
    QTest::newRow("unknown command") << QStringList{"split", "--example", "general"} << "unknown command 'split'";
    QTest::newRow("no scheme") << QStringList{"keys"} << "give either SCHEME.json or --example NAME";
    QTest::newRow("both") << QStringList{"keys", "a.json", "--example", "general"} << "give either SCHEME.json or --example NAME";
    QTest::newRow("unknown example") << QStringList{"keys", "--example", "nope"} << "no example scheme 'nope'; the examples are transaction";
    QTest::newRow("unknown option") << QStringList{"keys", "--example", "general", "--fast"} << "unknown option --fast";
    QTest::newRow("bad count") << QStringList{"keys", "--example", "general", "-n", "ten"} << "-n needs a whole number";
    QTest::newRow("one region") << QStringList{"splits", "--example", "general", "--regions", "1"} << "--regions needs a whole number from 2";
    QTest::newRow("splits without regions") << QStringList{"splits", "--example", "general"} << "splits needs --regions R";
    QTest::newRow("simulate with both") << QStringList{"simulate", "--example", "general", "--regions", "3", "--splits", "f"} << "simulate needs either --regions R or --splits FILE";
    QTest::newRow("json for keys") << QStringList{"keys", "--example", "general", "--json"} << "--json belongs to simulate";
    QTest::newRow("estimate without rows") << QStringList{"estimate", "--example", "general"} << "estimate needs --rows N";
    QTest::newRow("estimate block size") << QStringList{"estimate", "--example", "general", "--rows", "10", "--block-size", "100"} << "--block-size needs a whole number from 1024";
    QTest::newRow("rows for keys") << QStringList{"keys", "--example", "general", "--rows", "10"} << "--rows, --block-size and --value-bytes belong to estimate";
    QTest::newRow("missing file") << QStringList{"keys", "/nonexistent/s.json"} << "cannot read /nonexistent/s.json";
    QTest::newRow("missing value") << QStringList{"keys", "--example"} << "--example needs a NAME";
  }
  void badUsage() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    Run r = Scheme(args);
    QVERIFY2(r.exit_code == 2 && !r.crashed, qPrintable(Describe(r)));
    QVERIFY2(r.err.contains(message), qPrintable(Describe(r)));
    QVERIFY(r.err.contains("usage: regionlab-scheme keys"));
  }

  void help() {
    Run r = Scheme({"--help"});
    QCOMPARE(r.exit_code, 0);
    QVERIFY(r.out.contains("latest-first"));
    QVERIFY(r.out.contains("regionlab-scheme simulate (SCHEME.json | --example NAME)"));
  }
};

QTEST_GUILESS_MAIN(SchemeCliTest)
#include "scheme_cli_test.moc"
