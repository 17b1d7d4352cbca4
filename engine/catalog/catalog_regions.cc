// Catalog: region rows and atomic batches.
#include <unordered_map>
#include <utility>

#include "catalog/catalog.h"
#include "catalog/sqlite_db.h"
#include "regionlab/bytes.h"

namespace regionlab {

namespace {

// The columns ReadRegionsLocked decodes, in order.
#define RL_REGION_SELECT                                                                       \
  "SELECT r.encoded_name, t.namespace, t.name, r.start_key, r.end_key, r.region_id, r.state, " \
  "r.server, r.split_parent FROM regions r JOIN tables t ON t.id = r.table_id "

constexpr const char* kSelectOneRegion = RL_REGION_SELECT "WHERE r.encoded_name = ?";
constexpr const char* kSelectTableRegions = RL_REGION_SELECT
    "WHERE r.table_id = ? AND (? OR r.split_parent = 0) "
    "ORDER BY r.start_key, r.region_id";
constexpr const char* kSelectAllRegions =
    RL_REGION_SELECT "ORDER BY t.namespace, t.name, r.start_key, r.region_id";
#undef RL_REGION_SELECT

constexpr const char* kSelectOneParents =
    "SELECT region, parent FROM region_parents WHERE region = ? ORDER BY ordinal";
constexpr const char* kSelectTableParents =
    "SELECT p.region, p.parent FROM region_parents p JOIN regions r ON r.encoded_name = p.region "
    "WHERE r.table_id = ? ORDER BY p.region, p.ordinal";
constexpr const char* kSelectAllParents =
    "SELECT region, parent FROM region_parents ORDER BY region, ordinal";

Status UnknownRegion(SqliteDb* db, std::string_view op, const std::string& encoded_name) {
  return db->Fail(Status::Code::kNotFound, op, "UnknownRegionException: " + encoded_name);
}

const char* StepName(const CatalogBatch::Step& step) {
  static constexpr const char* kNames[] = {"PutRegion",      "DeleteRegion",    "AddHistory",
                                           "AddServerEvent", "UpdateOperation", "FinishOperation"};
  return kNames[step.index()];
}

}  // namespace

Result<std::vector<RegionRecord>> Catalog::ReadRegionsLocked(std::string_view op,
                                                             RegionSelect which, int64_t table_id,
                                                             const std::string& encoded_name,
                                                             bool include_offline) {
  std::vector<RegionRecord> out;
  std::unordered_map<std::string, size_t> index;
  {
    const char* sql = which == RegionSelect::kOne     ? kSelectOneRegion
                      : which == RegionSelect::kTable ? kSelectTableRegions
                                                      : kSelectAllRegions;
    Result<Query> q = db_->Prepare(op, sql);
    if (!q.ok()) return q.status();
    if (which == RegionSelect::kOne) q->Text(encoded_name);
    if (which == RegionSelect::kTable) q->Int(table_id).Int(include_offline ? 1 : 0);
    for (;;) {
      Result<bool> row = q->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      RegionRecord r;
      r.encoded_name = q->ColumnString(0);
      TableDescriptor name;
      name.ns = q->ColumnString(1);
      name.name = q->ColumnString(2);
      r.table = name.FullName();
      r.start_key = q->ColumnString(3);
      r.end_key = q->ColumnString(4);
      r.region_id = q->ColumnInt(5);
      const std::string state = q->ColumnString(6);
      r.server = q->ColumnString(7);
      r.split_parent = q->ColumnInt(8) != 0;
      std::optional<RegionState> parsed = ParseRegionState(state);
      if (!parsed) {
        return db_->Fail(Status::Code::kCorruption, op,
                         "region " + r.encoded_name + " has unknown state '" + state + "'");
      }
      r.state = *parsed;
      index.emplace(r.encoded_name, out.size());
      out.push_back(std::move(r));
    }
  }
  if (out.empty()) return out;
  const char* sql = which == RegionSelect::kOne     ? kSelectOneParents
                    : which == RegionSelect::kTable ? kSelectTableParents
                                                    : kSelectAllParents;
  Result<Query> q = db_->Prepare(op, sql);
  if (!q.ok()) return q.status();
  if (which == RegionSelect::kOne) q->Text(encoded_name);
  if (which == RegionSelect::kTable) q->Int(table_id);
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    // Parents of split parents are absent from `index` when include_offline
    // is false; they are simply not wanted.
    auto it = index.find(q->ColumnString(0));
    if (it != index.end()) out[it->second].parents.push_back(q->ColumnString(1));
  }
  return out;
}

