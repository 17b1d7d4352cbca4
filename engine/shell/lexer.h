// Lexer for the HBase shell language: the Ruby-literal subset that HBase
// shell statements are written in.
//
// Tokens: single-quoted strings ('' with \\ and \' as the only escapes, as in
// Ruby), double-quoted strings (\n \t \r \0 \a \b \e \f \v \s \\ \" \xH[H]
// \NNN octal \uXXXX \u{...}; every escape becomes bytes, so "\x00\xFF" is two
// bytes, as the HBase shell hands them to Bytes.toBytesBinary), integers
// (decimal with '_' separators, 0x hex, 0b binary, a leading '-'), floats,
// identifiers (command names, true/false/nil and CONSTANTS), '=>', ',', ';',
// brackets, braces, parentheses and newlines. '#' starts a comment that runs
// to the end of the line. "#{...}" interpolation is refused. A leading UTF-8
// byte-order mark is skipped.
//
// A malformed token does not stop the lexer: it yields a kError token naming
// the problem and resumes at the next line, so one bad statement does not
// hide the ones after it.
//
// Positions are 1-based lines and columns; a column counts characters
// (UTF-8 code points), not bytes.
//
// Thread-safety: a Lexer is used by one thread; Tokenize is a pure function.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace regionlab::shell {

enum class TokenKind {
  kString,      // text holds the decoded bytes
  kInteger,     // integer holds the value
  kFloat,       // real holds the value
  kIdentifier,  // text holds the name (commands, true/false/nil, CONSTANTS)
  kArrow,       // =>
  kComma,
  kSemicolon,
  kLBracket,
  kRBracket,
  kLBrace,
  kRBrace,
  kLParen,
  kRParen,
  kNewline,
  kEnd,    // end of input; always the last token
  kError,  // text holds the message
};

// "a string", "'=>'", "end of input", ... for "expected X but found Y".
const char* TokenKindName(TokenKind kind);

struct SourcePosition {
  int line = 1;
  int column = 1;
  size_t offset = 0;  // byte offset in the source
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;
  int64_t integer = 0;
  double real = 0;
  SourcePosition begin;  // first byte of the token
  size_t end = 0;        // byte offset one past the token
  // kError only: the input ended inside the token (an unterminated string),
  // so more input could complete it (the interactive shell then asks for
  // another line instead of reporting an error).
  bool at_end = false;
};

class Lexer;

// The tokens of `source`, one at a time: a script of any size is read with
// one token in memory. `source` must outlive the stream.
class TokenStream {
 public:
  explicit TokenStream(std::string_view source);
  ~TokenStream();
  TokenStream(const TokenStream&) = delete;
  TokenStream& operator=(const TokenStream&) = delete;

  // The next token; kEnd at the end of the source, and again on every later call.
  Token Next();

 private:
  std::unique_ptr<Lexer> lexer_;
};

// Splits `source` into tokens. The result always ends with a kEnd token.
std::vector<Token> Tokenize(std::string_view source);

// Describes a token for error messages: "'=>'", "'foo'", "string 'ab'",
// "end of input", "newline".
std::string DescribeToken(const Token& token);

}  // namespace regionlab::shell
