#include "filter/filter_registry.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>

#include "filter/column_filters.h"
#include "filter/compare_filters.h"
#include "filter/row_filters.h"
#include "regionlab/bytes.h"

namespace regionlab {

namespace {

// How an argument is shown in a message.
std::string Shown(const FilterArg& a) {
  return a.quoted ? QuoteFilterString(ToStringBinary(a.text)) : "'" + ToStringBinary(a.text) + "'";
}

}  // namespace

// ---------------------------------------------------------------------------
// FilterCall

void FilterCall::Fail(size_t at, std::string message) {
  if (!failed_) {
    error_.position = at;
    error_.message = std::move(message);
  }
  failed_ = true;
}

std::string FilterCall::Ordinal(size_t i) const {
  return "argument " + std::to_string(i + 1) + " of " + std::string(name_);
}

size_t FilterCall::SourcePosition(const FilterArg& a, size_t k) const {
  size_t pos = a.position + 1;
  for (size_t seen = 0; seen < k && pos < source_.size(); ++seen) {
    pos += (source_[pos] == '\'' && pos + 1 < source_.size() && source_[pos + 1] == '\'') ? 2 : 1;
  }
  return pos;
}

bool FilterCall::CountIs(std::initializer_list<size_t> allowed) {
  if (std::find(allowed.begin(), allowed.end(), args_.size()) != allowed.end()) return true;
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

std::optional<std::string> FilterCall::Bytes(size_t i, const char* what) {
  const FilterArg& a = args_[i];
  if (a.quoted) return a.text;
  Fail(a.position,
       Ordinal(i) + " (" + what + ") must be a quoted string such as 'abc', got " + Shown(a));
  return std::nullopt;
}

std::optional<bool> FilterCall::Bool(size_t i, const char* what) {
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

std::optional<int64_t> FilterCall::Integer(size_t i, const char* what, int64_t min, int64_t max) {
  const FilterArg& a = args_[i];
  int64_t v = 0;
  const char* end = a.text.data() + a.text.size();
  const auto r = std::from_chars(a.text.data(), end, v);
  if (a.quoted || a.text.empty() || r.ptr != end) {
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

std::optional<float> FilterCall::Float(size_t i, const char* what) {
  const FilterArg& a = args_[i];
  float v = 0;
  const char* end = a.text.data() + a.text.size();
  const auto r = std::from_chars(a.text.data(), end, v);
  if (a.quoted || a.text.empty() || r.ptr != end || r.ec != std::errc() || !std::isfinite(v)) {
    Fail(a.position, Ordinal(i) + " (" + what + ") must be a number such as 0.25, got " + Shown(a));
    return std::nullopt;
  }
  return v;
}

std::optional<uint64_t> FilterCall::Seed(size_t i) {
  const FilterArg& a = args_[i];
  uint64_t v = 0;
  const char* end = a.text.data() + a.text.size();
  const auto r = std::from_chars(a.text.data(), end, v);
  if (a.quoted || a.text.empty() || r.ptr != end || r.ec != std::errc()) {
    Fail(a.position, Ordinal(i) + " (seed) must be an integer from 0 to " +
                         std::to_string(std::numeric_limits<uint64_t>::max()) + ", got " + Shown(a));
    return std::nullopt;
  }
  return v;
}

std::optional<CompareOperator> FilterCall::Operator(size_t i) {
  const FilterArg& a = args_[i];
  std::optional<CompareOperator> op;
  if (!a.quoted) op = ParseCompareOperator(a.text);
  if (!op) {
    Fail(a.position,
         Ordinal(i) + " must be a compare operator (<, <=, =, !=, >=, >), got " + Shown(a));
  }
  return op;
}

std::shared_ptr<const ByteArrayComparable> FilterCall::Comparator(size_t i, size_t op_index,
                                                                  CompareOperator op) {
  const FilterArg& a = args_[i];
  if (!a.quoted) {
    Fail(a.position,
         Ordinal(i) + " must be a quoted comparator such as 'binary:abc', got " + Shown(a));
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

// ---------------------------------------------------------------------------
// The filters' argument lists (each filter's createFilterFromArguments).

namespace {

constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();
constexpr int64_t kLongMax = std::numeric_limits<int64_t>::max();

// Filters taking one quoted byte string.
template <typename F>
std::unique_ptr<Filter> MakeFromBytes(FilterCall* c, const char* what) {
  if (!c->CountIs({1})) return nullptr;
  auto bytes = c->Bytes(0, what);
  return bytes ? std::make_unique<F>(*bytes) : nullptr;
}

// RowFilter, FamilyFilter, QualifierFilter, ValueFilter: (op, 'comparator').
template <typename F>
std::unique_ptr<Filter> MakeCompare(FilterCall* c) {
  if (!c->CountIs({2})) return nullptr;
  auto op = c->Operator(0);
  if (!op) return nullptr;
  auto comparator = c->Comparator(1, 0, *op);
  return comparator ? std::make_unique<F>(*op, std::move(comparator)) : nullptr;
}

// ('family', 'qualifier', op, 'comparator') at the start of the arguments.
struct ColumnCompare {
  std::string family, qualifier;
  CompareOperator op = CompareOperator::kEqual;
  std::shared_ptr<const ByteArrayComparable> comparator;
};
bool ReadColumnCompare(FilterCall* c, ColumnCompare* out) {
  auto family = c->Bytes(0, "family");
  if (!family) return false;
  auto qualifier = c->Bytes(1, "qualifier");
  if (!qualifier) return false;
  auto op = c->Operator(2);
  if (!op) return false;
  out->comparator = c->Comparator(3, 2, *op);
  if (!out->comparator) return false;
  out->family = std::move(*family);
  out->qualifier = std::move(*qualifier);
  out->op = *op;
  return true;
}

template <typename F>
std::unique_ptr<Filter> MakeSingleColumnValue(FilterCall* c) {
  ColumnCompare cc;
  if (!c->CountIs({4, 6}) || !ReadColumnCompare(c, &cc)) return nullptr;
  bool filter_if_missing = false, latest_version_only = true;
  if (c->size() == 6) {
    auto missing = c->Bool(4, "filterIfMissing");
    auto latest = c->Bool(5, "latestVersionOnly");
    if (!missing || !latest) return nullptr;
    filter_if_missing = *missing;
    latest_version_only = *latest;
  }
  return std::make_unique<F>(cc.family, cc.qualifier, cc.op, std::move(cc.comparator),
                             filter_if_missing, latest_version_only);
}

std::unique_ptr<Filter> MakeKeyOnly(FilterCall* c) {
  if (!c->CountIs({0, 1})) return nullptr;
  bool len_as_value = false;
  if (c->size() == 1) {
    auto b = c->Bool(0, "lenAsVal");
    if (!b) return nullptr;
    len_as_value = *b;
  }
  return std::make_unique<KeyOnlyFilter>(len_as_value);
}

std::unique_ptr<Filter> MakeFirstKeyOnly(FilterCall* c) {
  return c->CountIs({0}) ? std::make_unique<FirstKeyOnlyFilter>() : nullptr;
}

std::unique_ptr<Filter> MakeMultipleColumnPrefix(FilterCall* c) {
  std::vector<std::string> prefixes;
  std::set<std::string> seen;
  for (size_t i = 0; i < c->size(); ++i) {
    auto p = c->Bytes(i, "prefix");
    if (!p) return nullptr;
    if (!seen.insert(*p).second) {
      c->Fail(c->arg(i).position, "prefixes of MultipleColumnPrefixFilter must be distinct: " +
                                      QuoteFilterString(ToStringBinary(*p)) + " is repeated");
      return nullptr;
    }
    prefixes.push_back(std::move(*p));
  }
  return std::make_unique<MultipleColumnPrefixFilter>(prefixes);
}

std::unique_ptr<Filter> MakeColumnCountGet(FilterCall* c) {
  if (!c->CountIs({1})) return nullptr;
  auto n = c->Integer(0, "limit", 0, kIntMax);
  return n ? std::make_unique<ColumnCountGetFilter>(static_cast<int>(*n)) : nullptr;
}

std::unique_ptr<Filter> MakePage(FilterCall* c) {
  if (!c->CountIs({1})) return nullptr;
  auto n = c->Integer(0, "pageSize", 0, kLongMax);
  return n ? std::make_unique<PageFilter>(*n) : nullptr;
}

std::unique_ptr<Filter> MakeColumnPagination(FilterCall* c) {
  if (!c->CountIs({2})) return nullptr;
  auto limit = c->Integer(0, "limit", 0, kIntMax);
  if (!limit) return nullptr;
  if (c->arg(1).quoted) {  // RegionLab extension: a column offset
    return std::make_unique<ColumnPaginationFilter>(static_cast<int>(*limit), c->arg(1).text);
  }
  auto offset = c->Integer(1, "offset", 0, kIntMax);
  if (!offset) return nullptr;
  return std::make_unique<ColumnPaginationFilter>(static_cast<int>(*limit),
                                                  static_cast<int>(*offset));
}

std::unique_ptr<Filter> MakeTimestamps(FilterCall* c) {
  std::vector<int64_t> stamps;
  for (size_t i = 0; i < c->size(); ++i) {
    auto ts = c->Integer(i, "timestamp", 0, kLongMax);
    if (!ts) return nullptr;
    stamps.push_back(*ts);
  }
  return std::make_unique<TimestampsFilter>(stamps);
}

std::unique_ptr<Filter> MakeColumnRange(FilterCall* c) {
  if (!c->CountIs({4})) return nullptr;
  auto min = c->Bytes(0, "minColumn");
  auto min_inclusive = min ? c->Bool(1, "minColumnInclusive") : std::nullopt;
  auto max = min_inclusive ? c->Bytes(2, "maxColumn") : std::nullopt;
  auto max_inclusive = max ? c->Bool(3, "maxColumnInclusive") : std::nullopt;
  if (!max_inclusive) return nullptr;
  // An empty bound is no bound, as in HBase.
  return std::make_unique<ColumnRangeFilter>(
      min->empty() ? std::nullopt : std::optional<std::string>(*min), *min_inclusive,
      max->empty() ? std::nullopt : std::optional<std::string>(*max), *max_inclusive);
}

std::unique_ptr<Filter> MakeDependentColumn(FilterCall* c) {
  if (!c->CountIs({2, 3, 5})) return nullptr;
  auto family = c->Bytes(0, "family");
  auto qualifier = family ? c->Bytes(1, "qualifier") : std::nullopt;
  if (!qualifier) return nullptr;
  bool drop = false;
  if (c->size() >= 3) {
    auto d = c->Bool(2, "dropDependentColumn");
    if (!d) return nullptr;
    drop = *d;
  }
  if (c->size() < 5) return std::make_unique<DependentColumnFilter>(*family, *qualifier, drop);
  auto op = c->Operator(3);
  if (!op) return nullptr;
  auto comparator = c->Comparator(4, 3, *op);
  if (!comparator) return nullptr;
  return std::make_unique<DependentColumnFilter>(*family, *qualifier, drop, *op,
                                                 std::move(comparator));
}

std::unique_ptr<Filter> MakeColumnValue(FilterCall* c) {
  ColumnCompare cc;
  if (!c->CountIs({4}) || !ReadColumnCompare(c, &cc)) return nullptr;
  return std::make_unique<ColumnValueFilter>(cc.family, cc.qualifier, cc.op,
                                             std::move(cc.comparator));
}

std::unique_ptr<Filter> MakeRandomRow(FilterCall* c) {
  if (!c->CountIs({1, 2})) return nullptr;
  auto chance = c->Float(0, "chance");
  if (!chance) return nullptr;
  std::optional<uint64_t> seed;
  if (c->size() == 2) {
    seed = c->Seed(1);
    if (!seed) return nullptr;
  }
  return std::make_unique<RandomRowFilter>(*chance, seed);
}

}  // namespace

const std::vector<FilterSpec>& FilterSpecs() {
  static const std::vector<FilterSpec> specs = {
      {"KeyOnlyFilter", "KeyOnlyFilter([lenAsVal])", false, MakeKeyOnly},
      {"FirstKeyOnlyFilter", "FirstKeyOnlyFilter()", false, MakeFirstKeyOnly},
      {"PrefixFilter", "PrefixFilter('prefix')", false,
       [](FilterCall* c) { return MakeFromBytes<PrefixFilter>(c, "prefix"); }},
      {"ColumnPrefixFilter", "ColumnPrefixFilter('prefix')", false,
       [](FilterCall* c) { return MakeFromBytes<ColumnPrefixFilter>(c, "prefix"); }},
      {"MultipleColumnPrefixFilter", "MultipleColumnPrefixFilter('prefix', ...)", false,
       MakeMultipleColumnPrefix},
      {"ColumnCountGetFilter", "ColumnCountGetFilter(limit)", false, MakeColumnCountGet},
      {"PageFilter", "PageFilter(pageSize)", false, MakePage},
      {"ColumnPaginationFilter", "ColumnPaginationFilter(limit, offset)", false,
       MakeColumnPagination},
      {"InclusiveStopFilter", "InclusiveStopFilter('stopRowKey')", false,
       [](FilterCall* c) { return MakeFromBytes<InclusiveStopFilter>(c, "stopRowKey"); }},
      {"TimestampsFilter", "TimestampsFilter(timestamp, ...)", false, MakeTimestamps},
      {"RowFilter", "RowFilter(op, 'comparator')", false, MakeCompare<RowFilter>},
      {"FamilyFilter", "FamilyFilter(op, 'comparator')", false, MakeCompare<FamilyFilter>},
      {"QualifierFilter", "QualifierFilter(op, 'comparator')", false,
       MakeCompare<QualifierFilter>},
      {"ValueFilter", "ValueFilter(op, 'comparator')", false, MakeCompare<ValueFilter>},
      {"ColumnRangeFilter",
       "ColumnRangeFilter('minColumn', minInclusive, 'maxColumn', maxInclusive)", false,
       MakeColumnRange},
      {"SingleColumnValueFilter",
       "SingleColumnValueFilter('family', 'qualifier', op, 'comparator'[, filterIfMissing, "
       "latestVersionOnly])",
       false, MakeSingleColumnValue<SingleColumnValueFilter>},
      {"SingleColumnValueExcludeFilter",
       "SingleColumnValueExcludeFilter('family', 'qualifier', op, 'comparator'[, "
       "filterIfMissing, latestVersionOnly])",
       false, MakeSingleColumnValue<SingleColumnValueExcludeFilter>},
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
