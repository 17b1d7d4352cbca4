// regionlab-bench's report over several rounds (--rounds): each ratio's
// median, lowest and highest over the rounds, the ratios gathered per pass,
// workload, peer and RegionLab configuration (a round in which a system did
// not finish a workload gives no ratio), and the verification that every
// round read what the first round (that ran the workload) read.
#include <QtTest>

#include "report.h"

using namespace regionlab::bench;

namespace {

WorkloadResult result(const std::string& workload, double opsPerSecond, uint64_t digest = 7) {
  WorkloadResult r;
  r.name = workload;
  r.ops = 1000;
  r.rows = 1000;
  r.found = 1000;
  r.seconds = 1000 / opsPerSecond;
  r.digest = digest;
  return r;
}

// A pass of `round` with one SystemRun per system; `ops[i][w]` is system i's
// ops/s on workload w.
PassRun pass(int round, const std::vector<std::string>& systems,
             const std::vector<std::string>& workloads, const std::vector<std::vector<double>>& ops,
             uint64_t digest = 7) {
  PassRun p;
  p.round = round;
  p.plan.mode = SyncMode::kAsyncWal;
  p.plan.workloads = workloads;
  for (size_t i = 0; i < systems.size(); ++i) {
    SystemRun run;
    run.system = systems[i];
    for (size_t w = 0; w < workloads.size(); ++w) {
      run.results.push_back(result(workloads[w], ops[i][w], digest));
    }
    p.systems.push_back(std::move(run));
  }
  return p;
}

}  // namespace

class BenchReportTest : public QObject {
  Q_OBJECT

 private slots:
  void medianLowestHighest_data() {
    QTest::addColumn<QList<double>>("ratios");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("lowest");
    QTest::addColumn<double>("highest");
    QTest::newRow("one round") << QList<double>{1.25} << 1.25 << 1.25 << 1.25;
    QTest::newRow("three rounds, unsorted") << QList<double>{1.4, 0.6, 1.0} << 1.0 << 0.6 << 1.4;
    QTest::newRow("four rounds: the middle two's mean")
        << QList<double>{0.9, 2.0, 0.5, 1.1} << 1.0 << 0.5 << 2.0;
    QTest::newRow("five rounds, an outlier")
        << QList<double>{0.8, 0.82, 0.81, 3.0, 0.79} << 0.81 << 0.79 << 3.0;
  }
  void medianLowestHighest() {
    QFETCH(QList<double>, ratios);
    QFETCH(double, median);
    QFETCH(double, lowest);
    QFETCH(double, highest);
    RatioOverRounds r;
    r.ratios.assign(ratios.begin(), ratios.end());
    QCOMPARE(r.median(), median);
    QCOMPARE(r.lowest(), lowest);
    QCOMPARE(r.highest(), highest);
  }

  void ratiosAreGatheredPerWorkloadPeerAndConfiguration() {
    const std::vector<std::string> systems = {"RegionLab", "RegionLab-split", "LevelDB", "SQLite"};
    const std::vector<std::string> workloads = {"fillseq", "readseq"};
    std::vector<PassRun> passes;
    passes.push_back(pass(1, systems, workloads, {{200, 100}, {100, 50}, {100, 100}, {50, 400}}));
    passes.push_back(pass(2, systems, workloads, {{300, 100}, {100, 25}, {100, 50}, {50, 400}}));
    passes.push_back(pass(3, systems, workloads, {{100, 100}, {100, 50}, {100, 200}, {50, 400}}));
    // Round 3: SQLite did not finish readseq.
    passes[2].systems[3].results[1].error = "scan: I/O error";

    const std::vector<RatioOverRounds> all = ratiosOverRounds(passes);
    QStringList order;
    for (const auto& r : all) {
      order << QString::fromStdString(r.workload + " " + r.regionLab + "/" + r.peer);
      QCOMPARE(r.mode, SyncMode::kAsyncWal);
    }
    QCOMPARE(order, QStringList({"fillseq RegionLab/LevelDB", "fillseq RegionLab-split/LevelDB",
                                 "fillseq RegionLab/SQLite", "fillseq RegionLab-split/SQLite",
                                 "readseq RegionLab/LevelDB", "readseq RegionLab-split/LevelDB",
                                 "readseq RegionLab/SQLite", "readseq RegionLab-split/SQLite"}));
    // fillseq, RegionLab/LevelDB: 2.0, 3.0, 1.0 in round order.
    QCOMPARE(all[0].ratios, (std::vector<double>{2.0, 3.0, 1.0}));
    QCOMPARE(all[0].median(), 2.0);
    // readseq, RegionLab/LevelDB: 1.0, 2.0, 0.5.
    QCOMPARE(all[4].ratios, (std::vector<double>{1.0, 2.0, 0.5}));
    QCOMPARE(all[4].median(), 1.0);
    // readseq, RegionLab-split/SQLite: rounds 1 and 2 only.
    QCOMPARE(all[7].ratios, (std::vector<double>{0.125, 0.0625}));
    QCOMPARE(all[7].median(), 0.09375);
  }

