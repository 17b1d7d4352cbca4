// ConsoleHistory: up/down recall over the shell's history entries, as a
// terminal's readline does it.
//
// The entries are the interactive session's (engine/shell/session.h), kept in
// <data dir>/shell_history and shared with regionlab-shell, so they survive
// a restart. Walking away from the end keeps what was being typed (the
// draft) and walking back past the newest entry restores it.
//
// Thread-safety: a plain value; UI thread.
#pragma once

#include <QString>
#include <QStringList>
#include <optional>

namespace regionlab::ui {

class ConsoleHistory {
 public:
  // Replaces the entries (oldest first) and goes back to the end.
  void setEntries(const QStringList& entries);
  const QStringList& entries() const { return m_entries; }

  // The entry before the one shown; `current` is the text in the input now
  // (kept as the draft when leaving the end). nullopt at the oldest entry.
  std::optional<QString> older(const QString& current);
  // The entry after the one shown, or the draft after the newest one.
  // nullopt when already at the end.
  std::optional<QString> newer();
  // Back to the end (after a line was submitted).
  void reset();
  // entries().size() when at the end (the draft).
  int position() const { return m_position; }

 private:
  QStringList m_entries;
  int m_position = 0;
  QString m_draft;
};

}  // namespace regionlab::ui
