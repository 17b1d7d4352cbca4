#include "report.h"

#include <sys/utsname.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <tuple>

#include "workload_runner.h"

#ifndef REGIONLAB_BENCH_BUILD_TYPE
#define REGIONLAB_BENCH_BUILD_TYPE "unknown"
#endif

namespace regionlab::bench {

namespace {

std::string firstLineValue(const char* file, const std::string& prefix) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) {
      const auto colon = line.find(':');
      if (colon == std::string::npos) return {};
      std::string v = line.substr(colon + 1);
      v.erase(0, v.find_first_not_of(" \t"));
      return v;
    }
  }
  return {};
}

double ratio(double ours, double theirs) { return theirs > 0 ? ours / theirs : 0; }

// "O/P[suffix]: geometric mean Gx, lowest Lx (workload)" for each RegionLab
// configuration O and peer P over the workloads of one layout: those the
// engines' own compaction policies leave, then apart from them the reads after
// a full compaction. `ratioOf(o, p, workload)`: the ratio, or nullopt.
template <typename RatioOf>
void printGeometricMeans(std::FILE* out, const std::vector<std::string>& ours,
                         const std::vector<std::string>& peers,
                         const std::vector<std::string>& workloads, const char* suffix,
                         RatioOf ratioOf) {
  for (const auto& o : ours) {
    for (const auto& peer : peers) {
      for (const bool compacted : {false, true}) {
        double logSum = 0, worst = 0;
        int n = 0;
        std::string worstName;
        for (const auto& workload : workloads) {
          if (WorkloadRunner::onCompactedLayout(workload) != compacted) continue;
          const std::optional<double> x = ratioOf(o, peer, workload);
          if (!x || *x <= 0) continue;
          logSum += std::log(*x);
          ++n;
          if (worstName.empty() || *x < worst) {
            worst = *x;
            worstName = workload;
          }
        }
        if (n > 0) {
          std::fprintf(out, "%s/%s%s%s: geometric mean %.2fx, lowest %.2fx (%s)\n", o.c_str(),
                       peer.c_str(), compacted ? " after a full compaction" : "", suffix,
                       std::exp(logSum / n), worst, worstName.c_str());
        }
      }
    }
  }
}

std::vector<std::string> peerNames(const PassRun& pass) {
  std::vector<std::string> names;
  for (const auto& sys : pass.systems) {
    if (!isRegionLab(sys.system)) names.push_back(sys.system);
  }
  return names;
}

std::vector<std::string> regionLabNames(const PassRun& pass) {
  std::vector<std::string> names;
  for (const SystemRun* o : pass.regionLabRuns()) names.push_back(o->system);
  return names;
}

int roundCount(const std::vector<PassRun>& passes) {
  int rounds = 0;
  for (const auto& pass : passes) rounds = std::max(rounds, pass.round);
  return rounds;
}

// Where two results of one workload read different things; empty when they agree.
std::string readsDiffer(const std::string& where, const WorkloadResult& r,
                        const std::string& referenceName, const WorkloadResult& reference) {
  if (r.ops == reference.ops && r.found == reference.found && r.notFound == reference.notFound &&
      r.rows == reference.rows && r.digest == reference.digest) {
    return {};
  }
  std::ostringstream msg;
  msg << where << " disagrees with " << referenceName << ": ops " << r.ops << " vs "
      << reference.ops << ", found " << r.found << " vs " << reference.found << ", not found "
      << r.notFound << " vs " << reference.notFound << ", rows " << r.rows << " vs "
      << reference.rows << ", digest " << std::hex << r.digest << " vs " << reference.digest;
  return msg.str();
}

// A RatioOverRounds' identity: durability, workload, RegionLab configuration, peer.
using RatioKey = std::tuple<SyncMode, std::string, std::string, std::string>;
// A FiguresOverRounds' identity: durability, workload, system.
using FigureKey = std::tuple<SyncMode, std::string, std::string>;

// Whole ops/s with thousands separators.
std::string opsText(double opsPerSecond) {
  return withCommas(static_cast<uint64_t>(std::llround(opsPerSecond)));
}

}  // namespace

std::optional<double> workloadRatio(const SystemRun& ours, const SystemRun& peer,
                                    const std::string& workload) {
  const WorkloadResult* a = ours.result(workload);
  const WorkloadResult* b = peer.result(workload);
  if (a == nullptr || b == nullptr || !a->error.empty() || !b->error.empty()) return std::nullopt;
  return ratio(a->opsPerSecond(), b->opsPerSecond());
}

