// RowkeyScheme: a rowkey design as an ordered list of segments over named,
// typed fields — what the scheme builder edits, the JSON format stores
// (SCHEMES.md), KeyEncoder turns into bytes, and the analysis and the
// distribution simulator reason about.
//
// Segments (the byte layouts are in SCHEMES.md and key_encoder.h):
//   salt        bucket = hash(fields) mod N, as fixed-width decimal, hex, or
//               big-endian binary (1 byte for N <= 256, 2 bytes up to 65536)
//   hash        MD5 / SHA-1 / Murmur3 of fields, first `length` hex chars or bytes
//   field       a string, int or long field: zero-padded fixed-width decimal,
//               big-endian binary, or text (strings; optionally padded)
//   reversed    a field encoded as above, then its bytes reversed (phone numbers)
//   timestamp   epoch ms field, as is or Long.MAX_VALUE - ts, in ms or s,
//               8-byte big-endian binary or 19-digit decimal
//   time_of_day ms since midnight UTC (4 bytes) or minutes (2 bytes), for
//               one-table-per-day designs
//   constant, delimiter   fixed bytes
//
// A scheme also carries the queries it must answer (QueryTemplate) and the
// default field-value models its keys are generated from (Workload).
//
// Thread-safety: plain values and pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "regionlab/status.h"

namespace regionlab::rowkey {

enum class FieldType { kString, kInt, kLong };  // int: 32-bit signed, long: 64-bit signed

enum class SegmentKind {
  kSalt,
  kHash,
  kField,
  kReversed,
  kTimestamp,
  kTimeOfDay,
  kConstant,
  kDelimiter,
};

// How a segment writes its value. Which encodings a kind accepts is listed
// in ValidateScheme.
enum class Encoding { kDecimal, kHex, kBinary, kText };

enum class HashAlgorithm { kMd5, kSha1, kMurmur3 };

enum class TimeUnit { kMilliseconds, kSeconds, kMinutes };

struct FieldDef {
  std::string name;
  FieldType type = FieldType::kLong;
  // The field alone identifies a record (a global id such as a file id);
  // the uniqueness analysis looks for such a field encoded in full.
  bool unique = false;
  std::string description;
};

struct Segment {
  SegmentKind kind = SegmentKind::kField;
  // kField, kReversed, kTimestamp, kTimeOfDay: the field encoded.
  std::string field;
  // kSalt, kHash: the fields hashed, in this order. Each contributes its
  // canonical bytes (HBase's Bytes.toBytes): a string's UTF-8 bytes, an int
  // as 4 and a long as 8 big-endian bytes.
  std::vector<std::string> sources;
  Encoding encoding = Encoding::kDecimal;
  // kField/kReversed: characters (decimal, text) or bytes (binary); 0 means
  // the natural width (binary: 4 for int, 8 for long; text: as long as the
  // value). Decimal needs a width. kSalt: 0 = the width of bucket N - 1.
  int width = 0;
  // kField/kReversed with text encoding and a width: the byte that fills
  // the rest of the width (after the value). Default "\0".
  std::string pad = std::string(1, '\0');
  int buckets = 0;                                   // kSalt: N, 2..65536
  HashAlgorithm algorithm = HashAlgorithm::kMurmur3;  // kSalt, kHash
  int length = 0;              // kHash: hex characters or bytes kept
  bool reverse_time = false;   // kTimestamp: Long.MAX_VALUE - ts
  TimeUnit unit = TimeUnit::kMilliseconds;  // kTimestamp: ms or s; kTimeOfDay: ms or min
  std::string value;           // kConstant, kDelimiter: the bytes
};

// A query the table must answer: equality on some fields, at most one
// range [from, to) on another, optionally the newest rows first. Values are
// text: integers in decimal, strings as is; fields used by timestamp or
// time_of_day segments also take ISO dates ("2012-09-01",
// "2012-09-01T08:30:00Z", UTC).
struct QueryTemplate {
  std::string name;  // "one user's files between two dates"
  std::vector<std::pair<std::string, std::string>> equals;  // field, value
  std::string range_field;  // empty: no range
  std::string range_from, range_to;
  bool latest_first = false;  // wants the newest rows of the prefix first
  int limit = 0;              // rows wanted; 0 = all
};

// How a field's values are drawn when keys are generated.
enum class ValueModelKind {
  kSequential,      // min, min + 1, ... in write order (an auto-increment id)
  kUniform,         // uniform over [min, max]
  kZipf,            // YCSB's Zipfian over [min, max], theta; scrambled spreads the popular ids
  kIncreasingTime,  // epoch ms from start_ms, each record + uniform [0, max_step_ms)
  kTenantMix,       // one of `choices`, drawn by weight
  kConstant,        // always `choices[0]`
};

struct ValueModel {
  std::string field;
  ValueModelKind kind = ValueModelKind::kSequential;
  int64_t min = 1;
  int64_t max = 1000000;
  double theta = 0.99;
  bool scrambled = true;
  int64_t start_ms = 1704067200000;  // 2024-01-01T00:00:00Z
  int64_t max_step_ms = 1000;        // currentTime += nextInt(1000), as a time-series loader does
  std::vector<std::pair<std::string, double>> choices;  // value text, weight
};

// Field-value models and the seed that makes a run repeatable. A field
// without a model gets the default of its type: int and long fields are
// sequential from 1, string fields uniform decimal text over [0, 9999].
struct Workload {
  uint64_t seed = 42;
  std::vector<ValueModel> models;

