#include "region/scan_read_ahead.h"

#include <algorithm>

namespace regionlab {

namespace {

// How many blocks after its seek block file `f` gets: round(limit * blocks /
// rows), at most kMaxBlocksAhead, and none past its last block.
size_t BlocksAhead(const ScanAheadFile& f, uint64_t limit, uint64_t rows) {
  if (f.seek_block >= f.blocks) return 0;  // the seek lands past the file's end
  // In double: no overflow for any realistic file.
  const double expected =
      static_cast<double>(limit) * static_cast<double>(f.blocks) / static_cast<double>(rows);
  const size_t n = static_cast<size_t>(std::min(expected + 0.5, double(kMaxBlocksAhead)));
  const size_t last = std::min(f.last_block, f.blocks - 1);
  return std::min(n, last > f.seek_block ? last - f.seek_block : size_t{0});
}

}  // namespace

void PlanScanReadAhead(std::span<const ScanAheadFile> files, uint64_t limit,
                       std::vector<ScanAheadRequest>* out) {
  out->clear();
  uint64_t rows = 0;
  for (const ScanAheadFile& f : files) rows = std::max(rows, f.rows);
  if (files.empty() || limit == 0 || rows == 0) return;

  size_t most = 0;
  for (const ScanAheadFile& f : files) most = std::max(most, BlocksAhead(f, limit, rows));
  for (size_t i = 1; i < files.size(); ++i) {
    if (files[i].seek_block < files[i].blocks) {
      out->push_back({i, files[i].seek_block});
    }
  }
  for (size_t k = 1; k <= most; ++k) {
    for (size_t i = 0; i < files.size(); ++i) {
      if (k <= BlocksAhead(files[i], limit, rows)) out->push_back({i, files[i].seek_block + k});
    }
  }
}

}  // namespace regionlab
