// The regex compiler: parses a pattern (Java syntax, see regex.h) into a
// small syntax tree, then emits the program Regex::Search runs.
#include <algorithm>
#include <utility>

#include "filter/regex.h"
#include "filter/regex_internal.h"

namespace regionlab {

using namespace regex_internal;

namespace {

using Ranges = std::vector<std::pair<uint32_t, uint32_t>>;

void Normalize(Ranges* r) {
  std::sort(r->begin(), r->end());
  Ranges out;
  for (const auto& x : *r) {
    if (!out.empty() && x.first <= out.back().second + 1) {
      out.back().second = std::max(out.back().second, x.second);
    } else {
      out.push_back(x);
    }
  }
  *r = std::move(out);
}

Ranges Complement(Ranges r) {
  Normalize(&r);
  Ranges out;
  uint32_t next = 0;
  for (const auto& x : r) {
    if (x.first > next) out.push_back({next, x.first - 1});
    next = x.second + 1;
  }
  if (next <= kMaxCodePoint) out.push_back({next, kMaxCodePoint});
  return out;
}

// Adds the other ASCII case of every letter in `r`.
void AddAsciiCase(Ranges* r) {
  const size_t n = r->size();
  for (size_t i = 0; i < n; ++i) {
    const auto [lo, hi] = (*r)[i];
    const uint32_t a = std::max<uint32_t>(lo, 'a'), b = std::min<uint32_t>(hi, 'z');
    if (a <= b) r->push_back({a - 32, b - 32});
    const uint32_t c = std::max<uint32_t>(lo, 'A'), d = std::min<uint32_t>(hi, 'Z');
    if (c <= d) r->push_back({c + 32, d + 32});
  }
  Normalize(r);
}

}  // namespace

// Parses a pattern into a small syntax tree, then emits the program.
class RegexCompiler {
 public:
  struct Flags {
    bool i = false, s = true, m = false, d = false;
  };

  RegexCompiler(std::string_view pattern, Flags flags) : p_(pattern), base_flags_(flags) {}

  Status Run(Regex* out, size_t* error_offset) {
    Flags flags = base_flags_;
    const int root = ParseAlternation(&flags, 0);
    if (ok() && pos_ < p_.size()) Fail(pos_, "unmatched ')'");
    if (ok()) {
      std::vector<Regex::Inst>& prog = out->program_;
      Emit(root, &prog);
      if (overflow_) {
        Fail(0, "regular expression too large (more than " +
                    std::to_string(Regex::kMaxProgramSize) + " instructions)");
      } else {
        prog.emplace_back().op = Regex::Inst::Op::kMatch;
      }
    }
    if (ok()) return Status::OK();
    if (error_offset != nullptr) *error_offset = error_pos_;
    return Status::InvalidArgument(error_ + " at offset " + std::to_string(error_pos_) +
                                   " of the pattern");
  }

 private:
  enum class Kind : uint8_t { kEmpty, kRanges, kAny, kConcat, kAlt, kRepeat, kAssert };
  struct Node {
    Kind kind = Kind::kEmpty;
    bool negated = false;
    uint8_t assertion = 0;
    int min = 0, max = 0;  // kRepeat; max < 0 = unbounded
    Ranges ranges;
    std::vector<int> children;
    int depth = 1;
  };

  bool ok() const { return error_.empty(); }
  int Fail(size_t at, std::string msg) {
    if (ok()) {
      error_ = std::move(msg);
      error_pos_ = at;
    }
    return -1;
  }
  bool AtEnd() const { return pos_ >= p_.size(); }
  char Peek(size_t ahead = 0) const { return pos_ + ahead < p_.size() ? p_[pos_ + ahead] : '\0'; }
  uint32_t NextCodePoint() {
    const Utf8Char c = DecodeUtf8(p_, pos_);
    pos_ += c.length;
    return c.code_point;
  }

