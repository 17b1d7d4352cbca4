// Filters that decide by row or keep whole rows: KeyOnlyFilter,
// FirstKeyOnlyFilter, PrefixFilter, InclusiveStopFilter, PageFilter and
// RandomRowFilter, with HBase's semantics (see each class).
//
// Thread-safety: as Filter (filter/filter.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "filter/filter.h"
#include "util/random.h"

namespace regionlab {

// KeyOnlyFilter([lenAsVal]): every cell passes with its value replaced by
// nothing, or (lenAsVal) by the value's length as a 4-byte big-endian int.
class KeyOnlyFilter final : public Filter {
 public:
  explicit KeyOnlyFilter(bool len_as_value = false) : len_as_value_(len_as_value) {}
  std::string Name() const override { return "KeyOnlyFilter"; }
  bool FilterRowKey(std::string_view row) override { return false; }
  ReturnCode FilterCell(const CellView& cell) override { return ReturnCode::kInclude; }
  void TransformCell(Cell* cell) const override;
  std::unique_ptr<Filter> Clone() const override { return std::make_unique<KeyOnlyFilter>(*this); }
  std::string ToString() const override;

 private:
  bool len_as_value_;
};

// FirstKeyOnlyFilter(): only the first cell of each row (its first family's
// first column, newest version).
class FirstKeyOnlyFilter final : public Filter {
 public:
  std::string Name() const override { return "FirstKeyOnlyFilter"; }
  void Reset() override { found_ = false; }
  bool FilterRowKey(std::string_view row) override { return false; }
  ReturnCode FilterCell(const CellView& cell) override;
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<FirstKeyOnlyFilter>();
  }
  std::string ToString() const override { return "FirstKeyOnlyFilter()"; }

 private:
  bool found_ = false;
};

// PrefixFilter('prefix'): rows starting with the prefix. Once the scan has
// passed every such row (in scan direction) the region's scan ends.
class PrefixFilter final : public Filter {
 public:
  explicit PrefixFilter(std::string prefix) : prefix_(std::move(prefix)) {}
  std::string Name() const override { return "PrefixFilter"; }
  void Reset() override { filter_row_ = true; }
  bool FilterRowKey(std::string_view row) override;
  bool FilterAllRemaining() const override { return passed_prefix_; }
  ReturnCode FilterCell(const CellView& cell) override {
    return filter_row_ ? ReturnCode::kNextRow : ReturnCode::kInclude;
  }
  bool FilterRow() override { return filter_row_; }
  std::unique_ptr<Filter> Clone() const override {
    auto f = std::make_unique<PrefixFilter>(prefix_);
    f->SetReversed(reversed());
    return f;
  }
  std::string ToString() const override { return "PrefixFilter(" + QuoteFilterString(prefix_) + ")"; }

 private:
  std::string prefix_;
  bool passed_prefix_ = false;
  bool filter_row_ = true;
};

// InclusiveStopFilter('stopRow'): rows up to and including stopRow (down to
// it in a reversed scan); the scan ends after it.
class InclusiveStopFilter final : public Filter {
 public:
  explicit InclusiveStopFilter(std::string stop_row) : stop_row_(std::move(stop_row)) {}
  std::string Name() const override { return "InclusiveStopFilter"; }
  bool FilterRowKey(std::string_view row) override;
  bool FilterAllRemaining() const override { return done_; }
  ReturnCode FilterCell(const CellView& cell) override {
    return done_ ? ReturnCode::kNextRow : ReturnCode::kInclude;
  }
  std::unique_ptr<Filter> Clone() const override {
    auto f = std::make_unique<InclusiveStopFilter>(stop_row_);
    f->SetReversed(reversed());
    return f;
  }
  std::string ToString() const override {
    return "InclusiveStopFilter(" + QuoteFilterString(stop_row_) + ")";
  }

 private:
  std::string stop_row_;
  bool done_ = false;
};

// PageFilter(pageSize): at most pageSize rows per region scan (HBase applies
// it per region too: a scan over several regions may return more rows).
// REQUIRES: page_size >= 0 (the parser refuses negative sizes).
class PageFilter final : public Filter {
 public:
  explicit PageFilter(int64_t page_size) : page_size_(page_size) {}
  std::string Name() const override { return "PageFilter"; }
  bool FilterRowKey(std::string_view row) override { return false; }
  bool FilterAllRemaining() const override { return rows_accepted_ >= page_size_; }
  ReturnCode FilterCell(const CellView& cell) override { return ReturnCode::kInclude; }
  bool HasFilterRow() const override { return true; }
  bool FilterRow() override { return ++rows_accepted_ > page_size_; }
  std::unique_ptr<Filter> Clone() const override { return std::make_unique<PageFilter>(page_size_); }
  std::string ToString() const override { return "PageFilter(" + std::to_string(page_size_) + ")"; }

 private:
  int64_t page_size_;
  int64_t rows_accepted_ = 0;
};

// RandomRowFilter(chance[, seed]) -- a RegionLab EXTENSION of the filter
// language: HBase has the RandomRowFilter class but its ParseFilter does not
// register it. Each row is kept with probability `chance` (< 0: none, > 1:
// all; 0 keeps none and 1 keeps all, as HBase's nextFloat() < chance does).
// Without a seed every region scan draws its own seed, so the same scan
// returns different rows each time. With a seed (an extra RegionLab
// argument) a region scan's choices are reproducible: row i of the scan is
// kept when the i-th draw of util/random.h's Random(seed), taken as
// (Next() >> 40) / 2^24, is below `chance` -- each region starts the same
// sequence.
class RandomRowFilter final : public Filter {
 public:
  explicit RandomRowFilter(float chance, std::optional<uint64_t> seed = std::nullopt);
  std::string Name() const override { return "RandomRowFilter"; }
  void Reset() override { filter_out_row_ = false; }
  bool FilterRowKey(std::string_view row) override;
  ReturnCode FilterCell(const CellView& cell) override {
    return filter_out_row_ ? ReturnCode::kNextRow : ReturnCode::kInclude;
  }
  bool HasFilterRow() const override { return true; }
  bool FilterRow() override { return filter_out_row_; }
  std::unique_ptr<Filter> Clone() const override {
    return std::make_unique<RandomRowFilter>(chance_, seed_);
  }
  std::string ToString() const override;

  // The draw FilterRowKey compares with `chance`, in [0, 1).
  static float NextFloat(Random* random) {
    return static_cast<float>(random->Next() >> 40) * (1.0f / 16777216.0f);
  }

 private:
  float chance_;
  std::optional<uint64_t> seed_;
  Random random_;
  bool filter_out_row_ = false;
};

}  // namespace regionlab
