// EngineLogModel: the engine's LOG file (engine/util/engine_log.h) as rows of
// time, level and message, followed as it grows, like `tail -F`: poll() reads
// what was appended since the last call, and starts over at the top of the
// file when the engine rotated it (LOG became LOG.old and a new LOG began).
// It keeps the last kMaxLines lines; a minimum level hides the rest.
//
// The file is read directly (it is a documented text file in the data
// directory), so following it costs the engine nothing.
//
// Thread-safety: use from the UI thread only.
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <cstdint>
#include <deque>
#include <vector>

namespace regionlab::ui {

class EngineLogModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Time, Level, Message, ColumnCount };
  enum LogLevel { Info = 0, Warn = 1, Error = 2 };
  static constexpr int kMaxLines = 5000;
  // When a file is first followed, this much of its end is read.
  static constexpr qint64 kInitialTailBytes = 256 * 1024;
  // Qt::UserRole on any cell: the row's level (LogLevel).
  static constexpr int LevelRole = Qt::UserRole;

  explicit EngineLogModel(QObject* parent = nullptr);

  // Follows `path` (empty: none), starting with the last kInitialTailBytes.
  void setFile(const QString& path);
  QString file() const { return m_path; }
  // Reads what was appended since the last call; returns the number of new
  // lines (shown or not).
  int poll();
  // Shows the lines of `level` and above.
  void setMinimumLevel(LogLevel level);
  LogLevel minimumLevel() const { return m_minimum; }
  // Lines kept (shown or not).
  int lineCount() const { return static_cast<int>(m_lines.size()); }

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  struct Line {
    QString time;
    LogLevel level = Info;
    QString message;
  };
  // A line as EngineLog writes it ("2026-11-28 05:26:24.123 WARN  text"); a
  // line of another shape is kept whole as an Info message. A trailing
  // newline is dropped.
  static Line parse(const QString& text);

 private:
  void rebuildVisible();
  // Appends parsed lines, trimming to kMaxLines; updates the visible rows.
  void append(const std::vector<Line>& lines);

  QString m_path;
  qint64 m_offset = 0;          // bytes of the file consumed
  quint64 m_inode = 0;          // of the file m_offset belongs to
  QByteArray m_partial;         // a last line not yet ended by a newline
  std::deque<Line> m_lines;
  std::vector<int> m_visible;   // indexes into m_lines, of the rows shown
  LogLevel m_minimum = Info;
};

}  // namespace regionlab::ui
