#include "models/region_list_model.h"

#include "models/format.h"

namespace regionlab::ui {

bool sameRegionFigures(const regionlab::RegionInfo& a, const regionlab::RegionInfo& b) {
  return a.encoded_name == b.encoded_name && a.start_key == b.start_key &&
         a.end_key == b.end_key && a.server == b.server && a.state == b.state &&
         a.split_threshold == b.split_threshold &&
         a.metrics.store_file_bytes == b.metrics.store_file_bytes &&
         a.metrics.store_files == b.metrics.store_files &&
         a.metrics.memstore_heap_bytes == b.metrics.memstore_heap_bytes &&
         a.metrics.read_requests == b.metrics.read_requests &&
         a.metrics.write_requests == b.metrics.write_requests;
}

RegionListModel::RegionListModel(QObject* parent) : QAbstractTableModel(parent) {}

void RegionListModel::setTable(const QString& table) {
  if (table == m_table) return;
  beginResetModel();
  m_table = table;
  m_rows.clear();
  endResetModel();
}

void RegionListModel::updateFromSample(const regionlab::ClusterSample& sample) {
  const std::string table = m_table.toStdString();
  std::vector<regionlab::RegionInfo> rows;
  for (const auto& r : sample.regions)
    if (r.table == table) rows.push_back(r);
  // The sample lists a table's regions in key order already; keep that order.
  bool sameSet = rows.size() == m_rows.size();
  for (size_t i = 0; sameSet && i < rows.size(); ++i)
    sameSet = rows[i].encoded_name == m_rows[i].encoded_name;
  if (!sameSet) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    return;
  }
  size_t i = 0;
  while (i < rows.size()) {
    if (sameRegionFigures(rows[i], m_rows[i])) {
      ++i;
      continue;
    }
    const size_t first = i;
    while (i < rows.size() && !sameRegionFigures(rows[i], m_rows[i])) {
      m_rows[i] = std::move(rows[i]);
      ++i;
    }
    emit dataChanged(index(static_cast<int>(first), 0),
                     index(static_cast<int>(i - 1), ColumnCount - 1));
  }
}

int RegionListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RegionListModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant RegionListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const regionlab::RegionInfo& r = m_rows[index.row()];
  const regionlab::RegionMetrics& m = r.metrics;
  if (role == EncodedNameRole) return QString::fromStdString(r.encoded_name);
  if (role == Qt::TextAlignmentRole) {
    return index.column() >= Size ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                  : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
  }
  if (role == Qt::ToolTipRole) return QString::fromStdString(r.RegionName());
  if (role != Qt::DisplayRole && role != RawValueRole) return {};
  const bool raw = role == RawValueRole;
  switch (index.column()) {
    case StartKey: return formatKey(r.start_key);
    case EndKey: return formatKey(r.end_key);
    case Server: return QString::fromStdString(r.server);
    case Size:
      return raw ? QVariant::fromValue<qulonglong>(m.store_file_bytes) : formatBytes(m.store_file_bytes);
    case StoreFiles:
      return raw ? QVariant::fromValue<qulonglong>(m.store_files) : formatCount(m.store_files);
    case Memstore:
      return raw ? QVariant::fromValue<qulonglong>(m.memstore_heap_bytes)
                 : formatBytes(m.memstore_heap_bytes);
    case Requests: {
      const uint64_t n = m.read_requests + m.write_requests;
      return raw ? QVariant::fromValue<qulonglong>(n) : formatCount(n);
    }
    case SplitThreshold:
      return raw ? QVariant::fromValue<qulonglong>(r.split_threshold)
                 : formatThreshold(r.split_threshold);
    default: return {};
  }
}

QVariant RegionListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case StartKey: return tr("Start key");
    case EndKey: return tr("End key");
    case Server: return tr("Server");
    case Size: return tr("Size");
    case StoreFiles: return tr("Store files");
    case Memstore: return tr("Memstore");
    case Requests: return tr("Requests");
    case SplitThreshold: return tr("Split threshold");
    default: return {};
  }
}

}  // namespace regionlab::ui
