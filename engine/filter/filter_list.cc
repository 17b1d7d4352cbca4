#include "filter/filter_list.h"

namespace regionlab {

namespace {

using RC = Filter::ReturnCode;

bool In(RC rc, std::initializer_list<RC> set) {
  for (RC x : set) {
    if (rc == x) return true;
  }
  return false;
}

// FilterListWithAND.mergeReturnCode: the larger step wins.
RC MergeAnd(RC rc, RC local) {
  if (rc == RC::kSeekNextUsingHint || local == RC::kSeekNextUsingHint) {
    return RC::kSeekNextUsingHint;
  }
  switch (local) {
    case RC::kInclude:
      return rc;
    case RC::kIncludeAndNextCol:
      if (In(rc, {RC::kInclude, RC::kIncludeAndNextCol})) return RC::kIncludeAndNextCol;
      if (rc == RC::kIncludeAndSeekNextRow) return RC::kIncludeAndSeekNextRow;
      if (In(rc, {RC::kSkip, RC::kNextCol})) return RC::kNextCol;
      return RC::kNextRow;
    case RC::kIncludeAndSeekNextRow:
      if (In(rc, {RC::kInclude, RC::kIncludeAndNextCol, RC::kIncludeAndSeekNextRow})) {
        return RC::kIncludeAndSeekNextRow;
      }
      return RC::kNextRow;
    case RC::kSkip:
      if (In(rc, {RC::kInclude, RC::kSkip})) return RC::kSkip;
      if (In(rc, {RC::kIncludeAndNextCol, RC::kNextCol})) return RC::kNextCol;
      return RC::kNextRow;
    case RC::kNextCol:
      if (In(rc, {RC::kIncludeAndSeekNextRow, RC::kNextRow})) return RC::kNextRow;
      return RC::kNextCol;
    case RC::kNextRow:
    case RC::kSeekNextUsingHint:
      break;
  }
  return RC::kNextRow;
}

// FilterListWithOR.mergeReturnCode: the smaller step wins.
RC MergeOr(RC rc, RC local) {
  switch (local) {
    case RC::kInclude:
      return RC::kInclude;
    case RC::kIncludeAndNextCol:
      if (In(rc, {RC::kInclude, RC::kSkip, RC::kSeekNextUsingHint})) return RC::kInclude;
      return RC::kIncludeAndNextCol;
    case RC::kIncludeAndSeekNextRow:
      if (In(rc, {RC::kInclude, RC::kSkip, RC::kSeekNextUsingHint})) return RC::kInclude;
      if (In(rc, {RC::kIncludeAndNextCol, RC::kNextCol})) return RC::kIncludeAndNextCol;
      return RC::kIncludeAndSeekNextRow;
    case RC::kSkip:
      if (In(rc, {RC::kInclude, RC::kIncludeAndNextCol, RC::kIncludeAndSeekNextRow})) {
        return RC::kInclude;
      }
      return RC::kSkip;
    case RC::kNextCol:
      if (rc == RC::kInclude) return RC::kInclude;
      if (In(rc, {RC::kNextCol, RC::kNextRow})) return RC::kNextCol;
      if (In(rc, {RC::kIncludeAndNextCol, RC::kIncludeAndSeekNextRow})) return RC::kIncludeAndNextCol;
      return RC::kSkip;
    case RC::kNextRow:
      if (In(rc, {RC::kSkip, RC::kSeekNextUsingHint})) return RC::kSkip;
      return rc;
    case RC::kSeekNextUsingHint:
      if (In(rc, {RC::kInclude, RC::kIncludeAndNextCol, RC::kIncludeAndSeekNextRow})) {
        return RC::kInclude;
      }
      if (In(rc, {RC::kSkip, RC::kNextCol, RC::kNextRow})) return RC::kSkip;
      return RC::kSeekNextUsingHint;
  }
  return RC::kSkip;
}

}  // namespace

FilterList::FilterList(Operator op, std::vector<std::unique_ptr<Filter>> filters)
    : op_(op),
      filters_(std::move(filters)),
      included_(filters_.size(), false),
      seek_hinters_(filters_.size(), false),
      previous_(filters_.size()) {}

void FilterList::Reset() {
  for (size_t i = 0; i < filters_.size(); ++i) {
    filters_[i]->Reset();
    included_[i] = false;
    seek_hinters_[i] = false;
    previous_[i] = Previous();
  }
}

bool FilterList::FilterRowKey(std::string_view row) {
  if (filters_.empty()) return FilterAllRemaining();
  // Every member is asked: some (PrefixFilter) note the new row here.
  if (op_ == Operator::kMustPassAll) {
    bool filtered = false;
    for (auto& f : filters_) {
      if (f->FilterAllRemaining() || f->FilterRowKey(row)) filtered = true;
    }
    return filtered;
  }
  bool filtered = true;
  for (auto& f : filters_) {
    if (!f->FilterAllRemaining() && !f->FilterRowKey(row)) filtered = false;
  }
  return filtered;
}

bool FilterList::FilterAllRemaining() const {
  if (filters_.empty()) return false;
  for (const auto& f : filters_) {
    const bool done = f->FilterAllRemaining();
    if (op_ == Operator::kMustPassAll && done) return true;
    if (op_ == Operator::kMustPassOne && !done) return false;
  }
  return op_ == Operator::kMustPassOne;
}

Filter::ReturnCode FilterList::FilterCell(const CellView& cell) {
  if (filters_.empty()) return RC::kInclude;
  return op_ == Operator::kMustPassAll ? FilterCellAnd(cell) : FilterCellOr(cell);
}

Filter::ReturnCode FilterList::FilterCellAnd(const CellView& cell) {
  RC rc = RC::kInclude;
  bool any_hint = false;
  for (size_t i = 0; i < filters_.size(); ++i) {
    seek_hinters_[i] = false;
    included_[i] = true;  // AND transforms with every member (all included)
  }
  for (size_t i = 0; i < filters_.size(); ++i) {
    Filter* f = filters_[i].get();
    if (f->FilterAllRemaining()) return RC::kNextRow;
    const RC local = f->FilterCell(cell);
    if (local == RC::kSeekNextUsingHint) {
      seek_hinters_[i] = true;
      any_hint = true;
    }
    rc = MergeAnd(rc, local);
    // Later members are not shown a cell that is already excluded.
    if (!IsIncludeCode(rc)) return rc;
  }
  return any_hint ? RC::kSeekNextUsingHint : rc;
}

std::optional<Filter::ReturnCode> FilterList::Deduce(size_t i, const CellView& cell) const {
  const Previous& p = previous_[i];
  if (!p.valid) return std::nullopt;
  switch (p.code) {
    case RC::kInclude:
    case RC::kSkip:
      return std::nullopt;
    case RC::kSeekNextUsingHint: {
      CellView prev;
      prev.row = p.hint_from.row;
      prev.family = p.hint_from.family;
      prev.qualifier = p.hint_from.qualifier;
      prev.timestamp = p.hint_from.timestamp;
      const std::optional<CellHint> hint = filters_[i]->GetNextCellHint(prev);
      if (!hint) return std::nullopt;
      CellHint current;
      current.row.assign(cell.row.data(), cell.row.size());
      current.family.assign(cell.family.data(), cell.family.size());
      current.qualifier.assign(cell.qualifier.data(), cell.qualifier.size());
      current.timestamp = cell.timestamp;
      // A cell at the hint's own coordinates is not before it.
      const int cmp = CompareHints(current, *hint);
      if (cmp < 0) return RC::kSeekNextUsingHint;
      return std::nullopt;
    }
    case RC::kNextCol:
    case RC::kIncludeAndNextCol:
      // Rows are the same: Reset() forgets everything at each row.
      if (cell.family == p.family && cell.qualifier == p.qualifier) return RC::kNextCol;
      return std::nullopt;
    case RC::kNextRow:
    case RC::kIncludeAndSeekNextRow:
      if (cell.family == p.family) return RC::kNextRow;
      return std::nullopt;
  }
  return std::nullopt;
}

Filter::ReturnCode FilterList::FilterCellOr(const CellView& cell) {
  std::optional<RC> rc;
  for (size_t i = 0; i < filters_.size(); ++i) {
    Filter* f = filters_[i].get();
    included_[i] = false;
    if (f->FilterAllRemaining()) continue;
    std::optional<RC> local = Deduce(i, cell);
    if (!local) local = f->FilterCell(cell);
    Previous& p = previous_[i];
    p.valid = true;
    p.code = *local;
    if (*local != RC::kInclude && *local != RC::kSkip) {
      p.family.assign(cell.family.data(), cell.family.size());
      p.qualifier.assign(cell.qualifier.data(), cell.qualifier.size());
      p.hint_from.row.assign(cell.row.data(), cell.row.size());
      p.hint_from.family = p.family;
      p.hint_from.qualifier = p.qualifier;
      p.hint_from.timestamp = cell.timestamp;
    }
    rc = rc ? MergeOr(*rc, *local) : *local;
    if (IsIncludeCode(*local)) included_[i] = true;
  }
  // Every member is done: nothing can pass.
  return rc ? *rc : RC::kSkip;
}

void FilterList::TransformCell(Cell* cell) const {
  for (size_t i = 0; i < filters_.size(); ++i) {
    if (included_[i]) filters_[i]->TransformCell(cell);
  }
}

bool FilterList::HasFilterRow() const {
  for (const auto& f : filters_) {
    if (f->HasFilterRow()) return true;
  }
  return false;
}

void FilterList::FilterRowCells(std::vector<Cell>* cells) {
  for (auto& f : filters_) f->FilterRowCells(cells);
}

bool FilterList::FilterRow() {
  if (filters_.empty()) return false;
  for (auto& f : filters_) {
    const bool drop = f->FilterRow();
    if (op_ == Operator::kMustPassAll && drop) return true;
    if (op_ == Operator::kMustPassOne && !drop) return false;
  }
  return op_ == Operator::kMustPassOne;
}

int FilterList::CompareHints(const CellHint& a, const CellHint& b) const {
  // Rows in scan direction; within a row RegionLab reads forward in both
  // directions.
  int r = std::string_view(a.row).compare(b.row);
  if (r != 0) return reversed() ? -r : r;
  r = std::string_view(a.family).compare(b.family);
  if (r != 0) return r;
  r = std::string_view(a.qualifier).compare(b.qualifier);
  if (r != 0) return r;
  if (a.timestamp != b.timestamp) return a.timestamp > b.timestamp ? -1 : 1;
  return 0;
}

std::optional<CellHint> FilterList::GetNextCellHint(const CellView& cell) const {
  std::optional<CellHint> best;
  for (size_t i = 0; i < filters_.size(); ++i) {
    const Filter& f = *filters_[i];
    if (f.FilterAllRemaining()) continue;
    if (op_ == Operator::kMustPassAll) {
      // The furthest hint of the members that asked for one.
      if (!seek_hinters_[i]) continue;
      std::optional<CellHint> h = f.GetNextCellHint(cell);
      if (h && (!best || CompareHints(*best, *h) < 0)) best = std::move(h);
    } else {
      // The nearest hint; a member without one means no hint at all.
      std::optional<CellHint> h = f.GetNextCellHint(cell);
      if (!h) return std::nullopt;
      if (!best || CompareHints(*best, *h) > 0) best = std::move(h);
    }
  }
  return best;
}

void FilterList::SetReversed(bool reversed) {
  Filter::SetReversed(reversed);
  for (auto& f : filters_) f->SetReversed(reversed);
}

std::unique_ptr<Filter> FilterList::Clone() const {
  std::vector<std::unique_ptr<Filter>> copies;
  copies.reserve(filters_.size());
  for (const auto& f : filters_) copies.push_back(f->Clone());
  auto list = std::make_unique<FilterList>(op_, std::move(copies));
  list->SetReversed(reversed());
  return list;
}

std::string FilterList::ToString() const {
  std::string out = "(";
  for (size_t i = 0; i < filters_.size(); ++i) {
    if (i > 0) out += op_ == Operator::kMustPassAll ? " AND " : " OR ";
    out += filters_[i]->ToString();
  }
  return out + ")";
}

Filter::ReturnCode SkipFilter::FilterCell(const CellView& cell) {
  const RC rc = filter_->FilterCell(cell);
  if (rc != RC::kInclude) filter_row_ = true;
  return rc;
}

bool WhileMatchFilter::FilterRowKey(std::string_view row) {
  if (FilterAllRemaining()) return true;
  const bool filtered = filter_->FilterRowKey(row);
  if (filtered) filter_all_remaining_ = true;
  return filtered;
}

Filter::ReturnCode WhileMatchFilter::FilterCell(const CellView& cell) {
  const RC rc = filter_->FilterCell(cell);
  if (rc != RC::kInclude) filter_all_remaining_ = true;
  return rc;
}

bool WhileMatchFilter::FilterRow() {
  const bool drop = filter_->FilterRow();
  if (drop) filter_all_remaining_ = true;
  return drop;
}

}  // namespace regionlab
