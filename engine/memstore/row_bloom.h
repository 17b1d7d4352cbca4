// RowBloom: a bloom filter over the rows a MemStore holds, so a Get of a
// row that is not in the memstore skips its skiplist search (a walk of
// about log4(n) levels whose nodes are cache misses in a large memstore).
//
// A blocked bloom filter: a row's hash picks one 64-byte block and sets
// kProbes bits inside it, so adding or testing a row touches one cache line.
// With kBitsPerRow bits per row the false-positive rate is about 2%.
//
// The filter is sized for capacity() rows; MemStore replaces it with a
// larger one (rebuilt from its entries) before more rows than that are
// added, so the rate holds as the memstore grows. No false negatives: every
// row Add()ed answers true.
//
// Thread-safety: Add by one writer at a time; MayContain from any thread,
// concurrently with Add, without locks (bits are set with relaxed atomic
// loads and stores, which a single writer can do without losing any;
// a row added before the reader started -- ordered by whatever published
// the write, such as the region's read point -- is seen).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string_view>

namespace regionlab {

class RowBloom {
 public:
  static constexpr int kBitsPerRow = 10;
  static constexpr int kProbes = 6;

  // The hash every RowBloom uses for `row` (a reader hashes once and asks
  // several memstores).
  static uint64_t Hash(std::string_view row);

  // Sized for `capacity_rows` rows (at least one block).
  explicit RowBloom(uint64_t capacity_rows);

  RowBloom(const RowBloom&) = delete;
  RowBloom& operator=(const RowBloom&) = delete;

  void Add(uint64_t hash);
  bool MayContain(uint64_t hash) const;

  uint64_t capacity() const { return capacity_; }
  // Bytes of the bit array.
  uint64_t MemoryUsage() const { return num_blocks_ * kBlockBytes; }

 private:
  static constexpr uint64_t kBlockBytes = 64;
  static constexpr uint64_t kWordsPerBlock = kBlockBytes / 8;

  // The first word of the hash's block.
  std::atomic<uint64_t>* Block(uint64_t hash) const;

  const uint64_t capacity_;
  const uint64_t num_blocks_;
  std::unique_ptr<std::atomic<uint64_t>[]> words_;
};

}  // namespace regionlab
