// Wal: the write-ahead log of a region server (HBase's FSHLog), shared by all
// of its regions.
//
// Edits are appended to the current segment file of a WAL directory; past
// WalOptions::roll_size bytes the WAL rolls to a new segment. A closed
// segment is deleted once every region with entries in it has flushed them
// (MarkFlushed) or has left the server (ForgetRegion). Segments already in
// the directory when the WAL opens belong to an earlier run: they are left
// untouched for ReplayWal (wal_reader.h) until DeleteRecoveredSegments().
//
// Group commit: Append, Sync, Roll and Close queue up; the writer at the head
// of the queue (the leader) takes every queued append, writes them with one
// append to the segment and, if any of them asked for it, one fsync, then
// wakes them all. N concurrent sync appends therefore cost far fewer than N
// fsyncs.
//
// Segments are opened with Env::NewMappedFile: an append is a copy into the
// page cache through a shared mapping, with no system call.
//
// ASYNC_WAL: appends are in the operating system's page cache before they are
// acknowledged (so they survive the process being killed) and fsynced by a
// background thread every async_sync_interval_ms. That fsync runs beside the
// queue, not in it, as HBase's sync runners do: appends go on while it
// waits for the disk, instead of queueing behind it for tens of
// milliseconds. For the same reason a roll past roll_size hands the old
// segment to that thread to fsync and close, and goes on in the new one.
//
// Failure: a failed write, flush, sync or roll is returned to every writer of
// that batch, and the segment is closed at once, cut at the end of the batch
// before (the refused bytes are gone, so a refused write never turns up in
// a replay): the WAL never writes after a hole. The next Append, Sync or Roll
// starts a new segment first; while the disk still refuses that, it fails
// with an error naming the first failure. Writes resume by themselves once
// the disk takes them again (space freed), with no reopen.
//
// Thread-safety: every method is safe to call concurrently. One Wal per
// directory at a time.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "regionlab/status.h"
#include "util/engine_log.h"
#include "util/env.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"
#include "wal/segment_accounting.h"
#include "wal/wal_entry.h"

namespace regionlab {

struct WalOptions {
  Env* env = nullptr;                // required; not owned, must outlive the Wal
  std::string dir;                   // required; created when missing
  uint64_t roll_size = 64ull << 20;  // roll to a new segment once the current one reaches this
  // Period of the background fsync that makes ASYNC_WAL appends (sync=false)
  // durable: HBase's hbase.regionserver.optionallogflushinterval, whose
  // default is 1 s. <= 0: no background thread; async appends are then
  // synced by the next sync append, Sync(), Roll() or Close().
  int async_sync_interval_ms = 1000;
  // Where failures nobody waits for go (a background sync, a segment that
  // could not be deleted, cut or closed): the engine's LOG. Not owned; null:
  // nowhere.
  Logger* logger = nullptr;
};

// Counters since Open. Read with Wal::GetStats().
struct WalStats {
  uint64_t entries = 0;                 // entries written
  uint64_t appends = 0;                 // Append calls whose entries were written
  uint64_t syncs = 0;                   // fsyncs of segment files
  uint64_t bytes = 0;                   // bytes written to segment files, headers included
  uint64_t segments_rolled = 0;         // rolls to a new segment (Roll() or roll_size)
  uint64_t segments_deleted = 0;        // segment files deleted as fully flushed or recovered
  uint64_t group_commit_max_batch = 0;  // most Append calls written by one leader at once
  uint32_t live_segments = 0;  // segment files this WAL still keeps, the current one included
  uint32_t queued_writers = 0;  // Append/Sync/Roll/Close calls in the writer queue, leader included
};

class Wal {
 public:
  // Opens `options.dir` and starts a new segment numbered after any existing
  // ones (those are left for replay; see DeleteRecoveredSegments).
  static Result<std::unique_ptr<Wal>> Open(const WalOptions& options);

  Wal(const Wal&) = delete;
  Wal& operator=(const Wal&) = delete;
  // Stops the background syncer, syncs and closes (errors are dropped; call
  // Close() first to see them).
  ~Wal();

  // Appends the entries, in order, as consecutive records of one segment.
  // Returns once they are written to the operating system (they survive
  // kill -9 of the process) and, when `sync` is true, fsynced (they survive a
  // power failure). InvalidArgument, and nothing written, when an entry is
  // null, fails ValidateWalEntry or encodes to more than 4 GiB. A record is
  // never split, so an entry larger than roll_size is fine.
  [[nodiscard]] Status Append(const std::vector<const WalEntry*>& entries, bool sync);

  // Entries of one region that the caller already framed as records
  // (wal::BeginRecord, EncodeWalEntryWith, wal::FinishRecord with run_id(): the bytes
  // Append would write): a region's group commit encodes its mutations
  // straight into one buffer. `entries` records, the highest sequence id
  // among them `max_sequence_id`; the caller has validated them (known cell
  // types, records within size). `records` must stay valid until this
  // returns. Otherwise as Append.
  [[nodiscard]] Status AppendRecords(const std::string& region, std::string_view records,
                                     size_t entries, uint64_t max_sequence_id, bool sync);

  // Makes everything appended so far durable. No fsync when nothing is pending.
  [[nodiscard]] Status Sync();

  // `region` has flushed every edit with sequence id <= flushed_seq to store
  // files. Deletes the closed segments that no longer hold unflushed edits of
  // any region. A segment whose deletion fails is retried by the next call.
  void MarkFlushed(const std::string& region, uint64_t flushed_seq);

  // `region` was dropped or moved away: its entries no longer keep segments alive.
  void ForgetRegion(const std::string& region);

  // Closes the current segment (synced) and starts a new one now.
  [[nodiscard]] Status Roll();

