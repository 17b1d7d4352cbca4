// Region: open, recovery, close, metrics, and the public wrapper.
#include "regionlab/region.h"

#include <algorithm>
#include <set>

#include "cache/block_cache.h"
#include "region/holding_iterator.h"
#include "region/region_impl.h"
#include "regionlab/bytes.h"
#include "regionlab/store_configuration.h"
#include "util/clock.h"
#include "util/env.h"
#include "util/key_value.h"
#include "wal/wal.h"
#include "wal/wal_reader.h"

namespace regionlab {

// ---- small helpers -------------------------------------------------------

std::string FamilyDirName(const std::string& family) {
  const bool plain = !family.empty() && std::all_of(family.begin(), family.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-' || c == '.';
  }) && family != "." && family != ".." && family != "wal" && family != "recovered.edits" &&
                     family != "MANIFEST" && family != "MANIFEST.tmp";
  return plain ? family : "x-" + ToHex(family);
}

std::string StoreFileName(uint64_t number) {
  std::string digits = std::to_string(number);
  if (digits.size() < 12) digits.insert(0, 12 - digits.size(), '0');
  return digits + ".sf";
}

const char* FlushReasonName(FlushReason r) {
  switch (r) {
    case FlushReason::kSize: return "memstore size";
    case FlushReason::kGlobalPressure: return "global memstore pressure";
    case FlushReason::kManual: return "manual";
    case FlushReason::kClose: return "close";
  }
  return "unknown";
}

uint64_t MemStoreBytes(const MemStore* m) {
  return m == nullptr || m->Empty() ? 0 : m->HeapSize();
}

// ---- RowMutation builders -----------------------------------------------

RowMutation& RowMutation::Put(std::string family, std::string qualifier, std::string value,
                              int64_t ts) {
  cells.push_back({std::move(family), std::move(qualifier), ts, CellType::kPut, std::move(value)});
  return *this;
}

RowMutation& RowMutation::DeleteColumns(std::string family, std::string qualifier, int64_t ts) {
  cells.push_back({std::move(family), std::move(qualifier), ts, CellType::kDeleteColumn, {}});
  return *this;
}

RowMutation& RowMutation::DeleteColumn(std::string family, std::string qualifier, int64_t ts) {
  cells.push_back({std::move(family), std::move(qualifier), ts, CellType::kDelete, {}});
  return *this;
}

RowMutation& RowMutation::DeleteFamily(std::string family, int64_t ts) {
  cells.push_back({std::move(family), {}, ts, CellType::kDeleteFamily, {}});
  return *this;
}

RowMutation& RowMutation::DeleteFamilyVersion(std::string family, int64_t ts) {
  cells.push_back({std::move(family), {}, ts, CellType::kDeleteFamilyVersion, {}});
  return *this;
}

// ---- RegionImpl: open / close --------------------------------------------

RegionImpl::RegionImpl(const RegionOptions& options, std::string dir, RegionDescriptor descriptor)
    : options_(options),
      dir_(std::move(dir)),
      descriptor_(std::move(descriptor)),
      env_(options.env ? options.env : Env::Default()),
      clock_(options.clock ? options.clock : Clock::System()),
      cache_(options.block_cache),
      off_peak_compaction_(options.off_peak_compaction != nullptr ? options.off_peak_compaction
                                                                  : &own_off_peak_compaction_) {
  if (cache_ == nullptr) {
    own_cache_ = std::make_unique<BlockCache>(options.block_cache_capacity);
    cache_ = own_cache_.get();
  }
  if (options_.compaction.min_size == 0) {
    options_.compaction.min_size = options_.memstore_flush_size;
  }
}

RegionImpl::~RegionImpl() { (void)Shutdown(/*flush=*/true, /*stay_open_if_flush_fails=*/false); }

