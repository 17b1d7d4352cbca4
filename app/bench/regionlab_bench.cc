// regionlab-bench: runs the same workloads, in one process, against RegionLab
// and its peers (LevelDB, RocksDB, SQLite) with comparable settings, checks
// that every system read exactly what was written, and prints a table of
// ops/s, MB/s, latency percentiles and the ratio RegionLab/peer, with each
// system's peak RSS and on-disk size after a final compaction. With --rounds N
// it does all that N times and adds each ratio's median and range.
//
// usage: regionlab-bench [--quick] [--json[=PATH]] [--num N] ...  (--help)
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "bench_config.h"
#include "corrupt_reads_store.h"
#include "report.h"
#include "rest_bench.h"
#include "workload_runner.h"

using namespace regionlab::bench;

namespace {

// Runs one pass's workloads on one system, from an empty directory to the
// final compaction.
SystemRun runSystem(const BenchConfig& config, const PassPlan& plan, const std::string& system,
                    const std::string& root, const RecordFormat& format, MachineInfo* machine,
                    std::FILE* out) {
  SystemRun run;
  run.system = system;
  StoreSettings settings;
  settings.dir = root + "/" + syncModeName(plan.mode) + "/" + system;
  settings.sync = plan.mode;
  settings.blockCacheBytes = config.cacheBytes;
  settings.writeBufferBytes = config.writeBufferBytes;
  settings.blockSize = config.blockSize;
  settings.splitKeys = RecordFormat::splitKeys(plan.params.records, config.regions);
  settings.regionLabConfiguration = config.regionLabConfiguration;
  std::error_code ec;
  std::filesystem::remove_all(settings.dir, ec);

  std::unique_ptr<KvStore> store = makeStore(system, settings);
  if (config.corruptReads == system) store = std::make_unique<CorruptReadsStore>(std::move(store));
  run.settings = store->describe();
  printSystemSettings(out, run);

  process::releaseFreeMemory();
  if (!process::resetPeakRss()) machine->peakRssPerSystem = false;
  const uint64_t writtenBefore = process::bytesWritten();
  Stopwatch clock;
  if (Status s = store->open(); !s.ok()) {
    run.error = "open: " + s.ToString();
    return run;
  }
  WorkloadRunner runner(store.get(), settings.dir, &format, plan.params);
  for (const auto& workload : plan.workloads) {
    WorkloadResult r = runner.run(workload);
    // Where the data sits decides what a read costs; each line says it.
    std::fprintf(out, "    %-15s %-21s %12.0f ops/s %8.2f s  on %s in %s%s%s\n", system.c_str(),
                 workload.c_str(), r.opsPerSecond(), r.seconds, bytesText(r.layout.bytes).c_str(),
                 r.layout.detail.c_str(), r.error.empty() ? "" : "  ", r.error.c_str());
    std::fflush(out);
    const bool failed = !r.error.empty();
    run.results.push_back(std::move(r));
    if (failed) break;  // the store's state is unknown: later workloads would mislead
  }
  if (Status s = store->compactAll(); !s.ok()) run.error = "final compaction: " + s.ToString();
  run.diskBytes = directoryBytes(settings.dir);
  if (Status s = store->close(); !s.ok() && run.error.empty()) run.error = "close: " + s.ToString();
  run.seconds = clock.elapsedSeconds();
  run.liveBytes = runner.liveBytes();
  run.userBytesWritten = runner.userBytesWritten();
  run.fileBytesWritten = process::bytesWritten() - writtenBefore;
  run.peakRssBytes = process::peakRssBytes();
  store.reset();
  if (!config.keepData) std::filesystem::remove_all(settings.dir, ec);
  return run;
}

// --json: to the named file, or to stdout. False when the file cannot be written.
bool writeJson(const BenchConfig& config, const std::string& json) {
  if (config.jsonPath.empty()) {
    std::fputs(json.c_str(), stdout);
    return true;
  }
  std::ofstream file(config.jsonPath);
  file << json;
  if (!file) {
    std::fprintf(stderr, "regionlab-bench: cannot write %s\n", config.jsonPath.c_str());
    return false;
  }
  return true;
}

// The rest-* workloads: one cluster served by the REST gateway in this
// process (rest_bench.h).
int runRest(const BenchConfig& config, const MachineInfo& machine, bool ownDataDir, std::FILE* out) {
  RestBenchConfig rc;
  rc.workloads = config.restWorkloads;
  rc.records = config.records;
  rc.valueBytes = config.valueBytes;
  rc.clients = config.clients;
  rc.regions = config.regions;
  rc.seed = config.seed;
  rc.format = config.restFormat;
  rc.modes = config.modes;
  rc.rounds = config.rounds;
  rc.dataDir = config.dataDir;
  std::fprintf(out, "regionlab-bench: the REST gateway (%d clients, %llu records, table pre-split into "
                    "%d regions over 3 servers)\n",
               rc.clients, static_cast<unsigned long long>(rc.records), rc.regions);
  printMachine(out, machine);
  const std::vector<RestBenchResult> results = runRestBench(rc, out);
  printRestTable(out, rc, results);
  bool failed = false;
  for (const RestBenchResult& r : results) failed |= !r.error.empty() || r.wrong > 0;
  if (config.json) {
    if (!writeJson(config, restResultsJson(rc, results))) return 1;
  }
  std::error_code ec;
  if (ownDataDir && !config.keepData) std::filesystem::remove_all(config.dataDir, ec);
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  BenchConfig config;
  bool help = false;
  if (auto error = parseCommandLine(argc, argv, &config, &help)) {
    std::fprintf(stderr, "regionlab-bench: %s\n\n%s", error->c_str(), usageText().c_str());
    return 2;
  }
  if (help) {
    std::fputs(usageText().c_str(), stdout);
    return 0;
  }
  std::error_code ec;
  bool ownDataDir = false;
  if (config.dataDir.empty()) {
    config.dataDir = (std::filesystem::temp_directory_path(ec) /
                      ("regionlab-bench-" + std::to_string(::getpid())))
                         .string();
    ownDataDir = true;
  }
  std::filesystem::create_directories(config.dataDir, ec);
  if (ec) {
    std::fprintf(stderr, "regionlab-bench: cannot create %s: %s\n", config.dataDir.c_str(),
                 ec.message().c_str());
    return 2;
  }

  std::FILE* out = config.json && config.jsonPath.empty() ? stderr : stdout;
  MachineInfo machine = describeMachine(config.dataDir);
  if (!config.restWorkloads.empty()) return runRest(config, machine, ownDataDir, out);
  std::fprintf(out, "regionlab-bench:");
  for (size_t i = 0; i < config.systems.size(); ++i) {
    std::fprintf(out, "%s %s", i > 0 ? "," : "", config.systems[i].c_str());
  }
  std::fprintf(out, " (RegionLab-split: the table pre-split into %d regions over 3 servers)\n",
               config.regions);
  printMachine(out, machine);
  std::fprintf(out,
               "Shared settings: WAL on, snappy, bloom 10 bits/key, block cache %llu MiB, write "
               "buffer %llu MiB, block size %s; data in %s\n",
               static_cast<unsigned long long>(config.cacheBytes >> 20),
               static_cast<unsigned long long>(config.writeBufferBytes >> 20),
               config.blockSize == 0 ? "engine default" : std::to_string(config.blockSize).c_str(),
               config.dataDir.c_str());

  const RecordFormat format(config.valueBytes);
  std::vector<PassRun> passes;  // every round's, in run order
  for (int round = 1; round <= config.rounds; ++round) {
    // Every second round runs the systems in reverse, so that no system is
    // always measured first, when the machine may be faster or slower.
    std::vector<std::string> order = config.systems;
    if (round % 2 == 0) std::reverse(order.begin(), order.end());
    printRoundHeader(out, round, config.rounds, order);
    for (const PassPlan& plan : planPasses(config)) {
      PassRun pass;
      pass.plan = plan;
      pass.round = round;
      printPassHeader(out, config, pass);
      for (const auto& system : order) {
        pass.systems.push_back(
            runSystem(config, plan, system, config.dataDir, format, &machine, out));
      }
      // Listed in --systems order, whatever order they ran in.
      if (round % 2 == 0) std::reverse(pass.systems.begin(), pass.systems.end());
      printPassTable(out, pass);
      passes.push_back(std::move(pass));
    }
  }
  printFiguresOverRounds(out, passes);
  printRatiosOverRounds(out, passes);
  const std::vector<std::string> problems = verifyPasses(passes);
  printVerification(out, problems);

  if (config.json) {
    if (!writeJson(config, toJson(config, machine, passes, problems))) return 1;
  }
  if (ownDataDir && !config.keepData) std::filesystem::remove_all(config.dataDir, ec);
  return problems.empty() ? 0 : 1;
}
