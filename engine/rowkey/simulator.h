// Distribution simulator: generates N keys from a scheme and a workload,
// routes each to its region as the engine's client does (the region whose
// [start, end) holds the row), and reports writes and bytes per region and
// per region server, max/mean skew, the Gini coefficient of the writes per
// region, and when the first automatic split would happen.
//
// Bytes are an estimate of a write's uncompressed store-file size: the row,
// qualifier and value plus kCellOverhead bytes (the 2-byte row length and
// the 17-byte timestamp/type/sequence tail of the engine's cell key, and the
// lengths of a block entry).
//
// First split: a region splits after a flush that leaves its store above
// the split policy's threshold (engine/region/split_policy.h, the same code
// the engine runs). A region's store grows by one flush size per flush, so
// the region splits once it has taken in k flushes' worth of bytes, k being
// the first with stored + k x flush size > threshold. Thresholds of an
// existing table's regions are the engine's own (RegionInfo::split_threshold);
// proposed regions are given the table's policy with r = their count on the
// same server, and a jitter drawn from their position (their encoded names,
// which seed the engine's jitter, do not exist yet). When no region gets
// there within the run, the split is projected at the run's rates.
//
// Hotspots are a matter of time as much as of totals: a timestamp-first key
// spreads its writes evenly over regions cut from the same run, but at any
// moment all of them go to one region. The run is therefore cut into
// `windows` consecutive windows, and each window's max/mean writes per
// region is reported; the projected first split uses the last window's rates.
//
// 1,000,000 keys take well under a second in a Release build (measured in
// tests/engine/rowkey/simulator_test).
//
// Thread-safety: pure functions; the progress callback runs on the caller's
// thread.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "regionlab/cluster.h"
#include "regionlab/status.h"
#include "rowkey/key_encoder.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

inline constexpr uint64_t kCellOverhead = 22;

struct RegionSlot {
  std::string name;  // encoded name of an existing region; "region N" for proposed ones
  std::string start_key, end_key;
  std::string server;
  uint64_t split_threshold = 0;  // 0: from the split policy; UINT64_MAX: never splits
  uint64_t stored_bytes = 0;     // what the region's largest store already holds
};

// A proposed table pre-split at `split_keys` (sorted, unique), its regions
// dealt round robin to rs1..rsN as the engine assigns a new table's regions
// to equally loaded servers.
std::vector<RegionSlot> LayoutFromSplitKeys(const std::vector<std::string>& split_keys,
                                            int servers = 3);

// An existing table's online regions (Admin::ListRegions): their servers,
// the engine's split thresholds and their largest stores' sizes.
Result<std::vector<RegionSlot>> LayoutFromTable(Admin& admin, const std::string& table);

struct SimulationOptions {
  uint64_t keys = 1000000;
  uint32_t value_size = 100;
  uint32_t qualifier_size = 1;
  // The table settings the split policy reads, for slots without a threshold.
  std::string split_policy;  // HBase class name; "" = SteppingSplitPolicy (HBase 2's default)
  uint64_t flush_size = 128ull << 20;     // MEMSTORE_FLUSHSIZE
  uint64_t max_file_size = 10ull << 30;   // MAX_FILESIZE
  std::map<std::string, std::string> table_config;  // CONFIGURATION and METADATA
  int windows = 10;  // consecutive windows of the run for the time-resolved skew
  // Called every 65536 keys with (keys done, keys); false cancels (Aborted).
  std::function<bool(uint64_t, uint64_t)> progress;
};

// The split-policy settings of a table's descriptor (SPLIT_POLICY,
// MEMSTORE_FLUSHSIZE, MAX_FILESIZE, CONFIGURATION and METADATA), as the
// engine gives them to the policy.
void ApplyDescriptor(const TableDescriptor& desc, SimulationOptions* options);

struct RegionLoad {
  RegionSlot slot;
  uint64_t writes = 0;
  uint64_t bytes = 0;
  uint64_t split_threshold = 0;  // the threshold used
};

struct ServerLoad {
  std::string server;
  size_t regions = 0;
  uint64_t writes = 0;
  uint64_t bytes = 0;
};

struct FirstSplit {
  bool expected = false;     // some region would split (false: no region ever can, or no writes)
  bool within_run = false;   // during this run; otherwise projected at the last window's rates
  uint64_t at_write = 0;     // 1-based write number (projected: estimated)
  size_t region = 0;         // index into DistributionReport::regions
  uint64_t threshold = 0;
  std::string explanation;   // the policy's Explain for that region
};

struct DistributionReport {
  std::string scheme;
  std::string split_policy;
  uint64_t keys = 0;
  uint64_t bytes = 0;
  std::vector<RegionLoad> regions;
  std::vector<ServerLoad> servers;  // in order of first appearance
  double region_skew = 0;        // max / mean writes per region
  double region_bytes_skew = 0;  // max / mean bytes per region
  double server_skew = 0;        // max / mean writes per server
  double gini = 0;               // of the writes per region: 0 even, near 1 all in one
  // Per window of the run, max/mean writes per region within the window
  // (1 = spread evenly at every moment, the region count = one region at a time).
  std::vector<double> window_skew;
  double max_window_skew = 0;
  FirstSplit first_split;
  double seconds = 0;            // generating and routing the keys
};

// Simulates options.keys writes of `workload` over `layout` (sorted regions
// tiling the key space from "" to "").
Result<DistributionReport> Simulate(const KeyEncoder& encoder, const Workload& workload,
                                    const std::vector<RegionSlot>& layout,
                                    const SimulationOptions& options);

// The Gini coefficient of `values` (0 when all are equal or all zero).
double Gini(std::vector<uint64_t> values);

struct SchemeComparison {
  DistributionReport a, b;
};

// Both schemes on the same workload: the same models and seed, so schemes
// with the same fields (names and types, in order) see the same records.
// InvalidArgument when their fields differ.
Result<SchemeComparison> CompareSchemes(const KeyEncoder& a, const std::vector<RegionSlot>& layout_a,
                                        const KeyEncoder& b, const std::vector<RegionSlot>& layout_b,
                                        const Workload& workload,
                                        const SimulationOptions& options);

}  // namespace regionlab::rowkey
