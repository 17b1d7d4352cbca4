#include "remote/region_history_store.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "catalog/sqlite_db.h"

namespace regionlab::remote {

namespace {

constexpr std::string_view kWhat = "region history";

// Region rows of a change: side 0 the regions it ended, 1 those it made.
const char kSchema[] = R"sql(
CREATE TABLE watched(
  id INTEGER PRIMARY KEY,
  from_ms INTEGER NOT NULL,
  to_ms INTEGER NOT NULL,
  interval_ms INTEGER NOT NULL,
  polls INTEGER NOT NULL);
CREATE INDEX watched_by_end ON watched(to_ms);
CREATE TABLE changes(
  id INTEGER PRIMARY KEY,
  time_ms INTEGER NOT NULL,
  since_ms INTEGER NOT NULL,
  kind TEXT NOT NULL,
  table_name BLOB NOT NULL);
CREATE INDEX changes_by_table ON changes(table_name, time_ms);
CREATE INDEX changes_by_time ON changes(time_ms);
CREATE TABLE change_regions(
  change_id INTEGER NOT NULL REFERENCES changes(id),
  side INTEGER NOT NULL,
  ord INTEGER NOT NULL,
  encoded_name BLOB NOT NULL,
  start_key BLOB NOT NULL,
  end_key BLOB NOT NULL,
  server BLOB NOT NULL,
  region_id INTEGER NOT NULL,
  store_file_bytes INTEGER NOT NULL,
  PRIMARY KEY(change_id, side, ord)) WITHOUT ROWID;
CREATE TABLE layout(
  table_name BLOB NOT NULL,
  encoded_name BLOB NOT NULL,
  start_key BLOB NOT NULL,
  end_key BLOB NOT NULL,
  server BLOB NOT NULL,
  region_id INTEGER NOT NULL,
  PRIMARY KEY(table_name, encoded_name)) WITHOUT ROWID;
CREATE TABLE state(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
)sql";

std::string Hex32(int64_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08llx", static_cast<unsigned long long>(v) & 0xffffffffULL);
  return buf;
}

RegionPlacement RegionFrom(const Query& q, int first_col) {
  RegionPlacement r;
  r.encoded_name = q.ColumnString(first_col);
  r.start_key = q.ColumnString(first_col + 1);
  r.end_key = q.ColumnString(first_col + 2);
  r.server = q.ColumnString(first_col + 3);
  r.region_id = q.ColumnInt(first_col + 4);
  return r;
}

}  // namespace

Result<std::unique_ptr<RegionHistoryStore>> RegionHistoryStore::Open(const std::string& path) {
  auto db = SqliteDb::Open(path, kWhat);
  if (!db.ok()) return db.status();
  std::unique_ptr<RegionHistoryStore> store(new RegionHistoryStore(std::move(*db), path));
  RL_RETURN_IF_ERROR(store->Prepare());
  RL_RETURN_IF_ERROR(store->LoadLayout());
  return store;
}

RegionHistoryStore::RegionHistoryStore(std::unique_ptr<SqliteDb> db, std::string path)
    : db_(std::move(db)), path_(std::move(path)) {}

RegionHistoryStore::~RegionHistoryStore() = default;

Status RegionHistoryStore::Prepare() {
  constexpr std::string_view kOp = "Open";
  // No waiting for a lock: another holder means another store has the file.
  RL_RETURN_IF_ERROR(db_->Exec(kOp, "PRAGMA busy_timeout = 0"));
  RL_RETURN_IF_ERROR(db_->Exec(kOp, "PRAGMA foreign_keys = ON"));
  RL_RETURN_IF_ERROR(db_->Exec(kOp, "PRAGMA cell_size_check = ON"));
  // Before the first read, so the lock is taken by it and kept.
  RL_RETURN_IF_ERROR(db_->Exec(kOp, "PRAGMA locking_mode = EXCLUSIVE"));
  // The first statement that reads the file fails with SQLITE_NOTADB on a
  // file that is not SQLite, or SQLITE_BUSY when another store holds it.
  Result<int64_t> app_id = db_->QueryInt(kOp, "PRAGMA application_id");
  if (!app_id.ok()) {
    if (app_id.status().IsBusy()) {
      return db_->Fail(Status::Code::kBusy, kOp,
                       "the file is in use by another RegionLab window or process");
    }
    return app_id.status();
  }
  Result<int64_t> version = db_->QueryInt(kOp, "PRAGMA user_version");
  if (!version.ok()) return version.status();
  Result<int64_t> objects = db_->QueryInt(kOp, "SELECT count(*) FROM sqlite_schema");
  if (!objects.ok()) return objects.status();
  const bool fresh = *app_id == 0 && *version == 0 && *objects == 0;
  if (!fresh) {
    if (*app_id != kHistoryApplicationId) {
      return db_->Fail(Status::Code::kInvalidArgument, kOp,
                       "not a RegionLab region history (application_id " + Hex32(*app_id) +
                           ", expected " + Hex32(kHistoryApplicationId) + ")");
    }
    if (*version > kHistorySchemaVersion) {
      return db_->Fail(Status::Code::kNotSupported, kOp,
                       "region history version " + std::to_string(*version) +
                           " is newer than this RegionLab's (" +
                           std::to_string(kHistorySchemaVersion) + "); open it with a newer RegionLab");
    }
    if (*version < 1) {
      return db_->Fail(Status::Code::kInvalidArgument, kOp,
                       "region history without a version (user_version " + std::to_string(*version) + ")");
    }
    // A damaged page is found now, with the file named, not by a later poll.
    Result<Query> check = db_->Prepare(kOp, "PRAGMA quick_check");
    if (!check.ok()) return check.status();
    for (;;) {
      Result<bool> row = check->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      const std::string line = check->ColumnString(0);
      if (line != "ok") return db_->Fail(Status::Code::kCorruption, kOp, "damaged: " + line);
    }
  }
  // Only a file known to be ours (or new) is written to.
  RL_RETURN_IF_ERROR(db_->Exec(kOp, "PRAGMA journal_mode = WAL"));
  RL_RETURN_IF_ERROR(db_->Exec(kOp, "PRAGMA synchronous = FULL"));
  Transaction tx(db_.get());
  RL_RETURN_IF_ERROR(tx.Begin(kOp));  // takes the exclusive lock, even on an existing file
  if (fresh) {
    RL_RETURN_IF_ERROR(db_->Exec(kOp, kSchema));
    RL_RETURN_IF_ERROR(db_->Exec(kOp, "PRAGMA application_id = " + std::to_string(kHistoryApplicationId)));
    RL_RETURN_IF_ERROR(db_->Exec(kOp, "PRAGMA user_version = " + std::to_string(kHistorySchemaVersion)));
  }
  return tx.Commit(kOp);
}

Status RegionHistoryStore::LoadLayout() {
  constexpr std::string_view kOp = "reading the last layout";
  layout_ = RegionSet();
  Result<int64_t> time = db_->QueryInt(kOp, "SELECT value FROM state WHERE key = 'layout_ms'");
  if (!time.ok()) return time.status();
  have_layout_ = *time > 0;
  if (!have_layout_) return Status::OK();
  layout_.time_ms = *time;
  Result<Query> q = db_->Prepare(
      kOp, "SELECT table_name, encoded_name, start_key, end_key, server, region_id FROM layout "
           "ORDER BY table_name, start_key");
  if (!q.ok()) return q.status();
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    RegionPlacement r = RegionFrom(*q, 1);
    r.table = q->ColumnString(0);
    layout_.tables[r.table].push_back(std::move(r));
  }
  return Status::OK();
}

