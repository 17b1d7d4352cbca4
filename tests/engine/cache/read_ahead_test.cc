// ReadAhead tests: requests run in order on the background thread, a full
// queue refuses requests instead of growing, a sleeping thread wakes for a new
// request, a request whose source is gone is skipped, destruction drops
// queued requests without running them, and a reader can wait for the load
// that is running (and only for that one), also after skipped loads. The
// queue is a ring: requests keep their order as it wraps around. The thread
// runs at idle priority.
#include "cache/read_ahead.h"

#include <QtTest>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

using namespace regionlab;

namespace {

// Records the blocks it is asked to load. With a gate, a load of block
// `gated_block` waits until Open() is called.
class FakeSource final : public BlockSource {
 public:
  explicit FakeSource(bool gated = false, size_t gated_block = 0)
      : gated_(gated), gated_block_(gated_block) {}

  void LoadBlockIntoCache(size_t block) const override {
    if (gated_ && block == gated_block_) {
      std::unique_lock<std::mutex> lock(mu_);
      waiting_ = true;
      cv_.notify_all();
      cv_.wait(lock, [this] { return open_; });
    }
    std::lock_guard<std::mutex> lock(mu_);
    loaded_.push_back(block);
  }

  // Waits until a load is held at the gate.
  void WaitUntilHeld() const {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return waiting_; });
  }
  void Open() const {
    std::lock_guard<std::mutex> lock(mu_);
    open_ = true;
    cv_.notify_all();
  }
  std::vector<size_t> loaded() const {
    std::lock_guard<std::mutex> lock(mu_);
    return loaded_;
  }

 private:
  const bool gated_;
  const size_t gated_block_;
  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  mutable bool waiting_ = false;
  mutable bool open_ = false;
  mutable std::vector<size_t> loaded_;
};

// Keeps the read-ahead thread busy with a load of block 0 of the returned
// source until its Open() is called.
std::shared_ptr<FakeSource> HoldThread(ReadAhead* ra) {
  auto gate = std::make_shared<FakeSource>(/*gated=*/true, /*gated_block=*/0);
  if (!ra->Request(gate, 0)) qFatal("the read-ahead queue refused the first request");
  gate->WaitUntilHeld();
  return gate;
}

}  // namespace

class ReadAheadTest : public QObject {
  Q_OBJECT
 private slots:
  void runsRequestsInOrder() {
    ReadAhead ra;
    auto source = std::make_shared<FakeSource>();
    std::vector<size_t> expected;
    for (size_t b = 0; b < 20; ++b) {
      QVERIFY(ra.Request(source, b));
      expected.push_back(b);
      if (b % 5 == 4) ra.WaitIdle();  // stay within the queue bound
    }
    ra.WaitIdle();
    QCOMPARE(source->loaded(), expected);
    const ReadAheadStats s = ra.GetStats();
    QCOMPARE(quint64(s.requested), quint64(20));
    QCOMPARE(quint64(s.loaded), quint64(20));
    QCOMPARE(quint64(s.dropped), quint64(0));
  }

  // The queue is a ring of kMaxQueued slots: batches that fill it most of
  // the way, again and again, start and end at every slot, and each load
  // still runs once, in the order asked.
  void ringKeepsOrderAcrossWrapAround() {
    ReadAhead ra;
    auto source = std::make_shared<FakeSource>();
    std::vector<size_t> expected;
    const size_t batch = ReadAhead::kMaxQueued - 7;  // coprime with the ring's size
    size_t next = 0;
    for (int round = 0; round < 9; ++round) {
      auto gate = HoldThread(&ra);  // everything below waits in the ring
      for (size_t k = 0; k < batch; ++k, ++next) {
        QVERIFY(ra.Request(source, next));
        expected.push_back(next);
      }
      gate->Open();
      ra.WaitIdle();
    }
    QCOMPARE(source->loaded(), expected);
    QCOMPARE(quint64(ra.GetStats().dropped), quint64(0));
  }

