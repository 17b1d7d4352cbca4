// RegionLayout: the table regions a scheme is judged against — by the
// builder's query plans and warnings, and by the distribution simulator.
//
// A layout is either proposed (split keys computed from the scheme or typed
// in, the regions dealt round robin to the servers as the engine assigns a
// new table's regions) or an existing table's regions, read through the
// engine controller (rowkey::LayoutFromTable: their servers, the engine's
// split thresholds and stored sizes). Proposed split keys come from the
// engine's calculators:
//   quantiles   quantiles of keys sampled from the planned run (the
//               HashChoreWoker; rowkey::SampledSplitKeys) with the
//               workload's seed + 1, so the regions are cut from another
//               sample than the run they are judged with, as
//               regionlab-scheme does
//   salt        one region per group of salt buckets (rowkey::SaltSplitKeys)
//   partition   N buckets of a fixed-width prefix (rowkey::PartitionSplitKeys)
//   numregions  NUMREGIONS with SPLITALGO (HexStringSplit, DecimalStringSplit,
//               UniformSplit; ComputeSplitKeys)
//   typed       one key per line, Bytes.toStringBinary escapes, read as HBase
//               reads a SPLITS_FILE (ParseSplitsFile)
//
// Thread-safety: resolveLayout is a pure function (any thread);
// fetchTableLayout is called on the UI thread.
#pragma once

#include <QString>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "regionlab/status.h"
#include "rowkey/key_encoder.h"
#include "rowkey/simulator.h"
#include "rowkey/split_algorithms.h"

class QObject;

namespace regionlab::ui {

class EngineController;

enum class LayoutSource { SingleRegion, Quantiles, SaltBuckets, Partition, NumRegions, SplitKeys, Table };

// "Single region", "Quantiles of sampled keys", ...: the chooser's labels.
QString layoutSourceLabel(LayoutSource source);
std::vector<LayoutSource> allLayoutSources();

struct LayoutSpec {
  LayoutSource source = LayoutSource::Quantiles;
  int regions = 10;   // quantiles, salt, partition, numregions
  int servers = 3;    // proposed layouts: region servers the regions are dealt to
  uint64_t plannedKeys = 1000000;  // quantiles: the run the table is sized for
  uint64_t sampleKeys = 100000;    // quantiles: keys kept from it
  uint64_t partitionBuckets = 16;
  regionlab::rowkey::Encoding partitionEncoding = regionlab::rowkey::Encoding::kBinary;
  int partitionWidth = 8;  // Bytes.toBytes((long) i), as a Java writer computes it
  regionlab::SplitAlgorithm algorithm = regionlab::SplitAlgorithm::kHexString;
  QString firstRow, lastRow;  // numregions: RegionSplitter's --firstrow/--lastrow; empty: defaults
  QString splitKeysText;      // typed: a SPLITS_FILE's text
  QString table;              // table: its full name
  // table: its regions, as fetchTableLayout read them.
  std::vector<regionlab::rowkey::RegionSlot> tableSlots;
};

// One line for labels and exports: "10 regions from quantiles of 100,000
// sampled keys", "table trades (8 regions)".
QString describeLayout(const LayoutSpec& spec);

// Called with (done, total); false cancels (the result is then Aborted).
using LayoutProgress = std::function<bool(uint64_t, uint64_t)>;

// The regions of `spec` for `encoder`'s scheme and `workload`. Errors name
// the problem (a typed key on line 3, a salt layout for a scheme without a
// leading salt, a table whose regions were not read).
regionlab::Result<std::vector<regionlab::rowkey::RegionSlot>> resolveLayout(
    const LayoutSpec& spec, const regionlab::rowkey::KeyEncoder& encoder,
    const regionlab::rowkey::Workload& workload, const LayoutProgress& progress = {});

// The split keys of a layout (every region's start key but the first).
std::vector<std::string> splitKeysOf(const std::vector<regionlab::rowkey::RegionSlot>& regionSlots);

// Reads `table`'s regions on the engine worker and calls `done` on the UI
// thread (unless `receiver` is gone or the data directory changed) with the
// regions or an error text.
void fetchTableLayout(
    EngineController* controller, const QString& table, QObject* receiver,
    std::function<void(const std::vector<regionlab::rowkey::RegionSlot>&, const QString& error)> done);

}  // namespace regionlab::ui
