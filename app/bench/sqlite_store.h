// SqliteStore: regionlab-bench's adapter for SQLite, the engine's catalog
// database and the usual embedded baseline.
//
// Data lives in one table `kv(k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID`, so
// the B-tree is keyed by k itself. The journal is in WAL mode; SYNC_WAL is
// synchronous=FULL (the WAL is fdatasynced at every commit), ASYNC_WAL is
// synchronous=NORMAL (commits only reach the operating system; the WAL is
// synced at checkpoints). Each put is its own transaction, as every other
// system commits each write on its own.
//
// SQLite keeps a page cache per connection; the adapter has two connections,
// one for writes and one for reads, so a reader never waits for the writer
// (WAL mode), and each gets the shared block-cache size. SQLite compresses
// nothing and has no bloom filter.
//
// Thread-safety: as KvStore. Each connection is guarded by its own mutex.
#pragma once

#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "kv_store.h"

struct sqlite3;
struct sqlite3_stmt;

namespace regionlab::bench {

class SqliteStore final : public KvStore {
 public:
  explicit SqliteStore(StoreSettings settings);
  ~SqliteStore() override;

  std::string name() const override { return "SQLite"; }
  std::vector<std::pair<std::string, std::string>> describe() const override;

  Status open() override;
  Status close() override;
  Status put(std::string_view key, std::string_view value) override;
  Status get(std::string_view key, std::string* value, bool* found) override;
  Status scan(const ScanRequest& request, const ScanVisitor& visit) override;
  Status compactAll() override;
  StoreLayout layout() const override;

 private:
  // One connection and its prepared statements.
  struct Connection {
    sqlite3* db = nullptr;
    std::mutex mu;
    std::vector<sqlite3_stmt*> statements;  // indexed by Statement
  };
  enum Statement { kPut, kGet, kScanFrom, kScanAll, kScanBackFrom, kScanBackAll, kStatementCount };

  Status openConnection(Connection* c);
  void closeConnection(Connection* c);
  Status exec(Connection* c, const char* sql);
  Status error(sqlite3* db, const std::string& what) const;
  std::string path() const;

  const StoreSettings m_settings;
  Connection m_writer;
  Connection m_reader;
};

}  // namespace regionlab::bench
