#include "remote/cluster_join.h"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "region/split_policy.h"

namespace regionlab::remote {

namespace {

constexpr uint64_t kMiB = 1ull << 20;

// Status figures of one region, with where they were found.
struct StatusRegion {
  const rest::StatusRegionModel* model = nullptr;
  const std::string* server = nullptr;
};

// The growth of a cumulative counter, 0 when it went down (the region reopened).
uint64_t Growth(uint64_t now, uint64_t before) { return now >= before ? now - before : now; }

struct ServerTotals {
  uint64_t regions = 0, store_files = 0, store_file_bytes = 0, memstore_bytes = 0;
  uint64_t reads = 0, writes = 0, read_growth = 0, write_growth = 0;
};

// A table's split policy and the SplitContext parts it needs, built once.
struct TablePolicy {
  std::unique_ptr<SplitPolicy> policy;
  std::string name;
  SplitContext context;
};

TablePolicy PolicyFor(const TableDescriptor* desc) {
  TablePolicy p;
  const std::string class_name = desc != nullptr ? desc->split_policy : std::string();
  auto policy = CreateSplitPolicy(class_name);
  if (!policy.ok()) policy = CreateSplitPolicy("");  // a class RegionLab does not know
  p.policy = std::move(*policy);
  p.name = p.policy->Name();
  if (desc != nullptr) {
    p.context.flush_size = desc->memstore_flush_size;
    p.context.max_file_size = desc->max_file_size;
    p.context.table_config = desc->configuration;
    for (const auto& [k, v] : desc->metadata) p.context.table_config[k] = v;
  }
  // HBase's jitter is drawn at random per region on its server: not visible
  // from outside, so the nominal threshold is shown.
  p.context.table_config["hbase.hregion.max.filesize.jitter"] = "0";
  return p;
}

}  // namespace

bool ParseRegionName(std::string_view name, RegionNameView* out) {
  const size_t comma = name.find(',');
  if (comma == std::string_view::npos || comma == 0) return false;
  out->table = name.substr(0, comma);
  std::string_view rest = name.substr(comma + 1);
  out->encoded = {};
  // New format: ...,id.ENCODED.
  if (rest.size() >= 2 && rest.back() == '.') {
    const size_t dot = rest.rfind('.', rest.size() - 2);
    if (dot != std::string_view::npos) {
      out->encoded = rest.substr(dot + 1, rest.size() - dot - 2);
      rest = rest.substr(0, dot);
    }
  }
  const size_t last = rest.rfind(',');
  if (last == std::string_view::npos) return false;
  out->start_key = rest.substr(0, last);
  std::string_view id = rest.substr(last + 1);
  out->id = 0;
  for (char c : id) {
    if (c == '_') break;  // a replica's "_0001"
    if (c < '0' || c > '9') return false;
    out->id = out->id * 10 + (c - '0');
  }
  return true;
}

bool ParseRegionName(std::string_view name, RegionNameParts* out) {
  RegionNameView v;
  if (!ParseRegionName(name, &v)) return false;
  out->table.assign(v.table);
  out->start_key.assign(v.start_key);
  out->encoded.assign(v.encoded);
  out->id = v.id;
  return true;
}

ClusterSample JoinReadings(const ClusterReadings& readings, const ClusterSample* previous) {
  ClusterSample sample;
  sample.time_ms = readings.time_ms;

  // Status regions and JMX answers, by encoded name and by server. The
  // keys are views into `readings`, which outlives the maps: 100,000
  // regions are joined without copying their names.
  std::unordered_map<std::string_view, StatusRegion> status_regions;
  size_t status_count = 0;
  for (const auto& node : readings.status.live_nodes) status_count += node.regions.size();
  status_regions.reserve(status_count);
  RegionNameView parts;
  for (const auto& node : readings.status.live_nodes) {
    for (const auto& r : node.regions) {
      if (!ParseRegionName(r.name, &parts) || parts.encoded.empty()) continue;
      status_regions.emplace(parts.encoded, StatusRegion{&r, &node.name});
    }
  }
  std::unordered_map<std::string_view, const RegionJmx*> jmx_regions;
  std::unordered_map<std::string, const RegionServerJmx*> jmx_servers;
  for (const RegionServerJmx& j : readings.jmx) {
    if (!j.server.empty()) jmx_servers[j.server] = &j;
    for (const auto& [enc, r] : j.regions_by_name) jmx_regions[enc] = &r;
  }
  // The previous sample's counters, for the rates.
  std::unordered_map<std::string_view, std::pair<uint64_t, uint64_t>> before;
  double seconds = 0;
  if (previous != nullptr && readings.time_ms > previous->time_ms) {
    seconds = (readings.time_ms - previous->time_ms) / 1000.0;
    before.reserve(previous->regions.size());
    for (const RegionInfo& r : previous->regions) {
      before.emplace(r.encoded_name, std::make_pair(r.metrics.read_requests, r.metrics.write_requests));
    }
  }

  // Regions of user tables, in table and key order.
  std::unordered_map<std::string, ServerTotals> totals;
  std::map<std::string, TablePolicy> policies;
  size_t region_count = 0;
  for (const auto& t : readings.tables) region_count += t.regions.size();
  sample.regions.reserve(region_count);
  for (const rest::TableInfoModel& table : readings.tables) {
    auto desc = readings.descriptors.find(table.name);
    TablePolicy& policy = policies[table.name];
    if (!policy.policy) {
      policy = PolicyFor(desc == readings.descriptors.end() ? nullptr : &desc->second);
    }
    const size_t first = sample.regions.size();
    std::unordered_map<std::string_view, size_t> seen;  // replicas: the same region again
    seen.reserve(table.regions.size());
    for (const rest::TableRegionModel& tr : table.regions) {
      RegionNameView p;
      if (!ParseRegionName(tr.name, &p) || p.encoded.empty()) p.encoded = tr.name;
      auto sr = status_regions.find(p.encoded);
      auto [again, fresh] = seen.emplace(p.encoded, sample.regions.size());
      if (!fresh) {
        // Keep the copy the status places on its server (the primary).
        RegionInfo& kept = sample.regions[again->second];
        if (sr != status_regions.end() && *sr->second.server == tr.location) kept.server = tr.location;
        continue;
      }
      RegionInfo info;
      info.encoded_name = p.encoded;
      info.table = table.name;
      info.start_key = tr.start_key;
      info.end_key = tr.end_key;
      info.region_id = tr.id;
      info.server = tr.location;
      info.state = tr.location.empty() ? "OFFLINE" : "OPEN";
      info.split_policy = policy.name;
      RegionMetrics& m = info.metrics;
      m.region = p.encoded;
      uint64_t memstore = 0;
      if (sr != status_regions.end()) {
        const rest::StatusRegionModel& s = *sr->second.model;
        m.store_files = static_cast<uint64_t>(std::max(0, s.storefiles));
        m.store_file_bytes = static_cast<uint64_t>(std::max(0, s.storefile_size_mb)) * kMiB;
        memstore = static_cast<uint64_t>(std::max(0, s.memstore_size_mb)) * kMiB;
        m.read_requests = static_cast<uint64_t>(std::max<int64_t>(0, s.read_requests));
        m.write_requests = static_cast<uint64_t>(std::max<int64_t>(0, s.write_requests));
      }
      if (auto jr = jmx_regions.find(p.encoded); jr != jmx_regions.end()) {
        const RegionJmx& j = *jr->second;
        if (j.store_files) m.store_files = *j.store_files;
        if (j.store_file_bytes) m.store_file_bytes = *j.store_file_bytes;
        if (j.memstore_bytes) memstore = *j.memstore_bytes;
        if (j.read_requests) m.read_requests = *j.read_requests;
        if (j.write_requests) m.write_requests = *j.write_requests;
      }
      m.memstore_heap_bytes = memstore;
      // One aggregate store: a remote cluster reports regions, not families.
      StoreMetrics all;
      all.memstore_heap_bytes = all.memstore_data_bytes = memstore;
      all.store_files = m.store_files;
      all.store_file_bytes = m.store_file_bytes;
      m.stores.push_back(std::move(all));
      sample.regions.push_back(std::move(info));
    }
    // Thresholds need the table's regions per server, known only now. One
    // context serves the whole table: copying its configuration map for each
    // of 100,000 regions cost more than the rest of the join.
    std::unordered_map<std::string_view, int> per_server;
    for (size_t i = first; i < sample.regions.size(); ++i) ++per_server[sample.regions[i].server];
    SplitContext& ctx = policy.context;
    for (size_t i = first; i < sample.regions.size(); ++i) {
      RegionInfo& r = sample.regions[i];
      ctx.regions_of_table_on_server = per_server[r.server];
      ctx.largest_store_size = r.metrics.store_file_bytes;
      r.split_threshold = policy.policy->SplitThreshold(ctx);
    }
  }

  // Per-server totals from the regions each status node hosts (system
  // tables included), so they match the server's own counts.
  for (const auto& node : readings.status.live_nodes) {
    ServerTotals& t = totals[node.name];
    for (const auto& r : node.regions) {
      ++t.regions;
      t.store_files += static_cast<uint64_t>(std::max(0, r.storefiles));
      t.store_file_bytes += static_cast<uint64_t>(std::max(0, r.storefile_size_mb)) * kMiB;
      t.memstore_bytes += static_cast<uint64_t>(std::max(0, r.memstore_size_mb)) * kMiB;
      t.reads += static_cast<uint64_t>(std::max<int64_t>(0, r.read_requests));
      t.writes += static_cast<uint64_t>(std::max<int64_t>(0, r.write_requests));
    }
  }
  // Rates from the user regions' counters (the ones the previous sample kept).
  if (seconds > 0) {
    for (const RegionInfo& r : sample.regions) {
      ServerTotals& t = totals[r.server];
      auto b = before.find(r.encoded_name);
      const uint64_t r0 = b == before.end() ? 0 : b->second.first;
      const uint64_t w0 = b == before.end() ? 0 : b->second.second;
      t.read_growth += Growth(r.metrics.read_requests, r0);
      t.write_growth += Growth(r.metrics.write_requests, w0);
    }
  }

  for (const auto& node : readings.status.live_nodes) {
    ServerMetrics s;
    s.name = node.name;
    s.online = true;
    s.start_time_ms = node.start_code;
    const ServerTotals& t = totals[node.name];
    s.regions = t.regions;
    s.store_files = t.store_files;
    s.store_file_bytes = t.store_file_bytes;
    s.memstore_bytes = t.memstore_bytes;
    s.read_requests = t.reads;
    s.write_requests = t.writes;
    if (seconds > 0) {
      s.read_rate = t.read_growth / seconds;
      s.write_rate = t.write_growth / seconds;
    }
    s.global_memstore_limit = static_cast<uint64_t>(
        static_cast<double>(std::max(0, node.max_heap_size_mb)) * kMiB * kDefaultGlobalMemstoreFraction);
    if (auto j = jmx_servers.find(node.name); j != jmx_servers.end()) {
      const RegionServerJmx& x = *j->second;
      if (x.memstore_bytes) s.memstore_bytes = *x.memstore_bytes;
      if (x.store_files) s.store_files = *x.store_files;
      if (x.store_file_bytes) s.store_file_bytes = *x.store_file_bytes;
      BlockCacheMetrics& c = s.block_cache;
      c.size = x.block_cache_bytes.value_or(0);
      c.capacity = c.size + x.block_cache_free_bytes.value_or(0);
      c.blocks = x.block_cache_blocks.value_or(0);
      c.hits = x.block_cache_hits.value_or(0);
      c.misses = x.block_cache_misses.value_or(0);
      c.evictions = x.block_cache_evictions.value_or(0);
      if (c.hits + c.misses > 0) {
        c.hit_ratio = static_cast<double>(c.hits) / static_cast<double>(c.hits + c.misses);
      } else if (x.block_cache_hit_percent) {
        c.hit_ratio = *x.block_cache_hit_percent / 100.0;
      }
      s.wal_syncs = x.wal_syncs.value_or(0);
      s.wal_bytes = x.wal_written_bytes.value_or(0);
    }
    sample.servers.push_back(std::move(s));
  }
  for (const std::string& dead : readings.status.dead_nodes) {
    ServerMetrics s;
    s.name = ServerAddress(dead);
    s.online = false;
    sample.servers.push_back(std::move(s));
  }
  return sample;
}

}  // namespace regionlab::remote