double medianOf(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double lowestOf(const std::vector<double>& values) {
  return *std::min_element(values.begin(), values.end());
}

double highestOf(const std::vector<double>& values) {
  return *std::max_element(values.begin(), values.end());
}

double RatioOverRounds::median() const { return medianOf(ratios); }

double RatioOverRounds::lowest() const { return lowestOf(ratios); }

double RatioOverRounds::highest() const { return highestOf(ratios); }

std::vector<RatioOverRounds> ratiosOverRounds(const std::vector<PassRun>& passes) {
  std::vector<RatioOverRounds> all;
  std::map<RatioKey, size_t> index;
  for (const auto& pass : passes) {
    const std::vector<const SystemRun*> ours = pass.regionLabRuns();
    for (const auto& workload : pass.plan.workloads) {
      for (const auto& peer : pass.systems) {
        if (isRegionLab(peer.system)) continue;
        for (const SystemRun* o : ours) {
          const auto [it, added] = index.try_emplace(
              RatioKey(pass.plan.mode, workload, o->system, peer.system), all.size());
          if (added) {
            RatioOverRounds r;
            r.mode = pass.plan.mode;
            r.workload = workload;
            r.regionLab = o->system;
            r.peer = peer.system;
            all.push_back(std::move(r));
          }
          const std::optional<double> x = workloadRatio(*o, peer, workload);
          if (x && *x > 0) all[it->second].ratios.push_back(*x);
        }
      }
    }
  }
  std::erase_if(all, [](const RatioOverRounds& r) { return r.ratios.empty(); });
  return all;
}

std::vector<FiguresOverRounds> figuresOverRounds(const std::vector<PassRun>& passes) {
  std::vector<FiguresOverRounds> all;
  std::map<FigureKey, size_t> index;
  for (const auto& pass : passes) {
    for (const auto& workload : pass.plan.workloads) {
      for (const auto& sys : pass.systems) {
        const auto [it, added] =
            index.try_emplace(FigureKey(pass.plan.mode, workload, sys.system), all.size());
        if (added) {
          FiguresOverRounds f;
          f.mode = pass.plan.mode;
          f.workload = workload;
          f.system = sys.system;
          all.push_back(std::move(f));
        }
        const WorkloadResult* r = sys.result(workload);
        if (r == nullptr || !r->error.empty()) continue;
        FiguresOverRounds& f = all[it->second];
        f.opsPerSecond.push_back(r->opsPerSecond());
        f.mbPerSecond.push_back(r->mbPerSecond());
        f.p50Us.push_back(r->latency.PercentileNanos(0.50) / 1e3);
        f.p99Us.push_back(r->latency.PercentileNanos(0.99) / 1e3);
        f.p999Us.push_back(r->latency.PercentileNanos(0.999) / 1e3);
      }
    }
  }
  std::erase_if(all, [](const FiguresOverRounds& f) { return f.opsPerSecond.empty(); });
  return all;
}

double SystemRun::spaceAmplification() const {
  return liveBytes > 0 ? static_cast<double>(diskBytes) / liveBytes : 0;
}

double SystemRun::writeAmplification() const {
  return userBytesWritten > 0 ? static_cast<double>(fileBytesWritten) / userBytesWritten : 0;
}

const WorkloadResult* SystemRun::result(const std::string& workload) const {
  for (const auto& r : results) {
    if (r.name == workload) return &r;
  }
  return nullptr;
}

MachineInfo describeMachine(const std::string& dataDir) {
  MachineInfo m;
  m.cpu = firstLineValue("/proc/cpuinfo", "model name");
  m.cores = std::thread::hardware_concurrency();
  m.memoryBytes = 0;
  {
    std::istringstream v(firstLineValue("/proc/meminfo", "MemTotal"));
    uint64_t kb = 0;
    v >> kb;
    m.memoryBytes = kb * 1024;
  }
  utsname u{};
  if (uname(&u) == 0) m.kernel = std::string(u.sysname) + " " + u.release + " " + u.machine;
  // The file system of the longest mount point that contains the data directory.
  std::error_code ec;
  const std::string dir = std::filesystem::weakly_canonical(dataDir, ec).string();
  std::ifstream mounts("/proc/mounts");
  std::string device, point, type, rest;
  size_t best = 0;
  while (mounts >> device >> point >> type && std::getline(mounts, rest)) {
    const bool contains = dir.rfind(point, 0) == 0 &&
                          (dir.size() == point.size() || point == "/" || dir[point.size()] == '/');
    if (contains && point.size() >= best) {
      best = point.size();
      m.filesystem = type + " on " + device + " (" + point + ")";
    }
  }
#if defined(__clang__)
  m.compiler = std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  m.compiler = std::string("gcc ") + __VERSION__;
#endif
  m.buildType = REGIONLAB_BENCH_BUILD_TYPE;
  return m;
}

std::vector<std::string> verifyPasses(const std::vector<PassRun>& passes) {
  std::vector<std::string> problems;
  const bool manyRounds = roundCount(passes) > 1;
  // The first reads of each workload, by durability, and their round (the
  // first, unless no system ran it there): every later round runs the same
  // requests and must read the same.
  std::map<std::pair<SyncMode, std::string>, std::pair<int, const WorkloadResult*>> firstRound;
  for (const auto& pass : passes) {
    const std::string mode = (manyRounds ? "round " + std::to_string(pass.round) + " " : "") +
                             syncModeName(pass.plan.mode);
    for (const auto& sys : pass.systems) {
      if (!sys.error.empty()) problems.push_back(mode + " " + sys.system + ": " + sys.error);
    }
    for (const auto& workload : pass.plan.workloads) {
      const WorkloadResult* reference = nullptr;
      std::string referenceSystem;
      for (const auto& sys : pass.systems) {
        const std::string where = mode + " " + workload + " " + sys.system;
        const WorkloadResult* r = sys.result(workload);
        if (r == nullptr) {
          problems.push_back(where + ": did not run");
          continue;
        }
        if (!r->error.empty()) problems.push_back(where + ": " + r->error);
        if (r->wrong > 0) {
          problems.push_back(where + ": " + std::to_string(r->wrong) +
                             " reads returned something other than what was written");
        }
        if (reference == nullptr) {
          reference = r;
          referenceSystem = sys.system;
          const auto [first, added] = firstRound.try_emplace(
              std::make_pair(pass.plan.mode, workload), std::make_pair(pass.round, r));
          if (!added) {
            const auto& [round, firstReads] = first->second;
            std::string differs =
                readsDiffer(where, *r, "round " + std::to_string(round), *firstReads);
            if (!differs.empty()) problems.push_back(std::move(differs));
          }
          continue;
        }
        std::string differs = readsDiffer(where, *r, referenceSystem, *reference);
        if (!differs.empty()) problems.push_back(std::move(differs));
      }
    }
  }
  return problems;
}

void printMachine(std::FILE* out, const MachineInfo& m) {
  std::fprintf(out, "Machine: %s, %u cores, %s RAM, %s\n", m.cpu.c_str(), m.cores,
               bytesText(m.memoryBytes).c_str(), m.kernel.c_str());
  std::fprintf(out, "Data directory file system: %s\n", m.filesystem.c_str());
  std::fprintf(out, "Build: %s, %s\n", m.buildType.c_str(), m.compiler.c_str());
  if (!m.peakRssPerSystem) {
    std::fprintf(out, "Note: the kernel refused to reset the peak RSS; it is the process's.\n");
  }
}

void printRoundHeader(std::FILE* out, int round, int rounds,
                      const std::vector<std::string>& order) {
  if (rounds < 2) return;
  std::fprintf(out, "\n##### Round %d of %d, systems in this order:", round, rounds);
  for (size_t i = 0; i < order.size(); ++i) {
    std::fprintf(out, "%s %s", i ? "," : "", order[i].c_str());
  }
  std::fprintf(out, " #####\n");
}

void printPassHeader(std::FILE* out, const BenchConfig& config, const PassRun& pass) {
  const auto& p = pass.plan.params;
  std::fprintf(out,
               "\n=== %s pass: %s records, %zu-byte keys, %zu-byte values; %s ops per point "
               "workload, %s per scan workload; seed %llu ===\n",
               syncModeName(pass.plan.mode), withCommas(p.records).c_str(), kKeyBytes,
               config.valueBytes, withCommas(p.ops).c_str(), withCommas(p.scanOps).c_str(),
               static_cast<unsigned long long>(p.seed));
  std::fprintf(out, "Workloads:");
  for (const auto& w : pass.plan.workloads) std::fprintf(out, " %s", w.c_str());
  std::fprintf(out, "\n");
}

void printSystemSettings(std::FILE* out, const SystemRun& run) {
  std::fprintf(out, "  %s:", run.system.c_str());
  bool first = true;
  for (const auto& [k, v] : run.settings) {
    std::fprintf(out, "%s %s=%s", first ? "" : ";", k.c_str(), v.c_str());
    first = false;
  }
  std::fprintf(out, "\n");
}

std::vector<const SystemRun*> PassRun::regionLabRuns() const {
  std::vector<const SystemRun*> runs;
  for (const auto& sys : systems) {
    if (isRegionLab(sys.system)) runs.push_back(&sys);
  }
  return runs;
}

void printPassTable(std::FILE* out, const PassRun& pass) {
  if (pass.systems.empty()) return;
  const std::vector<const SystemRun*> ours = pass.regionLabRuns();
  std::fprintf(out, "\n%-21s %-15s %12s %8s %9s %9s %10s", "workload", "system", "ops/s", "MB/s",
               "p50 us", "p99 us", "p99.9 us");
  for (const SystemRun* o : ours) std::fprintf(out, " %17s", (o->system + "/peer").c_str());
  std::fprintf(out, "\n");
  for (const auto& workload : pass.plan.workloads) {
    bool first = true;
    for (const auto& sys : pass.systems) {
      const WorkloadResult* r = sys.result(workload);
      const char* label = first ? workload.c_str() : "";
      first = false;
      if (r == nullptr || !r->error.empty()) {
        std::fprintf(out, "%-21s %-15s %12s\n", label, sys.system.c_str(), "FAILED");
        continue;
      }
      std::fprintf(out, "%-21s %-15s %12s %8.1f %9.2f %9.2f %10.2f", label, sys.system.c_str(),
                   opsText(r->opsPerSecond()).c_str(), r->mbPerSecond(),
                   r->latency.PercentileNanos(0.50) / 1e3, r->latency.PercentileNanos(0.99) / 1e3,
                   r->latency.PercentileNanos(0.999) / 1e3);
      if (!isRegionLab(sys.system)) {
        for (const SystemRun* o : ours) {
          const std::optional<double> x = workloadRatio(*o, sys, workload);
          char buf[32] = "";
          if (x) std::snprintf(buf, sizeof(buf), "%.2fx", *x);
          std::fprintf(out, " %17s", buf);
        }
      }
      std::fprintf(out, "\n");
    }
  }
  std::fprintf(out, "\n%-15s %10s %14s %11s %9s %14s %9s %9s\n", "system", "peak RSS",
               "disk (final)", "live data", "space x", "bytes written", "write x", "pass s");
  for (const auto& sys : pass.systems) {
    std::fprintf(out, "%-15s %10s %14s %11s %8.2fx %14s %8.2fx %9.1f\n", sys.system.c_str(),
                 bytesText(sys.peakRssBytes).c_str(), bytesText(sys.diskBytes).c_str(),
                 bytesText(sys.liveBytes).c_str(), sys.spaceAmplification(),
                 bytesText(sys.fileBytesWritten).c_str(), sys.writeAmplification(), sys.seconds);
  }
  // The weakest workload of each RegionLab configuration against each peer,
  // and the geometric mean.
  printGeometricMeans(out, regionLabNames(pass), peerNames(pass), pass.plan.workloads, "",
                      [&](const std::string& o, const std::string& peer,
                          const std::string& workload) -> std::optional<double> {
                        const SystemRun* a = nullptr;
                        const SystemRun* b = nullptr;
                        for (const auto& sys : pass.systems) {
                          if (sys.system == o) a = &sys;
                          if (sys.system == peer) b = &sys;
                        }
                        if (a == nullptr || b == nullptr) return std::nullopt;
                        return workloadRatio(*a, *b, workload);
                      });
}

void printFiguresOverRounds(std::FILE* out, const std::vector<PassRun>& passes) {
  const int rounds = roundCount(passes);
  if (rounds < 2) return;
  const std::vector<FiguresOverRounds> all = figuresOverRounds(passes);
  std::map<FigureKey, const FiguresOverRounds*> byKey;
  for (const auto& f : all) byKey[FigureKey(f.mode, f.workload, f.system)] = &f;
  std::fprintf(out,
               "\n=== Over the %d rounds: each system's median ops/s (lowest-highest), and the "
               "medians of its rounds' MB/s and latencies ===\n",
               rounds);
  bool someMissing = false;
  for (const PassRun& pass : passes) {
    if (pass.round != 1) continue;
    std::fprintf(out, "\n%s pass\n%-21s %-15s %34s %8s %9s %9s %10s\n",
                 syncModeName(pass.plan.mode), "workload", "system", "ops/s (lowest-highest)",
                 "MB/s", "p50 us", "p99 us", "p99.9 us");
    for (const auto& workload : pass.plan.workloads) {
      bool first = true;
      for (const auto& sys : pass.systems) {
        const char* label = first ? workload.c_str() : "";
        first = false;
        const auto it = byKey.find(FigureKey(pass.plan.mode, workload, sys.system));
        if (it == byKey.end()) {
          std::fprintf(out, "%-21s %-15s %34s\n", label, sys.system.c_str(), "FAILED");
          continue;
        }
        const FiguresOverRounds* f = it->second;
        const bool missing = f->opsPerSecond.size() < static_cast<size_t>(rounds);
        someMissing = someMissing || missing;
        const std::string spread = opsText(medianOf(f->opsPerSecond)) + " (" +
                                   opsText(lowestOf(f->opsPerSecond)) + "-" +
                                   opsText(highestOf(f->opsPerSecond)) + ")" + (missing ? "*" : "");
        std::fprintf(out, "%-21s %-15s %34s %8.1f %9.2f %9.2f %10.2f\n", label, sys.system.c_str(),
                     spread.c_str(), medianOf(f->mbPerSecond), medianOf(f->p50Us),
                     medianOf(f->p99Us), medianOf(f->p999Us));
      }
    }
  }
  if (someMissing) {
    std::fprintf(out,
                 "* over fewer rounds: the system did not finish the workload in the others\n");
  }
}

void printRatiosOverRounds(std::FILE* out, const std::vector<PassRun>& passes) {
  const int rounds = roundCount(passes);
  if (rounds < 2) return;
  const std::vector<RatioOverRounds> all = ratiosOverRounds(passes);
  std::map<RatioKey, const RatioOverRounds*> byKey;
  for (const auto& r : all) byKey[RatioKey(r.mode, r.workload, r.regionLab, r.peer)] = &r;
  std::fprintf(out,
               "\n=== Over the %d rounds: each ratio RegionLab/peer as the median of the rounds' "
               "ratios, (lowest-highest) ===\n",
               rounds);
  bool someMissing = false;
  for (const PassRun& pass : passes) {
    if (pass.round != 1) continue;
    const SyncMode mode = pass.plan.mode;
    const std::vector<std::string> ours = regionLabNames(pass);
    const std::vector<std::string> peers = peerNames(pass);
    std::fprintf(out, "\n%s pass\n%-21s %-15s", syncModeName(mode), "workload", "peer");
    for (const auto& o : ours) std::fprintf(out, " %22s", (o + "/peer").c_str());
    std::fprintf(out, "\n");
    auto find = [&](const std::string& o, const std::string& peer,
                    const std::string& workload) -> const RatioOverRounds* {
      const auto it = byKey.find(RatioKey(mode, workload, o, peer));
      return it == byKey.end() ? nullptr : it->second;
    };
    for (const auto& workload : pass.plan.workloads) {
      bool first = true;
      for (const auto& peer : peers) {
        std::fprintf(out, "%-21s %-15s", first ? workload.c_str() : "", peer.c_str());
        first = false;
        for (const auto& o : ours) {
          char buf[48] = "";
          if (const RatioOverRounds* r = find(o, peer, workload)) {
            const bool missing = r->ratios.size() < static_cast<size_t>(rounds);
            someMissing = someMissing || missing;
            std::snprintf(buf, sizeof(buf), "%.2fx (%.2f-%.2f)%s", r->median(), r->lowest(),
                          r->highest(), missing ? "*" : "");
          }
          std::fprintf(out, " %22s", buf);
        }
        std::fprintf(out, "\n");
      }
    }
    printGeometricMeans(out, ours, peers, pass.plan.workloads, ", medians",
                        [&](const std::string& o, const std::string& peer,
                            const std::string& workload) -> std::optional<double> {
                          const RatioOverRounds* r = find(o, peer, workload);
                          if (r == nullptr) return std::nullopt;
                          return r->median();
                        });
  }
  if (someMissing) {
    std::fprintf(out, "* over fewer rounds: a system did not finish the workload in the others\n");
  }
}

void printVerification(std::FILE* out, const std::vector<std::string>& problems) {
  if (problems.empty()) {
    std::fprintf(out,
                 "\nVerification: every value read matched what was written, and every system "
                 "read the same values.\n");
    return;
  }
  std::fprintf(out, "\nVerification FAILED (%zu problems):\n", problems.size());
  for (const auto& p : problems) std::fprintf(out, "  %s\n", p.c_str());
}

}  // namespace regionlab::bench
