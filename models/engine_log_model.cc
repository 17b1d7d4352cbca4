#include "models/engine_log_model.h"

#include <sys/stat.h>

#include <QColor>
#include <QFile>

namespace regionlab::ui {

namespace {
// "YYYY-MM-DD HH:MM:SS.mmm " is 24 characters, the level field 5 plus a space.
constexpr int kTimeChars = 23;
constexpr int kMessageStart = kTimeChars + 1 + 5 + 1;

quint64 inodeOf(const QString& path) {
  struct stat st;
  if (::stat(QFile::encodeName(path).constData(), &st) != 0) return 0;
  return static_cast<quint64>(st.st_ino);
}
}  // namespace

EngineLogModel::EngineLogModel(QObject* parent) : QAbstractTableModel(parent) {}

EngineLogModel::Line EngineLogModel::parse(const QString& raw) {
  Line line;
  // The line as read, its end of line dropped.
  QString text = raw;
  while (text.endsWith(QLatin1Char('\n')) || text.endsWith(QLatin1Char('\r'))) text.chop(1);
  if (text.size() >= kMessageStart && text[4] == QLatin1Char('-') && text[10] == QLatin1Char(' ') &&
      text[19] == QLatin1Char('.') && text[kTimeChars] == QLatin1Char(' ')) {
    const QString level = text.mid(kTimeChars + 1, 5).trimmed();
    if (level == QLatin1String("INFO") || level == QLatin1String("WARN") ||
        level == QLatin1String("ERROR")) {
      line.time = text.left(kTimeChars);
      line.level = level == QLatin1String("INFO") ? Info : level == QLatin1String("WARN") ? Warn : Error;
      line.message = text.mid(kMessageStart);
      return line;
    }
  }
  line.message = text;
  return line;
}

void EngineLogModel::setFile(const QString& path) {
  beginResetModel();
  m_path = path;
  m_lines.clear();
  m_visible.clear();
  m_partial.clear();
  m_offset = 0;
  m_inode = 0;
  endResetModel();
  if (path.isEmpty()) return;
  QFile f(path);
  if (f.open(QIODevice::ReadOnly) && f.size() > kInitialTailBytes) {
    // Start at the first whole line of the file's end.
    f.seek(f.size() - kInitialTailBytes);
    f.readLine();
    m_offset = f.pos();
    m_inode = inodeOf(path);
  }
  poll();
}

int EngineLogModel::poll() {
  if (m_path.isEmpty()) return 0;
  QFile f(m_path);
  if (!f.open(QIODevice::ReadOnly)) return 0;
  const quint64 inode = inodeOf(m_path);
  if (inode != m_inode || f.size() < m_offset) {
    // Rotated (a new file) or cut: its lines are all new.
    m_inode = inode;
    m_offset = 0;
    m_partial.clear();
  }
  if (f.size() == m_offset) return 0;
  f.seek(m_offset);
  QByteArray bytes = m_partial + f.readAll();
  m_offset = f.pos();
  const int end = bytes.lastIndexOf('\n');
  m_partial = bytes.mid(end + 1);
  if (end < 0) return 0;
  std::vector<Line> lines;
  for (const QByteArray& raw : bytes.left(end).split('\n')) lines.push_back(parse(QString::fromUtf8(raw)));
  append(lines);
  return static_cast<int>(lines.size());
}

void EngineLogModel::append(const std::vector<Line>& lines) {
  for (const Line& l : lines) m_lines.push_back(l);
  const int over = static_cast<int>(m_lines.size()) - kMaxLines;
  if (over > 0) {
    // Trimming the front changes every index: rebuild.
    m_lines.erase(m_lines.begin(), m_lines.begin() + over);
    rebuildVisible();
    return;
  }
  const int first = static_cast<int>(m_lines.size() - lines.size());
  std::vector<int> added;
  for (int i = first; i < static_cast<int>(m_lines.size()); ++i) {
    if (m_lines[static_cast<size_t>(i)].level >= m_minimum) added.push_back(i);
  }
  if (added.empty()) return;
  const int row = static_cast<int>(m_visible.size());
  beginInsertRows(QModelIndex(), row, row + static_cast<int>(added.size()) - 1);
  m_visible.insert(m_visible.end(), added.begin(), added.end());
  endInsertRows();
}

void EngineLogModel::setMinimumLevel(LogLevel level) {
  if (level == m_minimum) return;
  m_minimum = level;
  rebuildVisible();
}

void EngineLogModel::rebuildVisible() {
  beginResetModel();
  m_visible.clear();
  for (size_t i = 0; i < m_lines.size(); ++i) {
    if (m_lines[i].level >= m_minimum) m_visible.push_back(static_cast<int>(i));
  }
  endResetModel();
}

int EngineLogModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_visible.size());
}

int EngineLogModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant EngineLogModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(m_visible.size())) return {};
  const Line& l = m_lines[static_cast<size_t>(m_visible[static_cast<size_t>(index.row())])];
  if (role == LevelRole) return static_cast<int>(l.level);
  if (role == Qt::ForegroundRole && l.level != Info) {
    return l.level == Error ? QColor(0xc0, 0x20, 0x20) : QColor(0xb0, 0x60, 0x00);
  }
  if (role == Qt::ToolTipRole && index.column() == Message) return l.message;
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Time: return l.time;
    case Level: return l.level == Info ? tr("INFO") : l.level == Warn ? tr("WARN") : tr("ERROR");
    case Message: return l.message;
  }
  return {};
}

QVariant EngineLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Time: return tr("Time");
    case Level: return tr("Level");
    case Message: return tr("Message");
  }
  return {};
}

}  // namespace regionlab::ui
