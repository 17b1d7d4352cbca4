// Cluster: tables, regions and region servers in one process — the embedded
// counterpart of an HBase cluster (master + region servers + hbase:meta).
//
// A data directory holds the catalog (catalog.db), each region server's WAL
// (servers/<name>/wal) and the regions (data/<namespace>/<table>/<region>).
// One Cluster at a time may have it open, in any process: Open takes an
// exclusive lock on its LOCK file and refuses (Busy, naming the holder) while
// another has it; the lock is released by Close or the holder's death.
// Admin changes the schema and the layout; Table reads and writes rows,
// routing each row to its region.
//
// Thread-safety: Cluster, Admin and Table may be used from any thread.
// Scanners are used by one thread at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "regionlab/metrics.h"
#include "regionlab/options.h"
#include "regionlab/region.h"
#include "regionlab/status.h"
#include "regionlab/table_descriptor.h"

namespace regionlab {

class ClusterImpl;

struct ClusterOptions {
  Env* env = nullptr;      // nullptr: Env::Default()
  Clock* clock = nullptr;  // nullptr: the system clock
  int region_servers = 3;
  uint64_t block_cache_per_server = 64ull << 20;
  // A region server's memstore limit across its regions
  // (hbase.regionserver.global.memstore.size of a notional heap).
  uint64_t global_memstore_per_server = 512ull << 20;
  int background_threads_per_server = 2;  // flush + compaction workers per server
  bool auto_split = true;                 // split regions by their table's policy after flushes
  bool auto_compact = true;
  uint64_t max_cell_size = 10ull << 20;
  int metrics_interval_ms = 1000;  // sampling period; <= 0: no sampler thread
  size_t metrics_history = 900;    // samples kept in memory (15 min at 1 Hz)
  bool persist_metrics = true;     // also write samples to the catalog
  // The program named in the data directory's LOCK file while this cluster
  // has it open; empty: the running executable's name.
  std::string program_name;
};

// Where a region is and how big it is.
struct RegionInfo {
  std::string encoded_name;
  std::string table;
  std::string start_key, end_key;
  int64_t region_id = 0;
  std::string state;   // OPEN, CLOSED, SPLIT, ...
  std::string server;  // hosting region server ("" when offline)
  RegionMetrics metrics;           // zero when not open
  uint64_t split_threshold = 0;    // the store size at which its policy splits it (UINT64_MAX: never)
  std::string split_policy;
  // "HBase name": table,startkey,regionid.encoded.
  std::string RegionName() const;
};

struct ServerMetrics {
  std::string name;
  bool online = false;
  uint64_t regions = 0;
  uint64_t memstore_bytes = 0;
  uint64_t global_memstore_limit = 0;
  uint64_t store_files = 0, store_file_bytes = 0;
  uint64_t read_requests = 0, write_requests = 0;    // totals
  double read_rate = 0, write_rate = 0;              // per second, over the last sample
  BlockCacheMetrics block_cache;
  uint64_t wal_syncs = 0, wal_bytes = 0;
};

// One sampling instant of the whole cluster.
struct ClusterSample {
  int64_t time_ms = 0;
  std::vector<ServerMetrics> servers;
  std::vector<RegionInfo> regions;  // per-region figures at that instant
};

// A split, merge, flush, compaction, move or server event, for timelines.
// Trouble has events too: "write refused" (the disk refused a write: full
// or failing; detail: the error) and "writes resumed" (the first write that
// succeeded after that), "flush failed", "compaction failed", "split
// failed", and "damage" (found while recovering a region).
struct ClusterEvent {
  int64_t time_ms = 0;
  std::string kind;  // "flush", "compaction", "split", "merge", "move", "server stopped", ...
  std::string table, region, server;
  std::string detail;
};

struct HistoryEntry {  // split/merge genealogy (from the catalog)
  int64_t time_ms = 0;
  std::string kind;  // "split", "merge", "pre-split", "manual split"
  std::string table;
  std::vector<std::string> parents, daughters;
  std::string split_key, cause;
  uint64_t size_bytes = 0, threshold_bytes = 0;
  // The parents' and daughters' key ranges, in the order of their names;
  // empty when the catalog did not record them (history from before
  // catalog version 5).
  std::vector<KeyRange> parent_ranges, daughter_ranges;
};

class ResultScanner {
 public:
  virtual ~ResultScanner() = default;
  virtual bool Next(RowResult* out) = 0;
  virtual Status status() const = 0;
};

// Client access to one table's rows; routes by row key and retries while a
// region moves, splits or recovers.
class Table {
 public:
  Table(ClusterImpl* cluster, std::string name) : cluster_(cluster), name_(std::move(name)) {}
  const std::string& name() const { return name_; }

  Status Put(const RowMutation& m);
  Status Delete(const RowMutation& m) { return Put(m); }
  // Each mutation is atomic on its own row.
  Status Batch(const std::vector<RowMutation>& mutations);
  Result<RowResult> Get(const struct Get& get);
  // The same into *out, reusing its buffers (see Region::DoGet).
  Status Get(const struct Get& get, RowResult* out);
  // Across region boundaries, in both directions.
  Result<std::unique_ptr<ResultScanner>> GetScanner(const Scan& scan);
  Result<int64_t> Increment(const std::string& row, const std::string& family,
                            const std::string& qualifier, int64_t amount);
  Result<std::string> Append(const std::string& row, const std::string& family,
                             const std::string& qualifier, const std::string& suffix);
  // HBase's checkAndPut / checkAndDelete: applies `m` when family:qualifier of
  // m.row holds `expected` (nullopt: is absent).
  Result<bool> CheckAndMutate(const std::string& family, const std::string& qualifier,
                              const std::optional<std::string>& expected, const RowMutation& m);

