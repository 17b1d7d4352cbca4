// BlockData: the bytes of one uncompressed store-file block, shared by the
// block cache and the iterators reading it.
//
// A block read from disk is checked, decompressed into a buffer of its
// final size and never changed after: one allocation (bytes and reference
// count together) that is not zero-filled before it is written, which a
// std::string of the same size would be.
//
// Thread-safety: copies may be used and dropped from any thread; the bytes
// are written only before the block is shared.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

namespace regionlab {

class BlockData {
 public:
  BlockData() = default;
  // `size` bytes of unspecified content, to be filled through mutable_data().
  explicit BlockData(size_t size)
      : bytes_(std::make_shared_for_overwrite<char[]>(size == 0 ? 1 : size)), size_(size) {}

  static BlockData Copy(std::string_view bytes) {
    BlockData b(bytes.size());
    if (!bytes.empty()) std::memcpy(b.mutable_data(), bytes.data(), bytes.size());
    return b;
  }

  char* mutable_data() { return bytes_.get(); }
  const char* data() const { return bytes_.get(); }
  size_t size() const { return size_; }
  std::string_view view() const { return {bytes_.get(), size_}; }
  explicit operator bool() const { return bytes_ != nullptr; }

 private:
  std::shared_ptr<char[]> bytes_;
  size_t size_ = 0;
};

}  // namespace regionlab
