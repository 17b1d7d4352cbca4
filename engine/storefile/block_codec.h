// Block codecs: the compression of one stored block (HBase's
// Compression.Algorithm), each from its Debian library: snappy, zlib (GZ),
// liblz4, libzstd and liblzo2.
//
// Stored bytes per codec (FORMAT-storefile.md, "Block framing"):
//   SNAPPY  raw snappy (which starts with the uncompressed length as a varint)
//   GZ      varint32 uncompressed length | gzip member (deflate, level 6)
//   LZ4     varint32 uncompressed length | LZ4 block (LZ4_compress_default)
//   ZSTD    varint32 uncompressed length | zstd frame (level 3, HBase's default)
//   LZO     varint32 uncompressed length | LZO1X-1 block
// The length comes first so that a reader can refuse an implausible claim
// before it allocates: each codec has a largest possible expansion
// (MaxUncompressedSize), and a claim beyond it is corruption.
//
// Thread-safety: free functions, safe to call from any number of threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "regionlab/options.h"

namespace regionlab::storefile {

// Replaces *out with `raw` compressed by `codec`. REQUIRES: codec != kNone.
void CompressBlock(Compression codec, std::string_view raw, std::string* out);

// The uncompressed length the stored bytes of a `codec` block claim. False
// (with *error saying why) when the header is unreadable or the claim
// exceeds what `codec` can produce from `stored.size()` bytes.
bool UncompressedLength(Compression codec, std::string_view stored, size_t* length,
                        std::string* error);

// Uncompresses `stored` into dst[0, length), where `length` came from
// UncompressedLength. False (with *error) unless the data decodes to exactly
// `length` bytes. Never writes outside dst[0, length).
bool UncompressBlock(Compression codec, std::string_view stored, char* dst, size_t length,
                     std::string* error);

// The most bytes `stored_size` bytes of `codec` can uncompress to.
uint64_t MaxUncompressedSize(Compression codec, uint64_t stored_size);

}  // namespace regionlab::storefile
