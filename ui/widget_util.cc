#include "ui/widget_util.h"

#include <QComboBox>
#include <QFontMetrics>
#include <QLabel>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QSignalBlocker>

#include "models/format.h"

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

void markInvalid(QWidget* w, bool invalid) {
  QPalette p = w->palette();
  const QWidget* parent = w->parentWidget();
  p.setColor(QPalette::Base, invalid ? QColor(0xff, 0xeb, 0xee)
                                     : (parent ? parent->palette() : w->palette()).color(QPalette::Base));
  w->setPalette(p);
}

QString elideKeyToWidth(const QFontMetrics& fm, const QString& label, double width) {
  if (fm.horizontalAdvance(label) <= width) return label;
  // The longest elision that fits, by bisection on the character budget.
  int lo = 1, hi = static_cast<int>(label.size()) - 1;
  QString best(QChar(0x2026));
  while (lo <= hi) {
    const int mid = (lo + hi) / 2;
    const QString e = elideEscapedKey(label, mid);
    if (fm.horizontalAdvance(e) <= width) {
      best = e;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}

void addCloseShortcuts(QWidget* window) {
  for (const QKeySequence& keys : {QKeySequence(QKeySequence::Close), QKeySequence(Qt::Key_Escape)}) {
    auto* shortcut = new QShortcut(keys, window);
    shortcut->setContext(Qt::WindowShortcut);
    QObject::connect(shortcut, &QShortcut::activated, window, &QWidget::close);
  }
}

void reserveMessageLine(QLabel* label) {
  label->setMinimumHeight(label->fontMetrics().lineSpacing());
  QSizePolicy policy = label->sizePolicy();
  policy.setRetainSizeWhenHidden(true);
  label->setSizePolicy(policy);
}

QLabel* newErrorLabel(QWidget* parent) {
  auto* label = new QLabel(parent);
  label->setWordWrap(true);
  label->setStyleSheet(QStringLiteral("color: #c62828;"));
  reserveMessageLine(label);
  label->hide();
  return label;
}

void showFieldMessage(QLabel* label, const QString& message, bool warning) {
  label->setStyleSheet(warning ? QStringLiteral("color: #a15c00;") : QStringLiteral("color: #c62828;"));
  label->setText(message);
  label->setVisible(!message.isEmpty());
  // Layouts under group boxes and stacked pages give a wrapped label its
  // one-line hint; reserve the height its text needs at the width it has.
  const QWidget* parent = label->parentWidget();
  const int width = label->width() > 40 ? label->width() : (parent ? parent->width() : 300);
  label->setMinimumHeight(message.isEmpty() ? 0 : label->heightForWidth(width));
}

}  // namespace regionlab::ui