  int Add(Node n) {
    for (int c : n.children) n.depth = std::max(n.depth, nodes_[c].depth + 1);
    // Each group level adds up to three nodes (group body, alternation, concatenation).
    if (n.depth > 4 * Regex::kMaxNesting) return Fail(pos_, "pattern nested too deeply");
    nodes_.push_back(std::move(n));
    return static_cast<int>(nodes_.size()) - 1;
  }
  int AddRanges(Ranges r, bool negated, const Flags& f) {
    if (f.i) AddAsciiCase(&r);
    Normalize(&r);
    Node n;
    n.kind = Kind::kRanges;
    n.ranges = std::move(r);
    n.negated = negated;
    return Add(std::move(n));
  }
  int AddLiteral(uint32_t cp, const Flags& f) { return AddRanges({{cp, cp}}, false, f); }
  int AddAssert(uint8_t kind, const Flags& f) {
    Node n;
    n.kind = Kind::kAssert;
    n.assertion = static_cast<uint8_t>(kind | (f.d ? kUnixLinesBit : 0));
    return Add(std::move(n));
  }
  int AddList(Kind kind, std::vector<int> children) {
    if (children.size() == 1) return children[0];
    Node n;
    n.kind = children.empty() ? Kind::kEmpty : kind;
    n.children = std::move(children);
    return Add(std::move(n));
  }

  int ParseAlternation(Flags* flags, int depth) {
    if (depth > Regex::kMaxNesting) return Fail(pos_, "pattern nested too deeply");
    std::vector<int> alts;
    alts.push_back(ParseConcat(flags, depth));
    while (ok() && Peek() == '|') {
      ++pos_;
      alts.push_back(ParseConcat(flags, depth));
    }
    return ok() ? AddList(Kind::kAlt, std::move(alts)) : -1;
  }

  int ParseConcat(Flags* flags, int depth) {
    std::vector<int> items;
    while (ok() && !AtEnd() && Peek() != '|' && Peek() != ')') {
      const size_t start = pos_;
      int atom = ParseAtom(flags, depth);
      if (!ok()) return -1;
      if (atom == kNoAtom) continue;  // an inline flag group
      while (ok() && !AtEnd() && (Peek() == '*' || Peek() == '+' || Peek() == '?' || Peek() == '{')) {
        atom = ParseQuantifier(atom, start);
      }
      if (!ok()) return -1;
      items.push_back(atom);
    }
    return ok() ? AddList(Kind::kConcat, std::move(items)) : -1;
  }

  int ParseQuantifier(int atom, size_t atom_start) {
    const size_t at = pos_;
    int min = 0, max = -1;
    const char c = p_[pos_++];
    if (c == '+') {
      min = 1;
    } else if (c == '?') {
      max = 1;
    } else if (c == '{') {
      const auto number = [&](int* v) {
        if (!(Peek() >= '0' && Peek() <= '9')) return false;
        int64_t x = 0;
        while (Peek() >= '0' && Peek() <= '9') {
          x = std::min<int64_t>(x * 10 + (p_[pos_++] - '0'), 1 << 30);
        }
        *v = static_cast<int>(x);
        return true;
      };
      if (!number(&min)) return Fail(at, "illegal repetition");
      max = min;
      if (Peek() == ',') {
        ++pos_;
        max = -1;
        if (Peek() != '}' && !number(&max)) return Fail(at, "illegal repetition");
      }
      if (Peek() != '}') return Fail(at, "unclosed counted repetition");
      ++pos_;
      if (max >= 0 && max < min) return Fail(at, "illegal repetition range");
    }
    if (Peek() == '?' || Peek() == '+') ++pos_;  // lazy / possessive: matched as greedy
    Node n;
    n.kind = Kind::kRepeat;
    n.min = min;
    n.max = max;
    n.children = {atom};
    return Add(std::move(n));
  }

  static constexpr int kNoAtom = -2;

  int ParseAtom(Flags* flags, int depth) {
    const size_t at = pos_;
    const char c = Peek();
    switch (c) {
      case '(':
        return ParseGroup(flags, depth);
      case '[':
        return ParseClass(*flags);
      case '.':
        ++pos_;
        if (flags->s) {
          Node n;
          n.kind = Kind::kAny;
          return Add(std::move(n));
        }
        return AddRanges(flags->d ? Ranges{{'\n', '\n'}}
                                  : Ranges{{'\n', '\n'}, {'\r', '\r'}, {0x85, 0x85},
                                           {0x2028, 0x2029}},
                         true, Flags());
      case '^':
        ++pos_;
        return AddAssert(flags->m ? kBeginLine : kBeginText, *flags);
      case '$':
        ++pos_;
        return AddAssert(flags->m ? kEndLine : kEndTextOptTerm, *flags);
      case '\\':
        return ParseEscape(*flags);
      case '*':
      case '+':
      case '?':
        return Fail(at, std::string("dangling meta character '") + c + "'");
      case '{':
        return Fail(at, "illegal repetition");
      default:
        return AddLiteral(NextCodePoint(), *flags);
    }
  }

