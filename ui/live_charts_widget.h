// LiveChartsWidget: four real-time QCustomPlot charts fed by the metrics
// poller, after QCustomPlot's real-time demo (a time ticker, the visible range
// pinned to the newest sample with setRange(now, window, Qt::AlignRight), old
// points trimmed, queued replots), and a strip of event markers under them:
//   1. memstore, on a logarithmic byte axis so the limits it is about stay in
//      view with the data: each region server's memstore against the global
//      limit and its flush mark (0.95 of it, where regions flush for global
//      pressure), and the fullest region of the followed table against that
//      table's MEMSTORE_FLUSHSIZE: the line climbs to the flush size, a flush
//      marker follows, the line drops;
//   2. block cache bytes by priority against the cache's capacity, with the
//      hit ratio and the evictions per second on right-hand axes;
//   3. read and write requests per second per region server (from the
//      differences of the request counters between two samples);
//   4. the followed table's store-file count (left axis) and bytes (right).
// The followed table is the region map's (setTable); with none, charts 1 and
// 4 cover every table. Each table's figures are kept for the whole window,
// so following another table redraws its history at once.
//
// Event markers (models/event_log.h) sit on the strip (EventStripWidget),
// with a filter by kind and by table in the toolbar. Flushes and compactions
// also draw a faint line on the memstore and store-file charts, splits,
// merges, moves and failovers on every chart; lines closer than a few pixels
// are drawn once.
//
// Linear value axes ignore a lone spike (models/chart_ranges.h): the chart
// says what it clipped. Legends sit under the plots. Sizes are lab bytes;
// the toolbar names the lab scale and what it makes of HBase's sizes, and
// the legends give the limits' HBase equivalents.
//
// Keys are seconds since the epoch. The view ends at the newest sample and
// spans the window, or the history so far when that is shorter (at least
// kMinSpanSeconds). Points older than kMaxWindowSeconds are trimmed, so any
// window up to that can be shown without a rebuild. While paused the view
// stays where it is; samples still arrive.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>
#include <deque>
#include <map>
#include <vector>

#include "models/event_log.h"
#include "regionlab/cluster.h"

class QCustomPlot;
class QCPGraph;
class QCPAbstractItem;
class QCPTextElement;
class QCPItemText;
class QCPRange;
class QComboBox;
class QLabel;
class QToolButton;

namespace regionlab::ui {

class EventStripWidget;

class LiveChartsWidget : public QWidget {
  Q_OBJECT

 public:
  enum Chart { Memstore, BlockCache, Requests, StoreFiles, ChartCount };
  static constexpr int kMaxWindowSeconds = 900;
  // The narrowest view: a history shorter than the window fills the chart
  // until it is this long, then grows to the window.
  static constexpr int kMinSpanSeconds = 10;
  // Graph keys (graph()) of the fixed series.
  static constexpr const char* kGlobalLimit = "global limit";
  static constexpr const char* kGlobalFlushMark = "global flush mark";
  static constexpr const char* kFullestRegion = "fullest region";
  static constexpr const char* kFlushSize = "flush size";
  static constexpr const char* kCacheCapacity = "capacity";
  static constexpr const char* kHitRatio = "hit ratio %";
  static constexpr const char* kEvictions = "evictions/s";
  static constexpr const char* kFileCount = "store files";
  static constexpr const char* kFileBytes = "store file bytes";

  explicit LiveChartsWidget(QWidget* parent = nullptr);

  void addSample(const regionlab::ClusterSample& sample);
  void addEvent(const regionlab::ClusterEvent& event);
  // Draws a window from before the application started (the catalog's
  // samples and splits, EngineController::requestStoredWindow) behind the
  // live points: samples at or after the first live one are skipped, rates
  // are the stored ones, and a gap separates them from the live points.
  void loadHistory(const std::vector<regionlab::ClusterSample>& samples,
                   const std::vector<regionlab::ClusterEvent>& events);
  // Samples loadHistory drew (0 before).
  int restoredSamples() const { return m_restoredSamples; }
  void clear();
  // The table charts 1 and 4 follow ("" for every table).
  void setTable(const QString& table);
  QString table() const { return m_table; }

