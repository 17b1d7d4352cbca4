// Comparators and compare operators of HBase's CompareFilter family
// (ByteArrayComparable, BinaryComparator, BinaryPrefixComparator,
// RegexStringComparator, SubstringComparator; CompareOperator).
//
// A comparator compares ITS operand to a cell's bytes: CompareTo(bytes) is
// negative when the operand sorts before the bytes. A filter built with
// operator `op` keeps a cell when "cell-bytes op operand" holds, which is
// HBase's rule: ShouldFilterOut(op, CompareTo(bytes)) says when it does not.
// So RowFilter(<, 'binary:r5') keeps rows sorting before "r5".
//
// The regex and substring comparators answer 0 (match) or 1 (no match); only
// = and != make sense with them, and the parser refuses the other four.
//
// Differences from HBase, all in the text comparators:
//  * regexstring: RegionLab's own engine (filter/regex.h), Java syntax
//    without back-references, lookaround and \p{..} classes (refused with a
//    message); lazy and possessive quantifiers match as greedy ones.
//  * substring: case-insensitive for ASCII letters only (Java lower-cases all
//    of Unicode).
//
// Thread-safety: comparators are immutable; share them freely.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "filter/regex.h"
#include "regionlab/status.h"

namespace regionlab {

// HBase's CompareOperator; kNoOp passes nothing (DependentColumnFilter uses
// it for "no value check").
enum class CompareOperator : uint8_t {
  kLess,
  kLessOrEqual,
  kEqual,
  kNotEqual,
  kGreaterOrEqual,
  kGreater,
  kNoOp,
};

// "<", "<=", "=", "!=", ">=", ">"; "NO_OP" for kNoOp.
const char* CompareOperatorSymbol(CompareOperator op);
// The filter language's symbols; nullopt for anything else.
std::optional<CompareOperator> ParseCompareOperator(std::string_view symbol);
// True for <, <=, >, >= (the operators a regex or substring cannot use).
bool IsOrderingOperator(CompareOperator op);

// HBase's CompareFilter.compare: true when a cell whose comparison gave
// `compare_result` (comparator operand vs. cell bytes) is filtered OUT.
bool ShouldFilterOut(CompareOperator op, int compare_result);

class ByteArrayComparable {
 public:
  enum class Type : uint8_t { kBinary, kBinaryPrefix, kRegexString, kSubstring };

  virtual ~ByteArrayComparable() = default;
  virtual Type type() const = 0;
  // The operand as written after the "type:" prefix.
  const std::string& operand() const { return operand_; }
  // Negative, zero or positive: the operand compared to `bytes`.
  virtual int CompareTo(std::string_view bytes) const = 0;
  // False for the regex and substring comparators.
  bool SupportsOrdering() const {
    return type() == Type::kBinary || type() == Type::kBinaryPrefix;
  }
  // "binary:abc" -- the form the filter language takes (unquoted).
  std::string ToString() const;

 protected:
  explicit ByteArrayComparable(std::string operand) : operand_(std::move(operand)) {}

 private:
  std::string operand_;
};

// "binary", "binaryprefix", "regexstring", "substring".
const char* ComparatorTypeName(ByteArrayComparable::Type type);

// Bytes.compareTo(operand, bytes): unsigned lexicographic.
class BinaryComparator final : public ByteArrayComparable {
 public:
  explicit BinaryComparator(std::string operand) : ByteArrayComparable(std::move(operand)) {}
  Type type() const override { return Type::kBinary; }
  int CompareTo(std::string_view bytes) const override;
};

// Compares the operand with the first operand-length bytes of the cell bytes
// (all of them when shorter).
class BinaryPrefixComparator final : public ByteArrayComparable {
 public:
  explicit BinaryPrefixComparator(std::string operand)
      : ByteArrayComparable(std::move(operand)) {}
  Type type() const override { return Type::kBinaryPrefix; }
  int CompareTo(std::string_view bytes) const override;
};

// 0 when the pattern is found anywhere in the bytes (Java's Matcher.find()),
// 1 otherwise. Compiled with DOTALL, as HBase does.
class RegexStringComparator final : public ByteArrayComparable {
 public:
  // InvalidArgument naming the problem and its offset in the pattern (also
  // stored in *error_offset when given).
  static Result<std::shared_ptr<const RegexStringComparator>> Create(
      std::string pattern, size_t* error_offset = nullptr);
  Type type() const override { return Type::kRegexString; }
  int CompareTo(std::string_view bytes) const override;

 private:
  RegexStringComparator(std::string pattern, Regex regex)
      : ByteArrayComparable(std::move(pattern)), regex_(std::move(regex)) {}
  Regex regex_;
};

// 0 when the cell bytes contain the operand, ignoring ASCII case; 1 otherwise.
class SubstringComparator final : public ByteArrayComparable {
 public:
  explicit SubstringComparator(std::string operand);
  Type type() const override { return Type::kSubstring; }
  int CompareTo(std::string_view bytes) const override;

 private:
  std::string lowered_;
};

// Builds a comparator from its filter-language form "type:operand" (the part
// inside the quotes). On error, *error_offset (when given) is the offset in
// `text` the message is about.
Result<std::shared_ptr<const ByteArrayComparable>> ParseComparator(std::string_view text,
                                                                   size_t* error_offset = nullptr);

}  // namespace regionlab