  const ValueModel* Find(std::string_view field) const;
};

struct RowkeyScheme;

// The model `field`'s values are drawn from: the workload's, or the default
// of the field's type (see Workload).
ValueModel EffectiveModel(const RowkeyScheme& scheme, const Workload& workload,
                          std::string_view field);

struct RowkeyScheme {
  std::string name;
  std::string description;
  std::string source;  // where the design comes from, e.g. "Built-in example: ..."
  std::vector<FieldDef> fields;
  std::vector<Segment> segments;
  std::vector<QueryTemplate> queries;
  Workload workload;

  const FieldDef* FindField(std::string_view name) const;
  int FieldIndex(std::string_view name) const;  // -1 when absent
};

// Names used in JSON, messages and the CLI: "string", "int", "long";
// "salt", "hash", "field", "reversed", "timestamp", "time_of_day",
// "constant", "delimiter"; "decimal", "hex", "binary", "text"; "md5",
// "sha1", "murmur3"; "ms", "s", "min"; "sequential", "uniform", "zipf",
// "increasing_time", "tenant_mix", "constant".
const char* FieldTypeName(FieldType t);
const char* SegmentKindName(SegmentKind k);
const char* EncodingName(Encoding e);
const char* HashAlgorithmName(HashAlgorithm a);
const char* TimeUnitName(TimeUnit u);
const char* ValueModelKindName(ValueModelKind k);
bool ParseFieldType(std::string_view s, FieldType* out);
bool ParseSegmentKind(std::string_view s, SegmentKind* out);
bool ParseEncoding(std::string_view s, Encoding* out);
bool ParseHashAlgorithm(std::string_view s, HashAlgorithm* out);
bool ParseTimeUnit(std::string_view s, TimeUnit* out);
bool ParseValueModelKind(std::string_view s, ValueModelKind* out);

// Whether `field` feeds a timestamp or time_of_day segment (its values may
// then be written as ISO dates).
bool FeedsTimeSegment(const RowkeyScheme& scheme, std::string_view field);

// "segment 3 (salt)" / "segment 2 (field userId)": how messages name a
// segment (1-based, as a user counts them).
std::string DescribeSegment(const RowkeyScheme& scheme, size_t index);

// The limits ValidateScheme enforces, for forms that offer only valid values.
inline constexpr int kMinSaltBuckets = 2;
inline constexpr int kMaxSaltBuckets = 65536;    // a binary salt is at most 2 bytes
inline constexpr int kMaxSaltWidth = 8;          // characters of a decimal or hex salt
inline constexpr int kMaxHashLength = 40;        // SHA-1 as hex, the longest digest
inline constexpr int kMaxNumberWidth = 19;       // decimal digits of Long.MAX_VALUE
inline constexpr int kMaxTextWidth = 4096;       // a string field's width, decimal or text

// Checks everything a key can be built from; the first problem is an
// InvalidArgument naming the segment, field, query or model:
//  - a name; fields with unique, non-empty names of letters, digits, '_',
//    '-' and '.'; at least one segment;
//  - every field a segment, query or model names exists;
//  - salt: 2..65536 buckets, at least one source, decimal/hex/binary
//    (binary: 1 byte up to 256 buckets, else 2), a width no smaller than
//    bucket N - 1 needs;
//  - hash: at least one source, hex or binary, 1 <= length <= the digest
//    (MD5 16 bytes / 32 hex, SHA-1 20 / 40, Murmur3 4 / 8);
//  - field, reversed: decimal with a width (1..19 for numbers, up to 4096
//    for strings), binary for int (1..4 bytes) and long (1..8), text for
//    strings (width 0..4096, a one-byte pad);
//  - timestamp: an int or long field, ms or s, binary or decimal;
//    time_of_day: an int or long field, ms or min;
//  - constant, delimiter: at least one byte;
//  - the longest key at most 32767 bytes (HBase's row length limit);
//  - queries: known fields, values of the field's type, a range field not
//    also in equals;
//  - models: known fields, at most one per field, min <= max, weights > 0,
//    values of the field's type.
Status ValidateScheme(const RowkeyScheme& scheme);

}  // namespace regionlab::rowkey