  void setWindowSeconds(int seconds);  // clamped to 10..kMaxWindowSeconds
  int windowSeconds() const { return m_windowSeconds; }
  void setPaused(bool paused);
  bool isPaused() const { return m_paused; }
  // Replots every chart now (queued replots otherwise wait for the event loop).
  void replotNow();
  // Renders the charts and the marker strip into one PNG.
  bool exportPng(const QString& path);

  QCustomPlot* plot(Chart chart) const { return m_plots[chart]; }
  // The graph with key `name` on `chart` (a server name, "rs1 write", or one
  // of the k* keys above). Legends show longer names.
  QCPGraph* graph(Chart chart, const QString& name) const;
  // Marker lines drawn on the charts now (one per cluster and chart).
  int eventMarkers() const { return static_cast<int>(m_markerItems.size()); }
  const EventLog& events() const { return m_events; }
  EventFilter filter() const { return m_filter; }
  void setFilter(const EventFilter& filter);
  EventStripWidget* eventStrip() const { return m_strip; }
  QComboBox* tableFilterBox() const { return m_tableFilter; }
  QToolButton* kindFilterButton() const { return m_kindButton; }
  // The lab scale of the newest sample (1:labScale()).
  uint32_t labScale() const { return m_labScale; }
  // What the last replot clipped off a chart's axis ("" when nothing).
  QString clippedNote(Chart chart) const;
  // Writes per second of the whole cluster between the last two samples.
  double totalWriteRate() const { return m_totalWriteRate; }

 signals:
  void pausedChanged(bool paused);
  // A marker on the strip was clicked.
  void eventActivated(const regionlab::ClusterEvent& event);

 protected:
  // Restyles the plots from the palette when the theme changes (ui/theme.h).
  void changeEvent(QEvent* event) override;

 private:
  // One sample's figures of one table (or of all, under "").
  struct TablePoint {
    double key = 0;
    double fullestMemstore = 0, flushSize = 0, files = 0, bytes = 0;
  };
  // The counters of the sample before, for rates.
  struct Counters {
    bool known = false;
    double key = 0;
    uint64_t evictions = 0;
    std::map<std::string, std::pair<uint64_t, uint64_t>> requests;  // server -> (reads, writes)
  };
  // Adds one sample's points. Rates come from the counters' differences
  // with `previous` (then updated), or with `storedRates` from the sample's
  // own rates (a stored sample has no request counters).
  void plotSample(const regionlab::ClusterSample& sample, double key, Counters* previous, bool storedRates);

  QWidget* buildToolbar();
  void buildPlots();
  QCPGraph* ensureGraph(Chart chart, const QString& key, const QColor& colour, bool dashed = false,
                        double width = 1.6);
  QCPGraph* serverGraph(Chart chart, const QString& server, const QString& suffix, bool dashed);
  QColor serverColour(const QString& server);
  void addTablePoints(const regionlab::ClusterSample& sample, double key);
  void showTableSeries();
  void updateLegendNames();
  void updateTitles();
  void trimAndReplot(double now);
  void fitValueAxes(const QCPRange& visible);
  void redrawMarkerLines(double from, double to);
  void refreshTableFilter();

  QCustomPlot* m_plots[ChartCount] = {};
  QCPTextElement* m_titles[ChartCount] = {};
  QCPItemText* m_clipLabels[ChartCount] = {};
  QString m_clipped[ChartCount];
  std::map<QString, QCPGraph*> m_graphs[ChartCount];
  std::map<QString, std::deque<TablePoint>> m_tableSeries;
  QString m_table;
  EventLog m_events;
  EventFilter m_filter;
  std::vector<QCPAbstractItem*> m_markerItems;
  EventStripWidget* m_strip = nullptr;
  QToolButton* m_pauseButton = nullptr;
  QToolButton* m_kindButton = nullptr;
  QComboBox* m_windowBox = nullptr;
  QComboBox* m_tableFilter = nullptr;
  QLabel* m_scaleLabel = nullptr;
  QWidget* m_grid = nullptr;
  int m_windowSeconds = 300;
  bool m_paused = false;
  double m_lastKey = 0;
  // The live samples' counters: rates are computed here from counter
  // differences, so other callers of SampleNow() do not skew them.
  Counters m_live;
  double m_totalWriteRate = 0;
  int m_restoredSamples = 0;
  uint32_t m_labScale = 1;
  uint64_t m_globalLimit = 0, m_globalMark = 0, m_cacheCapacity = 0;
};

}  // namespace regionlab::ui
