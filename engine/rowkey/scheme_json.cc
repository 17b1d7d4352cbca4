#include "rowkey/scheme_json.h"

#include <climits>
#include <initializer_list>

#include "regionlab/bytes.h"
#include "rowkey/field_value.h"

namespace regionlab::rowkey {

namespace {

// ---- Writing ----

Json SegmentToJson(const Segment& s) {
  Json j = Json::Object();
  j.Set("kind", SegmentKindName(s.kind));
  switch (s.kind) {
    case SegmentKind::kSalt:
    case SegmentKind::kHash:
      j.Set("fields", Json::Strings(s.sources));
      j.Set("algorithm", HashAlgorithmName(s.algorithm));
      if (s.kind == SegmentKind::kSalt) {
        j.Set("buckets", s.buckets);
      } else {
        j.Set("length", s.length);
      }
      j.Set("encoding", EncodingName(s.encoding));
      if (s.kind == SegmentKind::kSalt && s.width > 0) j.Set("width", s.width);
      break;
    case SegmentKind::kField:
    case SegmentKind::kReversed:
      j.Set("field", s.field);
      j.Set("encoding", EncodingName(s.encoding));
      if (s.width > 0) j.Set("width", s.width);
      if (s.encoding == Encoding::kText && s.width > 0) j.Set("pad", ToStringBinary(s.pad));
      break;
    case SegmentKind::kTimestamp:
      j.Set("field", s.field);
      j.Set("order", s.reverse_time ? "reversed" : "asis");
      j.Set("unit", TimeUnitName(s.unit));
      j.Set("encoding", EncodingName(s.encoding));
      break;
    case SegmentKind::kTimeOfDay:
      j.Set("field", s.field);
      j.Set("unit", TimeUnitName(s.unit));
      break;
    case SegmentKind::kConstant:
    case SegmentKind::kDelimiter:
      j.Set("value", ToStringBinary(s.value));
      break;
  }
  return j;
}

Json QueryToJson(const QueryTemplate& q) {
  Json j = Json::Object();
  j.Set("name", q.name);
  Json equals = Json::Object();
  for (const auto& [field, value] : q.equals) equals.Set(field, value);
  j.Set("equals", equals);
  if (!q.range_field.empty()) {
    j.Set("range", Json::Object()
                       .Set("field", q.range_field)
                       .Set("from", q.range_from)
                       .Set("to", q.range_to));
  }
  if (q.latest_first) j.Set("latest_first", true);
  if (q.limit > 0) j.Set("limit", q.limit);
  return j;
}

Json ModelToJson(const ValueModel& m) {
  Json j = Json::Object();
  j.Set("field", m.field);
  j.Set("model", ValueModelKindName(m.kind));
  switch (m.kind) {
    case ValueModelKind::kSequential:
      j.Set("start", m.min);
      break;
    case ValueModelKind::kUniform:
    case ValueModelKind::kZipf:
      j.Set("min", m.min);
      j.Set("max", m.max);
      if (m.kind == ValueModelKind::kZipf) {
        j.Set("theta", m.theta);
        j.Set("scrambled", m.scrambled);
      }
      break;
    case ValueModelKind::kIncreasingTime:
      j.Set("start", FormatIsoTime(m.start_ms));
      j.Set("max_step_ms", m.max_step_ms);
      break;
    case ValueModelKind::kTenantMix: {
      Json choices = Json::Array();
      for (const auto& [value, weight] : m.choices) {
        choices.Push(Json::Object().Set("value", value).Set("weight", weight));
      }
      j.Set("choices", choices);
      break;
    }
    case ValueModelKind::kConstant:
      j.Set("value", m.choices.empty() ? std::string() : m.choices[0].first);
      break;
  }
  return j;
}

// ---- Reading ----

// Reads one JSON object, member by member, with messages that say where.
class Reader {
 public:
  Reader(const std::string& source, const Json& object, std::string path)
      : source_(source), object_(object), path_(std::move(path)) {}

  Status Error(const Json& at, const std::string& what) const {
    std::string where = source_;
    if (!at.Where().empty()) where += (where.empty() ? "" : ": ") + at.Where();
    return Status::InvalidArgument(where + ": " + (path_.empty() ? "" : path_ + ": ") + what);
  }

  // The value is an object whose members are all among `allowed`.
  Status Expect(std::initializer_list<const char*> allowed) const {
    if (!object_.is_object()) {
      return Error(object_, std::string("must be an object, not ") + Json::TypeName(object_.type()));
    }
    for (const auto& [name, value] : object_.members()) {
      bool known = false;
      for (const char* a : allowed) known = known || name == a;
      if (!known) {
        std::string list;
        for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
        return Error(value, "unknown member '" + name + "'; expected one of " + list);
      }
    }
    return Status::OK();
  }

