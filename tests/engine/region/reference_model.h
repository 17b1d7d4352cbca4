// ReferenceModel: HBase's visible result of a Get/Scan computed from the FULL
// history of writes, for the randomized model-based test of the region.
//
// It is written independently of the engine's ScanQueryMatcher: the rules are
// stated declaratively per column instead of as a cell-by-cell state machine,
// so the model and the matcher check each other (reference_model_test.cc).
//
// Semantics (a normal, non-raw user scan; HBase 2 with NEW_VERSION_BEHAVIOR
// off):
//  * A delete marker of a row/family masks puts by TIMESTAMP, whatever the
//    write order: DeleteFamily@T every put with ts <= T, DeleteFamilyVersion@T
//    every put with ts == T, DeleteColumn@T the column's puts with ts <= T,
//    Delete@T the column's puts with ts == T.
//  * A marker counts only when the scan tracks it: with KEEP_DELETED_CELLS=FALSE
//    when ts >= min_ts, with TRUE when min_ts <= ts < max_ts (a time-range read
//    of such a family sees cells deleted after the range). [0, kLatestTimestamp)
//    is "all time" and tracks every marker.
//  * Per column: take the unmasked puts with min_ts <= ts < max_ts, newest
//    first; of several puts with the same ts keep only the last written; the
//    i-th (1-based) of those is returned when i <= min(max_versions, family
//    VERSIONS) and (i <= MIN_VERSIONS or ts >= now_ms - TTL).
//  * Every applied cell is visible (no MVCC read point).
//
// What HBase makes deterministic, and so what this models: a region's result
// equals the model's, whatever flushes and compactions ran, when the history
// obeys all of the following. The lead's random test must restrict its
// operations to these (each item says what goes wrong otherwise):
//  1. Point deletes (Delete, DeleteFamilyVersion), time ranges with
//     max_ts < kLatestTimestamp, and any delete in a KEEP_DELETED_CELLS family
//     need a family VERSIONS >= the number of puts ever written to one column.
//     Flushes and compactions keep only VERSIONS versions per column (counted
//     at that time, and with KEEP_DELETED_CELLS counting masked puts too), so a
//     point delete of the newest version, or a range ending below it, would
//     reveal an older version here that the region may already have dropped.
//     (DeleteColumn/DeleteFamily and min_ts bounds only ever hide the OLDEST
//     versions, so they are safe with any VERSIONS.)
//  2. No put is written at a timestamp that an EXISTING marker of its row
//     already covers (DeleteFamily/DeleteColumn with ts >= the put's,
//     Delete/DeleteFamilyVersion with the same ts) -- unless the test never
//     runs a major compaction. Here markers live forever; in HBase a major
//     compaction drops them (KEEP_DELETED_CELLS=FALSE; with TRUE it still drops
//     those behind more than VERSIONS puts or older than every put), after
//     which such a put becomes visible ("deletes mask puts until the next
//     major compaction"). Puts written before the marker are fine: they are
//     masked, then dropped together with it.
//  3. TTL: the clock never goes backwards, and every now_ms given to Scan() is
//     the region clock's value for that scan (compactions drop cells expired at
//     their own "now", which must not be later than a scan's). In a family with
//     a TTL and MIN_VERSIONS > 0 avoid point deletes and max_ts-bounded ranges
//     altogether, whatever VERSIONS: compactions drop the expired versions
//     beyond MIN_VERSIONS, which such a delete or range would reveal here.
//  4. Cells carry concrete timestamps: Apply() receives the cell as the region
//     stored it (a Delete without timestamp resolved to the version it hit,
//     LATEST_TIMESTAMP replaced by the write time). Family markers have an
//     empty qualifier.
//  5. Scans run after the writes they should see completed (no read point).
// Not modelled at all: raw scans, explicit column lists, filters, MVCC read
// points, KEEP_DELETED_CELLS=TTL, NEW_VERSION_BEHAVIOR.
//
// Thread-safety: not thread-safe; one test thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "regionlab/cell.h"
#include "regionlab/options.h"

namespace regionlab::test {

class ReferenceModel {
 public:
  explicit ReferenceModel(std::vector<FamilyOptions> families) {
    for (FamilyOptions& f : families) {
      std::string name = f.name;
      families_.emplace(std::move(name), Family{std::move(f), {}});
    }
  }

  // REQUIRES: cell.sequence_id set by the caller, increasing over calls.
  // Cells of families the model was not built with are ignored (the region
  // rejects them).
  void Apply(const Cell& cell) {
    auto it = families_.find(cell.family);
    if (it == families_.end()) return;
    it->second.rows[cell.row].push_back(cell);
  }

