// BenchConfig: regionlab-bench's command line, and the passes it implies.
//
// A run is one or more rounds (--rounds) of one or two passes, each over every
// selected system in turn:
//   ASYNC_WAL  every selected workload, N records and N operations;
//   SYNC_WAL   only the workloads that write (fillseq, fillrandom, overwrite,
//              ycsb-a, ycsb-f), over N/100 records and operations (as
//              db_bench's fillsync uses N/1000): with one fdatasync per write
//              every system is bound by the disk's sync latency, and 1M
//              syncs would take hours.
// Reads do not depend on the durability setting, so they run once.
//
// Thread-safety: plain values.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kv_store.h"
#include "workload_runner.h"

namespace regionlab::bench {

struct BenchConfig {
  uint64_t records = 1000000;  // --num
  uint64_t syncRecords = 0;    // --sync-num; 0 = records / 100, at least 1000
  size_t valueBytes = 100;     // --value-size
  std::vector<SyncMode> modes = {SyncMode::kAsyncWal, SyncMode::kSyncWal};  // --durability
  std::vector<std::string> systems;         // --systems; empty = every available system
  std::vector<std::string> workloads;       // --workloads; empty = all
  // The REST gateway's workloads named in --workloads (rest_bench.h); they
  // run on their own, not with the others.
  std::vector<std::string> restWorkloads;
  int clients = 4;          // --clients: HTTP clients of the REST workloads
  std::string restFormat;   // --rest-format: json, protobuf or binary; empty = per workload
  std::string dataDir;                      // --data; empty = a fresh directory under $TMPDIR
  bool keepData = false;                    // --keep
  uint64_t cacheBytes = 64ull << 20;        // --cache-mb
  uint64_t writeBufferBytes = 64ull << 20;  // --write-buffer-mb
  // --block-size: the same data block size for RegionLab, LevelDB and RocksDB
  // (LevelDB's and RocksDB's default; HBase's BLOCKSIZE default of 64 KiB is
  // meant for HDFS reads); 0 = each engine's own default.
  uint32_t blockSize = 4096;
  // --regions: RegionLab-split's table is pre-split into this many regions,
  // spread over its 3 region servers.
  int regions = 6;
  // --regionlab-config: table CONFIGURATION for RegionLab's configurations
  // (keys of regionlab/store_configuration.h). Empty: HBase's defaults.
  std::map<std::string, std::string> regionLabConfiguration;
  uint64_t seed = 42;  // --seed
  // --rounds: every pass over every system this many times, each round from
  // empty stores, the systems in reverse order in every second round; the
  // report adds each ratio's median and range over the rounds.
  int rounds = 1;
  bool quick = false;        // --quick
  bool json = false;         // --json[=PATH]
  std::string jsonPath;      // empty: JSON on stdout, the table on stderr
  std::string corruptReads;  // --corrupt-reads SYSTEM (self-test)
};

// One pass: a durability mode, its sizes and its workloads.
struct PassPlan {
  SyncMode mode = SyncMode::kAsyncWal;
  RunParameters params;
  std::vector<std::string> workloads;
};

// Parses the command line into *config. Returns an error message, or
// nullopt; *help is set for --help.
std::optional<std::string> parseCommandLine(int argc, char** argv, BenchConfig* config, bool* help);
std::string usageText();

// The passes `config` asks for, in run order.
std::vector<PassPlan> planPasses(const BenchConfig& config);

// Command-line pieces that regionlab-bench-loop shares.
// "a,,b" -> {"a", "b"}.
std::vector<std::string> splitList(const std::string& text);
// A whole decimal number; nullopt for anything else, or past 2^64 - 1.
std::optional<uint64_t> parseNumber(const std::string& text);
// The first of `systems` that this build lacks, or nullopt.
std::optional<std::string> systemNotInBuild(const std::vector<std::string>& systems);

}  // namespace regionlab::bench
