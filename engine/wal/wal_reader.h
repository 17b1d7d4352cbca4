// Reading WAL segments back: replay after a crash, and inspection by tools.
//
// A segment is read record by record. The first record that cannot be
// trusted ends the reading of THAT segment and is reported as a
// WalCorruption: a checksum mismatch, an unknown record type, a payload that
// does not decode, or an incomplete last record (a torn tail: a record header
// or payload cut off by the end of the file, or a tail of zero bytes). Replay
// then moves on to the next segment. Nothing past the end of the file or of a
// record is ever read, whatever the bytes say.
//
// See FORMAT-wal.md for the layout and the exact rules.
//
// Thread-safety: a WalSegmentReader is used by one thread at a time.
// ReplayWal and ListWalSegments may run concurrently with each other.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"
#include "util/env.h"
#include "wal/wal_entry.h"

namespace regionlab {

// Why the reading of one segment stopped early.
struct WalCorruption {
  std::string file;     // path of the segment
  uint64_t offset = 0;  // byte offset of the record (or header field) that is bad
  std::string reason;
  bool torn_tail = false;  // an incomplete last record, as a crash mid-write leaves

  // "<file> at offset <n>: <reason>", with " (torn tail)" when it is one.
  std::string ToString() const;
};

struct WalReplayReport {
  uint64_t segments = 0;  // segment files read
  uint64_t entries = 0;   // entries passed to the callback
  uint64_t bytes = 0;     // bytes of the segments up to the end of their last good record
  std::vector<WalCorruption> problems;  // at most one per segment, in segment order
};

// Reads the entries of one segment file in order.
class WalSegmentReader {
 public:
  // Opens `path`. Fails only when the file cannot be opened; a bad segment
  // header is reported as problem() by the first ReadNext().
  // `env` is not owned and must outlive the reader.
  static Result<std::unique_ptr<WalSegmentReader>> Open(Env* env, const std::string& path);

  WalSegmentReader(const WalSegmentReader&) = delete;
  WalSegmentReader& operator=(const WalSegmentReader&) = delete;

  // Reads the next entry into *entry and returns true. Returns false at the
  // end of the segment, at the first untrustworthy record (problem() says
  // which) or on an IO error (status()); every later call returns false too.
  bool ReadNext(WalEntry* entry);

  // Not OK when reading stopped on an IO error (not on corruption).
  const Status& status() const { return status_; }
  // Set when reading stopped at a bad header or record.
  const std::optional<WalCorruption>& problem() const { return problem_; }
  // Offset of the record holding the entry ReadNext() returned last.
  uint64_t record_offset() const { return record_offset_; }
  // Offset just past the header or the last good record read so far.
  uint64_t valid_end() const { return pos_; }
  uint64_t file_size() const { return size_; }
  const std::string& path() const { return path_; }

 private:
  WalSegmentReader(std::string path, std::unique_ptr<RandomAccessFile> file);

  bool CheckSegmentHeader();
  // Records the problem and stops reading; returns false for the caller.
  bool Stop(uint64_t offset, std::string reason, bool torn_tail);
  // Points *out at bytes [offset, offset + n) of the file.
  // REQUIRES: offset + n <= size_. False (status_ set) on an IO error.
  bool Fetch(uint64_t offset, size_t n, std::string_view* out);
  // True when every byte from `offset` to the end of the file is zero.
  bool ZeroFrom(uint64_t offset);

  const std::string path_;
  const std::unique_ptr<RandomAccessFile> file_;
  const uint64_t size_;
  uint64_t pos_ = 0;
  uint64_t record_offset_ = 0;
  bool header_checked_ = false;
  bool stopped_ = false;
  Status status_;
  std::optional<WalCorruption> problem_;
  std::string buffer_;  // a window of the file starting at buffer_offset_
  uint64_t buffer_offset_ = 0;
};

// Reads every segment in `dir` in segment order and calls `fn` for each
// entry; stops and returns fn's error if it returns one. Problems in a
// segment end that segment only and are added to *report (reset first).
// A missing directory is an empty WAL. Returns non-OK only for fn's error or
// an IO error. REQUIRES: report is not null.
Status ReplayWal(Env* env, const std::string& dir, const std::function<Status(const WalEntry&)>& fn,
                 WalReplayReport* report);

// Paths of the segment files in `dir`, in segment-number order. Other files
// are ignored. NotFound when `dir` does not exist.
Result<std::vector<std::string>> ListWalSegments(Env* env, const std::string& dir);

}  // namespace regionlab
