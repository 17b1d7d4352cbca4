#include "memstore/memstore.h"

#include <limits>

#include "util/key_value.h"

namespace regionlab {

MemStore::MemStore()
    : list_(&arena_),
      min_timestamp_(std::numeric_limits<int64_t>::max()),
      max_timestamp_(std::numeric_limits<int64_t>::min()) {}

bool MemStore::Add(std::string_view key, std::string_view value) {
  ParsedKey parsed;
  if (!ParseKey(key, &parsed)) return false;
  if (key.size() > std::numeric_limits<uint32_t>::max() ||
      value.size() > std::numeric_limits<uint32_t>::max()) {
    return false;
  }
  if (!list_.Insert(key, value)) return false;

  // Single writer: plain read-modify-write on the atomics is race free; the
  // atomics only make the values safe to read concurrently.
  data_size_.store(DataSize() + key.size() + value.size(), std::memory_order_relaxed);
  if (parsed.timestamp < min_timestamp_.load(std::memory_order_relaxed)) {
    min_timestamp_.store(parsed.timestamp, std::memory_order_relaxed);
  }
  if (parsed.timestamp > max_timestamp_.load(std::memory_order_relaxed)) {
    max_timestamp_.store(parsed.timestamp, std::memory_order_relaxed);
  }
  if (parsed.sequence_id > MaxSequenceId()) {
    max_sequence_id_.store(parsed.sequence_id, std::memory_order_relaxed);
  }
  count_.store(count_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  return true;
}

std::unique_ptr<KeyValueIterator> MemStore::NewIterator() const {
  return std::make_unique<Cursor>(this);
}

uint64_t MemStore::HeapSize() const { return arena_.MemoryUsage() + sizeof(MemStore); }

int64_t MemStore::MinTimestamp() const {
  if (Empty()) return 0;
  return min_timestamp_.load(std::memory_order_relaxed);
}

int64_t MemStore::MaxTimestamp() const {
  if (Empty()) return 0;
  return max_timestamp_.load(std::memory_order_relaxed);
}

}  // namespace regionlab
