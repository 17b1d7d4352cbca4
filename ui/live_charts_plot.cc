// LiveChartsWidget: samples into graphs, the followed table's series, the
// view window, value axes and marker lines.
#include <QComboBox>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "models/chart_ranges.h"
#include "models/format.h"
#include "ui/event_strip_widget.h"
#include "ui/live_charts_widget.h"

namespace regionlab::ui {

namespace {

// Positive values only on a logarithmic axis: an empty memstore sits below it.
double logValue(double v) { return std::max(v, 1.0); }

// Flushes and compactions belong to the charts whose lines they move.
bool marksChart(EventKind kind, LiveChartsWidget::Chart chart) {
  switch (kind) {
    case EventKind::Flush:
    case EventKind::MinorCompaction:
    case EventKind::MajorCompaction:
      return chart == LiveChartsWidget::Memstore || chart == LiveChartsWidget::StoreFiles;
    default:
      return true;
  }
}

}  // namespace

void LiveChartsWidget::plotSample(const regionlab::ClusterSample& sample, double key, Counters* previous,
                                  bool storedRates) {
  uint64_t single = 0, multi = 0, memory = 0, hits = 0, misses = 0, evictions = 0, capacity = 0;
  uint64_t limit = 0, mark = 0;
  const double seconds = previous->known ? key - previous->key : 0;
  // A counter that went down restarted (a region moved or reopened): no negative traffic.
  auto rate = [seconds](uint64_t now, uint64_t before) {
    return seconds > 0 && now >= before ? double(now - before) / seconds : 0.0;
  };
  double totalWrites = 0;
  for (const auto& s : sample.servers) {
    const QString server = QString::fromStdString(s.name);
    serverGraph(Memstore, server, QString(), false)->addData(key, logValue(double(s.memstore_bytes)));
    limit = std::max(limit, s.global_memstore_limit);
    mark = std::max(mark, s.global_memstore_lower_mark);
    double writes = s.write_rate, reads = s.read_rate;
    if (!storedRates) {
      auto before = previous->requests.find(s.name);
      const bool known = before != previous->requests.end();
      writes = known ? rate(s.write_requests, before->second.second) : 0;
      reads = known ? rate(s.read_requests, before->second.first) : 0;
      previous->requests[s.name] = {s.read_requests, s.write_requests};
    }
    totalWrites += writes;
    serverGraph(Requests, server, tr("write"), false)->addData(key, writes);
    serverGraph(Requests, server, tr("read"), true)->addData(key, reads);
    single += s.block_cache.single_bytes;
    multi += s.block_cache.multi_bytes;
    memory += s.block_cache.memory_bytes;
    hits += s.block_cache.hits;
    misses += s.block_cache.misses;
    evictions += s.block_cache.evictions;
    if (s.online) capacity += s.block_cache.capacity;
  }
  graph(Memstore, QLatin1String(kGlobalLimit))->addData(key, logValue(double(limit)));
  graph(Memstore, QLatin1String(kGlobalFlushMark))->addData(key, logValue(double(mark)));
  graph(BlockCache, QStringLiteral("single"))->addData(key, double(single));
  graph(BlockCache, QStringLiteral("multi"))->addData(key, double(multi));
  graph(BlockCache, QStringLiteral("in-memory"))->addData(key, double(memory));
  graph(BlockCache, QLatin1String(kCacheCapacity))->addData(key, double(capacity));
  graph(BlockCache, QLatin1String(kHitRatio))
      ->addData(key, hits + misses == 0 ? 0.0 : 100.0 * double(hits) / double(hits + misses));
  graph(BlockCache, QLatin1String(kEvictions))->addData(key, rate(evictions, previous->evictions));
  addTablePoints(sample, key);
  previous->known = true;
  previous->key = key;
  previous->evictions = evictions;
  m_totalWriteRate = totalWrites;
  const bool limitsChanged = limit != m_globalLimit || mark != m_globalMark || capacity != m_cacheCapacity ||
                             sample.lab_scale != m_labScale;
  m_globalLimit = limit;
  m_globalMark = mark;
  m_cacheCapacity = capacity;
  m_labScale = std::max<uint32_t>(1, sample.lab_scale);
  m_strip->setLabScale(m_labScale);
  if (limitsChanged) updateLegendNames();
}

void LiveChartsWidget::addSample(const regionlab::ClusterSample& sample) {
  const double key = sample.time_ms / 1000.0;
  if (key <= m_lastKey) return;  // QCustomPlot wants keys in order; a repeated sample adds nothing
  plotSample(sample, key, &m_live, false);
  m_lastKey = key;
  trimAndReplot(key);
}

void LiveChartsWidget::loadHistory(const std::vector<regionlab::ClusterSample>& samples,
                                   const std::vector<regionlab::ClusterEvent>& events) {
  QCPGraph* reference = graph(Memstore, QLatin1String(kGlobalLimit));
  const double firstLive = reference->data()->isEmpty() ? 1e300 : reference->data()->constBegin()->key;
  Counters restored;
  double last = 0;
  const Counters live = m_live;
  const double liveWrites = m_totalWriteRate;
  for (const auto& sample : samples) {
    const double key = sample.time_ms / 1000.0;
    if (key >= firstLive || key <= last) continue;
    plotSample(sample, key, &restored, true);
    last = key;
    ++m_restoredSamples;
  }
  m_live = live;
  m_totalWriteRate = liveWrites;
  if (last > 0) {
    // A gap between the stored window and the live points: the application
    // was not watching in between.
    const double gap = std::nextafter(last, 1e300);
    for (auto& graphs : m_graphs)
      for (auto& [name, g] : graphs) g->addData(gap, qQNaN());
    for (auto& [table, series] : m_tableSeries) {
      TablePoint p;
      p.key = gap;
      p.fullestMemstore = p.files = p.bytes = qQNaN();
      series.insert(std::upper_bound(series.begin(), series.end(), gap,
                                     [](double k, const TablePoint& t) { return k < t.key; }),
                    p);
    }
    showTableSeries();
    m_lastKey = std::max(m_lastKey, last);
  }
  for (const auto& e : events) m_events.add(e);
  refreshTableFilter();
  if (m_lastKey > 0) trimAndReplot(m_lastKey);
}

void LiveChartsWidget::addTablePoints(const regionlab::ClusterSample& sample, double key) {
  // Every table's figures (and all tables' under ""), so another table's
  // history is there when the charts follow it.
  std::map<QString, TablePoint> points;
  TablePoint& all = points[QString()];
  for (const auto& r : sample.regions) {
    TablePoint& t = points[QString::fromStdString(r.table)];
    for (TablePoint* p : {&t, &all}) {
      p->key = key;
      p->files += double(r.metrics.store_files);
      p->bytes += double(r.metrics.store_file_bytes);
      if (double(r.metrics.memstore_heap_bytes) >= p->fullestMemstore) {
        p->fullestMemstore = double(r.metrics.memstore_heap_bytes);
        p->flushSize = double(r.flush_size);
      }
    }
  }
  all.key = key;
  QCPGraph* flush = graph(Memstore, QLatin1String(kFlushSize));
  const double flushBefore = flush->data()->isEmpty() ? 0 : (flush->data()->constEnd() - 1)->value;
  for (auto& [table, point] : points) {
    auto& series = m_tableSeries[table];
    if (series.empty() || series.back().key < key) {
      series.push_back(point);
    } else {  // a stored sample behind the live ones
      series.insert(std::upper_bound(series.begin(), series.end(), key,
                                     [](double k, const TablePoint& t) { return k < t.key; }),
                    point);
    }
    if (table == m_table) {
      graph(Memstore, QLatin1String(kFullestRegion))->addData(key, logValue(point.fullestMemstore));
      if (point.flushSize > 0) graph(Memstore, QLatin1String(kFlushSize))->addData(key, point.flushSize);
      graph(StoreFiles, QLatin1String(kFileCount))->addData(key, point.files);
      graph(StoreFiles, QLatin1String(kFileBytes))->addData(key, point.bytes);
    }
  }
  // A dropped table's series ends; it goes once it is out of the window.
  for (auto it = m_tableSeries.begin(); it != m_tableSeries.end();) {
    while (!it->second.empty() && it->second.front().key < key - kMaxWindowSeconds) it->second.pop_front();
    it = it->second.empty() ? m_tableSeries.erase(it) : std::next(it);
  }
  auto current = points.find(m_table);
  if (current != points.end() && current->second.flushSize != flushBefore) updateLegendNames();
}

void LiveChartsWidget::showTableSeries() {
  QCPGraph* fullest = graph(Memstore, QLatin1String(kFullestRegion));
  QCPGraph* flush = graph(Memstore, QLatin1String(kFlushSize));
  QCPGraph* files = graph(StoreFiles, QLatin1String(kFileCount));
  QCPGraph* bytes = graph(StoreFiles, QLatin1String(kFileBytes));
  for (QCPGraph* g : {fullest, flush, files, bytes}) g->data()->clear();
  auto it = m_tableSeries.find(m_table);
  if (it == m_tableSeries.end()) return;
  for (const TablePoint& p : it->second) {
    fullest->addData(p.key, logValue(p.fullestMemstore));
    if (p.flushSize > 0) flush->addData(p.key, p.flushSize);
    files->addData(p.key, p.files);
    bytes->addData(p.key, p.bytes);
  }
}

void LiveChartsWidget::trimAndReplot(double now) {
  const double oldest = now - kMaxWindowSeconds;
  for (int c = 0; c < ChartCount; ++c)
    for (auto& [name, g] : m_graphs[c]) g->data()->removeBefore(oldest);
  m_events.trimBefore(static_cast<int64_t>(oldest * 1000));
  if (m_paused) {
    m_strip->relayout();
    return;
  }
  // A young history is shown across the chart (at least kMinSpanSeconds wide)
  // rather than squeezed against the right edge of a long window.
  QCPGraph* reference = graph(Memstore, QLatin1String(kGlobalLimit));
  const double history = reference->data()->isEmpty() ? 0 : now - reference->data()->constBegin()->key;
  const double span = std::clamp(history, double(kMinSpanSeconds), double(m_windowSeconds));
  const QCPRange visible(now - span, now);
  for (QCustomPlot* plot : m_plots) plot->xAxis->setRange(now, span, Qt::AlignRight);
  fitValueAxes(visible);
  redrawMarkerLines(visible.lower, visible.upper);
  m_strip->setView(visible.lower, visible.upper);
  for (QCustomPlot* plot : m_plots) plot->replot(QCustomPlot::rpQueuedReplot);
}

void LiveChartsWidget::fitValueAxes(const QCPRange& visible) {
  auto valuesOf = [&](QCPGraph* g, std::vector<double>* out) {
    for (auto it = g->data()->findBegin(visible.lower); it != g->data()->constEnd() && it->key <= visible.upper; ++it)
      out->push_back(it->value);
  };
  // Memstore: a log axis holding the data and the flush size and global limits.
  {
    double lo = 0, hi = 0;
    std::vector<double> limits;
    for (auto& [key, g] : m_graphs[Memstore]) {
      std::vector<double> values;
      valuesOf(g, &values);
      const bool limit = key == QLatin1String(kFlushSize) || key == QLatin1String(kGlobalLimit) ||
                         key == QLatin1String(kGlobalFlushMark);
      for (double v : values) {
        if (limit) {
          limits.push_back(v);
        } else if (v > 1) {
          lo = lo > 0 ? std::min(lo, v) : v;
          hi = std::max(hi, v);
        }
      }
    }
    const LogRange r = logByteRange(lo, hi, limits);
    m_plots[Memstore]->yAxis->setRange(r.lower, r.upper);
  }
  // Linear axes: robust tops, so one spike does not flatten the rest.
  for (Chart c : {BlockCache, Requests, StoreFiles}) {
    QCustomPlot* plot = m_plots[c];
    QStringList clipped;
    for (QCPAxis* axis : plot->axisRect()->axes(QCPAxis::atLeft | QCPAxis::atRight)) {
      if (c == BlockCache && axis == plot->yAxis2) continue;  // a percentage: fixed 0..100
      std::vector<double> values;
      double capacity = 0;
      for (QCPGraph* g : axis->graphs()) {
        if (g == graph(BlockCache, QLatin1String(kCacheCapacity))) {
          std::vector<double> cap;
          valuesOf(g, &cap);
          for (double v : cap) capacity = std::max(capacity, v);
          continue;
        }
        valuesOf(g, &values);
      }
      const bool bytes = axis == m_plots[BlockCache]->yAxis || axis == m_plots[StoreFiles]->yAxis2;
      AxisTop top = robustAxisTop(values, bytes ? 1024.0 : 1.0);
      // The cache's capacity is drawn once the cache is a quarter full: filling
      // means something against it then; far above, it would flatten the bytes
      // (the legend names it).
      if (capacity > 0 && top.peak * 4 >= capacity) top.top = std::max(top.top, capacity * 1.05);
      axis->setRange(0, top.top);
      if (top.clipped)
        clipped << tr("%1 peak %2 off the chart").arg(axis->label(), bytes ? compactBytes(top.peak)
                                                                               : QString::number(top.peak, 'f', 0));
    }
    m_clipped[c] = clipped.join(QStringLiteral("; "));
    m_clipLabels[c]->setText(m_clipped[c]);
  }
}

void LiveChartsWidget::redrawMarkerLines(double from, double to) {
  for (QCPAbstractItem* item : m_markerItems) item->parentPlot()->removeItem(item);
  m_markerItems.clear();
  const double width = std::max(1, m_plots[Memstore]->axisRect()->width());
  // Lines closer than 3 pixels are one line.
  const std::vector<MarkerCluster> clusters =
      clusterMarkers(m_events.events(), m_filter, from, to, 3 * (to - from) / width);
  for (const MarkerCluster& cluster : clusters) {
    QColor colour = eventKindColor(cluster.kind);
    colour.setAlpha(cluster.kind == EventKind::Flush ? 80 : cluster.kind == EventKind::Trouble ? 220 : 140);
    for (int c = 0; c < ChartCount; ++c) {
      if (!marksChart(cluster.kind, static_cast<Chart>(c))) continue;
      auto* line = new QCPItemStraightLine(m_plots[c]);
      line->point1->setCoords(cluster.centerSeconds(), 1);
      line->point2->setCoords(cluster.centerSeconds(), 2);
      QPen pen(colour, cluster.members.size() > 1 ? 1.6 : 1.0);
      // Trouble stands out from the routine: a full disk, a failed flush.
      if (cluster.kind == EventKind::Trouble) {
        pen.setWidthF(2.0);
        pen.setStyle(Qt::DashLine);
      }
      line->setPen(pen);
      line->setSelectable(false);
      line->setClipToAxisRect(true);
      m_markerItems.push_back(line);
    }
  }
}

}  // namespace regionlab::ui
