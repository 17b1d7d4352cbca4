#include "models/split_keys_model.h"

#include <QColor>
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "models/binary_text.h"

namespace regionlab::ui {

SplitKeysModel::SplitKeysModel(QObject* parent) : QAbstractListModel(parent) {}

int SplitKeysModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_keys.size());
}

QVariant SplitKeysModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const QString problem = m_issues.value(index.row());
  switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return m_keys[index.row()];
    case IssueRole: return problem;
    case Qt::ToolTipRole:
      return problem.isEmpty() ? tr("Split key #%1: the start key of region %2").arg(index.row() + 1).arg(index.row() + 2)
                               : problem;
    case Qt::BackgroundRole:
      if (!problem.isEmpty()) return QColor(0xff, 0xcd, 0xd2);
      return {};
    default: return {};
  }
}

QVariant SplitKeysModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical) return section + 1;
  return tr("Split key (\\xHH for bytes)");
}

Qt::ItemFlags SplitKeysModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool SplitKeysModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid() || role != Qt::EditRole || index.row() >= rowCount()) return false;
  const QString text = value.toString();
  if (m_keys[index.row()] == text) return true;
  m_keys[index.row()] = text;
  emit dataChanged(index, index, {Qt::DisplayRole, Qt::EditRole});
  return true;
}

bool SplitKeysModel::insertRows(int row, int count, const QModelIndex& parent) {
  if (parent.isValid() || row < 0 || row > rowCount() || count <= 0) return false;
  beginInsertRows(QModelIndex(), row, row + count - 1);
  for (int i = 0; i < count; ++i) m_keys.insert(row, QString());
  m_issues.clear();  // rows moved; the form hands new ones back
  endInsertRows();
  return true;
}

bool SplitKeysModel::removeRows(int row, int count, const QModelIndex& parent) {
  if (parent.isValid() || row < 0 || count <= 0 || row + count > rowCount()) return false;
  beginRemoveRows(QModelIndex(), row, row + count - 1);
  m_keys.remove(row, count);
  m_issues.clear();
  endRemoveRows();
  return true;
}

void SplitKeysModel::setKeys(const QStringList& keys) {
  beginResetModel();
  m_keys = keys;
  m_issues.clear();
  endResetModel();
}

bool SplitKeysModel::sortByBytes() {
  std::vector<std::pair<std::string, QString>> parsed;
  for (const QString& text : m_keys) {
    std::string bytes;
    BinaryTextError e;
    if (!parseEscapedBytes(text, &bytes, &e)) return false;
    parsed.emplace_back(std::move(bytes), text);
  }
  std::stable_sort(parsed.begin(), parsed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  QStringList sorted;
  for (const auto& p : parsed) sorted << p.second;
  setKeys(sorted);
  return true;
}

void SplitKeysModel::setIssues(const QHash<int, QString>& issues) {
  if (issues == m_issues) return;
  QHash<int, QString> old = std::move(m_issues);
  m_issues = issues;
  auto touch = [this](int row) {
    if (row < rowCount()) emit dataChanged(index(row), index(row), {Qt::ToolTipRole, Qt::BackgroundRole, IssueRole});
  };
  for (auto it = old.cbegin(); it != old.cend(); ++it) touch(it.key());
  for (auto it = m_issues.cbegin(); it != m_issues.cend(); ++it) touch(it.key());
}

}  // namespace regionlab::ui
