#include "ui/live_charts_widget.h"

#include <QComboBox>
#include <algorithm>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "models/format.h"
#include "ui/server_colors.h"
#include "ui/theme.h"

namespace regionlab::ui {

namespace {

const char* const kFlushLimit = "global flush limit";
const char* const kBlockingLimit = "global blocking limit";
const char* const kHitRatio = "hit ratio %";
const char* const kEvictions = "evictions/s";
const char* const kFileCount = "store files";
const char* const kFileBytes = "store file bytes";

// Byte axes read "1.5 MB", not "1.5e+06".
class ByteTicker : public QCPAxisTicker {
 protected:
  QString getTickLabel(double tick, const QLocale&, QChar, int) override {
    return tick < 0 ? QString() : formatBytes(static_cast<uint64_t>(tick));
  }
};

QColor eventColour(const QString& marker) {
  if (marker == QLatin1String("flush")) return QColor(0x20, 0x80, 0xc0);
  if (marker == QLatin1String("compaction")) return QColor(0x90, 0x50, 0xb0);
  if (marker == QLatin1String("error")) return QColor(0xe0, 0x50, 0x00);
  if (marker == QLatin1String("resumed")) return QColor(0x20, 0xa0, 0x40);
  return QColor(0xd0, 0x30, 0x30);  // split
}

}  // namespace

LiveChartsWidget::LiveChartsWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  m_pauseButton = new QToolButton(this);
  m_pauseButton->setText(tr("Pause"));
  m_pauseButton->setCheckable(true);
  connect(m_pauseButton, &QToolButton::toggled, this, &LiveChartsWidget::setPaused);
  m_windowBox = new QComboBox(this);
  for (int s : {60, 300, 900})
    m_windowBox->addItem(s < 120 ? tr("%1 s").arg(s) : tr("%1 min").arg(s / 60), s);
  m_windowBox->setCurrentIndex(1);
  connect(m_windowBox, &QComboBox::activated, this,
          [this](int i) { setWindowSeconds(m_windowBox->itemData(i).toInt()); });
  auto* exportButton = new QPushButton(tr("Export PNG\u2026"), this);
  connect(exportButton, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export charts"), QStringLiteral("regionlab-charts.png"),
                                                      tr("PNG images (*.png)"));
    if (!path.isEmpty()) exportPng(path);
  });
  bar->addWidget(m_pauseButton);
  bar->addWidget(new QLabel(tr("Window:"), this));
  bar->addWidget(m_windowBox);
  bar->addStretch();
  bar->addWidget(new QLabel(tr("Markers: <font color=#2080c0>flush</font> "
                               "<font color=#9050b0>compaction</font> <font color=#d03030>split</font>"),
                            this));
  bar->addWidget(exportButton);
  layout->addLayout(bar);

  m_grid = new QWidget(this);
  auto* grid = new QGridLayout(m_grid);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(4);
  const QString titles[ChartCount] = {tr("Memstore per region server (stacked)"),
                                      tr("Block cache by priority"),
                                      tr("Requests per second per server (write solid, read dashed)"),
                                      tr("Store files")};
  for (int c = 0; c < ChartCount; ++c) {
    auto* plot = new QCustomPlot(m_grid);
    plot->setMinimumSize(260, 160);
    plot->plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(plot, titles[c], QFont(font().family(), 9, QFont::Bold));
    plot->plotLayout()->addElement(0, 0, title);
    QSharedPointer<QCPAxisTickerDateTime> ticker(new QCPAxisTickerDateTime);
    ticker->setDateTimeFormat(QStringLiteral("hh:mm:ss"));
    ticker->setDateTimeSpec(Qt::LocalTime);
    plot->xAxis->setTicker(ticker);
    plot->legend->setVisible(true);
    QFont legendFont = font();
    legendFont.setPointSize(7);
    plot->legend->setFont(legendFont);
    plot->legend->setBrush(QColor(255, 255, 255, 200));
    plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_plots[c] = plot;
    grid->addWidget(plot, c / 2, c % 2);
  }
  m_plots[Memstore]->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new ByteTicker));
  m_plots[BlockCache]->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new ByteTicker));
  m_plots[BlockCache]->yAxis2->setVisible(true);
  m_plots[BlockCache]->yAxis2->setLabel(tr("hit %"));
  m_plots[BlockCache]->yAxis2->setRange(0, 100);
  m_plots[BlockCache]->axisRect()->addAxis(QCPAxis::atRight)->setLabel(tr("evictions/s"));
  m_plots[StoreFiles]->yAxis->setLabel(tr("files"));
  m_plots[StoreFiles]->yAxis2->setVisible(true);
  m_plots[StoreFiles]->yAxis2->setTicker(QSharedPointer<QCPAxisTicker>(new ByteTicker));
  m_plots[Requests]->yAxis->setLabel(tr("requests/s"));
  layout->addWidget(m_grid, 1);

  // Fixed graphs, created first so they sit at the top of the legends.
  ensureGraph(Memstore, QLatin1String(kBlockingLimit), QColor(0xc0, 0x20, 0x20), true);
  ensureGraph(Memstore, QLatin1String(kFlushLimit), QColor(0xe0, 0x90, 0x20), true);
  ensureGraph(BlockCache, QStringLiteral("single"), QColor(0x4e, 0x79, 0xa7));
  ensureGraph(BlockCache, QStringLiteral("multi"), QColor(0x59, 0xa1, 0x4f));
  ensureGraph(BlockCache, QStringLiteral("in-memory"), QColor(0xb0, 0x7a, 0xa1));
  QCPGraph* hit = ensureGraph(BlockCache, QLatin1String(kHitRatio), QColor(0x00, 0x99, 0x99), true);
  hit->setValueAxis(m_plots[BlockCache]->yAxis2);
  QCPGraph* evictions = ensureGraph(BlockCache, QLatin1String(kEvictions), QColor(0xd0, 0x30, 0x30));
  evictions->setValueAxis(m_plots[BlockCache]->axisRect()->axis(QCPAxis::atRight, 1));
  ensureGraph(StoreFiles, QLatin1String(kFileCount), QColor(0x4e, 0x79, 0xa7));
  QCPGraph* bytes = ensureGraph(StoreFiles, QLatin1String(kFileBytes), QColor(0xf2, 0x8e, 0x2b));
  bytes->setValueAxis(m_plots[StoreFiles]->yAxis2);
  for (QCustomPlot* plot : m_plots) stylePlot(plot, palette());
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

