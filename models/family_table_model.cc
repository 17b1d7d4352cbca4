#include "models/family_table_model.h"

#include <QColor>
#include <QStringList>

#include "models/descriptor_help.h"
#include "models/form_text.h"

namespace regionlab::ui {

namespace {

const QStringList& bloomNames() {
  static const QStringList names = {QStringLiteral("NONE"), QStringLiteral("ROW"),
                                    QStringLiteral("ROWCOL")};
  return names;
}

const QStringList& compressionNames() {
  static const QStringList names = [] {
    QStringList n;
    for (regionlab::Compression c : regionlab::kAllCompressions) {
      n << QString::fromLatin1(regionlab::CompressionName(c));
    }
    return n;
  }();
  return names;
}

// COMPRESSION_COMPACT: unset (empty) or a codec.
const QStringList& compactCompressionNames() {
  static const QStringList names = QStringList{QString()} + compressionNames();
  return names;
}

const QStringList& encodingNames() {
  static const QStringList names = [] {
    QStringList n;
    for (regionlab::DataBlockEncoding e : regionlab::kAllDataBlockEncodings) {
      n << QString::fromLatin1(regionlab::DataBlockEncodingName(e));
    }
    return n;
  }();
  return names;
}

bool isCheckColumn(int column) {
  return column == FamilyTableModel::KeepDeletedCells || column == FamilyTableModel::BlockCache ||
         column == FamilyTableModel::InMemory;
}

bool* checkField(regionlab::FamilyOptions& f, int column) {
  switch (column) {
    case FamilyTableModel::KeepDeletedCells: return &f.keep_deleted_cells;
    case FamilyTableModel::BlockCache: return &f.block_cache;
    case FamilyTableModel::InMemory: return &f.in_memory;
    default: return nullptr;
  }
}

bool checkValue(const regionlab::FamilyOptions& f, int column) {
  return *checkField(const_cast<regionlab::FamilyOptions&>(f), column);  // read only
}

QString ttlText(int64_t seconds) {
  return seconds == regionlab::kTtlForever ? QStringLiteral("FOREVER") : QString::number(seconds);
}

}  // namespace

FamilyTableModel::FamilyTableModel(QObject* parent) : QAbstractTableModel(parent) {}

QString FamilyTableModel::columnKey(int column) {
  static const char* const kKeys[] = {"NAME",
                                      "VERSIONS",
                                      "MIN_VERSIONS",
                                      "TTL",
                                      "KEEP_DELETED_CELLS",
                                      "BLOOMFILTER",
                                      "COMPRESSION",
                                      "COMPRESSION_COMPACT",
                                      "DATA_BLOCK_ENCODING",
                                      "BLOCKCACHE",
                                      "IN_MEMORY",
                                      "BLOCKSIZE",
                                      "CONFIGURATION"};
  static_assert(sizeof(kKeys) / sizeof(kKeys[0]) == ColumnCount);
  return column >= 0 && column < ColumnCount ? QLatin1String(kKeys[column]) : QString();
}

int FamilyTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int FamilyTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant FamilyTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Row& row = m_rows[index.row()];
  const regionlab::FamilyOptions& f = row.family;
  const int column = index.column();
  const QString problem = issue(index.row(), column);
  switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
      switch (column) {
        case Name: return QString::fromStdString(f.name);
        case Versions: return f.max_versions;
        case MinVersions: return f.min_versions;
        case Ttl: return row.ttlText;
        case BloomFilter: return QString::fromLatin1(regionlab::BloomTypeName(f.bloom));
        case Compression: return QString::fromLatin1(regionlab::CompressionName(f.compression));
        case CompressionCompact:
          return f.compaction_compression
                     ? QString::fromLatin1(regionlab::CompressionName(*f.compaction_compression))
                     : QString();
        case DataBlockEncoding:
          return QString::fromLatin1(regionlab::DataBlockEncodingName(f.data_block_encoding));
        case BlockSize: return static_cast<qlonglong>(f.block_size);
        case Configuration: return row.configurationText;
        default:
          if (role == Qt::EditRole && isCheckColumn(column)) return checkValue(f, column);
          return {};
      }
    case Qt::CheckStateRole:
      if (!isCheckColumn(column)) return {};
      return checkValue(f, column) ? Qt::Checked : Qt::Unchecked;
    case ChoicesRole:
      if (column == BloomFilter) return bloomNames();
      if (column == Compression) return compressionNames();
      if (column == CompressionCompact) return compactCompressionNames();
      if (column == DataBlockEncoding) return encodingNames();
      return {};
    case IssueRole: return problem;
    case Qt::ToolTipRole: return problem.isEmpty() ? familyOptionHelp(columnKey(column)) : problem;
    case Qt::BackgroundRole:
      if (!problem.isEmpty()) return QColor(0xff, 0xcd, 0xd2);
      return {};
    default: return {};
  }
}

