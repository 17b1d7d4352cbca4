// The /jmx JSON of HBase's servers (JMXJsonServlet: {"beans":[{"name":
// ..., "modelerType": ..., "tag.*": ..., metrics...}]}), read into the
// figures RegionLab shows: a region server's memstore, block cache (size,
// capacity, hits, misses, evictions, hit ratio), queues, WAL, request counters
// and per-region store sizes; the active Master's list of region servers.
//
// Every attribute is optional: HBase adds and renames figures between
// releases, so a missing one stays nullopt ("unknown"), never 0. A body
// without "beans" (a failed `get`, an error page) is an error, whatever the
// HTTP status was: HBase's servlet answers some errors with 200.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"

namespace regionlab::remote {

// sub=Regions figures of one region (keyed by its encoded name).
struct RegionJmx {
  std::optional<uint64_t> stores, store_files, store_file_bytes, memstore_bytes;
  std::optional<uint64_t> read_requests, write_requests;
};

struct RegionServerJmx {
  // tag.serverName "host,16020,1719830400123" as "host:16020" (the form of
  // /status/cluster's node names); "" when the bean has no such tag
  // (RegionLab's gateway answers for its whole embedded cluster).
  std::string server;
  std::string hostname;  // tag.Hostname
  // sub=Server
  std::optional<uint64_t> regions, store_files, store_file_bytes, memstore_bytes;
  std::optional<uint64_t> read_requests, write_requests;  // cumulative
  std::optional<double> read_rate, write_rate;            // the server's own per-second figures
  std::optional<uint64_t> block_cache_bytes, block_cache_free_bytes, block_cache_blocks;
  std::optional<uint64_t> block_cache_hits, block_cache_misses, block_cache_evictions;
  std::optional<double> block_cache_hit_percent;  // blockCacheCountHitPercent, 0..100
  std::optional<uint64_t> compaction_queue, flush_queue, split_queue;
  std::optional<uint64_t> wal_files, wal_file_bytes;  // hlogFileCount, hlogFileSize
  std::optional<uint64_t> blocked_requests;           // blockedRequestCount
  // sub=WAL
  std::optional<uint64_t> wal_syncs, wal_written_bytes;
  // sub=Regions, by encoded region name
  std::map<std::string, RegionJmx> regions_by_name;
};

// Reads the beans of `body` into *out (several answers, e.g. one for
// sub=Server and one for sub=Regions, may be merged into one value).
// InvalidArgument when the body is not JMX JSON; `url` names it.
Status ReadRegionServerJmx(std::string_view body, const std::string& url, RegionServerJmx* out);

struct MasterJmx {
  bool active = false;                     // tag.isActiveMaster
  std::vector<std::string> live_servers;   // "host,port,startcode" (RPC port)
  std::vector<std::string> dead_servers;
  std::optional<double> average_load;
  std::optional<uint64_t> regions_in_transition;  // sub=AssignmentManager ritCount
};
Status ReadMasterJmx(std::string_view body, const std::string& url, MasterJmx* out);

// The Master's /api/v1/admin/cluster_metrics/live_servers (HBase 2.5+):
// each live server's "host,port,startcode" and info (HTTP) port.
struct LiveServerInfo {
  std::string server_name;  // "host,port,startcode"
  int info_port = -1;       // -1: the server's UI is disabled
};
Result<std::vector<LiveServerInfo>> ReadLiveServers(std::string_view body, const std::string& url);

// "host,16020,1719830400123" -> "host:16020"; other text is returned as is.
std::string ServerAddress(const std::string& server_name);
// The host of "host,port,startcode" or "host:port".
std::string ServerHost(const std::string& server_name);

// The encoded region name in a sub=Regions attribute name
// ("Namespace_default_table_t_region_<32 hex>_metric_storeFileSize") and the
// metric; false for per-store attributes (_store_<cf>_metric_) and others.
bool SplitRegionMetric(std::string_view attribute, std::string* encoded, std::string* metric);

}  // namespace regionlab::remote
