// Region flush and compaction: writing memstore snapshots and merged store
// files, committing them through the manifest, and scheduling the work.
#include <algorithm>
#include <chrono>

#include "cache/block_cache.h"
#include "region/compaction_policy.h"
#include "region/holding_iterator.h"
#include "region/merging_iterator.h"
#include "region/region_impl.h"
#include "region/store_scanner.h"
#include "storefile/store_file_writer.h"
#include "util/clock.h"
#include "util/crash_point.h"
#include "util/engine_log.h"
#include "util/env.h"
#include "wal/wal.h"

namespace regionlab {

namespace {
uint64_t ElapsedMs(std::chrono::steady_clock::time_point start) {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::steady_clock::now() - start)
                                   .count());
}
}  // namespace

ScanQueryOptions RegionImpl::CompactionOptionsFor(const Store& store) const {
  ScanQueryOptions o;
  o.max_versions = store.family.max_versions;
  o.min_versions = store.family.min_versions;
  o.ttl_ms = FamilyTtlMillis(store.family.ttl_seconds);
  o.now_ms = clock_->NowMillis();
  o.keep_deleted_cells = store.family.keep_deleted_cells;
  return o;
}

Status RegionImpl::WriteManifestLocked() { return WriteManifest(env_, dir_, manifest_); }

Result<std::shared_ptr<StoreFile>> RegionImpl::WriteStoreFile(
    size_t store_index, std::unique_ptr<KeyValueIterator> input, ScanType type, bool compaction,
    bool major, uint64_t* cells) {
  const Store& st = stores_[store_index];
  uint64_t number;
  {
    MutexLock l(&state_mu_);
    number = manifest_.next_file_number++;
  }
  const std::string name = StoreFileName(number);
  const std::string tmp_path = JoinPath(JoinPath(dir_, ".tmp"), name);
  // A region makes its `.tmp` and family directories with its first store
  // file (see Open). A new family directory's entry is made durable before
  // a file in it can be named by the manifest.
  RL_RETURN_IF_ERROR(env_->CreateDirs(JoinPath(dir_, ".tmp")));
  if (!env_->FileExists(st.dir)) {
    RL_RETURN_IF_ERROR(env_->CreateDirs(st.dir));
    RL_RETURN_IF_ERROR(env_->SyncDir(dir_));
  }
  StoreFileWriterOptions wo;
  wo.family = st.family.name;
  wo.block_size = st.family.block_size;
  wo.compression = compaction ? st.family.CompactionCompression() : st.family.compression;
  wo.encoding = st.family.data_block_encoding;
  wo.bloom = st.family.bloom;
  wo.major_compacted = major;
  auto writer = StoreFileWriter::Create(env_, tmp_path, wo);
  if (!writer.ok()) return writer.status();
  StoreScanner scanner(st.family.name, std::move(input), type, CompactionOptionsFor(st),
                       /*reversed=*/false, {}, {});
  std::string key, value;
  *cells = 0;
  while (scanner.NextIncluded(&key, &value)) {
    Status s = (*writer)->Add(key, value);
    if (!s.ok()) {
      (*writer)->Abandon();
      return s;
    }
    ++*cells;
  }
  if (!scanner.status().ok()) {
    (*writer)->Abandon();
    return scanner.status();
  }
  if (*cells == 0) {
    (*writer)->Abandon();
    return std::shared_ptr<StoreFile>();
  }
  RL_RETURN_IF_ERROR((*writer)->Finish());
  RL_RETURN_IF_ERROR(env_->RenameFile(tmp_path, JoinPath(st.dir, name)));
  RL_RETURN_IF_ERROR(env_->SyncDir(st.dir));
  CrashPoint(major ? "compaction:before-manifest" : "storefile:before-manifest");
  return OpenStoreFile(st, name);
}

