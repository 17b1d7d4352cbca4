// Scheme analysis: what the builder shows next to a design — example keys,
// the key length against the 16-byte guidance (SCHEMES.md), uniqueness risks,
// warnings, and a plan for each declared query.
//
// Warnings (FindingKind):
//   hotspot          the first segment that varies grows with every write
//                    (a timestamp, a time of day, a sequential id) or the
//                    generated keys do: every new row lands in the last
//                    region (why keys are salted or hashed first)
//   salt_buckets     a salt has more buckets than the table has regions
//   hash_breaks_query a hash prefix the query cannot compute comes before
//                    the range or values a query declares
//   low_cardinality  the first varying segment takes fewer distinct values
//                    than there are regions
//   key_length       longer than 16 bytes (every cell stores its row key;
//                    8-byte multiples suit 64-bit memory)
//   value_range      a value the workload reaches does not fit its segment
// Uniqueness risks (kind uniqueness): no unique field in the key, unique
// fields present only through a hash, second-resolution timestamps, a time
// of day without a date, variable-length segments without a delimiter, and
// generated keys that repeat.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "regionlab/status.h"
#include "rowkey/key_encoder.h"
#include "rowkey/query_plan.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

enum class FindingKind {
  kHotspot,
  kSaltBuckets,
  kHashBreaksQuery,
  kLowCardinality,
  kKeyLength,
  kValueRange,
  kUniqueness,
};
// "hotspot", "salt_buckets", "hash_breaks_query", "low_cardinality",
// "key_length", "value_range", "uniqueness".
const char* FindingKindName(FindingKind kind);

struct Finding {
  FindingKind kind = FindingKind::kHotspot;
  int segment = -1;  // 0-based segment the finding is about, -1 for the whole key
  std::string message;
};

struct ExampleKey {
  std::string key;      // the bytes
  std::string escaped;  // Bytes.toStringBinary
  std::string hex;      // lower-case hex
};

struct AnalysisOptions {
  // The table's regions: the split keys when known (query plans count the
  // regions they touch), else `regions` (0: unknown; the region-count
  // warnings are then skipped).
  std::vector<std::string> split_keys;
  int regions = 0;
  int examples = 10;          // example keys shown
  uint64_t sample = 10000;    // generated keys checked for repeats, order and leading values
  uint64_t planned_keys = 1000000;  // the run the value ranges are checked for
};

struct SchemeAnalysis {
  std::vector<ExampleKey> examples;
  int min_length = 0;
  int max_length = 0;  // -1: unbounded (a text segment without a width)
  std::vector<Finding> warnings;
  std::vector<Finding> uniqueness;  // risks
  std::vector<QueryPlan> queries;
  // From the sample of generated keys.
  uint64_t sampled = 0;
  uint64_t repeated = 0;            // keys equal to an earlier one
  double increasing_fraction = 0;   // consecutive keys in ascending order
  double decreasing_fraction = 0;
  uint64_t leading_distinct = 0;    // distinct values of the first varying segment

  bool HasWarning(FindingKind kind) const;
};

// Analyses `encoder`'s scheme with keys drawn from `workload`.
Result<SchemeAnalysis> AnalyzeScheme(const KeyEncoder& encoder, const Workload& workload,
                                     const AnalysisOptions& options);
// With the scheme's own workload.
Result<SchemeAnalysis> AnalyzeScheme(const RowkeyScheme& scheme, const AnalysisOptions& options);

}  // namespace regionlab::rowkey
