#include "filter/filter_parser.h"

#include <utility>

#include "filter/filter_list.h"
#include "filter/filter_registry.h"
#include "regionlab/bytes.h"

namespace regionlab {

namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool IsNameChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '$';
}

// Recursive descent over the grammar in filter_parser.h. Every method
// returns null once an error is recorded; the first error wins.
class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  std::unique_ptr<Filter> Parse() {
    SkipSpace();
    if (AtEnd()) return Fail(pos_, true, "the filter string is empty");
    auto f = ParseOr(0);
    if (f == nullptr) return nullptr;
    SkipSpace();
    if (!AtEnd()) {
      if (s_[pos_] == ')') return Fail(pos_, true, "unmatched ')'");
      return Fail(pos_, true, "expected AND, OR or the end of the filter string, got " + Near());
    }
    return f;
  }

  const FilterParseError& error() const { return error_; }
  bool syntax_error() const { return syntax_; }

 private:
  bool AtEnd() const { return pos_ >= s_.size(); }
  void SkipSpace() {
    while (!AtEnd() && IsSpace(s_[pos_])) ++pos_;
  }

  std::unique_ptr<Filter> Fail(size_t at, bool syntax, std::string message) {
    if (!failed_) {
      failed_ = true;
      syntax_ = syntax;
      error_.position = at;
      error_.message = std::move(message);
    }
    return nullptr;
  }

  // What stands at pos_, for messages.
  std::string Near() const {
    if (AtEnd()) return "the end of the filter string";
    size_t end = pos_ + 1;
    while (end < s_.size() && end < pos_ + 20 && IsNameChar(s_[end]) && IsNameChar(s_[pos_])) {
      ++end;
    }
    return "'" + ToStringBinary(s_.substr(pos_, end - pos_)) + "'";
  }

  // A keyword stands alone: after the start, whitespace or a parenthesis,
  // and before whitespace, "(" or the end.
  bool KeywordAt(std::string_view kw) const {
    if (s_.substr(pos_, kw.size()) != kw) return false;
    if (pos_ > 0) {
      const char before = s_[pos_ - 1];
      if (!IsSpace(before) && before != '(' && before != ')') return false;
    }
    const size_t after = pos_ + kw.size();
    return after == s_.size() || IsSpace(s_[after]) || s_[after] == '(';
  }

  std::unique_ptr<Filter> ParseOr(int depth) {
    return ParseList(depth, "OR", FilterList::Operator::kMustPassOne);
  }

  // A chain of one binary operator: its operands are the next tighter level.
  std::unique_ptr<Filter> ParseList(int depth, std::string_view keyword,
                                    FilterList::Operator op) {
    const bool is_or = op == FilterList::Operator::kMustPassOne;
    auto first = is_or ? ParseList(depth, "AND", FilterList::Operator::kMustPassAll)
                       : ParseUnary(depth);
    if (first == nullptr) return nullptr;
    std::vector<std::unique_ptr<Filter>> members;
    members.push_back(std::move(first));
    for (;;) {
      SkipSpace();
      if (AtEnd() || !KeywordAt(keyword)) break;
      const size_t kw_at = pos_;
      pos_ += keyword.size();
      SkipSpace();
      if (AtEnd()) {
        return Fail(pos_, true, "expected a filter after " + std::string(keyword) +
                                    " at position " + std::to_string(kw_at));
      }
      auto next = is_or ? ParseList(depth, "AND", FilterList::Operator::kMustPassAll)
                        : ParseUnary(depth);
      if (next == nullptr) return nullptr;
      members.push_back(std::move(next));
    }
    if (members.size() == 1) return std::move(members[0]);
    return std::make_unique<FilterList>(op, std::move(members));
  }

  std::unique_ptr<Filter> ParseUnary(int depth) {
    SkipSpace();
    const bool skip = KeywordAt("SKIP");
    if (skip || KeywordAt("WHILE")) {
      const size_t kw_at = pos_;
      if (depth >= kMaxFilterNesting) {
        return Fail(pos_, true, "filter nested more than " + std::to_string(kMaxFilterNesting) +
                                    " levels deep");
      }
      pos_ += skip ? 4 : 5;
      SkipSpace();
      if (AtEnd()) {
        return Fail(pos_, true, std::string("expected a filter after ") +
                                    (skip ? "SKIP" : "WHILE") + " at position " +
                                    std::to_string(kw_at));
      }
      auto inner = ParseUnary(depth + 1);
      if (inner == nullptr) return nullptr;
      if (skip) return std::make_unique<SkipFilter>(std::move(inner));
      return std::make_unique<WhileMatchFilter>(std::move(inner));
    }
    return ParsePrimary(depth);
  }

  std::unique_ptr<Filter> ParsePrimary(int depth) {
    SkipSpace();
    if (AtEnd()) {
      return Fail(pos_, true, "expected a filter, '(', SKIP or WHILE at the end of the filter string");
    }
    const char c = s_[pos_];
    if (c == '(') {
      const size_t open = pos_;
      if (depth >= kMaxFilterNesting) {
        return Fail(pos_, true, "filter nested more than " + std::to_string(kMaxFilterNesting) +
                                    " levels deep");
      }
      ++pos_;
      auto inner = ParseOr(depth + 1);
      if (inner == nullptr) return nullptr;
      SkipSpace();
      if (AtEnd() || s_[pos_] != ')') {
        return Fail(pos_, true, "expected ')' to close the '(' at position " +
                                    std::to_string(open) + ", got " + Near());
      }
      ++pos_;
      return inner;
    }
    if (KeywordAt("AND") || KeywordAt("OR")) {
      return Fail(pos_, true, "expected a filter before " + Near());
    }
    if (c == ')') return Fail(pos_, true, "expected a filter before ')'");
    return ParseCall();
  }

  // Name "(" [arg ("," arg)*] ")"
  std::unique_ptr<Filter> ParseCall() {
    const size_t name_at = pos_;
    while (!AtEnd() && IsNameChar(s_[pos_])) ++pos_;
    if (pos_ == name_at) return Fail(pos_, true, "expected a filter name, got " + Near());
    const std::string_view name = s_.substr(name_at, pos_ - name_at);
    const FilterSpec* spec = FindFilterSpec(name);
    if (spec == nullptr) {
      return Fail(name_at, false, "unknown filter name '" + ToStringBinary(name) +
                                      "' (the language knows: " + KnownNames() + ")");
    }
    SkipSpace();
    if (AtEnd() || s_[pos_] != '(') {
      return Fail(pos_, true, "expected '(' after the filter name " + std::string(name) +
                                  ", got " + Near());
    }
    const size_t open = pos_++;
    std::vector<FilterArg> args;
    SkipSpace();
    if (!AtEnd() && s_[pos_] == ')') {
      ++pos_;
    } else {
      for (;;) {
        SkipSpace();
        FilterArg arg;
        if (!ParseArgument(name, &arg)) return nullptr;
        args.push_back(std::move(arg));
        SkipSpace();
        if (AtEnd()) {
          return Fail(pos_, true, "expected ',' or ')' to close the argument list of " +
                                      std::string(name) + " opened at position " +
                                      std::to_string(open) + ", got the end of the filter string");
        }
        if (s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (s_[pos_] == ')') {
          ++pos_;
          break;
        }
        return Fail(pos_, true, "expected ',' or ')' after argument " +
                                    std::to_string(args.size()) + " of " + std::string(name) +
                                    ", got " + Near());
      }
    }
    FilterCall call(s_, name, name_at, args);
    std::unique_ptr<Filter> f = spec->make(&call);
    if (f == nullptr) {
      if (!call.failed()) return Fail(name_at, false, "could not build " + std::string(name));
      return Fail(call.error().position, false, call.error().message);
    }
    return f;
  }

  bool ParseArgument(std::string_view name, FilterArg* arg) {
    arg->position = pos_;
    if (AtEnd()) {
      Fail(pos_, true, "expected an argument of " + std::string(name) +
                           " or ')', got the end of the filter string");
      return false;
    }
    if (s_[pos_] == '\'') {
      arg->quoted = true;
      ++pos_;
      for (;;) {
        if (AtEnd()) {
          Fail(arg->position, true, "unterminated quoted string (a quote inside a string is "
                                    "written twice: 'it''s')");
          return false;
        }
        const char c = s_[pos_];
        if (c == '\'') {
          if (pos_ + 1 < s_.size() && s_[pos_ + 1] == '\'') {
            arg->text.push_back('\'');
            pos_ += 2;
            continue;
          }
          ++pos_;
          return true;
        }
        arg->text.push_back(c);
        ++pos_;
      }
    }
    while (!AtEnd() && !IsSpace(s_[pos_]) && s_[pos_] != ',' && s_[pos_] != ')' &&
           s_[pos_] != '(' && s_[pos_] != '\'') {
      ++pos_;
    }
    if (pos_ == arg->position) {
      Fail(pos_, true, "expected an argument of " + std::string(name) + ", got " + Near());
      return false;
    }
    arg->text.assign(s_.substr(arg->position, pos_ - arg->position));
    return true;
  }

  static std::string KnownNames() {
    std::string out;
    for (const FilterSpec& spec : FilterSpecs()) {
      if (!out.empty()) out += ", ";
      out += spec.name;
    }
    return out;
  }

  std::string_view s_;
  size_t pos_ = 0;
  bool failed_ = false;
  bool syntax_ = true;
  FilterParseError error_;
};

}  // namespace

