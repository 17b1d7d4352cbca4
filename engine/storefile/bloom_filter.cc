#include "storefile/bloom_filter.h"

#include <cmath>

#include "storefile/format.h"
#include "util/coding.h"
#include "util/hash.h"

namespace regionlab::storefile {

namespace {

// num_bits fixed32 | probes u8 | hash id u8 | key count fixed64
constexpr size_t kBloomHeaderSize = 4 + 1 + 1 + 8;

// Blocked filters (kBloomHashMurmur3Blocked) are whole blocks of 512 bits,
// one cache line each: h1 picks the block, (h1 * blocks) >> 32, and probe i
// tests bit (g_i >> 23) of it, where g_0 = h2 and g_(i+1) = g_i * kBlockStep
// mod 2^32 (multiplicative hashing: each step mixes new bits into the top
// nine).
constexpr uint64_t kBlockBits = 512;
constexpr uint32_t kBlockStep = 0x9E3779B9u;  // 2^32 / golden ratio
constexpr uint64_t kMaxBits = (1ull << 32) - kBlockBits;  // num_bits is a fixed32

inline void Hashes(std::string_view key, uint32_t* h1, uint32_t* h2) {
  *h1 = Murmur3_32(key, 0);
  *h2 = Murmur3_32(key, *h1);
}

// Double hashing (kBloomHashMurmur3Double, files written before blocked
// filters): probe i is bit (h1 + i * h2) mod num_bits of the whole array.
inline uint64_t Probe(uint32_t h1, uint32_t h2, int i, uint64_t num_bits) {
  return (static_cast<uint64_t>(h1) + static_cast<uint64_t>(i) * h2) % num_bits;
}

// The bits a blocked filter's key sets (writer) or tests (reader) in its
// block: visit(bit) for each of `probes` bits, from h2.
template <typename Visit>
inline void ForEachBlockedProbe(uint32_t h2, int probes, Visit visit) {
  uint32_t g = h2;
  for (int i = 0; i < probes; ++i, g *= kBlockStep) visit(g >> 23);
}

// The byte offset of the block that h1 picks in a blocked filter.
inline uint64_t BlockOffset(uint64_t num_bits, uint32_t h1) {
  const uint64_t blocks = num_bits / kBlockBits;
  return ((static_cast<uint64_t>(h1) * blocks) >> 32) * (kBlockBits / 8);
}

}  // namespace

std::string BloomColumnKey(std::string_view row, std::string_view qualifier) {
  std::string key(2, '\0');
  EncodeBigEndian16(key.data(), static_cast<uint16_t>(row.size()));
  key.append(row.data(), row.size());
  key.append(qualifier.data(), qualifier.size());
  return key;
}

uint64_t BloomFilterBuilder::BitsFor(uint64_t keys) {
  const double wanted = std::ceil(static_cast<double>(keys) * kBloomBitsPerKey);
  uint64_t bits =
      wanted >= static_cast<double>(kMaxBits) ? kMaxBits : static_cast<uint64_t>(wanted);
  if (bits == 0) bits = 1;  // a file without keys still has one block
  return (bits + kBlockBits - 1) / kBlockBits * kBlockBits;  // whole blocks
}

BloomFilterBuilder::BloomFilterBuilder(uint64_t expected_keys) {
  if (expected_keys > 0) {
    num_bits_ = BitsFor(expected_keys);
    bits_.assign(num_bits_ / 8, '\0');
  }
}

void BloomFilterBuilder::SetBits(std::string* bits, uint64_t num_bits, uint32_t h1, uint32_t h2) {
  char* block = bits->data() + BlockOffset(num_bits, h1);
  ForEachBlockedProbe(h2, kBloomProbes, [block](uint32_t bit) {
    block[bit / 8] = static_cast<char>(block[bit / 8] | (1 << (bit % 8)));
  });
}

void BloomFilterBuilder::AddKey(std::string_view key) {
  uint32_t h1, h2;
  Hashes(key, &h1, &h2);
  ++key_count_;
  if (num_bits_ > 0) {
    SetBits(&bits_, num_bits_, h1, h2);
  } else {
    pending_.emplace_back(h1, h2);
  }
}

std::string BloomFilterBuilder::Finish() {
  if (num_bits_ == 0) {
    num_bits_ = BitsFor(key_count_);
    bits_.assign(num_bits_ / 8, '\0');
    for (const auto& [h1, h2] : pending_) SetBits(&bits_, num_bits_, h1, h2);
    pending_.clear();
  }
  std::string out;
  PutFixed32(&out, static_cast<uint32_t>(num_bits_));
  out.push_back(static_cast<char>(kBloomProbes));
  out.push_back(static_cast<char>(kBloomHashMurmur3Blocked));
  PutFixed64(&out, key_count_);
  out += bits_;
  return out;
}

Status BloomFilter::Parse(std::string contents, const std::string& path, uint64_t offset,
                          BloomFilter* out) {
  constexpr std::string_view kWhat = "bloom block";
  if (contents.size() < kBloomHeaderSize) {
    return CorruptionAt(path, kWhat, offset, "too short for its header");
  }
  const uint64_t num_bits = DecodeFixed32(contents.data());
  const int probes = static_cast<uint8_t>(contents[4]);
  const auto hash_id = static_cast<uint8_t>(contents[5]);
  const uint64_t keys = DecodeFixed64(contents.data() + 6);
  if (hash_id != kBloomHashMurmur3Double && hash_id != kBloomHashMurmur3Blocked) {
    return CorruptionAt(path, kWhat, offset, "unknown hash scheme " + std::to_string(hash_id));
  }
  if (probes < 1 || probes > 30) {
    return CorruptionAt(path, kWhat, offset, "bad probe count " + std::to_string(probes));
  }
  if (num_bits == 0 || num_bits % 8 != 0 || contents.size() - kBloomHeaderSize != num_bits / 8) {
    return CorruptionAt(path, kWhat, offset,
                        "bit count " + std::to_string(num_bits) + " does not match " +
                            std::to_string(contents.size() - kBloomHeaderSize) + " bytes");
  }
  if (hash_id == kBloomHashMurmur3Blocked && num_bits % kBlockBits != 0) {
    return CorruptionAt(path, kWhat, offset,
                        "bit count " + std::to_string(num_bits) + " is not whole " +
                            std::to_string(kBlockBits) + "-bit blocks");
  }
  out->contents_ = std::move(contents);
  out->blocked_ = hash_id == kBloomHashMurmur3Blocked;
  out->num_bits_ = num_bits;
  out->key_count_ = keys;
  out->probes_ = probes;
  return Status::OK();
}

BloomHash BloomHash::Of(std::string_view key) {
  BloomHash h;
  Hashes(key, &h.h1, &h.h2);
  return h;
}

bool BloomFilter::MayContain(std::string_view key) const {
  if (num_bits_ == 0) return true;  // no filter: cannot rule anything out
  return MayContain(BloomHash::Of(key));
}

void BloomFilter::Prefetch(const BloomHash& hash) const {
  if (num_bits_ == 0 || !blocked_) return;  // double hashing: seven lines, not worth it
  __builtin_prefetch(contents_.data() + kBloomHeaderSize + BlockOffset(num_bits_, hash.h1));
}

bool BloomFilter::MayContain(const BloomHash& hash) const {
  if (num_bits_ == 0) return true;  // no filter: cannot rule anything out
  const char* bits = contents_.data() + kBloomHeaderSize;
  const uint32_t h1 = hash.h1, h2 = hash.h2;
  if (blocked_) {
    const auto* block = reinterpret_cast<const uint8_t*>(bits + BlockOffset(num_bits_, h1));
    bool all = true;  // every probe read, without a branch per probe: one cache line
    ForEachBlockedProbe(h2, probes_, [&all, block](uint32_t bit) {
      all &= ((block[bit / 8] >> (bit % 8)) & 1) != 0;
    });
    return all;
  }
  for (int i = 0; i < probes_; ++i) {
    const uint64_t bit = Probe(h1, h2, i, num_bits_);
    if ((static_cast<uint8_t>(bits[bit / 8]) & (1 << (bit % 8))) == 0) return false;
  }
  return true;
}

}  // namespace regionlab::storefile
