// KvStore: what regionlab-bench needs from a storage engine, and one adapter
// per system behind it (RegionLab, LevelDB, RocksDB, SQLite).
//
// Every adapter is opened with the same StoreSettings so the systems compare
// like for like: the write-ahead log is always on, every write either waits
// for an fdatasync (SYNC_WAL) or only for the operating system (ASYNC_WAL),
// blocks are snappy-compressed (SQLite has no compression), bloom filters use
// 10 bits per key, and the block cache and the write buffer (memtable /
// memstore) have the same sizes.
//
// Thread-safety: after open(), put(), get() and scan() may be called from
// two threads at once (one writer and one reader: readwhilewriting). open(),
// close(), compactAll() and diskBytes() are called by one thread while no
// other call runs.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "regionlab/status.h"

namespace regionlab::bench {

using regionlab::Status;

// How writes are made durable, named after HBase's Durability.
enum class SyncMode { kAsyncWal, kSyncWal };
const char* syncModeName(SyncMode mode);  // "ASYNC_WAL", "SYNC_WAL"

struct StoreSettings {
  std::string dir;  // the store's own directory; created by open()
  SyncMode sync = SyncMode::kAsyncWal;
  uint64_t blockCacheBytes = 64ull << 20;
  uint64_t writeBufferBytes = 64ull << 20;  // memtable / memstore flush size
  uint32_t blockSize = 0;                   // data block bytes; 0 = each engine's own default
  int bloomBitsPerKey = 10;
  // RegionLab's table CONFIGURATION (regionlab/store_configuration.h: the
  // compaction settings); the peers ignore it.
  std::map<std::string, std::string> regionLabConfiguration;
  // Systems that partition the key space (RegionLab-split): the keys at which
  // one partition ends and the next begins, sorted. Others ignore it.
  std::vector<std::string> splitKeys;
};

// A range read: from `start` (inclusive; empty = the first key, or the last
// one when reversed) over at most `limit` keys (0 = to the end).
struct ScanRequest {
  std::string start;
  uint64_t limit = 0;
  bool reverse = false;
};

using ScanVisitor = std::function<void(std::string_view key, std::string_view value)>;

// Where a store's data sits at one moment: the files the reads have to look
// in. A read's cost depends on it (how many files or levels overlap a key,
// how many dead versions are still stored), and each engine's compaction
// policy decides it, so the report shows it with every workload.
struct StoreLayout {
  uint64_t files = 0;  // table or store files holding data (SQLite: its one database file)
  uint64_t bytes = 0;  // their bytes
  std::string detail;  // the engine's own breakdown, e.g. "L0 1, L2 43 files"
};

class KvStore {
 public:
  virtual ~KvStore() = default;

  // "RegionLab", "LevelDB", ...
  virtual std::string name() const = 0;
  // The settings this system actually runs with, as (name, value) pairs, for
  // the configuration printout.
  virtual std::vector<std::pair<std::string, std::string>> describe() const = 0;

  // Opens the store in settings.dir, creating it when missing. Reopening
  // after close() starts with an empty block cache.
  virtual Status open() = 0;
  virtual Status close() = 0;

  virtual Status put(std::string_view key, std::string_view value) = 0;
  // *found is false (and *value untouched) when the key is absent.
  virtual Status get(std::string_view key, std::string* value, bool* found) = 0;
  // Calls `visit` for each key of the range in order; the views are valid
  // only during the call.
  virtual Status scan(const ScanRequest& request, const ScanVisitor& visit) = 0;

  // Flushes the write buffer and compacts everything into the fewest files
  // the engine makes (a major compaction; VACUUM for SQLite), then lets the
  // engine drop log files whose edits are all flushed (RegionLab rolls its
  // WAL; LevelDB and RocksDB do it on their own).
  virtual Status compactAll() = 0;

  // The layout now (between workloads; not timed).
  virtual StoreLayout layout() const = 0;
};

// Bytes of every file below `dir`.
uint64_t directoryBytes(const std::string& dir);
// The regular files directly in `dir` whose names end in one of `suffixes`:
// how many, and their bytes.
std::pair<uint64_t, uint64_t> filesWithSuffix(const std::string& dir,
                                              const std::vector<std::string>& suffixes);
// 1234567 -> "1,234,567".
std::string withCommas(uint64_t n);
// (1, "file") -> "1 file"; (2, "file") -> "2 files".
std::string countOf(uint64_t n, const std::string& noun);
// 151554999 -> "144.5 MiB"; from 1 GiB on, "1.25 GiB".
std::string bytesText(uint64_t bytes);

// The systems compiled into this build, in report order: RegionLab's
// configurations first (RegionLab: one region; RegionLab-split: a table
// pre-split over 3 region servers), then the peers.
std::vector<std::string> availableSystems();
// True for RegionLab's own configurations (the systems ratios are taken of).
bool isRegionLab(const std::string& system);
// A new, unopened adapter for `system` (a name from availableSystems()), or
// null for an unknown name.
std::unique_ptr<KvStore> makeStore(const std::string& system, const StoreSettings& settings);

}  // namespace regionlab::bench
