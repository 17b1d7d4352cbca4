#include "models/scheme_insight_models.h"

#include <QBrush>
#include <QColor>

#include "models/scheme_edit.h"

namespace regionlab::ui {

using regionlab::rowkey::FindingKind;

QString findingKindLabel(FindingKind kind) {
  switch (kind) {
    case FindingKind::kHotspot: return QStringLiteral("Write hotspot");
    case FindingKind::kSaltBuckets: return QStringLiteral("More salt buckets than regions");
    case FindingKind::kHashBreaksQuery: return QStringLiteral("Hash prefix breaks a range scan");
    case FindingKind::kLowCardinality: return QStringLiteral("Low-cardinality leading segment");
    case FindingKind::kKeyLength: return QStringLiteral("Key longer than 16 bytes");
    case FindingKind::kValueRange: return QStringLiteral("Value outgrows its segment");
    case FindingKind::kUniqueness: return QStringLiteral("Uniqueness risk");
  }
  return {};
}

QString findingExplanation(FindingKind kind) {
  switch (kind) {
    case FindingKind::kHotspot:
      return QStringLiteral(
          "HBase keeps rows sorted by key and gives each region one contiguous key range. Keys that "
          "grow with every write always sort after the existing ones, so the last region takes every "
          "new row and its region server takes the whole write load. Splitting does not help: after "
          "a split the new last region is the hot one.");
    case FindingKind::kSaltBuckets:
      return QStringLiteral(
          "Each salt bucket is a key range of its own. With more buckets than regions some regions "
          "hold more buckets than others and take more writes, and every read that cannot compute "
          "the salt opens one scanner per bucket.");
    case FindingKind::kHashBreaksQuery:
      return QStringLiteral(
          "A hash of a field the query does not know scatters the rows it wants over the whole key "
          "space, so no start and stop row can bound the scan: it reads every row of the prefix (or "
          "the table) and filters them on the region servers.");
    case FindingKind::kLowCardinality:
      return QStringLiteral(
          "Regions split between keys. A leading segment with few values puts all writes into as "
          "many key ranges, so regions beyond that count stay idle, and a growing value after it "
          "makes the newest range of each value a hotspot.");
    case FindingKind::kKeyLength:
      return QStringLiteral(
          "Every cell stores its row key: in the memstore, the block cache, the block index and the "
          "store files. A long key costs memory and disk for every column of every row. Keep it to "
          "at most 16 bytes, a multiple of 8 for 64-bit memory alignment.");
    case FindingKind::kValueRange:
      return QStringLiteral(
          "A value the planned workload reaches does not fit the segment's width: the key cannot be "
          "built for it (a real client would write a longer key, which sorts out of place).");
    case FindingKind::kUniqueness:
      return QStringLiteral(
          "Two records with the same row key are the same row: the second put adds a newer version "
          "of the first one's cells, and the older record is lost once the versions are compacted "
          "away.");
  }
  return {};
}

// ExampleKeysModel ----------------------------------------------------------

ExampleKeysModel::ExampleKeysModel(QObject* parent) : QAbstractTableModel(parent) {}

void ExampleKeysModel::setAnalysis(const SchemeAnalysisPtr& analysis) {
  beginResetModel();
  m_keys.clear();
  if (analysis && analysis->ok) m_keys = analysis->analysis.examples;
  endResetModel();
}

int ExampleKeysModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_keys.size());
}

int ExampleKeysModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ExampleKeysModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& k = m_keys[static_cast<size_t>(index.row())];
  if (role == RawRole) return QByteArray(k.key.data(), static_cast<qsizetype>(k.key.size()));
  if (role == Qt::ToolTipRole && index.column() == Escaped)
    return tr("Bytes.toStringBinary: printable ASCII as is, other bytes as \\xHH");
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Number: return index.row() + 1;
    case Escaped: return QString::fromStdString(k.escaped);
    case Hex: return QString::fromStdString(k.hex);
    case Length: return static_cast<int>(k.key.size());
  }
  return {};
}

QVariant ExampleKeysModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Number: return tr("#");
    case Escaped: return tr("Key (escaped)");
    case Hex: return tr("Hex");
    case Length: return tr("Bytes");
  }
  return {};
}

// FindingsModel -------------------------------------------------------------

FindingsModel::FindingsModel(QObject* parent) : QAbstractTableModel(parent) {}

void FindingsModel::setAnalysis(const SchemeAnalysisPtr& analysis) {
  beginResetModel();
  m_findings.clear();
  m_warnings = 0;
  if (analysis && analysis->ok) {
    m_scheme = analysis->scheme;
    m_findings = analysis->analysis.warnings;
    m_warnings = static_cast<int>(m_findings.size());
    m_findings.insert(m_findings.end(), analysis->analysis.uniqueness.begin(),
                      analysis->analysis.uniqueness.end());
  }
  endResetModel();
}

int FindingsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_findings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FindingsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& f = m_findings[static_cast<size_t>(index.row())];
  const bool uniqueness = index.row() >= m_warnings;
  switch (role) {
    case KindRole: return static_cast<int>(f.kind);
    case ExplanationRole: return findingExplanation(f.kind);
    case IsUniquenessRole: return uniqueness;
    case Qt::ToolTipRole:
      return QStringLiteral("%1\n\n%2").arg(QString::fromStdString(f.message), findingExplanation(f.kind));
    case Qt::ForegroundRole:
      if (index.column() == Kind) return QBrush(uniqueness ? QColor(0x6a, 0x1b, 0x9a) : QColor(0xb2, 0x6a, 0x00));
      return {};
    case Qt::DisplayRole:
      switch (index.column()) {
        case Kind: return findingKindLabel(f.kind);
        case Segment:
          if (f.segment < 0 || f.segment >= static_cast<int>(m_scheme.segments.size())) return tr("key");
          return QStringLiteral("%1 %2").arg(f.segment + 1).arg(
              segmentKindLabel(m_scheme.segments[static_cast<size_t>(f.segment)].kind).toLower());
        case Message: return QString::fromStdString(f.message);
      }
      return {};
  }
  return {};
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Kind: return tr("Finding");
    case Segment: return tr("Segment");
    case Message: return tr("What the engine found");
  }
  return {};
}

}  // namespace regionlab::ui
