#include "storefile/data_block_encoding.h"

#include <algorithm>
#include <cstring>

#include "storefile/format.h"
#include "util/coding.h"
#include "util/key_value.h"

namespace regionlab::storefile {

namespace {

// DIFF's flag byte (DiffKeyDeltaEncoder's bits).
constexpr uint8_t kDiffSameKeyLength = 1;
constexpr uint8_t kDiffSameValueLength = 1 << 1;
constexpr uint8_t kDiffSameType = 1 << 2;
constexpr uint8_t kDiffTimestampIsDiff = 1 << 3;
constexpr int kDiffTimestampLengthShift = 4;  // bits 4-6: bytes - 1
constexpr uint8_t kDiffTimestampSign = 1 << 7;

// FAST_DIFF's flag byte (FastDiffDeltaEncoder's bits).
constexpr uint8_t kFastTimestampPrefixMask = 7;  // bits 0-2: timestamp bytes shared
constexpr uint8_t kFastSameKeyLength = 1 << 3;
constexpr uint8_t kFastSameValueLength = 1 << 4;
constexpr uint8_t kFastSameType = 1 << 5;
constexpr uint8_t kFastSameValue = 1 << 6;

// The parts of a cell key (util/key_value.h): the column part (row length,
// row, qualifier) and the 17-byte tail (timestamp, type, sequence id).
struct KeyParts {
  std::string_view column;
  uint64_t timestamp;
  uint8_t type;
  uint64_t sequence_id;
};

KeyParts Split(std::string_view key) {
  const char* tail = key.data() + key.size() - kKeyTailSize;
  return {key.substr(0, key.size() - kKeyTailSize), DecodeBigEndian64(tail),
          static_cast<uint8_t>(tail[8]), DecodeBigEndian64(tail + 9)};
}

size_t CommonPrefix(std::string_view a, std::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  size_t i = 0;
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

// Bytes needed for v, at least 1 (HBase's ByteBufferUtils.longFitsIn).
int BytesFor(uint64_t v) {
  int n = 1;
  while (n < 8 && (v >> (8 * n)) != 0) ++n;
  return n;
}

void PutBigEndian(std::string* out, uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) out->push_back(static_cast<char>(v >> (8 * i)));
}

uint64_t GetBigEndian(const char* p, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | static_cast<uint8_t>(p[i]);
  return v;
}

void AppendTail(KeyBuffer* key, uint64_t timestamp, uint8_t type, uint64_t sequence_id) {
  char tail[kKeyTailSize];
  EncodeBigEndian64(tail, timestamp);
  tail[8] = static_cast<char>(type);
  EncodeBigEndian64(tail + 9, sequence_id);
  key->append(tail, kKeyTailSize);
}

void EncodePrefix(bool first, std::string_view prev_key, std::string_view key,
                  std::string_view value, std::string* out) {
  const size_t shared = first ? 0 : CommonPrefix(prev_key, key);
  PutVarint32(out, static_cast<uint32_t>(key.size() - shared));
  PutVarint32(out, static_cast<uint32_t>(value.size()));
  PutVarint32(out, static_cast<uint32_t>(shared));
  out->append(key.substr(shared));
  out->append(value);
}

void EncodeDiff(bool first, std::string_view prev_key, std::string_view prev_value,
                std::string_view key, std::string_view value, std::string* out) {
  const KeyParts cur = Split(key);
  uint8_t flag = 0;
  size_t common = 0;
  uint64_t stored_ts = cur.timestamp;
  int ts_bytes = BytesFor(cur.timestamp);
  if (!first) {
    const KeyParts prev = Split(prev_key);
    if (key.size() == prev_key.size()) flag |= kDiffSameKeyLength;
    if (value.size() == prev_value.size()) flag |= kDiffSameValueLength;
    if (cur.type == prev.type) flag |= kDiffSameType;
    common = CommonPrefix(prev.column, cur.column);
    // Timestamps are >= 0, so the difference fits in 64 signed bits.
    const int64_t diff = static_cast<int64_t>(prev.timestamp) - static_cast<int64_t>(cur.timestamp);
    const uint64_t magnitude = diff < 0 ? 0 - static_cast<uint64_t>(diff) : uint64_t(diff);
    const int diff_bytes = BytesFor(magnitude);
    if (diff_bytes < ts_bytes) {
      flag |= kDiffTimestampIsDiff;
      if (diff < 0) flag |= kDiffTimestampSign;
      stored_ts = magnitude;
      ts_bytes = diff_bytes;
    }
  }
  flag |= static_cast<uint8_t>((ts_bytes - 1) << kDiffTimestampLengthShift);
  out->push_back(static_cast<char>(flag));
  if (!(flag & kDiffSameKeyLength)) PutVarint32(out, static_cast<uint32_t>(key.size()));
  if (!(flag & kDiffSameValueLength)) PutVarint32(out, static_cast<uint32_t>(value.size()));
  PutVarint32(out, static_cast<uint32_t>(common));
  out->append(cur.column.substr(common));
  PutBigEndian(out, stored_ts, ts_bytes);
  if (!(flag & kDiffSameType)) out->push_back(static_cast<char>(cur.type));
  PutVarint64(out, cur.sequence_id);
  out->append(value);
}

void EncodeFastDiff(bool first, std::string_view prev_key, std::string_view prev_value,
                    std::string_view key, std::string_view value, std::string* out) {
  const KeyParts cur = Split(key);
  uint8_t flag = 0;
  size_t common = 0;
  int ts_common = 0;
  if (!first) {
    const KeyParts prev = Split(prev_key);
    if (key.size() == prev_key.size()) flag |= kFastSameKeyLength;
    if (value.size() == prev_value.size()) flag |= kFastSameValueLength;
    if (cur.type == prev.type) flag |= kFastSameType;
    if (value == prev_value) flag |= kFastSameValue;
    common = CommonPrefix(prev.column, cur.column);
    // At most 7 bytes, so that at least one byte of the timestamp is stored.
    const char* a = key.data() + key.size() - kKeyTailSize;
    const char* b = prev_key.data() + prev_key.size() - kKeyTailSize;
    while (ts_common < 7 && a[ts_common] == b[ts_common]) ++ts_common;
    flag |= static_cast<uint8_t>(ts_common);
  }
  out->push_back(static_cast<char>(flag));
  if (!(flag & kFastSameKeyLength)) PutVarint32(out, static_cast<uint32_t>(key.size()));
  if (!(flag & kFastSameValueLength)) PutVarint32(out, static_cast<uint32_t>(value.size()));
  PutVarint32(out, static_cast<uint32_t>(common));
  out->append(cur.column.substr(common));
  out->append(key.data() + key.size() - kKeyTailSize + ts_common, 8 - ts_common);
  if (!(flag & kFastSameType)) out->push_back(static_cast<char>(cur.type));
  PutVarint64(out, cur.sequence_id);
  if (!(flag & kFastSameValue)) out->append(value);
}

void EncodeRowIndex(std::string_view key, std::string_view value, std::string* out) {
  PutFixed32(out, static_cast<uint32_t>(key.size()));
  PutFixed32(out, static_cast<uint32_t>(value.size()));
  out->append(key);
  out->append(value);
}

// --- decoding ---

struct Reader {
  const char* p;
  const char* limit;
  const char** error;

