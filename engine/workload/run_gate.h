// RunGate: what a workload thread passes before each operation — pause,
// cancel and the rate limit, shared by all of a run's threads.
//
// The rate limit is smooth, not bursty: operations are given start times
// 1/rate apart on one schedule for all threads (a thread waits for its
// slot). A schedule that has fallen behind (the engine was slower than the
// rate, or the run was paused) restarts from now instead of letting the
// missed slots through at once, so no burst follows a stall or a resume.
//
// Time comes from the Clock it is given (util/clock.h, the engine's
// injectable clock): the slots, the waits for them and the paused time all
// read Clock::NowMillis, so a test with a ManualClock decides exactly when
// each slot comes due. A thread waiting for its slot looks at the clock again
// at least every 50 ms of real time (sooner when the slot is nearer), so it
// notices a clock that a test moved. A clock that goes back (the wall clock
// set back) restarts the schedule from the new time instead of holding the
// run until the old time comes round again.
//
// Pause and cancel take effect at once for threads waiting here (for their
// slot or for a resume); a thread inside an engine call finishes that one
// call first.
//
// Thread-safety: every method may be called from any thread. REQUIRES: the
// clock outlives the gate.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "util/clock.h"

namespace regionlab::workload {

class RunGate {
 public:
  // `ops_per_second` <= 0: no limit. `clock` nullptr: Clock::System().
  explicit RunGate(double ops_per_second, const Clock* clock = nullptr);

  // Blocks while paused and until this operation's slot under the rate
  // limit. Returns false once the run is stopped (the operation must not run).
  bool Pass();

  void Pause();
  void Resume();
  // Stops the run: Pass returns false from now on, waiting threads wake.
  void Stop();

  bool paused() const;
  bool stopped() const;
  // Threads blocked in Pass() because the run is paused.
  int threads_paused() const;
  // Time spent paused so far, in milliseconds of the clock (a pause in
  // progress counts up to now).
  int64_t PausedMillis() const;
  // The gate's clock, for timing the phases of the run on the same scale.
  const Clock* clock() const { return clock_; }

 private:
  bool WaitWhilePaused(std::unique_lock<std::mutex>& lock);
  // The clock in nanoseconds; restarts the schedule when it went back.
  int64_t NowNanosLocked();

  const Clock* const clock_;
  const int64_t interval_nanos_;  // zero: no limit
  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool paused_ = false;
  bool stopped_ = false;
  int threads_paused_ = 0;
  int64_t next_slot_nanos_ = 0;
  int64_t last_now_nanos_ = 0;
  int64_t pause_began_millis_ = 0;
  int64_t paused_total_millis_ = 0;
};

}  // namespace regionlab::workload
