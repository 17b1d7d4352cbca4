// BlockCache: HBase's LruBlockCache for store-file data blocks.
//
// Blocks are keyed by (file_id, offset) and held as shared, immutable,
// uncompressed block contents, so a reader keeps using a block that has since
// been evicted. Every block sits in one of three priority buckets:
//
//   kSingle  inserted by a read, not yet read again        (share 25%)
//   kMulti   a kSingle block that was hit again            (share 50%)
//   kMemory  inserted for an IN_MEMORY family              (share 25%)
//
// Eviction follows LruBlockCache.evict(): when the cached size exceeds 99% of
// capacity (the "acceptable" size) an eviction run frees down to 95% (the
// "min" size). Each bucket's share is capacity * factor * 0.95 (HBase applies
// the min factor to the shares too). The buckets are visited from the least
// overflow (size - share) to the most; a bucket that is over its share gives
// up min(overflow, still_to_free / buckets_left_to_visit), oldest block first
// (LRU order inside the bucket). So a bucket within its share loses nothing:
// in-memory blocks survive any amount of single-access churn.
//
// A block's charge is its byte size plus kPerBlockOverhead, an estimate of the
// bookkeeping (hash-map node, list links, shared_ptr control block).
//
// Thread-safety: all methods are safe to call concurrently. One mutex guards
// the index and lists; Lookup, Insert and EraseFile's per-block work are O(1)
// (an open-addressing index + intrusive LRU lists); an eviction run is
// O(blocks evicted).
//
// The index is a power-of-two array of (key, entry) slots with linear
// probing, at most half full, and deletion that shifts later slots back: a
// lookup reads one slot (usually one cache line) before the entry, where a
// node-based hash map reads a bucket, then each node of the chain.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "cache/read_ahead.h"
#include "util/adaptive_mutex.h"
#include "util/block_data.h"
#include "util/thread_annotations.h"

namespace regionlab {

enum class BlockPriority : uint8_t { kSingle, kMulti, kMemory };

struct BlockCacheStats {
  uint64_t capacity = 0;
  uint64_t size = 0;          // total charge of cached blocks
  uint64_t single_bytes = 0;  // charge per priority bucket
  uint64_t multi_bytes = 0;
  uint64_t memory_bytes = 0;
  uint64_t block_count = 0;
  uint64_t hits = 0;
  uint64_t misses = 0;
  uint64_t evictions = 0;       // eviction runs
  uint64_t evicted_blocks = 0;  // blocks removed by eviction runs (not by EraseFile)
  uint64_t evicted_bytes = 0;   // their charge

  // hits / (hits + misses); 0 before the first lookup.
  double HitRatio() const;
};

class BlockCache {
 public:
  // A cached block's identity: its file and its offset in the file.
  struct Key {
    uint64_t file_id;
    uint64_t offset;
    bool operator==(const Key&) const = default;
  };

  // Bookkeeping bytes charged per cached block on top of its contents.
  static constexpr uint64_t kPerBlockOverhead = 96;
  // HBase's default factors (hbase.lru.blockcache.*).
  static constexpr double kAcceptableFactor = 0.99;
  static constexpr double kMinFactor = 0.95;
  static constexpr double kSingleFactor = 0.25;
  static constexpr double kMultiFactor = 0.50;
  static constexpr double kMemoryFactor = 0.25;

  // `shared_read_ahead`: a read-ahead thread shared with other caches (the
  // in-process region servers of a cluster), used instead of one of the
  // cache's own. Its owner must destroy it before any cache it fills.
  explicit BlockCache(uint64_t capacity_bytes, ReadAhead* shared_read_ahead = nullptr);
  ~BlockCache();

  BlockCache(const BlockCache&) = delete;
  BlockCache& operator=(const BlockCache&) = delete;

  // The block, or an empty BlockData on a miss. A hit makes the block most recently used;
  // a hit on a kSingle block promotes it to kMulti -- except the first hit on
  // a block inserted by read-ahead, which is that block's first read.
  // `counted` false: a second look for the same read (after waiting for the
  // read-ahead thread's load), which moves no hit or miss counter.
  BlockData Lookup(uint64_t file_id, uint64_t offset, bool counted = true);

  // Caches `block` with kMemory priority when `in_memory`, else kSingle, and
  // runs an eviction when the size goes over the acceptable size. Inserting a
  // key that is already cached keeps the cached block (as HBase does).
  // `read_ahead`: loaded before anyone read it (see Lookup).
  // REQUIRES: block is not empty.
  void Insert(uint64_t file_id, uint64_t offset, BlockData block, bool in_memory,
              bool read_ahead = false);

