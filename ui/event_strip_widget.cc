#include "ui/event_strip_widget.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QToolTip>
#include <cmath>
#include <numbers>

#include "models/format.h"

namespace regionlab::ui {

namespace {
constexpr int kTop = 2;
constexpr int kAxisHeight = 14;
constexpr double kMarkerSize = 9;
}  // namespace

void paintMarker(QPainter& p, MarkerShape shape, const QRectF& r, const QColor& colour) {
  const QPointF c = r.center();
  const double h = std::min(r.width(), r.height()) / 2;
  p.save();
  p.setRenderHint(QPainter::Antialiasing);
  p.setPen(QPen(colour.darker(140), 1));
  p.setBrush(colour);
  QPainterPath path;
  switch (shape) {
    case MarkerShape::Circle:
      p.drawEllipse(c, h * 0.9, h * 0.9);
      break;
    case MarkerShape::Diamond:
      path.moveTo(c.x(), c.y() - h);
      path.lineTo(c.x() + h, c.y());
      path.lineTo(c.x(), c.y() + h);
      path.lineTo(c.x() - h, c.y());
      path.closeSubpath();
      p.drawPath(path);
      break;
    case MarkerShape::Square:
      p.drawRect(QRectF(c.x() - h * 0.8, c.y() - h * 0.8, h * 1.6, h * 1.6));
      break;
    case MarkerShape::TriangleUp:
      path.moveTo(c.x(), c.y() - h);
      path.lineTo(c.x() + h, c.y() + h * 0.8);
      path.lineTo(c.x() - h, c.y() + h * 0.8);
      path.closeSubpath();
      p.drawPath(path);
      break;
    case MarkerShape::TriangleDown:
      path.moveTo(c.x(), c.y() + h);
      path.lineTo(c.x() + h, c.y() - h * 0.8);
      path.lineTo(c.x() - h, c.y() - h * 0.8);
      path.closeSubpath();
      p.drawPath(path);
      break;
    case MarkerShape::TriangleRight:
      path.moveTo(c.x() + h, c.y());
      path.lineTo(c.x() - h * 0.8, c.y() - h);
      path.lineTo(c.x() - h * 0.8, c.y() + h);
      path.closeSubpath();
      p.drawPath(path);
      break;
    case MarkerShape::Cross:
      p.setPen(QPen(colour, 2.2));
      p.drawLine(QPointF(c.x() - h * 0.8, c.y() - h * 0.8), QPointF(c.x() + h * 0.8, c.y() + h * 0.8));
      p.drawLine(QPointF(c.x() - h * 0.8, c.y() + h * 0.8), QPointF(c.x() + h * 0.8, c.y() - h * 0.8));
      break;
    case MarkerShape::Plus:
      p.setPen(QPen(colour, 2.2));
      p.drawLine(QPointF(c.x() - h, c.y()), QPointF(c.x() + h, c.y()));
      p.drawLine(QPointF(c.x(), c.y() - h), QPointF(c.x(), c.y() + h));
      break;
    case MarkerShape::Star:  // five points, the inner radius 0.45 of the outer
      for (int i = 0; i < 10; ++i) {
        const double radius = (i % 2 == 0) ? h : h * 0.45;
        const double angle = -std::numbers::pi / 2 + i * std::numbers::pi / 5;
        const QPointF at(c.x() + radius * std::cos(angle), c.y() + radius * std::sin(angle));
        if (i == 0) path.moveTo(at); else path.lineTo(at);
      }
      path.closeSubpath();
      p.drawPath(path);
      break;
    case MarkerShape::Ring:
      p.setPen(QPen(colour, 2.2));
      p.setBrush(Qt::NoBrush);
      p.drawEllipse(c, h * 0.75, h * 0.75);
      break;
  }
  p.restore();
}

QIcon markerIcon(EventKind kind) {
  QPixmap pixmap(16, 16);
  pixmap.fill(Qt::transparent);
  QPainter p(&pixmap);
  paintMarker(p, eventKindShape(kind), QRectF(2, 2, 12, 12), eventKindColor(kind));
  return QIcon(pixmap);
}

EventStripWidget::EventStripWidget(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  setMouseTracking(true);
}

QSize EventStripWidget::sizeHint() const {
  return {400, kTop + kMarkerLanes * kLaneHeight + kAxisHeight + 2};
}

void EventStripWidget::setLog(const EventLog* log) {
  m_log = log;
  relayout();
}

void EventStripWidget::setView(double fromSeconds, double toSeconds) {
  m_from = fromSeconds;
  m_to = std::max(toSeconds, fromSeconds + 1e-3);
  relayout();
}

void EventStripWidget::setFilter(const EventFilter& filter) {
  m_filter = filter;
  relayout();
}

double EventStripWidget::xOf(double seconds) const {
  const double left = kLabelWidth, right = std::max(left + 1, double(width() - 6));
  return left + (seconds - m_from) / (m_to - m_from) * (right - left);
}

QRectF EventStripWidget::laneRect(int lane) const {
  return QRectF(kLabelWidth, kTop + lane * kLaneHeight, std::max(1, width() - kLabelWidth - 6), kLaneHeight);
}

void EventStripWidget::relayout() {
  m_clusters.clear();
  if (m_log != nullptr) {
    const double plotWidth = std::max(1, width() - kLabelWidth - 6);
    const double secondsPerPixel = (m_to - m_from) / plotWidth;
    m_clusters = clusterMarkers(m_log->events(), m_filter, m_from, m_to, kMinGapPixels * secondsPerPixel);
  }
  update();
}

void EventStripWidget::resizeEvent(QResizeEvent*) { relayout(); }

QRectF EventStripWidget::markerRect(int i) const {
  if (i < 0 || i >= static_cast<int>(m_clusters.size())) return {};
  const MarkerCluster& c = m_clusters[i];
  const QRectF lane = laneRect(eventKindLane(c.kind));
  const double x = xOf(c.centerSeconds());
  return QRectF(x - kMarkerSize / 2, lane.center().y() - kMarkerSize / 2, kMarkerSize, kMarkerSize);
}

int EventStripWidget::clusterAt(const QPoint& pos) const {
  int best = -1;
  double bestDistance = kMarkerSize;  // within about a marker's width
  for (int i = 0; i < static_cast<int>(m_clusters.size()); ++i) {
    const QRectF r = markerRect(i);
    if (pos.y() < r.top() - 3 || pos.y() > r.bottom() + 3) continue;
    const double d = std::fabs(r.center().x() - pos.x());
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}

const regionlab::ClusterEvent* EventStripWidget::eventOf(int i) const {
  if (m_log == nullptr || i < 0 || i >= static_cast<int>(m_clusters.size())) return nullptr;
  return &m_log->events()[m_clusters[i].members.back()];
}

QString EventStripWidget::toolTipFor(int i) const {
  if (m_log == nullptr || i < 0 || i >= static_cast<int>(m_clusters.size())) return {};
  const MarkerCluster& c = m_clusters[i];
  const auto& events = m_log->events();
  if (c.members.size() == 1) return eventToolTip(events[c.members.front()], m_labScale);
  auto time = [](double s) {
    return QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(s * 1000)).toString(QStringLiteral("hh:mm:ss"));
  };
  QStringList lines;
  lines << tr("%1 %2 events from %3 to %4 (newest first):")
               .arg(c.members.size())
               .arg(eventKindName(c.kind), time(c.firstSeconds), time(c.lastSeconds));
  int listed = 0;
  for (auto it = c.members.rbegin(); it != c.members.rend() && listed < kMaxListed; ++it, ++listed)
    lines << QStringLiteral("  ") + eventSummary(events[*it]);
  if (static_cast<int>(c.members.size()) > kMaxListed)
    lines << tr("  and %1 more; narrow the window or the filter to tell them apart")
                 .arg(c.members.size() - kMaxListed);
  lines << tr("Click: select the newest one's region in the map and the genealogy");
  return lines.join(QLatin1Char('\n'));
}

bool EventStripWidget::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(e);
    const int i = clusterAt(help->pos());
    if (i >= 0) {
      QToolTip::showText(help->globalPos(), toolTipFor(i), this, markerRect(i).toAlignedRect());
    } else {
      QToolTip::hideText();
      e->ignore();
    }
    return true;
  }
  return QWidget::event(e);
}