 private:
  ClusterImpl* cluster_;
  std::string name_;
};

class Admin {
 public:
  explicit Admin(ClusterImpl* cluster) : cluster_(cluster) {}

  // Namespaces.
  Status CreateNamespace(const std::string& name,
                         const std::map<std::string, std::string>& properties = {});
  Status DropNamespace(const std::string& name);
  Result<std::vector<std::string>> ListNamespaces();

  // Tables. split_keys: the pre-split keys (already validated and sorted).
  Status CreateTable(const TableDescriptor& desc, const std::vector<std::string>& split_keys = {});
  // Online alter (HBase 2): attributes and families; regions reopen with it.
  Status ModifyTable(const TableDescriptor& desc);
  Status EnableTable(const std::string& table);
  Status DisableTable(const std::string& table);
  Result<bool> IsTableEnabled(const std::string& table);
  Result<bool> TableExists(const std::string& table);
  Status TruncateTable(const std::string& table, bool preserve_splits);
  Status DeleteTable(const std::string& table);  // only when disabled
  Result<TableDescriptor> GetDescriptor(const std::string& table);
  Result<std::vector<TableDescriptor>> ListTables();

  // Regions.
  Result<std::vector<RegionInfo>> ListRegions(const std::string& table);
  Result<RegionInfo> LocateRegion(const std::string& table, const std::string& row);
  Result<std::vector<std::string>> GetSplits(const std::string& table);
  Status Flush(const std::string& table_or_region);
  Status Compact(const std::string& table_or_region, bool major);
  // Splits a region (or every region of a table) at `split_row`, or at its
  // policy's split point when empty.
  Status Split(const std::string& table_or_region, const std::string& split_row = {});
  Status MergeRegions(const std::string& region_a, const std::string& region_b, bool force = false);
  // To `server`, or to a server the balancer picks when empty.
  Status Move(const std::string& region, const std::string& server = {});
  // Evens out region counts; returns the number of moves.
  Result<int> Balance();

  // Region servers. Stopping one aborts its regions (no flush), splits its WAL
  // by region and reopens the regions elsewhere: RegionLab's failover demo,
  // not an HBase Admin call.
  Status StopRegionServer(const std::string& server);
  Status StartRegionServer(const std::string& server);
  // Starts a new segment of the server's WAL and deletes the segments whose
  // edits every region has flushed (HBase's Admin.rollWALWriter, the shell's
  // wal_roll).
  Status RollWalWriter(const std::string& server);
  std::vector<ServerMetrics> ListServers();

  Result<std::vector<HistoryEntry>> GetHistory(const std::string& table);

  // Rowkey schemes kept with the cluster's catalog: JSON documents in the
  // format of engine/rowkey/SCHEMES.md (engine/rowkey/scheme_store.h reads
  // and writes them as RowkeyScheme values). Saving a name again replaces it.
  Status SaveRowkeyScheme(const std::string& name, const std::string& document);
  Result<std::string> GetRowkeyScheme(const std::string& name);  // NotFound when absent
  Result<std::vector<std::string>> ListRowkeySchemes();          // names, sorted
  Status DeleteRowkeyScheme(const std::string& name);            // NotFound when absent

 private:
  ClusterImpl* cluster_;
};

struct ClusterOpenReport {
  uint64_t wal_entries_split = 0;   // recovered from the previous run's WALs
  uint64_t regions_opened = 0;
  std::vector<std::string> operations_recovered;  // "rolled back split of ..."
  std::vector<std::string> problems;
  std::vector<std::string> warnings;
};

class Cluster {
 public:
  static Result<std::unique_ptr<Cluster>> Open(const std::string& data_dir,
                                               const ClusterOptions& options = {},
                                               ClusterOpenReport* report = nullptr);
  ~Cluster();

  Admin& admin();
  // A handle to an existing table (NotFound otherwise).
  Result<std::shared_ptr<Table>> GetTable(const std::string& name);

  // Metrics: a fresh sample now, and the sampled history (oldest first).
  ClusterSample SampleNow();
  std::vector<ClusterSample> MetricsHistory() const;
  // Recent events (flushes, compactions, splits, ...), oldest first.
  std::vector<ClusterEvent> RecentEvents(size_t max = 1000) const;
  // Called on an engine thread for every event; must return quickly.
  void SetEventListener(std::function<void(const ClusterEvent&)> listener);
  // Blocks until no flush, compaction or automatic split is pending.
  Status WaitForBackgroundWork();

  const std::string& data_dir() const;
  // Names `url` (empty: none) in the data directory's LOCK file as this
  // process's REST gateway, so that a program refused the directory is told
  // where to reach it instead.
  Status AdvertiseRestUrl(const std::string& url);
  // Closes the regions (each flushes its memstores), stops
  // the region servers and releases the data directory's lock.
  Status Close();

 private:
  explicit Cluster(std::unique_ptr<ClusterImpl> impl);
  std::unique_ptr<ClusterImpl> impl_;
  std::unique_ptr<Admin> admin_;
};

}  // namespace regionlab
