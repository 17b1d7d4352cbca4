// RowSpec: the part of a REST path after the table,
//   ROW[,ENDROW][/COLUMN[,COLUMN...]][/TS | /START,END]
// parsed as HBase 2.6's RowSpec does: the raw text is split first (on '/'
// and ','), then each piece is URL-decoded with '+' as a space. A row
// ending in '*' is a suffix glob (prefix .. prefix+0xFF); a glob with an end
// row is refused. Columns are kept sorted and without duplicates (HBase uses
// a TreeSet); "cf" names a family, "cf:q" a column, "cf:" the empty
// qualifier. One timestamp TS means exactly TS (HBase 2.5.12 / 2.6.3);
// START,END the range [START, END).
//
// With ?e=b64 (or the Encoding header), the row, the end row and each
// column are URL-safe base64 after the split (HBase 2.5.9 / 2.6.0).
//
// Thread-safety: plain values and pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/cell.h"
#include "regionlab/status.h"

namespace regionlab::rest {

struct ColumnName {
  std::string family;
  std::string qualifier;
  bool has_qualifier = false;  // "cf:q" or "cf:" (false: "cf", the whole family)
  bool operator<(const ColumnName& o) const;
  bool operator==(const ColumnName& o) const = default;
  std::string ToString() const;  // "cf" or "cf:q"
};

// Splits "cf:q" at the first ':' (CellUtil.parseColumn).
ColumnName ParseColumnName(std::string_view column);

struct RowSpec {
  std::string row;                     // the start row
  std::optional<std::string> end_row;  // set for ranges and globs (exclusive)
  bool glob = false;
  std::vector<ColumnName> columns;     // sorted, unique
  int64_t start_time = 0;
  int64_t end_time = kLatestTimestamp;  // exclusive
  bool has_time = false;                // a timestamp segment was given
  bool single_timestamp = false;        // "/TS" rather than "/START,END"
  int max_versions = 1;

  bool IsSingleRow() const { return !end_row.has_value(); }
};

enum class KeyEncoding { kPlain, kBase64Url, kBase64Standard };

// Reads ?e= / the Encoding header value ("" = plain). InvalidArgument for an
// unknown encoding.
Result<KeyEncoding> ParseKeyEncoding(std::string_view value);

// Parses "cf,cf:q,..." (raw, still percent-encoded): sorted, without
// duplicates. A trailing ',' is allowed, an empty column between two is not.
Result<std::vector<ColumnName>> ParseColumnList(std::string_view raw, KeyEncoding encoding);

// Parses `raw` (the path after "/TABLE/", still percent-encoded).
// InvalidArgument names what is wrong and where.
Result<RowSpec> ParseRowSpec(std::string_view raw, KeyEncoding encoding);

// Parses a decimal long the way Long.parseLong does (an optional sign, digits
// only); `what` names the value in the error.
Result<int64_t> ParseLong(std::string_view text, std::string_view what);

}  // namespace regionlab::rest
