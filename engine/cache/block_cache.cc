#include "cache/block_cache.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>

#include "util/hash.h"

namespace regionlab {

namespace {

uint64_t Fraction(uint64_t capacity, double factor) {
  return static_cast<uint64_t>(std::floor(static_cast<double>(capacity) * factor));
}

}  // namespace

double BlockCacheStats::HitRatio() const {
  const uint64_t total = hits + misses;
  return total == 0 ? 0.0 : static_cast<double>(hits) / static_cast<double>(total);
}

size_t BlockCache::KeyHash::operator()(const Key& k) const {
  // The two words through SplitMix64's finaliser: cheap and well mixed.
  return static_cast<size_t>(Mix64(k.file_id * 0x9e3779b97f4a7c15ull ^ k.offset));
}

BlockCache::BlockCache(uint64_t capacity_bytes, ReadAhead* shared_read_ahead)
    : capacity_(capacity_bytes),
      acceptable_size_(Fraction(capacity_bytes, kAcceptableFactor)),
      min_size_(Fraction(capacity_bytes, kMinFactor)),
      read_ahead_started_(shared_read_ahead) {
  BucketOf(BlockPriority::kSingle).share = Fraction(capacity_bytes, kSingleFactor * kMinFactor);
  BucketOf(BlockPriority::kMulti).share = Fraction(capacity_bytes, kMultiFactor * kMinFactor);
  BucketOf(BlockPriority::kMemory).share = Fraction(capacity_bytes, kMemoryFactor * kMinFactor);
  for (Bucket& b : buckets_) {
    b.head.lru_prev = &b.head;
    b.head.lru_next = &b.head;
  }
}

BlockCache::~BlockCache() {
  // Stop loading first: a queued load releases its reader, whose destructor
  // erases the reader's blocks from this cache, still intact here.
  read_ahead_.reset();
  for (const Slot& s : slots_) delete s.entry;
}

BlockCache::Entry* BlockCache::Find(const Key& key) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = KeyHash()(key) & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.entry == nullptr) return nullptr;
    if (s.key == key) return s.entry;
  }
}

void BlockCache::IndexInsert(Entry* e) {
  if ((indexed_ + 1) * 2 > slots_.size()) {
    // Grow to keep at most half the slots used: short probe runs.
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    for (const Slot& s : old) {
      if (s.entry == nullptr) continue;
      size_t i = Home(s.key);
      while (slots_[i].entry != nullptr) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = s;
    }
  }
  size_t i = Home(e->key);
  while (slots_[i].entry != nullptr) i = (i + 1) & (slots_.size() - 1);
  slots_[i] = Slot{e->key, e};
  ++indexed_;
}

void BlockCache::IndexErase(const Key& key) {
  const size_t mask = slots_.size() - 1;
  size_t i = Home(key);
  while (!(slots_[i].key == key && slots_[i].entry != nullptr)) i = (i + 1) & mask;
  // Backward-shift deletion: pull later slots of the probe run into the hole
  // whenever the hole lies on their way from their home slot.
  size_t j = i;
  while (true) {
    slots_[i].entry = nullptr;
    while (true) {
      j = (j + 1) & mask;
      if (slots_[j].entry == nullptr) {
        --indexed_;
        return;
      }
      const size_t home = Home(slots_[j].key);
      // Stays when its home is cyclically in (i, j].
      const bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
      if (!stays) break;
    }
    slots_[i] = slots_[j];
    i = j;
  }
}

uint64_t BlockCache::NewFileId() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

void BlockCache::LruUnlink(Entry* e) {
  e->lru_prev->lru_next = e->lru_next;
  e->lru_next->lru_prev = e->lru_prev;
  e->lru_prev = e->lru_next = nullptr;
}

void BlockCache::LruPushFront(Bucket* b, Entry* e) {
  e->lru_next = b->head.lru_next;
  e->lru_prev = &b->head;
  b->head.lru_next->lru_prev = e;
  b->head.lru_next = e;
}

BlockData BlockCache::Lookup(uint64_t file_id, uint64_t offset, bool counted) {
  AdaptiveMutexLock lock(&mu_);
  Entry* e = slots_.empty() ? nullptr : Find(Key{file_id, offset});
  if (e == nullptr) {
    if (counted) ++misses_;
    return {};
  }
  if (counted) ++hits_;
  LruUnlink(e);
  if (e->unread) {
    e->unread = false;  // its first read: it stays where a read's insert would have put it
  } else if (e->priority == BlockPriority::kSingle) {
    BucketOf(BlockPriority::kSingle).bytes -= e->charge;
    e->priority = BlockPriority::kMulti;
    BucketOf(BlockPriority::kMulti).bytes += e->charge;
  }
  LruPushFront(&BucketOf(e->priority), e);
  return e->block;
}

