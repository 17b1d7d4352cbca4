// ClusterImpl: the state behind Cluster, Admin and Table. Split by concern:
//   cluster.cc          open, recovery of unfinished operations, WAL split, close
//   assignment.cc       choosing servers for regions, opening regions on them
//   table_client.cc     routing rows to regions, retries, scans across regions
//   admin_ddl.cc        namespaces and table DDL
//   admin_regions.cc    flush, compact, split, merge, move, balance, server stop/start
//   metrics_sampler.cc  the 1 Hz metrics sampler, events and history
//
// Locking: admin_mu_ serialises every layout change (DDL, split, merge, move,
// failover); mu_ (shared) guards the routing tables and is held only briefly,
// never across IO. Region entries are replaced, never edited in place, while
// readers may hold them.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "catalog/catalog.h"
#include "cluster/data_dir_lock.h"
#include "cluster/region_server.h"
#include "region/split_policy.h"
#include "regionlab/cluster.h"
#include "regionlab/event_kinds.h"
#include "util/engine_log.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace regionlab {

// Milliseconds since `start`, for the durations the LOG records.
uint64_t MillisSince(std::chrono::steady_clock::time_point start);

// "ns:name" or "name" (default namespace) for a table name as the user wrote
// it; InvalidArgument for a name HBase would refuse.
Result<std::string> FullTableName(const std::string& text);

// One region as the router sees it: the catalog record and, when open, the
// region object and the server it runs on.
// The snapshots' directory under the data directory, as HBase names it.
inline constexpr char kSnapshotDirName[] = ".hbase-snapshot";

struct RegionEntry {
  RegionRecord record;
  std::string dir;
  std::shared_ptr<Region> region;  // null while closed, moving or recovering
  RegionServer* server = nullptr;
  // Set when the region opened: HBase's openSeqNum (the highest sequence id
  // it recovered + 1) and the time, for hbase:meta.
  uint64_t open_seq_num = 0;
  int64_t opened_ms = 0;
  // Why the region is offline when its last open failed (a damaged store
  // file, ...); empty otherwise. Clients get it at once instead of waiting.
  std::string open_error;
};

// The cluster's quarantine, beside servers/ and data/ as HBase's `corrupt`
// folder is beside its WALs: damaged WAL segments, by server or region.
inline constexpr char kCorruptDirName[] = "corrupt";
// Opening more regions of a table than this at once (a create with many
// split keys, an enable) records one "regions opened" event, not one each.
inline constexpr size_t kMaxRegionOpenedEvents = 100;

// A region to open and the server to open it on (nullptr: to be chosen by
// PlanServers); `status` is the outcome, set by ClusterImpl::OpenRegions.
struct RegionOpening {
  std::shared_ptr<RegionEntry> entry;
  RegionServer* server = nullptr;
  Status status;
};

class ClusterImpl;

// Places many regions at once (assignment.cc): each online server's regions
// are counted once, then every Pick is the least loaded server counting the
// regions placed before it, so placing n regions among r costs O(n + r), not
// O(n * r). The first of the least loaded wins ties, in server order.
// Not thread-safe; use under admin_mu_ (the counts are a snapshot).
class RegionPlacer {
 public:
  explicit RegionPlacer(const ClusterImpl& cluster, const RegionServer* excluding = nullptr);
  // The least loaded online server (nullptr when none), counted as one more.
  RegionServer* Pick();
  // Counts one more region on `server` (placed by other means).
  void Place(const RegionServer* server);

 private:
  std::vector<std::pair<RegionServer*, size_t>> load_;
};

struct TableEntry {
  TableDescriptor desc;
  std::unique_ptr<SplitPolicy> policy;
  // The table's live regions by start key (split parents and merged regions excluded).
  std::map<std::string, std::shared_ptr<RegionEntry>> regions;
};

class ClusterImpl {
 public:
  ClusterImpl(std::string data_dir, const ClusterOptions& options);
  ~ClusterImpl();

