// Read-ahead for a scan with a row limit: which data blocks to have the
// block cache's read-ahead thread load when the scan opens.
//
// A scan that names its limit (a Scan with LIMIT, YCSB's short scans, the
// benchmark's seek + 100 rows) is short: it never gets to the long run of
// blocks that starts the streaming read-ahead of StoreFileIterator. Each of
// its files still needs the block its seek lands in and, usually, a few
// after it, and with more than one file the merge needs all of them. Read
// one by one on the scanning thread, those loads (checksum and snappy
// decompression of each 4 KiB block) are most of such a scan's time.
//
// So when the scan opens, the blocks it is expected to need go to the
// read-ahead thread, on the other core, while the scanning thread seeks:
//
//   - the seek block of every file but the first, which the scanning thread
//     reads at once itself (queued, it would only wait for it);
//   - then, round-robin over the files in the order the merge meets them,
//     the blocks after each seek block: file f gets
//       round(limit * blocks(f) / rows)
//     of them, where rows is the largest row count of the files (the file
//     that holds most of the region's rows holds about all of them after a
//     compaction; each file has its blocks spread evenly over the rows), at
//     most kMaxBlocksAhead, and never past the block of the stop row.
//
// A file's row count is its ROW bloom's key count (distinct rows); without
// one, its cell count, which can only lower the estimate.
//
// The estimate only decides what is loaded early: a block the scan needs
// and nobody loaded ahead is read by the scan, a block loaded and not needed
// is an ordinary cached block, and what the scan returns never changes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace regionlab {

struct ScanAheadFile {
  size_t seek_block = 0;  // the data block the scan's seek lands in
  size_t last_block = 0;  // the last block the scan's range reaches (stop row, or the file's end)
  size_t blocks = 0;      // data blocks in the file
  uint64_t rows = 0;      // distinct rows in the file (ROW bloom key count), else cells
};

struct ScanAheadRequest {
  size_t file = 0;   // index into the files given
  size_t block = 0;  // data block number in that file
  bool operator==(const ScanAheadRequest&) const = default;
};

inline constexpr int kMaxBlocksAhead = 8;

// The loads to queue, in order, for a scan of at most `limit` rows (> 0)
// over `files` in the order the merge seeks them: *out is cleared and
// filled. Nothing else is allocated, so a caller that keeps `out` between
// scans plans without touching the heap.
void PlanScanReadAhead(std::span<const ScanAheadFile> files, uint64_t limit,
                       std::vector<ScanAheadRequest>* out);


}  // namespace regionlab
