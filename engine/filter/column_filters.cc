#include "filter/column_filters.h"

namespace regionlab {

namespace {

CellHint FirstOnColumn(const CellView& cell, std::string_view qualifier) {
  CellHint h;
  h.row.assign(cell.row.data(), cell.row.size());
  h.family.assign(cell.family.data(), cell.family.size());
  h.qualifier.assign(qualifier.data(), qualifier.size());
  return h;
}

}  // namespace

Filter::ReturnCode ColumnPrefixFilter::FilterCell(const CellView& cell) {
  const std::string_view q = cell.qualifier;
  if (q.size() < prefix_.size()) {
    const int cmp = q.compare(std::string_view(prefix_).substr(0, q.size()));
    return cmp <= 0 ? ReturnCode::kSeekNextUsingHint : ReturnCode::kNextRow;
  }
  const int cmp = q.substr(0, prefix_.size()).compare(prefix_);
  if (cmp < 0) return ReturnCode::kSeekNextUsingHint;
  if (cmp > 0) return ReturnCode::kNextRow;
  return ReturnCode::kInclude;
}

std::optional<CellHint> ColumnPrefixFilter::GetNextCellHint(const CellView& cell) const {
  return FirstOnColumn(cell, prefix_);
}

Filter::ReturnCode MultipleColumnPrefixFilter::FilterCell(const CellView& cell) {
  if (prefixes_.empty()) return ReturnCode::kInclude;
  const std::string q(cell.qualifier);
  // Every prefix of q sorts at or before q; try each length.
  for (size_t len = 0; len <= q.size(); ++len) {
    if (prefixes_.count(q.substr(0, len)) != 0) return ReturnCode::kInclude;
  }
  const auto next = prefixes_.upper_bound(q);
  if (next == prefixes_.end()) return ReturnCode::kNextRow;
  hint_ = *next;
  return ReturnCode::kSeekNextUsingHint;
}

std::optional<CellHint> MultipleColumnPrefixFilter::GetNextCellHint(const CellView& cell) const {
  return FirstOnColumn(cell, hint_);
}

std::string MultipleColumnPrefixFilter::ToString() const {
  std::string out = "MultipleColumnPrefixFilter(";
  bool first = true;
  for (const auto& p : prefixes_) {
    if (!first) out += ", ";
    first = false;
    out += QuoteFilterString(p);
  }
  return out + ")";
}

Filter::ReturnCode ColumnRangeFilter::FilterCell(const CellView& cell) {
  int cmp_min = 1;
  if (min_) cmp_min = cell.qualifier.compare(*min_);
  if (cmp_min < 0) return ReturnCode::kSeekNextUsingHint;
  if (!min_inclusive_ && cmp_min == 0) return ReturnCode::kNextCol;
  if (!max_) return ReturnCode::kInclude;
  const int cmp_max = cell.qualifier.compare(*max_);
  if ((max_inclusive_ && cmp_max <= 0) || (!max_inclusive_ && cmp_max < 0)) {
    return ReturnCode::kInclude;
  }
  return ReturnCode::kNextRow;
}

std::optional<CellHint> ColumnRangeFilter::GetNextCellHint(const CellView& cell) const {
  return FirstOnColumn(cell, min_ ? std::string_view(*min_) : std::string_view());
}

std::string ColumnRangeFilter::ToString() const {
  return "ColumnRangeFilter(" + QuoteFilterString(min_.value_or("")) + ", " +
         (min_inclusive_ ? "true" : "false") + ", " + QuoteFilterString(max_.value_or("")) +
         ", " + (max_inclusive_ ? "true" : "false") + ")";
}

Filter::ReturnCode ColumnCountGetFilter::FilterCell(const CellView& cell) {
  ++count_;
  return FilterAllRemaining() ? ReturnCode::kNextCol : ReturnCode::kIncludeAndNextCol;
}

Filter::ReturnCode ColumnPaginationFilter::FilterCell(const CellView& cell) {
  if (column_offset_) {
    if (count_ >= limit_) return ReturnCode::kNextRow;
    // Only the first column returned is compared with the offset.
    if (count_ == 0 && cell.qualifier.compare(*column_offset_) < 0) {
      return ReturnCode::kSeekNextUsingHint;
    }
    ++count_;
    return ReturnCode::kIncludeAndNextCol;
  }
  if (count_ >= offset_ + limit_) return ReturnCode::kNextRow;
  const ReturnCode code = count_ < offset_ ? ReturnCode::kNextCol : ReturnCode::kIncludeAndNextCol;
  ++count_;
  return code;
}

std::optional<CellHint> ColumnPaginationFilter::GetNextCellHint(const CellView& cell) const {
  if (!column_offset_) return std::nullopt;
  return FirstOnColumn(cell, *column_offset_);
}

std::unique_ptr<Filter> ColumnPaginationFilter::Clone() const {
  if (column_offset_) return std::make_unique<ColumnPaginationFilter>(limit_, *column_offset_);
  return std::make_unique<ColumnPaginationFilter>(limit_, offset_);
}

std::string ColumnPaginationFilter::ToString() const {
  // The column-offset form: a RegionLab extension of the language.
  if (column_offset_) {
    return "ColumnPaginationFilter(" + std::to_string(limit_) + ", " +
           QuoteFilterString(*column_offset_) + ")";
  }
  return "ColumnPaginationFilter(" + std::to_string(limit_) + ", " + std::to_string(offset_) + ")";
}

Filter::ReturnCode TimestampsFilter::FilterCell(const CellView& cell) {
  if (timestamps_.count(cell.timestamp) != 0) return ReturnCode::kInclude;
  // Versions come newest first: nothing older than the smallest wanted
  // timestamp can match.
  if (timestamps_.empty() || cell.timestamp < *timestamps_.begin()) return ReturnCode::kNextCol;
  return ReturnCode::kSkip;
}

std::string TimestampsFilter::ToString() const {
  std::string out = "TimestampsFilter(";
  bool first = true;
  for (int64_t ts : timestamps_) {
    if (!first) out += ", ";
    first = false;
    out += std::to_string(ts);
  }
  return out + ")";
}

}  // namespace regionlab
