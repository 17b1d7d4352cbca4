#include "storefile/block_codec.h"

#include <lz4.h>
#include <lzo/lzo1x.h>
#include <snappy.h>
#include <zlib.h>
#include <zstd.h>

#include <cassert>
#include <cstring>
#include <memory>

#include "util/coding.h"

namespace regionlab::storefile {

namespace {

// HBase's defaults: Hadoop's GzipCodec compresses at zlib's default level,
// hbase.io.compress.zstd.level is 3.
constexpr int kGzLevel = Z_DEFAULT_COMPRESSION;
constexpr int kZstdLevel = 3;
// windowBits 15 plus 16: the gzip wrapper instead of zlib's.
constexpr int kGzipWindowBits = 15 + 16;

bool LzoReady() {
  static const bool ok = lzo_init() == LZO_E_OK;
  return ok;
}

// Appends the length prefix of the codecs that have none of their own.
size_t PutLengthPrefix(std::string* out, size_t raw_size) {
  out->clear();
  PutVarint32(out, static_cast<uint32_t>(raw_size));
  return out->size();
}

void CompressGz(std::string_view raw, std::string* out) {
  const size_t head = PutLengthPrefix(out, raw.size());
  z_stream zs{};
  [[maybe_unused]] int rc =
      deflateInit2(&zs, kGzLevel, Z_DEFLATED, kGzipWindowBits, 8, Z_DEFAULT_STRATEGY);
  assert(rc == Z_OK);
  const uLong bound = deflateBound(&zs, static_cast<uLong>(raw.size()));
  out->resize(head + bound);
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(raw.data()));
  zs.avail_in = static_cast<uInt>(raw.size());
  zs.next_out = reinterpret_cast<Bytef*>(out->data() + head);
  zs.avail_out = static_cast<uInt>(bound);
  rc = deflate(&zs, Z_FINISH);
  assert(rc == Z_STREAM_END);
  out->resize(head + zs.total_out);
  deflateEnd(&zs);
}

void CompressLz4(std::string_view raw, std::string* out) {
  const size_t head = PutLengthPrefix(out, raw.size());
  const int bound = LZ4_compressBound(static_cast<int>(raw.size()));
  out->resize(head + static_cast<size_t>(bound));
  const int n = LZ4_compress_default(raw.data(), out->data() + head, static_cast<int>(raw.size()),
                                     bound);
  assert(n > 0 || raw.empty());
  out->resize(head + static_cast<size_t>(n));
}

void CompressZstd(std::string_view raw, std::string* out) {
  const size_t head = PutLengthPrefix(out, raw.size());
  const size_t bound = ZSTD_compressBound(raw.size());
  out->resize(head + bound);
  thread_local std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> ctx(ZSTD_createCCtx(),
                                                                      ZSTD_freeCCtx);
  const size_t n =
      ZSTD_compressCCtx(ctx.get(), out->data() + head, bound, raw.data(), raw.size(), kZstdLevel);
  assert(!ZSTD_isError(n));
  out->resize(head + n);
}

void CompressLzo(std::string_view raw, std::string* out) {
  [[maybe_unused]] const bool ready = LzoReady();
  assert(ready);
  const size_t head = PutLengthPrefix(out, raw.size());
  // liblzo2's documented worst case for LZO1X-1.
  const size_t bound = raw.size() + raw.size() / 16 + 64 + 3;
  out->resize(head + bound);
  thread_local std::unique_ptr<unsigned char[]> work(new unsigned char[LZO1X_1_MEM_COMPRESS]);
  lzo_uint n = bound;
  [[maybe_unused]] const int rc = lzo1x_1_compress(
      reinterpret_cast<const unsigned char*>(raw.data()), raw.size(),
      reinterpret_cast<unsigned char*>(out->data() + head), &n, work.get());
  assert(rc == LZO_E_OK);
  out->resize(head + n);
}

// The codec as error messages name it ("snappy data does not uncompress").
std::string_view Label(Compression codec) {
  switch (codec) {
    case Compression::kNone: return "uncompressed";
    case Compression::kSnappy: return "snappy";
    case Compression::kGz: return "gzip";
    case Compression::kLz4: return "lz4";
    case Compression::kZstd: return "zstd";
    case Compression::kLzo: return "lzo";
  }
  return "unknown";
}

}  // namespace

