// Query plans: how a scheme's key answers a QueryTemplate — the scans'
// start and stop rows, how many scanners the client runs, which salt
// buckets and regions they touch, and what the key cannot do (fields left
// to a filter, a hash prefix that hides a declared range, newest-first
// reads that need a reversed scan).
//
// The planner walks the segments in key order, building the row prefix the
// query fixes:
//   constant, delimiter          appended
//   salt                         one bucket when its fields are given,
//                                otherwise one scanner per bucket
//   hash                         appended when its fields are given,
//                                otherwise the key order ends here
//   field, reversed, timestamp,  appended when the field is given; a range
//   time_of_day                  on it bounds the scan when the segment
//                                keeps the field's order (not reversed
//                                fields; a time-of-day range within a day);
//                                anything else ends the prefix
// A key whose every segment is given is a single row (a Get).
//
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "regionlab/status.h"
#include "rowkey/key_encoder.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

// [start, stop): an empty start is the table's first row, an empty stop
// its end (HBase's Scan.withStartRow / withStopRow).
struct ScanRange {
  std::string start;
  std::string stop;
};

struct QueryPlan {
  std::string query;              // the template's name
  std::vector<ScanRange> scans;   // one scanner each, in key order
  bool single_row = false;        // every segment given: a Get of scans[0].start
  bool full_table = false;        // nothing bounds the scan
  int salt_buckets_touched = 0;   // 0 when the scheme has no salt before the stop
  int salt_buckets = 0;           // the salt's bucket count
  size_t regions_touched = 0;     // given the split keys
  size_t regions = 1;             // split keys + 1
  // A hash prefix whose fields the query does not give comes before the
  // declared range or equality: the query reads far more than it needs.
  bool hash_breaks_query = false;
  int hash_segment = -1;          // 0-based, when hash_breaks_query
  std::vector<std::string> notes; // what the key cannot do, for the user
};

// Plans `query` over `encoder`'s scheme and a table pre-split at
// `split_keys` (sorted). Errors: a value that does not parse or fit.
Result<QueryPlan> PlanQuery(const KeyEncoder& encoder, const QueryTemplate& query,
                            const std::vector<std::string>& split_keys);

// The regions (of a table split at `split_keys`) that hold rows of `scans`.
size_t RegionsTouched(const std::vector<ScanRange>& scans,
                      const std::vector<std::string>& split_keys);

}  // namespace regionlab::rowkey