Status RegionImpl::Open(Wal* shared_wal, RecoveryReport* report) {
  RecoveryReport local_report;
  if (report == nullptr) report = &local_report;
  if (descriptor_.families.empty()) {
    return Status::InvalidArgument("region " + descriptor_.encoded_name + " has no column family");
  }
  std::set<std::string> names;
  for (const auto& f : descriptor_.families) {
    if (f.name.empty()) return Status::InvalidArgument("a column family name is empty");
    if (!names.insert(f.name).second) {
      return Status::InvalidArgument("column family '" + ToStringBinary(f.name) +
                                     "' is declared twice");
    }
  }
  RL_RETURN_IF_ERROR(env_->CreateDirs(dir_));

  // Nothing else runs yet; held throughout for the manifest.
  MutexLock state(&state_mu_);
  Status s = ReadManifest(env_, dir_, &manifest_);
  // No MANIFEST: a new region. It writes none until its file set first
  // changes (a flush): until then it has no files for one to name, and
  // creating thousands of regions costs no sync each.
  if (!s.ok() && !s.IsNotFound()) return s.WithContext("region " + descriptor_.encoded_name);

  // Leftovers of an interrupted flush or compaction. `.tmp` and the family
  // directories are made by the first store file written (WriteStoreFile),
  // not here, and are not removed and made again: a new region is one
  // directory, and on a filesystem that discards freed blocks at once every
  // directory made and removed costs milliseconds.
  const std::string tmp_dir = JoinPath(dir_, ".tmp");
  if (env_->FileExists(tmp_dir)) {
    auto children = env_->GetChildren(tmp_dir);
    if (!children.ok()) return children.status().WithContext("region " + descriptor_.encoded_name);
    for (const auto& name : *children) {
      const std::string path = JoinPath(tmp_dir, name);
      report->removed_orphans.push_back(path);
      Status removed = env_->RemoveFile(path);
      if (!removed.ok()) removed = env_->RemoveDirRecursive(path);
      RL_RETURN_IF_ERROR(removed);
    }
  }

  auto families = descriptor_.families;
  std::sort(families.begin(), families.end(),
            [](const FamilyOptions& a, const FamilyOptions& b) { return a.name < b.name; });
  uint64_t max_seq = manifest_.flushed_sequence_id;
  for (auto& family : families) {
    Store store;
    store.family = family;
    store.dir = JoinPath(dir_, FamilyDirName(family.name));
    store.compaction = options_.compaction;
    store.blocking_store_files = options_.blocking_store_files;
    // The family's CONFIGURATION overrides the table's, as in HBase.
    ApplyStoreConfiguration(family.configuration, &store.compaction, &store.blocking_store_files);
    auto version = std::make_shared<StoreVersion>();
    version->active = std::make_shared<MemStore>();
    const auto& listed = manifest_.files[family.name];  // creates an empty entry when new
    std::set<std::string> live(listed.begin(), listed.end());  // references have no local file
    for (const auto& name : listed) {
      auto file = OpenStoreFile(store, name);
      if (!file.ok()) return file.status().WithContext("region " + descriptor_.encoded_name);
      max_seq = std::max(max_seq, (*file)->reader->info().max_sequence_id);
      version->files.push_back(*file);
    }
    auto children = env_->FileExists(store.dir) ? env_->GetChildren(store.dir)
                                                : Result<std::vector<std::string>>(
                                                      std::vector<std::string>());
    if (!children.ok()) return children.status();
    for (const auto& name : *children) {
      if (live.count(name) == 0) {
        const std::string path = JoinPath(store.dir, name);
        report->removed_orphans.push_back(path);
        RL_RETURN_IF_ERROR(env_->RemoveFile(path));
      }
    }
    store.version = std::move(version);
    stores_.push_back(std::move(store));
  }
  for (const auto& st : stores_) leader_active_.push_back(st.version->active.get());
  flushed_sequence_id_ = manifest_.flushed_sequence_id;
  next_sequence_id_ = max_seq + 1;
  read_point_ = max_seq;
  state.Unlock();

  if (options_.background_pool != nullptr) {
    pool_ = options_.background_pool;
  } else {
    own_pool_ = std::make_unique<ThreadPool>(std::max(1, options_.background_threads));
    pool_ = own_pool_.get();
  }

  // Edits split out of a stopped region server's WAL for this region.
  const std::string recovered_dir = JoinPath(dir_, kRecoveredEditsDir);
  const bool has_recovered = env_->FileExists(recovered_dir);
  if (has_recovered) {
    RL_RETURN_IF_ERROR(ReplayOwnEdits(recovered_dir, report));
  }

  if (shared_wal != nullptr) {
    wal_ = shared_wal;
    bool recovered = false;
    for (const auto& st : stores_) recovered |= !st.version->active->Empty();
    if (recovered) RL_RETURN_IF_ERROR(FlushNow(FlushReason::kManual));
  } else {
    // A region with its own WAL replays it now, flushes what it recovered,
    // and then drops the old segments.
    const std::string wal_dir = JoinPath(dir_, "wal");
    RL_RETURN_IF_ERROR(env_->CreateDirs(wal_dir));
    RL_RETURN_IF_ERROR(ReplayOwnEdits(wal_dir, report));
    WalOptions wo;
    wo.env = env_;
    wo.dir = wal_dir;
    wo.roll_size = options_.wal_roll_size;
    auto wal = Wal::Open(wo);
    if (!wal.ok()) return wal.status();
    own_wal_ = std::move(*wal);
    wal_ = own_wal_.get();
    bool recovered = false;
    for (const auto& st : stores_) recovered |= !st.version->active->Empty();
    if (recovered) RL_RETURN_IF_ERROR(FlushNow(FlushReason::kManual));
    RL_RETURN_IF_ERROR(own_wal_->DeleteRecoveredSegments());
  }
  // Everything recovered is in store files now.
  if (has_recovered) RL_RETURN_IF_ERROR(env_->RemoveDirRecursive(recovered_dir));
  report->wal_entries_replayed = report_replayed_;
  report->wal_entries_skipped = report_skipped_;
  report->max_sequence_id = next_sequence_id_ - 1;
  // As HBase's region server does once a region is open: a store with
  // enough files (or with references) is queued for compaction.
  MaybeScheduleCompaction();
  return Status::OK();
}

