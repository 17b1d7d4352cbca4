// Region history of a remote cluster: what changed in its region layout
// between two polls, derived from the two region sets alone (HBase's REST
// gateway and /jmx report no split, merge or move events).
//
// The rules, per table (regions compared by encoded name, which HBase never
// reuses):
//   - one region replaced by two or more that cover exactly its key range
//     is a split (parent -> daughters);
//   - two or more adjacent regions replaced by one that covers exactly their
//     union is a merge;
//   - a region (same encoded name) on another server is a move; one that
//     lost its server is "unassigned", one that got one back "assigned";
//   - a table only in the newer poll is "table created", one only in the
//     older "table dropped";
//   - every other region that vanished or appeared (a range replaced one for
//     one, or several by several: a split and a merge between the same two
//     polls, a truncate, a table dropped and created again) is reported as
//     "region vanished" / "region appeared". The diff never guesses a cause.
// A table the newer poll listed but could not read (its /T/regions failed)
// yields no events: its regions count as unchanged.
//
// Output order is deterministic: by table name, then by the key the change
// starts at, then by kind (table events first), then by encoded name.
//
// Thread-safety: values and pure functions.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab::remote {

// The kinds of RegionChange. Split, merge and move are the engine's own
// ClusterEvent kinds, so its timeline and genealogy draw them unchanged.
inline constexpr char kChangeSplit[] = "split";
inline constexpr char kChangeMerge[] = "merge";
inline constexpr char kChangeMove[] = "move";
inline constexpr char kChangeAssigned[] = "assigned";
inline constexpr char kChangeUnassigned[] = "unassigned";
inline constexpr char kChangeTableCreated[] = "table created";
inline constexpr char kChangeTableDropped[] = "table dropped";
inline constexpr char kChangeRegionAppeared[] = "region appeared";
inline constexpr char kChangeRegionVanished[] = "region vanished";
// The cause written on splits and merges: the diff saw the result, not why.
inline constexpr char kCauseSeenBetweenPolls[] = "seen between polls";

// Where one region was at a poll: what the diff compares, and what the
// history store keeps of the latest poll.
struct RegionPlacement {
  std::string table, encoded_name;
  std::string start_key, end_key;  // "" = the table's first / last edge
  std::string server;              // "host:port"; "" when unassigned
  int64_t region_id = 0;
  uint64_t store_file_bytes = 0;   // at that poll; 0 when unknown
  bool operator==(const RegionPlacement&) const = default;
};

// One poll's region layout: tables by name, each one's regions in key order.
struct RegionSet {
  int64_t time_ms = 0;
  std::map<std::string, std::vector<RegionPlacement>> tables;
  size_t RegionCount() const;
};

// The layout of a joined poll (ClusterReader::Poll's sample).
RegionSet RegionSetOf(const ClusterSample& sample);

// One change between two polls.
struct RegionChange {
  int64_t time_ms = 0;   // the poll that saw it
  int64_t since_ms = 0;  // the poll before: it happened in (since_ms, time_ms]
  std::string kind;      // one of the kChange* names
  std::string table;
  // The regions it ended and the ones it made, each in key order: a split's
  // parent and daughters, a merge's parents and merged region, a move's
  // region on its old and on its new server, a dropped table's last regions,
  // a created table's first ones, a vanished or appeared region.
  std::vector<RegionPlacement> before, after;

  // As the engine's event, for timelines: a split's region is its parent, a
  // merge's the merged region; sizes are the parent's at the older poll.
  ClusterEvent ToEvent() const;
  // Splits and merges as genealogy entries (key ranges included); nullopt
  // for other kinds.
  std::optional<HistoryEntry> ToHistoryEntry() const;
};

// What changed from `before` to `after`. `unread`: tables the newer poll
// listed without reading their regions.
std::vector<RegionChange> DiffRegionSets(const RegionSet& before, const RegionSet& after,
                                         const std::set<std::string>& unread = {});

}  // namespace regionlab::remote
