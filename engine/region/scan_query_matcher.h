// ScanQueryMatcher: decides, cell by cell, what a read returns and what a
// flush or compaction keeps, with HBase 2's semantics (UserScanQueryMatcher,
// NormalUserScanQueryMatcher, RawScanQueryMatcher, MinorCompaction- and
// MajorCompactionScanQueryMatcher, ScanDeleteTracker, ScanWildcardColumnTracker,
// ExplicitColumnTracker).
//
// The caller (a store scanner) feeds the cells of ONE column family in key
// order (util/key_value.h: row asc, qualifier asc, timestamp desc, type desc,
// sequence id desc) and acts on the returned code. Rows may arrive in any
// order (a reversed scan reads rows backwards): the matcher starts a new row
// whenever the row differs from the previous cell's. Within a row the cells
// must be in key order; a qualifier going backwards is reported by status().
//
// The rules, as HBase applies them:
//  * Delete markers mask by TIMESTAMP, not by write order: DeleteFamily@T masks
//    every cell of the row with ts <= T, DeleteFamilyVersion@T cells with
//    ts == T, DeleteColumn@T the column's cells with ts <= T, Delete@T the
//    column's cells with ts == T -- also puts written after the marker. Masked
//    puts do not count as versions. Markers are tracked per row.
//  * Of several puts with the same (column, timestamp) only the newest write
//    (highest sequence id, first in key order) is returned or kept.
//  * A user scan never returns markers. It tracks a marker when
//    keep_deleted_cells ? min_ts <= ts < max_ts : ts >= min_ts (HBase's
//    seePastDeleteMarkers: with KEEP_DELETED_CELLS a time-range read sees
//    cells deleted after the range). A put with ts >= max_ts is skipped, one
//    with ts < min_ts ends its column.
//  * Versions: after max_versions counted versions of a column the rest of the
//    column is dropped. TTL: a cell with ts < now_ms - ttl_ms is expired; the
//    first min_versions counted versions of a column are kept even when
//    expired, later expired ones are not. With min_versions == 0 an expired
//    cell (marker or put) is dropped before any other check.
//  * Raw user scans return markers and masked puts; markers do not count as
//    versions; TTL is ignored (HBase uses oldestUnexpiredTS = 0 for raw scans).
//  * Compactions (and flushes) keep cells with sequence_id > read_point
//    unconditionally (they are not counted as versions and such markers mask
//    nothing yet); the read point there is the smallest read point of the open
//    scanners. User scans treat such cells as absent.
//  * kCompactRetainDeletes keeps every marker; kCompactDropDeletes drops them.
//    With keep_deleted_cells, compactions do not apply markers at all: puts are
//    kept or dropped by versions/TTL alone, and a major compaction keeps a
//    marker while no more than max_versions puts of its column sort before it
//    (and it is not expired beyond min_versions, and it is not older than
//    earliest_put_ts).
//
// A kSeekNextColumn is never returned for a cell with an empty qualifier: the
// family markers (DeleteFamily, DeleteFamilyVersion) share that column, and
// skipping the column would skip markers that mask the rest of the row
// (HBASE-18471). kSkip is returned instead.
//
// Filters (user scans with SetFilter; HBase's UserScanQueryMatcher):
//  * Filter::FilterAllRemaining() is asked first for every cell; true gives
//    kDone (HBase's DONE_SCAN: this store has nothing more for the scan).
//  * Filter::FilterCell sees a cell after the time range, the explicit columns
//    and the version count, and BEFORE the scan's VERSIONS limit: the version
//    count lets through the family's VERSIONS (every version for a raw scan),
//    the filter decides, and only then are a column's included versions
//    counted against versions_after_filter (min(scan, family) VERSIONS; the
//    scan's for a raw scan). So ValueFilter(=, 'binary:old') with VERSIONS 1
//    can return an older version, as in HBase. Delete markers are applied
//    before the filter (raw scans show them to it, as HBase does), and TTL too.
//  * The filter's answer is merged as mergeFilterResponse does. Where
//    RegionLab differs: a filter's INCLUDE_AND_SEEK_NEXT_ROW includes the cell
//    and leaves the row (HBase treats it as INCLUDE here); when the filter
//    leaves the empty-qualifier column (where the family markers live) the
//    rest of that column is skipped cell by cell instead of sought past; a
//    SEEK_NEXT_USING_HINT whose hint does not lie ahead in this store's row is
//    taken as SKIP (an earlier or unusable hint), or as leaving the row (a
//    hint in a later row or family).
//
// Thread-safety: one matcher per scan, used by one thread at a time.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/cell.h"
#include "regionlab/status.h"
#include "util/key_buffer.h"
#include "util/key_value.h"

