#include "remote/remote_connection.h"

#include <algorithm>

#include "remote/schema_mapping.h"
#include "rest/schema_model.h"

namespace regionlab::remote {

namespace {

const char kHBaseShell[] = "run it in the HBase shell on the cluster (hbase shell)";

}  // namespace

Status NotOverRest(const std::string& what, const std::string& instead) {
  return Status::NotSupported("not available over the REST gateway: " + what + "; " + instead);
}

Result<std::unique_ptr<RemoteConnection>> RemoteConnection::Open(const RemoteOptions& options) {
  auto reader = ClusterReader::Create(options);
  if (!reader.ok()) return reader.status();
  return std::unique_ptr<RemoteConnection>(new RemoteConnection(std::move(*reader)));
}

RemoteConnection::RemoteConnection(std::unique_ptr<ClusterReader> reader)
    : reader_(std::move(reader)) {}

RemoteConnection::~RemoteConnection() = default;

ConnectionInfo RemoteConnection::Info() const {
  const std::string url = reader_->options().gateway_url;
  return ConnectionInfo{"the HBase cluster behind the REST gateway at " + url,
                        "HBase through the REST gateway at " + url,
                        "not reported by the REST gateway", false};
}

Status RemoteConnection::CheckWritable(const std::string& what) const {
  if (!reader_->options().read_only) return Status::OK();
  return Status::NotSupported("the connection to " + reader_->options().gateway_url +
                              " is read-only: " + what + " is refused (connect without read-only"
                              " to change the cluster)");
}

Result<std::vector<std::string>> RemoteConnection::ListNamespaces() {
  return rest().ListNamespaces();
}

Status RemoteConnection::CreateNamespace(const std::string& name,
                                         const std::map<std::string, std::string>& properties) {
  RL_RETURN_IF_ERROR(CheckWritable("create_namespace"));
  return rest().CreateNamespace(name, properties);
}

Status RemoteConnection::DropNamespace(const std::string& name) {
  RL_RETURN_IF_ERROR(CheckWritable("drop_namespace"));
  return rest().DeleteNamespace(name);
}

Result<std::vector<std::string>> RemoteConnection::ListTableNames() { return rest().ListTables(); }

Result<TableDescriptor> RemoteConnection::GetDescriptor(const std::string& table) {
  auto schema = rest().GetSchema(table);
  if (!schema.ok()) return schema.status();
  return DescriptorFromDocument(table, *schema);
}

Result<std::optional<RawSchema>> RemoteConnection::GetRawSchema(const std::string& table) {
  auto schema = rest().GetSchema(table);
  if (!schema.ok()) return schema.status();
  return std::optional<RawSchema>(RawSchemaOf(table, *schema));
}

Result<bool> RemoteConnection::TableExists(const std::string& table) {
  return rest().TableExists(table);
}

Status RemoteConnection::CreateTable(const TableDescriptor& desc,
                                     const std::vector<std::string>& split_keys) {
  RL_RETURN_IF_ERROR(CheckWritable("create"));
  if (!split_keys.empty()) {
    return NotOverRest("the gateway cannot pre-split a table (" +
                           std::to_string(split_keys.size() + 1) + " regions asked for)",
                       "run the same create statement in the HBase shell on the cluster, or"
                       " create the table here without SPLITS and split it there");
  }
  const std::string name = desc.FullName();
  auto exists = rest().TableExists(name);
  if (!exists.ok()) return exists.status();
  // PUT /T/schema replaces an existing table's schema: refuse as HBase's
  // create does.
  if (*exists) return Status::InvalidArgument("Table already exists: " + name);
  return rest().PutSchema(name, rest::SchemaFromDescriptor(desc));
}

Status RemoteConnection::ModifyTable(const TableDescriptor& desc) {
  RL_RETURN_IF_ERROR(CheckWritable("alter"));
  const std::string name = desc.FullName();
  auto current = rest().GetSchema(name);
  if (!current.ok()) return current.status();
  const TableDescriptor before = DescriptorFromDocument(name, *current);
  return rest().PutSchema(name, ApplyDescriptorChange(*current, before, desc));
}

Status RemoteConnection::EnableTable(const std::string& table) {
  return NotOverRest("enable", kHBaseShell);
}
Status RemoteConnection::DisableTable(const std::string& table) {
  return NotOverRest("disable", kHBaseShell);
}
Result<bool> RemoteConnection::IsTableEnabled(const std::string& table) {
  return NotOverRest("a table's enabled state is not reported",
                     "ask the HBase shell on the cluster (is_enabled '" + table + "')");
}
Status RemoteConnection::TruncateTable(const std::string& table, bool preserve_splits) {
  return NotOverRest(preserve_splits ? "truncate_preserve" : "truncate", kHBaseShell);
}

Status RemoteConnection::DeleteTable(const std::string& table) {
  RL_RETURN_IF_ERROR(CheckWritable("drop"));
  return rest().DeleteTable(table);
}

Result<std::vector<RegionInfo>> RemoteConnection::ListRegions(const std::string& table) {
  auto sample = reader_->PollTable(table);
  if (!sample.ok()) return sample.status();
  return std::move(sample->regions);
}

Result<RegionInfo> RemoteConnection::LocateRegion(const std::string& table, const std::string& row) {
  auto regions = ListRegions(table);
  if (!regions.ok()) return regions.status();
  for (RegionInfo& r : *regions) {
    if (r.start_key <= row && (r.end_key.empty() || row < r.end_key)) return std::move(r);
  }
  return Status::NotFound("no region of " + table + " holds the row (the gateway listed " +
                          std::to_string(regions->size()) + " regions)");
}

Result<std::vector<std::string>> RemoteConnection::GetSplits(const std::string& table) {
  auto info = rest().GetRegions(table);
  if (!info.ok()) return info.status();
  std::vector<std::string> starts;
  for (const auto& r : info->regions) {
    if (!r.start_key.empty()) starts.push_back(r.start_key);
  }
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());  // replicas
  return starts;
}

