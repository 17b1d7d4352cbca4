// Region: a contiguous key range of one table, with one store per column
// family (HBase's HRegion + HStore).
//
// Write path: a mutation is checked (row and cell size limits), given a
// sequence id, appended to the write-ahead log (group commit: concurrent
// writers share one write and one sync), inserted into the memstores, and
// only then made visible by advancing the MVCC read point.
//
// Read path: Get and Scan merge each store's memstores and store files and
// apply HBase's version, TTL, time-range and delete-marker rules.
//
// Background work (flush, compaction) runs on the region's worker threads.
//
// Thread-safety: every public method may be called from any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "regionlab/cell.h"
#include "regionlab/metrics.h"
#include "regionlab/options.h"
#include "regionlab/status.h"

namespace regionlab {

class Wal;
class RegionImpl;
class Filter;  // engine/filter/filter.h
struct WalEntry;

// What a region covers and holds. Keys are raw bytes; an empty start key is
// the start of the table, an empty end key its end.
struct RegionDescriptor {
  std::string table;         // "namespace:table" or "table"
  std::string encoded_name;  // unique; names the region's directory and its WAL entries
  std::string start_key;
  std::string end_key;
  std::vector<FamilyOptions> families;
};

// One cell of a row mutation. A put has type kPut; a delete has one of the
// four marker types. kLatestTimestamp means "now" (for a kDelete marker:
// the timestamp of the newest version of the column, as HBase does).
struct MutationCell {
  std::string family;
  std::string qualifier;
  int64_t timestamp = kLatestTimestamp;
  CellType type = CellType::kPut;
  std::string value;
};

// An atomic change to one row (HBase's Put or Delete).
struct RowMutation {
  std::string row;
  std::vector<MutationCell> cells;
  Durability durability = Durability::kUseDefault;

  RowMutation& Put(std::string family, std::string qualifier, std::string value,
                   int64_t ts = kLatestTimestamp);
  // Delete.addColumns: every version with timestamp <= ts.
  RowMutation& DeleteColumns(std::string family, std::string qualifier,
                             int64_t ts = kLatestTimestamp);
  // Delete.addColumn: one version (the newest when ts is latest).
  RowMutation& DeleteColumn(std::string family, std::string qualifier,
                            int64_t ts = kLatestTimestamp);
  // Delete.addFamily: every cell of the family with timestamp <= ts.
  RowMutation& DeleteFamily(std::string family, int64_t ts = kLatestTimestamp);
  // Delete.addFamilyVersion: every cell of the family with exactly this timestamp.
  RowMutation& DeleteFamilyVersion(std::string family, int64_t ts);
};

// Column selection: a whole family (qualifier empty and whole_family true)
// or one column.
struct ColumnSpec {
  std::string family;
  std::string qualifier;
  bool whole_family = true;
};

struct Scan {
  std::string start_row;  // inclusive; for a reversed scan, the highest row returned
  std::string stop_row;   // exclusive; empty = unbounded
  bool reversed = false;
  std::vector<ColumnSpec> columns;  // empty = every family
  int max_versions = 1;             // VERSIONS
  int64_t min_timestamp = 0;        // TIMERANGE [min, max)
  int64_t max_timestamp = kLatestTimestamp;
  int64_t limit = -1;               // rows; < 0 = no limit
  int batch = -1;                   // cells per Result; <= 0 = whole rows
  int caching = 100;                // rows fetched per NextBatch
  bool raw = false;                 // RAW: delete markers and deleted cells too
  bool cache_blocks = true;
  // FILTER: a prototype; each region scan evaluates its own copy, as each
  // HBase region server deserialises its own (so PageFilter counts per region).
  std::shared_ptr<const Filter> filter;
};

struct Get {
  std::string row;
  std::vector<ColumnSpec> columns;
  int max_versions = 1;
  int64_t min_timestamp = 0;
  int64_t max_timestamp = kLatestTimestamp;
  bool raw = false;
  std::shared_ptr<const Filter> filter;  // FILTER, as in Scan
};

// The cells of one row (or of a part of a row when Scan::batch is set), in
// cell order.
struct RowResult {
  std::string row;
  std::vector<Cell> cells;
  bool empty() const { return cells.empty(); }
};

class RegionScanner {
 public:
  virtual ~RegionScanner() = default;
  // Fills *out with the next row (or batch of a row). Returns false at the
  // end of the scan or on error (check status()). The buffers *out holds are
  // reused: pass the same RowResult (or vector) again to read without
  // allocating.
  virtual bool Next(RowResult* out) = 0;
  // Up to Scan::caching results.
  virtual bool NextBatch(std::vector<RowResult>* out) = 0;
  virtual Status status() const = 0;
};

// Where a region would split: the middle row of the largest store file of its
// largest store, and that file's first and last rows (a split at either is no
// split). A region reading references (a fresh daughter) cannot split yet.
struct SplitPoint {
  std::string row;  // empty when the region has no store file
  std::string first_row, last_row;
  uint64_t largest_store_bytes = 0;
  bool has_references = false;
};

// What Open found while recovering the region.
struct RecoveryReport {
  uint64_t wal_entries_replayed = 0;
  uint64_t wal_entries_skipped = 0;  // already flushed
  uint64_t max_sequence_id = 0;
  std::vector<std::string> problems;  // torn or corrupt WAL records: file, offset, reason
  // Damage that lost (or nearly lost) edits: the segment, the offsets, the
  // records lost, and where the segment was moved (RegionOptions::wal_corrupt_dir).
  std::vector<std::string> warnings;
  std::vector<std::string> removed_orphans;  // store files not in the manifest (an interrupted flush/compaction)
};

// Called on a worker thread after a flush or compaction; must return quickly.
struct RegionListener {
  std::function<void(const FlushEvent&)> on_flush;
  std::function<void(const CompactionEvent&)> on_compaction;
  // A flush or compaction failed (`what`: "flush" or "compaction"); the
  // region goes on, and tries again later.
  std::function<void(const std::string& what, const Status& error)> on_error;
};

class Region {
 public:
  // Opens (creating when new) the region in `dir`. When `wal` is null the
  // region keeps its own WAL in dir/wal and replays it here; when a shared
  // WAL is given (a region server's), the caller replays edits with Replay().
  // `listener` is in place before the open starts, so it also hears of the
  // flush of recovered edits and of the compaction an open may queue.
  static Result<std::unique_ptr<Region>> Open(const RegionOptions& options, const std::string& dir,
                                              const RegionDescriptor& descriptor, Wal* wal = nullptr,
                                              RecoveryReport* report = nullptr,
                                              RegionListener listener = {});
  ~Region();

