#include "remote/generated_cluster.h"

#include <cstdio>
#include <optional>

#include "rest/url_codec.h"

namespace regionlab::remote {

namespace {

// SplitMix64: a fixed, portable sequence from the seed.
uint64_t Mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::string UserKey(size_t i, size_t n) {
  // Boundaries spread evenly over user0000000000000000000 .. user9999999999999999999.
  char buf[40];
  std::snprintf(buf, sizeof buf, "user%019llu",
                static_cast<unsigned long long>(i * (10000000000000000000ull / (n + 1))));
  return buf;
}

std::string BinaryKey(size_t i, size_t n) {
  const uint32_t v = static_cast<uint32_t>((uint64_t(i) << 32) / (n + 1));
  return std::string{static_cast<char>(v >> 24), static_cast<char>(v >> 16),
                     static_cast<char>(v >> 8), static_cast<char>(v)};
}

// /T/regions' name is the region name decoded as UTF-8 by HBase (lossy):
// every byte of a binary key that is not ASCII becomes U+FFFD.
std::string LossyUtf8(const std::string& bytes) {
  std::string out;
  for (char c : bytes) {
    if (static_cast<unsigned char>(c) < 0x80) {
      out += c;
    } else {
      out += "\xEF\xBF\xBD";
    }
  }
  return out;
}

}  // namespace

std::string GeneratedEncodedName(uint64_t seed, size_t index) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%016llx%016llx",
                static_cast<unsigned long long>(Mix(seed * 2 + index * 7919)),
                static_cast<unsigned long long>(Mix(seed * 3 + index * 104729 + 1)));
  return buf;
}

std::string GeneratedServerName(size_t server) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "rs%03zu.example.com:16020", server);
  return buf;
}

GeneratedCluster GenerateCluster(const GeneratedClusterSpec& spec) {
  GeneratedCluster c;
  const size_t servers = spec.servers == 0 ? 1 : spec.servers;
  const size_t user_regions = spec.regions - spec.regions / 10;
  const size_t binary_regions = spec.regions - user_regions;
  c.status.live_nodes.resize(servers);
  for (size_t s = 0; s < servers; ++s) {
    rest::StatusNodeModel& n = c.status.live_nodes[s];
    n.name = GeneratedServerName(s);
    n.start_code = spec.region_id_base - 3600000 + static_cast<int64_t>(s);
    n.heap_size_mb = 8000 + static_cast<int32_t>(Mix(spec.seed + s) % 8000);
    n.max_heap_size_mb = 31744;
    n.regions.reserve(spec.regions / servers + 2);
  }
  {
    rest::StatusRegionModel meta;
    meta.name = "hbase:meta,,1.1588230740";
    meta.stores = 1;
    meta.storefiles = 3;
    meta.storefile_size_mb = 120;
    c.status.live_nodes[0].regions.push_back(meta);
  }
  size_t index = 0;
  for (int t = 0; t < 2; ++t) {
    rest::TableInfoModel table;
    table.name = t == 0 ? "usertable" : "ns1:metrics";
    const size_t n = t == 0 ? user_regions : binary_regions;
    if (n == 0) continue;
    table.regions.reserve(n);
    for (size_t i = 0; i < n; ++i, ++index) {
      const uint64_t r = Mix(spec.seed ^ (index * 0x100000001B3ull));
      rest::TableRegionModel tr;
      tr.start_key = i == 0 ? std::string() : (t == 0 ? UserKey(i, n) : BinaryKey(i, n));
      tr.end_key = i + 1 == n ? std::string() : (t == 0 ? UserKey(i + 1, n) : BinaryKey(i + 1, n));
      tr.id = spec.region_id_base + static_cast<int64_t>(index);
      const std::string encoded = GeneratedEncodedName(spec.seed, index);
      const std::string tail = "," + std::to_string(tr.id) + "." + encoded + ".";
      tr.name = table.name + "," + LossyUtf8(tr.start_key) + tail;
      tr.location = GeneratedServerName(index % servers);

      rest::StatusRegionModel sr;
      sr.name = table.name + "," + tr.start_key + tail;  // the bytes (base64 in the JSON)
      sr.stores = 1 + static_cast<int32_t>(r % 2);
      sr.storefiles = 1 + static_cast<int32_t>((r >> 4) % 6);
      sr.storefile_size_mb = static_cast<int32_t>((r >> 8) % 12000);
      sr.memstore_size_mb = static_cast<int32_t>((r >> 24) % 128);
      sr.storefile_index_size_kb = static_cast<int64_t>((r >> 32) % 4096);
      sr.read_requests = static_cast<int64_t>((r >> 16) % 100000000);
      sr.write_requests = static_cast<int64_t>((r >> 40) % 10000000);
      sr.root_index_size_kb = 1 + static_cast<int64_t>((r >> 12) % 64);
      sr.total_static_index_size_kb = static_cast<int64_t>((r >> 20) % 8192);
      sr.total_static_bloom_size_kb = static_cast<int64_t>((r >> 28) % 8192);
      sr.total_compacting_kvs = 0;
      sr.current_compacted_kvs = 0;
      c.status.live_nodes[index % servers].regions.push_back(std::move(sr));
      table.regions.push_back(std::move(tr));
    }
    c.tables.push_back(std::move(table));
  }
  c.status.regions = static_cast<int32_t>(index + 1);
  for (const auto& node : c.status.live_nodes) {
    for (const auto& r : node.regions) c.status.requests += r.read_requests + r.write_requests;
  }
  c.status.average_load = static_cast<double>(index + 1) / static_cast<double>(servers);
  return c;
}

