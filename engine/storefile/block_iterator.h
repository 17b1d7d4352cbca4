// BlockIterator: a cursor over one uncompressed block written by
// BlockBuilder, ordered by CompareKeys, in any DATA_BLOCK_ENCODING.
//
// NONE and ROW_INDEX_V1 blocks have restart points (ROW_INDEX_V1 one per
// row). PREFIX, DIFF and FAST_DIFF blocks have none, as in HBase: a seek
// reads the block from its start (or from the current entry, when the
// target lies ahead), and the first Prev or SeekToLast decodes the whole
// block once and keeps its entries, so that a reverse scan and later seeks
// in the block binary search them instead of decoding again.
//
// Seek is a binary search over the restart points followed by a short linear
// scan. Prev walks back to the previous restart point and scans forward once,
// keeping the entries of that restart interval, so the following Prev calls
// in the interval cost a key copy instead of a re-scan: a reverse scan decodes
// each entry once instead of half a restart interval's worth per step.
// Every offset and length read from the block is checked against its bounds,
// and every key is checked to be a well-formed cell key before it is compared,
// so crafted bytes can only produce a Corruption status, never a bad read.
// On corruption the iterator becomes !Valid() and stays so; status() says
// "<origin>: bad entry at block offset N: ...".
//
// Seeks a little ahead of the current position are cheap: they scan forward
// from the current entry, binary searching only the restart points after it
// when the target is farther (the read path seeks like this after rows and
// columns). A seek to the current entry or before it searches the whole
// block.
//
// Thread-safety: one thread at a time. The block contents are shared and
// immutable, so many iterators may read one cached block concurrently.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/options.h"
#include "util/block_data.h"
#include "util/coding.h"
#include "util/key_buffer.h"
#include "util/kv_iterator.h"

namespace regionlab::storefile {

class BlockIterator final : public KeyValueIterator {
 public:
  // `origin` prefixes error messages, e.g. "/d/f.sf: data block at offset 4096".
  // A malformed restart array makes status() a Corruption at once.
  BlockIterator(BlockData contents, std::string origin,
                DataBlockEncoding encoding = DataBlockEncoding::kNone);
  // The same, for a data block of the file at *path (not owned; it must
  // outlive the iterator) at `block_offset`: the origin string
  // "<path>: data block at offset N" is only built if an error needs it.
  BlockIterator(BlockData contents, const std::string* path, uint64_t block_offset,
                DataBlockEncoding encoding = DataBlockEncoding::kNone);

  // Starts over on another data block, as the constructor above does, reusing
  // this iterator's buffers.
  void Reset(BlockData contents, const std::string* path, uint64_t block_offset,
             DataBlockEncoding encoding = DataBlockEncoding::kNone);

  bool Valid() const override { return status_.ok() && current_ < restarts_; }
  void SeekToFirst() override;
  void SeekToLast() override;
  void Seek(std::string_view target) override;
  void SeekForPrev(std::string_view target) override;
  void Next() override;
  void Prev() override;
  std::string_view key() const override { return key_.view(); }
  std::string_view value() const override { return value_; }
  Status status() const override { return status_; }

  uint32_t num_restarts() const { return num_restarts_; }
  // Entries decoded so far, counting re-decodes: what a step or seek costs.
  uint64_t entries_decoded() const { return entries_decoded_; }

 private:
  // Checks the restart array of contents_ and positions before the first entry.
  void Init();
  uint32_t RestartPoint(uint32_t i) const { return DecodeFixed32(restart_array_ + 4 * i); }
  void SeekToRestart(uint32_t i);
  // Decodes the entry at next_. False at the end of the block or on corruption.
  bool ParseNextEntry();
  // ParseNextEntry for the encodings of storefile/data_block_encoding.h.
  bool ParseEncodedEntry();
  // PREFIX, DIFF, FAST_DIFF: decodes every entry into prev_entries_ (once
  // per block); false on corruption. Leaves the position unspecified.
  bool DecodeAll();
  // Moves to prev_entries_[k].
  void PositionAt(size_t k);
  // The index in prev_entries_ of the entry at offset current_.
  size_t DecodedIndexOfCurrent() const;
  void SequentialSeek(std::string_view target);
  void SequentialPrev();
  // The whole key stored at restart point i, or false (status_ set).
  bool RestartKey(uint32_t i, std::string_view* key);
  // Binary search over restart points [first, num_restarts_) for the last one
  // whose key is < target (first when none is), then a linear scan.
  void SeekFromRestart(uint32_t first, std::string_view target);
  void Invalidate();
  // Scans restart interval restart_index_ from its start up to the entry
  // before `original`, keeping each entry in prev_entries_; ends on that entry.
  void FillPrevEntries(uint32_t original);
  void Corrupt(uint64_t block_offset, std::string_view detail);
  std::string Origin() const;

  BlockData contents_;
  DataBlockEncoding encoding_ = DataBlockEncoding::kNone;
  bool sequential_ = false;   // PREFIX, DIFF, FAST_DIFF: no restart array
  bool decoded_all_ = false;  // sequential_: prev_entries_ holds every entry
  const char* restart_array_ = nullptr;  // restart offsets (a single 0 when sequential_)
  std::string origin_;                     // used when origin_path_ is null
  const std::string* origin_path_ = nullptr;
  uint64_t origin_offset_ = 0;
  const char* data_ = nullptr;
  uint32_t restarts_ = 0;  // offset of the restart array == end of entries
  uint32_t num_restarts_ = 0;
  uint32_t current_ = 0;        // offset of the current entry; restarts_ when !Valid()
  uint32_t next_ = 0;           // offset just past the current entry
  uint32_t restart_index_ = 0;  // last restart point at or before current_
  // The current key; the next entry's key overwrites it after the prefix
  // they share (empty at a restart point).
  KeyBuffer key_;
  std::string_view value_;
  Status status_;

  // The entries of one restart interval that Prev decoded, oldest first, and
  // which of them is current (-1: none). An entry is only used while
  // current_ is its offset, so any other move leaves them unused.
  struct PrevEntry {
    uint32_t offset;
    uint32_t next;
    uint32_t key_offset;  // into prev_keys_
    uint32_t key_size;
    std::string_view value;
  };
  std::vector<PrevEntry> prev_entries_;
  std::string prev_keys_;
  int prev_index_ = -1;
  uint64_t entries_decoded_ = 0;
};

}  // namespace regionlab::storefile
