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
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/cell.h"
#include "regionlab/status.h"
#include "util/coding.h"

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

// One edit as EncodeWalEntryWith reads it: views of the caller's data.
struct WalEditView {
  std::string_view family, row, qualifier;
  int64_t timestamp = 0;
  CellType type = CellType::kPut;
  std::string_view value;
};

// Appends the same bytes EncodeWalEntry writes for an entry with these
// fields, taking edit i from edit_at(i) (a WalEditView), for callers that
// hold their edits in another shape: the region's write path encodes its
// mutations straight into the log record without building WalEntries.
template <typename EditAt>
void EncodeWalEntryWith(std::string_view region, uint64_t sequence_id, int64_t write_time_ms,
                        uint32_t edit_count, const EditAt& edit_at, std::string* dst);

// Parses a payload produced by EncodeWalEntry into *out (overwritten; its
// contents are unspecified after a failure).
// Returns Corruption naming the problem (a truncated field, an unknown cell
// type, trailing bytes) when `payload` is malformed; never reads outside it.
Status DecodeWalEntry(std::string_view payload, WalEntry* out);

// InvalidArgument when `e` could not be replayed after being written: an
// empty region name or an edit whose type is not Put or a delete marker.
Status ValidateWalEntry(const WalEntry& e);

namespace wal_internal {
// Inline: the write path encodes a dozen fields per mutation.
inline size_t VarintSize(uint64_t v) { return static_cast<size_t>(VarintLength(v)); }
inline char* PutVarint(char* p, uint64_t v) { return EncodeVarint64(p, v); }
// varint32 length + bytes
inline char* PutBytes(char* p, std::string_view bytes) {
  p = PutVarint(p, bytes.size());
  if (!bytes.empty()) std::memcpy(p, bytes.data(), bytes.size());
  return p + bytes.size();
}
}  // namespace wal_internal

template <typename EditAt>
void EncodeWalEntryWith(std::string_view region, uint64_t sequence_id, int64_t write_time_ms,
                        uint32_t edit_count, const EditAt& edit_at, std::string* dst) {
  using namespace wal_internal;
  auto bytes_size = [](std::string_view b) { return VarintSize(b.size()) + b.size(); };
  // Sized exactly first, then written through a pointer: one growth of *dst.
  size_t size = bytes_size(region) + VarintSize(sequence_id) +
                VarintSize(static_cast<uint64_t>(write_time_ms)) + VarintSize(edit_count);
  for (uint32_t i = 0; i < edit_count; ++i) {
    const WalEditView e = edit_at(i);
    size += bytes_size(e.family) + bytes_size(e.row) + bytes_size(e.qualifier) +
            VarintSize(static_cast<uint64_t>(e.timestamp)) + 1 + bytes_size(e.value);
  }
  const size_t start = dst->size();
  dst->resize(start + size);
  char* p = dst->data() + start;
  p = PutBytes(p, region);
  p = PutVarint(p, sequence_id);
  p = PutVarint(p, static_cast<uint64_t>(write_time_ms));
  p = PutVarint(p, edit_count);
  for (uint32_t i = 0; i < edit_count; ++i) {
    const WalEditView e = edit_at(i);
    p = PutBytes(p, e.family);
    p = PutBytes(p, e.row);
    p = PutBytes(p, e.qualifier);
    p = PutVarint(p, static_cast<uint64_t>(e.timestamp));
    *p++ = static_cast<char>(e.type);
    p = PutBytes(p, e.value);
  }
}

}  // namespace regionlab
