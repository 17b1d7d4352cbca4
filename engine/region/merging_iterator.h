// The merging iterator: one sorted view over several sorted children (the
// memstores and store files of a store), HBase's KeyValueHeap.
//
// Order: entries are returned in CompareKeys order. Entries with equal keys
// in different children are all returned; among them, the child given first
// in `children` comes first. Children must each be sorted by CompareKeys.
//
// Cost: forward and backward iteration keep the positioned children in a
// binary heap (a min-heap going forward, a max-heap going backward), so Next
// and Prev cost O(log n) key comparisons for n children. A Seek (SeekForPrev)
// to a target ahead of the current entry in the current direction moves only
// the children whose entry lies before the target (HBase's reseek); any
// other Seek*, and a change of direction, repositions every child.
//
// Lazy children (RealSeekDone() false after a Seek) stay in the heap at
// their placeholder keys and are sought for real only when they reach the
// top: a Get that is answered before then never reads them (HBase's lazy
// seek).
//
// Errors: when a child stops with a non-OK status, the merging iterator
// becomes !Valid() and status() returns the first such error, until the next
// Seek*/SeekTo* call, which starts over.
//
// Thread-safety: like every KeyValueIterator, one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "util/kv_iterator.h"

namespace regionlab {

// The merge over children owned elsewhere (the read path's cursors, which
// live inside a StoreSources or on a Get's stack). Up to kInlineChildren
// children are tracked without any allocation.
class MergingIterator final : public KeyValueIterator {
 public:
  static constexpr size_t kInlineChildren = 16;

  // The children (not owned) must outlive this iterator.
  explicit MergingIterator(std::span<KeyValueIterator* const> children);
  // Owns the children.
  explicit MergingIterator(std::vector<std::unique_ptr<KeyValueIterator>> children);
  MergingIterator(const MergingIterator&) = delete;
  MergingIterator& operator=(const MergingIterator&) = delete;

  bool Valid() const override { return status_.ok() && heap_size_ != 0; }
  void SeekToFirst() override;
  void SeekToLast() override;
  void Seek(std::string_view target) override;
  void SeekForPrev(std::string_view target) override;
  void Next() override;
  void Prev() override;
  std::string_view key() const override { return keys_[heap_[0]]; }
  std::string_view value() const override { return children_[heap_[0]]->value(); }
  Status status() const override { return status_; }
  bool PrefersSeekToNext() const override {
    return Valid() && children_[heap_[0]]->PrefersSeekToNext();
  }

 private:
  enum Direction { kForward, kReverse };

  void Init(size_t count);
  // Inlined into the heap operations: it runs for every merged entry.
  [[gnu::always_inline]] inline bool Before(uint32_t a, uint32_t b) const;
  void SiftDown(size_t pos);
  void NoteInvalidChild(uint32_t index);
  void FixTop();
  void Rebuild(Direction direction);
  void Reseek(std::string_view target);
  // Makes the top child's entry a real one (see RealSeekDone), repeating
  // while the top is a lazy child.
  void EnforceTop();
  void SwitchToForward();
  void SwitchToReverse();

  std::vector<std::unique_ptr<KeyValueIterator>> owned_;
  size_t count_ = 0;
  KeyValueIterator** children_ = nullptr;  // inline_children_ or spill_children_
  uint32_t* heap_ = nullptr;                // inline_heap_ or spill_heap_
  // keys_[i]: child i's key() while it is in the heap, refreshed whenever
  // this iterator moves the child (heap comparisons make no virtual calls).
  std::string_view* keys_ = nullptr;
  size_t heap_size_ = 0;
  KeyValueIterator* inline_children_[kInlineChildren];
  uint32_t inline_heap_[kInlineChildren];
  std::string_view inline_keys_[kInlineChildren];
  std::vector<KeyValueIterator*> spill_children_;
  std::vector<uint32_t> spill_heap_;
  std::vector<std::string_view> spill_keys_;
  Direction direction_ = kForward;
  // False when no child was left lazy by the last repositioning: children
  // turn lazy only when every child is sought, which ends in Rebuild, so
  // EnforceTop has nothing to do until the next Rebuild.
  bool maybe_lazy_ = false;
  Status status_;
  std::string saved_key_;  // the current key while children are repositioned
};

// Takes ownership of the children. With no children the result is always
// !Valid(); with one child the child itself is returned.
std::unique_ptr<KeyValueIterator> NewMergingIterator(
    std::vector<std::unique_ptr<KeyValueIterator>> children);

}  // namespace regionlab
