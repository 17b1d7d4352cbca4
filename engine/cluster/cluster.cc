// Cluster open and close: recovery of unfinished operations, splitting the
// previous run's WALs into recovered edits, starting the region servers,
// assigning and opening regions, and the janitor.
#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

#include <unistd.h>

#include "cluster/cluster_impl.h"
#include "cluster/hbase_meta.h"
#include "region/manifest.h"
#include "region/reference.h"
#include "regionlab/bytes.h"
#include "regionlab/store_configuration.h"
#include "util/clock.h"
#include "util/env.h"
#include "util/md5.h"
#include "wal/wal_reader.h"

namespace regionlab {

namespace {
constexpr char kLabScaleFile[] = "lab-scale";

bool IsLive(const RegionRecord& r) {
  return !r.split_parent && r.state != RegionState::kSplit && r.state != RegionState::kMerged;
}
}  // namespace

Result<std::string> FullTableName(const std::string& text) {
  std::string ns, name;
  RL_RETURN_IF_ERROR(ParseTableName(text, &ns, &name));
  return ns == kDefaultNamespace ? name : ns + ":" + name;
}

ClusterImpl::ClusterImpl(std::string data_dir, const ClusterOptions& options)
    : data_dir_(std::move(data_dir)),
      options_(options),
      env_(options.env ? options.env : Env::Default()),
      clock_(options.clock ? options.clock : Clock::System()),
      read_ahead_(std::make_unique<ReadAhead>()) {}

ClusterImpl::~ClusterImpl() { (void)Close(); }  // Close logs its own errors

void ClusterImpl::Log(LogLevel level, const std::string& message) const {
  LogTo(log_.get(), level, message);
}

uint64_t MillisSince(std::chrono::steady_clock::time_point start) {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::steady_clock::now() - start)
                                   .count());
}

std::string ClusterImpl::TableDir(const std::string& full_name) const {
  std::string ns = std::string(kDefaultNamespace), name = full_name;
  (void)ParseTableName(full_name, &ns, &name);
  return JoinPath(JoinPath(JoinPath(data_dir_, "data"), ns), name);
}

std::string ClusterImpl::RegionDir(const std::string& table, const std::string& encoded) const {
  return JoinPath(TableDir(table), encoded);
}

RegionServer* ClusterImpl::FindServer(const std::string& name) const {
  for (const auto& s : servers_) {
    if (s->name() == name) return s.get();
  }
  return nullptr;
}

RegionRecord ClusterImpl::NewRegionRecord(const std::string& table, const std::string& start,
                                          const std::string& end) {
  RegionRecord r;
  r.table = table;
  r.start_key = start;
  r.end_key = end;
  // Region ids are creation times in ms, strictly increasing here.
  r.region_id = std::max(clock_->NowMillis(), last_region_id_ + 1);
  last_region_id_ = r.region_id;
  r.encoded_name = Md5Hex(table + "," + start + "," + std::to_string(r.region_id) + ".");
  r.state = RegionState::kClosed;
  return r;
}

RegionOptions ClusterImpl::RegionOptionsFor(const TableDescriptor& desc,
                                            RegionServer* server) const {
  RegionOptions o;
  o.env = env_;
  o.clock = clock_;
  o.block_cache = server->block_cache();
  o.background_pool = server->pool();
  o.global_memstore = server->memstore();
  o.off_peak_compaction = server->off_peak_compaction();
  o.memstore_flush_size = scale_.FlushSizeOf(desc);
  o.max_cell_size = options_.max_cell_size;
  o.durability =
      desc.durability == Durability::kUseDefault ? Durability::kSyncWal : desc.durability;
  o.compaction.auto_compact = options_.auto_compact;
  o.logger = log_.get();
  ApplyStoreConfiguration(desc.configuration, &o);
  return o;
}

RegionDescriptor ClusterImpl::RegionDescriptorFor(const TableDescriptor& desc,
                                                  const RegionRecord& r) const {
  RegionDescriptor d;
  d.table = desc.FullName();
  d.encoded_name = r.encoded_name;
  d.start_key = r.start_key;
  d.end_key = r.end_key;
  d.families = desc.families;
  return d;
}

