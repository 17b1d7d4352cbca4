#include "bench_config.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "regionlab/store_configuration.h"
#include "rest_bench.h"

namespace regionlab::bench {

namespace {
// --quick: small enough for CI (well under a minute, sanitizers included).
constexpr uint64_t kQuickRecords = 5000;
constexpr uint64_t kQuickSyncRecords = 200;

}  // namespace

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

std::optional<uint64_t> parseNumber(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) {
    return std::nullopt;
  }
  errno = 0;
  const uint64_t n = std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE) return std::nullopt;
  return n;
}

std::optional<std::string> systemNotInBuild(const std::vector<std::string>& systems) {
  const auto known = availableSystems();
  for (const auto& s : systems) {
    if (std::find(known.begin(), known.end(), s) == known.end()) return s;
  }
  return std::nullopt;
}

std::string usageText() {
  std::ostringstream out;
  out << "usage: regionlab-bench [options]\n"
         "Runs the same workloads against RegionLab and its peers and prints ops/s, MB/s,\n"
         "latency percentiles, the ratio RegionLab/peer, peak RSS and on-disk size.\n\n"
         "  --num N              records and operations per workload (default 1000000)\n"
         "  --sync-num N         records and operations of the SYNC_WAL pass (default num/100)\n"
         "  --value-size N       value bytes (default 100; keys are 16 bytes)\n"
         "  --durability LIST    async,sync (default both)\n"
         "  --systems LIST       default: every system in this build (";
  const auto systems = availableSystems();
  for (size_t i = 0; i < systems.size(); ++i) out << (i ? "," : "") << systems[i];
  out << ")\n"
         "  --workloads LIST     run in the order below; default: all but compact\n";
  size_t nameWidth = 0;
  for (const auto& w : WorkloadRunner::workloads()) {
    nameWidth = std::max(nameWidth, std::string_view(w.name).size());
  }
  for (const auto& w : WorkloadRunner::workloads()) {
    out << "                         " << w.name
        << std::string(nameWidth + 2 - std::string_view(w.name).size(), ' ') << w.description
        << "\n";
  }
  for (const auto& [name, description] : restWorkloads()) {
    out << "                         " << name
        << std::string(nameWidth + 2 > std::string_view(name).size() ? nameWidth + 2 - std::string_view(name).size() : 1, ' ')
        << description << "\n";
  }
  out << "                       (the rest-* workloads run on their own: one cluster served by\n"
         "                       the REST gateway in this process; see app/bench/rest_bench.h)\n"
         "  --clients N          keep-alive HTTP clients of the rest-* workloads (default 4)\n"
         "  --rest-format F      json, protobuf or binary for every rest-* workload (default:\n"
         "                       JSON for rest-get and rest-put, protobuf for rest-scan)\n";
  out << "  --cache-mb N         block cache of every system (default 64)\n"
         "  --write-buffer-mb N  memtable / memstore size of every system (default 64)\n"
         "  --block-size N       data block bytes of RegionLab, LevelDB and RocksDB (default\n"
         "                       4096; 0 = each engine's own default)\n"
         "  --regions N          regions of RegionLab-split's pre-split table, over 3 region\n"
         "                       servers (default 6)\n"
         "  --regionlab-config K=V[,K=V...]\n"
         "                       table CONFIGURATION of RegionLab and RegionLab-split (default:\n"
         "                       none, HBase's defaults), e.g. hbase.hstore.compaction.ratio=5.0;\n"
         "                       keys:\n";
  for (const auto& key : regionlab::StoreConfigurationKeys()) {
    out << "                         " << key << "\n";
  }
  out << "  --seed N             request sequence seed (default 42)\n"
         "  --rounds N           run everything N times (default 1), the systems in reverse\n"
         "                       order in every second round, and add each ratio's median\n"
         "                       and range over the rounds: one run's ratios move with the\n"
         "                       machine's speed\n"
         "  --data DIR           where the stores live (default: a new directory in $TMPDIR)\n"
         "  --keep               keep the stores' files at the end\n"
         "  --quick              a small run for CI: --num 5000 --sync-num 200\n"
         "  --json[=PATH]        write the figures as JSON to PATH, or to stdout (the table\n"
         "                       then goes to stderr)\n"
         "  --corrupt-reads SYS  flip a byte of some values SYS returns, to check that the\n"
         "                       benchmark's own read verification reports it\n"
         "Exit status: 0 when every system answered every read correctly and the same way,\n"
         "1 on a mismatch or a failed call, 2 on a usage error.\n";
  return out.str();
}

