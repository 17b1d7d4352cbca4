// WorkloadRunner on a real cluster: a load writes exactly the scheme's keys;
// the rate limit holds and is smooth, and pause, resume and cancel take
// effect at once (on a ManualClock: counted events, not wall-clock windows);
// the YCSB presets issue their proportions; engine errors (a table dropped
// mid-run) end the run with the error kept; bad options are refused with the
// option named; a timestamp-first scheme loads into one region while a
// salted one spreads over the pre-split regions.
#include "workload/workload_runner.h"

#include <QtTest>
#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

#include "engine/cluster/cluster_test_util.h"
#include "engine/workload/workload_test_util.h"
#include "regionlab/cluster.h"
#include "rowkey/key_encoder.h"
#include "rowkey/key_generator.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "support/test_util.h"
#include "util/clock.h"

using regionlab::Cluster;
using regionlab::RegionInfo;
using regionlab::rowkey::RowkeyScheme;
using regionlab::workload::Operation;
using regionlab::workload::RunState;
using regionlab::workload::WorkloadOptions;
using regionlab::workload::WorkloadProgress;
using regionlab::workload::WorkloadRunner;

namespace {

RowkeyScheme Scheme(const QString& name) {
  if (name == QLatin1String("ts-first")) {
    auto s = regionlab::rowkey::ParseSchemeJson(regionlab::test::kTimestampFirstScheme, "ts-first");
    return s.ok() ? *s : RowkeyScheme{};
  }
  auto s = regionlab::rowkey::ExampleScheme(name.toStdString());
  return s.ok() ? *s : RowkeyScheme{};
}

WorkloadOptions Options(const std::string& table, const RowkeyScheme& scheme, uint64_t rows) {
  WorkloadOptions o;
  o.table = table;
  o.scheme = scheme;
  o.rows = rows;
  o.value_size = 32;
  o.durability = regionlab::Durability::kAsyncWal;  // no disk sync per row: a quick test
  return o;
}

uint64_t WritesOf(const RegionInfo& r) { return r.metrics.write_requests; }

// Polls `done` every millisecond for up to 10 s (the runner's threads need
// no event loop): for the many small steps of the ManualClock tests.
template <typename Pred>
bool WaitFor(Pred done) {
  for (int i = 0; i < 10000; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return done();
}

}  // namespace

class WorkloadRunnerTest : public QObject {
  Q_OBJECT

 private:
  regionlab::test::TempDir dir_;
  std::unique_ptr<Cluster> cluster_;
  int tables_ = 0;

  // A fresh table with family "f" (pre-split when `splits` is given).
  std::string NewTable(const std::vector<std::string>& splits = {}) {
    const std::string name = "w" + std::to_string(++tables_);
    regionlab::Status s = cluster_->admin().CreateTable(regionlab::test::SimpleTable(name), splits);
    return s.ok() ? name : std::string();
  }

  std::unique_ptr<WorkloadRunner> Runner(const WorkloadOptions& o) {
    auto r = WorkloadRunner::Create(cluster_.get(), o);
    if (!r.ok()) qWarning("%s", r.status().ToString().c_str());
    return r.ok() ? std::move(r).value() : nullptr;
  }

 private slots:
  void initTestCase() {
    auto c = Cluster::Open(dir_.File("data"), regionlab::test::SmallCluster());
    QVERIFY2(c.ok(), c.status().ToString().c_str());
    cluster_ = std::move(c).value();
  }
  void cleanupTestCase() {
    if (cluster_) RL_QVERIFY_OK(cluster_->Close());
  }

