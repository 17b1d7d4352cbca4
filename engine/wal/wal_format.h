// The on-disk layout of WAL segment files: constants shared by the writer
// (wal.cc) and the reader (wal_reader.cc), and the few helpers that produce
// and recognise the framing. FORMAT-wal.md describes the layout in prose.
//
//   segment := header record*
//   header  := magic[8] "RLWALSEG" | version: u32 | flags: u32          (16 bytes)
//   record  := masked_crc: u32 | length: u32 | type: u8 | payload[length]
//
// Integers are little-endian. masked_crc is crc32c::Mask(CRC32C(type byte +
// payload)). Records are never fragmented: one record holds one whole
// WalEntry, whatever its size.
//
// Thread-safety: constants and pure functions only.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace regionlab::wal {

inline constexpr char kSegmentMagic[] = "RLWALSEG";  // 8 bytes, no terminator on disk
inline constexpr size_t kSegmentMagicSize = 8;
inline constexpr uint32_t kSegmentVersion = 1;
// Offsets of the header fields.
inline constexpr size_t kSegmentVersionOffset = 8;
inline constexpr size_t kSegmentFlagsOffset = 12;
inline constexpr size_t kSegmentHeaderSize = 16;

// crc (4) + length (4) + type (1).
inline constexpr size_t kRecordHeaderSize = 9;
// The length field is 32 bits wide.
inline constexpr uint64_t kMaxRecordPayload = UINT32_MAX;

enum class RecordType : uint8_t {
  // Never written. A record header of zeros is what a crash leaves when the
  // file system extended the file but never wrote its data.
  kZero = 0,
  // The payload is one EncodeWalEntry() encoding.
  kEntry = 1,
};

// The 16-byte header every segment starts with.
std::string EncodeSegmentHeader();

// "wal-00000000000000000042.log" for number 42.
std::string SegmentFileName(uint64_t number);
// True, with *number set, when `name` is exactly a segment file name.
bool ParseSegmentFileName(std::string_view name, uint64_t* number);

// Appends a record header placeholder to *dst and returns its position, so a
// payload can be encoded straight after it without a copy.
size_t BeginRecord(std::string* dst);
// Fills in the header reserved at `header_pos` for the `type` record whose
// payload is everything appended after that header.
// REQUIRES: the payload is at most kMaxRecordPayload bytes.
void FinishRecord(std::string* dst, size_t header_pos, RecordType type);

// The masked CRC stored for a record of `type` with `payload`.
uint32_t RecordChecksum(RecordType type, std::string_view payload);

}  // namespace regionlab::wal
