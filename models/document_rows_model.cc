#include "models/document_rows_model.h"

#include "models/scheme_document.h"

namespace regionlab::ui {

DocumentRowsModel::DocumentRowsModel(SchemeDocument* document, int columns, QObject* parent)
    : QAbstractTableModel(parent), m_document(document), m_columns(columns) {
  connect(document, &SchemeDocument::changed, this, &DocumentRowsModel::syncRows);
}

void DocumentRowsModel::syncRows() {
  const int rows = documentRows();
  if (rows != m_rows) {
    beginResetModel();
    m_rows = rows;
    rowsReset();
    endResetModel();
    return;
  }
  refreshRows();
}

void DocumentRowsModel::refreshRows(int firstColumn) {
  if (m_rows > 0) emit dataChanged(index(0, firstColumn), index(m_rows - 1, m_columns - 1));
}

int DocumentRowsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_rows; }

int DocumentRowsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_columns; }

}  // namespace regionlab::ui
