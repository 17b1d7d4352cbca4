// Parser for HBase shell statements.
//
// A statement is a command name followed by its arguments, with or without
// parentheses:
//   create 't1', {NAME => 'f1', TTL => 180}, SPLITS => ['10', '20']
//   scan('t1', {LIMIT => 5})
// Statements end at a newline or ';'. A newline does not end a statement
// inside brackets, braces or parentheses, or after ',' or '=>' (so a long
// hash may span lines, as in Ruby). `KEY => value` pairs written without
// braces after the other arguments form one trailing hash, as Ruby collects
// them; a positional argument after such a pair is a syntax error.
//
// Errors never stop the parse: a statement with a syntax error is returned
// with its message ("line 3, column 14: expected ',' or ']' but found '}'")
// and parsing resumes at the next line, so a script can report the bad
// statement and go on with the next one.
//
// Thread-safety: pure functions.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "shell/lexer.h"
#include "shell/value.h"

namespace regionlab::shell {

struct Statement {
  std::string text;        // the statement's source text, trimmed
  SourcePosition begin;    // where it starts
  std::string command;     // the command name as written (empty on error)
  std::vector<Value> args;
  // Set when the statement could not be parsed: "line L, column C: ..."
  std::string error;
  // The error is only that the input ended too early (an open bracket or
  // string, a trailing ',' or '=>'): more lines could complete it.
  bool incomplete = false;

  bool ok() const { return error.empty(); }
};

// The statements of `source`, one at a time, in order. Blank lines,
// comments and empty statements (";;") produce nothing. Tokens are read as
// the parser reaches them and dropped with their statement, so a script of
// any size is parsed with one statement in memory. `source` must outlive
// the parser.
class ScriptParser {
 public:
  explicit ScriptParser(std::string_view source);
  ~ScriptParser();
  ScriptParser(const ScriptParser&) = delete;
  ScriptParser& operator=(const ScriptParser&) = delete;

  // The next statement into *out; false at the end of the script.
  bool Next(Statement* out);

 private:
  class Parser;
  std::unique_ptr<Parser> parser_;
};

// Every statement of `source`, in order (ScriptParser's, collected).
std::vector<Statement> ParseScript(std::string_view source);

// Whether `constant` is a name the HBase shell defines (NAME, VERSIONS,
// SPLITS, ...), and the string it evaluates to ("ENDROW" -> "STOPROW").
bool LookupConstant(std::string_view constant, std::string* value);

}  // namespace regionlab::shell