QCPGraph* LiveChartsWidget::ensureGraph(Chart chart, const QString& name, const QColor& colour,
                                        bool dashed) {
  if (QCPGraph* g = graph(chart, name)) return g;
  QCPGraph* g = m_plots[chart]->addGraph();
  g->setName(name);
  QPen pen(colour, 1.6);
  if (dashed) pen.setStyle(Qt::DashLine);
  g->setPen(pen);
  m_graphs[chart][name] = g;
  return g;
}

QColor LiveChartsWidget::serverColour(const QString& server) {
  auto it = std::find(m_serverOrder.begin(), m_serverOrder.end(), server);
  size_t i = static_cast<size_t>(it - m_serverOrder.begin());
  if (it == m_serverOrder.end()) m_serverOrder.push_back(server);
  return serverColorAt(i);
}

QCPGraph* LiveChartsWidget::serverGraph(Chart chart, const QString& server, const QString& suffix,
                                        bool dashed) {
  const QString name = suffix.isEmpty() ? server : server + QLatin1Char(' ') + suffix;
  if (QCPGraph* g = graph(chart, name)) return g;
  QCPGraph* g = ensureGraph(chart, name, serverColour(server), dashed);
  if (chart == Memstore) {
    // Stacked: each server's graph is the running sum; fill down to the one below.
    QColor fill = serverColour(server);
    fill.setAlpha(110);
    g->setBrush(fill);
    QCPGraph* below = nullptr;
    for (const QString& s : m_serverOrder) {
      if (s == server) break;
      if (QCPGraph* b = graph(Memstore, s)) below = b;
    }
    g->setChannelFillGraph(below);
  }
  return g;
}

