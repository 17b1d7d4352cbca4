// hbase:meta's rows: every region of every table in the catalog (split
// parents included, as HBase keeps them until the janitor removes them),
// with the server, start code and open sequence number of the regions that
// are open now. See cluster/hbase_meta.h for the layout.
#include <algorithm>

#include "cluster/cluster_impl.h"
#include "cluster/hbase_meta.h"

namespace regionlab {

Result<std::vector<RowResult>> ClusterImpl::MetaRows() {
  auto records = catalog_->ListAllRegions();
  if (!records.ok()) return records.status();
  std::vector<MetaRegion> regions;
  regions.reserve(records->size());
  for (const RegionRecord& r : *records) {
    MetaRegion m;
    m.table = r.table;
    m.start_key = r.start_key;
    m.end_key = r.end_key;
    m.region_id = r.region_id;
    m.encoded_name = r.encoded_name;
    m.state = RegionStateName(r.state);
    m.split_parent = r.split_parent;
    m.server = r.server;
    m.timestamp = r.region_id;
    regions.push_back(std::move(m));
  }
  {
    // What only the running cluster knows: start codes and open sequence numbers.
    ReaderMutexLock l(&mu_);
    for (MetaRegion& m : regions) {
      auto it = regions_.find(m.encoded_name);
      if (it != regions_.end() && it->second->region && it->second->server != nullptr) {
        const RegionEntry& e = *it->second;
        m.server = e.server->name();
        m.server_start_code = e.server->start_code();
        m.open_seq_num = e.open_seq_num;
        m.timestamp = e.opened_ms;
      } else if (RegionServer* s = FindServer(m.server); s != nullptr) {
        m.server_start_code = s->start_code();
      }
    }
  }
  std::vector<RowResult> rows;
  rows.reserve(regions.size());
  for (const MetaRegion& m : regions) rows.push_back(MetaRow(m));
  std::sort(rows.begin(), rows.end(), [](const RowResult& a, const RowResult& b) {
    return CompareMetaRows(a.row, b.row) < 0;
  });
  return rows;
}

}  // namespace regionlab
