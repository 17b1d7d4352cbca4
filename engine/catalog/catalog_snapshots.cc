// Catalog: snapshots (tables snapshots, snapshot_regions, snapshot_files,
// since v7) and restore_snapshot's one-transaction swap of a table's regions.
#include "catalog/catalog.h"
#include "catalog/descriptor_codec.h"
#include "catalog/sqlite_db.h"

namespace regionlab {

namespace {

std::string Missing(const std::string& name) {
  return "SnapshotDoesNotExistException: Snapshot '" + name + "' doesn't exist on the filesystem";
}

}  // namespace

Status Catalog::AddSnapshot(const SnapshotRecord& s) {
  constexpr std::string_view kOp = "AddSnapshot";
  if (s.name.empty()) {
    return db_->Fail(Status::Code::kInvalidArgument, kOp, "a snapshot needs a name");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  {
    Result<Query> q = db_->Prepare(kOp, "SELECT 1 FROM snapshots WHERE name = ?");
    if (!q.ok()) return q.status();
    Result<bool> row = q->Text(s.name).Step();
    if (!row.ok()) return row.status();
    if (*row) {
      return db_->Fail(Status::Code::kInvalidArgument, kOp,
                       "SnapshotExistsException: Snapshot '" + s.name +
                           "' already stored on the filesystem.");
    }
  }
  {
    Result<Query> q = db_->Prepare(
        kOp,
        "INSERT INTO snapshots (name, table_name, created_ms, ttl_seconds, descriptor) "
        "VALUES (?, ?, ?, ?, ?)");
    if (!q.ok()) return q.status();
    q->Text(s.name).Text(s.table).Int(s.created_ms).Int(s.ttl_seconds);
    RL_RETURN_IF_ERROR(q->Blob(EncodeTableDescriptor(s.descriptor)).Run());
  }
  for (const SnapshotRecord::Region& r : s.regions) {
    Result<Query> q = db_->Prepare(
        kOp,
        "INSERT INTO snapshot_regions (snapshot, encoded_name, start_key, end_key, region_id) "
        "VALUES (?, ?, ?, ?, ?)");
    if (!q.ok()) return q.status();
    q->Text(s.name).Text(r.encoded_name).Blob(r.start_key).Blob(r.end_key).Int(r.region_id);
    RL_RETURN_IF_ERROR(q->Run());
    for (const auto& [family, files] : r.families) {
      for (size_t i = 0; i < files.size(); ++i) {
        Result<Query> f = db_->Prepare(
            kOp,
            "INSERT INTO snapshot_files (snapshot, region, family, ordinal, file) "
            "VALUES (?, ?, ?, ?, ?)");
        if (!f.ok()) return f.status();
        f->Text(s.name).Text(r.encoded_name).Text(family).Int(static_cast<int64_t>(i));
        RL_RETURN_IF_ERROR(f->Text(files[i]).Run());
      }
    }
  }
  return txn.Commit(kOp);
}

Result<std::vector<SnapshotRecord>> Catalog::ListSnapshots() {
  constexpr std::string_view kOp = "ListSnapshots";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.BeginRead(kOp));
  std::vector<SnapshotRecord> out;
  {
    Result<Query> q = db_->Prepare(
        kOp,
        "SELECT name, table_name, created_ms, ttl_seconds, descriptor FROM snapshots "
        "ORDER BY created_ms, name");
    if (!q.ok()) return q.status();
    for (;;) {
      Result<bool> row = q->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      SnapshotRecord s;
      s.name = q->ColumnString(0);
      s.table = q->ColumnString(1);
      s.created_ms = q->ColumnInt(2);
      s.ttl_seconds = q->ColumnInt(3);
      if (Status d = DecodeTableDescriptor(q->ColumnString(4), &s.descriptor); !d.ok()) {
        return db_->Fail(Status::Code::kCorruption, kOp,
                         "snapshot '" + s.name + "': " + d.message());
      }
      out.push_back(std::move(s));
    }
  }
  for (SnapshotRecord& s : out) {
    Result<Query> q = db_->Prepare(
        kOp,
        "SELECT encoded_name, start_key, end_key, region_id FROM snapshot_regions "
        "WHERE snapshot = ? ORDER BY start_key, region_id");
    if (!q.ok()) return q.status();
    q->Text(s.name);
    for (;;) {
      Result<bool> row = q->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      SnapshotRecord::Region r;
      r.encoded_name = q->ColumnString(0);
      r.start_key = q->ColumnString(1);
      r.end_key = q->ColumnString(2);
      r.region_id = q->ColumnInt(3);
      s.regions.push_back(std::move(r));
    }
    for (SnapshotRecord::Region& r : s.regions) {
      Result<Query> f = db_->Prepare(
          kOp,
          "SELECT family, file FROM snapshot_files WHERE snapshot = ? AND region = ? "
          "ORDER BY family, ordinal");
      if (!f.ok()) return f.status();
      f->Text(s.name).Text(r.encoded_name);
      for (;;) {
        Result<bool> row = f->Step();
        if (!row.ok()) return row.status();
        if (!*row) break;
        const std::string family = f->ColumnString(0);
        if (r.families.empty() || r.families.back().first != family) {
          r.families.emplace_back(family, std::vector<std::string>());
        }
        r.families.back().second.push_back(f->ColumnString(1));
      }
    }
  }
  return out;
}

Result<SnapshotRecord> Catalog::GetSnapshot(const std::string& name) {
  auto all = ListSnapshots();
  if (!all.ok()) return all.status();
  for (SnapshotRecord& s : *all) {
    if (s.name == name) return std::move(s);
  }
  return db_->Fail(Status::Code::kNotFound, "GetSnapshot", Missing(name));
}

Status Catalog::DeleteSnapshot(const std::string& name) {
  constexpr std::string_view kOp = "DeleteSnapshot";
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q = db_->Prepare(kOp, "DELETE FROM snapshots WHERE name = ?");
  if (!q.ok()) return q.status();
  RL_RETURN_IF_ERROR(q->Text(name).Run());
  if (db_->Changes() == 0) return db_->Fail(Status::Code::kNotFound, kOp, Missing(name));
  return Status::OK();
}

Status Catalog::RestoreTable(const TableDescriptor& desc, const std::vector<RegionRecord>& regions,
                             int64_t op_id) {
  constexpr std::string_view kOp = "RestoreTable";
  RL_RETURN_IF_ERROR(ValidateDescriptor(kOp, desc));
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  Result<int64_t> id = TableIdLocked(kOp, desc.FullName());
  if (!id.ok()) return id.status();
  RL_RETURN_IF_ERROR(UpdateTableLocked(kOp, *id, desc));
  {
    Result<Query> q = db_->Prepare(kOp, "DELETE FROM regions WHERE table_id = ?");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(q->Int(*id).Run());
  }
  for (const RegionRecord& r : regions) RL_RETURN_IF_ERROR(PutRegionLocked(kOp, r));
  RL_RETURN_IF_ERROR(FinishOperationLocked(kOp, op_id));
  return txn.Commit(kOp);
}

}  // namespace regionlab
