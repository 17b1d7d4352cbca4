// Minor compaction selection: which store files to compact together, by
// HBase's ExploringCompactionPolicy (the default since HBase 0.96) on top of
// RatioBasedCompactionPolicy's candidate filtering.
//
// Selection, given the store files ordered oldest -> newest:
//  1. Files up to and including the newest file already being compacted are
//     not eligible (a compaction must take a contiguous run of files).
//  2. Leading files larger than max_size are skipped.
//  3. Every contiguous window of min_files..max_files eligible files is
//     considered. A window is rejected when its total size exceeds max_size;
//     it qualifies when its total is below min_size, or when every file in it
//     is at most ratio x (the sum of the other files in the window).
//  4. Among qualifying windows the one with the most files wins, ties going
//     to the smaller total size (the first such window on equal size).
//     When the store "might be stuck" (at least blocking_files files not
//     being compacted) the best window is instead the one removing the most
//     files per byte, replacing an earlier pick only when 5% better.
//  5. When nothing qualifies and the store might be stuck, the window of
//     min_files..max_files files with the smallest total size is taken,
//     whatever the ratio, to get below the blocking count.
// Selections with fewer than min_files files are dropped (empty selection).
//
// With may_use_off_peak (the caller found an off-peak hour and holds the
// region server's one off-peak slot), steps 2-3 use offpeak_ratio and the
// off-peak maximum size instead, as HBase's selectCompaction does. The
// selection is then an off-peak compaction unless it is empty or takes every
// file, and the caller gives the slot back when it ends (at once when the
// selection is not off-peak).
//
// min_files below 2 is treated as 2, as HBase does.
//
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "regionlab/options.h"

namespace regionlab {

// HBase's default hbase.hstore.blockingStoreFiles.
inline constexpr int kDefaultBlockingStoreFiles = 16;

struct CompactionCandidate {
  uint64_t size = 0;             // file length in bytes
  uint64_t max_sequence_id = 0;  // ordering key of the file (oldest has the smallest)
  bool being_compacted = false;  // already part of a running compaction
};

struct CompactionSelection {
  std::vector<size_t> files;  // indices into the input, ascending; empty = nothing to do
  // The selection is every store file: the compaction rewrites the whole
  // store and may drop delete markers (HBase's "all files" request).
  bool is_major = false;
  // At least blocking_files files were waiting, so the stuck rules applied.
  bool might_be_stuck = false;
  // Selected with the off-peak ratio and size (see above).
  bool off_peak = false;
};

// `files` ordered oldest -> newest (ascending max_sequence_id).
// blocking_files is hbase.hstore.blockingStoreFiles.
CompactionSelection SelectMinorCompaction(const std::vector<CompactionCandidate>& files,
                                          const CompactionOptions& opts,
                                          int blocking_files = kDefaultBlockingStoreFiles,
                                          bool may_use_off_peak = false);

// HBase's needsCompaction: at least min_files files that are not being
// compacted.
bool NeedsCompaction(size_t file_count, const CompactionOptions& opts);

}  // namespace regionlab