void LiveChartsWidget::addSample(const regionlab::ClusterSample& sample) {
  const double key = sample.time_ms / 1000.0;
  if (key <= m_lastKey) return;  // QCustomPlot wants keys in order; a repeated sample adds nothing
  double stacked = 0, limit = 0;
  uint64_t single = 0, multi = 0, memory = 0, hits = 0, misses = 0, evictions = 0;
  uint64_t files = 0, fileBytes = 0;
  const double seconds = m_havePrevious ? key - m_previousKey : 0;
  // A counter that went down restarted (a region moved or reopened): no negative traffic.
  auto rate = [seconds](uint64_t now, uint64_t before) {
    return seconds > 0 && now >= before ? double(now - before) / seconds : 0.0;
  };
  m_totalWriteRate = 0;
  for (const auto& s : sample.servers) {
    const QString server = QString::fromStdString(s.name);
    stacked += static_cast<double>(s.memstore_bytes);
    limit += static_cast<double>(s.global_memstore_limit);
    serverGraph(Memstore, server, QString(), false)->addData(key, stacked);
    auto previous = m_previousRequests.find(s.name);
    const bool known = previous != m_previousRequests.end();
    const double writes = known ? rate(s.write_requests, previous->second.second) : 0;
    const double reads = known ? rate(s.read_requests, previous->second.first) : 0;
    m_previousRequests[s.name] = {s.read_requests, s.write_requests};
    m_totalWriteRate += writes;
    serverGraph(Requests, server, tr("write"), false)->addData(key, writes);
    serverGraph(Requests, server, tr("read"), true)->addData(key, reads);
    single += s.block_cache.single_bytes;
    multi += s.block_cache.multi_bytes;
    memory += s.block_cache.memory_bytes;
    hits += s.block_cache.hits;
    misses += s.block_cache.misses;
    evictions += s.block_cache.evictions;
    files += s.store_files;
    fileBytes += s.store_file_bytes;
  }
  graph(Memstore, QLatin1String(kBlockingLimit))->addData(key, limit);
  graph(Memstore, QLatin1String(kFlushLimit))->addData(key, limit * kGlobalFlushLowerLimit);
  graph(BlockCache, QStringLiteral("single"))->addData(key, double(single));
  graph(BlockCache, QStringLiteral("multi"))->addData(key, double(multi));
  graph(BlockCache, QStringLiteral("in-memory"))->addData(key, double(memory));
  graph(BlockCache, QLatin1String(kHitRatio))
      ->addData(key, hits + misses == 0 ? 0.0 : 100.0 * double(hits) / double(hits + misses));
  graph(BlockCache, QLatin1String(kEvictions))->addData(key, rate(evictions, m_previousEvictions));
  graph(StoreFiles, QLatin1String(kFileCount))->addData(key, double(files));
  graph(StoreFiles, QLatin1String(kFileBytes))->addData(key, double(fileBytes));
  m_previousKey = key;
  m_previousEvictions = evictions;
  m_havePrevious = true;
  m_lastKey = key;
  trimAndReplot(key);
}

QString LiveChartsWidget::markerKind(const std::string& eventKind) {
  if (eventKind == "flush") return QStringLiteral("flush");
  if (eventKind == "minor compaction" || eventKind == "major compaction") return QStringLiteral("compaction");
  if (eventKind == "split") return QStringLiteral("split");
  // Trouble: the disk refused a write (full or failing), background work
  // failed, recovery found damage; and the moment writes went through again.
  if (eventKind == "write refused" || eventKind == "flush failed" ||
      eventKind == "compaction failed" || eventKind == "split failed" || eventKind == "damage")
    return QStringLiteral("error");
  if (eventKind == "writes resumed") return QStringLiteral("resumed");
  return {};
}

void LiveChartsWidget::addEvent(const regionlab::ClusterEvent& event) {
  const QString marker = markerKind(event.kind);
  if (marker.isEmpty()) return;
  const double key = event.time_ms / 1000.0;
  const QColor colour = eventColour(marker);
  // Trouble is drawn solid and named on the first chart, so it stands out
  // among the dotted flush and compaction markers.
  const bool trouble = marker == QLatin1String("error") || marker == QLatin1String("resumed");
  for (int c = 0; c < ChartCount; ++c) {
    auto* line = new QCPItemStraightLine(m_plots[c]);
    line->point1->setCoords(key, 0);
    line->point2->setCoords(key, 1);
    QColor pen = colour;
    pen.setAlpha(trouble ? 220 : 150);
    line->setPen(QPen(pen, trouble ? 2 : 1, trouble ? Qt::SolidLine : Qt::DotLine));
    line->setSelectable(false);
    m_markers.emplace_back(key, line);
    if (!trouble || c != 0) continue;
    auto* label = new QCPItemText(m_plots[c]);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(key, 0.02);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setText(QString::fromStdString(event.kind));
    label->setColor(colour);
    label->setSelectable(false);
    m_markers.emplace_back(key, label);
  }
}

