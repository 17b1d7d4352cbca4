#include "sqlite_store.h"

#include <sqlite3.h>

#include <filesystem>

namespace regionlab::bench {

namespace {
const char* const kStatementSql[] = {
    "INSERT OR REPLACE INTO kv(k, v) VALUES (?1, ?2)",
    "SELECT v FROM kv WHERE k = ?1",
    "SELECT k, v FROM kv WHERE k >= ?1 ORDER BY k LIMIT ?2",
    "SELECT k, v FROM kv ORDER BY k LIMIT ?2",
    "SELECT k, v FROM kv WHERE k <= ?1 ORDER BY k DESC LIMIT ?2",
    "SELECT k, v FROM kv ORDER BY k DESC LIMIT ?2",
};

std::string_view columnBlob(sqlite3_stmt* st, int column) {
  const void* data = sqlite3_column_blob(st, column);
  const int size = sqlite3_column_bytes(st, column);
  return data == nullptr ? std::string_view()
                         : std::string_view(static_cast<const char*>(data), size);
}
}  // namespace

SqliteStore::SqliteStore(StoreSettings settings) : m_settings(std::move(settings)) {}

SqliteStore::~SqliteStore() { (void)close(); }

std::string SqliteStore::path() const { return m_settings.dir + "/bench.sqlite"; }

std::vector<std::pair<std::string, std::string>> SqliteStore::describe() const {
  const bool sync = m_settings.sync == SyncMode::kSyncWal;
  return {
      {"table", "kv(k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID"},
      {"journal", std::string("WAL, synchronous=") + (sync ? "FULL" : "NORMAL")},
      {"compression", "none (SQLite has none)"},
      {"page size", "4096"},
      {"page cache", std::to_string(m_settings.blockCacheBytes >> 20) +
                         " MiB per connection (one writer, one reader connection)"},
      {"version", sqlite3_libversion()},
  };
}

Status SqliteStore::error(sqlite3* db, const std::string& what) const {
  return Status::IOError("SQLite " + path() + ": " + what + ": " +
                         (db != nullptr ? sqlite3_errmsg(db) : "out of memory"));
}

Status SqliteStore::exec(Connection* c, const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(c->db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string text = message != nullptr ? message : "unknown error";
    sqlite3_free(message);
    return Status::IOError("SQLite " + path() + ": " + sql + ": " + text);
  }
  return Status::OK();
}

Status SqliteStore::openConnection(Connection* c) {
  if (sqlite3_open_v2(path().c_str(), &c->db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    Status s = error(c->db, "open");
    closeConnection(c);
    return s;
  }
  sqlite3_busy_timeout(c->db, 10000);
  const std::string cache =
      "PRAGMA cache_size = -" + std::to_string(m_settings.blockCacheBytes >> 10);
  const char* sync = m_settings.sync == SyncMode::kSyncWal ? "PRAGMA synchronous = FULL"
                                                           : "PRAGMA synchronous = NORMAL";
  RL_RETURN_IF_ERROR(exec(c, "PRAGMA journal_mode = WAL"));
  RL_RETURN_IF_ERROR(exec(c, sync));
  RL_RETURN_IF_ERROR(exec(c, cache.c_str()));
  RL_RETURN_IF_ERROR(
      exec(c, "CREATE TABLE IF NOT EXISTS kv(k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID"));
  c->statements.assign(kStatementCount, nullptr);
  for (int i = 0; i < kStatementCount; ++i) {
    if (sqlite3_prepare_v2(c->db, kStatementSql[i], -1, &c->statements[i], nullptr) != SQLITE_OK) {
      return error(c->db, std::string("prepare ") + kStatementSql[i]);
    }
  }
  return Status::OK();
}

void SqliteStore::closeConnection(Connection* c) {
  for (sqlite3_stmt* st : c->statements) sqlite3_finalize(st);
  c->statements.clear();
  if (c->db != nullptr) sqlite3_close_v2(c->db);
  c->db = nullptr;
}

Status SqliteStore::open() {
  if (m_writer.db != nullptr) return Status::OK();
  std::error_code ec;
  std::filesystem::create_directories(m_settings.dir, ec);
  Status s = openConnection(&m_writer);
  if (s.ok()) s = openConnection(&m_reader);
  if (!s.ok()) (void)close();
  return s;
}

Status SqliteStore::close() {
  closeConnection(&m_reader);
  closeConnection(&m_writer);  // the last connection checkpoints the WAL
  return Status::OK();
}

Status SqliteStore::put(std::string_view key, std::string_view value) {
  std::lock_guard<std::mutex> l(m_writer.mu);
  sqlite3_stmt* st = m_writer.statements[kPut];
  sqlite3_bind_blob(st, 1, key.data(), static_cast<int>(key.size()), SQLITE_STATIC);
  sqlite3_bind_blob(st, 2, value.data(), static_cast<int>(value.size()), SQLITE_STATIC);
  const int rc = sqlite3_step(st);
  sqlite3_reset(st);
  if (rc != SQLITE_DONE) return error(m_writer.db, "put");
  return Status::OK();
}

Status SqliteStore::get(std::string_view key, std::string* value, bool* found) {
  std::lock_guard<std::mutex> l(m_reader.mu);
  sqlite3_stmt* st = m_reader.statements[kGet];
  sqlite3_bind_blob(st, 1, key.data(), static_cast<int>(key.size()), SQLITE_STATIC);
  const int rc = sqlite3_step(st);
  *found = rc == SQLITE_ROW;
  if (*found) value->assign(columnBlob(st, 0));
  sqlite3_reset(st);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return error(m_reader.db, "get");
  return Status::OK();
}

Status SqliteStore::scan(const ScanRequest& request, const ScanVisitor& visit) {
  std::lock_guard<std::mutex> l(m_reader.mu);
  const bool from = !request.start.empty();
  sqlite3_stmt* st = m_reader.statements[request.reverse ? (from ? kScanBackFrom : kScanBackAll)
                                                         : (from ? kScanFrom : kScanAll)];
  if (from) {
    sqlite3_bind_blob(st, 1, request.start.data(), static_cast<int>(request.start.size()),
                      SQLITE_STATIC);
  }
  sqlite3_bind_int64(st, 2, request.limit == 0 ? -1 : static_cast<sqlite3_int64>(request.limit));
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) visit(columnBlob(st, 0), columnBlob(st, 1));
  sqlite3_reset(st);
  if (rc != SQLITE_DONE) return error(m_reader.db, "scan");
  return Status::OK();
}

Status SqliteStore::compactAll() {
  std::scoped_lock l(m_writer.mu, m_reader.mu);
  RL_RETURN_IF_ERROR(exec(&m_writer, "PRAGMA wal_checkpoint(TRUNCATE)"));
  RL_RETURN_IF_ERROR(exec(&m_writer, "VACUUM"));
  return exec(&m_writer, "PRAGMA wal_checkpoint(TRUNCATE)");
}

StoreLayout SqliteStore::layout() const {
  std::error_code ec;
  const uint64_t bytes = std::filesystem::file_size(path(), ec);
  if (ec) return {0, 0, "no database file"};
  const uint64_t wal = std::filesystem::file_size(path() + "-wal", ec);
  return {1, bytes, "one WITHOUT ROWID B-tree; WAL " + bytesText(ec ? 0 : wal)};
}

}  // namespace regionlab::bench
