#include "storefile/store_file_iterator.h"

#include <algorithm>

#include "storefile/format.h"
#include "util/key_value.h"

namespace regionlab::storefile {

StoreFileIterator::StoreFileIterator(std::shared_ptr<const StoreFileReader> reader,
                                     bool use_cache)
    : reader_(std::move(reader)), use_cache_(use_cache), index_(reader_->index()) {}

Status StoreFileIterator::status() const {
  if (!status_.ok()) return status_;
  return block_ ? block_->status() : Status::OK();
}

bool StoreFileIterator::BlockFailed() {
  if (block_ && !block_->status().ok()) {
    if (status_.ok()) status_ = block_->status();
    positioned_ = false;
    return true;
  }
  return false;
}

bool StoreFileIterator::LoadBlock(size_t i) {
  if (block_ && block_index_ == i) return !BlockFailed();
  // Blocks entered one after another in one direction make a run; a long
  // run is a scan, which has the next block in its direction loaded ahead.
  const bool forward = block_ && i == block_index_ + 1;
  const bool backward = block_ && i + 1 == block_index_;
  BlockData contents;
  Status s = reader_->ReadDataBlock(i, &contents, use_cache_);
  if (!s.ok()) {
    status_ = s;
    positioned_ = false;
    block_.reset();
    return false;
  }
  const uint64_t offset = index_[i].handle.offset;
  const DataBlockEncoding encoding = reader_->info().encoding;
  if (block_) {
    block_->Reset(std::move(contents), &reader_->path(), offset, encoding);
  } else {
    block_.emplace(std::move(contents), &reader_->path(), offset, encoding);
  }
  block_index_ = i;
  if (BlockFailed()) return false;
  sequential_run_ = forward || backward ? sequential_run_ + 1 : 0;
  if (use_cache_ && sequential_run_ >= kReadAheadAfterBlocks) {
    if (forward) reader_->RequestReadAhead(i + 1);
    if (backward && i != 0) reader_->RequestReadAhead(i - 1);
  }
  return true;
}

void StoreFileIterator::SkipEmptyForward() {
  while (!block_->Valid()) {
    if (BlockFailed()) return;
    if (block_index_ + 1 >= index_.size()) {
      positioned_ = false;
      return;
    }
    if (!LoadBlock(block_index_ + 1)) return;
    block_->SeekToFirst();
  }
}

void StoreFileIterator::SkipEmptyBackward() {
  while (!block_->Valid()) {
    if (BlockFailed()) return;
    if (block_index_ == 0) {
      positioned_ = false;
      return;
    }
    if (!LoadBlock(block_index_ - 1)) return;
    block_->SeekToLast();
  }
}

bool StoreFileIterator::CheckTarget(std::string_view target) {
  if (IsWellFormedKey(target)) return true;
  status_ = Status::InvalidArgument(reader_->path() + ": seek target is not a well-formed key");
  positioned_ = false;
  return false;
}

size_t StoreFileIterator::FindBlock(std::string_view target) const {
  return reader_->FindBlock(target);
}

void StoreFileIterator::SeekToFirst() {
  positioned_ = false;
  if (!status_.ok() || index_.empty() || !LoadBlock(0)) return;
  block_->SeekToFirst();
  positioned_ = true;
  SkipEmptyForward();
}

void StoreFileIterator::SeekToLast() {
  positioned_ = false;
  if (!status_.ok() || index_.empty() || !LoadBlock(index_.size() - 1)) return;
  block_->SeekToLast();
  positioned_ = true;
  SkipEmptyBackward();
}

bool StoreFileIterator::InLoadedBlock(std::string_view target) const {
  // Block i holds the keys in (last key of block i-1, last key of block i].
  return positioned_ && CompareKeys(target, index_[block_index_].last_key) <= 0 &&
         (block_index_ == 0 || CompareKeys(index_[block_index_ - 1].last_key, target) < 0);
}

void StoreFileIterator::Seek(std::string_view target) {
  if (!status_.ok() || !CheckTarget(target)) {
    positioned_ = false;
    return;
  }
  if (InLoadedBlock(target)) {
    // Near the current position: the block iterator seeks from where it is.
    block_->Seek(target);
    SkipEmptyForward();
    return;
  }
  positioned_ = false;
  const size_t i = FindBlock(target);
  if (i == index_.size() || !LoadBlock(i)) return;
  block_->Seek(target);
  positioned_ = true;
  SkipEmptyForward();
}

void StoreFileIterator::SeekForPrev(std::string_view target) {
  if (!status_.ok() || !CheckTarget(target)) {
    positioned_ = false;
    return;
  }
  if (InLoadedBlock(target)) {
    block_->SeekForPrev(target);
    SkipEmptyBackward();
    return;
  }
  positioned_ = false;
  const size_t i = FindBlock(target);
  if (i == index_.size()) return SeekToLast();
  if (!LoadBlock(i)) return;
  block_->SeekForPrev(target);
  positioned_ = true;
  SkipEmptyBackward();
}

void StoreFileIterator::Next() {
  if (!Valid()) return;
  block_->Next();
  SkipEmptyForward();
}

void StoreFileIterator::Prev() {
  if (!Valid()) return;
  block_->Prev();
  SkipEmptyBackward();
}

}  // namespace regionlab::storefile