  void loadWritesExactlyTheSchemeKeys_data() {
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<int>("threads");
    QTest::newRow("trade-salted, 1 thread") << "trade-salted" << 1;
    QTest::newRow("trade-salted, 4 threads") << "trade-salted" << 4;
    QTest::newRow("user-time-file, 3 threads") << "user-time-file" << 3;
    QTest::newRow("ts-first, 2 threads") << "ts-first" << 2;
    QTest::newRow("risk-hash, 2 threads") << "risk-hash" << 2;
  }
  void loadWritesExactlyTheSchemeKeys() {
    QFETCH(QString, scheme);
    QFETCH(int, threads);
    constexpr uint64_t kRows = 3000;
    const std::string table = NewTable();
    WorkloadOptions o = Options(table, Scheme(scheme), kRows);
    o.threads = threads;
    auto runner = Runner(o);
    QVERIFY(runner);
    RL_QVERIFY_OK(runner->Start());
    const WorkloadProgress p = runner->Wait();
    QCOMPARE(p.state, RunState::kFinished);
    QCOMPARE(p.rows_done, kRows);
    QCOMPARE(p.errors, uint64_t{0});
    QVERIFY(p.first_error.empty());
    QCOMPARE(p.latency_samples, kRows);
    QVERIFY(p.p50_us > 0 && p.p99_us >= p.p50_us);

    // The keys the scheme generates, independently of the runner.
    auto encoder = regionlab::rowkey::KeyEncoder::Create(o.scheme);
    QVERIFY(encoder.ok());
    auto keys = regionlab::rowkey::GenerateKeys(*encoder, o.scheme.workload, kRows);
    QVERIFY(keys.ok());
    const std::set<std::string> expected(keys->begin(), keys->end());

    auto handle = cluster_->GetTable(table);
    QVERIFY(handle.ok());
    auto scanner = (*handle)->GetScanner(regionlab::Scan{});
    QVERIFY(scanner.ok());
    std::set<std::string> read;
    regionlab::RowResult row;
    while ((*scanner)->Next(&row)) {
      read.insert(row.row);
      QCOMPARE(row.cells.size(), size_t{1});
      QCOMPARE(row.cells[0].family, std::string("f"));
      QCOMPARE(row.cells[0].qualifier, std::string("field0"));
      QCOMPARE(row.cells[0].value.size(), size_t{32});
    }
    RL_QVERIFY_OK((*scanner)->status());
    QCOMPARE(read.size(), expected.size());
    QVERIFY(read == expected);
  }

  void durabilityReachesThePuts_data() {
    QTest::addColumn<int>("durability");
    QTest::addColumn<bool>("syncEach");
    QTest::newRow("table default (SYNC_WAL)") << int(regionlab::Durability::kUseDefault) << true;
    QTest::newRow("SYNC_WAL") << int(regionlab::Durability::kSyncWal) << true;
    QTest::newRow("ASYNC_WAL") << int(regionlab::Durability::kAsyncWal) << false;
  }
  void durabilityReachesThePuts() {
    QFETCH(int, durability);
    QFETCH(bool, syncEach);
    constexpr uint64_t kRows = 200;
    auto syncs = [&] {
      uint64_t n = 0;
      for (const auto& s : cluster_->admin().ListServers()) n += s.wal_syncs;
      return n;
    };
    const std::string table = NewTable();
    WorkloadOptions o = Options(table, Scheme("trade-salted"), kRows);
    o.durability = static_cast<regionlab::Durability>(durability);
    auto runner = Runner(o);
    QVERIFY(runner);
    const uint64_t before = syncs();
    RL_QVERIFY_OK(runner->Start());
    QCOMPARE(runner->Wait().state, RunState::kFinished);
    const uint64_t synced = syncs() - before;
    // One thread: with SYNC_WAL every put waits for its own sync.
    if (syncEach)
      QVERIFY2(synced >= kRows, qPrintable(QString::number(synced)));
    else
      QVERIFY2(synced < kRows / 4, qPrintable(QString::number(synced)));
  }

