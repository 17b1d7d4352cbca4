// ScanResultsModel: the data browser's results, one row per cell, in the
// order the scan returned them (row key order; within a row HBase's cell
// order), as the shell's scan prints them.
//
// Cells arrive in pages (TableScanner), up to what the scan loads at once;
// when it pauses with more to come, setMoreAvailable(true) lets a view
// scrolled to the end ask for more (Qt's canFetchMore / fetchMore), which
// the model passes on as moreRequested(). Each scan has a generation: a page of
// another generation than the current one (a scan the user replaced) is
// dropped and counted, so an old scan can never mix into a new one's rows.
// Row, column and value show in Bytes.toStringBinary form, or as hex when the
// hex view is on; the timestamp as the shell prints it (LocalDateTime), with
// the epoch milliseconds in the tooltip.
//
// Thread-safety: use from the UI thread only.
#pragma once

#include <QAbstractTableModel>
#include <memory>
#include <string>
#include <vector>

#include "regionlab/cell.h"

namespace regionlab::ui {

using CellPage = std::shared_ptr<const std::vector<regionlab::Cell>>;

class ScanResultsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { RowKey, ColumnName, Timestamp, Value, ColumnCount };
  // On any cell: the field's raw bytes (QByteArray); on Timestamp the epoch
  // milliseconds (qint64).
  static constexpr int RawRole = Qt::UserRole;

  explicit ScanResultsModel(QObject* parent = nullptr);

  // Empties the model for the scan of `generation`.
  void beginScan(quint64 generation);
  quint64 generation() const { return m_generation; }
  // Appends a page of the current generation. Returns false (and counts it in
  // droppedPages()) when the page belongs to another generation.
  bool appendPage(quint64 generation, const CellPage& page);
  // Replaces the cells of `row` with `cells` (re-read after an edit); the
  // row's place is kept. Ignored for another generation.
  void replaceRow(quint64 generation, const std::string& row,
                  const std::vector<regionlab::Cell>& cells);
  int droppedPages() const { return m_droppedPages; }

  // Whether the scan has more rows to load (beginScan clears it).
  void setMoreAvailable(bool more) { m_moreAvailable = more; }
  bool moreAvailable() const { return m_moreAvailable; }
  bool canFetchMore(const QModelIndex& parent) const override;
  // Emits moreRequested() once per setMoreAvailable(true).
  void fetchMore(const QModelIndex& parent) override;

  void setHexView(bool on);
  bool hexView() const { return m_hex; }

  const std::vector<regionlab::Cell>& cells() const { return m_cells; }
  const regionlab::Cell& cellAt(int row) const { return m_cells[static_cast<size_t>(row)]; }
  // Distinct row keys among the cells.
  qint64 rowKeyCount() const { return m_rowKeys; }
  // The model row of the newest cell of row/family:qualifier; -1 when absent.
  int findColumn(const std::string& row, const std::string& family,
                 const std::string& qualifier) const;

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 signals:
  void moreRequested();

 private:
  QString bytesText(const std::string& bytes) const;
  void recountRowKeys();

  std::vector<regionlab::Cell> m_cells;
  quint64 m_generation = 0;
  qint64 m_rowKeys = 0;
  int m_droppedPages = 0;
  bool m_hex = false;
  bool m_moreAvailable = false;
};

}  // namespace regionlab::ui

Q_DECLARE_METATYPE(regionlab::ui::CellPage)
