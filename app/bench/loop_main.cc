// regionlab-bench-loop: times one read again and again on stores that hold
// regionlab-bench's layout, without refilling them for every measurement.
//
//   regionlab-bench-loop fill DIR [options]
//       For each system, fills DIR/<system> as regionlab-bench's fillrandom
//       and overwrite do (N puts in a random order, then N puts of random
//       existing keys), closes and reopens the store, and waits until its
//       compactions have settled. The layout is then the one regionlab-bench's
//       reads start on. With --compact, everything is then flushed and
//       compacted, as regionlab-bench's compact workload does, and the reads
//       time each engine's fully compacted layout. DIR/loop.txt records the
//       sizes.
//   regionlab-bench-loop seek|get|scan|scan-reverse DIR [options]
//       For each system, opens DIR/<system>, reads for a warm-up, then times
//       seeks of --rows rows from a random key, Gets of random present keys,
//       or full scans (forward, or from the last row back), and prints ops/s
//       with the layout read.
//
// The point is comparison: two builds run alternately on copies of one
// directory read the same files, so a change of a few percent shows in a
// series of pairs where a whole benchmark run (minutes apart, refilled each
// time) cannot show it. Scans are checked for key order; values are not
// checked here, regionlab-bench checks them. Speeds are for comparing, side
// by side on one machine.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bench_config.h"
#include "kv_store.h"
#include "records.h"
#include "util/random.h"
#include "workload_runner.h"

using namespace regionlab::bench;

namespace {

constexpr char kUsage[] =
    "usage: regionlab-bench-loop fill DIR [options]\n"
    "       regionlab-bench-loop seek|get|scan|scan-reverse DIR [options]\n"
    "fill: fills DIR/<system> for each system as regionlab-bench's fillrandom and\n"
    "      overwrite do, reopens it and waits for its compactions to settle.\n"
    "      With --compact, then flushes and compacts everything, as regionlab-bench's\n"
    "      compact workload does.\n"
    "seek, get, scan, scan-reverse: times seeks of --rows rows from a random key,\n"
    "      Gets of random present keys, or full scans (scan-reverse: from the last row\n"
    "      back) on the stores of DIR, after a warm-up.\n\n"
    "  --systems LIST       default: RegionLab, plus LevelDB when this build has it\n"
    "  --num N              records (fill; default 1000000)\n"
    "  --value-size N       value bytes (fill; default 100)\n"
    "  --seed N             fill order and request sequence seed (default 42)\n"
    "  --cache-mb N         block cache (default 64)\n"
    "  --write-buffer-mb N  memtable / memstore size (default 64)\n"
    "  --block-size N       data block bytes (default 4096; 0 = each engine's own)\n"
    "  --regions N          regions of RegionLab-split's pre-split table (fill; default 6)\n"
    "  --compact            compact everything after the fill (fill; takes no value)\n"
    "  --rows N             rows per seek (default 100)\n"
    "  --warmup S           seconds read before timing (default 2)\n"
    "  --seconds S          seconds timed per system (default 5)\n"
    "Exit status: 0 on success, 1 when a store fails, 2 on a usage error.\n";

struct LoopConfig {
  std::string op;
  std::string dir;
  std::vector<std::string> systems;
  uint64_t records = 1000000;
  size_t valueBytes = 100;
  uint64_t seed = 42;
  uint64_t cacheBytes = 64ull << 20;
  uint64_t writeBufferBytes = 64ull << 20;
  uint32_t blockSize = 4096;
  uint64_t rows = 100;
  int regions = 6;       // RegionLab-split's regions, over its 3 region servers
  bool compact = false;  // fill: compact everything after the writes
  double warmupSeconds = 2;
  double seconds = 5;
};

std::optional<double> parseSeconds(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !(v >= 0) || v > 86400) {
    return std::nullopt;
  }
  return v;
}