std::string StatusJson(const rest::ClusterStatusModel& m) {
  std::string out;
  out.reserve(64 + m.regions * 420);
  auto num = [&out](const char* key, int64_t v, bool comma = true) {
    if (comma) out += ',';
    out += '"';
    out += key;
    out += "\":";
    out += std::to_string(v);
  };
  auto opt = [&num](const char* key, const std::optional<int64_t>& v) { num(key, v.value_or(0)); };
  char load[32];
  std::snprintf(load, sizeof load, "%.1f", m.average_load);
  out += "{\"regions\":" + std::to_string(m.regions) + ",\"requests\":" + std::to_string(m.requests) +
         ",\"averageLoad\":" + load + ",\"LiveNodes\":[";
  for (size_t i = 0; i < m.live_nodes.size(); ++i) {
    const rest::StatusNodeModel& n = m.live_nodes[i];
    out += i ? ",{\"name\":\"" : "{\"name\":\"";
    out += n.name + "\"";
    num("startCode", n.start_code);
    num("requests", n.requests);
    num("heapSizeMB", n.heap_size_mb);
    num("maxHeapSizeMB", n.max_heap_size_mb);
    out += ",\"Region\":[";
    for (size_t k = 0; k < n.regions.size(); ++k) {
      const rest::StatusRegionModel& r = n.regions[k];
      out += k ? ",{\"name\":\"" : "{\"name\":\"";
      rest::AppendBase64(r.name, &out);
      out += '"';
      num("stores", r.stores);
      num("storefiles", r.storefiles);
      num("storefileSizeMB", r.storefile_size_mb);
      num("memStoreSizeMB", r.memstore_size_mb);
      opt("storefileIndexSizeKB", r.storefile_index_size_kb);
      num("readRequestsCount", r.read_requests);
      num("writeRequestsCount", r.write_requests);
      opt("rootIndexSizeKB", r.root_index_size_kb);
      opt("totalStaticIndexSizeKB", r.total_static_index_size_kb);
      opt("totalStaticBloomSizeKB", r.total_static_bloom_size_kb);
      opt("totalCompactingKVs", r.total_compacting_kvs);
      opt("currentCompactedKVs", r.current_compacted_kvs);
      out += '}';
    }
    out += "]}";
  }
  out += "],\"DeadNodes\":[";
  for (size_t i = 0; i < m.dead_nodes.size(); ++i) out += (i ? ",\"" : "\"") + m.dead_nodes[i] + "\"";
  out += "]}";
  return out;
}

}  // namespace regionlab::remote
