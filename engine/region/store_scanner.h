// StoreScanner: walks one store's merged cells row by row and applies the
// ScanQueryMatcher (HBase's StoreScanner).
//
// Forward scans read rows in ascending order. Reversed scans visit rows in
// descending order but read the cells of each row forward, as HBase does.
//
// With a filter (SetFilter) the scanner follows the matcher's filter codes,
// rewrites included cells with Filter::TransformCell, and stops for good
// (PeekRow() answers nullopt) once the matcher says kDone or, after a row,
// the filter's FilterAllRemaining() is true -- HBase's StoreScanner meets
// DONE_SCAN on the first cell of the next row then.
//
// Thread-safety: one thread at a time.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "region/scan_query_matcher.h"
#include "regionlab/cell.h"
#include "util/kv_iterator.h"

namespace regionlab {

class StoreScanner {
 public:
  // `start`/`stop` follow Scan: for a reversed scan `start` is the highest
  // row (inclusive) and `stop` the exclusive lower bound. Empty = unbounded.
  StoreScanner(std::string family, std::unique_ptr<KeyValueIterator> input, ScanType type,
               const ScanQueryOptions& options, bool reversed, std::string start,
               std::string stop);

  // The row of the next entry still in range, or nullopt at the end.
  std::optional<std::string> PeekRow();
  // REQUIRES: row == *PeekRow(). Appends the row's cells that the matcher
  // includes, then moves to the following row.
  void ReadRow(const std::string& row, std::vector<Cell>* out);
  // REQUIRES: row == *PeekRow(). Moves to the following row without reading
  // this one (its key was filtered out).
  void SkipRow(const std::string& row);
  // The region scan's filter (not owned); see above.
  void SetFilter(Filter* filter) { matcher_.SetFilter(filter); }
  // Flush/compaction: every included cell in order, as (key, value) pairs.
  // Returns false at the end. REQUIRES: a forward scanner.
  bool NextIncluded(std::string* key, std::string* value);

  Status status() const { return input_->status(); }

 private:
  // HBase's StoreScanner tries next() before a reseek: the next column or
  // row is usually a cell or two ahead, and a Next costs far less than a
  // Seek through every memstore and file.
  static constexpr int kNextsBeforeSeek = 8;

  void Position();
  // Moves forward to the first entry >= target: up to kNextsBeforeSeek
  // Next() calls, then a Seek when the target is still ahead.
  void SeekForward(std::string_view target);

  std::string family_;
  std::unique_ptr<KeyValueIterator> input_;
  ScanQueryMatcher matcher_;
  bool reversed_;
  std::string start_, stop_;
  bool positioned_ = false;
  bool done_ = false;  // the filter ended this store's part of the scan
};

}  // namespace regionlab
