// Completion for the shell console: command names at the start of a
// statement, table names as the first argument of a command that takes one.
//
// The text before the cursor is split with the shell's own lexer
// (engine/shell/lexer.h), so quotes, comments and separators are read as the
// shell reads them:
//   "sc|"            -> a command starting with "sc"
//   "scan 'Ne|"      -> a table starting with "Ne" (the quote is closed)
//   "scan |"         -> any table (inserted with its quotes)
//   "put 't', 'r|"   -> nothing: only the first argument names a table
//
// Thread-safety: pure functions.
#pragma once

#include <QChar>
#include <QString>
#include <QStringList>

namespace regionlab::ui {

struct CompletionContext {
  enum class Kind { None, Command, Table };
  Kind kind = Kind::None;
  int start = 0;    // where the word being completed starts (QString units)
  QString prefix;   // what is typed of it
  QChar openQuote;  // the quote typed before a table name; null when none yet
};

// `continuing`: the console's session holds an open statement, so the text
// continues it and does not start with a command.
CompletionContext completionAt(const QString& text, int cursor, bool continuing = false);

// Every command of the shell, sorted.
QStringList shellCommandNames();
// Whether the command's first argument is a table name (scan, put, ...).
bool commandTakesTable(const QString& command);

// The candidates for `context`, in order, that start with its prefix.
QStringList completionCandidates(const CompletionContext& context, const QStringList& tables);
// What replaces the text from context.start to the cursor when `candidate`
// is chosen: a table name gets its quotes.
QString completionText(const CompletionContext& context, const QString& candidate);

}  // namespace regionlab::ui
