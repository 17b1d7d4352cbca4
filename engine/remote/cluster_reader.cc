#include "remote/cluster_reader.h"

#include <chrono>
#include <thread>

#include "remote/jmx_reader.h"
#include "remote/schema_mapping.h"
#include "rest/url_codec.h"

namespace regionlab::remote {

namespace {

constexpr int kDefaultInfoPort = 16030;  // hbase.regionserver.info.port

// The figures of sub=Regions the join reads, as one `get` of regular
// expressions (the servlet's regex mode needs a '*').
const char kRegionMetricsQuery[] =
    "/jmx?get=Hadoop%3Aservice%3DHBase%2Cname%3DRegionServer%2Csub%3DRegions%3A%3A"
    ".*_metric_(storeCount%7CstoreFileCount%7CstoreFileSize%7CmemStoreSize%7C"
    "readRequestCount%7CwriteRequestCount)%24";
const char kServerQuery[] = "/jmx?qry=Hadoop%3Aservice%3DHBase%2Cname%3DRegionServer%2Csub%3DServer";
const char kWalQuery[] = "/jmx?qry=Hadoop%3Aservice%3DHBase%2Cname%3DRegionServer%2Csub%3DWAL";
const char kMasterQuery[] = "/jmx?qry=Hadoop%3Aservice%3DHBase%2Cname%3DMaster%2C*";
const char kLiveServers[] = "/api/v1/admin/cluster_metrics/live_servers";

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

double Since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

Result<std::unique_ptr<ClusterReader>> ClusterReader::Create(const RemoteOptions& options) {
  auto rest = RestClient::Create(options.gateway_url, options.http);
  if (!rest.ok()) return rest.status();
  for (const std::string& url : options.region_server_info_urls) {
    auto parsed = ParseBaseUrl(url);
    if (!parsed.ok()) return parsed.status();
  }
  if (!options.master_info_url.empty()) {
    auto parsed = ParseBaseUrl(options.master_info_url);
    if (!parsed.ok()) return parsed.status();
  }
  return std::unique_ptr<ClusterReader>(new ClusterReader(options, std::move(*rest)));
}

ClusterReader::ClusterReader(RemoteOptions options, std::unique_ptr<RestClient> rest)
    : options_(std::move(options)), rest_(std::move(rest)) {}

ClusterReader::~ClusterReader() = default;

void ClusterReader::Cancel() {
  cancelled_ = true;
  rest_->http().Cancel();
  std::lock_guard<std::mutex> lock(clients_mu_);
  for (auto& [url, client] : clients_) client->Cancel();
}

std::map<std::string, TableDescriptor> ClusterReader::descriptors() const {
  std::lock_guard<std::mutex> lock(descriptors_mu_);
  return descriptors_;
}

HttpClient* ClusterReader::ClientFor(const std::string& url, std::string* error) {
  std::lock_guard<std::mutex> lock(clients_mu_);
  auto it = clients_.find(url);
  if (it != clients_.end()) return it->second.get();
  auto client = HttpClient::Create(url, options_.http);
  if (!client.ok()) {
    *error = client.status().message();
    return nullptr;
  }
  if (cancelled_) (*client)->Cancel();
  return (clients_[url] = std::move(*client)).get();
}

std::vector<std::string> ClusterReader::RegionServerUrls(PollReport* report) {
  if (!options_.region_server_info_urls.empty()) return options_.region_server_info_urls;
  if (options_.master_info_url.empty()) return {};
  std::string error;
  HttpClient* master = ClientFor(options_.master_info_url, &error);
  if (master == nullptr) {
    report->warnings.push_back(error);
    return {};
  }
  auto jmx = master->Get(kMasterQuery, "application/json");
  MasterJmx m;
  Status s = jmx.ok() ? (jmx->status == 200 ? ReadMasterJmx(jmx->body, master->UrlOf(kMasterQuery), &m)
                                            : HttpStatusError("GET", master->UrlOf(kMasterQuery), *jmx))
                      : jmx.status();
  if (!s.ok()) {
    report->warnings.push_back("the Master's region servers are unknown: " + s.message());
    return {};
  }
  if (!m.active) {
    report->warnings.push_back(master->UrlOf("") + " is not the active Master (tag.isActiveMaster"
                               " is not \"true\"); its list of region servers may be empty");
  }
  // Info ports from the Master's REST API (HBase 2.5+); the default port otherwise.
  std::map<std::string, int> ports;
  auto live = master->Get(kLiveServers, "application/json");
  if (live.ok() && live->status == 200) {
    auto servers = ReadLiveServers(live->body, master->UrlOf(kLiveServers));
    if (servers.ok()) {
      for (const LiveServerInfo& info : *servers) ports[ServerAddress(info.server_name)] = info.info_port;
    }
  }
  std::vector<std::string> urls;
  const std::string scheme = master->base().scheme;
  for (const std::string& server : m.live_servers) {
    auto p = ports.find(ServerAddress(server));
    int port = p == ports.end() ? kDefaultInfoPort : p->second;
    if (port <= 0) {
      report->warnings.push_back("region server " + ServerAddress(server) +
                                 " has its info server disabled (info port -1): no /jmx figures");
      continue;
    }
    urls.push_back(scheme + "://" + ServerHost(server) + ":" + std::to_string(port));
  }
  return urls;
}

std::vector<RegionServerJmx> ClusterReader::ReadJmx(const std::vector<std::string>& urls,
                                                    PollReport* report) {
  std::vector<RegionServerJmx> out(urls.size());
  std::vector<std::string> warnings(urls.size());
  std::vector<bool> ok(urls.size(), false);
  auto read_one = [&](size_t i) {
    std::string error;
    HttpClient* c = ClientFor(urls[i], &error);
    if (c == nullptr) {
      warnings[i] = error;
      return;
    }
    for (const char* query : {kServerQuery, kWalQuery, kRegionMetricsQuery}) {
      auto r = c->Get(query, "application/json");
      Status s = r.ok() ? (r->status == 200 ? ReadRegionServerJmx(r->body, c->UrlOf(query), &out[i])
                                            : HttpStatusError("GET", c->UrlOf(query), *r))
                        : r.status();
      if (!s.ok()) {
        warnings[i] = s.message();
        return;
      }
    }
    ok[i] = true;
  };
  for (size_t start = 0; start < urls.size(); start += kJmxThreads) {
    std::vector<std::thread> threads;
    for (size_t i = start; i < urls.size() && i < start + kJmxThreads; ++i) {
      threads.emplace_back(read_one, i);
    }
    for (std::thread& t : threads) t.join();
  }
  std::vector<RegionServerJmx> read;
  for (size_t i = 0; i < urls.size(); ++i) {
    if (ok[i]) {
      read.push_back(std::move(out[i]));
      report->region_server_info_urls.push_back(urls[i]);
    } else {
      report->warnings.push_back(warnings[i]);
    }
  }
  return read;
}

Result<ClusterReadings> ClusterReader::Read(const std::vector<std::string>* only_tables,
                                            PollReport* report) {
  ClusterReadings r;
  std::vector<std::string> tables;
  if (only_tables != nullptr) {
    tables = *only_tables;
  } else {
    auto listed = rest_->ListTables();
    if (!listed.ok()) return listed.status();
    tables = std::move(*listed);
  }
  uint64_t bytes = 0;
  auto status = rest_->ClusterStatus(&bytes);
  if (!status.ok()) return status.status();
  r.status = std::move(*status);
  report->status_bytes = bytes;
  for (const std::string& table : tables) {
    auto regions = rest_->GetRegions(table);
    if (!regions.ok()) {
      if (only_tables != nullptr || cancelled_) return regions.status();
      report->warnings.push_back(regions.status().message());
      report->unread_tables.insert(table);
      continue;
    }
    regions->name = table;  // the name as the table list gives it, for the join
    r.tables.push_back(std::move(*regions));
    int& age = schema_age_[table];
    bool have;
    {
      std::lock_guard<std::mutex> lock(descriptors_mu_);
      have = descriptors_.count(table) > 0;
    }
    if (!have || ++age >= options_.schema_refresh_polls) {
      age = 0;
      auto schema = rest_->GetSchema(table);
      if (schema.ok()) {
        std::lock_guard<std::mutex> lock(descriptors_mu_);
        descriptors_[table] = DescriptorFromDocument(table, *schema);
      } else {
        report->warnings.push_back(schema.status().message());
      }
    }
  }
  {
    std::lock_guard<std::mutex> lock(descriptors_mu_);
    for (const auto& t : r.tables) {
      auto d = descriptors_.find(t.name);
      if (d != descriptors_.end()) r.descriptors[t.name] = d->second;
    }
  }
  if (cancelled_) return Status::Aborted("the poll of " + rest_->url() + " was cancelled");
  r.jmx = ReadJmx(RegionServerUrls(report), report);
  // A JMX answer that names no server (RegionLab's gateway answers for its
  // whole embedded cluster) is that server's when the cluster has one.
  if (r.status.live_nodes.size() == 1) {
    for (RegionServerJmx& j : r.jmx) {
      if (j.server.empty()) j.server = r.status.live_nodes[0].name;
    }
  }
  r.time_ms = NowMs();
  return r;
}

Result<ClusterSample> ClusterReader::Poll(PollReport* report) {
  PollReport scratch;
  if (report == nullptr) report = &scratch;
  const auto start = std::chrono::steady_clock::now();
  auto readings = Read(nullptr, report);
  if (!readings.ok()) return readings.status();
  report->read_seconds = Since(start);
  const auto join_start = std::chrono::steady_clock::now();
  ClusterSample sample = JoinReadings(*readings, previous_ ? &*previous_ : nullptr);
  report->join_seconds = Since(join_start);
  previous_ = sample;
  return sample;
}

Result<ClusterSample> ClusterReader::PollTable(const std::string& table) {
  PollReport report;
  const std::vector<std::string> only = {table};
  auto readings = Read(&only, &report);
  if (!readings.ok()) return readings.status();
  return JoinReadings(*readings, nullptr);
}

}  // namespace regionlab::remote
