// Names of the scheme's enums (used by JSON, messages and the CLI) and
// lookups. Validation is in scheme_validation.cc.
#include "rowkey/scheme.h"

#include <iterator>

namespace regionlab::rowkey {

namespace {

template <typename E, size_t N>
bool ParseName(std::string_view s, const std::pair<E, const char*> (&table)[N], E* out) {
  for (const auto& [value, name] : table) {
    if (s == name) {
      *out = value;
      return true;
    }
  }
  return false;
}

template <typename E, size_t N>
const char* NameOf(E v, const std::pair<E, const char*> (&table)[N]) {
  for (const auto& [value, name] : table) {
    if (value == v) return name;
  }
  return "?";
}

constexpr std::pair<FieldType, const char*> kFieldTypes[] = {
    {FieldType::kString, "string"}, {FieldType::kInt, "int"}, {FieldType::kLong, "long"}};
constexpr std::pair<SegmentKind, const char*> kSegmentKinds[] = {
    {SegmentKind::kSalt, "salt"},           {SegmentKind::kHash, "hash"},
    {SegmentKind::kField, "field"},         {SegmentKind::kReversed, "reversed"},
    {SegmentKind::kTimestamp, "timestamp"}, {SegmentKind::kTimeOfDay, "time_of_day"},
    {SegmentKind::kConstant, "constant"},   {SegmentKind::kDelimiter, "delimiter"}};
constexpr std::pair<Encoding, const char*> kEncodings[] = {{Encoding::kDecimal, "decimal"},
                                                           {Encoding::kHex, "hex"},
                                                           {Encoding::kBinary, "binary"},
                                                           {Encoding::kText, "text"}};
constexpr std::pair<HashAlgorithm, const char*> kAlgorithms[] = {
    {HashAlgorithm::kMd5, "md5"}, {HashAlgorithm::kSha1, "sha1"},
    {HashAlgorithm::kMurmur3, "murmur3"}};
constexpr std::pair<TimeUnit, const char*> kUnits[] = {
    {TimeUnit::kMilliseconds, "ms"}, {TimeUnit::kSeconds, "s"}, {TimeUnit::kMinutes, "min"}};
constexpr std::pair<ValueModelKind, const char*> kModels[] = {
    {ValueModelKind::kSequential, "sequential"},
    {ValueModelKind::kUniform, "uniform"},
    {ValueModelKind::kZipf, "zipf"},
    {ValueModelKind::kIncreasingTime, "increasing_time"},
    {ValueModelKind::kTenantMix, "tenant_mix"},
    {ValueModelKind::kConstant, "constant"}};

}  // namespace

const char* FieldTypeName(FieldType t) { return NameOf(t, kFieldTypes); }
const char* SegmentKindName(SegmentKind k) { return NameOf(k, kSegmentKinds); }
const char* EncodingName(Encoding e) { return NameOf(e, kEncodings); }
const char* HashAlgorithmName(HashAlgorithm a) { return NameOf(a, kAlgorithms); }
const char* TimeUnitName(TimeUnit u) { return NameOf(u, kUnits); }
const char* ValueModelKindName(ValueModelKind k) { return NameOf(k, kModels); }
bool ParseFieldType(std::string_view s, FieldType* out) { return ParseName(s, kFieldTypes, out); }
bool ParseSegmentKind(std::string_view s, SegmentKind* out) {
  return ParseName(s, kSegmentKinds, out);
}
bool ParseEncoding(std::string_view s, Encoding* out) { return ParseName(s, kEncodings, out); }
bool ParseHashAlgorithm(std::string_view s, HashAlgorithm* out) {
  return ParseName(s, kAlgorithms, out);
}
bool ParseTimeUnit(std::string_view s, TimeUnit* out) { return ParseName(s, kUnits, out); }
bool ParseValueModelKind(std::string_view s, ValueModelKind* out) {
  return ParseName(s, kModels, out);
}

const ValueModel* Workload::Find(std::string_view field) const {
  for (const ValueModel& m : models) {
    if (m.field == field) return &m;
  }
  return nullptr;
}

ValueModel EffectiveModel(const RowkeyScheme& scheme, const Workload& workload,
                          std::string_view field) {
  if (const ValueModel* m = workload.Find(field)) return *m;
  ValueModel m;
  m.field = std::string(field);
  const FieldDef* def = scheme.FindField(field);
  if (def != nullptr && def->type == FieldType::kString) {
    m.kind = ValueModelKind::kUniform;
    m.min = 0;
    m.max = 9999;
  } else {
    m.kind = ValueModelKind::kSequential;
    m.min = 1;
  }
  return m;
}

const FieldDef* RowkeyScheme::FindField(std::string_view name) const {
  const int i = FieldIndex(name);
  return i < 0 ? nullptr : &fields[static_cast<size_t>(i)];
}

int RowkeyScheme::FieldIndex(std::string_view name) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

bool FeedsTimeSegment(const RowkeyScheme& scheme, std::string_view field) {
  for (const Segment& s : scheme.segments) {
    if ((s.kind == SegmentKind::kTimestamp || s.kind == SegmentKind::kTimeOfDay) &&
        s.field == field) {
      return true;
    }
  }
  return false;
}

std::string DescribeSegment(const RowkeyScheme& scheme, size_t index) {
  std::string out = "segment " + std::to_string(index + 1);
  if (index >= scheme.segments.size()) return out;
  const Segment& s = scheme.segments[index];
  out += " (";
  out += SegmentKindName(s.kind);
  if (!s.field.empty()) {
    out += " " + s.field;
  } else if (!s.sources.empty()) {
    out += " of ";
    for (size_t i = 0; i < s.sources.size(); ++i) out += (i ? "+" : "") + s.sources[i];
  }
  return out + ")";
}

}  // namespace regionlab::rowkey
