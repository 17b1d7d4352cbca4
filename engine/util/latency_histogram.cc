#include "util/latency_histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace regionlab {

namespace {
constexpr int kSubBits = 6;                            // 64 sub-buckets per power of two
constexpr uint64_t kLinear = uint64_t{2} << kSubBits;  // values below 128 are exact
constexpr size_t kBuckets = kLinear + (64 - kSubBits) * (uint64_t{1} << kSubBits);
}  // namespace

LatencyHistogram::LatencyHistogram() : counts_(kBuckets, 0) {}

size_t LatencyHistogram::BucketOf(uint64_t nanos) {
  if (nanos < kLinear) return static_cast<size_t>(nanos);
  const int shift = std::bit_width(nanos) - (kSubBits + 1);           // >= 1
  const uint64_t sub = (nanos >> shift) - (uint64_t{1} << kSubBits);  // 0..63
  return static_cast<size_t>(kLinear + (shift - 1) * (uint64_t{1} << kSubBits) + sub);
}

uint64_t LatencyHistogram::BucketLow(size_t bucket) {
  if (bucket < kLinear) return bucket;
  const uint64_t rel = bucket - kLinear;
  const int shift = static_cast<int>(rel >> kSubBits) + 1;
  const uint64_t sub = rel & ((uint64_t{1} << kSubBits) - 1);
  return ((uint64_t{1} << kSubBits) + sub) << shift;
}

uint64_t LatencyHistogram::BucketWidth(size_t bucket) {
  if (bucket < kLinear) return 1;
  return uint64_t{1} << (((bucket - kLinear) >> kSubBits) + 1);
}

void LatencyHistogram::Merge(const LatencyHistogram& other) {
  for (size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  total_ += other.total_;
  max_ = std::max(max_, other.max_);
}

double LatencyHistogram::PercentileNanos(double p) const {
  if (total_ == 0) return 0;
  const auto rank = static_cast<uint64_t>(std::ceil(std::clamp(p, 0.0, 1.0) * total_));
  uint64_t seen = 0;
  for (size_t i = 0; i < counts_.size(); ++i) {
    seen += counts_[i];
    if (seen >= std::max<uint64_t>(rank, 1)) {
      const double mid = BucketLow(i) + (BucketWidth(i) - 1) / 2.0;
      return std::min(mid, static_cast<double>(max_));
    }
  }
  return static_cast<double>(max_);
}

ConcurrentLatencyHistogram::ConcurrentLatencyHistogram()
    : counts_(std::make_unique<std::atomic<uint64_t>[]>(kBuckets)) {
  for (size_t i = 0; i < kBuckets; ++i) counts_[i].store(0, std::memory_order_relaxed);
}

LatencyHistogram ConcurrentLatencyHistogram::Snapshot() const {
  LatencyHistogram h;
  for (size_t i = 0; i < kBuckets; ++i) {
    h.counts_[i] = counts_[i].load(std::memory_order_relaxed);
    h.total_ += h.counts_[i];
  }
  h.max_ = max_.load(std::memory_order_relaxed);
  return h;
}

}  // namespace regionlab
