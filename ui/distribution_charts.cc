#include "ui/distribution_charts.h"

#include <QEvent>
#include <QGridLayout>
#include <map>
#include <qcustomplot.h>

#include "models/format.h"
#include "ui/server_colors.h"
#include "ui/theme.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

namespace {

// Byte counts on an axis read as sizes ("12.0 MB").
class BytesTicker : public QCPAxisTicker {
 protected:
  QString getTickLabel(double tick, const QLocale&, QChar, int) override {
    return tick < 0 ? QString() : formatBytes(static_cast<uint64_t>(tick));
  }
};

void addMeanLine(QCustomPlot* plot, double mean, const QColor& color) {
  auto* line = new QCPItemStraightLine(plot);
  line->point1->setCoords(0, mean);
  line->point2->setCoords(1, mean);
  line->setPen(QPen(color, 1.2, Qt::DashLine));
}

QColor textColor(const QWidget* w) { return w->palette().color(QPalette::WindowText); }

}  // namespace

DistributionCharts::DistributionCharts(QWidget* parent) : QWidget(parent) {
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(4);
  const QString titles[ChartCount] = {tr("Writes per region"), tr("Bytes per region"),
                                      tr("Writes (left) and bytes (right) per region server"),
                                      tr("Max/mean writes per region in each tenth of the run")};
  for (int c = 0; c < ChartCount; ++c) {
    auto* plot = new QCustomPlot(this);
    plot->setMinimumSize(260, 150);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, titles[c], QFont(font().family(), 9, QFont::Bold)));
    QFont small = font();
    small.setPointSize(7);
    plot->legend->setFont(small);
    // The legend in a row of its own under the title, so it never hides a bar.
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->insertRow(1);
    plot->plotLayout()->addElement(1, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setMargins(QMargins(4, 1, 4, 1));
    plot->setObjectName(QStringLiteral("chart%1").arg(c));
    m_plots[c] = plot;
  }
  m_plots[RegionBytes]->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new BytesTicker));
  m_plots[ServerLoad]->yAxis2->setVisible(true);
  m_plots[ServerLoad]->yAxis2->setTicker(QSharedPointer<QCPAxisTicker>(new BytesTicker));
  // Regions, servers and tenths are counted: whole-number ticks.
  for (Chart c : {RegionWrites, RegionBytes, WindowSkew}) {
    QSharedPointer<QCPAxisTickerFixed> whole(new QCPAxisTickerFixed);
    whole->setTickStep(1);
    whole->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    m_plots[c]->xAxis->setTicker(whole);
  }
  m_plots[RegionWrites]->xAxis->setLabel(tr("region"));
  m_plots[RegionBytes]->xAxis->setLabel(tr("region"));
  m_plots[WindowSkew]->xAxis->setLabel(tr("tenth of the run"));
  m_plots[WindowSkew]->yAxis->setLabel(tr("max/mean"));
  grid->addWidget(m_plots[RegionWrites], 0, 0);
  grid->addWidget(m_plots[RegionBytes], 1, 0);
  grid->addWidget(m_plots[ServerLoad], 2, 0);
  grid->addWidget(m_plots[WindowSkew], 3, 0);
  restyle();
}

void DistributionCharts::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) restyle();
}

void DistributionCharts::restyle() {
  for (QCustomPlot* plot : m_plots) {
    stylePlot(plot, palette());
    plot->replot(QCustomPlot::rpQueuedReplot);
  }
}

void DistributionCharts::replotNow() {
  for (QCustomPlot* plot : m_plots) plot->replot(QCustomPlot::rpImmediateRefresh);
}

void DistributionCharts::clear() {
  for (QCustomPlot* plot : m_plots) {
    plot->clearPlottables();
    plot->clearItems();
    plot->legend->setVisible(false);
    plot->replot(QCustomPlot::rpQueuedReplot);
  }
  m_maxima = {};
}