Status RegionImpl::FlushNow(FlushReason reason) {
  MutexLock flush_lock(&flush_mu_);
  const auto start = std::chrono::steady_clock::now();
  bool pending = false;
  {
    MutexLock l(&state_mu_);
    for (const auto& st : stores_) pending |= st.version->snapshot != nullptr;
  }
  // A snapshot left by a failed flush is flushed again before a new one is taken.
  const uint64_t seq = pending ? snapshot_sequence_id_ : SwapMemstores();
  snapshot_sequence_id_ = seq;

  std::vector<std::shared_ptr<StoreFile>> outputs(stores_.size());
  uint64_t total_cells = 0, memstore_bytes = 0, file_bytes = 0;
  for (size_t i = 0; i < stores_.size(); ++i) {
    std::shared_ptr<MemStore> snap;
    {
      MutexLock l(&state_mu_);
      snap = stores_[i].version->snapshot;
    }
    if (snap == nullptr || snap->Empty()) continue;
    memstore_bytes += snap->HeapSize();
    auto it = std::make_unique<HoldingIterator>(snap, snap->NewIterator());
    uint64_t cells = 0;
    auto file = WriteStoreFile(i, std::move(it), ScanType::kCompactRetainDeletes,
                               /*compaction=*/false, /*major=*/false, &cells);
    if (!file.ok()) {
      // The snapshot stays and is flushed again next time; the files this
      // flush already wrote are in no manifest, so they go.
      for (const auto& f : outputs) {
        if (f) RemoveUnused(f->path, "of a failed flush");
      }
      return FlushFailed(file.status().WithContext("flush of region " + descriptor_.encoded_name));
    }
    outputs[i] = *file;
    total_cells += cells;
    if (*file) file_bytes += (*file)->size;
  }
  uint64_t flushed_sequence_id = 0;
  Status manifest_status;
  {
    MutexLock l(&state_mu_);
    RegionManifest next = manifest_;
    for (size_t i = 0; i < stores_.size(); ++i) {
      if (outputs[i]) next.files[stores_[i].family.name].push_back(outputs[i]->name);
    }
    next.flushed_sequence_id = std::max(next.flushed_sequence_id, seq);
    manifest_status = WriteManifest(env_, dir_, next);
    if (manifest_status.ok()) {
      manifest_ = std::move(next);
      for (size_t i = 0; i < stores_.size(); ++i) {
        auto v = std::make_shared<StoreVersion>(*stores_[i].version);
        v->snapshot = nullptr;
        if (outputs[i]) v->files.push_back(outputs[i]);
        stores_[i].version = std::move(v);
      }
      snapshot_bytes_.store(0, std::memory_order_relaxed);
      // Read under the lock: a compaction may be replacing manifest_ meanwhile.
      flushed_sequence_id = manifest_.flushed_sequence_id;
    }
  }
  if (!manifest_status.ok()) {
    for (const auto& f : outputs) {
      if (f) RemoveUnused(f->path, "of a failed flush");
    }
    return FlushFailed(manifest_status.WithContext("flush of region " + descriptor_.encoded_name));
  }
  flushed_sequence_id_ = flushed_sequence_id;
  {
    MutexLock l(&bg_mu_);
    last_flush_error_ = Status::OK();
    bg_flush_error_ = Status::OK();  // whoever ran it, the latest flush worked
  }
  if (wal_ != nullptr) wal_->MarkFlushed(descriptor_.encoded_name, seq);
  if (options_.global_memstore != nullptr) {
    const auto cur = static_cast<int64_t>(MemstoreHeapSize());
    options_.global_memstore->bytes += cur - global_accounted_.exchange(cur);
  }
  ++flushes_;
  flushed_bytes_ += file_bytes;
  const uint64_t ms = ElapsedMs(start);
  flush_time_ms_ += ms;
  NotifyFlushDone();
  FlushEvent ev{descriptor_.encoded_name, reason, clock_->NowMillis(), total_cells,
                memstore_bytes, file_bytes, ms, seq};
  std::function<void(const FlushEvent&)> cb;
  {
    MutexLock l(&bg_mu_);
    cb = listener_.on_flush;
  }
  if (cb) cb(ev);
  MaybeScheduleCompaction();
  return Status::OK();
}

void RegionImpl::RemoveUnused(const std::string& path, const char* why) {
  // Not in the manifest: a failure leaves a file the next open removes.
  Status s = env_->RemoveFile(path);
  if (!s.ok() && !s.IsNotFound()) {
    LogIfFailed(options_.logger, s,
                "region " + descriptor_.encoded_name + ": removing the store file " + path + " (" +
                    why + ")");
  }
}

Status RegionImpl::FlushFailed(const Status& s) {
  {
    MutexLock l(&bg_mu_);
    last_flush_error_ = s;
  }
  ReportBackgroundError("flush", s);
  NotifyFlushDone();  // a writer waiting on a blocked memstore sees the failure
  return s;
}

void RegionImpl::ReportBackgroundError(const char* what, const Status& s) {
  std::function<void(const std::string&, const Status&)> cb;
  {
    MutexLock l(&bg_mu_);
    cb = listener_.on_error;
  }
  if (cb) cb(what, s);
}

void RegionImpl::NotifyFlushDone() {
  MutexLock l(&bg_mu_);
  bg_cv_.SignalAll();
}

