// LiveChartsWidget: four real-time QCustomPlot charts fed by the metrics
// poller, after QCustomPlot's real-time demo (a time ticker, the visible range
// pinned to the newest sample with setRange(now, window, Qt::AlignRight), old
// points trimmed, queued replots):
//   1. memstore bytes per region server, stacked, with the global flush
//      (lower mark) and blocking limits of all servers together;
//   2. block cache bytes by priority (single, multi, in-memory), with the hit
//      ratio and the evictions per second on right-hand axes;
//   3. read and write requests per second per region server (from the
//      differences of the request counters between two samples);
//   4. store-file count and bytes of the cluster.
// Flush, compaction and split events are vertical markers on every chart.
//
// Keys are seconds since the epoch. The view ends at the newest sample and
// spans the window, or the history so far when that is shorter (at least
// kMinSpanSeconds). Points older than kMaxWindowSeconds are
// trimmed, so any window up to that can be shown without a rebuild. While
// paused the view stays where it is; samples still arrive.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>
#include <deque>
#include <map>
#include <vector>

#include "regionlab/cluster.h"

class QCustomPlot;
class QCPGraph;
class QCPAbstractItem;
class QComboBox;
class QToolButton;

namespace regionlab::ui {

class LiveChartsWidget : public QWidget {
  Q_OBJECT

 public:
  enum Chart { Memstore, BlockCache, Requests, StoreFiles, ChartCount };
  static constexpr int kMaxWindowSeconds = 900;
  // The narrowest view: a history shorter than the window fills the chart
  // until it is this long, then grows to the window.
  static constexpr int kMinSpanSeconds = 10;
  // HBase's hbase.regionserver.global.memstore.size.lower.limit default:
  // flushes start at 95% of the global limit; writes block at 100%.
  static constexpr double kGlobalFlushLowerLimit = 0.95;

  explicit LiveChartsWidget(QWidget* parent = nullptr);

  void addSample(const regionlab::ClusterSample& sample);
  void addEvent(const regionlab::ClusterEvent& event);
  void clear();

  void setWindowSeconds(int seconds);  // clamped to 10..kMaxWindowSeconds
  int windowSeconds() const { return m_windowSeconds; }
  void setPaused(bool paused);
  bool isPaused() const { return m_paused; }
  // Replots every chart now (queued replots otherwise wait for the event loop).
  void replotNow();
  // Renders the four charts into one PNG.
  bool exportPng(const QString& path);

  QCustomPlot* plot(Chart chart) const { return m_plots[chart]; }
  // The graph named `name` on `chart` (a server name, or "single", "hit ratio %", ...).
  QCPGraph* graph(Chart chart, const QString& name) const;
  int eventMarkers() const { return static_cast<int>(m_markers.size()); }
  // The marker an engine event kind draws ("flush", "compaction", "split"),
  // or empty for events the charts do not mark (moves, DDL, ...).
  static QString markerKind(const std::string& eventKind);
  // Writes per second of the whole cluster between the last two samples.
  double totalWriteRate() const { return m_totalWriteRate; }

 signals:
  void pausedChanged(bool paused);

 protected:
  // Restyles the plots from the palette when the theme changes (ui/theme.h).
  void changeEvent(QEvent* event) override;

 private:
  QCPGraph* ensureGraph(Chart chart, const QString& name, const QColor& colour, bool dashed = false);
  QCPGraph* serverGraph(Chart chart, const QString& server, const QString& suffix, bool dashed);
  QColor serverColour(const QString& server);
  void trimAndReplot(double now);

  QCustomPlot* m_plots[ChartCount] = {};
  std::map<QString, QCPGraph*> m_graphs[ChartCount];
  std::vector<QString> m_serverOrder;  // first seen first; stacking order
  std::deque<std::pair<double, QCPAbstractItem*>> m_markers;
  QToolButton* m_pauseButton = nullptr;
  QComboBox* m_windowBox = nullptr;
  QWidget* m_grid = nullptr;
  int m_windowSeconds = 300;
  bool m_paused = false;
  double m_lastKey = 0;
  double m_previousKey = 0;
  uint64_t m_previousEvictions = 0;
  // Request totals per server at the previous sample: rates are computed here
  // from counter differences, so other callers of SampleNow() do not skew them.
  std::map<std::string, std::pair<uint64_t, uint64_t>> m_previousRequests;
  double m_totalWriteRate = 0;
  bool m_havePrevious = false;
  double m_memstoreMax = 0;   // the largest stacked memstore inside the window
};

}  // namespace regionlab::ui
