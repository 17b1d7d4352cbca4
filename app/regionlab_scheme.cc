// regionlab-scheme: rowkey schemes without the GUI, for scripts and for real
// clusters.
//
//   regionlab-scheme keys (SCHEME.json | --example NAME) [-n N]
//   regionlab-scheme splits (SCHEME.json | --example NAME) --regions R [--sample N]
//   regionlab-scheme simulate (SCHEME.json | --example NAME) (--regions R | --splits FILE)
//                    [-n N] [--json]
//
// Exit status: 0 success, 1 failure (a scheme that does not read or a
// value that does not fit), 2 bad usage.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "regionlab/bytes.h"
#include "regionlab/version.h"
#include "rowkey/key_generator.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "rowkey/simulator.h"
#include "rowkey/split_algorithms.h"
#include "rowkey/split_calculators.h"
#include "rowkey/splits_file.h"
#include "util/env.h"
#include "util/json.h"

using namespace regionlab;
using namespace regionlab::rowkey;

namespace {

constexpr const char* kUsage =
    "usage: regionlab-scheme keys (SCHEME.json | --example NAME) [-n N]\n"
    "       regionlab-scheme splits (SCHEME.json | --example NAME) --regions R [--sample N]\n"
    "       regionlab-scheme simulate (SCHEME.json | --example NAME) (--regions R | --splits FILE)\n"
    "                        [-n N] [--json]\n"
    "       regionlab-scheme --version\n";

constexpr const char* kHelp =
    "\n"
    "Rowkey schemes (engine/rowkey/SCHEMES.md) without the GUI.\n"
    "  keys      print the first N keys of the scheme's workload (default 10), escaped\n"
    "            as HBase's Bytes.toStringBinary, one per line\n"
    "  splits    print a splits file for R regions (HBase's SPLITS_FILE): quantiles of N\n"
    "            keys (default 100000) sampled evenly from a run of 1,000,000 records\n"
    "  simulate  route N keys (default 1,000,000) over the regions of a splits file, or\n"
    "            of R regions cut at quantiles of keys sampled with another seed; print\n"
    "            writes and bytes per region and server, max/mean skew and Gini\n"
    "  --example NAME  a built-in example: %s\n"
    "  --json          simulate: print one JSON object\n"
    "Exit status: 0 success, 1 failure, 2 bad usage.\n";

struct Arguments {
  std::string command;
  std::string schemeFile;
  std::string example;
  std::string splitsFile;
  long long n = -1;
  long long regions = -1;
  long long sample = -1;
  bool json = false;
};

int usageError(const std::string& message) {
  std::fprintf(stderr, "regionlab-scheme: %s\n%s", message.c_str(), kUsage);
  return 2;
}

int failure(const std::string& message) {
  std::fprintf(stderr, "regionlab-scheme: %s\n", message.c_str());
  return 1;
}

bool parseCount(const std::string& text, long long min, long long max, long long* out) {
  if (text.empty()) return false;
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (*end != '\0' || v < min || v > max) return false;
  *out = v;
  return true;
}

std::string exampleList() {
  std::string list;
  for (const auto& n : ExampleSchemeNames()) list += (list.empty() ? "" : ", ") + n;
  return list;
}

// -1 when the arguments are good, else the exit status to end with.
int parseArguments(int argc, char** argv, Arguments* args) {
  if (argc >= 2 && (std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help")) {
    std::printf("%s", kUsage);
    std::printf(kHelp, exampleList().c_str());
    return 0;
  }
  if (argc >= 2 && std::string(argv[1]) == "--version") {
    std::printf("regionlab-scheme %s\n", regionlab::kVersion);
    return 0;
  }
  if (argc < 2) return usageError("no command given");
  args->command = argv[1];
  if (args->command != "keys" && args->command != "splits" && args->command != "simulate") {
    return usageError("unknown command '" + args->command + "'");
  }
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "-h" || a == "--help") {
      std::printf("%s", kUsage);
      std::printf(kHelp, exampleList().c_str());
      return 0;
    } else if (a == "--example") {
      if (!value(&args->example) || args->example.empty()) return usageError("--example needs a NAME");
    } else if (a == "-n" || a == "--regions" || a == "--sample") {
      if (!value(&v)) return usageError(a + " needs a number");
      long long* target = a == "-n" ? &args->n : a == "--regions" ? &args->regions : &args->sample;
      const long long max = a == "--regions" ? kMaxPresplitRegions : 1000000000000LL;
      if (!parseCount(v, a == "--regions" ? 2 : 1, max, target)) {
        return usageError(a + " needs a whole number from " + (a == "--regions" ? "2" : "1") +
                          " to " + std::to_string(max) + ", got '" + v + "'");
      }
    } else if (a == "--splits") {
      if (!value(&args->splitsFile) || args->splitsFile.empty()) return usageError("--splits needs a FILE");
    } else if (a == "--json") {
      args->json = true;
    } else if (a.size() > 1 && a[0] == '-') {
      return usageError("unknown option " + a);
    } else if (!args->schemeFile.empty()) {
      return usageError("only one SCHEME.json may be given; extra argument " + a);
    } else {
      args->schemeFile = a;
    }
  }
  if (args->schemeFile.empty() == args->example.empty()) {
    return usageError("give either SCHEME.json or --example NAME");
  }
  const bool simulate = args->command == "simulate";
  if (args->command == "splits" && args->regions < 0) return usageError("splits needs --regions R");
  if (simulate && (args->regions < 0) == args->splitsFile.empty()) {
    return usageError("simulate needs either --regions R or --splits FILE");
  }
  if (!simulate && !args->splitsFile.empty()) return usageError("--splits belongs to simulate");
  if (args->command != "splits" && args->sample >= 0) return usageError("--sample belongs to splits");
  if (args->command == "splits" && args->n >= 0) return usageError("-n belongs to keys and simulate");
  if (args->command == "keys" && args->regions >= 0) return usageError("--regions belongs to splits and simulate");
  if (!simulate && args->json) return usageError("--json belongs to simulate");
  return -1;
}

