#include "rowkey/scheme_analysis.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_set>

#include "regionlab/bytes.h"
#include "rowkey/key_generator.h"

namespace regionlab::rowkey {

namespace {

constexpr int kLengthGuidance = 16;  // at most 16 bytes, 8-byte aligned (SCHEMES.md)
constexpr uint64_t kUnbounded = UINT64_MAX;

bool IsFixed(const Segment& s) {
  return s.kind == SegmentKind::kConstant || s.kind == SegmentKind::kDelimiter;
}

// The index of the first segment whose bytes vary between records, or -1.
int LeadingSegment(const RowkeyScheme& scheme) {
  for (size_t i = 0; i < scheme.segments.size(); ++i) {
    if (!IsFixed(scheme.segments[i])) return static_cast<int>(i);
  }
  return -1;
}

uint64_t Pow(uint64_t base, int exp) {
  uint64_t v = 1;
  for (int i = 0; i < exp; ++i) {
    if (v > kUnbounded / base) return kUnbounded;
    v *= base;
  }
  return v;
}

// How many distinct values a segment takes under the workload.
uint64_t Cardinality(const KeyEncoder& enc, const Workload& workload, size_t i, uint64_t planned) {
  const RowkeyScheme& scheme = enc.scheme();
  const Segment& s = scheme.segments[i];
  switch (s.kind) {
    case SegmentKind::kSalt: return static_cast<uint64_t>(s.buckets);
    case SegmentKind::kHash: return Pow(s.encoding == Encoding::kHex ? 16 : 256, s.length);
    case SegmentKind::kTimestamp: return kUnbounded;
    case SegmentKind::kTimeOfDay: return s.unit == TimeUnit::kMinutes ? 1440 : 86400000;
    case SegmentKind::kConstant:
    case SegmentKind::kDelimiter: return 1;
    default: break;
  }
  const ValueModel m = EffectiveModel(scheme, workload, s.field);
  uint64_t n = kUnbounded;
  switch (m.kind) {
    case ValueModelKind::kSequential:
    case ValueModelKind::kIncreasingTime: n = planned; break;
    case ValueModelKind::kUniform:
    case ValueModelKind::kZipf: n = static_cast<uint64_t>(m.max) - static_cast<uint64_t>(m.min) + 1; break;
    case ValueModelKind::kTenantMix:
    case ValueModelKind::kConstant: n = m.choices.size(); break;
  }
  if (s.encoding == Encoding::kBinary && enc.Width(i) > 0) n = std::min(n, Pow(256, enc.Width(i)));
  if (s.encoding == Encoding::kDecimal) n = std::min(n, Pow(10, s.width));
  return n == 0 ? kUnbounded : n;  // 0: a span of all 2^64 values
}

std::string Plural(uint64_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

void CheckHotspot(const KeyEncoder& enc, const Workload& workload, int lead, SchemeAnalysis* a) {
  const RowkeyScheme& scheme = enc.scheme();
  const Segment& s = scheme.segments[static_cast<size_t>(lead)];
  const std::string where = DescribeSegment(scheme, static_cast<size_t>(lead));
  std::string why;
  if (s.kind == SegmentKind::kTimestamp) {
    why = s.reverse_time ? "it decreases with time, so every new row sorts before all others"
                         : "it increases with time, so every new row sorts after all others";
  } else if (s.kind == SegmentKind::kTimeOfDay) {
    why = "it increases through the day, so new rows pile up at the end of the day's range";
  } else if (s.kind == SegmentKind::kField) {
    const ValueModel m = EffectiveModel(scheme, workload, s.field);
    if (m.kind == ValueModelKind::kSequential || m.kind == ValueModelKind::kIncreasingTime) {
      why = s.field + " increases with every write (" + ValueModelKindName(m.kind) + ")";
    }
  }
  const bool keys_ordered = a->sampled > 100 &&
                            (a->increasing_fraction >= 0.99 || a->decreasing_fraction >= 0.99);
  if (why.empty() && keys_ordered) {
    why = "the generated keys " +
          std::string(a->increasing_fraction >= 0.99 ? "increase" : "decrease") +
          " in write order";
  }
  if (why.empty()) return;
  a->warnings.push_back(
      {FindingKind::kHotspot, lead,
       "write hotspot: the key starts with " + where + " and " + why +
           "; all writes go to one region (and one region server) at a time. Put a salt or a "
           "hash first and the time or sequence after it."});
}

void CheckUniqueness(const KeyEncoder& enc, const std::vector<std::string>& sample_sorted,
                     SchemeAnalysis* a) {
  const RowkeyScheme& scheme = enc.scheme();
  std::set<std::string> in_full, hashed;
  bool seconds = false;
  for (size_t i = 0; i < scheme.segments.size(); ++i) {
    const Segment& s = scheme.segments[i];
    switch (s.kind) {
      case SegmentKind::kField:
      case SegmentKind::kReversed: in_full.insert(s.field); break;
      case SegmentKind::kTimestamp:
        if (s.unit == TimeUnit::kSeconds) {
          seconds = true;
        } else {
          in_full.insert(s.field);
        }
        break;
      case SegmentKind::kTimeOfDay:
        a->uniqueness.push_back(
            {FindingKind::kUniqueness, static_cast<int>(i),
             DescribeSegment(scheme, i) + " repeats every day: keep one table per day, as the "
                                          "built-in designs do, or the next day's rows "
                                          "overwrite these"});
        break;
      case SegmentKind::kSalt:
      case SegmentKind::kHash: hashed.insert(s.sources.begin(), s.sources.end()); break;
      default: break;
    }
    const bool variable = enc.Width(i) < 0;
    const bool last = i + 1 == scheme.segments.size();
    if (variable && !last && scheme.segments[i + 1].kind != SegmentKind::kDelimiter) {
      a->uniqueness.push_back(
          {FindingKind::kUniqueness, static_cast<int>(i),
           DescribeSegment(scheme, i) + " has no fixed width and no delimiter follows it: "
                                        "'ab' + 'c' and 'a' + 'bc' give the same bytes"});
    }
  }
  std::vector<std::string> unique_full, unique_hashed_only, unique_missing;
  for (const FieldDef& f : scheme.fields) {
    if (!f.unique) continue;
    if (in_full.count(f.name)) {
      unique_full.push_back(f.name);
    } else if (hashed.count(f.name)) {
      unique_hashed_only.push_back(f.name);
    } else {
      unique_missing.push_back(f.name);
    }
  }
  if (unique_full.empty()) {
    std::string held;
    for (const auto& f : in_full) held += (held.empty() ? "" : ", ") + f;
    for (const auto& f : unique_hashed_only) {
      a->uniqueness.push_back({FindingKind::kUniqueness, -1,
                               f + " is declared unique but enters the key only through a hash: "
                                   "two records that agree on the rest of the key collide when "
                                   "their hashes do"});
    }
    for (const auto& f : unique_missing) {
      a->uniqueness.push_back(
          {FindingKind::kUniqueness, -1, f + " is declared unique but is not in the key"});
    }
    if (unique_hashed_only.empty() && unique_missing.empty()) {
      a->uniqueness.push_back(
          {FindingKind::kUniqueness, -1,
           "no field declared unique is in the key: records with the same " +
               (held.empty() ? std::string("key") : held) +
               " get the same row, and the later write overwrites the earlier"});
    }
    if (seconds) {
      a->uniqueness.push_back({FindingKind::kUniqueness, -1,
                               "the timestamp is kept in seconds: records of the same second "
                               "that agree on the rest of the key collide"});
    }
  }
  for (size_t i = 1; i < sample_sorted.size(); ++i) {
    if (sample_sorted[i] == sample_sorted[i - 1]) ++a->repeated;
  }
  if (a->repeated > 0) {
    a->uniqueness.push_back({FindingKind::kUniqueness, -1,
                             Plural(a->repeated, "generated key") + " of " +
                                 std::to_string(a->sampled) + " repeat an earlier key"});
  }
}

void CheckValueRanges(const KeyEncoder& enc, const Workload& workload, uint64_t planned,
                      SchemeAnalysis* a) {
  const RowkeyScheme& scheme = enc.scheme();
  for (size_t i = 0; i < scheme.segments.size(); ++i) {
    const Segment& s = scheme.segments[i];
    if (s.kind != SegmentKind::kField && s.kind != SegmentKind::kReversed) continue;
    const FieldDef* f = scheme.FindField(s.field);
    const bool narrow_binary = s.encoding == Encoding::kBinary && f->type != FieldType::kString &&
                               enc.Width(i) < (f->type == FieldType::kInt ? 4 : 8);
    if (!(s.encoding == Encoding::kDecimal || narrow_binary)) continue;
    const ValueModel m = EffectiveModel(scheme, workload, s.field);
    int64_t top;
    std::string how;
    if (m.kind == ValueModelKind::kSequential) {
      top = m.min + static_cast<int64_t>(planned) - 1;
      how = "in a run of " + std::to_string(planned) + " records";
    } else if (m.kind == ValueModelKind::kUniform || m.kind == ValueModelKind::kZipf) {
      top = m.max;
      how = "(the model's max)";
    } else {
      continue;
    }
    const uint64_t capacity =
        narrow_binary ? Pow(256, enc.Width(i)) : Pow(10, s.width);
    if (top >= 0 && static_cast<uint64_t>(top) >= capacity) {
      a->warnings.push_back({FindingKind::kValueRange, static_cast<int>(i),
                             s.field + " reaches " + std::to_string(top) + " " + how + ", but " +
                                 DescribeSegment(scheme, i) + " holds at most " +
                                 std::to_string(capacity - 1)});
    }
  }
}

}  // namespace

const char* FindingKindName(FindingKind kind) {
  switch (kind) {
    case FindingKind::kHotspot: return "hotspot";
    case FindingKind::kSaltBuckets: return "salt_buckets";
    case FindingKind::kHashBreaksQuery: return "hash_breaks_query";
    case FindingKind::kLowCardinality: return "low_cardinality";
    case FindingKind::kKeyLength: return "key_length";
    case FindingKind::kValueRange: return "value_range";
    case FindingKind::kUniqueness: return "uniqueness";
  }
  return "?";
}

bool SchemeAnalysis::HasWarning(FindingKind kind) const {
  return std::any_of(warnings.begin(), warnings.end(),
                     [&](const Finding& f) { return f.kind == kind; });
}

Result<SchemeAnalysis> AnalyzeScheme(const RowkeyScheme& scheme, const AnalysisOptions& options) {
  auto enc = KeyEncoder::Create(scheme);
  if (!enc.ok()) return enc.status();
  return AnalyzeScheme(*enc, scheme.workload, options);
}

Result<SchemeAnalysis> AnalyzeScheme(const KeyEncoder& enc, const Workload& workload,
                                     const AnalysisOptions& options) {
  const RowkeyScheme& scheme = enc.scheme();
  SchemeAnalysis a;
  a.min_length = enc.MinKeyLength();
  a.max_length = enc.MaxKeyLength();
  const int regions = !options.split_keys.empty() ? static_cast<int>(options.split_keys.size()) + 1
                                                  : options.regions;
  const int lead = LeadingSegment(scheme);

  // Examples and the sample come from one run of the workload.
  auto gen = KeyGenerator::Create(&enc, workload);
  if (!gen.ok()) return gen.status();
  const uint64_t to_draw = std::max<uint64_t>(options.sample, static_cast<uint64_t>(
                                                                  std::max(options.examples, 0)));
  std::vector<std::string> sample;
  std::unordered_set<std::string> leading_values;
  std::string key, previous, lead_bytes;
  uint64_t up = 0, down = 0;
  for (uint64_t i = 0; i < to_draw; ++i) {
    Status s = gen->Next(&key);
    if (!s.ok()) {
      a.warnings.push_back({FindingKind::kValueRange, -1, s.message()});
      break;
    }
    if (static_cast<int64_t>(i) < options.examples) {
      a.examples.push_back({key, ToStringBinary(key), ToHex(key)});
    }
    if (i >= options.sample) continue;
    if (i > 0) {
      up += key > previous;
      down += key < previous;
    }
    previous = key;
    sample.push_back(key);
    if (lead >= 0) {
      lead_bytes.clear();
      (void)enc.EncodeSegment(static_cast<size_t>(lead), gen->record(), &lead_bytes);
      leading_values.insert(lead_bytes);
    }
  }
  a.sampled = sample.size();
  if (a.sampled > 1) {
    a.increasing_fraction = static_cast<double>(up) / static_cast<double>(a.sampled - 1);
    a.decreasing_fraction = static_cast<double>(down) / static_cast<double>(a.sampled - 1);
  }
  a.leading_distinct = leading_values.size();
  std::sort(sample.begin(), sample.end());

  if (lead >= 0) CheckHotspot(enc, workload, lead, &a);
  for (size_t i = 0; i < scheme.segments.size(); ++i) {
    const Segment& s = scheme.segments[i];
    if (s.kind == SegmentKind::kSalt && regions > 0 && s.buckets > regions) {
      a.warnings.push_back({FindingKind::kSaltBuckets, static_cast<int>(i),
                            std::to_string(s.buckets) + " salt buckets for " +
                                Plural(static_cast<uint64_t>(regions), "region") +
                                ": regions hold different numbers of buckets, and a read that "
                                "cannot compute the salt needs " +
                                std::to_string(s.buckets) + " scanners"});
    }
  }
  if (lead >= 0) {
    const Segment& s = scheme.segments[static_cast<size_t>(lead)];
    const uint64_t card = Cardinality(enc, workload, static_cast<size_t>(lead), options.planned_keys);
    const uint64_t threshold = regions > 1 ? static_cast<uint64_t>(regions) : 2;
    if (s.kind != SegmentKind::kSalt && s.kind != SegmentKind::kHash && card < threshold) {
      a.warnings.push_back(
          {FindingKind::kLowCardinality, lead,
           "the key starts with " + DescribeSegment(scheme, static_cast<size_t>(lead)) +
               ", which takes only " + Plural(card, "value") +
               (regions > 1 ? " for " + Plural(static_cast<uint64_t>(regions), "region") : "") +
               ": writes concentrate in as many key ranges, and when what follows increases "
               "each value's newest range is a hotspot"});
    }
  }
  if (a.max_length < 0 || a.max_length > kLengthGuidance) {
    a.warnings.push_back(
        {FindingKind::kKeyLength, -1,
         (a.max_length < 0 ? "the key has no fixed length (at least " +
                                 std::to_string(a.min_length) + " bytes)"
                           : "the key is " + std::to_string(a.max_length) + " bytes") +
             ": keep it to at most 16 bytes (every cell stores the row key; 8-byte "
             "multiples suit 64-bit memory)"});
  }
  CheckValueRanges(enc, workload, options.planned_keys, &a);
  CheckUniqueness(enc, sample, &a);

  for (const QueryTemplate& q : scheme.queries) {
    auto plan = PlanQuery(enc, q, options.split_keys);
    if (!plan.ok()) return plan.status();
    if (plan->hash_breaks_query) {
      a.warnings.push_back({FindingKind::kHashBreaksQuery, plan->hash_segment,
                            "query '" + q.name + "': " +
                                DescribeSegment(scheme, static_cast<size_t>(plan->hash_segment)) +
                                " hashes fields the query does not give, before the range or "
                                "values it declares: the scan reads " +
                                (plan->full_table ? "the whole table" : "the whole prefix")});
    }
    a.queries.push_back(std::move(*plan));
  }
  return a;
}

}  // namespace regionlab::rowkey
