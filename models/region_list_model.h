// RegionListModel: one row per region of one table, in key order, from the
// engine's metrics samples (HBase's "Table Regions" page).
//
// updateFromSample() compares the new figures with the rows shown and emits
// dataChanged only for the rows whose figures changed (one signal per run of
// adjacent changed rows); a change in the set of regions (split, merge,
// truncate) resets the model. Cost per update: O(regions of the sample).
//
// Thread-safety: use from the UI thread only.
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab::ui {

class RegionListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    Region,  // "table,start key" as HBase names regions (the whole name in the tooltip)
    StartKey,
    EndKey,
    Server,
    Size,
    StoreFiles,
    Memstore,
    Reads,   // read requests since the region opened
    Writes,  // write requests since the region opened
    SplitThreshold,
    ColumnCount
  };
  // Qt::UserRole on a cell: the raw value (bytes, counts) for sorting.
  static constexpr int RawValueRole = Qt::UserRole;
  // Qt::UserRole + 1 on any cell: the region's encoded name.
  static constexpr int EncodedNameRole = Qt::UserRole + 1;

  explicit RegionListModel(QObject* parent = nullptr);

  // The table whose regions are listed ("ns:name" or "name"). Clears the rows
  // until the next sample.
  void setTable(const QString& table);
  QString table() const { return m_table; }
  void updateFromSample(const regionlab::ClusterSample& sample);
  const regionlab::RegionInfo& regionAt(int row) const { return m_rows[row]; }

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  QString m_table;
  std::vector<regionlab::RegionInfo> m_rows;
};

// The figures a RegionListModel row shows; equal figures mean an unchanged row.
bool sameRegionFigures(const regionlab::RegionInfo& a, const regionlab::RegionInfo& b);

}  // namespace regionlab::ui