// Loads the scheme: 2 when the file cannot be read, 1 when it does not read
// as a scheme, -1 on success.
int loadScheme(const Arguments& args, RowkeyScheme* scheme) {
  if (!args.example.empty()) {
    auto s = ExampleScheme(args.example);
    if (!s.ok()) return usageError(s.status().message());
    *scheme = std::move(*s);
    return -1;
  }
  std::string text;
  Status read = Env::Default()->ReadFileToString(args.schemeFile, &text);
  if (!read.ok()) return usageError("cannot read " + args.schemeFile + ": " + read.ToString());
  auto s = ParseSchemeJson(text, args.schemeFile);
  if (!s.ok()) return failure(s.status().message());
  *scheme = std::move(*s);
  return -1;
}

std::string humanBytes(uint64_t b) {
  char buf[32];
  if (b >= (1ull << 30)) {
    std::snprintf(buf, sizeof(buf), "%.2f GB", static_cast<double>(b) / (1ull << 30));
  } else if (b >= (1ull << 20)) {
    std::snprintf(buf, sizeof(buf), "%.1f MB", static_cast<double>(b) / (1ull << 20));
  } else {
    std::snprintf(buf, sizeof(buf), "%llu B", static_cast<unsigned long long>(b));
  }
  return buf;
}

void printText(const DistributionReport& r) {
  std::printf("scheme %s: %llu keys over %zu regions on %zu servers in %.3f s\n", r.scheme.c_str(),
              static_cast<unsigned long long>(r.keys), r.regions.size(), r.servers.size(),
              r.seconds);
  // Keys last: they vary in length. An empty key is the table's first or
  // last row, shown as HBase's shell shows it: nothing.
  std::printf("%6s  %-6s %10s %8s %10s  %s\n", "region", "server", "writes", "share", "bytes",
              "start key .. end key");
  for (size_t i = 0; i < r.regions.size(); ++i) {
    const RegionLoad& l = r.regions[i];
    std::printf("%6zu  %-6s %10llu %7.2f%% %10s  %s .. %s\n", i + 1, l.slot.server.c_str(),
                static_cast<unsigned long long>(l.writes),
                r.keys ? 100.0 * static_cast<double>(l.writes) / static_cast<double>(r.keys) : 0.0,
                humanBytes(l.bytes).c_str(), ToStringBinary(l.slot.start_key).c_str(),
                ToStringBinary(l.slot.end_key).c_str());
  }
  for (const ServerLoad& s : r.servers) {
    std::printf("server %s: %zu regions, %llu writes, %s\n", s.server.c_str(), s.regions,
                static_cast<unsigned long long>(s.writes), humanBytes(s.bytes).c_str());
  }
  std::printf("max/mean skew: regions %.3f (bytes %.3f), servers %.3f\n", r.region_skew,
              r.region_bytes_skew, r.server_skew);
  std::printf("gini: %.4f\n", r.gini);
  std::printf("max/mean writes per region in each %s of the run:",
              r.window_skew.size() == 10 ? "tenth" : "window");
  for (double w : r.window_skew) std::printf(" %.2f", w);
  std::printf("\n");
  const FirstSplit& f = r.first_split;
  if (!f.expected) {
    std::printf("first automatic split (%s): none expected\n", r.split_policy.c_str());
  } else {
    std::printf("first automatic split (%s): region %zu at write %llu%s; %s\n",
                r.split_policy.c_str(), f.region + 1, static_cast<unsigned long long>(f.at_write),
                f.within_run ? "" : " (projected at the last window's rates)",
                f.explanation.c_str());
  }
}

