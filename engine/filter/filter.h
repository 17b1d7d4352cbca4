// Filter: HBase's server-side filter model (org.apache.hadoop.hbase.filter.Filter).
//
// A region scan evaluates its own copy of the filter (Clone() of the
// prototype in Scan::filter / Get::filter), so per-scan state such as
// PageFilter's row count is kept per region, as each HBase region server
// deserialises its own copy. The calls a region scan makes, in HBase's order:
//
//   for each row:
//     FilterAllRemaining()          true: the scan ends
//     FilterRowKey(row)             true: the row is skipped (then Reset())
//     for each cell the version/time/delete rules let through (family by
//     family, qualifier ascending, newest version first):
//       FilterCell(cell)            a ReturnCode; may seek (NEXT_COL, ...)
//       TransformCell(&cell)        for cells included
//     FilterRowCells(&cells)        only when HasFilterRow()
//     FilterRow()                   when the row still has cells; true drops it
//     Reset()
//
// Where RegionLab calls these differently from HBase is written down in
// region/scan_query_matcher.h and region/region_read.cc.
//
// The inline parts of this header are all a region scan needs: the region
// code only makes virtual calls on a Filter.
//
// Thread-safety: a prototype is immutable and may be shared between threads
// (Clone() and ToString() are const). A clone is used by one scan, on one
// thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/cell.h"

namespace regionlab {

// A cell as a filter sees it. The views point into the scanner's buffers and
// are valid only during the call; a filter that must remember a cell copies
// what it needs.
struct CellView {
  std::string_view row;
  std::string_view family;
  std::string_view qualifier;
  int64_t timestamp = 0;
  CellType type = CellType::kPut;
  std::string_view value;

  CellView() = default;
  CellView(const Cell& c)  // NOLINT: implicit, so a Cell can be passed where a view is wanted
      : row(c.row),
        family(c.family),
        qualifier(c.qualifier),
        timestamp(c.timestamp),
        type(c.type),
        value(c.value) {}
};

// Where a SEEK_NEXT_USING_HINT asks the scanner to go: the first cell at or
// after (row, family, qualifier, timestamp) in scan order.
struct CellHint {
  std::string row;
  std::string family;
  std::string qualifier;
  int64_t timestamp = kLatestTimestamp;
};

class Filter {
 public:
  // HBase's Filter.ReturnCode.
  enum class ReturnCode : uint8_t {
    kInclude,                // include the cell
    kIncludeAndNextCol,      // include it, skip the other versions of its column
    kSkip,                   // drop the cell, go on with the next one
    kNextCol,                // drop the cell and the rest of its column
    kNextRow,                // drop the cell and the rest of the row (in this family)
    kSeekNextUsingHint,      // drop the cell, seek to GetNextCellHint()
    kIncludeAndSeekNextRow,  // include it, skip the rest of the row (in this family)
  };

  Filter() = default;
  virtual ~Filter() = default;

  // The filter's name in the filter language ("PrefixFilter", "FilterList").
  virtual std::string Name() const = 0;

  // Resets per-row state; called after every row.
  virtual void Reset() {}

  // True to skip the whole row without looking at its cells. HBase's default
  // (FilterBase) answers FilterAllRemaining().
  virtual bool FilterRowKey(std::string_view row) { return FilterAllRemaining(); }

  // True once nothing more can pass: the scan (in this region) ends.
  virtual bool FilterAllRemaining() const { return false; }

  virtual ReturnCode FilterCell(const CellView& cell) = 0;

  // Rewrites an included cell (KeyOnlyFilter drops its value).
  virtual void TransformCell(Cell* cell) const {}

  // True when the filter implements FilterRowCells() or FilterRow(): the
  // region calls them, and Scan::batch is refused (HBase's
  // IncompatibleFilterException).
  virtual bool HasFilterRow() const { return false; }

  // May drop cells of the complete row, which holds every family's cells.
  virtual void FilterRowCells(std::vector<Cell>* cells) {}

  // True to drop the row after its cells were seen.
  virtual bool FilterRow() { return false; }

  // Where to seek after FilterCell(cell) returned kSeekNextUsingHint;
  // nullopt to just move to the next cell.
  virtual std::optional<CellHint> GetNextCellHint(const CellView& cell) const {
    return std::nullopt;
  }

  // A reversed scan visits rows in descending order (row-order filters such
  // as PrefixFilter and InclusiveStopFilter need to know).
  virtual void SetReversed(bool reversed) { reversed_ = reversed; }
  bool reversed() const { return reversed_; }

  // A fresh copy with the prototype's configuration and no per-scan state.
  virtual std::unique_ptr<Filter> Clone() const = 0;

  // The filter in the filter language; ParseFilterString(ToString()) builds
  // an equivalent filter. Byte strings are written raw, quotes doubled.
  virtual std::string ToString() const = 0;

 protected:
  Filter(const Filter&) = default;
  Filter& operator=(const Filter&) = default;

  bool reversed_ = false;
};

// True for the three codes that include the cell.
inline bool IsIncludeCode(Filter::ReturnCode code) {
  return code == Filter::ReturnCode::kInclude || code == Filter::ReturnCode::kIncludeAndNextCol ||
         code == Filter::ReturnCode::kIncludeAndSeekNextRow;
}

// `bytes` as a filter-language string literal: in single quotes, each quote
// doubled ("it's" -> 'it''s').
std::string QuoteFilterString(std::string_view bytes);

}  // namespace regionlab
