// Admin: snapshots (HBase's snapshot, list_snapshots, clone_snapshot,
// restore_snapshot, delete_snapshot).
//
// A snapshot is a manifest in the catalog (the table's descriptor, its
// regions and each region's store files by family) plus, for every store
// file, a hard link under <data>/.hbase-snapshot/<name>/<region>/<family>/.
// The link is a second name of the file, never a copy: a compaction, a drop
// or a truncate that removes the table's name for it leaves the data to the
// snapshot, and a clone or restore links the snapshot's names into the new
// regions' directories. A file therefore lives as long as any snapshot or
// table refers to it, and the filesystem keeps the count.
//
// Crash safety: a snapshot's links are made under .hbase-snapshot/.tmp/,
// synced, and renamed into place before the catalog row is committed; the
// row is the commit point. On open, directories without a row are removed.
// Clone and restore build their region directories first and commit with
// one catalog transaction (restore's replaces the table's regions), the
// operations journal naming them until then; region directories the
// catalog does not know are removed on open.
#include <algorithm>

#include "cluster/cluster_impl.h"
#include "region/manifest.h"
#include "region/store.h"
#include "regionlab/bytes.h"
#include "util/clock.h"
#include "util/crash_point.h"
#include "util/env.h"

namespace regionlab {

namespace {

// "000000000012.sf" -> 12; 0 for other names.
uint64_t FileNumber(const std::string& name) {
  uint64_t n = 0;
  for (char c : name) {
    if (c == '.') break;
    if (c < '0' || c > '9') return 0;
    n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  return n;
}

Status TableNotDisabled(const std::string& table) {
  return Status::InvalidArgument("org.apache.hadoop.hbase.TableNotDisabledException: " + table);
}

Status SnapshotMissing(const std::string& name) {
  return Status::NotFound("org.apache.hadoop.hbase.snapshot.SnapshotDoesNotExistException: "
                          "Snapshot '" + name + "' doesn't exist on the filesystem");
}

// The catalog's record of snapshot `name`, or HBase's error; a snapshot
// whose TTL has passed is refused, as HBase refuses to clone or restore it.
Result<SnapshotRecord> FindSnapshot(Catalog* catalog, const std::string& name, int64_t now_ms) {
  auto record = catalog->GetSnapshot(name);
  if (record.status().IsNotFound()) return SnapshotMissing(name);
  if (record.ok() && record->ttl_seconds > 0 &&
      now_ms > record->created_ms + record->ttl_seconds * 1000) {
    return Status::InvalidArgument("org.apache.hadoop.hbase.snapshot.SnapshotTTLExpiredException: "
                                   "TTL for snapshot '" + name + "' has already expired.");
  }
  return record;
}

}  // namespace

std::string ClusterImpl::SnapshotsDir() const { return JoinPath(data_dir_, kSnapshotDirName); }

std::string ClusterImpl::SnapshotDir(const std::string& name) const {
  return JoinPath(SnapshotsDir(), name);
}

Status ClusterImpl::LinkSnapshotFile(const std::string& snapshot_dir, const std::string& region,
                                     const std::string& family, const std::string& file,
                                     const std::string& source) {
  const std::string dir = JoinPath(JoinPath(snapshot_dir, region), FamilyDirName(family));
  RL_RETURN_IF_ERROR(env_->CreateDirs(dir));
  return env_->LinkFile(source, JoinPath(dir, file));
}

Status ClusterImpl::RemoveUnknownSnapshotDirs(ClusterOpenReport* report) {
  if (!env_->FileExists(SnapshotsDir())) return Status::OK();
  auto names = env_->GetChildren(SnapshotsDir());
  if (!names.ok()) return names.status();
  auto snapshots = catalog_->ListSnapshots();
  if (!snapshots.ok()) return snapshots.status();
  for (const std::string& name : *names) {
    const bool known = std::any_of(snapshots->begin(), snapshots->end(),
                                   [&](const SnapshotRecord& s) { return s.name == name; });
    if (known) continue;
    if (name != ".tmp") {
      report->operations_recovered.push_back("removed the links of unfinished snapshot " + name);
    }
    RL_RETURN_IF_ERROR(env_->RemoveDirRecursive(JoinPath(SnapshotsDir(), name)));
  }
  return Status::OK();
}

Result<std::vector<RegionRecord>> ClusterImpl::MaterializeSnapshotLocked(
    const SnapshotRecord& s, const std::string& full, const TableDescriptor& desc) {
  std::vector<RegionRecord> records;
  for (const SnapshotRecord::Region& sr : s.regions) {
    RegionRecord r = NewRegionRecord(full, sr.start_key, sr.end_key);
    const std::string dir = RegionDir(full, r.encoded_name);
    RegionManifest m;
    for (const FamilyOptions& f : desc.families) {
      const std::string family_dir = JoinPath(dir, FamilyDirName(f.name));
      RL_RETURN_IF_ERROR(env_->CreateDirs(family_dir));
      auto& names = m.files[f.name];
      for (const auto& [family, files] : sr.families) {
        if (family != f.name) continue;
        for (const std::string& file : files) {
          const std::string source = JoinPath(
              JoinPath(JoinPath(SnapshotDir(s.name), sr.encoded_name), FamilyDirName(family)),
              file);
          if (!env_->FileExists(source)) {
            return Status::Corruption("snapshot " + s.name + ": store file " + source +
                                      " of region " + sr.encoded_name + " is missing");
          }
          RL_RETURN_IF_ERROR(env_->LinkFile(source, JoinPath(family_dir, file)));
          names.push_back(file);
          m.next_file_number = std::max(m.next_file_number, FileNumber(file) + 1);
        }
      }
      RL_RETURN_IF_ERROR(env_->SyncDir(family_dir));
    }
    RL_RETURN_IF_ERROR(WriteManifest(env_, dir, m));
    records.push_back(std::move(r));
  }
  return records;
}

Status Admin::Snapshot(const std::string& table, const std::string& name, bool skip_flush,
                       int64_t ttl_seconds) {
  RL_RETURN_IF_ERROR(ValidateSnapshotName(name));
  if (ttl_seconds < 0) return Status::InvalidArgument("snapshot TTL must not be negative");
  MutexLock l(&cluster_->admin_mu_);
  auto found = cluster_->FindTableLocked(table);
  if (!found.ok()) return found.status();
  TableEntry* t = *found;
  ClusterImpl& c = *cluster_;
  if (c.catalog_->GetSnapshot(name).ok()) {
    return Status::InvalidArgument("org.apache.hadoop.hbase.snapshot.SnapshotExistsException: "
                                   "Snapshot '" + name + "' already stored on the filesystem.");
  }
  SnapshotRecord record;
  std::vector<std::shared_ptr<RegionEntry>> entries;
  {
    ReaderMutexLock rl(&c.mu_);
    record.descriptor = t->desc;
    for (const auto& [start, e] : t->regions) entries.push_back(e);
  }
  record.name = name;
  record.table = record.descriptor.FullName();
  record.ttl_seconds = ttl_seconds;
  // An enabled table is flushed first (HBase's FLUSH snapshot type), so the
  // snapshot holds every acknowledged write; a disabled one was flushed by
  // its disable.
  if (!skip_flush) {
    for (const auto& e : entries) {
      std::shared_ptr<Region> region;
      {
        ReaderMutexLock rl(&c.mu_);
        region = e->region;
      }
      if (region) RL_RETURN_IF_ERROR(region->Flush(/*wait=*/true));
    }
  }
  const std::string tmp = JoinPath(JoinPath(c.SnapshotsDir(), ".tmp"), name);
  RL_RETURN_IF_ERROR(c.env_->RemoveDirRecursive(tmp));
  RL_RETURN_IF_ERROR(c.env_->CreateDirs(tmp));
  auto fail = [&](Status s) {
    (void)c.env_->RemoveDirRecursive(tmp);
    return s.WithContext("snapshot " + name + " of table " + record.table);
  };
  for (const auto& e : entries) {
    SnapshotRecord::Region sr;
    sr.encoded_name = e->record.encoded_name;
    sr.start_key = e->record.start_key;
    sr.end_key = e->record.end_key;
    sr.region_id = e->record.region_id;
    auto add = [&](const std::string& family, const std::string& file,
                   const std::string& path) -> Status {
      RL_RETURN_IF_ERROR(c.LinkSnapshotFile(tmp, sr.encoded_name, family, file, path));
      if (sr.families.empty() || sr.families.back().first != family) {
        sr.families.emplace_back(family, std::vector<std::string>());
      }
      sr.families.back().second.push_back(file);
      return Status::OK();
    };
    std::shared_ptr<Region> region;
    {
      ReaderMutexLock rl(&c.mu_);
      region = e->region;
    }
    if (region) {
      // The files are linked while the region cannot compact them away. A
      // fresh split daughter reading its parent through references is
      // compacted first, so the snapshot holds files of its own.
      Status s = region->VisitStoreFiles(add);
      if (s.IsNotSupported()) {
        sr.families.clear();
        (void)c.env_->RemoveDirRecursive(JoinPath(tmp, sr.encoded_name));
        s = region->Compact(/*major=*/true, /*wait=*/true);
        if (s.ok()) s = region->VisitStoreFiles(add);
      }
      if (!s.ok()) return fail(s);
    } else {
      RegionManifest m;
      Status s = ReadManifestOrEmpty(c.env_, e->dir, &m);
      for (auto it = m.files.begin(); s.ok() && it != m.files.end(); ++it) {
        for (const std::string& file : it->second) {
          if (IsReferenceName(file)) {
            s = Status::NotSupported("region " + sr.encoded_name +
                                     " still reads its parent's files through references; "
                                     "enable the table and major_compact it first");
            break;
          }
          s = add(it->first, file, JoinPath(JoinPath(e->dir, FamilyDirName(it->first)), file));
          if (!s.ok()) break;
        }
      }
      if (!s.ok()) return fail(s);
    }
    record.regions.push_back(std::move(sr));
  }
  // Make the links durable, then move them into place; the catalog row
  // below is the commit point.
  for (const auto& sr : record.regions) {
    for (const auto& [family, files] : sr.families) {
      Status s = c.env_->SyncDir(JoinPath(JoinPath(tmp, sr.encoded_name), FamilyDirName(family)));
      if (!s.ok()) return fail(s);
    }
  }
  const std::string final_dir = c.SnapshotDir(name);
  if (c.env_->FileExists(final_dir)) {
    Status s = c.env_->RemoveDirRecursive(final_dir);  // links of a snapshot that never committed
    if (!s.ok()) return fail(s);
  }
  Status s = c.env_->RenameFile(tmp, final_dir);
  if (s.ok()) s = c.env_->SyncDir(c.SnapshotsDir());
  if (!s.ok()) return fail(s);
  CrashPoint("snapshot:before-catalog");
  record.created_ms = c.clock_->NowMillis();
  s = c.catalog_->AddSnapshot(record);
  if (!s.ok()) {
    (void)c.env_->RemoveDirRecursive(final_dir);
    return s;
  }
  c.RecordEvent({record.created_ms, "snapshot", record.table, "", "", name});
  return Status::OK();
}

Result<std::vector<SnapshotInfo>> Admin::ListSnapshots() {
  auto records = cluster_->catalog_->ListSnapshots();
  if (!records.ok()) return records.status();
  std::vector<SnapshotInfo> out;
  for (const SnapshotRecord& s : *records) {
    SnapshotInfo info;
    info.name = s.name;
    info.table = s.table;
    info.created_ms = s.created_ms;
    info.ttl_seconds = s.ttl_seconds;
    info.regions = s.regions.size();
    for (const auto& r : s.regions) {
      for (const auto& [family, files] : r.families) {
        info.files += files.size();
        for (const auto& file : files) {
          auto size = cluster_->env_->GetFileSize(JoinPath(
              JoinPath(JoinPath(cluster_->SnapshotDir(s.name), r.encoded_name),
                       FamilyDirName(family)),
              file));
          if (size.ok()) info.bytes += *size;
        }
      }
    }
    out.push_back(std::move(info));
  }
  return out;
}

Status Admin::CloneSnapshot(const std::string& snapshot, const std::string& table) {
  std::string ns, qualifier;
  RL_RETURN_IF_ERROR(ParseTableName(table, &ns, &qualifier));
  MutexLock l(&cluster_->admin_mu_);
  ClusterImpl& c = *cluster_;
  auto record = FindSnapshot(c.catalog_.get(), snapshot, c.clock_->NowMillis());
  if (!record.ok()) return record.status();
  TableDescriptor desc = record->descriptor;
  desc.ns = ns;
  desc.name = qualifier;
  desc.enabled = true;
  const std::string full = desc.FullName();
  {
    ReaderMutexLock rl(&c.mu_);
    if (c.tables_.count(full)) return Status::InvalidArgument("Table already exists: " + full);
  }
  return c.CloneSnapshotLocked(*record, desc);
}

Status ClusterImpl::CloneSnapshotLocked(const SnapshotRecord& s, const TableDescriptor& desc) {
  const std::string full = desc.FullName();
  auto op = catalog_->BeginOperation("clone_snapshot", s.name + " -> " + full, clock_->NowMillis());
  if (!op.ok()) return op.status();
  auto records = MaterializeSnapshotLocked(s, full, desc);
  if (records.ok()) CrashPoint("clone:before-catalog");
  Status st = records.ok() ? catalog_->CreateTable(desc, *records, clock_->NowMillis())
                           : records.status();
  if (st.ok()) st = catalog_->FinishOperation(*op);
  if (!st.ok()) {
    // Nothing committed: the directories made for the clone go (a crash
    // here leaves them to the orphan check on open).
    if (!catalog_->GetTable(full).ok()) {
      (void)catalog_->FinishOperation(*op);
      (void)env_->RemoveDirRecursive(TableDir(full));
    }
    return st.WithContext("clone_snapshot " + s.name + " to " + full);
  }
  RecordEvent({clock_->NowMillis(), "clone snapshot", full, "", "", s.name});
  return RegisterAndOpenTableLocked(full, *records);
}

Status Admin::RestoreSnapshot(const std::string& snapshot) {
  MutexLock l(&cluster_->admin_mu_);
  ClusterImpl& c = *cluster_;
  auto record = FindSnapshot(c.catalog_.get(), snapshot, c.clock_->NowMillis());
  if (!record.ok()) return record.status();
  const std::string full = record->table;
  TableEntry* t = nullptr;
  {
    ReaderMutexLock rl(&c.mu_);
    auto it = c.tables_.find(full);
    if (it != c.tables_.end()) t = &it->second;
  }
  if (t == nullptr) {
    // As HBase's SnapshotManager does: restoring a table that is gone clones it.
    TableDescriptor desc = record->descriptor;
    desc.enabled = true;
    return c.CloneSnapshotLocked(*record, desc);
  }
  if (t->desc.enabled) return TableNotDisabled(full);
  TableDescriptor desc = record->descriptor;
  desc.enabled = false;
  auto op = c.catalog_->BeginOperation("restore_snapshot", record->name + " -> " + full,
                                       c.clock_->NowMillis());
  if (!op.ok()) return op.status();
  auto records = c.MaterializeSnapshotLocked(*record, full, desc);
  if (records.ok()) CrashPoint("restore:before-catalog");
  Status st = records.ok() ? c.catalog_->RestoreTable(desc, *records, *op) : records.status();
  if (!st.ok()) {
    (void)c.catalog_->FinishOperation(*op);
    if (records.ok()) {
      for (const auto& r : *records) (void)c.env_->RemoveDirRecursive(c.RegionDir(full, r.encoded_name));
    }
    return st.WithContext("restore_snapshot " + record->name + " to " + full);
  }
  // Committed: the table now has the snapshot's regions; the old region
  // directories (split parents included) are removed.
  std::vector<std::string> old;
  {
    WriterMutexLock wl(&c.mu_);
    for (const auto& [start, e] : t->regions) {
      old.push_back(e->dir);
      c.regions_.erase(e->record.encoded_name);
    }
    t->regions.clear();
    t->desc = desc;
    t->policy = CreateSplitPolicy(desc.split_policy).value();
    for (const auto& r : *records) {
      auto e = std::make_shared<RegionEntry>();
      e->record = r;
      e->dir = c.RegionDir(full, r.encoded_name);
      t->regions[r.start_key] = e;
      c.regions_[r.encoded_name] = e;
    }
  }
  auto children = c.env_->GetChildren(c.TableDir(full));
  if (children.ok()) {
    for (const std::string& child : *children) {
      const bool live = std::any_of(records->begin(), records->end(),
                                    [&](const RegionRecord& r) { return r.encoded_name == child; });
      if (!live) (void)c.env_->RemoveDirRecursive(JoinPath(c.TableDir(full), child));
    }
  }
  c.RecordEvent({c.clock_->NowMillis(), "restore snapshot", full, "", "", record->name});
  return Status::OK();
}

Status Admin::DeleteSnapshot(const std::string& snapshot) {
  MutexLock l(&cluster_->admin_mu_);
  if (!cluster_->catalog_->GetSnapshot(snapshot).ok()) return SnapshotMissing(snapshot);
  RL_RETURN_IF_ERROR(cluster_->catalog_->DeleteSnapshot(snapshot));
  // After the commit; a crash before this leaves the links to the next open.
  RL_RETURN_IF_ERROR(cluster_->env_->RemoveDirRecursive(cluster_->SnapshotDir(snapshot)));
  cluster_->RecordEvent({cluster_->clock_->NowMillis(), "delete snapshot", "", "", "", snapshot});
  return Status::OK();
}

}  // namespace regionlab
