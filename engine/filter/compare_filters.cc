#include "filter/compare_filters.h"

#include <algorithm>

namespace regionlab {

std::string CompareArgs(CompareOperator op, const ByteArrayComparable& comparator) {
  return std::string("(") + CompareOperatorSymbol(op) + ", " +
         QuoteFilterString(comparator.ToString());
}

bool RowFilter::FilterRowKey(std::string_view row) {
  if (Fails(row)) filter_out_row_ = true;
  return filter_out_row_;
}

Filter::ReturnCode FamilyFilter::FilterCell(const CellView& cell) {
  return !cell.family.empty() && Fails(cell.family) ? ReturnCode::kNextRow : ReturnCode::kInclude;
}

Filter::ReturnCode DependentColumnFilter::FilterCell(const CellView& cell) {
  if (cell.family != family_ || cell.qualifier != qualifier_) {
    // Other columns pass for now; FilterRowCells drops the unmatched ones.
    return ReturnCode::kInclude;
  }
  if (comparator_ != nullptr && ShouldFilterOut(op_, comparator_->CompareTo(cell.value))) {
    return ReturnCode::kSkip;
  }
  stamps_.insert(cell.timestamp);
  return drop_dependent_column_ ? ReturnCode::kSkip : ReturnCode::kInclude;
}

void DependentColumnFilter::FilterRowCells(std::vector<Cell>* cells) {
  cells->erase(std::remove_if(cells->begin(), cells->end(),
                              [&](const Cell& c) { return stamps_.count(c.timestamp) == 0; }),
               cells->end());
}

std::unique_ptr<Filter> DependentColumnFilter::Clone() const {
  return std::make_unique<DependentColumnFilter>(family_, qualifier_, drop_dependent_column_, op_,
                                                 comparator_);
}

std::string DependentColumnFilter::ToString() const {
  std::string out = "DependentColumnFilter(" + QuoteFilterString(family_) + ", " +
                    QuoteFilterString(qualifier_) + ", " +
                    (drop_dependent_column_ ? "true" : "false");
  if (comparator_ != nullptr) {
    out += std::string(", ") + CompareOperatorSymbol(op_) + ", " +
           QuoteFilterString(comparator_->ToString());
  }
  return out + ")";
}

Filter::ReturnCode SingleColumnValueFilter::FilterCell(const CellView& cell) {
  if (matched_column_) return ReturnCode::kInclude;  // the row is in; every cell passes
  if (latest_version_only_ && found_column_) return ReturnCode::kNextRow;
  if (!IsTestedColumn(cell.family, cell.qualifier)) return ReturnCode::kInclude;
  found_column_ = true;
  if (ShouldFilterOut(op_, comparator_->CompareTo(cell.value))) {
    return latest_version_only_ ? ReturnCode::kNextRow : ReturnCode::kInclude;
  }
  matched_column_ = true;
  return ReturnCode::kInclude;
}

std::unique_ptr<Filter> SingleColumnValueFilter::Clone() const {
  return std::make_unique<SingleColumnValueFilter>(family_, qualifier_, op_, comparator_,
                                                   filter_if_missing_, latest_version_only_);
}

std::string SingleColumnValueFilter::ToString() const {
  return Name() + "(" + QuoteFilterString(family_) + ", " + QuoteFilterString(qualifier_) + ", " +
         CompareOperatorSymbol(op_) + ", " + QuoteFilterString(comparator_->ToString()) + ", " +
         (filter_if_missing_ ? "true" : "false") + ", " +
         (latest_version_only_ ? "true" : "false") + ")";
}

void SingleColumnValueExcludeFilter::FilterRowCells(std::vector<Cell>* cells) {
  cells->erase(std::remove_if(cells->begin(), cells->end(),
                              [&](const Cell& c) { return IsTestedColumn(c.family, c.qualifier); }),
               cells->end());
}

std::unique_ptr<Filter> SingleColumnValueExcludeFilter::Clone() const {
  return std::make_unique<SingleColumnValueExcludeFilter>(
      family_, qualifier_, op_, comparator_, filter_if_missing_, latest_version_only_);
}

Filter::ReturnCode ColumnValueFilter::FilterCell(const CellView& cell) {
  if (cell.family != family_ || cell.qualifier != qualifier_) {
    // Past the column once it was seen: nothing else of the row can match.
    return column_found_ ? ReturnCode::kNextRow : ReturnCode::kNextCol;
  }
  column_found_ = true;
  return ShouldFilterOut(op_, comparator_->CompareTo(cell.value)) ? ReturnCode::kSkip
                                                                  : ReturnCode::kInclude;
}

std::string ColumnValueFilter::ToString() const {
  return "ColumnValueFilter(" + QuoteFilterString(family_) + ", " + QuoteFilterString(qualifier_) +
         ", " + CompareOperatorSymbol(op_) + ", " + QuoteFilterString(comparator_->ToString()) +
         ")";
}

}  // namespace regionlab
