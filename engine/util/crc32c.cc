#include "util/crc32c.h"

#include <array>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <nmmintrin.h>
#define RL_CRC32C_HAVE_SSE42 1
#endif

namespace regionlab::crc32c {

namespace {

constexpr uint32_t kPoly = 0x82f63b78u;  // reversed Castagnoli polynomial

// Slicing-by-8 tables built at compile time.
constexpr std::array<std::array<uint32_t, 256>, 8> MakeTables() {
  std::array<std::array<uint32_t, 256>, 8> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ kPoly : c >> 1;
    t[0][i] = c;
  }
  for (uint32_t i = 0; i < 256; ++i) {
    for (int s = 1; s < 8; ++s) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xff];
  }
  return t;
}
constexpr auto kTables = MakeTables();

uint32_t ExtendPortable(uint32_t crc, const uint8_t* p, size_t n) {
  crc = ~crc;
  while (n >= 8) {
    uint32_t lo = crc ^ (uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
                         uint32_t(p[3]) << 24);
    uint32_t hi = uint32_t(p[4]) | uint32_t(p[5]) << 8 | uint32_t(p[6]) << 16 |
                  uint32_t(p[7]) << 24;
    crc = kTables[7][lo & 0xff] ^ kTables[6][(lo >> 8) & 0xff] ^ kTables[5][(lo >> 16) & 0xff] ^
          kTables[4][lo >> 24] ^ kTables[3][hi & 0xff] ^ kTables[2][(hi >> 8) & 0xff] ^
          kTables[1][(hi >> 16) & 0xff] ^ kTables[0][hi >> 24];
    p += 8;
    n -= 8;
  }
  while (n--) crc = (crc >> 8) ^ kTables[0][(crc ^ *p++) & 0xff];
  return ~crc;
}

#ifdef RL_CRC32C_HAVE_SSE42
// The crc32 instruction has a latency of three cycles but issues one per
// cycle, so one chain of it runs at a third of its throughput. Long inputs
// are cut into stripes of three kStripe-byte lanes whose CRCs run as three
// independent chains, then are joined: the CRC register (before the final
// inversion) is linear in its input, so the CRC of A||B is the register
// after A, advanced over |B| zero bytes, XOR the register B alone gives.
constexpr size_t kStripe = 256;

// kShift[k][b]: the register b << 8k advanced over kStripe zero bytes.
constexpr std::array<std::array<uint32_t, 256>, 4> MakeShiftTables() {
  std::array<uint32_t, 32> bit{};  // the advance of each single-bit register
  for (int i = 0; i < 32; ++i) {
    uint32_t c = 1u << i;
    for (size_t z = 0; z < kStripe; ++z) c = (c >> 8) ^ kTables[0][c & 0xff];
    bit[i] = c;
  }
  std::array<std::array<uint32_t, 256>, 4> t{};
  for (int k = 0; k < 4; ++k) {
    for (uint32_t b = 0; b < 256; ++b) {
      uint32_t c = 0;
      for (int j = 0; j < 8; ++j) {
        if (b & (1u << j)) c ^= bit[8 * k + j];
      }
      t[k][b] = c;
    }
  }
  return t;
}
constexpr auto kShift = MakeShiftTables();

inline uint32_t ShiftStripe(uint32_t c) {
  return kShift[0][c & 0xff] ^ kShift[1][(c >> 8) & 0xff] ^ kShift[2][(c >> 16) & 0xff] ^
         kShift[3][c >> 24];
}

__attribute__((target("sse4.2"))) uint32_t ExtendSse42(uint32_t crc, const uint8_t* p, size_t n) {
  uint64_t c = ~crc;
  while (n >= 3 * kStripe) {
    uint64_t a = c, b = 0, d = 0;
    for (size_t i = 0; i < kStripe; i += 8) {
      uint64_t va, vb, vd;
      __builtin_memcpy(&va, p + i, 8);
      __builtin_memcpy(&vb, p + kStripe + i, 8);
      __builtin_memcpy(&vd, p + 2 * kStripe + i, 8);
      a = _mm_crc32_u64(a, va);
      b = _mm_crc32_u64(b, vb);
      d = _mm_crc32_u64(d, vd);
    }
    const uint32_t ab = ShiftStripe(static_cast<uint32_t>(a)) ^ static_cast<uint32_t>(b);
    c = ShiftStripe(ab) ^ static_cast<uint32_t>(d);
    p += 3 * kStripe;
    n -= 3 * kStripe;
  }
  while (n >= 8) {
    uint64_t v;
    __builtin_memcpy(&v, p, 8);
    c = _mm_crc32_u64(c, v);
    p += 8;
    n -= 8;
  }
  uint32_t c32 = static_cast<uint32_t>(c);
  while (n--) c32 = _mm_crc32_u8(c32, *p++);
  return ~c32;
}

bool HaveSse42() {
  unsigned eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
  return (ecx & bit_SSE4_2) != 0;
}
#endif

}  // namespace

uint32_t Extend(uint32_t init_crc, const char* data, size_t n) {
  const auto* p = reinterpret_cast<const uint8_t*>(data);
#ifdef RL_CRC32C_HAVE_SSE42
  static const bool kHardware = HaveSse42();
  if (kHardware) return ExtendSse42(init_crc, p, n);
#endif
  return ExtendPortable(init_crc, p, n);
}

}  // namespace regionlab::crc32c
