// SchemeSegmentsModel: the segments of the builder's scheme in key order, one
// row each: its kind, its parameters in one line, the bytes it occupies in
// the key (byte offsets, as rowkey layouts are usually drawn), and the engine's error
// or the analysis' warning about it.
//
// The rows follow the SchemeDocument: a change that keeps the number of
// segments updates the rows in place (dataChanged), one that adds or removes
// segments resets the model. Editing goes through the document (the segment
// form), not setData.
//
// Thread-safety: UI thread only.
#pragma once

#include <QMap>

#include "models/document_rows_model.h"

namespace regionlab::ui {

class SchemeSegmentsModel : public DocumentRowsModel {
  Q_OBJECT

 public:
  enum Column { Number, Kind, Parameters, Bytes, Problem, ColumnCount };
  // On any column: the segment's error or warning text (empty when none).
  static constexpr int ProblemRole = Qt::UserRole;
  // True when the problem is the engine's validation error (not a warning).
  static constexpr int IsErrorRole = Qt::UserRole + 1;

  explicit SchemeSegmentsModel(SchemeDocument* document, QObject* parent = nullptr);

  // Warnings of the latest analysis, by 0-based segment (shown under Problem
  // when the segment has no error).
  void setWarnings(const QMap<int, QString>& warnings);

  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  int documentRows() const override;
  void rowsReset() override { m_warnings.clear(); }

  QMap<int, QString> m_warnings;
};

}  // namespace regionlab::ui
