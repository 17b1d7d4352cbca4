// An iterator that keeps the object it reads from (a memstore or a store
// file reader) alive for as long as it exists.
#pragma once

#include <memory>

#include "util/kv_iterator.h"

namespace regionlab {

class HoldingIterator final : public KeyValueIterator {
 public:
  HoldingIterator(std::shared_ptr<const void> owner, std::unique_ptr<KeyValueIterator> it)
      : owner_(std::move(owner)), it_(std::move(it)) {}
  ~HoldingIterator() override { it_.reset(); }  // before the owner goes

  bool Valid() const override { return it_->Valid(); }
  void SeekToFirst() override { it_->SeekToFirst(); }
  void SeekToLast() override { it_->SeekToLast(); }
  void Seek(std::string_view t) override { it_->Seek(t); }
  void SeekForPrev(std::string_view t) override { it_->SeekForPrev(t); }
  void Next() override { it_->Next(); }
  void Prev() override { it_->Prev(); }
  std::string_view key() const override { return it_->key(); }
  std::string_view value() const override { return it_->value(); }
  Status status() const override { return it_->status(); }

 private:
  std::shared_ptr<const void> owner_;
  std::unique_ptr<KeyValueIterator> it_;
};

}  // namespace regionlab
