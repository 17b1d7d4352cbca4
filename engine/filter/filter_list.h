// FilterList (the language's AND / OR), SkipFilter (SKIP) and
// WhileMatchFilter (WHILE), with HBase 2's semantics (FilterListWithAND,
// FilterListWithOR, SkipFilter, WhileMatchFilter).
//
// AND (MUST_PASS_ALL) takes the largest step any member asks for; once the
// merged answer excludes the cell, later members are not asked (HBASE-20565),
// so their counters do not move. OR (MUST_PASS_ONE) takes the smallest step,
// and remembers each member's last answer: a member that asked to leave a
// column (or row) is not shown the rest of it (HBASE-17678).
//
// SKIP drops a whole row when any cell of it is not INCLUDEd by the wrapped
// filter; WHILE ends the scan at the first cell or row the wrapped filter
// rejects. As in HBase, SKIP does not pass on FilterRowKey, FilterRowCells
// or GetNextCellHint, and WHILE does not pass on FilterRowCells.
//
// Thread-safety: as Filter (filter/filter.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "filter/filter.h"

namespace regionlab {

class FilterList final : public Filter {
 public:
  enum class Operator : uint8_t { kMustPassAll, kMustPassOne };  // AND, OR

  FilterList(Operator op, std::vector<std::unique_ptr<Filter>> filters);

  Operator op() const { return op_; }
  const std::vector<std::unique_ptr<Filter>>& filters() const { return filters_; }

  std::string Name() const override { return "FilterList"; }
  void Reset() override;
  bool FilterRowKey(std::string_view row) override;
  bool FilterAllRemaining() const override;
  ReturnCode FilterCell(const CellView& cell) override;
  void TransformCell(Cell* cell) const override;
  bool HasFilterRow() const override;
  void FilterRowCells(std::vector<Cell>* cells) override;
  bool FilterRow() override;
  std::optional<CellHint> GetNextCellHint(const CellView& cell) const override;
  void SetReversed(bool reversed) override;
  std::unique_ptr<Filter> Clone() const override;
  // "(A AND B)" / "(A OR B)".
  std::string ToString() const override;

 private:
  // What an OR member answered for the previous cell it was shown.
  struct Previous {
    bool valid = false;
    ReturnCode code = ReturnCode::kInclude;
    std::string family, qualifier;  // of that cell
    CellHint hint_from;             // row/family/qualifier/timestamp of that cell
  };

  ReturnCode FilterCellAnd(const CellView& cell);
  ReturnCode FilterCellOr(const CellView& cell);
  // OR: the member's answer deduced from its previous one, or nullopt when
  // it must be asked.
  std::optional<ReturnCode> Deduce(size_t i, const CellView& cell) const;
  int CompareHints(const CellHint& a, const CellHint& b) const;

  Operator op_;
  std::vector<std::unique_ptr<Filter>> filters_;
  std::vector<bool> included_;      // members whose answer included the last cell
  std::vector<bool> seek_hinters_;  // AND: members that answered SEEK_NEXT_USING_HINT
  std::vector<Previous> previous_;  // OR only
};

// What SKIP and WHILE share: the wrapped filter, which sees every call they
// pass on.
class WrapperFilter : public Filter {
 public:
  const Filter& filter() const { return *filter_; }
  void TransformCell(Cell* cell) const override { filter_->TransformCell(cell); }
  bool HasFilterRow() const override { return true; }
  void SetReversed(bool reversed) override {
    Filter::SetReversed(reversed);
    filter_->SetReversed(reversed);
  }

 protected:
  explicit WrapperFilter(std::unique_ptr<Filter> filter) : filter_(std::move(filter)) {}
  // Clone() of a wrapper of type W.
  template <typename W>
  std::unique_ptr<Filter> CloneAs() const {
    auto f = std::make_unique<W>(filter_->Clone());
    f->SetReversed(reversed());
    return f;
  }

  std::unique_ptr<Filter> filter_;
};

class SkipFilter final : public WrapperFilter {
 public:
  explicit SkipFilter(std::unique_ptr<Filter> filter) : WrapperFilter(std::move(filter)) {}
  std::string Name() const override { return "SkipFilter"; }
  void Reset() override {
    filter_->Reset();
    filter_row_ = false;
  }
  ReturnCode FilterCell(const CellView& cell) override;
  bool FilterRow() override { return filter_row_; }
  std::unique_ptr<Filter> Clone() const override { return CloneAs<SkipFilter>(); }
  std::string ToString() const override { return "SKIP " + filter_->ToString(); }

 private:
  bool filter_row_ = false;
};

class WhileMatchFilter final : public WrapperFilter {
 public:
  explicit WhileMatchFilter(std::unique_ptr<Filter> filter) : WrapperFilter(std::move(filter)) {}
  std::string Name() const override { return "WhileMatchFilter"; }
  void Reset() override { filter_->Reset(); }
  bool FilterRowKey(std::string_view row) override;
  bool FilterAllRemaining() const override {
    return filter_all_remaining_ || filter_->FilterAllRemaining();
  }
  ReturnCode FilterCell(const CellView& cell) override;
  bool FilterRow() override;
  std::unique_ptr<Filter> Clone() const override { return CloneAs<WhileMatchFilter>(); }
  std::string ToString() const override { return "WHILE " + filter_->ToString(); }

 private:
  bool filter_all_remaining_ = false;
};

}  // namespace regionlab
