// LiveChartsWidget: construction, the toolbar (pause, window, marker
// filters, lab scale), events and the followed table. Samples, axes and
// marker lines are in live_charts_plot.cc.
#include "ui/live_charts_widget.h"

#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

#include "models/chart_ranges.h"
#include "models/format.h"
#include "regionlab/lab_scale.h"
#include "ui/event_strip_widget.h"
#include "ui/server_colors.h"
#include "ui/theme.h"

namespace regionlab::ui {

namespace {

// Byte axes read "1.5 MB", not "1.5e+06".
class ByteTicker : public QCPAxisTicker {
 protected:
  QString getTickLabel(double tick, const QLocale&, QChar, int) override {
    return tick < 0 ? QString() : compactBytes(tick);
  }
};

// The memstore chart's logarithmic byte axis: ticks at powers of 4 (1 KB,
// 4 KB, ... 1 MB), exact in binary units.
class LogByteTicker : public QCPAxisTickerLog {
 public:
  LogByteTicker() {
    setLogBase(4);
    setSubTickCount(0);
  }

 protected:
  QString getTickLabel(double tick, const QLocale&, QChar, int) override { return compactBytes(tick); }
};

}  // namespace

LiveChartsWidget::LiveChartsWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(buildToolbar());
  buildPlots();
  layout->addWidget(m_grid, 1);
  m_strip = new EventStripWidget(this);
  m_strip->setLog(&m_events);
  connect(m_strip, &EventStripWidget::eventActivated, this, &LiveChartsWidget::eventActivated);
  layout->addWidget(m_strip);
  updateTitles();
  setFilter(m_filter);
}

QWidget* LiveChartsWidget::buildToolbar() {
  auto* bar = new QWidget(this);
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(2, 2, 2, 0);
  m_pauseButton = new QToolButton(bar);
  m_pauseButton->setText(tr("Pause"));
  m_pauseButton->setCheckable(true);
  m_pauseButton->setToolTip(tr("Freeze the view; samples and events still arrive"));
  connect(m_pauseButton, &QToolButton::toggled, this, &LiveChartsWidget::setPaused);
  m_windowBox = new QComboBox(bar);
  for (int s : {60, 300, 900}) m_windowBox->addItem(s < 120 ? tr("%1 s").arg(s) : tr("%1 min").arg(s / 60), s);
  m_windowBox->setCurrentIndex(1);
  connect(m_windowBox, &QComboBox::activated, this,
          [this](int i) { setWindowSeconds(m_windowBox->itemData(i).toInt()); });

  // Markers: one checkable entry per kind, with its shape; and a table.
  m_kindButton = new QToolButton(bar);
  m_kindButton->setText(tr("Markers"));
  m_kindButton->setPopupMode(QToolButton::InstantPopup);
  m_kindButton->setToolTip(tr("Which kinds of event are marked"));
  auto* kinds = new QMenu(m_kindButton);
  for (int k = 0; k < kMarkerKinds; ++k) {
    const auto kind = static_cast<EventKind>(k);
    QAction* a = kinds->addAction(markerIcon(kind), eventKindTitle(kind));
    a->setCheckable(true);
    a->setChecked(true);
    a->setData(k);
    connect(a, &QAction::toggled, this, [this, kind](bool on) {
      EventFilter f = m_filter;
      if (on)
        f.hiddenKinds.remove(kind);
      else
        f.hiddenKinds.insert(kind);
      setFilter(f);
    });
  }
  m_kindButton->setMenu(kinds);
  m_tableFilter = new QComboBox(bar);
  m_tableFilter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  m_tableFilter->setToolTip(tr("Mark the events of one table only (region-server events always show)"));
  m_tableFilter->addItem(tr("All tables"), QString());
  connect(m_tableFilter, &QComboBox::activated, this, [this](int i) {
    EventFilter f = m_filter;
    f.table = m_tableFilter->itemData(i).toString();
    setFilter(f);
  });

  m_scaleLabel = new QLabel(bar);
  m_scaleLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* exportButton = new QPushButton(tr("Export PNG\u2026"), bar);
  connect(exportButton, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export charts"), QStringLiteral("regionlab-charts.png"),
                                                      tr("PNG images (*.png)"));
    if (!path.isEmpty()) exportPng(path);
  });
  row->addWidget(m_pauseButton);
  row->addWidget(new QLabel(tr("Window:"), bar));
  row->addWidget(m_windowBox);
  row->addSpacing(12);
  row->addWidget(m_kindButton);
  row->addWidget(m_tableFilter);
  row->addSpacing(12);
  row->addWidget(m_scaleLabel, 1);
  row->addWidget(exportButton);
  return bar;
}

