// BlockBuilder: encodes sorted (key, value) entries into one block
// (HBase's data block; see FORMAT-storefile.md).
//
// DATA_BLOCK_ENCODING NONE (and the block index) is LevelDB's block layout:
// prefix-compressed keys, and every `restart_interval` entries a key stored
// whole; those offsets are the restart points, listed at the end of the
// block so a reader can binary search them and walk backwards. The other
// encodings write the entries of storefile/data_block_encoding.h: PREFIX,
// DIFF and FAST_DIFF without restart points, ROW_INDEX_V1 with one restart
// point per row.
//
// Thread-safety: one thread at a time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/options.h"

namespace regionlab::storefile {

class BlockBuilder {
 public:
  // REQUIRES: restart_interval >= 1 (used by kNone only).
  explicit BlockBuilder(int restart_interval,
                        DataBlockEncoding encoding = DataBlockEncoding::kNone);

  // REQUIRES: Finish() not called since the last Reset(); `key` sorts after
  // every key added since then (the caller enforces the order).
  void Add(std::string_view key, std::string_view value);

  // Appends the restart array and returns the block contents, valid until
  // Reset() or destruction. An empty block has no restart points.
  std::string_view Finish();

  void Reset();

  // The size Finish() would return now.
  size_t EstimatedSize() const;
  // What the writer compares with BLOCKSIZE to cut blocks: EstimatedSize()
  // for NONE; for the other encodings, as HBase, the size of the cells
  // unencoded (8 bytes of lengths + key + value each), so that an encoded
  // block holds the cells an unencoded one would.
  size_t SizeForBlockLimit() const;
  bool empty() const { return entries_ == 0; }
  size_t entries() const { return entries_; }

 private:
  const int restart_interval_;
  const DataBlockEncoding encoding_;
  std::string buffer_;
  std::string last_value_;       // encoded blocks: the previous value (DIFF, FAST_DIFF)
  size_t unencoded_size_ = 0;    // encoded blocks: SizeForBlockLimit()
  std::vector<uint32_t> restarts_;
  std::string last_key_;
  int since_restart_ = 0;
  size_t entries_ = 0;
  bool finished_ = false;
};

}  // namespace regionlab::storefile
