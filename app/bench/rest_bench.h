// RestBench: regionlab-bench's REST gateway workloads. In one process, one
// embedded cluster is served by the gateway (engine/rest) on 127.0.0.1, and
// N keep-alive HTTP clients (--clients, cpp-httplib) run each workload
// against it; the same workload then runs through the in-process Table API
// on N threads, and the report gives both, with their ratio:
//
//   rest-get   --num single-row GETs of one cell, uniformly random keys
//              (JSON, as node-hbase asks), each value checked
//   rest-put   --num single-cell PUTs of existing keys (a JSON CellSet), once
//              per --durability mode (the table's DURABILITY)
//   rest-scan  every row once, the clients splitting the key space, through
//              a stateful scanner with batch 1000 (protobuf); measured in
//              cells/s, with the growth of the process's resident memory
//              during the gateway's scan (the block cache is warm by then:
//              the in-process scan runs first)
//
// --rest-format json|protobuf|binary makes every workload use one
// representation instead.
//
// Thread-safety: run() is called by one thread; it starts and joins its own.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "kv_store.h"
#include "stats.h"

namespace regionlab::bench {

struct RestBenchConfig {
  std::vector<std::string> workloads;  // rest-get, rest-put, rest-scan, in that order
  uint64_t records = 1000000;
  size_t valueBytes = 100;
  int clients = 4;
  int regions = 6;
  uint64_t seed = 42;
  std::string format;  // "" = per workload (see above), or json, protobuf, binary
  std::vector<SyncMode> modes = {SyncMode::kAsyncWal, SyncMode::kSyncWal};
  // --rounds: every workload this many times, the gateway first in every
  // second round; the table adds each ratio's median and range.
  int rounds = 1;
  std::string dataDir;
};

// One workload through the gateway and in process.
struct RestBenchResult {
  std::string workload;
  int round = 1;
  std::string format;      // the representation the clients used
  std::string durability;  // rest-put: the table's DURABILITY
  std::string unit;        // "ops" or "cells"
  int clients = 0;
  uint64_t restCount = 0, localCount = 0;  // operations or cells
  double restSeconds = 0, localSeconds = 0;
  // CPU time the whole process used (every thread: clients, gateway, engine)
  // while each side ran: what the work costs, apart from waiting for a core.
  double restCpuSeconds = 0, localCpuSeconds = 0;
  LatencyHistogram restLatency, localLatency;  // per operation (scan: per batch / per row)
  uint64_t wrong = 0;      // values read back that differ from what was written
  std::string error;       // the first failed call
  // rest-scan: bytes of keys and values scanned, and the peak resident
  // memory above what the process held when the gateway's scan started.
  uint64_t scannedBytes = 0, rssGrowthBytes = 0;

  double restRate() const { return restSeconds > 0 ? restCount / restSeconds : 0; }
  double localRate() const { return localSeconds > 0 ? localCount / localSeconds : 0; }
  double ratio() const { return localRate() > 0 ? restRate() / localRate() : 0; }
  // CPU microseconds per operation (or cell).
  double restCpuMicros() const { return restCount ? restCpuSeconds * 1e6 / restCount : 0; }
  double localCpuMicros() const { return localCount ? localCpuSeconds * 1e6 / localCount : 0; }
};

bool isRestWorkload(const std::string& name);
// "rest-get", "rest-put", "rest-scan" with their descriptions, for --help.
const std::vector<std::pair<const char*, const char*>>& restWorkloads();

// Runs the workloads, printing progress and the table to `out`. Returns the
// results (an error in a result means the run is not to be trusted).
std::vector<RestBenchResult> runRestBench(const RestBenchConfig& config, std::FILE* out);
void printRestTable(std::FILE* out, const RestBenchConfig& config,
                    const std::vector<RestBenchResult>& results);
std::string restResultsJson(const RestBenchConfig& config, const std::vector<RestBenchResult>& results);

}  // namespace regionlab::bench