uint64_t MaxUncompressedSize(Compression codec, uint64_t stored) {
  switch (codec) {
    case Compression::kNone: return stored;
    // A 3-byte snappy copy tag emits 64 bytes: at most ~21.4x.
    case Compression::kSnappy: return stored * 24 + 64;
    // deflate's longest match (258 bytes) in one bit: at most 1032x.
    case Compression::kGz: return stored * 1032 + 64;
    // LZ4 and LZO extend a match length by 255 per extra byte.
    case Compression::kLz4:
    case Compression::kLzo: return stored * 256 + 64;
    // A 4-byte zstd RLE block stands for up to 128 KiB.
    case Compression::kZstd: return stored * 32768 + 64;
  }
  return stored;
}

void CompressBlock(Compression codec, std::string_view raw, std::string* out) {
  switch (codec) {
    case Compression::kNone: out->assign(raw); return;
    case Compression::kSnappy: snappy::Compress(raw.data(), raw.size(), out); return;
    case Compression::kGz: return CompressGz(raw, out);
    case Compression::kLz4: return CompressLz4(raw, out);
    case Compression::kZstd: return CompressZstd(raw, out);
    case Compression::kLzo: return CompressLzo(raw, out);
  }
}

bool UncompressedLength(Compression codec, std::string_view stored, size_t* length,
                        std::string* error) {
  const std::string_view name = Label(codec);
  if (codec == Compression::kNone) {
    *length = stored.size();
    return true;
  }
  size_t claimed = 0;
  if (codec == Compression::kSnappy) {
    if (!snappy::GetUncompressedLength(stored.data(), stored.size(), &claimed)) {
      *error = "bad snappy header";
      return false;
    }
  } else {
    uint32_t n = 0;
    std::string_view in = stored;
    if (!GetVarint32(&in, &n)) {
      *error = "bad " + std::string(name) + " length header";
      return false;
    }
    claimed = n;
  }
  if (claimed > MaxUncompressedSize(codec, stored.size())) {
    *error = "bad " + std::string(name) + " header: claims " + std::to_string(claimed) + " bytes from " +
             std::to_string(stored.size());
    return false;
  }
  *length = claimed;
  return true;
}

bool UncompressBlock(Compression codec, std::string_view stored, char* dst, size_t length,
                     std::string* error) {
  if (codec == Compression::kNone) {
    if (length != 0) std::memcpy(dst, stored.data(), length);
    return true;
  }
  // Messages are built only on failure: this runs for every block read.
  const std::string_view name = Label(codec);
  auto fail = [&](std::string_view detail) {
    *error = std::string(name) + " data does not uncompress";
    if (!detail.empty()) *error += " (" + std::string(detail) + ")";
    return false;
  };
  if (codec == Compression::kSnappy) {
    return snappy::RawUncompress(stored.data(), stored.size(), dst) || fail({});
  }
  std::string_view in = stored;
  uint32_t ignored;
  if (!GetVarint32(&in, &ignored)) return fail("bad length header");
  size_t produced = 0;
  switch (codec) {
    case Compression::kGz: {
      z_stream zs{};
      if (inflateInit2(&zs, kGzipWindowBits) != Z_OK) return fail("zlib could not start");
      zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
      zs.avail_in = static_cast<uInt>(in.size());
      // zlib wants a non-null buffer even for zero bytes.
      char empty = 0;
      zs.next_out = reinterpret_cast<Bytef*>(length == 0 ? &empty : dst);
      zs.avail_out = static_cast<uInt>(length);
      const int rc = inflate(&zs, Z_FINISH);
      produced = zs.total_out;
      const bool whole = rc == Z_STREAM_END && zs.avail_in == 0;
      inflateEnd(&zs);
      if (!whole) return fail({});
      break;
    }
    case Compression::kLz4: {
      if (in.size() > INT32_MAX || length > INT32_MAX) return fail("block over 2 GiB");
      const int n = LZ4_decompress_safe(in.data(), dst, static_cast<int>(in.size()),
                                        static_cast<int>(length));
      if (n < 0) return fail({});
      produced = static_cast<size_t>(n);
      break;
    }
    case Compression::kZstd: {
      const size_t n = ZSTD_decompress(dst, length, in.data(), in.size());
      if (ZSTD_isError(n)) return fail(ZSTD_getErrorName(n));
      produced = n;
      break;
    }
    case Compression::kLzo: {
      if (!LzoReady()) return fail("liblzo2 could not start");
      lzo_uint n = length;
      const int rc = lzo1x_decompress_safe(reinterpret_cast<const unsigned char*>(in.data()),
                                           in.size(), reinterpret_cast<unsigned char*>(dst), &n,
                                           nullptr);
      if (rc != LZO_E_OK) return fail({});
      produced = n;
      break;
    }
    default: break;
  }
  if (produced != length) {
    *error = std::string(name) + " data uncompresses to " + std::to_string(produced) + " bytes, header says " +
             std::to_string(length);
    return false;
  }
  return true;
}

}  // namespace regionlab::storefile
