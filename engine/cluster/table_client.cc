// Table: routes each row to its region and retries while a region is offline
// (moving, splitting, recovering); scanners walk regions in key order, both
// directions.
#include <chrono>
#include <thread>

#include "cluster/cluster_impl.h"
#include "cluster/hbase_meta.h"
#include "regionlab/bytes.h"
#include "util/clock.h"

namespace regionlab {

namespace {
constexpr int kRetryMillis = 20;
constexpr int kMaxRetries = 500;  // ~10 s: longer than any split, move or failover here
}  // namespace

Status ClusterImpl::LocateLocked(const std::string& table, const std::string& row,
                                 const std::shared_ptr<RegionEntry>** entry) const {
  auto t = tables_.find(table);
  if (t == tables_.end()) return Status::NotFound("Table " + table + " does not exist");
  if (!t->second.desc.enabled) return Status::Aborted("Table " + table + " is disabled");
  auto& regions = t->second.regions;
  auto it = regions.upper_bound(row);
  if (it == regions.begin()) {
    return Status::NotFound("no region of " + table + " holds row '" + ToStringBinary(row) + "'");
  }
  --it;
  if (!it->second->record.end_key.empty() && row >= it->second->record.end_key) {
    return Status::NotFound("no region of " + table + " holds row '" + ToStringBinary(row) + "'");
  }
  *entry = &it->second;
  return Status::OK();
}

Result<std::shared_ptr<RegionEntry>> ClusterImpl::Locate(const std::string& table,
                                                         const std::string& row) {
  ReaderMutexLock l(&mu_);
  const std::shared_ptr<RegionEntry>* entry = nullptr;
  RL_RETURN_IF_ERROR(LocateLocked(table, row, &entry));
  return *entry;
}

Status ClusterImpl::OfflineStatus(const RegionEntry& entry) const {
  return Status::Corruption("region " + entry.record.encoded_name + " of " + entry.record.table +
                            " is offline: it did not open: " + entry.open_error);
}

Status ClusterImpl::WithRegion(const std::string& table, const std::string& row,
                               const std::function<Status(Region&)>& fn) {
  Status last;
  for (int attempt = 0; attempt < kMaxRetries; ++attempt) {
    // One lookup under one shared lock: the region itself, or the name of
    // the region that is offline.
    std::shared_ptr<Region> region;
    std::string offline;
    {
      ReaderMutexLock l(&mu_);
      const std::shared_ptr<RegionEntry>* entry = nullptr;
      // A disabled table is an answer, not a transient state.
      RL_RETURN_IF_ERROR(LocateLocked(table, row, &entry));
      region = (*entry)->region;
      if (!region) {
        // A region that failed to open stays offline: no retry will help.
        if (!(*entry)->open_error.empty()) return OfflineStatus(**entry);
        offline = (*entry)->record.encoded_name;
      }
    }
    if (region) {
      last = fn(*region);
      if (!last.IsAborted()) return last;  // Aborted: the region closed under us
    } else {
      last = Status::Busy("region " + offline + " of " + table + " is not online");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(kRetryMillis));
  }
  return last;
}

Status ClusterImpl::WithRegionWrite(const std::string& table, const std::string& row,
                                    const std::function<Status(Region&)>& fn) {
  Status s = WithRegion(table, row, fn);
  NoteWriteResult(s);
  return s;
}

void ClusterImpl::NoteWriteResult(const Status& s) {
  // An IOError is the disk refusing the write (full, failing); anything
  // else is an answer about the write itself, or success.
  const bool refused = s.IsIOError();
  if (refused == writes_refused_.load(std::memory_order_relaxed)) return;
  std::string detail;
  {
    std::lock_guard<std::mutex> l(write_state_mu_);
    if (refused == writes_refused_.load(std::memory_order_relaxed)) return;
    writes_refused_.store(refused, std::memory_order_relaxed);
    detail = refused ? s.ToString() : "";
  }
  RecordEvent({clock_->NowMillis(), refused ? std::string(kEventWriteRefused)
                                            : std::string(kEventWritesResumed),
               "", "", "", detail});
}

Status Table::Put(const RowMutation& m) {
  if (IsMetaTable(name_)) return MetaIsReadOnly("put/delete");
  return cluster_->WithRegionWrite(name_, m.row, [&](Region& r) { return r.Mutate(m); });
}

Status Table::Batch(const std::vector<RowMutation>& mutations) {
  if (IsMetaTable(name_)) return MetaIsReadOnly("batch");
  // Group by region so each region takes one group commit; a group that hits
  // a region in transition is retried mutation by mutation.
  std::map<std::string, std::vector<RowMutation>> groups;
  for (const auto& m : mutations) {
    auto e = cluster_->Locate(name_, m.row);
    if (!e.ok()) return e.status();
    groups[(*e)->record.encoded_name].push_back(m);
  }
  // Not a structured binding: clang before 16 cannot capture one in a lambda.
  for (auto& entry : groups) {
    const std::string& encoded = entry.first;
    std::vector<RowMutation>& group = entry.second;
    Status s = cluster_->WithRegionWrite(name_, group.front().row, [&](Region& r) -> Status {
      if (r.descriptor().encoded_name != encoded) return Status::Aborted("region changed");
      return r.MutateBatch(group);
    });
    if (s.IsAborted() || s.IsBusy()) {
      for (const auto& m : group) RL_RETURN_IF_ERROR(Put(m));
    } else if (!s.ok()) {
      return s;
    }
  }
  return Status::OK();
}

Result<RowResult> Table::Get(const struct Get& get) {
  RowResult out;
  RL_RETURN_IF_ERROR(Get(get, &out));
  return out;
}

Status Table::Get(const struct Get& get, RowResult* out) {
  if (IsMetaTable(name_)) {
    auto rows = cluster_->MetaRows();
    if (!rows.ok()) return rows.status();
    *out = GetMetaRow(*rows, get);
    return Status::OK();
  }
  return cluster_->WithRegion(name_, get.row, [&](Region& r) { return r.DoGet(get, out); });
}

Result<int64_t> Table::Increment(const std::string& row, const std::string& family,
                                 const std::string& qualifier, int64_t amount) {
  if (IsMetaTable(name_)) return MetaIsReadOnly("incr");
  int64_t value = 0;
  Status s = cluster_->WithRegionWrite(name_, row, [&](Region& r) -> Status {
    auto v = r.Increment(row, family, qualifier, amount);
    if (!v.ok()) return v.status();
    value = *v;
    return Status::OK();
  });
  if (!s.ok()) return s;
  return value;
}

Result<std::string> Table::Append(const std::string& row, const std::string& family,
                                  const std::string& qualifier, const std::string& suffix) {
  if (IsMetaTable(name_)) return MetaIsReadOnly("append");
  std::string value;
  Status s = cluster_->WithRegionWrite(name_, row, [&](Region& r) -> Status {
    auto v = r.Append(row, family, qualifier, suffix);
    if (!v.ok()) return v.status();
    value = std::move(*v);
    return Status::OK();
  });
  if (!s.ok()) return s;
  return value;
}

Result<bool> Table::CheckAndMutate(const std::string& family, const std::string& qualifier,
                                   const std::optional<std::string>& expected,
                                   const RowMutation& m) {
  if (IsMetaTable(name_)) return MetaIsReadOnly("checkAndMutate");
  bool applied = false;
  Status s = cluster_->WithRegionWrite(name_, m.row, [&](Region& r) -> Status {
    auto v = r.CheckAndMutate(family, qualifier, expected, m);
    if (!v.ok()) return v.status();
    applied = *v;
    return Status::OK();
  });
  if (!s.ok()) return s;
  return applied;
}

namespace {

// Scans a table region by region. Forward: from the region holding the start
// row to the one holding the stop row. Reversed: the other way round. The
// current region is held open by a shared_ptr, so a split or move under the
// scan does not pull it away; the next region is looked up by key.
class ClusterScanner final : public ResultScanner {
 public:
  ClusterScanner(ClusterImpl* cluster, std::string table, Scan scan)
      : cluster_(cluster), table_(std::move(table)), scan_(std::move(scan)) {}