  // Cells a Get/Scan returns: rows in [start, stop) (empty stop = unbounded),
  // in CompareCells order (row, family, qualifier, newest first).
  std::vector<Cell> Scan(std::string_view start, std::string_view stop, int max_versions,
                         int64_t min_ts, int64_t max_ts, int64_t now_ms) const {
    std::vector<Cell> out;
    const Query q{min_ts, max_ts, now_ms, min_ts == 0 && max_ts == kLatestTimestamp};
    for (const auto& [name, family] : families_) {
      for (auto it = family.rows.lower_bound(std::string(start)); it != family.rows.end();
           ++it) {
        if (!stop.empty() && std::string_view(it->first) >= stop) break;
        ScanRow(family.options, q, std::min(max_versions, family.options.max_versions),
                it->second, &out);
      }
    }
    std::sort(out.begin(), out.end(),
              [](const Cell& a, const Cell& b) { return CompareCells(a, b) < 0; });
    return out;
  }

  // Every cell applied so far, in CompareCells order (for diagnostics).
  std::vector<Cell> History() const {
    std::vector<Cell> out;
    for (const auto& [name, family] : families_) {
      for (const auto& [row, cells] : family.rows) out.insert(out.end(), cells.begin(), cells.end());
    }
    std::sort(out.begin(), out.end(),
              [](const Cell& a, const Cell& b) { return CompareCells(a, b) < 0; });
    return out;
  }

 private:
  struct Family {
    FamilyOptions options;
    std::map<std::string, std::vector<Cell>> rows;  // row -> cells in write order
  };
  struct Query {
    int64_t min_ts;
    int64_t max_ts;
    int64_t now_ms;
    bool all_time;
    bool InRange(int64_t ts) const { return all_time || (ts >= min_ts && ts < max_ts); }
  };
  // The tracked markers of one row of one family.
  struct Markers {
    bool has_family = false;
    int64_t family_ts = 0;                                 // newest DeleteFamily
    std::set<int64_t> family_versions;                     // DeleteFamilyVersion
    std::map<std::string, int64_t> columns;                // newest DeleteColumn per qualifier
    std::map<std::string, std::set<int64_t>> versions;     // Delete per qualifier

    bool Masks(const Cell& put) const {
      if (has_family && put.timestamp <= family_ts) return true;
      if (family_versions.count(put.timestamp) != 0) return true;
      auto c = columns.find(put.qualifier);
      if (c != columns.end() && put.timestamp <= c->second) return true;
      auto v = versions.find(put.qualifier);
      return v != versions.end() && v->second.count(put.timestamp) != 0;
    }
  };

  static bool Tracked(const FamilyOptions& f, const Query& q, int64_t ts) {
    if (q.all_time) return true;
    return f.keep_deleted_cells ? q.InRange(ts) : ts >= q.min_ts;
  }

  static bool Expired(const FamilyOptions& f, const Query& q, int64_t ts) {
    if (f.ttl_seconds == kTtlForever || f.ttl_seconds <= 0) return false;
    // ts < now - ttl, written to avoid overflow for huge TTLs.
    const int64_t ttl_ms =
        f.ttl_seconds > INT64_MAX / 1000 ? INT64_MAX : f.ttl_seconds * 1000;
    return ts < q.now_ms && q.now_ms - ts > ttl_ms;
  }

  static void ScanRow(const FamilyOptions& f, const Query& q, int max_versions,
                      const std::vector<Cell>& cells, std::vector<Cell>* out) {
    Markers markers;
    std::map<std::string, std::vector<const Cell*>> puts;  // qualifier -> puts
    for (const Cell& c : cells) {
      if (c.type == CellType::kPut) {
        puts[c.qualifier].push_back(&c);
        continue;
      }
      if (!Tracked(f, q, c.timestamp)) continue;
      switch (c.type) {
        case CellType::kDeleteFamily:
          if (!markers.has_family || c.timestamp > markers.family_ts) {
            markers.has_family = true;
            markers.family_ts = c.timestamp;
          }
          break;
        case CellType::kDeleteFamilyVersion:
          markers.family_versions.insert(c.timestamp);
          break;
        case CellType::kDeleteColumn: {
          auto [it, inserted] = markers.columns.emplace(c.qualifier, c.timestamp);
          if (!inserted) it->second = std::max(it->second, c.timestamp);
          break;
        }
        case CellType::kDelete:
          markers.versions[c.qualifier].insert(c.timestamp);
          break;
        default:
          break;
      }
    }
    for (auto& [qualifier, column] : puts) {
      // Newest first; for one timestamp the last write first.
      std::sort(column.begin(), column.end(), [](const Cell* a, const Cell* b) {
        if (a->timestamp != b->timestamp) return a->timestamp > b->timestamp;
        return a->sequence_id > b->sequence_id;
      });
      int version = 0;
      bool has_previous = false;
      int64_t previous_ts = 0;
      for (const Cell* p : column) {
        if (!q.InRange(p->timestamp) || markers.Masks(*p)) continue;
        if (has_previous && p->timestamp == previous_ts) continue;  // overwritten version
        has_previous = true;
        previous_ts = p->timestamp;
        ++version;
        if (version > max_versions) break;
        if (version <= f.min_versions || !Expired(f, q, p->timestamp)) out->push_back(*p);
      }
    }
  }

  std::map<std::string, Family> families_;  // by name: scans visit families in name order
};

}  // namespace regionlab::test
