// The on-disk layout of WAL segment files: constants shared by the writer
// (wal.cc) and the reader (wal_reader.cc), and the few helpers that produce
// and recognise the framing. FORMAT-wal.md describes the layout in prose.
//
// Version 2 (written since the WAL could resynchronise after damage):
//   segment := header record*
//   header  := magic[8] "RLWALSEG" | version: u32 = 2 | flags: u32 |
//              run_id: u64 | header_crc: u32                         (28 bytes)
//   record  := masked_crc: u32 | length: u32 | type: u8 |
//              header_crc: u32 | payload[length]                     (13 + length)
//
// Version 1 (still read): a 16-byte segment header without run_id and
// header_crc, and 9-byte record headers without header_crc.
//
// Integers are little-endian. masked_crc is crc32c::Mask(CRC32C(type byte +
// payload)). A record's header_crc is crc32c::Mask(CRC32C(run_id + the 9
// bytes before it)): it proves the length, so a damaged payload costs that
// record only, and since run_id is random per writer, a record copied into
// another record's payload (a value that holds WAL bytes) never passes for
// one of this segment when the reader looks for the next intact record.
// Records are never fragmented: one record holds one whole WalEntry.
//
// Thread-safety: constants and pure functions only.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace regionlab::wal {

inline constexpr char kSegmentMagic[] = "RLWALSEG";  // 8 bytes, no terminator on disk
inline constexpr size_t kSegmentMagicSize = 8;
inline constexpr uint32_t kSegmentVersion1 = 1;
inline constexpr uint32_t kSegmentVersion = 2;  // what the writer writes
// Offsets of the header fields.
inline constexpr size_t kSegmentVersionOffset = 8;
inline constexpr size_t kSegmentFlagsOffset = 12;
inline constexpr size_t kSegmentRunIdOffset = 16;      // version 2
inline constexpr size_t kSegmentHeaderCrcOffset = 24;  // version 2
inline constexpr size_t kSegmentHeaderSizeV1 = 16;
inline constexpr size_t kSegmentHeaderSize = 28;

// crc (4) + length (4) + type (1), then in version 2 the header crc (4).
inline constexpr size_t kRecordHeaderSizeV1 = 9;
inline constexpr size_t kRecordHeaderCrcOffset = 9;
inline constexpr size_t kRecordHeaderSize = 13;
// The length field is 32 bits wide.
inline constexpr uint64_t kMaxRecordPayload = UINT32_MAX;

enum class RecordType : uint8_t {
  // Never written. A record header of zeros is what a crash leaves when the
  // file system extended the file but never wrote its data.
  kZero = 0,
  // The payload is one EncodeWalEntry() encoding.
  kEntry = 1,
};

// A run id for a new writer: random, so that no earlier segment and no byte
// string in a payload carries it by chance.
uint64_t NewRunId();

// The 28-byte version 2 header every segment starts with.
std::string EncodeSegmentHeader(uint64_t run_id);
// The 16-byte version 1 header (for reading tests of old segments).
std::string EncodeSegmentHeaderV1();
// The masked CRC stored at kSegmentHeaderCrcOffset of a version 2 header.
// REQUIRES: header holds at least kSegmentHeaderCrcOffset bytes.
uint32_t SegmentHeaderChecksum(std::string_view header);

// "wal-00000000000000000042.log" for number 42.
std::string SegmentFileName(uint64_t number);
// True, with *number set, when `name` is exactly a segment file name.
bool ParseSegmentFileName(std::string_view name, uint64_t* number);

// Appends a version 2 record header placeholder to *dst and returns its
// position, so a payload can be encoded straight after it without a copy.
size_t BeginRecord(std::string* dst);
// Fills in the header reserved at `header_pos` for the `type` record whose
// payload is everything appended after that header, for a segment of run
// `run_id`. REQUIRES: the payload is at most kMaxRecordPayload bytes.
void FinishRecord(std::string* dst, size_t header_pos, RecordType type, uint64_t run_id);
// A whole version 1 record (for reading tests of old segments).
std::string EncodeRecordV1(RecordType type, std::string_view payload);

// The masked CRC stored for a record of `type` with `payload`.
uint32_t RecordChecksum(RecordType type, std::string_view payload);
// The masked CRC stored at kRecordHeaderCrcOffset of a version 2 record
// whose header starts with `first9` (crc, length, type) in run `run_id`.
uint32_t RecordHeaderChecksum(uint64_t run_id, const char* first9);

}  // namespace regionlab::wal