  // The rate limit runs on the runner's clock: with a ManualClock the test
  // decides when each slot comes due, and counts what passed.
  void rateLimitHoldsAndIsSmooth() {
    const std::string table = NewTable();
    regionlab::ManualClock clock(1'000'000);
    WorkloadOptions o = Options(table, Scheme("trade-salted"), 1000000);
    o.threads = 3;
    o.ops_per_second = 200;  // one slot every 5 ms of the clock
    o.clock = &clock;
    auto runner = Runner(o);
    QVERIFY(runner);
    RL_QVERIFY_OK(runner->Start());
    // The first slot is now; the other threads wait for theirs.
    QTRY_COMPARE(runner->Snapshot().rows_done, uint64_t{1});
    // 5 ms at a time: exactly one more operation per slot, for 1 s.
    for (uint64_t step = 1; step <= 200; ++step) {
      clock.Advance(5);
      QVERIFY2(WaitFor([&] { return runner->Snapshot().rows_done >= 1 + step; }),
               qPrintable(QStringLiteral("slot %1 never passed").arg(step)));
      QCOMPARE(runner->Snapshot().rows_done, 1 + step);
    }
    QCOMPARE(runner->Snapshot().phase_seconds, 1.0);
    QCOMPARE(runner->Snapshot().ops_per_second, 201.0);
    // A stall of a whole second does not release the 200 missed slots: the
    // slots the threads had claimed pass, and the schedule restarts from now.
    const uint64_t before = runner->Snapshot().rows_done;
    clock.Advance(1000);
    QTRY_VERIFY(runner->Snapshot().rows_done > before);
    QTest::qWait(50);  // what a burst would have let through by now
    QVERIFY2(runner->Snapshot().rows_done <= before + o.threads + 1,
             qPrintable(QString::number(runner->Snapshot().rows_done - before)));
    runner->Cancel();
    QCOMPARE(runner->Wait().state, RunState::kCancelled);
  }

  void pauseStopsProgressResumeContinuesCancelEnds() {
    const std::string table = NewTable();
    regionlab::ManualClock clock(1'000'000);
    WorkloadOptions o = Options(table, Scheme("trade-salted"), 100000000);
    o.threads = 2;
    o.clock = &clock;
    auto runner = Runner(o);
    QVERIFY(runner);
    RL_QVERIFY_OK(runner->Start());
    QTRY_VERIFY_WITH_TIMEOUT(runner->Snapshot().rows_done > 500, 10000);
    clock.Advance(3000);

    runner->Pause();
    QCOMPARE(runner->Snapshot().state, RunState::kPaused);
    // Operations inside the engine when paused finish; then every thread
    // waits at the gate and nothing moves.
    QTRY_COMPARE(runner->Snapshot().threads_paused, 2);
    const WorkloadProgress atPause = runner->Snapshot();
    QCOMPARE(atPause.phase_seconds, 3.0);
    clock.Advance(60000);
    QTest::qWait(50);
    QCOMPARE(runner->Snapshot().rows_done, atPause.rows_done);
    // Paused time does not count as running time.
    QCOMPARE(runner->Snapshot().phase_seconds, 3.0);

    runner->Resume();
    QCOMPARE(runner->Snapshot().state, RunState::kRunning);
    QTRY_COMPARE(runner->Snapshot().threads_paused, 0);  // each thread counts itself out
    QTRY_VERIFY_WITH_TIMEOUT(runner->Snapshot().rows_done > atPause.rows_done + 200, 10000);
    clock.Advance(1000);
    QCOMPARE(runner->Snapshot().phase_seconds, 4.0);

    runner->Cancel();
    const WorkloadProgress p = runner->Wait();
    QCOMPARE(p.state, RunState::kCancelled);
    QVERIFY(p.rows_done < o.rows);
    QCOMPARE(p.errors, uint64_t{0});
    QCOMPARE(p.phase_seconds, 4.0);  // frozen at the end
  }

  // Cancel wakes a thread waiting for a rate slot or for a resume: with a
  // ManualClock that never moves, the run can only end because of it.
  void cancelIsPromptWhilePausedOrThrottled_data() {
    QTest::addColumn<bool>("paused");
    QTest::newRow("waiting for a rate slot") << false;
    QTest::newRow("paused") << true;
  }
  void cancelIsPromptWhilePausedOrThrottled() {
    QFETCH(bool, paused);
    const std::string table = NewTable();
    regionlab::ManualClock clock(1'000'000);
    WorkloadOptions o = Options(table, Scheme("trade-salted"), 1000);
    o.ops_per_second = 0.2;  // one operation per 5 s of a clock that stays put
    o.clock = &clock;
    auto runner = Runner(o);
    QVERIFY(runner);
    RL_QVERIFY_OK(runner->Start());
    QTRY_COMPARE(runner->Snapshot().rows_done, uint64_t{1});
    if (paused) {
      runner->Pause();
      QTRY_COMPARE(runner->Snapshot().threads_paused, 1);
    }
    runner->Cancel();
    QTRY_VERIFY_WITH_TIMEOUT(runner->Snapshot().Ended(), 30000);
    QCOMPARE(runner->Wait().state, RunState::kCancelled);
    QCOMPARE(runner->Snapshot().rows_done, uint64_t{1});
    runner->Cancel();  // after the end: nothing happens
    QCOMPARE(runner->Snapshot().state, RunState::kCancelled);
  }

