#include "remote/jmx_reader.h"

#include <nlohmann/json.hpp>

namespace regionlab::remote {

namespace {

using Json = nlohmann::json;

Result<Json> Beans(std::string_view body, const std::string& url) {
  Json doc;
  try {
    doc = Json::parse(body.begin(), body.end());
  } catch (const Json::exception& e) {
    return Status::InvalidArgument(url + ": the answer is not JMX JSON: " + e.what());
  }
  if (!doc.is_object()) return Status::InvalidArgument(url + ": the answer is not a JMX JSON object");
  auto beans = doc.find("beans");
  if (beans == doc.end() || !beans->is_array()) {
    std::string message = url + ": the answer holds no \"beans\"";
    if (auto m = doc.find("message"); m != doc.end() && m->is_string()) {
      message += " (" + m->get<std::string>() + ")";
    }
    return Status::InvalidArgument(message);
  }
  return std::move(*beans);
}

std::string Text(const Json& bean, const char* key) {
  auto it = bean.find(key);
  return it != bean.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A counter or gauge read as an unsigned 64-bit integer; a negative, a
// non-number or "NaN" is unknown.
std::optional<uint64_t> Count(const Json& v) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer()) {
    const int64_t n = v.get<int64_t>();
    return n < 0 ? std::nullopt : std::optional<uint64_t>(static_cast<uint64_t>(n));
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    return d >= 0 && d < 1.8e19 ? std::optional<uint64_t>(static_cast<uint64_t>(d)) : std::nullopt;
  }
  return std::nullopt;
}

std::optional<double> Real(const Json& v) {
  if (v.is_number()) return v.get<double>();
  return std::nullopt;  // "NaN", "Infinity"
}

void Set(const Json& bean, const char* key, std::optional<uint64_t>* out) {
  auto it = bean.find(key);
  if (it == bean.end()) return;
  if (auto v = Count(*it)) *out = v;
}

void SetReal(const Json& bean, const char* key, std::optional<double>* out) {
  auto it = bean.find(key);
  if (it == bean.end()) return;
  if (auto v = Real(*it)) *out = v;
}

bool IsHex(std::string_view s) {
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

std::vector<std::string> SplitList(const std::string& text, char sep) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(sep, pos);
    if (end == std::string::npos) end = text.size();
    if (end > pos) out.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

void ReadServerBean(const Json& bean, RegionServerJmx* out) {
  if (std::string s = Text(bean, "tag.serverName"); !s.empty()) out->server = ServerAddress(s);
  if (std::string h = Text(bean, "tag.Hostname"); !h.empty()) out->hostname = h;
  Set(bean, "regionCount", &out->regions);
  Set(bean, "storeFileCount", &out->store_files);
  Set(bean, "storeFileSize", &out->store_file_bytes);
  Set(bean, "memStoreSize", &out->memstore_bytes);
  Set(bean, "readRequestCount", &out->read_requests);
  Set(bean, "writeRequestCount", &out->write_requests);
  SetReal(bean, "readRequestRatePerSecond", &out->read_rate);
  SetReal(bean, "writeRequestRatePerSecond", &out->write_rate);
  Set(bean, "blockCacheSize", &out->block_cache_bytes);
  Set(bean, "blockCacheFreeSize", &out->block_cache_free_bytes);
  Set(bean, "blockCacheCount", &out->block_cache_blocks);
  Set(bean, "blockCacheHitCount", &out->block_cache_hits);
  Set(bean, "blockCacheMissCount", &out->block_cache_misses);
  Set(bean, "blockCacheEvictionCount", &out->block_cache_evictions);
  SetReal(bean, "blockCacheCountHitPercent", &out->block_cache_hit_percent);
  Set(bean, "compactionQueueLength", &out->compaction_queue);
  Set(bean, "flushQueueLength", &out->flush_queue);
  Set(bean, "splitQueueLength", &out->split_queue);
  Set(bean, "hlogFileCount", &out->wal_files);
  Set(bean, "hlogFileSize", &out->wal_file_bytes);
  Set(bean, "blockedRequestCount", &out->blocked_requests);
}

void ReadRegionsBean(const Json& bean, RegionServerJmx* out) {
  std::string encoded, metric;
  for (const auto& [key, value] : bean.items()) {
    if (!SplitRegionMetric(key, &encoded, &metric)) continue;
    const std::optional<uint64_t> v = Count(value);
    if (!v) continue;
    RegionJmx& r = out->regions_by_name[encoded];
    if (metric == "storeCount") r.stores = v;
    if (metric == "storeFileCount") r.store_files = v;
    if (metric == "storeFileSize") r.store_file_bytes = v;
    if (metric == "memStoreSize") r.memstore_bytes = v;
    if (metric == "readRequestCount") r.read_requests = v;
    if (metric == "writeRequestCount") r.write_requests = v;
  }
}

}  // namespace

std::string ServerAddress(const std::string& server_name) {
  const size_t first = server_name.find(',');
  if (first == std::string::npos) return server_name;
  const size_t second = server_name.find(',', first + 1);
  return server_name.substr(0, first) + ":" +
         server_name.substr(first + 1, second == std::string::npos ? std::string::npos
                                                                   : second - first - 1);
}

std::string ServerHost(const std::string& server_name) {
  const size_t end = server_name.find_first_of(",:");
  return server_name.substr(0, end);
}

bool SplitRegionMetric(std::string_view attribute, std::string* encoded, std::string* metric) {
  const size_t m = attribute.rfind("_metric_");
  if (m == std::string_view::npos) return false;
  // The region part ends right before _metric_ (a per-store attribute has
  // _store_<cf> in between and is skipped).
  size_t r = attribute.rfind("_region_", m);
  if (r == std::string_view::npos) return false;
  const std::string_view enc = attribute.substr(r + 8, m - (r + 8));
  const bool md5 = enc.size() == 32 && IsHex(enc);
  if (!md5 && enc != "1588230740") return false;  // hbase:meta's old-style encoded name
  encoded->assign(enc);
  metric->assign(attribute.substr(m + 8));
  return true;
}

Status ReadRegionServerJmx(std::string_view body, const std::string& url, RegionServerJmx* out) {
  auto beans = Beans(body, url);
  if (!beans.ok()) return beans.status();
  for (const Json& bean : *beans) {
    if (!bean.is_object()) continue;
    const std::string name = Text(bean, "name");
    if (name.find("name=RegionServer") == std::string::npos) continue;
    if (name.find("sub=Server") != std::string::npos) {
      ReadServerBean(bean, out);
    } else if (name.find("sub=Regions") != std::string::npos) {
      ReadRegionsBean(bean, out);
    } else if (name.find("sub=WAL") != std::string::npos) {
      Set(bean, "syncTime_num_ops", &out->wal_syncs);
      Set(bean, "writtenBytes", &out->wal_written_bytes);
    }
  }
  return Status::OK();
}

Status ReadMasterJmx(std::string_view body, const std::string& url, MasterJmx* out) {
  auto beans = Beans(body, url);
  if (!beans.ok()) return beans.status();
  for (const Json& bean : *beans) {
    if (!bean.is_object()) continue;
    const std::string name = Text(bean, "name");
    if (name.find("name=Master") == std::string::npos) continue;
    if (name.find("sub=Server") != std::string::npos) {
      out->active = Text(bean, "tag.isActiveMaster") == "true";
      out->live_servers = SplitList(Text(bean, "tag.liveRegionServers"), ';');
      out->dead_servers = SplitList(Text(bean, "tag.deadRegionServers"), ';');
      SetReal(bean, "averageLoad", &out->average_load);
    } else if (name.find("sub=AssignmentManager") != std::string::npos) {
      Set(bean, "ritCount", &out->regions_in_transition);
    }
  }
  return Status::OK();
}

Result<std::vector<LiveServerInfo>> ReadLiveServers(std::string_view body, const std::string& url) {
  Json doc;
  try {
    doc = Json::parse(body.begin(), body.end());
  } catch (const Json::exception& e) {
    return Status::InvalidArgument(url + ": the answer is not JSON: " + e.what());
  }
  auto data = doc.is_object() ? doc.find("data") : doc.end();
  if (!doc.is_object() || data == doc.end() || !data->is_array()) {
    return Status::InvalidArgument(url + ": the answer holds no \"data\" list of servers");
  }
  std::vector<LiveServerInfo> out;
  for (const Json& s : *data) {
    if (!s.is_object()) continue;
    LiveServerInfo info;
    auto name = s.find("server_name");
    if (name != s.end() && name->is_object()) info.server_name = Text(*name, "server_name");
    if (name != s.end() && name->is_string()) info.server_name = name->get<std::string>();
    auto port = s.find("info_server_port");
    if (port != s.end() && port->is_number_integer()) info.info_port = port->get<int>();
    if (!info.server_name.empty()) out.push_back(std::move(info));
  }
  return out;
}

}  // namespace regionlab::remote
