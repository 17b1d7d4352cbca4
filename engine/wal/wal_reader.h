// Reading WAL segments back: replay after a crash, and inspection by tools.
//
// A segment is read record by record. A record that cannot be trusted (a
// checksum mismatch, an unknown record type, a payload that does not decode,
// a length that runs past the end of the file) is skipped, and reading
// resynchronises on the next intact record, as LevelDB's log reader skips to
// the next block: in a version 2 segment the record header's own checksum
// proves the length, so a damaged payload costs exactly that record; a
// damaged header is passed by looking for the next offset whose header
// checksum (seeded with the segment's random run id) holds. Each skip is
// reported as a WalCorruption with the byte range and the records lost.
//
// A torn tail (an incomplete last record, as a crash mid-append leaves) is
// not damage: it exists only at the end of the last segment of a WAL, and
// is recognised by its shape (a record cut off by the end of the file or by
// the zeros of the writer's unfilled reservation). The same shape anywhere
// else is damage. Nothing past the end of the file or of a record is ever
// read, whatever the bytes say.
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

// A stretch of a segment that reading skipped.
struct WalCorruption {
  std::string file;         // path of the segment
  uint64_t offset = 0;      // where the damage starts: a record, or a header field
  uint64_t end_offset = 0;  // where reading resumed (the end of the records when none followed)
  std::string reason;
  // An incomplete last record, as a crash mid-write leaves: expected, never
  // acknowledged to a synchronous writer, and not counted as lost.
  bool torn_tail = false;
  uint64_t records_lost = 0;       // entries skipped for good
  bool records_lost_exact = true;  // false: at least records_lost (a damaged header hides how many)

  uint64_t bytes_skipped() const { return end_offset - offset; }
  // A torn tail: "<file> at offset <n>: <reason> (torn tail)". Damage:
  // "<file>: damage at offset <n> (<k> bytes skipped, to offset <m>): <reason>;
  // 1 record lost" ("no record lost", "at least 2 records lost").
  std::string ToString() const;
};

struct WalReplayReport {
  uint64_t segments = 0;  // segment files read
  uint64_t entries = 0;   // entries passed to the callback
  uint64_t bytes = 0;     // bytes of the segments up to the end of their last good record
  std::vector<WalCorruption> problems;  // in segment and offset order
  // Segments with damage (any problem but a torn tail), in segment order:
  // the caller moves them aside (QuarantineWalSegment) instead of deleting them.
  std::vector<std::string> damaged_segments;
  uint64_t records_lost = 0;       // over all damage
  bool records_lost_exact = true;  // false: at least records_lost
};

struct WalSegmentReadOptions {
  // The segment is the newest of its WAL: only there may a torn tail end it.
  bool last_segment = true;
  // Run ids of other segments of the same WAL, tried when this segment's
  // header is damaged (segments of one writer share its run id).
  std::vector<uint64_t> run_id_hints;
};

// Reads the entries of one segment file in order.
class WalSegmentReader {
 public:
  // Opens `path`. Fails only when the file cannot be opened; a bad segment
  // header is reported among problems() by the first ReadNext().
  // `env` is not owned and must outlive the reader.
  static Result<std::unique_ptr<WalSegmentReader>> Open(Env* env, const std::string& path,
                                                        WalSegmentReadOptions options = {});

  WalSegmentReader(const WalSegmentReader&) = delete;
  WalSegmentReader& operator=(const WalSegmentReader&) = delete;

  // Reads the next intact entry into *entry and returns true, skipping (and
  // reporting) damage on the way. Returns false at the end of the segment,
  // at a torn tail, or on an IO error (status()); every later call returns
  // false too.
  bool ReadNext(WalEntry* entry);

  // Not OK when reading stopped on an IO error (not on damage).
  const Status& status() const { return status_; }
  // What was skipped so far, in offset order.
  const std::vector<WalCorruption>& problems() const { return problems_; }
  // Offset of the record holding the entry ReadNext() returned last.
  uint64_t record_offset() const { return record_offset_; }
  // Offset just past the header or the last good record read so far.
  uint64_t valid_end() const { return valid_end_; }
  uint64_t file_size() const { return size_; }
  const std::string& path() const { return path_; }
  // 1 or 2 once the header was read (0 before, or when it was unreadable).
  uint32_t version() const { return version_; }
  // The run id of a version 2 segment (0 otherwise).
  uint64_t run_id() const { return run_id_; }

