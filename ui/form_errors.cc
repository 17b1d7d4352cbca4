#include "ui/form_errors.h"

#include <QLabel>
#include <QStringList>

#include "ui/widget_util.h"

namespace regionlab::ui {

QLabel* FieldErrors::add(FormField field, QWidget* input, QWidget* parent) {
  QLabel* label = newErrorLabel(parent);
  m_entries.insert(static_cast<int>(field), Entry{label, input});
  return label;
}

void FieldErrors::show(const QList<FormIssue>& issues) const {
  for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
    QStringList errors, warnings;
    for (const FormIssue& i : issues) {
      if (static_cast<int>(i.field) != it.key()) continue;
      QStringList& list = i.warning ? warnings : errors;
      if (!list.contains(i.message)) list << i.message;  // one message may name two keys
    }
    // Key lists can hold many problems; the first few say enough.
    constexpr int kShown = 3;
    QStringList lines = errors + warnings;
    if (lines.size() > kShown) {
      const int more = static_cast<int>(lines.size()) - kShown;
      lines = lines.mid(0, kShown);
      lines << QObject::tr("\u2026 and %1 more").arg(more);
    }
    showFieldMessage(it->label, lines.join(QLatin1Char('\n')), errors.isEmpty());
    if (it->input != nullptr) markInvalid(it->input, !errors.isEmpty());
  }
}

}  // namespace regionlab::ui
