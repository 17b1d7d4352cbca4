// Metrics snapshots: plain values, cheap to take and safe to hand to another
// thread (the UI polls them on a timer).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace regionlab {

struct StoreMetrics {
  std::string family;
  uint64_t memstore_heap_bytes = 0;   // active + snapshot memstore, heap accounting
  uint64_t memstore_data_bytes = 0;   // key + value bytes in the memstores
  uint64_t store_files = 0;
  uint64_t store_file_bytes = 0;
  uint64_t store_file_cells = 0;
};

struct BlockCacheMetrics {
  uint64_t capacity = 0, size = 0;
  uint64_t single_bytes = 0, multi_bytes = 0, memory_bytes = 0;
  uint64_t blocks = 0, hits = 0, misses = 0, evictions = 0, evicted_blocks = 0;
  double hit_ratio = 0;
};

struct RegionMetrics {
  std::string region;
  std::vector<StoreMetrics> stores;
  uint64_t memstore_heap_bytes = 0;  // sum over stores
  uint64_t store_files = 0;
  uint64_t store_file_bytes = 0;
  uint64_t read_requests = 0;
  uint64_t write_requests = 0;
  uint64_t flushes = 0, flushed_bytes = 0, flush_time_ms = 0;
  uint64_t compactions = 0, major_compactions = 0;
  uint64_t compacted_input_bytes = 0, compacted_output_bytes = 0, compaction_time_ms = 0;
  uint64_t last_sequence_id = 0, flushed_sequence_id = 0;
  uint64_t wal_syncs = 0, wal_appends = 0, wal_bytes = 0;
  uint64_t blocked_writes = 0;  // writes that waited for a flush (memstore over the blocking size)
  BlockCacheMetrics block_cache;
};

enum class FlushReason { kSize, kGlobalPressure, kManual, kClose };
const char* FlushReasonName(FlushReason r);

struct FlushEvent {
  std::string region;
  FlushReason reason = FlushReason::kManual;
  int64_t time_ms = 0;
  uint64_t cells = 0, memstore_bytes = 0, file_bytes = 0, duration_ms = 0;
  uint64_t flushed_sequence_id = 0;
};

struct CompactionEvent {
  std::string region, family;
  bool major = false;
  int64_t time_ms = 0;
  uint64_t input_files = 0, input_bytes = 0, output_bytes = 0, output_cells = 0, duration_ms = 0;
  // Selected with the off-peak ratio and maximum size (CompactionOptions).
  bool off_peak = false;
  // Why it ran: "3 store files, hbase.hstore.compaction.min 3: the exploring
  // policy took 3", "major compaction requested", "rewrites the references
  // to its parent's files" (a split or merge daughter).
  std::string reason{};
};

}  // namespace regionlab
