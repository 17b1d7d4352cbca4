#include "filter/comparator.h"

#include <algorithm>

namespace regionlab {

namespace {

char AsciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

}  // namespace

const char* CompareOperatorSymbol(CompareOperator op) {
  switch (op) {
    case CompareOperator::kLess: return "<";
    case CompareOperator::kLessOrEqual: return "<=";
    case CompareOperator::kEqual: return "=";
    case CompareOperator::kNotEqual: return "!=";
    case CompareOperator::kGreaterOrEqual: return ">=";
    case CompareOperator::kGreater: return ">";
    case CompareOperator::kNoOp: return "NO_OP";
  }
  return "?";
}

std::optional<CompareOperator> ParseCompareOperator(std::string_view symbol) {
  if (symbol == "<") return CompareOperator::kLess;
  if (symbol == "<=") return CompareOperator::kLessOrEqual;
  if (symbol == "=") return CompareOperator::kEqual;
  if (symbol == "!=") return CompareOperator::kNotEqual;
  if (symbol == ">=") return CompareOperator::kGreaterOrEqual;
  if (symbol == ">") return CompareOperator::kGreater;
  return std::nullopt;
}

bool IsOrderingOperator(CompareOperator op) {
  return op == CompareOperator::kLess || op == CompareOperator::kLessOrEqual ||
         op == CompareOperator::kGreaterOrEqual || op == CompareOperator::kGreater;
}

bool ShouldFilterOut(CompareOperator op, int r) {
  switch (op) {
    case CompareOperator::kLess: return r <= 0;
    case CompareOperator::kLessOrEqual: return r < 0;
    case CompareOperator::kEqual: return r != 0;
    case CompareOperator::kNotEqual: return r == 0;
    case CompareOperator::kGreaterOrEqual: return r > 0;
    case CompareOperator::kGreater: return r >= 0;
    case CompareOperator::kNoOp: return true;
  }
  return true;
}

const char* ComparatorTypeName(ByteArrayComparable::Type type) {
  switch (type) {
    case ByteArrayComparable::Type::kBinary: return "binary";
    case ByteArrayComparable::Type::kBinaryPrefix: return "binaryprefix";
    case ByteArrayComparable::Type::kRegexString: return "regexstring";
    case ByteArrayComparable::Type::kSubstring: return "substring";
  }
  return "?";
}

std::string ByteArrayComparable::ToString() const {
  return std::string(ComparatorTypeName(type())) + ":" + operand_;
}

int BinaryComparator::CompareTo(std::string_view bytes) const {
  return std::string_view(operand()).compare(bytes);
}

int BinaryPrefixComparator::CompareTo(std::string_view bytes) const {
  return std::string_view(operand()).compare(bytes.substr(0, operand().size()));
}

Result<std::shared_ptr<const RegexStringComparator>> RegexStringComparator::Create(
    std::string pattern, size_t* error_offset) {
  auto regex = Regex::Compile(pattern, Regex::Options(), error_offset);
  if (!regex.ok()) return regex.status();
  return std::shared_ptr<const RegexStringComparator>(
      new RegexStringComparator(std::move(pattern), std::move(*regex)));
}

int RegexStringComparator::CompareTo(std::string_view bytes) const {
  return regex_.Search(bytes) ? 0 : 1;
}

SubstringComparator::SubstringComparator(std::string operand)
    : ByteArrayComparable(std::move(operand)) {
  lowered_ = this->operand();
  std::transform(lowered_.begin(), lowered_.end(), lowered_.begin(), AsciiLower);
}

int SubstringComparator::CompareTo(std::string_view bytes) const {
  const auto it = std::search(bytes.begin(), bytes.end(), lowered_.begin(), lowered_.end(),
                              [](char a, char b) { return AsciiLower(a) == b; });
  return it != bytes.end() || lowered_.empty() ? 0 : 1;
}

Result<std::shared_ptr<const ByteArrayComparable>> ParseComparator(std::string_view text,
                                                                   size_t* error_offset) {
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    if (error_offset != nullptr) *error_offset = 0;
    return Status::InvalidArgument(
        "comparator '" + std::string(text) +
        "' has no type: expected binary:, binaryprefix:, regexstring: or substring:");
  }
  const std::string_view type = text.substr(0, colon);
  std::string operand(text.substr(colon + 1));
  if (type == "binary") {
    return std::shared_ptr<const ByteArrayComparable>(
        std::make_shared<BinaryComparator>(std::move(operand)));
  }
  if (type == "binaryprefix") {
    return std::shared_ptr<const ByteArrayComparable>(
        std::make_shared<BinaryPrefixComparator>(std::move(operand)));
  }
  if (type == "substring") {
    return std::shared_ptr<const ByteArrayComparable>(
        std::make_shared<SubstringComparator>(std::move(operand)));
  }
  if (type == "regexstring") {
    size_t offset = 0;
    auto made = RegexStringComparator::Create(std::move(operand), &offset);
    if (!made.ok()) {
      if (error_offset != nullptr) *error_offset = colon + 1 + offset;
      return Status::InvalidArgument("invalid regexstring: " + made.status().message());
    }
    return std::shared_ptr<const ByteArrayComparable>(*made);
  }
  if (error_offset != nullptr) *error_offset = 0;
  return Status::InvalidArgument("unknown comparator type '" + std::string(type) +
                                 "': expected binary, binaryprefix, regexstring or substring");
}

}  // namespace regionlab