Status RemoteConnection::Flush(const std::string& what) {
  return NotOverRest("flush", kHBaseShell);
}
Status RemoteConnection::Compact(const std::string& what, bool major) {
  return NotOverRest(major ? "major_compact" : "compact", kHBaseShell);
}
Status RemoteConnection::Split(const std::string& what, const std::string& split_row) {
  return NotOverRest("split", kHBaseShell);
}
Status RemoteConnection::MergeRegions(const std::string& a, const std::string& b, bool force) {
  return NotOverRest("merge_region", kHBaseShell);
}
Status RemoteConnection::Move(const std::string& region, const std::string& server) {
  return NotOverRest("move", kHBaseShell);
}
Result<int> RemoteConnection::Balance() { return NotOverRest("balancer", kHBaseShell); }
// HBase's REST gateway has no snapshot resource.
Status RemoteConnection::Snapshot(const std::string&, const std::string&, bool, int64_t) {
  return NotOverRest("snapshot", kHBaseShell);
}
Result<std::vector<SnapshotInfo>> RemoteConnection::ListSnapshots() {
  return NotOverRest("list_snapshots", kHBaseShell);
}
Status RemoteConnection::CloneSnapshot(const std::string&, const std::string&) {
  return NotOverRest("clone_snapshot", kHBaseShell);
}
Status RemoteConnection::RestoreSnapshot(const std::string&) {
  return NotOverRest("restore_snapshot", kHBaseShell);
}
Status RemoteConnection::DeleteSnapshot(const std::string&) {
  return NotOverRest("delete_snapshot", kHBaseShell);
}

Result<std::vector<ServerMetrics>> RemoteConnection::ListServers() {
  auto sample = SampleNow();
  if (!sample.ok()) return sample.status();
  return std::move(sample->servers);
}

Status RemoteConnection::StopRegionServer(const std::string& server) {
  return NotOverRest("kill_regionserver is RegionLab's failover demonstration",
                     "stop a real region server on its host (hbase-daemon.sh stop regionserver)");
}
Status RemoteConnection::StartRegionServer(const std::string& server) {
  return NotOverRest("start_regionserver is RegionLab's failover demonstration",
                     "start a real region server on its host (hbase-daemon.sh start regionserver)");
}
Status RemoteConnection::RollWalWriter(const std::string& server) {
  return NotOverRest("wal_roll", kHBaseShell);
}

Result<ClusterSample> RemoteConnection::SampleNow() { return reader_->Poll(nullptr); }

Result<std::shared_ptr<TableClient>> RemoteConnection::GetTable(const std::string& name) {
  auto exists = rest().TableExists(name);
  if (!exists.ok()) return exists.status();
  if (!*exists) return Status::NotFound("Table " + name + " does not exist");
  return NewRemoteTable(this, name);
}

}  // namespace regionlab::remote
