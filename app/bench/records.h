// Records: the keys and values regionlab-bench writes, and how it checks what
// it reads back.
//
// Key i is the 16-digit zero-padded decimal of 2*i ("0000000000000042" for
// i = 21). The odd numbers are never written: missingKey(i) lies between two
// present keys, so a read of it cannot be answered from the key range and
// only a bloom filter (or a block read) tells that it is absent.
//
// A value is a function of (key index, version): 8 bytes of index, 8 bytes of
// version (both little-endian), then filler cut from a buffer of random
// printable bytes in which each 50-byte run is repeated once, so values
// compress to about half their size as db_bench's do. Reading a value back,
// the benchmark knows which version each key must hold and compares bytes.
//
// Thread-safety: a RecordFormat is immutable after construction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace regionlab::bench {

inline constexpr size_t kKeyBytes = 16;
inline constexpr size_t kMinValueBytes = 16;

class RecordFormat {
 public:
  // REQUIRES: valueBytes >= kMinValueBytes.
  explicit RecordFormat(size_t valueBytes);

  size_t valueBytes() const { return m_valueBytes; }

  // Overwrites *out with the key of record `index`.
  static void key(uint64_t index, std::string* out);
  static std::string key(uint64_t index);
  static void missingKey(uint64_t index, std::string* out);
  // The keys that divide records [0, records) into `parts` ranges of equal
  // size: key(records * i / parts) for i = 1 .. parts - 1, without repeats
  // (fewer when records < parts).
  static std::vector<std::string> splitKeys(uint64_t records, int parts);
  // The record index of a key made by key(); nullopt for anything else.
  static std::optional<uint64_t> indexOf(std::string_view key);

  // Overwrites *out with the value of record `index` at `version`.
  void value(uint64_t index, uint64_t version, std::string* out) const;
  // True when `bytes` equals value(index, version).
  bool matches(std::string_view bytes, uint64_t index, uint64_t version) const;

 private:
  size_t fillerOffset(uint64_t index, uint64_t version) const;

  const size_t m_valueBytes;
  std::string m_filler;
};

// An order-sensitive 64-bit digest of what a workload read. Two systems that
// returned the same values in the same order have the same digest.
class ReadDigest {
 public:
  void add(std::string_view bytes);
  uint64_t value() const { return m_state; }

 private:
  uint64_t m_state = 0x6a09e667f3bcc908ull;
};

}  // namespace regionlab::bench