// The error message, or nullopt.
std::optional<std::string> parseArgs(int argc, char** argv, LoopConfig* c) {
  if (argc < 3) return "an operation and a directory are needed";
  c->op = argv[1];
  c->dir = argv[2];
  if (c->op != "fill" && c->op != "seek" && c->op != "get" && c->op != "scan" &&
      c->op != "scan-reverse") {
    return "unknown operation '" + c->op + "' (fill, seek, get, scan or scan-reverse)";
  }
  for (int i = 3; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--compact") {
      if (c->op != "fill") return "--compact is an option of fill only";
      c->compact = true;
      continue;
    }
    if (i + 1 >= argc) return flag + " needs a value";
    const std::string value = argv[++i];
    const auto number = parseNumber(value);
    auto needNumber = [&](uint64_t min, uint64_t max = UINT64_MAX) -> std::optional<std::string> {
      if (!number || *number < min || *number > max) {
        return "bad value '" + value + "' for " + flag + " (a whole number, at least " +
               std::to_string(min) + (max == UINT64_MAX ? "" : ", at most " + std::to_string(max)) +
               ")";
      }
      return std::nullopt;
    };
    constexpr uint64_t kMaxMegabytes = 1 << 20;  // 1 TiB
    std::optional<std::string> error;
    if (flag == "--systems") {
      c->systems = splitList(value);
      if (const auto unknown = systemNotInBuild(c->systems)) {
        return "--systems: '" + *unknown + "' is not in this build";
      }
      if (c->systems.empty()) return "--systems names no system";
    } else if (flag == "--num") {
      if (!(error = needNumber(1))) c->records = *number;
    } else if (flag == "--value-size") {
      if (!(error = needNumber(kMinValueBytes, 65536))) c->valueBytes = *number;
    } else if (flag == "--seed") {
      if (!(error = needNumber(0))) c->seed = *number;
    } else if (flag == "--cache-mb") {
      if (!(error = needNumber(1, kMaxMegabytes))) c->cacheBytes = *number << 20;
    } else if (flag == "--write-buffer-mb") {
      if (!(error = needNumber(1, kMaxMegabytes))) c->writeBufferBytes = *number << 20;
    } else if (flag == "--block-size") {
      if (!(error = needNumber(0, UINT32_MAX))) c->blockSize = static_cast<uint32_t>(*number);
    } else if (flag == "--regions") {
      if (!(error = needNumber(1, 1000))) c->regions = static_cast<int>(*number);
    } else if (flag == "--rows") {
      if (!(error = needNumber(1))) c->rows = *number;
    } else if (flag == "--warmup" || flag == "--seconds") {
      const auto s = parseSeconds(value);
      if (!s) return "bad value '" + value + "' for " + flag + " (seconds, 0 to 86400)";
      (flag == "--warmup" ? c->warmupSeconds : c->seconds) = *s;
    } else {
      return "unknown option " + flag;
    }
    if (error) return error;
  }
  if (c->systems.empty()) {
    c->systems.push_back("RegionLab");
    for (const auto& s : availableSystems()) {
      if (s == "LevelDB") c->systems.push_back(s);
    }
  }
  return std::nullopt;
}

// `records` and `regions` are the fill's (for RegionLab-split's split keys).
StoreSettings settingsFor(const LoopConfig& c, const std::string& system, uint64_t records,
                          int regions) {
  StoreSettings s;
  s.dir = c.dir + "/" + system;
  s.splitKeys = RecordFormat::splitKeys(records, regions);
  s.blockCacheBytes = c.cacheBytes;
  s.writeBufferBytes = c.writeBufferBytes;
  s.blockSize = c.blockSize;
  return s;
}

// Waits until the store's layout has not changed for a second (its
// compactions have settled), at most `limit`.
StoreLayout waitForSettledLayout(const KvStore& store, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  StoreLayout last = store.layout();
  auto stableSince = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    StoreLayout now = store.layout();
    if (now.detail != last.detail || now.bytes != last.bytes) {
      last = std::move(now);
      stableSince = std::chrono::steady_clock::now();
    } else if (std::chrono::steady_clock::now() - stableSince >= std::chrono::seconds(1)) {
      break;
    }
  }
  return last;
}

std::string sizesPath(const std::string& dir) { return dir + "/loop.txt"; }

