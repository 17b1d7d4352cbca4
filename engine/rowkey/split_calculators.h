// Split-key calculators for a rowkey scheme, the two usual ways of
// pre-splitting a table whose keys a hash or a partition prefix spreads:
//
//  - quantiles of sampled keys: sort a sample of generated keys and take
//    every (sample / regions)-th one, so that each region receives an equal
//    share of the planned writes. Repeated keys stay in the sample (a key
//    written often weighs more; a set of distinct keys would drop them), and
//    no key is returned twice:
//    when a quantile repeats the previous split key it moves on to the next
//    larger sampled key, so a sample with few distinct keys gives fewer
//    split keys than asked for;
//  - partition: regions over N buckets of a fixed-width partition prefix that
//    the writer computes (by default the bucket number as an 8-byte long,
//    Bytes.toBytes((long) i), as a Java client would write it).
//
// Every result is sorted, unique and free of empty keys, so it passes
// ValidateSplitKeys and can be written with FormatSplitsFile.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "regionlab/status.h"
#include "rowkey/key_encoder.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

// Quantile split keys of `sample` for `regions` regions (at most
// regions - 1 keys; see above). regions must be 2..kMaxPresplitRegions and
// the sample not empty.
Result<std::vector<std::string>> QuantileSplitKeys(std::vector<std::string> sample, int regions);

struct SampleOptions {
  uint64_t planned_keys = 1000000;  // the run the table is sized for
  uint64_t sample = 100000;         // keys kept: evenly spaced over the planned run
  // Called now and then with (records drawn, planned_keys); false cancels
  // (the result is then Aborted).
  std::function<bool(uint64_t, uint64_t)> progress;
};

// Draws the planned run from `workload` and keeps every
// (planned_keys / sample)-th key, so the sample covers the whole run even
// when ids or times increase; then QuantileSplitKeys.
Result<std::vector<std::string>> SampledSplitKeys(const KeyEncoder& encoder,
                                                  const Workload& workload, int regions,
                                                  const SampleOptions& options = SampleOptions());

// The prefix of bucket b: decimal zero-padded to `width` digits, lower-case
// hex padded to `width` characters, or `width` big-endian bytes (1..8).
Result<std::string> PartitionPrefix(uint64_t bucket, Encoding encoding, int width);

// Split keys for `regions` regions over `buckets` partitions: the prefixes
// of buckets floor(i * buckets / regions) for i = 1 .. regions - 1 (all of
// 1 .. buckets - 1 when regions == buckets). REQUIRES 2 <= regions <= buckets.
Result<std::vector<std::string>> PartitionSplitKeys(uint64_t buckets, int regions,
                                                    Encoding encoding, int width);

// Partition split keys for a salted scheme: the scheme's first segment that
// is not a constant must be a salt; constants before it are prefixed to
// every key. InvalidArgument otherwise.
Result<std::vector<std::string>> SaltSplitKeys(const KeyEncoder& encoder, int regions);

}  // namespace regionlab::rowkey