std::string ClusterImpl::CorruptDir() const { return JoinPath(data_dir_, kCorruptDirName); }

Status ClusterImpl::LoadLabScale() {
  const std::string path = JoinPath(data_dir_, kLabScaleFile);
  std::optional<uint32_t> recorded;
  if (env_->FileExists(path)) {
    std::string text;
    RL_RETURN_IF_ERROR(env_->ReadFileToString(path, &text));
    auto parsed = ParseLabScale(text, path);
    // A scale given now replaces an unreadable one; otherwise it is an error.
    if (!parsed.ok() && options_.lab_scale == 0) return parsed.status();
    if (parsed.ok()) recorded = *parsed;
  }
  uint32_t wanted = options_.lab_scale;
  if (wanted == 0) wanted = recorded ? *recorded : std::max<uint32_t>(1, options_.default_lab_scale);
  if (wanted > kMaxLabScale) {
    return Status::InvalidArgument("lab scale 1:" + std::to_string(wanted) +
                                   " is past the largest, 1:" + std::to_string(kMaxLabScale));
  }
  scale_.divisor = wanted;
  if (recorded == wanted) return Status::OK();
  return env_->WriteFileAtomically(path, std::to_string(wanted) + "\n");
}

Status ClusterImpl::Open(ClusterOpenReport* report) {
  ClusterOpenReport local;
  if (report == nullptr) report = &local;
  // Nothing else runs yet; held throughout for what the admin lock guards.
  MutexLock admin(&admin_mu_);
  RL_RETURN_IF_ERROR(env_->CreateDirs(data_dir_));
  holder_.program = options_.program_name.empty() ? CurrentProgramName() : options_.program_name;
  holder_.pid = static_cast<int64_t>(::getpid());
  auto lock = LockDataDirectory(env_, data_dir_, holder_);
  if (!lock.ok()) return lock.status();
  dir_lock_ = std::move(*lock);
  // The engine's own log: opened once the directory is this process's, so
  // no other writer ever shares it.
  auto log = EngineLog::Open(env_, data_dir_);
  if (!log.ok()) return log.status().WithContext("opening the engine log");
  log_ = std::move(*log);
  const auto open_start = std::chrono::steady_clock::now();
  Log(LogLevel::kInfo, "open " + data_dir_ + " by " + holder_.program + " (pid " +
                           std::to_string(holder_.pid) + ") with " +
                           std::to_string(std::max(1, options_.region_servers)) +
                           " region servers");
  Status opened = OpenRecovering(report);
  if (!opened.ok()) {
    Log(LogLevel::kError, "open of " + data_dir_ + " failed: " + opened.ToString());
    return opened;
  }
  for (const auto& op : report->operations_recovered) Log(LogLevel::kWarn, "recovery: " + op);
  for (const auto& p : report->problems) Log(LogLevel::kWarn, "recovery: " + p);
  for (const auto& w : report->warnings) Log(LogLevel::kError, "recovery: " + w);
  Log(LogLevel::kInfo, "opened in " + std::to_string(MillisSince(open_start)) + " ms: " +
                           std::to_string(report->regions_opened) + " regions opened, " +
                           std::to_string(report->wal_entries_split) +
                           " WAL entries recovered, " + std::to_string(report->warnings.size()) +
                           " warnings");
  return Status::OK();
}