Status Catalog::PutRegionLocked(std::string_view op, const RegionRecord& r) {
  if (r.encoded_name.empty()) {
    return db_->Fail(Status::Code::kInvalidArgument, op, "a region needs an encoded name");
  }
  if (!r.end_key.empty() && r.start_key >= r.end_key) {
    return db_->Fail(Status::Code::kInvalidArgument, op,
                     "region " + r.encoded_name + " has start key '" + ToStringBinary(r.start_key) +
                         "' not below its end key '" + ToStringBinary(r.end_key) + "'");
  }
  Result<int64_t> table_id = TableIdLocked(op, r.table);
  if (!table_id.ok()) return table_id.status();
  {
    Result<Query> q = db_->Prepare(
        op,
        "INSERT INTO regions (encoded_name, table_id, start_key, end_key, region_id, state, "
        "server, split_parent) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (encoded_name) DO UPDATE SET table_id = excluded.table_id, "
        "start_key = excluded.start_key, end_key = excluded.end_key, "
        "region_id = excluded.region_id, state = excluded.state, server = excluded.server, "
        "split_parent = excluded.split_parent");
    if (!q.ok()) return q.status();
    q->Text(r.encoded_name).Int(*table_id).Blob(r.start_key).Blob(r.end_key).Int(r.region_id);
    q->Text(RegionStateName(r.state)).Text(r.server).Int(r.split_parent ? 1 : 0);
    RL_RETURN_IF_ERROR(q->Run());
  }
  {
    Result<Query> q = db_->Prepare(op, "DELETE FROM region_parents WHERE region = ?");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(q->Text(r.encoded_name).Run());
  }
  for (size_t i = 0; i < r.parents.size(); ++i) {
    Result<Query> q =
        db_->Prepare(op, "INSERT INTO region_parents (region, ordinal, parent) VALUES (?, ?, ?)");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(
        q->Text(r.encoded_name).Int(static_cast<int64_t>(i)).Text(r.parents[i]).Run());
  }
  return Status::OK();
}

Status Catalog::DeleteRegionLocked(std::string_view op, const std::string& encoded_name) {
  Result<Query> q = db_->Prepare(op, "DELETE FROM regions WHERE encoded_name = ?");
  if (!q.ok()) return q.status();
  RL_RETURN_IF_ERROR(q->Text(encoded_name).Run());
  if (db_->Changes() == 0) return UnknownRegion(db_.get(), op, encoded_name);
  return Status::OK();
}

Result<std::vector<RegionRecord>> Catalog::ListRegions(const std::string& full_name,
                                                       bool include_offline) {
  constexpr std::string_view kOp = "ListRegions";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.BeginRead(kOp));
  Result<int64_t> id = TableIdLocked(kOp, full_name);
  if (!id.ok()) return id.status();
  return ReadRegionsLocked(kOp, RegionSelect::kTable, *id, std::string(), include_offline);
}

Result<std::vector<RegionRecord>> Catalog::ListAllRegions() {
  constexpr std::string_view kOp = "ListAllRegions";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.BeginRead(kOp));
  return ReadRegionsLocked(kOp, RegionSelect::kAll, 0, std::string(), true);
}

Result<RegionRecord> Catalog::GetRegion(const std::string& encoded_name) {
  constexpr std::string_view kOp = "GetRegion";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.BeginRead(kOp));
  Result<std::vector<RegionRecord>> found =
      ReadRegionsLocked(kOp, RegionSelect::kOne, 0, encoded_name, true);
  if (!found.ok()) return found.status();
  if (found->empty()) return UnknownRegion(db_.get(), kOp, encoded_name);
  return std::move(found->front());
}

Status Catalog::UpdateRegion(const RegionRecord& r) {
  constexpr std::string_view kOp = "UpdateRegion";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  {
    Result<Query> q = db_->Prepare(kOp, "SELECT 1 FROM regions WHERE encoded_name = ?");
    if (!q.ok()) return q.status();
    Result<bool> row = q->Text(r.encoded_name).Step();
    if (!row.ok()) return row.status();
    if (!*row) return UnknownRegion(db_.get(), kOp, r.encoded_name);
  }
  RL_RETURN_IF_ERROR(PutRegionLocked(kOp, r));
  return txn.Commit(kOp);
}

Status Catalog::ApplyStepLocked(std::string_view op, const CatalogBatch::Step& step) {
  if (const auto* s = std::get_if<CatalogBatch::PutRegionStep>(&step)) {
    return PutRegionLocked(op, s->region);
  }
  if (const auto* s = std::get_if<CatalogBatch::DeleteRegionStep>(&step)) {
    return DeleteRegionLocked(op, s->encoded_name);
  }
  if (const auto* s = std::get_if<CatalogBatch::AddHistoryStep>(&step)) {
    return AddHistoryLocked(op, s->history);
  }
  if (const auto* s = std::get_if<CatalogBatch::AddEventStep>(&step)) {
    return AddServerEventLocked(op, s->event);
  }
  if (const auto* s = std::get_if<CatalogBatch::UpdateOperationStep>(&step)) {
    return UpdateOperationLocked(op, s->id, s->state, s->payload);
  }
  const auto& finish = std::get<CatalogBatch::FinishOperationStep>(step);
  return FinishOperationLocked(op, finish.id);
}

Status Catalog::Apply(const CatalogBatch& batch) {
  if (batch.empty()) return Status::OK();
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin("Apply"));
  for (size_t i = 0; i < batch.steps().size(); ++i) {
    const CatalogBatch::Step& step = batch.steps()[i];
    // Step numbers are 1-based, as a reader counts them.
    const std::string op = "Apply step " + std::to_string(i + 1) + " of " +
                           std::to_string(batch.size()) + " (" + StepName(step) + ")";
    RL_RETURN_IF_ERROR(ApplyStepLocked(op, step));
  }
  return txn.Commit("Apply");
}

}  // namespace regionlab