std::unique_ptr<KeyValueIterator> StoreFile::NewIterator(bool use_cache) const {
  auto it = reader->NewIterator(use_cache);
  if (is_reference) it = NewHalfIterator(std::move(it), ref.half, ref.split_row);
  return std::make_unique<HoldingIterator>(reader, std::move(it));
}

bool HasReferences(const StoreVersion& v) {
  return std::any_of(v.files.begin(), v.files.end(),
                     [](const auto& f) { return f->is_reference; });
}

Status RegionImpl::ReplayOwnEdits(const std::string& wal_dir, RecoveryReport* report) {
  WalReplayReport wal_report;
  RL_RETURN_IF_ERROR(ReplayWal(
      env_, wal_dir,
      [this](const WalEntry& e) {
        return e.region == descriptor_.encoded_name ? Replay(e) : Status::OK();
      },
      &wal_report));
  for (const auto& p : wal_report.problems) report->problems.push_back(p.ToString());
  if (wal_report.damaged_segments.empty()) return Status::OK();
  // Moved aside before anything deletes the directory's segments.
  const std::string corrupt = options_.wal_corrupt_dir.empty()
                                  ? JoinPath(JoinPath(dir_, "wal"), "corrupt")
                                  : options_.wal_corrupt_dir;
  auto lines = QuarantineDamagedSegments(env_, wal_report, corrupt);
  if (!lines.ok()) return lines.status().WithContext("region " + descriptor_.encoded_name);
  for (auto& line : *lines) {
    report->warnings.push_back("region " + descriptor_.encoded_name + " of " + descriptor_.table +
                               ": " + line);
  }
  return Status::OK();
}

