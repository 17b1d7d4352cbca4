// KeyEncoder: a validated scheme, prepared to turn records into row keys
// fast enough to encode a million keys in a fraction of a second.
//
// Byte layout of each segment (big-endian everywhere, as HBase's Bytes):
//   salt        b = H(sources) mod N, H the unsigned 32-bit Murmur3 (x86_32,
//               seed 0; HBase's MurmurHash3) or the first 4 digest bytes of
//               MD5/SHA-1 read big-endian; written as decimal zero-padded
//               to the width of N - 1 ("07" for N = 16), lower-case hex
//               ("0f"), or binary (1 byte for N <= 256, else 2)
//   hash        the digest of the sources (Murmur3: its 4 big-endian bytes),
//               first `length` lower-case hex characters or bytes
//   field       decimal: the value zero-padded to `width` characters
//               (strings are left-padded with '0' too); binary: the value's
//               low `width` bytes of its two's complement (a narrower width
//               than the type's needs 0 <= v < 256^width); text: the string,
//               then `pad` bytes up to `width` (width 0: as long as it is)
//   reversed    the field's bytes as above, in reverse order
//   timestamp   t = ts (ms) or ts / 1000 (s), or Long.MAX_VALUE - t when
//               reversed; 8 bytes binary or 19 decimal digits; needs ts >= 0
//   time_of_day ts mod 86400000 (ms since midnight UTC) as 4 bytes, or that
//               / 60000 (minutes) as 2 bytes
//   constant, delimiter   the bytes themselves
//
// Encode fails (InvalidArgument naming the segment and the value) when a
// value does not fit its segment: negative or too many digits for a decimal
// width, out of range for a narrow binary width, a string longer than its
// width, a negative timestamp.
//
// Thread-safety: immutable after Create; Encode may run on many threads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "regionlab/status.h"
#include "rowkey/field_value.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

// Width in bytes of a segment's output, or -1 when it depends on the value
// (text without a width). REQUIRES: the segment passed ValidateScheme's
// per-segment checks; `type` is the type of its field (ignored otherwise).
int SegmentWidth(const Segment& segment, FieldType type);

// The digest size of an algorithm in bytes: 16, 20, 4.
int DigestSize(HashAlgorithm algorithm);
// The whole digest of `bytes`; Murmur3's is its 32-bit value, big-endian.
std::string Digest(HashAlgorithm algorithm, std::string_view bytes);

class KeyEncoder {
 public:
  // Validates `scheme` (ValidateScheme) and keeps a prepared copy.
  static Result<KeyEncoder> Create(const RowkeyScheme& scheme);

  const RowkeyScheme& scheme() const { return scheme_; }
  size_t segment_count() const { return segments_.size(); }

  // Writes the key of `record` to *key (replacing its contents).
  // REQUIRES: record.size() == scheme().fields.size().
  Status Encode(const Record& record, std::string* key) const;
  // Appends one segment's bytes.
  Status EncodeSegment(size_t segment, const Record& record, std::string* out) const;
  // The bucket a salt segment gives `record`. REQUIRES: a salt segment.
  uint32_t SaltBucket(size_t segment, const Record& record) const;
  // A salt segment's bytes for bucket b (the split keys of a salted table).
  std::string SaltBytes(size_t segment, uint32_t bucket) const;

  // Widths: per segment (-1 variable), and the key's bounds (max: -1 when
  // a segment is variable).
  int Width(size_t segment) const { return segments_[segment].width; }
  int MinKeyLength() const { return min_length_; }
  int MaxKeyLength() const { return max_length_; }

  // A record from (field, value text) pairs; fields not named are 0 or "".
  Result<Record> RecordFromText(
      const std::vector<std::pair<std::string, std::string>>& values) const;
  // A record with every field 0 or "".
  Record EmptyRecord() const;
  // Whether values of the field may be given as ISO dates (it feeds a
  // timestamp or time_of_day segment).
  bool IsTimeField(int field_index) const;

 private:
  struct Prepared {
    int field = -1;            // index of the encoded field
    std::vector<int> sources;  // indices of the hashed fields
    FieldType type = FieldType::kLong;
    int width = 0;  // output bytes, -1 variable
  };

  KeyEncoder() = default;
  std::string SourceBytes(const Prepared& p, const Record& record) const;
  uint32_t Hash32(const Prepared& p, const Record& record, HashAlgorithm algorithm) const;
  Status Fail(size_t segment, const std::string& what) const;
  Status EncodeNumber(size_t segment, const Segment& s, const Prepared& p, int64_t v,
                      std::string* out) const;
  Status EncodeField(size_t segment, const Segment& s, const Prepared& p, const Record& record,
                     std::string* out) const;

  RowkeyScheme scheme_;
  std::vector<Prepared> segments_;
  std::vector<bool> time_fields_;
  int min_length_ = 0;
  int max_length_ = 0;
};

}  // namespace regionlab::rowkey