RegionSet RegionHistoryStore::LastLayout() const {
  std::lock_guard<std::mutex> lock(mu_);
  return layout_;
}

Result<std::vector<RegionChange>> RegionHistoryStore::Record(const ClusterSample& sample,
                                                             const RecordOptions& options) {
  return Record(RegionSetOf(sample), options);
}

Result<std::vector<RegionChange>> RegionHistoryStore::Record(const RegionSet& poll,
                                                             const RecordOptions& options) {
  constexpr std::string_view kOp = "Record";
  std::lock_guard<std::mutex> lock(mu_);
  if (have_layout_ && poll.time_ms < layout_.time_ms) {
    return db_->Fail(Status::Code::kInvalidArgument, kOp,
                     "a poll at " + std::to_string(poll.time_ms) +
                         " ms is older than the last one recorded (" +
                         std::to_string(layout_.time_ms) + " ms)");
  }
  std::vector<RegionChange> changes;
  if (have_layout_) changes = DiffRegionSets(layout_, poll, options.unread_tables);
  // The new layout: the poll's, with the unread tables' regions kept.
  RegionSet next = poll;
  for (const std::string& t : options.unread_tables) {
    auto kept = layout_.tables.find(t);
    if (kept != layout_.tables.end() && !next.tables.count(t)) next.tables[t] = kept->second;
  }

  Transaction tx(db_.get());
  RL_RETURN_IF_ERROR(tx.Begin(kOp));
  // Watched time: extend this session's run or start a new one.
  const int64_t interval = std::max<int64_t>(1, options.poll_interval_ms);
  const bool extend = run_id_ != 0 && poll.time_ms - run_to_ms_ <=
                                          kGapFactor * std::max(interval, run_interval_ms_);
  int64_t run_id = run_id_;
  if (extend) {
    Result<Query> q = db_->Prepare(
        kOp, "UPDATE watched SET to_ms = ?, interval_ms = ?, polls = polls + 1 WHERE id = ?");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(q->Int(poll.time_ms).Int(interval).Int(run_id_).Run());
  } else {
    Result<Query> q = db_->Prepare(
        kOp, "INSERT INTO watched(from_ms, to_ms, interval_ms, polls) VALUES (?, ?, ?, 1)");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(q->Int(poll.time_ms).Int(poll.time_ms).Int(interval).Run());
    run_id = db_->LastInsertRowId();
  }
  for (const RegionChange& c : changes) {
    Result<Query> q = db_->Prepare(
        kOp, "INSERT INTO changes(time_ms, since_ms, kind, table_name) VALUES (?, ?, ?, ?)");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(q->Int(c.time_ms).Int(c.since_ms).Text(c.kind).Blob(c.table).Run());
    const int64_t id = db_->LastInsertRowId();
    for (int side = 0; side < 2; ++side) {
      const std::vector<RegionPlacement>& rs = side == 0 ? c.before : c.after;
      for (size_t i = 0; i < rs.size(); ++i) {
        Result<Query> r = db_->Prepare(
            kOp, "INSERT INTO change_regions(change_id, side, ord, encoded_name, start_key, "
                 "end_key, server, region_id, store_file_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        if (!r.ok()) return r.status();
        RL_RETURN_IF_ERROR(r->Int(id)
                               .Int(side)
                               .Int(static_cast<int64_t>(i))
                               .Blob(rs[i].encoded_name)
                               .Blob(rs[i].start_key)
                               .Blob(rs[i].end_key)
                               .Blob(rs[i].server)
                               .Int(rs[i].region_id)
                               .Int(static_cast<int64_t>(rs[i].store_file_bytes))
                               .Run());
      }
    }
  }
  RL_RETURN_IF_ERROR(WriteLayoutChanges(changes, !have_layout_, next));
  {
    Result<Query> q = db_->Prepare(
        kOp, "INSERT INTO state(key, value) VALUES ('layout_ms', ?) "
             "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(q->Int(poll.time_ms).Run());
  }
  RL_RETURN_IF_ERROR(tx.Commit(kOp));
  // Committed: only now does the memory follow.
  run_id_ = run_id;
  run_to_ms_ = poll.time_ms;
  run_interval_ms_ = interval;
  layout_ = std::move(next);
  have_layout_ = true;
  return changes;
}

Status RegionHistoryStore::WriteLayoutChanges(const std::vector<RegionChange>& changes,
                                              bool baseline, const RegionSet& poll) {
  constexpr std::string_view kOp = "Record (layout)";
  auto insert = [&](const RegionPlacement& r) -> Status {
    Result<Query> q = db_->Prepare(
        kOp, "INSERT OR REPLACE INTO layout(table_name, encoded_name, start_key, end_key, server, "
             "region_id) VALUES (?, ?, ?, ?, ?, ?)");
    if (!q.ok()) return q.status();
    return q->Blob(r.table).Blob(r.encoded_name).Blob(r.start_key).Blob(r.end_key).Blob(r.server)
        .Int(r.region_id).Run();
  };
  if (baseline) {
    RL_RETURN_IF_ERROR(db_->Exec(kOp, "DELETE FROM layout"));
    for (const auto& [table, regions] : poll.tables) {
      for (const RegionPlacement& r : regions) RL_RETURN_IF_ERROR(insert(r));
    }
    return Status::OK();
  }
  // Only what changed: a poll of an unchanged cluster writes no region rows.
  for (const RegionChange& c : changes) {
    for (const RegionPlacement& r : c.before) {
      Result<Query> q =
          db_->Prepare(kOp, "DELETE FROM layout WHERE table_name = ? AND encoded_name = ?");
      if (!q.ok()) return q.status();
      RL_RETURN_IF_ERROR(q->Blob(c.table).Blob(r.encoded_name).Run());
    }
    for (const RegionPlacement& r : c.after) RL_RETURN_IF_ERROR(insert(r));
  }
  return Status::OK();
}

Result<std::vector<RegionChange>> RegionHistoryStore::Changes(const std::string& table,
                                                              int64_t from_ms, int64_t to_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  return ChangesLocked(table, from_ms, to_ms);
}

Result<std::vector<RegionChange>> RegionHistoryStore::ChangesLocked(const std::string& table,
                                                                    int64_t from_ms,
                                                                    int64_t to_ms) {
  constexpr std::string_view kOp = "reading changes";
  Result<Query> q = db_->Prepare(
      kOp,
      "SELECT c.id, c.time_ms, c.since_ms, c.kind, c.table_name, r.side, r.encoded_name, "
      "r.start_key, r.end_key, r.server, r.region_id, r.store_file_bytes "
      "FROM changes c LEFT JOIN change_regions r ON r.change_id = c.id "
      "WHERE (?1 = 0 OR c.table_name = ?2) AND c.time_ms BETWEEN ?3 AND ?4 "
      "ORDER BY c.time_ms, c.id, r.side, r.ord");
  if (!q.ok()) return q.status();
  q->Int(table.empty() ? 0 : 1).Blob(table).Int(from_ms).Int(to_ms);
  std::vector<RegionChange> out;
  int64_t current = -1;
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    const int64_t id = q->ColumnInt(0);
    if (id != current) {
      current = id;
      RegionChange c;
      c.time_ms = q->ColumnInt(1);
      c.since_ms = q->ColumnInt(2);
      c.kind = q->ColumnString(3);
      c.table = q->ColumnString(4);
      out.push_back(std::move(c));
    }
    if (q->ColumnIsNull(5)) continue;  // a change without regions
    RegionChange& c = out.back();
    RegionPlacement r = RegionFrom(*q, 6);
    r.table = c.table;
    r.store_file_bytes = static_cast<uint64_t>(q->ColumnInt(11));
    (q->ColumnInt(5) == 0 ? c.before : c.after).push_back(std::move(r));
  }
  return out;
}

Result<std::vector<TimeInterval>> RegionHistoryStore::Watched(int64_t from_ms, int64_t to_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  return WatchedLocked(from_ms, to_ms);
}

Result<std::vector<TimeInterval>> RegionHistoryStore::WatchedLocked(int64_t from_ms,
                                                                    int64_t to_ms) {
  constexpr std::string_view kOp = "reading watched time";
  std::vector<TimeInterval> out;
  Result<Query> q = db_->Prepare(
      kOp, "SELECT id, from_ms, to_ms, interval_ms FROM watched WHERE to_ms >= ? AND from_ms <= ? "
           "ORDER BY from_ms, id");
  if (!q.ok()) return q.status();
  // The current run may end before from_ms and still reach it (not overdue).
  const int64_t reach = kGapFactor * std::max<int64_t>(run_interval_ms_, 0);
  q->Int(from_ms >= INT64_MIN + reach ? from_ms - reach : INT64_MIN).Int(to_ms);
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    TimeInterval run{q->ColumnInt(1), q->ColumnInt(2)};
    // This session's run is watched on while its next poll is not overdue.
    if (q->ColumnInt(0) == run_id_ && to_ms > run.to_ms &&
        to_ms - run.to_ms <= kGapFactor * q->ColumnInt(3)) {
      run.to_ms = to_ms;
    }
    if (run.to_ms < from_ms) continue;
    out.push_back({std::max(run.from_ms, from_ms), std::min(run.to_ms, to_ms)});
  }
  return out;
}

