// Catalog: split/merge history, server events, metric samples and the
// operations journal — the append-mostly side of the catalog.
#include <cmath>
#include <map>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "catalog/catalog.h"
#include "catalog/sqlite_db.h"

namespace regionlab {

namespace {

Status CheckScope(SqliteDb* db, std::string_view op, const std::string& scope) {
  if (scope == kScopeServer || scope == kScopeRegion) return Status::OK();
  return db->Fail(Status::Code::kInvalidArgument, op,
                  "metric scope must be 'server' or 'region', got '" + scope + "'");
}

// Removes series left without samples, so that the names of regions long
// gone do not accumulate.
Status DropEmptySeries(SqliteDb* db, std::string_view op) {
  Result<Query> q =
      db->Prepare(op,
                  "DELETE FROM metric_series WHERE NOT EXISTS "
                  "(SELECT 1 FROM metric_samples s WHERE s.series_id = metric_series.id)");
  if (!q.ok()) return q.status();
  return q->Run();
}

}  // namespace

// ---- History ----

Status Catalog::AddHistoryLocked(std::string_view op, const HistoryRecord& h) {
  std::string ns, name;
  if (Status s = ParseTableName(h.table, &ns, &name); !s.ok()) {
    return db_->Fail(Status::Code::kInvalidArgument, op, s.message());
  }
  TableDescriptor canonical;
  canonical.ns = ns;
  canonical.name = name;
  int64_t id = 0;
  {
    Result<Query> q = db_->Prepare(
        op,
        "INSERT INTO history (time_ms, kind, table_name, split_key, cause, size_bytes, "
        "threshold_bytes) VALUES (?, ?, ?, ?, ?, ?, ?)");
    if (!q.ok()) return q.status();
    q->Int(h.time_ms).Text(h.kind).Text(canonical.FullName()).Blob(h.split_key).Text(h.cause);
    q->Int(static_cast<int64_t>(h.size_bytes)).Int(static_cast<int64_t>(h.threshold_bytes));
    RL_RETURN_IF_ERROR(q->Run());
    id = db_->LastInsertRowId();
  }
  struct Role {
    const char* name;
    const std::vector<std::string>* names;
    const std::vector<KeyRange>* ranges;  // used when it matches names
  };
  for (const Role& role : {Role{"parent", &h.parents, &h.parent_ranges},
                           Role{"daughter", &h.daughters, &h.daughter_ranges}}) {
    const bool keys = role.ranges->size() == role.names->size();
    for (size_t i = 0; i < role.names->size(); ++i) {
      Result<Query> q = db_->Prepare(op,
                                     "INSERT INTO history_regions (history_id, role, ordinal, "
                                     "encoded_name, start_key, end_key) VALUES (?, ?, ?, ?, ?, ?)");
      if (!q.ok()) return q.status();
      q->Int(id).Text(role.name).Int(static_cast<int64_t>(i)).Text((*role.names)[i]);
      if (keys) {
        q->Blob((*role.ranges)[i].start_key).Blob((*role.ranges)[i].end_key);
      } else {
        q->Null().Null();
      }
      RL_RETURN_IF_ERROR(q->Run());
    }
  }
  return Status::OK();
}

Status Catalog::AddHistory(const HistoryRecord& h) {
  constexpr std::string_view kOp = "AddHistory";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  RL_RETURN_IF_ERROR(AddHistoryLocked(kOp, h));
  return txn.Commit(kOp);
}

Result<std::vector<HistoryRecord>> Catalog::ListHistory(const std::string& table) {
  constexpr std::string_view kOp = "ListHistory";
  std::string canonical_name;
  if (!table.empty()) {
    TableDescriptor canonical;
    if (Status s = ParseTableName(table, &canonical.ns, &canonical.name); !s.ok()) {
      return db_->Fail(Status::Code::kInvalidArgument, kOp, s.message());
    }
    canonical_name = canonical.FullName();
  }
  const int64_t all = table.empty() ? 1 : 0;
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.BeginRead(kOp));
  std::vector<HistoryRecord> out;
  std::unordered_map<int64_t, size_t> index;
  {
    Result<Query> q = db_->Prepare(
        kOp,
        "SELECT id, time_ms, kind, table_name, split_key, cause, size_bytes, threshold_bytes "
        "FROM history WHERE ? OR table_name = ? ORDER BY time_ms, id");
    if (!q.ok()) return q.status();
    q->Int(all).Text(canonical_name);
    for (;;) {
      Result<bool> row = q->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      HistoryRecord h;
      h.id = q->ColumnInt(0);
      h.time_ms = q->ColumnInt(1);
      h.kind = q->ColumnString(2);
      h.table = q->ColumnString(3);
      h.split_key = q->ColumnString(4);
      h.cause = q->ColumnString(5);
      h.size_bytes = static_cast<uint64_t>(q->ColumnInt(6));
      h.threshold_bytes = static_cast<uint64_t>(q->ColumnInt(7));
      index.emplace(h.id, out.size());
      out.push_back(std::move(h));
    }
  }
  Result<Query> q = db_->Prepare(
      kOp,
      "SELECT r.history_id, r.role, r.encoded_name, r.start_key, r.end_key "
      "FROM history_regions r JOIN history h ON h.id = r.history_id "
      "WHERE ? OR h.table_name = ? ORDER BY r.history_id, r.role, r.ordinal");
  if (!q.ok()) return q.status();
  q->Int(all).Text(canonical_name);
  // Rows without keys (written before version 5) leave their role's ranges
  // unknown: a role's ranges are kept only when every row has them.
  std::vector<std::pair<bool, bool>> keyless(out.size());  // parent, daughter
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    auto it = index.find(q->ColumnInt(0));
    if (it == index.end()) continue;
    HistoryRecord& h = out[it->second];
    const bool parent = q->ColumnString(1) == "parent";
    (parent ? h.parents : h.daughters).push_back(q->ColumnString(2));
    if (q->ColumnIsNull(3) || q->ColumnIsNull(4)) {
      (parent ? keyless[it->second].first : keyless[it->second].second) = true;
    } else {
      (parent ? h.parent_ranges : h.daughter_ranges)
          .push_back({q->ColumnString(3), q->ColumnString(4)});
    }
  }
  for (size_t i = 0; i < out.size(); ++i) {
    if (keyless[i].first) out[i].parent_ranges.clear();
    if (keyless[i].second) out[i].daughter_ranges.clear();
  }
  return out;
}

