// Non-cryptographic hashing: MurmurHash3, x86 32-bit variant.
//
// Used by the store-file bloom filters (two seeded hashes combined by double
// hashing) and by rowkey hashing. The output equals Austin Appleby's reference
// MurmurHash3_x86_32 for the same bytes and seed on every platform (blocks are
// read little-endian), so values persisted on disk never change.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string_view>

namespace regionlab {

// SplitMix64's finaliser: a bijective 64-bit mixer in which every input bit
// affects every output bit (the random generator's output function, the
// block cache's and the memstore row filter's hashes).
inline uint64_t Mix64(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// MurmurHash3_x86_32 of `data` with `seed`.
// Reference values: ("", 0) -> 0, ("hello", 0) -> 0x248bfa47.
uint32_t Murmur3_32(std::string_view data, uint32_t seed);

}  // namespace regionlab
