#include "rocksdb_store.h"

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/metadata.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>

#include <filesystem>

namespace regionlab::bench {

namespace {
Status fromRocksDb(const rocksdb::Status& s, const std::string& dir) {
  if (s.ok()) return Status::OK();
  return Status::IOError("RocksDB " + dir + ": " + s.ToString());
}
rocksdb::Slice slice(std::string_view v) { return rocksdb::Slice(v.data(), v.size()); }
}  // namespace

RocksDbStore::RocksDbStore(StoreSettings settings) : m_settings(std::move(settings)) {}

RocksDbStore::~RocksDbStore() { (void)close(); }

std::vector<std::pair<std::string, std::string>> RocksDbStore::describe() const {
  rocksdb::BlockBasedTableOptions table_defaults;
  rocksdb::Options defaults;
  const size_t block = m_settings.blockSize != 0 ? m_settings.blockSize : table_defaults.block_size;
  return {
      {"WAL", m_settings.sync == SyncMode::kSyncWal ? "on, WriteOptions.sync = true"
                                                    : "on, WriteOptions.sync = false"},
      {"compression", "snappy"},
      {"filter", "bloom, " + std::to_string(m_settings.bloomBitsPerKey) + " bits/key"},
      {"block size", std::to_string(block)},
      {"ReadOptions.verify_checksums",
       rocksdb::ReadOptions().verify_checksums ? "true (default)" : "false (default)"},
      {"block cache", std::to_string(m_settings.blockCacheBytes >> 20) + " MiB (LRU)"},
      {"write buffer", std::to_string(m_settings.writeBufferBytes >> 20) + " MiB"},
      {"background jobs", std::to_string(defaults.max_background_jobs)},
  };
}

Status RocksDbStore::open() {
  if (m_db) return Status::OK();
  std::error_code ec;
  std::filesystem::create_directories(m_settings.dir, ec);
  rocksdb::BlockBasedTableOptions table;
  table.block_cache = rocksdb::NewLRUCache(m_settings.blockCacheBytes);
  table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(m_settings.bloomBitsPerKey));
  if (m_settings.blockSize != 0) table.block_size = m_settings.blockSize;
  rocksdb::Options options;
  options.create_if_missing = true;
  options.compression = rocksdb::kSnappyCompression;
  options.write_buffer_size = m_settings.writeBufferBytes;
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  rocksdb::DB* db = nullptr;
  rocksdb::Status s = rocksdb::DB::Open(options, m_settings.dir, &db);
  if (!s.ok()) return fromRocksDb(s, m_settings.dir);
  m_db.reset(db);
  return Status::OK();
}

Status RocksDbStore::close() {
  if (!m_db) return Status::OK();
  rocksdb::Status s = m_db->Close();
  m_db.reset();
  return fromRocksDb(s, m_settings.dir);
}

Status RocksDbStore::put(std::string_view key, std::string_view value) {
  rocksdb::WriteOptions w;
  w.sync = m_settings.sync == SyncMode::kSyncWal;
  return fromRocksDb(m_db->Put(w, slice(key), slice(value)), m_settings.dir);
}

Status RocksDbStore::get(std::string_view key, std::string* value, bool* found) {
  rocksdb::Status s = m_db->Get(rocksdb::ReadOptions(), slice(key), value);
  *found = s.ok();
  if (s.IsNotFound()) return Status::OK();
  return fromRocksDb(s, m_settings.dir);
}

Status RocksDbStore::scan(const ScanRequest& request, const ScanVisitor& visit) {
  std::unique_ptr<rocksdb::Iterator> it(m_db->NewIterator(rocksdb::ReadOptions()));
  if (!request.reverse) {
    request.start.empty() ? it->SeekToFirst() : it->Seek(request.start);
  } else {
    request.start.empty() ? it->SeekToLast() : it->SeekForPrev(request.start);
  }
  for (uint64_t n = 0; it->Valid() && (request.limit == 0 || n < request.limit); ++n) {
    visit(std::string_view(it->key().data(), it->key().size()),
          std::string_view(it->value().data(), it->value().size()));
    request.reverse ? it->Prev() : it->Next();
  }
  return fromRocksDb(it->status(), m_settings.dir);
}

Status RocksDbStore::compactAll() {
  rocksdb::CompactRangeOptions options;
  options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForce;
  RL_RETURN_IF_ERROR(fromRocksDb(m_db->Flush(rocksdb::FlushOptions()), m_settings.dir));
  return fromRocksDb(m_db->CompactRange(options, nullptr, nullptr), m_settings.dir);
}

StoreLayout RocksDbStore::layout() const {
  rocksdb::ColumnFamilyMetaData meta;
  m_db->GetColumnFamilyMetaData(&meta);
  StoreLayout out;
  uint64_t entries = 0;
  for (const auto& level : meta.levels) {
    if (level.files.empty()) continue;
    out.files += level.files.size();
    out.bytes += level.size;
    for (const auto& file : level.files) entries += file.num_entries;
    out.detail += (out.detail.empty() ? "L" : ", L") + std::to_string(level.level) + " " +
                  countOf(level.files.size(), "file");
  }
  out.detail = out.detail.empty() ? "no table files"
                                  : out.detail + ", " + withCommas(entries) +
                                        (entries == 1 ? " entry" : " entries");
  uint64_t memtables = 0;
  if (m_db->GetIntProperty(rocksdb::DB::Properties::kCurSizeAllMemTables, &memtables)) {
    out.detail += "; memtables " + bytesText(memtables);
  }
  return out;
}

}  // namespace regionlab::bench
