// LevelDbStore: regionlab-bench's adapter for LevelDB (libleveldb-dev).
//
// Settings: snappy compression, a 10-bit bloom filter policy, an LRU block
// cache and write buffer of the shared sizes; SYNC_WAL sets
// WriteOptions::sync (an fdatasync of the log per write), ASYNC_WAL leaves
// the log write to the operating system. Everything else is LevelDB's
// default (4 KiB blocks, 2 MiB tables, one background thread).
//
// Thread-safety: as KvStore (leveldb::DB is thread-safe).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kv_store.h"

namespace leveldb {
class Cache;
class DB;
class FilterPolicy;
}  // namespace leveldb

namespace regionlab::bench {

class LevelDbStore final : public KvStore {
 public:
  explicit LevelDbStore(StoreSettings settings);
  ~LevelDbStore() override;

  std::string name() const override { return "LevelDB"; }
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
  std::unique_ptr<const leveldb::FilterPolicy> m_filter;
  std::unique_ptr<leveldb::Cache> m_cache;
  std::unique_ptr<leveldb::DB> m_db;
};

}  // namespace regionlab::bench
