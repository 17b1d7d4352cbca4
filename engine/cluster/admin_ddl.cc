// Admin: namespaces and table DDL (create, alter, enable, disable, truncate,
// drop), each checked the way HBase checks it.
#include <algorithm>
#include <set>

#include "cluster/cluster_impl.h"
#include "cluster/hbase_meta.h"
#include "region/manifest.h"
#include "region/store.h"
#include "regionlab/bytes.h"
#include "regionlab/limits.h"
#include "rowkey/split_algorithms.h"
#include "util/clock.h"
#include "util/crash_point.h"
#include "util/env.h"

namespace regionlab {

namespace {

// HBase's sanity checks of a table descriptor (TableDescriptorChecker), with
// lower minimums so that tiny sizes can be tried out.
Status CheckDescriptor(const TableDescriptor& d) {
  const std::string table = d.FullName();
  if (d.families.empty()) {
    return Status::InvalidArgument("Table should have at least one column family: " + table);
  }
  std::set<std::string> names;
  for (const auto& f : d.families) {
    RL_RETURN_IF_ERROR(ValidateFamilyName(f.name));
    if (!names.insert(f.name).second) {
      return Status::InvalidArgument("Column family '" + ToStringBinary(f.name) +
                                     "' is declared twice in table " + table);
    }
    const std::string where = " (table " + table + ", family " + ToStringBinary(f.name) + ")";
    // ColumnFamilyDescriptorBuilder.setMaxVersions's refusals, in its words.
    if (f.max_versions < 1) {
      return Status::InvalidArgument("Maximum versions must be positive" + where);
    }
    if (f.min_versions > f.max_versions) {
      return Status::InvalidArgument("Set MaxVersion to " + std::to_string(f.max_versions) +
                                     " while minVersion is " + std::to_string(f.min_versions) +
                                     ". Maximum versions must be >= minimum versions" + where);
    }
    if (f.min_versions < 0) {
      return Status::InvalidArgument("MIN_VERSIONS (" + std::to_string(f.min_versions) +
                                     ") must be between 0 and VERSIONS (" +
                                     std::to_string(f.max_versions) + ")" + where);
    }
    if (f.ttl_seconds <= 0) return Status::InvalidArgument("TTL must be positive" + where);
    if (f.min_versions > 0 && f.ttl_seconds >= kTtlForever) {
      return Status::InvalidArgument("MIN_VERSIONS > 0 needs a TTL" + where);
    }
    if (f.block_size < kMinBlockSize || f.block_size > kMaxBlockSize) {
      return Status::InvalidArgument("Block size for column family must be between 1K and 16MB" +
                                     where);
    }
  }
  if (d.memstore_flush_size < kMinMemstoreFlushSize) {
    return Status::InvalidArgument("MEMSTORE_FLUSHSIZE " + std::to_string(d.memstore_flush_size) +
                                   " of table " + table + " is too small (minimum " +
                                   std::to_string(kMinMemstoreFlushSize) + ")");
  }
  if (d.max_file_size < kMinMaxFileSize) {
    return Status::InvalidArgument("MAX_FILESIZE " + std::to_string(d.max_file_size) +
                                   " of table " + table + " is too small (minimum " +
                                   std::to_string(kMinMaxFileSize) + ")");
  }
  auto policy = CreateSplitPolicy(d.split_policy);
  if (!policy.ok()) return policy.status();
  return Status::OK();
}

}  // namespace

// ---- namespaces ------------------------------------------------------------

Status Admin::CreateNamespace(const std::string& name,
                              const std::map<std::string, std::string>& properties) {
  RL_RETURN_IF_ERROR(ValidateNamespaceName(name));
  MutexLock l(&cluster_->admin_mu_);
  return cluster_->catalog_->CreateNamespace(name, properties);
}

Status Admin::DropNamespace(const std::string& name) {
  MutexLock l(&cluster_->admin_mu_);
  return cluster_->catalog_->DropNamespace(name);
}

Result<std::vector<std::string>> Admin::ListNamespaces() {
  return cluster_->catalog_->ListNamespaces();
}

Result<std::map<std::string, std::string>> Admin::GetNamespaceProperties(const std::string& name) {
  return cluster_->catalog_->GetNamespace(name);
}

Status Admin::ModifyNamespace(const std::string& name,
                              const std::map<std::string, std::string>& properties) {
  MutexLock l(&cluster_->admin_mu_);
  return cluster_->catalog_->UpdateNamespace(name, properties);
}

// ---- tables ----------------------------------------------------------------

Result<TableEntry*> ClusterImpl::FindTableLocked(const std::string& text) {
  auto full = FullTableName(text);
  if (!full.ok()) return full.status();
  if (IsMetaTable(*full)) {
    return Status::InvalidArgument(
        "org.apache.hadoop.hbase.constraint.ConstraintException: hbase:meta shows RegionLab's "
        "catalog; it cannot be changed, disabled, dropped or snapshotted");
  }
  ReaderMutexLock l(&mu_);
  auto it = tables_.find(*full);
  if (it == tables_.end()) return Status::NotFound("Table " + *full + " does not exist");
  return &it->second;
}

Status ClusterImpl::OpenTableRegionsLocked(TableEntry& table) {
  std::vector<RegionOpening> plan;
  {
    ReaderMutexLock l(&mu_);
    for (const auto& [start, e] : table.regions) {
      if (!e->region) plan.push_back({e, nullptr, Status()});
    }
  }
  if (plan.empty()) return Status::OK();
  PlanServers(&plan);
  Status s = OpenRegions(&plan, /*keep_going=*/false);
  // One event a region while there are few; a big create or enable would
  // otherwise flood the event list and the LOG with thousands of lines.
  const int64_t now = clock_->NowMillis();
  const std::string& full = plan.front().entry->record.table;
  std::map<std::string, size_t> per_server;
  for (const auto& o : plan) {
    if (!o.status.ok()) continue;
    if (plan.size() <= kMaxRegionOpenedEvents) {
      RecordEvent({now, "region opened", full, o.entry->record.encoded_name, o.server->name(), ""});
    }
    ++per_server[o.server->name()];
  }
  if (plan.size() > kMaxRegionOpenedEvents) {
    size_t opened = 0;
    std::string where;
    for (const auto& [server, n] : per_server) {
      opened += n;
      where += (where.empty() ? "" : ", ") + server + " " + std::to_string(n);
    }
    RecordEvent({now, "regions opened", full, "", "",
                 std::to_string(opened) + " of " + std::to_string(plan.size()) + " regions (" +
                     where + ")"});
  }
  return s;
}

Status ClusterImpl::CloseTableRegionsLocked(TableEntry& table, bool flush) {
  std::vector<std::shared_ptr<RegionEntry>> entries;
  {
    ReaderMutexLock l(&mu_);
    for (const auto& [start, e] : table.regions) entries.push_back(e);
  }
  Status result;
  for (const auto& e : entries) {
    std::shared_ptr<Region> region;
    {
      WriterMutexLock l(&mu_);
      region = std::move(e->region);
    }
    if (!region) continue;
    Status s = flush ? region->Close() : region->Abort();
    if (!flush && e->server && e->server->wal()) e->server->wal()->ForgetRegion(e->record.encoded_name);
    RegionRecord rec = e->record;
    rec.state = RegionState::kClosed;
    if (s.ok()) s = catalog_->UpdateRegion(rec);
    {
      WriterMutexLock l(&mu_);
      e->record = rec;
    }
    if (!s.ok() && result.ok()) result = s;
  }
  return result;
}

Status Admin::CreateTable(const TableDescriptor& input, const std::vector<std::string>& split_keys) {
  TableDescriptor desc = input;
  std::string ns, name;
  RL_RETURN_IF_ERROR(ParseTableName(desc.FullName(), &ns, &name));
  RL_RETURN_IF_ERROR(CheckDescriptor(desc));
  auto keys = ValidateSplitKeys(split_keys);
  if (!keys.ok()) return keys.status();
  MutexLock l(&cluster_->admin_mu_);
  const std::string full = desc.FullName();
  {
    ReaderMutexLock rl(&cluster_->mu_);
    if (cluster_->tables_.count(full)) return Status::InvalidArgument("Table already exists: " + full);
  }
  std::vector<RegionRecord> records;
  std::string start;
  for (size_t i = 0; i <= keys->size(); ++i) {
    const std::string end = i < keys->size() ? (*keys)[i] : std::string();
    records.push_back(cluster_->NewRegionRecord(full, start, end));
    start = end;
  }
  desc.enabled = true;
  // The commit point: the table and every one of its regions, in one catalog
  // transaction. A crash after it rolls the create forward (the next open
  // opens every region, making the directories still missing); a crash
  // before it leaves nothing, since no directory is made before.
  CrashPoint("create:before-commit");
  RL_RETURN_IF_ERROR(cluster_->catalog_->CreateTable(desc, records, cluster_->clock_->NowMillis()));
  return cluster_->RegisterAndOpenTableLocked(full, records);
}

Status ClusterImpl::RegisterAndOpenTableLocked(const std::string& full,
                                               const std::vector<RegionRecord>& records) {
  auto stored = catalog_->GetTable(full);
  if (!stored.ok()) return stored.status();
  TableEntry te;
  te.desc = *stored;
  auto policy = CreateSplitPolicy(te.desc.split_policy);
  if (!policy.ok()) return policy.status();
  te.policy = std::move(*policy);
  TableEntry* t;
  {
    WriterMutexLock wl(&mu_);
    t = &tables_[full];
    *t = std::move(te);
    for (const auto& r : records) {
      auto e = std::make_shared<RegionEntry>();
      e->record = r;
      e->dir = RegionDir(full, r.encoded_name);
      t->regions[r.start_key] = e;
      regions_[r.encoded_name] = e;
    }
  }
  RecordEvent({clock_->NowMillis(), "create table", full, "", "",
               std::to_string(records.size()) + " regions"});
  return OpenTableRegionsLocked(*t);
}

Status Admin::ModifyTable(const TableDescriptor& input) {
  TableDescriptor desc = input;
  RL_RETURN_IF_ERROR(CheckDescriptor(desc));
  MutexLock l(&cluster_->admin_mu_);
  const std::string full = desc.FullName();
  TableEntry* t;
  {
    ReaderMutexLock rl(&cluster_->mu_);
    auto it = cluster_->tables_.find(full);
    if (it == cluster_->tables_.end()) return Status::NotFound("Table " + full + " does not exist");
    t = &it->second;
  }
  desc.enabled = t->desc.enabled;
  std::set<std::string> kept;
  for (const auto& f : desc.families) kept.insert(f.name);
  std::vector<std::string> removed;
  for (const auto& f : t->desc.families) {
    if (kept.count(f.name) == 0) removed.push_back(f.name);
  }
  // Online alter as in HBase 2: regions close (flushing), take the new
  // descriptor, and reopen. A removed family's data goes with it.
  RL_RETURN_IF_ERROR(cluster_->CloseTableRegionsLocked(*t, /*flush=*/true));
  RL_RETURN_IF_ERROR(cluster_->catalog_->UpdateTable(desc));
  for (const auto& [start, e] : t->regions) {
    if (removed.empty()) break;
    RegionManifest m;
    if (!ReadManifestOrEmpty(cluster_->env_, e->dir, &m).ok()) continue;
    for (const auto& family : removed) {
      m.files.erase(family);
      LogIfFailed(cluster_->log_.get(),
                  cluster_->env_->RemoveDirRecursive(JoinPath(e->dir, FamilyDirName(family))),
                  "removing the files of dropped family " + family + " of region " +
                      e->record.encoded_name);
    }
    RL_RETURN_IF_ERROR(WriteManifest(cluster_->env_, e->dir, m));
  }
  {
    WriterMutexLock wl(&cluster_->mu_);
    t->desc = desc;
    t->policy = CreateSplitPolicy(desc.split_policy).value();
  }
  cluster_->RecordEvent({cluster_->clock_->NowMillis(), "alter table", full, "", "", ""});
  return desc.enabled ? cluster_->OpenTableRegionsLocked(*t) : Status::OK();
}

Status Admin::EnableTable(const std::string& table) {
  MutexLock l(&cluster_->admin_mu_);
  auto found = cluster_->FindTableLocked(table);
  if (!found.ok()) return found.status();
  TableEntry* t = *found;
  const std::string full = t->desc.FullName();
  if (t->desc.enabled) return Status::InvalidArgument("Table " + full + " is already enabled");
  RL_RETURN_IF_ERROR(cluster_->catalog_->SetTableEnabled(full, true));
  {
    WriterMutexLock wl(&cluster_->mu_);
    t->desc.enabled = true;
  }
  cluster_->RecordEvent({cluster_->clock_->NowMillis(), "enable table", full, "", "", ""});
  return cluster_->OpenTableRegionsLocked(*t);
}

Status Admin::DisableTable(const std::string& table) {
  MutexLock l(&cluster_->admin_mu_);
  auto found = cluster_->FindTableLocked(table);
  if (!found.ok()) return found.status();
  TableEntry* t = *found;
  const std::string full = t->desc.FullName();
  if (!t->desc.enabled) return Status::InvalidArgument("Table " + full + " is already disabled");
  {
    WriterMutexLock wl(&cluster_->mu_);
    t->desc.enabled = false;  // the router refuses new requests from here on
  }
  RL_RETURN_IF_ERROR(cluster_->CloseTableRegionsLocked(*t, /*flush=*/true));
  cluster_->RecordEvent({cluster_->clock_->NowMillis(), "disable table", full, "", "", ""});
  return cluster_->catalog_->SetTableEnabled(full, false);
}

Result<bool> Admin::IsTableEnabled(const std::string& table) {
  auto d = GetDescriptor(table);
  if (!d.ok()) return d.status();
  return d->enabled;
}

Result<bool> Admin::TableExists(const std::string& table) {
  auto full = FullTableName(table);
  if (!full.ok()) return full.status();
  if (IsMetaTable(*full)) return true;
  ReaderMutexLock rl(&cluster_->mu_);
  return cluster_->tables_.count(*full) > 0;
}

Result<TableDescriptor> Admin::GetDescriptor(const std::string& table) {
  auto full = FullTableName(table);
  if (!full.ok()) return full.status();
  if (IsMetaTable(*full)) return MetaTableDescriptor();
  ReaderMutexLock rl(&cluster_->mu_);
  auto it = cluster_->tables_.find(*full);
  if (it == cluster_->tables_.end()) return Status::NotFound("Table " + *full + " does not exist");
  return it->second.desc;
}

Result<std::vector<TableDescriptor>> Admin::ListTables() {
  ReaderMutexLock rl(&cluster_->mu_);
  std::vector<TableDescriptor> out;
  for (const auto& [name, t] : cluster_->tables_) out.push_back(t.desc);
  return out;
}

Status Admin::TruncateTable(const std::string& table, bool preserve_splits) {
  MutexLock l(&cluster_->admin_mu_);
  auto found = cluster_->FindTableLocked(table);
  if (!found.ok()) return found.status();
  TableEntry* t = *found;
  const std::string full = t->desc.FullName();
  std::vector<std::string> splits;
  std::vector<std::shared_ptr<RegionEntry>> old;
  {
    ReaderMutexLock rl(&cluster_->mu_);
    for (const auto& [start, e] : t->regions) {
      old.push_back(e);
      if (!start.empty()) splits.push_back(start);
    }
  }
  if (!preserve_splits) splits.clear();
  // The data is going: close without flushing.
  RL_RETURN_IF_ERROR(cluster_->CloseTableRegionsLocked(*t, /*flush=*/false));
  std::vector<RegionRecord> records;
  std::string start;
  for (size_t i = 0; i <= splits.size(); ++i) {
    const std::string end = i < splits.size() ? splits[i] : std::string();
    records.push_back(cluster_->NewRegionRecord(full, start, end));
    start = end;
  }
  // Commit point: old regions out, new regions in, in one catalog batch.
  auto op = cluster_->catalog_->BeginOperation("truncate", full, cluster_->clock_->NowMillis());
  if (!op.ok()) return op.status();
  CatalogBatch b;
  for (const auto& e : old) b.DeleteRegion(e->record.encoded_name);
  for (const auto& r : records) b.PutRegion(r);
  b.FinishOperation(*op);
  RL_RETURN_IF_ERROR(cluster_->catalog_->Apply(b));
  {
    WriterMutexLock wl(&cluster_->mu_);
    t->regions.clear();
    for (const auto& e : old) cluster_->regions_.erase(e->record.encoded_name);
    for (const auto& r : records) {
      auto e = std::make_shared<RegionEntry>();
      e->record = r;
      e->dir = cluster_->RegionDir(full, r.encoded_name);
      t->regions[r.start_key] = e;
      cluster_->regions_[r.encoded_name] = e;
    }
    t->desc.enabled = true;
  }
  for (const auto& e : old) {
    LogIfFailed(cluster_->log_.get(), cluster_->env_->RemoveDirRecursive(e->dir),
                "removing region " + e->record.encoded_name + " of truncated table " + full);
  }
  RL_RETURN_IF_ERROR(cluster_->catalog_->SetTableEnabled(full, true));
  cluster_->RecordEvent({cluster_->clock_->NowMillis(),
                         preserve_splits ? "truncate_preserve" : "truncate", full, "", "",
                         std::to_string(records.size()) + " regions"});
  return cluster_->OpenTableRegionsLocked(*t);
}

Status Admin::DeleteTable(const std::string& table) {
  MutexLock l(&cluster_->admin_mu_);
  auto found = cluster_->FindTableLocked(table);
  if (!found.ok()) return found.status();
  const std::string full = (*found)->desc.FullName();
  {
    ReaderMutexLock rl(&cluster_->mu_);
    if ((*found)->desc.enabled) {
      return Status::InvalidArgument("Table " + full + " is enabled. Disable it first.");
    }
  }
  RL_RETURN_IF_ERROR(cluster_->catalog_->DropTable(full));
  {
    WriterMutexLock wl(&cluster_->mu_);
    for (const auto& [start, e] : cluster_->tables_[full].regions) {
      cluster_->regions_.erase(e->record.encoded_name);
    }
    cluster_->tables_.erase(full);
  }
  // After the catalog commit; a crash before this is finished by the next open.
  RL_RETURN_IF_ERROR(cluster_->env_->RemoveDirRecursive(cluster_->TableDir(full)));
  cluster_->RecordEvent({cluster_->clock_->NowMillis(), "drop table", full, "", "", ""});
  return Status::OK();
}

}  // namespace regionlab