Status ClusterImpl::OpenRecovering(ClusterOpenReport* report) {
  RL_RETURN_IF_ERROR(env_->CreateDirs(JoinPath(data_dir_, "data")));
  RL_RETURN_IF_ERROR(LoadLabScale());
  auto catalog = Catalog::Open(JoinPath(data_dir_, "catalog.db"));
  if (!catalog.ok()) return catalog.status();
  catalog_ = std::move(*catalog);

  // 1. Operations a crash interrupted: nothing was committed (the commit point
  // is the catalog batch that also finishes the operation), so they are
  // rolled back; the directories they created are removed below as orphans.
  auto ops = catalog_->ListUnfinishedOperations();
  if (!ops.ok()) return ops.status();
  for (const auto& op : *ops) {
    report->operations_recovered.push_back("rolled back unfinished " + op.kind + " (" + op.payload +
                                           ")");
    RL_RETURN_IF_ERROR(catalog_->FinishOperation(op.id));
  }

  // 2. Tables and regions from the catalog.
  auto tables = catalog_->ListTables();
  if (!tables.ok()) return tables.status();
  auto all_regions = catalog_->ListAllRegions();
  if (!all_regions.ok()) return all_regions.status();
  std::map<std::string, RegionRecord> known;
  for (const auto& r : *all_regions) {
    known[r.encoded_name] = r;
    last_region_id_ = std::max(last_region_id_, r.region_id);
  }

  // 3. Orphans: region directories the catalog does not know (a split or
  // merge that did not commit, a drop or truncate interrupted after its commit).
  std::set<std::string> table_names;
  for (const auto& t : *tables) table_names.insert(t.FullName());
  auto namespaces = env_->GetChildren(JoinPath(data_dir_, "data"));
  if (namespaces.ok()) {
    for (const auto& ns : *namespaces) {
      const std::string ns_dir = JoinPath(JoinPath(data_dir_, "data"), ns);
      auto names = env_->GetChildren(ns_dir);
      if (!names.ok()) continue;
      for (const auto& name : *names) {
        const std::string full = ns == kDefaultNamespace ? name : ns + ":" + name;
        const std::string dir = JoinPath(ns_dir, name);
        if (table_names.count(full) == 0) {
          report->problems.push_back("removed the directory of dropped table " + full);
          RL_RETURN_IF_ERROR(env_->RemoveDirRecursive(dir));
          continue;
        }
        auto region_dirs = env_->GetChildren(dir);
        if (!region_dirs.ok()) continue;
        for (const auto& rd : *region_dirs) {
          if (known.count(rd) == 0) {
            report->problems.push_back("removed orphan region directory " + JoinPath(dir, rd));
            RL_RETURN_IF_ERROR(env_->RemoveDirRecursive(JoinPath(dir, rd)));
          }
        }
      }
    }
  }

  // Links of snapshots that did not commit.
  RL_RETURN_IF_ERROR(RemoveUnknownSnapshotDirs(report));

  // 4. WAL split: the previous run's server WALs become recovered edits of
  // the regions they belong to, replayed when those regions open.
  const std::string servers_dir = JoinPath(data_dir_, "servers");
  RL_RETURN_IF_ERROR(env_->CreateDirs(servers_dir));
  auto old_servers = env_->GetChildren(servers_dir);
  if (!old_servers.ok()) return old_servers.status();
  std::map<std::string, std::unique_ptr<Wal>> recovered;
  for (const auto& s : *old_servers) {
    const std::string wal_dir = JoinPath(JoinPath(servers_dir, s), "wal");
    if (!env_->FileExists(wal_dir)) continue;
    const auto split_start = std::chrono::steady_clock::now();
    const uint64_t split_before = report->wal_entries_split;
    WalReplayReport rr;
    Status st = ReplayWal(
        env_, wal_dir,
        [&](const WalEntry& e) -> Status {
          auto it = known.find(e.region);
          if (it == known.end() || !IsLive(it->second)) return Status::OK();
          auto& out = recovered[e.region];
          if (out == nullptr) {
            WalOptions wo;
            wo.env = env_;
            wo.dir = JoinPath(RegionDir(it->second.table, e.region), kRecoveredEditsDir);
            wo.async_sync_interval_ms = 0;
            wo.logger = log_.get();
            auto wal = Wal::Open(wo);
            if (!wal.ok()) return wal.status();
            out = std::move(*wal);
          }
          ++report->wal_entries_split;
          return out->Append({&e}, /*sync=*/false);
        },
        &rr);
    if (!st.ok()) return st.WithContext("splitting the WAL of " + s);
    if (rr.segments > 0) {
      Log(LogLevel::kInfo, "recovery: split the WAL of " + s + ": " +
                               std::to_string(report->wal_entries_split - split_before) + " of " +
                               std::to_string(rr.entries) + " entries for live regions, " +
                               std::to_string(rr.bytes) + " bytes in " +
                               std::to_string(rr.segments) + " segments, in " +
                               std::to_string(MillisSince(split_start)) + " ms");
    }
    // Torn tails are what a crash leaves; damage is a warning (below).
    for (const auto& p : rr.problems) {
      if (p.torn_tail) report->problems.push_back(p.ToString());
    }
    // Damaged segments are kept, never deleted with the rest of the WAL below.
    auto damage = QuarantineDamagedSegments(env_, rr, JoinPath(CorruptDir(), s));
    if (!damage.ok()) return damage.status();
    for (auto& line : *damage) report->warnings.push_back("region server " + s + ": " + line);
  }
  for (auto& [name, wal] : recovered) RL_RETURN_IF_ERROR(wal->Close());
  recovered.clear();
  for (const auto& s : *old_servers) {
    RL_RETURN_IF_ERROR(env_->RemoveDirRecursive(JoinPath(JoinPath(servers_dir, s), "wal")));
  }

  // 5. Region servers.
  // Explicit sizes win; otherwise 0.4 of the lab scale's heap each, as HBase.
  const uint64_t cache = options_.block_cache_per_server > 0 ? options_.block_cache_per_server
                                                              : scale_.BlockCache();
  const uint64_t memstore = options_.global_memstore_per_server > 0
                                ? options_.global_memstore_per_server
                                : scale_.GlobalMemstoreLimit();
  const auto lower_mark =
      static_cast<uint64_t>(static_cast<double>(memstore) * kGlobalMemstoreLowerMark);
  for (int i = 1; i <= std::max(1, options_.region_servers); ++i) {
    const std::string name = "rs" + std::to_string(i);
    servers_.push_back(std::make_unique<RegionServer>(
        name, JoinPath(JoinPath(servers_dir, name), "wal"), env_, cache, memstore, lower_mark,
        options_.background_threads_per_server, read_ahead_.get(), log_.get()));
    RL_RETURN_IF_ERROR(servers_.back()->Start(clock_->NowMillis()));
    LogIfFailed(log_.get(),
                catalog_->AddServerEvent(
                    {0, clock_->NowMillis(), name, std::string(kEventServerStarted), "", "", "", ""}),
                "recording the start of region server " + name + " in the catalog");
  }

  // 6. The routing table, then assignment: a region goes back to the server
  // it was on when that server exists, otherwise to the least loaded one.
  {
    WriterMutexLock l(&mu_);
    for (const auto& t : *tables) {
      TableEntry te;
      te.desc = t;
      auto policy = CreateSplitPolicy(t.split_policy);
      if (!policy.ok()) {
        report->problems.push_back("table " + t.FullName() + ": " + policy.status().ToString() +
                                   "; using the default split policy");
        policy = CreateSplitPolicy("");
      }
      te.policy = std::move(*policy);
      tables_.emplace(t.FullName(), std::move(te));
    }
    for (const auto& [encoded, r] : known) {
      if (!IsLive(r) || tables_.count(r.table) == 0) continue;
      auto e = std::make_shared<RegionEntry>();
      e->record = r;
      e->dir = RegionDir(r.table, encoded);
      tables_[r.table].regions[r.start_key] = e;
      regions_[encoded] = e;
    }
  }
  // Servers for all regions at once, then one catalog transaction for where
  // they opened: the cost per region does not grow with the number of regions.
  std::vector<RegionOpening> plan;
  {
    ReaderMutexLock l(&mu_);
    for (const auto& [name, e] : regions_) {
      if (tables_.at(e->record.table).desc.enabled) plan.push_back({e, nullptr, Status()});
    }
  }
  PlanServers(&plan);
  // A region that does not open stays offline, named in the report; the
  // status returned repeats the first of those.
  (void)OpenRegions(&plan, /*keep_going=*/true, &report->warnings);
  for (const auto& o : plan) {
    if (o.status.ok()) {
      ++report->regions_opened;
      continue;
    }
    const RegionRecord& r = o.entry->record;
    const std::string what = "region " + r.encoded_name + " of " + r.table + " (rows '" +
                             ToStringBinary(r.start_key) + "' to '" + ToStringBinary(r.end_key) +
                             "')";
    report->warnings.push_back(what + " is offline: it did not open: " + o.status.ToString());
    WriterMutexLock l(&mu_);
    o.entry->open_error = o.status.ToString();
  }
  RunJanitor();

  split_thread_ = std::thread([this] {
    MutexLock l(&split_mu_);
    while (true) {
      while (!stopping_ && split_queue_.empty()) split_cv_.Wait();
      if (stopping_) return;
      std::string encoded = std::move(split_queue_.front());
      split_queue_.pop_front();
      split_busy_ = true;
      l.Unlock();
      CheckSplit(encoded);
      l.Lock();
      split_busy_ = false;
      split_cv_.SignalAll();
    }
  });
  if (options_.metrics_interval_ms > 0) sampler_thread_ = std::thread([this] { SamplerLoop(); });
  return Status::OK();
}

