// Skewed random generators following YCSB's core generators
// (site.ycsb.generator): ZipfianGenerator (Gray et al., "Quickly Generating
// Billion-Record Synthetic Databases"), ScrambledZipfianGenerator and
// SkewedLatestGenerator, with YCSB's constants (theta 0.99; a scrambled
// generator draws from 10^10 items, whose zeta is precomputed, and spreads
// the popular items over the key space with a 64-bit FNV hash).
//
// Used by regionlab-bench's YCSB workloads and by the rowkey key generator
// (Zipf-distributed ids).
//
// Thread-safety: a generator is used by one thread at a time.
#pragma once

#include <cstdint>

#include "util/random.h"

namespace regionlab {

// A double uniformly distributed in [0, 1).
double UniformDouble(Random& rng);

// YCSB's Utils.fnvhash64: FNV-1a over the 8 bytes of `value`, low byte
// first, made non-negative.
uint64_t FnvHash64(uint64_t value);

class ZipfianGenerator {
 public:
  static constexpr double kZipfianConstant = 0.99;

  // Items min..max inclusive. Computes zeta(n) (O(n)).
  ZipfianGenerator(uint64_t min, uint64_t max, double constant = kZipfianConstant);
  // With zeta(n) already known.
  ZipfianGenerator(uint64_t min, uint64_t max, double constant, double zetan);

  // A value in [min, min + item_count): item 0 (min) is the most popular.
  uint64_t Next(Random& rng) { return Next(rng, items_); }
  // YCSB's nextLong(itemcount): the item count may grow between calls; zeta
  // is then extended incrementally.
  uint64_t Next(Random& rng, uint64_t item_count);

  // zeta(n, theta) = sum over i = 1..n of 1 / i^theta.
  static double Zeta(uint64_t n, double theta) { return Zeta(0, n, theta, 0); }
  // Continues a sum that covered the first `from` terms up to n terms.
  static double Zeta(uint64_t from, uint64_t n, double theta, double initial);

 private:
  const uint64_t items_;
  const uint64_t base_;
  const double theta_;
  const double zeta2theta_;
  const double alpha_;
  double zetan_;
  double eta_;
  uint64_t count_for_zeta_;
};

class ScrambledZipfianGenerator {
 public:
  // Items min..max inclusive.
  ScrambledZipfianGenerator(uint64_t min, uint64_t max);
  uint64_t Next(Random& rng);

 private:
  static constexpr uint64_t kItemCount = 10000000000ull;
  static constexpr double kZetan = 26.46902820178302;  // zeta(10^10 + 1, 0.99)

  const uint64_t min_;
  const uint64_t item_count_;
  ZipfianGenerator generator_;
};

// Skewed towards the most recently inserted item (YCSB workload D).
class SkewedLatestGenerator {
 public:
  // `latest`: the highest item inserted so far.
  explicit SkewedLatestGenerator(uint64_t latest);
  // A value in [0, latest], `latest` the most popular.
  uint64_t Next(Random& rng, uint64_t latest);

 private:
  ZipfianGenerator zipfian_;
};

}  // namespace regionlab
