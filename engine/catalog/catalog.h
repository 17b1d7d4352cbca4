// Catalog: RegionLab's counterpart of hbase:meta, kept in one SQLite file.
//
// It stores namespaces, table descriptors with their column families, the
// regions of every table (keys, state, hosting server, parents), the split
// and merge history, region moves and server events, sampled metrics, a
// journal of multi-step operations that were started but not finished, and
// the rowkey schemes saved from the scheme builder. The
// schema is described in FORMAT-catalog.md.
//
// Durability: WAL journal mode with synchronous=FULL, so a call that returned
// OK survives kill -9 and power loss. Every call that changes several rows
// does so in one transaction; Apply() lets the cluster change regions, add
// history and events and close an operation-journal entry atomically.
//
// Errors: Status values whose message starts "catalog <path>: <operation>: ".
// HBase conditions carry HBase's exception name and message, e.g.
// "TableExistsException: ns:t" (InvalidArgument), "TableNotFoundException: t"
// (NotFound), "ConstraintException: Only empty namespaces can be removed. ...".
// A damaged or foreign file is a Corruption or InvalidArgument, never a crash.
//
// Thread-safety: every method may be called from any thread; calls are
// serialised on one connection. Several processes may open the same file
// (SQLite's locking), though RegionLab uses one catalog per process.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog_types.h"
#include "regionlab/status.h"
#include "regionlab/table_descriptor.h"

namespace regionlab {

class Env;
class SqliteDb;

struct CatalogOptions {
  // Used to check the file header before SQLite reads it. nullptr: Env::Default().
  // SQLite does the rest of the file IO itself. Not owned.
  Env* env = nullptr;
  // Run PRAGMA quick_check when opening (time grows with the file size).
  bool quick_check_on_open = true;
};

class Catalog {
 public:
  // Opens the catalog at `path`, creating it when missing and migrating an
  // older schema. Refuses a file that is not an SQLite database or not a
  // RegionLab catalog, and one written by a newer RegionLab.
  static Result<std::unique_ptr<Catalog>> Open(const std::string& path,
                                               const CatalogOptions& options = CatalogOptions());
  ~Catalog();
  Catalog(const Catalog&) = delete;
  Catalog& operator=(const Catalog&) = delete;

  const std::string& path() const { return path_; }
  int SchemaVersion() const;
  // The schema version the file had when opened: 0 for a new catalog.
  int OpenedFromVersion() const { return opened_from_version_; }
  // Full PRAGMA integrity_check and foreign_key_check; Corruption on any finding.
  Status CheckIntegrity();

  // ---- Namespaces. `default` and `hbase` exist from the start and cannot be dropped.
  Status CreateNamespace(const std::string& name, const std::map<std::string, std::string>& props);
  // Replaces the namespace's properties.
  Status UpdateNamespace(const std::string& name, const std::map<std::string, std::string>& props);
  // Refused while the namespace has tables, with HBase's ConstraintException message.
  Status DropNamespace(const std::string& name);
  Result<std::vector<std::string>> ListNamespaces();  // sorted
  Result<std::map<std::string, std::string>> GetNamespace(const std::string& name);

  // ---- Tables. Names are full names ("ns:name" or "name"), validated as HBase does.
  // Stores the descriptor (created_ms = now_ms) and its initial regions in one
  // transaction, plus a "pre-split" history record when there is more than
  // one region. REQUIRES: `regions` sorted, covering the key space from ""
  // to "" without gaps or overlaps; a region's `table` is empty or the
  // table's name.
  Status CreateTable(const TableDescriptor& t, const std::vector<RegionRecord>& regions,
                     int64_t now_ms);
  // Alter: replaces the attributes and the families. The table's state
  // (`enabled`) and created_ms are left as they are; see SetTableEnabled.
  Status UpdateTable(const TableDescriptor& t);
  Status SetTableEnabled(const std::string& full_name, bool enabled);
  // Removes the table, its families and its regions; history and events stay.
  Status DropTable(const std::string& full_name);
  Result<TableDescriptor> GetTable(const std::string& full_name);
  Result<std::vector<TableDescriptor>> ListTables();  // by namespace, then name

  // ---- Regions, ordered by start key (then region id).
  // A table's regions; split parents only when include_offline is true.
  Result<std::vector<RegionRecord>> ListRegions(const std::string& full_name,
                                                bool include_offline = false);
  // Every region of every table, split parents included, by table then start key.
  Result<std::vector<RegionRecord>> ListAllRegions();
  Result<RegionRecord> GetRegion(const std::string& encoded_name);
  // Replaces the row of an existing region (NotFound otherwise).
  Status UpdateRegion(const RegionRecord& r);
  // Applies every step of `batch` in one transaction, or none of them.
  Status Apply(const CatalogBatch& batch);

  // ---- Split/merge history, oldest first.
  Status AddHistory(const HistoryRecord& h);
  Result<std::vector<HistoryRecord>> ListHistory(const std::string& table /* empty = all */);