  // LIMIT counts rows. With BATCH a row comes in several results, and the
  // limit-th row still comes whole, as in HBase (its region scanner, opened
  // with the rows still allowed, ends after that row's last batch).
  bool Next(RowResult* out) override {
    while (status_.ok()) {
      const bool limit_reached = scan_.limit >= 0 && rows_ >= scan_.limit;
      if (limit_reached && (scan_.batch <= 0 || current_ == nullptr)) return false;
      if (current_ == nullptr && !OpenNext()) return false;
      if (current_->Next(out)) {
        if (scan_.batch <= 0) {
          ++rows_;  // each result is a whole row
        } else if (rows_ == 0 || out->row != last_row_) {
          if (limit_reached) return false;  // a row past the limit
          ++rows_;                          // the first batch of a row
          last_row_ = out->row;
        }
        return true;
      }
      if (!current_->status().ok()) {
        status_ = current_->status();
        return false;
      }
      current_.reset();
      region_.reset();
      if (done_) return false;
    }
    return false;
  }

  Status status() const override { return status_; }

 private:
  // Opens a scanner on the next region; false at the end or on error.
  bool OpenNext() {
    if (done_) return false;
    std::string probe = position_set_ ? position_ : scan_.start_row;
    for (int attempt = 0; attempt < kMaxRetries; ++attempt) {
      std::shared_ptr<RegionEntry> entry;
      if (!scan_.reversed || !probe.empty() || position_set_) {
        // Forward: the region holding `probe`. Reversed: the region holding the
        // row just below `position_` (the previous region's start key).
        auto e = scan_.reversed && position_set_ ? LocateBefore(position_)
                                                 : cluster_->Locate(table_, probe);
        if (!e.ok()) {
          if (e.status().IsNotFound() && scan_.reversed && position_set_) return false;
          status_ = e.status();
          return false;
        }
        entry = *e;
      } else {
        auto e = LastRegion();
        if (!e.ok()) {
          status_ = e.status();
          return false;
        }
        entry = *e;
      }
      std::shared_ptr<Region> region;
      {
        ReaderMutexLock l(&cluster_->mu_);
        region = entry->region;
        if (region == nullptr && !entry->open_error.empty()) {
          status_ = cluster_->OfflineStatus(*entry);
          return false;
        }
      }
      if (region == nullptr) {
        std::this_thread::sleep_for(std::chrono::milliseconds(kRetryMillis));
        continue;
      }
      Scan s = scan_;
      if (scan_.limit >= 0) s.limit = scan_.limit - rows_;
      if (position_set_) s.start_row = scan_.reversed ? std::string() : position_;
      auto scanner = region->GetScanner(s);
      if (!scanner.ok()) {
        if (scanner.status().IsAborted()) continue;
        status_ = scanner.status();
        return false;
      }
      region_ = region;
      current_ = std::move(*scanner);
      const RegionRecord& r = entry->record;
      if (!scan_.reversed) {
        // After this region: its end key, unless the stop row comes first.
        done_ = r.end_key.empty() || (!scan_.stop_row.empty() && scan_.stop_row <= r.end_key);
        position_ = r.end_key;
      } else {
        done_ = r.start_key.empty() || (!scan_.stop_row.empty() && r.start_key <= scan_.stop_row);
        position_ = r.start_key;
      }
      position_set_ = true;
      return true;
    }
    status_ = Status::Busy("a region of " + table_ + " stayed offline during the scan");
    return false;
  }

