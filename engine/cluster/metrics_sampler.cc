// Metrics: a snapshot of every server and region, taken once a second into a
// bounded ring buffer (for live charts) and into the catalog (for charts that
// survive a restart); and the event log that marks flushes, compactions,
// splits and failovers on those charts.
#include <algorithm>

#include "cluster/cluster_impl.h"
#include "util/clock.h"

namespace regionlab {

namespace {
constexpr size_t kMaxEvents = 5000;

// Server metrics kept in the catalog: the figures the live charts draw, so
// they can draw the last window again after a restart (StoredMetrics).
constexpr char kMemstoreSize[] = "memstoreSize";
constexpr char kCacheSize[] = "blockCacheSize";
constexpr char kCacheHitRatio[] = "blockCacheHitRatio";
constexpr char kCacheSingle[] = "blockCacheSingleSize";
constexpr char kCacheMulti[] = "blockCacheMultiSize";
constexpr char kCacheMemory[] = "blockCacheMemorySize";
constexpr char kCacheHits[] = "blockCacheHitCount";
constexpr char kCacheMisses[] = "blockCacheMissCount";
constexpr char kCacheEvictions[] = "blockCacheEvictedCount";
constexpr char kReadRate[] = "readRequestsPerSecond";
constexpr char kWriteRate[] = "writeRequestsPerSecond";
constexpr char kFileCount[] = "storeFileCount";
constexpr char kFileSize[] = "storeFileSize";
constexpr char kWriteCount[] = "writeRequestCount";
constexpr uint64_t kRegionPersistEvery = 10;      // region rows: every 10th sample
constexpr int64_t kMetricsRetentionMs = 24 * 3600 * 1000;
}  // namespace

ClusterSample ClusterImpl::SampleNow() {
  ClusterSample sample;
  sample.time_ms = clock_->NowMillis();
  sample.lab_scale = scale_.divisor;
  std::map<const RegionServer*, ServerMetrics> per_server;
  for (const auto& s : servers_) {
    ServerMetrics& m = per_server[s.get()];
    m.name = s->name();
    m.online = s->online();
    m.start_time_ms = s->start_code();
    m.global_memstore_limit = s->memstore()->limit;
    m.global_memstore_lower_mark = s->memstore()->FlushMark();
    BlockCacheStats cs = s->block_cache()->GetStats();
    m.block_cache = {cs.capacity, cs.size, cs.single_bytes, cs.multi_bytes, cs.memory_bytes,
                     cs.block_count, cs.hits, cs.misses, cs.evictions, cs.evicted_blocks,
                     cs.HitRatio()};
    WalStats ws;
    if (s->GetWalStats(&ws)) {
      m.wal_syncs = ws.syncs;
      m.wal_bytes = ws.bytes;
    }
  }
  {
    ReaderMutexLock l(&mu_);
    for (const auto& [name, t] : tables_) {
      const auto regions_per_server = CountRegionsPerServer(t);
      for (const auto& [start, e] : t.regions) {
        RegionInfo info = InfoFor(t, *e, &regions_per_server);
        if (e->region && e->server) {
          ServerMetrics& m = per_server[e->server];
          ++m.regions;
          m.memstore_bytes += info.metrics.memstore_heap_bytes;
          m.store_files += info.metrics.store_files;
          m.store_file_bytes += info.metrics.store_file_bytes;
          m.read_requests += info.metrics.read_requests;
          m.write_requests += info.metrics.write_requests;
        }
        sample.regions.push_back(std::move(info));
      }
    }
  }
  MutexLock l(&metrics_mu_);
  const double seconds = last_sample_ms_ > 0 ? (sample.time_ms - last_sample_ms_) / 1000.0 : 0;
  for (const auto& s : servers_) {
    ServerMetrics& m = per_server[s.get()];
    auto& last = last_requests_[m.name];
    // Counters restart when regions move or reopen; a drop is not negative traffic.
    if (seconds > 0) {
      m.read_rate = m.read_requests >= last.first ? (m.read_requests - last.first) / seconds : 0;
      m.write_rate = m.write_requests >= last.second ? (m.write_requests - last.second) / seconds : 0;
    }
    last = {m.read_requests, m.write_requests};
    sample.servers.push_back(m);
  }
  last_sample_ms_ = sample.time_ms;
  return sample;
}

void ClusterImpl::SamplerLoop() {
  MutexLock l(&split_mu_);
  while (!stopping_) {
    metrics_cv_.WaitFor(std::chrono::milliseconds(options_.metrics_interval_ms));
    if (stopping_) return;
    l.Unlock();
    ClusterSample sample = SampleNow();
    std::vector<MetricSample> rows;
    if (options_.persist_metrics) {
      for (const auto& s : sample.servers) {
        const std::string scope(kScopeServer);
        auto add = [&](const char* metric, double value) {
          rows.push_back({sample.time_ms, scope, s.name, metric, value});
        };
        add(kMemstoreSize, double(s.memstore_bytes));
        add(kCacheSize, double(s.block_cache.size));
        add(kCacheHitRatio, s.block_cache.hit_ratio);
        add(kCacheSingle, double(s.block_cache.single_bytes));
        add(kCacheMulti, double(s.block_cache.multi_bytes));
        add(kCacheMemory, double(s.block_cache.memory_bytes));
        add(kCacheHits, double(s.block_cache.hits));
        add(kCacheMisses, double(s.block_cache.misses));
        add(kCacheEvictions, double(s.block_cache.evictions));
        add(kReadRate, s.read_rate);
        add(kWriteRate, s.write_rate);
        add(kFileCount, double(s.store_files));
        add(kFileSize, double(s.store_file_bytes));
      }
      if (samples_taken_ % kRegionPersistEvery == 0) {
        for (const auto& r : sample.regions) {
          const std::string scope(kScopeRegion);
          auto add = [&](const char* metric, double value) {
            rows.push_back({sample.time_ms, scope, r.encoded_name, metric, value});
          };
          add(kMemstoreSize, double(r.metrics.memstore_heap_bytes));
          add(kFileSize, double(r.metrics.store_file_bytes));
          add(kFileCount, double(r.metrics.store_files));
          add(kWriteCount, double(r.metrics.write_requests));
        }
      }
      Status stored = catalog_->AppendMetrics(rows);
      if (stored.ok() && samples_taken_ % 600 == 0) {
        stored = catalog_->TrimMetrics(sample.time_ms - kMetricsRetentionMs);
      }
      // Once per run of failures (a full disk), not once a second.
      if (!stored.ok() && metrics_store_ok_) {
        LogIfFailed(log_.get(), stored, "storing metric samples in the catalog (samples stay in memory)");
      } else if (stored.ok() && !metrics_store_ok_) {
        Log(LogLevel::kInfo, "metric samples are stored in the catalog again");
      }
      metrics_store_ok_ = stored.ok();
    }
    {
      MutexLock ml(&metrics_mu_);
      history_.push_back(std::move(sample));
      while (history_.size() > std::max<size_t>(1, options_.metrics_history)) history_.pop_front();
    }
    ++samples_taken_;
    l.Lock();
  }
}

Result<std::vector<ClusterSample>> ClusterImpl::StoredMetrics(int64_t from_ms, int64_t to_ms) {
  auto rows = catalog_->QueryMetricsBetween(from_ms, to_ms);
  if (!rows.ok()) return rows.status();
  auto regions = catalog_->ListAllRegions();
  if (!regions.ok()) return regions.status();
  std::map<std::string, const RegionRecord*> by_name;
  for (const RegionRecord& r : *regions) by_name[r.encoded_name] = &r;
  // The limits are the servers' now: they are settings, not samples.
  std::map<std::string, std::pair<uint64_t, uint64_t>> limits;
  std::map<std::string, uint64_t> capacity;
  for (const auto& s : servers_) {
    limits[s->name()] = {s->memstore()->limit, s->memstore()->FlushMark()};
    capacity[s->name()] = s->block_cache()->GetStats().capacity;
  }
  std::map<int64_t, ClusterSample> by_time;
  for (const MetricSample& m : *rows) {
    ClusterSample& sample = by_time[m.time_ms];
    sample.time_ms = m.time_ms;
    sample.lab_scale = scale_.divisor;
    const auto v = static_cast<uint64_t>(std::max(0.0, m.value));
    if (m.scope == kScopeServer) {
      auto it = std::find_if(sample.servers.begin(), sample.servers.end(),
                             [&](const ServerMetrics& s) { return s.name == m.subject; });
      if (it == sample.servers.end()) {
        ServerMetrics s;
        s.name = m.subject;
        s.online = true;
        s.global_memstore_limit = limits[m.subject].first;
        s.global_memstore_lower_mark = limits[m.subject].second;
        s.block_cache.capacity = capacity[m.subject];
        sample.servers.push_back(std::move(s));
        it = sample.servers.end() - 1;
      }
      ServerMetrics& s = *it;
      if (m.metric == kMemstoreSize) s.memstore_bytes = v;
      else if (m.metric == kCacheSize) s.block_cache.size = v;
      else if (m.metric == kCacheHitRatio) s.block_cache.hit_ratio = m.value;
      else if (m.metric == kCacheSingle) s.block_cache.single_bytes = v;
      else if (m.metric == kCacheMulti) s.block_cache.multi_bytes = v;
      else if (m.metric == kCacheMemory) s.block_cache.memory_bytes = v;
      else if (m.metric == kCacheHits) s.block_cache.hits = v;
      else if (m.metric == kCacheMisses) s.block_cache.misses = v;
      else if (m.metric == kCacheEvictions) s.block_cache.evictions = v;
      else if (m.metric == kReadRate) s.read_rate = m.value;
      else if (m.metric == kWriteRate) s.write_rate = m.value;
      else if (m.metric == kFileCount) s.store_files = v;
      else if (m.metric == kFileSize) s.store_file_bytes = v;
    } else {
      auto it = std::find_if(sample.regions.begin(), sample.regions.end(),
                             [&](const RegionInfo& r) { return r.encoded_name == m.subject; });
      if (it == sample.regions.end()) {
        RegionInfo r;
        r.encoded_name = m.subject;
        auto known = by_name.find(m.subject);
        if (known != by_name.end()) {
          r.table = known->second->table;
          r.start_key = known->second->start_key;
          r.end_key = known->second->end_key;
        }
        sample.regions.push_back(std::move(r));
        it = sample.regions.end() - 1;
      }
      if (m.metric == kMemstoreSize) it->metrics.memstore_heap_bytes = v;
      else if (m.metric == kFileSize) it->metrics.store_file_bytes = v;
      else if (m.metric == kFileCount) it->metrics.store_files = v;
      else if (m.metric == kWriteCount) it->metrics.write_requests = v;
    }
  }
  std::vector<ClusterSample> out;
  out.reserve(by_time.size());
  for (auto& [time, sample] : by_time) out.push_back(std::move(sample));
  return out;
}

void ClusterImpl::RecordEvent(ClusterEvent event) {
  // Every event is a line of the LOG too; trouble at its level.
  const std::string& k = event.kind;
  const LogLevel level = k == kEventKindDamage || k == kEventWriteRefused ||
                                 k == kEventFlushFailed || k == kEventCompactionFailed ||
                                 k == kEventSplitFailed
                             ? LogLevel::kError
                             : k == "server stopped" ? LogLevel::kWarn : LogLevel::kInfo;
  std::string line = k;
  if (!event.table.empty()) line += " " + event.table;
  if (!event.region.empty()) line += " region " + event.region;
  if (!event.server.empty()) line += " on " + event.server;
  if (!event.detail.empty()) line += ": " + event.detail;
  // The figures the event carries beside its detail: sizes and how long.
  if (k == "flush") {
    line += ", " + std::to_string(event.input_bytes) + " bytes of memstore to " +
            std::to_string(event.output_bytes) + " bytes in store files";
  } else if (k == "split") {
    line += ", " + std::to_string(event.input_bytes) + " bytes";
  }
  if (k == "flush" || k == "minor compaction" || k == "major compaction" || k == "split" ||
      k == "merge" || k == "move") {
    line += ", in " + std::to_string(event.duration_ms) + " ms";
  }
  Log(level, line);
  std::function<void(const ClusterEvent&)> listener;
  {
    MutexLock l(&metrics_mu_);
    events_.push_back(event);
    while (events_.size() > kMaxEvents) events_.pop_front();
    listener = listener_;
  }
  if (listener) listener(event);
}

}  // namespace regionlab
