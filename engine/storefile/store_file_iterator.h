// StoreFileIterator: the KeyValueIterator over a whole store file, a
// two-level cursor: a binary search over the reader's in-memory block index
// picks the data block, a BlockIterator moves inside it.
//
// A Seek or SeekForPrev reads exactly one data block (more only when a
// crafted block is empty). Moving within the block that is already loaded
// reads nothing, and a seek whose target lies in that block continues from
// the current entry (see BlockIterator). Long scans have the next block
// loaded ahead on another thread (kReadAheadAfterBlocks). A data-block error
// (IO, CRC, compression, bad entry) makes the iterator !Valid() for good with
// status() naming the path and offset.
//
// Thread-safety: one thread at a time; many iterators may share one reader.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string_view>

#include "storefile/block_iterator.h"
#include "storefile/store_file_reader.h"
#include "util/kv_iterator.h"

namespace regionlab::storefile {

class StoreFileIterator final : public KeyValueIterator {
 public:
  // Read-ahead: once the iterator has entered this many blocks in a row,
  // each next to the one before in one direction, every further block it
  // enters has the block after it (in that direction) loaded ahead by the
  // cache's read-ahead thread (see cache/read_ahead.h). Gets and short scans
  // span fewer blocks and load only what they read. HBase likewise switches
  // a scan from positional to streamed reads with readahead after
  // hbase.storescanner.pread.max.bytes, four blocks by default.
  static constexpr int kReadAheadAfterBlocks = 4;

  StoreFileIterator(std::shared_ptr<const StoreFileReader> reader, bool use_cache);

  bool Valid() const override { return positioned_ && status_.ok() && block_->Valid(); }
  void SeekToFirst() override;
  void SeekToLast() override;
  // REQUIRES: target is a well-formed key (else status() is InvalidArgument).
  void Seek(std::string_view target) override;
  void SeekForPrev(std::string_view target) override;
  void Next() override;
  void Prev() override;
  std::string_view key() const override { return block_->key(); }
  std::string_view value() const override { return block_->value(); }
  Status status() const override;

 private:
  // Makes block_ iterate data block i, reusing it when already loaded.
  bool LoadBlock(size_t i);
  // Moves to the next (previous) non-empty block while block_ is exhausted.
  void SkipEmptyForward();
  void SkipEmptyBackward();
  // Copies a block error into status_; true when there was one.
  bool BlockFailed();
  bool CheckTarget(std::string_view target);
  // Index of the first block whose last key is >= target (n if none).
  size_t FindBlock(std::string_view target) const;
  // True when positioned in the block that FindBlock(target) would pick, so
  // a seek can continue from the current entry (two key comparisons
  // instead of a binary search over the index and a block load).
  bool InLoadedBlock(std::string_view target) const;

  const std::shared_ptr<const StoreFileReader> reader_;
  const bool use_cache_;
  const std::vector<StoreFileReader::IndexEntry>& index_;
  std::optional<BlockIterator> block_;  // held in place: no allocation per file per read
  size_t block_index_ = 0;              // which block block_ holds, when block_ != null
  int sequential_run_ = 0;              // blocks entered in a row next to the one before
  bool positioned_ = false;
  Status status_;
};

}  // namespace regionlab::storefile