// True when `s` is OK; otherwise prints what failed, for which system.
bool succeeded(const Status& s, const std::string& system, const char* what) {
  if (!s.ok()) std::fprintf(stderr, "%s: %s: %s\n", system.c_str(), what, s.ToString().c_str());
  return s.ok();
}

int fill(const LoopConfig& c) {
  std::error_code ec;
  std::filesystem::create_directories(c.dir, ec);
  if (ec) {
    std::fprintf(stderr, "regionlab-bench-loop: cannot create %s: %s\n", c.dir.c_str(),
                 ec.message().c_str());
    return 1;
  }
  const RecordFormat format(c.valueBytes);
  RunParameters params;
  params.records = c.records;
  params.ops = c.records;
  params.seed = c.seed;
  for (const auto& system : c.systems) {
    const StoreSettings settings = settingsFor(c, system, c.records, c.regions);
    std::unique_ptr<KvStore> store = makeStore(system, settings);
    if (!succeeded(store->open(), system, "open")) return 1;
    WorkloadRunner runner(store.get(), settings.dir, &format, params);
    std::vector<const char*> workloads = {"fillrandom", "overwrite"};
    if (c.compact) workloads.push_back("compact");
    for (const char* workload : workloads) {
      const WorkloadResult r = runner.run(workload);
      if (!r.error.empty()) {
        std::fprintf(stderr, "%s: %s: %s\n", system.c_str(), workload, r.error.c_str());
        return 1;
      }
    }
    // Closed and reopened as regionlab-bench's readrandom-cold does; the
    // compactions the reopen starts then settle.
    if (!succeeded(store->close(), system, "close") ||
        !succeeded(store->open(), system, "reopen")) {
      return 1;
    }
    const StoreLayout layout = waitForSettledLayout(*store, std::chrono::seconds(600));
    std::printf("%-10s filled: %s in %s\n", system.c_str(), bytesText(layout.bytes).c_str(),
                layout.detail.c_str());
    if (!succeeded(store->close(), system, "close")) return 1;
  }
  std::ofstream out(sizesPath(c.dir));
  out << "records " << c.records << "\nregions " << c.regions << "\n";
  if (!out) {
    std::fprintf(stderr, "regionlab-bench-loop: cannot write %s\n", sizesPath(c.dir).c_str());
    return 1;
  }
  return 0;
}

struct FilledSizes {
  uint64_t records = 0;
  int regions = 0;
};

// The sizes `fill` wrote for DIR, or nullopt.
std::optional<FilledSizes> filledSizes(const std::string& dir) {
  std::ifstream in(sizesPath(dir));
  std::string word1, value1, word2, value2;
  if (!(in >> word1 >> value1 >> word2 >> value2) || word1 != "records" || word2 != "regions") {
    return std::nullopt;
  }
  const auto records = parseNumber(value1);
  const auto regions = parseNumber(value2);
  if (!records || *records == 0 || !regions || *regions == 0 || *regions > 1000) {
    return std::nullopt;
  }
  return FilledSizes{*records, static_cast<int>(*regions)};
}

struct LoopResult {
  double opsPerSecond = 0;
  double rowsPerOp = 0;
  StoreLayout layout;
};