// ---- Server events ----

Status Catalog::AddServerEventLocked(std::string_view op, const ServerEventRecord& e) {
  Result<Query> q = db_->Prepare(
      op,
      "INSERT INTO server_events (time_ms, server, kind, region, from_server, to_server, detail) "
      "VALUES (?, ?, ?, ?, ?, ?, ?)");
  if (!q.ok()) return q.status();
  q->Int(e.time_ms).Text(e.server).Text(e.kind).Text(e.region).Text(e.from_server);
  return q->Text(e.to_server).Text(e.detail).Run();
}

Status Catalog::AddServerEvent(const ServerEventRecord& e) {
  constexpr std::string_view kOp = "AddServerEvent";
  std::lock_guard<std::mutex> lock(mutex_);
  return AddServerEventLocked(kOp, e);  // one statement: its own transaction
}

Result<std::vector<ServerEventRecord>> Catalog::ListServerEvents(int64_t since_ms, size_t limit) {
  constexpr std::string_view kOp = "ListServerEvents";
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q =
      db_->Prepare(kOp,
                   "SELECT id, time_ms, server, kind, region, from_server, to_server, detail "
                   "FROM server_events WHERE time_ms >= ? ORDER BY time_ms, id LIMIT ?");
  if (!q.ok()) return q.status();
  // A negative LIMIT is no limit in SQLite.
  q->Int(since_ms).Int(limit == 0 ? -1 : static_cast<int64_t>(limit));
  std::vector<ServerEventRecord> out;
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    ServerEventRecord e;
    e.id = q->ColumnInt(0);
    e.time_ms = q->ColumnInt(1);
    e.server = q->ColumnString(2);
    e.kind = q->ColumnString(3);
    e.region = q->ColumnString(4);
    e.from_server = q->ColumnString(5);
    e.to_server = q->ColumnString(6);
    e.detail = q->ColumnString(7);
    out.push_back(std::move(e));
  }
  return out;
}

