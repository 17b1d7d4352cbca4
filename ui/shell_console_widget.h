// ShellConsoleWidget: the "Shell console" dock: a transcript of the session,
// the prompt and the input line, and what is running.
//
// The transcript shows each line at the prompt it was typed at and then its
// statements' output exactly as the shell's text mode prints it (failed
// statements in red). While statements run on the engine worker the input
// stays usable: further lines queue in order, and the status line says how
// many are waiting.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>

#include "models/engine_controller.h"

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace regionlab::ui {

class ConsoleInput;
class ShellConsole;

class ShellConsoleWidget : public QWidget {
  Q_OBJECT

 public:
  explicit ShellConsoleWidget(EngineController* controller, QWidget* parent = nullptr);

  ShellConsole* console() const { return m_console; }
  ConsoleInput* input() const { return m_input; }
  QPlainTextEdit* transcript() const { return m_transcript; }
  QLabel* promptLabel() const { return m_prompt; }
  QLabel* statusLabel() const { return m_status; }
  QProgressBar* busyIndicator() const { return m_busy; }

 private:
  void append(const QString& text, const QColor& color, bool bold = false);
  void onPending(int pending);

  ShellConsole* m_console = nullptr;
  QPlainTextEdit* m_transcript = nullptr;
  QLabel* m_prompt = nullptr;
  ConsoleInput* m_input = nullptr;
  QLabel* m_status = nullptr;
  QProgressBar* m_busy = nullptr;
  QPushButton* m_clear = nullptr;
  QString m_current;  // the line the worker took last
};

}  // namespace regionlab::ui
