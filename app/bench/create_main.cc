// regionlab-bench-create: how long `create` takes with many split keys, and
// how long the directory then takes to open again.
//
//   regionlab-bench-create [--keys N,N,...] [--large] [--servers N] [--dir DIR] [--json]
//
// For each N (default 1000,10000; --large adds 100000, a few minutes more)
// it creates a table pre-split
// with N keys (HexStringSplit's N+1 regions, as `create 't', 'f',
// {NUMREGIONS => N+1, SPLITALGO => 'HexStringSplit'}` does) in a fresh data
// directory, closes the cluster, opens it again, and prints the seconds of
// each step with the time per region, and that time as a multiple of the
// first row's: a cost that grows linearly with the number of regions keeps
// the multiple near 1, a quadratic one multiplies it by the growth in N.
// Speeds are for comparing on one machine, and the ratios between rows of
// one run are what to read; see docs/performance.md for a run.
#include <sys/resource.h>
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
    "usage: regionlab-bench-create [--keys N,N,...] [--large] [--servers N] [--dir DIR] [--json]\n"
    "Creates a table pre-split with N keys for each N (default 1000,10000; --large adds\n"
    "100000), closes and reopens the directory, and prints the seconds of each step,\n"
    "the milliseconds per region and that time per region as a multiple of the first row's.\n";

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

struct Run {
  size_t keys = 0;
  double create_s = 0, close_s = 0, open_s = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<size_t> counts = {1000, 10000};
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
    } else if (a == "--large") {
      counts.push_back(100000);
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
  if (!json) {
    std::printf("%8s %10s %13s %8s %9s %9s %11s %8s\n", "keys", "create s", "create ms/rgn",
                "x first", "close s", "open s", "open ms/rgn", "x first");
  }
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
      // The time per region as a multiple of the first row's: near 1 when
      // the cost grows linearly with the number of regions.
      const double regions = double(n + 1), first_regions = double(runs.front().keys + 1);
      const double create_x = (run.create_s / regions) / (runs.front().create_s / first_regions);
      const double open_x = (run.open_s / regions) / (runs.front().open_s / first_regions);
      std::printf("%8zu %10.2f %13.3f %8.2f %9.2f %9.2f %11.3f %8.2f\n", n, run.create_s,
                  run.create_s * 1000 / regions, create_x, run.close_s, run.open_s,
                  run.open_s * 1000 / regions, open_x);
      std::fflush(stdout);
    }
    std::filesystem::remove_all(dir, ec);
  }
  if (own_base) std::filesystem::remove_all(base, ec);
  // The most memory any of the runs held: every region of the largest open at once.
  struct rusage usage {};
  ::getrusage(RUSAGE_SELF, &usage);
  const double peak_mb = double(usage.ru_maxrss) / 1024.0;
  if (!json) std::printf("peak RSS %.0f MB\n", peak_mb);
  if (json) {
    std::printf("{\"servers\": %d, \"peak_rss_mb\": %.0f, \"runs\": [", servers, peak_mb);
    for (size_t i = 0; i < runs.size(); ++i) {
      std::printf("%s{\"keys\": %zu, \"create_s\": %.3f, \"close_s\": %.3f, \"open_s\": %.3f}",
                  i ? ", " : "", runs[i].keys, runs[i].create_s, runs[i].close_s, runs[i].open_s);
    }
    std::printf("]}\n");
  }
  return 0;
}
