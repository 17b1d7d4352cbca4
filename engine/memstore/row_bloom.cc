#include "memstore/row_bloom.h"

#include <cstring>

#include "util/hash.h"

namespace regionlab {

uint64_t RowBloom::Hash(std::string_view row) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ row.size();
  const char* p = row.data();
  size_t n = row.size();
  for (; n >= 8; n -= 8, p += 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = Mix64(h ^ w);
  }
  if (n != 0) {
    uint64_t w = 0;
    std::memcpy(&w, p, n);
    h = Mix64(h ^ w ^ (uint64_t{n} << 56));
  }
  return Mix64(h);
}

RowBloom::RowBloom(uint64_t capacity_rows)
    : capacity_(capacity_rows == 0 ? 1 : capacity_rows),
      num_blocks_((capacity_ * kBitsPerRow + kBlockBytes * 8 - 1) / (kBlockBytes * 8)),
      words_(new std::atomic<uint64_t>[num_blocks_ * kWordsPerBlock]) {
  for (uint64_t i = 0; i < num_blocks_ * kWordsPerBlock; ++i) {
    words_[i].store(0, std::memory_order_relaxed);
  }
}

std::atomic<uint64_t>* RowBloom::Block(uint64_t hash) const {
  // The high half picks the block (a multiply maps it onto [0, num_blocks_)).
  const uint64_t block = ((hash >> 32) * num_blocks_) >> 32;
  return &words_[block * kWordsPerBlock];
}

// kProbes 9-bit positions inside the 512-bit block, from a second mix of
// the hash (the block already used its high bits).
void RowBloom::Add(uint64_t hash) {
  std::atomic<uint64_t>* block = Block(hash);
  const uint64_t probes = Mix64(hash ^ 0x2545f4914f6cdd1dull);
  uint64_t masks[kWordsPerBlock] = {};
  for (int i = 0; i < kProbes; ++i) {
    const uint64_t bit = (probes >> (9 * i)) & 511;
    masks[bit >> 6] |= uint64_t{1} << (bit & 63);
  }
  // One writer: a plain load and store per word, no locked read-modify-write.
  for (uint64_t w = 0; w < kWordsPerBlock; ++w) {
    if (masks[w] == 0) continue;
    block[w].store(block[w].load(std::memory_order_relaxed) | masks[w],
                   std::memory_order_relaxed);
  }
}

bool RowBloom::MayContain(uint64_t hash) const {
  const std::atomic<uint64_t>* block = Block(hash);
  const uint64_t probes = Mix64(hash ^ 0x2545f4914f6cdd1dull);
  for (int i = 0; i < kProbes; ++i) {
    const uint64_t bit = (probes >> (9 * i)) & 511;
    if ((block[bit >> 6].load(std::memory_order_relaxed) & (uint64_t{1} << (bit & 63))) == 0) {
      return false;
    }
  }
  return true;
}

}  // namespace regionlab