  void aWorkloadNoRoundFinishedHasNoRatio() {
    std::vector<PassRun> passes;
    passes.push_back(pass(1, {"RegionLab", "LevelDB"}, {"fillseq"}, {{100}, {100}}));
    passes.push_back(pass(2, {"RegionLab", "LevelDB"}, {"fillseq"}, {{100}, {100}}));
    passes[0].systems[1].results[0].error = "put: disk full";
    passes[1].systems[0].results[0].error = "put: disk full";
    QVERIFY(ratiosOverRounds(passes).empty());
  }

  void everyRoundMustReadWhatTheFirstRead() {
    const std::vector<std::string> systems = {"RegionLab", "LevelDB"};
    std::vector<PassRun> passes;
    passes.push_back(pass(1, systems, {"readrandom-warm"}, {{100}, {100}}, 0xabc));
    passes.push_back(pass(2, systems, {"readrandom-warm"}, {{100}, {100}}, 0xabc));
    QCOMPARE(verifyPasses(passes), std::vector<std::string>{});

    // Round 3's systems agree with each other, not with round 1.
    passes.push_back(pass(3, systems, {"readrandom-warm"}, {{100}, {100}}, 0xdef));
    const std::vector<std::string> problems = verifyPasses(passes);
    QCOMPARE(problems.size(), size_t(1));
    QVERIFY2(
        QString::fromStdString(problems[0])
            .startsWith("round 3 ASYNC_WAL readrandom-warm RegionLab disagrees with round 1: "),
        problems[0].c_str());
    QVERIFY2(QString::fromStdString(problems[0]).contains("digest def vs abc"),
             problems[0].c_str());
  }

  // A workload no system ran in round 1: later rounds are held to the first
  // round that has it, and the message names that round.
  void laterRoundsAreHeldToTheFirstRoundThatRanIt() {
    const std::vector<std::string> systems = {"RegionLab", "LevelDB"};
    std::vector<PassRun> passes;
    passes.push_back(pass(1, systems, {"readseq"}, {{100}, {100}}, 0xabc));
    for (SystemRun& run : passes[0].systems) run.results.clear();
    passes.push_back(pass(2, systems, {"readseq"}, {{100}, {100}}, 0xabc));
    passes.push_back(pass(3, systems, {"readseq"}, {{100}, {100}}, 0xdef));
    const std::vector<std::string> problems = verifyPasses(passes);
    QCOMPARE(problems.size(), size_t(3));
    QCOMPARE(problems[0], std::string("round 1 ASYNC_WAL readseq RegionLab: did not run"));
    QCOMPARE(problems[1], std::string("round 1 ASYNC_WAL readseq LevelDB: did not run"));
    QVERIFY2(QString::fromStdString(problems[2])
                 .startsWith("round 3 ASYNC_WAL readseq RegionLab disagrees with round 2: "),
             problems[2].c_str());
  }

  void oneRoundsProblemsNameNoRound() {
    std::vector<PassRun> passes;
    passes.push_back(pass(1, {"RegionLab", "LevelDB"}, {"readseq"}, {{100}, {100}}));
    passes[0].systems[1].results[0].digest = 1;
    const std::vector<std::string> problems = verifyPasses(passes);
    QCOMPARE(problems.size(), size_t(1));
    QVERIFY2(QString::fromStdString(problems[0])
                 .startsWith("ASYNC_WAL readseq LevelDB disagrees with RegionLab: "),
             problems[0].c_str());
  }
};

QTEST_GUILESS_MAIN(BenchReportTest)
#include "bench_report_test.moc"