Result<std::vector<TimeInterval>> RegionHistoryStore::Gaps(int64_t from_ms, int64_t to_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  return GapsLocked(from_ms, to_ms);
}

Result<std::vector<TimeInterval>> RegionHistoryStore::GapsLocked(int64_t from_ms, int64_t to_ms) {
  auto watched = WatchedLocked(from_ms, to_ms);
  if (!watched.ok()) return watched.status();
  std::vector<TimeInterval> gaps;
  int64_t at = from_ms;  // watched or accounted for up to here
  for (const TimeInterval& w : *watched) {
    if (w.from_ms > at) gaps.push_back({at, w.from_ms});
    at = std::max(at, w.to_ms);
  }
  if (at < to_ms) gaps.push_back({at, to_ms});
  return gaps;
}

Result<TableHistory> RegionHistoryStore::History(const std::string& table, int64_t from_ms,
                                                 int64_t to_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  TableHistory h;
  auto changes = ChangesLocked(table, from_ms, to_ms);
  if (!changes.ok()) return changes.status();
  h.changes = std::move(*changes);
  auto gaps = GapsLocked(from_ms, to_ms);
  if (!gaps.ok()) return gaps.status();
  h.gaps = std::move(*gaps);
  return h;
}

Result<std::vector<HistoryEntry>> RegionHistoryStore::Genealogy(const std::string& table) {
  std::lock_guard<std::mutex> lock(mu_);
  auto changes = ChangesLocked(table, INT64_MIN, INT64_MAX);
  if (!changes.ok()) return changes.status();
  std::vector<HistoryEntry> out;
  for (const RegionChange& c : *changes) {
    if (auto h = c.ToHistoryEntry()) out.push_back(std::move(*h));
  }
  return out;
}

}  // namespace regionlab::remote
