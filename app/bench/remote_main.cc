// regionlab-bench-remote: what one poll of a very large remote cluster costs
// RegionLab once the answers have arrived, measured on a generated cluster
// (remote/generated_cluster.h) of --regions regions on --servers servers.
//
//   regionlab-bench-remote [--regions N] [--servers N] [--rounds N] [--changes N]
//                          [--dir DIR] [--json]
//
// Steps, each timed --rounds times (the median wall time is printed, with
// its range, and the median CPU time of the thread):
//   parse-status   /status/cluster JSON (about 50 MB for 100,000 regions)
//                  into the model, by the streaming parser
//   parse-regions  every table's /T/regions JSON
//   join           the readings joined into a ClusterSample
//   parse+join     the three together: what a poll costs off the GUI thread
//                  (the target: < 2 s for 100,000 regions)
//   layout         the sample's region layout (RegionSetOf)
//   diff           two polls' layouts compared, the second with --changes
//                  each of splits, merges and moves
//   record-first   the history store's first poll (every region written)
//   record-next    a later poll with those changes (diff + transaction)
// The figures are for comparing on one machine: read the ratios between
// steps, and of parse+join to the 2 s target, from one run.
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "remote/cluster_join.h"
#include "remote/generated_cluster.h"
#include "remote/region_history.h"
#include "remote/region_history_store.h"
#include "rest/codec.h"

using namespace regionlab;
using namespace regionlab::remote;

namespace {

constexpr char kUsage[] =
    "usage: regionlab-bench-remote [--regions N] [--servers N] [--rounds N] [--changes N]\n"
    "                              [--dir DIR] [--json]\n"
    "Times parsing, joining, diffing and recording one poll of a generated cluster\n"
    "(default 100000 regions on 100 servers, 3 rounds, 100 splits, merges and moves).\n";

// This thread's CPU seconds: every step runs on one thread, and on a
// machine shared with other work the CPU time is the steadier figure.
double CpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

struct Mark {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  double cpu = CpuSeconds();
};

double MedianOf(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

struct Step {
  std::string name;
  std::vector<double> seconds{}, cpu_seconds{};
  void Add(const Mark& since) {
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - since.wall).count());
    cpu_seconds.push_back(CpuSeconds() - since.cpu);
  }
  double Median() const { return MedianOf(seconds); }
  double CpuMedian() const { return MedianOf(cpu_seconds); }
};

[[noreturn]] void Fail(const std::string& what, const Status& s) {
  std::fprintf(stderr, "regionlab-bench-remote: %s: %s\n", what.c_str(), s.ToString().c_str());
  std::exit(1);
}

// `after` = `before` with `changes` splits, merges and moves spread over usertable.
RegionSet Changed(const RegionSet& before, size_t changes) {
  RegionSet after = before;
  after.time_ms = before.time_ms + 10000;
  auto& rs = after.tables["usertable"];
  if (rs.size() < 8 * changes + 8) return after;
  const size_t step = rs.size() / (3 * changes + 1);
  std::vector<RegionPlacement> out;
  out.reserve(rs.size() + changes);
  size_t made = 0;
  for (size_t i = 0; i < rs.size(); ++i) {
    const RegionPlacement& r = rs[i];
    const size_t k = i / step;
    if (i % step != 0 || k >= 3 * changes || i + 1 >= rs.size()) {
      out.push_back(r);
      continue;
    }
    char name[40];
    std::snprintf(name, sizeof name, "%032zx", ++made);
    if (k % 3 == 0) {  // split
      RegionPlacement a = r, b = r;
      a.encoded_name = name;
      a.encoded_name[0] = 'a';
      b.encoded_name = name;
      b.encoded_name[0] = 'b';
      a.end_key = b.start_key = r.start_key + "5";
      out.push_back(a);
      out.push_back(b);
    } else if (k % 3 == 1) {  // merge with the next one
      RegionPlacement m = r;
      m.encoded_name = name;
      m.encoded_name[0] = 'c';
      m.end_key = rs[i + 1].end_key;
      out.push_back(m);
      ++i;
    } else {  // move
      RegionPlacement m = r;
      m.server = "rs999.example.com:16020";
      out.push_back(m);
    }
  }
  rs = std::move(out);
  return after;
}

}  // namespace

