// What the scheme builder needs to edit a RowkeyScheme: which parameters each
// segment kind takes (a segment's form shows only those), the choices each
// parameter offers, sensible defaults for a new segment, a one-line summary
// of a segment, and where in the scheme an engine message points.
//
// The rules themselves stay in the engine (ValidateScheme, scheme.h); the
// lists here only decide what a form offers, and every scheme the builder
// makes is still checked by ValidateScheme.
//
// Thread-safety: pure functions.
#pragma once

#include <QList>
#include <QString>
#include <vector>

#include "rowkey/scheme.h"

namespace regionlab::ui {

// A parameter of a segment, as the segment form shows it.
enum class SegmentParam {
  Field,        // the field encoded (field, reversed, timestamp, time_of_day)
  Sources,      // the fields hashed (salt, hash)
  Buckets,      // salt
  Algorithm,    // salt, hash
  Length,       // hash
  Encoding,     // salt, hash, field, reversed, timestamp
  Width,        // salt, field, reversed
  Pad,          // field, reversed (text encoding)
  ReverseTime,  // timestamp: Long.MAX_VALUE - ts
  Unit,         // timestamp (ms, s), time_of_day (ms, min)
  Value,        // constant, delimiter (escaped bytes)
};

// The parameters `kind` takes, in the order the form shows them.
QList<SegmentParam> segmentParams(regionlab::rowkey::SegmentKind kind);
// The encodings and time units the form offers for `kind` (the ones
// ValidateScheme accepts; field/reversed offer text too, which it accepts for
// strings only).
std::vector<regionlab::rowkey::Encoding> segmentEncodings(regionlab::rowkey::SegmentKind kind);
std::vector<regionlab::rowkey::TimeUnit> segmentUnits(regionlab::rowkey::SegmentKind kind);

// Every segment kind, in scheme.h's order.
std::vector<regionlab::rowkey::SegmentKind> allSegmentKinds();
// "Salt", "Hash prefix", "Field", "Reversed field", "Timestamp", "Time of day",
// "Constant", "Delimiter".
QString segmentKindLabel(regionlab::rowkey::SegmentKind kind);

// A new segment of `kind` over `scheme`'s fields: the first field of a type
// the kind takes, and the defaults of the built-in designs (16 binary salt buckets, a
// 4-character MD5 prefix, ms timestamps as 8 bytes, a "|" delimiter).
regionlab::rowkey::Segment defaultSegment(regionlab::rowkey::SegmentKind kind,
                                          const regionlab::rowkey::RowkeyScheme& scheme);
// `segment` turned into `kind`: the defaults of the kind, keeping the field
// or the hashed fields it had where the new kind takes them.
regionlab::rowkey::Segment convertSegment(const regionlab::rowkey::Segment& segment,
                                          regionlab::rowkey::SegmentKind kind,
                                          const regionlab::rowkey::RowkeyScheme& scheme);

// "16 buckets of orderId, murmur3, binary", "userId, decimal width 6", ...
QString segmentSummary(const regionlab::rowkey::Segment& segment);

// Renames field `from` to `to` everywhere the scheme names it (segments,
// queries, value models).
void renameFieldReferences(regionlab::rowkey::RowkeyScheme* scheme, const std::string& from,
                           const std::string& to);

// Whether two schemes have the same fields (names and types, in order): what
// CompareSchemes needs so that both see the same records.
bool sameFieldList(const regionlab::rowkey::RowkeyScheme& a, const regionlab::rowkey::RowkeyScheme& b);

// Where an engine message (ValidateScheme's, KeyEncoder's or PlanQuery's)
// points: "segment 3 (salt): ..." is segment index 2, "field 2: ..." field
// index 1, "query 1 ('x'): ..." query 0, "model of field ts: ..." the model
// of ts. Anything else is about the whole scheme.
struct SchemeIssue {
  enum class Target { None, Scheme, Field, Segment, Query, Model };
  Target target = Target::None;
  int index = -1;     // Field, Segment, Query: 0-based
  QString field;      // Model: the field's name
  QString message;    // the engine's text, without the "segment 3 (...)" part
  QString full;       // the engine's whole text
  bool ok() const { return target == Target::None; }
};
SchemeIssue locateIssue(const QString& message);

}  // namespace regionlab::ui
