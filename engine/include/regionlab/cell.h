// Cells: the unit of data, as in HBase.
//
// A cell is (row, family, qualifier, timestamp, type, value). Cells sort by
// row ascending, family ascending, qualifier ascending, timestamp descending,
// type code descending (so a delete marker comes before a put with the same
// timestamp) and finally sequence id descending (newest write first).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace regionlab {

// HBase's KeyValue.Type codes. The numeric values are stored on disk.
enum class CellType : uint8_t {
  kMinimum = 0,
  kPut = 4,
  kDelete = 8,               // one version of one column, exact timestamp
  kDeleteFamilyVersion = 10, // every column of a family, exact timestamp
  kDeleteColumn = 12,        // every version of one column with timestamp <= ts
  kDeleteFamily = 14,        // every column of a family with timestamp <= ts
  kMaximum = 255,
};

// HBase's name for a type ("Put", "DeleteColumn", ...).
const char* CellTypeName(CellType type);
// True for the four delete-marker types.
inline bool IsDeleteType(CellType t) {
  return t == CellType::kDelete || t == CellType::kDeleteFamilyVersion ||
         t == CellType::kDeleteColumn || t == CellType::kDeleteFamily;
}
// True for a known type code (Put or a delete marker).
bool IsValidCellType(uint8_t code);

// HConstants.LATEST_TIMESTAMP: "now" when the write is applied.
inline constexpr int64_t kLatestTimestamp = std::numeric_limits<int64_t>::max();
// HConstants.FOREVER, the TTL of a family that never expires (seconds).
inline constexpr int64_t kTtlForever = std::numeric_limits<int32_t>::max();
// HBase stores the row length in a short.
inline constexpr size_t kMaxRowLength = 32767;

struct Cell {
  std::string row;
  std::string family;
  std::string qualifier;
  int64_t timestamp = 0;
  CellType type = CellType::kPut;
  std::string value;
  uint64_t sequence_id = 0;  // assigned by the region when written

  bool operator==(const Cell&) const = default;
};

// Total order described above, over (row, family, qualifier, ts, type, seq).
int CompareCells(const Cell& a, const Cell& b);

}  // namespace regionlab
