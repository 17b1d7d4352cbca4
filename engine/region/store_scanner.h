// StoreScanner: walks one store's merged cells row by row and applies the
// ScanQueryMatcher (HBase's StoreScanner).
//
// Forward scans read rows in ascending order. Reversed scans visit rows in
// descending order but show the matcher the cells of each row in forward
// order, as HBase does: the scanner steps back over the row with Prev(),
// keeping its cells in a buffer, and matches the buffer front to back (a
// row too large for the buffer is re-read forward with a seek instead).
//
// Moving on to the next column or row tries a few Next() calls before a
// Seek, as HBase's StoreScanner does: the target is usually a cell or two
// ahead, and a Next costs far less than a seek through every memstore and
// file -- except when the current cell is a memstore's, where a step costs
// as much as a seek (KeyValueIterator::PrefersSeekToNext). Once the
// matcher has served every explicit column of a row, the rest of the row is
// left unread (ScanQueryMatcher::RowDone).
//
// With a filter (SetFilter) the scanner follows the matcher's filter codes,
// rewrites included cells with Filter::TransformCell, and stops for good
// (PeekRow() answers false) once the matcher says kDone or, after a row,
// the filter's FilterAllRemaining() is true -- HBase's StoreScanner meets
// DONE_SCAN on the first cell of the next row then.
//
// Thread-safety: one thread at a time.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "region/cell_sink.h"
#include "region/scan_query_matcher.h"
#include "region/store_sources.h"
#include "regionlab/cell.h"
#include "util/key_buffer.h"
#include "util/kv_iterator.h"

namespace regionlab {

class StoreScanner {
 public:
  // `start`/`stop` follow Scan: for a reversed scan `start` is the highest
  // row (inclusive) and `stop` the exclusive lower bound. Empty = unbounded.
  // The input is not owned; it must outlive the scanner.
  StoreScanner(std::string family, KeyValueIterator* input, ScanType type,
               ScanQueryOptions options, bool reversed, std::string start,
               std::string stop);
  // The same, reading sources->Merged() and owning the sources.
  StoreScanner(std::string family, std::unique_ptr<StoreSources> sources, ScanType type,
               ScanQueryOptions options, bool reversed, std::string start,
               std::string stop);
  // The same, owning the input (flush and compaction).
  StoreScanner(std::string family, std::unique_ptr<KeyValueIterator> input, ScanType type,
               ScanQueryOptions options, bool reversed, std::string start,
               std::string stop);
  ~StoreScanner();

  // Sets *row to the row of the next entry still in range; false at the
  // end. *row is valid until the scanner moves.
  bool PeekRow(std::string_view* row);
  // REQUIRES: row equals the row PeekRow() gave, held in memory of the
  // caller's. Adds the row's cells that the matcher includes to *out, then
  // moves to the following row.
  void ReadRow(std::string_view row, CellSink* out);
  // REQUIRES: row as for ReadRow. Moves to the following row without
  // reading this one (its key was filtered out).
  void SkipRow(std::string_view row);
  // A Get: positions at `row` and reads it (the scanner's start and stop
  // are ignored). REQUIRES: a forward scanner not positioned yet.
  void ReadSingleRow(std::string_view row, CellSink* out);
  // The region scan's filter (not owned); see above.
  void SetFilter(Filter* filter) { matcher_.SetFilter(filter); }
  // Flush/compaction: every included cell in order, as (key, value) pairs.
  // Returns false at the end. REQUIRES: a forward scanner.
  bool NextIncluded(std::string* key, std::string* value);

  Status status() const { return input_->status(); }

 private:
  // Tries this many Next() calls before seeking to a column or row ahead.
  static constexpr int kNextsBeforeSeek = 8;
  // A reversed scan buffers a row of at most this many cells and bytes.
  static constexpr size_t kMaxBufferedCells = 4096;
  static constexpr size_t kMaxBufferedBytes = 4u << 20;

  class RowBuffer;

  void Position();
  // Moves forward to the first entry >= target: up to kNextsBeforeSeek
  // Next() calls, then a Seek when the target is still ahead.
  void SeekForward(std::string_view target);
  // Matches the cells of `row` from `cursor` (the input, or a RowBuffer)
  // until the row ends or the matcher leaves it. False when the cursor is
  // known to have left the row (or ended); true when it may still be in it.
  template <typename Cursor>
  bool MatchRow(Cursor* cursor, std::string_view row, CellSink* out);
  // After a column seek code whose hint is the next column: steps over the
  // rest of the column of `key` (the cursor's current key) with up to
  // kNextsBeforeSeek Next() calls, comparing only the row and qualifier --
  // no seek key is built unless the column has more cells, when it seeks.
  // False, without moving, when the cursor is a memstore's (a seek costs no
  // more than a step there): the caller seeks.
  template <typename Cursor>
  bool StepPastColumn(Cursor* cursor, std::string_view key);
  // Reversed: steps back over the cells of `row` into row_buffer_. False
  // (the input partly moved) when the row is too large to buffer.
  bool BufferRowBackward(std::string_view row);

  std::string family_;
  std::unique_ptr<StoreSources> sources_;         // when owned
  std::unique_ptr<KeyValueIterator> owned_input_;  // when owned
  KeyValueIterator* input_;
  ScanQueryMatcher matcher_;
  bool reversed_;
  std::string start_, stop_;
  bool positioned_ = false;
  bool done_ = false;  // the filter ended this store's part of the scan
  KeyBuffer seek_key_;  // seek targets, built in place
  KeyBuffer column_prefix_;  // StepPastColumn's column
  std::unique_ptr<RowBuffer> row_buffer_;  // reversed scans
};

}  // namespace regionlab
