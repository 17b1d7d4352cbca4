#include "cache/read_ahead.h"

#include <chrono>
#include <utility>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace regionlab {

namespace {

// Both spins (the idle thread waiting for a request, a reader waiting for a
// load) read their flag after every pause: one pause is some 20-40 ns, and
// a hand-over noticed a few pauses late costs the scan that much on every
// request. The clock, which costs about a pause itself, is read every
// kPollsPerClockRead polls.
constexpr uint32_t kPollsPerClockRead = 32;

void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

}  // namespace

ReadAhead::ReadAhead() : thread_([this] { Loop(); }), native_thread_(thread_.native_handle()) {
#if defined(__linux__) && defined(SCHED_IDLE)
  // Set from here rather than from the thread, so that IdlePriority() holds
  // as soon as the constructor returns. A failure leaves the default policy.
  sched_param param{};
  param.sched_priority = 0;
  (void)pthread_setschedparam(native_thread_, SCHED_IDLE, &param);
#endif
}

ReadAhead::~ReadAhead() {
  {
    MutexLock lock(&mu_);
    stopping_ = true;
    ClearLocked();
  }
  work_cv_.Signal();
  thread_.join();
}

bool ReadAhead::Request(std::weak_ptr<const BlockSource> source, size_t block) {
  BlockLoad load{std::move(source), block};
  return Request(std::span<BlockLoad>(&load, 1)) == 1;
}

size_t ReadAhead::Request(std::span<BlockLoad> loads) {
  if (loads.empty()) return 0;
  size_t queued = 0;
  bool wake = false;
  {
    MutexLock lock(&mu_);
    for (BlockLoad& load : loads) {
      if (stopping_ || count_ >= kMaxQueued) {
        ++stats_.dropped;
        continue;
      }
      PushLocked(std::move(load));
      ++queued;
    }
    queued_.store(count_, std::memory_order_release);
    stats_.requested += queued;
    wake = sleeping_ && queued != 0;
  }
  if (wake) work_cv_.Signal();
  return queued;
}

bool ReadAhead::WaitIfLoading(const BlockSource* source, size_t block,
                              std::chrono::microseconds max_wait) {
  // Load n = started is running while finished is n - 1; see the members.
  const uint64_t started = started_.load(std::memory_order_acquire);
  const BlockSource* running_source = running_source_.load(std::memory_order_acquire);
  const size_t running_block = running_block_.load(std::memory_order_acquire);
  const uint64_t seen = finished_.load(std::memory_order_acquire);
  if (seen + 1 != started || running_source != source || running_block != block) return false;
  const auto until = std::chrono::steady_clock::now() + max_wait;
  for (uint32_t polls = 1; finished_.load(std::memory_order_acquire) == seen; ++polls) {
    CpuRelax();
    if (polls % kPollsPerClockRead == 0 && std::chrono::steady_clock::now() > until) return false;
  }
  return true;
}

void ReadAhead::WaitIdle() {
  MutexLock lock(&mu_);
  while (!stopping_ && (count_ != 0 || running_job_)) idle_cv_.Wait();
}

ReadAheadStats ReadAhead::GetStats() const {
  MutexLock lock(&mu_);
  return stats_;
}

bool ReadAhead::IdlePriority() const {
#if defined(__linux__) && defined(SCHED_IDLE)
  int policy = 0;
  sched_param param{};
  return pthread_getschedparam(native_thread_, &policy, &param) == 0 && policy == SCHED_IDLE;
#else
  return false;
#endif
}

void ReadAhead::Loop() {
  MutexLock lock(&mu_);
  while (true) {
    if (count_ == 0 && !stopping_) {
      idle_cv_.SignalAll();
      // Poll before sleeping: the next request, of this scan or the next
      // one, usually comes within kIdlePollMicros (see the header).
      lock.Unlock();
      const auto until =
          std::chrono::steady_clock::now() + std::chrono::microseconds(kIdlePollMicros);
      for (uint32_t polls = 1; queued_.load(std::memory_order_acquire) == 0; ++polls) {
        CpuRelax();
        if (polls % kPollsPerClockRead == 0 && std::chrono::steady_clock::now() >= until) break;
      }
      lock.Lock();
      sleeping_ = true;
      while (!stopping_ && count_ == 0) work_cv_.Wait();
      sleeping_ = false;
    }
    if (stopping_) return;
    BlockLoad job = PopLocked();
    queued_.store(count_, std::memory_order_relaxed);
    running_job_ = true;
    lock.Unlock();
    std::shared_ptr<const BlockSource> source = job.source.lock();
    job.source.reset();
    const bool ran = source != nullptr;
    if (ran) {
      running_source_.store(source.get(), std::memory_order_release);
      running_block_.store(job.block, std::memory_order_release);
      started_.fetch_add(1, std::memory_order_release);
      source->LoadBlockIntoCache(job.block);
      finished_.fetch_add(1, std::memory_order_release);
    }
    source.reset();  // a source whose owners let go meanwhile is destroyed here, outside the lock
    lock.Lock();
    running_job_ = false;
    ++(ran ? stats_.loaded : stats_.skipped);
  }
}

void ReadAhead::PushLocked(BlockLoad load) {
  ring_[(head_ + count_) % kMaxQueued] = std::move(load);
  ++count_;
}

BlockLoad ReadAhead::PopLocked() {
  BlockLoad load = std::move(ring_[head_]);
  ring_[head_].source.reset();
  head_ = (head_ + 1) % kMaxQueued;
  --count_;
  return load;
}

void ReadAhead::ClearLocked() {
  while (count_ != 0) PopLocked();
  queued_.store(0, std::memory_order_relaxed);
}

}  // namespace regionlab