// ---- Metrics ----

Status Catalog::AppendMetrics(const std::vector<MetricSample>& samples) {
  constexpr std::string_view kOp = "AppendMetrics";
  for (const MetricSample& s : samples) {
    RL_RETURN_IF_ERROR(CheckScope(db_.get(), kOp, s.scope));
    if (s.subject.empty() || s.metric.empty()) {
      return db_->Fail(Status::Code::kInvalidArgument, kOp,
                       "a metric sample needs a subject and a metric name");
    }
    if (std::isnan(s.value)) {
      return db_->Fail(Status::Code::kInvalidArgument, kOp,
                       "metric " + s.metric + " of " + s.subject + " is NaN");
    }
  }
  if (samples.empty()) return Status::OK();
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  std::map<std::tuple<std::string, std::string, std::string>, int64_t> series;
  for (const MetricSample& s : samples) {
    auto key = std::make_tuple(s.scope, s.subject, s.metric);
    auto it = series.find(key);
    if (it == series.end()) {
      {
        Result<Query> q =
            db_->Prepare(kOp,
                         "INSERT INTO metric_series (scope, subject, metric) VALUES (?, ?, ?) "
                         "ON CONFLICT DO NOTHING");
        if (!q.ok()) return q.status();
        RL_RETURN_IF_ERROR(q->Text(s.scope).Text(s.subject).Text(s.metric).Run());
      }
      Result<Query> q = db_->Prepare(
          kOp, "SELECT id FROM metric_series WHERE scope = ? AND subject = ? AND metric = ?");
      if (!q.ok()) return q.status();
      Result<bool> row = q->Text(s.scope).Text(s.subject).Text(s.metric).Step();
      if (!row.ok()) return row.status();
      if (!*row) {
        return db_->Fail(Status::Code::kCorruption, kOp,
                         "metric series " + s.scope + "/" + s.subject + "/" + s.metric +
                             " missing right after its insert");
      }
      it = series.emplace(std::move(key), q->ColumnInt(0)).first;
    }
    Result<Query> q = db_->Prepare(
        kOp, "INSERT INTO metric_samples (series_id, time_ms, value) VALUES (?, ?, ?)");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(q->Int(it->second).Int(s.time_ms).Double(s.value).Run());
  }
  return txn.Commit(kOp);
}

Result<std::vector<MetricSample>> Catalog::QueryMetrics(const std::string& scope,
                                                        const std::string& subject,
                                                        const std::string& metric, int64_t from_ms,
                                                        int64_t to_ms) {
  constexpr std::string_view kOp = "QueryMetrics";
  RL_RETURN_IF_ERROR(CheckScope(db_.get(), kOp, scope));
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q = db_->Prepare(
      kOp,
      "SELECT s.time_ms, s.value FROM metric_samples s "
      "JOIN metric_series m ON m.id = s.series_id "
      "WHERE m.scope = ? AND m.subject = ? AND m.metric = ? AND s.time_ms BETWEEN ? AND ? "
      "ORDER BY s.time_ms, s.rowid");
  if (!q.ok()) return q.status();
  q->Text(scope).Text(subject).Text(metric).Int(from_ms).Int(to_ms);
  std::vector<MetricSample> out;
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    out.push_back(MetricSample{q->ColumnInt(0), scope, subject, metric, q->ColumnDouble(1)});
  }
  return out;
}

Result<std::vector<MetricSample>> Catalog::QueryMetricsBetween(int64_t from_ms, int64_t to_ms) {
  constexpr std::string_view kOp = "QueryMetricsBetween";
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q = db_->Prepare(
      kOp,
      "SELECT s.time_ms, m.scope, m.subject, m.metric, s.value FROM metric_samples s "
      "JOIN metric_series m ON m.id = s.series_id "
      "WHERE s.time_ms BETWEEN ? AND ? ORDER BY s.time_ms, s.rowid");
  if (!q.ok()) return q.status();
  q->Int(from_ms).Int(to_ms);
  std::vector<MetricSample> out;
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    out.push_back(MetricSample{q->ColumnInt(0), q->ColumnString(1), q->ColumnString(2), q->ColumnString(3),
                               q->ColumnDouble(4)});
  }
  return out;
}