  // While the thread is busy, kMaxQueued requests wait and the next one is
  // refused; the refused block is never loaded.
  void fullQueueRefusesRequests() {
    ReadAhead ra;
    auto gate = HoldThread(&ra);
    auto source = std::make_shared<FakeSource>();
    for (size_t b = 0; b < ReadAhead::kMaxQueued; ++b) QVERIFY(ra.Request(source, b));
    QVERIFY(!ra.Request(source, 999));
    gate->Open();
    ra.WaitIdle();
    const std::vector<size_t> loaded = source->loaded();
    QCOMPARE(loaded.size(), ReadAhead::kMaxQueued);
    QVERIFY(std::find(loaded.begin(), loaded.end(), 999u) == loaded.end());
    const ReadAheadStats s = ra.GetStats();
    QCOMPARE(quint64(s.requested), quint64(ReadAhead::kMaxQueued + 1));
    QCOMPARE(quint64(s.dropped), quint64(1));
    QCOMPARE(quint64(s.loaded), quint64(ReadAhead::kMaxQueued + 1));
  }

  // A batch is queued in its order behind what is already queued; the loads
  // that find the queue full are dropped, the others still run.
  void batchQueuesInOrderAndDropsPastTheBound() {
    ReadAhead ra;
    auto gate = HoldThread(&ra);
    auto source = std::make_shared<FakeSource>();
    const size_t before = ReadAhead::kMaxQueued - 3;
    for (size_t b = 0; b < before; ++b) QVERIFY(ra.Request(source, b));
    std::vector<BlockLoad> batch;
    for (size_t b : {500u, 501u, 502u, 503u, 504u}) batch.push_back(BlockLoad{source, b});
    QCOMPARE(ra.Request(batch), size_t(3));
    QCOMPARE(ra.Request(std::span<BlockLoad>()), size_t(0));
    gate->Open();
    ra.WaitIdle();
    std::vector<size_t> expected;
    for (size_t b = 0; b < before; ++b) expected.push_back(b);
    for (size_t b : {500u, 501u, 502u}) expected.push_back(b);
    QCOMPARE(source->loaded(), expected);
    const ReadAheadStats s = ra.GetStats();
    QCOMPARE(quint64(s.requested), quint64(1 + before + 3));  // the gate's request too
    QCOMPARE(quint64(s.dropped), quint64(2));
  }

  // A request made after the thread stopped polling and went to sleep is
  // still run.
  void sleepingThreadWakesForARequest() {
    ReadAhead ra;
    auto source = std::make_shared<FakeSource>();
    QVERIFY(ra.Request(source, 1));
    ra.WaitIdle();
    std::this_thread::sleep_for(std::chrono::microseconds(ReadAhead::kIdlePollMicros * 20));
    QVERIFY(ra.Request(source, 2));
    ra.WaitIdle();
    QCOMPARE(source->loaded(), (std::vector<size_t>{1, 2}));
  }

  // A request whose source was released while it waited is skipped: the
  // queue does not keep sources alive.
  void releasedSourceIsSkipped() {
    ReadAhead ra;
    auto gate = HoldThread(&ra);
    auto queued = std::make_shared<FakeSource>();
    std::weak_ptr<FakeSource> watch = queued;
    for (size_t b = 1; b <= 5; ++b) QVERIFY(ra.Request(queued, b));
    queued.reset();
    QVERIFY(watch.expired());  // the queue held no reference
    gate->Open();
    ra.WaitIdle();
    const ReadAheadStats s = ra.GetStats();
    QCOMPARE(quint64(s.loaded), quint64(1));
    QCOMPARE(quint64(s.skipped), quint64(5));
  }

  // Destruction does not work through the queue: the load that is running
  // finishes, the rest are dropped.
  void destructionDropsQueuedRequests() {
    auto slow = std::make_shared<std::atomic<int>>(0);
    class SlowSource final : public BlockSource {
     public:
      explicit SlowSource(std::shared_ptr<std::atomic<int>> n) : n_(std::move(n)) {}
      void LoadBlockIntoCache(size_t) const override {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        n_->fetch_add(1);
      }

     private:
      std::shared_ptr<std::atomic<int>> n_;
    };
    auto source = std::make_shared<SlowSource>(slow);
    auto ra = std::make_unique<ReadAhead>();
    for (size_t b = 0; b < ReadAhead::kMaxQueued; ++b) QVERIFY(ra->Request(source, b));
    ra.reset();
    QVERIFY(slow->load() < int(ReadAhead::kMaxQueued));
    QCOMPARE(source.use_count(), 1L);
  }