  // cluster.cc
  // Takes the directory's lock, opens the LOG, then recovers (OpenRecovering)
  // and logs what recovery did.
  Status Open(ClusterOpenReport* report);
  // Reads, or with options_.lab_scale > 0 sets, the directory's lab scale.
  Status LoadLabScale();
  Status OpenRecovering(ClusterOpenReport* report) REQUIRES(admin_mu_);
  // To the engine's LOG (nothing before Open has opened it).
  void Log(LogLevel level, const std::string& message) const;
  Status Close();
  std::string TableDir(const std::string& full_name) const;
  std::string RegionDir(const std::string& table, const std::string& encoded) const;
  RegionServer* FindServer(const std::string& name) const;

  // assignment.cc
  // Opens the entry's region on `server` (replaying recovered edits) and
  // publishes it to the router. REQUIRES: admin_mu_ held.
  // Damage found while recovering goes to *warnings (when given) and to the
  // events.
  Status OpenRegionOn(const std::shared_ptr<RegionEntry>& entry, RegionServer* server,
                      std::vector<std::string>* warnings = nullptr) REQUIRES(admin_mu_);
  // OpenRegionOn for many regions: opens them in order (stopping at the
  // first failure unless keep_going), records every opened one in the
  // catalog in one transaction, then publishes them all. Returns the
  // catalog's error, else the first region's error; each opening's status
  // says how it went. REQUIRES: admin_mu_ held, every server set.
  Status OpenRegions(std::vector<RegionOpening>* plan, bool keep_going,
                     std::vector<std::string>* warnings = nullptr) REQUIRES(admin_mu_);
  // Sets the server of every opening without one: the server the region was
  // last on when it is online (and not `excluding`), else the least loaded.
  void PlanServers(std::vector<RegionOpening>* plan, const RegionServer* excluding = nullptr)
      REQUIRES(admin_mu_);
  // The region of `entry` opened on `server`, not yet published.
  Result<std::shared_ptr<Region>> OpenRegionFiles(const RegionEntry& entry, RegionServer* server,
                                                  uint64_t* max_sequence_id,
                                                  std::vector<std::string>* warnings)
      REQUIRES(admin_mu_);
  // The online server with the fewest regions (nullptr when none is online).
  RegionServer* LeastLoadedServer(const RegionServer* excluding = nullptr) const;
  size_t RegionCountOn(const RegionServer* server) const;
  // <data dir>/corrupt.
  std::string CorruptDir() const;
  RegionOptions RegionOptionsFor(const TableDescriptor& desc, RegionServer* server) const;
  RegionDescriptor RegionDescriptorFor(const TableDescriptor& desc, const RegionRecord& r) const;
  // A new region record: encoded name = MD5 of "table,start,id." as in HBase.
  RegionRecord NewRegionRecord(const std::string& table, const std::string& start,
                               const std::string& end) REQUIRES(admin_mu_);
  // Removes split parents and merged regions nothing refers to any more.
  void RunJanitor();

  // table_client.cc
  Result<std::shared_ptr<RegionEntry>> Locate(const std::string& table, const std::string& row);
  // Locate's lookup: *entry points into tables_ and is valid while mu_ is held.
  Status LocateLocked(const std::string& table, const std::string& row,
                      const std::shared_ptr<RegionEntry>** entry) const REQUIRES_SHARED(mu_);
  // Runs fn on the open region for `row`, retrying while the region is
  // offline (moving, splitting, recovering) for up to a few seconds.
  Status WithRegion(const std::string& table, const std::string& row,
                    const std::function<Status(Region&)>& fn);
  // WithRegion for a write: also notes whether the disk refused it.
  Status WithRegionWrite(const std::string& table, const std::string& row,
                         const std::function<Status(Region&)>& fn);
  // Records a "write refused" event when writes start failing with an
  // IOError and a "writes resumed" one when one succeeds again.
  void NoteWriteResult(const Status& s);
  // The error a client gets for a region whose open failed (open_error set).
  // REQUIRES: mu_ held (shared is enough).
  Status OfflineStatus(const RegionEntry& entry) const;

