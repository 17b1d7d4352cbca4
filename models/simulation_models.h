// The simulator's per-region and per-server figures as tables: one
// DistributionReport (rowkey/simulator.h) each, refilled (reset) when a new
// report is set. Numbers sort by their value (RawRole).
//
//  RegionLoadModel  region, server, start and end key (escaped), writes,
//                   share of the writes, bytes, the split threshold used
//  ServerLoadModel  server, regions, writes, share, bytes
//
// Thread-safety: UI thread only.
#pragma once

#include <QAbstractTableModel>

#include "rowkey/simulator.h"

namespace regionlab::ui {

class RegionLoadModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Region, Server, StartKey, EndKey, Writes, Share, Bytes, SplitThreshold, ColumnCount };
  static constexpr int RawRole = Qt::UserRole;  // numbers as qulonglong / double, keys as QByteArray

  explicit RegionLoadModel(QObject* parent = nullptr);
  void setReport(const regionlab::rowkey::DistributionReport& report);
  void clear();
  const regionlab::rowkey::DistributionReport& report() const { return m_report; }

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  regionlab::rowkey::DistributionReport m_report;
};

class ServerLoadModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Server, Regions, Writes, Share, Bytes, ColumnCount };
  static constexpr int RawRole = Qt::UserRole;

  explicit ServerLoadModel(QObject* parent = nullptr);
  void setReport(const regionlab::rowkey::DistributionReport& report);
  void clear();

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<regionlab::rowkey::ServerLoad> m_servers;
  uint64_t m_keys = 0;
};

}  // namespace regionlab::ui
