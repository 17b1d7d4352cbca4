// A KeyValueIterator over a sorted vector, for tests of what reads
// iterators (the merging iterator, the store scanner): it counts seeks and
// can fail at a given entry.
#pragma once

#include <QtGlobal>
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/key_value.h"
#include "util/kv_iterator.h"

namespace regionlab::test {

using Entry = std::pair<std::string, std::string>;

// A child over a sorted vector. When fail_at >= 0, positioning onto entry
// fail_at stops the iterator with a Corruption status, the way a store file
// reader stops at a corrupt block.
class VectorIterator final : public KeyValueIterator {
 public:
  // `seeks` (optional) counts this child's Seek and SeekForPrev calls.
  VectorIterator(std::vector<Entry> entries, int fail_at = -1, int* seeks = nullptr)
      : entries_(std::move(entries)), fail_at_(fail_at), seeks_(seeks) {}

  bool Valid() const override { return status_.ok() && pos_ >= 0 && pos_ < Size(); }
  void SeekToFirst() override { Land(0); }
  void SeekToLast() override { Land(Size() - 1); }
  void Seek(std::string_view target) override {
    if (seeks_ != nullptr) ++*seeks_;
    auto it = std::lower_bound(
        entries_.begin(), entries_.end(), target,
        [](const Entry& e, std::string_view t) { return CompareKeys(e.first, t) < 0; });
    Land(static_cast<int>(it - entries_.begin()));
  }
  void SeekForPrev(std::string_view target) override {
    if (seeks_ != nullptr) ++*seeks_;
    auto it = std::upper_bound(
        entries_.begin(), entries_.end(), target,
        [](std::string_view t, const Entry& e) { return CompareKeys(t, e.first) < 0; });
    Land(static_cast<int>(it - entries_.begin()) - 1);
  }
  void Next() override {
    if (!Valid()) qFatal("VectorIterator::Next on an invalid iterator");
    Land(pos_ + 1);
  }
  void Prev() override {
    if (!Valid()) qFatal("VectorIterator::Prev on an invalid iterator");
    Land(pos_ - 1);
  }
  std::string_view key() const override { return entries_[pos_].first; }
  std::string_view value() const override { return entries_[pos_].second; }
  Status status() const override { return status_; }

 private:
  int Size() const { return static_cast<int>(entries_.size()); }
  void Land(int pos) {
    pos_ = pos;
    status_ =
        fail_at_ >= 0 && pos == fail_at_
            ? Status::Corruption("child.hfile: bad block at offset " + std::to_string(1000 + pos))
            : Status::OK();
  }

  std::vector<Entry> entries_;
  int fail_at_;
  int* seeks_;
  int pos_ = -1;
  Status status_;
};

// Sorts entries into key order.
inline void SortEntries(std::vector<Entry>* entries) {
  std::sort(entries->begin(), entries->end(),
            [](const Entry& a, const Entry& b) { return CompareKeys(a.first, b.first) < 0; });
}

}  // namespace regionlab::test
