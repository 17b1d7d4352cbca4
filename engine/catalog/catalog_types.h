// The rows of the catalog as C++ values: regions (HBase's hbase:meta rows),
// split/merge history, server events, metric samples and the operations
// journal, plus CatalogBatch, a list of changes the catalog applies in one
// SQLite transaction.
//
// Thread-safety: plain values. A CatalogBatch is built by one thread and
// then handed to Catalog::Apply.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "regionlab/table_descriptor.h"

namespace regionlab {

// The RegionState.State names of HBase's assignment manager that RegionLab
// models. A split parent ends in kSplit (and offline), merged parents in kMerged.
enum class RegionState : uint8_t {
  kOffline,
  kOpening,
  kOpen,
  kClosing,
  kClosed,
  kSplitting,
  kSplit,
  kMerging,
  kMerged,
};

// HBase's upper-case name: "OFFLINE", "OPENING", "OPEN", ..., "MERGED".
const char* RegionStateName(RegionState s);
// The inverse of RegionStateName; nullopt for an unknown name.
std::optional<RegionState> ParseRegionState(std::string_view name);

// One region: a row of hbase:meta.
struct RegionRecord {
  std::string encoded_name;  // unique over the catalog
  std::string table;         // full table name ("ns:name" or "name")
  std::string start_key;     // binary; empty = the table's first key
  std::string end_key;       // binary, exclusive; empty = past the table's last key
  int64_t region_id = 0;     // creation time in ms, as HBase's region id
  RegionState state = RegionState::kOffline;
  std::string server;                // hosting server; empty = unassigned
  std::vector<std::string> parents;  // encoded names: one for a daughter, two for a merged region
  bool split_parent =
      false;  // HBase's offline+split flags: a parent kept until its daughters compact

  bool operator==(const RegionRecord&) const = default;
};

// Kinds and causes for HistoryRecord. The catalog stores any text; these
// are the values RegionLab itself writes.
inline constexpr std::string_view kHistorySplit = "split";  // by a split policy
inline constexpr std::string_view kHistoryManualSplit = "manual split";
inline constexpr std::string_view kHistoryPreSplit = "pre-split";  // regions given at create
inline constexpr std::string_view kHistoryMerge = "merge";
inline constexpr std::string_view kCauseManual = "manual";
inline constexpr std::string_view kCausePreSplit = "pre-split";
inline constexpr std::string_view kCauseMerge = "merge";

// One split or merge.
struct HistoryRecord {
  int64_t id = 0;  // assigned by the catalog; ignored when adding
  int64_t time_ms = 0;
  std::string kind;                    // kHistory*
  std::string table;                   // full table name
  std::vector<std::string> parents;    // encoded names
  std::vector<std::string> daughters;  // encoded names
  std::string split_key;               // binary; empty for a merge
  std::string cause;        // split policy class name, kCauseManual, kCausePreSplit or kCauseMerge
  uint64_t size_bytes = 0;  // the store size that triggered the split
  uint64_t threshold_bytes = 0;  // the policy's threshold at that moment
  // The key ranges of the parents and daughters, in the same order as their
  // names. Empty when unknown: history written before catalog version 5
  // (a reader then derives the keys from other events and the live regions).
  std::vector<KeyRange> parent_ranges;
  std::vector<KeyRange> daughter_ranges;

  bool operator==(const HistoryRecord&) const = default;
};

// Server event kinds RegionLab writes.
inline constexpr std::string_view kEventServerStarted = "server started";
inline constexpr std::string_view kEventServerStopped = "server stopped";
inline constexpr std::string_view kEventRegionAssigned = "region assigned";
inline constexpr std::string_view kEventRegionUnassigned = "region unassigned";
inline constexpr std::string_view kEventRegionMoved = "region moved";
inline constexpr std::string_view kEventFailover = "failover";
inline constexpr std::string_view kEventWalSplit = "WAL split";

struct ServerEventRecord {
  int64_t id = 0;  // assigned by the catalog; ignored when adding
  int64_t time_ms = 0;
  std::string server;
  std::string kind;         // kEvent*
  std::string region;       // encoded name; empty when not about one region
  std::string from_server;  // for moves and failover; may be empty
  std::string to_server;
  std::string detail;  // free text