  const Json* Get(const char* name) const { return object_.Get(name); }

  Status Required(const char* name, const Json** out) const {
    *out = object_.Get(name);
    if (*out == nullptr) return Error(object_, std::string("member '") + name + "' is missing");
    return Status::OK();
  }

  Status String(const char* name, std::string* out, bool required) const {
    const Json* v = object_.Get(name);
    if (v == nullptr) return required ? Required(name, &v) : Status::OK();
    if (!v->is_string()) return TypeError(*v, name, "a string");
    *out = v->AsString();
    return Status::OK();
  }

  // A string, or an integer taken as its decimal text (field values).
  Status ValueText(const Json& v, const std::string& what, std::string* out) const {
    if (v.is_string()) {
      *out = v.AsString();
    } else if (v.is_int()) {
      *out = std::to_string(v.AsInt());
    } else {
      return Error(v, what + " must be a string or an integer, not " + Json::TypeName(v.type()));
    }
    return Status::OK();
  }

  Status Int(const char* name, int64_t lo, int64_t hi, int64_t* out, bool required) const {
    const Json* v = object_.Get(name);
    if (v == nullptr) return required ? Required(name, &v) : Status::OK();
    if (!v->is_int()) return TypeError(*v, name, "an integer");
    if (v->AsInt() < lo || v->AsInt() > hi) {
      return Error(*v, std::string(name) + " must be from " + std::to_string(lo) + " to " +
                           std::to_string(hi) + ", got " + std::to_string(v->AsInt()));
    }
    *out = v->AsInt();
    return Status::OK();
  }

  Status Int32(const char* name, int lo, int hi, int* out, bool required) const {
    int64_t v = *out;
    RL_RETURN_IF_ERROR(Int(name, lo, hi, &v, required));
    *out = static_cast<int>(v);
    return Status::OK();
  }

  Status Bool(const char* name, bool* out) const {
    const Json* v = object_.Get(name);
    if (v == nullptr) return Status::OK();
    if (!v->is_bool()) return TypeError(*v, name, "true or false");
    *out = v->AsBool();
    return Status::OK();
  }

  Status Double(const char* name, double* out) const {
    const Json* v = object_.Get(name);
    if (v == nullptr) return Status::OK();
    if (!v->is_number()) return TypeError(*v, name, "a number");
    *out = v->AsDouble();
    return Status::OK();
  }

  // A name member parsed by `parse` (an enum), listing `choices` on error.
  template <typename E>
  Status Name(const char* name, bool (*parse)(std::string_view, E*), const char* choices, E* out,
              bool required) const {
    std::string text;
    RL_RETURN_IF_ERROR(String(name, &text, required));
    const Json* v = object_.Get(name);
    if (v == nullptr) return Status::OK();
    if (!parse(text, out)) {
      return Error(*v, std::string(name) + " '" + text + "' is not one of " + choices);
    }
    return Status::OK();
  }

  Status Strings(const char* name, std::vector<std::string>* out) const {
    const Json* v;
    RL_RETURN_IF_ERROR(Required(name, &v));
    if (!v->is_array()) return TypeError(*v, name, "an array of field names");
    for (const Json& item : v->items()) {
      if (!item.is_string()) return Error(item, std::string(name) + " must hold strings");
      out->push_back(item.AsString());
    }
    return Status::OK();
  }

  // A byte string written with Bytes.toStringBinary escapes ("\\x00").
  Status Bytes(const char* name, std::string* out, bool required) const {
    std::string text;
    RL_RETURN_IF_ERROR(String(name, &text, required));
    if (object_.Get(name) != nullptr) *out = ToBytesBinary(text);
    return Status::OK();
  }

 private:
  Status TypeError(const Json& v, const char* name, const char* wanted) const {
    return Error(v, std::string(name) + " must be " + wanted + ", not " + Json::TypeName(v.type()));
  }

