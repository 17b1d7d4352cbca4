#include "ui/region_map_widget.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include "models/format.h"
#include "ui/server_colors.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

namespace {

constexpr int kMargin = 6;
constexpr int kLegendHeight = 18;
constexpr int kLaneLabelWidth = 120;
constexpr int kLaneGap = 4;
constexpr double kMinLabelWidth = 36;

double logScale(uint64_t v) { return std::log1p(static_cast<double>(v)); }

}  // namespace

RegionMapEntry regionMapEntry(const regionlab::RegionInfo& r) {
  RegionMapEntry e;
  e.encodedName = QString::fromStdString(r.encoded_name);
  e.startKey = formatKey(r.start_key);
  e.endKey = formatKey(r.end_key);
  e.server = QString::fromStdString(r.server);
  e.size = r.metrics.store_file_bytes;
  e.storeFiles = r.metrics.store_files;
  e.memstore = r.metrics.memstore_heap_bytes;
  for (const auto& store : r.metrics.stores) e.memstoreData += store.memstore_data_bytes;
  e.splitThreshold = r.split_threshold;
  return e;
}

std::vector<RegionMapEntry> regionMapEntries(const regionlab::ClusterSample& sample,
                                             const regionlab::ClusterSample* previous,
                                             const QString& table) {
  const std::string name = table.toStdString();
  std::map<std::string, uint64_t> before;
  double seconds = 0;
  if (previous != nullptr && sample.time_ms > previous->time_ms) {
    seconds = (sample.time_ms - previous->time_ms) / 1000.0;
    for (const auto& r : previous->regions)
      if (r.table == name)
        before[r.encoded_name] = r.metrics.read_requests + r.metrics.write_requests;
  }
  std::vector<RegionMapEntry> out;
  for (const auto& r : sample.regions) {
    if (r.table != name) continue;
    RegionMapEntry e = regionMapEntry(r);
    const uint64_t now = r.metrics.read_requests + r.metrics.write_requests;
    auto it = before.find(r.encoded_name);
    if (seconds > 0 && it != before.end() && now >= it->second)
      e.requestsPerSecond = (now - it->second) / seconds;
    out.push_back(std::move(e));
  }
  return out;
}

RegionMapWidget::RegionMapWidget(QWidget* parent) : QWidget(parent) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMouseTracking(false);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void RegionMapWidget::setRegions(std::vector<RegionMapEntry> regions) {
  m_regions = std::move(regions);
  std::vector<QString> servers;
  for (const auto& r : m_regions) servers.push_back(r.server);
  std::sort(servers.begin(), servers.end());
  servers.erase(std::unique(servers.begin(), servers.end()), servers.end());
  m_servers = std::move(servers);
  relayout();
  update();
}

void RegionMapWidget::setWidthMode(WidthMode mode) {
  m_widthMode = mode;
  relayout();
  update();
}

void RegionMapWidget::setSortOrder(SortOrder order) {
  m_sortOrder = order;
  relayout();
  update();
}

void RegionMapWidget::setLabelElideMode(Qt::TextElideMode mode) {
  m_elide = mode;
  update();
}

void RegionMapWidget::setHighlighted(const QSet<QString>& encodedNames) {
  m_highlighted = encodedNames;
  update();
}

void RegionMapWidget::setLaneView(bool lanes) {
  m_laneView = lanes;
  relayout();
  update();
}

QColor RegionMapWidget::serverColor(const QString& server) const {
  if (server.isEmpty()) return QColor(0x90, 0x90, 0x90);  // offline
  return serverColorOf(server);  // the same colour as on the charts
}

QRectF RegionMapWidget::barArea() const {
  return QRectF(kMargin, kMargin, std::max(1, width() - 2 * kMargin),
                std::max(1, height() - 2 * kMargin - kLegendHeight));
}

