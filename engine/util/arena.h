// Arena: a bump allocator for objects that all die together (a MemStore's
// skiplist nodes, keys and values).
//
// Memory comes in blocks of kBlockSize bytes; a request larger than a quarter
// block gets a block of its own so that at most a quarter block is wasted at
// the tail of the current block. Nothing is freed until the Arena is
// destroyed.
//
// Thread-safety: Allocate/AllocateAligned are called by one thread at a time
// (the caller serialises them). MemoryUsage() may be called from any thread
// concurrently with allocation.
//
// Invariant: MemoryUsage() == sum of the sizes of all blocks
//                             + the bookkeeping for the block list.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace regionlab {

class Arena {
 public:
  static constexpr size_t kBlockSize = 4096;
  // Requests above this size are given their own block.
  static constexpr size_t kLargeAllocation = kBlockSize / 4;

  Arena() = default;
  ~Arena();

  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // Returns `bytes` bytes of uninitialised memory owned by the arena, with no
  // alignment guarantee. REQUIRES: bytes > 0.
  char* Allocate(size_t bytes);

  // Like Allocate, aligned for any scalar or pointer type (alignof(max_align_t)
  // rounded to at least 8).
  char* AllocateAligned(size_t bytes);

  // Bytes of heap held: every block plus the block list's own storage.
  uint64_t MemoryUsage() const { return memory_usage_.load(std::memory_order_relaxed); }

 private:
  char* AllocateSlow(size_t bytes);
  char* NewBlock(size_t bytes);

  char* cursor_ = nullptr;  // next free byte in the current block
  size_t remaining_ = 0;    // free bytes after cursor_
  std::vector<char*> blocks_;
  size_t block_list_capacity_ = 0;  // blocks_.capacity() as last accounted
  std::atomic<uint64_t> memory_usage_{0};
};

inline char* Arena::Allocate(size_t bytes) {
  if (bytes <= remaining_) {
    char* result = cursor_;
    cursor_ += bytes;
    remaining_ -= bytes;
    return result;
  }
  return AllocateSlow(bytes);
}

}  // namespace regionlab