void ClusterImpl::RunJanitor() {
  // A split parent or merged region can go once no live region reads its
  // files through references any more.
  auto all = catalog_->ListAllRegions();
  if (!all.ok()) {
    LogIfFailed(log_.get(), all.status(), "janitor: listing the regions");
    return;
  }
  std::vector<RegionRecord> live;
  for (const auto& r : *all) {
    if (IsLive(r)) live.push_back(r);
  }
  for (const auto& parent : *all) {
    if (IsLive(parent)) continue;
    bool referenced = false;
    for (const auto& r : live) {
      if (std::find(r.parents.begin(), r.parents.end(), parent.encoded_name) == r.parents.end()) {
        continue;
      }
      RegionManifest m;
      if (!ReadManifest(env_, RegionDir(r.table, r.encoded_name), &m).ok()) {
        referenced = true;  // cannot tell: keep the parent
        break;
      }
      for (const auto& [family, files] : m.files) {
        for (const auto& f : files) {
          StoreFileReference ref;
          if (ParseReferenceName(f, &ref) && ref.parent_region == parent.encoded_name) {
            referenced = true;
          }
        }
      }
      if (referenced) break;
    }
    if (referenced) continue;
    Status removed = env_->RemoveDirRecursive(RegionDir(parent.table, parent.encoded_name));
    if (removed.ok()) {
      CatalogBatch b;
      b.DeleteRegion(parent.encoded_name);
      removed = catalog_->Apply(b);
    }
    // Tried again by the next janitor run.
    LogIfFailed(log_.get(), removed,
                "janitor: removing retired region " + parent.encoded_name + " of " + parent.table);
  }
}

