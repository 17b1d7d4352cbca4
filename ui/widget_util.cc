#include "ui/widget_util.h"

#include <QComboBox>
#include <QPlainTextEdit>
#include <QSignalBlocker>

namespace regionlab::ui {

bool replaceComboItems(QComboBox* combo, const QStringList& items) {
  const QString current = combo->currentText();
  QSignalBlocker block(combo);
  combo->clear();
  combo->addItems(items);
  const int i = combo->findText(current);
  combo->setCurrentIndex(i >= 0 ? i : (items.isEmpty() ? -1 : 0));
  return combo->currentText() != current;
}

int plainTextHeight(const QPlainTextEdit* edit, int lines) {
  // A few pixels over the text's own margins keep one line free of a scroll bar.
  constexpr int kSlack = 6;
  return edit->fontMetrics().lineSpacing() * lines + 2 * edit->frameWidth() +
         static_cast<int>(edit->document()->documentMargin() * 2) + kSlack;
}

}  // namespace regionlab::ui