void RegionMapWidget::relayout() {
  m_lanes.clear();
  m_where.assign(m_regions.size(), {-1, -1});
  const QRectF area = barArea();
  // Group the regions into lanes (one lane in bar view), each in display order.
  std::vector<std::vector<int>> groups;
  if (m_laneView) {
    groups.resize(m_servers.size());
    for (size_t i = 0; i < m_servers.size(); ++i) m_lanes.push_back(Lane{m_servers[i], {}, {}});
    for (int i = 0; i < static_cast<int>(m_regions.size()); ++i) {
      auto it = std::lower_bound(m_servers.begin(), m_servers.end(), m_regions[i].server);
      groups[it - m_servers.begin()].push_back(i);
    }
  } else {
    m_lanes.push_back(Lane{QString(), {}, {}});
    groups.emplace_back(m_regions.size());
    std::iota(groups[0].begin(), groups[0].end(), 0);
  }
  if (m_sortOrder == SortOrder::Size) {
    for (auto& g : groups)
      std::stable_sort(g.begin(), g.end(),
                       [this](int a, int b) { return m_regions[a].dataBytes() > m_regions[b].dataBytes(); });
  }
  // Weights: sizes or 1 each. Every region also gets a tenth of the average
  // size, so a region without store files stays visible and clickable.
  uint64_t total = 0;
  for (const auto& r : m_regions) total += r.dataBytes();
  const double sliver = m_regions.empty() ? 1 : double(total) / (10.0 * m_regions.size()) + 1;
  auto weight = [&](int i) {
    return m_widthMode == WidthMode::Equal ? 1.0 : double(m_regions[i].dataBytes()) + sliver;
  };
  double maxLane = 0;
  for (const auto& g : groups) {
    double sum = 0;
    for (int i : g) sum += weight(i);
    maxLane = std::max(maxLane, sum);
  }
  const int laneCount = static_cast<int>(m_lanes.size());
  const double laneHeight =
      laneCount == 0 ? 0 : (area.height() - kLaneGap * (laneCount - 1)) / laneCount;
  const double left = area.left() + (m_laneView ? kLaneLabelWidth : 0);
  const double barWidth = std::max(1.0, area.right() - left);
  // In lane view all lanes share one scale so their lengths compare.
  for (int l = 0; l < laneCount; ++l) {
    Lane& lane = m_lanes[l];
    lane.rect = QRectF(left, area.top() + l * (laneHeight + kLaneGap), barWidth, laneHeight);
    double laneTotal = 0;
    for (int i : groups[l]) laneTotal += weight(i);
    const double scale = maxLane > 0 ? barWidth / (m_laneView ? maxLane : laneTotal) : 0;
    double x = left;
    for (int i : groups[l]) {
      const double w = weight(i) * scale;
      m_where[i] = {l, static_cast<int>(lane.items.size())};
      lane.items.push_back(Item{i, x, x + w});
      x += w;
    }
  }
  m_scaleMax = 1;
  for (const auto& r : m_regions) {
    m_scaleMax = std::max(m_scaleMax, logScale(r.size));
    if (r.splitThreshold != std::numeric_limits<uint64_t>::max())
      m_scaleMax = std::max(m_scaleMax, logScale(r.splitThreshold));
  }
}

void RegionMapWidget::resizeEvent(QResizeEvent*) { relayout(); }

QRectF RegionMapWidget::regionRect(int i) const {
  if (i < 0 || i >= static_cast<int>(m_where.size()) || m_where[i].first < 0) return {};
  const Lane& lane = m_lanes[m_where[i].first];
  const Item& item = lane.items[m_where[i].second];
  return QRectF(item.x0, lane.rect.top(), item.x1 - item.x0, lane.rect.height());
}

int RegionMapWidget::regionAt(const QPoint& pos) const {
  for (const Lane& lane : m_lanes) {
    if (pos.y() < lane.rect.top() || pos.y() >= lane.rect.bottom()) continue;
    const double x = pos.x() + 0.5;  // the pixel's centre
    auto it = std::upper_bound(lane.items.begin(), lane.items.end(), x,
                               [](double v, const Item& item) { return v < item.x1; });
    if (it == lane.items.end() || x < it->x0) return -1;
    return it->region;
  }
  return -1;
}

QString RegionMapWidget::toolTipFor(int i) const {
  if (i < 0 || i >= static_cast<int>(m_regions.size())) return {};
  const RegionMapEntry& r = m_regions[i];
  return tr("<b>%1</b><br>start key: %2<br>end key: %3<br>server: %4<br>size: %5 in %6 store "
            "file(s)<br>memstore: %7<br>requests/s: %8<br>split threshold: %9")
      .arg(r.encodedName.toHtmlEscaped(),
           r.startKey.isEmpty() ? tr("(table start)") : r.startKey.toHtmlEscaped(),
           r.endKey.isEmpty() ? tr("(table end)") : r.endKey.toHtmlEscaped(),
           r.server.isEmpty() ? tr("offline") : r.server.toHtmlEscaped(), formatBytes(r.size),
           formatCount(r.storeFiles), formatBytes(r.memstore),
           QString::number(r.requestsPerSecond, 'f', 1), formatThreshold(r.splitThreshold));
}

bool RegionMapWidget::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(e);
    const int i = regionAt(help->pos());
    if (i >= 0)
      QToolTip::showText(help->globalPos(), toolTipFor(i), this, regionRect(i).toAlignedRect());
    else
      QToolTip::hideText();
    return true;
  }
  return QWidget::event(e);
}

