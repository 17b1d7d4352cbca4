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

#include "regionlab/lab_scale.h"
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
  // The lab scale (regionlab/lab_scale.h): 0 keeps the data directory's
  // own, or gives one that has none `default_lab_scale`; N > 0 sets 1:N.
  // The scale in use is recorded in the directory.
  uint32_t lab_scale = 0;
  uint32_t default_lab_scale = 1;  // 1: HBase's own sizes
  // A region server's block cache and its memstore limit across its regions
  // (hbase.regionserver.global.memstore.size); 0, the default, derives them
  // from the lab scale's heap (0.4 of it each, as HBase).
  uint64_t block_cache_per_server = 0;
  uint64_t global_memstore_per_server = 0;
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
  uint64_t flush_size = 0;         // its MEMSTORE_FLUSHSIZE as it applies (lab scale included)
  // "HBase name": table,startkey,regionid.encoded.
  std::string RegionName() const;
};

struct ServerMetrics {
  std::string name;
  bool online = false;
  int64_t start_time_ms = 0;  // when it last started (HBase's start code); 0 if never
  uint64_t regions = 0;
  uint64_t memstore_bytes = 0;
  uint64_t global_memstore_limit = 0;
  // Above this its regions flush for global pressure (0.95 of the limit).
  uint64_t global_memstore_lower_mark = 0;
  uint64_t store_files = 0, store_file_bytes = 0;
  uint64_t read_requests = 0, write_requests = 0;    // totals
  double read_rate = 0, write_rate = 0;              // per second, over the last sample
  BlockCacheMetrics block_cache;
  uint64_t wal_syncs = 0, wal_bytes = 0;
};

// One sampling instant of the whole cluster.
struct ClusterSample {
  int64_t time_ms = 0;
  uint32_t lab_scale = 1;  // the cluster's lab scale (1:lab_scale)
  std::vector<ServerMetrics> servers;
  std::vector<RegionInfo> regions;  // per-region figures at that instant
};

// A split, merge, flush, compaction, move or server event, for timelines.
// The figures a kind does not have stay zero or empty.
// Trouble has events too: "write refused" (the disk refused a write: full
// or failing; detail: the error) and "writes resumed" (the first write that
// succeeded after that), "flush failed", "compaction failed", "split
// failed", and "damage" (found while recovering a region).
struct ClusterEvent {
  int64_t time_ms = 0;
  // "flush", "minor compaction", "major compaction", "split", "merge",
  // "move", "server stopped", "failover", "server started".
  std::string kind;
  std::string table, region, server;
  std::string detail;
  std::string start_key{}, end_key{};  // the region's key range (before a split, after a merge)
  // Why, in a word: the flush reason ("memstore size", "global memstore
  // pressure", "manual", ...), the split policy's name or "manual"; for a
  // compaction the engine's sentence (CompactionEvent::reason).
  std::string cause{};
  // Why, with the arithmetic where there is some: a split policy's
  // explanation ("Stepping: 2 x 128 KB = 256 KB (r = 1 ...)").
  std::string explanation{};
  uint64_t input_files = 0;    // compaction: files it read
  uint64_t input_bytes = 0;    // flush: memstore heap; compaction: bytes read; split: store size
  uint64_t output_bytes = 0;   // flush: file bytes; compaction: bytes written
  // What was passed: a split policy's threshold; the flush size (a flush
  // for size) or the server's global lower mark (for global pressure).
  uint64_t threshold_bytes = 0;
  uint64_t cells = 0;          // flush and compaction: cells written
  uint64_t duration_ms = 0;
  std::string split_key{};               // split
  std::vector<std::string> daughters{};  // split: the two new regions
  std::vector<std::string> parents{};    // merge: the regions it merged
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

// A snapshot as list_snapshots shows it (cluster/admin_snapshots.cc).
struct SnapshotInfo {
  std::string name;
  std::string table;  // the table it was taken of
  int64_t created_ms = 0;
  int64_t ttl_seconds = 0;  // 0 = FOREVER
  size_t regions = 0;
  size_t files = 0;    // store files it links
  uint64_t bytes = 0;  // their size (shared with any table that still has them)
};

class Admin {
 public:
  explicit Admin(ClusterImpl* cluster) : cluster_(cluster) {}

  // Namespaces.
  Status CreateNamespace(const std::string& name,
                         const std::map<std::string, std::string>& properties = {});
  Status DropNamespace(const std::string& name);
  Result<std::vector<std::string>> ListNamespaces();
  // The namespace's properties; NotFound "NamespaceNotFoundException: ns"
  // when it does not exist.
  Result<std::map<std::string, std::string>> GetNamespaceProperties(const std::string& name);
  // Replaces the namespace's properties (HBase's modifyNamespace).
  Status ModifyNamespace(const std::string& name,
                         const std::map<std::string, std::string>& properties);

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

  // Snapshots, as HBase's: a manifest in the catalog plus hard links to the
  // table's store files (never copies). A snapshot of an enabled table
  // flushes it first unless skip_flush (HBase's SKIP_FLUSH); restore needs
  // the table disabled and leaves it disabled (a table that no longer exists
  // is cloned back); clone makes a new, enabled table. Names follow HBase's
  // rules for table qualifiers.
  Status Snapshot(const std::string& table, const std::string& name, bool skip_flush = false,
                  int64_t ttl_seconds = 0);
  Result<std::vector<SnapshotInfo>> ListSnapshots();  // oldest first
  Status CloneSnapshot(const std::string& snapshot, const std::string& table);
  Status RestoreSnapshot(const std::string& snapshot);
  Status DeleteSnapshot(const std::string& snapshot);

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
  // The samples the catalog kept (ClusterOptions::persist_metrics) with
  // from_ms <= time_ms <= to_ms, oldest first: what the live charts draw
  // again after a restart. Servers' figures are there for every sample (their
  // request counters as zero, their rates as sampled, their limits as the
  // servers have them now); regions' memstore, store files and writes for
  // every tenth.
  Result<std::vector<ClusterSample>> StoredMetrics(int64_t from_ms, int64_t to_ms);
  // Recent events (flushes, compactions, splits, ...), oldest first.
  std::vector<ClusterEvent> RecentEvents(size_t max = 1000) const;
  // Called on an engine thread for every event; must return quickly.
  void SetEventListener(std::function<void(const ClusterEvent&)> listener);
  // Blocks until no flush, compaction or automatic split is pending.
  Status WaitForBackgroundWork();

  const std::string& data_dir() const;
  // The lab scale the cluster runs at (ClusterOptions::lab_scale).
  LabScale lab_scale() const;
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
