#include "rowkey/key_encoder.h"

#include <algorithm>
#include <climits>

#include "regionlab/bytes.h"
#include "util/coding.h"
#include "util/hash.h"
#include "util/md5.h"
#include "util/sha1.h"

namespace regionlab::rowkey {

namespace {

int DecimalDigits(uint64_t v) {
  int n = 1;
  while (v >= 10) {
    v /= 10;
    ++n;
  }
  return n;
}

int HexDigits(uint64_t v) {
  int n = 1;
  while (v >= 16) {
    v >>= 4;
    ++n;
  }
  return n;
}

// `v` in decimal, left-padded with '0' to `width` characters.
// REQUIRES: DecimalDigits(v) <= width.
void AppendDecimal(uint64_t v, int width, std::string* out) {
  char buf[20];
  int n = 0;
  do {
    buf[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  out->append(static_cast<size_t>(width - n), '0');
  while (n > 0) out->push_back(buf[--n]);
}

void AppendHex(uint64_t v, int width, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = width - 1; i >= 0; --i) {
    out->push_back(i >= 16 ? '0' : kHex[(v >> (4 * i)) & 0xF]);
  }
}

// The low `width` bytes of v, big-endian.
void AppendBigEndian(uint64_t v, int width, std::string* out) {
  for (int i = width - 1; i >= 0; --i) out->push_back(static_cast<char>(v >> (8 * i)));
}

int NaturalBinaryWidth(FieldType type) { return type == FieldType::kInt ? 4 : 8; }

}  // namespace

int DigestSize(HashAlgorithm algorithm) {
  switch (algorithm) {
    case HashAlgorithm::kMd5: return 16;
    case HashAlgorithm::kSha1: return 20;
    case HashAlgorithm::kMurmur3: return 4;
  }
  return 0;
}

int SegmentWidth(const Segment& s, FieldType type) {
  switch (s.kind) {
    case SegmentKind::kSalt: {
      const auto top = static_cast<uint64_t>(std::max(s.buckets, 1) - 1);
      if (s.encoding == Encoding::kBinary) return std::max(s.width, s.buckets <= 256 ? 1 : 2);
      const int natural = s.encoding == Encoding::kHex ? HexDigits(top) : DecimalDigits(top);
      return std::max(s.width, natural);
    }
    case SegmentKind::kHash: return s.length;
    case SegmentKind::kField:
    case SegmentKind::kReversed:
      if (s.encoding == Encoding::kBinary) return s.width > 0 ? s.width : NaturalBinaryWidth(type);
      if (s.encoding == Encoding::kDecimal) return s.width;
      return s.width > 0 ? s.width : -1;  // text
    case SegmentKind::kTimestamp: return s.encoding == Encoding::kDecimal ? 19 : 8;
    case SegmentKind::kTimeOfDay: return s.unit == TimeUnit::kMinutes ? 2 : 4;
    case SegmentKind::kConstant:
    case SegmentKind::kDelimiter: return static_cast<int>(s.value.size());
  }
  return 0;
}

Result<KeyEncoder> KeyEncoder::Create(const RowkeyScheme& scheme) {
  RL_RETURN_IF_ERROR(ValidateScheme(scheme));
  KeyEncoder e;
  e.scheme_ = scheme;
  for (const FieldDef& f : scheme.fields) e.time_fields_.push_back(FeedsTimeSegment(scheme, f.name));
  bool variable = false;
  for (const Segment& s : scheme.segments) {
    Prepared p;
    if (!s.field.empty()) {
      p.field = scheme.FieldIndex(s.field);
      p.type = scheme.fields[static_cast<size_t>(p.field)].type;
    }
    for (const std::string& src : s.sources) p.sources.push_back(scheme.FieldIndex(src));
    p.width = SegmentWidth(s, p.type);
    if (p.width < 0) {
      variable = true;
    } else {
      e.min_length_ += p.width;
      e.max_length_ += p.width;
    }
    e.segments_.push_back(std::move(p));
  }
  if (variable) e.max_length_ = -1;
  return e;
}

Status KeyEncoder::Fail(size_t segment, const std::string& what) const {
  return Status::InvalidArgument(DescribeSegment(scheme_, segment) + ": " + what);
}

std::string Digest(HashAlgorithm algorithm, std::string_view bytes) {
  if (algorithm == HashAlgorithm::kMurmur3) {
    std::string out;
    AppendBigEndian(Murmur3_32(bytes, 0), 4, &out);
    return out;
  }
  if (algorithm == HashAlgorithm::kMd5) {
    const auto d = Md5(bytes);
    return std::string(reinterpret_cast<const char*>(d.data()), d.size());
  }
  const auto d = Sha1(bytes);
  return std::string(reinterpret_cast<const char*>(d.data()), d.size());
}

std::string KeyEncoder::SourceBytes(const Prepared& p, const Record& record) const {
  std::string bytes;
  for (int f : p.sources) {
    AppendCanonicalBytes(scheme_.fields[static_cast<size_t>(f)].type,
                         record[static_cast<size_t>(f)], &bytes);
  }
  return bytes;
}

uint32_t KeyEncoder::Hash32(const Prepared& p, const Record& record,
                            HashAlgorithm algorithm) const {
  const std::string bytes = SourceBytes(p, record);
  // Murmur3 directly: the salt of every key goes through here.
  if (algorithm == HashAlgorithm::kMurmur3) return Murmur3_32(bytes, 0);
  const std::string d = Digest(algorithm, bytes);
  const auto b = [&](int i) { return static_cast<uint32_t>(static_cast<uint8_t>(d[i])); };
  return b(0) << 24 | b(1) << 16 | b(2) << 8 | b(3);
}

uint32_t KeyEncoder::SaltBucket(size_t segment, const Record& record) const {
  const Segment& s = scheme_.segments[segment];
  return Hash32(segments_[segment], record, s.algorithm) % static_cast<uint32_t>(s.buckets);
}

std::string KeyEncoder::SaltBytes(size_t segment, uint32_t bucket) const {
  const Segment& s = scheme_.segments[segment];
  const int width = segments_[segment].width;
  std::string out;
  if (s.encoding == Encoding::kBinary) {
    AppendBigEndian(bucket, width, &out);
  } else if (s.encoding == Encoding::kHex) {
    AppendHex(bucket, width, &out);
  } else {
    AppendDecimal(bucket, width, &out);
  }
  return out;
}

Status KeyEncoder::EncodeNumber(size_t segment, const Segment& s, const Prepared& p, int64_t v,
                                std::string* out) const {
  switch (s.encoding) {
    case Encoding::kDecimal:
      if (v < 0) {
        return Fail(segment, "value " + std::to_string(v) +
                                 " is negative; a zero-padded decimal holds 0 and up");
      }
      if (DecimalDigits(static_cast<uint64_t>(v)) > p.width) {
        return Fail(segment, "value " + std::to_string(v) + " needs " +
                                 std::to_string(DecimalDigits(static_cast<uint64_t>(v))) +
                                 " digits but the width is " + std::to_string(p.width));
      }
      AppendDecimal(static_cast<uint64_t>(v), p.width, out);
      return Status::OK();
    case Encoding::kBinary:
      if (p.width < NaturalBinaryWidth(p.type) &&
          (v < 0 || static_cast<uint64_t>(v) >> (8 * p.width) != 0)) {
        return Fail(segment, "value " + std::to_string(v) + " does not fit in " +
                                 std::to_string(p.width) + " unsigned byte" +
                                 (p.width == 1 ? "" : "s"));
      }
      AppendBigEndian(static_cast<uint64_t>(v), p.width, out);
      return Status::OK();
    default:  // text: plain decimal, as long as it is
      out->append(std::to_string(v));
      return Status::OK();
  }
}

Status KeyEncoder::EncodeField(size_t segment, const Segment& s, const Prepared& p,
                               const Record& record, std::string* out) const {
  const FieldValue& v = record[static_cast<size_t>(p.field)];
  if (p.type != FieldType::kString) return EncodeNumber(segment, s, p, v.number, out);
  if (p.width > 0 && v.text.size() > static_cast<size_t>(p.width)) {
    return Fail(segment, "value '" + ToStringBinary(v.text) + "' is " +
                             std::to_string(v.text.size()) + " bytes, longer than the width " +
                             std::to_string(p.width));
  }
  if (s.encoding == Encoding::kDecimal) {
    out->append(static_cast<size_t>(p.width) - v.text.size(), '0');
    out->append(v.text);
  } else {
    out->append(v.text);
    if (p.width > 0) out->append(static_cast<size_t>(p.width) - v.text.size(), s.pad[0]);
  }
  return Status::OK();
}

Status KeyEncoder::EncodeSegment(size_t segment, const Record& record, std::string* out) const {
  const Segment& s = scheme_.segments[segment];
  const Prepared& p = segments_[segment];
  switch (s.kind) {
    case SegmentKind::kSalt:
      out->append(SaltBytes(segment, SaltBucket(segment, record)));
      return Status::OK();
    case SegmentKind::kHash: {
      const std::string d = Digest(s.algorithm, SourceBytes(p, record));
      if (s.encoding == Encoding::kHex) {
        out->append(ToHex(d), 0, static_cast<size_t>(s.length));
      } else {
        out->append(d, 0, static_cast<size_t>(s.length));
      }
      return Status::OK();
    }
    case SegmentKind::kField:
      return EncodeField(segment, s, p, record, out);
    case SegmentKind::kReversed: {
      const size_t begin = out->size();
      RL_RETURN_IF_ERROR(EncodeField(segment, s, p, record, out));
      std::reverse(out->begin() + static_cast<std::ptrdiff_t>(begin), out->end());
      return Status::OK();
    }
    case SegmentKind::kTimestamp: {
      int64_t t = record[static_cast<size_t>(p.field)].number;
      if (t < 0) {
        return Fail(segment, "timestamp " + std::to_string(t) + " is before 1970 (negative)");
      }
      if (s.unit == TimeUnit::kSeconds) t /= 1000;
      if (s.reverse_time) t = INT64_MAX - t;
      if (s.encoding == Encoding::kDecimal) {
        AppendDecimal(static_cast<uint64_t>(t), 19, out);
      } else {
        AppendBigEndian(static_cast<uint64_t>(t), 8, out);
      }
      return Status::OK();
    }
    case SegmentKind::kTimeOfDay: {
      const int64_t ts = record[static_cast<size_t>(p.field)].number;
      const int64_t ms = ((ts % 86400000) + 86400000) % 86400000;
      if (s.unit == TimeUnit::kMinutes) {
        AppendBigEndian(static_cast<uint64_t>(ms / 60000), 2, out);
      } else {
        AppendBigEndian(static_cast<uint64_t>(ms), 4, out);
      }
      return Status::OK();
    }
    case SegmentKind::kConstant:
    case SegmentKind::kDelimiter:
      out->append(s.value);
      return Status::OK();
  }
  return Status::OK();
}

Status KeyEncoder::Encode(const Record& record, std::string* key) const {
  key->clear();
  for (size_t i = 0; i < segments_.size(); ++i) RL_RETURN_IF_ERROR(EncodeSegment(i, record, key));
  return Status::OK();
}

Record KeyEncoder::EmptyRecord() const { return Record(scheme_.fields.size()); }

bool KeyEncoder::IsTimeField(int field_index) const {
  return field_index >= 0 && static_cast<size_t>(field_index) < time_fields_.size() &&
         time_fields_[static_cast<size_t>(field_index)];
}

Result<Record> KeyEncoder::RecordFromText(
    const std::vector<std::pair<std::string, std::string>>& values) const {
  Record record = EmptyRecord();
  for (const auto& [name, text] : values) {
    const int f = scheme_.FieldIndex(name);
    if (f < 0) return Status::InvalidArgument("unknown field '" + name + "'");
    Status s = ParseFieldValue(scheme_.fields[static_cast<size_t>(f)].type, text, IsTimeField(f),
                               &record[static_cast<size_t>(f)]);
    if (!s.ok()) return Status::InvalidArgument("field " + name + ": " + s.message());
  }
  return record;
}

}  // namespace regionlab::rowkey
