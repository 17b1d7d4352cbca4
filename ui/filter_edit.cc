#include "ui/filter_edit.h"

#include <QKeyEvent>
#include <QTextBlock>

#include "ui/widget_util.h"

namespace regionlab::ui {

FilterEdit::FilterEdit(QWidget* parent) : QPlainTextEdit(parent) {
  setTabChangesFocus(true);
  setLineWrapMode(QPlainTextEdit::WidgetWidth);
  setPlaceholderText(
      tr("Filter language, e.g. PrefixFilter('3|') AND ValueFilter(=, 'substring:abc')"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  // Two lines show; a longer filter scrolls with the cursor.
  setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  connect(this, &QPlainTextEdit::textChanged, this, &FilterEdit::recheck);
}

QSize FilterEdit::sizeHint() const {
  // Two lines: long filters wrap instead of scrolling out of sight.
  return {QPlainTextEdit::sizeHint().width(), plainTextHeight(this, 2)};
}

QSize FilterEdit::minimumSizeHint() const { return {120, sizeHint().height()}; }

void FilterEdit::keyPressEvent(QKeyEvent* event) {
  if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
      !(event->modifiers() & Qt::ShiftModifier)) {
    emit submitted();
    return;
  }
  QPlainTextEdit::keyPressEvent(event);
}

void FilterEdit::recheck() {
  const QString text = toPlainText();
  ScanFieldError error;
  if (!text.trimmed().isEmpty()) checkFilterText(text, &error);
  m_markStart = 0;
  m_markLength = 0;
  QList<QTextEdit::ExtraSelection> marks;
  if (error.position >= 0 && !text.isEmpty()) {
    m_markStart = std::min(error.position, static_cast<int>(text.size()) - 1);
    m_markLength = 1;
    QTextEdit::ExtraSelection mark;
    mark.cursor = QTextCursor(document());
    mark.cursor.setPosition(m_markStart);
    mark.cursor.setPosition(m_markStart + m_markLength, QTextCursor::KeepAnchor);
    mark.format.setBackground(QColor(0xe5, 0x73, 0x73));
    mark.format.setForeground(Qt::white);
    mark.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    mark.format.setUnderlineColor(QColor(0xc6, 0x28, 0x28));
    marks << mark;
  }
  setExtraSelections(marks);
  const bool changed = error.position != m_error.position || error.message != m_error.message;
  m_error = error;
  setToolTip(m_error.message);
  if (changed) emit errorChanged(m_error.message);
}

}  // namespace regionlab::ui
