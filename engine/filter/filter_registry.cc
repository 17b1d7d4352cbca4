#include "filter/filter_registry.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

#include "filter/column_filters.h"
#include "filter/compare_filters.h"
#include "filter/row_filters.h"
#include "regionlab/bytes.h"

namespace regionlab {

namespace {

// Checks and converts the arguments of one filter call, recording the first
// problem (with its position) in *error.
class Args {
 public:
  Args(std::string_view source, size_t name_position, const std::vector<FilterArg>& args,
       std::string_view name, FilterParseError* error)
      : source_(source), name_position_(name_position), args_(args), name_(name), error_(error) {}

  size_t size() const { return args_.size(); }

  // False (with an error) unless the count is one of `allowed`.
  bool CountIs(std::initializer_list<size_t> allowed) {
    for (size_t n : allowed) {
      if (args_.size() == n) return true;
    }
    std::string expected;
    size_t k = 0;
    for (size_t n : allowed) {
      if (k > 0) expected += k + 1 == allowed.size() ? " or " : ", ";
      expected += std::to_string(n);
      ++k;
    }
    // Point at the first argument too many, or at the name when too few.
    const size_t most = std::max(allowed);
    const size_t at = args_.size() > most ? args_[most].position : name_position_;
    Fail(at, std::string(name_) + " expects " + expected + " argument" +
                 (expected == "1" ? "" : "s") + ", got " + std::to_string(args_.size()));
    return false;
  }

  std::optional<std::string> Bytes(size_t i, const char* what) {
    const FilterArg& a = args_[i];
    if (!a.quoted) {
      Fail(a.position, Ordinal(i) + " (" + what + ") must be a quoted string such as 'abc', got " +
                           Shown(a));
      return std::nullopt;
    }
    return a.text;
  }

  std::optional<bool> Bool(size_t i, const char* what) {
    const FilterArg& a = args_[i];
    if (!a.quoted) {
      std::string lower = a.text;
      for (char& c : lower) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
      if (lower == "true") return true;
      if (lower == "false") return false;
    }
    Fail(a.position, Ordinal(i) + " (" + what + ") must be true or false, got " + Shown(a));
    return std::nullopt;
  }

  // An integer in [min, max], written as HBase's ParseFilter reads numbers.
  std::optional<int64_t> Integer(size_t i, const char* what, int64_t min, int64_t max) {
    const FilterArg& a = args_[i];
    int64_t v = 0;
    const char* begin = a.text.data();
    const char* end = begin + a.text.size();
    const auto r = std::from_chars(begin, end, v);
    if (a.quoted || a.text.empty() || r.ptr != end || a.text[0] == '+') {
      Fail(a.position, Ordinal(i) + " (" + what + ") must be an integer, got " + Shown(a));
      return std::nullopt;
    }
    if (r.ec == std::errc::result_out_of_range || v > max) {
      Fail(a.position, Ordinal(i) + " (" + what + ") is too large: " + a.text);
      return std::nullopt;
    }
    if (v < min) {
      Fail(a.position, Ordinal(i) + " (" + what + ") must be at least " + std::to_string(min) +
                           ", got " + a.text);
      return std::nullopt;
    }
    return v;
  }

  std::optional<CompareOperator> Operator(size_t i) {
    const FilterArg& a = args_[i];
    std::optional<CompareOperator> op;
    if (!a.quoted) op = ParseCompareOperator(a.text);
    if (!op) {
      Fail(a.position, Ordinal(i) + " must be a compare operator (<, <=, =, !=, >=, >), got " +
                           Shown(a));
    }
    return op;
  }

  // The comparator at `i`, used with the operator at `op_index`.
  ComparatorPtr Comparator(size_t i, size_t op_index, CompareOperator op) {
    const FilterArg& a = args_[i];
    if (!a.quoted) {
      Fail(a.position, Ordinal(i) + " must be a quoted comparator such as 'binary:abc', got " +
                           Shown(a));
      return nullptr;
    }
    size_t offset = 0;
    auto c = ParseComparator(a.text, &offset);
    if (!c.ok()) {
      Fail(SourcePosition(a, offset), c.status().message());
      return nullptr;
    }
    if (!(*c)->SupportsOrdering() && IsOrderingOperator(op)) {
      Fail(args_[op_index].position,
           std::string("a ") + ComparatorTypeName((*c)->type()) +
               " comparator can only be used with = or != (EQUAL, NOT_EQUAL), not " +
               CompareOperatorSymbol(op));
      return nullptr;
    }
    return *c;
  }

