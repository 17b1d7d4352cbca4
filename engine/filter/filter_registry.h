// The table of filters the language knows (HBase's ParseFilter.filterHashMap
// plus RegionLab's extensions): each name with its argument list and the
// function that checks the arguments and builds the filter.
// Internal to engine/filter (used by filter_parser.cc).
//
// Thread-safety: the table is immutable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filter/comparator.h"
#include "filter/filter.h"
#include "filter/filter_parser.h"

namespace regionlab {

// One argument as written: quoted text (quotes removed, '' unescaped) or a
// bare token.
struct FilterArg {
  std::string text;
  bool quoted = false;
  size_t position = 0;  // offset of its first character (the quote, when quoted)
};

// One filter call being built: its arguments, with checked conversions that
// record the first problem (and where in the filter string it is).
class FilterCall {
 public:
  // `source` is the whole filter string, `name_position` where the name starts.
  FilterCall(std::string_view source, std::string_view name, size_t name_position,
             const std::vector<FilterArg>& args)
      : source_(source), name_(name), name_position_(name_position), args_(args) {}

  size_t size() const { return args_.size(); }
  const FilterArg& arg(size_t i) const { return args_[i]; }
  bool failed() const { return failed_; }
  const FilterParseError& error() const { return error_; }

  // Each returns nullopt / null / false after recording an error.
  bool CountIs(std::initializer_list<size_t> allowed);
  std::optional<std::string> Bytes(size_t i, const char* what);  // 'quoted'
  std::optional<bool> Bool(size_t i, const char* what);           // true / false, any case
  // An integer in [min, max], as HBase's ParseFilter reads numbers.
  std::optional<int64_t> Integer(size_t i, const char* what, int64_t min, int64_t max);
  std::optional<float> Float(size_t i, const char* what);
  std::optional<uint64_t> Seed(size_t i);
  std::optional<CompareOperator> Operator(size_t i);
  // The comparator at `i`, refused when it cannot order and the operator
  // (at `op_index`) is an ordering one.
  std::shared_ptr<const ByteArrayComparable> Comparator(size_t i, size_t op_index,
                                                        CompareOperator op);

  void Fail(size_t at, std::string message);

 private:
  std::string Ordinal(size_t i) const;
  // The offset in the source of byte `k` of a quoted argument's text.
  size_t SourcePosition(const FilterArg& a, size_t k) const;

  std::string_view source_;
  std::string_view name_;
  size_t name_position_;
  const std::vector<FilterArg>& args_;
  bool failed_ = false;
  FilterParseError error_;
};

// Builds the filter, or returns null with call->error() set.
using FilterFactory = std::unique_ptr<Filter> (*)(FilterCall* call);

struct FilterSpec {
  const char* name;
  const char* usage;  // "PrefixFilter('prefix')"
  bool extension;     // a RegionLab extension, not in HBase's language
  FilterFactory make;
};

// In HBase's registration order, extensions last.
const std::vector<FilterSpec>& FilterSpecs();
// Null for an unknown name (names are case-sensitive, as in HBase).
const FilterSpec* FindFilterSpec(std::string_view name);

}  // namespace regionlab