Result<std::shared_ptr<StoreFile>> RegionImpl::OpenStoreFile(const Store& store,
                                                             const std::string& name) {
  auto file = std::make_shared<StoreFile>();
  file->name = name;
  file->path = JoinPath(store.dir, name);
  if (IsReferenceName(name)) {
    if (!ParseReferenceName(name, &file->ref)) {
      return Status::Corruption(JoinPath(dir_, kManifestFileName) + ": malformed reference '" +
                                name + "'");
    }
    file->is_reference = true;
    file->path = JoinPath(JoinPath(JoinPath(DirName(dir_), file->ref.parent_region),
                                   FamilyDirName(store.family.name)),
                          file->ref.file);
  }
  StoreFileReadOptions ro;
  ro.cache_blocks = store.family.block_cache;
  ro.in_memory = store.family.in_memory;
  auto reader = StoreFileReader::Open(env_, file->path, cache_, ro);
  if (!reader.ok()) return reader.status();
  file->reader = std::move(*reader);
  file->size = file->reader->info().file_size;
  if (file->is_reference && file->ref.half != StoreFileReference::Half::kWhole) file->size /= 2;
  return file;
}

Status RegionImpl::Replay(const WalEntry& entry) {
  uint64_t flushed = 0;
  {
    // A flush of replayed edits may be writing the manifest meanwhile.
    MutexLock l(&state_mu_);
    flushed = manifest_.flushed_sequence_id;
  }
  if (entry.sequence_id <= flushed) {
    ++report_skipped_;
    return Status::OK();
  }
  std::string key;
  for (const auto& edit : entry.edits) {
    auto it = std::find_if(stores_.begin(), stores_.end(),
                           [&](const Store& s) { return s.family.name == edit.family; });
    if (it == stores_.end()) continue;  // the family was dropped since
    key.clear();
    AppendKey(&key, edit.row, edit.qualifier, edit.timestamp, edit.type, entry.sequence_id);
    it->version->active->Add(key, edit.value);
  }
  ++report_replayed_;
  RefreshActiveBytes();
  if (entry.sequence_id >= next_sequence_id_) next_sequence_id_ = entry.sequence_id + 1;
  if (entry.sequence_id > read_point_) read_point_ = entry.sequence_id;
  return Status::OK();
}

Status RegionImpl::Shutdown(bool flush, bool stay_open_if_flush_fails) {
  {
    MutexLock l(&bg_mu_);
    if (closed_ || closing_) return Status::OK();
    closing_ = true;
    closing_writes_.store(true);
    if (pool_ == nullptr) {  // never opened
      closed_ = true;
      return Status::OK();
    }
    // Writes that got past the closed check finish first, then background work.
    bg_cv_.SignalAll();
    while (bg_running_ != 0 || active_writes_.load() != 0) bg_cv_.Wait();
  }
  Status s;
  if (flush) {
    bool any = false;
    for (const auto& st : stores_) any |= !st.version->active->Empty() || st.version->snapshot;
    if (any) s = FlushNow(FlushReason::kClose);
  }
  if (!s.ok() && stay_open_if_flush_fails) {
    // The memstores still hold edits that are only in the WAL: the region
    // stays open and serves them, and the caller's close (a split, a move)
    // fails instead of taking them offline.
    MutexLock l(&bg_mu_);
    closing_ = false;
    closing_writes_.store(false);
    bg_cv_.SignalAll();
    return s.WithContext("region " + descriptor_.encoded_name + " stays open");
  }
  own_pool_.reset();
  if (own_wal_ != nullptr) {
    Status ws = own_wal_->Close();
    if (s.ok()) s = ws;
  } else if (wal_ != nullptr && flush && s.ok()) {
    wal_->MarkFlushed(descriptor_.encoded_name, flushed_sequence_id_);
  }
  if (options_.global_memstore != nullptr) {
    options_.global_memstore->bytes -= global_accounted_.exchange(0);
  }
  MutexLock l(&bg_mu_);
  closed_ = true;
  bg_cv_.SignalAll();
  return s;
}

Status RegionImpl::RollWal() {
  Wal* wal = nullptr;
  {
    MutexLock l(&bg_mu_);
    if (closed_ || closing_) {
      return Status::InvalidArgument("region " + descriptor_.encoded_name + " is closed");
    }
    wal = wal_;
  }
  if (wal == nullptr) {
    return Status::InvalidArgument("region " + descriptor_.encoded_name + " has no WAL");
  }
  return wal->Roll();
}