  // admin_ddl.cc / admin_regions.cc
  Status CloseTableRegionsLocked(TableEntry& table, bool flush) REQUIRES(admin_mu_);
  Status OpenTableRegionsLocked(TableEntry& table) REQUIRES(admin_mu_);
  // `explanation`: why, for the event (a policy's Explain()).
  Status SplitLocked(const std::shared_ptr<RegionEntry>& entry, const std::string& split_row,
                     const std::string& kind, const std::string& cause, uint64_t size,
                     uint64_t threshold, const std::string& explanation) REQUIRES(admin_mu_);
  Status MergeLocked(const std::shared_ptr<RegionEntry>& a, const std::shared_ptr<RegionEntry>& b)
      REQUIRES(admin_mu_);
  Status MoveLocked(const std::shared_ptr<RegionEntry>& entry, RegionServer* to)
      REQUIRES(admin_mu_);
  Status StopServerLocked(RegionServer* server) REQUIRES(admin_mu_);
  // Automatic splits: queued after flushes, run on split_thread_.
  void RequestSplitCheck(const std::string& encoded);
  void CheckSplit(const std::string& encoded);
  // The regions of `table` on each server, counted once for the calls below
  // made for every region of a table (a list of regions, a metrics sample),
  // which would otherwise count them again for each region.
  using RegionsPerServer = std::map<const RegionServer*, size_t>;
  RegionsPerServer CountRegionsPerServer(const TableEntry& table) const;
  // `per_server`: CountRegionsPerServer(table), or nullptr to count here.
  SplitContext SplitContextFor(const TableEntry& table, const RegionEntry& entry,
                               const SplitPoint& sp,
                               const RegionsPerServer* per_server = nullptr) const;
  uint64_t SplitThresholdFor(const TableEntry& table, const RegionEntry& entry,
                             const RegionsPerServer* per_server = nullptr) const;
  // The table named `text` ("ns:name" or "name"). REQUIRES: admin_mu_ held
  // (entries are only erased under it, so the pointer stays valid).
  Result<TableEntry*> FindTableLocked(const std::string& text) REQUIRES(admin_mu_);
  // "<encoded> (rows 'a' to 'b'): not online" (or ": did not open: <why>").
  std::string DescribeOffline(const RegionEntry& e) const;
  // OK when nothing was skipped; else Aborted naming the regions an admin
  // action on `what` (`total` regions) could not act on, and what it did.
  Status SkippedRegions(const std::string& action, const std::string& what, size_t total,
                        const std::vector<std::string>& skipped) const;
  // Entries of a table or one region, by table name or encoded region name.
  Result<std::vector<std::shared_ptr<RegionEntry>>> ResolveRegions(const std::string& what);

  // meta_table.cc: hbase:meta's rows, sorted, built from the catalog and
  // the open regions.
  Result<std::vector<RowResult>> MetaRows();

  // admin_snapshots.cc. <data>/.hbase-snapshot and one snapshot's directory.
  std::string SnapshotsDir() const;
  std::string SnapshotDir(const std::string& name) const;
  // Hard-links `source` as <snapshot_dir>/<region>/<family dir>/<file>.
  Status LinkSnapshotFile(const std::string& snapshot_dir, const std::string& region,
                          const std::string& family, const std::string& file,
                          const std::string& source);
  // On open: removes snapshot directories the catalog has no row for.
  Status RemoveUnknownSnapshotDirs(ClusterOpenReport* report);
  // Region directories of table `full` holding the snapshot's files as hard
  // links, one new region record per snapshot region. REQUIRES: admin_mu_.
  Result<std::vector<RegionRecord>> MaterializeSnapshotLocked(const SnapshotRecord& s,
                                                              const std::string& full,
                                                              const TableDescriptor& desc);
  // A new table `desc` from snapshot `s`, enabled. REQUIRES: admin_mu_, the
  // table does not exist.
  Status CloneSnapshotLocked(const SnapshotRecord& s, const TableDescriptor& desc);
  // After the catalog has the table `full` and its `records`: the routing
  // entries, then every region opened. REQUIRES: admin_mu_.
  Status RegisterAndOpenTableLocked(const std::string& full,
                                    const std::vector<RegionRecord>& records);

