// Admin: region operations — flush, compact, split (manual and by policy)
// and merge; moves, the balancer and region servers are in admin_servers.cc.
//
// Split and merge are journaled: the operation is begun in the catalog, the
// parents close (flushing), the new regions' manifests are written with
// references to the parents' files, and one catalog batch commits the new
// layout together with its history record and the end of the operation.
// A crash before that batch leaves the old layout, and the next open removes
// the half-made directories.
#include <algorithm>
#include <chrono>

#include "cluster/cluster_impl.h"
#include "region/manifest.h"
#include "region/reference.h"
#include "regionlab/bytes.h"
#include "util/clock.h"
#include "util/crash_point.h"
#include "util/hash.h"
#include "util/env.h"
#include "wal/wal_reader.h"

namespace regionlab {

Result<std::vector<std::shared_ptr<RegionEntry>>> ClusterImpl::ResolveRegions(
    const std::string& what) {
  ReaderMutexLock l(&mu_);
  auto r = regions_.find(what);
  if (r != regions_.end()) return std::vector<std::shared_ptr<RegionEntry>>{r->second};
  if (auto full = FullTableName(what); full.ok()) {
    auto t = tables_.find(*full);
    if (t != tables_.end()) {
      std::vector<std::shared_ptr<RegionEntry>> out;
      for (const auto& [start, e] : t->second.regions) out.push_back(e);
      return out;
    }
  }
  return Status::NotFound("'" + what + "' is neither a table nor an online region");
}

uint64_t ClusterImpl::SplitThresholdFor(const TableEntry& table, const RegionEntry& entry,
                                        const RegionsPerServer* per_server) const {
  SplitPoint none;
  return table.policy->SplitThreshold(SplitContextFor(table, entry, none, per_server));
}

SplitContext ClusterImpl::SplitContextFor(const TableEntry& table, const RegionEntry& entry,
                                          const SplitPoint& sp,
                                          const RegionsPerServer* per_server) const {
  SplitContext ctx;
  ctx.largest_store_size = sp.largest_store_bytes;
  ctx.has_references = sp.has_references;
  size_t r = 0;
  if (per_server != nullptr) {
    auto it = per_server->find(entry.server);
    r = it == per_server->end() ? 0 : it->second;
  } else {
    for (const auto& [start, e] : table.regions) r += e->server == entry.server ? 1 : 0;
  }
  ctx.regions_of_table_on_server = static_cast<int>(std::max<size_t>(r, 1));
  ctx.flush_size = scale_.FlushSizeOf(table.desc);
  ctx.max_file_size = scale_.MaxFileSizeOf(table.desc);
  ctx.table_config = table.desc.configuration;
  for (const auto& [k, v] : table.desc.metadata) ctx.table_config[k] = v;
  // Stable across builds and platforms, so a region's jittered size is too.
  ctx.jitter_seed = (uint64_t{Murmur3_32(entry.record.encoded_name, 1)} << 32) |
                    Murmur3_32(entry.record.encoded_name, 2);
  return ctx;
}

RegionInfo ClusterImpl::InfoFor(const TableEntry& table, const RegionEntry& e,
                                const RegionsPerServer* per_server) const {
  RegionInfo info;
  info.encoded_name = e.record.encoded_name;
  info.table = e.record.table;
  info.start_key = e.record.start_key;
  info.end_key = e.record.end_key;
  info.region_id = e.record.region_id;
  info.state = RegionStateName(e.record.state);
  info.server = e.region ? e.record.server : std::string();
  if (e.region) info.metrics = e.region->GetMetrics();
  info.split_policy = table.policy->Name();
  info.split_threshold = SplitThresholdFor(table, e, per_server);
  info.flush_size = scale_.FlushSizeOf(table.desc);
  return info;
}

Result<std::vector<RegionInfo>> Admin::ListRegions(const std::string& table) {
  auto parsed = FullTableName(table);
  if (!parsed.ok()) return parsed.status();
  const std::string& full = *parsed;
  ReaderMutexLock l(&cluster_->mu_);
  auto t = cluster_->tables_.find(full);
  if (t == cluster_->tables_.end()) return Status::NotFound("Table " + full + " does not exist");
  std::vector<RegionInfo> out;
  out.reserve(t->second.regions.size());
  const auto per_server = cluster_->CountRegionsPerServer(t->second);
  for (const auto& [start, e] : t->second.regions) {
    out.push_back(cluster_->InfoFor(t->second, *e, &per_server));
  }
  return out;
}

Result<RegionInfo> Admin::LocateRegion(const std::string& table, const std::string& row) {
  auto parsed = FullTableName(table);
  if (!parsed.ok()) return parsed.status();
  const std::string& full = *parsed;
  auto e = cluster_->Locate(full, row);
  if (!e.ok() && !e.status().IsAborted()) return e.status();
  ReaderMutexLock l(&cluster_->mu_);
  auto t = cluster_->tables_.find(full);
  if (t == cluster_->tables_.end()) return Status::NotFound("Table " + full + " does not exist");
  if (!e.ok()) {  // disabled: locate by key anyway
    auto it = t->second.regions.upper_bound(row);
    if (it == t->second.regions.begin()) return Status::NotFound("no region holds the row");
    return cluster_->InfoFor(t->second, *std::prev(it)->second);
  }
  return cluster_->InfoFor(t->second, **e);
}

Result<std::vector<std::string>> Admin::GetSplits(const std::string& table) {
  auto regions = ListRegions(table);
  if (!regions.ok()) return regions.status();
  std::vector<std::string> out;
  for (const auto& r : *regions) {
    if (!r.start_key.empty()) out.push_back(r.start_key);
  }
  return out;
}

std::string ClusterImpl::DescribeOffline(const RegionEntry& e) const {
  ReaderMutexLock l(&mu_);
  std::string out = e.record.encoded_name + " (rows '" + ToStringBinary(e.record.start_key) +
                    "' to '" + ToStringBinary(e.record.end_key) + "')";
  out += e.open_error.empty() ? ": not online" : ": did not open: " + e.open_error;
  return out;
}

Status ClusterImpl::SkippedRegions(const std::string& action, const std::string& what,
                                   size_t total, const std::vector<std::string>& skipped) const {
  if (skipped.empty()) return Status::OK();
  std::string message = action + " of '" + what + "' skipped " + std::to_string(skipped.size()) +
                        " of " + std::to_string(total) +
                        (total == 1 ? " region" : " regions") + ", which " +
                        (skipped.size() == 1 ? "is" : "are") + " offline: ";
  for (size_t i = 0; i < skipped.size(); ++i) message += (i ? "; " : "") + skipped[i];
  if (skipped.size() < total) {
    message += "; the other " + std::to_string(total - skipped.size()) + " " +
               (total - skipped.size() == 1 ? "was" : "were") + " done";
  }
  return Status::Aborted(message);
}

Status Admin::Flush(const std::string& what) {
  auto entries = cluster_->ResolveRegions(what);
  if (!entries.ok()) return entries.status();
  std::vector<std::string> skipped;
  for (const auto& e : *entries) {
    std::shared_ptr<Region> r;
    {
      ReaderMutexLock l(&cluster_->mu_);
      r = e->region;
    }
    if (!r) {
      skipped.push_back(cluster_->DescribeOffline(*e));
      continue;
    }
    RL_RETURN_IF_ERROR(r->Flush());
  }
  return cluster_->SkippedRegions("flush", what, entries->size(), skipped);
}

Status Admin::Compact(const std::string& what, bool major) {
  auto entries = cluster_->ResolveRegions(what);
  if (!entries.ok()) return entries.status();
  std::vector<std::string> skipped;
  for (const auto& e : *entries) {
    std::shared_ptr<Region> r;
    {
      ReaderMutexLock l(&cluster_->mu_);
      r = e->region;
    }
    if (!r) {
      skipped.push_back(cluster_->DescribeOffline(*e));
      continue;
    }
    RL_RETURN_IF_ERROR(r->Compact(major));
  }
  return cluster_->SkippedRegions(major ? "major compaction" : "compaction", what, entries->size(),
                                  skipped);
}

// ---- split -------------------------------------------------------------------

Status ClusterImpl::SplitLocked(const std::shared_ptr<RegionEntry>& entry,
                                const std::string& split_row, const std::string& kind,
                                const std::string& cause, uint64_t size, uint64_t threshold,
                                const std::string& explanation) {
  const RegionRecord parent = entry->record;
  const int64_t began_ms = clock_->NowMillis();
  const std::string where = "split of region " + parent.encoded_name + " of " + parent.table;
  if (split_row.empty() || split_row <= parent.start_key ||
      (!parent.end_key.empty() && split_row >= parent.end_key)) {
    return Status::InvalidArgument(where + ": split row '" + ToStringBinary(split_row) +
                                   "' is not inside the region ['" +
                                   ToStringBinary(parent.start_key) + "', '" +
                                   ToStringBinary(parent.end_key) + "')");
  }
  std::shared_ptr<Region> region;
  RegionServer* server;
  {
    ReaderMutexLock l(&mu_);
    region = entry->region;
    server = entry->server;
  }
  if (!region) return Status::Aborted(where + ": the region is not online");
  RegionRecord a = NewRegionRecord(parent.table, parent.start_key, split_row);
  RegionRecord b = NewRegionRecord(parent.table, split_row, parent.end_key);
  a.parents = b.parents = {parent.encoded_name};
  auto op = catalog_->BeginOperation(
      "split", parent.encoded_name + " at '" + ToStringBinary(split_row) + "' into " +
                   a.encoded_name + " and " + b.encoded_name,
      clock_->NowMillis());
  if (!op.ok()) return op.status();

  // The parent goes offline (clients wait and retry) and flushes as it closes.
  {
    WriterMutexLock l(&mu_);
    entry->region.reset();
  }
  Status s = region->Close();
  if (!s.ok()) {
    // The flush failed (a full disk): the parent is still open with its
    // memstores, and goes back online as it was.
    {
      WriterMutexLock l(&mu_);
      entry->region = region;
    }
    LogIfFailed(log_.get(), catalog_->FinishOperation(*op), where + ": ending the operation in the catalog");
    return s.WithContext(where + " (the parent stays online)");
  }
  RegionManifest pm;
  if (s.ok()) s = ReadManifestOrEmpty(env_, entry->dir, &pm);
  if (s.ok()) {
    s = WriteReferenceManifest(env_, RegionDir(parent.table, a.encoded_name),
                               {{parent.encoded_name, pm}}, StoreFileReference::Half::kBottom,
                               split_row);
  }
  if (s.ok()) {
    s = WriteReferenceManifest(env_, RegionDir(parent.table, b.encoded_name),
                               {{parent.encoded_name, pm}}, StoreFileReference::Half::kTop,
                               split_row);
  }
  if (s.ok()) {
    RegionRecord p = parent;
    p.state = RegionState::kSplit;
    p.split_parent = true;
    p.server.clear();
    a.server = b.server = server->name();
    CatalogBatch batch;
    batch.PutRegion(p).PutRegion(a).PutRegion(b);
    HistoryRecord h{0,
                    clock_->NowMillis(),
                    kind,
                    parent.table,
                    {parent.encoded_name},
                    {a.encoded_name, b.encoded_name},
                    split_row,
                    cause,
                    size,
                    threshold,
                    {{parent.start_key, parent.end_key}},
                    {{a.start_key, a.end_key}, {b.start_key, b.end_key}}};
    batch.AddHistory(std::move(h));
    batch.FinishOperation(*op);
    CrashPoint("split:before-commit");
    s = catalog_->Apply(batch);  // the commit point
    CrashPoint("split:after-commit");
  }
  if (!s.ok()) {
    // Not committed: the parent comes back as it was.
    // What stays behind is removed as an orphan by the next open.
    for (const RegionRecord* d : {&a, &b}) {
      LogIfFailed(log_.get(), env_->RemoveDirRecursive(RegionDir(parent.table, d->encoded_name)),
                  where + ": removing the unfinished daughter " + d->encoded_name);
    }
    LogIfFailed(log_.get(), catalog_->FinishOperation(*op), where + ": ending the operation in the catalog");
    Status reopen = OpenRegionOn(entry, server);
    return s.WithContext(where + (reopen.ok() ? " (rolled back)" : " (parent did not reopen)"));
  }
  auto ea = std::make_shared<RegionEntry>();
  auto eb = std::make_shared<RegionEntry>();
  ea->record = a;
  eb->record = b;
  ea->dir = RegionDir(parent.table, a.encoded_name);
  eb->dir = RegionDir(parent.table, b.encoded_name);
  {
    WriterMutexLock l(&mu_);
    auto& t = tables_[parent.table];
    t.regions.erase(parent.start_key);
    regions_.erase(parent.encoded_name);
    t.regions[a.start_key] = ea;
    t.regions[b.start_key] = eb;
    regions_[a.encoded_name] = ea;
    regions_[b.encoded_name] = eb;
  }
  RL_RETURN_IF_ERROR(OpenRegionOn(ea, server));
  RL_RETURN_IF_ERROR(OpenRegionOn(eb, server));
  ClusterEvent ev{clock_->NowMillis(), "split", parent.table, parent.encoded_name, server->name(),
                  "at '" + ToStringBinary(split_row) + "' (" + cause + ") into " +
                      a.encoded_name + " and " + b.encoded_name};
  ev.start_key = parent.start_key;
  ev.end_key = parent.end_key;
  ev.cause = cause;
  ev.explanation = explanation;
  ev.input_bytes = size;
  ev.threshold_bytes = threshold;
  ev.duration_ms = static_cast<uint64_t>(std::max<int64_t>(0, ev.time_ms - began_ms));
  ev.split_key = split_row;
  ev.daughters = {a.encoded_name, b.encoded_name};
  RecordEvent(std::move(ev));
  // Daughters rewrite their references into files of their own.
  for (const auto& e : {ea, eb}) {
    std::shared_ptr<Region> r;
    {
      ReaderMutexLock l(&mu_);
      r = e->region;
    }
    // Queued (a failure reaches the listener, and the LOG, by on_error).
    if (r) LogIfFailed(log_.get(), r->Compact(/*major=*/true, /*wait=*/false), "queueing the compaction of a daughter");
  }
  return Status::OK();
}

Status Admin::Split(const std::string& what, const std::string& split_row) {
  auto entries = cluster_->ResolveRegions(what);
  if (!entries.ok()) return entries.status();
  MutexLock l(&cluster_->admin_mu_);
  if (!split_row.empty()) {
    // With a key, HBase splits the one region that holds it.
    for (const auto& e : *entries) {
      if (split_row >= e->record.start_key &&
          (e->record.end_key.empty() || split_row < e->record.end_key)) {
        {
          ReaderMutexLock rl(&cluster_->mu_);
          const TableEntry& t = cluster_->tables_.at(e->record.table);
          if (!t.policy->CanSplit(cluster_->SplitContextFor(t, *e, SplitPoint{}))) {
            return Status::InvalidArgument("table " + e->record.table + " uses " +
                                           t.policy->Name() + ", which does not allow splits");
          }
        }
        return cluster_->SplitLocked(e, split_row, std::string(kHistoryManualSplit),
                                     std::string(kCauseManual), 0, 0,
                                     "split requested at '" + ToStringBinary(split_row) + "'");
      }
    }
    return Status::InvalidArgument("no region of '" + what + "' holds the split key '" +
                                   ToStringBinary(split_row) + "'");
  }
  const bool one_region = entries->size() == 1;
  std::vector<std::string> skipped;
  for (const auto& e : *entries) {
    std::shared_ptr<Region> region;
    {
      ReaderMutexLock rl(&cluster_->mu_);
      region = e->region;
    }
    if (!region) {
      skipped.push_back(cluster_->DescribeOffline(*e));
      continue;
    }
    RL_RETURN_IF_ERROR(region->Flush());
    auto sp = region->GetSplitPoint();
    if (!sp.ok()) return sp.status();
    if (sp->has_references) {
      RL_RETURN_IF_ERROR(region->Compact(/*major=*/true));
      sp = region->GetSplitPoint();
      if (!sp.ok()) return sp.status();
    }
    std::string row;
    {
      ReaderMutexLock rl(&cluster_->mu_);
      const TableEntry& t = cluster_->tables_.at(e->record.table);
      const SplitContext ctx = cluster_->SplitContextFor(t, *e, *sp);
      if (!t.policy->CanSplit(ctx)) {
        return Status::InvalidArgument("table " + e->record.table + " uses " + t.policy->Name() +
                                       ", which does not allow splits");
      }
      // As HBase: the middle row must differ from the file's first and last
      // rows before a prefix policy shortens it.
      if (SplitRowUsable(sp->row, sp->first_row, sp->last_row)) row = t.policy->SplitRow(sp->row, ctx);
    }
    if (row.empty() || row <= e->record.start_key) {
      if (one_region) {
        return Status::InvalidArgument("region " + e->record.encoded_name +
                                       " has no usable split point (too little data, or every "
                                       "row shares the split prefix)");
      }
      continue;  // a table-wide split skips regions that cannot split
    }
    RL_RETURN_IF_ERROR(cluster_->SplitLocked(e, row, std::string(kHistoryManualSplit),
                                             std::string(kCauseManual), sp->largest_store_bytes, 0,
                                             "split requested at the middle row of its largest file"));
  }
  return cluster_->SkippedRegions("split", what, entries->size(), skipped);
}

void ClusterImpl::RequestSplitCheck(const std::string& encoded) {
  MutexLock l(&split_mu_);
  if (stopping_) return;
  if (std::find(split_queue_.begin(), split_queue_.end(), encoded) == split_queue_.end()) {
    split_queue_.push_back(encoded);
  }
  split_cv_.SignalAll();
}

void ClusterImpl::CheckSplit(const std::string& encoded) {
  MutexLock admin(&admin_mu_);
  RunJanitor();
  if (!options_.auto_split) return;
  std::shared_ptr<RegionEntry> entry;
  std::shared_ptr<Region> region;
  {
    ReaderMutexLock l(&mu_);
    auto it = regions_.find(encoded);
    if (it == regions_.end()) return;
    entry = it->second;
    region = entry->region;
  }
  if (!region) return;
  auto sp = region->GetSplitPoint();
  if (!sp.ok() || sp->row.empty()) return;
  std::string row, cause, explanation;
  uint64_t threshold = 0;
  {
    ReaderMutexLock l(&mu_);
    const TableEntry& t = tables_.at(entry->record.table);
    const SplitContext ctx = SplitContextFor(t, *entry, *sp);
    if (!t.policy->ShouldSplit(ctx)) return;
    if (!SplitRowUsable(sp->row, sp->first_row, sp->last_row)) return;
    row = t.policy->SplitRow(sp->row, ctx);
    threshold = t.policy->SplitThreshold(ctx);
    cause = t.policy->Name();
    explanation = t.policy->Explain(ctx);
  }
  if (row.empty() || row <= entry->record.start_key) return;
  Status s = SplitLocked(entry, row, std::string(kHistorySplit), cause, sp->largest_store_bytes,
                         threshold, explanation);
  if (!s.ok()) {
    // Tried again after the region's next flush or compaction.
    RecordEvent({clock_->NowMillis(), std::string(kEventSplitFailed), entry->record.table, encoded,
                 "", s.ToString()});
  }
}

// ---- merge -------------------------------------------------------------------

Status ClusterImpl::MergeLocked(const std::shared_ptr<RegionEntry>& ea,
                                const std::shared_ptr<RegionEntry>& eb) {
  RegionRecord a = ea->record, b = eb->record;
  if (a.start_key > b.start_key) std::swap(a, b);
  const std::shared_ptr<RegionEntry>& first = a.encoded_name == ea->record.encoded_name ? ea : eb;
  const std::shared_ptr<RegionEntry>& second = first == ea ? eb : ea;
  const std::string where = "merge of regions " + a.encoded_name + " and " + b.encoded_name;
  const int64_t began_ms = clock_->NowMillis();
  if (a.table != b.table) return Status::InvalidArgument(where + ": they belong to different tables");
  if (a.end_key != b.start_key) {
    return Status::InvalidArgument(where + ": they are not adjacent (['" +
                                   ToStringBinary(a.start_key) + "', '" + ToStringBinary(a.end_key) +
                                   "') and ['" + ToStringBinary(b.start_key) + "', '" +
                                   ToStringBinary(b.end_key) + "'))");
  }
  std::shared_ptr<Region> ra, rb;
  RegionServer* server;
  {
    ReaderMutexLock l(&mu_);
    ra = first->region;
    rb = second->region;
    server = first->server;
  }
  if (!ra || !rb) return Status::Aborted(where + ": both regions must be online");
  for (const auto& r : {ra, rb}) {
    auto sp = r->GetSplitPoint();
    if (sp.ok() && sp->has_references) RL_RETURN_IF_ERROR(r->Compact(/*major=*/true));
  }
  RegionRecord m = NewRegionRecord(a.table, a.start_key, b.end_key);
  m.parents = {a.encoded_name, b.encoded_name};
  auto op = catalog_->BeginOperation("merge", a.encoded_name + " + " + b.encoded_name + " into " +
                                                  m.encoded_name,
                                     clock_->NowMillis());
  if (!op.ok()) return op.status();
  {
    WriterMutexLock l(&mu_);
    first->region.reset();
    second->region.reset();
  }
  Status s = ra->Close();
  const bool a_closed = s.ok();
  if (s.ok()) s = rb->Close();
  if (!s.ok()) {
    // A flush failed: a region that did not close is still open and goes
    // back online as it was; one that closed opens again.
    Status back;
    {
      WriterMutexLock l(&mu_);
      if (!a_closed) first->region = ra;
      second->region = rb;
    }
    if (a_closed) back = OpenRegionOn(first, server);
    LogIfFailed(log_.get(), catalog_->FinishOperation(*op), where + ": ending the operation in the catalog");
    return s.WithContext(where + (back.ok() ? " (both regions stay online)" : " (" + back.ToString() + ")"));
  }
  RegionManifest ma, mb;
  if (s.ok()) s = ReadManifestOrEmpty(env_, first->dir, &ma);
  if (s.ok()) s = ReadManifestOrEmpty(env_, second->dir, &mb);
  if (s.ok()) {
    s = WriteReferenceManifest(env_, RegionDir(a.table, m.encoded_name),
                               {{a.encoded_name, ma}, {b.encoded_name, mb}},
                               StoreFileReference::Half::kWhole, {});
  }
  if (s.ok()) {
    RegionRecord pa = a, pb = b;
    pa.state = pb.state = RegionState::kMerged;
    pa.split_parent = pb.split_parent = true;
    pa.server.clear();
    pb.server.clear();
    m.server = server->name();
    CatalogBatch batch;
    batch.PutRegion(pa).PutRegion(pb).PutRegion(m);
    HistoryRecord h{0,
                    clock_->NowMillis(),
                    std::string(kHistoryMerge),
                    a.table,
                    {a.encoded_name, b.encoded_name},
                    {m.encoded_name},
                    {},
                    std::string(kCauseMerge),
                    0,
                    0,
                    {{a.start_key, a.end_key}, {b.start_key, b.end_key}},
                    {{m.start_key, m.end_key}}};
    batch.AddHistory(std::move(h));
    batch.FinishOperation(*op);
    CrashPoint("merge:before-commit");
    s = catalog_->Apply(batch);
    CrashPoint("merge:after-commit");
  }
  if (!s.ok()) {
    LogIfFailed(log_.get(), env_->RemoveDirRecursive(RegionDir(a.table, m.encoded_name)),
                where + ": removing the unfinished merged region " + m.encoded_name);
    LogIfFailed(log_.get(), catalog_->FinishOperation(*op), where + ": ending the operation in the catalog");
    const Status back_a = OpenRegionOn(first, server);
    const Status back_b = OpenRegionOn(second, second->server ? second->server : server);
    LogIfFailed(log_.get(), back_a, where + ": reopening region " + a.encoded_name);
    LogIfFailed(log_.get(), back_b, where + ": reopening region " + b.encoded_name);
    return s.WithContext(where + " (rolled back)");
  }
  auto em = std::make_shared<RegionEntry>();
  em->record = m;
  em->dir = RegionDir(a.table, m.encoded_name);
  {
    WriterMutexLock l(&mu_);
    auto& t = tables_[a.table];
    t.regions.erase(a.start_key);
    t.regions.erase(b.start_key);
    regions_.erase(a.encoded_name);
    regions_.erase(b.encoded_name);
    t.regions[m.start_key] = em;
    regions_[m.encoded_name] = em;
  }
  RL_RETURN_IF_ERROR(OpenRegionOn(em, server));
  ClusterEvent ev{clock_->NowMillis(), "merge", a.table, m.encoded_name, server->name(),
                  a.encoded_name + " + " + b.encoded_name};
  ev.start_key = m.start_key;
  ev.end_key = m.end_key;
  ev.cause = std::string(kCauseMerge);
  ev.duration_ms = static_cast<uint64_t>(std::max<int64_t>(0, ev.time_ms - began_ms));
  ev.parents = {a.encoded_name, b.encoded_name};
  RecordEvent(std::move(ev));
  std::shared_ptr<Region> r;
  {
    ReaderMutexLock l(&mu_);
    r = em->region;
  }
  if (r) LogIfFailed(log_.get(), r->Compact(/*major=*/true, /*wait=*/false), "queueing the compaction of a merged region");
  return Status::OK();
}

Status Admin::MergeRegions(const std::string& region_a, const std::string& region_b, bool force) {
  MutexLock l(&cluster_->admin_mu_);
  std::shared_ptr<RegionEntry> a, b;
  {
    ReaderMutexLock rl(&cluster_->mu_);
    auto ia = cluster_->regions_.find(region_a);
    auto ib = cluster_->regions_.find(region_b);
    if (ia == cluster_->regions_.end()) return Status::NotFound("no online region " + region_a);
    if (ib == cluster_->regions_.end()) return Status::NotFound("no online region " + region_b);
    a = ia->second;
    b = ib->second;
  }
  if (a == b) return Status::InvalidArgument("cannot merge region " + region_a + " with itself");
  (void)force;  // merging non-adjacent regions would overlap their neighbours: always refused
  return cluster_->MergeLocked(a, b);
}

Result<std::vector<HistoryEntry>> Admin::GetHistory(const std::string& table) {
  auto records = cluster_->catalog_->ListHistory(table);
  if (!records.ok()) return records.status();
  std::vector<HistoryEntry> out;
  for (const auto& h : *records) {
    out.push_back({h.time_ms, h.kind, h.table, h.parents, h.daughters, h.split_key, h.cause,
                   h.size_bytes, h.threshold_bytes, h.parent_ranges, h.daughter_ranges});
  }
  return out;
}

}  // namespace regionlab