  std::optional<float> Float(size_t i, const char* what) {
    const FilterArg& a = args_[i];
    float v = 0;
    const char* begin = a.text.data();
    const char* end = begin + a.text.size();
    const auto r = std::from_chars(begin, end, v);
    if (a.quoted || a.text.empty() || r.ptr != end || r.ec != std::errc() || !std::isfinite(v)) {
      Fail(a.position, Ordinal(i) + " (" + what + ") must be a number such as 0.25, got " +
                           Shown(a));
      return std::nullopt;
    }
    return v;
  }

  std::optional<uint64_t> Seed(size_t i) {
    const FilterArg& a = args_[i];
    uint64_t v = 0;
    const char* begin = a.text.data();
    const char* end = begin + a.text.size();
    const auto r = std::from_chars(begin, end, v);
    if (a.quoted || a.text.empty() || r.ptr != end || r.ec != std::errc()) {
      Fail(a.position, Ordinal(i) + " (seed) must be an integer from 0 to " +
                           std::to_string(std::numeric_limits<uint64_t>::max()) + ", got " +
                           Shown(a));
      return std::nullopt;
    }
    return v;
  }

  void Fail(size_t at, std::string message) {
    if (error_ != nullptr && !failed_) {
      error_->position = at;
      error_->message = std::move(message);
    }
    failed_ = true;
  }

  const FilterArg& arg(size_t i) const { return args_[i]; }

 private:
  std::string Ordinal(size_t i) const {
    return "argument " + std::to_string(i + 1) + " of " + std::string(name_);
  }
  static std::string Shown(const FilterArg& a) {
    return a.quoted ? QuoteFilterString(ToStringBinary(a.text)) : "'" + ToStringBinary(a.text) + "'";
  }
  // The offset in the source of byte `k` of a quoted argument's text.
  size_t SourcePosition(const FilterArg& a, size_t k) const {
    size_t pos = a.position + 1;
    for (size_t seen = 0; seen < k && pos < source_.size(); ++seen) {
      pos += (source_[pos] == '\'' && pos + 1 < source_.size() && source_[pos + 1] == '\'') ? 2 : 1;
    }
    return pos;
  }

