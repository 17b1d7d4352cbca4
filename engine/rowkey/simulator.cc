#include "rowkey/simulator.h"

#include <algorithm>
#include <chrono>
#include <string_view>

#include "region/split_policy.h"
#include "rowkey/key_generator.h"
#include "util/hash.h"

namespace regionlab::rowkey {

namespace {

double Skew(const std::vector<uint64_t>& values) {
  if (values.empty()) return 0;
  uint64_t total = 0, top = 0;
  for (uint64_t v : values) {
    total += v;
    top = std::max(top, v);
  }
  if (total == 0) return 0;
  return static_cast<double>(top) * static_cast<double>(values.size()) / static_cast<double>(total);
}

Status CheckLayout(const std::vector<RegionSlot>& layout) {
  if (layout.empty()) return Status::InvalidArgument("the layout has no regions");
  if (!layout.front().start_key.empty() || !layout.back().end_key.empty()) {
    return Status::InvalidArgument("the regions must cover the key space from the first to the "
                                   "last row");
  }
  for (size_t i = 1; i < layout.size(); ++i) {
    if (layout[i].start_key <= layout[i - 1].start_key ||
        layout[i].start_key != layout[i - 1].end_key) {
      return Status::InvalidArgument("region " + std::to_string(i + 1) +
                                     " does not start where region " + std::to_string(i) +
                                     " ends");
    }
  }
  return Status::OK();
}

// The bytes a region takes in before the flush that splits it: k flushes,
// k the first with stored + k x flush > threshold. UINT64_MAX: never.
uint64_t BytesUntilSplit(const RegionSlot& slot, uint64_t threshold, uint64_t flush) {
  if (threshold == UINT64_MAX || flush == 0) return UINT64_MAX;
  const uint64_t stored = std::min(slot.stored_bytes, threshold);
  const uint64_t k = (threshold - stored) / flush + 1;
  if (k > UINT64_MAX / flush) return UINT64_MAX;
  return k * flush;
}

}  // namespace

double Gini(std::vector<uint64_t> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  long double total = 0, weighted = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    total += values[i];
    weighted += static_cast<long double>(i + 1) * values[i];
  }
  if (total == 0) return 0;
  const auto n = static_cast<long double>(values.size());
  return static_cast<double>(2 * weighted / (n * total) - (n + 1) / n);
}

std::vector<RegionSlot> LayoutFromSplitKeys(const std::vector<std::string>& split_keys,
                                            int servers) {
  servers = std::max(servers, 1);
  std::vector<RegionSlot> layout(split_keys.size() + 1);
  for (size_t i = 0; i < layout.size(); ++i) {
    layout[i].name = "region " + std::to_string(i + 1);
    layout[i].start_key = i == 0 ? std::string() : split_keys[i - 1];
    layout[i].end_key = i < split_keys.size() ? split_keys[i] : std::string();
    layout[i].server = "rs" + std::to_string(i % static_cast<size_t>(servers) + 1);
  }
  return layout;
}

Result<std::vector<RegionSlot>> LayoutFromTable(Admin& admin, const std::string& table) {
  auto regions = admin.ListRegions(table);
  if (!regions.ok()) return regions.status();
  std::vector<RegionSlot> layout;
  for (const RegionInfo& r : *regions) {
    RegionSlot slot;
    slot.name = r.encoded_name;
    slot.start_key = r.start_key;
    slot.end_key = r.end_key;
    slot.server = r.server.empty() ? "(offline)" : r.server;
    slot.split_threshold = r.split_threshold;
    for (const StoreMetrics& s : r.metrics.stores) {
      slot.stored_bytes = std::max(slot.stored_bytes, s.store_file_bytes);
    }
    layout.push_back(std::move(slot));
  }
  RL_RETURN_IF_ERROR(CheckLayout(layout));
  return layout;
}

void ApplyDescriptor(const TableDescriptor& desc, SimulationOptions* options) {
  options->split_policy = desc.split_policy;
  options->flush_size = desc.memstore_flush_size;
  options->max_file_size = desc.max_file_size;
  options->table_config = desc.configuration;
  for (const auto& [k, v] : desc.metadata) options->table_config[k] = v;
}

