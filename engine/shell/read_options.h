// The options of get, scan and count, read from their arguments as the HBase
// shell's table.rb reads them (_get_internal, _hash_to_scan).
//
// Rows given as STARTROW / STOPROW / ROWPREFIXFILTER are the string's bytes
// (no toBytesBinary; write "\x00" in double quotes for a zero byte).
// TIMESTAMP => ts is the range [ts, ts + 1); TIMERANGE => [min, max).
// FILTER is HBase's filter language (engine/filter/filter_parser.h).
// HBase options that change nothing in an embedded engine (CONSISTENCY,
// ATTRIBUTES, ...) are accepted with a warning; other unknown keys get
// HBase's "An argument ignored (unknown or overridden)" warning.
//
// Thread-safety: pure functions (warnings go to the given context).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "regionlab/region.h"
#include "regionlab/status.h"
#include "shell/command.h"

namespace regionlab::shell {

struct ReadOptions {
  Scan scan;  // scan and count: the engine scan (limit is applied by the shell)
  std::vector<ColumnSpec> columns;
  int versions = 1;
  int64_t min_timestamp = 0;
  int64_t max_timestamp = kLatestTimestamp;
  bool raw = false;
  std::shared_ptr<const Filter> filter;
  int64_t max_length = -1;  // MAXLENGTH: cut each printed cell to this many characters
  int64_t limit = -1;       // LIMIT: rows; < 0 = all

  // A reversed scan with ROWPREFIXFILTER starts just past the prefix range
  // and checks rows here: skip rows outside the prefix, stop below it.
  std::string prefix;
  bool check_prefix = false;
  bool InPrefix(const std::string& row) const {
    return !check_prefix || row.compare(0, prefix.size(), prefix) == 0;
  }
  bool PastPrefix(const std::string& row) const { return check_prefix && row < prefix; }
};

// get 't', 'row', <arguments from index `first`>: a hash of options, or
// column names and arrays of them.
Status ParseGetOptions(CommandContext* ctx, size_t first, ReadOptions* out);

// scan 't' [, {options}]: the hash at index `first` when present.
Status ParseScanOptions(CommandContext* ctx, size_t first, ReadOptions* out);

// count 't' [, {INTERVAL => n, CACHE => n, FILTER => ..., scan options}].
Status ParseCountOptions(CommandContext* ctx, size_t first, ReadOptions* out, int64_t* interval);

}  // namespace regionlab::shell
