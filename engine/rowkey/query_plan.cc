#include "rowkey/query_plan.h"

#include <algorithm>
#include <set>

#include "regionlab/bytes.h"

namespace regionlab::rowkey {

namespace {

// More scanners than this is no plan a client would run; the query is then
// planned as a full scan.
constexpr size_t kMaxScanners = 65536;
constexpr int64_t kDayMs = 86400000;

// A range bound within one segment: the bytes after the prefix, or
// "to the end of the prefix" when `open`.
struct Bound {
  std::string bytes;
  bool open = false;
};

// The encoded bounds of a range [from, to) on segment i's field, when the
// segment keeps the field's order. Otherwise false with *why set.
bool RangeBounds(const KeyEncoder& enc, size_t i, const FieldValue& from, const FieldValue& to,
                 Bound* lo, Bound* hi, std::string* why) {
  const RowkeyScheme& scheme = enc.scheme();
  const Segment& seg = scheme.segments[i];
  const int f = scheme.FieldIndex(seg.field);
  const FieldType type = scheme.fields[static_cast<size_t>(f)].type;
  const std::string where = DescribeSegment(scheme, i);
  Record rec = enc.EmptyRecord();
  auto encode = [&](const FieldValue& v, Bound* b) {
    rec[static_cast<size_t>(f)] = v;
    b->bytes.clear();
    return enc.EncodeSegment(i, rec, &b->bytes).ok();
  };
  switch (seg.kind) {
    case SegmentKind::kReversed:
      *why = where + " reverses " + seg.field + "'s bytes, so the key does not keep its order";
      return false;
    case SegmentKind::kField:
      if (type != FieldType::kString) {
        if (seg.encoding == Encoding::kText) {
          *why = where + " writes " + seg.field +
                 " as plain decimal text, which does not sort in numeric order";
          return false;
        }
        if (from.number < 0 || to.number < 0) {
          *why = "negative values of " + seg.field + " do not sort in numeric order in " + where;
          return false;
        }
      }
      if (!encode(from, lo)) {
        *why = "the range start does not fit " + where;
        return false;
      }
      hi->open = !encode(to, hi);  // a stop beyond the widest value: to the prefix's end
      return true;
    case SegmentKind::kTimestamp: {
      const int64_t unit = seg.unit == TimeUnit::kSeconds ? 1000 : 1;
      const int64_t lo_u = std::max<int64_t>(0, from.number) / unit;
      const int64_t hi_u = (std::max<int64_t>(0, to.number) + unit - 1) / unit;
      FieldValue v;
      if (!seg.reverse_time) {
        v.number = lo_u * unit;
        encode(v, lo);
        v.number = hi_u * unit;
        encode(v, hi);
        return true;
      }
      // Long.MAX_VALUE - t reverses the order: t in [lo, hi) is
      // MAX - t in [MAX - (hi - 1), MAX - (lo - 1)).
      v.number = std::max<int64_t>(0, hi_u - 1) * unit;
      encode(v, lo);
      if (lo_u == 0) {
        hi->open = true;
      } else {
        v.number = (lo_u - 1) * unit;
        encode(v, hi);
      }
      return true;
    }
    case SegmentKind::kTimeOfDay: {
      if (to.number - from.number >= kDayMs) {
        lo->open = false;
        lo->bytes.clear();
        hi->open = true;
        *why = where + " holds the time of day only: a range of a day or more reads every "
                       "time of day (the day itself is the table, one table per day)";
        return true;
      }
      const int64_t a = ((from.number % kDayMs) + kDayMs) % kDayMs;
      const int64_t b = ((to.number % kDayMs) + kDayMs) % kDayMs;
      if (b <= a) {
        *why = "the range crosses midnight, which " + where +
               " cannot express (it spans two daily tables)";
        return false;
      }
      FieldValue v;
      v.number = a;
      encode(v, lo);
      v.number = seg.unit == TimeUnit::kMinutes ? (b + 59999) / 60000 * 60000 : b;
      if (v.number >= kDayMs) {
        hi->open = true;
      } else {
        encode(v, hi);
      }
      return true;
    }
    default:
      *why = where + " does not hold " + seg.field;
      return false;
  }
}

}  // namespace

size_t RegionsTouched(const std::vector<ScanRange>& scans,
                      const std::vector<std::string>& split_keys) {
  std::vector<bool> touched(split_keys.size() + 1, false);
  for (const ScanRange& r : scans) {
    if (!r.stop.empty() && r.stop <= r.start) continue;  // empty range
    // Region i holds [split[i-1], split[i]).
    const size_t first = static_cast<size_t>(
        std::upper_bound(split_keys.begin(), split_keys.end(), r.start) - split_keys.begin());
    const size_t last =
        r.stop.empty() ? split_keys.size()
                       : static_cast<size_t>(std::lower_bound(split_keys.begin(), split_keys.end(),
                                                              r.stop) -
                                             split_keys.begin());
    for (size_t k = first; k <= last && k < touched.size(); ++k) touched[k] = true;
  }
  return static_cast<size_t>(std::count(touched.begin(), touched.end(), true));
}

Result<QueryPlan> PlanQuery(const KeyEncoder& enc, const QueryTemplate& q,
                            const std::vector<std::string>& split_keys) {
  const RowkeyScheme& scheme = enc.scheme();
  const std::string qname = "query '" + q.name + "'";
  QueryPlan plan;
  plan.query = q.name;
  plan.regions = split_keys.size() + 1;
  auto record = enc.RecordFromText(q.equals);
  if (!record.ok()) return Status::InvalidArgument(qname + ": " + record.status().message());
  std::set<std::string> given;
  for (const auto& [field, value] : q.equals) given.insert(field);
  FieldValue from, to;
  if (!q.range_field.empty()) {
    const auto f = static_cast<size_t>(scheme.FieldIndex(q.range_field));
    auto lo = enc.RecordFromText({{q.range_field, q.range_from}});
    if (!lo.ok()) return Status::InvalidArgument(qname + ": range from: " + lo.status().message());
    auto hi = enc.RecordFromText({{q.range_field, q.range_to}});
    if (!hi.ok()) return Status::InvalidArgument(qname + ": range to: " + hi.status().message());
    from = (*lo)[f];
    to = (*hi)[f];
  }

  std::vector<std::string> prefixes{std::string()};
  std::set<std::string> used;
  bool range_served = q.range_field.empty();
  bool ranged = false;
  size_t stop_at = scheme.segments.size();
  for (size_t i = 0; i < scheme.segments.size() && stop_at == scheme.segments.size(); ++i) {
    const Segment& seg = scheme.segments[i];
    const bool sources_given =
        !seg.sources.empty() && std::all_of(seg.sources.begin(), seg.sources.end(),
                                            [&](const std::string& f) { return given.count(f); });
    std::string bytes;
    switch (seg.kind) {
      case SegmentKind::kConstant:
      case SegmentKind::kDelimiter:
        for (auto& p : prefixes) p += seg.value;
        continue;
      case SegmentKind::kSalt:
        plan.salt_buckets = seg.buckets;
        if (sources_given) {
          bytes = enc.SaltBytes(i, enc.SaltBucket(i, *record));
          for (auto& p : prefixes) p += bytes;
          plan.salt_buckets_touched = 1;
          used.insert(seg.sources.begin(), seg.sources.end());
          continue;
        }
        if (prefixes.size() * static_cast<size_t>(seg.buckets) > kMaxScanners) {
          plan.notes.push_back(DescribeSegment(scheme, i) + " would need more than " +
                               std::to_string(kMaxScanners) + " scanners: read as one full scan");
          prefixes = {std::string()};
          stop_at = i;
          break;
        }
        {
          std::vector<std::string> fanned;
          for (const auto& p : prefixes) {
            for (int b = 0; b < seg.buckets; ++b) {
              fanned.push_back(p + enc.SaltBytes(i, static_cast<uint32_t>(b)));
            }
          }
          prefixes = std::move(fanned);
        }
        plan.salt_buckets_touched = seg.buckets;
        plan.notes.push_back("the query does not give " + DescribeSegment(scheme, i) +
                             "'s fields: one scanner per salt bucket, " +
                             std::to_string(seg.buckets) + " in all, merged by the client");
        continue;
      case SegmentKind::kHash:
        if (!sources_given) {
          stop_at = i;
          break;
        }
        RL_RETURN_IF_ERROR(enc.EncodeSegment(i, *record, &bytes));
        for (auto& p : prefixes) p += bytes;
        used.insert(seg.sources.begin(), seg.sources.end());
        continue;
      default:
        if (given.count(seg.field)) {
          Status s = enc.EncodeSegment(i, *record, &bytes);
          if (!s.ok()) return Status::InvalidArgument(qname + ": " + s.message());
          for (auto& p : prefixes) p += bytes;
          used.insert(seg.field);
          continue;
        }
        stop_at = i;
        if (seg.field == q.range_field) {
          Bound lo, hi;
          std::string why;
          if (RangeBounds(enc, i, from, to, &lo, &hi, &why)) {
            for (const auto& p : prefixes) {
              plan.scans.push_back({p + lo.bytes, hi.open ? PrefixStopRow(p) : p + hi.bytes});
            }
            range_served = true;
            ranged = true;
          }
          if (!why.empty()) plan.notes.push_back(why);
        }
        break;
    }
  }

  if (!ranged) {
    for (const auto& p : prefixes) {
      if (stop_at == scheme.segments.size()) {
        plan.scans.push_back({p, p + std::string(1, '\0')});  // exactly this row
      } else {
        plan.scans.push_back({p, PrefixStopRow(p)});
      }
    }
    plan.single_row = stop_at == scheme.segments.size() && plan.scans.size() == 1;
  }
  plan.full_table =
      plan.scans.size() == 1 && plan.scans[0].start.empty() && plan.scans[0].stop.empty();

  std::vector<std::string> filtered;
  for (const auto& [field, value] : q.equals) {
    if (!used.count(field)) filtered.push_back(field);
  }
  const bool stopped_at_hash = stop_at < scheme.segments.size() &&
                               scheme.segments[stop_at].kind == SegmentKind::kHash;
  if (stopped_at_hash && (!range_served || !filtered.empty())) {
    plan.hash_breaks_query = true;
    plan.hash_segment = static_cast<int>(stop_at);
    plan.notes.push_back(DescribeSegment(scheme, stop_at) +
                         " comes before what the query gives and its fields are not given: the "
                         "key order is lost and the scan reads " +
                         (plan.full_table ? std::string("the whole table") : "the whole prefix"));
  }
  for (const std::string& f : filtered) {
    plan.notes.push_back(f + " does not bound the scan: rows are filtered on it "
                             "(SingleColumnValueFilter or a RowFilter)");
  }
  if (!range_served) {
    plan.notes.push_back("the range on " + q.range_field +
                         " does not bound the scan: rows are filtered on it");
  }
  if (q.latest_first) {
    const Segment* next = stop_at < scheme.segments.size() ? &scheme.segments[stop_at] : nullptr;
    if (next != nullptr && next->kind == SegmentKind::kTimestamp && next->reverse_time) {
      plan.notes.push_back("newest first in key order (Long.MAX_VALUE - timestamp): read the first " +
                           (q.limit > 0 ? std::to_string(q.limit) + " rows" : std::string("rows")) +
                           (plan.scans.size() > 1 ? " of each scanner and merge" : ""));
    } else if (next != nullptr && next->kind == SegmentKind::kTimestamp) {
      plan.notes.push_back("the newest rows sort last: scan in reverse (Scan.setReversed(true)) "
                           "from the stop row");
    } else {
      plan.notes.push_back("the key does not order these rows by time: every row is read to "
                           "find the newest");
    }
  }
  plan.regions_touched = RegionsTouched(plan.scans, split_keys);
  return plan;
}

}  // namespace regionlab::rowkey