Json reportJson(const DistributionReport& r) {
  Json regions = Json::Array();
  for (const RegionLoad& l : r.regions) {
    regions.Push(Json::Object()
                     .Set("start", ToStringBinary(l.slot.start_key))
                     .Set("end", ToStringBinary(l.slot.end_key))
                     .Set("server", l.slot.server)
                     .Set("writes", l.writes)
                     .Set("bytes", l.bytes)
                     .Set("split_threshold", l.split_threshold));
  }
  Json servers = Json::Array();
  for (const ServerLoad& s : r.servers) {
    servers.Push(Json::Object()
                     .Set("server", s.server)
                     .Set("regions", static_cast<uint64_t>(s.regions))
                     .Set("writes", s.writes)
                     .Set("bytes", s.bytes));
  }
  Json windows = Json::Array();
  for (double w : r.window_skew) windows.Push(w);
  Json first = Json::Object().Set("expected", r.first_split.expected);
  if (r.first_split.expected) {
    first.Set("within_run", r.first_split.within_run)
        .Set("at_write", r.first_split.at_write)
        .Set("region", static_cast<uint64_t>(r.first_split.region + 1))
        .Set("threshold", r.first_split.threshold)
        .Set("explanation", r.first_split.explanation);
  }
  return Json::Object()
      .Set("scheme", r.scheme)
      .Set("keys", r.keys)
      .Set("bytes", r.bytes)
      .Set("seconds", r.seconds)
      .Set("split_policy", r.split_policy)
      .Set("region_skew", r.region_skew)
      .Set("region_bytes_skew", r.region_bytes_skew)
      .Set("server_skew", r.server_skew)
      .Set("gini", r.gini)
      .Set("window_skew", windows)
      .Set("first_split", first)
      .Set("regions", regions)
      .Set("servers", servers);
}

int runKeys(const KeyEncoder& enc, const RowkeyScheme& scheme, const Arguments& args) {
  auto gen = KeyGenerator::Create(&enc, scheme.workload);
  if (!gen.ok()) return failure(gen.status().message());
  const long long n = args.n >= 0 ? args.n : 10;
  std::string key;
  for (long long i = 0; i < n; ++i) {
    Status s = gen->Next(&key);
    if (!s.ok()) return failure(s.message());
    std::printf("%s\n", ToStringBinary(key).c_str());
  }
  return 0;
}

Result<std::vector<std::string>> sampledSplits(const KeyEncoder& enc, Workload workload,
                                               int regions, uint64_t planned, uint64_t sample) {
  SampleOptions o;
  o.planned_keys = std::max(planned, sample);
  o.sample = sample;
  return SampledSplitKeys(enc, workload, regions, o);
}

int runSplits(const KeyEncoder& enc, const RowkeyScheme& scheme, const Arguments& args) {
  auto keys = sampledSplits(enc, scheme.workload, static_cast<int>(args.regions), 1000000,
                            args.sample >= 0 ? static_cast<uint64_t>(args.sample) : 100000);
  if (!keys.ok()) return failure(keys.status().message());
  if (keys->size() + 1 < static_cast<size_t>(args.regions)) {
    std::fprintf(stderr, "regionlab-scheme: the sample has too few distinct keys: %zu split keys "
                         "(%zu regions) instead of %lld regions\n",
                 keys->size(), keys->size() + 1, args.regions);
  }
  const std::string out = FormatSplitsFile(*keys);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

int runSimulate(const KeyEncoder& enc, const RowkeyScheme& scheme, const Arguments& args) {
  const uint64_t n = args.n >= 0 ? static_cast<uint64_t>(args.n) : 1000000;
  std::vector<std::string> splits;
  if (!args.splitsFile.empty()) {
    std::string text;
    Status read = Env::Default()->ReadFileToString(args.splitsFile, &text);
    if (!read.ok()) return usageError("cannot read " + args.splitsFile + ": " + read.ToString());
    auto keys = ParseSplitsFile(text, args.splitsFile);
    if (!keys.ok()) return failure(keys.status().message());
    splits = std::move(*keys);
  } else {
    Workload other = scheme.workload;
    other.seed += 1;  // cut the regions from another sample than the simulated run
    auto keys = sampledSplits(enc, other, static_cast<int>(args.regions), n, 100000);
    if (!keys.ok()) return failure(keys.status().message());
    splits = std::move(*keys);
  }
  SimulationOptions o;
  o.keys = n;
  auto report = Simulate(enc, scheme.workload, LayoutFromSplitKeys(splits), o);
  if (!report.ok()) return failure(report.status().message());
  if (args.json) {
    std::printf("%s\n", reportJson(*report).Dump().c_str());
  } else {
    printText(*report);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Arguments args;
  if (int rc = parseArguments(argc, argv, &args); rc >= 0) return rc;
  RowkeyScheme scheme;
  if (int rc = loadScheme(args, &scheme); rc >= 0) return rc;
  auto enc = KeyEncoder::Create(scheme);
  if (!enc.ok()) return failure(enc.status().message());
  if (args.command == "keys") return runKeys(*enc, scheme, args);
  if (args.command == "splits") return runSplits(*enc, scheme, args);
  return runSimulate(*enc, scheme, args);
}