  const std::string& source_;
  const Json& object_;
  std::string path_;
};

Status ReadSegment(const Reader& r, Segment* s) {
  RL_RETURN_IF_ERROR(r.Name("kind", ParseSegmentKind,
                            "salt, hash, field, reversed, timestamp, time_of_day, constant, "
                            "delimiter",
                            &s->kind, true));
  constexpr const char* kEncodings = "decimal, hex, binary, text";
  switch (s->kind) {
    case SegmentKind::kSalt:
    case SegmentKind::kHash:
      RL_RETURN_IF_ERROR(r.Expect({"kind", "fields", "algorithm", "buckets", "length", "encoding",
                                   "width"}));
      RL_RETURN_IF_ERROR(r.Strings("fields", &s->sources));
      RL_RETURN_IF_ERROR(r.Name("algorithm", ParseHashAlgorithm, "md5, sha1, murmur3",
                                &s->algorithm, s->kind == SegmentKind::kHash));
      s->encoding = s->kind == SegmentKind::kSalt ? Encoding::kDecimal : Encoding::kHex;
      RL_RETURN_IF_ERROR(r.Name("encoding", ParseEncoding, kEncodings, &s->encoding, false));
      if (s->kind == SegmentKind::kSalt) {
        if (r.Get("length")) return r.Error(*r.Get("length"), "a salt has buckets, not a length");
        RL_RETURN_IF_ERROR(r.Int32("buckets", INT_MIN, INT_MAX, &s->buckets, true));
        RL_RETURN_IF_ERROR(r.Int32("width", 0, 64, &s->width, false));
      } else {
        if (r.Get("buckets")) return r.Error(*r.Get("buckets"), "a hash has a length, not buckets");
        if (r.Get("width")) return r.Error(*r.Get("width"), "a hash has a length, not a width");
        RL_RETURN_IF_ERROR(r.Int32("length", INT_MIN, INT_MAX, &s->length, true));
      }
      return Status::OK();
    case SegmentKind::kField:
    case SegmentKind::kReversed:
      RL_RETURN_IF_ERROR(r.Expect({"kind", "field", "encoding", "width", "pad"}));
      RL_RETURN_IF_ERROR(r.String("field", &s->field, true));
      RL_RETURN_IF_ERROR(r.Name("encoding", ParseEncoding, kEncodings, &s->encoding, true));
      RL_RETURN_IF_ERROR(r.Int32("width", 0, 1 << 20, &s->width, false));
      return r.Bytes("pad", &s->pad, false);
    case SegmentKind::kTimestamp: {
      RL_RETURN_IF_ERROR(r.Expect({"kind", "field", "order", "unit", "encoding"}));
      RL_RETURN_IF_ERROR(r.String("field", &s->field, true));
      std::string order = "asis";
      RL_RETURN_IF_ERROR(r.String("order", &order, false));
      if (order != "asis" && order != "reversed") {
        return r.Error(*r.Get("order"), "order '" + order + "' is not one of asis, reversed");
      }
      s->reverse_time = order == "reversed";
      s->encoding = Encoding::kBinary;
      RL_RETURN_IF_ERROR(r.Name("unit", ParseTimeUnit, "ms, s", &s->unit, false));
      return r.Name("encoding", ParseEncoding, kEncodings, &s->encoding, false);
    }
    case SegmentKind::kTimeOfDay:
      RL_RETURN_IF_ERROR(r.Expect({"kind", "field", "unit"}));
      RL_RETURN_IF_ERROR(r.String("field", &s->field, true));
      return r.Name("unit", ParseTimeUnit, "ms, min", &s->unit, false);
    case SegmentKind::kConstant:
    case SegmentKind::kDelimiter:
      RL_RETURN_IF_ERROR(r.Expect({"kind", "value"}));
      return r.Bytes("value", &s->value, true);
  }
  return Status::OK();
}

Status ReadQuery(const Reader& r, const std::string& source, QueryTemplate* q) {
  RL_RETURN_IF_ERROR(r.Expect({"name", "equals", "range", "latest_first", "limit"}));
  RL_RETURN_IF_ERROR(r.String("name", &q->name, false));
  if (const Json* eq = r.Get("equals")) {
    if (!eq->is_object()) return r.Error(*eq, "equals must be an object of field: value");
    for (const auto& [field, value] : eq->members()) {
      std::string text;
      RL_RETURN_IF_ERROR(r.ValueText(value, "equals." + field, &text));
      q->equals.emplace_back(field, text);
    }
  }
  if (const Json* range = r.Get("range")) {
    Reader rr(source, *range, "range");
    RL_RETURN_IF_ERROR(rr.Expect({"field", "from", "to"}));
    RL_RETURN_IF_ERROR(rr.String("field", &q->range_field, true));
    const Json* from;
    const Json* to;
    RL_RETURN_IF_ERROR(rr.Required("from", &from));
    RL_RETURN_IF_ERROR(rr.Required("to", &to));
    RL_RETURN_IF_ERROR(rr.ValueText(*from, "from", &q->range_from));
    RL_RETURN_IF_ERROR(rr.ValueText(*to, "to", &q->range_to));
  }
  RL_RETURN_IF_ERROR(r.Bool("latest_first", &q->latest_first));
  return r.Int32("limit", 0, INT_MAX, &q->limit, false);
}

Status ReadModel(const Reader& r, const std::string& source, ValueModel* m) {
  RL_RETURN_IF_ERROR(r.String("field", &m->field, true));
  RL_RETURN_IF_ERROR(r.Name("model", ParseValueModelKind,
                            "sequential, uniform, zipf, increasing_time, tenant_mix, constant",
                            &m->kind, true));
  switch (m->kind) {
    case ValueModelKind::kSequential:
      RL_RETURN_IF_ERROR(r.Expect({"field", "model", "start"}));
      return r.Int("start", INT64_MIN, INT64_MAX, &m->min, false);
    case ValueModelKind::kUniform:
    case ValueModelKind::kZipf:
      RL_RETURN_IF_ERROR(r.Expect({"field", "model", "min", "max", "theta", "scrambled"}));
      if (m->kind == ValueModelKind::kUniform && (r.Get("theta") || r.Get("scrambled"))) {
        return r.Error(*(r.Get("theta") ? r.Get("theta") : r.Get("scrambled")),
                       "theta and scrambled belong to zipf");
      }
      RL_RETURN_IF_ERROR(r.Int("min", INT64_MIN, INT64_MAX, &m->min, true));
      RL_RETURN_IF_ERROR(r.Int("max", INT64_MIN, INT64_MAX, &m->max, true));
      RL_RETURN_IF_ERROR(r.Double("theta", &m->theta));
      return r.Bool("scrambled", &m->scrambled);
    case ValueModelKind::kIncreasingTime: {
      RL_RETURN_IF_ERROR(r.Expect({"field", "model", "start", "max_step_ms"}));
      if (const Json* start = r.Get("start")) {
        std::string text;
        RL_RETURN_IF_ERROR(r.ValueText(*start, "start", &text));
        FieldValue v;
        Status s = ParseFieldValue(FieldType::kLong, text, true, &v);
        if (!s.ok()) return r.Error(*start, "start: " + s.message());
        m->start_ms = v.number;
      }
      return r.Int("max_step_ms", 2, INT64_MAX, &m->max_step_ms, false);
    }
    case ValueModelKind::kTenantMix: {
      RL_RETURN_IF_ERROR(r.Expect({"field", "model", "choices"}));
      const Json* choices;
      RL_RETURN_IF_ERROR(r.Required("choices", &choices));
      if (!choices->is_array()) return r.Error(*choices, "choices must be an array");
      for (size_t i = 0; i < choices->items().size(); ++i) {
        Reader c(source, choices->items()[i], "choices[" + std::to_string(i) + "]");
        RL_RETURN_IF_ERROR(c.Expect({"value", "weight"}));
        const Json* value;
        RL_RETURN_IF_ERROR(c.Required("value", &value));
        std::string text;
        RL_RETURN_IF_ERROR(c.ValueText(*value, "value", &text));
        double weight = 1;
        RL_RETURN_IF_ERROR(c.Double("weight", &weight));
        m->choices.emplace_back(text, weight);
      }
      return Status::OK();
    }
    case ValueModelKind::kConstant: {
      RL_RETURN_IF_ERROR(r.Expect({"field", "model", "value"}));
      const Json* value;
      RL_RETURN_IF_ERROR(r.Required("value", &value));
      std::string text;
      RL_RETURN_IF_ERROR(r.ValueText(*value, "value", &text));
      m->choices = {{text, 1.0}};
      return Status::OK();
    }
  }
  return Status::OK();
}

// An array member, each item read by `read`.
template <typename T, typename Fn>
Status ReadArray(const Reader& top, const std::string& source, const char* name,
                 std::vector<T>* out, Fn read, const std::string& path_prefix = "") {
  const Json* array = top.Get(name);
  if (array == nullptr) return Status::OK();
  if (!array->is_array()) return top.Error(*array, std::string(name) + " must be an array");
  for (size_t i = 0; i < array->items().size(); ++i) {
    Reader r(source, array->items()[i],
             path_prefix + std::string(name) + "[" + std::to_string(i) + "]");
    if (!array->items()[i].is_object()) RL_RETURN_IF_ERROR(r.Expect({}));
    T item;
    RL_RETURN_IF_ERROR(read(r, &item));
    out->push_back(std::move(item));
  }
  return Status::OK();
}

}  // namespace

Json SchemeToJson(const RowkeyScheme& scheme) {
  Json j = Json::Object();
  j.Set("format", kSchemeFormat);
  j.Set("version", kSchemeFormatVersion);
  j.Set("name", scheme.name);
  if (!scheme.description.empty()) j.Set("description", scheme.description);
  if (!scheme.source.empty()) j.Set("source", scheme.source);
  Json fields = Json::Array();
  for (const FieldDef& f : scheme.fields) {
    Json fj = Json::Object().Set("name", f.name).Set("type", FieldTypeName(f.type));
    if (f.unique) fj.Set("unique", true);
    if (!f.description.empty()) fj.Set("description", f.description);
    fields.Push(fj);
  }
  j.Set("fields", fields);
  Json segments = Json::Array();
  for (const Segment& s : scheme.segments) segments.Push(SegmentToJson(s));
  j.Set("segments", segments);
  Json queries = Json::Array();
  for (const QueryTemplate& q : scheme.queries) queries.Push(QueryToJson(q));
  j.Set("queries", queries);
  Json models = Json::Array();
  for (const ValueModel& m : scheme.workload.models) models.Push(ModelToJson(m));
  j.Set("workload", Json::Object()
                        .Set("seed", static_cast<int64_t>(scheme.workload.seed))
                        .Set("models", models));
  return j;
}

std::string FormatSchemeJson(const RowkeyScheme& scheme) {
  return SchemeToJson(scheme).DumpPretty();
}

Result<RowkeyScheme> SchemeFromJson(const Json& document, const std::string& source) {
  Reader top(source, document, "");
  RL_RETURN_IF_ERROR(top.Expect({"format", "version", "name", "description", "source", "fields",
                                 "segments", "queries", "workload"}));
  std::string format(kSchemeFormat);
  RL_RETURN_IF_ERROR(top.String("format", &format, false));
  if (format != kSchemeFormat) {
    return top.Error(*top.Get("format"), "format '" + format + "' is not " +
                                             std::string(kSchemeFormat));
  }
  int64_t version = kSchemeFormatVersion;
  RL_RETURN_IF_ERROR(top.Int("version", 1, INT32_MAX, &version, false));
  if (version > kSchemeFormatVersion) {
    return Status::NotSupported(source + ": scheme format version " + std::to_string(version) +
                                " is newer than this RegionLab reads (" +
                                std::to_string(kSchemeFormatVersion) + ")");
  }
  RowkeyScheme s;
  RL_RETURN_IF_ERROR(top.String("name", &s.name, true));
  RL_RETURN_IF_ERROR(top.String("description", &s.description, false));
  RL_RETURN_IF_ERROR(top.String("source", &s.source, false));
  RL_RETURN_IF_ERROR(ReadArray(top, source, "fields", &s.fields, [&](const Reader& r, FieldDef* f) {
    RL_RETURN_IF_ERROR(r.Expect({"name", "type", "unique", "description"}));
    RL_RETURN_IF_ERROR(r.String("name", &f->name, true));
    RL_RETURN_IF_ERROR(r.Name("type", ParseFieldType, "string, int, long", &f->type, true));
    RL_RETURN_IF_ERROR(r.Bool("unique", &f->unique));
    return r.String("description", &f->description, false);
  }));
  if (top.Get("segments") == nullptr) return top.Error(document, "member 'segments' is missing");
  RL_RETURN_IF_ERROR(ReadArray(top, source, "segments", &s.segments, ReadSegment));
  RL_RETURN_IF_ERROR(ReadArray(top, source, "queries", &s.queries,
                               [&](const Reader& r, QueryTemplate* q) {
                                 return ReadQuery(r, source, q);
                               }));
  if (const Json* w = top.Get("workload")) {
    Reader wr(source, *w, "workload");
    RL_RETURN_IF_ERROR(wr.Expect({"seed", "models"}));
    int64_t seed = static_cast<int64_t>(s.workload.seed);
    RL_RETURN_IF_ERROR(wr.Int("seed", 0, INT64_MAX, &seed, false));
    s.workload.seed = static_cast<uint64_t>(seed);
    RL_RETURN_IF_ERROR(ReadArray(wr, source, "models", &s.workload.models,
                                 [&](const Reader& r, ValueModel* m) {
                                   return ReadModel(r, source, m);
                                 },
                                 "workload."));
  }
  Status valid = ValidateScheme(s);
  if (!valid.ok()) return Status::InvalidArgument(source + ": " + valid.message());
  return s;
}

Result<RowkeyScheme> ParseSchemeJson(std::string_view text, const std::string& source) {
  auto doc = ParseJson(text);
  if (!doc.ok()) return Status::InvalidArgument(source + ": " + doc.status().message());
  return SchemeFromJson(*doc, source);
}

}  // namespace regionlab::rowkey