  std::string_view source_;
  size_t name_position_;
  const std::vector<FilterArg>& args_;
  std::string_view name_;
  FilterParseError* error_;
  bool failed_ = false;
};

constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();
constexpr int64_t kLongMax = std::numeric_limits<int64_t>::max();

#define RL_ARGS(name) Args a(src, name_pos, args, name, err)

std::unique_ptr<Filter> MakeKeyOnly(std::string_view src, size_t name_pos,
                                    const std::vector<FilterArg>& args, FilterParseError* err) {
  RL_ARGS("KeyOnlyFilter");
  if (!a.CountIs({0, 1})) return nullptr;
  bool len_as_value = false;
  if (a.size() == 1) {
    auto b = a.Bool(0, "lenAsVal");
    if (!b) return nullptr;
    len_as_value = *b;
  }
  return std::make_unique<KeyOnlyFilter>(len_as_value);
}

std::unique_ptr<Filter> MakeFirstKeyOnly(std::string_view src, size_t name_pos,
                                         const std::vector<FilterArg>& args,
                                         FilterParseError* err) {
  RL_ARGS("FirstKeyOnlyFilter");
  if (!a.CountIs({0})) return nullptr;
  return std::make_unique<FirstKeyOnlyFilter>();
}

std::unique_ptr<Filter> MakePrefix(std::string_view src, size_t name_pos,
                                   const std::vector<FilterArg>& args, FilterParseError* err) {
  RL_ARGS("PrefixFilter");
  if (!a.CountIs({1})) return nullptr;
  auto p = a.Bytes(0, "prefix");
  return p ? std::make_unique<PrefixFilter>(*p) : nullptr;
}

std::unique_ptr<Filter> MakeColumnPrefix(std::string_view src, size_t name_pos,
                                         const std::vector<FilterArg>& args,
                                         FilterParseError* err) {
  RL_ARGS("ColumnPrefixFilter");
  if (!a.CountIs({1})) return nullptr;
  auto p = a.Bytes(0, "prefix");
  return p ? std::make_unique<ColumnPrefixFilter>(*p) : nullptr;
}

std::unique_ptr<Filter> MakeMultipleColumnPrefix(std::string_view src, size_t name_pos,
                                                 const std::vector<FilterArg>& args,
                                                 FilterParseError* err) {
  RL_ARGS("MultipleColumnPrefixFilter");
  std::vector<std::string> prefixes;
  std::set<std::string> seen;
  for (size_t i = 0; i < a.size(); ++i) {
    auto p = a.Bytes(i, "prefix");
    if (!p) return nullptr;
    if (!seen.insert(*p).second) {
      a.Fail(a.arg(i).position, "prefixes of MultipleColumnPrefixFilter must be distinct: " +
                                    QuoteFilterString(ToStringBinary(*p)) + " is repeated");
      return nullptr;
    }
    prefixes.push_back(std::move(*p));
  }
  return std::make_unique<MultipleColumnPrefixFilter>(prefixes);
}

std::unique_ptr<Filter> MakeColumnCountGet(std::string_view src, size_t name_pos,
                                           const std::vector<FilterArg>& args,
                                           FilterParseError* err) {
  RL_ARGS("ColumnCountGetFilter");
  if (!a.CountIs({1})) return nullptr;
  auto n = a.Integer(0, "limit", 0, kIntMax);
  return n ? std::make_unique<ColumnCountGetFilter>(static_cast<int>(*n)) : nullptr;
}

std::unique_ptr<Filter> MakePage(std::string_view src, size_t name_pos,
                                 const std::vector<FilterArg>& args, FilterParseError* err) {
  RL_ARGS("PageFilter");
  if (!a.CountIs({1})) return nullptr;
  auto n = a.Integer(0, "pageSize", 0, kLongMax);
  return n ? std::make_unique<PageFilter>(*n) : nullptr;
}

std::unique_ptr<Filter> MakeColumnPagination(std::string_view src, size_t name_pos,
                                             const std::vector<FilterArg>& args,
                                             FilterParseError* err) {
  RL_ARGS("ColumnPaginationFilter");
  if (!a.CountIs({2})) return nullptr;
  auto limit = a.Integer(0, "limit", 0, kIntMax);
  if (!limit) return nullptr;
  if (a.arg(1).quoted) {  // RegionLab extension: a column offset
    return std::make_unique<ColumnPaginationFilter>(static_cast<int>(*limit), a.arg(1).text);
  }
  auto offset = a.Integer(1, "offset", 0, kIntMax);
  if (!offset) return nullptr;
  return std::make_unique<ColumnPaginationFilter>(static_cast<int>(*limit),
                                                  static_cast<int>(*offset));
}

std::unique_ptr<Filter> MakeInclusiveStop(std::string_view src, size_t name_pos,
                                          const std::vector<FilterArg>& args,
                                          FilterParseError* err) {
  RL_ARGS("InclusiveStopFilter");
  if (!a.CountIs({1})) return nullptr;
  auto row = a.Bytes(0, "stopRowKey");
  return row ? std::make_unique<InclusiveStopFilter>(*row) : nullptr;
}

std::unique_ptr<Filter> MakeTimestamps(std::string_view src, size_t name_pos,
                                       const std::vector<FilterArg>& args,
                                       FilterParseError* err) {
  RL_ARGS("TimestampsFilter");
  std::vector<int64_t> stamps;
  for (size_t i = 0; i < a.size(); ++i) {
    auto ts = a.Integer(i, "timestamp", 0, kLongMax);
    if (!ts) return nullptr;
    stamps.push_back(*ts);
  }
  return std::make_unique<TimestampsFilter>(stamps);
}

// RowFilter, FamilyFilter, QualifierFilter, ValueFilter: (op, 'comparator').
template <typename F>
std::unique_ptr<Filter> MakeCompare(const char* name, std::string_view src, size_t name_pos,
                                    const std::vector<FilterArg>& args, FilterParseError* err) {
  RL_ARGS(name);
  if (!a.CountIs({2})) return nullptr;
  auto op = a.Operator(0);
  if (!op) return nullptr;
  auto c = a.Comparator(1, 0, *op);
  return c ? std::make_unique<F>(*op, std::move(c)) : nullptr;
}

std::unique_ptr<Filter> MakeRow(std::string_view s, size_t p, const std::vector<FilterArg>& a,
                                FilterParseError* e) {
  return MakeCompare<RowFilter>("RowFilter", s, p, a, e);
}
std::unique_ptr<Filter> MakeFamily(std::string_view s, size_t p, const std::vector<FilterArg>& a,
                                   FilterParseError* e) {
  return MakeCompare<FamilyFilter>("FamilyFilter", s, p, a, e);
}
std::unique_ptr<Filter> MakeQualifier(std::string_view s, size_t p,
                                      const std::vector<FilterArg>& a, FilterParseError* e) {
  return MakeCompare<QualifierFilter>("QualifierFilter", s, p, a, e);
}
std::unique_ptr<Filter> MakeValue(std::string_view s, size_t p, const std::vector<FilterArg>& a,
                                  FilterParseError* e) {
  return MakeCompare<ValueFilter>("ValueFilter", s, p, a, e);
}

std::unique_ptr<Filter> MakeColumnRange(std::string_view src, size_t name_pos,
                                        const std::vector<FilterArg>& args,
                                        FilterParseError* err) {
  RL_ARGS("ColumnRangeFilter");
  if (!a.CountIs({4})) return nullptr;
  auto min = a.Bytes(0, "minColumn");
  if (!min) return nullptr;
  auto min_inclusive = a.Bool(1, "minColumnInclusive");
  if (!min_inclusive) return nullptr;
  auto max = a.Bytes(2, "maxColumn");
  if (!max) return nullptr;
  auto max_inclusive = a.Bool(3, "maxColumnInclusive");
  if (!max_inclusive) return nullptr;
  // An empty bound is no bound, as in HBase.
  return std::make_unique<ColumnRangeFilter>(
      min->empty() ? std::nullopt : std::optional<std::string>(*min), *min_inclusive,
      max->empty() ? std::nullopt : std::optional<std::string>(*max), *max_inclusive);
}

template <typename F>
std::unique_ptr<Filter> MakeSingleColumnValue(const char* name, std::string_view src,
                                              size_t name_pos, const std::vector<FilterArg>& args,
                                              FilterParseError* err) {
  RL_ARGS(name);
  if (!a.CountIs({4, 6})) return nullptr;
  auto family = a.Bytes(0, "family");
  if (!family) return nullptr;
  auto qualifier = a.Bytes(1, "qualifier");
  if (!qualifier) return nullptr;
  auto op = a.Operator(2);
  if (!op) return nullptr;
  auto c = a.Comparator(3, 2, *op);
  if (!c) return nullptr;
  bool filter_if_missing = false, latest_version_only = true;
  if (a.size() == 6) {
    auto m = a.Bool(4, "filterIfMissing");
    if (!m) return nullptr;
    auto l = a.Bool(5, "latestVersionOnly");
    if (!l) return nullptr;
    filter_if_missing = *m;
    latest_version_only = *l;
  }
  return std::make_unique<F>(*family, *qualifier, *op, std::move(c), filter_if_missing,
                             latest_version_only);
}

std::unique_ptr<Filter> MakeScv(std::string_view s, size_t p, const std::vector<FilterArg>& a,
                                FilterParseError* e) {
  return MakeSingleColumnValue<SingleColumnValueFilter>("SingleColumnValueFilter", s, p, a, e);
}
std::unique_ptr<Filter> MakeScve(std::string_view s, size_t p, const std::vector<FilterArg>& a,
                                 FilterParseError* e) {
  return MakeSingleColumnValue<SingleColumnValueExcludeFilter>("SingleColumnValueExcludeFilter",
                                                               s, p, a, e);
}

std::unique_ptr<Filter> MakeDependentColumn(std::string_view src, size_t name_pos,
                                            const std::vector<FilterArg>& args,
                                            FilterParseError* err) {
  RL_ARGS("DependentColumnFilter");
  if (!a.CountIs({2, 3, 5})) return nullptr;
  auto family = a.Bytes(0, "family");
  if (!family) return nullptr;
  auto qualifier = a.Bytes(1, "qualifier");
  if (!qualifier) return nullptr;
  bool drop = false;
  if (a.size() >= 3) {
    auto d = a.Bool(2, "dropDependentColumn");
    if (!d) return nullptr;
    drop = *d;
  }
  if (a.size() < 5) return std::make_unique<DependentColumnFilter>(*family, *qualifier, drop);
  auto op = a.Operator(3);
  if (!op) return nullptr;
  auto c = a.Comparator(4, 3, *op);
  if (!c) return nullptr;
  return std::make_unique<DependentColumnFilter>(*family, *qualifier, drop, *op, std::move(c));
}

std::unique_ptr<Filter> MakeColumnValue(std::string_view src, size_t name_pos,
                                        const std::vector<FilterArg>& args,
                                        FilterParseError* err) {
  RL_ARGS("ColumnValueFilter");
  if (!a.CountIs({4})) return nullptr;
  auto family = a.Bytes(0, "family");
  if (!family) return nullptr;
  auto qualifier = a.Bytes(1, "qualifier");
  if (!qualifier) return nullptr;
  auto op = a.Operator(2);
  if (!op) return nullptr;
  auto c = a.Comparator(3, 2, *op);
  if (!c) return nullptr;
  return std::make_unique<ColumnValueFilter>(*family, *qualifier, *op, std::move(c));
}

std::unique_ptr<Filter> MakeRandomRow(std::string_view src, size_t name_pos,
                                      const std::vector<FilterArg>& args, FilterParseError* err) {
  RL_ARGS("RandomRowFilter");
  if (!a.CountIs({1, 2})) return nullptr;
  auto chance = a.Float(0, "chance");
  if (!chance) return nullptr;
  std::optional<uint64_t> seed;
  if (a.size() == 2) {
    seed = a.Seed(1);
    if (!seed) return nullptr;
  }
  return std::make_unique<RandomRowFilter>(*chance, seed);
}

#undef RL_ARGS

}  // namespace

const std::vector<FilterSpec>& FilterSpecs() {
  static const std::vector<FilterSpec> specs = {
      {"KeyOnlyFilter", "KeyOnlyFilter([lenAsVal])", false, MakeKeyOnly},
      {"FirstKeyOnlyFilter", "FirstKeyOnlyFilter()", false, MakeFirstKeyOnly},
      {"PrefixFilter", "PrefixFilter('prefix')", false, MakePrefix},
      {"ColumnPrefixFilter", "ColumnPrefixFilter('prefix')", false, MakeColumnPrefix},
      {"MultipleColumnPrefixFilter", "MultipleColumnPrefixFilter('prefix', ...)", false,
       MakeMultipleColumnPrefix},
      {"ColumnCountGetFilter", "ColumnCountGetFilter(limit)", false, MakeColumnCountGet},
      {"PageFilter", "PageFilter(pageSize)", false, MakePage},
      {"ColumnPaginationFilter", "ColumnPaginationFilter(limit, offset)", false,
       MakeColumnPagination},
      {"InclusiveStopFilter", "InclusiveStopFilter('stopRowKey')", false, MakeInclusiveStop},
      {"TimestampsFilter", "TimestampsFilter(timestamp, ...)", false, MakeTimestamps},
      {"RowFilter", "RowFilter(op, 'comparator')", false, MakeRow},
      {"FamilyFilter", "FamilyFilter(op, 'comparator')", false, MakeFamily},
      {"QualifierFilter", "QualifierFilter(op, 'comparator')", false, MakeQualifier},
      {"ValueFilter", "ValueFilter(op, 'comparator')", false, MakeValue},
      {"ColumnRangeFilter", "ColumnRangeFilter('minColumn', minInclusive, 'maxColumn', maxInclusive)",
       false, MakeColumnRange},
      {"SingleColumnValueFilter",
       "SingleColumnValueFilter('family', 'qualifier', op, 'comparator'[, filterIfMissing, "
       "latestVersionOnly])",
       false, MakeScv},
      {"SingleColumnValueExcludeFilter",
       "SingleColumnValueExcludeFilter('family', 'qualifier', op, 'comparator'[, "
       "filterIfMissing, latestVersionOnly])",
       false, MakeScve},
      {"DependentColumnFilter",
       "DependentColumnFilter('family', 'qualifier'[, dropDependentColumn[, op, 'comparator']])",
       false, MakeDependentColumn},
      {"ColumnValueFilter", "ColumnValueFilter('family', 'qualifier', op, 'comparator')", false,
       MakeColumnValue},
      {"RandomRowFilter", "RandomRowFilter(chance[, seed])", true, MakeRandomRow},
  };
  return specs;
}

const FilterSpec* FindFilterSpec(std::string_view name) {
  for (const FilterSpec& s : FilterSpecs()) {
    if (name == s.name) return &s;
  }
  return nullptr;
}

}  // namespace regionlab
