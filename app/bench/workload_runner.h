// WorkloadRunner: runs regionlab-bench's workloads, one at a time, against
// one KvStore, and checks every value it reads.
//
// db_bench-style workloads (workloads.cc):
//   fillseq          N puts in key order into an empty store
//   fillrandom       N puts in a random order (each key once) into an empty store
//   overwrite        N puts of uniformly chosen existing keys
//   readrandom-cold  the store is closed and reopened (empty block cache), then N gets
//   readrandom-warm  N more gets, the cache warmed by the previous reads
//   readmissing      N gets of keys that lie between existing keys (bloom filters)
//   seekrandom       N/10 seeks to a random key, each followed by 100 nexts
//   readseq          one full scan in key order (one op per row)
//   readreverse      one full scan in reverse key order
//   readwhilewriting one reader thread does N gets while one writer thread
//                    puts continuously; the reader is measured
// YCSB core workloads (ycsb_workloads.cc), N operations each (E: N/10), with
// YCSB's scrambled Zipfian request distribution (D: skewed to the latest):
//   ycsb-a 50% read, 50% update          ycsb-d 95% read, 5% insert
//   ycsb-b 95% read, 5% update           ycsb-e 95% scan (1..100 rows), 5% insert
//   ycsb-c 100% read                     ycsb-f 50% read, 50% read-modify-write
// Reads on the layout a full compaction leaves, last in a run (as db_bench's
// default sequence reads again after its compact), so that every workload
// above still starts on the layout the engines' own compaction policies
// leave:
//   readrandom-compacted, seekrandom-compacted, readseq-compacted,
//   readreverse-compacted  readrandom-warm, seekrandom, readseq and
//                    readreverse, each first compacting everything (flush,
//                    then a major compaction; untimed) unless nothing was
//                    written since the last full compaction
//
// The runner keeps the version each record must hold, so every value read is
// compared with what was written, and every sequence of operations depends
// only on the seed: two systems given the same parameters must read exactly
// the same bytes (WorkloadResult::digest). The readwhilewriting writer
// rewrites each key with the value it already holds, so what the reader sees
// does not depend on how the two threads interleave.
//
// A workload that needs data finds the store loaded by an earlier fill, or
// loads it (untimed, in key order) first.
//
// Thread-safety: one thread calls run(); readwhilewriting starts and joins
// its own two threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kv_store.h"
#include "records.h"
#include "stats.h"
#include "util/random.h"

namespace regionlab::bench {

struct WorkloadInfo {
  const char* name;
  const char* description;
  bool writes;            // issues puts (the workloads run again in a SYNC_WAL pass)
  bool byDefault = true;  // run when --workloads is not given
  // Set for a read on the layout a full compaction leaves: the workload it
  // repeats after compacting everything (untimed). Summaries keep these
  // apart from the other workloads.
  const char* repeatsAfterCompaction = nullptr;
};

struct RunParameters {
  uint64_t records = 1000000;  // N: keys written by a fill
  uint64_t ops = 1000000;      // operations of a point workload
  uint64_t scanOps = 100000;   // seeks of seekrandom and operations of ycsb-e
  uint64_t seed = 42;
};

class WorkloadRunner {
 public:
  // `store` is open and its directory is `dir`; neither is owned.
  WorkloadRunner(KvStore* store, std::string dir, const RecordFormat* format, RunParameters params);

  // Every workload, in the order a full run takes them.
  static const std::vector<WorkloadInfo>& workloads();
  static const WorkloadInfo* find(const std::string& name);
  // True for a known workload that reads the layout a full compaction leaves.
  static bool onCompactedLayout(const std::string& name) {
    const WorkloadInfo* info = find(name);
    return info != nullptr && info->repeatsAfterCompaction != nullptr;
  }

  // Runs one workload. Failures are reported in the result's `error`.
  WorkloadResult run(const std::string& name);

  // Records the store holds and the key + value bytes they occupy.
  uint64_t liveRecords() const { return m_versions.size(); }
  uint64_t liveBytes() const { return m_versions.size() * (kKeyBytes + m_format->valueBytes()); }
  // Key + value bytes of every put issued so far.
  uint64_t userBytesWritten() const { return m_userBytesWritten; }

 private:
  // workloads.cc
  void fill(WorkloadResult* r, bool sequential);
  void overwrite(WorkloadResult* r);
  void compact(WorkloadResult* r);
  void readRandom(WorkloadResult* r, bool reopen);
  void readMissing(WorkloadResult* r);
  void seekRandom(WorkloadResult* r);
  void readFull(WorkloadResult* r, bool reverse);
  void readWhileWriting(WorkloadResult* r);
  Status recreateStore();
  Status ensureLoaded();
  // Flushes and compacts everything unless nothing was put since the last
  // full compaction.
  Status ensureCompacted();

  // ycsb_workloads.cc
  void ycsb(WorkloadResult* r, char workload);

  // Shared steps; each times only the store call and adds that time to
  // r->latency, or to *nanos instead when nanos is given.
  bool timedPut(WorkloadResult* r, uint64_t index, uint64_t version, uint64_t* nanos = nullptr);
  bool timedGet(WorkloadResult* r, uint64_t index, uint64_t* nanos = nullptr);
  // Reads `limit` rows from record `start` (forward) and checks that they are
  // exactly the next records.
  bool timedRange(WorkloadResult* r, uint64_t start, uint64_t limit);
  // Checks one value read for record `index` (present or not) and adds it
  // to the digest.
  void checkRead(WorkloadResult* r, uint64_t index, bool found, std::string_view value);
  bool fail(WorkloadResult* r, const Status& s, const char* what);
  uint64_t newVersion() { return m_nextVersion++; }
  // Notes the store's layout in *r and restarts the workload's clock. Every
  // workload calls it once, after its setup (a reopen, a shuffle) and right
  // before its timed part, so the layout is the one the timed operations
  // start on.
  void startClock(WorkloadResult* r) {
    r->layout = m_store->layout();
    m_clock = Stopwatch();
  }
  regionlab::Random rngFor(const std::string& workload) const;

  KvStore* const m_store;
  const std::string m_dir;
  const RecordFormat* const m_format;
  const RunParameters m_params;

  std::vector<uint64_t> m_versions;  // version of record i; the store holds exactly these
  bool m_loaded = false;             // m_versions describes the store
  uint64_t m_nextVersion = 1;
  uint64_t m_userBytesWritten = 0;
  // m_userBytesWritten when the last full compaction ended; puts since move
  // m_userBytesWritten past it (every put writes at least its key).
  std::optional<uint64_t> m_compactedAtBytes;

  Stopwatch m_clock;
  // Scratch for the main thread's steps.
  std::string m_key, m_value, m_read;
  ReadDigest m_digest;
};

}  // namespace regionlab::bench
