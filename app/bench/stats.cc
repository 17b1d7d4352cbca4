#include "stats.h"

#include <malloc.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <fstream>
#include <sstream>

namespace regionlab::bench {

namespace {
constexpr int kSubBits = 6;                        // 64 sub-buckets per power of two
constexpr uint64_t kLinear = uint64_t{2} << kSubBits;  // values below 128 are exact
constexpr size_t kBuckets = kLinear + (64 - kSubBits) * (uint64_t{1} << kSubBits);
}  // namespace

LatencyHistogram::LatencyHistogram() : m_counts(kBuckets, 0) {}

size_t LatencyHistogram::bucketOf(uint64_t nanos) {
  if (nanos < kLinear) return static_cast<size_t>(nanos);
  const int shift = std::bit_width(nanos) - (kSubBits + 1);  // >= 1
  const uint64_t sub = (nanos >> shift) - (uint64_t{1} << kSubBits);  // 0..63
  return static_cast<size_t>(kLinear + (shift - 1) * (uint64_t{1} << kSubBits) + sub);
}

uint64_t LatencyHistogram::bucketLow(size_t bucket) {
  if (bucket < kLinear) return bucket;
  const uint64_t rel = bucket - kLinear;
  const int shift = static_cast<int>(rel >> kSubBits) + 1;
  const uint64_t sub = rel & ((uint64_t{1} << kSubBits) - 1);
  return ((uint64_t{1} << kSubBits) + sub) << shift;
}

uint64_t LatencyHistogram::bucketWidth(size_t bucket) {
  if (bucket < kLinear) return 1;
  return uint64_t{1} << (((bucket - kLinear) >> kSubBits) + 1);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  for (size_t i = 0; i < m_counts.size(); ++i) m_counts[i] += other.m_counts[i];
  m_total += other.m_total;
  m_max = std::max(m_max, other.m_max);
}

double LatencyHistogram::percentileNanos(double p) const {
  if (m_total == 0) return 0;
  const auto rank = static_cast<uint64_t>(std::ceil(std::clamp(p, 0.0, 1.0) * m_total));
  uint64_t seen = 0;
  for (size_t i = 0; i < m_counts.size(); ++i) {
    seen += m_counts[i];
    if (seen >= std::max<uint64_t>(rank, 1)) {
      const double mid = bucketLow(i) + (bucketWidth(i) - 1) / 2.0;
      return std::min(mid, static_cast<double>(m_max));
    }
  }
  return static_cast<double>(m_max);
}

namespace process {

namespace {
// The value of "name:" in a /proc file of "name: value [unit]" lines.
uint64_t procField(const char* file, const std::string& name) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, name.size(), name) == 0 && line.size() > name.size() &&
        line[name.size()] == ':') {
      std::istringstream fields(line.substr(name.size() + 1));
      uint64_t v = 0;
      std::string unit;
      fields >> v >> unit;
      return unit == "kB" ? v * 1024 : v;
    }
  }
  return 0;
}
}  // namespace

bool resetPeakRss() {
  std::ofstream out("/proc/self/clear_refs");
  out << "5";
  out.flush();
  return static_cast<bool>(out);
}

uint64_t peakRssBytes() { return procField("/proc/self/status", "VmHWM"); }

uint64_t bytesWritten() { return procField("/proc/self/io", "wchar"); }

void releaseFreeMemory() { malloc_trim(0); }

}  // namespace process

}  // namespace regionlab::bench
