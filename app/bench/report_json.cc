// regionlab-bench's --json output: the same figures as the printed tables,
// for tooling (see report.h).
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "report.h"
#include "workload_runner.h"

namespace regionlab::bench {

namespace {

std::string jsonEscape(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string q(const std::string& s) { return "\"" + jsonEscape(s) + "\""; }

// Ten significant digits: the table's figures to the last digit it prints
// (6 digits turned 2,341,064 ops/s into 2.34106e+06).
std::string num(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%.10g", v);
  return buf;
}

// JSON for a peer's ratios on `workload`: {"RegionLab": x, "RegionLab-split": y}
// (null for a RegionLab configuration); with firstOnly, the first RegionLab
// configuration's ratio alone.
std::string ratioJson(const std::vector<const SystemRun*>& ours, const SystemRun& peer,
                      const std::string& workload, bool firstOnly) {
  if (isRegionLab(peer.system) || ours.empty()) return "null";
  auto one = [&](const SystemRun* o) {
    const std::optional<double> x = workloadRatio(*o, peer, workload);
    return x ? num(*x) : std::string("null");
  };
  if (firstOnly) return one(ours.front());
  std::string out = "{";
  for (size_t i = 0; i < ours.size(); ++i) {
    out += (i ? ", " : "") + q(ours[i]->system) + ": " + one(ours[i]);
  }
  return out + "}";
}

// `"key": [values...], "median": m, "lowest": l, "highest": h`: a list of
// per-round figures and its spread, as JSON object members.
std::string spreadJson(const char* key, const std::vector<double>& values) {
  std::string text = std::string("\"") + key + "\": [";
  for (size_t k = 0; k < values.size(); ++k) text += (k ? ", " : "") + num(values[k]);
  return text + "], \"median\": " + num(medianOf(values)) +
         ", \"lowest\": " + num(lowestOf(values)) + ", \"highest\": " + num(highestOf(values));
}

}  // namespace

std::string toJson(const BenchConfig& config, const MachineInfo& machine,
                   const std::vector<PassRun>& passes, const std::vector<std::string>& problems) {
  std::ostringstream o;
  o << "{\n  \"tool\": \"regionlab-bench\",\n";
  o << "  \"machine\": {\"cpu\": " << q(machine.cpu) << ", \"cores\": " << machine.cores
    << ", \"memory_bytes\": " << machine.memoryBytes << ", \"kernel\": " << q(machine.kernel)
    << ", \"filesystem\": " << q(machine.filesystem) << ", \"compiler\": " << q(machine.compiler)
    << ", \"build_type\": " << q(machine.buildType)
    << ", \"peak_rss_per_system\": " << (machine.peakRssPerSystem ? "true" : "false") << "},\n";
  o << "  \"config\": {\"records\": " << config.records << ", \"key_bytes\": " << kKeyBytes
    << ", \"value_bytes\": " << config.valueBytes << ", \"cache_bytes\": " << config.cacheBytes
    << ", \"write_buffer_bytes\": " << config.writeBufferBytes
    << ", \"block_size\": " << config.blockSize << ", \"regions\": " << config.regions
    << ", \"seed\": " << config.seed << ", \"rounds\": " << config.rounds
    << ", \"regionlab_configuration\": {";
  {
    size_t i = 0;
    for (const auto& [key, value] : config.regionLabConfiguration) {
      o << (i++ ? ", " : "") << q(key) << ": " << q(value);
    }
  }
  o << "}"
    << ", \"quick\": " << (config.quick ? "true" : "false") << ", \"systems\": [";
  for (size_t i = 0; i < config.systems.size(); ++i) o << (i ? ", " : "") << q(config.systems[i]);
  o << "], \"available_systems\": [";
  const auto available = availableSystems();
  for (size_t i = 0; i < available.size(); ++i) o << (i ? ", " : "") << q(available[i]);
  o << "]},\n  \"passes\": [";
  for (size_t pi = 0; pi < passes.size(); ++pi) {
    const auto& pass = passes[pi];
    const auto& p = pass.plan.params;
    o << (pi ? "," : "") << "\n    {\"round\": " << pass.round
      << ", \"durability\": " << q(syncModeName(pass.plan.mode)) << ", \"records\": " << p.records
      << ", \"ops\": " << p.ops << ", \"scan_ops\": " << p.scanOps << ", \"workloads\": [";
    for (size_t i = 0; i < pass.plan.workloads.size(); ++i) {
      o << (i ? ", " : "") << q(pass.plan.workloads[i]);
    }
    o << "],\n     \"systems\": [";
    const std::vector<const SystemRun*> ours = pass.regionLabRuns();
    for (size_t si = 0; si < pass.systems.size(); ++si) {
      const auto& sys = pass.systems[si];
      o << (si ? "," : "") << "\n      {\"name\": " << q(sys.system) << ", \"settings\": {";
      for (size_t i = 0; i < sys.settings.size(); ++i) {
        o << (i ? ", " : "") << q(sys.settings[i].first) << ": " << q(sys.settings[i].second);
      }
      o << "},\n       \"peak_rss_bytes\": " << sys.peakRssBytes
        << ", \"disk_bytes_after_compaction\": " << sys.diskBytes
        << ", \"live_bytes\": " << sys.liveBytes
        << ", \"user_bytes_written\": " << sys.userBytesWritten
        << ", \"file_bytes_written\": " << sys.fileBytesWritten
        << ", \"space_amplification\": " << num(sys.spaceAmplification())
        << ", \"write_amplification\": " << num(sys.writeAmplification())
        << ", \"seconds\": " << num(sys.seconds) << ", \"error\": " << q(sys.error)
        << ",\n       \"workloads\": [";
      for (size_t wi = 0; wi < sys.results.size(); ++wi) {
        const auto& r = sys.results[wi];
        char digest[20];
        std::snprintf(digest, sizeof(digest), "%016llx", static_cast<unsigned long long>(r.digest));
        o << (wi ? "," : "") << "\n        {\"name\": " << q(r.name) << ", \"compacted_layout\": "
          << (WorkloadRunner::onCompactedLayout(r.name) ? "true" : "false")
          << ", \"ops\": " << r.ops << ", \"rows\": " << r.rows << ", \"bytes\": " << r.bytes
          << ", \"seconds\": " << num(r.seconds) << ", \"ops_per_sec\": " << num(r.opsPerSecond())
          << ", \"mb_per_sec\": " << num(r.mbPerSecond())
          << ", \"p50_us\": " << num(r.latency.PercentileNanos(0.5) / 1e3)
          << ", \"p99_us\": " << num(r.latency.PercentileNanos(0.99) / 1e3)
          << ", \"p999_us\": " << num(r.latency.PercentileNanos(0.999) / 1e3)
          << ", \"max_us\": " << num(r.latency.MaxNanos() / 1e3) << ", \"found\": " << r.found
          << ", \"not_found\": " << r.notFound << ", \"wrong\": " << r.wrong
          << ", \"digest\": " << q(digest) << ", \"writes\": " << r.writes
          << ", \"regionlab_ratio\": " << ratioJson(ours, sys, r.name, /*firstOnly=*/true)
          << ", \"ratios\": " << ratioJson(ours, sys, r.name, /*firstOnly=*/false)
          << ", \"layout\": {\"files\": " << r.layout.files << ", \"bytes\": " << r.layout.bytes
          << ", \"detail\": " << q(r.layout.detail) << "}"
          << ", \"error\": " << q(r.error) << "}";
      }
      o << "]}";
    }
    o << "]}";
  }
  o << "\n  ],\n  \"ratios_over_rounds\": [";
  {
    const std::vector<RatioOverRounds> all = ratiosOverRounds(passes);
    for (size_t i = 0; i < all.size(); ++i) {
      const RatioOverRounds& r = all[i];
      o << (i ? "," : "") << "\n    {\"durability\": " << q(syncModeName(r.mode))
        << ", \"workload\": " << q(r.workload) << ", \"compacted_layout\": "
        << (WorkloadRunner::onCompactedLayout(r.workload) ? "true" : "false")
        << ", \"regionlab\": " << q(r.regionLab) << ", \"peer\": " << q(r.peer) << ", "
        << spreadJson("ratios", r.ratios) << "}";
    }
  }
  o << "\n  ],\n  \"figures_over_rounds\": [";
  {
    // Each figure's values by round, median, lowest and highest.
    auto spread = [](const std::vector<double>& values) {
      return "{" + spreadJson("values", values) + "}";
    };
    const std::vector<FiguresOverRounds> all = figuresOverRounds(passes);
    for (size_t i = 0; i < all.size(); ++i) {
      const FiguresOverRounds& f = all[i];
      o << (i ? "," : "") << "\n    {\"durability\": " << q(syncModeName(f.mode))
        << ", \"workload\": " << q(f.workload) << ", \"compacted_layout\": "
        << (WorkloadRunner::onCompactedLayout(f.workload) ? "true" : "false")
        << ", \"system\": " << q(f.system) << ",\n     \"ops_per_sec\": " << spread(f.opsPerSecond)
        << ", \"mb_per_sec\": " << spread(f.mbPerSecond)
        << ",\n     \"p50_us\": " << spread(f.p50Us) << ", \"p99_us\": " << spread(f.p99Us)
        << ", \"p999_us\": " << spread(f.p999Us) << "}";
    }
  }
  o << "\n  ],\n  \"verification\": {\"ok\": " << (problems.empty() ? "true" : "false")
    << ", \"problems\": [";
  for (size_t i = 0; i < problems.size(); ++i) o << (i ? ", " : "") << q(problems[i]);
  o << "]}\n}\n";
  return o.str();
}

}  // namespace regionlab::bench
