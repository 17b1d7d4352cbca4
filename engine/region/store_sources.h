// StoreSources: the cursors one read opens over one store -- its memstores
// and the store files that may hold what it reads -- merged into one
// KeyValueIterator (the heap of KeyValueScanners under HBase's StoreScanner).
//
// It holds the StoreVersion it reads, which keeps the memstores and files
// alive while the cursors exist. The memstore cursors, up to kInlineFiles
// store-file iterators and the merge itself live inside the object, so a
// Get (which keeps its StoreSources on the stack) opens its cursors without
// touching the heap; more files, and references (read through a half-file
// window), are allocated.
//
// Children are merged in the order memstore, snapshot, then files in the
// order added (oldest first), which orders entries with equal keys.
//
// Thread-safety: one thread at a time. Not copyable or movable: the merge
// points into the object.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "region/merging_iterator.h"
#include "region/store.h"
#include "storefile/store_file_iterator.h"

namespace regionlab {

class StoreSources {
 public:
  static constexpr size_t kInlineFiles = 6;

  // Opens cursors over the version's memstore and snapshot.
  explicit StoreSources(std::shared_ptr<const StoreVersion> version);
  StoreSources(const StoreSources&) = delete;
  StoreSources& operator=(const StoreSources&) = delete;

  const StoreVersion& version() const { return *version_; }

  // Adds a cursor over `file`, which must belong to version().
  // use_cache=false reads around the block cache.
  // REQUIRES: Merged() not called yet.
  void AddFile(const StoreFile& file, bool use_cache);

  // The merge of every cursor added (the cursor itself when there is one).
  // The pointer stays valid for this object's lifetime; the iterator starts
  // !Valid() until positioned.
  KeyValueIterator* Merged();

 private:
  void AddChild(KeyValueIterator* child);

  std::shared_ptr<const StoreVersion> version_;
  std::optional<MemStore::Cursor> active_, snapshot_;
  std::array<std::optional<storefile::StoreFileIterator>, kInlineFiles> files_;
  size_t inline_files_ = 0;
  std::vector<std::unique_ptr<KeyValueIterator>> allocated_;  // beyond the inline ones
  KeyValueIterator* inline_children_[2 + kInlineFiles];
  size_t child_count_ = 0;
  std::vector<KeyValueIterator*> children_;  // used once there are more than fit inline
  std::optional<MergingIterator> merged_;
  KeyValueIterator* result_ = nullptr;
};

}  // namespace regionlab
