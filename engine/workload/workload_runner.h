// WorkloadRunner: loads real rows through the public Table API into a table
// whose keys come from a rowkey scheme, then runs a YCSB-style mix of reads,
// updates, inserts, scans and read-modify-writes over them — what makes a
// hotspot form (and disappear under a salted scheme) on the live charts.
//
// A run has two phases, as YCSB's load and run:
//   load  `rows` puts of the scheme's first `rows` records, in the order the
//         scheme's field-value models generate them (rowkey/key_generator.h);
//   run   `operations` operations drawn from `mix` (workload/ycsb.h); reads,
//         updates, scans and read-modify-writes pick a record written so far
//         by the mix's request distribution; inserts put the scheme's next
//         records.
// Each row is one cell, family:qualifier, holding `value_size` random
// printable bytes. Both phases run on `threads` threads of the runner's own,
// under one smooth rate limit (run_gate.h) when one is given.
//
// Progress (Snapshot) is counters and a latency histogram of relaxed
// atomics, cheap to read from another thread at any time. Pause, Resume and
// Cancel take effect at once for threads between operations; an operation
// inside the engine finishes first.
//
// Engine errors never stop a thread by surprise: each failed operation is
// counted, the first one is kept with its message, and the run ends as
// failed once `max_errors` operations have failed (a dropped table ends it
// within a few operations). A record the scheme cannot encode (a value that
// outgrows its segment) ends the run at once.
//
// Thread-safety: every public method may be called from any thread, except
// that the destructor must not race with other calls. REQUIRES: the cluster
// stays open until the runner is destroyed or Wait() has returned.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "regionlab/cluster.h"
#include "regionlab/status.h"
#include "rowkey/key_encoder.h"
#include "rowkey/key_generator.h"
#include "rowkey/scheme.h"
#include "util/clock.h"
#include "util/latency_histogram.h"
#include "workload/key_log.h"
#include "workload/run_gate.h"
#include "workload/ycsb.h"

namespace regionlab::workload {

inline constexpr int kMaxThreads = 256;
inline constexpr size_t kMaxValueSize = 8u << 20;

struct WorkloadOptions {
  std::string table;                 // an existing, enabled table
  std::string family;                // empty: the table's first family
  std::string qualifier = "field0";  // YCSB's first field
  // Keys: the scheme's segments over records drawn from its workload
  // (field-value models and seed).
  rowkey::RowkeyScheme scheme;
  uint64_t rows = 10000;      // loaded first (YCSB recordcount)
  uint64_t operations = 0;    // then run (YCSB operationcount); 0: load only
  OperationMix mix;           // of the run phase
  size_t value_size = 100;    // bytes per value (YCSB fieldlength), 0..kMaxValueSize
  int threads = 1;            // 1..kMaxThreads
  double ops_per_second = 0;  // rate limit over all threads; 0: none
  // Of every put (HBase's Put.setDurability): the table's DURABILITY by
  // default; ASYNC_WAL loads without waiting for a disk sync per row.
  Durability durability = Durability::kUseDefault;
  uint64_t max_errors = 100;  // failed operations that end the run (>= 1)
  uint64_t seed = 1;          // the operation stream: choices, picks, scan lengths, values
  // The rate limit's and the phase times' clock; nullptr: Clock::System().
  // Not owned; it outlives the runner.
  const Clock* clock = nullptr;
};

enum class RunState { kReady, kRunning, kPaused, kFinished, kFailed, kCancelled };
enum class Phase { kLoad, kRun };
const char* RunStateName(RunState state);  // "ready", "running", "paused", ...
const char* PhaseName(Phase phase);        // "load", "run"

// A run's figures at one instant.
struct WorkloadProgress {
  RunState state = RunState::kReady;
  Phase phase = Phase::kLoad;
  uint64_t rows = 0, rows_done = 0;                 // load phase: puts issued (failed ones too)
  uint64_t operations = 0, operations_done = 0;     // run phase: operations issued
  std::array<uint64_t, kOperationKinds> by_kind{};  // run phase, indexed by Operation
  uint64_t reads_missing = 0;  // reads (and read-modify-writes) that found no row
  uint64_t scanned_rows = 0;
  uint64_t errors = 0;
  int threads_paused = 0;         // threads stopped between operations by Pause
  std::string first_error;        // "" when none
  double phase_seconds = 0;       // running time of the current phase, pauses excluded
  double load_seconds = 0;        // running time of the load phase (so far, or in all)
  double ops_per_second = 0;      // the current phase's operations / phase_seconds
  double p50_us = 0, p99_us = 0;  // latency of the current phase's operations
  uint64_t latency_samples = 0;

