// regionlab-bench's REST gateway results as a table and as JSON.
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "rest_bench.h"

namespace regionlab::bench {

namespace {

constexpr int kScanBatch = 1000;

}  // namespace

void printRestTable(std::FILE* out, const RestBenchConfig& config,
                    const std::vector<RestBenchResult>& results) {
  std::fprintf(out,
               "\nREST gateway: %d keep-alive clients on 127.0.0.1 against the gateway in this "
               "process, vs the same work on %d threads through the in-process Table API\n",
               config.clients, config.clients);
  std::fprintf(out, "%-10s %5s %-9s %-8s %12s %8s %8s %7s %12s %8s %8s %7s %7s  %s\n", "workload",
               "round", "durabilty", "format", "REST /s", "p50 us", "p99 us", "cpu us", "in-proc /s",
               "p50 us", "p99 us", "cpu us", "ratio", "target");
  // Each workload's ratios over the rounds, for the summary.
  std::map<std::string, std::vector<double>> ratios;
  std::vector<std::string> order;
  for (const RestBenchResult& r : results) {
    const std::string key = r.workload + (r.durability.empty() ? "" : " " + r.durability);
    if (!ratios.count(key)) order.push_back(key);
    ratios[key].push_back(r.ratio());
    std::fprintf(out, "%-10s %5d %-9s %-8s %12.0f %8.1f %8.1f %7.2f %12.0f %8.1f %8.1f %7.2f %7.3f%s%s\n",
                 r.workload.c_str(), r.round, r.durability.empty() ? "-" : r.durability.c_str(),
                 r.format.c_str(), r.restRate(), r.restLatency.PercentileNanos(0.5) / 1e3,
                 r.restLatency.PercentileNanos(0.99) / 1e3, r.restCpuMicros(), r.localRate(),
                 r.localLatency.PercentileNanos(0.5) / 1e3, r.localLatency.PercentileNanos(0.99) / 1e3,
                 r.localCpuMicros(), r.ratio(),
                 r.wrong ? (" " + std::to_string(r.wrong) + " WRONG VALUES").c_str() : "",
                 r.error.empty() ? "" : (" error: " + r.error).c_str());
  }
  std::fprintf(out, "cpu us: the process's CPU time (all threads) per operation or cell, waiting for a "
                    "core not counted\n");
  for (const std::string& key : order) {
    std::vector<double> v = ratios[key];
    std::sort(v.begin(), v.end());
    const double median = v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    const bool scan = key.rfind("rest-scan", 0) == 0;
    const double goal = scan ? 0.5 : 0.2;
    std::fprintf(out, "%-20s ratio REST/in-process: median %.3f over %zu round%s (range %.3f-%.3f); "
                      "target >= %.2f: %s\n",
                 key.c_str(), median, v.size(), v.size() == 1 ? "" : "s", v.front(), v.back(), goal,
                 median >= goal ? "met" : "MISSED");
  }
  for (const RestBenchResult& r : results) {
    if (r.workload != "rest-scan") continue;
    std::fprintf(out, "rest-scan round %d: latency per batch of %d cells; resident memory grew by %.1f MiB "
                      "during the gateway's scan of %.1f MiB (target: < 64 MiB for a 1 GiB scan)\n",
                 r.round, kScanBatch, r.rssGrowthBytes / 1048576.0, r.scannedBytes / 1048576.0);
  }
}

std::string restResultsJson(const RestBenchConfig& config, const std::vector<RestBenchResult>& results) {
  nlohmann::ordered_json j;
  j["benchmark"] = "regionlab-bench rest";
  j["records"] = config.records;
  j["value_bytes"] = config.valueBytes;
  j["clients"] = config.clients;
  j["rounds"] = config.rounds;
  j["results"] = nlohmann::ordered_json::array();
  for (const RestBenchResult& r : results) {
    nlohmann::ordered_json o;
    o["workload"] = r.workload;
    o["round"] = r.round;
    o["format"] = r.format;
    if (!r.durability.empty()) o["durability"] = r.durability;
    o["unit"] = r.unit;
    o["rest_per_second"] = r.restRate();
    o["rest_p50_us"] = r.restLatency.PercentileNanos(0.5) / 1e3;
    o["rest_p99_us"] = r.restLatency.PercentileNanos(0.99) / 1e3;
    o["rest_cpu_us"] = r.restCpuMicros();
    o["in_process_per_second"] = r.localRate();
    o["in_process_p50_us"] = r.localLatency.PercentileNanos(0.5) / 1e3;
    o["in_process_p99_us"] = r.localLatency.PercentileNanos(0.99) / 1e3;
    o["in_process_cpu_us"] = r.localCpuMicros();
    o["ratio"] = r.ratio();
    if (r.workload == "rest-scan") {
      o["scanned_bytes"] = r.scannedBytes;
      o["rss_growth_bytes"] = r.rssGrowthBytes;
    }
    o["wrong_values"] = r.wrong;
    if (!r.error.empty()) o["error"] = r.error;
    j["results"].push_back(std::move(o));
  }
  return j.dump(2) + "\n";
}

}  // namespace regionlab::bench
