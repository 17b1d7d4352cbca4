// regionlab-demo end to end: the launch command's headless path. It creates
// the demo tables on an empty data directory, tours them through the shell
// (every statement succeeds, failover included), and a second run on the
// same directory keeps the tables and succeeds again. Bad usage exits 2; a
// failing statement in --script exits 1 and names the error.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "support/test_util.h"

namespace {

regionlab::test::ProgramRun Demo(const QStringList& args) {
  return regionlab::test::RunProgram(QStringLiteral(REGIONLAB_DEMO_BINARY), args);
}

}  // namespace

class HeadlessDemoTest : public QObject {
  Q_OBJECT
 private slots:
  void toursTheDemoTablesTwice() {
    QTemporaryDir data;
    for (int run = 0; run < 2; ++run) {
      const auto r = Demo({"--data", data.path(), "--rows", "600"});
      QVERIFY2(r.exit_code == 0 && !r.crashed, qPrintable(r.Describe()));
      QVERIFY2(r.out.contains(QRegularExpression("\\n(\\d+) statement\\(s\\), 0 failed\\.")),
               qPrintable(r.out));
      QVERIFY(r.out.contains("regionlab(main):001:0> status\n"));
      // NewsClickFeedback, described as HBase does, with its 16 pre-split regions.
      QVERIFY(r.out.contains("{NAME => 'Toutiao', BLOOMFILTER => 'ROW'"));
      QVERIFY(r.out.contains("Total number of splits = 16\n"));
      // Failover keeps the flushed and the unflushed rows: 600 + the tour's own row.
      QVERIFY(r.out.contains("Region server rs1 aborted"));
      QVERIFY(r.out.contains("601 row(s)\n"));
      QVERIFY(r.out.contains("600 row(s)\n"));  // count 'trade'
      // Narration lines are printed without their "## " marker.
      QVERIFY(r.out.contains("\nFailover: killing a region server"));
      QVERIFY(!r.out.contains("## "));
    }
  }

  void badUsageExitsTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("unknown option") << QStringList{"--bogus"};
    QTest::newRow("missing value") << QStringList{"--rows"};
    QTest::newRow("rows not a number") << QStringList{"--rows", "12x"};
    QTest::newRow("rows zero") << QStringList{"--rows", "0"};
    QTest::newRow("unreadable script") << QStringList{"--script", "/nonexistent/tour.hbase"};
  }
  void badUsageExitsTwo() {
    QFETCH(QStringList, args);
    QTemporaryDir data;
    const auto r = Demo(QStringList{"--data", data.path()} + args);
    QVERIFY2(r.exit_code == 2 && !r.crashed, qPrintable(r.Describe()));
    QVERIFY(r.err.contains("regionlab-demo"));
  }

  void failingStatementExitsOne() {
    QTemporaryDir data;
    const QString script = data.filePath("tour.hbase");
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("## A table that does not exist\nscan 'nosuchtable'\ncount 'trade'\n");
    f.close();
    const auto r = Demo({"--data", data.filePath("db"), "--rows", "50", "--script", script});
    QVERIFY2(r.exit_code == 1 && !r.crashed, qPrintable(r.Describe()));
    QVERIFY(r.out.contains("ERROR: Unknown table nosuchtable!"));
    QVERIFY(r.out.contains("50 row(s)\n"));  // the statement after the failure still ran
    QVERIFY(r.out.contains("2 statement(s), 1 failed."));
  }
};

QTEST_GUILESS_MAIN(HeadlessDemoTest)
#include "headless_demo_test.moc"
