// ParseJson: a recursive-descent RFC 8259 parser that records where each
// value starts and stops at the first error with its line and column.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "util/json.h"
#include "util/utf8.h"

namespace regionlab {

namespace {
constexpr int kMaxDepth = 256;
}  // namespace

class JsonParser {
 public:
  explicit JsonParser(std::string_view text) : text_(text) {}

  Result<Json> Document() {
    // A UTF-8 byte-order mark is tolerated, as editors write one.
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
    SkipSpace();
    Json value;
    RL_RETURN_IF_ERROR(Value(&value, 0));
    SkipSpace();
    if (pos_ < text_.size()) return Error("unexpected " + Describe() + " after the document");
    return value;
  }

 private:
  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek() const { return AtEnd() ? '\0' : text_[pos_]; }

  // Advances one byte, keeping line and column (a column per code point:
  // UTF-8 continuation bytes do not count).
  void Take() {
    const auto c = static_cast<unsigned char>(text_[pos_++]);
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++column_;
    }
  }

  void SkipSpace() {
    while (!AtEnd() && (Peek() == ' ' || Peek() == '\t' || Peek() == '\n' || Peek() == '\r')) {
      Take();
    }
  }

  std::string Describe() const {
    if (AtEnd()) return "end of input";
    const auto c = static_cast<unsigned char>(Peek());
    if (c >= 0x21 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
    char buf[16];
    std::snprintf(buf, sizeof(buf), "byte 0x%02X", c);
    return buf;
  }

  Status Error(const std::string& message) const { return ErrorAt(line_, column_, message); }
  static Status ErrorAt(int line, int column, const std::string& message) {
    return Status::InvalidArgument("line " + std::to_string(line) + ", column " +
                                   std::to_string(column) + ": " + message);
  }

  Status Value(Json* out, int depth) {
    if (depth > kMaxDepth) {
      return Error("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    out->line_ = line_;
    out->column_ = column_;
    const char c = Peek();
    if (c == '{') return Object(out, depth);
    if (c == '[') return Array(out, depth);
    if (c == '"') {
      out->type_ = Json::Type::kString;
      return String(&out->string_);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return Number(out);
    for (const char* word : {"true", "false", "null"}) {
      const std::string_view w(word);
      if (text_.substr(pos_, w.size()) == w) {
        for (size_t i = 0; i < w.size(); ++i) Take();
        if (w == "null") {
          out->type_ = Json::Type::kNull;
        } else {
          out->type_ = Json::Type::kBool;
          out->bool_ = w == "true";
        }
        return Status::OK();
      }
    }
    return Error("expected a value but found " + Describe());
  }

  Status Object(Json* out, int depth) {
    out->type_ = Json::Type::kObject;
    Take();  // '{'
    SkipSpace();
    if (Peek() == '}') {
      Take();
      return Status::OK();
    }
    std::set<std::string, std::less<>> seen;
    for (;;) {
      if (Peek() != '"') return Error("expected a member name in quotes but found " + Describe());
      const int key_line = line_, key_column = column_;
      std::string key;
      RL_RETURN_IF_ERROR(String(&key));
      if (!seen.insert(key).second) {
        return ErrorAt(key_line, key_column, "duplicate member \"" + key + "\"");
      }
      SkipSpace();
      if (Peek() != ':') return Error("expected ':' after the member name but found " + Describe());
      Take();
      SkipSpace();
      Json value;
      RL_RETURN_IF_ERROR(Value(&value, depth + 1));
      out->members_.emplace_back(std::move(key), std::move(value));
      SkipSpace();
      if (Peek() == ',') {
        Take();
        SkipSpace();
        if (Peek() == '}') return Error("trailing ',' before '}'");
        continue;
      }
      if (Peek() == '}') {
        Take();
        return Status::OK();
      }
      return Error("expected ',' or '}' but found " + Describe());
    }
  }

  Status Array(Json* out, int depth) {
    out->type_ = Json::Type::kArray;
    Take();  // '['
    SkipSpace();
    if (Peek() == ']') {
      Take();
      return Status::OK();
    }
    for (;;) {
      Json value;
      RL_RETURN_IF_ERROR(Value(&value, depth + 1));
      out->items_.push_back(std::move(value));
      SkipSpace();
      if (Peek() == ',') {
        Take();
        SkipSpace();
        if (Peek() == ']') return Error("trailing ',' before ']'");
        continue;
      }
      if (Peek() == ']') {
        Take();
        return Status::OK();
      }
      return Error("expected ',' or ']' but found " + Describe());
    }
  }

  // Four hex digits of a \u escape.
  Status Hex4(uint32_t* out) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      const int d = AtEnd() ? -1 : HexDigitValue(Peek());
      if (d < 0) return Error("\\u needs four hex digits but found " + Describe());
      v = (v << 4) | static_cast<uint32_t>(d);
      Take();
    }
    *out = v;
    return Status::OK();
  }

  Status String(std::string* out) {
    const int start_line = line_, start_column = column_;
    Take();  // '"'
    const size_t content_begin = out->size();
    for (;;) {
      if (AtEnd()) return ErrorAt(start_line, start_column, "unterminated string");
      const auto c = static_cast<unsigned char>(Peek());
      if (c == '"') {
        Take();
        break;
      }
      if (c < 0x20) {
        char buf[64];
        std::snprintf(buf, sizeof(buf), "control character 0x%02X in a string; write it as \\u%04X",
                      c, c);
        return Error(buf);
      }
      if (c != '\\') {
        out->push_back(static_cast<char>(c));
        Take();
        continue;
      }
      const int esc_line = line_, esc_column = column_;
      Take();
      const char e = Peek();
      if (AtEnd()) return ErrorAt(start_line, start_column, "unterminated string");
      Take();
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          uint32_t cp;
          RL_RETURN_IF_ERROR(Hex4(&cp));
          if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return ErrorAt(esc_line, esc_column, "lone low surrogate \\u escape");
          }
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (text_.substr(pos_, 2) != "\\u") {
              return ErrorAt(esc_line, esc_column, "high surrogate \\u escape without its pair");
            }
            Take();
            Take();
            uint32_t low;
            RL_RETURN_IF_ERROR(Hex4(&low));
            if (low < 0xDC00 || low > 0xDFFF) {
              return ErrorAt(esc_line, esc_column, "high surrogate \\u escape without its pair");
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          AppendUtf8(out, cp);
          break;
        }
        default:
          return ErrorAt(esc_line, esc_column,
                         std::string("unknown escape \\") + (e >= 0x21 && e < 0x7F ? e : '?'));
      }
    }
    if (!IsValidUtf8(std::string_view(*out).substr(content_begin))) {
      return ErrorAt(start_line, start_column, "string is not valid UTF-8");
    }
    return Status::OK();
  }

