#include "regionlab_cluster_store.h"

#include <algorithm>
#include <set>

#include "regionlab/store_configuration.h"
#include "regionlab_store.h"

namespace regionlab::bench {

namespace {
const char kTable[] = "bench";
}  // namespace

RegionLabClusterStore::RegionLabClusterStore(StoreSettings settings)
    : m_settings(std::move(settings)) {
  m_get.columns = benchGetColumns();
  m_put.Put(kRegionLabFamily, kRegionLabQualifier, {});
}

RegionLabClusterStore::~RegionLabClusterStore() { (void)close(); }

regionlab::ClusterOptions RegionLabClusterStore::clusterOptions() const {
  regionlab::ClusterOptions options;
  options.region_servers = kRegionServers;
  // The same totals as the other systems, spread over the servers.
  options.block_cache_per_server = m_settings.blockCacheBytes / kRegionServers;
  options.global_memstore_per_server = m_settings.writeBufferBytes;
  options.auto_split = false;
  options.metrics_interval_ms = 0;
  return options;
}

regionlab::TableDescriptor RegionLabClusterStore::tableDescriptor() const {
  regionlab::TableDescriptor desc;
  desc.name = kTable;
  desc.families.push_back(benchFamily(m_settings));
  // MEMSTORE_FLUSHSIZE is per region; at least HBase's 4 KiB floor (admin checks it).
  desc.memstore_flush_size =
      std::max<uint64_t>(m_settings.writeBufferBytes / static_cast<uint64_t>(regions()), 4096);
  desc.durability = m_settings.sync == SyncMode::kSyncWal ? regionlab::Durability::kSyncWal
                                                          : regionlab::Durability::kAsyncWal;
  desc.configuration = m_settings.regionLabConfiguration;
  return desc;
}

std::vector<std::pair<std::string, std::string>> RegionLabClusterStore::describe() const {
  const regionlab::ClusterOptions o = clusterOptions();
  const regionlab::TableDescriptor d = tableDescriptor();
  std::vector<std::pair<std::string, std::string>> out = {
      {"layout", "table pre-split into " + std::to_string(regions()) + " regions over " +
                     std::to_string(o.region_servers) +
                     " region servers, client Table API; no auto split"},
      {"DURABILITY", regionlab::DurabilityName(d.durability)},
      {"WAL",
       "one WAL per region server shared by its regions, group commit; ASYNC_WAL syncs "
       "in the background every second (HBase's optionallogflushinterval)"},
  };
  for (auto& setting : describeFamily(d.families.front())) out.push_back(std::move(setting));
  out.push_back({"block cache", std::to_string(o.block_cache_per_server >> 10) +
                                    " KiB per server (LruBlockCache)"});
  out.push_back(
      {"MEMSTORE_FLUSHSIZE", std::to_string(d.memstore_flush_size >> 10) + " KiB per region"});
  out.push_back(
      {"background threads", std::to_string(o.background_threads_per_server) + " per server"});
  regionlab::RegionOptions region;  // what each region's stores run with
  region.memstore_flush_size = d.memstore_flush_size;
  regionlab::ApplyStoreConfiguration(d.configuration, &region);
  out.push_back(describeCompaction(d.configuration, region));
  return out;
}

Status RegionLabClusterStore::open() {
  if (m_cluster) return Status::OK();
  auto cluster = regionlab::Cluster::Open(m_settings.dir, clusterOptions());
  if (!cluster.ok()) return cluster.status();
  m_cluster = std::move(*cluster);
  auto exists = m_cluster->admin().TableExists(kTable);
  Status s = exists.status();
  if (s.ok() && !*exists)
    s = m_cluster->admin().CreateTable(tableDescriptor(), m_settings.splitKeys);
  if (s.ok()) s = checkLayout();
  if (s.ok()) {
    auto table = m_cluster->GetTable(kTable);
    s = table.status();
    if (s.ok()) m_table = std::move(*table);
  }
  if (!s.ok()) {
    (void)close();
    return s;
  }
  return Status::OK();
}

Status RegionLabClusterStore::checkLayout() const {
  auto regions = m_cluster->admin().ListRegions(kTable);
  if (!regions.ok()) return regions.status();
  std::set<std::string> servers;
  for (const auto& r : *regions) {
    if (r.state != "OPEN" || r.server.empty()) {
      return Status::Aborted("region " + r.RegionName() + " is " + r.state + ", not open");
    }
    servers.insert(r.server);
  }
  const size_t wantServers = std::min<size_t>(kRegionServers, static_cast<size_t>(this->regions()));
  if (regions->size() != static_cast<size_t>(this->regions()) || servers.size() != wantServers) {
    return Status::Aborted("table " + std::string(kTable) + " has " +
                           std::to_string(regions->size()) + " regions on " +
                           std::to_string(servers.size()) + " servers; the run asks for " +
                           std::to_string(this->regions()) + " on " + std::to_string(wantServers));
  }
  return Status::OK();
}

Status RegionLabClusterStore::close() {
  m_table.reset();
  if (!m_cluster) return Status::OK();
  Status s = m_cluster->Close();
  m_cluster.reset();
  return s;
}

Status RegionLabClusterStore::put(std::string_view key, std::string_view value) {
  // One mutation reused across puts (its strings keep their buffers).
  m_put.row.assign(key);
  m_put.cells.front().value.assign(value);
  return m_table->Put(m_put);
}

Status RegionLabClusterStore::get(std::string_view key, std::string* value, bool* found) {
  m_get.row.assign(key);
  RL_RETURN_IF_ERROR(m_table->Get(m_get, &m_row));
  *found = !m_row.cells.empty();
  if (*found) value->assign(m_row.cells.front().value);
  return Status::OK();
}

Status RegionLabClusterStore::scan(const ScanRequest& request, const ScanVisitor& visit) {
  regionlab::Scan scan;
  scan.start_row = request.start;
  scan.reversed = request.reverse;
  scan.limit = request.limit == 0 ? -1 : static_cast<int64_t>(request.limit);
  auto scanner = m_table->GetScanner(scan);
  if (!scanner.ok()) return scanner.status();
  while ((*scanner)->Next(&m_scanRow)) {
    if (!m_scanRow.cells.empty()) visit(m_scanRow.row, m_scanRow.cells.front().value);
  }
  return (*scanner)->status();
}

Status RegionLabClusterStore::compactAll() {
  regionlab::Admin& admin = m_cluster->admin();
  RL_RETURN_IF_ERROR(admin.Flush(kTable));
  RL_RETURN_IF_ERROR(admin.Compact(kTable, /*major=*/true));
  RL_RETURN_IF_ERROR(m_cluster->WaitForBackgroundWork());
  // Everything is flushed: each server's roll deletes its WAL segments.
  for (const auto& server : admin.ListServers()) {
    if (server.online) RL_RETURN_IF_ERROR(admin.RollWalWriter(server.name));
  }
  return Status::OK();
}

StoreLayout RegionLabClusterStore::layout() const {
  auto regions = m_cluster->admin().ListRegions(kTable);
  if (!regions.ok()) return {0, 0, "unknown: " + regions.status().ToString()};
  StoreLayout out;
  uint64_t cells = 0, memstore = 0, fewest = UINT64_MAX, most = 0;
  for (const auto& region : *regions) {
    const regionlab::RegionMetrics& m = region.metrics;
    out.files += m.store_files;
    out.bytes += m.store_file_bytes;
    memstore += m.memstore_heap_bytes;
    for (const auto& store : m.stores) cells += store.store_file_cells;
    fewest = std::min<uint64_t>(fewest, m.store_files);
    most = std::max<uint64_t>(most, m.store_files);
  }
  if (regions->empty()) fewest = 0;
  out.detail =
      countOf(regions->size(), "region") + ", " +
      (fewest == most ? countOf(most, "store file")
                      : std::to_string(fewest) + "-" + std::to_string(most) + " store files") +
      " each, " + countOf(cells, "cell") + "; memstores " + bytesText(memstore);
  return out;
}

}  // namespace regionlab::bench
