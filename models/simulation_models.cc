#include "models/simulation_models.h"

#include "models/format.h"

namespace regionlab::ui {

namespace {
double share(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}
QString percent(double p) { return QStringLiteral("%1%").arg(p, 0, 'f', 2); }
}  // namespace

// RegionLoadModel -----------------------------------------------------------

RegionLoadModel::RegionLoadModel(QObject* parent) : QAbstractTableModel(parent) {}

void RegionLoadModel::setReport(const regionlab::rowkey::DistributionReport& report) {
  beginResetModel();
  m_report = report;
  endResetModel();
}

void RegionLoadModel::clear() { setReport({}); }

int RegionLoadModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_report.regions.size());
}

int RegionLoadModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RegionLoadModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& r = m_report.regions[static_cast<size_t>(index.row())];
  if (role == RawRole) {
    switch (index.column()) {
      case Region: return index.row() + 1;
      case Server: return QString::fromStdString(r.slot.server);
      case StartKey: return QByteArray::fromStdString(r.slot.start_key);
      case EndKey: return QByteArray::fromStdString(r.slot.end_key);
      case Writes: return static_cast<qulonglong>(r.writes);
      case Share: return share(r.writes, m_report.keys);
      case Bytes: return static_cast<qulonglong>(r.bytes);
      case SplitThreshold: return static_cast<qulonglong>(r.split_threshold);
    }
    return {};
  }
  if (role == Qt::TextAlignmentRole && index.column() >= Writes)
    return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && index.column() == Region) return QString::fromStdString(r.slot.name);
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Region: return index.row() + 1;
    case Server: return QString::fromStdString(r.slot.server);
    case StartKey: return formatKey(r.slot.start_key, tr("(first)"));
    case EndKey: return formatKey(r.slot.end_key, tr("(last)"));
    case Writes: return formatCount(r.writes);
    case Share: return percent(share(r.writes, m_report.keys));
    case Bytes: return formatBytes(r.bytes);
    case SplitThreshold: return formatThreshold(r.split_threshold);
  }
  return {};
}

QVariant RegionLoadModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* const kNames[] = {"Region", "Server", "Start key", "End key",
                                       "Writes", "Share",  "Bytes",     "Split at"};
  return section >= 0 && section < ColumnCount ? tr(kNames[section]) : QVariant();
}

// ServerLoadModel -----------------------------------------------------------

ServerLoadModel::ServerLoadModel(QObject* parent) : QAbstractTableModel(parent) {}

void ServerLoadModel::setReport(const regionlab::rowkey::DistributionReport& report) {
  beginResetModel();
  m_servers = report.servers;
  m_keys = report.keys;
  endResetModel();
}

void ServerLoadModel::clear() { setReport({}); }

int ServerLoadModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_servers.size());
}

int ServerLoadModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ServerLoadModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& s = m_servers[static_cast<size_t>(index.row())];
  if (role == RawRole) {
    switch (index.column()) {
      case Server: return QString::fromStdString(s.server);
      case Regions: return static_cast<qulonglong>(s.regions);
      case Writes: return static_cast<qulonglong>(s.writes);
      case Share: return share(s.writes, m_keys);
      case Bytes: return static_cast<qulonglong>(s.bytes);
    }
    return {};
  }
  if (role == Qt::TextAlignmentRole && index.column() >= Regions)
    return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Server: return QString::fromStdString(s.server);
    case Regions: return static_cast<qulonglong>(s.regions);
    case Writes: return formatCount(s.writes);
    case Share: return percent(share(s.writes, m_keys));
    case Bytes: return formatBytes(s.bytes);
  }
  return {};
}

QVariant ServerLoadModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* const kNames[] = {"Server", "Regions", "Writes", "Share", "Bytes"};
  return section >= 0 && section < ColumnCount ? tr(kNames[section]) : QVariant();
}

}  // namespace regionlab::ui
