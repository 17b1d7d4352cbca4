#include "models/scheme_edit.h"

#include <QRegularExpression>
#include <QStringList>

#include "models/format.h"

namespace regionlab::ui {

using regionlab::rowkey::Encoding;
using regionlab::rowkey::FieldType;
using regionlab::rowkey::HashAlgorithm;
using regionlab::rowkey::RowkeyScheme;
using regionlab::rowkey::Segment;
using regionlab::rowkey::SegmentKind;
using regionlab::rowkey::TimeUnit;

namespace {

bool takesField(SegmentKind k) {
  return k == SegmentKind::kField || k == SegmentKind::kReversed || k == SegmentKind::kTimestamp ||
         k == SegmentKind::kTimeOfDay;
}
bool takesSources(SegmentKind k) { return k == SegmentKind::kSalt || k == SegmentKind::kHash; }
bool isTimeKind(SegmentKind k) { return k == SegmentKind::kTimestamp || k == SegmentKind::kTimeOfDay; }

// The first field a segment of `kind` can encode: a number for time
// segments, a long (a time) before an int when both exist.
std::string firstFieldFor(SegmentKind kind, const RowkeyScheme& scheme) {
  if (scheme.fields.empty()) return {};
  if (isTimeKind(kind)) {
    for (const auto& f : scheme.fields)
      if (f.type == FieldType::kLong) return f.name;
    for (const auto& f : scheme.fields)
      if (f.type == FieldType::kInt) return f.name;
  }
  return scheme.fields.front().name;
}

QString q(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

QList<SegmentParam> segmentParams(SegmentKind kind) {
  using P = SegmentParam;
  switch (kind) {
    case SegmentKind::kSalt: return {P::Sources, P::Buckets, P::Algorithm, P::Encoding, P::Width};
    case SegmentKind::kHash: return {P::Sources, P::Algorithm, P::Length, P::Encoding};
    case SegmentKind::kField:
    case SegmentKind::kReversed: return {P::Field, P::Encoding, P::Width, P::Pad};
    case SegmentKind::kTimestamp: return {P::Field, P::ReverseTime, P::Unit, P::Encoding};
    case SegmentKind::kTimeOfDay: return {P::Field, P::Unit};
    case SegmentKind::kConstant:
    case SegmentKind::kDelimiter: return {P::Value};
  }
  return {};
}

std::vector<Encoding> segmentEncodings(SegmentKind kind) {
  switch (kind) {
    case SegmentKind::kSalt: return {Encoding::kBinary, Encoding::kDecimal, Encoding::kHex};
    case SegmentKind::kHash: return {Encoding::kHex, Encoding::kBinary};
    case SegmentKind::kField:
    case SegmentKind::kReversed: return {Encoding::kDecimal, Encoding::kBinary, Encoding::kText};
    case SegmentKind::kTimestamp: return {Encoding::kBinary, Encoding::kDecimal};
    default: return {};
  }
}

std::vector<TimeUnit> segmentUnits(SegmentKind kind) {
  if (kind == SegmentKind::kTimestamp) return {TimeUnit::kMilliseconds, TimeUnit::kSeconds};
  if (kind == SegmentKind::kTimeOfDay) return {TimeUnit::kMilliseconds, TimeUnit::kMinutes};
  return {};
}

std::vector<SegmentKind> allSegmentKinds() {
  return {SegmentKind::kSalt,      SegmentKind::kHash,      SegmentKind::kField,
          SegmentKind::kReversed,  SegmentKind::kTimestamp, SegmentKind::kTimeOfDay,
          SegmentKind::kConstant,  SegmentKind::kDelimiter};
}

QString segmentKindLabel(SegmentKind kind) {
  switch (kind) {
    case SegmentKind::kSalt: return QStringLiteral("Salt");
    case SegmentKind::kHash: return QStringLiteral("Hash prefix");
    case SegmentKind::kField: return QStringLiteral("Field");
    case SegmentKind::kReversed: return QStringLiteral("Reversed field");
    case SegmentKind::kTimestamp: return QStringLiteral("Timestamp");
    case SegmentKind::kTimeOfDay: return QStringLiteral("Time of day");
    case SegmentKind::kConstant: return QStringLiteral("Constant");
    case SegmentKind::kDelimiter: return QStringLiteral("Delimiter");
  }
  return {};
}

Segment defaultSegment(SegmentKind kind, const RowkeyScheme& scheme) {
  Segment s;
  s.kind = kind;
  if (takesField(kind)) s.field = firstFieldFor(kind, scheme);
  if (takesSources(kind) && !scheme.fields.empty()) s.sources = {scheme.fields.front().name};
  switch (kind) {
    case SegmentKind::kSalt:
      s.buckets = 16;
      s.algorithm = HashAlgorithm::kMurmur3;
      s.encoding = Encoding::kBinary;
      break;
    case SegmentKind::kHash:
      s.algorithm = HashAlgorithm::kMd5;
      s.length = 4;
      s.encoding = Encoding::kHex;
      break;
    case SegmentKind::kField:
    case SegmentKind::kReversed: {
      const auto* f = scheme.FindField(s.field);
      s.encoding = f && f->type == FieldType::kString ? Encoding::kText : Encoding::kDecimal;
      s.width = f && f->type == FieldType::kInt ? 10 : f && f->type == FieldType::kString ? 0 : 19;
      break;
    }
    case SegmentKind::kTimestamp:
      s.encoding = Encoding::kBinary;
      s.unit = TimeUnit::kMilliseconds;
      break;
    case SegmentKind::kTimeOfDay:
      s.unit = TimeUnit::kMilliseconds;
      break;
    // assign(count, char): GCC 12 misreads the inlined copy of a one-character
    // literal as an overflow (-Wstringop-overflow, a false positive).
    case SegmentKind::kConstant: s.value.assign(1, 'x'); break;
    case SegmentKind::kDelimiter: s.value.assign(1, '|'); break;
  }
  return s;
}

Segment convertSegment(const Segment& segment, SegmentKind kind, const RowkeyScheme& scheme) {
  if (segment.kind == kind) return segment;
  Segment s = defaultSegment(kind, scheme);
  // Keep what the user chose where the new kind takes the same thing.
  const std::string field = !segment.field.empty()       ? segment.field
                            : !segment.sources.empty()   ? segment.sources.front()
                                                         : std::string();
  if (takesField(kind) && !field.empty() && !(isTimeKind(kind) && scheme.FindField(field) &&
                                               scheme.FindField(field)->type == FieldType::kString))
    s.field = field;
  if (takesSources(kind) && !segment.sources.empty()) s.sources = segment.sources;
  if (takesSources(kind) && segment.sources.empty() && !field.empty()) s.sources = {field};
  if (takesSources(kind) && takesSources(segment.kind)) s.algorithm = segment.algorithm;
  if ((kind == SegmentKind::kField || kind == SegmentKind::kReversed) &&
      (segment.kind == SegmentKind::kField || segment.kind == SegmentKind::kReversed)) {
    s.encoding = segment.encoding;
    s.width = segment.width;
    s.pad = segment.pad;
  } else if (kind == SegmentKind::kField || kind == SegmentKind::kReversed) {
    const auto* f = scheme.FindField(s.field);
    s.encoding = f && f->type == FieldType::kString ? Encoding::kText : Encoding::kDecimal;
    s.width = f && f->type == FieldType::kInt ? 10 : f && f->type == FieldType::kString ? 0 : 19;
  }
  if ((kind == SegmentKind::kConstant || kind == SegmentKind::kDelimiter) && !segment.value.empty())
    s.value = segment.value;
  return s;
}

QString segmentSummary(const Segment& s) {
  QStringList sources;
  for (const auto& f : s.sources) sources << q(f);
  const QString encoding = QLatin1String(regionlab::rowkey::EncodingName(s.encoding));
  const QString algorithm = QLatin1String(regionlab::rowkey::HashAlgorithmName(s.algorithm));
  const QString unit = QLatin1String(regionlab::rowkey::TimeUnitName(s.unit));
  switch (s.kind) {
    case SegmentKind::kSalt:
      return QStringLiteral("%1 buckets of %2, %3, %4%5")
          .arg(s.buckets)
          .arg(sources.join(QLatin1Char('+')), algorithm, encoding,
               s.width > 0 ? QStringLiteral(" width %1").arg(s.width) : QString());
    case SegmentKind::kHash:
      return QStringLiteral("%1(%2), first %3 %4")
          .arg(algorithm, sources.join(QLatin1Char('+')))
          .arg(s.length)
          .arg(s.encoding == Encoding::kHex ? QStringLiteral("hex characters") : QStringLiteral("bytes"));
    case SegmentKind::kField:
    case SegmentKind::kReversed: {
      QString text = QStringLiteral("%1, %2").arg(q(s.field), encoding);
      if (s.width > 0) text += QStringLiteral(" width %1").arg(s.width);
      return text;
    }
    case SegmentKind::kTimestamp:
      return QStringLiteral("%1, %2%3, %4")
          .arg(q(s.field), s.reverse_time ? QStringLiteral("Long.MAX_VALUE \u2212 ") : QString(), unit,
               s.encoding == Encoding::kBinary ? QStringLiteral("8 bytes") : QStringLiteral("19 digits"));
    case SegmentKind::kTimeOfDay:
      return QStringLiteral("%1, %2")
          .arg(q(s.field), s.unit == TimeUnit::kMinutes ? QStringLiteral("minute of the day, 2 bytes")
                                                        : QStringLiteral("ms since midnight, 4 bytes"));
    case SegmentKind::kConstant:
    case SegmentKind::kDelimiter: return QStringLiteral("\"%1\"").arg(formatKey(s.value));
  }
  return {};
}

void renameFieldReferences(RowkeyScheme* scheme, const std::string& from, const std::string& to) {
  if (from == to) return;
  for (Segment& s : scheme->segments) {
    if (s.field == from) s.field = to;
    for (std::string& f : s.sources)
      if (f == from) f = to;
  }
  for (auto& query : scheme->queries) {
    for (auto& [name, value] : query.equals)
      if (name == from) name = to;
    if (query.range_field == from) query.range_field = to;
  }
  for (auto& m : scheme->workload.models)
    if (m.field == from) m.field = to;
}

bool sameFieldList(const RowkeyScheme& a, const RowkeyScheme& b) {
  if (a.fields.size() != b.fields.size()) return false;
  for (size_t i = 0; i < a.fields.size(); ++i)
    if (a.fields[i].name != b.fields[i].name || a.fields[i].type != b.fields[i].type) return false;
  return true;
}

SchemeIssue locateIssue(const QString& message) {
  SchemeIssue issue;
  if (message.isEmpty()) return issue;
  issue.full = message;
  issue.message = message;
  issue.target = SchemeIssue::Target::Scheme;
  // The engine names the part first ("segment 3 (salt of orderId): ..."),
  // possibly after a file name or a record number.
  static const QRegularExpression kSegment(QStringLiteral("(?:^|: )segment (\\d+) \\([^)]*\\): (.*)$"));
  static const QRegularExpression kField(QStringLiteral("(?:^|: )field (\\d+): (.*)$"));
  static const QRegularExpression kQuery(QStringLiteral("(?:^|: )query (\\d+)(?: \\('.*?'\\))?: (.*)$"));
  static const QRegularExpression kModel(QStringLiteral("(?:^|: )model of field ([^:]+): (.*)$"));
  if (auto m = kSegment.match(message); m.hasMatch()) {
    issue.target = SchemeIssue::Target::Segment;
    issue.index = m.captured(1).toInt() - 1;
    issue.message = m.captured(2);
  } else if (auto m = kQuery.match(message); m.hasMatch()) {
    issue.target = SchemeIssue::Target::Query;
    issue.index = m.captured(1).toInt() - 1;
    issue.message = m.captured(2);
  } else if (auto m = kModel.match(message); m.hasMatch()) {
    issue.target = SchemeIssue::Target::Model;
    issue.field = m.captured(1);
    issue.message = m.captured(2);
  } else if (auto m = kField.match(message); m.hasMatch()) {
    issue.target = SchemeIssue::Target::Field;
    issue.index = m.captured(1).toInt() - 1;
    issue.message = m.captured(2);
  }
  return issue;
}

}  // namespace regionlab::ui
