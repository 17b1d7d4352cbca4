#include "models/region_list_model.h"

#include "models/format.h"

namespace regionlab::ui {

namespace {
// Keys longer than this are cut in the middle (the tooltip has them whole).
constexpr int kKeyChars = 28;
}  // namespace

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
  if (role == Qt::ToolTipRole) {
    return tr("%1\nstart key: %2\nend key: %3")
        .arg(QString::fromStdString(r.RegionName()), formatKey(r.start_key, tr("(table start)")),
             formatKey(r.end_key, tr("(table end)")));
  }
  if (role != Qt::DisplayRole && role != RawValueRole) return {};
  const bool raw = role == RawValueRole;
  switch (index.column()) {
    case Region:
      // Sorted by start key; shown as HBase begins a region's name.
      return raw ? QVariant(QString::fromStdString(r.start_key))
                 : QVariant(QStringLiteral("%1,%2").arg(QString::fromStdString(r.table),
                                                        formatKeyElided(r.start_key, kKeyChars)));
    case StartKey: return formatKeyElided(r.start_key, kKeyChars);
    case EndKey: return formatKeyElided(r.end_key, kKeyChars);
    case Server: return QString::fromStdString(r.server);
    case Size:
      return raw ? QVariant::fromValue<qulonglong>(m.store_file_bytes) : formatBytes(m.store_file_bytes);
    case StoreFiles:
      return raw ? QVariant::fromValue<qulonglong>(m.store_files) : formatCount(m.store_files);
    case Memstore:
      return raw ? QVariant::fromValue<qulonglong>(m.memstore_heap_bytes)
                 : formatBytes(m.memstore_heap_bytes);
    case Reads:
      return raw ? QVariant::fromValue<qulonglong>(m.read_requests) : formatCount(m.read_requests);
    case Writes:
      return raw ? QVariant::fromValue<qulonglong>(m.write_requests) : formatCount(m.write_requests);
    case SplitThreshold:
      return raw ? QVariant::fromValue<qulonglong>(r.split_threshold)
                 : formatThreshold(r.split_threshold);
    default: return {};
  }
}

QVariant RegionListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case Region: return tr("The region's name as HBase begins it: table,start key (hover a row for all of it)");
      case Reads: return tr("Read requests (gets and scanned rows) since the region opened");
      case Writes: return tr("Write requests (mutations) since the region opened");
      case SplitThreshold: return tr("The store size at which its split policy splits it");
      default: return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case Region: return tr("Region");
    case StartKey: return tr("Start key");
    case EndKey: return tr("End key");
    case Server: return tr("Server");
    case Size: return tr("Size");
    case StoreFiles: return tr("Store files");
    case Memstore: return tr("Memstore");
    case Reads: return tr("Reads");
    case Writes: return tr("Writes");
    case SplitThreshold: return tr("Split threshold");
    default: return {};
  }
}

}  // namespace regionlab::ui