  void presetsIssueTheirProportions_data() {
    QTest::addColumn<char>("letter");
    for (const auto& p : regionlab::workload::YcsbPresets()) QTest::newRow(p.name) << p.letter;
  }
  void presetsIssueTheirProportions() {
    QFETCH(char, letter);
    const auto* preset = regionlab::workload::FindYcsbPreset(letter);
    QVERIFY(preset);
    constexpr uint64_t kOps = 4000;
    const std::string table = NewTable();
    WorkloadOptions o = Options(table, Scheme("trade-salted"), 1000);
    o.operations = kOps;
    o.mix = preset->mix;
    o.threads = 2;
    auto runner = Runner(o);
    QVERIFY(runner);
    RL_QVERIFY_OK(runner->Start());
    const WorkloadProgress p = runner->Wait();
    QCOMPARE(p.state, RunState::kFinished);
    QCOMPARE(p.errors, uint64_t{0});
    QCOMPARE(p.phase, regionlab::workload::Phase::kRun);
    QCOMPARE(p.rows_done, uint64_t{1000});
    QCOMPARE(p.operations_done, kOps);
    QCOMPARE(p.latency_samples, kOps);
    uint64_t sum = 0;
    const double shares[] = {o.mix.read, o.mix.update, o.mix.insert, o.mix.scan,
                             o.mix.read_modify_write};
    for (int k = 0; k < regionlab::workload::kOperationKinds; ++k) {
      const uint64_t n = p.by_kind[k];
      sum += n;
      // Binomial: within 5 standard deviations (at most ~160 of 4000).
      const double expected = shares[k] * kOps;
      const double sd = std::sqrt(kOps * shares[k] * (1 - shares[k]));
      QVERIFY2(std::abs(static_cast<double>(n) - expected) <= 5 * sd + 1,
               qPrintable(QStringLiteral("%1: %2, expected about %3")
                              .arg(regionlab::workload::OperationName(static_cast<Operation>(k)))
                              .arg(n)
                              .arg(expected)));
    }
    QCOMPARE(sum, kOps);
    // Every read picks a row that was written (loaded or inserted before).
    QCOMPARE(p.reads_missing, uint64_t{0});
    if (o.mix.scan > 0) QVERIFY(p.scanned_rows >= p.Count(Operation::kScan));
    // Inserts add the scheme's next records: the table holds them all.
    auto handle = cluster_->GetTable(table);
    QVERIFY(handle.ok());
    const size_t rows = regionlab::test::ScanRows(**handle).size();
    QCOMPARE(rows, size_t{1000 + p.Count(Operation::kInsert)});
  }

  void ycsbAIsHalfReadsHalfUpdates() {
    const std::string table = NewTable();
    WorkloadOptions o = Options(table, Scheme("trade-salted"), 2000);
    o.operations = 3000;
    o.mix = regionlab::workload::FindYcsbPreset('a')->mix;
    auto runner = Runner(o);
    QVERIFY(runner);
    RL_QVERIFY_OK(runner->Start());
    // Snapshots taken as fast as possible, across the switch from load to
    // run: a phase's rate always uses its own clock.
    WorkloadProgress seen;
    do {
      seen = runner->Snapshot();
      QVERIFY2(seen.ops_per_second < 2e6, qPrintable(QString::number(seen.ops_per_second)));
    } while (!seen.Ended());
    const WorkloadProgress p = runner->Wait();
    QVERIFY(p.load_seconds > 0);
    QVERIFY(p.phase_seconds > 0);
    const uint64_t reads = p.Count(Operation::kRead), updates = p.Count(Operation::kUpdate);
    QCOMPARE(reads + updates, uint64_t{3000});
    QVERIFY2(reads > 1350 && reads < 1650, qPrintable(QString::number(reads)));
    // The updates reached the engine: write requests = loads + updates.
    auto regions = cluster_->admin().ListRegions(table);
    QVERIFY(regions.ok());
    uint64_t writes = 0;
    for (const RegionInfo& r : *regions) writes += WritesOf(r);
    QCOMPARE(writes, 2000 + updates);
  }

