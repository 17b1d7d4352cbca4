// The bloom block of a store file (HBase's general bloom filter): a bit
// array answering "may this file hold key K?" with no false negatives and
// about 1% false positives (HBase's io.storefile.bloom.error.rate).
//
// A key is hashed once into h1 = Murmur3_32(key, 0) and h2 = Murmur3_32(key,
// h1). The writer builds blocked filters: h1 picks one 512-bit block (a cache
// line) and kBloomProbes bits inside it are derived from h2, so a query reads
// one cache line however many probes it makes. kBloomBitsPerKey bits per key
// give the 1% rate. The reader also reads the filters of files written
// before (double hashing over the whole array: bit_i = (h1 + i * h2) mod
// num_bits). FORMAT-storefile.md has both layouts.
//
// The store-file writer feeds it each distinct row (ROW) or each distinct
// row+qualifier (ROWCOL, encoded as BloomColumnKey).
//
// Thread-safety: the builder is used by one thread; a parsed BloomFilter is
// immutable and may be queried concurrently.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "regionlab/status.h"

namespace regionlab::storefile {

// Blocked filters need about 10 bits per key for a 1% rate (a whole-array
// filter 9.6): keys spread unevenly over the blocks.
inline constexpr double kBloomBitsPerKey = 10.0;
inline constexpr int kBloomProbes = 7;
// Hash-scheme ids stored in the bloom block. The writer writes blocked
// filters; the reader also reads the double-hashing filters of older files.
inline constexpr uint8_t kBloomHashMurmur3Double = 1;
inline constexpr uint8_t kBloomHashMurmur3Blocked = 2;

// The ROWCOL bloom key of (row, qualifier): u16 big-endian row length, row,
// qualifier -- the same prefix a cell key starts with, so it is unambiguous.
std::string BloomColumnKey(std::string_view row, std::string_view qualifier);

class BloomFilterBuilder {
 public:
  // expected_keys > 0: the bit array is sized for that many keys up front
  // (constant memory; more keys than that only raise the false-positive
  // rate). 0: the builder keeps 8 bytes of hash per key and sizes the array
  // for the actual count at Finish().
  explicit BloomFilterBuilder(uint64_t expected_keys);

  // The caller adds each distinct key once.
  void AddKey(std::string_view key);
  uint64_t key_count() const { return key_count_; }

  // The bloom block contents (see FORMAT-storefile.md).
  std::string Finish();

 private:
  static uint64_t BitsFor(uint64_t keys);
  static void SetBits(std::string* bits, uint64_t num_bits, uint32_t h1, uint32_t h2);

  uint64_t num_bits_ = 0;  // 0 while sizing is deferred to Finish()
  std::string bits_;
  std::vector<std::pair<uint32_t, uint32_t>> pending_;
  uint64_t key_count_ = 0;
};

// A key's two bloom hashes. Every filter of this format hashes a key the
// same way, so a reader probing many files for one key hashes it once.
struct BloomHash {
  uint32_t h1 = 0, h2 = 0;
  static BloomHash Of(std::string_view key);
};

class BloomFilter {
 public:
  BloomFilter() = default;

  // Validates the block header and length; errors name `path` and `offset`.
  static Status Parse(std::string contents, const std::string& path, uint64_t offset,
                      BloomFilter* out);

  bool MayContain(std::string_view key) const;
  bool MayContain(const BloomHash& hash) const;
  // Starts loading the memory MayContain(hash) will read, so that the cache
  // misses of several files' filters overlap instead of following each other.
  void Prefetch(const BloomHash& hash) const;
  uint64_t key_count() const { return key_count_; }
  uint64_t num_bits() const { return num_bits_; }

 private:
  std::string contents_;  // header + bit array
  uint64_t num_bits_ = 0;
  uint64_t key_count_ = 0;
  int probes_ = 0;
  bool blocked_ = false;  // kBloomHashMurmur3Blocked, else kBloomHashMurmur3Double
};

}  // namespace regionlab::storefile
