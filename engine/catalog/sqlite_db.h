// SqliteDb: a thin layer over the SQLite C API, used by the catalog and by
// the region history of remote clusters (remote/region_history_store.h). It
// owns one connection and a cache of prepared statements, binds every value
// as a parameter (binary strings as BLOBs), and turns SQLite result codes
// into Status values that name what the file is, the file and the operation.
//
// Thread-safety: none. The connection is opened with SQLITE_OPEN_NOMUTEX;
// the owner (Catalog) serialises every call with its own mutex.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "regionlab/status.h"

struct sqlite3;
struct sqlite3_stmt;

namespace regionlab {

class SqliteDb;

// One execution of a prepared statement. Parameters are bound in order
// (`?` one, two, ...). Destroying the Query resets the statement and clears
// its bindings so the cached statement can be reused. Move-only.
class Query {
 public:
  Query(Query&& other) noexcept;
  Query& operator=(Query&&) = delete;
  Query(const Query&) = delete;
  ~Query();

  Query& Int(int64_t v);
  Query& Double(double v);
  Query& Text(std::string_view v);  // for names and other text the catalog compares
  Query& Blob(std::string_view v);  // for keys, payloads and map entries: any bytes
  Query& Null();

  // Advances to the next row: true when a row is available, false when done.
  Result<bool> Step();
  // Steps until done, discarding rows.
  Status Run();

  // Columns of the current row (0-based). NULL reads as 0 / "".
  int64_t ColumnInt(int col) const;
  double ColumnDouble(int col) const;
  std::string ColumnString(int col) const;  // TEXT or BLOB, byte for byte
  bool ColumnIsNull(int col) const;

 private:
  friend class SqliteDb;
  Query(SqliteDb* db, sqlite3_stmt* stmt, bool owned, std::string_view op);
  void NoteBind(int rc);

  SqliteDb* db_;
  sqlite3_stmt* stmt_;
  bool owned_;  // finalised on destruction (a second use of a busy cached statement)
  std::string op_;
  int next_param_ = 1;
  int bind_rc_ = 0;  // first failing sqlite3_bind_* result
};

class SqliteDb {
 public:
  // Opens the database file, creating it when missing. Only opens: pragmas,
  // schema and validation are the caller's. `what` names the file's role in
  // error messages ("catalog", "region history").
  static Result<std::unique_ptr<SqliteDb>> Open(const std::string& path,
                                                std::string_view what = "catalog");
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  const std::string& path() const { return path_; }

  // Runs SQL text without parameters (one statement or several).
  Status Exec(std::string_view op, const std::string& sql);
  // A statement for `sql`, prepared once and cached. `op` names the catalog
  // operation in error messages.
  Result<Query> Prepare(std::string_view op, const char* sql);
  // A single integer from a query without parameters (e.g. a PRAGMA).
  Result<int64_t> QueryInt(std::string_view op, const std::string& sql);

  int64_t LastInsertRowId() const;
  int Changes() const;  // rows changed by the last INSERT/UPDATE/DELETE

  // The Status for SQLite result code `rc`: "<what> <path>: <op>: <sqlite message>".
  Status Error(std::string_view op, int rc) const;
  // A Status of `code` with the same "<what> <path>: <op>: " prefix. Reads
  // only the path, so it may be called without the owner's lock.
  Status Fail(Status::Code code, std::string_view op, std::string_view detail) const;

 private:
  friend class Query;
  SqliteDb(sqlite3* db, std::string path, std::string what)
      : db_(db), path_(std::move(path)), what_(std::move(what)) {}
  void Release(sqlite3_stmt* stmt);

  struct Cached {
    sqlite3_stmt* stmt = nullptr;
    bool in_use = false;
  };
  sqlite3* db_;
  std::string path_;
  std::string what_;
  std::map<std::string, Cached, std::less<>> cache_;
};

// A transaction. Begin() starts a write transaction (BEGIN IMMEDIATE, so a
// second writer waits up front rather than failing at commit). Rolls back on
// destruction unless committed.
class Transaction {
 public:
  explicit Transaction(SqliteDb* db) : db_(db) {}
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  Status Begin(std::string_view op);
  // A read transaction (BEGIN DEFERRED): one consistent snapshot for several
  // SELECTs without taking the write lock.
  Status BeginRead(std::string_view op);
  Status Commit(std::string_view op);

 private:
  SqliteDb* db_;
  bool active_ = false;
};

}  // namespace regionlab
