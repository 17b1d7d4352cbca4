// RegionHistoryStore: the region history of one remote-cluster connection,
// kept in a SQLite file of its own (by convention
// <app data dir>/connections/<name>.history.sqlite), so the split genealogy
// and the timeline of a remote cluster survive restarts.
//
// Record() takes each poll's region layout, diffs it against the last one
// recorded (region_history.h) and writes, in one transaction, the changes
// found, the new layout and the time of the poll. The very first poll of a
// file is the baseline and yields no changes; the first poll after a reopen
// is diffed against the layout the file kept, so what changed while nobody
// watched is still found (its RegionChange::since_ms is the last poll of the
// previous session).
//
// Watched time: polls are kept as runs ("watched from the first poll to the
// last"); a poll extends the current run when it comes at most
// kGapFactor x its poll interval after the previous poll of the same
// session, otherwise it starts a new run. Every stretch between runs is a
// gap, "not watched from ... to ...": a poll that came too late, the app
// closed, the store reopened. The current run of an open store counts as
// watched up to `to` while its next poll is not yet overdue.
//
// Files: the SQLite application_id marks the file as a RegionLab region
// history; a foreign file (another SQLite database, a RegionLab catalog) is
// refused with InvalidArgument, a file that is not SQLite or is damaged
// with Corruption, each naming the file, and neither is modified. A file is
// open in one store at a time (SQLite's exclusive locking mode): a second
// Open, in any process, fails with Busy naming the file. Commits are
// durable (WAL, synchronous FULL).
//
// Thread-safety: every method may be called from any thread; calls are
// serialised by the store's mutex.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "regionlab/cluster.h"
#include "regionlab/status.h"
#include "remote/region_history.h"

namespace regionlab {
class SqliteDb;
}

namespace regionlab::remote {

// "RLHS": a RegionLab region history (PRAGMA application_id).
inline constexpr int64_t kHistoryApplicationId = 0x524C4853;
inline constexpr int kHistorySchemaVersion = 1;
// A poll more than this many poll intervals after the previous one leaves
// a gap between them.
inline constexpr int64_t kGapFactor = 3;

struct RecordOptions {
  int64_t poll_interval_ms = 10000;  // the connection's poll interval
  // Tables the poll listed but whose regions it could not read: unchanged.
  std::set<std::string> unread_tables;
};

// A stretch of time, both ends included (ms since the epoch).
struct TimeInterval {
  int64_t from_ms = 0, to_ms = 0;
  bool operator==(const TimeInterval&) const = default;
};

struct TableHistory {
  std::vector<RegionChange> changes;  // oldest first
  std::vector<TimeInterval> gaps;     // "not watched from ... to ...", oldest first
};

class RegionHistoryStore {
 public:
  // Opens the history at `path`, creating it (not its directory) when missing.
  static Result<std::unique_ptr<RegionHistoryStore>> Open(const std::string& path);
  ~RegionHistoryStore();
  RegionHistoryStore(const RegionHistoryStore&) = delete;
  RegionHistoryStore& operator=(const RegionHistoryStore&) = delete;

  const std::string& path() const { return path_; }

  // Records one poll and returns the changes it found (already stored).
  // InvalidArgument when the poll is older than the last one recorded.
  Result<std::vector<RegionChange>> Record(const RegionSet& poll, const RecordOptions& options = {});
  Result<std::vector<RegionChange>> Record(const ClusterSample& sample,
                                           const RecordOptions& options = {});

  // The changes of `table` ("" = every table) seen by polls at from_ms ..
  // to_ms, oldest first (the same poll's in the diff's order).
  Result<std::vector<RegionChange>> Changes(const std::string& table, int64_t from_ms,
                                            int64_t to_ms);
  // The times from_ms .. to_ms that no poll watched, oldest first.
  Result<std::vector<TimeInterval>> Gaps(int64_t from_ms, int64_t to_ms);
  // The runs of polls that overlap from_ms .. to_ms, oldest first.
  Result<std::vector<TimeInterval>> Watched(int64_t from_ms, int64_t to_ms);
  // Changes and gaps together, from one consistent read.
  Result<TableHistory> History(const std::string& table, int64_t from_ms, int64_t to_ms);
  // Every split and merge of `table`, oldest first, as the engine's
  // genealogy entries (Admin::GetHistory's type).
  Result<std::vector<HistoryEntry>> Genealogy(const std::string& table);

  // The layout of the last poll recorded (after a reopen: the one the file
  // kept, without sizes); time_ms 0 when none was.
  RegionSet LastLayout() const;

 private:
  RegionHistoryStore(std::unique_ptr<SqliteDb> db, std::string path);
  Status Prepare();
  Status LoadLayout();
  Status WriteLayoutChanges(const std::vector<RegionChange>& changes, bool baseline,
                            const RegionSet& poll);
  Status ExtendWatched(int64_t time_ms, int64_t interval_ms);
  Result<std::vector<RegionChange>> ChangesLocked(const std::string& table, int64_t from_ms,
                                                  int64_t to_ms);
  Result<std::vector<TimeInterval>> GapsLocked(int64_t from_ms, int64_t to_ms);
  Result<std::vector<TimeInterval>> WatchedLocked(int64_t from_ms, int64_t to_ms);

  mutable std::mutex mu_;
  std::unique_ptr<SqliteDb> db_;
  std::string path_;
  RegionSet layout_;         // the last poll's, what the next one is diffed against
  bool have_layout_ = false;
  // This session's current run: its row id, 0 before the session's first poll.
  int64_t run_id_ = 0;
  int64_t run_to_ms_ = 0;
  int64_t run_interval_ms_ = 0;
};

}  // namespace regionlab::remote
