// InteractiveSession: the logic of the interactive shell, apart from the
// terminal: prompts, statements that continue over several lines, the
// history (kept in a file in the data directory) and its recall.
//
// Lines are fed one at a time. A line that leaves a statement open (an open
// bracket or string, a trailing ',' or '=>') is kept and the prompt changes
// to the continuation form; once the input is complete its statements run.
// "!!" runs the last history entry again and "!N" entry N (1-based, as the
// `history` command numbers them).
//
// The history file holds one entry per line; a newline inside an entry is
// written as "\n" and a backslash as "\\". At most kMaxHistory entries are
// kept. No readline: line editing is the terminal's own.
//
// Thread-safety: used by one thread.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "regionlab/status.h"
#include "shell/shell.h"

namespace regionlab::shell {

class InteractiveSession {
 public:
  static constexpr size_t kMaxHistory = 1000;

  // `shell` is not owned. An empty history_path keeps history in memory only.
  InteractiveSession(Shell* shell, std::string history_path);

  // Reads the history file (a missing file is an empty history).
  Status LoadHistory();

  // "regionlab(main):007:0> ", or "regionlab(main):007:1* " while a
  // statement is open.
  std::string Prompt() const;

  // Feeds one line (without its newline). Runs the statements it completes,
  // calling `emit` with each result; a recalled entry (!N, !!) is passed to
  // `echo` before it runs. Returns false when the session should end
  // (`exit`/`quit`).
  bool FeedLine(const std::string& line, const std::function<void(const StatementResult&)>& emit,
                const std::function<void(const std::string&)>& echo = nullptr);

  // End of input: runs whatever is still buffered (an open statement then
  // fails with its syntax error).
  void Finish(const std::function<void(const StatementResult&)>& emit);

  // Drops a partly typed statement (Ctrl-C).
  void Interrupt() { buffer_.clear(); }

  bool continuing() const { return !buffer_.empty(); }
  int failed() const { return failed_; }
  const std::vector<std::string>& history() const { return history_; }

  // The file form of one entry, and back.
  static std::string EscapeEntry(const std::string& entry);
  static std::string UnescapeEntry(const std::string& line);

 private:
  bool Run(const std::string& source, const std::function<void(const StatementResult&)>& emit);
  void Remember(const std::string& entry);

  Shell* shell_;
  std::string history_path_;
  std::vector<std::string> history_;
  std::string buffer_;
  int statement_number_ = 1;
  int failed_ = 0;
};

}  // namespace regionlab::shell
