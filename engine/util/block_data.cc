#include "util/block_data.h"

#include <mutex>
#include <new>
#include <vector>

#include "util/adaptive_mutex.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
// A pooled buffer is poisoned: a block used after its last BlockData was
// dropped is reported as AddressSanitizer reports a use after free.
#define RL_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define RL_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define RL_POISON(p, n) ((void)(p), (void)(n))
#define RL_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace regionlab {

namespace {

constexpr size_t kClasses = BlockData::kMaxPooledBufferBytes / BlockData::kClassBytes;

// Free buffers by class: class c holds buffers of (c + 1) * kClassBytes bytes.
// The lists live apart from the buffers, so taking one does not read the
// buffer's memory, which has usually left the CPU caches since its block was
// evicted.
struct Pool {
  // Both threads of a scan with read-ahead take buffers and give back the
  // evicted blocks': a waiter spins for the few instructions the other
  // holds the lock, where a plain mutex would sleep in the kernel.
  AdaptiveMutex mu;
  std::vector<void*> free[kClasses];
  uint64_t pooled_bytes = 0;
  uint64_t reused = 0;
  uint64_t allocated = 0;
};

Pool& ThePool() {
  // Never destroyed: blocks may be released by static destructors.
  static Pool* pool = new Pool;
  return *pool;
}

}  // namespace

BlockData::Buffer* BlockData::Acquire(size_t size) {
  const size_t wanted = sizeof(Buffer) + (size == 0 ? 1 : size);
  size_t capacity = wanted;
  void* memory = nullptr;
  if (wanted <= kMaxPooledBufferBytes) {
    const size_t c = (wanted - 1) / kClassBytes;
    capacity = (c + 1) * kClassBytes;
    Pool& pool = ThePool();
    AdaptiveMutexLock l(&pool.mu);
    if (!pool.free[c].empty()) {
      memory = pool.free[c].back();
      pool.free[c].pop_back();
      pool.pooled_bytes -= capacity;
      ++pool.reused;
    } else {
      ++pool.allocated;
    }
  }
  if (memory == nullptr) {
    memory = ::operator new(capacity);
  } else {
    RL_UNPOISON(memory, capacity);
  }
  auto* buffer = new (memory) Buffer;
  buffer->refs.store(1, std::memory_order_relaxed);
  buffer->capacity = capacity;
  return buffer;
}

void BlockData::Release(Buffer* buffer) {
  const uint64_t capacity = buffer->capacity;
  buffer->~Buffer();
  if (capacity <= kMaxPooledBufferBytes) {
    Pool& pool = ThePool();
    AdaptiveMutexLock l(&pool.mu);
    if (pool.pooled_bytes + capacity <= kMaxPooledBytes) {
      const size_t c = capacity / kClassBytes - 1;
      try {
        pool.free[c].push_back(buffer);
        pool.pooled_bytes += capacity;
        RL_POISON(buffer, capacity);
        return;
      } catch (const std::bad_alloc&) {
        // No room to list it: give it back to the allocator.
      }
    }
  }
  ::operator delete(buffer);
}

BlockData::PoolStats BlockData::GetPoolStats() {
  Pool& pool = ThePool();
  AdaptiveMutexLock l(&pool.mu);
  return {pool.pooled_bytes, pool.reused, pool.allocated};
}

}  // namespace regionlab
