// ClusterReader: one poll of a real HBase cluster, as the engine's
// ClusterSample (cluster_join.h): the tables (GET /), each table's regions
// (/T/regions) and schema (/T/schema, read again every few polls),
// /status/cluster, and each region server's /jmx (sub=Server, sub=WAL and
// the per-region figures of sub=Regions).
//
// Region servers' info URLs are given by hand, or found from the Master's
// info URL: its live servers come from its /jmx (tag.liveRegionServers) and
// their info ports from /api/v1/admin/cluster_metrics/live_servers (HBase
// 2.5+), else HBase's default port 16030 on each server's host. The region
// servers are read in parallel (at most kJmxThreads at once), so one dead
// server costs one timeout, not one per server.
//
// Only the table list and /status/cluster are required; a table whose
// regions cannot be read, a schema, the Master or a region server that does
// not answer become warnings in the PollReport and the poll goes on without
// them.
//
// Thread-safety: Poll() from one thread at a time; Cancel() from any thread
// (the poll in flight ends with Aborted).
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "regionlab/cluster.h"
#include "remote/cluster_join.h"
#include "remote/http_client.h"
#include "remote/rest_client.h"

namespace regionlab::remote {

struct RemoteOptions {
  std::string gateway_url;      // the REST gateway: http(s)://host:8080[/prefix]
  std::string master_info_url;  // the active Master's info server: http(s)://host:16010; "" none
  // Region servers' info servers, given by hand (http(s)://host:16030);
  // empty: found from the Master.
  std::vector<std::string> region_server_info_urls;
  HttpOptions http;
  // Mutations (put, delete, create, alter, drop, ...) are refused.
  bool read_only = false;
  // Schemas (for the split thresholds) are read again every this many
  // polls; a new table's at once.
  int schema_refresh_polls = 30;
};

struct PollReport {
  std::vector<std::string> warnings;  // what could not be read, by URL
  // Tables listed whose regions could not be read (absent from the sample;
  // RegionHistoryStore's RecordOptions::unread_tables, so they are not
  // taken for dropped).
  std::set<std::string> unread_tables;
  std::vector<std::string> region_server_info_urls;  // the ones read (found or given)
  uint64_t status_bytes = 0;  // size of /status/cluster's answer
  double read_seconds = 0;    // fetching everything
  double join_seconds = 0;    // parsing /status/cluster and joining
};

class ClusterReader {
 public:
  static constexpr size_t kJmxThreads = 8;

  static Result<std::unique_ptr<ClusterReader>> Create(const RemoteOptions& options);
  ~ClusterReader();

  RestClient& rest() { return *rest_; }
  const RemoteOptions& options() const { return options_; }

  // Reads the cluster and joins it with the previous poll's sample (rates).
  // `report` may be null.
  Result<ClusterSample> Poll(PollReport* report);
  // The same for one table only (its regions, and the servers' figures),
  // without touching the previous poll.
  Result<ClusterSample> PollTable(const std::string& table);

  // The last successful Poll()'s sample, if any.
  const std::optional<ClusterSample>& previous() const { return previous_; }
  // The descriptors read so far (lenient, see schema_mapping.h).
  std::map<std::string, TableDescriptor> descriptors() const;

  void Cancel();

 private:
  explicit ClusterReader(RemoteOptions options, std::unique_ptr<RestClient> rest);
  Result<ClusterReadings> Read(const std::vector<std::string>* only_tables, PollReport* report);
  // The info URLs to read: given, or found from the Master.
  std::vector<std::string> RegionServerUrls(PollReport* report);
  std::vector<RegionServerJmx> ReadJmx(const std::vector<std::string>& urls, PollReport* report);
  HttpClient* ClientFor(const std::string& url, std::string* error);

  RemoteOptions options_;
  std::unique_ptr<RestClient> rest_;
  std::mutex clients_mu_;  // the clients below (Cancel() walks them)
  std::map<std::string, std::unique_ptr<HttpClient>> clients_;  // info servers, by URL
  std::atomic<bool> cancelled_{false};
  mutable std::mutex descriptors_mu_;
  std::map<std::string, TableDescriptor> descriptors_;
  std::map<std::string, int> schema_age_;  // polls since each schema was read
  std::optional<ClusterSample> previous_;
};

}  // namespace regionlab::remote
