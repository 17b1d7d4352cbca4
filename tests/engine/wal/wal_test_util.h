// Helpers shared by the WAL tests: building entries, replaying a directory
// into a vector, and the record layout of a segment.
#pragma once

#include <QtTest>
#include <string>
#include <vector>

#include "support/test_util.h"
#include "util/env.h"
#include "wal/wal.h"
#include "wal/wal_reader.h"

namespace regionlab::test {

// An entry of `region` with one Put whose value is `value_size` bytes.
inline WalEntry MakeEntry(const std::string& region, uint64_t seq, size_t value_size = 40) {
  WalEntry e;
  e.region = region;
  e.sequence_id = seq;
  e.write_time_ms = 1700000000000 + static_cast<int64_t>(seq);
  std::string value(value_size, 'v');
  for (size_t i = 0; i < value.size(); ++i) value[i] = static_cast<char>('a' + (seq + i) % 26);
  e.edits.push_back(
      {"cf", "row-" + std::to_string(seq), "q", static_cast<int64_t>(seq), CellType::kPut, value});
  return e;
}

// Every entry ReplayWal delivers from `dir`, in order.
inline std::vector<WalEntry> ReplayAll(const std::string& dir, WalReplayReport* report,
                                       Status* status = nullptr) {
  std::vector<WalEntry> out;
  Status s = ReplayWal(
      Env::Default(), dir,
      [&out](const WalEntry& e) {
        out.push_back(e);
        return Status::OK();
      },
      report);
  if (status != nullptr) *status = s;
  return out;
}

// Record offsets of a well-formed segment, plus its size.
struct SegmentLayout {
  std::vector<uint64_t> record_offsets;
  uint64_t size = 0;
  // Bytes of record i, header included.
  uint64_t RecordSize(size_t i) const {
    return (i + 1 < record_offsets.size() ? record_offsets[i + 1] : size) - record_offsets[i];
  }
};

inline SegmentLayout ReadLayout(const std::string& path) {
  SegmentLayout layout;
  auto reader = WalSegmentReader::Open(Env::Default(), path);
  if (!reader.ok()) return layout;
  WalEntry e;
  while ((*reader)->ReadNext(&e)) layout.record_offsets.push_back((*reader)->record_offset());
  layout.size = (*reader)->file_size();
  return layout;
}

inline std::vector<std::string> Segments(const std::string& dir) {
  auto segments = ListWalSegments(Env::Default(), dir);
  return segments.ok() ? *segments : std::vector<std::string>{};
}

}  // namespace regionlab::test
