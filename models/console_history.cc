#include "models/console_history.h"

namespace regionlab::ui {

void ConsoleHistory::setEntries(const QStringList& entries) {
  m_entries = entries;
  reset();
}

void ConsoleHistory::reset() {
  m_position = static_cast<int>(m_entries.size());
  m_draft.clear();
}

std::optional<QString> ConsoleHistory::older(const QString& current) {
  if (m_position == 0) return std::nullopt;
  if (m_position == m_entries.size()) m_draft = current;
  --m_position;
  return m_entries.at(m_position);
}

std::optional<QString> ConsoleHistory::newer() {
  if (m_position >= m_entries.size()) return std::nullopt;
  ++m_position;
  return m_position == m_entries.size() ? m_draft : m_entries.at(m_position);
}

}  // namespace regionlab::ui
