#include "records.h"

#include <cassert>
#include <cstring>

#include "util/random.h"

namespace regionlab::bench {

namespace {
constexpr size_t kFillerBytes = 1 << 20;
constexpr size_t kRepeatedRun = 50;

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

void putFixed64(char* dst, uint64_t v) {
  for (int i = 0; i < 8; ++i) dst[i] = static_cast<char>((v >> (8 * i)) & 0xff);
}
}  // namespace

RecordFormat::RecordFormat(size_t valueBytes) : m_valueBytes(valueBytes) {
  assert(valueBytes >= kMinValueBytes);
  regionlab::Random rng(301);
  m_filler.reserve(kFillerBytes + 2 * kRepeatedRun);
  while (m_filler.size() < kFillerBytes) {
    std::string run(kRepeatedRun, ' ');
    for (char& c : run) c = static_cast<char>(' ' + rng.Uniform(95));
    m_filler += run;
    m_filler += run;
  }
}

void RecordFormat::key(uint64_t index, std::string* out) {
  out->resize(kKeyBytes);
  uint64_t n = 2 * index;
  for (size_t i = kKeyBytes; i-- > 0;) {
    (*out)[i] = static_cast<char>('0' + n % 10);
    n /= 10;
  }
}

std::vector<std::string> RecordFormat::splitKeys(uint64_t records, int parts) {
  std::vector<std::string> keys;
  for (int i = 1; i < parts; ++i) {
    const uint64_t index = records * static_cast<uint64_t>(i) / static_cast<uint64_t>(parts);
    if (index == 0) continue;
    std::string k = key(index);
    if (keys.empty() || keys.back() != k) keys.push_back(std::move(k));
  }
  return keys;
}

std::string RecordFormat::key(uint64_t index) {
  std::string k;
  key(index, &k);
  return k;
}

void RecordFormat::missingKey(uint64_t index, std::string* out) {
  key(index, out);
  (*out)[kKeyBytes - 1] += 1;  // 2*index ends in an even digit: +1 stays a digit
}

std::optional<uint64_t> RecordFormat::indexOf(std::string_view key) {
  if (key.size() != kKeyBytes) return std::nullopt;
  uint64_t n = 0;
  for (char c : key) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  if (n % 2 != 0) return std::nullopt;
  return n / 2;
}

size_t RecordFormat::fillerOffset(uint64_t index, uint64_t version) const {
  const size_t span = m_filler.size() - (m_valueBytes - kMinValueBytes);
  return mix(index * 0x9e3779b97f4a7c15ull ^ version) % span;
}

void RecordFormat::value(uint64_t index, uint64_t version, std::string* out) const {
  out->resize(m_valueBytes);
  char* p = out->data();
  putFixed64(p, index);
  putFixed64(p + 8, version);
  std::memcpy(p + kMinValueBytes, m_filler.data() + fillerOffset(index, version),
              m_valueBytes - kMinValueBytes);
}

bool RecordFormat::matches(std::string_view bytes, uint64_t index, uint64_t version) const {
  if (bytes.size() != m_valueBytes) return false;
  char head[kMinValueBytes];
  putFixed64(head, index);
  putFixed64(head + 8, version);
  return std::memcmp(bytes.data(), head, kMinValueBytes) == 0 &&
         std::memcmp(bytes.data() + kMinValueBytes, m_filler.data() + fillerOffset(index, version),
                     m_valueBytes - kMinValueBytes) == 0;
}

void ReadDigest::add(std::string_view bytes) {
  uint64_t h = m_state ^ (bytes.size() * 0x9e3779b97f4a7c15ull);
  size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  for (; i < bytes.size(); ++i) h = (h ^ static_cast<unsigned char>(bytes[i])) * 0x100000001b3ull;
  m_state = mix(h);
}

}  // namespace regionlab::bench
