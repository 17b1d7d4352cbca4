// ValidateScheme: every rule a scheme must follow before keys can be built
// from it (the list is in scheme.h). The first problem wins; its message
// names the segment, query or model it was found in.
#include <set>

#include "regionlab/cell.h"  // kMaxRowLength
#include "rowkey/field_value.h"
#include "rowkey/key_encoder.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

namespace {


bool ValidFieldName(std::string_view name) {
  if (name.empty() || name.size() > 128) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

Status Bad(const std::string& where, const std::string& what) {
  return Status::InvalidArgument(where + ": " + what);
}

// Looks up a field a segment, query or model refers to.
Status KnownField(const RowkeyScheme& s, const std::string& where, const std::string& name,
                  const FieldDef** out) {
  *out = s.FindField(name);
  if (*out == nullptr) {
    if (name.empty()) return Bad(where, "no field given");
    return Bad(where, "unknown field '" + name + "'");
  }
  return Status::OK();
}

Status CheckSources(const RowkeyScheme& scheme, const std::string& where, const Segment& seg) {
  if (seg.sources.empty()) return Bad(where, "needs at least one field to hash");
  for (const std::string& f : seg.sources) {
    const FieldDef* def;
    RL_RETURN_IF_ERROR(KnownField(scheme, where, f, &def));
  }
  return Status::OK();
}

Status CheckFieldEncoding(const std::string& where, const Segment& seg, FieldType type) {
  const bool number = type != FieldType::kString;
  switch (seg.encoding) {
    case Encoding::kDecimal:
      if (seg.width < 1 || seg.width > (number ? kMaxNumberWidth : kMaxTextWidth)) {
        return Bad(where, std::string("a zero-padded decimal needs a width from 1 to ") +
                              std::to_string(number ? kMaxNumberWidth : kMaxTextWidth) + ", got " +
                              std::to_string(seg.width));
      }
      return Status::OK();
    case Encoding::kBinary: {
      if (!number) return Bad(where, "binary is for int and long fields; use text for strings");
      const int natural = type == FieldType::kInt ? 4 : 8;
      if (seg.width < 0 || seg.width > natural) {
        return Bad(where, std::string("binary width must be 1 to ") + std::to_string(natural) +
                              " bytes for " + FieldTypeName(type) + " (0: " +
                              std::to_string(natural) + "), got " + std::to_string(seg.width));
      }
      return Status::OK();
    }
    case Encoding::kText:
      if (number && seg.width != 0) {
        return Bad(where, "text encoding of a number has no width (it is plain decimal); use "
                          "decimal for a zero-padded width");
      }
      if (seg.width < 0 || seg.width > kMaxTextWidth) {
        return Bad(where, "text width must be 0 to " + std::to_string(kMaxTextWidth));
      }
      if (seg.pad.size() != 1) return Bad(where, "the pad must be exactly one byte");
      return Status::OK();
    case Encoding::kHex:
      break;
  }
  return Bad(where, std::string("encoding ") + EncodingName(seg.encoding) +
                        " is not one of decimal, binary, text");
}

Status CheckSegment(const RowkeyScheme& scheme, size_t index) {
  const Segment& seg = scheme.segments[index];
  const std::string where = DescribeSegment(scheme, index);
  const FieldDef* field = nullptr;
  switch (seg.kind) {
    case SegmentKind::kSalt:
      RL_RETURN_IF_ERROR(CheckSources(scheme, where, seg));
      if (seg.buckets < kMinSaltBuckets || seg.buckets > kMaxSaltBuckets) {
        return Bad(where, "buckets must be from " + std::to_string(kMinSaltBuckets) + " to " +
                              std::to_string(kMaxSaltBuckets) + ", got " +
                              std::to_string(seg.buckets));
      }
      if (seg.encoding == Encoding::kText) {
        return Bad(where, "encoding text is not one of decimal, hex, binary");
      }
      if (seg.encoding == Encoding::kBinary && (seg.width < 0 || seg.width > 2)) {
        return Bad(where, "a binary salt is 1 or 2 bytes wide (0: as the buckets need)");
      }
      if (seg.width < 0 || seg.width > kMaxSaltWidth) {
        return Bad(where, "width must be from 0 to " + std::to_string(kMaxSaltWidth));
      }
      if (seg.width > 0) {
        Segment natural = seg;
        natural.width = 0;
        if (seg.width < SegmentWidth(natural, FieldType::kLong)) {
          return Bad(where, "width " + std::to_string(seg.width) + " cannot hold bucket " +
                                std::to_string(seg.buckets - 1));
        }
      }
      return Status::OK();
    case SegmentKind::kHash:
      RL_RETURN_IF_ERROR(CheckSources(scheme, where, seg));
      if (seg.encoding != Encoding::kHex && seg.encoding != Encoding::kBinary) {
        return Bad(where, std::string("encoding ") + EncodingName(seg.encoding) +
                              " is not one of hex, binary");
      }
      {
        const int max = DigestSize(seg.algorithm) * (seg.encoding == Encoding::kHex ? 2 : 1);
        if (seg.length < 1 || seg.length > max) {
          return Bad(where, std::string("length must be from 1 to ") + std::to_string(max) +
                                (seg.encoding == Encoding::kHex ? " hex characters" : " bytes") +
                                " for " + HashAlgorithmName(seg.algorithm) + ", got " +
                                std::to_string(seg.length));
        }
      }
      return Status::OK();
    case SegmentKind::kField:
    case SegmentKind::kReversed:
      RL_RETURN_IF_ERROR(KnownField(scheme, where, seg.field, &field));
      return CheckFieldEncoding(where, seg, field->type);
    case SegmentKind::kTimestamp:
      RL_RETURN_IF_ERROR(KnownField(scheme, where, seg.field, &field));
      if (field->type == FieldType::kString) return Bad(where, "needs an int or long field");
      if (seg.unit != TimeUnit::kMilliseconds && seg.unit != TimeUnit::kSeconds) {
        return Bad(where, "unit must be ms or s");
      }
      if (seg.encoding != Encoding::kBinary && seg.encoding != Encoding::kDecimal) {
        return Bad(where, "encoding must be binary (8 bytes) or decimal (19 digits)");
      }
      return Status::OK();
    case SegmentKind::kTimeOfDay:
      RL_RETURN_IF_ERROR(KnownField(scheme, where, seg.field, &field));
      if (field->type == FieldType::kString) return Bad(where, "needs an int or long field");
      if (seg.unit != TimeUnit::kMilliseconds && seg.unit != TimeUnit::kMinutes) {
        return Bad(where, "unit must be ms (4 bytes) or min (2 bytes)");
      }
      return Status::OK();
    case SegmentKind::kConstant:
    case SegmentKind::kDelimiter:
      if (seg.value.empty()) return Bad(where, "needs at least one byte");
      return Status::OK();
  }
  return Status::OK();
}

Status CheckValue(const RowkeyScheme& scheme, const std::string& where, const std::string& name,
                  const std::string& text, bool allow_time) {
  const FieldDef* field;
  RL_RETURN_IF_ERROR(KnownField(scheme, where, name, &field));
  FieldValue v;
  Status s = ParseFieldValue(field->type, text, allow_time, &v);
  if (!s.ok()) return Bad(where, "field " + name + ": " + s.message());
  return Status::OK();
}

Status CheckQuery(const RowkeyScheme& scheme, size_t index) {
  const QueryTemplate& q = scheme.queries[index];
  const std::string where =
      "query " + std::to_string(index + 1) + (q.name.empty() ? "" : " ('" + q.name + "')");
  std::set<std::string> seen;
  for (const auto& [name, value] : q.equals) {
    RL_RETURN_IF_ERROR(CheckValue(scheme, where, name, value, FeedsTimeSegment(scheme, name)));
    if (!seen.insert(name).second) return Bad(where, "field " + name + " is given twice");
  }
  if (!q.range_field.empty()) {
    if (seen.count(q.range_field)) {
      return Bad(where, "field " + q.range_field + " has both a value and a range");
    }
    const bool time = FeedsTimeSegment(scheme, q.range_field);
    RL_RETURN_IF_ERROR(CheckValue(scheme, where + " range from", q.range_field, q.range_from, time));
    RL_RETURN_IF_ERROR(CheckValue(scheme, where + " range to", q.range_field, q.range_to, time));
  }
  if (q.limit < 0) return Bad(where, "limit must not be negative");
  return Status::OK();
}

Status CheckModel(const RowkeyScheme& scheme, size_t index, std::set<std::string>* seen) {
  const ValueModel& m = scheme.workload.models[index];
  const std::string where = "model of field " + (m.field.empty() ? "?" : m.field);
  const FieldDef* field;
  RL_RETURN_IF_ERROR(KnownField(scheme, where, m.field, &field));
  if (!seen->insert(m.field).second) return Bad(where, "the field has two models");
  switch (m.kind) {
    case ValueModelKind::kUniform:
    case ValueModelKind::kZipf:
      if (m.min > m.max) return Bad(where, "min must not be above max");
      if (m.kind == ValueModelKind::kZipf && !(m.theta > 0 && m.theta < 1)) {
        return Bad(where, "theta must be between 0 and 1 (YCSB uses 0.99)");
      }
      return Status::OK();
    case ValueModelKind::kIncreasingTime:
      if (field->type == FieldType::kString) return Bad(where, "increasing_time needs a long field");
      // Steps are drawn from [0, max_step_ms): 1 would keep the time still.
      if (m.max_step_ms < 2) return Bad(where, "max_step_ms must be at least 2");
      if (m.start_ms < 0) return Bad(where, "start must not be before 1970");
      return Status::OK();
    case ValueModelKind::kTenantMix:
    case ValueModelKind::kConstant:
      if (m.choices.empty()) return Bad(where, "needs at least one value");
      if (m.kind == ValueModelKind::kConstant && m.choices.size() != 1) {
        return Bad(where, "a constant has exactly one value");
      }
      for (const auto& [value, weight] : m.choices) {
        if (!(weight > 0)) return Bad(where, "weights must be above 0");
        FieldValue v;
        Status s = ParseFieldValue(field->type, value, FeedsTimeSegment(scheme, m.field), &v);
        if (!s.ok()) return Bad(where, s.message());
      }
      return Status::OK();
    case ValueModelKind::kSequential:
      return Status::OK();
  }
  return Status::OK();
}

}  // namespace

Status ValidateScheme(const RowkeyScheme& scheme) {
  if (scheme.name.empty()) return Status::InvalidArgument("the scheme needs a name");
  for (char c : scheme.name) {
    if (static_cast<unsigned char>(c) < 0x20) {
      return Status::InvalidArgument("scheme name: control characters are not allowed");
    }
  }
  std::set<std::string> names;
  for (size_t i = 0; i < scheme.fields.size(); ++i) {
    const std::string& n = scheme.fields[i].name;
    const std::string where = "field " + std::to_string(i + 1);
    if (!ValidFieldName(n)) {
      return Bad(where, "name '" + n + "' must be 1 to 128 letters, digits, '_', '-' or '.'");
    }
    if (!names.insert(n).second) return Bad(where, "name '" + n + "' is used twice");
  }
  if (scheme.segments.empty()) return Status::InvalidArgument("the scheme has no segments");
  int64_t longest = 0;
  for (size_t i = 0; i < scheme.segments.size(); ++i) {
    RL_RETURN_IF_ERROR(CheckSegment(scheme, i));
    const Segment& s = scheme.segments[i];
    const FieldDef* f = s.field.empty() ? nullptr : scheme.FindField(s.field);
    const int w = SegmentWidth(s, f ? f->type : FieldType::kLong);
    longest += w >= 0 ? w : (f && f->type != FieldType::kString ? 20 : 0);
  }
  if (longest > static_cast<int64_t>(kMaxRowLength)) {
    return Status::InvalidArgument("the key is " + std::to_string(longest) +
                                   " bytes; HBase rows are at most " +
                                   std::to_string(kMaxRowLength) + " bytes");
  }
  for (size_t i = 0; i < scheme.queries.size(); ++i) RL_RETURN_IF_ERROR(CheckQuery(scheme, i));
  std::set<std::string> modelled;
  for (size_t i = 0; i < scheme.workload.models.size(); ++i) {
    RL_RETURN_IF_ERROR(CheckModel(scheme, i, &modelled));
  }
  return Status::OK();
}

}  // namespace regionlab::rowkey
