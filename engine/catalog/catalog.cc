// Catalog: opening, integrity and namespaces. Tables are in
// catalog_tables.cc, regions and batches in catalog_regions.cc, history,
// events, metrics and the operations journal in catalog_journal.cc.
#include "catalog/catalog.h"

#include <utility>

#include "catalog/catalog_schema.h"
#include "catalog/sqlite_db.h"
#include "util/env.h"

namespace regionlab {

namespace {

bool IsReservedNamespace(std::string_view ns) {
  return ns == kDefaultNamespace || ns == kSystemNamespace;
}

Status WriteNamespaceProperties(SqliteDb* db, std::string_view op, const std::string& name,
                                const std::map<std::string, std::string>& props) {
  {
    Result<Query> del = db->Prepare(op, "DELETE FROM namespace_properties WHERE namespace = ?");
    if (!del.ok()) return del.status();
    RL_RETURN_IF_ERROR(del->Text(name).Run());
  }
  for (const auto& [key, value] : props) {
    Result<Query> ins = db->Prepare(
        op, "INSERT INTO namespace_properties (namespace, key, value) VALUES (?, ?, ?)");
    if (!ins.ok()) return ins.status();
    RL_RETURN_IF_ERROR(ins->Text(name).Blob(key).Blob(value).Run());
  }
  return Status::OK();
}

Result<bool> NamespaceExists(SqliteDb* db, std::string_view op, const std::string& name) {
  Result<Query> q = db->Prepare(op, "SELECT 1 FROM namespaces WHERE name = ?");
  if (!q.ok()) return q.status();
  return q->Text(name).Step();
}

}  // namespace

Catalog::Catalog(std::unique_ptr<SqliteDb> db, std::string path, int opened_from_version)
    : db_(std::move(db)), path_(std::move(path)), opened_from_version_(opened_from_version) {}

Catalog::~Catalog() = default;

Result<std::unique_ptr<Catalog>> Catalog::Open(const std::string& path,
                                               const CatalogOptions& options) {
  Env* env = options.env != nullptr ? options.env : Env::Default();
  RL_RETURN_IF_ERROR(CheckSqliteHeader(env, path));
  Result<std::unique_ptr<SqliteDb>> db = SqliteDb::Open(path);
  if (!db.ok()) return db.status();
  int found_version = 0;
  RL_RETURN_IF_ERROR(PrepareCatalogSchema(db->get(), &found_version));
  if (options.quick_check_on_open) RL_RETURN_IF_ERROR(CheckCatalogIntegrity(db->get(), true));
  return std::unique_ptr<Catalog>(new Catalog(std::move(*db), path, found_version));
}

int Catalog::SchemaVersion() const { return kCatalogSchemaVersion; }

Status Catalog::CheckIntegrity() {
  std::lock_guard<std::mutex> lock(mutex_);
  return CheckCatalogIntegrity(db_.get(), /*quick=*/false);
}

// ---- Namespaces ----

Status Catalog::CreateNamespace(const std::string& name,
                                const std::map<std::string, std::string>& props) {
  constexpr std::string_view kOp = "CreateNamespace";
  if (Status s = ValidateNamespaceName(name); !s.ok()) {
    return db_->Fail(Status::Code::kInvalidArgument, kOp, s.message());
  }
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  Result<bool> exists = NamespaceExists(db_.get(), kOp, name);
  if (!exists.ok()) return exists.status();
  if (*exists) {
    return db_->Fail(Status::Code::kInvalidArgument, kOp, "NamespaceExistException: " + name);
  }
  {
    Result<Query> ins = db_->Prepare(kOp, "INSERT INTO namespaces (name) VALUES (?)");
    if (!ins.ok()) return ins.status();
    RL_RETURN_IF_ERROR(ins->Text(name).Run());
  }
  RL_RETURN_IF_ERROR(WriteNamespaceProperties(db_.get(), kOp, name, props));
  return txn.Commit(kOp);
}

Status Catalog::UpdateNamespace(const std::string& name,
                                const std::map<std::string, std::string>& props) {
  constexpr std::string_view kOp = "UpdateNamespace";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  Result<bool> exists = NamespaceExists(db_.get(), kOp, name);
  if (!exists.ok()) return exists.status();
  if (!*exists) {
    return db_->Fail(Status::Code::kNotFound, kOp, "NamespaceNotFoundException: " + name);
  }
  RL_RETURN_IF_ERROR(WriteNamespaceProperties(db_.get(), kOp, name, props));
  return txn.Commit(kOp);
}

Status Catalog::DropNamespace(const std::string& name) {
  constexpr std::string_view kOp = "DropNamespace";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  Result<bool> exists = NamespaceExists(db_.get(), kOp, name);
  if (!exists.ok()) return exists.status();
  if (!*exists) {
    return db_->Fail(Status::Code::kNotFound, kOp, "NamespaceNotFoundException: " + name);
  }
  if (IsReservedNamespace(name)) {
    return db_->Fail(Status::Code::kInvalidArgument, kOp,
                     "ConstraintException: Reserved namespace " + name + " cannot be removed.");
  }
  int64_t tables = 0;
  {
    Result<Query> q = db_->Prepare(kOp, "SELECT count(*) FROM tables WHERE namespace = ?");
    if (!q.ok()) return q.status();
    Result<bool> row = q->Text(name).Step();
    if (!row.ok()) return row.status();
    tables = q->ColumnInt(0);
  }
  if (tables > 0) {
    return db_->Fail(Status::Code::kInvalidArgument, kOp,
                     "ConstraintException: Only empty namespaces can be removed. Namespace " +
                         name + " has " + std::to_string(tables) + " tables");
  }
  {
    Result<Query> del = db_->Prepare(kOp, "DELETE FROM namespaces WHERE name = ?");
    if (!del.ok()) return del.status();
    RL_RETURN_IF_ERROR(del->Text(name).Run());
  }
  return txn.Commit(kOp);
}

Result<std::vector<std::string>> Catalog::ListNamespaces() {
  constexpr std::string_view kOp = "ListNamespaces";
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q = db_->Prepare(kOp, "SELECT name FROM namespaces ORDER BY name");
  if (!q.ok()) return q.status();
  std::vector<std::string> out;
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    out.push_back(q->ColumnString(0));
  }
  return out;
}

Result<std::map<std::string, std::string>> Catalog::GetNamespace(const std::string& name) {
  constexpr std::string_view kOp = "GetNamespace";
  std::lock_guard<std::mutex> lock(mutex_);
  Result<bool> exists = NamespaceExists(db_.get(), kOp, name);
  if (!exists.ok()) return exists.status();
  if (!*exists) {
    return db_->Fail(Status::Code::kNotFound, kOp, "NamespaceNotFoundException: " + name);
  }
  Result<Query> q =
      db_->Prepare(kOp, "SELECT key, value FROM namespace_properties WHERE namespace = ?");
  if (!q.ok()) return q.status();
  q->Text(name);
  std::map<std::string, std::string> props;
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    props[q->ColumnString(0)] = q->ColumnString(1);
  }
  return props;
}

}  // namespace regionlab
