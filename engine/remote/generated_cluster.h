// GeneratedCluster: the answers an HBase 2.x cluster of a given size would
// give RegionLab's poll (/T/regions per table, /status/cluster), made up
// deterministically from a seed, for the scale test and the remote
// benchmark (regionlab-bench-remote). Never shown as a real cluster.
//
// Layout: table "usertable" holds 90% of the regions, split at "user" + a
// zero-padded 19-digit number (YCSB's key shape); "ns1:metrics" the rest, split at 4-byte
// big-endian (binary) keys. Regions go round-robin over
// rs000.example.com:16020, rs001..., with figures drawn from the seed. A
// 100,000-region status is about 50 MB of JSON.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rest/models.h"

namespace regionlab::remote {

struct GeneratedClusterSpec {
  size_t regions = 100000;
  size_t servers = 100;
  uint64_t seed = 42;
  int64_t region_id_base = 1719830400000;  // regionIds (creation times) count up from here
};

struct GeneratedCluster {
  std::vector<rest::TableInfoModel> tables;  // /T/regions of each table
  rest::ClusterStatusModel status;           // /status/cluster, hbase:meta included
};

GeneratedCluster GenerateCluster(const GeneratedClusterSpec& spec);

// /status/cluster as HBase 2.x's Jackson writes it (compact, every key of
// its StorageClusterStatusModel in order, region names base64), which a
// real cluster sends in full; RegionLab's gateway leaves some out.
std::string StatusJson(const rest::ClusterStatusModel& status);

// The name of region `index` (0-based, over both tables in order) and its
// encoded name, as GenerateCluster made them.
std::string GeneratedEncodedName(uint64_t seed, size_t index);
std::string GeneratedServerName(size_t server);  // "rs007.example.com:16020"

}  // namespace regionlab::remote
