// RemoteConnection: an HBase cluster reached through its REST gateway (and
// its servers' /jmx) as a regionlab::Connection, so the shell and the
// desktop app drive it with the calls they use on the embedded cluster.
//
// What the gateway carries (docs/remote-clusters.md has the whole list):
//   tables      list, exists, describe (the schema as HBase reports it),
//               create without pre-split, alter (PUT /T/schema: the schema
//               as read with only the changed values rewritten), drop
//               (the gateway disables the table first)
//   namespaces  list, create, drop
//   regions     list_regions, get_splits, locate_region (/T/regions joined
//               with /status/cluster), status
//   rows        get, scan, count (stateful scanners), put, delete, deleteall,
//               incr, append
// Everything else (flush, compact, split, merge, move, balance, enable,
// disable, truncate, a pre-split create, RAW or reversed reads, deleting a
// single version) answers NotSupported "not available over the REST gateway:
// ..." naming what to do instead. With read_only set, every mutation is
// refused before any request is sent.
//
// Thread-safety: use from one thread at a time (Cancel() from any); open
// several connections to read in parallel.
#pragma once

#include <memory>
#include <string>

#include "regionlab/connection.h"
#include "remote/cluster_reader.h"

namespace regionlab::remote {

// NotSupported "not available over the REST gateway: <what>; <instead>".
Status NotOverRest(const std::string& what, const std::string& instead);

class RemoteConnection final : public Connection {
 public:
  static Result<std::unique_ptr<RemoteConnection>> Open(const RemoteOptions& options);
  ~RemoteConnection() override;

  ClusterReader& reader() { return *reader_; }
  RestClient& rest() { return reader_->rest(); }
  const RemoteOptions& options() const { return reader_->options(); }
  // Ends the request in flight and every later one with Aborted.
  void Cancel() { reader_->Cancel(); }

  ConnectionInfo Info() const override;

  Result<std::vector<std::string>> ListNamespaces() override;
  Status CreateNamespace(const std::string& name,
                         const std::map<std::string, std::string>& properties) override;
  Status DropNamespace(const std::string& name) override;

  Result<std::vector<std::string>> ListTableNames() override;
  Result<TableDescriptor> GetDescriptor(const std::string& table) override;
  Result<std::optional<RawSchema>> GetRawSchema(const std::string& table) override;
  Result<bool> TableExists(const std::string& table) override;
  Status CreateTable(const TableDescriptor& desc, const std::vector<std::string>& split_keys) override;
  Status ModifyTable(const TableDescriptor& desc) override;
  Status EnableTable(const std::string& table) override;
  Status DisableTable(const std::string& table) override;
  Result<bool> IsTableEnabled(const std::string& table) override;
  Status TruncateTable(const std::string& table, bool preserve_splits) override;
  Status DeleteTable(const std::string& table) override;

  Result<std::vector<RegionInfo>> ListRegions(const std::string& table) override;
  Result<RegionInfo> LocateRegion(const std::string& table, const std::string& row) override;
  Result<std::vector<std::string>> GetSplits(const std::string& table) override;
  Status Flush(const std::string& table_or_region) override;
  Status Compact(const std::string& table_or_region, bool major) override;
  Status Split(const std::string& table_or_region, const std::string& split_row) override;
  Status MergeRegions(const std::string& a, const std::string& b, bool force) override;
  Status Move(const std::string& region, const std::string& server) override;
  Result<int> Balance() override;
  Status Snapshot(const std::string& table, const std::string& name, bool skip_flush,
                  int64_t ttl_seconds) override;
  Result<std::vector<SnapshotInfo>> ListSnapshots() override;
  Status CloneSnapshot(const std::string& snapshot, const std::string& table) override;
  Status RestoreSnapshot(const std::string& snapshot) override;
  Status DeleteSnapshot(const std::string& snapshot) override;

  Result<std::vector<ServerMetrics>> ListServers() override;
  Status StopRegionServer(const std::string& server) override;
  Status StartRegionServer(const std::string& server) override;
  Status RollWalWriter(const std::string& server) override;
  Result<ClusterSample> SampleNow() override;
  Status WaitForBackgroundWork() override { return Status::OK(); }

  Result<std::shared_ptr<TableClient>> GetTable(const std::string& name) override;

  // NotSupported naming the read-only connection when it is one.
  Status CheckWritable(const std::string& what) const;

 private:
  explicit RemoteConnection(std::unique_ptr<ClusterReader> reader);

  std::unique_ptr<ClusterReader> reader_;
};

// The table client of a RemoteConnection (remote_table.cc).
std::shared_ptr<TableClient> NewRemoteTable(RemoteConnection* connection, std::string name);

}  // namespace regionlab::remote