std::optional<std::string> parseCommandLine(int argc, char** argv, BenchConfig* config,
                                            bool* help) {
  *help = false;
  std::optional<uint64_t> num, syncNum;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    std::string value;
    bool hasValue = false;
    if (const auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      hasValue = true;
    }
    auto next = [&](std::string* out) -> bool {
      if (hasValue) {
        *out = value;
        return true;
      }
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    auto number = [&](uint64_t* out) -> std::optional<std::string> {
      std::string text;
      if (!next(&text)) return arg + " needs a value";
      const auto n = parseNumber(text);
      if (!n) return arg + ": '" + text + "' is not a number";
      *out = *n;
      return std::nullopt;
    };
    std::string text;
    uint64_t n = 0;
    if (arg == "--help" || arg == "-h") {
      *help = true;
    } else if (arg == "--quick") {
      config->quick = true;
    } else if (arg == "--keep") {
      config->keepData = true;
    } else if (arg == "--json") {
      config->json = true;
      config->jsonPath = value;
    } else if (arg == "--num" || arg == "--sync-num" || arg == "--value-size" ||
               arg == "--cache-mb" || arg == "--write-buffer-mb" || arg == "--block-size" ||
               arg == "--seed" || arg == "--regions" || arg == "--rounds") {
      if (auto e = number(&n)) return e;
      if (arg == "--num") num = n;
      if (arg == "--sync-num") syncNum = n;
      if (arg == "--value-size") config->valueBytes = n;
      if (arg == "--cache-mb") config->cacheBytes = n << 20;
      if (arg == "--write-buffer-mb") config->writeBufferBytes = n << 20;
      if (arg == "--block-size") config->blockSize = static_cast<uint32_t>(n);
      if (arg == "--seed") config->seed = n;
      if (arg == "--regions") {
        if (n < 1 || n > 1000) return arg + " must be between 1 and 1000";
        config->regions = static_cast<int>(n);
      }
      if (arg == "--rounds") {
        if (n < 1 || n > 100) return arg + " must be between 1 and 100";
        config->rounds = static_cast<int>(n);
      }
    } else if (arg == "--durability") {
      if (!next(&text)) return arg + " needs a value";
      config->modes.clear();
      for (const auto& m : splitList(text)) {
        if (m == "async" || m == "ASYNC_WAL") {
          config->modes.push_back(SyncMode::kAsyncWal);
        } else if (m == "sync" || m == "SYNC_WAL") {
          config->modes.push_back(SyncMode::kSyncWal);
        } else {
          return "--durability: unknown mode '" + m + "' (async, sync)";
        }
      }
    } else if (arg == "--systems") {
      if (!next(&text)) return arg + " needs a value";
      config->systems = splitList(text);
      if (const auto unknown = systemNotInBuild(config->systems)) {
        return "--systems: '" + *unknown + "' is not in this build";
      }
    } else if (arg == "--workloads") {
      if (!next(&text)) return arg + " needs a value";
      config->workloads.clear();
      for (const auto& w : splitList(text)) {
        if (isRestWorkload(w)) {
          config->restWorkloads.push_back(w);
        } else if (WorkloadRunner::find(w) == nullptr) {
          return "--workloads: unknown workload '" + w + "'";
        } else {
          config->workloads.push_back(w);
        }
      }
      if (!config->restWorkloads.empty() && !config->workloads.empty()) {
        return std::string("--workloads: the rest-* workloads run on their own; name them in a "
                           "run of their own");
      }
    } else if (arg == "--regionlab-config") {
      if (!next(&text)) return arg + " needs a value";
      const auto& keys = regionlab::StoreConfigurationKeys();
      for (const auto& item : splitList(text)) {
        const auto eq = item.find('=');
        if (eq == std::string::npos) return arg + ": '" + item + "' is not KEY=VALUE";
        const std::string key = item.substr(0, eq), setting = item.substr(eq + 1);
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
          return arg + ": RegionLab does not read '" + key + "'";
        }
        regionlab::RegionOptions probe;
        if (!regionlab::ApplyStoreConfiguration({{key, setting}}, &probe).empty()) {
          return arg + ": '" + setting + "' is not a value " + key + " can take";
        }
        config->regionLabConfiguration[key] = setting;
      }
    } else if (arg == "--clients") {
      if (auto e = number(&n)) return e;
      if (n < 1 || n > 256) return arg + " must be between 1 and 256";
      config->clients = static_cast<int>(n);
    } else if (arg == "--rest-format") {
      if (!next(&config->restFormat)) return arg + " needs a value";
      if (config->restFormat != "json" && config->restFormat != "protobuf" &&
          config->restFormat != "binary") {
        return arg + ": '" + config->restFormat + "' is not json, protobuf or binary";
      }
    } else if (arg == "--data") {
      if (!next(&config->dataDir)) return arg + " needs a value";
    } else if (arg == "--corrupt-reads") {
      if (!next(&config->corruptReads)) return arg + " needs a value";
    } else {
      return "unknown option '" + arg + "'";
    }
  }
  if (config->quick) {
    config->records = kQuickRecords;
    config->syncRecords = kQuickSyncRecords;
  }
  if (num) config->records = *num;
  if (syncNum) config->syncRecords = *syncNum;
  if (config->records == 0) return std::string("--num must be at least 1");
  if (config->valueBytes < kMinValueBytes || config->valueBytes > 65536) {
    return "--value-size must be between " + std::to_string(kMinValueBytes) + " and 65536";
  }
  if (config->cacheBytes == 0 || config->writeBufferBytes == 0) {
    return std::string("--cache-mb and --write-buffer-mb must be at least 1");
  }
  if (config->modes.empty()) return std::string("--durability names no mode");
  if (config->systems.empty()) config->systems = availableSystems();
  if (config->workloads.empty() && config->restWorkloads.empty()) {
    for (const auto& w : WorkloadRunner::workloads()) {
      if (w.byDefault) config->workloads.push_back(w.name);
    }
  }
  return std::nullopt;
}

std::vector<PassPlan> planPasses(const BenchConfig& config) {
  std::vector<PassPlan> passes;
  for (SyncMode mode : config.modes) {
    PassPlan p;
    p.mode = mode;
    uint64_t records = config.records;
    if (mode == SyncMode::kSyncWal) {
      records = config.syncRecords != 0 ? config.syncRecords
                                        : std::max<uint64_t>(config.records / 100, 1000);
      records = std::min(records, config.records);
    }
    p.params.records = records;
    p.params.ops = records;
    p.params.scanOps = std::max<uint64_t>(records / 10, 1);
    p.params.seed = config.seed;
    for (const auto& w : WorkloadRunner::workloads()) {
      const bool selected = std::find(config.workloads.begin(), config.workloads.end(), w.name) !=
                            config.workloads.end();
      if (selected && (mode == SyncMode::kAsyncWal || w.writes)) p.workloads.push_back(w.name);
    }
    if (!p.workloads.empty()) passes.push_back(std::move(p));
  }
  return passes;
}

}  // namespace regionlab::bench