  uint64_t Count(Operation op) const { return by_kind[static_cast<int>(op)]; }
  uint64_t Done() const { return rows_done + operations_done; }
  uint64_t Total() const { return rows + operations; }
  bool Ended() const {
    return state == RunState::kFinished || state == RunState::kFailed ||
           state == RunState::kCancelled;
  }
};

class WorkloadRunner {
 public:
  // Checks the options: the table exists and is enabled, the family is one
  // of its families, the scheme and its models are valid, sizes and rates
  // are sane, and the run has records to pick from when its mix reads.
  // InvalidArgument / NotFound name the option at fault.
  static Result<std::unique_ptr<WorkloadRunner>> Create(Cluster* cluster, WorkloadOptions options);
  // Cancels a run still going and joins its threads.
  ~WorkloadRunner();
  WorkloadRunner(const WorkloadRunner&) = delete;
  WorkloadRunner& operator=(const WorkloadRunner&) = delete;

  // Starts the threads and returns at once. A runner runs once.
  Status Start();
  void Pause();
  void Resume();
  // Ends the run as cancelled (unless it has ended already).
  void Cancel();
  // Blocks until the run has ended; returns the final figures.
  WorkloadProgress Wait();
  WorkloadProgress Snapshot() const;

  const WorkloadOptions& options() const { return options_; }
  const std::string& family() const { return family_; }

 private:
  struct ThreadState;
  WorkloadRunner(Cluster* cluster, WorkloadOptions options);
  void Coordinate();
  void RunThreads(Phase phase);
  void LoadLoop(ThreadState& t);
  void RunLoop(ThreadState& t);
  void RunOperation(ThreadState& t, Operation op);
  // The scheme's next record's key (a load row or an insert); false when
  // the scheme cannot encode it (the run then fails) or, in the load phase,
  // when every row has been handed out.
  bool NextRecordKey(Phase phase, std::string* key);
  Status PutRow(ThreadState& t, const std::string& key);
  Status ReadRow(const std::string& key, bool* found);
  Status ScanRows(const std::string& start, uint64_t limit, uint64_t* rows);
  void PickKey(ThreadState& t, std::string* key);
  // Counts a failed operation, keeps the first message, and stops the run
  // at max_errors (at once when `fatal`).
  void RecordError(const Status& s, const char* what, const std::string& key, bool fatal = false);
  void StartPhase(Phase phase);
  double PhaseSeconds() const;

  Cluster* const cluster_;
  const WorkloadOptions options_;
  std::shared_ptr<Table> table_;
  std::string family_;
  std::unique_ptr<rowkey::KeyEncoder> encoder_;
  std::unique_ptr<rowkey::KeyGenerator> generator_;  // guarded by generator_mu_
  std::mutex generator_mu_;
  uint64_t records_generated_ = 0;  // guarded by generator_mu_
  bool keep_keys_ = false;          // the run phase picks from key_log_
  KeyLog key_log_;
  std::string value_pool_;  // random printable bytes values are cut from
  RunGate gate_;

  std::atomic<uint64_t> rows_done_{0}, operations_issued_{0}, operations_done_{0};
  std::array<std::atomic<uint64_t>, kOperationKinds> by_kind_{};
  std::atomic<uint64_t> reads_missing_{0}, scanned_rows_{0}, errors_{0};
  std::atomic<bool> cancelled_{false}, failed_{false};
  ConcurrentLatencyHistogram latency_[2];  // per phase

  mutable std::mutex mu_;  // guards what follows
  std::condition_variable ended_cv_;
  Phase phase_ = Phase::kLoad;
  RunState final_state_ = RunState::kReady;  // kRunning once started, then the end state
  std::string first_error_;
  int64_t phase_start_millis_ = 0;        // gate_.clock()->NowMillis() at phase start
  int64_t phase_paused_base_millis_ = 0;  // gate_.PausedMillis() at phase start
  double ended_phase_seconds_ = -1;       // frozen when the run ends
  double load_seconds_ = -1;              // frozen when the load phase ends
  std::thread coordinator_;
};

}  // namespace regionlab::workload
