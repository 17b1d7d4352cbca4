#include "models/key_heatmap.h"

#include <algorithm>
#include <unordered_set>

namespace regionlab::ui {

KeyHeatmap::KeyHeatmap(size_t maxColumns, size_t maxCells)
    : m_maxColumns(std::max<size_t>(1, maxColumns)), m_maxCells(std::max<size_t>(1, maxCells)) {}

void KeyHeatmap::setTable(const QString& table) {
  m_table = table;
  m_tableName = table.toStdString();
  clear();
}

void KeyHeatmap::clear() {
  m_columns.clear();
  m_cells = 0;
  m_regionKeys.clear();
  m_regionIds.clear();
  m_boundaries.clear();
  m_maxBucketRate = 0;
  m_lastTimeMs = 0;
  m_haveLast = false;
  m_lastWrites.clear();
  m_lastLayout.reset();
  m_axisDirty = false;
}

std::string KeyHeatmap::bucketEnd(size_t b) const {
  return b + 1 < m_boundaries.size() ? m_boundaries[b + 1] : std::string();
}

uint32_t KeyHeatmap::regionId(const regionlab::RegionInfo& info) {
  auto [it, inserted] = m_regionIds.emplace(info.encoded_name, static_cast<uint32_t>(m_regionKeys.size()));
  if (inserted) m_regionKeys.push_back(RegionKeys{info.encoded_name, info.start_key, info.end_key, 0, 0});
  return it->second;
}

bool KeyHeatmap::addSample(const regionlab::ClusterSample& sample) {
  std::vector<const regionlab::RegionInfo*> regions;
  for (const auto& r : sample.regions)
    if (r.table == m_tableName) regions.push_back(&r);
  if (regions.empty()) {
    // The table is gone (or not created yet): the next sample starts afresh.
    m_haveLast = false;
    return false;
  }
  if (m_haveLast && sample.time_ms <= m_lastTimeMs) return false;
  auto byStart = [](const auto* a, const auto* b) { return a->start_key < b->start_key; };
  if (!std::is_sorted(regions.begin(), regions.end(), byStart)) std::sort(regions.begin(), regions.end(), byStart);
  // Usually the regions are those of the previous sample: then the layout and
  // the previous counters are reused without hashing a name.
  bool sameLayout = m_lastLayout && m_lastLayout->regions.size() == regions.size();
  for (size_t i = 0; sameLayout && i < regions.size(); ++i)
    sameLayout = m_regionKeys[m_lastLayout->regions[i]].encodedName == regions[i]->encoded_name;
  std::shared_ptr<const Layout> layout = m_lastLayout;
  if (!sameLayout) {
    auto fresh = std::make_shared<Layout>();
    for (const auto* r : regions) fresh->regions.push_back(regionId(*r));
    layout = std::move(fresh);
  }

  bool added = false;
  if (m_haveLast) {
    // The previous counter of each region; a region not in the previous
    // sample counts from 0 (see the header).
    std::vector<uint64_t> base(regions.size(), 0);
    if (sameLayout) {
      base = m_lastWrites;
    } else {
      std::unordered_map<uint32_t, uint64_t> before;
      for (size_t i = 0; i < m_lastLayout->regions.size(); ++i) before[m_lastLayout->regions[i]] = m_lastWrites[i];
      for (size_t i = 0; i < regions.size(); ++i) {
        auto it = before.find(layout->regions[i]);
        if (it != before.end()) base[i] = it->second;
      }
    }
    const double seconds = (sample.time_ms - m_lastTimeMs) / 1000.0;
    Column c;
    c.startMs = m_lastTimeMs;
    c.endMs = sample.time_ms;
    c.layout = layout;
    c.writesPerSecond.resize(regions.size());
    for (size_t i = 0; i < regions.size(); ++i) {
      const uint64_t now = regions[i]->metrics.write_requests;
      const uint64_t from = now >= base[i] ? base[i] : 0;  // a counter that went down restarted
      c.writesPerSecond[i] = static_cast<float>((now - from) / seconds);
    }
    m_cells += c.writesPerSecond.size();
    m_columns.push_back(std::move(c));
    added = true;
  }
  m_lastWrites.resize(regions.size());
  for (size_t i = 0; i < regions.size(); ++i) m_lastWrites[i] = regions[i]->metrics.write_requests;
  m_lastTimeMs = sample.time_ms;
  m_haveLast = true;
  // A new layout may bring new boundaries; it is drawn from the next column on.
  m_axisDirty = m_axisDirty || !sameLayout;
  m_lastLayout = layout;
  if (!added) return false;

  bool trimmedLayout = false;
  while (m_columns.size() > 1 && (m_columns.size() > m_maxColumns || m_cells > m_maxCells)) {
    const auto dropped = m_columns.front().layout;
    m_cells -= m_columns.front().writesPerSecond.size();
    m_columns.pop_front();
    if (m_columns.front().layout != dropped) trimmedLayout = true;
  }
  if (m_axisDirty || trimmedLayout) {
    rebuildKeyAxis();
  } else {
    m_columns.back().maxBucketRate = columnMax(m_columns.back());
    recomputeMax();
  }
  return true;
}

void KeyHeatmap::rebuildKeyAxis() {
  m_axisDirty = false;
  // Only regions of retained columns give boundaries ("seen in the window").
  std::unordered_set<uint32_t> used;
  const Layout* previous = nullptr;
  for (const Column& c : m_columns) {
    if (c.layout.get() == previous) continue;
    previous = c.layout.get();
    used.insert(c.layout->regions.begin(), c.layout->regions.end());
  }
  m_boundaries.assign(1, std::string());
  for (uint32_t r : used) m_boundaries.push_back(m_regionKeys[r].startKey);
  std::sort(m_boundaries.begin(), m_boundaries.end());
  m_boundaries.erase(std::unique(m_boundaries.begin(), m_boundaries.end()), m_boundaries.end());
  for (RegionKeys& r : m_regionKeys) {
    r.firstBucket = static_cast<uint32_t>(
        std::lower_bound(m_boundaries.begin(), m_boundaries.end(), r.startKey) - m_boundaries.begin());
    r.endBucket = r.endKey.empty()
                      ? static_cast<uint32_t>(m_boundaries.size())
                      : static_cast<uint32_t>(std::lower_bound(m_boundaries.begin(), m_boundaries.end(),
                                                               r.endKey) -
                                              m_boundaries.begin());
    r.endBucket = std::max(r.endBucket, r.firstBucket + 1);
  }
  // A bucket's share depends on how many buckets its region covers, which
  // new boundaries change: every column's maximum is recomputed.
  for (Column& c : m_columns) c.maxBucketRate = columnMax(c);
  recomputeMax();
}

double KeyHeatmap::columnMax(const Column& c) const {
  double top = 0;
  for (size_t i = 0; i < c.writesPerSecond.size(); ++i) {
    const RegionKeys& r = m_regionKeys[c.layout->regions[i]];
    top = std::max(top, double(c.writesPerSecond[i]) / (r.endBucket - r.firstBucket));
  }
  return top;
}

void KeyHeatmap::recomputeMax() {
  m_maxBucketRate = 0;
  for (const Column& c : m_columns) m_maxBucketRate = std::max(m_maxBucketRate, c.maxBucketRate);
}

int KeyHeatmap::layoutSlotAt(size_t c, size_t b) const {
  if (c >= m_columns.size() || b >= m_boundaries.size()) return -1;
  const auto& members = m_columns[c].layout->regions;
  // The last region whose first bucket is at or before b.
  auto it = std::upper_bound(members.begin(), members.end(), b, [this](size_t bucket, uint32_t r) {
    return bucket < m_regionKeys[r].firstBucket;
  });
  if (it == members.begin()) return -1;
  --it;
  if (m_regionKeys[*it].endBucket <= b) return -1;
  return static_cast<int>(it - members.begin());
}

double KeyHeatmap::bucketRate(size_t c, size_t b) const {
  const int slot = layoutSlotAt(c, b);
  if (slot < 0) return 0;
  const Column& column = m_columns[c];
  const RegionKeys& r = m_regionKeys[column.layout->regions[slot]];
  return column.writesPerSecond[slot] / double(r.endBucket - r.firstBucket);
}

int KeyHeatmap::columnAtTime(qint64 timeMs) const {
  auto it = std::lower_bound(m_columns.begin(), m_columns.end(), timeMs,
                             [](const Column& c, qint64 t) { return c.endMs < t; });
  if (it == m_columns.end() || timeMs <= it->startMs) return -1;
  return static_cast<int>(it - m_columns.begin());
}

}  // namespace regionlab::ui
