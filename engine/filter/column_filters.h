// Filters that select columns within a row: ColumnPrefixFilter,
// MultipleColumnPrefixFilter, ColumnRangeFilter, ColumnCountGetFilter,
// ColumnPaginationFilter and TimestampsFilter, with HBase's semantics.
//
// The column filters answer NEXT_ROW once no later column of the row can
// match; in HBase (and here) that ends the row in the current family only,
// so the next family's columns are still offered to the filter.
//
// Thread-safety: as Filter (filter/filter.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "filter/filter.h"

namespace regionlab {

// ColumnPrefixFilter('prefix'): columns whose qualifier starts with the
// prefix; seeks to the prefix, and leaves the row once past it.
class ColumnPrefixFilter final : public Filter {
 public:
  explicit ColumnPrefixFilter(std::string prefix) : prefix_(std::move(prefix)) {}
  std::string Name() const override { return "ColumnPrefixFilter"; }
  bool FilterRowKey(std::string_view row) override { return false; }
  ReturnCode FilterCell(const CellView& cell) override;
  std::optional<CellHint> GetNextCellHint(const CellView& cell) const override;
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<ColumnPrefixFilter>(*this);
  }
  std::string ToString() const override {
    return "ColumnPrefixFilter(" + QuoteFilterString(prefix_) + ")";
  }

 private:
  std::string prefix_;
};

// MultipleColumnPrefixFilter('p1', 'p2', ...): columns starting with any of
// the prefixes. Differs from HBase for overlapping prefixes: HBase only
// tries the largest prefix sorting at or before the qualifier, so with 'a'
// and 'ab' it drops column 'ac'; RegionLab keeps it, as documented.
class MultipleColumnPrefixFilter final : public Filter {
 public:
  explicit MultipleColumnPrefixFilter(const std::vector<std::string>& prefixes)
      : prefixes_(prefixes.begin(), prefixes.end()) {}
  std::string Name() const override { return "MultipleColumnPrefixFilter"; }
  bool FilterRowKey(std::string_view row) override { return false; }
  ReturnCode FilterCell(const CellView& cell) override;
  std::optional<CellHint> GetNextCellHint(const CellView& cell) const override;
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<MultipleColumnPrefixFilter>(
        std::vector<std::string>(prefixes_.begin(), prefixes_.end()));
  }
  std::string ToString() const override;

 private:
  std::set<std::string> prefixes_;  // sorted as bytes
  std::string hint_;                // the prefix to seek to after kSeekNextUsingHint
};

// ColumnRangeFilter('min', minInclusive, 'max', maxInclusive): qualifiers
// between min and max; an empty bound is unbounded.
class ColumnRangeFilter final : public Filter {
 public:
  ColumnRangeFilter(std::optional<std::string> min, bool min_inclusive,
                    std::optional<std::string> max, bool max_inclusive)
      : min_(std::move(min)),
        min_inclusive_(min_inclusive),
        max_(std::move(max)),
        max_inclusive_(max_inclusive) {}
  std::string Name() const override { return "ColumnRangeFilter"; }
  bool FilterRowKey(std::string_view row) override { return false; }
  ReturnCode FilterCell(const CellView& cell) override;
  std::optional<CellHint> GetNextCellHint(const CellView& cell) const override;
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<ColumnRangeFilter>(*this);
  }
  std::string ToString() const override;

 private:
  std::optional<std::string> min_;
  bool min_inclusive_;
  std::optional<std::string> max_;
  bool max_inclusive_;
};

// ColumnCountGetFilter(limit): the first `limit` columns (newest version)
// of a row. Meant for Get: once a row has more columns, FilterAllRemaining()
// turns true and the scan ends, as in HBase.
class ColumnCountGetFilter final : public Filter {
 public:
  explicit ColumnCountGetFilter(int limit) : limit_(limit) {}
  std::string Name() const override { return "ColumnCountGetFilter"; }
  void Reset() override { count_ = 0; }
  bool FilterAllRemaining() const override { return count_ > limit_; }
  ReturnCode FilterCell(const CellView& cell) override;
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<ColumnCountGetFilter>(limit_);
  }
  std::string ToString() const override {
    return "ColumnCountGetFilter(" + std::to_string(limit_) + ")";
  }

 private:
  int limit_;
  int count_ = 0;
};

// ColumnPaginationFilter(limit, offset): per row, skips `offset` columns and
// returns the next `limit` (newest version each), counting across families.
// ColumnPaginationFilter(limit, 'qualifier') starts at a qualifier instead:
// HBase has that form in its API only; RegionLab's filter language accepts it
// too (an extension, so that ToString() always parses back).
class ColumnPaginationFilter final : public Filter {
 public:
  ColumnPaginationFilter(int limit, int offset) : limit_(limit), offset_(offset) {}
  ColumnPaginationFilter(int limit, std::string column_offset)
      : limit_(limit), column_offset_(std::move(column_offset)) {}
  std::string Name() const override { return "ColumnPaginationFilter"; }
  void Reset() override { count_ = 0; }
  ReturnCode FilterCell(const CellView& cell) override;
  std::optional<CellHint> GetNextCellHint(const CellView& cell) const override;
  std::unique_ptr<Filter> Clone() const override;
  std::string ToString() const override;

 private:
  int limit_;
  int offset_ = -1;
  std::optional<std::string> column_offset_;
  int count_ = 0;
};

// TimestampsFilter(ts, ...): only versions with one of the timestamps.
class TimestampsFilter final : public Filter {
 public:
  explicit TimestampsFilter(const std::vector<int64_t>& timestamps)
      : timestamps_(timestamps.begin(), timestamps.end()) {}
  std::string Name() const override { return "TimestampsFilter"; }
  ReturnCode FilterCell(const CellView& cell) override;
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<TimestampsFilter>(*this);
  }
  std::string ToString() const override;

 private:
  std::set<int64_t> timestamps_;
};

}  // namespace regionlab
