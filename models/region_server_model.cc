#include "models/region_server_model.h"

#include "models/format.h"

namespace regionlab::ui {

namespace {

bool sameFigures(const regionlab::ServerMetrics& a, const regionlab::ServerMetrics& b) {
  return a.online == b.online && a.regions == b.regions && a.memstore_bytes == b.memstore_bytes &&
         a.global_memstore_limit == b.global_memstore_limit && a.block_cache.size == b.block_cache.size &&
         a.block_cache.capacity == b.block_cache.capacity && a.block_cache.hit_ratio == b.block_cache.hit_ratio &&
         a.read_rate == b.read_rate && a.write_rate == b.write_rate && a.store_files == b.store_files &&
         a.store_file_bytes == b.store_file_bytes && a.wal_syncs == b.wal_syncs;
}

double percent(uint64_t part, uint64_t whole) { return whole == 0 ? 0 : 100.0 * double(part) / double(whole); }

}  // namespace

RegionServerModel::RegionServerModel(QObject* parent) : QAbstractTableModel(parent) {}

void RegionServerModel::updateFromSample(const regionlab::ClusterSample& sample) {
  m_labScale = sample.lab_scale;
  bool sameServers = sample.servers.size() == m_rows.size();
  for (size_t i = 0; sameServers && i < m_rows.size(); ++i) sameServers = sample.servers[i].name == m_rows[i].name;
  if (!sameServers) {
    beginResetModel();
    m_rows = sample.servers;
    endResetModel();
    return;
  }
  for (size_t i = 0; i < m_rows.size(); ++i) {
    if (sameFigures(m_rows[i], sample.servers[i])) continue;
    m_rows[i] = sample.servers[i];
    emit dataChanged(index(static_cast<int>(i), 0), index(static_cast<int>(i), ColumnCount - 1));
  }
}

int RegionServerModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RegionServerModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RegionServerModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const regionlab::ServerMetrics& s = m_rows[index.row()];
  if (role == ServerNameRole) return QString::fromStdString(s.name);
  if (role == OnlineRole) return s.online;
  const auto& cache = s.block_cache;
  if (role == RawValueRole) {
    switch (index.column()) {
      case Server: return QString::fromStdString(s.name);
      case State: return s.online ? 1 : 0;
      case Regions: return qulonglong(s.regions);
      case ReadsPerSecond: return s.read_rate;
      case WritesPerSecond: return s.write_rate;
      case Memstore: return qulonglong(s.memstore_bytes);
      case BlockCache: return qulonglong(cache.size);
      case HitRatio: return cache.hit_ratio;
      case StoreFiles: return qulonglong(s.store_files);
      case WalSyncs: return qulonglong(s.wal_syncs);
    }
    return {};
  }
  if (role == Qt::TextAlignmentRole && index.column() >= Regions)
    return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole) {
    switch (index.column()) {
      case Memstore:
        return tr("%1 in memstores; its regions flush for global pressure above %2 (0.95 of the global "
                  "limit %3, 0.4 of the heap)")
            .arg(formatLabBytes(s.memstore_bytes, m_labScale), formatLabBytes(s.global_memstore_lower_mark, m_labScale),
                 formatLabBytes(s.global_memstore_limit, m_labScale));
      case BlockCache:
        return tr("%1 of %2 cached (%3 blocks); %4 hits, %5 misses, %6 evictions")
            .arg(formatLabBytes(cache.size, m_labScale), formatLabBytes(cache.capacity, m_labScale),
                 formatCount(cache.blocks), formatCount(cache.hits), formatCount(cache.misses),
                 formatCount(cache.evictions));
      case StoreFiles:
        return tr("%1 store files, %2").arg(formatCount(s.store_files), formatLabBytes(s.store_file_bytes, m_labScale));
      default:
        return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Server: return QString::fromStdString(s.name);
    case State: return s.online ? tr("online") : tr("stopped");
    case Regions: return formatCount(s.regions);
    case ReadsPerSecond: return QString::number(s.read_rate, 'f', 0);
    case WritesPerSecond: return QString::number(s.write_rate, 'f', 0);
    case Memstore:
      return tr("%1 (%2%)").arg(formatBytes(s.memstore_bytes)).arg(percent(s.memstore_bytes, s.global_memstore_limit), 0, 'f', 0);
    case BlockCache:
      return tr("%1 of %2").arg(formatBytes(cache.size), formatBytes(cache.capacity));
    case HitRatio:
      return cache.hits + cache.misses == 0 ? QStringLiteral("\u2014") : QStringLiteral("%1%").arg(100 * cache.hit_ratio, 0, 'f', 1);
    case StoreFiles: return tr("%1, %2").arg(formatCount(s.store_files), formatBytes(s.store_file_bytes));
    case WalSyncs: return formatCount(s.wal_syncs);
  }
  return {};
}

QVariant RegionServerModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case Memstore: return tr("Memstore bytes, and their share of the global limit (0.4 of the heap)");
      case BlockCache: return tr("Block cache bytes against its capacity (0.4 of the heap)");
      case HitRatio: return tr("Block cache hits / (hits + misses) since the server started");
      default: return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case Server: return tr("Server");
    case State: return tr("State");
    case Regions: return tr("Regions");
    case ReadsPerSecond: return tr("Reads/s");
    case WritesPerSecond: return tr("Writes/s");
    case Memstore: return tr("Memstore");
    case BlockCache: return tr("Block cache");
    case HitRatio: return tr("Hit ratio");
    case StoreFiles: return tr("Store files");
    case WalSyncs: return tr("WAL syncs");
  }
  return {};
}

}  // namespace regionlab::ui