namespace regionlab {

class Filter;  // filter/filter.h
struct CellView;

enum class MatchCode : uint8_t {
  kInclude,         // return / keep this cell, go to the next one
  kSkip,            // drop this cell, go to the next one
  kSeekNextColumn,  // drop this cell and every remaining cell of this column in this row
  kSeekNextRow,     // drop this cell and the rest of the row
  // Only with a filter (user scans):
  kIncludeAndSeekNextColumn,  // return this cell, then as kSeekNextColumn
  kIncludeAndSeekNextRow,     // return this cell, then as kSeekNextRow
  kSeekNextUsingHint,         // drop this cell, Seek(SeekHint()) (Next() when it is empty)
  kDone,                      // drop this cell; the store has nothing more for this scan
};

// True for the codes that return the cell.
inline bool IsIncludeMatch(MatchCode code) {
  return code == MatchCode::kInclude || code == MatchCode::kIncludeAndSeekNextColumn ||
         code == MatchCode::kIncludeAndSeekNextRow;
}

enum class ScanType : uint8_t {
  kUserScan,              // Get/Scan (raw or normal)
  kCompactRetainDeletes,  // flush and minor compaction: keep delete markers
  kCompactDropDeletes,    // major compaction: drop markers (unless KEEP_DELETED_CELLS)
};

struct ScanQueryOptions {
  // User scan: min(scan VERSIONS, family VERSIONS); raw scan: the scan's
  // VERSIONS alone (HBase ignores the family's there); compaction: family VERSIONS.
  int max_versions = 1;
  int min_versions = 0;    // family MIN_VERSIONS
  int64_t ttl_ms = -1;     // family TTL in ms; < 0 means forever (see FamilyTtlMillis)
  int64_t now_ms = 0;      // "now" for TTL
  // Time range [min_ts, max_ts) of a user scan; compactions ignore it.
  // [0, kLatestTimestamp) is HBase's "all time", which contains every timestamp.
  int64_t min_ts = 0;
  int64_t max_ts = kLatestTimestamp;
  bool keep_deleted_cells = false;  // family KEEP_DELETED_CELLS (FALSE/TRUE)
  bool raw = false;                 // RAW user scan: markers and deleted cells are returned
  // User scan: cells with a larger sequence id are invisible (MVCC).
  // Compaction: the smallest read point of open scanners (see above).
  uint64_t read_point = kMaxSequenceId;
  // Explicit columns (COLUMNS => ['f:q1','f:q2']), sorted and unique; empty =
  // every qualifier of the family. Not allowed with raw (see Validate).
  std::vector<std::string> columns;
  // Major compaction only: the smallest timestamp of any put in the files
  // being compacted (HBase's EARLIEST_PUT_TS). With keep_deleted_cells a marker
  // older than every put has nothing left to mask and is dropped. 0 = unknown
  // (no marker is dropped for this reason).
  int64_t earliest_put_ts = 0;
  // User scans with a filter (see SetFilter): the store's family as filters
  // see it, how many versions of a column may be returned after the filter
  // (max_versions is then how many the filter is shown), and whether rows
  // come in descending order (for seek hints).
  std::string family;
  int versions_after_filter = 1;
  bool reversed = false;
};

// A family's TTL in seconds (FamilyOptions::ttl_seconds) as ScanQueryOptions::ttl_ms:
// -1 for kTtlForever (and any value <= 0); saturates instead of overflowing.
int64_t FamilyTtlMillis(int64_t ttl_seconds);

class ScanQueryMatcher {
 public:
  ScanQueryMatcher(ScanType type, ScanQueryOptions options);

