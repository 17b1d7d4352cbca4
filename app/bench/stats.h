// Stats: what regionlab-bench measures. A log-linear latency histogram (HDR
// style: exact below 128 ns, then 64 sub-buckets per power of two, so any
// percentile is within 1.6% of the true value), a workload's result, and the
// process counters read from /proc (peak RSS, bytes written).
//
// Thread-safety: a LatencyHistogram is filled by one thread; merge() copies
// of per-thread histograms once the threads are done.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace regionlab::bench {

class LatencyHistogram {
 public:
  LatencyHistogram();

  void add(uint64_t nanos) {
    ++m_counts[bucketOf(nanos)];
    ++m_total;
    if (nanos > m_max) m_max = nanos;
  }
  void merge(const LatencyHistogram& other);

  uint64_t count() const { return m_total; }
  uint64_t maxNanos() const { return m_max; }
  // The latency under which a fraction p (0..1) of the samples fall, in
  // nanoseconds (the midpoint of its bucket, at most the maximum seen).
  double percentileNanos(double p) const;

  static size_t bucketOf(uint64_t nanos);
  static uint64_t bucketLow(size_t bucket);
  static uint64_t bucketWidth(size_t bucket);

 private:
  std::vector<uint64_t> m_counts;
  uint64_t m_total = 0;
  uint64_t m_max = 0;
};

// The outcome of one workload on one system.
struct WorkloadResult {
  std::string name;
  uint64_t ops = 0;      // timed operations (a scan of 100 rows is one seek op)
  uint64_t rows = 0;     // key-value pairs read or written
  uint64_t bytes = 0;    // key + value bytes of those rows
  double seconds = 0;
  LatencyHistogram latency;
  // Reads: how many found a value, how many did not, how many returned bytes
  // other than the benchmark wrote, and a digest of everything read in order.
  uint64_t found = 0, notFound = 0, wrong = 0;
  uint64_t digest = 0;
  uint64_t writes = 0;        // puts issued (readwhilewriting: by the writer thread)
  uint64_t writtenBytes = 0;  // key + value bytes of those puts
  std::string error;          // the first failure, empty when every call succeeded

  double opsPerSecond() const { return seconds > 0 ? ops / seconds : 0; }
  double mbPerSecond() const { return seconds > 0 ? bytes / seconds / 1048576.0 : 0; }
};

// Wall-clock stopwatch.
class Stopwatch {
 public:
  Stopwatch() : m_start(std::chrono::steady_clock::now()) {}
  uint64_t elapsedNanos() const {
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now() - m_start)
                                     .count());
  }
  double elapsedSeconds() const { return elapsedNanos() / 1e9; }

 private:
  std::chrono::steady_clock::time_point m_start;
};

// Process counters from /proc/self.
namespace process {
// Resets the peak resident set size to the current one (clear_refs 5);
// false when the kernel refuses it.
bool resetPeakRss();
// VmHWM: the peak resident set size since start or the last reset, in bytes.
uint64_t peakRssBytes();
// wchar: bytes this process passed to write(2) and friends, all threads.
uint64_t bytesWritten();
// Returns freed heap memory to the operating system, so one system's run
// does not inflate the next one's resident size.
void releaseFreeMemory();
}  // namespace process

}  // namespace regionlab::bench