Status Catalog::TrimMetrics(int64_t older_than_ms) {
  constexpr std::string_view kOp = "TrimMetrics";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  {
    Result<Query> q = db_->Prepare(kOp, "DELETE FROM metric_samples WHERE time_ms < ?");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(q->Int(older_than_ms).Run());
  }
  RL_RETURN_IF_ERROR(DropEmptySeries(db_.get(), kOp));
  return txn.Commit(kOp);
}

Status Catalog::TrimMetricsPerSeries(size_t keep) {
  constexpr std::string_view kOp = "TrimMetricsPerSeries";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  {
    Result<Query> q = db_->Prepare(
        kOp,
        "DELETE FROM metric_samples WHERE rowid IN (SELECT rowid FROM (SELECT rowid, "
        "row_number() OVER (PARTITION BY series_id ORDER BY time_ms DESC, rowid DESC) AS n "
        "FROM metric_samples) WHERE n > ?)");
    if (!q.ok()) return q.status();
    RL_RETURN_IF_ERROR(q->Int(static_cast<int64_t>(keep)).Run());
  }
  RL_RETURN_IF_ERROR(DropEmptySeries(db_.get(), kOp));
  return txn.Commit(kOp);
}

// ---- Operations journal ----

Result<int64_t> Catalog::BeginOperation(const std::string& kind, const std::string& payload,
                                        int64_t now_ms, const std::string& state) {
  constexpr std::string_view kOp = "BeginOperation";
  if (kind.empty()) {
    return db_->Fail(Status::Code::kInvalidArgument, kOp, "an operation needs a kind");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q = db_->Prepare(
      kOp, "INSERT INTO operations (kind, state, payload, started_ms) VALUES (?, ?, ?, ?)");
  if (!q.ok()) return q.status();
  RL_RETURN_IF_ERROR(q->Text(kind).Text(state).Blob(payload).Int(now_ms).Run());
  return db_->LastInsertRowId();
}

Status Catalog::UpdateOperationLocked(std::string_view op, int64_t id, const std::string& state,
                                      const std::string& payload) {
  Result<Query> q = db_->Prepare(op, "UPDATE operations SET state = ?, payload = ? WHERE id = ?");
  if (!q.ok()) return q.status();
  RL_RETURN_IF_ERROR(q->Text(state).Blob(payload).Int(id).Run());
  if (db_->Changes() == 0) {
    return db_->Fail(Status::Code::kNotFound, op,
                     "no unfinished operation with id " + std::to_string(id));
  }
  return Status::OK();
}

Status Catalog::FinishOperationLocked(std::string_view op, int64_t id) {
  Result<Query> q = db_->Prepare(op, "DELETE FROM operations WHERE id = ?");
  if (!q.ok()) return q.status();
  RL_RETURN_IF_ERROR(q->Int(id).Run());
  if (db_->Changes() == 0) {
    return db_->Fail(Status::Code::kNotFound, op,
                     "no unfinished operation with id " + std::to_string(id));
  }
  return Status::OK();
}

Status Catalog::UpdateOperation(int64_t id, const std::string& state, const std::string& payload) {
  std::lock_guard<std::mutex> lock(mutex_);
  return UpdateOperationLocked("UpdateOperation", id, state, payload);
}

Status Catalog::FinishOperation(int64_t id) {
  std::lock_guard<std::mutex> lock(mutex_);
  return FinishOperationLocked("FinishOperation", id);
}

Result<std::vector<OperationRecord>> Catalog::ListUnfinishedOperations() {
  constexpr std::string_view kOp = "ListUnfinishedOperations";
  std::lock_guard<std::mutex> lock(mutex_);
  Result<Query> q =
      db_->Prepare(kOp, "SELECT id, started_ms, kind, state, payload FROM operations ORDER BY id");
  if (!q.ok()) return q.status();
  std::vector<OperationRecord> out;
  for (;;) {
    Result<bool> row = q->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    out.push_back(OperationRecord{q->ColumnInt(0), q->ColumnInt(1), q->ColumnString(2),
                                  q->ColumnString(3), q->ColumnString(4)});
  }
  return out;
}

}  // namespace regionlab