  ScanQueryMatcher(const ScanQueryMatcher&) = delete;
  ScanQueryMatcher& operator=(const ScanQueryMatcher&) = delete;

  // InvalidArgument for options HBase rejects: max_versions < 1,
  // min_versions < 0, a bad time range, unsorted columns, columns with a raw
  // scan ("Cannot specify any column for a raw scan"), raw with a compaction.
  // The matcher itself assumes valid options.
  static Status Validate(ScanType type, const ScanQueryOptions& options);

  // Call for every cell the scanner reaches, in key order. The matcher notices
  // row and column changes itself. `value` is the cell's value, which only a
  // filter looks at.
  MatchCode Match(const ParsedKey& key, std::string_view value);
  MatchCode Match(const ParsedKey& key) { return Match(key, std::string_view()); }

  // For a caller that reads one row at a time (a store scanner): starts a
  // row, and from now on Match() leaves row changes to the caller instead of
  // comparing (and copying) every cell's row. REQUIRES: every cell matched
  // until the next StartRow() belongs to one row, and a row is started once.
  void StartRow() {
    rows_from_caller_ = true;
    has_row_ = true;
    BeginRow();
  }

  // A user scan's filter (not owned; it outlives the matcher and is shared by
  // the region's store matchers). Ignored for compactions.
  void SetFilter(Filter* filter) { filter_ = type_ == ScanType::kUserScan ? filter : nullptr; }
  Filter* filter() const { return filter_; }

  // Where the scanner should Seek() after Match(key) returned `code`:
  //  kSeekNextColumn: the first key of the next wanted column (explicit
  //    columns) or FirstKeyOnColumn(row, qualifier + '\0');
  //  kSeekNextRow: FirstKeyOnRow(row + '\0');
  //  kIncludeAndSeekNextColumn / kIncludeAndSeekNextRow: as the seek alone;
  //  kSeekNextUsingHint: the first key at the filter's hint;
  //  kInclude/kSkip/kDone: an empty string (move with Next()).
  // The hint always sorts after `key`. It is a seek target for CompareKeys,
  // not a cell: for a row of kMaxRowLength bytes the next-row hint is one byte
  // longer (ParseKey rejects it; Seek does not parse it).
  // REQUIRES: `key` and `code` are the arguments and result of the latest
  // Match() call.
  void SeekHint(const ParsedKey& key, MatchCode code, KeyBuffer* out) const;
  std::string SeekHint(const ParsedKey& key, MatchCode code) const;  // the same, as a string

  // True when SeekHint(key, code) is simply the first key past key's column
  // (a column seek that does not jump to a later explicit column): stepping
  // over the column's remaining cells reaches the same place.
  bool HintIsNextColumn(const ParsedKey& key, MatchCode code) const {
    if (code != MatchCode::kSeekNextColumn && code != MatchCode::kIncludeAndSeekNextColumn) {
      return false;
    }
    return !explicit_ || column_index_ >= options_.columns.size() ||
           !(key.qualifier < std::string_view(options_.columns[column_index_]));
  }

  // True once the explicit columns have all been served in the current row:
  // every later cell of the row would be dropped, so a reader may leave the
  // row without showing them (HBase's ExplicitColumnTracker answers
  // INCLUDE_AND_SEEK_NEXT_ROW here).
  bool RowDone() const { return ColumnsDone(); }

  // Corruption once the input broke key order within a row (HBase throws an
  // IOException there); the matcher keeps going without crashing, but the
  // caller should stop and report this status.
  const Status& status() const { return status_; }

 private:
  enum class DeleteResult : uint8_t {
    kNotDeleted,
    kFamilyDeleted,
    kFamilyVersionDeleted,
    kColumnDeleted,
    kVersionDeleted,
  };

