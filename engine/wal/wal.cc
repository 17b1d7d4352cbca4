#include "wal/wal.h"

#include <algorithm>
#include <chrono>

#include "wal/wal_format.h"
#include "wal/wal_reader.h"

namespace regionlab {

namespace {
// A leader stops adding followers to its batch past this many bytes, so a
// small write does not wait behind an unbounded amount of other data.
constexpr size_t kMaxBatchBytes = 4u << 20;
}  // namespace

// One queued request. Lives on the stack of the thread that submitted it,
// which stays blocked in Submit() until `done`.
struct Wal::Writer {
  enum class Kind { kAppend, kSync, kRoll, kClose };

  Writer(Kind k, Mutex* wal_mu) : kind(k), cv(wal_mu) {}

  const Kind kind;
  bool sync = false;                                      // fsync before returning
  const std::vector<const WalEntry*>* entries = nullptr;  // Append: for accounting
  std::string records;                                    // Append: framed records
  std::string_view bytes;  // kAppend: what is written (records, or AppendRecords' buffer)
  // AppendRecords: for accounting.
  const std::string* region = nullptr;
  size_t entry_count = 0;
  uint64_t max_sequence_id = 0;
  // Guarded by the WAL's mu_ (which the analysis cannot name from here).
  Status status;
  bool done = false;
  CondVar cv;  // on the WAL's mu_
};

Wal::Wal(const WalOptions& options) : options_(options), run_id_(wal::NewRunId()) {}

Wal::~Wal() { (void)Close(); }

Result<std::unique_ptr<Wal>> Wal::Open(const WalOptions& options) {
  if (options.env == nullptr) return Status::InvalidArgument("WalOptions.env is required");
  if (options.dir.empty()) return Status::InvalidArgument("WalOptions.dir is required");
  RL_RETURN_IF_ERROR(options.env->CreateDirs(options.dir));
  auto existing = ListWalSegments(options.env, options.dir);
  if (!existing.ok()) return existing.status();

  uint64_t next_number = 1;
  if (!existing->empty()) {
    const std::string& last = existing->back();
    uint64_t last_number = 0;
    (void)wal::ParseSegmentFileName(std::string_view(last).substr(last.rfind('/') + 1),
                                    &last_number);
    next_number = last_number + 1;
  }

  std::unique_ptr<Wal> wal(new Wal(options));
  RL_RETURN_IF_ERROR(wal->OpenSegment(next_number));
  {
    MutexLock lock(&wal->mu_);
    wal->recovered_ = std::move(*existing);
    wal->accounting_.AddSegment(wal->file_number_, wal->file_path_);
  }
  if (options.async_sync_interval_ms > 0) {
    wal->syncer_ = std::thread([w = wal.get()] { w->SyncLoop(); });
  }
  return wal;
}

Status Wal::Append(const std::vector<const WalEntry*>& entries, bool sync) {
  Writer w(Writer::Kind::kAppend, &mu_);
  w.sync = sync;
  w.entries = &entries;
  for (size_t i = 0; i < entries.size(); ++i) {
    const WalEntry* e = entries[i];
    if (e == nullptr) {
      return Status::InvalidArgument("WAL append: entry " + std::to_string(i) + " is null");
    }
    RL_RETURN_IF_ERROR(ValidateWalEntry(*e));
    const size_t header_pos = wal::BeginRecord(&w.records);
    EncodeWalEntry(*e, &w.records);
    const size_t payload_size = w.records.size() - header_pos - wal::kRecordHeaderSize;
    if (payload_size > wal::kMaxRecordPayload) {
      return Status::InvalidArgument(
          "WAL entry for region " + e->region + ", sequence id " + std::to_string(e->sequence_id) +
          " encodes to " + std::to_string(payload_size) + " bytes, more than a record can hold");
    }
    wal::FinishRecord(&w.records, header_pos, wal::RecordType::kEntry, run_id_);
  }
  w.bytes = w.records;
  return Submit(&w);
}

Status Wal::AppendRecords(const std::string& region, std::string_view records, size_t entries,
                          uint64_t max_sequence_id, bool sync) {
  if (region.empty()) return Status::InvalidArgument("WAL append: empty region name");
  Writer w(Writer::Kind::kAppend, &mu_);
  w.sync = sync;
  w.bytes = records;
  w.region = &region;
  w.entry_count = entries;
  w.max_sequence_id = max_sequence_id;
  return Submit(&w);
}

Status Wal::Sync() {
  Writer w(Writer::Kind::kSync, &mu_);
  w.sync = true;
  return Submit(&w);
}

Status Wal::Roll() {
  Writer w(Writer::Kind::kRoll, &mu_);
  return Submit(&w);
}

Status Wal::Close() {
  {
    MutexLock lock(&syncer_mu_);
    stop_syncer_ = true;
  }
  syncer_cv_.SignalAll();
  std::call_once(join_syncer_once_, [this] {
    if (syncer_.joinable()) syncer_.join();
  });
  Writer w(Writer::Kind::kClose, &mu_);
  Status s = Submit(&w);
  // A clean close whose edits are all flushed leaves nothing to replay.
  if (s.ok()) DeleteObsoleteSegments();
  return s;
}

Status Wal::Submit(Writer* w) {
  MutexLock lock(&mu_);
  writers_.push_back(w);
  while (!w->done && w != writers_.front()) w->cv.Wait();
  if (w->done) return w->status;

  // This thread is the leader until it pops its batch off the queue. Only
  // the leader touches file_ and batch_, so it does its IO without holding
  // mu_; batch_ is done with before the next leader can take mu_.
  std::vector<Writer*>& batch = batch_;
  batch.assign(1, w);
  bool rolled = false;
  if (w->kind == Writer::Kind::kClose) {
    if (!closed_) {
      lock.Unlock();
      // The syncer has stopped: what it had not closed yet is closed here.
      Status s = CloseRetired();
      const Status current = CloseCurrent(/*sync=*/true);
      if (s.ok()) s = current;
      lock.Lock();
      closed_ = true;
      close_status_ = s;
      // A clean close makes the current segment complete (and deletable once
      // flushed), whatever failed before it.
      if (s.ok()) {
        error_ = Status::OK();
      } else {
        FailLocked(s);
      }
    }
    w->status = close_status_;
  } else if (closed_) {
    w->status = Status::Aborted("WAL " + options_.dir + " is closed");
  } else {
    size_t batch_bytes = w->bytes.size();
    for (auto it = writers_.begin() + 1; it != writers_.end(); ++it) {
      Writer* next = *it;
      if (next->kind == Writer::Kind::kClose) break;
      if (batch_bytes + next->bytes.size() > kMaxBatchBytes) break;
      batch_bytes += next->bytes.size();
      batch.push_back(next);
    }
    const Status failure = error_;
    lock.Unlock();
    Status write_status, roll_status;
    bool restarted = false;
    if (!failure.ok()) {
      // An earlier write, sync or roll failed and its segment was closed at
      // its last good record: this batch goes to a new segment, so writes
      // resume by themselves once the disk takes them again.
      write_status = StartAfterFailure(failure);
      restarted = write_status.ok();
    }
    const uint64_t restarted_number = file_number_;
    const std::string restarted_path = file_path_;
    if (write_status.ok()) WriteBatch(batch, &write_status, &roll_status, &rolled);
    lock.Lock();
    if (restarted) {
      error_ = Status::OK();
      accounting_.AddSegment(restarted_number, restarted_path);
      segments_rolled_.fetch_add(1, std::memory_order_relaxed);
    }
    FinishBatchLocked(batch, write_status, roll_status, rolled);
  }

  for (Writer* x : batch) {
    writers_.pop_front();
    if (x != w) {
      x->done = true;
      x->cv.Signal();
    }
  }
  if (!writers_.empty()) writers_.front()->cv.Signal();
  Status result = w->status;
  lock.Unlock();
  // The segment just closed by a roll may already be fully flushed.
  if (rolled) DeleteObsoleteSegments();
  return result;
}

void Wal::WriteBatch(const std::vector<Writer*>& batch, Status* write_status, Status* roll_status,
                     bool* rolled) {
  bool want_sync = false;
  bool want_roll = false;
  uint64_t written = 0;
  const uint64_t before = file_->Size();
  Status s;
  for (Writer* x : batch) {
    want_sync |= x->sync;
    want_roll |= x->kind == Writer::Kind::kRoll;
    if (x->bytes.empty()) continue;
    s = file_->Append(x->bytes);
    if (!s.ok()) break;
    written += x->bytes.size();
  }
  if (s.ok() && written > 0) {
    file_dirty_ = true;
    s = file_->Flush();
  }
  if (s.ok() && want_sync) s = SyncCurrent();
  *write_status = s;
  if (!s.ok()) {
    // Every writer of the batch is refused, so none of its bytes may stay:
    // the segment is closed at the end of the batch before it (what it
    // holds was acknowledged) and nothing more is written to it.
    AbandonCurrent(before);
    return;
  }
  bytes_.fetch_add(written, std::memory_order_relaxed);

  if (want_roll || file_->Size() >= options_.roll_size) {
    *roll_status = OpenSegment(file_number_ + 1);
    *rolled = roll_status->ok();
    if (*rolled) segments_rolled_.fetch_add(1, std::memory_order_relaxed);
  }
}

void Wal::FinishBatchLocked(const std::vector<Writer*>& batch, const Status& write_status,
                            const Status& roll_status, bool rolled) {
  uint64_t appends = 0;
  uint64_t entries = 0;
  if (write_status.ok()) {
    // Entries go to the segment that was current during the write, which is
    // still the accounting's current one: the roll is recorded after them.
    for (Writer* x : batch) {
      if (x->kind != Writer::Kind::kAppend) continue;
      ++appends;
      if (x->entries != nullptr) {
        entries += x->entries->size();
        for (const WalEntry* e : *x->entries) accounting_.RecordAppend(e->region, e->sequence_id);
      } else if (x->entry_count != 0) {
        entries += x->entry_count;
        accounting_.RecordAppend(*x->region, x->max_sequence_id);
      }
    }
  } else {
    FailLocked(write_status);
  }
  if (rolled) accounting_.AddSegment(file_number_, file_path_);
  if (!roll_status.ok()) FailLocked(roll_status);
  if (write_status.ok() && file_ != nullptr) {
    // Set under mu_, so a background sync that started before this batch
    // finished cannot mark its bytes synced.
    const bool wrote = std::any_of(batch.begin(), batch.end(),
                                   [](const Writer* x) { return !x->bytes.empty(); });
    const bool synced =
        std::any_of(batch.begin(), batch.end(), [](const Writer* x) { return x->sync; });
    if (wrote && !synced) unsynced_.store(true, std::memory_order_release);
    sync_target_ = file_;
    sync_target_flushed_ = file_->Size();
  }

  appends_.fetch_add(appends, std::memory_order_relaxed);
  entries_.fetch_add(entries, std::memory_order_relaxed);
  if (appends > max_batch_.load(std::memory_order_relaxed)) {
    max_batch_.store(appends, std::memory_order_relaxed);
  }
  // The edits of the batch are in the file even when the roll after them
  // failed, so appends and syncs report the write and a Roll() the roll.
  for (Writer* x : batch) {
    x->status = (x->kind == Writer::Kind::kRoll && write_status.ok()) ? roll_status : write_status;
  }
}

void Wal::FailLocked(const Status& cause) {
  if (!error_.ok()) return;
  error_ = cause;
}

void Wal::AbandonCurrent(uint64_t keep) {
  if (file_ == nullptr) return;
  {
    MutexLock lock(&mu_);
    if (sync_target_ == file_) sync_target_.reset();
    while (background_sync_file_ == file_.get()) background_sync_done_.Wait();
  }
  // An error here leaves the file as it is; the failure it follows is what
  // the writers are told.
  LogIfFailed(options_.logger, file_->AbandonAfter(keep),
              "cutting " + file_path_ + " to " + std::to_string(keep) + " bytes after a failed write");
  file_.reset();
  file_dirty_ = false;
}

Status Wal::StartAfterFailure(const Status& failure) {
  // A failed background sync leaves its segment open, with acknowledged
  // records that may not be durable: nothing new is acknowledged until a
  // sync of them succeeds.
  if (file_ != nullptr) {
    Status s = SyncCurrent();
    if (!s.ok()) {
      return Status::IOError("WAL " + options_.dir + " refuses writes: " + failure.ToString() +
                             "; syncing the segment again failed too: " + s.ToString());
    }
    RL_RETURN_IF_ERROR(CloseCurrent(/*sync=*/false));
  }
  uint64_t number = file_number_ + 1;
  while (options_.env->FileExists(JoinPath(options_.dir, wal::SegmentFileName(number)))) ++number;
  Status s = OpenSegment(number);
  if (s.ok()) return s;
  return Status::IOError("WAL " + options_.dir + " cannot start a new segment after a failed write (" +
                         failure.ToString() + "): " + s.ToString());
}

Status Wal::OpenSegment(uint64_t number) {
  Env* env = options_.env;
  const std::string path = JoinPath(options_.dir, wal::SegmentFileName(number));
  if (file_ != nullptr) {
    if (file_dirty_ && options_.async_sync_interval_ms > 0) {
      RetireCurrent();
    } else {
      RL_RETURN_IF_ERROR(CloseCurrent(/*sync=*/true));
    }
  }
  if (env->FileExists(path)) {
    return Status::IOError(path + ": WAL segment already exists; is another WAL using " +
                           options_.dir + "?");
  }
  auto file = env->NewMappedFile(path);
  if (!file.ok()) return file.status();
  const std::string header = wal::EncodeSegmentHeader(run_id_);
  Status s = (*file)->Append(header);
  if (s.ok()) s = (*file)->Flush();
  // Without this a power failure could lose the directory entry, and with it
  // every record later fsynced into the file.
  if (s.ok()) s = env->SyncDir(options_.dir);
  if (!s.ok()) {
    // No record was ever in it: gone, so a later attempt can take its number.
    (void)(*file)->AbandonAfter(0);  // removed next
    LogIfFailed(options_.logger, env->RemoveFile(path), "removing the unfinished WAL segment " + path);
    return s;
  }
  bytes_.fetch_add(header.size(), std::memory_order_relaxed);
  file_ = std::move(*file);
  file_path_ = path;
  file_number_ = number;
  file_dirty_ = false;  // a header alone holds nothing worth an fsync
  return Status::OK();
}

Status Wal::SyncCurrent() {
  if (!file_dirty_) return Status::OK();
  RL_RETURN_IF_ERROR(file_->Sync());
  syncs_.fetch_add(1, std::memory_order_relaxed);
  file_dirty_ = false;
  unsynced_.store(false, std::memory_order_release);
  return Status::OK();
}

Status Wal::CloseCurrent(bool sync) {
  if (file_ == nullptr) return Status::OK();
  {
    MutexLock lock(&mu_);
    if (sync_target_ == file_) sync_target_.reset();
    while (background_sync_file_ == file_.get()) background_sync_done_.Wait();
  }
  Status s = sync ? SyncCurrent() : Status::OK();
  Status c = file_->Close();
  file_.reset();
  return s.ok() ? c : s;
}

void Wal::MarkFlushed(const std::string& region, uint64_t flushed_seq) {
  {
    MutexLock lock(&mu_);
    accounting_.MarkFlushed(region, flushed_seq);
  }
  DeleteObsoleteSegments();
}

void Wal::ForgetRegion(const std::string& region) {
  {
    MutexLock lock(&mu_);
    accounting_.ForgetRegion(region);
  }
  DeleteObsoleteSegments();
}

void Wal::DeleteObsoleteSegments() {
  MutexLock cleanup(&cleanup_mu_);
  std::vector<wal::SegmentAccounting::Segment> obsolete;
  {
    MutexLock lock(&mu_);
    // Once closed without error the current segment is complete, and goes
    // like any other when every edit in it is flushed.
    obsolete = accounting_.Obsolete(/*include_current=*/closed_ && error_.ok());
  }
  for (const auto& segment : obsolete) {
    Status s = options_.env->RemoveFile(segment.path);
    // A failure leaves the segment tracked, so a later call retries it.
    if (!s.ok() && !s.IsNotFound()) {
      LogIfFailed(options_.logger, s, "deleting the flushed WAL segment " + segment.path);
      continue;
    }
    if (s.ok()) segments_deleted_.fetch_add(1, std::memory_order_relaxed);
    MutexLock lock(&mu_);
    accounting_.Remove(segment.number);
  }
}

Status Wal::DeleteRecoveredSegments() {
  MutexLock cleanup(&cleanup_mu_);
  std::vector<std::string> recovered;
  {
    MutexLock lock(&mu_);
    recovered = recovered_;
  }
  Status first_error;
  std::vector<std::string> kept;
  for (const std::string& path : recovered) {
    Status s = options_.env->RemoveFile(path);
    if (s.ok()) segments_deleted_.fetch_add(1, std::memory_order_relaxed);
    if (!s.ok() && !s.IsNotFound()) {
      kept.push_back(path);
      if (first_error.ok()) first_error = s;
    }
  }
  MutexLock lock(&mu_);
  recovered_ = std::move(kept);
  return first_error;
}

WalStats Wal::GetStats() const {
  WalStats stats;
  stats.entries = entries_.load(std::memory_order_relaxed);
  stats.appends = appends_.load(std::memory_order_relaxed);
  stats.syncs = syncs_.load(std::memory_order_relaxed);
  stats.bytes = bytes_.load(std::memory_order_relaxed);
  stats.segments_rolled = segments_rolled_.load(std::memory_order_relaxed);
  stats.segments_deleted = segments_deleted_.load(std::memory_order_relaxed);
  stats.group_commit_max_batch = max_batch_.load(std::memory_order_relaxed);
  MutexLock lock(&mu_);
  stats.live_segments = static_cast<uint32_t>(accounting_.size() + recovered_.size());
  stats.queued_writers = static_cast<uint32_t>(writers_.size());
  return stats;
}

void Wal::RetireCurrent() {
  {
    MutexLock lock(&mu_);
    if (sync_target_ == file_) sync_target_.reset();
    // A background sync of it may be running: the syncer finishes it before
    // it closes the retired segments, so the two never overlap.
    retired_.push_back(std::move(file_));
  }
  file_.reset();
  file_dirty_ = false;
  {
    MutexLock lock(&syncer_mu_);
    retire_pending_ = true;
  }
  syncer_cv_.SignalAll();
}

Status Wal::CloseRetired() {
  std::vector<std::shared_ptr<WritableFile>> files;
  {
    MutexLock lock(&mu_);
    files.swap(retired_);
  }
  Status first;
  for (const auto& f : files) {
    Status s = f->Sync();
    const Status c = f->Close();
    if (s.ok()) s = c;
    if (s.ok()) syncs_.fetch_add(1, std::memory_order_relaxed);
    if (!s.ok() && first.ok()) first = s;
  }
  if (!first.ok()) {
    MutexLock lock(&mu_);
    FailLocked(first);
  }
  return first;
}

Status Wal::BackgroundSync() {
  std::shared_ptr<WritableFile> file;
  uint64_t flushed = 0;
  {
    MutexLock lock(&mu_);
    if (!error_.ok()) return error_;
    if (closed_ || sync_target_ == nullptr) return Status::OK();
    file = sync_target_;
    flushed = sync_target_flushed_;
    background_sync_file_ = file.get();
  }
  // Without mu_ and outside the writer queue: leaders go on appending to the
  // file meanwhile, and a leader that must close it waits for this to end.
  Status s = file->SyncFlushed(flushed);
  {
    MutexLock lock(&mu_);
    background_sync_file_ = nullptr;
    if (!s.ok()) {
      FailLocked(s);
    } else {
      syncs_.fetch_add(1, std::memory_order_relaxed);
      // No batch finished since the bytes were counted: all of them are durable.
      if (sync_target_ == file && sync_target_flushed_ == flushed) {
        unsynced_.store(false, std::memory_order_release);
      }
    }
  }
  background_sync_done_.SignalAll();
  return s;
}

void Wal::SyncLoop() {
  const auto interval = std::chrono::milliseconds(options_.async_sync_interval_ms);
  std::string last_reported;  // the same failure is logged once, not every interval
  MutexLock lock(&syncer_mu_);
  while (!stop_syncer_) {
    // Woken early when a roll retires a segment.
    const auto deadline = std::chrono::steady_clock::now() + interval;
    while (!stop_syncer_ && !retire_pending_) {
      if (!syncer_cv_.WaitUntil(deadline)) break;
    }
    if (stop_syncer_) break;
    const bool retired = retire_pending_;
    retire_pending_ = false;
    const bool unsynced = unsynced_.load(std::memory_order_acquire);
    if (!retired && !unsynced) continue;
    lock.Unlock();
    // A failure is recorded in error_: the next writer closes the segment
    // and starts a new one. This thread goes on syncing that one.
    Status s = retired ? CloseRetired() : Status::OK();
    if (s.ok() && unsynced) s = BackgroundSync();
    if (!s.ok() && s.message() != last_reported) {
      LogTo(options_.logger, LogLevel::kError,
            "WAL " + options_.dir + ": background sync failed, writes are refused until a sync "
            "succeeds: " + s.ToString());
      last_reported = s.message();
    }
    if (s.ok()) last_reported.clear();
    lock.Lock();
  }
}

}  // namespace regionlab