  int ParseGroup(Flags* flags, int depth) {
    const size_t open = pos_++;
    Flags inner = *flags;
    if (Peek() == '?') {
      ++pos_;
      const char k = Peek();
      if (k == ':') {
        ++pos_;
      } else if (k == '=' || k == '!' || (k == '<' && (Peek(1) == '=' || Peek(1) == '!'))) {
        return Fail(open, "lookaround groups are not supported");
      } else if (k == '>') {
        return Fail(open, "atomic groups are not supported");
      } else if (k == '<') {
        ++pos_;
        while (!AtEnd() && Peek() != '>') ++pos_;
        if (AtEnd()) return Fail(open, "unclosed group name");
        ++pos_;
      } else {
        // Inline flags: (?flags) or (?flags:...)
        bool on = true;
        Flags* target = &inner;
        for (;;) {
          if (AtEnd()) return Fail(open, "unclosed group");
          const char f = p_[pos_++];
          if (f == ')') {
            *flags = inner;  // (?flags) changes the rest of the enclosing group
            return kNoAtom;
          }
          if (f == ':') break;
          if (f == '-') {
            on = false;
          } else if (f == 'i') {
            target->i = on;
          } else if (f == 's') {
            target->s = on;
          } else if (f == 'm') {
            target->m = on;
          } else if (f == 'd') {
            target->d = on;
          } else if (f == 'u' || f == 'U') {
            // Unicode case folding / character classes: ASCII rules still apply.
          } else if (f == 'x') {
            return Fail(pos_ - 1, "comments mode (?x) is not supported");
          } else {
            return Fail(pos_ - 1, std::string("unknown inline flag '") + f + "'");
          }
        }
      }
    }
    const int body = ParseAlternation(&inner, depth + 1);
    if (!ok()) return -1;
    if (Peek() != ')') return Fail(open, "unclosed group");
    ++pos_;
    return body;
  }