  // ---- Server events: those at or after since_ms, oldest first, at most
  // `limit` (0 = no limit).
  Status AddServerEvent(const ServerEventRecord& e);
  Result<std::vector<ServerEventRecord>> ListServerEvents(int64_t since_ms, size_t limit);

  // ---- Sampled metrics.
  // All samples in one transaction. scope is "server" or "region"; a NaN
  // value is refused (InvalidArgument).
  Status AppendMetrics(const std::vector<MetricSample>& samples);
  // One series' samples with from_ms <= time_ms <= to_ms, oldest first.
  Result<std::vector<MetricSample>> QueryMetrics(const std::string& scope,
                                                 const std::string& subject,
                                                 const std::string& metric, int64_t from_ms,
                                                 int64_t to_ms);
  // Every series' samples with from_ms <= time_ms <= to_ms, oldest first
  // (what a chart window shows after a restart).
  Result<std::vector<MetricSample>> QueryMetricsBetween(int64_t from_ms, int64_t to_ms);
  // Retention by age: removes samples with time_ms < older_than_ms.
  Status TrimMetrics(int64_t older_than_ms);
  // Retention by count: keeps the newest `keep` samples of each
  // (scope, subject, metric) series.
  Status TrimMetricsPerSeries(size_t keep);

  // ---- Rowkey schemes, by name. The document is stored as given.
  // Inserts the scheme or replaces its document (revision + 1).
  Status SaveScheme(const std::string& name, const std::string& document, int64_t now_ms);
  Result<SchemeRecord> GetScheme(const std::string& name);  // NotFound when absent
  Result<std::vector<SchemeRecord>> ListSchemes();          // by name
  Status DeleteScheme(const std::string& name);             // NotFound when absent

  // ---- Snapshots (since v7), by name. Errors carry HBase's exceptions:
  // "SnapshotExistsException: Snapshot 's' already stored on the filesystem."
  // (InvalidArgument), "SnapshotDoesNotExistException: Snapshot 's' doesn't
  // exist on the filesystem" (NotFound).
  Status AddSnapshot(const SnapshotRecord& s);
  Result<SnapshotRecord> GetSnapshot(const std::string& name);
  Result<std::vector<SnapshotRecord>> ListSnapshots();  // by creation time, then name
  Status DeleteSnapshot(const std::string& name);
  // restore_snapshot's commit: in one transaction, the table gets `desc`
  // (its state and created_ms kept), every region row of the table (split
  // parents included) is replaced by `regions`, and operation `op_id` is
  // finished.
  Status RestoreTable(const TableDescriptor& desc, const std::vector<RegionRecord>& regions,
                      int64_t op_id);

  // ---- Operations journal. An operation is begun before its first step,
  // updated as it advances, and finished (its row removed) when done —
  // usually by the same Apply() that makes its last change. After a crash,
  // ListUnfinishedOperations says what to complete or roll back.
  Result<int64_t> BeginOperation(const std::string& kind, const std::string& payload,
                                 int64_t now_ms, const std::string& state = "started");
  Status UpdateOperation(int64_t id, const std::string& state, const std::string& payload);
  Status FinishOperation(int64_t id);
  Result<std::vector<OperationRecord>> ListUnfinishedOperations();  // oldest first

 private:
  enum class RegionSelect { kOne, kTable, kAll };

  Catalog(std::unique_ptr<SqliteDb> db, std::string path, int opened_from_version);

  // Helpers below REQUIRE mutex_ held; those that write also an open transaction.
  Result<int64_t> TableIdLocked(std::string_view op, std::string_view full_name);
  Result<TableDescriptor> ReadTableLocked(std::string_view op, int64_t table_id);
  Status ValidateDescriptor(std::string_view op, const TableDescriptor& t);
  Status WriteTableBodyLocked(std::string_view op, int64_t table_id, const TableDescriptor& t);
  // Alter's change: the table's attributes and its body (families, properties).
  Status UpdateTableLocked(std::string_view op, int64_t table_id, const TableDescriptor& t);
  Result<std::vector<RegionRecord>> ReadRegionsLocked(std::string_view op, RegionSelect which,
                                                      int64_t table_id,
                                                      const std::string& encoded_name,
                                                      bool include_offline);
  Status PutRegionLocked(std::string_view op, const RegionRecord& r);
  Status DeleteRegionLocked(std::string_view op, const std::string& encoded_name);
  Status AddHistoryLocked(std::string_view op, const HistoryRecord& h);
  Status AddServerEventLocked(std::string_view op, const ServerEventRecord& e);
  Status UpdateOperationLocked(std::string_view op, int64_t id, const std::string& state,
                               const std::string& payload);
  Status FinishOperationLocked(std::string_view op, int64_t id);
  Status ApplyStepLocked(std::string_view op, const CatalogBatch::Step& step);

  mutable std::mutex mutex_;
  std::unique_ptr<SqliteDb> db_;  // guarded by mutex_
  const std::string path_;
  const int opened_from_version_;
};

}  // namespace regionlab
