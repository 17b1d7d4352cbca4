#include "region/merging_iterator.h"

#include <cassert>
#include <string>
#include <utility>

#include "util/key_value.h"

namespace regionlab {

// The merged sequence is totally ordered by (key, child index), which makes
// direction changes well defined even when children share keys: at the
// current entry (K, c), going forward every other child j must sit at its
// first entry ordered after (K, c), and going backward at its last entry
// ordered before (K, c).
//
// Invariant while Valid(): heap_[0, heap_size_) holds exactly the indices of
// the valid children, arranged as a binary heap whose top is the current
// entry (the smallest going forward, the largest going backward).

MergingIterator::MergingIterator(std::span<KeyValueIterator* const> children) {
  Init(children.size());
  for (size_t i = 0; i < count_; ++i) children_[i] = children[i];
}

MergingIterator::MergingIterator(std::vector<std::unique_ptr<KeyValueIterator>> children)
    : owned_(std::move(children)) {
  Init(owned_.size());
  for (size_t i = 0; i < count_; ++i) children_[i] = owned_[i].get();
}

void MergingIterator::Init(size_t count) {
  count_ = count;
  if (count <= kInlineChildren) {
    children_ = inline_children_;
    heap_ = inline_heap_;
    keys_ = inline_keys_;
  } else {
    spill_children_.resize(count);
    spill_heap_.resize(count);
    spill_keys_.resize(count);
    children_ = spill_children_.data();
    heap_ = spill_heap_.data();
    keys_ = spill_keys_.data();
  }
}

void MergingIterator::SeekToFirst() {
  for (size_t i = 0; i < count_; ++i) children_[i]->SeekToFirst();
  Rebuild(kForward);
  EnforceTop();
}

void MergingIterator::SeekToLast() {
  for (size_t i = 0; i < count_; ++i) children_[i]->SeekToLast();
  Rebuild(kReverse);
  EnforceTop();
}

void MergingIterator::Seek(std::string_view target) {
  if (Valid() && direction_ == kForward && CompareKeys(target, key()) > 0) {
    Reseek(target);
  } else {
    for (size_t i = 0; i < count_; ++i) children_[i]->Seek(target);
    Rebuild(kForward);
  }
  EnforceTop();
}

void MergingIterator::SeekForPrev(std::string_view target) {
  if (Valid() && direction_ == kReverse && CompareKeys(target, key()) < 0) {
    Reseek(target);
  } else {
    for (size_t i = 0; i < count_; ++i) children_[i]->SeekForPrev(target);
    Rebuild(kReverse);
  }
  EnforceTop();
}

void MergingIterator::Next() {
  assert(Valid());
  if (direction_ != kForward) return SwitchToForward();
  children_[heap_[0]]->Next();
  FixTop();
  EnforceTop();
}

void MergingIterator::Prev() {
  assert(Valid());
  if (direction_ != kReverse) return SwitchToReverse();
  children_[heap_[0]]->Prev();
  FixTop();
  EnforceTop();
}

void MergingIterator::EnforceTop() {
  if (!maybe_lazy_) return;  // a scan's children: no virtual call per entry
  while (heap_size_ != 0 && !children_[heap_[0]]->RealSeekDone()) {
    children_[heap_[0]]->EnforceSeek();
    FixTop();
  }
}

// True when child a's entry must be nearer the heap top than child b's.
inline bool MergingIterator::Before(uint32_t a, uint32_t b) const {
  const int c = CompareKeys(keys_[a], keys_[b]);
  if (direction_ == kForward) return c < 0 || (c == 0 && a < b);
  return c > 0 || (c == 0 && a > b);
}

void MergingIterator::SiftDown(size_t pos) {
  const size_t n = heap_size_;
  const uint32_t item = heap_[pos];
  while (true) {
    size_t best = 2 * pos + 1;
    if (best >= n) break;
    if (best + 1 < n && Before(heap_[best + 1], heap_[best])) ++best;
    if (!Before(heap_[best], item)) break;
    heap_[pos] = heap_[best];
    pos = best;
  }
  heap_[pos] = item;
}

// Records the error of a child that stopped (only the first one is kept).
void MergingIterator::NoteInvalidChild(uint32_t index) {
  if (status_.ok()) status_ = children_[index]->status();
}

// After the top child moved: restore the heap, or drop the child when it ran
// off its end.
void MergingIterator::FixTop() {
  const uint32_t top = heap_[0];
  if (children_[top]->Valid()) {
    keys_[top] = children_[top]->key();
    SiftDown(0);
    return;
  }
  NoteInvalidChild(top);
  heap_[0] = heap_[--heap_size_];
  if (heap_size_ != 0) SiftDown(0);
}

// Builds the heap from scratch after every child was repositioned.
void MergingIterator::Rebuild(Direction direction) {
  direction_ = direction;
  status_ = Status::OK();
  heap_size_ = 0;
  maybe_lazy_ = false;
  for (size_t i = 0; i < count_; ++i) {
    if (!children_[i]->RealSeekDone()) maybe_lazy_ = true;
    if (children_[i]->Valid()) {
      keys_[i] = children_[i]->key();
      heap_[heap_size_++] = static_cast<uint32_t>(i);
    } else {
      NoteInvalidChild(static_cast<uint32_t>(i));
    }
  }
  for (size_t i = heap_size_ / 2; i-- > 0;) SiftDown(i);
}

// A seek onward in the current direction (HBase's KeyValueHeap reseek):
// only the children still before `target` move. Every other child is
// already where a seek would put it -- going forward, everything a child
// holds before its current entry sorts before the current merged entry,
// hence before target (backward, symmetrically after it) -- and a child
// that ran off its end has nothing beyond target either.
// REQUIRES: Valid(), target strictly ahead of key() in direction_.
void MergingIterator::Reseek(std::string_view target) {
  const bool forward = direction_ == kForward;
  while (heap_size_ != 0) {
    KeyValueIterator* child = children_[heap_[0]];
    const int c = CompareKeys(keys_[heap_[0]], target);
    if (forward ? c >= 0 : c <= 0) break;  // the top is in place, so is every other child
    forward ? child->Seek(target) : child->SeekForPrev(target);
    FixTop();
  }
}

void MergingIterator::SwitchToForward() {
  const uint32_t current = heap_[0];
  saved_key_.assign(children_[current]->key());
  for (uint32_t j = 0; j < count_; ++j) {
    if (j == current) continue;
    KeyValueIterator* child = children_[j];
    child->Seek(saved_key_);
    // Equal keys in an earlier child were ordered before the current entry.
    if (j < current) {
      while (child->Valid() && CompareKeys(child->key(), saved_key_) == 0) child->Next();
    }
  }
  children_[current]->Next();
  Rebuild(kForward);
  EnforceTop();
}

void MergingIterator::SwitchToReverse() {
  const uint32_t current = heap_[0];
  saved_key_.assign(children_[current]->key());
  for (uint32_t j = 0; j < count_; ++j) {
    if (j == current) continue;
    KeyValueIterator* child = children_[j];
    child->SeekForPrev(saved_key_);
    // Equal keys in a later child are ordered after the current entry.
    if (j > current) {
      while (child->Valid() && CompareKeys(child->key(), saved_key_) == 0) child->Prev();
    }
  }
  children_[current]->Prev();
  Rebuild(kReverse);
  EnforceTop();
}

namespace {

// The merge of nothing.
class EmptyIterator final : public KeyValueIterator {
 public:
  bool Valid() const override { return false; }
  void SeekToFirst() override {}
  void SeekToLast() override {}
  void Seek(std::string_view) override {}
  void SeekForPrev(std::string_view) override {}
  void Next() override { assert(false); }
  void Prev() override { assert(false); }
  std::string_view key() const override {
    assert(false);
    return {};
  }
  std::string_view value() const override {
    assert(false);
    return {};
  }
  Status status() const override { return Status::OK(); }
};

}  // namespace

std::unique_ptr<KeyValueIterator> NewMergingIterator(
    std::vector<std::unique_ptr<KeyValueIterator>> children) {
  if (children.empty()) return std::make_unique<EmptyIterator>();
  if (children.size() == 1) return std::move(children[0]);
  return std::make_unique<MergingIterator>(std::move(children));
}

}  // namespace regionlab
