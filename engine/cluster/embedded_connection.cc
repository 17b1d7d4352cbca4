// The embedded cluster behind the Connection interface: every call is the
// Admin or Table call of the same name.
#include "regionlab/connection.h"

namespace regionlab {

namespace {

class EmbeddedTable final : public TableClient {
 public:
  explicit EmbeddedTable(std::shared_ptr<Table> table) : table_(std::move(table)) {}
  const std::string& name() const override { return table_->name(); }
  Status Put(const RowMutation& m) override { return table_->Put(m); }
  Status Delete(const RowMutation& m) override { return table_->Delete(m); }
  Result<RowResult> Get(const struct Get& get) override { return table_->Get(get); }
  Result<std::unique_ptr<ResultScanner>> GetScanner(const Scan& scan) override {
    return table_->GetScanner(scan);
  }
  Result<int64_t> Increment(const std::string& row, const std::string& family,
                            const std::string& qualifier, int64_t amount) override {
    return table_->Increment(row, family, qualifier, amount);
  }
  Result<std::string> Append(const std::string& row, const std::string& family,
                             const std::string& qualifier, const std::string& suffix) override {
    return table_->Append(row, family, qualifier, suffix);
  }

 private:
  std::shared_ptr<Table> table_;
};

class EmbeddedConnection final : public Connection {
 public:
  explicit EmbeddedConnection(Cluster* cluster) : cluster_(cluster), admin_(cluster->admin()) {}

  ConnectionInfo Info() const override {
    return ConnectionInfo{"RegionLab's embedded cluster", "RegionLab embedded engine",
                          "regionlab (embedded)", true};
  }

  Result<std::vector<std::string>> ListNamespaces() override { return admin_.ListNamespaces(); }
  Status CreateNamespace(const std::string& name,
                         const std::map<std::string, std::string>& properties) override {
    return admin_.CreateNamespace(name, properties);
  }
  Status DropNamespace(const std::string& name) override { return admin_.DropNamespace(name); }

  Result<std::vector<std::string>> ListTableNames() override {
    auto tables = admin_.ListTables();
    if (!tables.ok()) return tables.status();
    std::vector<std::string> names;
    for (const TableDescriptor& t : *tables) names.push_back(t.FullName());
    return names;
  }
  Result<TableDescriptor> GetDescriptor(const std::string& table) override {
    return admin_.GetDescriptor(table);
  }
  Result<std::optional<RawSchema>> GetRawSchema(const std::string&) override {
    return std::optional<RawSchema>();
  }
  Result<bool> TableExists(const std::string& table) override { return admin_.TableExists(table); }
  Status CreateTable(const TableDescriptor& desc, const std::vector<std::string>& split_keys) override {
    return admin_.CreateTable(desc, split_keys);
  }
  Status ModifyTable(const TableDescriptor& desc) override { return admin_.ModifyTable(desc); }
  Status EnableTable(const std::string& table) override { return admin_.EnableTable(table); }
  Status DisableTable(const std::string& table) override { return admin_.DisableTable(table); }
  Result<bool> IsTableEnabled(const std::string& table) override {
    return admin_.IsTableEnabled(table);
  }
  Status TruncateTable(const std::string& table, bool preserve_splits) override {
    return admin_.TruncateTable(table, preserve_splits);
  }
  Status DeleteTable(const std::string& table) override { return admin_.DeleteTable(table); }

  Result<std::vector<RegionInfo>> ListRegions(const std::string& table) override {
    return admin_.ListRegions(table);
  }
  Result<RegionInfo> LocateRegion(const std::string& table, const std::string& row) override {
    return admin_.LocateRegion(table, row);
  }
  Result<std::vector<std::string>> GetSplits(const std::string& table) override {
    return admin_.GetSplits(table);
  }
  Status Flush(const std::string& what) override { return admin_.Flush(what); }
  Status Compact(const std::string& what, bool major) override { return admin_.Compact(what, major); }
  Status Split(const std::string& what, const std::string& split_row) override {
    return admin_.Split(what, split_row);
  }
  Status MergeRegions(const std::string& a, const std::string& b, bool force) override {
    return admin_.MergeRegions(a, b, force);
  }
  Status Move(const std::string& region, const std::string& server) override {
    return admin_.Move(region, server);
  }
  Result<int> Balance() override { return admin_.Balance(); }

  Status Snapshot(const std::string& table, const std::string& name, bool skip_flush,
                  int64_t ttl_seconds) override {
    return admin_.Snapshot(table, name, skip_flush, ttl_seconds);
  }
  Result<std::vector<SnapshotInfo>> ListSnapshots() override { return admin_.ListSnapshots(); }
  Status CloneSnapshot(const std::string& snapshot, const std::string& table) override {
    return admin_.CloneSnapshot(snapshot, table);
  }
  Status RestoreSnapshot(const std::string& snapshot) override { return admin_.RestoreSnapshot(snapshot); }
  Status DeleteSnapshot(const std::string& snapshot) override { return admin_.DeleteSnapshot(snapshot); }

  Result<std::vector<ServerMetrics>> ListServers() override { return admin_.ListServers(); }
  Status StopRegionServer(const std::string& server) override {
    return admin_.StopRegionServer(server);
  }
  Status StartRegionServer(const std::string& server) override {
    return admin_.StartRegionServer(server);
  }
  Status RollWalWriter(const std::string& server) override { return admin_.RollWalWriter(server); }
  Result<ClusterSample> SampleNow() override { return cluster_->SampleNow(); }
  Status WaitForBackgroundWork() override { return cluster_->WaitForBackgroundWork(); }

  Result<std::shared_ptr<TableClient>> GetTable(const std::string& name) override {
    auto t = cluster_->GetTable(name);
    if (!t.ok()) return t.status();
    return std::shared_ptr<TableClient>(std::make_shared<EmbeddedTable>(std::move(*t)));
  }

 private:
  Cluster* cluster_;
  Admin& admin_;
};

}  // namespace

std::unique_ptr<Connection> NewEmbeddedConnection(Cluster* cluster) {
  return std::make_unique<EmbeddedConnection>(cluster);
}

}  // namespace regionlab