void DistributionCharts::setReport(const rk::DistributionReport& report) {
  clear();
  // Servers in order of first appearance, each with its colour.
  std::map<std::string, size_t> serverIndex;
  for (const auto& s : report.servers) serverIndex.emplace(s.server, serverIndex.size());
  const size_t regions = report.regions.size();
  const double width = regions > 60 ? 1.0 : 0.8;

  for (Chart chart : {RegionWrites, RegionBytes}) {
    QCustomPlot* plot = m_plots[chart];
    std::vector<QCPBars*> bars(serverIndex.size(), nullptr);
    double max = 0, sum = 0;
    for (size_t i = 0; i < regions; ++i) {
      const auto& r = report.regions[i];
      const size_t s = serverIndex.count(r.slot.server) ? serverIndex[r.slot.server] : 0;
      if (bars.empty()) bars.push_back(nullptr);
      if (bars[s] == nullptr) {
        bars[s] = new QCPBars(plot->xAxis, plot->yAxis);
        bars[s]->setName(QString::fromStdString(r.slot.server));
        bars[s]->setWidth(width);
        const QColor color = serverColorAt(s);
        bars[s]->setPen(regions > 60 ? Qt::NoPen : QPen(color.darker(130)));
        bars[s]->setBrush(color);
      }
      const double v = static_cast<double>(chart == RegionWrites ? r.writes : r.bytes);
      bars[s]->addData(static_cast<double>(i + 1), v);
      max = std::max(max, v);
      sum += v;
    }
    if (regions > 0) addMeanLine(plot, sum / static_cast<double>(regions), textColor(this));
    plot->xAxis->setRange(0.4, static_cast<double>(regions) + 0.6);
    m_maxima[chart] = max;
    plot->yAxis->setRange(0, max > 0 ? max * 1.1 : 1);
    plot->legend->setVisible(serverIndex.size() > 1 && chart == RegionWrites);
  }

  {
    QCustomPlot* plot = m_plots[ServerLoad];
    auto* group = new QCPBarsGroup(plot);
    auto* writes = new QCPBars(plot->xAxis, plot->yAxis);
    auto* bytes = new QCPBars(plot->xAxis, plot->yAxis2);
    writes->setName(tr("writes"));
    bytes->setName(tr("bytes"));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double maxWrites = 0, maxBytes = 0;
    for (size_t i = 0; i < report.servers.size(); ++i) {
      const auto& s = report.servers[i];
      const double x = static_cast<double>(i + 1);
      writes->addData(x, static_cast<double>(s.writes));
      bytes->addData(x, static_cast<double>(s.bytes));
      ticker->addTick(x, QString::fromStdString(s.server));
      maxWrites = std::max(maxWrites, static_cast<double>(s.writes));
      maxBytes = std::max(maxBytes, static_cast<double>(s.bytes));
    }
    for (QCPBars* b : {writes, bytes}) {
      b->setWidth(0.35);
      b->setBarsGroup(group);
    }
    writes->setBrush(QColor(0x4e, 0x79, 0xa7));
    writes->setPen(QPen(QColor(0x4e, 0x79, 0xa7).darker(130)));
    bytes->setBrush(QColor(0xba, 0xb0, 0xac));
    bytes->setPen(QPen(QColor(0xba, 0xb0, 0xac).darker(130)));
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setRange(0.4, static_cast<double>(report.servers.size()) + 0.6);
    m_maxima[ServerLoad] = maxWrites;
    plot->yAxis->setRange(0, maxWrites > 0 ? maxWrites * 1.1 : 1);
    plot->yAxis2->setRange(0, maxBytes > 0 ? maxBytes * 1.1 : 1);
    plot->legend->setVisible(true);
  }

  {
    QCustomPlot* plot = m_plots[WindowSkew];
    auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
    bars->setName(tr("max/mean"));
    bars->setWidth(0.7);
    bars->setBrush(QColor(0xe1, 0x57, 0x59));
    bars->setPen(QPen(QColor(0xe1, 0x57, 0x59).darker(130)));
    double max = 1;
    for (size_t i = 0; i < report.window_skew.size(); ++i) {
      bars->addData(static_cast<double>(i + 1), report.window_skew[i]);
      max = std::max(max, report.window_skew[i]);
    }
    addMeanLine(plot, 1.0, textColor(this));  // even spread
    plot->xAxis->setRange(0.4, static_cast<double>(report.window_skew.size()) + 0.6);
    m_maxima[WindowSkew] = max;
    plot->yAxis->setRange(0, max * 1.1);
  }
  restyle();
}

void DistributionCharts::setValueCeilings(const std::array<double, ChartCount>& ceilings) {
  for (int c = 0; c < ChartCount; ++c) {
    if (ceilings[c] > 0) m_plots[c]->yAxis->setRange(0, ceilings[c] * 1.1);
    m_plots[c]->replot(QCustomPlot::rpQueuedReplot);
  }
}

std::vector<double> DistributionCharts::barValues(Chart chart) const {
  std::map<double, double> byKey;
  QCustomPlot* plot = m_plots[chart];
  for (int i = 0; i < plot->plottableCount(); ++i) {
    auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
    if (bars == nullptr || bars->valueAxis() != plot->yAxis) continue;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) byKey[it->key] = it->value;
  }
  std::vector<double> values;
  for (const auto& [key, value] : byKey) values.push_back(value);
  return values;
}

}  // namespace regionlab::ui
