// ReadAhead: one background thread that loads data blocks into a block cache
// ahead of a scan, so that the scanning thread finds them decompressed and
// checked when it gets there.
//
// Two kinds of scan ask for loads:
//   - a store-file iterator that has entered several blocks in a row, each
//     next to the one before (a long scan; see
//     StoreFileIterator::kReadAheadAfterBlocks), asks for the block after
//     each further block it enters;
//   - a forward scan with a row limit asks, when it opens, for the blocks
//     its limit is expected to need in each file (region/scan_read_ahead.h).
// A request names a BlockSource (the store file reader) and a block number;
// the thread calls source->LoadBlockIntoCache(block), which reads, checks
// and caches the block unless it is cached already. The scanning thread then
// takes the block from the cache as it takes any other cached block. A block
// the thread is loading at that moment is waited for (WaitIfLoading), not
// decompressed twice; a block that is not there yet otherwise (still queued,
// a dropped request) is read by the scanner itself. So read-ahead never
// changes what a read returns, only which thread decompresses the block. A
// load that fails (IO, CRC) caches nothing; the scanner then reads the block
// and reports the error itself.
//
// A request holds its source weakly: a reader that is closed while its loads
// wait is not kept open by them, and its loads are skipped.
//
// This plays the part of HBase's stream reads with readahead for long scans
// (Scan.ReadType STREAM), done here on the block cache rather than the file
// system.
//
// Priority: the thread runs under Linux's SCHED_IDLE policy, so it uses a
// core only when no ordinary thread wants it. Read-ahead is meant for the
// core a scan leaves spare. When another program, or the app's own threads,
// keep the other core busy, a thread at ordinary priority takes its share of
// the scanning thread's core, and the scan ends up slower than if it read its
// blocks itself. At idle priority the thread waits instead: its requests stay
// queued (or are dropped when the queue is full) and the scan reads those
// blocks itself, as it does any block that is not loaded yet. Where the
// policy cannot be set, the thread keeps the default one (IdlePriority()).
//
// Queueing: at most kMaxQueued requests wait; more are dropped (the scanner
// reads those blocks itself). After its queue runs dry the thread polls for
// kIdlePollMicros before it sleeps, so neither a long scan's steady stream of
// requests nor a series of short scans (a seek and a hundred rows takes
// 20-80 µs here) pays a wake-up per request: waking a sleeping thread is a
// system call for the scan, and on a virtual machine the sleeping thread's
// core may take tens of microseconds to run it. Polling takes no core from
// another thread: at idle priority the thread gives up its core at once to
// any thread that wants it. It does keep an otherwise idle core busy for up
// to kIdlePollMicros after a scan's last request.
//
// Thread-safety: Request may be called from any thread. The destructor drops
// the requests still queued and waits for a load that is running.
// WaitIfLoading takes no lock: a reader asks it on every cache miss, and a
// reader that found the lock held by the thread (taking its next request or
// finishing a load) would sleep in the kernel and be woken by a system call,
// which costs more than the load it waits for. The queue is a fixed ring, so
// that requests and loads allocate nothing and free nothing across threads.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>

#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace regionlab {

// Something whose blocks can be read into the cache by number.
class BlockSource {
 public:
  virtual ~BlockSource() = default;
  // Reads block `block` into the cache unless it is there already. Errors
  // are not reported: the reader of the block meets them again.
  virtual void LoadBlockIntoCache(size_t block) const = 0;
};

// One load to queue: block `block` of `source`, held weakly.
struct BlockLoad {
  std::weak_ptr<const BlockSource> source;
  size_t block = 0;
};

struct ReadAheadStats {
  uint64_t requested = 0;  // requests queued
  uint64_t dropped = 0;    // requests refused because the queue was full
  uint64_t loaded = 0;     // requests the thread ran
  uint64_t skipped = 0;    // requests whose source was gone when their turn came
};

class ReadAhead {
 public:
  static constexpr size_t kMaxQueued = 64;
  // How long the idle thread polls for a request before it sleeps.
  static constexpr int kIdlePollMicros = 1000;
  // How long WaitIfLoading waits by default for a running load, which takes
  // a few microseconds unless the thread was preempted.
  static constexpr int kMaxLoadWaitMicros = 50;

  ReadAhead();
  ~ReadAhead();

  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // Queues a load of `block` of `source`; false (and nothing queued) when
  // the queue is full.
  bool Request(std::weak_ptr<const BlockSource> source, size_t block);
  // Queues the loads in order (moving them out of `loads`) under one lock,
  // with one wake-up: a scan that opens asks for several at once. Loads
  // that find the queue full are dropped. Returns how many were queued.
  size_t Request(std::span<BlockLoad> loads);

  // When the thread is loading `block` of `source` right now, waits for that
  // load to finish -- spinning, as a load takes microseconds -- and returns
  // true: the caller then finds the block cached (unless the load failed)
  // instead of decompressing it a second time. False at once when that load
  // is not running (queued, or never asked for), and false after `max_wait`
  // if it is still running then (the thread was preempted): the caller
  // loads the block itself.
  bool WaitIfLoading(
      const BlockSource* source, size_t block,
      std::chrono::microseconds max_wait = std::chrono::microseconds(kMaxLoadWaitMicros));

  // Blocks until every queued request has run (for tests that want the
  // cache settled).
  void WaitIdle();

  ReadAheadStats GetStats() const;

  // True when the thread runs under SCHED_IDLE (see "Priority" above).
  bool IdlePriority() const;

 private:
  void Loop();
  // The queue: a ring of kMaxQueued slots.
  void PushLocked(BlockLoad load) REQUIRES(mu_);
  BlockLoad PopLocked() REQUIRES(mu_);
  void ClearLocked() REQUIRES(mu_);

  mutable Mutex mu_;
  CondVar work_cv_{&mu_};
  CondVar idle_cv_{&mu_};
  std::array<BlockLoad, kMaxQueued> ring_ GUARDED_BY(mu_);
  size_t head_ GUARDED_BY(mu_) = 0;   // the oldest request's slot
  size_t count_ GUARDED_BY(mu_) = 0;  // requests queued
  std::atomic<size_t> queued_{0};     // count_, read without the lock while polling
  bool sleeping_ GUARDED_BY(mu_) = false;     // the thread waits on work_cv_
  bool running_job_ GUARDED_BY(mu_) = false;  // a job was taken and has not finished (WaitIdle)
  // The load running, for WaitIfLoading without the lock. The thread writes
  // the source and block of load n before it counts n in started_, and
  // counts n in finished_ when that load is done; it writes the next load's
  // source and block only after that. So a reader that sees started_ = n,
  // then the source and block, then finished_ = n - 1 has read load n's.
  // Only loads whose source is alive are counted.
  std::atomic<const BlockSource*> running_source_{nullptr};
  std::atomic<size_t> running_block_{0};
  std::atomic<uint64_t> started_{0};
  std::atomic<uint64_t> finished_{0};
  bool stopping_ GUARDED_BY(mu_) = false;
  ReadAheadStats stats_ GUARDED_BY(mu_);
  std::thread thread_;
  const std::thread::native_handle_type native_thread_;  // thread_'s, for its policy
};

}  // namespace regionlab
