#include "ui/split_timeline_widget.h"

#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

#include "models/split_genealogy.h"
#include "ui/theme.h"

namespace regionlab::ui {

namespace {

using Kind = GenealogyEvent::Kind;

struct LaneStyle {
  Kind kind;
  QCPScatterStyle::ScatterShape shape;
  QColor colour;
};

// Bottom to top. Policy splits share the live charts' split colour.
const LaneStyle kLanes[] = {
    {Kind::Other, QCPScatterStyle::ssCross, QColor(0x70, 0x70, 0x70)},
    {Kind::Merge, QCPScatterStyle::ssTriangle, QColor(0x20, 0x80, 0xc0)},
    {Kind::ManualSplit, QCPScatterStyle::ssDiamond, QColor(0xe0, 0x80, 0x20)},
    {Kind::PolicySplit, QCPScatterStyle::ssDisc, QColor(0xd0, 0x30, 0x30)},
    {Kind::PreSplit, QCPScatterStyle::ssSquare, QColor(0x59, 0xa1, 0x4f)},
};
constexpr int kLaneCount = static_cast<int>(std::size(kLanes));
constexpr int kMaxToolTipEvents = 6;

}  // namespace

SplitTimelineWidget::SplitTimelineWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_plot = new QCustomPlot(this);
  m_plot->setMinimumHeight(120);
  layout->addWidget(m_plot);
  QSharedPointer<QCPAxisTickerDateTime> time(new QCPAxisTickerDateTime);
  time->setDateTimeFormat(QStringLiteral("hh:mm:ss\nyyyy-MM-dd"));
  time->setDateTimeSpec(Qt::LocalTime);
  m_plot->xAxis->setTicker(time);
  QSharedPointer<QCPAxisTickerText> lanes(new QCPAxisTickerText);
  for (int i = 0; i < kLaneCount; ++i) lanes->addTick(i, Genealogy::kindText(kLanes[i].kind));
  m_plot->yAxis->setTicker(lanes);
  m_plot->yAxis->setRange(0.4, kLaneCount - 0.4);
  m_plot->yAxis->grid()->setVisible(false);
  for (const LaneStyle& lane : kLanes) {
    QCPGraph* g = m_plot->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(lane.shape, lane.colour, lane.colour, 9));
    g->setName(Genealogy::kindText(lane.kind));
    m_lanes.push_back(g);
  }
  m_selection = m_plot->addGraph();
  m_selection->setLineStyle(QCPGraph::lsNone);
  m_selection->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette().color(QPalette::Highlight), 2.5),
                                               Qt::NoBrush, 18));
  m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
  m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
  m_plot->setMouseTracking(true);
  connect(m_plot, &QCustomPlot::mouseMove, this, &SplitTimelineWidget::onMouseMove);
  connect(m_plot, &QCustomPlot::mousePress, this, &SplitTimelineWidget::onMousePress);
  stylePlot(m_plot, palette());
}

void SplitTimelineWidget::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  // A label ("hh:mm:ss" over the date) is about 10 characters wide; leave
  // room for the lane names on the left and a gap between labels.
  const int labelWidth = fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00")) + 24;
  const int axisWidth = std::max(0, width() - fontMetrics().horizontalAdvance(QStringLiteral("manual split")) - 30);
  m_plot->xAxis->ticker()->setTickCount(std::clamp(axisWidth / labelWidth, 1, 5));
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

double SplitTimelineWidget::laneOf(int event) const {
  const Kind kind = m_genealogy->events()[event].kind;
  for (int i = 0; i < kLaneCount; ++i)
    if (kLanes[i].kind == kind) return i;
  return 0;
}