Status RegionImpl::VisitStoreFiles(
    const std::function<Status(const std::string&, const std::string&, const std::string&)>& fn)
    const {
  // Compactions delete their inputs and flushes add files under state_mu_.
  MutexLock l(&state_mu_);
  for (const auto& st : stores_) {
    for (const auto& f : st.version->files) {
      if (f->is_reference) {
        return Status::NotSupported("region " + descriptor_.encoded_name + " family " +
                                    st.family.name + " still reads its parent's file " +
                                    f->ref.file + " through a reference");
      }
    }
  }
  for (const auto& st : stores_) {
    for (const auto& f : st.version->files) RL_RETURN_IF_ERROR(fn(st.family.name, f->name, f->path));
  }
  return Status::OK();
}

Result<SplitPoint> RegionImpl::GetSplitPoint() const {
  SplitPoint sp;
  std::vector<std::shared_ptr<const StoreVersion>> versions;
  {
    MutexLock l(&state_mu_);
    for (const auto& st : stores_) versions.push_back(st.version);
  }
  const StoreVersion* largest = nullptr;
  for (const auto& v : versions) {
    uint64_t bytes = 0;
    for (const auto& f : v->files) bytes += f->size;
    sp.has_references |= HasReferences(*v);
    if (largest == nullptr || bytes > sp.largest_store_bytes) {
      largest = v.get();
      sp.largest_store_bytes = bytes;
    }
  }
  if (largest == nullptr || largest->files.empty() || sp.has_references) return sp;
  const StoreFile* file = nullptr;
  for (const auto& f : largest->files) {
    if (file == nullptr || f->size > file->size) file = f.get();
  }
  const StoreFileInfo& info = file->reader->info();
  const std::string mid = file->reader->MidKey();
  if (mid.empty() || info.first_key.empty()) return sp;
  sp.row = KeyRow(mid);
  sp.first_row = KeyRow(info.first_key);
  sp.last_row = KeyRow(info.last_key);
  return sp;
}

void RegionImpl::SetListener(RegionListener l) {
  MutexLock lock(&bg_mu_);
  listener_ = std::move(l);
}

RegionMetrics RegionImpl::GetMetrics() const {
  RegionMetrics m;
  m.region = descriptor_.encoded_name;
  std::vector<std::shared_ptr<const StoreVersion>> versions;
  {
    MutexLock l(&state_mu_);
    for (const auto& st : stores_) versions.push_back(st.version);
  }
  for (size_t i = 0; i < stores_.size(); ++i) {
    StoreMetrics sm;
    sm.family = stores_[i].family.name;
    const auto& v = versions[i];
    sm.memstore_heap_bytes = MemStoreBytes(v->active.get()) + MemStoreBytes(v->snapshot.get());
    sm.memstore_data_bytes = v->active->DataSize() + (v->snapshot ? v->snapshot->DataSize() : 0);
    sm.store_files = v->files.size();
    for (const auto& f : v->files) {
      sm.store_file_bytes += f->size;
      sm.store_file_cells += f->reader->info().cell_count;
    }
    m.memstore_heap_bytes += sm.memstore_heap_bytes;
    m.store_files += sm.store_files;
    m.store_file_bytes += sm.store_file_bytes;
    m.stores.push_back(std::move(sm));
  }
  m.read_requests = read_requests_;
  m.write_requests = write_requests_;
  m.flushes = flushes_;
  m.flushed_bytes = flushed_bytes_;
  m.flush_time_ms = flush_time_ms_;
  m.compactions = compactions_;
  m.major_compactions = major_compactions_;
  m.compacted_input_bytes = compacted_in_;
  m.compacted_output_bytes = compacted_out_;
  m.compaction_time_ms = compaction_time_ms_;
  m.last_sequence_id = read_point_;
  m.flushed_sequence_id = flushed_sequence_id_;
  m.blocked_writes = blocked_writes_;
  if (wal_ != nullptr) {
    WalStats ws = wal_->GetStats();
    m.wal_syncs = ws.syncs;
    m.wal_appends = ws.appends;
    m.wal_bytes = ws.bytes;
  }
  BlockCacheStats cs = cache_->GetStats();
  m.block_cache.capacity = cs.capacity;
  m.block_cache.size = cs.size;
  m.block_cache.single_bytes = cs.single_bytes;
  m.block_cache.multi_bytes = cs.multi_bytes;
  m.block_cache.memory_bytes = cs.memory_bytes;
  m.block_cache.blocks = cs.block_count;
  m.block_cache.hits = cs.hits;
  m.block_cache.misses = cs.misses;
  m.block_cache.evictions = cs.evictions;
  m.block_cache.evicted_blocks = cs.evicted_blocks;
  m.block_cache.hit_ratio = cs.HitRatio();
  return m;
}