  // A class escape (\d \w \s \h \v and negations) into *r; false if `e` is not one.
  static bool ClassEscape(char e, Ranges* r) {
    Ranges base;
    switch (e | 0x20) {
      case 'd': base = {{'0', '9'}}; break;
      case 'w': base = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}; break;
      case 's': base = {{'\t', '\r'}, {' ', ' '}}; break;
      case 'h':
        base = {{'\t', '\t'}, {' ', ' '}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x180E, 0x180E},
                {0x2000, 0x200A}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}};
        break;
      case 'v': base = {{'\n', '\r'}, {0x85, 0x85}, {0x2028, 0x2029}}; break;
      default: return false;
    }
    const bool upper = e >= 'A' && e <= 'Z';
    const Ranges add = upper ? Complement(base) : base;
    r->insert(r->end(), add.begin(), add.end());
    return true;
  }

  // A literal escape (after the backslash) into *cp; false with an error set
  // when it is not a valid literal escape.
  bool LiteralEscape(size_t at, uint32_t* cp) {
    if (AtEnd()) {
      Fail(at, "pattern ends with a backslash");
      return false;
    }
    const char e = Peek();
    const auto hex = [&](size_t n, uint32_t* v) {
      *v = 0;
      for (size_t k = 0; k < n; ++k) {
        const int h = HexDigitValue(Peek());
        if (h < 0) return false;
        *v = *v * 16 + static_cast<uint32_t>(h);
        ++pos_;
      }
      return true;
    };
    switch (e) {
      case 't': ++pos_; *cp = '\t'; return true;
      case 'n': ++pos_; *cp = '\n'; return true;
      case 'r': ++pos_; *cp = '\r'; return true;
      case 'f': ++pos_; *cp = '\f'; return true;
      case 'a': ++pos_; *cp = 0x07; return true;
      case 'e': ++pos_; *cp = 0x1B; return true;
      case '0': {
        ++pos_;
        uint32_t v = 0;
        int digits = 0;
        while (digits < 3 && Peek() >= '0' && Peek() <= '7' && v * 8 + (Peek() - '0') <= 0377) {
          v = v * 8 + static_cast<uint32_t>(p_[pos_++] - '0');
          ++digits;
        }
        if (digits == 0) return Fail(at, "illegal octal escape"), false;
        *cp = v;
        return true;
      }
      case 'x': {
        ++pos_;
        if (Peek() == '{') {
          ++pos_;
          uint32_t v = 0;
          int digits = 0;
          while (HexDigitValue(Peek()) >= 0) {
            v = std::min<uint32_t>(v * 16 + static_cast<uint32_t>(HexDigitValue(p_[pos_++])),
                                   kMaxCodePoint + 1);
            ++digits;
          }
          if (digits == 0 || Peek() != '}' || v > kMaxCodePoint) {
            return Fail(at, "illegal hexadecimal escape"), false;
          }
          ++pos_;
          *cp = v;
          return true;
        }
        if (!hex(2, cp)) return Fail(at, "illegal hexadecimal escape"), false;
        return true;
      }
      case 'u':
        ++pos_;
        if (!hex(4, cp)) return Fail(at, "illegal Unicode escape"), false;
        return true;
      case 'c':
        ++pos_;
        if (AtEnd()) return Fail(at, "illegal control escape"), false;
        *cp = static_cast<uint8_t>(p_[pos_++]) ^ 64;
        return true;
      default:
        break;
    }
    if ((e >= '1' && e <= '9') || e == 'k') {
      return Fail(at, "back-references are not supported"), false;
    }
    if (e == 'p' || e == 'P') {
      return Fail(at, "Unicode property classes (\\p, \\P) are not supported"), false;
    }
    const bool alnum = (e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9');
    if (alnum) return Fail(at, std::string("illegal or unsupported escape sequence \\") + e), false;
    *cp = NextCodePoint();
    return true;
  }

  int ParseEscape(const Flags& f) {
    const size_t at = pos_++;
    const char e = Peek();
    Ranges r;
    if (ClassEscape(e, &r)) {
      ++pos_;
      return AddRanges(std::move(r), false, Flags());
    }
    switch (e) {
      case 'b': ++pos_; return AddAssert(kWordBoundary, f);
      case 'B': ++pos_; return AddAssert(kNotWordBoundary, f);
      case 'A': ++pos_; return AddAssert(kBeginText, f);
      case 'z': ++pos_; return AddAssert(kEndText, f);
      case 'Z': ++pos_; return AddAssert(kEndTextOptTerm, f);
      case 'G': return Fail(at, "\\G is not supported");
      case 'Q': {
        ++pos_;
        std::vector<int> lits;
        while (!AtEnd() && !(Peek() == '\\' && Peek(1) == 'E')) {
          lits.push_back(AddLiteral(NextCodePoint(), f));
          if (!ok()) return -1;
        }
        if (!AtEnd()) pos_ += 2;
        return AddList(Kind::kConcat, std::move(lits));
      }
      default:
        break;
    }
    uint32_t cp;
    if (!LiteralEscape(at, &cp)) return -1;
    return AddLiteral(cp, f);
  }

  int ParseClass(const Flags& f) {
    const size_t open = pos_++;
    bool negated = false;
    if (Peek() == '^') {
      negated = true;
      ++pos_;
    }
    Ranges r;
    bool first = true;
    for (;;) {
      if (AtEnd()) return Fail(open, "unclosed character class");
      const size_t item = pos_;
      const char c = Peek();
      if (c == ']' && !first) {
        ++pos_;
        break;
      }
      first = false;
      if (c == '[') return Fail(item, "nested character classes are not supported");
      if (c == '&' && Peek(1) == '&') {
        return Fail(item, "character class intersections are not supported");
      }
      uint32_t lo;
      if (c == '\\') {
        ++pos_;
        if (ClassEscape(Peek(), &r)) {
          ++pos_;
          continue;
        }
        if (Peek() == 'Q' || Peek() == 'b' || Peek() == 'B') {
          return Fail(item, "this escape is not supported in a character class");
        }
        if (!LiteralEscape(item, &lo)) return -1;
      } else {
        lo = NextCodePoint();
      }
      uint32_t hi = lo;
      if (Peek() == '-' && Peek(1) != ']' && pos_ + 1 < p_.size()) {
        ++pos_;
        const size_t end_at = pos_;
        if (Peek() == '\\') {
          ++pos_;
          if (!LiteralEscape(end_at, &hi)) return -1;
        } else if (Peek() == '[') {
          return Fail(end_at, "nested character classes are not supported");
        } else {
          hi = NextCodePoint();
        }
        if (hi < lo) return Fail(item, "illegal character range");
      }
      r.push_back({lo, hi});
    }
    return AddRanges(std::move(r), negated, f);
  }

  // Code generation.
  size_t Push(std::vector<Regex::Inst>* prog, Regex::Inst::Op op) {
    if (prog->size() >= Regex::kMaxProgramSize) {
      overflow_ = true;
      return 0;
    }
    prog->emplace_back().op = op;
    return prog->size() - 1;
  }

  void Emit(int id, std::vector<Regex::Inst>* prog) {
    using Op = Regex::Inst::Op;
    if (overflow_) return;
    const Node& n = nodes_[id];
    switch (n.kind) {
      case Kind::kEmpty:
        return;
      case Kind::kRanges: {
        const size_t pc = Push(prog, Op::kRanges);
        if (overflow_) return;
        (*prog)[pc].ranges = n.ranges;
        (*prog)[pc].negated = n.negated;
        return;
      }
      case Kind::kAny:
        Push(prog, Op::kAny);
        return;
      case Kind::kAssert: {
        const size_t pc = Push(prog, Op::kAssert);
        if (!overflow_) (*prog)[pc].assertion = n.assertion;
        return;
      }
      case Kind::kConcat:
        for (int c : n.children) Emit(c, prog);
        return;
      case Kind::kAlt: {
        std::vector<size_t> exits;
        for (size_t k = 0; k < n.children.size() && !overflow_; ++k) {
          const bool last = k + 1 == n.children.size();
          const size_t split = last ? 0 : Push(prog, Op::kSplit);
          Emit(n.children[k], prog);
          if (last || overflow_) break;
          exits.push_back(Push(prog, Op::kJump));
          if (overflow_) return;
          (*prog)[split].x = static_cast<uint32_t>(split + 1);
          (*prog)[split].y = static_cast<uint32_t>(prog->size());
        }
        if (overflow_) return;
        for (size_t j : exits) (*prog)[j].x = static_cast<uint32_t>(prog->size());
        return;
      }
      case Kind::kRepeat: {
        const int child = n.children[0];
        for (int k = 0; k < n.min && !overflow_; ++k) Emit(child, prog);
        if (n.max < 0) {
          const size_t split = Push(prog, Op::kSplit);
          Emit(child, prog);
          const size_t jump = Push(prog, Op::kJump);
          if (overflow_) return;
          (*prog)[jump].x = static_cast<uint32_t>(split);
          (*prog)[split].x = static_cast<uint32_t>(split + 1);
          (*prog)[split].y = static_cast<uint32_t>(prog->size());
          return;
        }
        std::vector<size_t> splits;
        for (int k = n.min; k < n.max && !overflow_; ++k) {
          splits.push_back(Push(prog, Op::kSplit));
          Emit(child, prog);
        }
        if (overflow_) return;
        for (size_t s : splits) {
          (*prog)[s].x = static_cast<uint32_t>(s + 1);
          (*prog)[s].y = static_cast<uint32_t>(prog->size());
        }
        return;
      }
    }
  }

  std::string_view p_;
  size_t pos_ = 0;
  Flags base_flags_;
  std::vector<Node> nodes_;
  std::string error_;
  size_t error_pos_ = 0;
  bool overflow_ = false;
};

Result<Regex> Regex::Compile(std::string_view pattern, Options options, size_t* error_offset) {
  RegexCompiler::Flags flags;
  flags.i = options.case_insensitive;
  flags.s = options.dotall;
  flags.m = options.multiline;
  Regex regex;
  RegexCompiler compiler(pattern, flags);
  RL_RETURN_IF_ERROR(compiler.Run(&regex, error_offset));
  return regex;
}

}  // namespace regionlab
