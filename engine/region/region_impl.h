// RegionImpl: the state and machinery behind regionlab::Region. Split by
// concern across region.cc (open, close, recovery, metrics), region_write.cc
// (write path and group commit), region_read.cc (Get and Scan) and
// region_flush.cc (flush and compaction).
//
// Locking order: write_mu_ before state_mu_. flush_mu_ serialises flushes and
// is taken before either. No lock is held while a store file is written.
#pragma once

#include <array>
#include <atomic>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "region/manifest.h"
#include "region/scan_query_matcher.h"
#include "region/store.h"
#include "regionlab/region.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"
#include "util/thread_pool.h"

namespace regionlab {

class BlockCache;
class Clock;
class Env;

class RegionImpl {
 public:
  RegionImpl(const RegionOptions& options, std::string dir, RegionDescriptor descriptor);
  ~RegionImpl();

  // region.cc
  Status Open(Wal* shared_wal, RecoveryReport* report);
  // Waits for in-flight writes and background work, then closes; with
  // flush=false the memstores are dropped (an abort: the WAL still has them).
  // Waits for writes and background work, flushes (when asked) and closes.
  // With stay_open_if_flush_fails, a failed flush leaves the region open and
  // usable and is returned (Region::Close); otherwise it closes regardless.
  Status Shutdown(bool flush, bool stay_open_if_flush_fails);
  Result<SplitPoint> GetSplitPoint() const;
  Status VisitStoreFiles(const std::function<Status(const std::string&, const std::string&,
                                                    const std::string&)>& fn) const;
  RegionMetrics GetMetrics() const;
  Status Replay(const WalEntry& entry);
  // Replays the entries of this region found in a WAL directory (its own WAL,
  // or recovered edits split out of a server's WAL).
  Status ReplayOwnEdits(const std::string& wal_dir, RecoveryReport* report);

  // region_write.cc
  // rows_locked: the caller already holds the row locks of every mutation.
  Status Write(std::span<const RowMutation> mutations, bool rows_locked = false);
  Result<int64_t> Increment(const std::string& row, const std::string& family,
                            const std::string& qualifier, int64_t amount, Durability d);
  Result<std::string> Append(const std::string& row, const std::string& family,
                             const std::string& qualifier, const std::string& suffix,
                             Durability d);
  Result<bool> CheckAndMutate(const std::string& family, const std::string& qualifier,
                              const std::optional<std::string>& expected, const RowMutation& m);

  // region_read.cc
  // Overwrites *out, reusing its buffers.
  Status DoGet(const Get& get, RowResult* out);
  Result<RowResult> DoGet(const Get& get);
  Result<std::unique_ptr<RegionScanner>> GetScanner(const Scan& scan);

  // region_flush.cc
  Status Flush(FlushReason reason, bool wait);
  Status Compact(bool major, bool wait);
  Status WaitForBackgroundWork();
  Status RollWal();

  const RegionDescriptor& descriptor() const { return descriptor_; }
  void SetListener(RegionListener l);

 private:
  friend class RegionScannerImpl;

  // A queued writer (group commit) or a memstore-swap barrier.
  struct Writer;

  // region_write.cc
  Status Validate(const RowMutation& m) const;
  // "Now" for a read's TTL checks: the clock's time when a family has a TTL,
  // else 0 without reading the clock (a read of families that keep their
  // cells forever never compares a timestamp with it).
  int64_t ReadTime() const;
  // The index in stores_ of `family`, or stores_.size().
  size_t StoreIndex(std::string_view family) const;
  Status ResolveLatestVersionDeletes(RowMutation* m);
  // Leader only: encodes the group's mutations (sequence ids from
  // first_seq) into wal_records_ and appends them to the WAL.
  Status AppendGroupToWal(uint64_t first_seq, int64_t now_ms, bool sync);
  // Leader only: inserts the group's cells into the active memstores.
  void ApplyGroupToMemstores(uint64_t first_seq, int64_t now_ms);
  void AfterWrite();
  // Waits while the memstores are over the blocking limit, asking for
  // flushes; an IOError when they are and the flush failed (the write is
  // refused until a flush succeeds).
  Status WaitWhileMemstoreBlocked();
  // Tells the listener that a background job failed. Never under a lock.
  void ReportBackgroundError(const char* what, const Status& s);
  // Active + snapshot memstore bytes, from the counters below (no lock).
  uint64_t MemstoreHeapSize() const;
  // Recomputes active_bytes_ from the memstores (after a replay).
  void RefreshActiveBytes();
  // Swaps every store's active memstore into its snapshot once no writer is
  // inside the memstores; returns the highest sequence id in the snapshots.
  uint64_t SwapMemstores();

