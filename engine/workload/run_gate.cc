#include "workload/run_gate.h"

namespace regionlab::workload {

namespace {
RunGate::Clock::duration IntervalOf(double ops_per_second) {
  if (!(ops_per_second > 0)) return RunGate::Clock::duration::zero();
  return std::chrono::duration_cast<RunGate::Clock::duration>(
      std::chrono::duration<double>(1.0 / ops_per_second));
}
}  // namespace

RunGate::RunGate(double ops_per_second) : interval_(IntervalOf(ops_per_second)) {}

bool RunGate::WaitWhilePaused(std::unique_lock<std::mutex>& lock) {
  cv_.wait(lock, [this] { return stopped_ || !paused_; });
  return !stopped_;
}

bool RunGate::Pass() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    if (!WaitWhilePaused(lock)) return false;
    if (interval_ == Clock::duration::zero()) return true;
    // Claim the next slot; a schedule in the past restarts from now.
    const Clock::time_point now = Clock::now();
    const Clock::time_point slot = next_slot_ < now ? now : next_slot_;
    next_slot_ = slot + interval_;
    if (slot <= now) return true;
    // Wait for the slot unless paused or stopped meanwhile; after a pause
    // the slot is given up and a fresh one claimed.
    if (!cv_.wait_until(lock, slot, [this] { return stopped_ || paused_; })) return true;
    if (stopped_) return false;
  }
}

void RunGate::Pause() {
  std::lock_guard<std::mutex> lock(mu_);
  if (paused_ || stopped_) return;
  paused_ = true;
  pause_began_ = Clock::now();
  cv_.notify_all();
}

void RunGate::Resume() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!paused_) return;
  paused_ = false;
  paused_total_ += Clock::now() - pause_began_;
  cv_.notify_all();
}

void RunGate::Stop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (paused_) {
    paused_ = false;
    paused_total_ += Clock::now() - pause_began_;
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

RunGate::Clock::duration RunGate::PausedTime() const {
  std::lock_guard<std::mutex> lock(mu_);
  return paused_total_ + (paused_ ? Clock::now() - pause_began_ : Clock::duration::zero());
}

}  // namespace regionlab::workload
