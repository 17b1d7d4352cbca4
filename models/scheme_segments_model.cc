#include "models/scheme_segments_model.h"

#include <QBrush>
#include <QColor>

#include "models/scheme_document.h"
#include "rowkey/key_encoder.h"

namespace regionlab::ui {

using regionlab::rowkey::FieldType;

SchemeSegmentsModel::SchemeSegmentsModel(SchemeDocument* document, QObject* parent)
    : DocumentRowsModel(document, ColumnCount, parent) {
  syncRows();
}

int SchemeSegmentsModel::documentRows() const { return static_cast<int>(m_document->scheme().segments.size()); }

void SchemeSegmentsModel::setWarnings(const QMap<int, QString>& warnings) {
  m_warnings = warnings;
  refreshRows();
}

QVariant SchemeSegmentsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& scheme = m_document->scheme();
  const auto& s = scheme.segments[static_cast<size_t>(index.row())];
  const QString error = m_document->segmentError(index.row());
  const QString problem = !error.isEmpty() ? error : m_warnings.value(index.row());
  if (role == ProblemRole) return problem;
  if (role == IsErrorRole) return !error.isEmpty();
  if (role == Qt::ToolTipRole && !problem.isEmpty()) return problem;
  if (role == Qt::ForegroundRole && index.column() == Problem && !problem.isEmpty())
    return QBrush(error.isEmpty() ? QColor(0xb2, 0x6a, 0x00) : QColor(0xc6, 0x28, 0x28));
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Number: return index.row() + 1;
    case Kind: return segmentKindLabel(s.kind);
    case Parameters: return segmentSummary(s);
    case Bytes: {
      // Offsets of this segment in the key; unknown after a variable one.
      int offset = 0;
      for (int i = 0; i <= index.row(); ++i) {
        const auto& seg = scheme.segments[static_cast<size_t>(i)];
        const auto* f = seg.field.empty() ? nullptr : scheme.FindField(seg.field);
        const int w = regionlab::rowkey::SegmentWidth(seg, f ? f->type : FieldType::kLong);
        if (w < 0) return i == index.row() ? tr("variable") : tr("? (after a variable segment)");
        if (i == index.row()) {
          if (w == 0) return tr("0 bytes");
          return w == 1 ? tr("%1 (1 byte)").arg(offset) : tr("%1\u2013%2 (%3 bytes)").arg(offset).arg(offset + w - 1).arg(w);
        }
        offset += w;
      }
      return {};
    }
    case Problem: return problem;
  }
  return {};
}

QVariant SchemeSegmentsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Number: return tr("#");
    case Kind: return tr("Kind");
    case Parameters: return tr("Parameters");
    case Bytes: return tr("Bytes");
    case Problem: return tr("Problem");
  }
  return {};
}

}  // namespace regionlab::ui