void LiveChartsWidget::buildPlots() {
  m_grid = new QWidget(this);
  auto* grid = new QGridLayout(m_grid);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(4);
  QFont legendFont = font();
  legendFont.setPointSize(7);
  for (int c = 0; c < ChartCount; ++c) {
    auto* plot = new QCustomPlot(m_grid);
    plot->setMinimumSize(260, 170);
    plot->plotLayout()->insertRow(0);
    m_titles[c] = new QCPTextElement(plot, QString(), QFont(font().family(), 9, QFont::Bold));
    plot->plotLayout()->addElement(0, 0, m_titles[c]);
    QSharedPointer<QCPAxisTickerDateTime> ticker(new QCPAxisTickerDateTime);
    ticker->setDateTimeFormat(QStringLiteral("hh:mm:ss"));
    ticker->setDateTimeSpec(Qt::LocalTime);
    ticker->setTickCount(4);  // labels that do not run into each other on a narrow chart
    plot->xAxis->setTicker(ticker);
    // The legend under the plot, in columns: it never covers a line.
    plot->legend->setVisible(true);
    plot->legend->setFont(legendFont);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setWrap(4);
    plot->legend->setRowSpacing(0);
    plot->legend->setColumnSpacing(6);
    plot->plotLayout()->addElement(2, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(2, 0.001);
    plot->legend->setMargins(QMargins(4, 1, 4, 1));
    // What a robust axis clipped, small in the plot's top right corner.
    m_clipLabels[c] = new QCPItemText(plot);
    m_clipLabels[c]->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_clipLabels[c]->position->setCoords(1, 0);
    m_clipLabels[c]->setPositionAlignment(Qt::AlignTop | Qt::AlignRight);
    m_clipLabels[c]->setFont(legendFont);
    m_clipLabels[c]->setColor(QColor(0xc0, 0x20, 0x20));
    m_clipLabels[c]->setClipToAxisRect(false);
    m_clipLabels[c]->setText(QString());
    m_plots[c] = plot;
    grid->addWidget(plot, c / 2, c % 2);
  }
  QCustomPlot* memstore = m_plots[Memstore];
  memstore->yAxis->setScaleType(QCPAxis::stLogarithmic);
  memstore->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new LogByteTicker));
  memstore->yAxis->setLabel(tr("bytes (log)"));
  QCustomPlot* cache = m_plots[BlockCache];
  cache->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new ByteTicker));
  cache->yAxis->setLabel(tr("cached bytes"));
  cache->yAxis2->setVisible(true);
  cache->yAxis2->setLabel(tr("hit %"));
  cache->yAxis2->setRange(0, 100);
  cache->axisRect()->addAxis(QCPAxis::atRight)->setLabel(tr("evictions/s"));
  m_plots[Requests]->yAxis->setLabel(tr("requests/s"));
  QCustomPlot* files = m_plots[StoreFiles];
  files->yAxis->setLabel(tr("store files"));
  files->yAxis2->setVisible(true);
  files->yAxis2->setTicker(QSharedPointer<QCPAxisTicker>(new ByteTicker));
  files->yAxis2->setLabel(tr("store file bytes"));

  // Fixed graphs, created first so they lead the legends.
  ensureGraph(Memstore, QLatin1String(kFullestRegion), QColor(0x00, 0x70, 0x70), false, 2.4);
  ensureGraph(Memstore, QLatin1String(kFlushSize), QColor(0x00, 0x70, 0x70), true, 1.4);
  ensureGraph(Memstore, QLatin1String(kGlobalFlushMark), QColor(0xe0, 0x90, 0x20), true);
  ensureGraph(Memstore, QLatin1String(kGlobalLimit), QColor(0xc0, 0x20, 0x20), true);
  ensureGraph(BlockCache, QStringLiteral("single"), QColor(0x4e, 0x79, 0xa7));
  ensureGraph(BlockCache, QStringLiteral("multi"), QColor(0x59, 0xa1, 0x4f));
  ensureGraph(BlockCache, QStringLiteral("in-memory"), QColor(0xb0, 0x7a, 0xa1));
  ensureGraph(BlockCache, QLatin1String(kCacheCapacity), QColor(0x70, 0x70, 0x70), true, 1.2);
  ensureGraph(BlockCache, QLatin1String(kHitRatio), QColor(0x00, 0x99, 0x99), true)->setValueAxis(cache->yAxis2);
  ensureGraph(BlockCache, QLatin1String(kEvictions), QColor(0xd0, 0x30, 0x30))
      ->setValueAxis(cache->axisRect()->axis(QCPAxis::atRight, 1));
  ensureGraph(StoreFiles, QLatin1String(kFileCount), QColor(0x4e, 0x79, 0xa7), false, 2.0)
      ->setLineStyle(QCPGraph::lsStepLeft);
  ensureGraph(StoreFiles, QLatin1String(kFileBytes), QColor(0xf2, 0x8e, 0x2b))->setValueAxis(files->yAxis2);
  for (QCustomPlot* plot : m_plots) stylePlot(plot, palette());
  updateLegendNames();
}

void LiveChartsWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    for (QCustomPlot* plot : m_plots) {
      stylePlot(plot, palette());
      plot->replot(QCustomPlot::rpQueuedReplot);
    }
  }
  QWidget::changeEvent(event);
}

QCPGraph* LiveChartsWidget::graph(Chart chart, const QString& name) const {
  auto it = m_graphs[chart].find(name);
  return it == m_graphs[chart].end() ? nullptr : it->second;
}

QCPGraph* LiveChartsWidget::ensureGraph(Chart chart, const QString& key, const QColor& colour, bool dashed,
                                        double width) {
  if (QCPGraph* g = graph(chart, key)) return g;
  QCPGraph* g = m_plots[chart]->addGraph();
  g->setName(key);
  QPen pen(colour, width);
  if (dashed) pen.setStyle(Qt::DashLine);
  g->setPen(pen);
  m_graphs[chart][key] = g;
  return g;
}

QColor LiveChartsWidget::serverColour(const QString& server) {
  return serverColorOf(server);  // the same colour as on the region map
}

QCPGraph* LiveChartsWidget::serverGraph(Chart chart, const QString& server, const QString& suffix, bool dashed) {
  const QString key = suffix.isEmpty() ? server : server + QLatin1Char(' ') + suffix;
  if (QCPGraph* g = graph(chart, key)) return g;
  return ensureGraph(chart, key, serverColour(server), dashed, 1.3);
}

void LiveChartsWidget::setTable(const QString& table) {
  if (table == m_table) return;
  m_table = table;
  showTableSeries();
  updateTitles();
  updateLegendNames();
  if (m_lastKey > 0) trimAndReplot(m_lastKey);
}

