#include "generators.h"

#include <cmath>

namespace regionlab::bench {

double uniformDouble(regionlab::Random& rng) {
  return static_cast<double>(rng.Next() >> 11) * 0x1.0p-53;
}

uint64_t fnvHash64(uint64_t value) {
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

double ZipfianGenerator::zeta(uint64_t from, uint64_t n, double theta, double initial) {
  double sum = initial;
  for (uint64_t i = from; i < n; ++i) sum += 1.0 / std::pow(static_cast<double>(i + 1), theta);
  return sum;
}

ZipfianGenerator::ZipfianGenerator(uint64_t min, uint64_t max, double constant)
    : ZipfianGenerator(min, max, constant, zeta(max - min + 1, constant)) {}

ZipfianGenerator::ZipfianGenerator(uint64_t min, uint64_t max, double constant, double zetan)
    : m_items(max - min + 1),
      m_base(min),
      m_theta(constant),
      m_zeta2theta(zeta(2, constant)),
      m_alpha(1.0 / (1.0 - constant)),
      m_zetan(zetan),
      m_eta((1 - std::pow(2.0 / static_cast<double>(m_items), 1 - constant)) /
            (1 - m_zeta2theta / zetan)),
      m_countForZeta(m_items) {}

uint64_t ZipfianGenerator::next(regionlab::Random& rng, uint64_t itemCount) {
  if (itemCount > m_countForZeta) {
    // As YCSB: extend zeta to the new count; eta keeps using the initial
    // item count in its first term.
    m_zetan = zeta(m_countForZeta, itemCount, m_theta, m_zetan);
    m_countForZeta = itemCount;
    m_eta = (1 - std::pow(2.0 / static_cast<double>(m_items), 1 - m_theta)) /
            (1 - m_zeta2theta / m_zetan);
  }
  const double u = uniformDouble(rng);
  const double uz = u * m_zetan;
  if (uz < 1.0) return m_base;
  if (uz < 1.0 + std::pow(0.5, m_theta)) return m_base + 1;
  return m_base + static_cast<uint64_t>(static_cast<double>(itemCount) *
                                        std::pow(m_eta * u - m_eta + 1, m_alpha));
}

ScrambledZipfianGenerator::ScrambledZipfianGenerator(uint64_t min, uint64_t max)
    : m_min(min),
      m_itemCount(max - min + 1),
      m_generator(0, kItemCount, ZipfianGenerator::kZipfianConstant, kZetan) {}

uint64_t ScrambledZipfianGenerator::next(regionlab::Random& rng) {
  return m_min + fnvHash64(m_generator.next(rng)) % m_itemCount;
}

SkewedLatestGenerator::SkewedLatestGenerator(uint64_t latest)
    : m_zipfian(0, latest > 0 ? latest - 1 : 0) {}

uint64_t SkewedLatestGenerator::next(regionlab::Random& rng, uint64_t latest) {
  const uint64_t offset = m_zipfian.next(rng, latest > 0 ? latest : 1);
  return offset > latest ? 0 : latest - offset;
}

}  // namespace regionlab::bench