  // The region whose range ends at `start_key` (the one before it).
  Result<std::shared_ptr<RegionEntry>> LocateBefore(const std::string& start_key) {
    ReaderMutexLock l(&cluster_->mu_);
    auto t = cluster_->tables_.find(table_);
    if (t == cluster_->tables_.end()) return Status::NotFound("Table " + table_ + " does not exist");
    auto it = t->second.regions.lower_bound(start_key);
    if (it == t->second.regions.begin()) return Status::NotFound("no earlier region");
    return std::prev(it)->second;
  }

  Result<std::shared_ptr<RegionEntry>> LastRegion() {
    ReaderMutexLock l(&cluster_->mu_);
    auto t = cluster_->tables_.find(table_);
    if (t == cluster_->tables_.end()) return Status::NotFound("Table " + table_ + " does not exist");
    if (!t->second.desc.enabled) return Status::Aborted("Table " + table_ + " is disabled");
    if (t->second.regions.empty()) return Status::NotFound("table " + table_ + " has no region");
    return t->second.regions.rbegin()->second;
  }

  ClusterImpl* cluster_;
  std::string table_;
  Scan scan_;
  std::shared_ptr<Region> region_;  // keeps the scanned region alive
  std::unique_ptr<RegionScanner> current_;
  std::string position_;  // forward: start of the next region; reversed: end of the previous
  bool position_set_ = false;
  bool done_ = false;
  int64_t rows_ = 0;
  std::string last_row_;
  Status status_;
};

// hbase:meta's rows, evaluated at once (a catalog holds few enough regions).
class VectorScanner final : public ResultScanner {
 public:
  explicit VectorScanner(std::vector<RowResult> rows) : rows_(std::move(rows)) {}
  bool Next(RowResult* out) override {
    if (next_ >= rows_.size()) return false;
    *out = std::move(rows_[next_++]);
    return true;
  }
  Status status() const override { return Status::OK(); }

 private:
  std::vector<RowResult> rows_;
  size_t next_ = 0;
};

}  // namespace

Result<std::unique_ptr<ResultScanner>> Table::GetScanner(const Scan& scan) {
  if (IsMetaTable(name_)) {
    auto rows = cluster_->MetaRows();
    if (!rows.ok()) return rows.status();
    return std::unique_ptr<ResultScanner>(new VectorScanner(ScanMetaRows(*rows, scan)));
  }
  {
    auto probe = cluster_->Locate(name_, scan.reversed ? std::string() : scan.start_row);
    if (!probe.ok() && !probe.status().IsNotFound()) return probe.status();
  }
  return std::unique_ptr<ResultScanner>(new ClusterScanner(cluster_, name_, scan));
}

}  // namespace regionlab
