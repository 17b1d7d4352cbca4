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

#include <memory>
#include <new>
#include <optional>
#include <utility>
#include <vector>

#include "region/merging_iterator.h"
#include "region/store.h"
#include "storefile/store_file_iterator.h"
#include "util/key_buffer.h"

namespace regionlab {

// A file cursor whose first Seek is deferred (HBase's lazy seek): it stands
// at `placeholder` until a merge calls EnforceSeek(), then seeks to
// `target`. Sound when `placeholder` sorts no later than any entry the read
// needs from the file and every entry between the read's seek target and
// `target` is one the read ignores (see the Get path in region_read.cc).
class LazyFileIterator final : public KeyValueIterator {
 public:
  LazyFileIterator(KeyValueIterator* base, std::string_view placeholder, std::string_view target)
      : base_(base), placeholder_(placeholder), target_(target) {}

  bool Valid() const override { return state_ == State::kDeferred || base_->Valid(); }
  void SeekToFirst() override { Real()->SeekToFirst(); }
  void SeekToLast() override { Real()->SeekToLast(); }
  void Seek(std::string_view target) override {
    if (state_ == State::kArmed) {
      state_ = State::kDeferred;
      return;
    }
    Real()->Seek(target);
  }
  void SeekForPrev(std::string_view target) override { Real()->SeekForPrev(target); }
  void Next() override { Enforced()->Next(); }
  void Prev() override { Enforced()->Prev(); }
  std::string_view key() const override {
    return state_ == State::kDeferred ? placeholder_.view() : base_->key();
  }
  std::string_view value() const override {
    return state_ == State::kDeferred ? std::string_view() : base_->value();
  }
  Status status() const override { return base_->status(); }
  bool RealSeekDone() const override { return state_ != State::kDeferred; }
  void EnforceSeek() override { Enforced(); }

 private:
  enum class State : uint8_t { kArmed, kDeferred, kReal };
  KeyValueIterator* Real() {
    state_ = State::kReal;
    return base_;
  }
  KeyValueIterator* Enforced() {
    if (state_ == State::kDeferred) Real()->Seek(target_);
    state_ = State::kReal;
    return base_;
  }

  KeyValueIterator* base_;
  KeyBuffer placeholder_, target_;
  State state_ = State::kArmed;
};

class StoreSources {
 public:
  static constexpr size_t kInlineFiles = 6;

  // Opens cursors over the version's memstore and snapshot, except empty
  // ones: the caller must have loaded its read point before it took
  // `version`. A read of one row passes its RowBloom::Hash: a memstore whose
  // row filter rules the row out gets no cursor.
  explicit StoreSources(std::shared_ptr<const StoreVersion> version,
                        std::optional<uint64_t> row_hash = std::nullopt);
  StoreSources(const StoreSources&) = delete;
  StoreSources& operator=(const StoreSources&) = delete;

  const StoreVersion& version() const { return *version_; }

  // A Get's lazy seek into one file: the file stands at `placeholder` until
  // the merge needs its entries, then seeks to `target` (see LazyFile in
  // store_sources.cc for when this is sound).
  struct LazySeek {
    std::string_view placeholder;
    std::string_view target;
  };

  // Adds a cursor over `file`, which must belong to version().
  // use_cache=false reads around the block cache. With `lazy`, the cursor's
  // first Seek is deferred (a plain file only).
  // REQUIRES: Merged() not called yet.
  void AddFile(const StoreFile& file, bool use_cache, const LazySeek* lazy = nullptr);

  // True when no cursor was opened or added: the read has nothing to merge.
  bool empty() const { return child_count_ == 0; }

  // The merge of every cursor added (the cursor itself when there is one).
  // The pointer stays valid for this object's lifetime; the iterator starts
  // !Valid() until positioned.
  KeyValueIterator* Merged();

 private:
  // Up to N objects of type T built in place, in order, and destroyed in
  // reverse order. Unlike std::array<std::optional<T>, N>, nothing is written
  // to the unused slots when it is constructed (a Get builds one per store).
  template <typename T, size_t N>
  class InlineObjects {
   public:
    InlineObjects() {}  // NOLINT: leaves the storage uninitialised on purpose
    InlineObjects(const InlineObjects&) = delete;
    InlineObjects& operator=(const InlineObjects&) = delete;
    ~InlineObjects() {
      while (size_ != 0) Slot(--size_)->~T();
    }
    bool full() const { return size_ == N; }
    template <typename... Args>
    T* Emplace(Args&&... args) {
      T* p = new (storage_[size_]) T(std::forward<Args>(args)...);
      ++size_;
      return p;
    }

   private:
    T* Slot(size_t i) { return std::launder(reinterpret_cast<T*>(storage_[i])); }
    alignas(T) unsigned char storage_[N][sizeof(T)];
    size_t size_ = 0;
  };

  void AddChild(KeyValueIterator* child);

  std::shared_ptr<const StoreVersion> version_;
  std::optional<MemStore::Cursor> active_, snapshot_;
  InlineObjects<storefile::StoreFileIterator, kInlineFiles> files_;
  InlineObjects<LazyFileIterator, kInlineFiles> lazy_;  // wrappers of some of files_
  bool any_lazy_ = false;
  std::vector<std::unique_ptr<KeyValueIterator>> allocated_;  // beyond the inline ones
  KeyValueIterator* inline_children_[2 + kInlineFiles];
  size_t child_count_ = 0;
  std::vector<KeyValueIterator*> children_;  // used once there are more than fit inline
  std::optional<MergingIterator> merged_;
  KeyValueIterator* result_ = nullptr;
};

}  // namespace regionlab
