#include "util/hash.h"

namespace regionlab {

namespace {

constexpr uint32_t kC1 = 0xcc9e2d51u;
constexpr uint32_t kC2 = 0x1b873593u;

inline uint32_t Rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

inline uint32_t LoadLittleEndian32(const unsigned char* p) {
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) |
         (static_cast<uint32_t>(p[2]) << 16) | (static_cast<uint32_t>(p[3]) << 24);
}

inline uint32_t MixBlock(uint32_t k) {
  k *= kC1;
  k = Rotl32(k, 15);
  return k * kC2;
}

// Final avalanche: every input bit affects every output bit.
inline uint32_t FinalMix(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

}  // namespace

uint32_t Murmur3_32(std::string_view data, uint32_t seed) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  const size_t len = data.size();
  const size_t whole_blocks = len / 4;
  uint32_t h = seed;

  for (size_t i = 0; i < whole_blocks; ++i) {
    h ^= MixBlock(LoadLittleEndian32(bytes + 4 * i));
    h = Rotl32(h, 13);
    h = h * 5 + 0xe6546b64u;
  }

  // The 1..3 trailing bytes form one partial little-endian block.
  const unsigned char* tail = bytes + 4 * whole_blocks;
  uint32_t k = 0;
  switch (len & 3) {
    case 3:
      k ^= static_cast<uint32_t>(tail[2]) << 16;
      [[fallthrough]];
    case 2:
      k ^= static_cast<uint32_t>(tail[1]) << 8;
      [[fallthrough]];
    case 1:
      k ^= tail[0];
      h ^= MixBlock(k);
      break;
    default:
      break;
  }

  h ^= static_cast<uint32_t>(len);
  return FinalMix(h);
}

}  // namespace regionlab
