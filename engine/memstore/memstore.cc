#include "memstore/memstore.h"

#include <limits>

#include "util/key_value.h"

namespace regionlab {

MemStore::MemStore()
    : list_(&arena_),
      migrate_it_(&list_),
      min_timestamp_(std::numeric_limits<int64_t>::max()),
      max_timestamp_(std::numeric_limits<int64_t>::min()) {
  filters_.push_back(std::make_unique<RowBloom>(kInitialFilterRows));
  filter_bytes_.store(filters_.back()->MemoryUsage(), std::memory_order_relaxed);
  filter_.store(filters_.back().get(), std::memory_order_release);
}

void MemStore::GrowFilter() {
  if (outgrown_filter_.load(std::memory_order_relaxed) != nullptr) {
    MigrateFilterRows(UINT64_MAX);  // rows outran the copy (many cells per row)
  }
  RowBloom* current = filters_.back().get();
  auto grown = std::make_unique<RowBloom>(current->capacity() * 4);
  filter_bytes_.store(filter_bytes_.load(std::memory_order_relaxed) + grown->MemoryUsage(),
                      std::memory_order_relaxed);
  // Outgrown first: a reader that sees the new filter also sees the old one.
  outgrown_filter_.store(current, std::memory_order_release);
  filter_.store(grown.get(), std::memory_order_release);
  filters_.push_back(std::move(grown));
  filter_adds_ = 0;
  migrate_row_ = {};
  migrate_has_row_ = false;
  migrate_it_.SeekToFirst();  // every entry linked so far, and any linked later
}

void MemStore::MigrateFilterRows(uint64_t entries) {
  RowBloom* target = filters_.back().get();
  for (uint64_t i = 0; i < entries && migrate_it_.Valid(); ++i, migrate_it_.Next()) {
    // Views into the arena stay valid for the MemStore's lifetime.
    const std::string_view row = KeyRow(migrate_it_.key());
    if (migrate_has_row_ && row == migrate_row_) continue;  // a row's cells are adjacent
    target->Add(RowBloom::Hash(row));
    migrate_row_ = row;
    migrate_has_row_ = true;
    ++filter_adds_;
  }
  if (!migrate_it_.Valid()) {
    // The copied bits are published with the release.
    outgrown_filter_.store(nullptr, std::memory_order_release);
  }
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
  if (++filter_adds_ > filters_.back()->capacity()) {
    GrowFilter();
    filter_adds_ = 1;
  }
  filters_.back()->Add(RowBloom::Hash(parsed.row));
  if (outgrown_filter_.load(std::memory_order_relaxed) != nullptr) {
    MigrateFilterRows(kFilterMigrationStep);
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