void RegionMapWidget::mousePressEvent(QMouseEvent* e) {
  if (!m_highlighted.isEmpty()) setHighlighted({});
  const int i = regionAt(e->position().toPoint());
  if (i >= 0) emit regionActivated(m_regions[i].encodedName);
}

void RegionMapWidget::paintEvent(QPaintEvent* event) {
  QPainter p(this);
  const QRect exposed = event->rect();
  p.fillRect(exposed, palette().base());
  m_lastPaintedBoxes = 0;
  if (m_regions.empty()) {
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(rect(), Qt::AlignCenter, tr("No regions to show"));
    return;
  }
  const QFontMetrics fm(font());
  for (const Lane& lane : m_lanes) {
    if (!lane.rect.intersects(exposed)) continue;
    if (m_laneView) {
      const QRectF label(kMargin, lane.rect.top(), kLaneLabelWidth - 6, lane.rect.height());
      p.setPen(palette().color(QPalette::Text));
      p.drawText(label, Qt::AlignVCenter | Qt::AlignLeft,
                 fm.elidedText(tr("%1 (%2)").arg(lane.server).arg(lane.items.size()),
                               Qt::ElideMiddle, kLaneLabelWidth - 6));
    }
    // First item whose right edge is past the exposed left edge.
    auto it = std::upper_bound(lane.items.begin(), lane.items.end(), double(exposed.left()),
                               [](double v, const Item& item) { return v < item.x1; });
    int lastColumn = std::numeric_limits<int>::min();
    const double top = lane.rect.top(), h = lane.rect.height();
    for (; it != lane.items.end() && it->x0 <= exposed.right() + 1; ++it) {
      const double w = it->x1 - it->x0;
      const int column = static_cast<int>(std::floor(it->x0));
      if (w < 1.0 && column == lastColumn) continue;  // this pixel column is painted already
      lastColumn = static_cast<int>(std::floor(it->x1 - 1e-9));
      const RegionMapEntry& r = m_regions[it->region];
      const QColor colour = serverColor(r.server);
      const QRectF box(it->x0, top, std::max(1.0, w), h);
      ++m_lastPaintedBoxes;
      p.fillRect(box, colour.lighter(165));
      const double fill = std::min(1.0, logScale(r.size) / m_scaleMax);
      p.fillRect(QRectF(box.left(), top + h * (1 - fill), box.width(), h * fill), colour);
      if (r.splitThreshold != std::numeric_limits<uint64_t>::max()) {
        const double y = top + h * (1 - std::min(1.0, logScale(r.splitThreshold) / m_scaleMax));
        p.fillRect(QRectF(box.left(), y, box.width(), 2), QColor(0xc0, 0x20, 0x20));
      }
      if (w >= 3) {
        p.setPen(QPen(palette().color(QPalette::Base), 1));
        p.drawLine(QPointF(box.left(), top), QPointF(box.left(), top + h));
      }
      if (w >= kMinLabelWidth) {
        p.setPen(palette().color(QPalette::Text));
        const QString label = r.startKey.isEmpty() ? tr("(start)") : r.startKey;
        const QString shown = m_elide == Qt::ElideMiddle ? elideKeyToWidth(fm, label, w - 5)
                                                         : fm.elidedText(label, m_elide, static_cast<int>(w) - 5);
        p.drawText(box.adjusted(3, 2, -2, 0), Qt::AlignTop | Qt::AlignLeft, shown);
      }
      if (m_highlighted.contains(r.encodedName)) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 3));
        p.setBrush(Qt::NoBrush);
        p.drawRect(box.adjusted(1.5, 1.5, -1.5, -1.5));
      }
    }
  }
  // Legend: one swatch per server, and how to read the boxes.
  double x = kMargin;
  const double y = height() - kMargin - kLegendHeight + 3;
  for (const QString& server : m_servers) {
    p.fillRect(QRectF(x, y + 2, 10, 10), serverColor(server));
    p.setPen(palette().color(QPalette::Text));
    const QString text = server.isEmpty() ? tr("offline") : server;
    p.drawText(QPointF(x + 14, y + fm.ascent()), text);
    x += 24 + fm.horizontalAdvance(text);
  }
  p.fillRect(QRectF(x, y + 6, 12, 2), QColor(0xc0, 0x20, 0x20));
  p.drawText(QPointF(x + 16, y + fm.ascent()),
             tr("split threshold (width: store files + memstore; fill: store files, log scale) \u2014 %1 regions").arg(m_regions.size()));
}

}  // namespace regionlab::ui
