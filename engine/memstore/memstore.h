// MemStore: one column family's in-memory cells, sorted by CompareKeys
// (HBase's MemStore segment). Writes land here after the WAL; a flush turns
// an immutable MemStore into a store file.
//
// Each entry is an encoded key (util/key_value.h, which includes the sequence
// id) and a value, both copied into the MemStore's Arena, linked into a
// SkipList.
//
// Thread-safety: Add is called by one writer at a time (the caller serialises
// writers, e.g. under the store's write lock). Iterators and every accessor
// may be used concurrently with Add from any number of threads without
// locks. An iterator sees every entry added before it was positioned, and
// never a partly written one.
//
// Row filter: every Add also enters the cell's row in a RowBloom, so
// MayContainRow() can tell a Get that the row is certainly absent without a
// skiplist search. The filter starts small; when the rows added outgrow it a
// filter four times larger takes the new rows, and the next Adds copy the
// earlier rows into it a few entries at a time (kFilterMigrationStep), so no
// single write pays for rebuilding the whole filter. Until the copy is done
// readers consult both filters.
//
// Size accounting: HeapSize() counts the arena's blocks (which hold the
// skiplist nodes, keys and values), the row filters and the MemStore object
// itself, so it is the memory a flush would release. DataSize() counts key +
// value bytes only.
//
// Lifetime: an iterator holds a plain pointer to its MemStore; the caller
// keeps the MemStore alive (for example through a shared_ptr) while any
// iterator over it exists.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "memstore/row_bloom.h"
#include "memstore/skiplist.h"
#include "util/arena.h"
#include "util/kv_iterator.h"

namespace regionlab {

class MemStore {
 public:
  // The KeyValueIterator over a MemStore, for callers that hold it by value
  // (a read's cursors live on its stack). Entries are immutable once
  // linked, so the views it returns stay valid for the MemStore's lifetime.
  // Its status() is always OK.
  class Cursor final : public KeyValueIterator {
   public:
    // REQUIRES: `memstore` outlives the cursor.
    explicit Cursor(const MemStore* memstore) : iter_(&memstore->list_) {}

    bool Valid() const override { return iter_.Valid(); }
    void SeekToFirst() override { iter_.SeekToFirst(); }
    void SeekToLast() override { iter_.SeekToLast(); }
    void Seek(std::string_view target) override { iter_.Seek(target); }
    void SeekForPrev(std::string_view target) override { iter_.SeekForPrev(target); }
    void Next() override { iter_.Next(); }
    void Prev() override { iter_.Prev(); }
    std::string_view key() const override { return iter_.key(); }
    std::string_view value() const override { return iter_.value(); }
    Status status() const override { return Status::OK(); }
    bool PrefersSeekToNext() const override { return true; }

   private:
    SkipList::Iterator iter_;
  };

  // Rows a new MemStore's row filter is sized for; each growth multiplies
  // it by 4.
  static constexpr uint64_t kInitialFilterRows = 1024;
  // Entries an Add copies from the outgrown filter's rows into the new one.
  static constexpr int kFilterMigrationStep = 8;

  MemStore();

  MemStore(const MemStore&) = delete;
  MemStore& operator=(const MemStore&) = delete;

  // Copies the entry into the MemStore. Returns false, and changes nothing,
  // if an equal key is already present or `key` is not a well-formed key
  // (util/key_value.h ParseKey).
  // REQUIRES: one writer at a time; readers may run concurrently.
  bool Add(std::string_view key, std::string_view value);

  // Iterator over all entries in CompareKeys order, implementing the whole
  // KeyValueIterator interface. Its status() is always OK.
  // REQUIRES: this MemStore outlives the iterator.
  std::unique_ptr<KeyValueIterator> NewIterator() const;

  // False when no cell of the row whose RowBloom::Hash is `row_hash` was
  // added before this call; true when one may have been (about 2% false
  // positives).
  bool MayContainRow(uint64_t row_hash) const {
    // The newest filter first: seeing it also makes the outgrown one it
    // replaced visible, and seeing no outgrown one (the copy is done) makes
    // every copied row's bits visible.
    const RowBloom* newest = filter_.load(std::memory_order_acquire);
    const RowBloom* outgrown = outgrown_filter_.load(std::memory_order_acquire);
    return newest->MayContain(row_hash) ||
           (outgrown != nullptr && outgrown->MayContain(row_hash));
  }

  // True while the rows of an outgrown filter are still being copied into
  // the current one.
  bool FilterMigrationPending() const {
    return outgrown_filter_.load(std::memory_order_relaxed) != nullptr;
  }

  // Bytes of memory held: arena blocks (nodes, keys, values) + this object.
  uint64_t HeapSize() const;
  // Sum of key + value bytes added.
  uint64_t DataSize() const { return data_size_.load(std::memory_order_relaxed); }
  // Number of entries added.
  uint64_t Count() const { return count_.load(std::memory_order_acquire); }
  bool Empty() const { return Count() == 0; }

  // Smallest and largest timestamp over added keys; 0 and 0 when empty.
  int64_t MinTimestamp() const;
  int64_t MaxTimestamp() const;
  // Largest sequence id over added keys; 0 when empty.
  uint64_t MaxSequenceId() const { return max_sequence_id_.load(std::memory_order_relaxed); }

 private:
  // Starts a filter four times larger for the rows added from now on, and
  // the copy of the current one's rows into it (finishing a copy still
  // running first).
  void GrowFilter();
  // Copies the rows of up to `entries` more entries into the current filter;
  // at the end of the skiplist, retires the outgrown filter.
  void MigrateFilterRows(uint64_t entries);

  Arena arena_;
  SkipList list_;
  // The current filter; earlier ones stay alive (readers may hold them) until
  // the MemStore dies. filters_ and filter_adds_ (rows added to the current
  // filter, counted per cell: an upper bound) are the writer's.
  std::atomic<RowBloom*> filter_{nullptr};
  // The filter filter_ replaced, while its rows are copied; null otherwise.
  std::atomic<RowBloom*> outgrown_filter_{nullptr};
  std::vector<std::unique_ptr<RowBloom>> filters_;
  uint64_t filter_adds_ = 0;
  // The copy's position (the writer's), and the row it copied last.
  SkipList::Iterator migrate_it_;
  std::string_view migrate_row_;
  bool migrate_has_row_ = false;
  std::atomic<uint64_t> filter_bytes_{0};
  // Written by the writer only. count_ is stored last (release) so a reader
  // that sees count_ > 0 also sees the timestamps of those entries.
  std::atomic<uint64_t> data_size_{0};
  std::atomic<int64_t> min_timestamp_;
  std::atomic<int64_t> max_timestamp_;
  std::atomic<uint64_t> max_sequence_id_{0};
  std::atomic<uint64_t> count_{0};
};

}  // namespace regionlab