Status ClusterImpl::Close() {
  {
    MutexLock l(&split_mu_);
    if (stopping_) return Status::OK();
    stopping_ = true;
  }
  const auto close_start = std::chrono::steady_clock::now();
  split_cv_.SignalAll();
  metrics_cv_.SignalAll();
  if (split_thread_.joinable()) split_thread_.join();
  if (sampler_thread_.joinable()) sampler_thread_.join();
  MutexLock admin(&admin_mu_);
  Status result;
  std::vector<std::shared_ptr<RegionEntry>> entries;
  {
    ReaderMutexLock l(&mu_);
    for (const auto& [name, e] : regions_) entries.push_back(e);
  }
  for (const auto& e : entries) {
    std::shared_ptr<Region> region;
    {
      WriterMutexLock l(&mu_);
      region = std::move(e->region);
    }
    if (region) {
      Status s = region->Close();
      // Its edits are in the WAL, replayed at the next open.
      LogIfFailed(log_.get(), s, "closing region " + e->record.encoded_name + " of " + e->record.table);
      if (!s.ok() && result.ok()) result = s;
    }
  }
  for (auto& s : servers_) {
    Status st = s->Stop();
    LogIfFailed(log_.get(), st, "stopping region server " + s->name());
    if (!st.ok() && result.ok()) result = st;
  }
  if (log_ != nullptr) {
    Log(result.ok() ? LogLevel::kInfo : LogLevel::kError,
        "closed " + data_dir_ + " in " + std::to_string(MillisSince(close_start)) + " ms" +
            (result.ok() ? "" : ", with errors (above)"));
  }
  // Nothing writes the directory any more: the next owner may have it.
  log_.reset();
  dir_lock_.reset();
  return result;
}

