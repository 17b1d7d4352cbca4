// Connection: what a client asks of a cluster, whichever cluster it is:
// RegionLab's embedded one (NewEmbeddedConnection below) or an HBase cluster
// reached through its REST gateway (engine/remote/remote_connection.h). The
// shell runs its statements through a Connection, so one set of commands,
// with one output format, serves both.
//
// The calls are those of HBase's Admin and Table, with the engine's types.
// An operation a connection cannot carry answers NotSupported with a message
// that says so and what to do instead ("not available over the REST
// gateway: ..."); nothing is attempted then.
//
// Thread-safety: as the implementation says. The embedded connection is as
// thread-safe as Cluster; a remote one sends one request at a time.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab {

// One table's rows (HBase's Table).
class TableClient {
 public:
  virtual ~TableClient() = default;
  virtual const std::string& name() const = 0;
  virtual Status Put(const RowMutation& m) = 0;
  virtual Status Delete(const RowMutation& m) = 0;
  virtual Result<RowResult> Get(const struct Get& get) = 0;
  virtual Result<std::unique_ptr<ResultScanner>> GetScanner(const Scan& scan) = 0;
  virtual Result<int64_t> Increment(const std::string& row, const std::string& family,
                                    const std::string& qualifier, int64_t amount) = 0;
  virtual Result<std::string> Append(const std::string& row, const std::string& family,
                                     const std::string& qualifier, const std::string& suffix) = 0;
};

// How a connection names what it reaches, for the shell's help, version and
// status texts. No I/O.
struct ConnectionInfo {
  std::string target;  // "RegionLab's embedded cluster"
  std::string engine;  // "RegionLab embedded engine"
  std::string master;  // "regionlab (embedded)"
  // Whether a table's ENABLED/DISABLED state is known (HBase's REST gateway
  // does not report it).
  bool knows_table_state = true;
};

// A table's schema exactly as the cluster reports it, for a cluster whose
// settings RegionLab's TableDescriptor cannot all hold (an HBase table with
// COMPRESSION 'LZ4' or DATA_BLOCK_ENCODING 'FAST_DIFF'): names and values as
// strings, in the cluster's order.
struct RawSchema {
  using Attributes = std::vector<std::pair<std::string, std::string>>;
  std::string table;
  Attributes attributes;
  std::vector<std::pair<std::string, Attributes>> families;  // name, attributes
};

class Connection {
 public:
  virtual ~Connection() = default;

  virtual ConnectionInfo Info() const = 0;

  // Namespaces.
  virtual Result<std::vector<std::string>> ListNamespaces() = 0;
  virtual Status CreateNamespace(const std::string& name,
                                 const std::map<std::string, std::string>& properties) = 0;
  virtual Status DropNamespace(const std::string& name) = 0;

  // Tables. ListTableNames gives the full names ("ns:t", "t") without
  // reading each schema.
  virtual Result<std::vector<std::string>> ListTableNames() = 0;
  virtual Result<TableDescriptor> GetDescriptor(const std::string& table) = 0;
  // The schema as the cluster spells it, when that says more than
  // GetDescriptor (nullopt: GetDescriptor says everything).
  virtual Result<std::optional<RawSchema>> GetRawSchema(const std::string& table) = 0;
  virtual Result<bool> TableExists(const std::string& table) = 0;
  virtual Status CreateTable(const TableDescriptor& desc,
                             const std::vector<std::string>& split_keys) = 0;
  virtual Status ModifyTable(const TableDescriptor& desc) = 0;
  virtual Status EnableTable(const std::string& table) = 0;
  virtual Status DisableTable(const std::string& table) = 0;
  virtual Result<bool> IsTableEnabled(const std::string& table) = 0;
  virtual Status TruncateTable(const std::string& table, bool preserve_splits) = 0;
  virtual Status DeleteTable(const std::string& table) = 0;

  // Regions.
  virtual Result<std::vector<RegionInfo>> ListRegions(const std::string& table) = 0;
  virtual Result<RegionInfo> LocateRegion(const std::string& table, const std::string& row) = 0;
  virtual Result<std::vector<std::string>> GetSplits(const std::string& table) = 0;
  virtual Status Flush(const std::string& table_or_region) = 0;
  virtual Status Compact(const std::string& table_or_region, bool major) = 0;
  virtual Status Split(const std::string& table_or_region, const std::string& split_row) = 0;
  virtual Status MergeRegions(const std::string& region_a, const std::string& region_b,
                              bool force) = 0;
  virtual Status Move(const std::string& region, const std::string& server) = 0;
  virtual Result<int> Balance() = 0;

  // Snapshots (Admin's; see cluster.h).
  virtual Status Snapshot(const std::string& table, const std::string& name, bool skip_flush,
                          int64_t ttl_seconds) = 0;
  virtual Result<std::vector<SnapshotInfo>> ListSnapshots() = 0;
  virtual Status CloneSnapshot(const std::string& snapshot, const std::string& table) = 0;
  virtual Status RestoreSnapshot(const std::string& snapshot) = 0;
  virtual Status DeleteSnapshot(const std::string& snapshot) = 0;

  // Region servers.
  virtual Result<std::vector<ServerMetrics>> ListServers() = 0;
  virtual Status StopRegionServer(const std::string& server) = 0;
  virtual Status StartRegionServer(const std::string& server) = 0;
  virtual Status RollWalWriter(const std::string& server) = 0;
  // Every server and region with its figures, now.
  virtual Result<ClusterSample> SampleNow() = 0;
  // Blocks until the flushes, compactions and splits under way have ended
  // (a remote cluster's are its own business: returns at once).
  virtual Status WaitForBackgroundWork() = 0;

  // A handle to an existing table; NotFound "Table t does not exist" otherwise.
  virtual Result<std::shared_ptr<TableClient>> GetTable(const std::string& name) = 0;
};

// The embedded cluster as a Connection. `cluster` is not owned and must
// outlive the connection.
std::unique_ptr<Connection> NewEmbeddedConnection(Cluster* cluster);

}  // namespace regionlab
