// Stats: what regionlab-bench measures. A workload's result with its latency
// histogram (util/latency_histogram.h, shared with the engine's workload
// runner), and the process counters read from /proc (peak RSS, bytes written).
//
// Thread-safety: a WorkloadResult is filled by one thread; the histograms of
// per-thread results are merged once the threads are done.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "kv_store.h"
#include "util/latency_histogram.h"

namespace regionlab::bench {

// The outcome of one workload on one system.
struct WorkloadResult {
  std::string name;
  uint64_t ops = 0;    // timed operations (a scan of 100 rows is one seek op)
  uint64_t rows = 0;   // key-value pairs read or written
  uint64_t bytes = 0;  // key + value bytes of those rows
  double seconds = 0;
  LatencyHistogram latency;
  // Reads: how many found a value, how many did not, how many returned bytes
  // other than the benchmark wrote, and a digest of everything read in order.
  uint64_t found = 0, notFound = 0, wrong = 0;
  uint64_t digest = 0;
  uint64_t writes = 0;        // puts issued (readwhilewriting: by the writer thread)
  uint64_t writtenBytes = 0;  // key + value bytes of those puts
  std::string error;          // the first failure, empty when every call succeeded
  StoreLayout layout;         // the store's files when the workload started

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
// wchar: bytes this process passed to write(2) and friends, all threads, plus
// the bytes RegionLab appended through mapped files (MappedBytesAppended).
uint64_t bytesWritten();
// Returns freed heap memory to the operating system, so one system's run
// does not inflate the next one's resident size.
void releaseFreeMemory();
}  // namespace process

}  // namespace regionlab::bench
