// regionlab-bench-create: how long `create` takes with many split keys, and
// how long the directory then takes to open again.
//
//   regionlab-bench-create [--keys N,N,...] [--servers N] [--dir DIR] [--json]
//
// For each N (default 1000,2000,5000,10000) it creates a table pre-split
// with N keys (HexStringSplit's N+1 regions, as `create 't', 'f',
// {NUMREGIONS => N+1, SPLITALGO => 'HexStringSplit'}` does) in a fresh data
// directory, closes the cluster, opens it again, and prints the seconds of
// each step with the time per region, so that a cost that grows faster than
// the number of regions shows as a rising per-region time. Speeds are for
// comparing on one machine, and the ratios between rows of one run are what
// to read; see docs/reliability.md for a run.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "regionlab/cluster.h"
#include "rowkey/split_algorithms.h"

using namespace regionlab;

namespace {

constexpr char kUsage[] =
    "usage: regionlab-bench-create [--keys N,N,...] [--servers N] [--dir DIR] [--json]\n"
    "Creates a table pre-split with N keys for each N (default 1000,2000,5000,10000),\n"
    "closes and reopens the directory, and prints the seconds of each step.\n";

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

struct Run {
  size_t keys = 0;
  double create_s = 0, close_s = 0, open_s = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<size_t> counts = {1000, 2000, 5000, 10000};
  int servers = 3;
  bool json = false;
  std::string base;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--keys" && i + 1 < argc) {
      counts.clear();
      for (const char* p = argv[++i]; *p != '\0';) {
        char* end = nullptr;
        counts.push_back(std::strtoull(p, &end, 10));
        if (end == p || counts.back() == 0) {
          std::fprintf(stderr, "regionlab-bench-create: bad --keys list\n%s", kUsage);
          return 2;
        }
        p = *end == ',' ? end + 1 : end;
      }
    } else if (a == "--servers" && i + 1 < argc) {
      servers = std::atoi(argv[++i]);
    } else if (a == "--dir" && i + 1 < argc) {
      base = argv[++i];
    } else if (a == "--json") {
      json = true;
    } else {
      std::fprintf(a == "-h" || a == "--help" ? stdout : stderr, "%s", kUsage);
      return a == "-h" || a == "--help" ? 0 : 2;
    }
  }
  std::error_code ec;
  const bool own_base = base.empty();
  if (own_base) {
    base = (std::filesystem::temp_directory_path() /
            ("regionlab-bench-create-" + std::to_string(::getpid())))
               .string();
  }
  std::vector<Run> runs;
  if (!json) std::printf("%10s %10s %12s %10s %10s %12s\n", "keys", "create s", "create ms/rgn",
                         "close s", "open s", "open ms/rgn");
  for (const size_t n : counts) {
    const std::string dir = base + "/keys-" + std::to_string(n);
    std::filesystem::remove_all(dir, ec);
    ClusterOptions options;
    options.region_servers = servers;
    options.metrics_interval_ms = 0;
    auto splits = ComputeSplitKeys(SplitAlgorithm::kHexString, static_cast<int>(n + 1));
    if (!splits.ok()) {
      std::fprintf(stderr, "regionlab-bench-create: %s\n", splits.status().ToString().c_str());
      return 1;
    }
    Run run;
    run.keys = n;
    {
      auto cluster = Cluster::Open(dir, options);
      if (!cluster.ok()) {
        std::fprintf(stderr, "regionlab-bench-create: %s\n", cluster.status().ToString().c_str());
        return 1;
      }
      TableDescriptor d;
      d.name = "t";
      d.families.emplace_back();
      d.families.back().name = "f";
      auto start = std::chrono::steady_clock::now();
      Status s = (*cluster)->admin().CreateTable(d, *splits);
      run.create_s = Seconds(start);
      if (!s.ok()) {
        std::fprintf(stderr, "regionlab-bench-create: create with %zu keys: %s\n", n,
                     s.ToString().c_str());
        return 1;
      }
      start = std::chrono::steady_clock::now();
      s = (*cluster)->Close();
      run.close_s = Seconds(start);
      if (!s.ok()) {
        std::fprintf(stderr, "regionlab-bench-create: close: %s\n", s.ToString().c_str());
        return 1;
      }
    }
    {
      auto start = std::chrono::steady_clock::now();
      ClusterOpenReport report;
      auto cluster = Cluster::Open(dir, options, &report);
      run.open_s = Seconds(start);
      if (!cluster.ok() || report.regions_opened != n + 1) {
        std::fprintf(stderr, "regionlab-bench-create: reopen: %s (%llu regions opened)\n",
                     cluster.status().ToString().c_str(),
                     static_cast<unsigned long long>(report.regions_opened));
        return 1;
      }
      (void)(*cluster)->Close();
    }
    runs.push_back(run);
    if (!json) {
      std::printf("%10zu %10.2f %12.3f %10.2f %10.2f %12.3f\n", n, run.create_s,
                  run.create_s * 1000 / double(n + 1), run.close_s, run.open_s,
                  run.open_s * 1000 / double(n + 1));
      std::fflush(stdout);
    }
    std::filesystem::remove_all(dir, ec);
  }
  if (own_base) std::filesystem::remove_all(base, ec);
  if (json) {
    std::printf("{\"servers\": %d, \"runs\": [", servers);
    for (size_t i = 0; i < runs.size(); ++i) {
      std::printf("%s{\"keys\": %zu, \"create_s\": %.3f, \"close_s\": %.3f, \"open_s\": %.3f}",
                  i ? ", " : "", runs[i].keys, runs[i].create_s, runs[i].close_s, runs[i].open_s);
    }
    std::printf("]}\n");
  }
  return 0;
}
