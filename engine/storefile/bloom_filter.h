// The bloom block of a store file (HBase's general bloom filter): a bit
// array answering "may this file hold key K?" with no false negatives and
// about 1% false positives.
//
// Each key sets kBloomProbes bits chosen by double hashing
// (Kirsch-Mitzenmacher): bit_i = (h1 + i * h2) mod num_bits, with
// h1 = Murmur3_32(key, 0) and h2 = Murmur3_32(key, h1). The array has
// kBloomBitsPerKey bits per key, the optimum for a 1% false-positive rate.
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

inline constexpr double kBloomBitsPerKey = 9.6;
inline constexpr int kBloomProbes = 7;
// Hash-scheme id stored in the bloom block.
inline constexpr uint8_t kBloomHashMurmur3Double = 1;

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
  uint64_t key_count() const { return key_count_; }
  uint64_t num_bits() const { return num_bits_; }

 private:
  std::string contents_;  // header + bit array
  uint64_t num_bits_ = 0;
  uint64_t key_count_ = 0;
  int probes_ = 0;
};

}  // namespace regionlab::storefile