 private:
  // Why a record at some offset is not intact.
  struct BadRecord {
    std::string reason;
    // The header proves where the record ends (a version 2 header whose
    // checksum holds): `end` is then trustworthy.
    bool extent_known = false;
    uint64_t end = 0;
  };
  enum class Outcome { kEntry, kEnd, kBad, kIoError };

  WalSegmentReader(std::string path, std::unique_ptr<RandomAccessFile> file,
                   WalSegmentReadOptions options);

  bool ReadSegmentHeader();
  // Picks the framing of a segment whose header is damaged: the version and
  // run id under which the earliest record verifies. False when none does.
  bool GuessFraming(uint64_t* first_record);
  Outcome ReadRecordAt(uint64_t p, WalEntry* entry, uint64_t* next, BadRecord* bad);
  // Handles the bad record at p: skips to the next intact one (or ends the
  // segment), records what was lost, and may recover the record's payload
  // into *entry (returns kEntry then).
  Outcome HandleDamage(uint64_t p, const BadRecord& bad, WalEntry* entry);
  // The first offset in [from, ZeroEnd()) where a record header verifies
  // (version 1: where a whole record does), or ZeroEnd() when none does.
  uint64_t FindNextRecord(uint64_t from, uint32_t version, uint64_t run_id);
  bool HeaderVerifiesAt(uint64_t q, uint32_t version, uint64_t run_id);
  // True, with *entry, when the stored checksum of the record at p (taken to
  // be an entry) matches the bytes from its payload start to one of the ends in
  // [end_min, end_max] (the record's length field being the damaged part).
  bool RecoverPayload(uint64_t p, uint64_t end_min, uint64_t end_max, WalEntry* entry,
                      uint64_t* end);
  void AddProblem(uint64_t offset, uint64_t end, std::string reason, bool torn,
                  uint64_t lost, bool exact);
  // Ends reading; returns false for the caller.
  bool Stop();
  // Points *out at bytes [offset, offset + n) of the file.
  // REQUIRES: offset + n <= size_. False (status_ set) on an IO error.
  bool Fetch(uint64_t offset, size_t n, std::string_view* out);
  // The offset just past the last non-zero byte of the file: from there on
  // the file holds only the zeros of an unfilled reservation.
  uint64_t ZeroEnd();
  size_t RecordHeaderSize() const;

  const std::string path_;
  const std::unique_ptr<RandomAccessFile> file_;
  const uint64_t size_;
  const WalSegmentReadOptions options_;
  uint32_t version_ = 0;
  uint64_t run_id_ = 0;
  uint64_t pos_ = 0;
  uint64_t valid_end_ = 0;
  uint64_t record_offset_ = 0;
  bool header_read_ = false;
  bool stopped_ = false;
  std::optional<uint64_t> zero_end_;
  Status status_;
  std::vector<WalCorruption> problems_;
  std::string buffer_;  // a window of the file starting at buffer_offset_
  uint64_t buffer_offset_ = 0;
};

// Reads every segment in `dir` in segment order and calls `fn` for each
// intact entry; stops and returns fn's error if it returns one. Damage is
// skipped and added to *report (reset first), with the damaged segments
// listed for the caller to move aside. A missing directory is an empty WAL.
// Returns non-OK only for fn's error or an IO error.
// REQUIRES: report is not null.
Status ReplayWal(Env* env, const std::string& dir, const std::function<Status(const WalEntry&)>& fn,
                 WalReplayReport* report);

// Paths of the segment files in `dir`, in segment-number order. Other files
// are ignored. NotFound when `dir` does not exist.
Result<std::vector<std::string>> ListWalSegments(Env* env, const std::string& dir);

// Moves the damaged segment `path` into `corrupt_dir` (created when
// missing), under its own name or, when that is taken, its name + ".1",
// ".2", ...; never deletes it. Returns the new path.
Result<std::string> QuarantineWalSegment(Env* env, const std::string& path,
                                         const std::string& corrupt_dir);

// Moves every damaged segment of `report` into `corrupt_dir` and returns
// one line per damaged stretch (torn tails left out), each naming the
// segment, the offsets, what was lost and where the segment went. Fails,
// having deleted nothing, when a segment cannot be moved.
Result<std::vector<std::string>> QuarantineDamagedSegments(Env* env, const WalReplayReport& report,
                                                           const std::string& corrupt_dir);

}  // namespace regionlab