Result<DistributionReport> Simulate(const KeyEncoder& encoder, const Workload& workload,
                                    const std::vector<RegionSlot>& layout,
                                    const SimulationOptions& options) {
  RL_RETURN_IF_ERROR(CheckLayout(layout));
  auto policy = CreateSplitPolicy(options.split_policy);
  if (!policy.ok()) return policy.status();
  auto gen = KeyGenerator::Create(&encoder, workload);
  if (!gen.ok()) return gen.status();

  DistributionReport report;
  report.scheme = encoder.scheme().name;
  report.split_policy = (*policy)->Name();
  report.keys = options.keys;

  // Thresholds and the bytes each region may take before it splits.
  std::map<std::string, int> per_server;
  for (const RegionSlot& s : layout) ++per_server[s.server];
  std::vector<SplitContext> contexts(layout.size());
  std::vector<uint64_t> until_split(layout.size());
  report.regions.resize(layout.size());
  for (size_t i = 0; i < layout.size(); ++i) {
    SplitContext& ctx = contexts[i];
    ctx.regions_of_table_on_server = per_server[layout[i].server];
    ctx.flush_size = options.flush_size;
    ctx.max_file_size = options.max_file_size;
    ctx.table_config = options.table_config;
    ctx.largest_store_size = layout[i].stored_bytes;
    const std::string seed_name = "proposed," + layout[i].start_key;
    ctx.jitter_seed = (uint64_t{Murmur3_32(seed_name, 1)} << 32) | Murmur3_32(seed_name, 2);
    RegionLoad& load = report.regions[i];
    load.slot = layout[i];
    load.split_threshold = layout[i].split_threshold != 0 ? layout[i].split_threshold
                                                          : (*policy)->SplitThreshold(ctx);
    until_split[i] = BytesUntilSplit(layout[i], load.split_threshold, options.flush_size);
  }

  // Routing: the region whose start key is the last one <= the row.
  std::vector<std::string_view> starts;
  for (size_t i = 1; i < layout.size(); ++i) starts.push_back(layout[i].start_key);
  const uint64_t fixed_bytes = uint64_t{options.value_size} + options.qualifier_size + kCellOverhead;
  const uint64_t windows = std::clamp<uint64_t>(static_cast<uint64_t>(std::max(options.windows, 1)),
                                                1, std::max<uint64_t>(options.keys, 1));
  const size_t regions = layout.size();
  std::vector<uint64_t> window_writes(windows * regions, 0);
  std::vector<uint64_t> last_window_bytes(regions, 0);
  const auto t0 = std::chrono::steady_clock::now();
  std::string key;
  for (uint64_t n = 0; n < options.keys; ++n) {
    if ((n & 0xFFFF) == 0 && n > 0 && options.progress && !options.progress(n, options.keys)) {
      return Status::Aborted("simulation cancelled after " + std::to_string(n) + " keys");
    }
    RL_RETURN_IF_ERROR(gen->Next(&key));
    const size_t r = static_cast<size_t>(
        std::upper_bound(starts.begin(), starts.end(), std::string_view(key)) - starts.begin());
    const uint64_t w = static_cast<uint64_t>(static_cast<unsigned __int128>(n) * windows /
                                             options.keys);
    const uint64_t cell = key.size() + fixed_bytes;
    RegionLoad& load = report.regions[r];
    ++load.writes;
    load.bytes += cell;
    ++window_writes[w * regions + r];
    if (w == windows - 1) last_window_bytes[r] += cell;
    if (!report.first_split.within_run && load.bytes >= until_split[r]) {
      report.first_split = {true, true, n + 1, r, load.split_threshold, {}};
    }
  }
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (uint64_t w = 0; w < windows && options.keys > 0; ++w) {
    const std::vector<uint64_t> counts(window_writes.begin() + static_cast<std::ptrdiff_t>(w * regions),
                                       window_writes.begin() + static_cast<std::ptrdiff_t>((w + 1) * regions));
    report.window_skew.push_back(Skew(counts));
    report.max_window_skew = std::max(report.max_window_skew, report.window_skew.back());
  }

  std::vector<uint64_t> writes, bytes;
  for (const RegionLoad& load : report.regions) {
    writes.push_back(load.writes);
    bytes.push_back(load.bytes);
    report.bytes += load.bytes;
    auto it = std::find_if(report.servers.begin(), report.servers.end(),
                           [&](const ServerLoad& s) { return s.server == load.slot.server; });
    if (it == report.servers.end()) {
      report.servers.push_back({load.slot.server, 0, 0, 0});
      it = std::prev(report.servers.end());
    }
    ++it->regions;
    it->writes += load.writes;
    it->bytes += load.bytes;
  }
  std::vector<uint64_t> server_writes;
  for (const ServerLoad& s : report.servers) server_writes.push_back(s.writes);
  report.region_skew = Skew(writes);
  report.region_bytes_skew = Skew(bytes);
  report.server_skew = Skew(server_writes);
  report.gini = Gini(writes);

  FirstSplit& first = report.first_split;
  if (!first.within_run && report.bytes > 0) {
    // At the last window's rates (bytes per write of the whole run), the
    // region that reaches its split point first.
    const uint64_t window_len = std::max<uint64_t>(1, options.keys / windows);
    double best = 0;
    for (size_t i = 0; i < report.regions.size(); ++i) {
      const RegionLoad& load = report.regions[i];
      if (last_window_bytes[i] == 0 || until_split[i] == UINT64_MAX) continue;
      const double rate = static_cast<double>(last_window_bytes[i]) / static_cast<double>(window_len);
      const double at = static_cast<double>(options.keys) +
                        static_cast<double>(until_split[i] - std::min(until_split[i], load.bytes)) / rate;
      if (!first.expected || at < best) {
        best = at;
        first = {true, false, static_cast<uint64_t>(std::min(at, 1.8e19)), i,
                 load.split_threshold, {}};
      }
    }
  }
  if (first.expected) {
    if (layout[first.region].split_threshold != 0) {
      first.explanation = "the engine's threshold for region " + layout[first.region].name;
    } else {
      first.explanation = (*policy)->Explain(contexts[first.region]);
    }
  }
  return report;
}

Result<SchemeComparison> CompareSchemes(const KeyEncoder& a, const std::vector<RegionSlot>& layout_a,
                                        const KeyEncoder& b, const std::vector<RegionSlot>& layout_b,
                                        const Workload& workload,
                                        const SimulationOptions& options) {
  const auto& fa = a.scheme().fields;
  const auto& fb = b.scheme().fields;
  bool same = fa.size() == fb.size();
  for (size_t i = 0; same && i < fa.size(); ++i) {
    same = fa[i].name == fb[i].name && fa[i].type == fb[i].type;
  }
  if (!same) {
    return Status::InvalidArgument("schemes '" + a.scheme().name + "' and '" + b.scheme().name +
                                   "' have different fields; a comparison needs the same fields "
                                   "(names and types, in the same order) so both see the same "
                                   "records");
  }
  auto ra = Simulate(a, workload, layout_a, options);
  if (!ra.ok()) return ra.status();
  auto rb = Simulate(b, workload, layout_b, options);
  if (!rb.ok()) return rb.status();
  return SchemeComparison{std::move(*ra), std::move(*rb)};
}

}  // namespace regionlab::rowkey
