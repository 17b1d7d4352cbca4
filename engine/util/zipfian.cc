#include "util/zipfian.h"

#include <cmath>

namespace regionlab {

double UniformDouble(Random& rng) {
  return static_cast<double>(rng.Next() >> 11) * 0x1.0p-53;
}

uint64_t FnvHash64(uint64_t value) {
  constexpr uint64_t kOffsetBasis = 0xCBF29CE484222325ull;
  constexpr uint64_t kPrime = 1099511628211ull;
  uint64_t hash = kOffsetBasis;
  for (int i = 0; i < 8; ++i) {
    hash ^= value & 0xff;
    hash *= kPrime;
    value >>= 8;
  }
  // Java's Math.abs on a signed long (which leaves Long.MIN_VALUE negative).
  const auto as_signed = static_cast<int64_t>(hash);
  return as_signed < 0 ? static_cast<uint64_t>(0) - hash : hash;
}

double ZipfianGenerator::Zeta(uint64_t from, uint64_t n, double theta, double initial) {
  double sum = initial;
  for (uint64_t i = from; i < n; ++i) sum += 1.0 / std::pow(static_cast<double>(i + 1), theta);
  return sum;
}

ZipfianGenerator::ZipfianGenerator(uint64_t min, uint64_t max, double constant)
    : ZipfianGenerator(min, max, constant, Zeta(max - min + 1, constant)) {}

ZipfianGenerator::ZipfianGenerator(uint64_t min, uint64_t max, double constant, double zetan)
    : items_(max - min + 1),
      base_(min),
      theta_(constant),
      zeta2theta_(Zeta(2, constant)),
      alpha_(1.0 / (1.0 - constant)),
      zetan_(zetan),
      eta_((1 - std::pow(2.0 / static_cast<double>(items_), 1 - constant)) /
            (1 - zeta2theta_ / zetan)),
      count_for_zeta_(items_) {}

uint64_t ZipfianGenerator::Next(Random& rng, uint64_t item_count) {
  if (item_count > count_for_zeta_) {
    // As YCSB: extend zeta to the new count; eta keeps using the initial
    // item count in its first term.
    zetan_ = Zeta(count_for_zeta_, item_count, theta_, zetan_);
    count_for_zeta_ = item_count;
    eta_ = (1 - std::pow(2.0 / static_cast<double>(items_), 1 - theta_)) /
            (1 - zeta2theta_ / zetan_);
  }
  const double u = UniformDouble(rng);
  const double uz = u * zetan_;
  if (uz < 1.0) return base_;
  if (uz < 1.0 + std::pow(0.5, theta_)) return base_ + 1;
  return base_ + static_cast<uint64_t>(static_cast<double>(item_count) *
                                        std::pow(eta_ * u - eta_ + 1, alpha_));
}

ScrambledZipfianGenerator::ScrambledZipfianGenerator(uint64_t min, uint64_t max)
    : min_(min),
      item_count_(max - min + 1),
      generator_(0, kItemCount, ZipfianGenerator::kZipfianConstant, kZetan) {}

uint64_t ScrambledZipfianGenerator::Next(Random& rng) {
  return min_ + FnvHash64(generator_.Next(rng)) % item_count_;
}

SkewedLatestGenerator::SkewedLatestGenerator(uint64_t latest)
    : zipfian_(0, latest > 0 ? latest - 1 : 0) {}

uint64_t SkewedLatestGenerator::Next(Random& rng, uint64_t latest) {
  const uint64_t offset = zipfian_.Next(rng, latest > 0 ? latest : 1);
  return offset > latest ? 0 : latest - offset;
}

}  // namespace regionlab
