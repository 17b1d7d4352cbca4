// WalEntry: one row mutation as the write-ahead log stores it (HBase's WALKey
// plus WALEdit), and its payload encoding.
//
// One WAL is shared by every region of a region server, so each entry names
// its region. All edits of an entry belong to one row mutation and share its
// sequence id (the region's MVCC write number); replay applies them together.
//
// Payload layout (see FORMAT-wal.md for the byte diagram and a worked example):
//
//   region          varint32 length + bytes
//   sequence_id     varint64
//   write_time_ms   varint64 (the int64 reinterpreted as uint64)
//   edit_count      varint32
//   edit_count x {
//     family        varint32 length + bytes
//     row           varint32 length + bytes
//     qualifier     varint32 length + bytes
//     timestamp     varint64 (the int64 reinterpreted as uint64)
//     type          1 byte, a CellType code (Put or one of the delete markers)
//     value         varint32 length + bytes
//   }
//
// Thread-safety: plain values; the functions are pure.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/cell.h"
#include "regionlab/status.h"

namespace regionlab {

// One cell of a mutation.
struct WalEdit {
  std::string family;
  std::string row;
  std::string qualifier;
  int64_t timestamp = 0;
  CellType type = CellType::kPut;
  std::string value;

  bool operator==(const WalEdit&) const = default;
};

// One row mutation of one region.
struct WalEntry {
  std::string region;         // encoded region name
  uint64_t sequence_id = 0;   // shared by all edits (the MVCC write number)
  int64_t write_time_ms = 0;  // when the region server accepted the mutation
  std::vector<WalEdit> edits;

  bool operator==(const WalEntry&) const = default;
};

// Appends the payload encoding of `e` to *dst.
void EncodeWalEntry(const WalEntry& e, std::string* dst);

// Parses a payload produced by EncodeWalEntry into *out (overwritten; its
// contents are unspecified after a failure).
// Returns Corruption naming the problem (a truncated field, an unknown cell
// type, trailing bytes) when `payload` is malformed; never reads outside it.
Status DecodeWalEntry(std::string_view payload, WalEntry* out);

// InvalidArgument when `e` could not be replayed after being written: an
// empty region name or an edit whose type is not Put or a delete marker.
Status ValidateWalEntry(const WalEntry& e);

}  // namespace regionlab
