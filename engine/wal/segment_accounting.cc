#include "wal/segment_accounting.h"

#include <cassert>
#include <utility>

namespace regionlab::wal {

void SegmentAccounting::AddSegment(uint64_t number, std::string path) {
  assert(segments_.empty() || segments_.rbegin()->first < number);
  segments_[number].path = std::move(path);
  last_highest_ = nullptr;
}

void SegmentAccounting::RecordAppend(const std::string& region, uint64_t sequence_id) {
  assert(!segments_.empty());
  // Appends come in runs from one region (a region's own WAL has no other):
  // the last one's counter is reused without hashing the name again.
  if (last_highest_ == nullptr || region != last_region_) {
    last_highest_ = &segments_.rbegin()->second.highest_seq[region];
    last_region_ = region;
  }
  if (sequence_id > *last_highest_) *last_highest_ = sequence_id;
}

void SegmentAccounting::MarkFlushed(const std::string& region, uint64_t flushed_seq) {
  auto [it, inserted] = flushed_seq_.try_emplace(region, flushed_seq);
  if (!inserted && flushed_seq > it->second) it->second = flushed_seq;
}

void SegmentAccounting::ForgetRegion(const std::string& region) {
  last_highest_ = nullptr;
  flushed_seq_.erase(region);
  for (auto& [number, segment] : segments_) segment.highest_seq.erase(region);
}

bool SegmentAccounting::IsObsolete(const Tracked& segment) const {
  for (const auto& [region, highest] : segment.highest_seq) {
    auto it = flushed_seq_.find(region);
    if (it == flushed_seq_.end() || it->second < highest) return false;
  }
  return true;
}

std::vector<SegmentAccounting::Segment> SegmentAccounting::Obsolete(bool include_current) const {
  std::vector<Segment> out;
  if (segments_.empty()) return out;
  const uint64_t current = segments_.rbegin()->first;
  for (const auto& [number, segment] : segments_) {
    if ((include_current || number != current) && IsObsolete(segment)) {
      out.push_back({number, segment.path});
    }
  }
  return out;
}

void SegmentAccounting::Remove(uint64_t number) {
  if (segments_.erase(number) != 0) last_highest_ = nullptr;
}

}  // namespace regionlab::wal