// ---- Region: the public face ---------------------------------------------

Region::Region(std::unique_ptr<RegionImpl> impl) : impl_(std::move(impl)) {}
Region::~Region() = default;

Result<std::unique_ptr<Region>> Region::Open(const RegionOptions& options, const std::string& dir,
                                             const RegionDescriptor& descriptor, Wal* wal,
                                             RecoveryReport* report, RegionListener listener) {
  auto impl = std::make_unique<RegionImpl>(options, dir, descriptor);
  impl->SetListener(std::move(listener));
  Status s = impl->Open(wal, report);
  if (!s.ok()) return s;
  return std::unique_ptr<Region>(new Region(std::move(impl)));
}

const RegionDescriptor& Region::descriptor() const { return impl_->descriptor(); }
Status Region::Mutate(const RowMutation& m) {
  return impl_->Write(std::span<const RowMutation>(&m, 1));
}
Status Region::MutateBatch(const std::vector<RowMutation>& ms) { return impl_->Write(ms); }
Result<RowResult> Region::DoGet(const Get& get) { return impl_->DoGet(get); }
Status Region::DoGet(const Get& get, RowResult* out) { return impl_->DoGet(get, out); }
Result<std::unique_ptr<RegionScanner>> Region::GetScanner(const Scan& scan) {
  return impl_->GetScanner(scan);
}
Status Region::Flush(bool wait) { return impl_->Flush(FlushReason::kManual, wait); }
Status Region::Compact(bool major, bool wait) { return impl_->Compact(major, wait); }
Status Region::WaitForBackgroundWork() { return impl_->WaitForBackgroundWork(); }
Status Region::RollWal() { return impl_->RollWal(); }
RegionMetrics Region::GetMetrics() const { return impl_->GetMetrics(); }
void Region::SetListener(RegionListener l) { impl_->SetListener(std::move(l)); }
Status Region::Replay(const WalEntry& entry) { return impl_->Replay(entry); }
Status Region::Close() { return impl_->Shutdown(/*flush=*/true, /*stay_open_if_flush_fails=*/true); }
Status Region::Abort() { return impl_->Shutdown(/*flush=*/false, false); }
Result<SplitPoint> Region::GetSplitPoint() const { return impl_->GetSplitPoint(); }

Status Region::VisitStoreFiles(
    const std::function<Status(const std::string&, const std::string&, const std::string&)>& fn)
    const {
  return impl_->VisitStoreFiles(fn);
}
Result<int64_t> Region::Increment(const std::string& row, const std::string& family,
                                  const std::string& qualifier, int64_t amount,
                                  Durability durability) {
  return impl_->Increment(row, family, qualifier, amount, durability);
}
Result<std::string> Region::Append(const std::string& row, const std::string& family,
                                   const std::string& qualifier, const std::string& suffix,
                                   Durability durability) {
  return impl_->Append(row, family, qualifier, suffix, durability);
}
Result<bool> Region::CheckAndMutate(const std::string& family, const std::string& qualifier,
                                    const std::optional<std::string>& expected,
                                    const RowMutation& mutation) {
  return impl_->CheckAndMutate(family, qualifier, expected, mutation);
}

}  // namespace regionlab