namespace {
// Holds the region server's off-peak compaction flag (HBase's
// offPeakCompactionTracker) from a selection that used it to the end of the
// compaction; gives it back on every way out.
class OffPeakSlot {
 public:
  explicit OffPeakSlot(std::atomic<bool>* flag) : flag_(flag) {}
  ~OffPeakSlot() { Release(); }
  OffPeakSlot(const OffPeakSlot&) = delete;
  OffPeakSlot& operator=(const OffPeakSlot&) = delete;
  // True when this call set the flag: no other off-peak compaction runs.
  bool TryTake() {
    bool expected = false;
    held_ = flag_->compare_exchange_strong(expected, true);
    return held_;
  }
  void Release() {
    if (held_) flag_->store(false);
    held_ = false;
  }
  bool held() const { return held_; }

 private:
  std::atomic<bool>* flag_;
  bool held_ = false;
};
}  // namespace

Status RegionImpl::CompactStore(size_t store_index, bool major) {
  Store& st = stores_[store_index];
  std::vector<std::shared_ptr<StoreFile>> inputs;
  bool drop_deletes = false;
  std::string reason;
  OffPeakSlot off_peak(off_peak_compaction_);
  {
    MutexLock l(&state_mu_);
    if (st.compacting) return Status::OK();
    const auto& files = st.version->files;
    if (files.empty()) return Status::OK();
    if (HasReferences(*st.version)) {
      reason = "rewrites the references to its parent's files";
    } else if (major) {
      reason = "major compaction requested";
    }
    if (major || HasReferences(*st.version)) {
      inputs = files;  // references are always rewritten together with everything else
    } else {
      std::vector<CompactionCandidate> cands;
      for (const auto& f : files) {
        cands.push_back({f->size, f->reader->info().max_sequence_id, false});
      }
      // The clock is read only when the store has off-peak hours at all.
      const bool may_use_off_peak =
          HasOffPeakHours(st.compaction) &&
          IsOffPeakHour(st.compaction, LocalHourOf(clock_->NowMillis())) && off_peak.TryTake();
      CompactionSelection sel =
          SelectMinorCompaction(cands, st.compaction, st.blocking_store_files, may_use_off_peak);
      if (!sel.off_peak) off_peak.Release();  // the policy did not use the off-peak settings
      for (size_t idx : sel.files) inputs.push_back(files[idx]);
      if (inputs.empty()) return Status::OK();
      reason = std::to_string(files.size()) + " store files, hbase.hstore.compaction.min " +
               std::to_string(st.compaction.min_files) + ": the exploring policy took " +
               std::to_string(inputs.size());
    }
    // With every file in the compaction, no older file can hold cells that a
    // delete marker still has to mask: markers can go (HBase's "all files" rule).
    drop_deletes = major || inputs.size() == files.size();
    st.compacting = true;
  }
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::unique_ptr<KeyValueIterator>> children;
  uint64_t input_bytes = 0;
  for (const auto& f : inputs) {
    children.push_back(f->NewIterator(/*use_cache=*/false));
    input_bytes += f->size;
  }
  uint64_t cells = 0;
  auto out = WriteStoreFile(store_index, NewMergingIterator(std::move(children)),
                            drop_deletes ? ScanType::kCompactDropDeletes
                                         : ScanType::kCompactRetainDeletes,
                            /*compaction=*/true, drop_deletes, &cells);
  // The listener is told after the locks are released: it may flush.
  uint64_t out_bytes = 0, ms = 0;
  Status failure;
  {
    MutexLock l(&state_mu_);
    st.compacting = false;
    if (!out.ok()) {
      failure = out.status().WithContext("compaction of region " + descriptor_.encoded_name +
                                         " family " + st.family.name);
    } else {
      auto v = std::make_shared<StoreVersion>(*st.version);
      std::vector<std::shared_ptr<StoreFile>> files;
      bool placed = false;
      for (const auto& f : v->files) {
        if (std::find(inputs.begin(), inputs.end(), f) != inputs.end()) {
          if (!placed && *out) files.push_back(*out);
          placed = true;
        } else {
          files.push_back(f);
        }
      }
      RegionManifest next = manifest_;
      auto& names = next.files[st.family.name];
      names.clear();
      for (const auto& f : files) names.push_back(f->name);
      failure = WriteManifest(env_, dir_, next);
      if (!failure.ok()) {
        // The inputs stay; the output is in no manifest.
        if (*out) RemoveUnused((*out)->path, "of a failed compaction");
        failure = failure.WithContext("compaction of region " + descriptor_.encoded_name);
      } else {
        manifest_ = std::move(next);
        v->files = std::move(files);
        st.version = std::move(v);
        for (const auto& f : inputs) {
          cache_->EraseFile(f->reader->file_id());
          // Open readers keep their descriptor. A reference's file belongs to the
          // parent region; the cluster removes the parent once nothing refers to it.
          if (!f->is_reference) RemoveUnused(f->path, "compacted away");
        }
        ++compactions_;
        if (major) ++major_compactions_;
        compacted_in_ += input_bytes;
        out_bytes = *out ? (*out)->size : 0;
        compacted_out_ += out_bytes;
        ms = ElapsedMs(start);
        compaction_time_ms_ += ms;
      }
    }
  }
  if (!failure.ok()) {
    ReportBackgroundError("compaction", failure);
    return failure;
  }
  CompactionEvent ev{descriptor_.encoded_name, st.family.name, major, clock_->NowMillis(),
                     inputs.size(), input_bytes, out_bytes, cells, ms};
  ev.off_peak = off_peak.held();
  ev.reason = std::move(reason);
  off_peak.Release();
  std::function<void(const CompactionEvent&)> cb;
  {
    MutexLock bl(&bg_mu_);
    cb = listener_.on_compaction;
  }
  if (cb) cb(ev);
  return Status::OK();
}

