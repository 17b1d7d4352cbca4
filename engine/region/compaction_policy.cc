#include "region/compaction_policy.h"

#include <algorithm>
#include <ctime>
#include <limits>

namespace regionlab {

namespace {

// HBase's ExploringCompactionPolicy: a stuck store only replaces its current
// pick when the new window removes files per byte at least this much better.
constexpr double kReplaceIfBetterBy = 1.05;

int MinFiles(const CompactionOptions& opts) { return std::max(2, opts.min_files); }

// Every file is at most ratio x (sum of the others in the window).
bool FilesInRatio(const std::vector<CompactionCandidate>& files, size_t begin, size_t end,
                  uint64_t total, double ratio) {
  if (end - begin < 2) return true;
  for (size_t i = begin; i < end; ++i) {
    const uint64_t others = total - files[i].size;
    if (static_cast<double>(files[i].size) > static_cast<double>(others) * ratio) return false;
  }
  return true;
}

struct Window {
  size_t begin = 0;
  size_t count = 0;  // 0: no window
  uint64_t size = 0;
};

bool IsBetter(const Window& best, const Window& candidate, bool might_be_stuck) {
  if (might_be_stuck && best.size > 0 && candidate.size > 0) {
    const double threshold =
        static_cast<double>(best.count) / static_cast<double>(best.size) * kReplaceIfBetterBy;
    return threshold < static_cast<double>(candidate.count) / static_cast<double>(candidate.size);
  }
  return candidate.count > best.count ||
         (candidate.count == best.count && candidate.size < best.size);
}

}  // namespace

bool HasOffPeakHours(const CompactionOptions& opts) {
  const int start = opts.offpeak_start_hour, end = opts.offpeak_end_hour;
  auto valid = [](int h) { return 0 <= h && h <= 23; };
  return valid(start) && valid(end) && start != end;
}

bool IsOffPeakHour(const CompactionOptions& opts, int hour) {
  if (!HasOffPeakHours(opts)) return false;
  const int start = opts.offpeak_start_hour, end = opts.offpeak_end_hour;
  if (start < end) return start <= hour && hour < end;
  return hour < end || start <= hour;  // the hours wrap past midnight
}

int LocalHourOf(int64_t epoch_millis) {
  const time_t seconds = static_cast<time_t>(epoch_millis / 1000);
  struct tm local {};
  if (localtime_r(&seconds, &local) == nullptr) return -1;
  return local.tm_hour;
}

CompactionSelection SelectMinorCompaction(const std::vector<CompactionCandidate>& files,
                                          const CompactionOptions& opts, int blocking_files,
                                          bool may_use_off_peak) {
  CompactionSelection result;
  const size_t n = files.size();
  const double ratio = may_use_off_peak ? opts.offpeak_ratio : opts.ratio;
  const uint64_t max_size =
      may_use_off_peak && opts.offpeak_max_size != 0 ? opts.offpeak_max_size : opts.max_size;

  // Step 1: only files newer than the newest file under compaction.
  size_t begin = 0;
  size_t compacting = 0;
  for (size_t i = 0; i < n; ++i) {
    if (files[i].being_compacted) {
      ++compacting;
      begin = i + 1;
    }
  }
  // A running compaction will add one file when it finishes.
  const size_t future_files = compacting > 0 ? 1 : 0;
  result.might_be_stuck =
      blocking_files >= 0 && n - compacting + future_files >= static_cast<size_t>(blocking_files);

  // Step 2: skip leading files that are too large to compact.
  while (begin < n && files[begin].size > max_size) ++begin;

  const size_t min_files = static_cast<size_t>(MinFiles(opts));
  const size_t max_files = opts.max_files < 0 ? 0 : static_cast<size_t>(opts.max_files);

  // Steps 3-5.
  Window best;
  Window smallest;
  uint64_t smallest_size = std::numeric_limits<uint64_t>::max();
  for (size_t start = begin; start < n; ++start) {
    uint64_t size = 0;
    for (size_t end = start; end < n; ++end) {  // window [start, end]
      size += files[end].size;
      const size_t count = end - start + 1;
      if (count > max_files) break;
      if (count < min_files) continue;
      if (result.might_be_stuck && size < smallest_size) {
        smallest = Window{start, count, size};
        smallest_size = size;
      }
      if (size > max_size) continue;
      if (size >= opts.min_size && !FilesInRatio(files, start, end + 1, size, ratio)) {
        continue;
      }
      const Window candidate{start, count, size};
      if (IsBetter(best, candidate, result.might_be_stuck)) best = candidate;
    }
  }
  if (best.count == 0 && result.might_be_stuck) best = smallest;
  if (best.count < min_files) return result;

  for (size_t i = 0; i < best.count; ++i) result.files.push_back(best.begin + i);
  result.is_major = result.files.size() == n;
  result.off_peak = may_use_off_peak && !result.is_major;
  return result;
}

bool NeedsCompaction(size_t file_count, const CompactionOptions& opts) {
  return file_count >= static_cast<size_t>(MinFiles(opts));
}

}  // namespace regionlab
