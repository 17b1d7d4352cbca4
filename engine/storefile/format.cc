#include "storefile/format.h"

#include <cstdio>
#include <cstring>

#include "storefile/block_codec.h"
#include "util/coding.h"
#include "util/crc32c.h"
#include "util/env.h"
#include "util/key_value.h"

namespace regionlab::storefile {

namespace {

// Bytes of the trailer covered by its CRC: three handles and the version.
constexpr size_t kTrailerCrcCovered = 6 * 8 + 4;

std::string Hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%08x", v);
  return buf;
}

}  // namespace

void BlockHandle::EncodeTo(std::string* dst) const {
  PutVarint64(dst, offset);
  PutVarint64(dst, size);
}

bool BlockHandle::DecodeFrom(std::string_view* input) {
  return GetVarint64(input, &offset) && GetVarint64(input, &size);
}

void FixedTrailer::EncodeTo(std::string* dst) const {
  const size_t start = dst->size();
  for (const BlockHandle* h : {&bloom, &index, &file_info}) {
    PutFixed64(dst, h->offset);
    PutFixed64(dst, h->size);
  }
  PutFixed32(dst, version);
  PutFixed32(dst, crc32c::Mask(crc32c::Value(dst->data() + start, kTrailerCrcCovered)));
  dst->append(kTrailerMagic.data(), kTrailerMagic.size());
}

Status FixedTrailer::DecodeFrom(std::string_view input, const std::string& path, uint64_t offset,
                                FixedTrailer* out) {
  constexpr std::string_view kWhat = "fixed trailer";
  if (input.size() != kFixedTrailerSize) {
    return CorruptionAt(path, kWhat, offset, "wrong size " + std::to_string(input.size()));
  }
  const std::string_view magic = input.substr(kFixedTrailerSize - kTrailerMagic.size());
  if (magic != kTrailerMagic) {
    return CorruptionAt(path, kWhat, offset + kFixedTrailerSize - kTrailerMagic.size(),
                        "bad magic (not a store file)");
  }
  const uint32_t stored_crc = crc32c::Unmask(DecodeFixed32(input.data() + kTrailerCrcCovered));
  const uint32_t actual_crc = crc32c::Value(input.data(), kTrailerCrcCovered);
  if (stored_crc != actual_crc) {
    return CorruptionAt(
        path, kWhat, offset,
        "checksum mismatch (stored " + Hex32(stored_crc) + ", computed " + Hex32(actual_crc) + ")");
  }
  FixedTrailer t;
  const char* p = input.data();
  for (BlockHandle* h : {&t.bloom, &t.index, &t.file_info}) {
    h->offset = DecodeFixed64(p);
    h->size = DecodeFixed64(p + 8);
    p += 16;
  }
  t.version = DecodeFixed32(p);
  if (t.version != kFormatVersion) {
    return CorruptionAt(path, kWhat, offset,
                        "unsupported format version " + std::to_string(t.version));
  }
  *out = t;
  return Status::OK();
}

std::string BlockTrailer(std::string_view stored, Compression type) {
  std::string trailer(1, static_cast<char>(type));
  uint32_t crc = crc32c::Value(stored.data(), stored.size());
  crc = crc32c::Extend(crc, trailer.data(), 1);
  PutFixed32(&trailer, crc32c::Mask(crc));
  return trailer;
}

namespace {

// ReadBlock into the buffer alloc(n) returns (n bytes, written once);
// scratch holds the stored bytes when the file has no mapping.
template <typename Alloc>
Status ReadBlockInto(const RandomAccessFile& file, const BlockHandle& handle, std::string_view what,
                     std::string* scratch, Compression* type, Alloc alloc) {
  const std::string& path = file.path();
  const uint64_t file_size = file.Size();
  if (handle.offset > file_size || handle.size > file_size - handle.offset ||
      kBlockTrailerSize > file_size - handle.offset - handle.size) {
    return CorruptionAt(path, what, handle.offset,
                        "block of " + std::to_string(handle.size) +
                            " bytes extends past the end of the file (" +
                            std::to_string(file_size) + " bytes)");
  }
  std::string_view raw;  // a view of the file's mapping, or of *scratch
  const size_t n = static_cast<size_t>(handle.size);
  Status s = file.ReadView(handle.offset, n + kBlockTrailerSize, scratch, &raw);
  if (!s.ok()) return s;

  const char* trailer = raw.data() + n;
  const uint32_t stored_crc = crc32c::Unmask(DecodeFixed32(trailer + 1));
  const uint32_t actual_crc = crc32c::Value(raw.data(), n + 1);
  if (stored_crc != actual_crc) {
    return CorruptionAt(
        path, what, handle.offset,
        "checksum mismatch (stored " + Hex32(stored_crc) + ", computed " + Hex32(actual_crc) + ")");
  }
  const auto code = static_cast<uint8_t>(trailer[0]);
  if (!IsCompressionCode(code)) {
    return CorruptionAt(path, what, handle.offset,
                        "unknown compression type " + std::to_string(code));
  }
  const auto codec = static_cast<Compression>(code);
  const std::string_view stored(raw.data(), n);
  size_t ulen = 0;
  std::string error;
  if (!UncompressedLength(codec, stored, &ulen, &error)) {
    return CorruptionAt(path, what, handle.offset, error);
  }
  if (!UncompressBlock(codec, stored, alloc(ulen), ulen, &error)) {
    alloc(0);
    return CorruptionAt(path, what, handle.offset, error);
  }
  if (type != nullptr) *type = static_cast<Compression>(code);
  return Status::OK();
}

}  // namespace

Status ReadBlock(const RandomAccessFile& file, const BlockHandle& handle, std::string_view what,
                 std::string* contents, Compression* type) {
  std::string scratch;
  return ReadBlockInto(file, handle, what, &scratch, type, [contents](size_t n) {
    contents->resize(n);
    return contents->data();
  });
}

Status ReadBlock(const RandomAccessFile& file, const BlockHandle& handle, std::string_view what,
                 BlockData* contents, Compression* type) {
  std::string scratch;
  return ReadBlockInto(file, handle, what, &scratch, type, [contents](size_t n) {
    *contents = n == 0 ? BlockData() : BlockData(n);
    return contents->mutable_data();
  });
}

Status CorruptionAt(const std::string& path, std::string_view what, uint64_t offset,
                    std::string_view detail) {
  std::string msg = path;
  msg += ": ";
  msg += what;
  msg += " at offset ";
  msg += std::to_string(offset);
  msg += ": ";
  msg += detail;
  return Status::Corruption(msg);
}

}  // namespace regionlab::storefile
