#include "util/sha1.h"

#include <cstring>

#include "regionlab/bytes.h"

namespace regionlab {

namespace {

inline uint32_t Rotl(uint32_t x, int c) { return (x << c) | (x >> (32 - c)); }

// One 64-byte block into the state h[0..4].
void Block(uint32_t h[5], const uint8_t* p) {
  uint32_t w[80];
  for (int i = 0; i < 16; ++i) {
    w[i] = uint32_t(p[4 * i]) << 24 | uint32_t(p[4 * i + 1]) << 16 | uint32_t(p[4 * i + 2]) << 8 |
           uint32_t(p[4 * i + 3]);
  }
  for (int i = 16; i < 80; ++i) w[i] = Rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
  for (int i = 0; i < 80; ++i) {
    uint32_t f, k;
    if (i < 20) {
      f = (b & c) | (~b & d);
      k = 0x5A827999;
    } else if (i < 40) {
      f = b ^ c ^ d;
      k = 0x6ED9EBA1;
    } else if (i < 60) {
      f = (b & c) | (b & d) | (c & d);
      k = 0x8F1BBCDC;
    } else {
      f = b ^ c ^ d;
      k = 0xCA62C1D6;
    }
    const uint32_t t = Rotl(a, 5) + f + e + k + w[i];
    e = d;
    d = c;
    c = Rotl(b, 30);
    b = a;
    a = t;
  }
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
  h[4] += e;
}

}  // namespace

std::array<uint8_t, 20> Sha1(std::string_view data) {
  uint32_t h[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
  const auto* bytes = reinterpret_cast<const uint8_t*>(data.data());
  size_t n = data.size();
  size_t i = 0;
  for (; i + 64 <= n; i += 64) Block(h, bytes + i);
  // The tail, 0x80, zeros and the bit length (big-endian) fill one or two blocks.
  uint8_t tail[128] = {};
  const size_t rest = n - i;
  std::memcpy(tail, bytes + i, rest);
  tail[rest] = 0x80;
  const size_t tail_len = rest + 1 + 8 <= 64 ? 64 : 128;
  const uint64_t bits = static_cast<uint64_t>(n) * 8;
  for (int b = 0; b < 8; ++b) tail[tail_len - 1 - b] = static_cast<uint8_t>(bits >> (8 * b));
  for (size_t off = 0; off < tail_len; off += 64) Block(h, tail + off);
  std::array<uint8_t, 20> out;
  for (int w = 0; w < 5; ++w) {
    for (int b = 0; b < 4; ++b) out[4 * w + b] = static_cast<uint8_t>(h[w] >> (24 - 8 * b));
  }
  return out;
}

std::string Sha1Hex(std::string_view data) {
  const auto d = Sha1(data);
  return ToHex(std::string_view(reinterpret_cast<const char*>(d.data()), d.size()));
}

}  // namespace regionlab
