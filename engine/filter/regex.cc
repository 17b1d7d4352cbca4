#include "filter/regex.h"

#include <algorithm>
#include <utility>

#include "filter/regex_internal.h"

namespace regionlab {

namespace regex_internal {

bool IsLineTerminator(uint32_t cp, bool unix_lines) {
  if (unix_lines) return cp == '\n';
  return cp == '\n' || cp == '\r' || cp == 0x85 || cp == 0x2028 || cp == 0x2029;
}

bool IsWordChar(uint32_t cp) {
  return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') ||
         cp == '_';
}

}  // namespace regex_internal

using namespace regex_internal;

namespace {

// A set of program counters with O(1) insert, lookup and clear.
class PcSet {
 public:
  explicit PcSet(size_t n) : sparse_(n), dense_(n) {}
  bool Contains(uint32_t pc) const {
    const uint32_t i = sparse_[pc];
    return i < size_ && dense_[i] == pc;
  }
  void Insert(uint32_t pc) {
    sparse_[pc] = static_cast<uint32_t>(size_);
    dense_[size_++] = pc;
  }
  void Clear() { size_ = 0; }
  size_t size() const { return size_; }
  uint32_t at(size_t i) const { return dense_[i]; }

 private:
  std::vector<uint32_t> sparse_, dense_;
  size_t size_ = 0;
};

bool AssertionHolds(uint8_t assertion, std::string_view text, size_t pos, uint32_t prev) {
  const bool unix_lines = (assertion & kUnixLinesBit) != 0;
  uint32_t cur = kNoCodePoint;
  size_t cur_len = 0;
  if (pos < text.size()) {
    const Utf8Char c = DecodeUtf8(text, pos);
    cur = c.code_point;
    cur_len = c.length;
  }
  switch (assertion & ~kUnixLinesBit) {
    case kBeginText:
      return pos == 0;
    case kEndText:
      return pos == text.size();
    case kEndTextOptTerm: {
      if (pos == text.size()) return true;
      if (!IsLineTerminator(cur, unix_lines)) return false;
      if (pos + cur_len == text.size()) return true;
      return !unix_lines && cur == '\r' && pos + 2 == text.size() && text[pos + 1] == '\n';
    }
    case kBeginLine:
      if (pos == 0) return true;
      if (pos == text.size() || !IsLineTerminator(prev, unix_lines)) return false;
      return !(prev == '\r' && cur == '\n' && !unix_lines);
    case kEndLine:
      if (pos == text.size()) return true;
      if (!IsLineTerminator(cur, unix_lines)) return false;
      return !(prev == '\r' && cur == '\n' && !unix_lines);
    case kWordBoundary:
    case kNotWordBoundary: {
      const bool boundary = (prev != kNoCodePoint && IsWordChar(prev)) !=
                            (cur != kNoCodePoint && IsWordChar(cur));
      return (assertion & ~kUnixLinesBit) == kWordBoundary ? boundary : !boundary;
    }
    default:
      return false;
  }
}

bool RangesMatch(const Regex::Inst& inst, uint32_t cp) {
  auto it = std::upper_bound(inst.ranges.begin(), inst.ranges.end(),
                             std::make_pair(cp, kNoCodePoint));
  const bool in = it != inst.ranges.begin() && std::prev(it)->second >= cp;
  return in != inst.negated;
}

}  // namespace

bool Regex::Search(std::string_view text) const {
  using Op = Inst::Op;
  const size_t n = program_.size();
  PcSet current(n), next(n);
  std::vector<uint32_t> stack;
  // Follows the non-consuming instructions from `start` at `pos`, adding
  // every reached pc to *set. True once kMatch is reached.
  const auto add = [&](PcSet* set, uint32_t start, size_t pos, uint32_t prev) {
    stack.clear();
    stack.push_back(start);
    while (!stack.empty()) {
      const uint32_t pc = stack.back();
      stack.pop_back();
      if (set->Contains(pc)) continue;
      set->Insert(pc);
      const Inst& inst = program_[pc];
      switch (inst.op) {
        case Op::kJump: stack.push_back(inst.x); break;
        case Op::kSplit:
          stack.push_back(inst.y);
          stack.push_back(inst.x);
          break;
        case Op::kAssert:
          if (AssertionHolds(inst.assertion, text, pos, prev)) stack.push_back(pc + 1);
          break;
        case Op::kMatch: return true;
        case Op::kRanges:
        case Op::kAny: break;
      }
    }
    return false;
  };

  size_t pos = 0;
  uint32_t prev = kNoCodePoint;
  for (;;) {
    if (add(&current, 0, pos, prev)) return true;  // a match may start at every position
    if (pos >= text.size()) return false;
    const Utf8Char ch = DecodeUtf8(text, pos);  // malformed: U+FFFD, one byte
    const uint32_t cp = ch.code_point;
    const size_t len = ch.length;
    next.Clear();
    for (size_t k = 0; k < current.size(); ++k) {
      const uint32_t pc = current.at(k);
      const Inst& inst = program_[pc];
      const bool step = inst.op == Op::kAny || (inst.op == Op::kRanges && RangesMatch(inst, cp));
      if (step && add(&next, pc + 1, pos + len, cp)) return true;
    }
    std::swap(current, next);
    prev = cp;
    pos += len;
  }
}

}  // namespace regionlab

