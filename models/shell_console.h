// ShellConsole: the console dock's session of the shell language, run on the
// engine worker.
//
// The shell (engine/shell/shell.h) and its interactive session
// (engine/shell/session.h: prompts, statements continued over lines, the
// history in <data dir>/shell_history, !N recall) live in the console's
// worker slot, bound to the open cluster. submit() queues each line for the
// worker; lines run one after the other in the order they were submitted,
// while the UI stays responsive. For each line the worker reports the prompt
// it was typed at (lineEchoed), the output of every statement it completed,
// exactly as the shell's text mode prints it (statementFinished), and then
// the new prompt and history (promptChanged, historyChanged). A statement
// that changes the schema or the layout (create, drop, split, ...) asks the
// controller for a fresh schema, so the tree and the map follow.
//
// `exit` and `quit` end the session: a new one starts (statement numbers
// restart, the history stays). A statement that runs cannot be interrupted;
// interrupt() drops a partly typed one, as Ctrl-C does in regionlab-shell.
//
// Thread-safety: use from the UI thread only.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <memory>

#include "models/engine_controller.h"

namespace regionlab::ui {

class ShellConsole : public QObject {
  Q_OBJECT

 public:
  explicit ShellConsole(EngineController* controller, QObject* parent = nullptr);
  ~ShellConsole() override;

  // Queues every line of `text` (split at newlines), in order.
  void submit(const QString& text);
  // Drops a statement that is open over several lines (queued after the lines
  // submitted before).
  void interrupt();

  QString prompt() const { return m_prompt; }
  bool continuing() const { return m_continuing; }
  // Lines submitted whose statements have not finished yet.
  int pendingLines() const { return m_pending; }
  bool isBusy() const { return m_pending > 0; }
  const QStringList& history() const { return m_history; }
  // Table names of the latest schema, for completion.
  const QStringList& tables() const { return m_tables; }

  // Whether a successful statement of `command` changes what the cluster
  // tree or the region map shows (tables, namespaces, regions, servers).
  static bool changesSchema(const QString& command);

 signals:
  void lineEchoed(const QString& prompt, const QString& line);
  void statementFinished(const QString& statement, bool ok, const QString& output);
  void promptChanged(const QString& prompt);
  void pendingChanged(int pendingLines);
  void historyChanged(const QStringList& entries);
  void sessionRestarted();

 private:
  struct LineReply;
  enum class Job { Attach, Line, Interrupt };
  void post(Job job, const QString& line);
  void onReply(const std::shared_ptr<LineReply>& reply);
  void attach();
  void setPending(int pending);

  QPointer<EngineController> m_controller;
  int m_slot = 0;
  QString m_prompt;
  bool m_continuing = false;
  int m_pending = 0;
  quint64 m_pendingGeneration = 0;  // the controller generation m_pending counts for
  QStringList m_history;
  QStringList m_tables;
};

}  // namespace regionlab::ui