  // region_read.cc
  // The stores' current versions, in store order, taken under state_mu_
  // (held inline for the usual few families, so a Get allocates nothing).
  struct StoreVersions {
    static constexpr size_t kInline = 4;
    std::array<std::shared_ptr<const StoreVersion>, kInline> inline_versions;
    std::vector<std::shared_ptr<const StoreVersion>> more;
    size_t count = 0;
    std::shared_ptr<const StoreVersion> take(size_t i) {
      return i < kInline ? std::move(inline_versions[i]) : std::move(more[i - kInline]);
    }
  };
  StoreVersions CurrentVersions() const;
  // single_row: the scan reads start_row alone (a Get), so files are also
  // checked against their bloom filters.
  std::vector<std::unique_ptr<class StoreScanner>> OpenStoreScanners(const Scan& scan,
                                                                     bool single_row);
  Status FilteredGet(const Get& get, RowResult* out);

  // region_flush.cc
  Status FlushNow(FlushReason reason);
  Status CompactStore(size_t store_index, bool major);
  // A flush (compaction false) writes with the family's COMPRESSION, a
  // compaction with its COMPRESSION_COMPACT, as HBase's HStore does.
  Result<std::shared_ptr<StoreFile>> WriteStoreFile(size_t store_index,
                                                    std::unique_ptr<KeyValueIterator> input,
                                                    ScanType type, bool compaction, bool major,
                                                    uint64_t* cells);
  Result<std::shared_ptr<StoreFile>> OpenStoreFile(const Store& store, const std::string& name);
  Status WriteManifestLocked() REQUIRES(state_mu_);
  // Requests a (minor) compaction when a store has reached the minimum file
  // count or holds reference files: after a flush, and once a region is
  // open (HBase's post-open check).
  void MaybeScheduleCompaction();
  ScanQueryOptions CompactionOptionsFor(const Store& store) const;
  void NotifyFlushDone();
  // Records a failed flush (writes over the blocking limit are refused until
  // one succeeds) and tells the listener; returns `s`.
  Status FlushFailed(const Status& s);
  // Removes a store file no manifest lists; a failure is logged.
  void RemoveUnused(const std::string& path, const char* why);

  // Resolved settings.
  RegionOptions options_;
  const std::string dir_;
  const RegionDescriptor descriptor_;
  Env* env_;
  Clock* clock_;
  BlockCache* cache_;
  std::unique_ptr<BlockCache> own_cache_;
  // Set while an off-peak compaction runs: the region server's flag, or
  // own_off_peak_ for a region opened on its own.
  std::atomic<bool>* off_peak_compaction_;
  std::atomic<bool> own_off_peak_compaction_{false};
  Wal* wal_ = nullptr;
  std::unique_ptr<Wal> own_wal_;

  std::vector<Store> stores_;  // sorted by family name