  // ScanDeleteTracker: the markers seen so far in the current row. Only one
  // column marker is remembered; cells arrive in key order, so the latest one
  // is the only one that can still apply.
  class DeleteTracker {
   public:
    void Reset();
    bool IsEmpty() const;
    void Add(const ParsedKey& marker);
    // REQUIRES: `put` is a put that sorts after every marker added since Reset().
    DeleteResult IsDeleted(const ParsedKey& put);

   private:
    bool has_family_stamp_ = false;
    int64_t family_stamp_ = 0;
    std::set<int64_t> family_version_stamps_;
    bool has_column_marker_ = false;
    std::string column_qualifier_;
    CellType column_type_ = CellType::kMinimum;
    int64_t column_ts_ = 0;
  };

  // Clears the per-row state (columns, versions, markers, filter columns).
  void BeginRow();
  // Column and version tracking: wildcard (every qualifier) or explicit.
  void ResetColumns();
  bool ColumnsDone() const;  // explicit columns all served in this row
  // An expired cell that no MIN_VERSIONS can keep.
  bool IsDoneByTtl(int64_t ts) const { return options_.min_versions <= 0 && IsExpired(ts); }
  bool IsExpired(int64_t ts) const { return ts < oldest_unexpired_ts_; }
  MatchCode CheckColumn(const ParsedKey& key);  // explicit-columns filter
  MatchCode CheckVersions(const ParsedKey& key, bool ignore_count);
  MatchCode CheckWildcardVersion(const ParsedKey& key, bool ignore_count);
  // The column is finished: kSeekNextColumn, or kSeekNextRow once every
  // explicit column has been passed.
  MatchCode NextRowOrNextColumn(const ParsedKey& key);

  MatchCode MatchInRow(const ParsedKey& key);
  MatchCode MatchUserColumn(const ParsedKey& key);  // time range, columns, versions
  MatchCode CheckDeleted(const ParsedKey& put);     // kInclude = not deleted
  void NoteOutOfOrder(const ParsedKey& key, std::string_view previous);
  // The filter's say on a cell the columns and versions let through
  // (tracker_left_column: the explicit tracker already moved past its column).
  MatchCode MergeFilterResponse(const ParsedKey& key, bool tracker_left_column);
  // Done with the cell's column (for the filter or the version recount):
  // the seek that leaves it, with or without returning the cell.
  MatchCode LeaveColumn(const ParsedKey& key, bool include);
  MatchCode PrepareHint(const ParsedKey& key, const CellView& cell);

  const ScanType type_;
  const ScanQueryOptions options_;
  const bool raw_;       // raw user scan
  const bool explicit_;  // explicit columns (never raw)
  const bool all_time_;  // the time range contains every timestamp
  const int64_t oldest_unexpired_ts_;
  // A normal user scan of every column over all time without TTL: with no
  // filter, no marker in the row and rows started by the caller, a put
  // needs only the version count (Match's fast path).
  const bool plain_scan_;

  // Key parts are held in KeyBuffers: a typical row or qualifier fits
  // inline, so starting a row allocates nothing.
  bool has_row_ = false;
  bool rows_from_caller_ = false;  // StartRow() marks rows; row_ is unused
  KeyBuffer row_;
  KeyBuffer qualifier_;  // of the previous cell in this row (order check)
  DeleteTracker deletes_;

  // Wildcard: the column being counted, its count and the (ts, type) of its
  // last included cell (duplicates of it are skipped).
  bool has_column_ = false;
  KeyBuffer column_;
  int count_ = 0;
  int64_t last_ts_ = kLatestTimestamp;
  CellType last_type_ = CellType::kMinimum;
  // Explicit: index of the next wanted column in options_.columns.
  size_t column_index_ = 0;

  // Filter state (user scans only).
  Filter* filter_ = nullptr;
  std::string_view value_;        // of the cell being matched
  bool empty_column_closed_ = false;  // the filter left the empty-qualifier column
  bool has_filter_column_ = false;  // versions returned after the filter ...
  KeyBuffer filter_column_;         // ... in this column
  int filter_count_ = 0;
  std::string hint_key_;  // for kSeekNextUsingHint (filters only)

  Status status_;
};

}  // namespace regionlab