  bool operator==(const ServerEventRecord&) const = default;
};

inline constexpr std::string_view kScopeServer = "server";
inline constexpr std::string_view kScopeRegion = "region";

struct MetricSample {
  int64_t time_ms = 0;
  std::string scope;    // kScopeServer or kScopeRegion
  std::string subject;  // server name or encoded region name
  std::string metric;   // e.g. "storefileSize"
  double value = 0;

  bool operator==(const MetricSample&) const = default;
};

// An unfinished multi-step operation (split, merge, move, failover, create
// or drop table). `payload` is the caller's, opaque and binary-safe.
struct OperationRecord {
  int64_t id = 0;
  int64_t started_ms = 0;
  std::string kind;
  std::string state;
  std::string payload;

  bool operator==(const OperationRecord&) const = default;
};

// Changes applied by Catalog::Apply in one transaction, in the order they
// were added: either every step takes effect or none does. A step that
// fails (an unknown table or region, a constraint) rolls the batch back.
// A rowkey scheme saved by name (the JSON document of engine/rowkey,
// stored as given; the catalog does not read it).
struct SchemeRecord {
  std::string name;
  std::string document;
  int64_t revision = 0;  // 1 when first saved, +1 on every save
  int64_t created_ms = 0;
  int64_t updated_ms = 0;
};

// A snapshot (HBase's SnapshotDescription and its manifest): the table's
// descriptor and regions as they were, and the store files of each region's
// families. The files themselves are hard links under the cluster's
// .hbase-snapshot/<name>/ directory (cluster/admin_snapshots.cc).
struct SnapshotRecord {
  struct Region {
    std::string encoded_name;  // the region's name at snapshot time
    std::string start_key, end_key;
    int64_t region_id = 0;
    // Family name -> store file names, oldest first (as the region's manifest lists them).
    std::vector<std::pair<std::string, std::vector<std::string>>> families;
    bool operator==(const Region&) const = default;
  };
  std::string name;
  std::string table;        // full name of the snapshotted table
  int64_t created_ms = 0;
  int64_t ttl_seconds = 0;  // HBase's snapshot TTL; 0 = FOREVER
  TableDescriptor descriptor;
  std::vector<Region> regions;  // by start key
};

class CatalogBatch {
 public:
  // One step each; the methods below add them.
  struct PutRegionStep {
    RegionRecord region;
  };
  struct DeleteRegionStep {
    std::string encoded_name;
  };
  struct AddHistoryStep {
    HistoryRecord history;
  };
  struct AddEventStep {
    ServerEventRecord event;
  };
  struct UpdateOperationStep {
    int64_t id;
    std::string state, payload;
  };
  struct FinishOperationStep {
    int64_t id;
  };
  using Step = std::variant<PutRegionStep, DeleteRegionStep, AddHistoryStep, AddEventStep,
                            UpdateOperationStep, FinishOperationStep>;

  // Inserts the region, or replaces the row with the same encoded name
  // (parents included). The region's table must exist.
  CatalogBatch& PutRegion(RegionRecord r);
  // Removes a region row; the batch fails (NotFound) when there is none.
  CatalogBatch& DeleteRegion(std::string encoded_name);
  CatalogBatch& AddHistory(HistoryRecord h);
  CatalogBatch& AddServerEvent(ServerEventRecord e);
  // Journal steps; the batch fails (NotFound) when the entry is not open.
  CatalogBatch& UpdateOperation(int64_t id, std::string state, std::string payload);
  CatalogBatch& FinishOperation(int64_t id);

  const std::vector<Step>& steps() const { return steps_; }
  bool empty() const { return steps_.empty(); }
  size_t size() const { return steps_.size(); }
  void Clear() { steps_.clear(); }

 private:
  std::vector<Step> steps_;
};

}  // namespace regionlab