void LiveChartsWidget::trimAndReplot(double now) {
  const double oldest = now - kMaxWindowSeconds;
  for (int c = 0; c < ChartCount; ++c)
    for (auto& [name, g] : m_graphs[c]) g->data()->removeBefore(oldest);
  while (!m_markers.empty() && m_markers.front().first < oldest) {
    QCPAbstractItem* item = m_markers.front().second;
    item->parentPlot()->removeItem(item);
    m_markers.pop_front();
  }
  if (m_paused) return;
  // A young history is shown across the chart (at least kMinSpanSeconds wide)
  // rather than squeezed against the right edge of a long window.
  QCPGraph* reference = graph(Memstore, QLatin1String(kBlockingLimit));
  const double history = reference->data()->isEmpty() ? 0 : now - reference->data()->constBegin()->key;
  const double span = std::clamp(history, double(kMinSpanSeconds), double(m_windowSeconds));
  const QCPRange visible(now - span, now);
  for (int c = 0; c < ChartCount; ++c) {
    QCustomPlot* plot = m_plots[c];
    plot->xAxis->setRange(now, span, Qt::AlignRight);
    // Value axes fit the visible points of the graphs on them.
    for (QCPAxis* axis : plot->axisRect()->axes(QCPAxis::atLeft | QCPAxis::atRight)) {
      double top = 0;
      bool found = false;
      for (QCPGraph* g : axis->graphs()) {
        if (c == Memstore && g->name().startsWith(QLatin1String("global"))) continue;
        bool ok = false;
        const QCPRange r = g->getValueRange(ok, QCP::sdBoth, visible);
        if (ok) top = std::max(top, r.upper), found = true;
      }
      if (!found) continue;
      if (c == BlockCache && axis == plot->yAxis2) continue;  // a percentage: fixed 0..100
      // Byte axes show at least 1 KB so an idle chart does not read "0 B" on every tick.
      const bool bytes = dynamic_cast<ByteTicker*>(axis->ticker().data()) != nullptr;
      axis->setRange(0, std::max(top * 1.15, bytes ? 1024.0 : 1.0));
    }
  }
  // The memstore limits stay on the chart when they are within reach of the data;
  // far above it they would flatten the series, so the axis keeps to the data and
  // the legend names the limits.
  QCPGraph* blocking = graph(Memstore, QLatin1String(kBlockingLimit));
  QCPGraph* flush = graph(Memstore, QLatin1String(kFlushLimit));
  if (!blocking->data()->isEmpty()) {
    const double limit = (blocking->data()->constEnd() - 1)->value;
    QCPAxis* y = m_plots[Memstore]->yAxis;
    if (limit <= y->range().upper * 4) y->setRange(0, std::max(y->range().upper, limit * 1.05));
    blocking->setName(QStringLiteral("%1 %2").arg(QLatin1String(kBlockingLimit), formatBytes(limit)));
    flush->setName(QStringLiteral("%1 %2")
                       .arg(QLatin1String(kFlushLimit), formatBytes(limit * kGlobalFlushLowerLimit)));
  }
  for (QCustomPlot* plot : m_plots) plot->replot(QCustomPlot::rpQueuedReplot);
}

void LiveChartsWidget::clear() {
  for (int c = 0; c < ChartCount; ++c)
    for (auto& [name, g] : m_graphs[c]) g->data()->clear();
  for (auto& [key, item] : m_markers) item->parentPlot()->removeItem(item);
  m_markers.clear();
  m_lastKey = 0;
  m_havePrevious = false;
  m_previousRequests.clear();
  m_totalWriteRate = 0;
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
  return m_grid->grab().save(path, "PNG");
}

}  // namespace regionlab::ui