  // Deletes the segments that were in the directory when the WAL opened.
  // Call once their entries have been replayed and flushed.
  [[nodiscard]] Status DeleteRecoveredSegments();

  // The random id of this writer, in the header of each of its segments and
  // in each record's header checksum (wal_format.h). Records framed by a
  // caller for AppendRecords use it.
  uint64_t run_id() const { return run_id_; }

  // Cheap snapshot of the counters (atomics and one short lock).
  WalStats GetStats() const;

  // Syncs and closes the current segment, then deletes every segment whose
  // edits are all flushed (MarkFlushed), the closed current one included.
  // Later Append, Sync and Roll calls fail with Aborted.
  // Returns the error of that close, if any. Idempotent.
  [[nodiscard]] Status Close();

 private:
  struct Writer;

  explicit Wal(const WalOptions& options);

  // Queues `w` and returns its outcome once a leader (possibly `w` itself)
  // has processed it.
  Status Submit(Writer* w) EXCLUDES(mu_);
  // Leader only, without mu_: writes and syncs the batch (*write_status) and
  // then rolls when asked to or past roll_size (*roll_status; *rolled is true
  // once a new segment exists).
  void WriteBatch(const std::vector<Writer*>& batch, Status* write_status, Status* roll_status,
                  bool* rolled);
  // Leader only (or Open), without mu_: closes the current segment, synced,
  // if there is one, then creates segment `number` and makes it current.
  Status OpenSegment(uint64_t number);
  Status SyncCurrent();
  // Closes the current segment; with `sync`, fsyncs pending bytes first.
  // Waits for a background sync of the segment to end before closing it.
  Status CloseCurrent(bool sync) EXCLUDES(mu_);
  // The background syncer's fsync of what finished batches wrote, outside
  // the writer queue.
  Status BackgroundSync() EXCLUDES(mu_);
  // Leader only, without mu_: hands the current segment to the syncer to
  // fsync and close (see retired_).
  void RetireCurrent() EXCLUDES(mu_, syncer_mu_);
  // Fsyncs and closes the retired segments (the syncer; the closing leader).
  Status CloseRetired() EXCLUDES(mu_);
  // Leader only, with mu_ held: records the outcome of a written batch in
  // the accounting and counters and sets each writer's status.
  void FinishBatchLocked(const std::vector<Writer*>& batch, const Status& write_status,
                         const Status& roll_status, bool rolled) REQUIRES(mu_);
  // Records `cause` (a failed write, sync or roll): the next batch starts a
  // new segment first.
  void FailLocked(const Status& cause) REQUIRES(mu_);
  // Leader only, without mu_: closes the current segment cut to its first
  // `keep` bytes after a failed batch; there is no current segment after it.
  void AbandonCurrent(uint64_t keep);
  // Leader only, without mu_: closes what is left of the failed segment and
  // opens the next one. The error names `failure` when that fails too.
  Status StartAfterFailure(const Status& failure);
  // Deletes the obsolete segments that SegmentAccounting reports.
  void DeleteObsoleteSegments() EXCLUDES(cleanup_mu_, mu_);
  void SyncLoop() EXCLUDES(syncer_mu_);

  const WalOptions options_;
  const uint64_t run_id_;

  // Owned by whichever thread is leader (or by Open/the destructor), so they
  // are used without mu_. The leader role itself is handed over under mu_.
  std::shared_ptr<WritableFile> file_;
  std::string file_path_;
  uint64_t file_number_ = 0;
  bool file_dirty_ = false;  // bytes written since the last fsync

  // Serialises segment deletion (taken before mu_, never while holding it).
  Mutex cleanup_mu_ ACQUIRED_BEFORE(mu_);

  mutable Mutex mu_;
  std::deque<Writer*> writers_ GUARDED_BY(mu_);  // front() is the leader
  std::vector<Writer*> batch_;  // the leader's batch; its buffer is reused
  Status error_ GUARDED_BY(mu_);  // the failure the next batch recovers from
  Status close_status_ GUARDED_BY(mu_);  // what Close returned
  bool closed_ GUARDED_BY(mu_) = false;
  wal::SegmentAccounting accounting_ GUARDED_BY(mu_);
  std::vector<std::string> recovered_ GUARDED_BY(mu_);  // segments from before Open
  // What the background syncer may fsync: the current segment as the last
  // finished batch left it, and how many bytes of it were flushed then.
  // Cleared before the segment is closed.
  std::shared_ptr<WritableFile> sync_target_ GUARDED_BY(mu_);
  uint64_t sync_target_flushed_ GUARDED_BY(mu_) = 0;
  const WritableFile* background_sync_file_ GUARDED_BY(mu_) = nullptr;  // being fsynced
  CondVar background_sync_done_{&mu_};
  // Segments a roll left unsynced for the syncer to fsync and close. Only
  // with a syncer (async_sync_interval_ms > 0); a clean Close closes what is
  // left.
  std::vector<std::shared_ptr<WritableFile>> retired_ GUARDED_BY(mu_);

  // Background syncer for async appends.
  std::thread syncer_;
  std::once_flag join_syncer_once_;
  Mutex syncer_mu_;
  CondVar syncer_cv_{&syncer_mu_};
  bool stop_syncer_ GUARDED_BY(syncer_mu_) = false;
  bool retire_pending_ GUARDED_BY(syncer_mu_) = false;  // retired_ has work
  std::atomic<bool> unsynced_{false};  // async bytes are waiting for an fsync

  std::atomic<uint64_t> entries_{0}, appends_{0}, syncs_{0}, bytes_{0};
  std::atomic<uint64_t> segments_rolled_{0}, segments_deleted_{0}, max_batch_{0};
};

}  // namespace regionlab
