// Catalog: rowkey schemes saved by name (table rowkey_schemes, since v4).
#include "catalog/catalog.h"
#include "catalog/sqlite_db.h"

namespace regionlab {

namespace {

SchemeRecord ReadScheme(const Query& q) {
  SchemeRecord r;
  r.name = q.ColumnString(0);
  r.document = q.ColumnString(1);
  r.revision = q.ColumnInt(2);
  r.created_ms = q.ColumnInt(3);
  r.updated_ms = q.ColumnInt(4);
  return r;
}

}  // namespace

Status Catalog::SaveScheme(const std::string& name, const std::string& document, int64_t now_ms) {
  constexpr std::string_view kOp = "SaveScheme";
  if (name.empty()) return db_->Fail(Status::Code::kInvalidArgument, kOp, "a scheme needs a name");
  if (document.empty()) {
    return db_->Fail(Status::Code::kInvalidArgument, kOp, "scheme '" + name + "' is empty");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q = db_->Prepare(
      kOp,
      "INSERT INTO rowkey_schemes (name, document, revision, created_ms, updated_ms) "
      "VALUES (?, ?, 1, ?, ?) ON CONFLICT (name) DO UPDATE SET document = excluded.document, "
      "revision = revision + 1, updated_ms = excluded.updated_ms");
  if (!q.ok()) return q.status();
  return q->Text(name).Text(document).Int(now_ms).Int(now_ms).Run();
}

Result<SchemeRecord> Catalog::GetScheme(const std::string& name) {
  constexpr std::string_view kOp = "GetScheme";
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q = db_->Prepare(
      kOp, "SELECT name, document, revision, created_ms, updated_ms FROM rowkey_schemes "
           "WHERE name = ?");
  if (!q.ok()) return q.status();
  Result<bool> row = q->Text(name).Step();
  if (!row.ok()) return row.status();
  if (!*row) return db_->Fail(Status::Code::kNotFound, kOp, "no rowkey scheme '" + name + "'");
  return ReadScheme(*q);
}

Result<std::vector<SchemeRecord>> Catalog::ListSchemes() {
  constexpr std::string_view kOp = "ListSchemes";
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q = db_->Prepare(
      kOp, "SELECT name, document, revision, created_ms, updated_ms FROM rowkey_schemes "
           "ORDER BY name");
  if (!q.ok()) return q.status();
  std::vector<SchemeRecord> out;
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    out.push_back(ReadScheme(*q));
  }
  return out;
}

Status Catalog::DeleteScheme(const std::string& name) {
  constexpr std::string_view kOp = "DeleteScheme";
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q = db_->Prepare(kOp, "DELETE FROM rowkey_schemes WHERE name = ?");
  if (!q.ok()) return q.status();
  RL_RETURN_IF_ERROR(q->Text(name).Run());
  if (db_->Changes() == 0) {
    return db_->Fail(Status::Code::kNotFound, kOp, "no rowkey scheme '" + name + "'");
  }
  return Status::OK();
}

}  // namespace regionlab