Result<std::shared_ptr<const Filter>> ParseFilterString(std::string_view text,
                                                        FilterParseError* error) {
  Parser parser(text);
  std::unique_ptr<Filter> f = parser.Parse();
  if (f == nullptr) {
    const FilterParseError& e = parser.error();
    if (error != nullptr) *error = e;
    return Status::InvalidArgument(std::string(parser.syntax_error() ? "filter syntax error"
                                                                     : "filter error") +
                                   " at position " + std::to_string(e.position) + ": " +
                                   e.message);
  }
  return std::shared_ptr<const Filter>(std::move(f));
}

Result<std::shared_ptr<const Filter>> ParseFilterString(std::string_view text) {
  return ParseFilterString(text, nullptr);
}

std::vector<std::string> SupportedFilterNames() {
  std::vector<std::string> names;
  for (const FilterSpec& spec : FilterSpecs()) names.emplace_back(spec.name);
  return names;
}

std::string FilterLanguageHelp() {
  std::string out;
  for (const FilterSpec& spec : FilterSpecs()) {
    out += spec.usage;
    if (spec.extension) out += "  [RegionLab extension]";
    out += "\n";
    if (std::string_view(spec.name) == "ColumnPaginationFilter") {
      out += "ColumnPaginationFilter(limit, 'columnOffset')  [RegionLab extension]\n";
    }
  }
  out +=
      "Operators: SKIP f, WHILE f (tightest), f AND f, f OR f (loosest), parentheses.\n"
      "op: <, <=, =, !=, >=, >. comparator: 'binary:bytes', 'binaryprefix:bytes',\n"
      "'regexstring:pattern', 'substring:text' (the last two with = and != only).\n"
      "A quote inside a string is written twice: 'it''s'.\n";
  return out;
}

}  // namespace regionlab