// ---- Cluster ------------------------------------------------------------

Cluster::Cluster(std::unique_ptr<ClusterImpl> impl)
    : impl_(std::move(impl)), admin_(std::make_unique<Admin>(impl_.get())) {}
Cluster::~Cluster() = default;

Result<std::unique_ptr<Cluster>> Cluster::Open(const std::string& data_dir,
                                               const ClusterOptions& options,
                                               ClusterOpenReport* report) {
  auto impl = std::make_unique<ClusterImpl>(data_dir, options);
  Status s = impl->Open(report);
  if (!s.ok()) return s;
  return std::unique_ptr<Cluster>(new Cluster(std::move(impl)));
}

Admin& Cluster::admin() { return *admin_; }

Result<std::shared_ptr<Table>> Cluster::GetTable(const std::string& name) {
  auto full = FullTableName(name);
  if (!full.ok()) return full.status();
  if (IsMetaTable(*full)) return std::make_shared<Table>(impl_.get(), *full);
  ReaderMutexLock l(&impl_->mu_);
  if (impl_->tables_.count(*full) == 0) {
    return Status::NotFound("Table " + *full + " does not exist");
  }
  return std::make_shared<Table>(impl_.get(), *full);
}

const std::string& Cluster::data_dir() const { return impl_->data_dir_; }

Status Cluster::AdvertiseRestUrl(const std::string& url) {
  MutexLock l(&impl_->admin_mu_);
  if (impl_->dir_lock_ == nullptr) return Status::Aborted("the cluster is closed");
  impl_->holder_.rest_url = url;
  return impl_->dir_lock_->WriteNote(FormatDataDirHolder(impl_->holder_));
}
LabScale Cluster::lab_scale() const { return impl_->scale_; }
Status Cluster::Close() { return impl_->Close(); }
ClusterSample Cluster::SampleNow() { return impl_->SampleNow(); }

std::vector<ClusterSample> Cluster::MetricsHistory() const {
  MutexLock l(&impl_->metrics_mu_);
  return {impl_->history_.begin(), impl_->history_.end()};
}

Result<std::vector<ClusterSample>> Cluster::StoredMetrics(int64_t from_ms, int64_t to_ms) {
  return impl_->StoredMetrics(from_ms, to_ms);
}

std::vector<ClusterEvent> Cluster::RecentEvents(size_t max) const {
  MutexLock l(&impl_->metrics_mu_);
  const size_t n = std::min(max, impl_->events_.size());
  return {impl_->events_.end() - static_cast<std::ptrdiff_t>(n), impl_->events_.end()};
}

void Cluster::SetEventListener(std::function<void(const ClusterEvent&)> listener) {
  MutexLock l(&impl_->metrics_mu_);
  impl_->listener_ = std::move(listener);
}

Status Cluster::WaitForBackgroundWork() {
  for (int round = 0; round < 50; ++round) {
    std::vector<std::shared_ptr<Region>> regions;
    {
      ReaderMutexLock l(&impl_->mu_);
      for (const auto& [name, e] : impl_->regions_) {
        if (e->region) regions.push_back(e->region);
      }
    }
    for (const auto& r : regions) RL_RETURN_IF_ERROR(r->WaitForBackgroundWork());
    {
      MutexLock l(&impl_->split_mu_);
      while (!impl_->split_queue_.empty() || impl_->split_busy_) impl_->split_cv_.Wait();
    }
    // A split opens daughters that compact: settle until a round finds nothing new.
    const std::set<const Region*> waited = [&] {
      std::set<const Region*> out;
      for (const auto& r : regions) out.insert(r.get());
      return out;
    }();
    bool idle = true;
    {
      ReaderMutexLock rl(&impl_->mu_);
      for (const auto& [name, e] : impl_->regions_) {
        if (e->region && waited.count(e->region.get()) == 0) idle = false;
      }
    }
    if (idle) return Status::OK();
  }
  return Status::OK();
}

std::string RegionInfo::RegionName() const {
  return table + "," + ToStringBinary(start_key) + "," + std::to_string(region_id) + "." +
         encoded_name + ".";
}

}  // namespace regionlab
