// RocksDbStore: regionlab-bench's adapter for RocksDB (librocksdb-dev).
//
// Settings: snappy compression, a block-based table with a 10-bit bloom
// filter and an LRU block cache of the shared size, a write buffer of the
// shared size; SYNC_WAL sets WriteOptions::sync (an fdatasync of the WAL per
// write), ASYNC_WAL leaves the WAL write to the operating system. Everything
// else is RocksDB's default (4 KiB blocks, leveled compaction, two
// background jobs).
//
// Thread-safety: as KvStore (rocksdb::DB is thread-safe).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kv_store.h"

namespace rocksdb {
class DB;
}  // namespace rocksdb

namespace regionlab::bench {

class RocksDbStore final : public KvStore {
 public:
  explicit RocksDbStore(StoreSettings settings);
  ~RocksDbStore() override;

  std::string name() const override { return "RocksDB"; }
  std::vector<std::pair<std::string, std::string>> describe() const override;

  Status open() override;
  Status close() override;
  Status put(std::string_view key, std::string_view value) override;
  Status get(std::string_view key, std::string* value, bool* found) override;
  Status scan(const ScanRequest& request, const ScanVisitor& visit) override;
  Status compactAll() override;
  StoreLayout layout() const override;

 private:
  const StoreSettings m_settings;
  std::unique_ptr<rocksdb::DB> m_db;
};

}  // namespace regionlab::bench