  // metrics_sampler.cc
  ClusterSample SampleNow();
  void SamplerLoop();
  void RecordEvent(ClusterEvent event);
  Result<std::vector<ClusterSample>> StoredMetrics(int64_t from_ms, int64_t to_ms);
  RegionInfo InfoFor(const TableEntry& table, const RegionEntry& entry,
                     const RegionsPerServer* per_server = nullptr) const;

  const std::string data_dir_;
  const ClusterOptions options_;
  LabScale scale_;  // set by Open before anything else reads it
  Env* env_;
  Clock* clock_;
  // The data directory's LOCK (cluster/data_dir_lock.h): taken first in Open,
  // dropped last in Close.
  std::unique_ptr<FileLock> dir_lock_;
  DataDirHolder holder_;
  // The data directory's LOG (util/engine_log.h): opened right after the
  // lock, closed right before it is released.
  std::unique_ptr<EngineLog> log_;
  std::unique_ptr<Catalog> catalog_;
  std::vector<std::unique_ptr<RegionServer>> servers_;
  // One read-ahead thread for every server's block cache: a scan's loads go
  // to the machine's other core whichever server holds the region, and the
  // thread stays awake between the scans of different servers. Declared
  // after servers_, so it is destroyed (its loads stopped) before their caches.
  std::unique_ptr<ReadAhead> read_ahead_;

  Mutex admin_mu_ ACQUIRED_BEFORE(mu_);
  mutable SharedMutex mu_;
  std::map<std::string, TableEntry> tables_ GUARDED_BY(mu_);  // by full name
  // Live regions, by encoded name.
  std::map<std::string, std::shared_ptr<RegionEntry>> regions_ GUARDED_BY(mu_);
  int64_t last_region_id_ GUARDED_BY(admin_mu_) = 0;  // keeps region ids unique

  // Automatic split checks; the sampler's wait (metrics_cv_) uses split_mu_ too.
  Mutex split_mu_;
  CondVar split_cv_{&split_mu_};
  std::deque<std::string> split_queue_ GUARDED_BY(split_mu_);
  bool split_busy_ GUARDED_BY(split_mu_) = false;
  bool stopping_ GUARDED_BY(split_mu_) = false;
  std::thread split_thread_;

  // Whether the last write the disk could refuse was refused (see
  // NoteWriteResult); changed under write_state_mu_.
  std::atomic<bool> writes_refused_{false};
  std::mutex write_state_mu_;

  // Metrics and events.
  mutable Mutex metrics_mu_;
  CondVar metrics_cv_{&split_mu_};
  std::deque<ClusterSample> history_ GUARDED_BY(metrics_mu_);
  std::deque<ClusterEvent> events_ GUARDED_BY(metrics_mu_);
  std::function<void(const ClusterEvent&)> listener_ GUARDED_BY(metrics_mu_);
  // server -> (reads, writes)
  std::map<std::string, std::pair<uint64_t, uint64_t>> last_requests_ GUARDED_BY(metrics_mu_);
  int64_t last_sample_ms_ GUARDED_BY(metrics_mu_) = 0;
  uint64_t samples_taken_ = 0;
  bool metrics_store_ok_ = true;  // the sampler thread's: the last store in the catalog worked
  std::thread sampler_thread_;
};

}  // namespace regionlab
