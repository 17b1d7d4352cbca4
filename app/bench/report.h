// Report: regionlab-bench's results, the cross-system verification, and their
// two renderings (a text table for people; JSON for tools, in report_json.cc).
//
// Ratios are RegionLab's ops/s divided by the peer's: above 1.00x RegionLab
// is faster. Each RegionLab configuration (isRegionLab: one region, and the
// pre-split table) gets its own ratio against every peer. Space amplification is the on-disk size
// after the final compaction over the key + value bytes of the live records; write amplification is
// the bytes the process wrote to files (/proc wchar: WAL, flushes, compactions) over the key +
// value bytes the benchmark put.
//
// Thread-safety: plain values and functions.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench_config.h"
#include "stats.h"

namespace regionlab::bench {

struct SystemRun {
  std::string system;
  std::vector<std::pair<std::string, std::string>> settings;
  std::vector<WorkloadResult> results;
  uint64_t peakRssBytes = 0;
  uint64_t diskBytes = 0;         // after the final compaction
  uint64_t liveBytes = 0;         // key + value bytes of the records the store holds
  uint64_t userBytesWritten = 0;  // key + value bytes put
  uint64_t fileBytesWritten = 0;  // bytes written by the process during this system's pass
  double seconds = 0;             // the whole pass, final compaction included
  std::string error;              // a failure outside the workloads (open, compaction)

  double spaceAmplification() const;
  double writeAmplification() const;
  const WorkloadResult* result(const std::string& workload) const;
};

struct PassRun {
  PassPlan plan;
  int round = 1;                   // which of the --rounds, from 1
  std::vector<SystemRun> systems;  // in --systems order, RegionLab's configurations first

  // The RegionLab configurations of the pass, in order.
  std::vector<const SystemRun*> regionLabRuns() const;
};

struct MachineInfo {
  std::string cpu;
  unsigned cores = 0;
  uint64_t memoryBytes = 0;
  std::string kernel;
  std::string filesystem;  // of the data directory
  std::string compiler;
  std::string buildType;
  bool peakRssPerSystem = true;  // false when the kernel refused to reset the peak
};

MachineInfo describeMachine(const std::string& dataDir);

// RegionLab configuration `ours` over `peer` on `workload` (ops/s over
// ops/s); nullopt when either did not finish it.
std::optional<double> workloadRatio(const SystemRun& ours, const SystemRun& peer,
                                    const std::string& workload);

// The median of `values` (the mean of the middle two for an even count),
// the lowest and the highest. REQUIRES: values not empty.
double medianOf(std::vector<double> values);
double lowestOf(const std::vector<double>& values);
double highestOf(const std::vector<double>& values);

// One RegionLab configuration over one peer on one workload of a pass, over
// the rounds in which both finished it.
struct RatioOverRounds {
  SyncMode mode = SyncMode::kAsyncWal;
  std::string workload;
  std::string regionLab;
  std::string peer;
  std::vector<double> ratios;  // one per round, in round order
  // The median (of the middle two for an even count), lowest and highest.
  // REQUIRES: ratios not empty.
  double median() const;
  double lowest() const;
  double highest() const;
};

// Every such ratio of `passes` (every round's passes), in the order of the
// first round's tables: by pass, workload, peer, then RegionLab configuration.
std::vector<RatioOverRounds> ratiosOverRounds(const std::vector<PassRun>& passes);

// One system's own figures on one workload of a pass, over the rounds in
// which it finished the workload: one value per such round, in round order.
// The latencies are each round's percentile, not one over all the rounds'
// operations.
struct FiguresOverRounds {
  SyncMode mode = SyncMode::kAsyncWal;
  std::string workload;
  std::string system;
  std::vector<double> opsPerSecond;
  std::vector<double> mbPerSecond;
  std::vector<double> p50Us;
  std::vector<double> p99Us;
  std::vector<double> p999Us;
};

// Every system's figures of `passes`, in the order of the first round's
// tables: by pass, workload, then system in --systems order. A workload the
// system finished in no round is left out.
std::vector<FiguresOverRounds> figuresOverRounds(const std::vector<PassRun>& passes);

// Every problem found, one line each: a failed call, a value that differs
// from what was written, a workload a system did not finish, two systems
// whose reads differ (counts or digest), or a round whose reads differ from
// the first round's. Empty when all is well.
std::vector<std::string> verifyPasses(const std::vector<PassRun>& passes);

void printMachine(std::FILE* out, const MachineInfo& machine);
// With more than one round: which round starts, and its order of systems.
void printRoundHeader(std::FILE* out, int round, int rounds, const std::vector<std::string>& order);
void printPassHeader(std::FILE* out, const BenchConfig& config, const PassRun& pass);
void printSystemSettings(std::FILE* out, const SystemRun& run);
void printPassTable(std::FILE* out, const PassRun& pass);
// Each system's median ops/s with its range, median MB/s and median
// latencies over the rounds, per pass; nothing when `passes` come from one
// round.
void printFiguresOverRounds(std::FILE* out, const std::vector<PassRun>& passes);
// Each ratio's median and range over the rounds, per pass; nothing when
// `passes` come from one round.
void printRatiosOverRounds(std::FILE* out, const std::vector<PassRun>& passes);
void printVerification(std::FILE* out, const std::vector<std::string>& problems);

std::string toJson(const BenchConfig& config, const MachineInfo& machine,
                   const std::vector<PassRun>& passes, const std::vector<std::string>& problems);

}  // namespace regionlab::bench
