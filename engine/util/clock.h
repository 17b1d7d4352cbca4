// Clock: the engine's source of "now", injectable so TTL tests control time.
#pragma once

#include <atomic>
#include <cstdint>

namespace regionlab {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds since the Unix epoch, like System.currentTimeMillis().
  virtual int64_t NowMillis() const = 0;
  // The wall clock. Never deleted.
  static Clock* System();
};

// A clock that only moves when told to. Thread-safe.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(int64_t start_millis) : now_(start_millis) {}
  int64_t NowMillis() const override { return now_.load(std::memory_order_acquire); }
  void Set(int64_t millis) { now_.store(millis, std::memory_order_release); }
  void Advance(int64_t millis) { now_.fetch_add(millis, std::memory_order_acq_rel); }

 private:
  std::atomic<int64_t> now_;
};

}  // namespace regionlab
