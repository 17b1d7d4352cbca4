#include "util/arena.h"

#include <cassert>

namespace regionlab {

namespace {
constexpr size_t kAlign = alignof(std::max_align_t) > 8 ? alignof(std::max_align_t) : 8;
static_assert((kAlign & (kAlign - 1)) == 0, "alignment must be a power of two");
}  // namespace

Arena::~Arena() {
  for (char* block : blocks_) delete[] block;
}

char* Arena::AllocateAligned(size_t bytes) {
  const size_t misalignment = reinterpret_cast<uintptr_t>(cursor_) & (kAlign - 1);
  const size_t padding = misalignment == 0 ? 0 : kAlign - misalignment;
  if (bytes + padding <= remaining_) {
    char* result = cursor_ + padding;
    cursor_ += bytes + padding;
    remaining_ -= bytes + padding;
    return result;
  }
  // A fresh block (shared or dedicated) starts at operator new[]'s alignment,
  // which is at least __STDCPP_DEFAULT_NEW_ALIGNMENT__ >= kAlign.
  char* result = AllocateSlow(bytes);
  assert((reinterpret_cast<uintptr_t>(result) & (kAlign - 1)) == 0);
  return result;
}

char* Arena::AllocateSlow(size_t bytes) {
  assert(bytes > 0);
  if (bytes > kLargeAllocation) {
    // Keep the current block's free tail for later small requests.
    return NewBlock(bytes);
  }
  cursor_ = NewBlock(kBlockSize);
  remaining_ = kBlockSize;
  char* result = cursor_;
  cursor_ += bytes;
  remaining_ -= bytes;
  return result;
}

char* Arena::NewBlock(size_t bytes) {
  char* block = new char[bytes];
  blocks_.push_back(block);
  uint64_t added = bytes;
  if (blocks_.capacity() != block_list_capacity_) {
    added += (blocks_.capacity() - block_list_capacity_) * sizeof(char*);
    block_list_capacity_ = blocks_.capacity();
  }
  memory_usage_.fetch_add(added, std::memory_order_relaxed);
  return block;
}

}  // namespace regionlab
