// The encoded key of a cell inside one store (one column family).
//
// The family is implicit (a store holds one family), so the key is:
//
//   +----------------+-----+-----------+--------------+------+-------------+
//   | row_len: u16BE | row | qualifier | timestamp:   | type | sequence_id |
//   |                |     |           | i64 BE (>=0) | u8   | u64 BE      |
//   +----------------+-----+-----------+--------------+------+-------------+
//
// The qualifier length is what remains: size - 2 - row_len - 17.
// Keys order as HBase orders cells: row ascending, qualifier ascending, then
// timestamp, type and sequence id all descending. Because the 17-byte tail is
// big-endian and every field in it sorts descending, the tail compares as
// memcmp with the operands swapped.
//
// Delete markers of the family kind (DeleteFamily, DeleteFamilyVersion) carry
// an empty qualifier, so they sort first in their row.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "regionlab/cell.h"
#include "util/coding.h"
#include "util/key_buffer.h"

namespace regionlab {

inline constexpr size_t kKeyTailSize = 17;  // timestamp + type + sequence id
inline constexpr uint64_t kMaxSequenceId = UINT64_MAX;

struct ParsedKey {
  std::string_view row;
  std::string_view qualifier;
  int64_t timestamp = 0;
  CellType type = CellType::kPut;
  uint64_t sequence_id = 0;
};

// REQUIRES: row.size() <= kMaxRowLength, timestamp >= 0.
void AppendKey(std::string* dst, std::string_view row, std::string_view qualifier,
               int64_t timestamp, CellType type, uint64_t sequence_id);
void AppendKey(KeyBuffer* dst, std::string_view row, std::string_view qualifier,
               int64_t timestamp, CellType type, uint64_t sequence_id);
std::string EncodeKey(std::string_view row, std::string_view qualifier, int64_t timestamp,
                      CellType type, uint64_t sequence_id);

// False when `key` is not a well-formed key (too short, bad row length or type).
bool ParseKey(std::string_view key, ParsedKey* out);

// The row of a well-formed key, without parsing the rest (inline: the
// read path asks it for every row).
inline std::string_view KeyRow(std::string_view key) {
  return key.substr(2, DecodeBigEndian16(key.data()));
}

namespace key_internal {
// Eight bytes as a big-endian number, so that integer order is byte order.
inline uint64_t LoadBigEndian64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
  return v;
}
// memcmp order over [a, a + an) and [b, b + bn), the shorter first on a tie;
// returns -1, 0 or 1. Eight bytes at a time: rows are typically 8-32 bytes.
inline int CompareBytes(const char* a, size_t an, const char* b, size_t bn) {
  const size_t n = an < bn ? an : bn;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const uint64_t x = LoadBigEndian64(a + i);
    const uint64_t y = LoadBigEndian64(b + i);
    if (x != y) return x < y ? -1 : 1;
  }
  for (; i < n; ++i) {
    const auto x = static_cast<uint8_t>(a[i]);
    const auto y = static_cast<uint8_t>(b[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return an < bn ? -1 : (an > bn ? 1 : 0);
}
}  // namespace key_internal

// a == b, inline for the short strings keys are made of (rows,
// qualifiers): the read path compares a row or column per cell.
inline bool SameBytes(std::string_view a, std::string_view b) {
  const size_t n = a.size();
  if (n != b.size()) return false;
  const char* x = a.data();
  const char* y = b.data();
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t u, v;
    std::memcpy(&u, x + i, 8);
    std::memcpy(&v, y + i, 8);
    if (u != v) return false;
  }
  for (; i < n; ++i) {
    if (x[i] != y[i]) return false;
  }
  return true;
}

// True when `key` is a key of a cell in `row` (its row field equals `row`);
// false for anything too short to hold that row.
inline bool KeyHasRow(std::string_view key, std::string_view row) {
  if (key.size() < 2 + row.size()) return false;
  const size_t len = (static_cast<uint8_t>(key[0]) << 8) | static_cast<uint8_t>(key[1]);
  return len == row.size() && SameBytes(std::string_view(key.data() + 2, len), row);
}

// True when `key` names the column whose keys start with `column_prefix`
// (a key without its kKeyTailSize-byte tail): the same row and qualifier.
inline bool KeyInColumn(std::string_view key, std::string_view column_prefix) {
  return key.size() == column_prefix.size() + kKeyTailSize &&
         SameBytes(key.substr(0, column_prefix.size()), column_prefix);
}

// Compares only (row, qualifier): 0 when both name the same column.
// Returns -1, 0 or 1. REQUIRES: both keys well-formed.
inline int CompareKeyColumns(std::string_view a, std::string_view b) {
  const size_t arow = (static_cast<uint8_t>(a[0]) << 8) | static_cast<uint8_t>(a[1]);
  const size_t brow = (static_cast<uint8_t>(b[0]) << 8) | static_cast<uint8_t>(b[1]);
  const int c = key_internal::CompareBytes(a.data() + 2, arow, b.data() + 2, brow);
  if (c != 0) return c;
  return key_internal::CompareBytes(a.data() + 2 + arow, a.size() - 2 - arow - kKeyTailSize,
                                    b.data() + 2 + brow, b.size() - 2 - brow - kKeyTailSize);
}

// Three-way comparison of two well-formed keys: -1, 0 or 1. Inline, because
// every seek, skiplist step and merge compares keys.
inline int CompareKeys(std::string_view a, std::string_view b) {
  const int c = CompareKeyColumns(a, b);
  if (c != 0) return c;
  // Tails (timestamp, type, sequence id) sort descending: compare b's to a's.
  const char* ta = a.data() + a.size() - kKeyTailSize;
  const char* tb = b.data() + b.size() - kKeyTailSize;
  return key_internal::CompareBytes(tb, kKeyTailSize, ta, kKeyTailSize);
}

struct KeyComparator {
  int operator()(std::string_view a, std::string_view b) const { return CompareKeys(a, b); }
};

// A key that sorts before every cell of `row`.
std::string FirstKeyOnRow(std::string_view row);
// A key that sorts before every cell of (row, qualifier).
std::string FirstKeyOnColumn(std::string_view row, std::string_view qualifier);

// The same seek targets built into a reused buffer (*dst is replaced):
// FirstKeyOnRow(row), or with next_row FirstKeyOnRow(row + '\0'), the first
// key after every cell of `row`. For a row of kMaxRowLength bytes that key is
// one byte longer than a cell key may be: a seek target, not a cell.
void SetFirstKeyOnRow(KeyBuffer* dst, std::string_view row, bool next_row = false);
// FirstKeyOnColumn(row, qualifier), or with next_column
// FirstKeyOnColumn(row, qualifier + '\0'), the first key after the column.
void SetFirstKeyOnColumn(KeyBuffer* dst, std::string_view row, std::string_view qualifier,
                         bool next_column = false);

}  // namespace regionlab
