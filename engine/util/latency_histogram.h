// Latency histograms: log-linear buckets (HDR style: exact below 128 ns,
// then 64 sub-buckets per power of two, so any percentile is within 1.6% of
// the true value).
//
// LatencyHistogram is a plain value, filled by one thread (regionlab-bench
// keeps one per workload; copies are merged once threads are done).
// ConcurrentLatencyHistogram is filled by many threads at once and read by
// another one while they run (the workload runner's progress snapshot): its
// buckets are relaxed atomics, so Add never blocks and a snapshot is a
// consistent-enough copy (each bucket exact, totals possibly a few samples
// apart while writers run).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace regionlab {

class LatencyHistogram {
 public:
  LatencyHistogram();

  void Add(uint64_t nanos) {
    ++counts_[BucketOf(nanos)];
    ++total_;
    if (nanos > max_) max_ = nanos;
  }
  void Merge(const LatencyHistogram& other);

  uint64_t Count() const { return total_; }
  uint64_t MaxNanos() const { return max_; }
  // The latency under which a fraction p (0..1) of the samples fall, in
  // nanoseconds (the midpoint of its bucket, at most the maximum seen);
  // 0 when empty.
  double PercentileNanos(double p) const;

  static size_t BucketOf(uint64_t nanos);
  static uint64_t BucketLow(size_t bucket);
  static uint64_t BucketWidth(size_t bucket);

 private:
  friend class ConcurrentLatencyHistogram;
  std::vector<uint64_t> counts_;
  uint64_t total_ = 0;
  uint64_t max_ = 0;
};

class ConcurrentLatencyHistogram {
 public:
  ConcurrentLatencyHistogram();

  // Thread-safe; lock-free.
  void Add(uint64_t nanos) {
    counts_[LatencyHistogram::BucketOf(nanos)].fetch_add(1, std::memory_order_relaxed);
    uint64_t seen = max_.load(std::memory_order_relaxed);
    while (nanos > seen && !max_.compare_exchange_weak(seen, nanos, std::memory_order_relaxed)) {
    }
  }
  // A copy of the samples so far. Thread-safe.
  LatencyHistogram Snapshot() const;

 private:
  std::unique_ptr<std::atomic<uint64_t>[]> counts_;
  std::atomic<uint64_t> max_{0};
};

}  // namespace regionlab
