// Store-file framing shared by the writer and the reader: block handles, the
// 5-byte block trailer (compression type + masked CRC32C), the fixed trailer
// at the end of the file, and reading a framed block back with every check.
//
// The byte layout is documented in FORMAT-storefile.md next to this file.
//
// Thread-safety: plain values and free functions; ReadBlock may be called
// concurrently on one RandomAccessFile.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "regionlab/options.h"
#include "regionlab/status.h"
#include "util/block_data.h"
#include "util/coding.h"
#include "util/key_value.h"

namespace regionlab {

class RandomAccessFile;

namespace storefile {

// Every block is followed by a compression type byte and a masked CRC32C of
// (stored contents + type byte).
inline constexpr size_t kBlockTrailerSize = 5;
// Fixed-size trailer at the end of every store file (HBase's FixedFileTrailer).
inline constexpr size_t kFixedTrailerSize = 64;
inline constexpr uint32_t kFormatVersion = 1;
// The last 8 bytes of every store file.
inline constexpr std::string_view kTrailerMagic{"RLTRABLK", 8};
// Entries between restart points in data blocks. The block index uses 1 so
// that every index key can be binary searched.
inline constexpr int kDataBlockRestartInterval = 16;
inline constexpr int kIndexBlockRestartInterval = 1;

// Where a block's stored contents live: `size` excludes the 5-byte trailer.
struct BlockHandle {
  uint64_t offset = 0;
  uint64_t size = 0;

  // End of the block including its trailer.
  uint64_t end() const { return offset + size + kBlockTrailerSize; }
  void EncodeTo(std::string* dst) const;  // varint64 offset, varint64 size
  bool DecodeFrom(std::string_view* input);
  bool operator==(const BlockHandle&) const = default;
};

// HBase's FixedFileTrailer: where the load-on-open blocks are. A bloom handle
// of {0, 0} means the file has no bloom block.
struct FixedTrailer {
  BlockHandle bloom;
  BlockHandle index;
  BlockHandle file_info;
  uint32_t version = kFormatVersion;

  // Appends exactly kFixedTrailerSize bytes.
  void EncodeTo(std::string* dst) const;
  // Checks size, magic, CRC and version. `offset` is where `input` starts in
  // the file at `path`; both appear in error messages.
  static Status DecodeFrom(std::string_view input, const std::string& path, uint64_t offset,
                           FixedTrailer* out);
};

// The 5-byte trailer for a block whose stored bytes are `stored`.
std::string BlockTrailer(std::string_view stored, Compression type);

// Reads the framed block at `handle`, verifies its CRC, and returns the
// uncompressed contents in *contents and the stored type in *type (may be
// null). `what` ("data block", "block index", ...) names the block in errors:
// "<path>: <what> at offset N: checksum mismatch". Never reads outside the
// file and never allocates more than a bounded multiple of the stored size.
Status ReadBlock(const RandomAccessFile& file, const BlockHandle& handle, std::string_view what,
                 std::string* contents, Compression* type = nullptr);
// The same, into a BlockData (data blocks: shared with the block cache).
Status ReadBlock(const RandomAccessFile& file, const BlockHandle& handle, std::string_view what,
                 BlockData* contents, Compression* type = nullptr);

// True when `key` has the structure of util/key_value.h (long enough, row
// length in range), so CompareKeys on it stays inside its bytes.
// Inline: the block iterator checks every key it decodes.
inline bool IsWellFormedKey(std::string_view key) {
  if (key.size() < 2 + kKeyTailSize) return false;
  return DecodeBigEndian16(key.data()) <= key.size() - 2 - kKeyTailSize;
}

// "<path>: <what> at offset <offset>: <detail>".
Status CorruptionAt(const std::string& path, std::string_view what, uint64_t offset,
                    std::string_view detail);

}  // namespace storefile
}  // namespace regionlab
