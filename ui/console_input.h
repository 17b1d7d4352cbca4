// ConsoleInput: the shell console's input line.
//
// Enter submits the text (Shift+Enter adds a line; pasted lines are
// submitted together), Up/Down on the first/last line walk the history
// (models/console_history.h), Tab completes command and table names
// (models/shell_completion.h) with a popup when there is more than one, and
// Ctrl+C without a selection drops a statement left open over several lines.
//
// Thread-safety: UI thread only.
#pragma once

#include <QPlainTextEdit>
#include <functional>

#include "models/console_history.h"
#include "models/shell_completion.h"

class QCompleter;
class QStringListModel;

namespace regionlab::ui {

class ConsoleInput : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit ConsoleInput(QWidget* parent = nullptr);

  ConsoleHistory& history() { return m_history; }
  // Where completion takes the table names from, and whether the session
  // holds an open statement (then the input does not start a command).
  void setCompletionSources(std::function<QStringList()> tables, std::function<bool()> continuing);
  QCompleter* completer() const { return m_completer; }
  // Completes at the cursor, as Tab does. Returns the candidates offered.
  QStringList complete();

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 signals:
  void submitted(const QString& text);
  void interruptRequested();

 protected:
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void insertCompletion(const QString& candidate);
  void showText(const QString& text);

  ConsoleHistory m_history;
  QCompleter* m_completer = nullptr;
  QStringListModel* m_candidates = nullptr;
  CompletionContext m_context;
  std::function<QStringList()> m_tables;
  std::function<bool()> m_continuing;
};

}  // namespace regionlab::ui