  bool Fail(const char* what) {
    *error = what;
    return false;
  }
  bool Varint32(uint32_t* v) {
    p = GetVarint32Ptr(p, limit, v);
    return p != nullptr || Fail("truncated entry header");
  }
  bool Varint64(uint64_t* v) {
    p = GetVarint64Ptr(p, limit, v);
    return p != nullptr || Fail("truncated sequence id");
  }
  bool Bytes(size_t n, const char** out) {
    if (n > static_cast<size_t>(limit - p)) return Fail("entry lengths exceed the block");
    *out = p;
    p += n;
    return true;
  }
};

const char* DecodePrefix(Reader r, bool first, KeyBuffer* key, std::string_view* value) {
  uint32_t non_shared = 0, value_len = 0, shared = 0;
  if (!r.Varint32(&non_shared) || !r.Varint32(&value_len) || !r.Varint32(&shared)) return nullptr;
  if (first && shared != 0) return r.Fail("first entry shares a prefix"), nullptr;
  if (shared > key->size()) return r.Fail("entry lengths exceed the block"), nullptr;
  const char* suffix;
  const char* v;
  if (!r.Bytes(non_shared, &suffix) || !r.Bytes(value_len, &v)) return nullptr;
  key->resize(shared);
  key->append(suffix, non_shared);
  *value = std::string_view(v, value_len);
  return r.p;
}

// DIFF and FAST_DIFF: everything but the flag's meaning is shared.
const char* DecodeDiffLike(Reader r, bool fast, bool first, KeyBuffer* key,
                           std::string_view* value) {
  if (r.p >= r.limit) return r.Fail("truncated entry header"), nullptr;
  const auto flag = static_cast<uint8_t>(*r.p++);
  const uint8_t same_key_len = fast ? kFastSameKeyLength : kDiffSameKeyLength;
  const uint8_t same_value_len = fast ? kFastSameValueLength : kDiffSameValueLength;
  const uint8_t same_type = fast ? kFastSameType : kDiffSameType;
  const uint8_t refers_back = fast ? uint8_t(same_key_len | same_value_len | same_type |
                                             kFastSameValue | kFastTimestampPrefixMask)
                                   : uint8_t(same_key_len | same_value_len | same_type |
                                             kDiffTimestampIsDiff | kDiffTimestampSign);
  if (first && (flag & refers_back)) return r.Fail("first entry refers to a previous one"), nullptr;
  KeyParts prev{};
  if (!first) {
    if (key->size() < 2 + kKeyTailSize) return r.Fail("malformed key"), nullptr;
    prev = Split(key->view());
  }
  uint32_t key_len = static_cast<uint32_t>(key->size());
  uint32_t value_len = static_cast<uint32_t>(value->size());
  uint32_t common = 0;
  if (!(flag & same_key_len) && !r.Varint32(&key_len)) return nullptr;
  if (!(flag & same_value_len) && !r.Varint32(&value_len)) return nullptr;
  if (!r.Varint32(&common)) return nullptr;
  if (key_len < 2 + kKeyTailSize) return r.Fail("malformed key"), nullptr;
  const size_t column_len = key_len - kKeyTailSize;
  if (common > column_len || common > prev.column.size()) {
    return r.Fail("entry lengths exceed the block"), nullptr;
  }
  const char* suffix;
  if (!r.Bytes(column_len - common, &suffix)) return nullptr;
  uint64_t timestamp = 0;
  if (fast) {
    const int shared_ts = flag & kFastTimestampPrefixMask;
    const char* ts;
    if (!r.Bytes(8 - shared_ts, &ts)) return nullptr;
    char bytes[8];
    if (shared_ts > 0) EncodeBigEndian64(bytes, prev.timestamp);
    std::memcpy(bytes + shared_ts, ts, 8 - shared_ts);
    timestamp = DecodeBigEndian64(bytes);
  } else {
    const int ts_bytes = ((flag >> kDiffTimestampLengthShift) & 7) + 1;
    const char* ts;
    if (!r.Bytes(ts_bytes, &ts)) return nullptr;
    const uint64_t stored = GetBigEndian(ts, ts_bytes);
    if (flag & kDiffTimestampIsDiff) {
      // timestamp = previous - difference, the difference's sign in the flag.
      const bool negative = (flag & kDiffTimestampSign) != 0;
      timestamp = negative ? prev.timestamp + stored : prev.timestamp - stored;
    } else {
      if (flag & kDiffTimestampSign) return r.Fail("negative timestamp"), nullptr;
      timestamp = stored;
    }
  }
  if (timestamp > static_cast<uint64_t>(INT64_MAX)) return r.Fail("negative timestamp"), nullptr;
  uint8_t type = prev.type;
  if (!(flag & same_type)) {
    const char* t;
    if (!r.Bytes(1, &t)) return nullptr;
    type = static_cast<uint8_t>(*t);
  }
  uint64_t sequence_id = 0;
  if (!r.Varint64(&sequence_id)) return nullptr;
  std::string_view new_value;
  if (fast && (flag & kFastSameValue)) {
    if (value_len != value->size()) return r.Fail("repeated value of another length"), nullptr;
    new_value = *value;
  } else {
    const char* v;
    if (!r.Bytes(value_len, &v)) return nullptr;
    new_value = std::string_view(v, value_len);
  }
  key->resize(common);
  key->append(suffix, column_len - common);
  AppendTail(key, timestamp, type, sequence_id);
  *value = new_value;
  return r.p;
}

const char* DecodeRowIndex(Reader r, KeyBuffer* key, std::string_view* value) {
  const char* lens;
  if (!r.Bytes(8, &lens)) return r.Fail("truncated entry header"), nullptr;
  const uint32_t key_len = DecodeFixed32(lens);
  const uint32_t value_len = DecodeFixed32(lens + 4);
  const char* k;
  const char* v;
  if (!r.Bytes(key_len, &k) || !r.Bytes(value_len, &v)) return nullptr;
  key->assign(k, key_len);
  *value = std::string_view(v, value_len);
  return r.p;
}

}  // namespace

void EncodeEntry(DataBlockEncoding encoding, bool first, std::string_view prev_key,
                 std::string_view prev_value, std::string_view key, std::string_view value,
                 std::string* out) {
  switch (encoding) {
    case DataBlockEncoding::kPrefix: return EncodePrefix(first, prev_key, key, value, out);
    case DataBlockEncoding::kDiff: return EncodeDiff(first, prev_key, prev_value, key, value, out);
    case DataBlockEncoding::kFastDiff:
      return EncodeFastDiff(first, prev_key, prev_value, key, value, out);
    case DataBlockEncoding::kRowIndexV1: return EncodeRowIndex(key, value, out);
    case DataBlockEncoding::kNone: break;  // BlockBuilder's own layout
  }
}

const char* DecodeEntry(DataBlockEncoding encoding, const char* p, const char* limit, bool first,
                        KeyBuffer* key, std::string_view* value, const char** error) {
  Reader r{p, limit, error};
  const char* end = nullptr;
  switch (encoding) {
    case DataBlockEncoding::kPrefix: end = DecodePrefix(r, first, key, value); break;
    case DataBlockEncoding::kDiff: end = DecodeDiffLike(r, false, first, key, value); break;
    case DataBlockEncoding::kFastDiff: end = DecodeDiffLike(r, true, first, key, value); break;
    case DataBlockEncoding::kRowIndexV1: end = DecodeRowIndex(r, key, value); break;
    case DataBlockEncoding::kNone: *error = "not an encoded block"; return nullptr;
  }
  if (end != nullptr && !IsWellFormedKey(key->view())) {
    *error = "malformed key";
    return nullptr;
  }
  return end;
}

bool RowIndexEntryKey(const char* p, const char* limit, std::string_view* key) {
  if (limit - p < 8) return false;
  const uint32_t key_len = DecodeFixed32(p);
  const uint32_t value_len = DecodeFixed32(p + 4);
  if (static_cast<uint64_t>(key_len) + value_len > static_cast<uint64_t>(limit - p - 8)) {
    return false;
  }
  *key = std::string_view(p + 8, key_len);
  return IsWellFormedKey(*key);
}

}  // namespace regionlab::storefile
