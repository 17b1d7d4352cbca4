#include "shell/lexer.h"

#include <cctype>
#include <limits>

#include "regionlab/bytes.h"
#include "util/utf8.h"

namespace regionlab::shell {

const char* TokenKindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kString: return "a string";
    case TokenKind::kInteger: return "an integer";
    case TokenKind::kFloat: return "a number";
    case TokenKind::kIdentifier: return "a name";
    case TokenKind::kArrow: return "'=>'";
    case TokenKind::kComma: return "','";
    case TokenKind::kSemicolon: return "';'";
    case TokenKind::kLBracket: return "'['";
    case TokenKind::kRBracket: return "']'";
    case TokenKind::kLBrace: return "'{'";
    case TokenKind::kRBrace: return "'}'";
    case TokenKind::kLParen: return "'('";
    case TokenKind::kRParen: return "')'";
    case TokenKind::kNewline: return "end of line";
    case TokenKind::kEnd: return "end of input";
    case TokenKind::kError: return "an invalid token";
  }
  return "a token";
}

std::string DescribeToken(const Token& token) {
  switch (token.kind) {
    case TokenKind::kString: {
      std::string shown = ToStringBinary(token.text);
      if (shown.size() > 20) shown = shown.substr(0, 20) + "...";
      return "string '" + shown + "'";
    }
    case TokenKind::kInteger:
    case TokenKind::kFloat:
    case TokenKind::kIdentifier:
      return "'" + token.text + "'";
    default:
      return TokenKindName(token.kind);
  }
}

namespace {

bool IsIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool IsIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
}  // namespace

class Lexer {
 public:
  explicit Lexer(std::string_view src) : src_(src) {
    // A UTF-8 byte-order mark (scripts saved by some editors) is not input.
    if (src_.substr(0, 3) == "\xEF\xBB\xBF") {
      pos_ = 3;
      line_start_ = 3;
    }
  }

  // The next token; kEnd at the end of the source, and again on every later call.
  Token NextToken() {
    SkipBlanksAndComments();
    Token t;
    t.begin = Here();
    if (pos_ >= src_.size()) {
      t.kind = TokenKind::kEnd;
      t.end = pos_;
      return t;
    }
    if (!Next(&t)) {
      // Resume after the bad token's line so later statements still lex.
      SkipToEndOfLine();
    }
    t.end = pos_;
    return t;
  }

 private:
  SourcePosition Here() const {
    SourcePosition p;
    p.line = line_;
    p.offset = pos_;
    // Columns are counted incrementally from the last position asked for on
    // this line, so a long line costs linear time.
    if (col_line_start_ != line_start_ || col_pos_ > pos_) {
      col_line_start_ = line_start_;
      col_pos_ = line_start_;
      col_ = 1;
    }
    for (; col_pos_ < pos_ && col_pos_ < src_.size(); ++col_pos_) {
      if ((static_cast<unsigned char>(src_[col_pos_]) & 0xC0) != 0x80) ++col_;
    }
    p.column = col_;
    return p;
  }

  char Peek(size_t ahead = 0) const {
    return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0';
  }
  bool AtEnd(size_t ahead = 0) const { return pos_ + ahead >= src_.size(); }

  // Consumes one byte, tracking lines.
  char Take() {
    char c = src_[pos_++];
    if (c == '\n') {
      ++line_;
      line_start_ = pos_;
    }
    return c;
  }

