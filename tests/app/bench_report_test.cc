// regionlab-bench's report over several rounds (--rounds): each ratio's
// median, lowest and highest over the rounds, the ratios gathered per pass,
// workload, peer and RegionLab configuration (a round in which a system did
// not finish a workload gives no ratio), each system's own figures gathered
// the same way, and the verification that every round read what the first
// round (that ran the workload) read.
#include <QtTest>
#include <cstdio>
#include <cstdlib>

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

// What printFiguresOverRounds writes for `passes`.
QString printed(const std::vector<PassRun>& passes) {
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  printFiguresOverRounds(out, passes);
  std::fclose(out);
  QString text = QString::fromUtf8(buffer, static_cast<qsizetype>(size));
  std::free(buffer);
  return text;
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

  // Each system's own figures: one value per round it finished the workload
  // in, listed by workload, then system in --systems order; the table's
  // medians come from them.
  void figuresAreGatheredPerWorkloadAndSystem() {
    const std::vector<std::string> systems = {"RegionLab", "LevelDB"};
    const std::vector<std::string> workloads = {"fillseq", "readseq"};
    std::vector<PassRun> passes;
    passes.push_back(pass(1, systems, workloads, {{200, 100}, {100, 100}}));
    passes.push_back(pass(2, systems, workloads, {{300, 400}, {100, 50}}));
    passes.push_back(pass(3, systems, workloads, {{100, 300}, {100, 200}}));
    // Every RegionLab readseq operation took 100, 50 and 120 ns in rounds 1-3
    // (below 128 ns the histogram is exact).
    const uint64_t nanos[] = {100, 50, 120};
    for (int round = 0; round < 3; ++round) {
      WorkloadResult& r = passes[round].systems[0].results[1];
      for (int i = 0; i < 10; ++i) r.latency.Add(nanos[round]);
      r.bytes = 1 << 20;
    }
    // Round 2: LevelDB did not finish readseq.
    passes[1].systems[1].results[1].error = "scan: I/O error";

    const std::vector<FiguresOverRounds> all = figuresOverRounds(passes);
    QStringList order;
    for (const auto& f : all) order << QString::fromStdString(f.workload + " " + f.system);
    QCOMPARE(order, QStringList({"fillseq RegionLab", "fillseq LevelDB", "readseq RegionLab",
                                 "readseq LevelDB"}));
    QCOMPARE(all[0].opsPerSecond, (std::vector<double>{200, 300, 100}));
    QCOMPARE(medianOf(all[0].opsPerSecond), 200.0);
    QCOMPARE(all[2].opsPerSecond, (std::vector<double>{100, 400, 300}));
    QCOMPARE(medianOf(all[2].opsPerSecond), 300.0);
    QCOMPARE(all[2].p50Us, (std::vector<double>{0.1, 0.05, 0.12}));
    QCOMPARE(medianOf(all[2].p99Us), 0.1);
    QCOMPARE(medianOf(all[2].p999Us), 0.1);
    // 1 MiB read in each round's 1,000 operations: MB/s is ops/s over 1,000.
    QCOMPARE(all[2].mbPerSecond.size(), size_t(3));
    QCOMPARE(medianOf(all[2].mbPerSecond), 0.3);
    // LevelDB's readseq: rounds 1 and 3 only; the median of two is their mean.
    QCOMPARE(all[3].opsPerSecond, (std::vector<double>{100, 200}));
    QCOMPARE(medianOf(all[3].opsPerSecond), 150.0);
    QCOMPARE(all[3].p50Us.size(), size_t(2));
  }

  // The text table: each system's median ops/s with the range, a star where
  // it finished fewer rounds; nothing at all for one round.
  void printedFiguresShowMediansAndRanges() {
    const std::vector<std::string> systems = {"RegionLab", "LevelDB"};
    std::vector<PassRun> passes;
    passes.push_back(pass(1, systems, {"readseq"}, {{1000}, {1500}}));
    QCOMPARE(printed(passes), QString());
    passes.push_back(pass(2, systems, {"readseq"}, {{4000}, {5000}}));
    passes.push_back(pass(3, systems, {"readseq"}, {{3000}, {2000}}));
    passes[1].systems[1].results[0].error = "scan: I/O error";
    const QStringList lines = printed(passes).split('\n');
    auto lineOf = [&](const QString& system) {
      for (const QString& line : lines) {
        if (line.contains(" " + system + " ")) return line.simplified();
      }
      return QString();
    };
    QVERIFY2(lines.contains("=== Over the 3 rounds: each system's median ops/s (lowest-highest), "
                            "and the medians of its rounds' MB/s and latencies ==="),
             qPrintable(lines.join('\n')));
    QVERIFY(lines.contains("ASYNC_WAL pass"));
    QVERIFY2(lineOf("RegionLab").startsWith("readseq RegionLab 3,000 (1,000-4,000) 0.0 "),
             qPrintable(lineOf("RegionLab")));
    QVERIFY2(lineOf("LevelDB").startsWith("LevelDB 1,750 (1,500-2,000)* 0.0 "),
             qPrintable(lineOf("LevelDB")));
    QVERIFY(lines.contains(
        "* over fewer rounds: the system did not finish the workload in the others"));
  }

  void aWorkloadNoRoundFinishedHasNoFigures() {
    std::vector<PassRun> passes;
    passes.push_back(pass(1, {"RegionLab", "LevelDB"}, {"fillseq"}, {{100}, {100}}));
    passes.push_back(pass(2, {"RegionLab", "LevelDB"}, {"fillseq"}, {{100}, {100}}));
    passes[0].systems[1].results[0].error = "put: disk full";
    passes[1].systems[1].results[0].error = "put: disk full";
    const std::vector<FiguresOverRounds> all = figuresOverRounds(passes);
    QCOMPARE(all.size(), size_t(1));
    QCOMPARE(all[0].system, std::string("RegionLab"));
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
