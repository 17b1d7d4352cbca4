#include "storefile/file_info.h"

#include "storefile/format.h"
#include "util/coding.h"

namespace regionlab::storefile {

namespace {

constexpr uint8_t kMajorCompactedFlag = 1;

}  // namespace

void EncodeFileInfo(const StoreFileInfo& info, std::string_view mid_key, std::string* dst) {
  PutLengthPrefixed(dst, info.first_key);
  PutLengthPrefixed(dst, info.last_key);
  PutLengthPrefixed(dst, mid_key);
  PutLengthPrefixed(dst, info.family);
  PutVarint64(dst, info.cell_count);
  PutVarint64(dst, info.delete_count);
  PutVarint64(dst, info.max_sequence_id);
  PutFixed64(dst, static_cast<uint64_t>(info.min_timestamp));
  PutFixed64(dst, static_cast<uint64_t>(info.max_timestamp));
  PutVarint64(dst, info.data_blocks);
  PutVarint64(dst, info.raw_data_bytes);
  PutVarint64(dst, info.stored_data_bytes);
  PutVarint32(dst, info.block_size);
  dst->push_back(static_cast<char>(info.compression));
  dst->push_back(static_cast<char>(info.bloom));
  dst->push_back(static_cast<char>(info.major_compacted ? kMajorCompactedFlag : 0));
  std::map<std::string, std::string> extra = info.extra;
  if (info.encoding != DataBlockEncoding::kNone) {
    extra[std::string(kDataBlockEncodingKey)] = DataBlockEncodingName(info.encoding);
  }
  PutVarint32(dst, static_cast<uint32_t>(extra.size()));
  for (const auto& [k, v] : extra) {
    PutLengthPrefixed(dst, k);
    PutLengthPrefixed(dst, v);
  }
}

Status DecodeFileInfo(std::string_view input, const std::string& path, uint64_t offset,
                      StoreFileInfo* info, std::string* mid_key) {
  constexpr std::string_view kWhat = "file info";
  auto bad = [&](std::string_view field) {
    return CorruptionAt(path, kWhat, offset, "bad field " + std::string(field));
  };
  std::string_view in = input;
  std::string_view first, last, mid, family;
  if (!GetLengthPrefixed(&in, &first)) return bad("first_key");
  if (!GetLengthPrefixed(&in, &last)) return bad("last_key");
  if (!GetLengthPrefixed(&in, &mid)) return bad("mid_key");
  if (!GetLengthPrefixed(&in, &family)) return bad("family");
  StoreFileInfo out;
  uint64_t min_ts = 0, max_ts = 0;
  if (!GetVarint64(&in, &out.cell_count)) return bad("cell_count");
  if (!GetVarint64(&in, &out.delete_count)) return bad("delete_count");
  if (!GetVarint64(&in, &out.max_sequence_id)) return bad("max_sequence_id");
  if (!GetFixed64(&in, &min_ts)) return bad("min_timestamp");
  if (!GetFixed64(&in, &max_ts)) return bad("max_timestamp");
  if (!GetVarint64(&in, &out.data_blocks)) return bad("data_blocks");
  if (!GetVarint64(&in, &out.raw_data_bytes)) return bad("raw_data_bytes");
  if (!GetVarint64(&in, &out.stored_data_bytes)) return bad("stored_data_bytes");
  if (!GetVarint32(&in, &out.block_size)) return bad("block_size");
  if (in.size() < 3) return bad("flags");
  const auto compression = static_cast<uint8_t>(in[0]);
  const auto bloom = static_cast<uint8_t>(in[1]);
  const auto flags = static_cast<uint8_t>(in[2]);
  in.remove_prefix(3);
  if (!IsCompressionCode(compression)) return bad("compression");
  if (bloom > static_cast<uint8_t>(BloomType::kRowCol)) return bad("bloom");
  if ((flags & ~kMajorCompactedFlag) != 0) return bad("flags");
  uint32_t extra_count = 0;
  if (!GetVarint32(&in, &extra_count)) return bad("extra count");
  for (uint32_t i = 0; i < extra_count; ++i) {
    std::string_view k, v;
    if (!GetLengthPrefixed(&in, &k) || !GetLengthPrefixed(&in, &v)) return bad("extra entry");
    out.extra.emplace(k, v);
  }
  if (auto it = out.extra.find(std::string(kDataBlockEncodingKey)); it != out.extra.end()) {
    if (!ParseDataBlockEncoding(it->second, &out.encoding) ||
        out.encoding == DataBlockEncoding::kNone) {
      return bad("DATA_BLOCK_ENCODING");
    }
    out.extra.erase(it);
  }
  if (!in.empty()) {
    return CorruptionAt(path, kWhat, offset + (input.size() - in.size()),
                        std::to_string(in.size()) + " unexpected trailing bytes");
  }
  if (out.delete_count > out.cell_count) return bad("delete_count");
  if ((out.cell_count == 0) != (out.data_blocks == 0)) return bad("data_blocks");
  if (out.data_blocks > out.cell_count) return bad("data_blocks");
  if (out.cell_count > 0) {
    if (!IsWellFormedKey(first) || !IsWellFormedKey(last) || !IsWellFormedKey(mid)) {
      return bad("first/last/mid key");
    }
  } else if (!first.empty() || !last.empty() || !mid.empty()) {
    return bad("first/last/mid key");
  }
  out.first_key.assign(first);
  out.last_key.assign(last);
  out.family.assign(family);
  out.min_timestamp = static_cast<int64_t>(min_ts);
  out.max_timestamp = static_cast<int64_t>(max_ts);
  out.compression = static_cast<Compression>(compression);
  out.bloom = static_cast<BloomType>(bloom);
  out.major_compacted = (flags & kMajorCompactedFlag) != 0;
  out.file_size = info->file_size;
  *info = std::move(out);
  mid_key->assign(mid);
  return Status::OK();
}

}  // namespace regionlab::storefile
