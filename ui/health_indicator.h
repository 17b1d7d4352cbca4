// HealthIndicator: the status bar's warning about the data directory itself,
// hidden while all is well. It shows what a user must not miss:
//   - damage found when the directory opened (a WAL segment moved to
//     corrupt/ with the records it cost, a region left offline by a damaged
//     store file), from the open report's warnings;
//   - writes refused by the disk (full, or failing), from the engine's
//     "write refused" and "writes resumed" events, until writes resume.
// A click opens the details. Lives on the UI thread.
#pragma once

#include <QStringList>
#include <QToolButton>

namespace regionlab::ui {

class HealthIndicator : public QToolButton {
  Q_OBJECT

 public:
  explicit HealthIndicator(QWidget* parent = nullptr);

  // What the last open reported (replaces earlier warnings; empty: none).
  void setOpenWarnings(const QStringList& warnings);
  // Writes are refused for `reason` (the engine's error); empty: they
  // are accepted again.
  void setWriteProblem(const QString& reason);
  // A new directory (or none): forgets everything.
  void clear();

  const QStringList& openWarnings() const { return m_openWarnings; }
  const QString& writeProblem() const { return m_writeProblem; }
  // The text the details box shows.
  QString details() const;

 signals:
  void changed();

 private:
  void refresh();
  void showDetails();

  QStringList m_openWarnings;
  QString m_writeProblem;
};

}  // namespace regionlab::ui
