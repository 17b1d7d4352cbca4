// BlockData: the bytes of one uncompressed store-file block, shared by the
// block cache and the iterators reading it.
//
// A block read from disk is checked, decompressed into a buffer of its
// final size and never changed after: one allocation (bytes and reference
// count together) that is not zero-filled before it is written, which a
// std::string of the same size would be.
//
// Buffers are recycled. A cache that is full evicts about as many bytes as
// it takes in (LruBlockCache frees 5% of its capacity per eviction run, then
// refills it block by block), so the buffers of evicted blocks are kept in
// size classes and handed to the next blocks read, up to kMaxPooledBytes in
// all. Without the pool, each eviction run returned hundreds of 4 KiB
// chunks to malloc, which merged each with its free neighbours, and every
// block read split one off again: together a few percent of a cache-missing
// read.
//
// Thread-safety: copies may be used and dropped from any thread; the bytes
// are written only before the block is shared. The pool takes a mutex.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>

namespace regionlab {

class BlockData {
 public:
  // Buffers of up to this many bytes (block bytes plus the header) are
  // recycled, in classes kClassBytes apart.
  static constexpr size_t kMaxPooledBufferBytes = 256 << 10;
  static constexpr size_t kClassBytes = 256;
  // Free buffers kept, in bytes, over all classes.
  static constexpr size_t kMaxPooledBytes = 8 << 20;

  BlockData() = default;
  // `size` bytes of unspecified content, to be filled through mutable_data().
  explicit BlockData(size_t size) : buffer_(Acquire(size)), size_(size) {}

  BlockData(const BlockData& other) noexcept : buffer_(other.buffer_), size_(other.size_) {
    if (buffer_ != nullptr) buffer_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  BlockData(BlockData&& other) noexcept
      : buffer_(std::exchange(other.buffer_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  BlockData& operator=(const BlockData& other) noexcept {
    BlockData copy(other);
    swap(copy);
    return *this;
  }
  BlockData& operator=(BlockData&& other) noexcept {
    BlockData moved(std::move(other));
    swap(moved);
    return *this;
  }
  ~BlockData() {
    if (buffer_ != nullptr && buffer_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      Release(buffer_);
    }
  }
  void swap(BlockData& other) noexcept {
    std::swap(buffer_, other.buffer_);
    std::swap(size_, other.size_);
  }

  static BlockData Copy(std::string_view bytes) {
    BlockData b(bytes.size());
    if (!bytes.empty()) std::memcpy(b.mutable_data(), bytes.data(), bytes.size());
    return b;
  }

  char* mutable_data() { return buffer_ == nullptr ? nullptr : buffer_->bytes(); }
  const char* data() const { return buffer_ == nullptr ? nullptr : buffer_->bytes(); }
  size_t size() const { return size_; }
  std::string_view view() const { return {data(), size_}; }
  explicit operator bool() const { return buffer_ != nullptr; }

  // The pool's counters, for tests.
  struct PoolStats {
    uint64_t pooled_bytes = 0;  // free buffers held now
    uint64_t reused = 0;        // allocations served from the pool
    uint64_t allocated = 0;     // allocations served by operator new
  };
  static PoolStats GetPoolStats();

 private:
  // The header of an allocation; the block's bytes follow it.
  struct alignas(16) Buffer {
    std::atomic<uint32_t> refs;
    uint64_t capacity;  // bytes of the whole allocation, header included
    char* bytes() { return reinterpret_cast<char*>(this + 1); }
  };
  static_assert(sizeof(Buffer) == 16);

  static Buffer* Acquire(size_t size);
  static void Release(Buffer* buffer);

  Buffer* buffer_ = nullptr;
  size_t size_ = 0;
};

}  // namespace regionlab
