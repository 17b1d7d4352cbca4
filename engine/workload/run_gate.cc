#include "workload/run_gate.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace regionlab::workload {

namespace {

constexpr int64_t kMaxWaitNanos = 50'000'000;  // a waiter re-reads the clock this often

int64_t IntervalNanos(double ops_per_second) {
  if (!(ops_per_second > 0)) return 0;
  // At least one nanosecond: a rate too high to tell from none still limits.
  return std::max<int64_t>(1, std::llround(1e9 / ops_per_second));
}

}  // namespace

RunGate::RunGate(double ops_per_second, const Clock* clock)
    : clock_(clock != nullptr ? clock : Clock::System()),
      interval_nanos_(IntervalNanos(ops_per_second)) {}

int64_t RunGate::NowNanosLocked() {
  const int64_t now = clock_->NowMillis() * 1'000'000;
  if (now < last_now_nanos_) next_slot_nanos_ = now;  // the clock went back
  last_now_nanos_ = now;
  return now;
}

bool RunGate::WaitWhilePaused(std::unique_lock<std::mutex>& lock) {
  if (!stopped_ && paused_) {
    ++threads_paused_;
    cv_.wait(lock, [this] { return stopped_ || !paused_; });
    --threads_paused_;
  }
  return !stopped_;
}

bool RunGate::Pass() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    if (!WaitWhilePaused(lock)) return false;
    if (interval_nanos_ == 0) return true;
    // Claim the next slot; a schedule in the past restarts from now.
    int64_t now = NowNanosLocked();
    const int64_t slot = std::max(next_slot_nanos_, now);
    next_slot_nanos_ = slot + interval_nanos_;
    // Wait for the slot unless paused or stopped meanwhile; after a pause
    // the slot is given up and a fresh one claimed.
    while (!stopped_ && !paused_ && now < slot) {
      const int64_t wait = std::min(slot - now, kMaxWaitNanos);
      cv_.wait_for(lock, std::chrono::nanoseconds(wait));
      now = NowNanosLocked();
      if (next_slot_nanos_ == now) break;  // the clock went back: this slot is given up
    }
    if (stopped_) return false;
    if (!paused_ && now >= slot) return true;
  }
}

void RunGate::Pause() {
  std::lock_guard<std::mutex> lock(mu_);
  if (paused_ || stopped_) return;
  paused_ = true;
  pause_began_millis_ = clock_->NowMillis();
  cv_.notify_all();
}

void RunGate::Resume() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!paused_) return;
  paused_ = false;
  paused_total_millis_ += clock_->NowMillis() - pause_began_millis_;
  cv_.notify_all();
}

void RunGate::Stop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (paused_) {
    paused_ = false;
    paused_total_millis_ += clock_->NowMillis() - pause_began_millis_;
  }
  stopped_ = true;
  cv_.notify_all();
}

bool RunGate::paused() const {
  std::lock_guard<std::mutex> lock(mu_);
  return paused_;
}

bool RunGate::stopped() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stopped_;
}

int RunGate::threads_paused() const {
  std::lock_guard<std::mutex> lock(mu_);
  return threads_paused_;
}

int64_t RunGate::PausedMillis() const {
  std::lock_guard<std::mutex> lock(mu_);
  return paused_total_millis_ + (paused_ ? clock_->NowMillis() - pause_began_millis_ : int64_t{0});
}

}  // namespace regionlab::workload
