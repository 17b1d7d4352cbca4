#include "region/merging_iterator.h"

#include <cassert>
#include <string>
#include <utility>

#include "util/key_value.h"

namespace regionlab {

namespace {

// The merged sequence is totally ordered by (key, child index), which makes
// direction changes well defined even when children share keys: at the
// current entry (K, c), going forward every other child j must sit at its
// first entry ordered after (K, c), and going backward at its last entry
// ordered before (K, c).
//
// Invariant while Valid(): heap_ holds exactly the indices of the valid
// children, arranged as a binary heap whose top is the current entry (the
// smallest going forward, the largest going backward).
class MergingIterator final : public KeyValueIterator {
 public:
  explicit MergingIterator(std::vector<std::unique_ptr<KeyValueIterator>> children)
      : children_(std::move(children)) {
    heap_.reserve(children_.size());
  }

  bool Valid() const override { return status_.ok() && !heap_.empty(); }

  void SeekToFirst() override {
    for (auto& child : children_) child->SeekToFirst();
    Rebuild(kForward);
  }

  void SeekToLast() override {
    for (auto& child : children_) child->SeekToLast();
    Rebuild(kReverse);
  }

  void Seek(std::string_view target) override {
    if (Valid() && direction_ == kForward && CompareKeys(target, key()) > 0) {
      return Reseek(target);
    }
    for (auto& child : children_) child->Seek(target);
    Rebuild(kForward);
  }

  void SeekForPrev(std::string_view target) override {
    if (Valid() && direction_ == kReverse && CompareKeys(target, key()) < 0) {
      return Reseek(target);
    }
    for (auto& child : children_) child->SeekForPrev(target);
    Rebuild(kReverse);
  }

  void Next() override {
    assert(Valid());
    if (direction_ != kForward) {
      SwitchToForward();
      return;
    }
    children_[heap_[0]]->Next();
    FixTop();
  }

  void Prev() override {
    assert(Valid());
    if (direction_ != kReverse) {
      SwitchToReverse();
      return;
    }
    children_[heap_[0]]->Prev();
    FixTop();
  }

  std::string_view key() const override {
    assert(Valid());
    return children_[heap_[0]]->key();
  }

  std::string_view value() const override {
    assert(Valid());
    return children_[heap_[0]]->value();
  }

  Status status() const override { return status_; }

 private:
  enum Direction { kForward, kReverse };

  // True when child a's entry must be nearer the heap top than child b's.
  bool Before(size_t a, size_t b) const {
    const int c = CompareKeys(children_[a]->key(), children_[b]->key());
    if (direction_ == kForward) return c < 0 || (c == 0 && a < b);
    return c > 0 || (c == 0 && a > b);
  }

  void SiftDown(size_t pos) {
    const size_t n = heap_.size();
    const size_t item = heap_[pos];
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
  void NoteInvalidChild(size_t index) {
    if (status_.ok()) status_ = children_[index]->status();
  }

  // After the top child moved: restore the heap, or drop the child when it
  // ran off its end.
  void FixTop() {
    const size_t top = heap_[0];
    if (children_[top]->Valid()) {
      SiftDown(0);
      return;
    }
    NoteInvalidChild(top);
    heap_[0] = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) SiftDown(0);
  }

  // A seek onward in the current direction (HBase's KeyValueHeap reseek):
  // only the children still before `target` move. Every other child is
  // already where a seek would put it -- going forward, everything a child
  // holds before its current entry sorts before the current merged entry,
  // hence before target (backward, symmetrically after it) -- and a child
  // that ran off its end has nothing beyond target either.
  // REQUIRES: Valid(), target strictly ahead of key() in direction_.
  void Reseek(std::string_view target) {
    const bool forward = direction_ == kForward;
    while (!heap_.empty()) {
      KeyValueIterator* child = children_[heap_[0]].get();
      const int c = CompareKeys(child->key(), target);
      if (forward ? c >= 0 : c <= 0) break;  // the top is in place, so is every other child
      forward ? child->Seek(target) : child->SeekForPrev(target);
      FixTop();
    }
  }

  // Builds the heap from scratch after every child was repositioned.
  void Rebuild(Direction direction) {
    direction_ = direction;
    status_ = Status::OK();
    heap_.clear();
    for (size_t i = 0; i < children_.size(); ++i) {
      if (children_[i]->Valid()) {
        heap_.push_back(i);
      } else {
        NoteInvalidChild(i);
      }
    }
    for (size_t i = heap_.size() / 2; i-- > 0;) SiftDown(i);
  }

  void SwitchToForward() {
    const size_t current = heap_[0];
    saved_key_.assign(children_[current]->key());
    for (size_t j = 0; j < children_.size(); ++j) {
      if (j == current) continue;
      KeyValueIterator* child = children_[j].get();
      child->Seek(saved_key_);
      // Equal keys in an earlier child were ordered before the current entry.
      if (j < current) {
        while (child->Valid() && CompareKeys(child->key(), saved_key_) == 0) child->Next();
      }
    }
    children_[current]->Next();
    Rebuild(kForward);
  }

  void SwitchToReverse() {
    const size_t current = heap_[0];
    saved_key_.assign(children_[current]->key());
    for (size_t j = 0; j < children_.size(); ++j) {
      if (j == current) continue;
      KeyValueIterator* child = children_[j].get();
      child->SeekForPrev(saved_key_);
      // Equal keys in a later child are ordered after the current entry.
      if (j > current) {
        while (child->Valid() && CompareKeys(child->key(), saved_key_) == 0) child->Prev();
      }
    }
    children_[current]->Prev();
    Rebuild(kReverse);
  }

  std::vector<std::unique_ptr<KeyValueIterator>> children_;
  std::vector<size_t> heap_;
  Direction direction_ = kForward;
  Status status_;
  std::string saved_key_;  // the current key while children are repositioned
};

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