int main(int argc, char** argv) {
  GeneratedClusterSpec spec;
  int rounds = 3;
  size_t changes = 100;
  bool json = false;
  std::string dir;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto number = [&](size_t* out) {
      if (i + 1 >= argc) return false;
      char* end = nullptr;
      *out = std::strtoull(argv[++i], &end, 10);
      return end != nullptr && *end == '\0';
    };
    size_t n = 0;
    if (a == "--regions" && number(&n) && n > 0) {
      spec.regions = n;
    } else if (a == "--servers" && number(&n) && n > 0) {
      spec.servers = n;
    } else if (a == "--rounds" && number(&n) && n > 0) {
      rounds = static_cast<int>(n);
    } else if (a == "--changes" && number(&n)) {
      changes = n;
    } else if (a == "--dir" && i + 1 < argc) {
      dir = argv[++i];
    } else if (a == "--json") {
      json = true;
    } else {
      std::fprintf(stderr, "regionlab-bench-remote: unknown or bad argument '%s'\n%s", a.c_str(), kUsage);
      return 2;
    }
  }
  if (dir.empty()) {
    dir = (std::filesystem::temp_directory_path() /
           ("regionlab-bench-remote-" + std::to_string(::getpid())))
              .string();
  }
  std::filesystem::create_directories(dir);

  const GeneratedCluster cluster = GenerateCluster(spec);
  const std::string status = StatusJson(cluster.status);
  std::vector<std::string> regions_docs;
  size_t regions_bytes = 0;
  for (const auto& t : cluster.tables) {
    regions_docs.push_back(rest::json::WriteTableInfo(t));
    regions_bytes += regions_docs.back().size();
  }

  Step parse_status{"parse-status"}, parse_regions{"parse-regions"}, join{"join"},
      total{"parse+join"}, layout{"layout"}, diff{"diff"}, record_first{"record-first"},
      record_next{"record-next"};
  ClusterSample sample;
  size_t found_changes = 0;
  for (int round = 0; round < rounds; ++round) {
    const Mark start;
    ClusterReadings readings;
    auto parsed = rest::json::ParseClusterStatus(status);
    if (!parsed.ok()) Fail("parsing /status/cluster", parsed.status());
    readings.status = std::move(*parsed);
    parse_status.Add(start);
    Mark t;
    for (size_t k = 0; k < regions_docs.size(); ++k) {
      auto info = rest::json::ParseTableInfo(regions_docs[k]);
      if (!info.ok()) Fail("parsing /T/regions", info.status());
      readings.tables.push_back(std::move(*info));
    }
    parse_regions.Add(t);
    t = Mark();
    readings.time_ms = 1764320000000;
    sample = JoinReadings(readings, nullptr);
    join.Add(t);
    total.Add(start);

    t = Mark();
    const RegionSet before = RegionSetOf(sample);
    layout.Add(t);
    const RegionSet after = Changed(before, changes);
    t = Mark();
    found_changes = DiffRegionSets(before, after).size();
    diff.Add(t);

    const std::string path = dir + "/bench-" + std::to_string(round) + ".history.sqlite";
    std::filesystem::remove(path);
    std::filesystem::remove(path + "-wal");
    auto store = RegionHistoryStore::Open(path);
    if (!store.ok()) Fail("opening the history", store.status());
    t = Mark();
    auto r1 = (*store)->Record(before);
    if (!r1.ok()) Fail("recording the first poll", r1.status());
    record_first.Add(t);
    t = Mark();
    auto r2 = (*store)->Record(after);
    if (!r2.ok()) Fail("recording the second poll", r2.status());
    record_next.Add(t);
    store->reset();
    std::filesystem::remove(path);
  }
  std::filesystem::remove_all(dir);

  const std::vector<const Step*> steps = {&parse_status, &parse_regions, &join, &total,
                                          &layout,       &diff,          &record_first,
                                          &record_next};
  const double target = 2.0;
  if (json) {
    std::printf("{\"regions\":%zu,\"servers\":%zu,\"status_bytes\":%zu,\"regions_bytes\":%zu,"
                "\"rounds\":%d,\"changes_found\":%zu,\"steps\":{",
                spec.regions, spec.servers, status.size(), regions_bytes, rounds, found_changes);
    for (size_t i = 0; i < steps.size(); ++i) {
      std::printf("%s\"%s\":{\"wall\":%.6f,\"cpu\":%.6f}", i ? "," : "", steps[i]->name.c_str(),
                  steps[i]->Median(), steps[i]->CpuMedian());
    }
    std::printf("},\"parse_join_over_target\":%.4f}\n", total.Median() / target);
    return 0;
  }
  std::printf("generated cluster: %zu regions on %zu servers; /status/cluster %.1f MB, "
              "/T/regions %.1f MB; %d rounds, medians\n",
              spec.regions, spec.servers, status.size() / 1e6, regions_bytes / 1e6, rounds);
  for (const Step* s : steps) {
    const auto [lo, hi] = std::minmax_element(s->seconds.begin(), s->seconds.end());
    std::printf("  %-14s %8.3f s  (%.3f .. %.3f)  cpu %7.3f s  %6.2f us/region\n", s->name.c_str(),
                s->Median(), *lo, *hi, s->CpuMedian(), s->Median() * 1e6 / static_cast<double>(spec.regions));
  }
  std::printf("parse+join is %.2f x the 2 s target (cpu %.2f x); the diff found %zu changes "
              "(%zu each of splits, merges and moves asked)\n",
              total.Median() / target, total.CpuMedian() / target, found_changes, changes);
  return 0;
}
