#include "region/scan_read_ahead.h"

#include <algorithm>

namespace regionlab {

std::vector<ScanAheadRequest> PlanScanReadAhead(std::span<const ScanAheadFile> files,
                                                uint64_t limit) {
  std::vector<ScanAheadRequest> out;
  uint64_t rows = 0;
  for (const ScanAheadFile& f : files) rows = std::max(rows, f.rows);
  if (files.empty() || limit == 0 || rows == 0) return out;

  std::vector<size_t> ahead(files.size(), 0);
  size_t most = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    const ScanAheadFile& f = files[i];
    if (f.seek_block >= f.blocks) continue;  // the seek lands past the file's end
    // round(limit * blocks / rows), without overflow for any realistic file.
    const double expected =
        static_cast<double>(limit) * static_cast<double>(f.blocks) / static_cast<double>(rows);
    size_t n = static_cast<size_t>(std::min(expected + 0.5, double(kMaxBlocksAhead)));
    const size_t last = std::min(f.last_block, f.blocks - 1);
    n = std::min(n, last > f.seek_block ? last - f.seek_block : size_t{0});
    ahead[i] = n;
    most = std::max(most, n);
  }
  for (size_t i = 1; i < files.size(); ++i) {
    if (files[i].seek_block < files[i].blocks) {
      out.push_back({i, files[i].seek_block});
    }
  }
  for (size_t k = 1; k <= most; ++k) {
    for (size_t i = 0; i < files.size(); ++i) {
      if (k <= ahead[i]) out.push_back({i, files[i].seek_block + k});
    }
  }
  return out;
}

}  // namespace regionlab