void LiveChartsWidget::updateTitles() {
  const QString table = m_table.isEmpty() ? tr("every table") : m_table;
  m_titles[Memstore]->setText(tr("Memstore of the servers and of %1's fullest region").arg(table));
  m_titles[BlockCache]->setText(tr("Block cache: bytes by priority, hit ratio, evictions"));
  m_titles[Requests]->setText(tr("Requests/s per server (writes solid, reads dashed)"));
  m_titles[StoreFiles]->setText(tr("Store files of %1").arg(table));
}

void LiveChartsWidget::updateLegendNames() {
  const uint32_t scale = m_labScale;
  auto name = [&](Chart c, const char* key, const QString& text) {
    if (QCPGraph* g = graph(c, QLatin1String(key))) g->setName(text);
  };
  // Short, so four fit a legend row under a quarter of the window; the
  // HBase equivalents are in the toolbar's lab scale and the tooltips.
  QCPGraph* flush = graph(Memstore, QLatin1String(kFlushSize));
  const double flushSize = flush->data()->isEmpty() ? 0 : (flush->data()->constEnd() - 1)->value;
  name(Memstore, kFullestRegion, m_table.isEmpty() ? tr("fullest region") : tr("fullest of %1").arg(m_table));
  name(Memstore, kFlushSize, flushSize > 0 ? tr("flush size %1").arg(compactBytes(flushSize)) : tr("flush size"));
  name(Memstore, kGlobalLimit,
       m_globalLimit > 0 ? tr("global limit %1").arg(compactBytes(double(m_globalLimit))) : tr("global limit"));
  name(Memstore, kGlobalFlushMark,
       m_globalMark > 0 ? tr("flush mark %1").arg(compactBytes(double(m_globalMark))) : tr("flush mark"));
  name(BlockCache, kCacheCapacity,
       m_cacheCapacity > 0 ? tr("capacity %1").arg(compactBytes(double(m_cacheCapacity))) : tr("capacity"));
  name(StoreFiles, kFileCount, tr("store files (left)"));
  name(StoreFiles, kFileBytes, tr("bytes (right)"));
  const regionlab::LabScale lab{scale};
  if (scale > 1) {
    m_scaleLabel->setText(tr("Lab scale 1:%1: a %2 flush stands for HBase's %3, a %4 region for its %5")
                              .arg(scale)
                              .arg(compactBytes(double(lab.DefaultFlushSize())), compactBytes(double(regionlab::kHBaseFlushSize)),
                                   compactBytes(double(lab.DefaultMaxFileSize())), compactBytes(double(regionlab::kHBaseMaxFileSize))));
    m_scaleLabel->setToolTip(
        tr("HBase's size defaults divided by %1, everything else HBase's arithmetic:\n"
           "region-server heap %2 (HBase: %3)\nglobal memstore limit %4, 0.4 of heap; flushes for "
           "global pressure above 95% of it\nblock cache %5, 0.4 of heap\nMEMSTORE_FLUSHSIZE %6\n"
           "MAX_FILESIZE %7\nSteppingSplitPolicy's first split: 2 x MEMSTORE_FLUSHSIZE = %8\n"
           "Tables that set their own sizes keep them.")
            .arg(scale)
            .arg(formatBytes(lab.Heap()), formatBytes(regionlab::kHBaseHeap),
                 formatLabBytes(lab.GlobalMemstoreLimit(), scale), formatLabBytes(lab.BlockCache(), scale),
                 formatLabBytes(lab.DefaultFlushSize(), scale), formatLabBytes(lab.DefaultMaxFileSize(), scale),
                 formatLabBytes(2 * lab.DefaultFlushSize(), scale)));
  } else {
    m_scaleLabel->setText(tr("HBase's own sizes (lab scale 1:1)"));
    m_scaleLabel->setToolTip(tr("Sizes are HBase's defaults: 128 MB flushes, 10 GB MAX_FILESIZE"));
  }
}

void LiveChartsWidget::addEvent(const regionlab::ClusterEvent& event) {
  if (!m_events.add(event)) return;
  if (!event.table.empty() && m_tableFilter->findData(QString::fromStdString(event.table)) < 0) refreshTableFilter();
  if (m_lastKey > 0 && !m_paused) trimAndReplot(m_lastKey);
}

