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

#include <cstdint>
#include <string>
#include <string_view>

#include "regionlab/cell.h"

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
std::string EncodeKey(std::string_view row, std::string_view qualifier, int64_t timestamp,
                      CellType type, uint64_t sequence_id);

// False when `key` is not a well-formed key (too short, bad row length or type).
bool ParseKey(std::string_view key, ParsedKey* out);

// The row of a well-formed key, without parsing the rest.
std::string_view KeyRow(std::string_view key);

// Three-way comparison of two well-formed keys.
int CompareKeys(std::string_view a, std::string_view b);
// Compares only (row, qualifier): 0 when both name the same column.
int CompareKeyColumns(std::string_view a, std::string_view b);

struct KeyComparator {
  int operator()(std::string_view a, std::string_view b) const { return CompareKeys(a, b); }
};

// A key that sorts before every cell of `row`.
std::string FirstKeyOnRow(std::string_view row);
// A key that sorts before every cell of (row, qualifier).
std::string FirstKeyOnColumn(std::string_view row, std::string_view qualifier);

}  // namespace regionlab