  void droppedTableEndsTheRunWithTheError() {
    const std::string table = NewTable();
    WorkloadOptions o = Options(table, Scheme("trade-salted"), 100000000);
    o.threads = 3;
    o.max_errors = 5;
    auto runner = Runner(o);
    QVERIFY(runner);
    RL_QVERIFY_OK(runner->Start());
    QTRY_VERIFY_WITH_TIMEOUT(runner->Snapshot().rows_done > 300, 10000);
    RL_QVERIFY_OK(cluster_->admin().DisableTable(table));
    RL_QVERIFY_OK(cluster_->admin().DeleteTable(table));
    const WorkloadProgress p = runner->Wait();
    QCOMPARE(p.state, RunState::kFailed);
    QVERIFY(p.errors >= 5);
    QVERIFY2(QString::fromStdString(p.first_error).contains(QString::fromStdString(table)),
             p.first_error.c_str());
    QVERIFY2(p.first_error.rfind("load put of row '", 0) == 0, p.first_error.c_str());
  }

  void schemeThatCannotEncodeFailsTheRun() {
    // user-time-file numbers file ids in 6 digits: id 1,000,000 does not fit.
    RowkeyScheme s = Scheme("user-time-file");
    for (auto& m : s.workload.models)
      if (m.field == "fileId") m.min = 999990;
    const std::string table = NewTable();
    auto runner = Runner(Options(table, s, 100));
    QVERIFY(runner);
    RL_QVERIFY_OK(runner->Start());
    const WorkloadProgress p = runner->Wait();
    QCOMPARE(p.state, RunState::kFailed);
    QCOMPARE(p.rows_done, uint64_t{10});
    QVERIFY2(QString::fromStdString(p.first_error).contains(QStringLiteral("fileId")),
             p.first_error.c_str());
  }