void BlockCache::Insert(uint64_t file_id, uint64_t offset, BlockData block, bool in_memory,
                        bool read_ahead) {
  assert(block);
  if (!block) return;
  // Allocated, and evicted entries deleted, outside the lock.
  auto made = std::make_unique<Entry>();
  made->key = Key{file_id, offset};
  made->charge = ChargeFor(block.size());
  made->block = std::move(block);
  made->priority = in_memory ? BlockPriority::kMemory : BlockPriority::kSingle;
  made->unread = read_ahead;
  std::vector<Entry*> removed;
  AdaptiveMutexLock lock(&mu_);
  if (!slots_.empty() && Find(made->key) != nullptr) return;
  Entry* e = made.release();
  IndexInsert(e);
  Bucket& bucket = BucketOf(e->priority);
  LruPushFront(&bucket, e);
  bucket.bytes += e->charge;
  size_ += e->charge;

  Entry*& first = files_[file_id];
  e->file_next = first;
  if (first != nullptr) first->file_prev = e;
  first = e;

  if (size_ > acceptable_size_) Evict(&removed);
  lock.Unlock();
  for (Entry* r : removed) delete r;
}

void BlockCache::Remove(Entry* e, std::vector<Entry*>* removed) {
  LruUnlink(e);
  BucketOf(e->priority).bytes -= e->charge;
  size_ -= e->charge;
  if (e->file_prev != nullptr) {
    e->file_prev->file_next = e->file_next;
  } else {
    auto f = files_.find(e->key.file_id);
    assert(f != files_.end() && f->second == e);
    if (e->file_next == nullptr) {
      files_.erase(f);
    } else {
      f->second = e->file_next;
    }
  }
  if (e->file_next != nullptr) e->file_next->file_prev = e->file_prev;
  IndexErase(e->key);
  removed->push_back(e);
}

bool BlockCache::Contains(uint64_t file_id, uint64_t offset) const {
  AdaptiveMutexLock lock(&mu_);
  return !slots_.empty() && Find(Key{file_id, offset}) != nullptr;
}

void BlockCache::ContainsEach(std::span<const Key> keys, std::vector<bool>* cached) const {
  cached->assign(keys.size(), false);
  AdaptiveMutexLock lock(&mu_);
  if (slots_.empty()) return;
  for (size_t i = 0; i < keys.size(); ++i) (*cached)[i] = Find(keys[i]) != nullptr;
}

ReadAhead* BlockCache::read_ahead() {
  if (ReadAhead* running = read_ahead_if_started()) return running;
  std::call_once(read_ahead_once_, [this] {
    read_ahead_ = std::make_unique<ReadAhead>();
    read_ahead_started_.store(read_ahead_.get(), std::memory_order_release);
  });
  return read_ahead_if_started();
}

void BlockCache::EraseFile(uint64_t file_id) {
  std::vector<Entry*> removed;
  {
    AdaptiveMutexLock lock(&mu_);
    auto f = files_.find(file_id);
    if (f == files_.end()) return;
    Entry* e = f->second;
    while (e != nullptr) {
      Entry* next = e->file_next;
      Remove(e, &removed);  // erases files_[file_id] together with the last block
      e = next;
    }
  }
  for (Entry* r : removed) delete r;
}

uint64_t BlockCache::FreeFromBucket(Bucket* b, uint64_t to_free, std::vector<Entry*>* removed) {
  uint64_t freed = 0;
  while (freed < to_free && b->head.lru_prev != &b->head) {
    Entry* victim = b->head.lru_prev;  // least recently used
    const uint64_t charge = victim->charge;
    Remove(victim, removed);
    freed += charge;
    ++evicted_blocks_;
    evicted_bytes_ += charge;
  }
  return freed;
}

void BlockCache::Evict(std::vector<Entry*>* removed) {
  if (size_ <= min_size_) return;
  ++evictions_;
  const uint64_t bytes_to_free = size_ - min_size_;

  // Visit buckets from the least overflow to the most; HBase's PriorityQueue
  // of BlockBuckets orders them the same way.
  Bucket* order[3] = {&buckets_[0], &buckets_[1], &buckets_[2]};
  auto overflow = [](const Bucket* b) {
    return static_cast<int64_t>(b->bytes) - static_cast<int64_t>(b->share);
  };
  std::stable_sort(std::begin(order), std::end(order),
                   [&](const Bucket* a, const Bucket* b) { return overflow(a) < overflow(b); });

  uint64_t freed = 0;
  uint64_t remaining_buckets = 3;
  for (Bucket* b : order) {
    const int64_t over = overflow(b);
    if (over > 0 && freed < bytes_to_free) {
      const uint64_t fair = (bytes_to_free - freed) / remaining_buckets;
      const uint64_t target = std::min(static_cast<uint64_t>(over), fair);
      if (target > 0) freed += FreeFromBucket(b, target, removed);
    }
    --remaining_buckets;
  }
}

BlockCacheStats BlockCache::GetStats() const {
  AdaptiveMutexLock lock(&mu_);
  BlockCacheStats s;
  s.capacity = capacity_;
  s.size = size_;
  s.single_bytes = buckets_[static_cast<int>(BlockPriority::kSingle)].bytes;
  s.multi_bytes = buckets_[static_cast<int>(BlockPriority::kMulti)].bytes;
  s.memory_bytes = buckets_[static_cast<int>(BlockPriority::kMemory)].bytes;
  s.block_count = indexed_;
  s.hits = hits_;
  s.misses = misses_;
  s.evictions = evictions_;
  s.evicted_blocks = evicted_blocks_;
  s.evicted_bytes = evicted_bytes_;
  return s;
}

}  // namespace regionlab
