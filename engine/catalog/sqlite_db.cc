#include "catalog/sqlite_db.h"

#include <sqlite3.h>

#include <utility>

namespace regionlab {

namespace {

Status::Code CodeFor(int rc) {
  switch (rc & 0xFF) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return Status::Code::kCorruption;
    case SQLITE_CONSTRAINT:
    case SQLITE_TOOBIG:
    case SQLITE_RANGE:
    case SQLITE_MISMATCH:
      return Status::Code::kInvalidArgument;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return Status::Code::kBusy;
    case SQLITE_INTERRUPT:
    case SQLITE_ABORT:
      return Status::Code::kAborted;
    default:
      return Status::Code::kIOError;
  }
}

Status MakeStatus(Status::Code code, const std::string& msg) {
  switch (code) {
    case Status::Code::kOk:
      return Status::OK();
    case Status::Code::kNotFound:
      return Status::NotFound(msg);
    case Status::Code::kCorruption:
      return Status::Corruption(msg);
    case Status::Code::kInvalidArgument:
      return Status::InvalidArgument(msg);
    case Status::Code::kNotSupported:
      return Status::NotSupported(msg);
    case Status::Code::kBusy:
      return Status::Busy(msg);
    case Status::Code::kAborted:
      return Status::Aborted(msg);
    case Status::Code::kIOError:
      break;
  }
  return Status::IOError(msg);
}

}  // namespace

// ---- Query ----

Query::Query(SqliteDb* db, sqlite3_stmt* stmt, bool owned, std::string_view op)
    : db_(db), stmt_(stmt), owned_(owned), op_(op) {}

Query::Query(Query&& other) noexcept
    : db_(other.db_),
      stmt_(std::exchange(other.stmt_, nullptr)),
      owned_(other.owned_),
      op_(std::move(other.op_)),
      next_param_(other.next_param_),
      bind_rc_(other.bind_rc_) {}

Query::~Query() {
  if (stmt_ == nullptr) return;
  if (owned_) {
    sqlite3_finalize(stmt_);
  } else {
    db_->Release(stmt_);
  }
}

void Query::NoteBind(int rc) {
  if (rc != SQLITE_OK && bind_rc_ == 0) bind_rc_ = rc;
  ++next_param_;
}

Query& Query::Int(int64_t v) {
  NoteBind(sqlite3_bind_int64(stmt_, next_param_, v));
  return *this;
}

Query& Query::Double(double v) {
  NoteBind(sqlite3_bind_double(stmt_, next_param_, v));
  return *this;
}

