// Filters that compare a part of a cell through a comparator
// (filter/comparator.h): RowFilter, FamilyFilter, QualifierFilter,
// ValueFilter (HBase's CompareFilter family), DependentColumnFilter,
// SingleColumnValueFilter, SingleColumnValueExcludeFilter and
// ColumnValueFilter.
//
// The operator reads "cell-part OP operand": RowFilter(<, 'binary:r5') keeps
// rows before "r5", ValueFilter(=, 'substring:abc') values containing "abc".
//
// Thread-safety: as Filter (filter/filter.h); comparators are shared
// between clones (they are immutable).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "filter/comparator.h"
#include "filter/filter.h"

namespace regionlab {

using ComparatorPtr = std::shared_ptr<const ByteArrayComparable>;

// "(op, 'type:operand'" -- shared by the ToString() of the filters below.
std::string CompareArgs(CompareOperator op, const ByteArrayComparable& comparator);

// HBase's CompareFilter: an operator and a comparator applied to one part
// of the cell, chosen by the subclass.
class CompareFilter : public Filter {
 public:
  CompareFilter(CompareOperator op, ComparatorPtr comparator)
      : op_(op), comparator_(std::move(comparator)) {}
  CompareOperator op() const { return op_; }
  const ByteArrayComparable& comparator() const { return *comparator_; }
  bool FilterRowKey(std::string_view row) override { return false; }
  // "RowFilter(op, 'type:operand')"
  std::string ToString() const override { return Name() + CompareArgs(op_, *comparator_) + ")"; }

 protected:
  // True when `bytes` fail the comparison: the cell (or row) is filtered out.
  bool Fails(std::string_view bytes) const {
    return ShouldFilterOut(op_, comparator_->CompareTo(bytes));
  }

  CompareOperator op_;
  ComparatorPtr comparator_;
};

// RowFilter(op, 'comparator'): rows whose key compares as asked.
class RowFilter final : public CompareFilter {
 public:
  using CompareFilter::CompareFilter;
  std::string Name() const override { return "RowFilter"; }
  void Reset() override { filter_out_row_ = false; }
  bool FilterRowKey(std::string_view row) override;
  ReturnCode FilterCell(const CellView& cell) override {
    return filter_out_row_ ? ReturnCode::kNextRow : ReturnCode::kInclude;
  }
  bool FilterRow() override { return filter_out_row_; }
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<RowFilter>(op_, comparator_);
  }

 private:
  bool filter_out_row_ = false;
};

// FamilyFilter(op, 'comparator'): families that compare as asked.
class FamilyFilter final : public CompareFilter {
 public:
  using CompareFilter::CompareFilter;
  std::string Name() const override { return "FamilyFilter"; }
  ReturnCode FilterCell(const CellView& cell) override;
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<FamilyFilter>(op_, comparator_);
  }
};

// QualifierFilter(op, 'comparator'): columns whose qualifier compares as asked.
class QualifierFilter final : public CompareFilter {
 public:
  using CompareFilter::CompareFilter;
  std::string Name() const override { return "QualifierFilter"; }
  ReturnCode FilterCell(const CellView& cell) override {
    return Fails(cell.qualifier) ? ReturnCode::kSkip : ReturnCode::kInclude;
  }
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<QualifierFilter>(op_, comparator_);
  }
};

// ValueFilter(op, 'comparator'): cells whose value compares as asked.
class ValueFilter final : public CompareFilter {
 public:
  using CompareFilter::CompareFilter;
  std::string Name() const override { return "ValueFilter"; }
  ReturnCode FilterCell(const CellView& cell) override {
    return Fails(cell.value) ? ReturnCode::kSkip : ReturnCode::kInclude;
  }
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<ValueFilter>(op_, comparator_);
  }
};

