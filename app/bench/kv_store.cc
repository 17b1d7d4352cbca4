#include "kv_store.h"

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