Query& Query::Text(std::string_view v) {
  NoteBind(
      sqlite3_bind_text64(stmt_, next_param_, v.data(), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
  return *this;
}

Query& Query::Blob(std::string_view v) {
  // A zero-length blob must still be a BLOB, not NULL: bind_blob with a
  // null pointer would store NULL.
  static const char kEmpty = 0;
  NoteBind(sqlite3_bind_blob64(stmt_, next_param_, v.empty() ? &kEmpty : v.data(), v.size(),
                               SQLITE_TRANSIENT));
  return *this;
}

Query& Query::Null() {
  NoteBind(sqlite3_bind_null(stmt_, next_param_));
  return *this;
}

Result<bool> Query::Step() {
  if (bind_rc_ != 0) return db_->Error(op_, bind_rc_);
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return db_->Error(op_, rc);
}

Status Query::Run() {
  for (;;) {
    Result<bool> row = Step();
    if (!row.ok()) return row.status();
    if (!*row) return Status::OK();
  }
}

int64_t Query::ColumnInt(int col) const { return sqlite3_column_int64(stmt_, col); }

double Query::ColumnDouble(int col) const { return sqlite3_column_double(stmt_, col); }

std::string Query::ColumnString(int col) const {
  // Read the bytes as stored: column_blob does no text conversion.
  const void* p = sqlite3_column_blob(stmt_, col);
  const int n = sqlite3_column_bytes(stmt_, col);
  if (p == nullptr || n <= 0) return std::string();
  return std::string(static_cast<const char*>(p), static_cast<size_t>(n));
}

bool Query::ColumnIsNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

// ---- SqliteDb ----

Result<std::unique_ptr<SqliteDb>> SqliteDb::Open(const std::string& path, std::string_view what) {
  sqlite3* db = nullptr;
  const int flags =
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = std::string(what) + " " + path + ": Open: ";
    msg += db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close_v2(db);
    return MakeStatus(CodeFor(rc), msg);
  }
  // Hardening for files that may come from elsewhere: no schema tricks
  // (DEFENSIVE), no SQL functions run from the schema (TRUSTED_SCHEMA off).
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  return std::unique_ptr<SqliteDb>(new SqliteDb(db, path, std::string(what)));
}

SqliteDb::~SqliteDb() {
  for (auto& [sql, cached] : cache_) sqlite3_finalize(cached.stmt);
  sqlite3_close_v2(db_);
}

Status SqliteDb::Exec(std::string_view op, const std::string& sql) {
  char* err = nullptr;
  const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
  if (rc == SQLITE_OK) return Status::OK();
  const std::string detail = err != nullptr ? err : sqlite3_errstr(rc);
  sqlite3_free(err);
  return Fail(CodeFor(rc), op, detail);
}

Result<Query> SqliteDb::Prepare(std::string_view op, const char* sql) {
  auto it = cache_.find(std::string_view(sql));
  if (it != cache_.end() && !it->second.in_use) {
    it->second.in_use = true;
    return Query(this, it->second.stmt, /*owned=*/false, op);
  }
  sqlite3_stmt* stmt = nullptr;
  const bool cache = it == cache_.end();
  const int rc =
      sqlite3_prepare_v3(db_, sql, -1, cache ? SQLITE_PREPARE_PERSISTENT : 0, &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return Error(op, rc);
  }
  if (!cache) return Query(this, stmt, /*owned=*/true, op);
  cache_.emplace(sql, Cached{stmt, true});
  return Query(this, stmt, /*owned=*/false, op);
}

void SqliteDb::Release(sqlite3_stmt* stmt) {
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  for (auto& [sql, cached] : cache_) {
    if (cached.stmt == stmt) {
      cached.in_use = false;
      return;
    }
  }
}

Result<int64_t> SqliteDb::QueryInt(std::string_view op, const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return Error(op, rc);
  }
  rc = sqlite3_step(stmt);
  int64_t value = 0;
  if (rc == SQLITE_ROW) value = sqlite3_column_int64(stmt, 0);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
    Status s = Error(op, rc);
    sqlite3_finalize(stmt);
    return s;
  }
  sqlite3_finalize(stmt);
  return value;
}

int64_t SqliteDb::LastInsertRowId() const { return sqlite3_last_insert_rowid(db_); }

int SqliteDb::Changes() const { return sqlite3_changes(db_); }

Status SqliteDb::Error(std::string_view op, int rc) const {
  std::string detail = sqlite3_errmsg(db_);
  // errmsg describes the most recent failing call; fall back to the code's
  // generic text when it does not (e.g. a bind error reported later).
  if ((sqlite3_errcode(db_) & 0xFF) != (rc & 0xFF)) detail = sqlite3_errstr(rc);
  detail += " (sqlite code " + std::to_string(rc) + ")";
  return Fail(CodeFor(rc), op, detail);
}

Status SqliteDb::Fail(Status::Code code, std::string_view op, std::string_view detail) const {
  std::string msg = what_ + " " + path_ + ": ";
  msg += op;
  msg += ": ";
  msg += detail;
  return MakeStatus(code, msg);
}

// ---- Transaction ----

Transaction::~Transaction() {
  if (active_) {
    // The error, if any, was already reported by the failing statement;
    // a failed rollback leaves SQLite to roll back when the file reopens.
    (void)db_->Exec("rollback", "ROLLBACK");
  }
}

Status Transaction::Begin(std::string_view op) {
  RL_RETURN_IF_ERROR(db_->Exec(op, "BEGIN IMMEDIATE"));
  active_ = true;
  return Status::OK();
}

Status Transaction::BeginRead(std::string_view op) {
  RL_RETURN_IF_ERROR(db_->Exec(op, "BEGIN DEFERRED"));
  active_ = true;
  return Status::OK();
}

Status Transaction::Commit(std::string_view op) {
  RL_RETURN_IF_ERROR(db_->Exec(op, "COMMIT"));
  active_ = false;
  return Status::OK();
}

}  // namespace regionlab