  void SkipBlanksAndComments() {
    while (!AtEnd()) {
      char c = Peek();
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        Take();
      } else if (c == '\\' && Peek(1) == '\n') {
        Take();  // Ruby's explicit line continuation
        Take();
      } else if (c == '#') {
        while (!AtEnd() && Peek() != '\n') Take();
      } else {
        return;
      }
    }
  }

  void SkipToEndOfLine() {
    while (!AtEnd() && Peek() != '\n') Take();
  }

  bool Fail(Token* t, std::string message, bool at_end = false) {
    t->kind = TokenKind::kError;
    t->text = std::move(message);
    t->at_end = at_end;
    return false;
  }

  bool Next(Token* t) {
    const char c = Peek();
    switch (c) {
      case '\n': Take(); t->kind = TokenKind::kNewline; return true;
      case ',': Take(); t->kind = TokenKind::kComma; return true;
      case ';': Take(); t->kind = TokenKind::kSemicolon; return true;
      case '[': Take(); t->kind = TokenKind::kLBracket; return true;
      case ']': Take(); t->kind = TokenKind::kRBracket; return true;
      case '{': Take(); t->kind = TokenKind::kLBrace; return true;
      case '}': Take(); t->kind = TokenKind::kRBrace; return true;
      case '(': Take(); t->kind = TokenKind::kLParen; return true;
      case ')': Take(); t->kind = TokenKind::kRParen; return true;
      case '\'': return SingleQuoted(t);
      case '"': return DoubleQuoted(t);
      case '=':
        if (Peek(1) == '>') {
          Take();
          Take();
          t->kind = TokenKind::kArrow;
          return true;
        }
        Take();
        return Fail(t, "unexpected '='; hash entries are written KEY => value, and assignments are"
                       " not supported");
      default: break;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        ((c == '-' || c == '+') && std::isdigit(static_cast<unsigned char>(Peek(1))))) {
      return Number(t);
    }
    if (IsIdentStart(c)) {
      while (!AtEnd() && IsIdentChar(Peek())) t->text.push_back(Take());
      // Ruby method names may end in ? or ! (e.g. exists?): keep them so
      // the error names the whole word.
      if (!AtEnd() && (Peek() == '?' || Peek() == '!')) t->text.push_back(Take());
      t->kind = TokenKind::kIdentifier;
      return true;
    }
    // One whole UTF-8 character, for the message.
    std::string ch(1, Take());
    while (!AtEnd() && (static_cast<unsigned char>(Peek()) & 0xC0) == 0x80 && ch.size() < 4) {
      ch.push_back(Take());
    }
    const bool printable = ch.size() > 1 || std::isprint(static_cast<unsigned char>(ch[0]));
    return Fail(t, "unexpected character " + (printable ? "'" + ch + "'" : ToStringBinary(ch)));
  }

  bool SingleQuoted(Token* t) {
    Take();  // opening quote
    t->kind = TokenKind::kString;
    while (!AtEnd()) {
      char c = Take();
      if (c == '\'') return true;
      if (c == '\\' && !AtEnd() && (Peek() == '\'' || Peek() == '\\')) {
        t->text.push_back(Take());
        continue;
      }
      t->text.push_back(c);
    }
    return Fail(t, "unterminated string: expected a closing \"'\"", /*at_end=*/true);
  }

  bool DoubleQuoted(Token* t) {
    Take();  // opening quote
    t->kind = TokenKind::kString;
    std::string& out = t->text;
    while (!AtEnd()) {
      char c = Take();
      if (c == '"') return true;
      if (c == '#' && Peek() == '{') {
        return Fail(t, "string interpolation \"#{...}\" is not supported; write the value out");
      }
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (AtEnd()) break;
      char e = Take();
      switch (e) {
        case 'n': out.push_back('\n'); break;
        case 't': out.push_back('\t'); break;
        case 'r': out.push_back('\r'); break;
        case 'a': out.push_back('\a'); break;
        case 'b': out.push_back('\b'); break;
        case 'e': out.push_back('\x1b'); break;
        case 'f': out.push_back('\f'); break;
        case 'v': out.push_back('\v'); break;
        case 's': out.push_back(' '); break;
        case '\n': break;  // an escaped newline continues the string
        case 'x': {
          int v = HexDigitValue(Peek());
          if (v < 0) return Fail(t, "invalid hex escape: \\x needs a hex digit");
          Take();
          if (HexDigitValue(Peek()) >= 0) v = v * 16 + HexDigitValue(Take());
          out.push_back(static_cast<char>(v));
          break;
        }
        case 'u': {
          if (!ParseUnicodeEscape(&out)) {
            return Fail(t, "invalid Unicode escape: \\u needs four hex digits or {hex}");
          }
          break;
        }
        default:
          if (e >= '0' && e <= '7') {
            int v = e - '0';
            for (int i = 0; i < 2 && Peek() >= '0' && Peek() <= '7'; ++i) v = v * 8 + (Take() - '0');
            out.push_back(static_cast<char>(v & 0xFF));
          } else {
            out.push_back(e);  // \\, \", \' and unknown escapes give the character itself
          }
      }
    }
    return Fail(t, "unterminated string: expected a closing '\"'", /*at_end=*/true);
  }

  bool ParseUnicodeEscape(std::string* out) {
    auto read_hex = [&](int max_digits, uint32_t* cp) {
      int n = 0;
      *cp = 0;
      while (n < max_digits && HexDigitValue(Peek()) >= 0) {
        *cp = *cp * 16 + HexDigitValue(Take());
        ++n;
      }
      return n;
    };
    uint32_t cp = 0;
    if (Peek() == '{') {
      Take();
      for (;;) {
        while (Peek() == ' ') Take();
        if (Peek() == '}') {
          Take();
          return true;
        }
        if (read_hex(6, &cp) == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        AppendUtf8(out, cp);
      }
    }
    if (read_hex(4, &cp) != 4 || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    AppendUtf8(out, cp);
    return true;
  }

  bool Number(Token* t) {
    std::string digits;
    bool negative = false;
    if (Peek() == '-' || Peek() == '+') negative = Take() == '-';
    int base = 10;
    if (Peek() == '0' && (Peek(1) == 'x' || Peek(1) == 'X')) {
      base = 16;
    } else if (Peek() == '0' && (Peek(1) == 'b' || Peek(1) == 'B')) {
      base = 2;
    }
    if (base != 10) {
      Take();
      Take();
    }
    bool is_float = false;
    while (!AtEnd()) {
      char c = Peek();
      if (c == '_' && !digits.empty() && HexDigitValue(Peek(1)) >= 0) {
        Take();
        continue;
      }
      if (base == 10 && c == '.' && std::isdigit(static_cast<unsigned char>(Peek(1))) && !is_float) {
        is_float = true;
        digits.push_back(Take());
        continue;
      }
      if (base == 10 && (c == 'e' || c == 'E') && !digits.empty() &&
          (std::isdigit(static_cast<unsigned char>(Peek(1))) ||
           ((Peek(1) == '-' || Peek(1) == '+') &&
            std::isdigit(static_cast<unsigned char>(Peek(2)))))) {
        is_float = true;
        digits.push_back(Take());
        if (Peek() == '-' || Peek() == '+') digits.push_back(Take());
        continue;
      }
      const int d = HexDigitValue(c);
      if (d < 0 || d >= base) break;
      digits.push_back(Take());
    }
    t->text = std::string(src_.substr(t->begin.offset, pos_ - t->begin.offset));
    if (digits.empty()) return Fail(t, "malformed number '" + t->text + "'");
    if (!AtEnd() && (IsIdentChar(Peek()) || Peek() == '.')) {
      while (!AtEnd() && (IsIdentChar(Peek()) || Peek() == '.')) t->text.push_back(Take());
      return Fail(t, "malformed number '" + t->text + "'");
    }
    if (is_float) {
      t->kind = TokenKind::kFloat;
      t->real = std::strtod(digits.c_str(), nullptr) * (negative ? -1 : 1);
      return true;
    }
    // Accumulate as unsigned with an overflow check: a Ruby integer is
    // unbounded, but every HBase argument is a Java long.
    unsigned __int128 v = 0;
    const unsigned __int128 limit =
        static_cast<unsigned __int128>(std::numeric_limits<int64_t>::max()) + (negative ? 1 : 0);
    for (char c : digits) {
      v = v * base + HexDigitValue(c);
      if (v > limit) return Fail(t, "integer " + t->text + " is out of range for a 64-bit long");
    }
    t->kind = TokenKind::kInteger;
    t->integer = negative ? static_cast<int64_t>(-static_cast<__int128>(v)) : static_cast<int64_t>(v);
    return true;
  }

  std::string_view src_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  // Column cache for Here().
  mutable size_t col_line_start_ = static_cast<size_t>(-1);
  mutable size_t col_pos_ = 0;
  mutable int col_ = 1;
};

TokenStream::TokenStream(std::string_view source) : lexer_(std::make_unique<Lexer>(source)) {}
TokenStream::~TokenStream() = default;
Token TokenStream::Next() { return lexer_->NextToken(); }

std::vector<Token> Tokenize(std::string_view source) {
  std::vector<Token> out;
  TokenStream tokens(source);
  do {
    out.push_back(tokens.Next());
  } while (out.back().kind != TokenKind::kEnd);
  return out;
}

}  // namespace regionlab::shell
