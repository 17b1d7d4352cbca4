// regionlab-bench-loop: `fill` leaves stores that the timed operations then
// read, every operation reports what it read (a Get finds every key, a full
// scan forward or back returns every record -- the tool fails a scan whose
// rows come out of key order -- and a seek at most its rows), a peer's
// store is read beside RegionLab's with their ratio, `fill --compact` leaves
// one store file per region holding each record once, and bad command lines
// and unfilled directories are refused with a message that names what is
// wrong.
#include <QFileInfo>
#include <QRegularExpression>
#include <QtTest>

#include "support/test_util.h"

using regionlab::test::TempDir;

namespace {

constexpr int kRecords = 3000;

// Set by tests/CMakeLists.txt; otherwise next to this test's build directory.
QString loopBinary() {
  const QString configured = qEnvironmentVariable("REGIONLAB_BENCH_LOOP_BINARY");
  if (!configured.isEmpty()) return configured;
  const QFileInfo self(qEnvironmentVariable("REGIONLAB_TEST_BINARY"));
  return self.dir().absoluteFilePath("../app/regionlab-bench-loop");
}

bool havePeers() { return qEnvironmentVariable("REGIONLAB_BENCH_PEERS") == "1"; }

using regionlab::test::ProgramRun;

ProgramRun runLoop(const QStringList& args) {
  return regionlab::test::RunProgram(loopBinary(), args, {},
                                     QProcessEnvironment::systemEnvironment(), {}, 300 * 1000);
}

// The ops/s and rows/op that `out` reports for `system` and `what`.
bool rates(const QString& out, const QString& system, const QString& what, double* opsPerSecond,
           double* rowsPerOp) {
  const QRegularExpression line(
      QStringLiteral("^%1 +%2 +([0-9.]+) ops/s +([0-9.]+) rows/op  on .+$")
          .arg(QRegularExpression::escape(system), QRegularExpression::escape(what)),
      QRegularExpression::MultilineOption);
  const QRegularExpressionMatch m = line.match(out);
  if (!m.hasMatch()) return false;
  *opsPerSecond = m.captured(1).toDouble();
  *rowsPerOp = m.captured(2).toDouble();
  return true;
}

}  // namespace

class BenchLoopTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY2(QFileInfo(loopBinary()).isExecutable(),
             qPrintable("regionlab-bench-loop not found at " + loopBinary()));
  }

  void fillThenTimeEveryOperation() {
    TempDir dir;
    const QString path = QString::fromStdString(dir.path());
    const QString systems =
        havePeers() ? "RegionLab,RegionLab-split,LevelDB" : "RegionLab,RegionLab-split";
    QStringList peers = {"RegionLab", "RegionLab-split"};
    if (havePeers()) peers << "LevelDB";

    const ProgramRun fill = runLoop(
        {"fill", path, "--num", QString::number(kRecords), "--systems", systems, "--regions", "3"});
    QVERIFY2(fill.exit_code == 0, qPrintable(fill.err));
    // The pre-split table is reopened with the fill's regions.
    QVERIFY2(fill.out.contains(QRegularExpression("^RegionLab-split +filled: .* in 3 regions",
                                                  QRegularExpression::MultilineOption)),
             qPrintable(fill.out));
    for (const QString& system : peers) {
      QVERIFY2(fill.out.contains(QRegularExpression("^" + system + " +filled: ",
                                                    QRegularExpression::MultilineOption)),
               qPrintable(fill.out));
    }

    const QStringList timing = {"--systems", systems, "--warmup", "0", "--seconds", "0.2"};
    const ProgramRun get = runLoop(QStringList{"get", path} + timing);
    QVERIFY2(get.exit_code == 0, qPrintable(get.err));
    const ProgramRun scan = runLoop(QStringList{"scan", path} + timing);
    QVERIFY2(scan.exit_code == 0, qPrintable(scan.err));
    const ProgramRun reverse = runLoop(QStringList{"scan-reverse", path} + timing);
    QVERIFY2(reverse.exit_code == 0, qPrintable(reverse.err));
    const ProgramRun seek = runLoop(QStringList{"seek", path, "--rows", "10"} + timing);
    QVERIFY2(seek.exit_code == 0, qPrintable(seek.err));

    for (const QString& system : peers) {
      double ops = 0, rows = 0;
      QVERIFY2(rates(get.out, system, "get", &ops, &rows), qPrintable(get.out));
      QVERIFY(ops > 0);
      QCOMPARE(rows, 1.0);  // every key the fill wrote is found
      QVERIFY2(rates(scan.out, system, "scan", &ops, &rows), qPrintable(scan.out));
      QVERIFY(ops > 0);
      QCOMPARE(rows, double(kRecords));  // a full scan returns every record once
      QVERIFY2(rates(reverse.out, system, "scan-reverse", &ops, &rows), qPrintable(reverse.out));
      QVERIFY(ops > 0);
      QCOMPARE(rows, double(kRecords));  // and so does one from the last row back
      QVERIFY2(rates(seek.out, system, "seek+10", &ops, &rows), qPrintable(seek.out));
      QVERIFY(ops > 0);
      // Seeks near the end of the key range return fewer than 10 rows.
      QVERIFY2(rows > 9.0 && rows <= 10.0, qPrintable(seek.out));
    }
    if (havePeers()) {
      QVERIFY2(seek.out.contains(QRegularExpression("^RegionLab-split/LevelDB [0-9.]+x$",
                                                    QRegularExpression::MultilineOption)),
               qPrintable(seek.out));
      QVERIFY2(seek.out.contains(QRegularExpression("^RegionLab/LevelDB [0-9.]+x$",
                                                    QRegularExpression::MultilineOption)),
               qPrintable(seek.out));
    }
  }

  // A small write buffer makes the writes flush several files, which HBase's
  // exploring policy leaves beside each other with overwritten versions in
  // them; --compact ends with one file per region and each record once.
  void fillWithCompactLeavesOneFilePerRegion() {
    constexpr int kManyRecords = 60000;
    const QStringList fillArgs = {"--num",
                                  QString::number(kManyRecords),
                                  "--systems",
                                  "RegionLab,RegionLab-split",
                                  "--regions",
                                  "2",
                                  "--write-buffer-mb",
                                  "1"};
    const QRegularExpression oneFile("^RegionLab +filled: .* in 1 store file, 60,000 cells;",
                                     QRegularExpression::MultilineOption);
    const QRegularExpression oneFileEach(
        "^RegionLab-split +filled: .* in 2 regions, 1 store file each, 60,000 cells;",
        QRegularExpression::MultilineOption);

    TempDir plain;
    const ProgramRun uncompacted =
        runLoop(QStringList{"fill", QString::fromStdString(plain.path())} + fillArgs);
    QVERIFY2(uncompacted.exit_code == 0, qPrintable(uncompacted.err));
    // Without --compact the layout keeps overwritten versions.
    QVERIFY2(!uncompacted.out.contains(oneFile), qPrintable(uncompacted.out));
    QVERIFY2(!uncompacted.out.contains(oneFileEach), qPrintable(uncompacted.out));

    TempDir dir;
    const QString path = QString::fromStdString(dir.path());
    const ProgramRun fill = runLoop(QStringList{"fill", path, "--compact"} + fillArgs);
    QVERIFY2(fill.exit_code == 0, qPrintable(fill.err));
    QVERIFY2(fill.out.contains(oneFile), qPrintable(fill.out));
    QVERIFY2(fill.out.contains(oneFileEach), qPrintable(fill.out));

    const ProgramRun scan =
        runLoop({"scan", path, "--systems", "RegionLab,RegionLab-split", "--warmup", "0",
                 "--seconds", "0.2", "--write-buffer-mb", "1"});
    QVERIFY2(scan.exit_code == 0, qPrintable(scan.err));
    for (const QString& system : {QString("RegionLab"), QString("RegionLab-split")}) {
      double ops = 0, rows = 0;
      QVERIFY2(rates(scan.out, system, "scan", &ops, &rows), qPrintable(scan.out));
      QCOMPARE(rows, double(kManyRecords));
    }
  }

  void refusesBadInput_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("filled");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown operation")
        << QStringList{"peek", "DIR"} << false << "unknown operation 'peek'";
    QTest::newRow("no directory") << QStringList{"seek"} << false
                                  << "an operation and a directory are needed";
    QTest::newRow("unfilled directory")
        << QStringList{"seek", "DIR"} << false << "holds no stores filled by";
    QTest::newRow("zero rows") << QStringList{"seek", "DIR", "--rows", "0"} << false
                               << "bad value '0' for --rows";
    QTest::newRow("cache too large") << QStringList{"get", "DIR", "--cache-mb", "99999999999"}
                                     << false << "bad value '99999999999' for --cache-mb";
    QTest::newRow("bad seconds") << QStringList{"get", "DIR", "--seconds", "soon"} << false
                                 << "bad value 'soon' for --seconds";
    QTest::newRow("unknown system") << QStringList{"get", "DIR", "--systems", "Cassandra"} << false
                                    << "--systems: 'Cassandra' is not in this build";
    QTest::newRow("option without value")
        << QStringList{"get", "DIR", "--num"} << false << "--num needs a value";
    QTest::newRow("system not filled") << QStringList{"get", "DIR", "--systems", "RegionLab-split"}
                                       << true << "has no store for RegionLab-split";
    QTest::newRow("too many regions") << QStringList{"fill", "DIR", "--regions", "1001"} << false
                                      << "bad value '1001' for --regions";
    QTest::newRow("compact when reading")
        << QStringList{"scan", "DIR", "--compact"} << true << "--compact is an option of fill only";
  }

  void refusesBadInput() {
    QFETCH(QStringList, args);
    QFETCH(bool, filled);
    QFETCH(QString, message);
    TempDir dir;
    const QString path = QString::fromStdString(dir.path());
    if (filled) {
      const ProgramRun fill = runLoop({"fill", path, "--num", "500", "--systems", "RegionLab"});
      QVERIFY2(fill.exit_code == 0, qPrintable(fill.err));
    }
    args.replaceInStrings(QRegularExpression("^DIR$"), path);
    const ProgramRun run = runLoop(args);
    QCOMPARE(run.exit_code, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
  }
};

QTEST_GUILESS_MAIN(BenchLoopTest)
#include "bench_loop_test.moc"
