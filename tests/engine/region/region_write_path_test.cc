// The write path's group commit without copies: Close while writers are in
// flight (each write either lands or is refused, never lost or hung), the
// lock-free memstore size counters that trigger flushes and block writers,
// and the one case that still copies a mutation (a version delete without
// a timestamp).
#include <QtTest>
#include <atomic>
#include <thread>

#include "region_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {
std::unique_ptr<Region> OpenRegion(const std::string& dir, RegionOptions options = {}) {
  auto r = Region::Open(options, dir, Descriptor({Family("f", 3)}));
  if (!r.ok()) qWarning("%s", r.status().ToString().c_str());
  return r.ok() ? std::move(*r) : nullptr;
}
}  // namespace

class RegionWritePathTest : public QObject {
  Q_OBJECT

 private slots:
  // Writers racing Close: every Mutate returns OK or Aborted, Close returns,
  // and every acknowledged write is there after reopening.
  void closeDuringConcurrentWrites() {
    TempDir dir;
    RegionOptions options;
    options.memstore_flush_size = 64 << 10;  // swaps and flushes during the race
    auto region = OpenRegion(dir.path(), options);
    QVERIFY(region);
    constexpr int kThreads = 4;
    std::atomic<bool> stop{false};
    std::atomic<int> unexpected{0};
    std::atomic<int> progress{0};  // the main thread reads only this while writers run
    std::vector<std::vector<std::string>> acked(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        RowMutation m;  // reused, as the benchmark's client does
        m.Put("f", "q", std::string(100, 'v'));
        for (int i = 0; !stop.load(); ++i) {
          m.row = "t" + std::to_string(t) + "-" + std::to_string(100000 + i);
          const Status s = region->Mutate(m);
          if (s.ok()) {
            acked[t].push_back(m.row);
            ++progress;
          } else if (s.IsAborted()) {
            break;  // closed
          } else {
            ++unexpected;
            break;
          }
        }
      });
    }
    QTRY_VERIFY(progress.load() > 1000);
    RL_QVERIFY_OK(region->Close());
    stop = true;
    for (auto& th : threads) th.join();
    QCOMPARE(unexpected.load(), 0);
    RowMutation late;
    late.row = "late";
    late.Put("f", "q", "v");
    QVERIFY(region->Mutate(late).IsAborted());
    region.reset();

    auto reopened = OpenRegion(dir.path(), options);
    QVERIFY(reopened);
    size_t total = 0;
    for (const auto& rows : acked) total += rows.size();
    QCOMPARE(ScanAll(reopened.get()).size(), total);
    Get get;
    for (const auto& rows : acked) {
      get.row = rows.back();
      auto r = reopened->DoGet(get);
      RL_QVERIFY_OK(r.status());
      QCOMPARE(r->cells.size(), size_t(1));
    }
  }

  // The memstore size counters: writing past MEMSTORE_FLUSHSIZE flushes,
  // a flushed region reports an empty memstore, and the memstore never
  // grows far past its blocking size. A single fast writer outruns the
  // flushes and blocks, so this also shows that a blocked writer is never
  // left waiting once the flush it arrived during has finished.
  void memstoreCountersDriveFlushes() {
    TempDir dir;
    RegionOptions options;
    options.memstore_flush_size = 128 << 10;
    options.compaction.auto_compact = false;
    options.durability = Durability::kAsyncWal;  // 20 000 writes without 20 000 fdatasyncs
    auto region = OpenRegion(dir.path(), options);
    QVERIFY(region);
    uint64_t peak = 0;
    RowMutation m;
    m.Put("f", "q", std::string(200, 'x'));
    for (int i = 0; i < 20000; ++i) {
      m.row = "row" + std::to_string(1000000 + i);
      RL_QVERIFY_OK(region->Mutate(m));
      if (i % 100 == 0) peak = std::max(peak, region->GetMetrics().memstore_heap_bytes);
    }
    RL_QVERIFY_OK(region->WaitForBackgroundWork());
    const RegionMetrics metrics = region->GetMetrics();
    QVERIFY2(metrics.flushes >= 5, qPrintable(QString::number(metrics.flushes)));  // ~5 MB in 128 KiB flushes
    QVERIFY2(peak <= 4 * options.memstore_flush_size + (64 << 10), qPrintable(QString::number(peak)));
    RL_QVERIFY_OK(region->Flush());
    QCOMPARE(region->GetMetrics().memstore_heap_bytes, quint64(0));
    QCOMPARE(ScanAll(region.get()).size(), size_t(20000));
  }

  // A version delete without a timestamp takes the newest version's (the
  // write path's one resolved copy); the caller's mutation is unchanged.
  void latestVersionDeleteResolvesOnACopy() {
    TempDir dir;
    auto region = OpenRegion(dir.path());
    QVERIFY(region);
    RowMutation put;
    put.row = "r";
    put.Put("f", "q", "old", 5).Put("f", "q", "new", 7);
    RL_QVERIFY_OK(region->Mutate(put));
    RowMutation del;
    del.row = "r";
    del.DeleteColumn("f", "q");
    RL_QVERIFY_OK(region->Mutate(del));
    QCOMPARE(del.cells.front().timestamp, kLatestTimestamp);
    Get get;
    get.row = "r";
    get.max_versions = 3;
    auto r = region->DoGet(get);
    RL_QVERIFY_OK(r.status());
    QCOMPARE(Describe(r->cells), QStringList({"r/f:q@5=old"}));
  }
};

QTEST_GUILESS_MAIN(RegionWritePathTest)
#include "region_write_path_test.moc"
