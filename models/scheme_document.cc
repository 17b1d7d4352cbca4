#include "models/scheme_document.h"

#include <algorithm>

namespace regionlab::ui {

using regionlab::rowkey::FieldDef;
using regionlab::rowkey::FieldType;
using regionlab::rowkey::QueryTemplate;
using regionlab::rowkey::RowkeyScheme;
using regionlab::rowkey::Segment;
using regionlab::rowkey::SegmentKind;

namespace {
template <typename T>
bool inRange(const std::vector<T>& v, int i) {
  return i >= 0 && i < static_cast<int>(v.size());
}
}  // namespace

SchemeDocument::SchemeDocument(QObject* parent) : QObject(parent) {
  m_scheme.name = "new-scheme";
  commit();
}

void SchemeDocument::commit() {
  const regionlab::Status s = regionlab::rowkey::ValidateScheme(m_scheme);
  m_issue = s.ok() ? SchemeIssue() : locateIssue(QString::fromStdString(s.message()));
  emit changed();
}

void SchemeDocument::setScheme(const RowkeyScheme& scheme) {
  m_scheme = scheme;
  commit();
}

void SchemeDocument::setName(const QString& name) {
  if (m_scheme.name == name.toStdString()) return;
  m_scheme.name = name.toStdString();
  commit();
}

void SchemeDocument::setDescription(const QString& description) {
  if (m_scheme.description == description.toStdString()) return;
  m_scheme.description = description.toStdString();
  commit();
}

int SchemeDocument::addField(FieldType type) {
  FieldDef f;
  f.type = type;
  for (int n = static_cast<int>(m_scheme.fields.size()) + 1;; ++n) {
    f.name = "field" + std::to_string(n);
    if (m_scheme.FindField(f.name) == nullptr) break;
  }
  m_scheme.fields.push_back(f);
  commit();
  return static_cast<int>(m_scheme.fields.size()) - 1;
}

void SchemeDocument::setField(int index, const FieldDef& field) {
  if (!inRange(m_scheme.fields, index)) return;
  const std::string old = m_scheme.fields[static_cast<size_t>(index)].name;
  m_scheme.fields[static_cast<size_t>(index)] = field;
  if (!field.name.empty()) renameFieldReferences(&m_scheme, old, field.name);
  commit();
}

void SchemeDocument::removeField(int index) {
  if (!inRange(m_scheme.fields, index)) return;
  m_scheme.fields.erase(m_scheme.fields.begin() + index);
  commit();
}

int SchemeDocument::insertSegment(int index, const Segment& segment) {
  index = std::clamp(index, 0, static_cast<int>(m_scheme.segments.size()));
  m_scheme.segments.insert(m_scheme.segments.begin() + index, segment);
  commit();
  return index;
}

int SchemeDocument::addSegment(SegmentKind kind) {
  return insertSegment(static_cast<int>(m_scheme.segments.size()), defaultSegment(kind, m_scheme));
}

void SchemeDocument::setSegment(int index, const Segment& segment) {
  if (!inRange(m_scheme.segments, index)) return;
  m_scheme.segments[static_cast<size_t>(index)] = segment;
  commit();
}

void SchemeDocument::setSegmentKind(int index, SegmentKind kind) {
  if (!inRange(m_scheme.segments, index)) return;
  Segment& s = m_scheme.segments[static_cast<size_t>(index)];
  if (s.kind == kind) return;
  s = convertSegment(s, kind, m_scheme);
  commit();
}

void SchemeDocument::removeSegment(int index) {
  if (!inRange(m_scheme.segments, index)) return;
  m_scheme.segments.erase(m_scheme.segments.begin() + index);
  commit();
}

bool SchemeDocument::moveSegment(int from, int to) {
  if (!inRange(m_scheme.segments, from) || !inRange(m_scheme.segments, to)) return false;
  if (from == to) return true;
  Segment s = m_scheme.segments[static_cast<size_t>(from)];
  m_scheme.segments.erase(m_scheme.segments.begin() + from);
  m_scheme.segments.insert(m_scheme.segments.begin() + to, std::move(s));
  commit();
  return true;
}

int SchemeDocument::addQuery(const QueryTemplate& query) {
  m_scheme.queries.push_back(query);
  commit();
  return static_cast<int>(m_scheme.queries.size()) - 1;
}

void SchemeDocument::setQuery(int index, const QueryTemplate& query) {
  if (!inRange(m_scheme.queries, index)) return;
  m_scheme.queries[static_cast<size_t>(index)] = query;
  commit();
}

void SchemeDocument::removeQuery(int index) {
  if (!inRange(m_scheme.queries, index)) return;
  m_scheme.queries.erase(m_scheme.queries.begin() + index);
  commit();
}

void SchemeDocument::setWorkload(const regionlab::rowkey::Workload& workload) {
  m_scheme.workload = workload;
  commit();
}

QString SchemeDocument::segmentError(int index) const {
  return m_issue.target == SchemeIssue::Target::Segment && m_issue.index == index ? m_issue.message
                                                                                   : QString();
}

QString SchemeDocument::fieldError(int index) const {
  return m_issue.target == SchemeIssue::Target::Field && m_issue.index == index ? m_issue.message
                                                                                 : QString();
}

QString SchemeDocument::queryError(int index) const {
  return m_issue.target == SchemeIssue::Target::Query && m_issue.index == index ? m_issue.message
                                                                                 : QString();
}

}  // namespace regionlab::ui
