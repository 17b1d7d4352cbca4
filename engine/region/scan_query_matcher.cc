#include "region/scan_query_matcher.h"

#include <algorithm>
#include <limits>

#include "filter/filter.h"
#include "regionlab/bytes.h"

namespace regionlab {

namespace {

constexpr int64_t kMinInt64 = std::numeric_limits<int64_t>::min();
constexpr int64_t kMaxInt64 = std::numeric_limits<int64_t>::max();

// now - ttl, or "nothing expires" for a negative ttl or a raw scan.
int64_t OldestUnexpiredTs(ScanType type, const ScanQueryOptions& o) {
  if (o.ttl_ms < 0 || (type == ScanType::kUserScan && o.raw)) return kMinInt64;
  int64_t oldest;
  if (__builtin_sub_overflow(o.now_ms, o.ttl_ms, &oldest)) return kMinInt64;
  return oldest;
}

}  // namespace

int64_t FamilyTtlMillis(int64_t ttl_seconds) {
  if (ttl_seconds == kTtlForever || ttl_seconds <= 0) return -1;
  if (ttl_seconds > kMaxInt64 / 1000) return kMaxInt64;
  return ttl_seconds * 1000;
}

// ---------------------------------------------------------------------------
// DeleteTracker

void ScanQueryMatcher::DeleteTracker::Reset() {
  has_family_stamp_ = false;
  family_stamp_ = 0;
  if (!family_version_stamps_.empty()) family_version_stamps_.clear();
  has_column_marker_ = false;
}

bool ScanQueryMatcher::DeleteTracker::IsEmpty() const {
  return !has_family_stamp_ && family_version_stamps_.empty() && !has_column_marker_;
}

void ScanQueryMatcher::DeleteTracker::Add(const ParsedKey& marker) {
  // A marker no newer than the DeleteFamily already seen adds nothing.
  if (has_family_stamp_ && marker.timestamp <= family_stamp_) return;
  if (marker.type == CellType::kDeleteFamily) {
    has_family_stamp_ = true;
    family_stamp_ = marker.timestamp;
    return;
  }
  if (marker.type == CellType::kDeleteFamilyVersion) {
    family_version_stamps_.insert(marker.timestamp);
    return;
  }
  // Within one column a DeleteColumn sorts before every Delete it covers; a
  // less specific marker after it changes nothing.
  if (has_column_marker_ && marker.type < column_type_ &&
      marker.qualifier == std::string_view(column_qualifier_)) {
    return;
  }
  has_column_marker_ = true;
  column_qualifier_.assign(marker.qualifier.data(), marker.qualifier.size());
  column_type_ = marker.type;
  column_ts_ = marker.timestamp;
}

ScanQueryMatcher::DeleteResult ScanQueryMatcher::DeleteTracker::IsDeleted(const ParsedKey& put) {
  if (has_family_stamp_ && put.timestamp <= family_stamp_) return DeleteResult::kFamilyDeleted;
  if (family_version_stamps_.count(put.timestamp) != 0) {
    return DeleteResult::kFamilyVersionDeleted;
  }
  if (!has_column_marker_) return DeleteResult::kNotDeleted;
  const int cmp = put.qualifier.compare(column_qualifier_);
  if (cmp == 0) {
    if (column_type_ == CellType::kDeleteColumn) return DeleteResult::kColumnDeleted;
    if (put.timestamp == column_ts_) return DeleteResult::kVersionDeleted;
    // An older version: the Delete is used up (later cells are older still).
    has_column_marker_ = false;
  } else if (cmp > 0) {
    // The marker's column is finished.
    has_column_marker_ = false;
  } else {
    // A put of an earlier column after the marker: out of order. The caller
    // reports it; the stale marker must not mask anything.
    has_column_marker_ = false;
  }
  return DeleteResult::kNotDeleted;
}

// ---------------------------------------------------------------------------
// ScanQueryMatcher

ScanQueryMatcher::ScanQueryMatcher(ScanType type, ScanQueryOptions options)
    : type_(type),
      options_(std::move(options)),
      raw_(type == ScanType::kUserScan && options_.raw),
      explicit_(type == ScanType::kUserScan && !options_.raw && !options_.columns.empty()),
      all_time_(type != ScanType::kUserScan ||
                (options_.min_ts == 0 && options_.max_ts == kLatestTimestamp)),
      oldest_unexpired_ts_(OldestUnexpiredTs(type, options_)),
      plain_scan_(type == ScanType::kUserScan && !raw_ && !explicit_ && all_time_ &&
                  oldest_unexpired_ts_ == kMinInt64) {}

Status ScanQueryMatcher::Validate(ScanType type, const ScanQueryOptions& o) {
  if (o.max_versions < 1) {
    return Status::InvalidArgument("ScanQueryMatcher: max_versions must be >= 1, got " +
                                   std::to_string(o.max_versions));
  }
  if (o.min_versions < 0) {
    return Status::InvalidArgument("ScanQueryMatcher: min_versions must be >= 0, got " +
                                   std::to_string(o.min_versions));
  }
  if (type == ScanType::kUserScan && (o.min_ts < 0 || o.max_ts < o.min_ts)) {
    return Status::InvalidArgument("ScanQueryMatcher: bad time range [" +
                                   std::to_string(o.min_ts) + ", " + std::to_string(o.max_ts) +
                                   ")");
  }
  if (o.raw && type != ScanType::kUserScan) {
    return Status::InvalidArgument("ScanQueryMatcher: raw applies to user scans only");
  }
  if (o.raw && !o.columns.empty()) {
    return Status::InvalidArgument("Cannot specify any column for a raw scan");
  }
  for (size_t i = 1; i < o.columns.size(); ++i) {
    if (!(o.columns[i - 1] < o.columns[i])) {
      return Status::InvalidArgument("ScanQueryMatcher: columns not sorted and unique at '" +
                                     ToStringBinary(o.columns[i]) + "'");
    }
  }
  return Status::OK();
}

void ScanQueryMatcher::BeginRow() {
  qualifier_.clear();
  ResetColumns();
  deletes_.Reset();
  empty_column_closed_ = false;
  has_filter_column_ = false;
}

void ScanQueryMatcher::ResetColumns() {
  has_column_ = false;
  count_ = 0;
  last_ts_ = kLatestTimestamp;
  last_type_ = CellType::kMinimum;
  column_index_ = 0;
}

bool ScanQueryMatcher::ColumnsDone() const {
  return explicit_ && column_index_ >= options_.columns.size();
}

void ScanQueryMatcher::NoteOutOfOrder(const ParsedKey& key, std::string_view previous) {
  if (!status_.ok()) return;
  status_ = Status::Corruption("ScanQueryMatcher: cells out of order in row '" +
                               ToStringBinary(key.row) + "': qualifier '" +
                               ToStringBinary(key.qualifier) + "' after '" +
                               ToStringBinary(previous) + "'");
}

MatchCode ScanQueryMatcher::Match(const ParsedKey& key, std::string_view value) {
  // The fast path: the same answers as the checks below give a put when
  // nothing but the version count can apply (see plain_scan_).
  if (plain_scan_ && rows_from_caller_ && filter_ == nullptr && key.type == CellType::kPut &&
      key.sequence_id <= options_.read_point && deletes_.IsEmpty()) {
    if (has_column_ && SameBytes(key.qualifier, column_)) {
      // qualifier_ equals column_ here: every cell of the row so far was a put.
      if (key.timestamp == last_ts_ && key.type == last_type_) return MatchCode::kSkip;
      if (++count_ > options_.max_versions) {
        return key.qualifier.empty() ? MatchCode::kSkip : MatchCode::kSeekNextColumn;
      }
    } else {
      if (!SameBytes(key.qualifier, qualifier_)) {
        if (key.qualifier < std::string_view(qualifier_)) NoteOutOfOrder(key, qualifier_);
        qualifier_.assign(key.qualifier.data(), key.qualifier.size());
      }
      has_column_ = true;
      column_.assign(key.qualifier.data(), key.qualifier.size());
      count_ = 1;  // max_versions >= 1
    }
    last_ts_ = key.timestamp;
    last_type_ = key.type;
    return MatchCode::kInclude;
  }
  // HBase asks the filter before anything else (DONE_SCAN).
  if (filter_ != nullptr && filter_->FilterAllRemaining()) return MatchCode::kDone;
  // MVCC: a user scan does not see writes after its read point at all.
  if (type_ == ScanType::kUserScan && key.sequence_id > options_.read_point) {
    return MatchCode::kSkip;
  }
  value_ = value;
  if (!rows_from_caller_ && (!has_row_ || !SameBytes(key.row, row_))) {
    has_row_ = true;
    row_.assign(key.row.data(), key.row.size());
    BeginRow();
  }
  if (!SameBytes(key.qualifier, qualifier_)) {
    if (key.qualifier < std::string_view(qualifier_)) NoteOutOfOrder(key, qualifier_);
    qualifier_.assign(key.qualifier.data(), key.qualifier.size());
  }
  MatchCode code = MatchInRow(key);
  // Never skip the rest of the empty-qualifier column: family markers live
  // there and mask the whole row (HBASE-18471).
  if (code == MatchCode::kSeekNextColumn && key.qualifier.empty()) code = MatchCode::kSkip;
  return code;
}

MatchCode ScanQueryMatcher::MatchInRow(const ParsedKey& key) {
  // ScanQueryMatcher.preCheck.
  if (ColumnsDone()) return MatchCode::kSeekNextRow;
  if (IsDoneByTtl(key.timestamp)) return NextRowOrNextColumn(key);

  const bool is_marker = IsDeleteType(key.type);
  switch (type_) {
    case ScanType::kUserScan: {
      if (raw_) return MatchUserColumn(key);
      if (is_marker) {
        const bool in_range = all_time_ || (key.timestamp >= options_.min_ts &&
                                            key.timestamp < options_.max_ts);
        const bool tracked = options_.keep_deleted_cells
                                 ? in_range
                                 : (all_time_ || key.timestamp >= options_.min_ts);
        if (tracked) deletes_.Add(key);
        return MatchCode::kSkip;
      }
      const MatchCode deleted = CheckDeleted(key);
      if (deleted != MatchCode::kInclude) return deleted;
      return MatchUserColumn(key);
    }
    case ScanType::kCompactRetainDeletes:
    case ScanType::kCompactDropDeletes: {
      // Cells newer than the smallest read point are kept as they are: some
      // open scanner cannot see them yet.
      const bool above_read_point = key.sequence_id > options_.read_point;
      if (is_marker) {
        if (above_read_point) return MatchCode::kInclude;
        // With KEEP_DELETED_CELLS compactions remove cells by versions and
        // TTL only, so markers are not applied.
        if (!options_.keep_deleted_cells) deletes_.Add(key);
        if (type_ == ScanType::kCompactRetainDeletes) return MatchCode::kInclude;
        if (!options_.keep_deleted_cells) return MatchCode::kSkip;
        // Kept markers are version-counted with the puts of their column,
        // unless no put is old enough for them to mask.
        if (key.timestamp < options_.earliest_put_ts) return NextRowOrNextColumn(key);
        return CheckVersions(key, /*ignore_count=*/false);
      }
      const MatchCode deleted = CheckDeleted(key);
      if (deleted != MatchCode::kInclude) return deleted;
      return CheckVersions(key, above_read_point);
    }
  }
  return MatchCode::kSkip;
}

MatchCode ScanQueryMatcher::CheckDeleted(const ParsedKey& put) {
  if (deletes_.IsEmpty()) return MatchCode::kInclude;
  switch (deletes_.IsDeleted(put)) {
    case DeleteResult::kFamilyDeleted:
    case DeleteResult::kColumnDeleted:
      // Every later cell of this column is older, so deleted too.
      return NextRowOrNextColumn(put);
    case DeleteResult::kFamilyVersionDeleted:
    case DeleteResult::kVersionDeleted:
      return MatchCode::kSkip;
    case DeleteResult::kNotDeleted:
      break;
  }
  return MatchCode::kInclude;
}

MatchCode ScanQueryMatcher::MatchUserColumn(const ParsedKey& key) {
  if (!all_time_) {
    if (key.timestamp >= options_.max_ts) return MatchCode::kSkip;
    if (key.timestamp < options_.min_ts) return NextRowOrNextColumn(key);
  }
  if (filter_ != nullptr && empty_column_closed_ && key.qualifier.empty()) {
    return MatchCode::kSkip;
  }
  const MatchCode column = CheckColumn(key);
  if (column != MatchCode::kInclude) return column;
  const size_t index_before = column_index_;
  const MatchCode versions = CheckVersions(key, /*ignore_count=*/false);
  if (filter_ == nullptr || versions != MatchCode::kInclude) return versions;
  return MergeFilterResponse(key, /*tracker_left_column=*/column_index_ != index_before);
}

// ---------------------------------------------------------------------------
// Filters (UserScanQueryMatcher.mergeFilterResponse)

MatchCode ScanQueryMatcher::MergeFilterResponse(const ParsedKey& key, bool tracker_left_column) {
  CellView cell;
  cell.row = key.row;
  cell.family = options_.family;
  cell.qualifier = key.qualifier;
  cell.timestamp = key.timestamp;
  cell.type = key.type;
  cell.value = value_;
  switch (filter_->FilterCell(cell)) {
    case Filter::ReturnCode::kSkip:
      return tracker_left_column ? LeaveColumn(key, /*include=*/false) : MatchCode::kSkip;
    case Filter::ReturnCode::kNextCol:
      return LeaveColumn(key, /*include=*/false);
    case Filter::ReturnCode::kNextRow:
      return MatchCode::kSeekNextRow;
    case Filter::ReturnCode::kSeekNextUsingHint:
      return PrepareHint(key, cell);
    case Filter::ReturnCode::kIncludeAndNextCol:
      return LeaveColumn(key, /*include=*/true);
    case Filter::ReturnCode::kIncludeAndSeekNextRow:
      return MatchCode::kIncludeAndSeekNextRow;
    case Filter::ReturnCode::kInclude:
      break;
  }
  // The explicit tracker already counted this as its column's last version.
  if (tracker_left_column) return MatchCode::kInclude;
  // Count the versions the filter let through against the scan's VERSIONS.
  if (!has_filter_column_ || key.qualifier != std::string_view(filter_column_)) {
    has_filter_column_ = true;
    filter_column_.assign(key.qualifier.data(), key.qualifier.size());
    filter_count_ = 0;
  }
  if (!IsDeleteType(key.type)) ++filter_count_;
  if (filter_count_ > options_.versions_after_filter) return LeaveColumn(key, /*include=*/false);
  return MatchCode::kInclude;
}

MatchCode ScanQueryMatcher::LeaveColumn(const ParsedKey& key, bool include) {
  const MatchCode seek = NextRowOrNextColumn(key);
  if (seek == MatchCode::kSeekNextColumn && key.qualifier.empty()) {
    // Family markers share this column: skip the rest of it cell by cell.
    empty_column_closed_ = true;
    return include ? MatchCode::kInclude : MatchCode::kSkip;
  }
  if (!include) return seek;
  return seek == MatchCode::kSeekNextRow ? MatchCode::kIncludeAndSeekNextRow
                                         : MatchCode::kIncludeAndSeekNextColumn;
}

MatchCode ScanQueryMatcher::PrepareHint(const ParsedKey& key, const CellView& cell) {
  hint_key_.clear();
  const std::optional<CellHint> hint = filter_->GetNextCellHint(cell);
  if (!hint) return MatchCode::kSkip;
  const std::string_view family(options_.family);
  if (hint->row == key.row && hint->family == family) {
    // Ahead of this cell? (At equal coordinates the hint sorts first.)
    const int q = std::string_view(hint->qualifier).compare(key.qualifier);
    const bool ahead = q > 0 || (q == 0 && hint->timestamp < key.timestamp);
    // Never seek away from the empty-qualifier column (family markers).
    if (!ahead || key.qualifier.empty() || hint->timestamp < 0) return MatchCode::kSkip;
    AppendKey(&hint_key_, key.row, hint->qualifier, hint->timestamp, CellType::kMaximum,
              kMaxSequenceId);
    return MatchCode::kSeekNextUsingHint;
  }
  const int r = std::string_view(hint->row).compare(key.row);
  const bool later_row = options_.reversed ? r < 0 : r > 0;
  if (later_row || (r == 0 && std::string_view(hint->family) > family)) {
    return MatchCode::kSeekNextRow;
  }
  return MatchCode::kSkip;
}

// ---------------------------------------------------------------------------
// Column tracking (ScanWildcardColumnTracker / ExplicitColumnTracker)

MatchCode ScanQueryMatcher::CheckColumn(const ParsedKey& key) {
  if (!explicit_) return MatchCode::kInclude;
  const std::vector<std::string>& columns = options_.columns;
  while (column_index_ < columns.size()) {
    const int cmp = key.qualifier.compare(columns[column_index_]);
    if (cmp == 0) return MatchCode::kInclude;
    last_ts_ = kLatestTimestamp;
    // Before the wanted column: seek to it (SeekHint knows where).
    if (cmp < 0) return MatchCode::kSeekNextColumn;
    // Past the wanted column: it has no (more) cells in this row.
    ++column_index_;
    count_ = 0;
  }
  return MatchCode::kSeekNextRow;
}

MatchCode ScanQueryMatcher::CheckVersions(const ParsedKey& key, bool ignore_count) {
  if (!explicit_) return CheckWildcardVersion(key, ignore_count);
  if (ignore_count) return MatchCode::kInclude;
  // Only puts get here: explicit columns are never raw and never compact.
  if (key.timestamp == last_ts_) return MatchCode::kSkip;  // older write, same version
  ++count_;
  if (count_ >= options_.max_versions ||
      (count_ >= options_.min_versions && IsExpired(key.timestamp))) {
    // This is the column's last version: include it and move to the next
    // wanted column, whose first cell is still ahead.
    ++column_index_;
    count_ = 0;
    last_ts_ = kLatestTimestamp;
    return MatchCode::kInclude;
  }
  last_ts_ = key.timestamp;
  return MatchCode::kInclude;
}

MatchCode ScanQueryMatcher::CheckWildcardVersion(const ParsedKey& key, bool ignore_count) {
  if (!has_column_ || !SameBytes(key.qualifier, column_)) {
    has_column_ = true;
    column_.assign(key.qualifier.data(), key.qualifier.size());
    count_ = 0;
    last_ts_ = kLatestTimestamp;
    last_type_ = CellType::kMinimum;
  } else if (!ignore_count && key.timestamp == last_ts_ && key.type == last_type_) {
    // Same column, timestamp and type as the last included cell: an older
    // write of the same version.
    return MatchCode::kSkip;
  }
  if (ignore_count) return MatchCode::kInclude;
  // Markers take the version of the put they follow; they are not counted.
  if (!IsDeleteType(key.type)) ++count_;
  if (count_ > options_.max_versions) return MatchCode::kSeekNextColumn;
  if (count_ <= options_.min_versions || !IsExpired(key.timestamp)) {
    last_ts_ = key.timestamp;
    last_type_ = key.type;
    return MatchCode::kInclude;
  }
  return MatchCode::kSeekNextColumn;
}

MatchCode ScanQueryMatcher::NextRowOrNextColumn(const ParsedKey& key) {
  if (!explicit_) return MatchCode::kSeekNextColumn;
  // Pass every wanted column up to and including this cell's.
  const std::vector<std::string>& columns = options_.columns;
  while (column_index_ < columns.size()) {
    const int cmp = key.qualifier.compare(columns[column_index_]);
    last_ts_ = kLatestTimestamp;
    if (cmp < 0) break;
    ++column_index_;
    count_ = 0;
    if (cmp == 0) break;
  }
  return column_index_ < columns.size() ? MatchCode::kSeekNextColumn : MatchCode::kSeekNextRow;
}

std::string ScanQueryMatcher::SeekHint(const ParsedKey& key, MatchCode code) const {
  KeyBuffer hint;
  SeekHint(key, code, &hint);
  return std::string(hint.view());
}

void ScanQueryMatcher::SeekHint(const ParsedKey& key, MatchCode code, KeyBuffer* out) const {
  out->clear();
  switch (code) {
    case MatchCode::kSeekNextRow:
    case MatchCode::kIncludeAndSeekNextRow:
      SetFirstKeyOnRow(out, key.row, /*next_row=*/true);
      return;
    case MatchCode::kSeekNextColumn:
    case MatchCode::kIncludeAndSeekNextColumn:
      if (HintIsNextColumn(key, code)) {
        SetFirstKeyOnColumn(out, key.row, key.qualifier, /*next_column=*/true);
      } else {
        SetFirstKeyOnColumn(out, key.row, options_.columns[column_index_]);
      }
      return;
    case MatchCode::kSeekNextUsingHint:
      out->assign(hint_key_);
      return;
    case MatchCode::kInclude:
    case MatchCode::kSkip:
    case MatchCode::kDone:
      return;
  }
}

}  // namespace regionlab