  // Write queue (group commit). The writer at the front is the leader.
  Mutex write_mu_ ACQUIRED_BEFORE(state_mu_);
  std::deque<Writer*> writers_ GUARDED_BY(write_mu_);
  std::atomic<uint64_t> next_sequence_id_{1};
  std::atomic<uint64_t> read_point_{0};  // MVCC: highest fully applied sequence id
  // The current leader's scratch (only the leader touches them).
  std::vector<Writer*> group_;
  std::string wal_records_;
  std::string memstore_key_;
  // The stores' active memstores, in store order. Written at open and by
  // SwapMemstores (at the head of the write queue, so no leader is active)
  // and read by the leader, both under write_mu_'s ordering: no lock here.
  std::vector<MemStore*> leader_active_;
  // Heap bytes of the active memstores (stored by the leader after each
  // group and at a swap) and of the snapshots (set at a swap, cleared when
  // the flush installs its files): the write path's flush and blocking
  // checks read these instead of locking state_mu_.
  std::atomic<uint64_t> active_bytes_{0};
  std::atomic<uint64_t> snapshot_bytes_{0};

  // Row locks, striped: a mutation holds the stripes of its rows, so a
  // read-modify-write (increment, append, checkAndMutate) is atomic with
  // respect to every other write of the row.
  static constexpr size_t kRowLockStripes = 64;
  std::array<Mutex, kRowLockStripes> row_locks_;
  // The stripes of the mutations' rows, as a bit set.
  static uint64_t LockStripes(std::span<const RowMutation> mutations);
  // Writes past the closed check. A write counts itself in, then checks
  // closing_writes_; Shutdown sets closing_writes_, then waits (under
  // bg_mu_) for the count to drain: with sequentially consistent atomics
  // one of the two always sees the other, and the last write out wakes it.
  std::atomic<int> active_writes_{0};
  std::atomic<bool> closing_writes_{false};

  // Store versions (Store::version, Store::compacting) and the manifest.
  mutable Mutex state_mu_;
  RegionManifest manifest_ GUARDED_BY(state_mu_);

  // Flush/compaction scheduling.
  Mutex flush_mu_ ACQUIRED_BEFORE(write_mu_, state_mu_);
  Mutex bg_mu_;
  CondVar bg_cv_{&bg_mu_};
  uint64_t snapshot_sequence_id_ GUARDED_BY(flush_mu_) = 0;
  bool flush_scheduled_ GUARDED_BY(bg_mu_) = false;
  bool compaction_scheduled_ GUARDED_BY(bg_mu_) = false;
  // A request made while a compaction ran, served after it.
  bool compaction_requested_ GUARDED_BY(bg_mu_) = false;
  bool compaction_requested_major_ GUARDED_BY(bg_mu_) = false;
  int bg_running_ GUARDED_BY(bg_mu_) = 0;
  // The outcomes of the latest background flush and compaction.
  Status bg_flush_error_ GUARDED_BY(bg_mu_), bg_compaction_error_ GUARDED_BY(bg_mu_);
  // The last flush's failure; cleared by a flush that succeeds.
  Status last_flush_error_ GUARDED_BY(bg_mu_);
  bool closing_ GUARDED_BY(bg_mu_) = false;
  bool closed_ GUARDED_BY(bg_mu_) = false;
  RegionListener listener_ GUARDED_BY(bg_mu_);
  ThreadPool* pool_ = nullptr;            // shared or own_pool_
  std::unique_ptr<ThreadPool> own_pool_;

  // Metrics.
  mutable std::atomic<uint64_t> read_requests_{0};
  std::atomic<uint64_t> write_requests_{0};
  std::atomic<uint64_t> flushes_{0}, flushed_bytes_{0}, flush_time_ms_{0};
  std::atomic<uint64_t> compactions_{0}, major_compactions_{0};
  std::atomic<uint64_t> compacted_in_{0}, compacted_out_{0}, compaction_time_ms_{0};
  std::atomic<uint64_t> flushed_sequence_id_{0};
  std::atomic<uint64_t> blocked_writes_{0};
  std::atomic<int64_t> global_accounted_{0};  // bytes this region added to the global tracker
  uint64_t report_replayed_ = 0, report_skipped_ = 0;  // WAL replay counts (open only)
};

}  // namespace regionlab
