// SegmentAccounting: which WAL segments still hold edits that no store file
// has, so the Wal knows when a segment may be deleted (HBase's
// SequenceIdAccounting plus the "all regions flushed" check of log cleaning).
//
// For every segment it keeps, per region, the highest sequence id written to
// that segment; for every region, the highest sequence id it has flushed.
// A segment other than the current one is obsolete once every region in it
// has flushed that region's highest sequence id in it (or has been
// forgotten). The current segment is obsolete only once the WAL is closed;
// before, it is still growing.
//
// Thread-safety: none. The Wal guards it with its mutex.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace regionlab::wal {

class SegmentAccounting {
 public:
  struct Segment {
    uint64_t number = 0;
    std::string path;
  };

  // Makes `number` the current segment; the previous current one becomes
  // closed. REQUIRES: number is greater than every number added before.
  void AddSegment(uint64_t number, std::string path);

  // Notes that `region` wrote `sequence_id` to the current segment.
  // REQUIRES: a segment was added.
  void RecordAppend(const std::string& region, uint64_t sequence_id);

  // `region` has flushed every edit with sequence id <= flushed_seq. Lower
  // values than one already recorded are ignored (flushes only move forward).
  void MarkFlushed(const std::string& region, uint64_t flushed_seq);

  // `region` is gone from this server: its entries no longer pin any segment.
  void ForgetRegion(const std::string& region);

  // Closed segments that are obsolete, oldest first, and with
  // `include_current` (the WAL is closed) the current one too. They stay
  // tracked until Remove() is called for them (after their file has been
  // deleted).
  std::vector<Segment> Obsolete(bool include_current = false) const;

  // Stops tracking segment `number`. No effect when it is not tracked.
  void Remove(uint64_t number);

  // Segments tracked, the current one included.
  size_t size() const { return segments_.size(); }

 private:
  struct Tracked {
    std::string path;
    // Highest sequence id written to this segment, per region.
    std::unordered_map<std::string, uint64_t> highest_seq;
  };

  bool IsObsolete(const Tracked& segment) const;

  std::map<uint64_t, Tracked> segments_;  // by number; the last one is current
  std::unordered_map<std::string, uint64_t> flushed_seq_;
  // The current segment's counter of the region RecordAppend saw last
  // (map values keep their address across rehashing); null when unknown.
  std::string last_region_;
  uint64_t* last_highest_ = nullptr;
};

}  // namespace regionlab::wal
