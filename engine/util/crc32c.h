// CRC32C (Castagnoli), as used by the WAL and store-file block checksums.
//
// Stored checksums are masked (LevelDB's scheme) so that a CRC computed over
// data that itself embeds CRCs stays well distributed.
#pragma once

#include <cstddef>
#include <cstdint>

namespace regionlab::crc32c {

// CRC32C of data[0, n) continuing from `init_crc` (the CRC of earlier bytes).
uint32_t Extend(uint32_t init_crc, const char* data, size_t n);
inline uint32_t Value(const char* data, size_t n) { return Extend(0, data, n); }

inline constexpr uint32_t kMaskDelta = 0xa282ead8ul;
inline uint32_t Mask(uint32_t crc) { return ((crc >> 15) | (crc << 17)) + kMaskDelta; }
inline uint32_t Unmask(uint32_t masked) {
  uint32_t rot = masked - kMaskDelta;
  return (rot >> 17) | (rot << 15);
}

}  // namespace regionlab::crc32c
