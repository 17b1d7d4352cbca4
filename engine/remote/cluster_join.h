// JoinReadings: what one poll of an HBase cluster read (each table's
// /T/regions and schema, /status/cluster, the region servers' /jmx) joined
// into the engine's own ClusterSample, so every view of the embedded cluster
// shows a remote one unchanged.
//
// The join: a table region and a status region are
// the same region when their encoded names match (the 32 hex characters
// before the trailing '.' of the region name, base64-decoded in the status);
// a region's server is its /T/regions location, the same "host:port" as a
// status node's name; a JMX answer belongs to the node whose name its
// tag.serverName gives. Replica regions (same name, another location) are
// shown once, on the primary's server.
//
// Figures: sizes in bytes from the region servers' sub=Regions beans when
// they were read, else the status's MB (truncated by HBase). Request counts
// are the cumulative counters; a server's read and write rates are the
// growth of its regions' counters since the previous sample over the time
// between them (a region new since then counts from 0, a counter that went
// down, the region having reopened, counts from 0 too). A region's split
// threshold comes from its table's SPLIT_POLICY, MAX_FILESIZE and
// MEMSTORE_FLUSHSIZE by the engine's own policy code, taking HBase's
// defaults (10 GB, 128 MB, SteppingSplitPolicy) where the table sets none
// and without HBase's random per-region jitter, which a client cannot see.
// The memstore limit of a server is hbase.regionserver.global.memstore.size's
// default, 0.4 of its maximum heap (the status's maxHeapSizeMB), since no
// HBase endpoint reports the configured value.
//
// Thread-safety: a pure function.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/cluster.h"
#include "remote/jmx_reader.h"
#include "rest/models.h"

namespace regionlab::remote {

struct ClusterReadings {
  int64_t time_ms = 0;
  std::vector<rest::TableInfoModel> tables;           // user tables' regions
  std::map<std::string, TableDescriptor> descriptors;  // by table name; may miss some
  rest::ClusterStatusModel status;
  std::vector<RegionServerJmx> jmx;  // one per region server read
};

// The fraction of the maximum heap HBase gives the memstores by default.
inline constexpr double kDefaultGlobalMemstoreFraction = 0.4;

// `previous` (may be null) gives the rates.
ClusterSample JoinReadings(const ClusterReadings& readings, const ClusterSample* previous);

// The parts of a region name, "table,startKey,id.ENCODED." (binary start
// keys included: the table ends at the first ',', the id and encoded name are
// read from the end). false when `name` is not one.
struct RegionNameParts {
  std::string table, start_key, encoded;
  int64_t id = 0;
};
bool ParseRegionName(std::string_view name, RegionNameParts* out);
// The same as views into `name`, without copying (the join's hot path).
struct RegionNameView {
  std::string_view table, start_key, encoded;
  int64_t id = 0;
};
bool ParseRegionName(std::string_view name, RegionNameView* out);

}  // namespace regionlab::remote