Status RegionImpl::Flush(FlushReason reason, bool wait) {
  if (wait) return FlushNow(reason);
  MutexLock l(&bg_mu_);
  if (closing_ || closed_ || flush_scheduled_ || pool_ == nullptr) return Status::OK();
  flush_scheduled_ = true;
  ++bg_running_;
  pool_->Schedule([this, reason] {
    Status s = FlushNow(reason);
    MutexLock bl(&bg_mu_);
    flush_scheduled_ = false;
    --bg_running_;
    bg_flush_error_ = s;  // the latest background flush's outcome
    bg_cv_.SignalAll();
  });
  return Status::OK();
}

Status RegionImpl::Compact(bool major, bool wait) {
  if (wait) {
    // One compaction at a time: wait for a background one to finish, or a
    // store it is compacting would be skipped here.
    {
      MutexLock l(&bg_mu_);
      while (compaction_scheduled_) bg_cv_.Wait();
      compaction_scheduled_ = true;
    }
    Status s;
    for (size_t i = 0; i < stores_.size() && s.ok(); ++i) s = CompactStore(i, major);
    bool requested = false, requested_major = false;
    {
      MutexLock l(&bg_mu_);
      compaction_scheduled_ = false;
      std::swap(requested, compaction_requested_);
      std::swap(requested_major, compaction_requested_major_);
      bg_cv_.SignalAll();
    }
    // Only queues it; its outcome reaches the listener (on_error).
    if (requested) (void)Compact(requested_major, /*wait=*/false);
    return s;
  }
  MutexLock l(&bg_mu_);
  if (closing_ || closed_ || pool_ == nullptr) return Status::OK();
  if (compaction_scheduled_) {
    // Queued, as HBase queues compaction requests: served once the running
    // compaction is done (a major request stays major).
    compaction_requested_ = true;
    compaction_requested_major_ |= major;
    return Status::OK();
  }
  compaction_scheduled_ = true;
  ++bg_running_;
  pool_->Schedule([this, major] {
    bool run_major = major;
    Status s;
    for (;;) {
      for (size_t i = 0; i < stores_.size() && s.ok(); ++i) s = CompactStore(i, run_major);
      MutexLock bl(&bg_mu_);
      if (!s.ok() || closing_ || closed_ || !compaction_requested_) {
        compaction_requested_ = compaction_requested_major_ = false;
        break;
      }
      run_major = compaction_requested_major_;
      compaction_requested_ = compaction_requested_major_ = false;
    }
    MutexLock bl(&bg_mu_);
    compaction_scheduled_ = false;
    --bg_running_;
    bg_compaction_error_ = s;  // the latest background compaction's outcome
    bg_cv_.SignalAll();
  });
  return Status::OK();
}

void RegionImpl::MaybeScheduleCompaction() {
  if (!options_.compaction.auto_compact) return;
  bool needed = false;
  {
    MutexLock l(&state_mu_);
    for (const auto& st : stores_) {
      needed |= NeedsCompaction(st.version->files.size(), st.compaction) ||
                HasReferences(*st.version);
    }
  }
  if (needed) (void)Compact(/*major=*/false, /*wait=*/false);  // queued; see on_error
}

Status RegionImpl::WaitForBackgroundWork() {
  MutexLock l(&bg_mu_);
  while (bg_running_ != 0) bg_cv_.Wait();
  // The latest outcomes: a failure that a later run of the same job made
  // good is not reported again.
  return !bg_flush_error_.ok() ? bg_flush_error_ : bg_compaction_error_;
}

}  // namespace regionlab
