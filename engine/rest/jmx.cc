#include "rest/jmx.h"

#include <unistd.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

namespace regionlab::rest {

namespace {

using Json = nlohmann::ordered_json;

struct Bean {
  std::string name;          // the ObjectName
  std::string modeler_type;  // the metrics2 source name
  Json attributes = Json::object();
};

// '*' any run of characters, '?' one character.
bool Glob(std::string_view pattern, std::string_view text) {
  size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool SplitName(const std::string& name, std::string* domain, std::map<std::string, std::string>* props,
               bool* wildcard) {
  const size_t colon = name.find(':');
  if (colon == std::string::npos) return false;
  *domain = name.substr(0, colon);
  *wildcard = false;
  size_t pos = colon + 1;
  while (pos <= name.size()) {
    size_t end = name.find(',', pos);
    if (end == std::string::npos) end = name.size();
    const std::string part = name.substr(pos, end - pos);
    pos = end + 1;
    if (part == "*") {
      *wildcard = true;
      continue;
    }
    const size_t eq = part.find('=');
    if (eq == std::string::npos || eq == 0) return false;
    (*props)[part.substr(0, eq)] = part.substr(eq + 1);
  }
  return true;
}

std::string Hostname() {
  char buf[256] = {0};
  if (gethostname(buf, sizeof(buf) - 1) != 0) return "localhost";
  return buf;
}

Bean MakeBean(const std::string& sub, const std::string& hostname) {
  Bean b;
  b.name = "Hadoop:service=HBase,name=RegionServer,sub=" + sub;
  b.modeler_type = "RegionServer,sub=" + sub;
  b.attributes["tag.Context"] = "regionserver";
  b.attributes["tag.Hostname"] = hostname;
  return b;
}

// HBase's metric prefix for a table: Namespace_<ns>_table_<qualifier>.
std::string TablePrefix(const std::string& table) {
  const size_t colon = table.find(':');
  const std::string ns = colon == std::string::npos ? "default" : table.substr(0, colon);
  const std::string q = colon == std::string::npos ? table : table.substr(colon + 1);
  return "Namespace_" + ns + "_table_" + q;
}

std::vector<Bean> Beans(const ClusterSample& sample, const RestStats& rest_stats) {
  const std::string host = Hostname();
  Bean server = MakeBean("Server", host);
  Bean regions = MakeBean("Regions", host);
  Bean tables = MakeBean("Tables", host);
  Bean wal = MakeBean("WAL", host);

  uint64_t region_count = 0, stores = 0, files = 0, file_bytes = 0, memstore = 0, max_files = 0;
  uint64_t reads = 0, writes = 0, flushes = 0, flushed_bytes = 0, compactions = 0;
  uint64_t compacted_bytes = 0, blocked = 0, appends = 0;
  struct TableTotals {
    uint64_t regions = 0, files = 0, file_bytes = 0, memstore = 0, reads = 0, writes = 0;
  };
  std::map<std::string, TableTotals> per_table;
  for (const RegionInfo& r : sample.regions) {
    if (r.state != "OPEN" || r.server.empty()) continue;
    const RegionMetrics& m = r.metrics;
    ++region_count;
    stores += m.stores.size();
    files += m.store_files;
    file_bytes += m.store_file_bytes;
    memstore += m.memstore_heap_bytes;
    reads += m.read_requests;
    writes += m.write_requests;
    flushes += m.flushes;
    flushed_bytes += m.flushed_bytes;
    compactions += m.compactions;
    compacted_bytes += m.compacted_input_bytes;
    blocked += m.blocked_writes;
    appends += m.wal_appends;
    for (const StoreMetrics& s : m.stores) max_files = std::max<uint64_t>(max_files, s.store_files);
    const std::string p = TablePrefix(r.table) + "_region_" + r.encoded_name + "_metric_";
    regions.attributes[p + "storeCount"] = m.stores.size();
    regions.attributes[p + "storeFileCount"] = m.store_files;
    regions.attributes[p + "storeFileSize"] = m.store_file_bytes;
    regions.attributes[p + "memStoreSize"] = m.memstore_heap_bytes;
    regions.attributes[p + "readRequestCount"] = m.read_requests;
    regions.attributes[p + "writeRequestCount"] = m.write_requests;
    regions.attributes[p + "compactionsCompletedCount"] = m.compactions;
    regions.attributes[p + "flushesCount"] = m.flushes;
    TableTotals& t = per_table[r.table];
    ++t.regions;
    t.files += m.store_files;
    t.file_bytes += m.store_file_bytes;
    t.memstore += m.memstore_heap_bytes;
    t.reads += m.read_requests;
    t.writes += m.write_requests;
  }
  for (const auto& [name, t] : per_table) {
    const std::string p = TablePrefix(name) + "_metric_";
    tables.attributes[p + "regionCount"] = t.regions;
    tables.attributes[p + "storeFileCount"] = t.files;
    tables.attributes[p + "storeFileSize"] = t.file_bytes;
    tables.attributes[p + "memStoreSize"] = t.memstore;
    tables.attributes[p + "readRequestCount"] = t.reads;
    tables.attributes[p + "writeRequestCount"] = t.writes;
    tables.attributes[p + "totalRequestCount"] = t.reads + t.writes;
  }
  tables.attributes["numTables"] = per_table.size();

  uint64_t cache_size = 0, cache_capacity = 0, cache_blocks = 0, hits = 0, misses = 0, evictions = 0;
  uint64_t wal_syncs = 0, wal_bytes = 0;
  double read_rate = 0, write_rate = 0;
  int64_t started = 0;
  for (const ServerMetrics& s : sample.servers) {
    if (!s.online) continue;
    cache_size += s.block_cache.size;
    cache_capacity += s.block_cache.capacity;
    cache_blocks += s.block_cache.blocks;
    hits += s.block_cache.hits;
    misses += s.block_cache.misses;
    evictions += s.block_cache.evictions;
    wal_syncs += s.wal_syncs;
    wal_bytes += s.wal_bytes;
    read_rate += s.read_rate;
    write_rate += s.write_rate;
    if (started == 0 || (s.start_time_ms > 0 && s.start_time_ms < started)) started = s.start_time_ms;
  }
  const double hit_ratio = hits + misses == 0 ? 0 : static_cast<double>(hits) / (hits + misses);
  Json& a = server.attributes;
  a["regionCount"] = region_count;
  a["storeCount"] = stores;
  a["storeFileCount"] = files;
  a["maxStoreFileCount"] = max_files;
  a["memStoreSize"] = memstore;
  a["storeFileSize"] = file_bytes;
  a["regionServerStartTime"] = started;
  a["averageRegionSize"] = region_count == 0 ? 0 : (file_bytes + memstore) / region_count;
  a["blockCacheFreeSize"] = cache_capacity - std::min(cache_size, cache_capacity);
  a["blockCacheCount"] = cache_blocks;
  a["blockCacheSize"] = cache_size;
  a["blockCacheCountHitPercent"] = hit_ratio * 100;
  a["l1CacheSize"] = cache_size;
  a["l1CacheFreeSize"] = cache_capacity - std::min(cache_size, cache_capacity);
  a["l1CacheCount"] = cache_blocks;
  a["l1CacheEvictionCount"] = evictions;
  a["l1CacheHitCount"] = hits;
  a["l1CacheMissCount"] = misses;
  a["l1CacheHitRatio"] = hit_ratio;
  a["l1CacheMissRatio"] = hits + misses == 0 ? 0.0 : 1 - hit_ratio;
  a["readRequestRatePerSecond"] = read_rate;
  a["writeRequestRatePerSecond"] = write_rate;
  a["totalRowActionRequestCount"] = reads + writes;
  a["readRequestCount"] = reads;
  a["writeRequestCount"] = writes;
  a["blockCacheHitCount"] = hits;
  a["blockCacheMissCount"] = misses;
  a["blockCacheEvictionCount"] = evictions;
  a["flushedCellsSize"] = flushed_bytes;
  a["compactedCellsSize"] = compacted_bytes;
  a["blockedRequestCount"] = blocked;
  a["flushTime_num_ops"] = flushes;
  a["compactionTime_num_ops"] = compactions;

  wal.attributes["appendCount"] = appends;
  wal.attributes["writtenBytes"] = wal_bytes;
  wal.attributes["syncTime_num_ops"] = wal_syncs;

  Bean rest;
  rest.name = "Hadoop:service=HBase,name=REST";
  rest.modeler_type = "REST";
  rest.attributes["tag.Context"] = "rest";
  rest.attributes["tag.Hostname"] = host;
  rest.attributes["requests"] = rest_stats.requests;
  return {server, regions, tables, wal, rest};
}

Json BeanJson(const Bean& b) {
  Json j;
  j["name"] = b.name;
  j["modelerType"] = b.modeler_type;
  for (const auto& [k, v] : b.attributes.items()) j[k] = v;
  return j;
}

RestResponse JsonAnswer(int status, const Json& body, const std::string* callback) {
  RestResponse r;
  r.status = status;
  std::string text = body.dump(2, ' ', false, Json::error_handler_t::replace);
  if (callback != nullptr) {
    r.content_type = "application/javascript; charset=utf8";
    r.body = *callback + "(" + text + ");";
  } else {
    r.content_type = "application/json; charset=utf8";
    r.body = std::move(text);
  }
  return r;
}

}  // namespace

bool ObjectNameMatches(const std::string& pattern, const std::string& name) {
  std::string pdomain, ndomain;
  std::map<std::string, std::string> pprops, nprops;
  bool pwild = false, nwild = false;
  if (pattern == "*:*") return true;
  if (!SplitName(pattern, &pdomain, &pprops, &pwild) || !SplitName(name, &ndomain, &nprops, &nwild)) {
    return false;
  }
  if (!Glob(pdomain, ndomain)) return false;
  for (const auto& [k, v] : pprops) {
    auto it = nprops.find(k);
    if (it == nprops.end() || !Glob(v, it->second)) return false;
  }
  return pwild || pprops.size() == nprops.size();
}

RestResponse JmxResponse(const ClusterSample& sample, const RestStats& rest_stats,
                         const QueryParams& params) {
  const std::string* callback = FindParam(params, "callback");
  if (callback != nullptr &&
      (callback->empty() ||
       !std::all_of(callback->begin(), callback->end(), [](char c) {
         return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
       }))) {
    RestResponse r;
    r.status = 500;  // HBase's servlet: an IOException for a bad callback
    r.content_type = "text/plain";
    r.body = "Internal error: callback name '" + *callback + "' is not [A-Za-z0-9_]+\r\n";
    return r;
  }
  const std::vector<Bean> beans = Beans(sample, rest_stats);
  Json out;
  out["beans"] = Json::array();

  if (const std::string* get = FindParam(params, "get")) {
    const size_t sep = get->find("::");
    if (sep == std::string::npos || get->find("::", sep + 2) != std::string::npos) {
      Json error;
      error["result"] = "ERROR";
      error["message"] = "query format is not as expected.";
      return JsonAnswer(400, error, callback);
    }
    const std::string bean_name = get->substr(0, sep);
    const std::string attr = get->substr(sep + 2);
    for (const Bean& b : beans) {
      if (!ObjectNameMatches(bean_name, b.name)) continue;
      Json j;
      j["name"] = b.name;
      j["modelerType"] = b.modeler_type;
      bool found = false;
      if (attr.find('*') != std::string::npos) {
        // Comma-separated regular expressions, matched anywhere (find()).
        std::vector<std::regex> res;
        size_t pos = 0;
        while (pos <= attr.size()) {
          size_t end = attr.find(',', pos);
          if (end == std::string::npos) end = attr.size();
          try {
            res.emplace_back(attr.substr(pos, end - pos));
          } catch (const std::regex_error&) {
            Json error;
            error["result"] = "ERROR";
            error["message"] = "'" + attr.substr(pos, end - pos) + "' is not a regular expression";
            return JsonAnswer(400, error, callback);
          }
          pos = end + 1;
        }
        for (const auto& [k, v] : b.attributes.items()) {
          for (const std::regex& re : res) {
            if (std::regex_search(k, re)) {
              j[k] = v;
              found = true;
              break;
            }
          }
        }
      } else if (b.attributes.contains(attr)) {
        j[attr] = b.attributes[attr];
        found = true;
      }
      if (!found) {
        j["result"] = "ERROR";
        j["message"] = "No attribute with name " + attr + " was found.";
      }
      out["beans"].push_back(std::move(j));
    }
    return JsonAnswer(200, out, callback);
  }

  const std::string* qry = FindParam(params, "qry");
  const std::string* excl = FindParam(params, "excl");
  for (const Bean& b : beans) {
    if (qry != nullptr && !ObjectNameMatches(*qry, b.name)) continue;
    if (excl != nullptr && ObjectNameMatches(*excl, b.name)) continue;
    out["beans"].push_back(BeanJson(b));
  }
  return JsonAnswer(200, out, callback);
}

}  // namespace regionlab::rest
