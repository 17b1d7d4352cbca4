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
constexpr uint64_t kRegionPersistEvery = 10;      // region rows: every 10th sample
constexpr int64_t kMetricsRetentionMs = 24 * 3600 * 1000;
}  // namespace

ClusterSample ClusterImpl::SampleNow() {
  ClusterSample sample;
  sample.time_ms = clock_->NowMillis();
  std::map<const RegionServer*, ServerMetrics> per_server;
  for (const auto& s : servers_) {
    ServerMetrics& m = per_server[s.get()];
    m.name = s->name();
    m.online = s->online();
    m.global_memstore_limit = s->memstore()->limit;
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
      for (const auto& [start, e] : t.regions) {
        RegionInfo info = InfoFor(t, *e);
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
        rows.push_back({sample.time_ms, scope, s.name, "memstoreSize", double(s.memstore_bytes)});
        rows.push_back({sample.time_ms, scope, s.name, "blockCacheSize", double(s.block_cache.size)});
        rows.push_back({sample.time_ms, scope, s.name, "blockCacheHitRatio", s.block_cache.hit_ratio});
        rows.push_back({sample.time_ms, scope, s.name, "readRequestsPerSecond", s.read_rate});
        rows.push_back({sample.time_ms, scope, s.name, "writeRequestsPerSecond", s.write_rate});
        rows.push_back({sample.time_ms, scope, s.name, "storeFileCount", double(s.store_files)});
        rows.push_back({sample.time_ms, scope, s.name, "storeFileSize", double(s.store_file_bytes)});
      }
      if (samples_taken_ % kRegionPersistEvery == 0) {
        for (const auto& r : sample.regions) {
          const std::string scope(kScopeRegion);
          rows.push_back({sample.time_ms, scope, r.encoded_name, "memstoreSize",
                          double(r.metrics.memstore_heap_bytes)});
          rows.push_back({sample.time_ms, scope, r.encoded_name, "storeFileSize",
                          double(r.metrics.store_file_bytes)});
          rows.push_back({sample.time_ms, scope, r.encoded_name, "writeRequestCount",
                          double(r.metrics.write_requests)});
        }
      }
      (void)catalog_->AppendMetrics(rows);
      if (samples_taken_ % 600 == 0) (void)catalog_->TrimMetrics(sample.time_ms - kMetricsRetentionMs);
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

void ClusterImpl::RecordEvent(ClusterEvent event) {
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