// DependentColumnFilter('family', 'qualifier'[, dropDependentColumn[, op,
// 'comparator']]): keeps only the cells whose timestamp equals that of a
// version of the reference column (that passes the value check, when one is
// given) in the same row; dropDependentColumn leaves the reference column
// itself out.
class DependentColumnFilter final : public Filter {
 public:
  DependentColumnFilter(std::string family, std::string qualifier, bool drop_dependent_column,
                        CompareOperator op = CompareOperator::kNoOp,
                        ComparatorPtr comparator = nullptr)
      : family_(std::move(family)),
        qualifier_(std::move(qualifier)),
        drop_dependent_column_(drop_dependent_column),
        op_(op),
        comparator_(std::move(comparator)) {}
  std::string Name() const override { return "DependentColumnFilter"; }
  void Reset() override { stamps_.clear(); }
  bool FilterRowKey(std::string_view row) override { return false; }
  ReturnCode FilterCell(const CellView& cell) override;
  bool HasFilterRow() const override { return true; }
  void FilterRowCells(std::vector<Cell>* cells) override;
  std::unique_ptr<Filter> Clone() const override;
  std::string ToString() const override;

 private:
  std::string family_, qualifier_;
  bool drop_dependent_column_;
  CompareOperator op_;
  ComparatorPtr comparator_;  // null: no value check
  std::set<int64_t> stamps_;
};

// SingleColumnValueFilter('family', 'qualifier', op, 'comparator'
// [, filterIfMissing, latestVersionOnly]): whole rows, chosen by the value of
// one column. A row without the column passes unless filterIfMissing
// (default false); with latestVersionOnly (default true) only the newest
// version the scan can see decides, otherwise any version may.
class SingleColumnValueFilter : public Filter {
 public:
  SingleColumnValueFilter(std::string family, std::string qualifier, CompareOperator op,
                          ComparatorPtr comparator, bool filter_if_missing = false,
                          bool latest_version_only = true)
      : family_(std::move(family)),
        qualifier_(std::move(qualifier)),
        op_(op),
        comparator_(std::move(comparator)),
        filter_if_missing_(filter_if_missing),
        latest_version_only_(latest_version_only) {}
  std::string Name() const override { return "SingleColumnValueFilter"; }
  void Reset() override { found_column_ = matched_column_ = false; }
  bool FilterRowKey(std::string_view row) override { return false; }
  ReturnCode FilterCell(const CellView& cell) override;
  bool HasFilterRow() const override { return true; }
  bool FilterRow() override { return found_column_ ? !matched_column_ : filter_if_missing_; }
  std::unique_ptr<Filter> Clone() const override;
  std::string ToString() const override;

 protected:
  bool IsTestedColumn(std::string_view family, std::string_view qualifier) const {
    return family == family_ && qualifier == qualifier_;
  }

  std::string family_, qualifier_;
  CompareOperator op_;
  ComparatorPtr comparator_;
  bool filter_if_missing_;
  bool latest_version_only_;
  bool found_column_ = false;
  bool matched_column_ = false;
};

// SingleColumnValueExcludeFilter(...): SingleColumnValueFilter that leaves
// the tested column out of the rows it returns.
class SingleColumnValueExcludeFilter final : public SingleColumnValueFilter {
 public:
  using SingleColumnValueFilter::SingleColumnValueFilter;
  std::string Name() const override { return "SingleColumnValueExcludeFilter"; }
  void FilterRowCells(std::vector<Cell>* cells) override;
  std::unique_ptr<Filter> Clone() const override;
};

// ColumnValueFilter('family', 'qualifier', op, 'comparator'): only the cells
// of that one column whose value compares as asked (HBase 2.1's filter).
class ColumnValueFilter final : public Filter {
 public:
  ColumnValueFilter(std::string family, std::string qualifier, CompareOperator op,
                    ComparatorPtr comparator)
      : family_(std::move(family)),
        qualifier_(std::move(qualifier)),
        op_(op),
        comparator_(std::move(comparator)) {}
  std::string Name() const override { return "ColumnValueFilter"; }
  void Reset() override { column_found_ = false; }
  bool FilterRowKey(std::string_view row) override { return false; }
  ReturnCode FilterCell(const CellView& cell) override;
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<ColumnValueFilter>(family_, qualifier_, op_, comparator_);
  }
  std::string ToString() const override;

 private:
  std::string family_, qualifier_;
  CompareOperator op_;
  ComparatorPtr comparator_;
  bool column_found_ = false;
};

}  // namespace regionlab