// Runs `op` on `store` over keys [0, records): a warm-up, then the timed part.
std::optional<LoopResult> timeLoop(const LoopConfig& c, uint64_t records, KvStore* store,
                                   std::string* error) {
  regionlab::Random rng(c.seed);
  std::string key, value, lastKey;
  uint64_t rows = 0;
  auto once = [&]() -> Status {
    if (c.op == "get") {
      RecordFormat::key(rng.Uniform(records), &key);
      bool found = false;
      RL_RETURN_IF_ERROR(store->get(key, &value, &found));
      rows += found ? 1 : 0;
      return Status::OK();
    }
    ScanRequest request;
    if (c.op == "seek") {
      RecordFormat::key(rng.Uniform(records), &request.start);
      request.limit = c.rows;
    }
    const bool reverse = c.op == "scan-reverse";
    request.reverse = reverse;
    // Each row's key must come after the last one's in the direction asked for.
    bool ordered = true;
    lastKey.clear();
    RL_RETURN_IF_ERROR(store->scan(request, [&](std::string_view k, std::string_view v) {
      if (!lastKey.empty() && (reverse ? k >= lastKey : k <= lastKey)) ordered = false;
      lastKey.assign(k.data(), k.size());
      value.assign(v.data(), v.size());
      ++rows;
    }));
    if (!ordered) {
      return Status::Corruption(std::string(reverse ? "a reverse" : "a") +
                                " scan returned rows out of key order");
    }
    return Status::OK();
  };
  using Clock = std::chrono::steady_clock;
  // Runs `once` until `seconds` have passed (at least once); the count.
  auto repeatFor = [&](double seconds, uint64_t* ops) -> bool {
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    do {
      if (Status s = once(); !s.ok()) {
        *error = s.ToString();
        return false;
      }
      ++*ops;
    } while (Clock::now() < end);
    return true;
  };
  uint64_t ops = 0;
  if (c.warmupSeconds > 0 && !repeatFor(c.warmupSeconds, &ops)) return std::nullopt;
  LoopResult result;
  result.layout = store->layout();
  rows = 0;
  ops = 0;
  const auto start = Clock::now();
  if (!repeatFor(c.seconds, &ops)) return std::nullopt;
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  result.opsPerSecond = static_cast<double>(ops) / elapsed;
  result.rowsPerOp = static_cast<double>(rows) / static_cast<double>(ops);
  return result;
}

int run(const LoopConfig& c) {
  const auto sizes = filledSizes(c.dir);
  if (!sizes) {
    std::fprintf(stderr,
                 "regionlab-bench-loop: %s holds no stores filled by 'regionlab-bench-loop fill' "
                 "(%s is missing or unreadable)\n",
                 c.dir.c_str(), sizesPath(c.dir).c_str());
    return 2;
  }
  const std::string what = c.op == "seek" ? "seek+" + std::to_string(c.rows) : c.op;
  std::vector<std::pair<std::string, double>> rates;
  for (const auto& system : c.systems) {
    const StoreSettings settings = settingsFor(c, system, sizes->records, sizes->regions);
    if (!std::filesystem::is_directory(settings.dir)) {
      std::fprintf(stderr, "regionlab-bench-loop: %s has no store for %s (%s)\n", c.dir.c_str(),
                   system.c_str(), settings.dir.c_str());
      return 2;
    }
    std::unique_ptr<KvStore> store = makeStore(system, settings);
    if (!succeeded(store->open(), system, "open")) return 1;
    // An open may start compactions (LevelDB's reads also trigger them): the
    // timing starts on a layout that holds still.
    waitForSettledLayout(*store, std::chrono::seconds(600));
    std::string error;
    const auto r = timeLoop(c, sizes->records, store.get(), &error);
    if (Status s = store->close(); !s.ok() && error.empty()) error = "close: " + s.ToString();
    if (!r || !error.empty()) {
      std::fprintf(stderr, "%s: %s: %s\n", system.c_str(), what.c_str(), error.c_str());
      return 1;
    }
    std::printf("%-10s %-9s %12.2f ops/s %10.1f rows/op  on %s in %s\n", system.c_str(),
                what.c_str(), r->opsPerSecond, r->rowsPerOp, bytesText(r->layout.bytes).c_str(),
                r->layout.detail.c_str());
    std::fflush(stdout);
    rates.emplace_back(system, r->opsPerSecond);
  }
  for (const auto& [system, rate] : rates) {
    if (!isRegionLab(system)) continue;
    for (const auto& [peer, peerRate] : rates) {
      if (isRegionLab(peer)) continue;
      std::printf("%s/%s %.2fx\n", system.c_str(), peer.c_str(), rate / peerRate);
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  LoopConfig config;
  if (const auto error = parseArgs(argc, argv, &config)) {
    std::fprintf(stderr, "regionlab-bench-loop: %s\n\n%s", error->c_str(), kUsage);
    return 2;
  }
  return config.op == "fill" ? fill(config) : run(config);
}