  void badOptionsAreRefused_data() {
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("message");
    QTest::newRow("no table") << "no table"
                              << "no table given";
    QTest::newRow("unknown table") << "unknown table"
                                   << "nosuch";
    QTest::newRow("unknown family") << "unknown family"
                                    << "has no family 'x' (families: f)";
    QTest::newRow("disabled table") << "disabled table"
                                    << "is disabled";
    QTest::newRow("threads") << "threads"
                             << "threads must be 1..256, not 0";
    QTest::newRow("value size") << "value size"
                                << "over the limit";
    QTest::newRow("rate") << "rate"
                          << "rate limit";
    QTest::newRow("nothing") << "nothing"
                             << "nothing to do";
    QTest::newRow("empty mix") << "empty mix"
                               << "mix is empty";
    QTest::newRow("reads without rows") << "reads without rows"
                                        << "at least one row";
    QTest::newRow("bad scheme") << "bad scheme"
                                << "scheme 'broken'";
  }
  void badOptionsAreRefused() {
    QFETCH(QString, what);
    QFETCH(QString, message);
    const std::string table = NewTable();
    WorkloadOptions o = Options(table, Scheme("trade-salted"), 10);
    if (what == "no table") o.table.clear();
    if (what == "unknown table") o.table = "nosuch";
    if (what == "unknown family") o.family = "x";
    if (what == "disabled table") RL_QVERIFY_OK(cluster_->admin().DisableTable(table));
    if (what == "threads") o.threads = 0;
    if (what == "value size") o.value_size = regionlab::workload::kMaxValueSize + 1;
    if (what == "rate") o.ops_per_second = -1;
    if (what == "nothing") o.rows = 0;
    if (what == "empty mix") o.operations = 10;
    if (what == "reads without rows") {
      o.rows = 0;
      o.operations = 10;
      o.mix.read = 1;
    }
    if (what == "bad scheme") {
      o.scheme.name = "broken";
      o.scheme.segments.clear();
    }
    auto r = WorkloadRunner::Create(cluster_.get(), o);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.status().ToString()).contains(message),
             r.status().ToString().c_str());
  }

  void timestampFirstHitsOneRegionSaltedSpreads() {
    constexpr uint64_t kRows = 4000;
    // The same 16-region layout for both designs.
    const std::string hot = NewTable(regionlab::test::SaltSplits());
    const std::string salted = NewTable(regionlab::test::SaltSplits());
    for (const auto& [table, scheme] : {std::pair{hot, QStringLiteral("ts-first")},
                                        std::pair{salted, QStringLiteral("trade-salted")}}) {
      WorkloadOptions o = Options(table, Scheme(scheme), kRows);
      o.threads = 2;
      auto runner = Runner(o);
      QVERIFY(runner);
      RL_QVERIFY_OK(runner->Start());
      QCOMPARE(runner->Wait().state, RunState::kFinished);
    }
    auto hotRegions = cluster_->admin().ListRegions(hot);
    auto saltedRegions = cluster_->admin().ListRegions(salted);
    QVERIFY(hotRegions.ok() && saltedRegions.ok());
    QCOMPARE(hotRegions->size(), size_t{16});
    QCOMPARE(saltedRegions->size(), size_t{16});
    // Timestamp first: every write in the first region's range.
    QCOMPARE(WritesOf(hotRegions->front()), kRows);
    for (size_t i = 1; i < hotRegions->size(); ++i)
      QCOMPARE(WritesOf((*hotRegions)[i]), uint64_t{0});
    // Salted: every region written, none more than 1.5 times the mean.
    uint64_t sum = 0, most = 0;
    for (const RegionInfo& r : *saltedRegions) {
      QVERIFY2(WritesOf(r) > 0, r.encoded_name.c_str());
      sum += WritesOf(r);
      most = std::max(most, WritesOf(r));
    }
    QCOMPARE(sum, kRows);
    QVERIFY2(most < 1.5 * kRows / 16, qPrintable(QString::number(most)));
  }

  void keyChooserFollowsYcsb() {
    using regionlab::workload::KeyChooser;
    using regionlab::workload::RequestDistribution;
    regionlab::Random rng(5);
    // Uniform: over the loaded records only, each about as often.
    KeyChooser uniform(RequestDistribution::kUniform, 10, 0);
    std::vector<int> hits(20, 0);
    for (int i = 0; i < 10000; ++i) ++hits[uniform.Next(rng, 20)];
    for (int k = 0; k < 10; ++k) QVERIFY(hits[k] > 800 && hits[k] < 1200);
    for (int k = 10; k < 20; ++k) QCOMPARE(hits[k], 0);
    // Zipfian: never a record that does not exist yet; popular records get
    // far more than their share. (YCSB's scrambled Zipfian draws from 10^10
    // items, the most popular holding 1/zeta = 3.8% of the picks, and
    // hashes them onto the records.)
    KeyChooser zipf(RequestDistribution::kZipfian, 1000, 200);
    std::vector<int> z(1000, 0);
    for (int i = 0; i < 20000; ++i) {
      const uint64_t k = zipf.Next(rng, 1000);
      QVERIFY(k < 1000);
      ++z[k];
    }
    std::sort(z.rbegin(), z.rend());
    int top = 0;
    for (int k = 0; k < 100; ++k) top += z[k];
    QVERIFY2(z[0] > 20000 / 50, qPrintable(QString::number(z[0])));  // uniform: 20 each
    QVERIFY2(top > 20000 / 4, qPrintable(QString::number(top)));     // uniform: 10%
    // Latest: skewed to the newest record, following inserts.
    KeyChooser latest(RequestDistribution::kLatest, 1000, 0);
    int newest = 0;
    for (int i = 0; i < 10000; ++i) {
      const uint64_t k = latest.Next(rng, 1500);
      QVERIFY(k < 1500);
      newest += k >= 1490 ? 1 : 0;
    }
    QVERIFY2(newest > 10000 / 3, qPrintable(QString::number(newest)));
  }
};

QTEST_GUILESS_MAIN(WorkloadRunnerTest)
#include "workload_runner_test.moc"
