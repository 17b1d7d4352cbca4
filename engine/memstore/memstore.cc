#include "memstore/memstore.h"

#include <limits>

#include "util/key_value.h"

namespace regionlab {

MemStore::MemStore()
    : list_(&arena_),
      min_timestamp_(std::numeric_limits<int64_t>::max()),
      max_timestamp_(std::numeric_limits<int64_t>::min()) {
  filters_.push_back(std::make_unique<RowBloom>(kInitialFilterRows));
  filter_bytes_.store(filters_.back()->MemoryUsage(), std::memory_order_relaxed);
  filter_.store(filters_.back().get(), std::memory_order_release);
}

uint64_t MemStore::GrowFilter() {
  auto grown = std::make_unique<RowBloom>(filters_.back()->capacity() * 4);
  // Every entry linked so far (the writer's own inserts, all complete).
  SkipList::Iterator it(&list_);
  std::string_view previous_row;
  uint64_t rows = 0;
  for (it.SeekToFirst(); it.Valid(); it.Next()) {
    const std::string_view row = KeyRow(it.key());
    if (rows != 0 && row == previous_row) continue;  // a row's cells are adjacent
    grown->Add(RowBloom::Hash(row));
    previous_row = row;
    ++rows;
  }
  filter_bytes_.store(filter_bytes_.load(std::memory_order_relaxed) + grown->MemoryUsage(),
                      std::memory_order_relaxed);
  filter_.store(grown.get(), std::memory_order_release);
  filters_.push_back(std::move(grown));
  return rows;
}

bool MemStore::Add(std::string_view key, std::string_view value) {
  ParsedKey parsed;
  if (!ParseKey(key, &parsed)) return false;
  if (key.size() > std::numeric_limits<uint32_t>::max() ||
      value.size() > std::numeric_limits<uint32_t>::max()) {
    return false;
  }
  // The row enters the filter before the entry is linked: a reader that can
  // find the entry also finds its row in the filter.
  if (++filter_adds_ > filters_.back()->capacity()) filter_adds_ = GrowFilter() + 1;
  filters_.back()->Add(RowBloom::Hash(parsed.row));
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

uint64_t MemStore::HeapSize() const {
  return arena_.MemoryUsage() + filter_bytes_.load(std::memory_order_relaxed) + sizeof(MemStore);
}

int64_t MemStore::MinTimestamp() const {
  if (Empty()) return 0;
  return min_timestamp_.load(std::memory_order_relaxed);
}

int64_t MemStore::MaxTimestamp() const {
  if (Empty()) return 0;
  return max_timestamp_.load(std::memory_order_relaxed);
}

}  // namespace regionlab