QVariant FamilyTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Vertical) {
    if (role == Qt::DisplayRole) return section + 1;
    return {};
  }
  if (role == Qt::DisplayRole) return columnKey(section);
  if (role == Qt::ToolTipRole) return familyOptionHelp(columnKey(section));
  return {};
}

Qt::ItemFlags FamilyTableModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (isCheckColumn(index.column())) return f | Qt::ItemIsUserCheckable;
  if (index.column() == Name && m_rows[index.row()].existing) return f;
  return f | Qt::ItemIsEditable;
}

bool FamilyTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid() || index.row() >= rowCount()) return false;
  if (!(flags(index) & (Qt::ItemIsEditable | Qt::ItemIsUserCheckable))) return false;
  Row& row = m_rows[index.row()];
  regionlab::FamilyOptions& f = row.family;
  const int column = index.column();
  if (isCheckColumn(column)) {
    if (role != Qt::CheckStateRole && role != Qt::EditRole) return false;
    const bool on = role == Qt::CheckStateRole ? value.toInt() == Qt::Checked : value.toBool();
    *checkField(f, column) = on;
    emitRowChanged(index.row(), column);
    return true;
  }
  if (role != Qt::EditRole) return false;
  bool ok = true;
  switch (column) {
    case Name: f.name = value.toString().toStdString(); break;
    case Versions: f.max_versions = value.toInt(&ok); break;
    case MinVersions: f.min_versions = value.toInt(&ok); break;
    case Ttl: row.ttlText = value.toString().trimmed(); break;
    case BloomFilter: {
      const int i = bloomNames().indexOf(value.toString().trimmed().toUpper());
      if (i < 0) return false;
      f.bloom = static_cast<regionlab::BloomType>(i);
      break;
    }
    case Compression:
    case CompressionCompact: {
      const QString text = value.toString().trimmed().toUpper();
      if (column == CompressionCompact && text.isEmpty()) {
        f.compaction_compression.reset();
        break;
      }
      regionlab::Compression codec;
      if (!regionlab::ParseCompression(text.toStdString(), &codec)) return false;
      if (column == Compression) {
        f.compression = codec;
      } else {
        f.compaction_compression = codec;
      }
      break;
    }
    case DataBlockEncoding: {
      regionlab::DataBlockEncoding encoding;
      if (!regionlab::ParseDataBlockEncoding(value.toString().trimmed().toUpper().toStdString(),
                                             &encoding)) {
        return false;
      }
      f.data_block_encoding = encoding;
      break;
    }
    case BlockSize: {
      const qlonglong size = value.toLongLong(&ok);
      if (ok && (size < 0 || size > 0xffffffffLL)) ok = false;
      if (ok) f.block_size = static_cast<uint32_t>(size);
      break;
    }
    case Configuration: row.configurationText = value.toString(); break;
    default: return false;
  }
  if (!ok) return false;
  emitRowChanged(index.row(), column);
  return true;
}

bool FamilyTableModel::removeRows(int row, int count, const QModelIndex& parent) {
  if (parent.isValid() || row < 0 || count <= 0 || row + count > rowCount()) return false;
  beginRemoveRows(QModelIndex(), row, row + count - 1);
  m_rows.erase(m_rows.begin() + row, m_rows.begin() + row + count);
  m_issues.clear();  // cells moved; the form hands new ones back
  endRemoveRows();
  return true;
}

int FamilyTableModel::addFamily(const QString& name) {
  const int row = rowCount();
  beginInsertRows(QModelIndex(), row, row);
  Row r;
  r.family.name = name.toStdString();
  m_rows.push_back(std::move(r));
  endInsertRows();
  return row;
}

void FamilyTableModel::setFamilies(const std::vector<regionlab::FamilyOptions>& families,
                                   bool existing) {
  beginResetModel();
  m_rows.clear();
  m_issues.clear();
  for (const regionlab::FamilyOptions& f : families) {
    Row r;
    r.family = f;
    r.ttlText = ttlText(f.ttl_seconds);
    r.configurationText = keyValueText(f.configuration, QLatin1Char(';'));
    r.existing = existing;
    m_rows.push_back(std::move(r));
  }
  endResetModel();
}

void FamilyTableModel::setIssues(const QHash<QPoint, QString>& issues) {
  if (issues == m_issues) return;
  QHash<QPoint, QString> old = std::move(m_issues);
  m_issues = issues;
  auto touch = [this](const QPoint& cell) {
    if (cell.y() < rowCount() && cell.x() < ColumnCount) {
      const QModelIndex i = index(cell.y(), cell.x());
      emit dataChanged(i, i, {Qt::ToolTipRole, Qt::BackgroundRole, IssueRole});
    }
  };
  for (auto it = old.cbegin(); it != old.cend(); ++it) touch(it.key());
  for (auto it = m_issues.cbegin(); it != m_issues.cend(); ++it) touch(it.key());
}

void FamilyTableModel::emitRowChanged(int row, int column) {
  const QModelIndex i = index(row, column);
  emit dataChanged(i, i);
}

}  // namespace regionlab::ui
