#include "kv_store.h"

#include <cstdio>
#include <filesystem>

#include "regionlab_cluster_store.h"
#include "regionlab_store.h"
#include "sqlite_store.h"
#ifdef REGIONLAB_BENCH_HAVE_PEERS
#include "leveldb_store.h"
#include "rocksdb_store.h"
#endif

namespace regionlab::bench {

const char* syncModeName(SyncMode mode) {
  return mode == SyncMode::kSyncWal ? "SYNC_WAL" : "ASYNC_WAL";
}

uint64_t directoryBytes(const std::string& dir) {
  uint64_t total = 0;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code size_ec;
    if (it->is_regular_file(size_ec)) {
      const auto size = it->file_size(size_ec);
      if (!size_ec) total += size;
    }
  }
  return total;
}

std::pair<uint64_t, uint64_t> filesWithSuffix(const std::string& dir,
                                              const std::vector<std::string>& suffixes) {
  uint64_t count = 0, bytes = 0;
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator(dir, ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    std::error_code file_ec;
    if (!it->is_regular_file(file_ec)) continue;
    const std::string name = it->path().filename().string();
    for (const auto& suffix : suffixes) {
      if (name.size() >= suffix.size() &&
          name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
        const auto size = it->file_size(file_ec);
        if (!file_ec) {
          ++count;
          bytes += size;
        }
        break;
      }
    }
  }
  return {count, bytes};
}

std::string withCommas(uint64_t n) {
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(i, ",");
  return digits;
}

std::string countOf(uint64_t n, const std::string& noun) {
  return withCommas(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string bytesText(uint64_t bytes) {
  char buf[32];
  if (bytes >= (1ull << 30)) {
    std::snprintf(buf, sizeof(buf), "%.2f GiB", bytes / 1073741824.0);
  } else {
    std::snprintf(buf, sizeof(buf), "%.1f MiB", bytes / 1048576.0);
  }
  return buf;
}

bool isRegionLab(const std::string& system) { return system.rfind("RegionLab", 0) == 0; }

std::vector<std::string> availableSystems() {
#ifdef REGIONLAB_BENCH_HAVE_PEERS
  return {"RegionLab", "RegionLab-split", "LevelDB", "RocksDB", "SQLite"};
#else
  return {"RegionLab", "RegionLab-split", "SQLite"};
#endif
}

std::unique_ptr<KvStore> makeStore(const std::string& system, const StoreSettings& settings) {
  if (system == "RegionLab") return std::make_unique<RegionLabRegionStore>(settings);
  if (system == "RegionLab-split") return std::make_unique<RegionLabClusterStore>(settings);
  if (system == "SQLite") return std::make_unique<SqliteStore>(settings);
#ifdef REGIONLAB_BENCH_HAVE_PEERS
  if (system == "LevelDB") return std::make_unique<LevelDbStore>(settings);
  if (system == "RocksDB") return std::make_unique<RocksDbStore>(settings);
#endif
  return nullptr;
}

}  // namespace regionlab::bench