void SplitTimelineWidget::setGenealogy(const Genealogy* genealogy) {
  m_genealogy = genealogy;
  m_selected = -1;
  for (QCPGraph* g : m_lanes) g->data()->clear();
  m_selection->data()->clear();
  const int count = genealogy != nullptr ? static_cast<int>(genealogy->events().size()) : 0;
  double lo = 0, hi = 0;
  bool other = false;
  for (int e = 0; e < count; ++e) {
    other = other || genealogy->events()[e].kind == Kind::Other;
    const double t = genealogy->events()[e].timeMs / 1000.0;
    m_lanes[static_cast<int>(laneOf(e))]->addData(t, laneOf(e));
    lo = e == 0 ? t : std::min(lo, t);
    hi = e == 0 ? t : std::max(hi, t);
  }
  // The "other" lane (kinds this build does not write) only when used.
  m_plot->yAxis->setRange(other ? -0.6 : 0.4, kLaneCount - 0.4);
  if (count > 0) {
    const double pad = std::max(5.0, (hi - lo) * 0.05);
    m_plot->xAxis->setRange(lo - pad, hi + pad);
  }
  m_plot->replot();
}

void SplitTimelineWidget::setSelectedEvent(int event) {
  m_selected = m_genealogy != nullptr && event >= 0 && event < int(m_genealogy->events().size()) ? event : -1;
  m_selection->data()->clear();
  if (m_selected >= 0) {
    const double t = m_genealogy->events()[m_selected].timeMs / 1000.0;
    m_selection->addData(t, laneOf(m_selected));
    if (!m_plot->xAxis->range().contains(t)) m_plot->xAxis->setRange(t, m_plot->xAxis->range().size(), Qt::AlignCenter);
  }
  m_plot->replot();
}

QPointF SplitTimelineWidget::eventPosition(int event) const {
  if (m_genealogy == nullptr || event < 0 || event >= int(m_genealogy->events().size())) return {};
  const double x = m_plot->xAxis->coordToPixel(m_genealogy->events()[event].timeMs / 1000.0);
  const double y = m_plot->yAxis->coordToPixel(laneOf(event));
  return QPointF(x, y) + m_plot->geometry().topLeft();
}

std::vector<int> SplitTimelineWidget::eventsNear(const QPoint& pos) const {
  std::vector<std::pair<double, int>> hits;
  if (m_genealogy == nullptr) return {};
  for (int e = 0; e < int(m_genealogy->events().size()); ++e) {
    const QPointF d = eventPosition(e) - QPointF(pos);
    const double distance = std::hypot(d.x(), d.y());
    if (distance <= kHitRadius) hits.emplace_back(distance, e);
  }
  std::stable_sort(hits.begin(), hits.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<int> out;
  for (const auto& h : hits) out.push_back(h.second);
  return out;
}

QString SplitTimelineWidget::toolTipFor(const std::vector<int>& events) const {
  QStringList parts;
  for (size_t i = 0; i < events.size() && i < size_t(kMaxToolTipEvents); ++i)
    parts << m_genealogy->describeEvent(events[i]);
  if (events.size() > size_t(kMaxToolTipEvents))
    parts << tr("\u2026 and %1 more here; zoom in (wheel) to tell them apart")
                 .arg(events.size() - kMaxToolTipEvents);
  return parts.join(QStringLiteral("\n\n"));
}

void SplitTimelineWidget::onMouseMove(QMouseEvent* event) {
  const QPoint pos = event->position().toPoint() + m_plot->geometry().topLeft();
  const std::vector<int> near = eventsNear(pos);
  if (near.empty())
    QToolTip::hideText();
  else
    QToolTip::showText(event->globalPosition().toPoint(), toolTipFor(near), m_plot);
}

void SplitTimelineWidget::onMousePress(QMouseEvent* event) {
  const std::vector<int> near = eventsNear(event->position().toPoint() + m_plot->geometry().topLeft());
  if (near.empty()) return;
  setSelectedEvent(near.front());
  emit eventSelected(near.front());
}

void SplitTimelineWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    stylePlot(m_plot, palette());
    QCPScatterStyle ring = m_selection->scatterStyle();
    ring.setPen(QPen(palette().color(QPalette::Highlight), 2.5));
    m_selection->setScatterStyle(ring);
    m_plot->replot();
  }
  QWidget::changeEvent(event);
}

}  // namespace regionlab::ui
