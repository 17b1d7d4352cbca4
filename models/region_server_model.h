// RegionServerModel: one row per region server, from the engine's metrics
// samples (HBase's master UI "Region Servers" table): state, regions, load,
// memstore against the global limit, block cache against its capacity and
// its hit ratio, store files and WAL syncs.
//
// updateFromSample() emits dataChanged for the rows whose figures changed
// and resets the model only when the set of servers changes. Rates (reads
// and writes per second) are the sample's own (ServerMetrics::read_rate).
//
// Thread-safety: UI thread only.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab::ui {

class RegionServerModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Server, State, Regions, ReadsPerSecond, WritesPerSecond, Memstore, BlockCache, HitRatio,
                StoreFiles, WalSyncs, ColumnCount };
  static constexpr int RawValueRole = Qt::UserRole;         // numbers for sorting
  static constexpr int ServerNameRole = Qt::UserRole + 1;   // on any cell
  static constexpr int OnlineRole = Qt::UserRole + 2;       // bool, on any cell

  explicit RegionServerModel(QObject* parent = nullptr);

  void updateFromSample(const regionlab::ClusterSample& sample);
  const regionlab::ServerMetrics& serverAt(int row) const { return m_rows[row]; }
  uint32_t labScale() const { return m_labScale; }

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  std::vector<regionlab::ServerMetrics> m_rows;
  uint32_t m_labScale = 1;
};

}  // namespace regionlab::ui