  Status Number(Json* out) {
    const size_t begin = pos_;
    bool integral = true;
    if (Peek() == '-') Take();
    if (Peek() == '0') {
      Take();
    } else if (Peek() >= '1' && Peek() <= '9') {
      while (Peek() >= '0' && Peek() <= '9') Take();
    } else {
      return Error("expected a digit but found " + Describe());
    }
    if (Peek() == '.') {
      integral = false;
      Take();
      if (!(Peek() >= '0' && Peek() <= '9')) return Error("expected a digit after '.'");
      while (Peek() >= '0' && Peek() <= '9') Take();
    }
    if (Peek() == 'e' || Peek() == 'E') {
      integral = false;
      Take();
      if (Peek() == '+' || Peek() == '-') Take();
      if (!(Peek() >= '0' && Peek() <= '9')) return Error("expected a digit in the exponent");
      while (Peek() >= '0' && Peek() <= '9') Take();
    }
    const std::string literal(text_.substr(begin, pos_ - begin));
    if (integral) {
      errno = 0;
      char* end = nullptr;
      const long long v = std::strtoll(literal.c_str(), &end, 10);
      if (errno == 0 && end == literal.c_str() + literal.size()) {
        out->type_ = Json::Type::kInt;
        out->int_ = v;
        return Status::OK();
      }
    }
    out->type_ = Json::Type::kDouble;
    out->double_ = std::strtod(literal.c_str(), nullptr);
    return Status::OK();
  }

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

Result<Json> ParseJson(std::string_view text) { return JsonParser(text).Document(); }

}  // namespace regionlab