  Region(const Region&) = delete;
  Region& operator=(const Region&) = delete;

  const RegionDescriptor& descriptor() const;

  // Applies one row mutation atomically. Fails without writing anything when
  // the row is outside the region, a family is unknown, the row key is empty
  // or longer than 32767 bytes, or a cell exceeds max_cell_size.
  Status Mutate(const RowMutation& mutation);
  // Applies several mutations; each is atomic on its own row.
  Status MutateBatch(const std::vector<RowMutation>& mutations);

  Result<RowResult> DoGet(const Get& get);
  // The same into *out, which is overwritten: a caller that passes the same
  // RowResult again has its cells refilled in place, without allocating once
  // their buffers are large enough.
  Status DoGet(const Get& get, RowResult* out);
  Result<std::unique_ptr<RegionScanner>> GetScanner(const Scan& scan);

  // Flushes the memstores to store files. wait=false only schedules it.
  Status Flush(bool wait = true);
  // Minor (selected by the exploring policy) or major compaction of every store.
  Status Compact(bool major, bool wait = true);
  // Blocks until no flush or compaction is queued or running. Returns the
  // failure of the latest background flush, else of the latest background
  // compaction (OK once a later run of it succeeded).
  Status WaitForBackgroundWork();
  // Starts a new segment of the WAL the region writes to (its own, or its
  // server's), deleting the segments whose edits every region has flushed
  // (HBase's Admin.rollWALWriter). After Flush() this leaves one empty
  // segment. InvalidArgument once the region is closed.
  Status RollWal();

  RegionMetrics GetMetrics() const;
  void SetListener(RegionListener listener);

  // Increment: the column holds an 8-byte big-endian long (absent = 0);
  // returns the new value. Atomic with every other write of the row.
  Result<int64_t> Increment(const std::string& row, const std::string& family,
                            const std::string& qualifier, int64_t amount,
                            Durability durability = Durability::kUseDefault);
  // Append: the newest value of the column with `suffix` added; returns it.
  Result<std::string> Append(const std::string& row, const std::string& family,
                             const std::string& qualifier, const std::string& suffix,
                             Durability durability = Durability::kUseDefault);
  // checkAndMutate: applies `mutation` when the newest value of
  // family:qualifier in the mutation's row equals `expected` (nullopt: when
  // the column is absent). Returns whether it was applied.
  Result<bool> CheckAndMutate(const std::string& family, const std::string& qualifier,
                              const std::optional<std::string>& expected,
                              const RowMutation& mutation);

  Result<SplitPoint> GetSplitPoint() const;

  // Calls fn(family, file name, path) for every live store file, each
  // family's oldest first, while no flush or compaction can change the set
  // or delete a file (a snapshot links them; keep fn short). NotSupported
  // when a store still reads another region's file through a reference
  // (a fresh split daughter): compact the region first.
  Status VisitStoreFiles(const std::function<Status(const std::string& family,
                                                    const std::string& file,
                                                    const std::string& path)>& fn) const;

  // Applies a recovered WAL entry (edits already flushed are skipped).
  Status Replay(const WalEntry& entry);

  // Waits for writes in flight and background work, flushes and closes.
  // When the flush fails (a full disk) the region stays open, serving its
  // memstores, and the error is returned: a close never takes acknowledged
  // edits offline. The destructor closes regardless.
  Status Close();
  // Closes without flushing, as a crash would: what the memstores held is
  // only in the WAL (used to show a region server failure).
  Status Abort();

 private:
  explicit Region(std::unique_ptr<RegionImpl> impl);
  std::unique_ptr<RegionImpl> impl_;
};

}  // namespace regionlab
