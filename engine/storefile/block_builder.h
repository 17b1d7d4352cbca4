// BlockBuilder: encodes sorted (key, value) entries into one block with
// prefix-compressed keys and restart points (HBase's data block, LevelDB's
// block layout; see FORMAT-storefile.md).
//
// Every `restart_interval` entries the key is stored whole; those offsets are
// the restart points, listed at the end of the block so a reader can binary
// search them and walk backwards.
//
// Thread-safety: one thread at a time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace regionlab::storefile {

class BlockBuilder {
 public:
  // REQUIRES: restart_interval >= 1.
  explicit BlockBuilder(int restart_interval);

  // REQUIRES: Finish() not called since the last Reset(); `key` sorts after
  // every key added since then (the caller enforces the order).
  void Add(std::string_view key, std::string_view value);

  // Appends the restart array and returns the block contents, valid until
  // Reset() or destruction. An empty block has no restart points.
  std::string_view Finish();

  void Reset();

  // The size Finish() would return now.
  size_t EstimatedSize() const;
  bool empty() const { return entries_ == 0; }
  size_t entries() const { return entries_; }

 private:
  const int restart_interval_;
  std::string buffer_;
  std::vector<uint32_t> restarts_;
  std::string last_key_;
  int since_restart_ = 0;
  size_t entries_ = 0;
  bool finished_ = false;
};

}  // namespace regionlab::storefile
