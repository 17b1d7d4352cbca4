// Helpers for the cluster tests.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "regionlab/cluster.h"
#include "support/test_util.h"

namespace regionlab::test {

inline ClusterOptions SmallCluster() {
  ClusterOptions o;
  o.region_servers = 3;
  o.block_cache_per_server = 4 << 20;
  o.metrics_interval_ms = 0;  // tests take samples by hand
  return o;
}

inline TableDescriptor SimpleTable(const std::string& name, std::vector<std::string> families = {"f"}) {
  TableDescriptor d;
  std::string ns = "default", qualifier = name;
  if (auto colon = name.find(':'); colon != std::string::npos) {
    ns = name.substr(0, colon);
    qualifier = name.substr(colon + 1);
  }
  d.ns = ns;
  d.name = qualifier;
  for (auto& f : families) {
    FamilyOptions fo;
    fo.name = f;
    d.families.push_back(fo);
  }
  return d;
}

inline RowMutation PutRow(const std::string& row, const std::string& value,
                          const std::string& family = "f") {
  RowMutation m;
  m.row = row;
  m.Put(family, "q", value);
  return m;
}

inline std::vector<std::string> ScanRows(Table& t, Scan scan = {}) {
  std::vector<std::string> rows;
  auto s = t.GetScanner(scan);
  if (!s.ok()) return rows;
  RowResult r;
  while ((*s)->Next(&r)) rows.push_back(r.row);
  return rows;
}

// The regions of a table tile its key space: first starts at "", each starts
// where the previous ended, the last ends at "".
inline bool RegionsTile(const std::vector<RegionInfo>& regions) {
  if (regions.empty() || !regions.front().start_key.empty() || !regions.back().end_key.empty()) {
    return false;
  }
  for (size_t i = 1; i < regions.size(); ++i) {
    if (regions[i].start_key != regions[i - 1].end_key) return false;
  }
  return true;
}

}  // namespace regionlab::test
