#include "models/scan_results_model.h"

#include <algorithm>

#include "models/binary_text.h"
#include "models/format.h"
#include "shell/command_util.h"

namespace regionlab::ui {

namespace {
QByteArray rawBytes(const std::string& s) {
  return QByteArray(s.data(), static_cast<qsizetype>(s.size()));
}
}  // namespace

ScanResultsModel::ScanResultsModel(QObject* parent) : QAbstractTableModel(parent) {
  qRegisterMetaType<CellPage>();
}

void ScanResultsModel::beginScan(quint64 generation) {
  beginResetModel();
  m_cells.clear();
  m_rowKeys = 0;
  m_generation = generation;
  m_moreAvailable = false;
  endResetModel();
}

bool ScanResultsModel::canFetchMore(const QModelIndex& parent) const {
  return !parent.isValid() && m_moreAvailable;
}

void ScanResultsModel::fetchMore(const QModelIndex& parent) {
  if (!canFetchMore(parent)) return;
  m_moreAvailable = false;
  emit moreRequested();
}

bool ScanResultsModel::appendPage(quint64 generation, const CellPage& page) {
  if (generation != m_generation) {
    ++m_droppedPages;
    return false;
  }
  if (!page || page->empty()) return true;
  const int first = static_cast<int>(m_cells.size());
  beginInsertRows(QModelIndex(), first, first + static_cast<int>(page->size()) - 1);
  for (const auto& c : *page) {
    // A row continues across a page boundary when its cells were split (BATCH).
    if (m_cells.empty() || m_cells.back().row != c.row) ++m_rowKeys;
    m_cells.push_back(c);
  }
  endInsertRows();
  return true;
}

void ScanResultsModel::replaceRow(quint64 generation, const std::string& row,
                                  const std::vector<regionlab::Cell>& cells) {
  if (generation != m_generation) return;
  auto byRow = [](const regionlab::Cell& c, const std::string& r) { return c.row < r; };
  auto rowBefore = [](const std::string& r, const regionlab::Cell& c) { return r < c.row; };
  const auto lo = std::lower_bound(m_cells.begin(), m_cells.end(), row, byRow);
  const auto hi = std::upper_bound(lo, m_cells.end(), row, rowBefore);
  const int first = static_cast<int>(lo - m_cells.begin());
  const int removed = static_cast<int>(hi - lo);
  if (removed > 0) {
    beginRemoveRows(QModelIndex(), first, first + removed - 1);
    m_cells.erase(m_cells.begin() + first, m_cells.begin() + first + removed);
    endRemoveRows();
  }
  if (!cells.empty()) {
    beginInsertRows(QModelIndex(), first, first + static_cast<int>(cells.size()) - 1);
    m_cells.insert(m_cells.begin() + first, cells.begin(), cells.end());
    endInsertRows();
  }
  recountRowKeys();
}

void ScanResultsModel::recountRowKeys() {
  m_rowKeys = 0;
  for (size_t i = 0; i < m_cells.size(); ++i)
    if (i == 0 || m_cells[i].row != m_cells[i - 1].row) ++m_rowKeys;
}

int ScanResultsModel::findColumn(const std::string& row, const std::string& family,
                                 const std::string& qualifier) const {
  for (size_t i = 0; i < m_cells.size(); ++i) {
    const auto& c = m_cells[i];
    if (c.row == row && c.family == family && c.qualifier == qualifier) return static_cast<int>(i);
  }
  return -1;
}

void ScanResultsModel::setHexView(bool on) {
  if (on == m_hex) return;
  m_hex = on;
  if (m_cells.empty()) return;
  emit dataChanged(index(0, RowKey), index(rowCount() - 1, Value), {Qt::DisplayRole});
}

QString ScanResultsModel::bytesText(const std::string& bytes) const {
  return m_hex ? hexBytes(bytes) : formatKey(bytes);
}

int ScanResultsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_cells.size());
}

int ScanResultsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScanResultsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const regionlab::Cell& c = m_cells[static_cast<size_t>(index.row())];
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case RowKey:
        return bytesText(c.row);
      case ColumnName:
        return m_hex ? hexBytes(c.family) + QStringLiteral(" : ") + hexBytes(c.qualifier)
                     : QString::fromStdString(regionlab::shell::ColumnText(c));
      case Timestamp:
        return QString::fromStdString(regionlab::shell::FormatTimestamp(c.timestamp, false));
      case Value:
        return bytesText(c.value);
    }
  } else if (role == RawRole) {
    switch (index.column()) {
      case RowKey:
        return rawBytes(c.row);
      case ColumnName:
        return rawBytes(c.family + ":" + c.qualifier);
      case Timestamp:
        return QVariant::fromValue<qint64>(c.timestamp);
      case Value:
        return rawBytes(c.value);
    }
  } else if (role == Qt::ToolTipRole && index.column() == Timestamp) {
    return QStringLiteral("%1 ms since 1970").arg(c.timestamp);
  } else if (role == Qt::ToolTipRole && index.column() == Value) {
    return tr("%n byte(s)", nullptr, static_cast<int>(c.value.size()));
  }
  return {};
}

QVariant ScanResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical) return section + 1;
  switch (section) {
    case RowKey:
      return tr("Row");
    case ColumnName:
      return tr("Column");
    case Timestamp:
      return tr("Timestamp");
    case Value:
      return tr("Value");
  }
  return {};
}

}  // namespace regionlab::ui
