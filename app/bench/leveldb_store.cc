#include "leveldb_store.h"

#include <leveldb/cache.h>
#include <leveldb/db.h>
#include <leveldb/filter_policy.h>
#include <leveldb/write_batch.h>

#include <cstdlib>
#include <filesystem>
#include <tuple>

namespace regionlab::bench {

namespace {
Status fromLevelDb(const leveldb::Status& s, const std::string& dir) {
  if (s.ok()) return Status::OK();
  return Status::IOError("LevelDB " + dir + ": " + s.ToString());
}
leveldb::Slice slice(std::string_view v) { return leveldb::Slice(v.data(), v.size()); }
// Every block read is checked against its checksum, as RegionLab (HBase's
// hbase.regionserver.checksum.verify) and RocksDB do by default; LevelDB's
// default skips the check.
leveldb::ReadOptions readOptions() {
  leveldb::ReadOptions r;
  r.verify_checksums = true;
  return r;
}
}  // namespace

LevelDbStore::LevelDbStore(StoreSettings settings) : m_settings(std::move(settings)) {}

LevelDbStore::~LevelDbStore() { (void)close(); }

std::vector<std::pair<std::string, std::string>> LevelDbStore::describe() const {
  leveldb::Options defaults;
  const size_t block = m_settings.blockSize != 0 ? m_settings.blockSize : defaults.block_size;
  return {
      {"WAL", m_settings.sync == SyncMode::kSyncWal ? "log on, WriteOptions.sync = true"
                                                    : "log on, WriteOptions.sync = false"},
      {"compression", "snappy"},
      {"filter", "bloom, " + std::to_string(m_settings.bloomBitsPerKey) + " bits/key"},
      {"block size", std::to_string(block)},
      {"ReadOptions.verify_checksums", "true"},
      {"block cache", std::to_string(m_settings.blockCacheBytes >> 20) + " MiB (LRU)"},
      {"write buffer", std::to_string(m_settings.writeBufferBytes >> 20) + " MiB"},
      {"max file size", std::to_string(defaults.max_file_size >> 20) + " MiB"},
  };
}

Status LevelDbStore::open() {
  if (m_db) return Status::OK();
  std::error_code ec;
  std::filesystem::create_directories(m_settings.dir, ec);
  m_filter.reset(leveldb::NewBloomFilterPolicy(m_settings.bloomBitsPerKey));
  m_cache.reset(leveldb::NewLRUCache(m_settings.blockCacheBytes));
  leveldb::Options options;
  options.create_if_missing = true;
  options.compression = leveldb::kSnappyCompression;
  options.filter_policy = m_filter.get();
  options.block_cache = m_cache.get();
  options.write_buffer_size = m_settings.writeBufferBytes;
  if (m_settings.blockSize != 0) options.block_size = m_settings.blockSize;
  leveldb::DB* db = nullptr;
  leveldb::Status s = leveldb::DB::Open(options, m_settings.dir, &db);
  if (!s.ok()) return fromLevelDb(s, m_settings.dir);
  m_db.reset(db);
  return Status::OK();
}

Status LevelDbStore::close() {
  m_db.reset();  // the DB uses the cache and the filter policy: delete it first
  m_cache.reset();
  m_filter.reset();
  return Status::OK();
}

Status LevelDbStore::put(std::string_view key, std::string_view value) {
  leveldb::WriteOptions w;
  w.sync = m_settings.sync == SyncMode::kSyncWal;
  return fromLevelDb(m_db->Put(w, slice(key), slice(value)), m_settings.dir);
}

Status LevelDbStore::get(std::string_view key, std::string* value, bool* found) {
  leveldb::Status s = m_db->Get(readOptions(), slice(key), value);
  *found = s.ok();
  if (s.IsNotFound()) return Status::OK();
  return fromLevelDb(s, m_settings.dir);
}

Status LevelDbStore::scan(const ScanRequest& request, const ScanVisitor& visit) {
  std::unique_ptr<leveldb::Iterator> it(m_db->NewIterator(readOptions()));
  if (!request.reverse) {
    request.start.empty() ? it->SeekToFirst() : it->Seek(request.start);
  } else if (request.start.empty()) {
    it->SeekToLast();
  } else {
    // The last key <= start.
    it->Seek(request.start);
    if (!it->Valid()) {
      it->SeekToLast();
    } else if (it->key().compare(slice(request.start)) > 0) {
      it->Prev();
    }
  }
  for (uint64_t n = 0; it->Valid() && (request.limit == 0 || n < request.limit); ++n) {
    visit(std::string_view(it->key().data(), it->key().size()),
          std::string_view(it->value().data(), it->value().size()));
    request.reverse ? it->Prev() : it->Next();
  }
  return fromLevelDb(it->status(), m_settings.dir);
}

Status LevelDbStore::compactAll() {
  m_db->CompactRange(nullptr, nullptr);
  return Status::OK();
}

StoreLayout LevelDbStore::layout() const {
  StoreLayout out;
  // LevelDB names its tables *.ldb (older versions *.sst).
  std::tie(out.files, out.bytes) = filesWithSuffix(m_settings.dir, {".ldb", ".sst"});
  for (int level = 0; level < 7; ++level) {
    std::string files;
    if (!m_db->GetProperty("leveldb.num-files-at-level" + std::to_string(level), &files)) continue;
    const uint64_t n = std::strtoull(files.c_str(), nullptr, 10);
    if (n == 0) continue;
    out.detail +=
        (out.detail.empty() ? "L" : ", L") + std::to_string(level) + " " + countOf(n, "file");
  }
  if (out.detail.empty()) out.detail = "no table files";
  // Its memory figure counts the block cache too.
  std::string memory;
  if (m_db->GetProperty("leveldb.approximate-memory-usage", &memory)) {
    const uint64_t total = std::strtoull(memory.c_str(), nullptr, 10);
    const uint64_t cache = m_cache->TotalCharge();
    out.detail += "; memtables " + bytesText(total > cache ? total - cache : 0);
  }
  return out;
}

}  // namespace regionlab::bench