  // WaitIfLoading waits only for the load running at that moment: it returns
  // true once that load has finished, false at once for a block that is
  // queued or never asked for, and false when the load outlasts max_wait.
  void waitIfLoadingWaitsForTheRunningLoadOnly() {
    ReadAhead ra;
    auto gate = HoldThread(&ra);  // block 0 of `gate` is loading now
    auto queued = std::make_shared<FakeSource>();
    QVERIFY(ra.Request(queued, 5));
    const auto no_limit = std::chrono::seconds(60);
    QVERIFY(!ra.WaitIfLoading(gate.get(), 1, no_limit));                      // another block
    QVERIFY(!ra.WaitIfLoading(queued.get(), 0, no_limit));                    // another source
    QVERIFY(!ra.WaitIfLoading(queued.get(), 5, no_limit));                    // queued, not running
    QVERIFY(!ra.WaitIfLoading(gate.get(), 0, std::chrono::milliseconds(2)));  // outlasts
    QVERIFY(gate->loaded().empty());

    std::thread opener([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      gate->Open();
    });
    const bool waited = ra.WaitIfLoading(gate.get(), 0, no_limit);
    const std::vector<size_t> loaded = gate->loaded();  // read before anything else runs
    opener.join();
    QVERIFY(waited);
    QCOMPARE(loaded, std::vector<size_t>{0});  // the load had finished
    ra.WaitIdle();
    QCOMPARE(queued->loaded(), std::vector<size_t>{5});
    QVERIFY(!ra.WaitIfLoading(gate.get(), 0, no_limit));  // nothing running any more
  }

  // The thread runs under SCHED_IDLE, so that it takes only a core nothing
  // else wants (the policy is the operating system's answer for the thread),
  // and its loads still run.
  void runsAtIdlePriority() {
    ReadAhead ra;
    QVERIFY(ra.IdlePriority());
    auto source = std::make_shared<FakeSource>();
    QVERIFY(ra.Request(source, 3));
    ra.WaitIdle();
    QCOMPARE(source->loaded(), std::vector<size_t>{3});
  }

  // A load skipped because its source is gone is never "running": a reader
  // does not wait for it, and the load after it is recognised as running.
  void waitIfLoadingAfterSkippedLoads() {
    ReadAhead ra;
    auto gate = HoldThread(&ra);
    auto gone = std::make_shared<FakeSource>();
    const FakeSource* gone_address = gone.get();
    QVERIFY(ra.Request(gone, 3));
    QVERIFY(ra.Request(gone, 4));
    auto next = std::make_shared<FakeSource>(/*gated=*/true, /*gated_block=*/7);
    QVERIFY(ra.Request(next, 7));
    gone.reset();  // its two loads will be skipped
    gate->Open();
    next->WaitUntilHeld();  // the skipped loads are behind us; block 7 is loading
    const auto no_limit = std::chrono::seconds(60);
    QVERIFY(!ra.WaitIfLoading(gone_address, 3, no_limit));
    QVERIFY(!ra.WaitIfLoading(gone_address, 4, no_limit));
    QVERIFY(!ra.WaitIfLoading(gate.get(), 0, no_limit));  // finished before the skips
    std::thread opener([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      next->Open();
    });
    const bool waited = ra.WaitIfLoading(next.get(), 7, no_limit);
    const std::vector<size_t> loaded = next->loaded();
    opener.join();
    QVERIFY(waited);
    QCOMPARE(loaded, std::vector<size_t>{7});
    ra.WaitIdle();
    const ReadAheadStats s = ra.GetStats();
    QCOMPARE(quint64(s.skipped), quint64(2));
    QCOMPARE(quint64(s.loaded), quint64(2));  // the gate's and block 7
  }
};

QTEST_GUILESS_MAIN(ReadAheadTest)
#include "read_ahead_test.moc"
