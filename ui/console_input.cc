#include "ui/console_input.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QKeyEvent>
#include <QScrollBar>
#include <QStringListModel>
#include <QTextBlock>

#include "ui/widget_util.h"

namespace regionlab::ui {

namespace {
constexpr int kMaxLines = 6;  // the input grows up to this, then scrolls
}  // namespace

ConsoleInput::ConsoleInput(QWidget* parent) : QPlainTextEdit(parent) {
  setTabChangesFocus(false);
  setLineWrapMode(QPlainTextEdit::WidgetWidth);
  setPlaceholderText(
      tr("Shell statement; Enter runs it, Shift+Enter adds a line, Tab completes, Up/Down recall"));
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  m_candidates = new QStringListModel(this);
  m_completer = new QCompleter(m_candidates, this);
  m_completer->setWidget(this);
  m_completer->setCompletionMode(QCompleter::PopupCompletion);
  m_completer->setCaseSensitivity(Qt::CaseSensitive);
  connect(m_completer, qOverload<const QString&>(&QCompleter::activated), this,
          &ConsoleInput::insertCompletion);
  // The input grows with its lines, up to a few, then scrolls.
  connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { updateGeometry(); });
}

void ConsoleInput::setCompletionSources(std::function<QStringList()> tables,
                                        std::function<bool()> continuing) {
  m_tables = std::move(tables);
  m_continuing = std::move(continuing);
}

QSize ConsoleInput::sizeHint() const {
  const int lines = std::clamp(document()->blockCount(), 1, kMaxLines);
  return {QPlainTextEdit::sizeHint().width(), plainTextHeight(this, lines)};
}

QSize ConsoleInput::minimumSizeHint() const { return {120, sizeHint().height()}; }

void ConsoleInput::showText(const QString& text) {
  setPlainText(text);
  moveCursor(QTextCursor::End);
}

QStringList ConsoleInput::complete() {
  const bool continuing = m_continuing ? m_continuing() : false;
  m_context = completionAt(toPlainText(), textCursor().position(), continuing);
  const QStringList tables = m_tables ? m_tables() : QStringList();
  const QStringList candidates = completionCandidates(m_context, tables);
  if (candidates.isEmpty()) {
    m_completer->popup()->hide();
    return candidates;
  }
  if (candidates.size() == 1) {
    insertCompletion(candidates.first());
    return candidates;
  }
  m_candidates->setStringList(candidates);
  m_completer->setCompletionPrefix(QString());
  QRect rect = cursorRect();
  rect.setWidth(m_completer->popup()->sizeHintForColumn(0) +
                m_completer->popup()->verticalScrollBar()->sizeHint().width());
  m_completer->complete(rect);
  m_completer->popup()->setCurrentIndex(m_completer->completionModel()->index(0, 0));
  return candidates;
}

void ConsoleInput::insertCompletion(const QString& candidate) {
  QTextCursor cursor = textCursor();
  const int end = cursor.position();
  cursor.setPosition(std::min(m_context.start, end));
  cursor.setPosition(end, QTextCursor::KeepAnchor);
  QString text = completionText(m_context, candidate);
  if (m_context.kind == CompletionContext::Kind::Command) text += QLatin1Char(' ');
  cursor.insertText(text);
  setTextCursor(cursor);
  m_completer->popup()->hide();
}

void ConsoleInput::keyPressEvent(QKeyEvent* event) {
  const bool popup = m_completer->popup()->isVisible();
  const int key = event->key();
  if (popup && (key == Qt::Key_Return || key == Qt::Key_Enter || key == Qt::Key_Escape ||
                key == Qt::Key_Tab || key == Qt::Key_Backtab)) {
    event->ignore();  // the completer's popup takes these
    return;
  }
  const Qt::KeyboardModifiers mods = event->modifiers();
  if ((key == Qt::Key_Return || key == Qt::Key_Enter) && (mods & Qt::ShiftModifier)) {
    textCursor().insertBlock();  // a real line (QPlainTextEdit's own Shift+Enter is a soft break)
    ensureCursorVisible();
    return;
  }
  if (key == Qt::Key_Return || key == Qt::Key_Enter) {
    const QString text = toPlainText();
    clear();
    m_history.reset();
    emit submitted(text);
    return;
  }
  if (key == Qt::Key_Tab && mods == Qt::NoModifier) {
    complete();
    return;
  }
  if (key == Qt::Key_C && mods == Qt::ControlModifier && !textCursor().hasSelection()) {
    clear();
    m_history.reset();
    emit interruptRequested();
    return;
  }
  if (key == Qt::Key_Up && mods == Qt::NoModifier && textCursor().blockNumber() == 0) {
    if (auto entry = m_history.older(toPlainText())) showText(*entry);
    return;
  }
  if (key == Qt::Key_Down && mods == Qt::NoModifier &&
      textCursor().blockNumber() == document()->blockCount() - 1) {
    if (auto entry = m_history.newer()) showText(*entry);
    return;
  }
  QPlainTextEdit::keyPressEvent(event);
  if (popup) {
    // Typing on with the popup open narrows it; leaving the word closes it.
    const CompletionContext now =
        completionAt(toPlainText(), textCursor().position(), m_continuing ? m_continuing() : false);
    if (now.kind != m_context.kind || now.start != m_context.start) {
      m_completer->popup()->hide();
    } else {
      m_context = now;
      const QStringList candidates =
          completionCandidates(now, m_tables ? m_tables() : QStringList());
      m_candidates->setStringList(candidates);
      if (candidates.isEmpty()) m_completer->popup()->hide();
    }
  }
}

}  // namespace regionlab::ui