void EventStripWidget::mousePressEvent(QMouseEvent* e) {
  if (const regionlab::ClusterEvent* event = eventOf(clusterAt(e->position().toPoint()))) {
    emit eventActivated(*event);
    return;
  }
  QWidget::mousePressEvent(e);
}

void EventStripWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  const QColor text = palette().color(QPalette::Text);
  const QColor grid = palette().color(QPalette::Mid);
  QFont small = font();
  small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
  p.setFont(small);
  const QFontMetrics fm(small);
  for (int lane = 0; lane < kMarkerLanes; ++lane) {
    const QRectF r = laneRect(lane);
    p.setPen(text);
    p.drawText(QRectF(4, r.top(), kLabelWidth - 8, r.height()), Qt::AlignVCenter | Qt::AlignRight,
               markerLaneName(lane));
    p.setPen(QPen(grid, 1, Qt::DotLine));
    p.drawLine(QPointF(r.left(), r.bottom()), QPointF(r.right(), r.bottom()));
  }
  // Time labels at both ends and in the middle.
  const double axisY = kTop + kMarkerLanes * kLaneHeight + 1;
  p.setPen(text);
  for (double f : {0.0, 0.5, 1.0}) {
    const double s = m_from + f * (m_to - m_from);
    const QString label =
        QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(s * 1000)).toString(QStringLiteral("hh:mm:ss"));
    const double x = xOf(s);
    const double w = fm.horizontalAdvance(label);
    const double left = f == 0.0 ? x : f == 1.0 ? x - w : x - w / 2;
    p.drawText(QPointF(left, axisY + fm.ascent()), label);
  }
  for (int i = 0; i < static_cast<int>(m_clusters.size()); ++i) {
    const MarkerCluster& c = m_clusters[i];
    const QRectF r = markerRect(i);
    if (c.members.size() > 1 && c.lastSeconds > c.firstSeconds) {
      // The span a cluster covers, as a bar behind its marker.
      QColor span = eventKindColor(c.kind);
      span.setAlpha(70);
      const double x0 = xOf(c.firstSeconds), x1 = xOf(c.lastSeconds);
      p.fillRect(QRectF(x0, r.center().y() - 2, std::max(1.0, x1 - x0), 4), span);
    }
    paintMarker(p, eventKindShape(c.kind), r, eventKindColor(c.kind));
    if (c.members.size() > 1) {
      p.setPen(text);
      p.drawText(QPointF(r.right() + 1, r.bottom()), QString::number(c.members.size()));
    }
  }
  if (m_clusters.empty()) {
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(QRectF(kLabelWidth, kTop, width() - kLabelWidth, kMarkerLanes * kLaneHeight),
               Qt::AlignCenter, tr("No events in this window (or none the filter lets through)"));
  }
}

}  // namespace regionlab::ui
