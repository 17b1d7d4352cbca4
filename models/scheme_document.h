// SchemeDocument: the rowkey scheme the builder edits, with every edit the
// builder offers (fields, segments in order, queries, value models), and the
// engine's verdict on it (ValidateScheme) located at the part it names.
//
// Every edit emits changed() once; models and views re-read the scheme
// then. Renaming a field renames it wherever the scheme refers to it, so a
// rename never turns into an "unknown field" error.
//
// Thread-safety: UI thread only.
#pragma once

#include <QObject>
#include <QString>

#include "models/scheme_edit.h"
#include "rowkey/scheme.h"

namespace regionlab::ui {

class SchemeDocument : public QObject {
  Q_OBJECT

 public:
  explicit SchemeDocument(QObject* parent = nullptr);

  const regionlab::rowkey::RowkeyScheme& scheme() const { return m_scheme; }
  // Replaces the whole scheme (an example, a file, the catalog).
  void setScheme(const regionlab::rowkey::RowkeyScheme& scheme);

  void setName(const QString& name);
  void setDescription(const QString& description);

  // Fields. A new field gets a free name ("field1", ...), type long.
  int addField(regionlab::rowkey::FieldType type = regionlab::rowkey::FieldType::kLong);
  void setField(int index, const regionlab::rowkey::FieldDef& field);
  void removeField(int index);

  // Segments, in key order.
  int insertSegment(int index, const regionlab::rowkey::Segment& segment);
  int addSegment(regionlab::rowkey::SegmentKind kind);  // appended, defaults of its kind
  void setSegment(int index, const regionlab::rowkey::Segment& segment);
  void setSegmentKind(int index, regionlab::rowkey::SegmentKind kind);
  void removeSegment(int index);
  // Moves the segment at `from` to `to`; returns false when either is out of range.
  bool moveSegment(int from, int to);

  // Query templates.
  int addQuery(const regionlab::rowkey::QueryTemplate& query);
  void setQuery(int index, const regionlab::rowkey::QueryTemplate& query);
  void removeQuery(int index);

  void setWorkload(const regionlab::rowkey::Workload& workload);

  // The engine's verdict on the scheme as it stands (empty when valid).
  const SchemeIssue& issue() const { return m_issue; }
  bool isValid() const { return m_issue.ok(); }
  // The issue when it is about segment `index` (empty otherwise).
  QString segmentError(int index) const;
  QString fieldError(int index) const;
  QString queryError(int index) const;

 signals:
  void changed();

 private:
  void commit();

  regionlab::rowkey::RowkeyScheme m_scheme;
  SchemeIssue m_issue;
};

}  // namespace regionlab::ui
