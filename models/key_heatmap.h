// KeyHeatmap: one table's writes over key space and time, built from the
// engine's metrics samples (the data behind a Key Visualizer-style heatmap).
//
// Columns (time): each pair of consecutive samples gives one column
// [previous time, time]. A region's writes/s in a column is the difference of
// its write request counter between the two samples over their interval. A
// region absent from the previous sample (a daughter of a split, a region
// just opened) counts from 0, since its counter started at its opening
// inside the interval; a counter that went down (the region reopened after a
// move) counts from 0 as well, so a column never shows negative traffic.
//
// Key buckets (rows): the ordered union of the start keys of every region in
// the retained columns. Bucket b is [boundary b, boundary b + 1), the last
// one runs to the table's end. A split shows as a new boundary: from then on
// the two daughters fill the two buckets their parent covered.
//
// Spreading: a sample tells a region's writes, not where inside the region
// they fell. A region's writes/s are spread evenly over the buckets it
// covers, so a bucket's value is its share and the buckets of a column sum to
// the table's write rate. A bucket never receives writes of a region that
// does not cover it.
//
// Bounds: at most maxColumns columns, and at most maxCells region figures
// over all columns (the oldest columns go first), so memory and the cost of
// drawing stay bounded with many regions and a long window. A column keeps
// one float per region and points to a shared layout (the region set), which
// only changes on splits, merges and truncates.
//
// Thread-safety: a plain value; use from one thread.
#pragma once

#include <QString>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab::ui {

class KeyHeatmap {
 public:
  static constexpr size_t kDefaultMaxColumns = 900;       // 15 minutes at one sample a second
  static constexpr size_t kDefaultMaxCells = 4'000'000;  // 16 MB of figures

  struct RegionKeys {
    std::string encodedName;
    std::string startKey, endKey;  // binary; "" = the table's edge
    uint32_t firstBucket = 0, endBucket = 0;  // the buckets it covers: [first, end)
  };
  // The regions of a column in key order (indices into regionKeys()).
  struct Layout {
    std::vector<uint32_t> regions;
  };
  struct Column {
    qint64 startMs = 0, endMs = 0;
    std::shared_ptr<const Layout> layout;
    std::vector<float> writesPerSecond;  // per layout region
    double maxBucketRate = 0;            // the largest bucketRate of the column
  };

  explicit KeyHeatmap(size_t maxColumns = kDefaultMaxColumns, size_t maxCells = kDefaultMaxCells);

  // The table whose regions are taken from samples; changing it clears.
  void setTable(const QString& table);
  QString table() const { return m_table; }
  void clear();
  // Adds the table's regions of `sample` (ignored unless newer than the last
  // sample). Returns true when a column was added.
  bool addSample(const regionlab::ClusterSample& sample);

  size_t columnCount() const { return m_columns.size(); }
  const Column& column(size_t i) const { return m_columns[i]; }  // 0 = oldest
  size_t bucketCount() const { return m_boundaries.size(); }
  // Bucket b's start key; its end key is bucketStart(b + 1) or "" for the last.
  const std::string& bucketStart(size_t b) const { return m_boundaries[b]; }
  std::string bucketEnd(size_t b) const;
  const RegionKeys& regionKeys(uint32_t r) const { return m_regionKeys[r]; }

  // The index in column(c).layout->regions of the region covering bucket b.
  int layoutSlotAt(size_t c, size_t b) const;
  // A bucket's share of its region's writes/s in column c (see Spreading).
  double bucketRate(size_t c, size_t b) const;
  // The largest bucketRate over every column and bucket (0 when none).
  double maxBucketRate() const { return m_maxBucketRate; }
  size_t cellCount() const { return m_cells; }
  qint64 firstTimeMs() const { return m_columns.empty() ? 0 : m_columns.front().startMs; }
  qint64 lastTimeMs() const { return m_columns.empty() ? 0 : m_columns.back().endMs; }
  // The column whose interval (startMs, endMs] holds `timeMs`, or -1.
  int columnAtTime(qint64 timeMs) const;

 private:
  uint32_t regionId(const regionlab::RegionInfo& info);
  void trim();
  void rebuildKeyAxis();
  void recomputeMax();
  double columnMax(const Column& column) const;

  QString m_table;
  std::string m_tableName;
  size_t m_maxColumns, m_maxCells;
  std::deque<Column> m_columns;
  size_t m_cells = 0;
  std::vector<RegionKeys> m_regionKeys;  // every region the retained columns name
  std::unordered_map<std::string, uint32_t> m_regionIds;
  std::vector<std::string> m_boundaries;  // sorted; m_boundaries[0] == ""
  double m_maxBucketRate = 0;
  // The previous sample of the table: its time, its layout and each layout
  // region's write counter.
  qint64 m_lastTimeMs = 0;
  bool m_haveLast = false;
  std::shared_ptr<const Layout> m_lastLayout;
  std::vector<uint64_t> m_lastWrites;
  bool m_axisDirty = false;  // a layout not yet in the key axis
};

}  // namespace regionlab::ui