  // True when the block is cached. Unlike Lookup, neither a hit nor a miss:
  // no counter moves and the block keeps its place and priority.
  bool Contains(uint64_t file_id, uint64_t offset) const;
  // Contains for each key, under one lock: *cached is cleared and its
  // element i set true when keys[i] is cached (a caller that keeps the
  // vector asks without allocating).
  void ContainsEach(std::span<const Key> keys, std::vector<bool>* cached) const;

  // Drops every block of a file (the file was deleted or closed). Not counted
  // as evictions.
  void EraseFile(uint64_t file_id);

  // The thread that loads blocks into this cache ahead of scans (see
  // read_ahead.h): the shared one, or the cache's own, started on first use.
  // The cache's own stops first when the cache is destroyed, so a load never
  // outlives the cache it fills.
  ReadAhead* read_ahead();
  // The read-ahead thread if it is running, else null (never starts it).
  ReadAhead* read_ahead_if_started() const {
    return read_ahead_started_.load(std::memory_order_acquire);
  }

  // A consistent snapshot of the counters.
  BlockCacheStats GetStats() const;

  // The cache's charge for a block of `block_bytes` bytes.
  static uint64_t ChargeFor(uint64_t block_bytes) { return block_bytes + kPerBlockOverhead; }

  // Process-unique id for a newly opened file (never 0, never reused).
  static uint64_t NewFileId();

 private:
  struct KeyHash {
    size_t operator()(const Key& k) const;
  };
  // Heap-allocated (its address is stable until removed), indexed by a
  // slot, and linked into its bucket's LRU list and its file's list.
  struct Entry {
    Key key{};
    BlockData block;
    uint64_t charge = 0;
    BlockPriority priority = BlockPriority::kSingle;
    bool unread = false;        // inserted by read-ahead and not looked up since
    Entry* lru_prev = nullptr;  // circular list, head_.lru_next is the most recent
    Entry* lru_next = nullptr;
    Entry* file_prev = nullptr;  // null-terminated list of the file's blocks
    Entry* file_next = nullptr;
  };
  struct Bucket {
    Entry head;  // sentinel of the circular LRU list
    uint64_t bytes = 0;
    uint64_t share = 0;
  };

  struct Slot {
    Key key{};
    Entry* entry = nullptr;  // null: empty slot
  };

  // The index.
  Entry* Find(const Key& key) const REQUIRES(mu_);
  void IndexInsert(Entry* e) REQUIRES(mu_);       // REQUIRES: e->key not indexed
  void IndexErase(const Key& key) REQUIRES(mu_);  // REQUIRES: key indexed
  size_t Home(const Key& key) const REQUIRES(mu_) {
    return KeyHash()(key) & (slots_.size() - 1);
  }

  Bucket& BucketOf(BlockPriority p) REQUIRES(mu_) { return buckets_[static_cast<int>(p)]; }
  static void LruUnlink(Entry* e);
  static void LruPushFront(Bucket* b, Entry* e);
  // Unlinks `e` from every list and the index, and appends it to *removed,
  // whose entries the caller deletes after releasing mu_ (dropping a block
  // returns its buffer to the pool: no work for the lock). REQUIRES: mu_ held.
  void Remove(Entry* e, std::vector<Entry*>* removed) REQUIRES(mu_);
  // One HBase eviction run. REQUIRES: mu_ held.
  void Evict(std::vector<Entry*>* removed) REQUIRES(mu_);
  // Frees at least `to_free` bytes (or the whole bucket), least recent first.
  uint64_t FreeFromBucket(Bucket* b, uint64_t to_free, std::vector<Entry*>* removed)
      REQUIRES(mu_);

  const uint64_t capacity_;
  const uint64_t acceptable_size_;
  const uint64_t min_size_;

  mutable AdaptiveMutex mu_;
  std::vector<Slot> slots_ GUARDED_BY(mu_);  // power-of-two size
  size_t indexed_ GUARDED_BY(mu_) = 0;
  // file_id -> first block of that file
  std::unordered_map<uint64_t, Entry*> files_ GUARDED_BY(mu_);
  Bucket buckets_[3] GUARDED_BY(mu_);  // indexed by BlockPriority
  uint64_t size_ GUARDED_BY(mu_) = 0;
  uint64_t hits_ GUARDED_BY(mu_) = 0;
  uint64_t misses_ GUARDED_BY(mu_) = 0;
  uint64_t evictions_ GUARDED_BY(mu_) = 0;
  uint64_t evicted_blocks_ GUARDED_BY(mu_) = 0;
  uint64_t evicted_bytes_ GUARDED_BY(mu_) = 0;

  std::once_flag read_ahead_once_;
  std::unique_ptr<ReadAhead> read_ahead_;  // the cache's own, when no shared one was given
  std::atomic<ReadAhead*> read_ahead_started_{nullptr};  // the shared one, or read_ahead_ once made
};

}  // namespace regionlab
