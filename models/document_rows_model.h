// DocumentRowsModel: the base of the builder's tables that show one row per
// part of the SchemeDocument (fields, segments, queries). The rows follow the
// document: a change that keeps the number of parts updates every row in
// place (dataChanged), one that adds or removes parts resets the model, so
// views keep their selection across edits and never see a stale row count.
//
// Thread-safety: UI thread only.
#pragma once

#include <QAbstractTableModel>

namespace regionlab::ui {

class SchemeDocument;

class DocumentRowsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;

 protected:
  // REQUIRES: the subclass calls syncRows() at the end of its constructor.
  DocumentRowsModel(SchemeDocument* document, int columns, QObject* parent);
  // How many rows the document has now (e.g. its segments).
  virtual int documentRows() const = 0;
  // Called inside a reset, before the new rows show.
  virtual void rowsReset() {}
  void syncRows();
  // Emits dataChanged for `columns` of every row (all columns by default).
  void refreshRows(int firstColumn = 0);

  SchemeDocument* m_document;

 private:
  int m_rows = 0;
  int m_columns;
};

}  // namespace regionlab::ui