void LiveChartsWidget::refreshTableFilter() {
  const QString current = m_tableFilter->currentData().toString();
  QStringList tables = m_events.tables();
  if (!current.isEmpty() && !tables.contains(current)) tables << current;
  tables.sort();
  const QSignalBlocker block(m_tableFilter);
  m_tableFilter->clear();
  m_tableFilter->addItem(tr("All tables"), QString());
  for (const QString& t : tables) m_tableFilter->addItem(t, t);
  m_tableFilter->setCurrentIndex(std::max(0, m_tableFilter->findData(current)));
}

void LiveChartsWidget::setFilter(const EventFilter& filter) {
  m_filter = filter;
  if (!filter.table.isEmpty() && m_tableFilter->findData(filter.table) < 0) {
    m_tableFilter->addItem(filter.table, filter.table);
  }
  m_tableFilter->setCurrentIndex(std::max(0, m_tableFilter->findData(filter.table)));
  for (QAction* a : m_kindButton->menu()->actions()) {
    const QSignalBlocker block(a);
    a->setChecked(!filter.hiddenKinds.contains(static_cast<EventKind>(a->data().toInt())));
  }
  m_kindButton->setText(filter.hiddenKinds.isEmpty()
                            ? tr("Markers: all kinds")
                            : tr("Markers: %1 of %2 kinds").arg(kMarkerKinds - filter.hiddenKinds.size()).arg(kMarkerKinds));
  m_strip->setFilter(filter);
  if (m_lastKey > 0) trimAndReplot(m_lastKey);
}

QString LiveChartsWidget::clippedNote(Chart chart) const { return m_clipped[chart]; }

void LiveChartsWidget::clear() {
  for (int c = 0; c < ChartCount; ++c)
    for (auto& [name, g] : m_graphs[c]) g->data()->clear();
  for (QCPAbstractItem* item : m_markerItems) item->parentPlot()->removeItem(item);
  m_markerItems.clear();
  m_events.clear();
  m_tableSeries.clear();
  m_lastKey = 0;
  m_live = Counters();
  m_totalWriteRate = 0;
  m_restoredSamples = 0;
  m_strip->relayout();
  refreshTableFilter();
  for (QCustomPlot* plot : m_plots) plot->replot(QCustomPlot::rpQueuedReplot);
}

void LiveChartsWidget::setWindowSeconds(int seconds) {
  m_windowSeconds = std::clamp(seconds, 10, kMaxWindowSeconds);
  const int i = m_windowBox->findData(m_windowSeconds);
  if (i >= 0) m_windowBox->setCurrentIndex(i);
  if (m_lastKey > 0) trimAndReplot(m_lastKey);
}

void LiveChartsWidget::setPaused(bool paused) {
  if (paused == m_paused) return;
  m_paused = paused;
  m_pauseButton->setChecked(paused);
  m_pauseButton->setText(paused ? tr("Resume") : tr("Pause"));
  if (!paused && m_lastKey > 0) trimAndReplot(m_lastKey);
  emit pausedChanged(paused);
}

void LiveChartsWidget::replotNow() {
  for (QCustomPlot* plot : m_plots) plot->replot(QCustomPlot::rpImmediateRefresh);
}

bool LiveChartsWidget::exportPng(const QString& path) {
  replotNow();
  const QPixmap charts = m_grid->grab();
  const QPixmap strip = m_strip->grab();
  QPixmap out(charts.width(), charts.height() + strip.height());
  out.fill(palette().color(QPalette::Base));
  QPainter p(&out);
  p.drawPixmap(0, 0, charts);
  p.drawPixmap(0, charts.height(), strip);
  p.end();
  return out.save(path, "PNG");
}

}  // namespace regionlab::ui
