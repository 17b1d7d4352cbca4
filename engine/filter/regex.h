// Regex: the regular-expression engine behind the filter language's
// `regexstring:` comparator (HBase's RegexStringComparator, which uses
// java.util.regex with DOTALL and Matcher.find()).
//
// Syntax: Java's, over Unicode code points (pattern and text are decoded as
// UTF-8, as HBase decodes both; a malformed byte reads as U+FFFD):
//   literals, `.`, `[...]` / `[^...]` with ranges and escapes, `\d \D \w \W
//   \s \S \h \H \v \V`, `\t \n \r \f \a \e \0oct \xhh \x{h..} \uhhhh \cX`,
//   `\Q...\E`, anchors `^ $ \A \z \Z \b \B`, groups `(...)`, `(?:...)`,
//   `(?<name>...)`, alternation `|`, quantifiers `* + ? {n} {n,} {n,m}`
//   (a trailing `?` or `+` is accepted; both match as greedy), and the
//   inline flags `(?imsdu-imsdu)` / `(?i:...)`: i = ASCII case-insensitive,
//   m = MULTILINE, s = DOTALL (on by default), d = UNIX_LINES, u ignored.
// Refused with an error: back-references, lookaround, atomic groups, \p{..}
// classes, class unions/intersections, (?x) comments mode.
//
// Matching is a Thompson-NFA simulation (a "Pike VM" without captures): time
// is linear in the text for a given pattern, nothing recurses on the text, and
// the compiled program is capped (kMaxProgramSize) so counted repetitions
// cannot blow up. Search() is const and keeps its state on the stack, so one
// Regex may be used from several threads at once.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"

namespace regionlab {

class Regex {
 public:
  // Instructions in a compiled program; a pattern never compiles to more.
  static constexpr size_t kMaxProgramSize = 20000;
  // Groups and quantifiers nest at most this deep.
  static constexpr int kMaxNesting = 200;

  struct Options {
    bool dotall = true;  // `.` matches line terminators (HBase sets DOTALL)
    bool case_insensitive = false;
    bool multiline = false;
  };

  // InvalidArgument "... at offset N of the pattern" on a bad pattern; when
  // error_offset is given it receives N (a byte offset into `pattern`).
  static Result<Regex> Compile(std::string_view pattern, Options options,
                               size_t* error_offset = nullptr);
  static Result<Regex> Compile(std::string_view pattern) { return Compile(pattern, Options()); }

  // True when the pattern matches somewhere in `text` (Matcher.find()).
  bool Search(std::string_view text) const;

  size_t program_size() const { return program_.size(); }

  // One instruction of the compiled program (public for the compiler in
  // regex.cc; not part of the interface).
  struct Inst {
    enum class Op : uint8_t { kRanges, kAny, kSplit, kJump, kAssert, kMatch };
    Op op = Op::kMatch;
    bool negated = false;   // kRanges: match code points outside the ranges
    uint8_t assertion = 0;  // kAssert: an AssertKind (regex.cc), | 0x80 under UNIX_LINES
    uint32_t x = 0, y = 0;  // kSplit: both targets; kJump: x
    std::vector<std::pair<uint32_t, uint32_t>> ranges;  // kRanges: sorted, disjoint, inclusive
  };

 private:
  Regex() = default;
  friend class RegexCompiler;

  std::vector<Inst> program_;
};

}  // namespace regionlab
