// regionlab-bench as CI runs it: `regionlab-bench --quick --json` completes,
// every system -- RegionLab as one region and as a table pre-split over 3
// region servers, and its peers -- answers every workload, and every system
// read the same values (and exactly what was written). Plus the two ways the benchmark must fail:
// a system returning a wrong value, and a bad command line.
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "support/test_util.h"

using regionlab::test::TempDir;

namespace {

// Set by tests/CMakeLists.txt; otherwise next to this test's build directory.
QString benchBinary() {
  const QString configured = qEnvironmentVariable("REGIONLAB_BENCH_BINARY");
  if (!configured.isEmpty()) return configured;
  const QFileInfo self(qEnvironmentVariable("REGIONLAB_TEST_BINARY"));
  return self.dir().absoluteFilePath("../app/regionlab-bench");
}

struct BenchRun {
  int exitCode = -1;
  bool finished = false;
  QJsonObject json;
  QString stderrText;
};

BenchRun runBench(const QStringList& args, int timeoutMs) {
  BenchRun run;
  QProcess process;
  process.start(benchBinary(), args);
  if (!process.waitForStarted()) return run;
  run.finished = process.waitForFinished(timeoutMs);
  if (!run.finished) {
    process.kill();
    process.waitForFinished();
  }
  run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  run.stderrText = QString::fromLocal8Bit(process.readAllStandardError());
  run.json = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
  return run;
}

// 3,000 records through `workloads` (in any order), ASYNC_WAL only, on both
// RegionLab layouts and SQLite -- the peer every build has (the sanitizer
// build has no LevelDB or RocksDB) -- with the JSON on stdout.
BenchRun runSmallAsync(const QString& workloads, const TempDir& dir) {
  return runBench(
      {"--num", "3000", "--durability", "async", "--workloads", workloads, "--systems",
       "RegionLab,RegionLab-split,SQLite", "--json", "--data", QString::fromStdString(dir.path())},
      240 * 1000);
}

// The workloads a pass ran, in order.
QStringList workloadsOf(const QJsonObject& pass) {
  QStringList workloads;
  for (const auto& w : pass["workloads"].toArray()) workloads << w.toString();
  return workloads;
}

// One system's results in a pass, by workload name.
QMap<QString, QJsonObject> resultsByWorkload(const QJsonObject& system) {
  QMap<QString, QJsonObject> results;
  for (const auto& w : system["workloads"].toArray()) {
    results.insert(w.toObject()["name"].toString(), w.toObject());
  }
  return results;
}

// The comparison key of a workload result: what every system must agree on.
QString readsOf(const QJsonObject& w) {
  return QStringLiteral("ops=%1 rows=%2 found=%3 not_found=%4 digest=%5")
      .arg(w["ops"].toInteger())
      .arg(w["rows"].toInteger())
      .arg(w["found"].toInteger())
      .arg(w["not_found"].toInteger())
      .arg(w["digest"].toString());
}

}  // namespace

class BenchSmokeTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY2(QFileInfo(benchBinary()).isExecutable(),
             qPrintable("regionlab-bench not found at " + benchBinary() +
                        " (build the regionlab-bench target)"));
  }

  void quickRunAnswersEveryWorkloadAlike() {
    TempDir dir;
    // Under CTest's 600 s limit with room to spare; --quick takes seconds.
    const BenchRun run =
        runBench({"--quick", "--json", "--data", QString::fromStdString(dir.path())}, 540 * 1000);
    QVERIFY2(run.finished, "regionlab-bench --quick did not finish in 540 s");
    QVERIFY2(run.exitCode == 0, qPrintable(run.stderrText.right(3000)));
    QVERIFY2(!run.json.isEmpty(), "stdout was not a JSON object");

    const QJsonObject verification = run.json["verification"].toObject();
    QVERIFY2(verification["ok"].toBool(),
             qPrintable(QJsonDocument(verification).toJson(QJsonDocument::Compact)));

    QStringList expectedSystems = {"RegionLab", "RegionLab-split", "SQLite"};
    if (qEnvironmentVariable("REGIONLAB_BENCH_PEERS") == "1") {
      expectedSystems = {"RegionLab", "RegionLab-split", "LevelDB", "RocksDB", "SQLite"};
    }
    QCOMPARE(run.json["config"].toObject()["regions"].toInt(), 6);

    const QJsonArray passes = run.json["passes"].toArray();
    QStringList durabilities;
    for (const auto& p : passes) durabilities << p.toObject()["durability"].toString();
    QCOMPARE(durabilities, QStringList({"ASYNC_WAL", "SYNC_WAL"}));

    for (const auto& p : passes) {
      const QJsonObject pass = p.toObject();
      const QString mode = pass["durability"].toString();
      const QStringList workloads = workloadsOf(pass);
      if (mode == "ASYNC_WAL") {
        QCOMPARE(workloads.size(), 20);
        QCOMPARE(workloads.mid(16), QStringList({"readrandom-compacted", "seekrandom-compacted",
                                                 "readseq-compacted", "readreverse-compacted"}));
      } else {
        QCOMPARE(workloads,
                 QStringList({"fillseq", "fillrandom", "overwrite", "ycsb-a", "ycsb-f"}));
      }
      QStringList systems;
      QMap<QString, QString> reference;  // workload -> RegionLab's reads
      for (const auto& s : pass["systems"].toArray()) {
        const QJsonObject sys = s.toObject();
        const QString name = sys["name"].toString();
        systems << name;
        QVERIFY2(sys["error"].toString().isEmpty(),
                 qPrintable(name + ": " + sys["error"].toString()));
        QVERIFY2(sys["disk_bytes_after_compaction"].toInteger() > 0, qPrintable(name));
        QVERIFY2(sys["peak_rss_bytes"].toInteger() > 0, qPrintable(name));
        const QMap<QString, QJsonObject> results = resultsByWorkload(sys);
        for (const QString& workload : workloads) {
          const QString where = mode + " " + name + " " + workload;
          QVERIFY2(results.contains(workload), qPrintable(where + ": missing"));
          const QJsonObject r = results[workload];
          QVERIFY2(r["error"].toString().isEmpty(),
                   qPrintable(where + ": " + r["error"].toString()));
          QVERIFY2(r["ops"].toInteger() > 0, qPrintable(where));
          QVERIFY2(r["ops_per_sec"].toDouble() > 0, qPrintable(where));
          // The JSON carries the figures to the digits the table prints (and
          // beyond): ops/s times seconds gives back the operation count.
          const double ops = static_cast<double>(r["ops"].toInteger());
          QVERIFY2(
              std::abs(r["ops_per_sec"].toDouble() * r["seconds"].toDouble() - ops) < ops * 1e-8,
              qPrintable(where + ": ops_per_sec " + r["ops_per_sec"].toVariant().toString()));
          QCOMPARE(r["wrong"].toInteger(), qint64(0));
          if (workload == "readrandom-warm" || workload == "readrandom-cold" ||
              workload == "readwhilewriting" || workload == "ycsb-c" ||
              workload == "readrandom-compacted") {
            QCOMPARE(r["found"].toInteger(), r["ops"].toInteger());  // every key was written
          }
          if (workload == "readmissing") QCOMPARE(r["found"].toInteger(), qint64(0));
          if (workload == "readseq" || workload == "readreverse") {
            QCOMPARE(r["rows"].toInteger(), pass["records"].toInteger());
          }
          // The full scans after the compaction also see YCSB D and E's inserts.
          if (workload == "readseq-compacted" || workload == "readreverse-compacted") {
            QVERIFY2(r["rows"].toInteger() > pass["records"].toInteger(), qPrintable(where));
          }
          QCOMPARE(r["compacted_layout"].toBool(), workload.endsWith("-compacted"));
          if (workload.endsWith("-compacted") && name.startsWith("RegionLab")) {
            // One store file per region, no memstore: the layout a full
            // compaction leaves, whatever the workloads before it wrote.
            const QString detail = r["layout"].toObject()["detail"].toString();
            QVERIFY2(name == "RegionLab" ? detail.startsWith("1 store file, ")
                                         : detail.startsWith("6 regions, 1 store file each, "),
                     qPrintable(where + ": " + detail));
            QVERIFY2(detail.contains("memstore") && detail.endsWith(" 0.0 MiB"),
                     qPrintable(where + ": " + detail));
          }
          // The layout the workload started on: a fill starts on an empty
          // store (no table or store file); from the reopen of
          // readrandom-cold on, the records are in files (the reopen
          // flushed the memstore / memtable).
          const QJsonObject layout = r["layout"].toObject();
          QVERIFY2(!layout["detail"].toString().isEmpty(), qPrintable(where));
          if (workload.startsWith("fill")) {
            // (SQLite's empty database is one file holding the schema.)
            QCOMPARE(layout["files"].toInteger(), qint64(name == "SQLite" ? 1 : 0));
          } else if (workloads.contains("readrandom-cold") &&
                     workloads.indexOf(workload) >= workloads.indexOf("readrandom-cold")) {
            QVERIFY2(layout["files"].toInteger() >= 1, qPrintable(where));
            QVERIFY2(layout["bytes"].toInteger() > 0, qPrintable(where));
          }
          // A peer carries RegionLab's ratio for each RegionLab configuration.
          const QJsonObject ratios = r["ratios"].toObject();
          if (name.startsWith("RegionLab")) {
            QVERIFY2(r["ratios"].isNull(), qPrintable(where));
          } else {
            QCOMPARE(ratios.keys(), QStringList({"RegionLab", "RegionLab-split"}));
            QVERIFY2(ratios["RegionLab-split"].toDouble() > 0, qPrintable(where));
          }
          if (!reference.contains(workload)) {
            reference.insert(workload, readsOf(r));
          } else {
            QCOMPARE(readsOf(r), reference[workload]);
          }
        }
      }
      QCOMPARE(systems, expectedSystems);
    }

    // One round: no round headers, and each ratio "over the rounds" is the
    // pass's own ratio.
    QCOMPARE(run.json["config"].toObject()["rounds"].toInt(), 1);
    QVERIFY(!run.stderrText.contains("##### Round"));
    QVERIFY(!run.stderrText.contains("Over the"));
    qsizetype expectedRatios = 0;
    for (const auto& p : passes) {
      const QJsonObject pass = p.toObject();
      QCOMPARE(pass["round"].toInt(), 1);
      expectedRatios += workloadsOf(pass).size() * (expectedSystems.size() - 2) * 2;
    }
    const QJsonArray overRounds = run.json["ratios_over_rounds"].toArray();
    QCOMPARE(overRounds.size(), expectedRatios);
    for (const auto& x : overRounds) {
      const QJsonObject r = x.toObject();
      const QJsonArray ratios = r["ratios"].toArray();
      QCOMPARE(ratios.size(), qsizetype(1));
      QCOMPARE(r["median"].toDouble(), ratios[0].toDouble());
      for (const auto& p : passes) {
        if (p.toObject()["durability"] != r["durability"]) continue;
        for (const auto& s : p.toObject()["systems"].toArray()) {
          if (s.toObject()["name"] != r["peer"]) continue;
          const QJsonObject w = resultsByWorkload(s.toObject())[r["workload"].toString()];
          QCOMPARE(w["ratios"].toObject()[r["regionlab"].toString()].toDouble(),
                   ratios[0].toDouble());
        }
      }
    }
    // Each system's figures over one round are that round's own.
    qsizetype expectedFigures = 0;
    for (const auto& p : passes) {
      expectedFigures += workloadsOf(p.toObject()).size() * expectedSystems.size();
    }
    const QJsonArray figures = run.json["figures_over_rounds"].toArray();
    QCOMPARE(figures.size(), expectedFigures);
    for (const auto& x : figures) {
      const QJsonObject f = x.toObject();
      const QJsonObject ops = f["ops_per_sec"].toObject();
      QCOMPARE(ops["values"].toArray().size(), qsizetype(1));
      for (const auto& p : passes) {
        if (p.toObject()["durability"] != f["durability"]) continue;
        for (const auto& s : p.toObject()["systems"].toArray()) {
          if (s.toObject()["name"] != f["system"]) continue;
          const QJsonObject w = resultsByWorkload(s.toObject())[f["workload"].toString()];
          QCOMPARE(ops["median"].toDouble(), w["ops_per_sec"].toDouble());
          QCOMPARE(f["p99_us"].toObject()["median"].toDouble(), w["p99_us"].toDouble());
        }
      }
    }
  }

  // --rounds 3: every pass three times from empty stores, the systems in
  // reverse order in the second round, every round reading the same values,
  // and each ratio's median and range over the rounds.
  void roundsReportMedianAndRange() {
    TempDir dir;
    const BenchRun run =
        runBench({"--num", "3000", "--durability", "async", "--workloads",
                  "fillrandom,readrandom-warm", "--systems", "RegionLab,SQLite", "--rounds", "3",
                  "--json", "--data", QString::fromStdString(dir.path())},
                 240 * 1000);
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, qPrintable(run.stderrText.right(3000)));
    QVERIFY(run.json["verification"].toObject()["ok"].toBool());
    QCOMPARE(run.json["config"].toObject()["rounds"].toInt(), 3);
    QVERIFY(
        run.stderrText.contains("##### Round 1 of 3, systems in this order: RegionLab, SQLite"));
    QVERIFY(
        run.stderrText.contains("##### Round 2 of 3, systems in this order: SQLite, RegionLab"));
    QVERIFY(
        run.stderrText.contains("##### Round 3 of 3, systems in this order: RegionLab, SQLite"));
    QVERIFY(run.stderrText.contains("=== Over the 3 rounds:"));
    QVERIFY(run.stderrText.contains("RegionLab/SQLite, medians: geometric mean "));

    // Each round's ratios, from its pass; the systems are listed in --systems
    // order whatever order they ran in.
    const QJsonArray passes = run.json["passes"].toArray();
    QCOMPARE(passes.size(), qsizetype(3));
    QMap<QString, QList<double>> perRound;    // workload -> RegionLab/SQLite, by round
    QMap<QString, QList<double>> opsByRound;  // "workload system" -> ops/s, by round
    QString reads;
    for (int i = 0; i < 3; ++i) {
      const QJsonObject pass = passes[i].toObject();
      QCOMPARE(pass["round"].toInt(), i + 1);
      const QJsonArray systems = pass["systems"].toArray();
      QCOMPARE(systems.size(), qsizetype(2));
      QCOMPARE(systems[0].toObject()["name"].toString(), QString("RegionLab"));
      QCOMPARE(systems[1].toObject()["name"].toString(), QString("SQLite"));
      const QMap<QString, QJsonObject> ours = resultsByWorkload(systems[0].toObject());
      const QMap<QString, QJsonObject> peer = resultsByWorkload(systems[1].toObject());
      for (const QString& w : {QString("fillrandom"), QString("readrandom-warm")}) {
        perRound[w] << ours[w]["ops_per_sec"].toDouble() / peer[w]["ops_per_sec"].toDouble();
        opsByRound[w + " RegionLab"] << ours[w]["ops_per_sec"].toDouble();
        opsByRound[w + " SQLite"] << peer[w]["ops_per_sec"].toDouble();
      }
      if (i == 0) reads = readsOf(ours["readrandom-warm"]);
      QCOMPARE(readsOf(ours["readrandom-warm"]), reads);
    }

    const QJsonArray overRounds = run.json["ratios_over_rounds"].toArray();
    QCOMPARE(overRounds.size(), qsizetype(2));
    for (const auto& x : overRounds) {
      const QJsonObject r = x.toObject();
      const QString workload = r["workload"].toString();
      QCOMPARE(r["regionlab"].toString(), QString("RegionLab"));
      QCOMPARE(r["peer"].toString(), QString("SQLite"));
      QList<double> expected = perRound[workload];
      QCOMPARE(expected.size(), qsizetype(3));
      const QJsonArray ratios = r["ratios"].toArray();
      QCOMPARE(ratios.size(), qsizetype(3));
      for (int i = 0; i < 3; ++i) {
        QVERIFY(std::abs(ratios[i].toDouble() / expected[i] - 1) < 1e-8);
      }
      std::sort(expected.begin(), expected.end());
      QVERIFY(std::abs(r["median"].toDouble() / expected[1] - 1) < 1e-8);
      QVERIFY(std::abs(r["lowest"].toDouble() / expected[0] - 1) < 1e-8);
      QVERIFY(std::abs(r["highest"].toDouble() / expected[2] - 1) < 1e-8);
    }

    // Each system's ops/s over the rounds, and the text table's header.
    QVERIFY(run.stderrText.contains("=== Over the 3 rounds: each system's median ops/s"));
    const QJsonArray figures = run.json["figures_over_rounds"].toArray();
    QCOMPARE(figures.size(), qsizetype(4));
    for (const auto& x : figures) {
      const QJsonObject f = x.toObject();
      const QString key = f["workload"].toString() + " " + f["system"].toString();
      QList<double> expected = opsByRound[key];
      QCOMPARE(expected.size(), qsizetype(3));
      const QJsonObject ops = f["ops_per_sec"].toObject();
      const QJsonArray values = ops["values"].toArray();
      QCOMPARE(values.size(), qsizetype(3));
      for (int i = 0; i < 3; ++i) QCOMPARE(values[i].toDouble(), expected[i]);
      std::sort(expected.begin(), expected.end());
      QCOMPARE(ops["median"].toDouble(), expected[1]);
      QCOMPARE(ops["lowest"].toDouble(), expected[0]);
      QCOMPARE(ops["highest"].toDouble(), expected[2]);
      QCOMPARE(f["p50_us"].toObject()["values"].toArray().size(), qsizetype(3));
    }
  }

  // compact (db_bench's) runs only when named, after the writes and before
  // the reads whatever the order given, as one timed operation per system;
  // the reads after it still find every record.
  void compactRunsWhenNamed() {
    TempDir dir;
    const BenchRun run = runSmallAsync("readseq,compact,overwrite,fillrandom", dir);
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, qPrintable(run.stderrText.right(3000)));
    const QJsonArray passes = run.json["passes"].toArray();
    QCOMPARE(passes.size(), 1);
    const QJsonObject pass = passes[0].toObject();
    const QStringList workloads = workloadsOf(pass);
    QCOMPARE(workloads, QStringList({"fillrandom", "overwrite", "compact", "readseq"}));
    for (const auto& s : pass["systems"].toArray()) {
      const QJsonObject sys = s.toObject();
      const QString name = sys["name"].toString();
      QVERIFY2(sys["error"].toString().isEmpty(),
               qPrintable(name + ": " + sys["error"].toString()));
      const QMap<QString, QJsonObject> results = resultsByWorkload(sys);
      QCOMPARE(results["compact"]["ops"].toInteger(), qint64(1));
      QVERIFY2(results["compact"]["error"].toString().isEmpty(), qPrintable(name));
      QCOMPARE(results["readseq"]["rows"].toInteger(), qint64(3000));
      QCOMPARE(results["readseq"]["wrong"].toInteger(), qint64(0));
      // The scan started on what the major compaction left: one file per
      // region, every record once.
      const QJsonObject empty = results["fillrandom"]["layout"].toObject();
      QCOMPARE(empty["files"].toInteger(), qint64(name == "SQLite" ? 1 : 0));
      const QJsonObject compacted = results["readseq"]["layout"].toObject();
      const QString detail = compacted["detail"].toString();
      QVERIFY2(compacted["bytes"].toInteger() > 0, qPrintable(name));
      if (name == "RegionLab") {
        QCOMPARE(compacted["files"].toInteger(), qint64(1));
        QCOMPARE(detail, QString("1 store file, 3,000 cells; memstore 0.0 MiB"));
      } else if (name == "RegionLab-split") {
        QCOMPARE(compacted["files"].toInteger(), qint64(6));
        QCOMPARE(detail, QString("6 regions, 1 store file each, 3,000 cells; memstores 0.0 MiB"));
      } else {
        QCOMPARE(compacted["files"].toInteger(), qint64(1));
        QVERIFY2(detail.startsWith("one WITHOUT ROWID B-tree"), qPrintable(detail));
      }
    }
    QVERIFY(run.json["verification"].toObject()["ok"].toBool());
  }

  // The reads named *-compacted compact everything first (untimed), so they
  // read one file per region however the writes before them left the
  // stores; the workloads before them keep the layout the writes left, and
  // the summary gives the ratios after the compaction a line of their own.
  void compactedReadsCompactFirst() {
    TempDir dir;
    const BenchRun run = runSmallAsync(
        "readseq-compacted,seekrandom-compacted,seekrandom,overwrite,fillrandom", dir);
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, qPrintable(run.stderrText.right(3000)));
    const QJsonArray passes = run.json["passes"].toArray();
    QCOMPARE(passes.size(), 1);
    const QJsonObject pass = passes[0].toObject();
    const QStringList workloads = workloadsOf(pass);
    QCOMPARE(workloads, QStringList({"fillrandom", "overwrite", "seekrandom",
                                     "seekrandom-compacted", "readseq-compacted"}));
    for (const auto& s : pass["systems"].toArray()) {
      const QJsonObject sys = s.toObject();
      const QString name = sys["name"].toString();
      QVERIFY2(sys["error"].toString().isEmpty(),
               qPrintable(name + ": " + sys["error"].toString()));
      const QMap<QString, QJsonObject> results = resultsByWorkload(sys);
      const QString before = results["seekrandom"]["layout"].toObject()["detail"].toString();
      const QString after =
          results["seekrandom-compacted"]["layout"].toObject()["detail"].toString();
      QCOMPARE(results["seekrandom-compacted"]["ops"].toInteger(), qint64(300));
      QCOMPARE(results["seekrandom-compacted"]["wrong"].toInteger(), qint64(0));
      QCOMPARE(results["readseq-compacted"]["rows"].toInteger(), qint64(3000));
      QCOMPARE(results["readseq-compacted"]["wrong"].toInteger(), qint64(0));
      QCOMPARE(results["readseq-compacted"]["layout"].toObject()["detail"].toString(), after);
      if (name == "RegionLab") {
        // 3,000 records and their overwrites fit in the memstore.
        QVERIFY2(before.startsWith("0 store files, 0 cells; memstore "), qPrintable(before));
        QCOMPARE(after, QString("1 store file, 3,000 cells; memstore 0.0 MiB"));
      } else if (name == "RegionLab-split") {
        QVERIFY2(before.contains("0 store files"), qPrintable(before));
        QCOMPARE(after, QString("6 regions, 1 store file each, 3,000 cells; memstores 0.0 MiB"));
      } else {
        QCOMPARE(results["seekrandom-compacted"]["layout"].toObject()["files"].toInteger(),
                 qint64(1));
      }
    }
    QVERIFY(run.json["verification"].toObject()["ok"].toBool());
    QVERIFY2(run.stderrText.contains(
                 QRegularExpression("\\nRegionLab/SQLite: geometric mean [0-9.]+x, lowest "
                                    "[0-9.]+x \\((fillrandom|overwrite|seekrandom)\\)\\n")),
             qPrintable(run.stderrText.right(2000)));
    QVERIFY2(run.stderrText.contains(QRegularExpression(
                 "\\nRegionLab/SQLite after a full compaction: geometric mean [0-9.]+x, lowest "
                 "[0-9.]+x \\((seekrandom|readseq)-compacted\\)\\n")),
             qPrintable(run.stderrText.right(2000)));
  }

  // --regionlab-config becomes the table CONFIGURATION of both RegionLab
  // layouts: the printed configuration shows the compaction settings the
  // stores run with; without it they are HBase's defaults.
  void regionLabConfigurationReachesBothLayouts_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("compaction");
    QTest::addColumn<QString>("echoed");  // the JSON config's regionlab_configuration
    QTest::newRow("defaults") << QStringList()
                              << "exploring policy: 3-10 files, ratio 1.2, min.size = flush size; "
                                 "blockingStoreFiles 16 (HBase's defaults)"
                              << "{}";
    QTest::newRow("ratio 5, min 2, blocking 30")
        << QStringList({"--regionlab-config",
                        "hbase.hstore.compaction.ratio=5.0,hbase.hstore.compaction.min=2,"
                        "hbase.hstore.blockingStoreFiles=30"})
        << "exploring policy: 2-10 files, ratio 5, min.size = flush size; blockingStoreFiles 30 "
           "(table CONFIGURATION)"
        << "{\"hbase.hstore.blockingStoreFiles\":\"30\",\"hbase.hstore.compaction.min\":\"2\","
           "\"hbase.hstore.compaction.ratio\":\"5.0\"}";
    QTest::newRow("min.size") << QStringList({"--regionlab-config",
                                              "hbase.hstore.compaction.min.size=1048576"})
                              << "exploring policy: 3-10 files, ratio 1.2, min.size 1048576 B; "
                                 "blockingStoreFiles 16 (table CONFIGURATION)"
                              << "{\"hbase.hstore.compaction.min.size\":\"1048576\"}";
  }
  void regionLabConfigurationReachesBothLayouts() {
    QFETCH(QStringList, args);
    QFETCH(QString, compaction);
    QFETCH(QString, echoed);
    TempDir dir;
    const BenchRun run =
        runBench(QStringList({"--num", "300", "--durability", "async", "--workloads",
                              "fillrandom,readseq", "--systems", "RegionLab,RegionLab-split",
                              "--json", "--data", QString::fromStdString(dir.path())}) +
                     args,
                 120 * 1000);
    QVERIFY(run.finished);
    QVERIFY2(run.exitCode == 0, qPrintable(run.stderrText.right(3000)));
    const QJsonObject config = run.json["config"].toObject()["regionlab_configuration"].toObject();
    QCOMPARE(QString::fromUtf8(QJsonDocument(config).toJson(QJsonDocument::Compact)), echoed);
    const QJsonArray systems = run.json["passes"].toArray()[0].toObject()["systems"].toArray();
    QCOMPARE(systems.size(), 2);
    for (const auto& s : systems) {
      const QJsonObject sys = s.toObject();
      QCOMPARE(sys["settings"].toObject()["compaction"].toString(), compaction);
    }
  }

  // A system that answers one read wrongly fails the run, and the report
  // names it.
  // The REST gateway's workloads: both sides of each answer every call with
  // the values written, the JSON carries the ratio and its parts, and the
  // scan reports the memory the gateway's scan took.
  void restWorkloadsCompareTheGatewayWithInProcess() {
    TempDir dir;
    const BenchRun run = runBench({"--workloads", "rest-get,rest-scan,rest-put", "--num", "2000",
                                   "--durability", "async", "--clients", "2", "--rounds", "2",
                                   "--json", "--data", QString::fromStdString(dir.path())},
                                  300000);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.stderrText));
    QVERIFY(run.stderrText.contains(QStringLiteral("ratio REST/in-process: median")));
    const QJsonArray results = run.json.value("results").toArray();
    QCOMPARE(results.size(), 6);  // three workloads, two rounds
    for (const auto& v : results) {
      const QJsonObject r = v.toObject();
      QVERIFY2(!r.contains("error"), qPrintable(r.value("error").toString()));
      QCOMPARE(r.value("wrong_values").toInt(), 0);
      QVERIFY(r.value("rest_per_second").toDouble() > 0);
      QVERIFY(r.value("in_process_per_second").toDouble() > 0);
      QVERIFY(std::abs(r.value("ratio").toDouble() - r.value("rest_per_second").toDouble() /
                                                         r.value("in_process_per_second").toDouble()) < 1e-6);
      if (r.value("workload").toString() == "rest-scan") {
        QVERIFY(r.contains("rss_growth_bytes"));
        QCOMPARE(r.value("scanned_bytes").toDouble(), 2000.0 * (16 + 100));
      }
    }
    // The rest-* workloads run on their own.
    QCOMPARE(runBench({"--workloads", "rest-get,readseq"}, 30000).exitCode, 2);
  }

  void wrongValueIsReported() {
    TempDir dir;
    const BenchRun run =
        runBench({"--num", "300", "--durability", "async", "--workloads", "readrandom-warm,readseq",
                  "--systems", "RegionLab,SQLite", "--corrupt-reads", "SQLite", "--json", "--data",
                  QString::fromStdString(dir.path())},
                 120 * 1000);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 1);
    const QJsonObject verification = run.json["verification"].toObject();
    QCOMPARE(verification["ok"].toBool(), false);
    QStringList problems;
    for (const auto& p : verification["problems"].toArray()) problems << p.toString();
    QVERIFY2(problems.filter("readrandom-warm SQLite").size() >= 1,
             qPrintable(problems.join("\n")));
    QVERIFY2(problems.filter("readseq SQLite").size() >= 1, qPrintable(problems.join("\n")));
    // RegionLab's own reads were right: no problem is "<mode> <workload> RegionLab: ...".
    QVERIFY2(problems.filter(QRegularExpression("^\\S+ \\S+ RegionLab:")).isEmpty(),
             qPrintable(problems.join("\n")));
  }

  void badCommandLineExitsTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("unknown workload") << QStringList({"--workloads", "nope"});
    QTest::newRow("unknown system") << QStringList({"--systems", "Cassandra"});
    QTest::newRow("value too small") << QStringList({"--value-size", "4"});
    QTest::newRow("no regions") << QStringList({"--regions", "0"});
    QTest::newRow("no rounds") << QStringList({"--rounds", "0"});
    QTest::newRow("too many rounds") << QStringList({"--rounds", "101"});
    QTest::newRow("rounds not a number") << QStringList({"--rounds", "three"});
    QTest::newRow("a configuration key RegionLab does not read")
        << QStringList({"--regionlab-config", "hbase.hregion.majorcompaction=0"});
    QTest::newRow("a configuration item without =")
        << QStringList({"--regionlab-config", "hbase.hstore.compaction.ratio"});
    QTest::newRow("a ratio that is not a number")
        << QStringList({"--regionlab-config", "hbase.hstore.compaction.ratio=fast"});
    QTest::newRow("a ratio of 0") << QStringList(
        {"--regionlab-config", "hbase.hstore.compaction.ratio=0"});
  }
  void badCommandLineExitsTwo() {
    QFETCH(QStringList, args);
    const BenchRun run = runBench(args, 30 * 1000);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.stderrText.contains("usage: regionlab-bench"));
  }
};

QTEST_GUILESS_MAIN(BenchSmokeTest)
#include "bench_smoke_test.moc"
