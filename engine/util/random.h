// Random: a small deterministic pseudo-random generator (SplitMix64) for
// tests, benchmarks and skiplist node heights.
//
// The same seed always yields the same sequence on every platform, so a
// failing randomized test can be replayed from its seed. Not suitable for
// anything security-related.
//
// Thread-safety: a Random is used by one thread at a time.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>

#include "util/hash.h"

namespace regionlab {

class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}

  // The next 64 uniformly distributed bits (SplitMix64: a Weyl sequence fed
  // through a bijective mixer, so every seed gives a full-period stream).
  uint64_t Next() {
    return Mix64(state_ += 0x9e3779b97f4a7c15ull);
  }

  // A value in [0, n). REQUIRES: n > 0.
  // Uses the high bits (multiply-shift), which avoids most of the modulo bias.
  uint64_t Uniform(uint64_t n) {
    assert(n > 0);
    return static_cast<uint64_t>((static_cast<unsigned __int128>(Next()) * n) >> 64);
  }

  // True with probability 1/n. REQUIRES: n > 0.
  bool OneIn(uint64_t n) { return Uniform(n) == 0; }

  // Picks a base uniformly from [0, max_log], then a value uniformly from
  // [0, 2^base): small values are exponentially more likely than large ones.
  // REQUIRES: 0 <= max_log <= 63.
  uint64_t Skewed(int max_log) {
    assert(max_log >= 0 && max_log <= 63);
    return Uniform(uint64_t{1} << Uniform(static_cast<uint64_t>(max_log) + 1));
  }

  // `len` random bytes (every byte value possible, including '\0').
  std::string RandomBytes(size_t len) {
    std::string out(len, '\0');
    size_t i = 0;
    while (i < len) {
      uint64_t bits = Next();
      for (int b = 0; b < 8 && i < len; ++b, ++i) {
        out[i] = static_cast<char>(bits & 0xff);
        bits >>= 8;
      }
    }
    return out;
  }

 private:
  uint64_t state_;
};

}  // namespace regionlab
