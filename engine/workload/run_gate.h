// RunGate: what a workload thread passes before each operation — pause,
// cancel and the rate limit, shared by all of a run's threads.
//
// The rate limit is smooth, not bursty: operations are given start times
// 1/rate apart on one schedule for all threads (a thread waits for its
// slot). A schedule that has fallen behind (the engine was slower than the
// rate, or the run was paused) restarts from now instead of letting the
// missed slots through at once, so no burst follows a stall or a resume.
//
// Pause and cancel take effect at once for threads waiting here (for their
// slot or for a resume); a thread inside an engine call finishes that one
// call first.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace regionlab::workload {

class RunGate {
 public:
  using Clock = std::chrono::steady_clock;

  // `ops_per_second` <= 0: no limit.
  explicit RunGate(double ops_per_second);

  // Blocks while paused and until this operation's slot under the rate
  // limit. Returns false once the run is stopped (the operation must not run).
  bool Pass();

  void Pause();
  void Resume();
  // Stops the run: Pass returns false from now on, waiting threads wake.
  void Stop();

  bool paused() const;
  bool stopped() const;
  // Time spent paused so far (a pause in progress counts up to now).
  Clock::duration PausedTime() const;

 private:
  bool WaitWhilePaused(std::unique_lock<std::mutex>& lock);

  const Clock::duration interval_;  // zero: no limit
  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool paused_ = false;
  bool stopped_ = false;
  Clock::time_point next_slot_{};
  Clock::time_point pause_began_{};
  Clock::duration paused_total_{};
};

}  // namespace regionlab::workload
