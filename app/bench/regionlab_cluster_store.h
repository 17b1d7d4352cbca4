// RegionLabClusterStore: regionlab-bench's adapter for RegionLab run as a
// cluster: one table with one column family, pre-split into N regions that
// the cluster spreads over 3 region servers, read and written through the
// client Table API (engine/include/regionlab/cluster.h), which routes each
// row to its region. HBase's usual layout for a table that must take load on
// every server from the start.
//
// Settings match the single-region adapter (regionlab_store.h) in total:
// each region server gets a third of the block cache, and each region's
// MEMSTORE_FLUSHSIZE is the write buffer divided by N, so the table as a
// whole buffers as much as the other systems. Each server keeps one WAL for
// its regions (group commit across them). Regions do not split during the
// run (auto split off: N stays fixed) and the metrics sampler is off; minor
// compactions run as usual.
//
// The split keys divide the benchmark's key range into N equal parts (see
// StoreSettings::splitKeys); keys inserted past it (YCSB D and E) land in the
// last region. open() checks the layout it gets (N open regions on 3
// servers) and fails rather than measure another one.
//
// Thread-safety: as KvStore.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kv_store.h"
#include "regionlab/cluster.h"

namespace regionlab::bench {

class RegionLabClusterStore final : public KvStore {
 public:
  static constexpr int kRegionServers = 3;

  explicit RegionLabClusterStore(StoreSettings settings);
  ~RegionLabClusterStore() override;

  std::string name() const override { return "RegionLab-split"; }
  std::vector<std::pair<std::string, std::string>> describe() const override;

  Status open() override;
  Status close() override;
  Status put(std::string_view key, std::string_view value) override;
  Status get(std::string_view key, std::string* value, bool* found) override;
  Status scan(const ScanRequest& request, const ScanVisitor& visit) override;
  Status compactAll() override;
  StoreLayout layout() const override;

 private:
  regionlab::ClusterOptions clusterOptions() const;
  regionlab::TableDescriptor tableDescriptor() const;
  // Aborted unless the table has exactly the regions asked for, all open,
  // spread over every region server (or over N servers when N < 3).
  Status checkLayout() const;
  int regions() const { return static_cast<int>(m_settings.splitKeys.size()) + 1; }

  const StoreSettings m_settings;
  std::unique_ptr<regionlab::Cluster> m_cluster;
  std::shared_ptr<regionlab::Table> m_table;
  // Reused by put(), get() and scan() (one call at a time each, see
  // KvStore): their buffers keep their capacity.
  regionlab::RowMutation m_put;
  regionlab::Get m_get;
  regionlab::RowResult m_row, m_scanRow;
};

}  // namespace regionlab::bench
