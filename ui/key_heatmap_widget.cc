#include "ui/key_heatmap_widget.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "models/format.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

namespace {

constexpr int kKeyAxisWidth = 112;
constexpr int kLegendWidth = 84;
constexpr int kTopMargin = 6;
constexpr int kTimeAxisHeight = 20;
constexpr qint64 kMinSpanMs = 1000;

// A perceptually ordered dark-to-bright ramp (after matplotlib's "inferno"):
// no writes is near black, the hottest bucket pale yellow.
QColor ramp(double t) {
  static const QColor kStops[] = {QColor(0x00, 0x00, 0x04), QColor(0x42, 0x0a, 0x68),
                                  QColor(0x93, 0x26, 0x67), QColor(0xdd, 0x51, 0x3a),
                                  QColor(0xfc, 0xa5, 0x0a), QColor(0xfc, 0xff, 0xa4)};
  constexpr int kLast = static_cast<int>(std::size(kStops)) - 1;
  t = std::clamp(t, 0.0, 1.0) * kLast;
  const int i = std::min(kLast - 1, static_cast<int>(t));
  const double f = t - i;
  const QColor& a = kStops[i];
  const QColor& b = kStops[i + 1];
  return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * f, a.greenF() + (b.greenF() - a.greenF()) * f,
                          a.blueF() + (b.blueF() - a.blueF()) * f);
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

QString rateText(double v) { return QString::number(v, 'f', v < 10 ? 1 : 0); }

QString timeText(qint64 ms) {
  return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("hh:mm:ss"));
}

}  // namespace

KeyHeatmapWidget::KeyHeatmapWidget(QWidget* parent) : QWidget(parent) {
  setAttribute(Qt::WA_OpaquePaintEvent);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void KeyHeatmapWidget::refresh() {
  m_dirty = true;
  update();
}

void KeyHeatmapWidget::setWindowSeconds(int seconds) {
  m_windowSeconds = std::max(10, seconds);
  refresh();
}

QRect KeyHeatmapWidget::plotRect() const {
  return QRect(kKeyAxisWidth, kTopMargin, std::max(1, width() - kKeyAxisWidth - kLegendWidth),
               std::max(1, height() - kTopMargin - kTimeAxisHeight));
}

qint64 KeyHeatmapWidget::viewStartMs() const {
  const qint64 end = m_heatmap.lastTimeMs();
  const qint64 span = std::min<qint64>(qint64(m_windowSeconds) * 1000, end - m_heatmap.firstTimeMs());
  return end - std::max(kMinSpanMs, span);
}

double KeyHeatmapWidget::xAt(qint64 timeMs) const {
  const QRect plot = plotRect();
  const qint64 start = viewStartMs();
  return plot.left() + double(timeMs - start) / double(viewEndMs() - start) * plot.width();
}

std::pair<int, int> KeyHeatmapWidget::rowsOf(int first, int end) const {
  const int64_t b = static_cast<int64_t>(m_heatmap.bucketCount());
  const int64_t h = plotRect().height();
  if (b == 0) return {0, 0};
  if (b <= h) return {int(ceilDiv(first * h, b)), int(ceilDiv(end * h, b))};
  return {int(first * h / b), int((end - 1) * h / b) + 1};
}

int KeyHeatmapWidget::rowOfBucket(int b) const { return plotRect().top() + rowsOf(b, b + 1).first; }

std::pair<int, int> KeyHeatmapWidget::bucketRangeAt(int y) const {
  const QRect plot = plotRect();
  const int64_t b = static_cast<int64_t>(m_heatmap.bucketCount());
  const int64_t h = plot.height();
  const int64_t r = y - plot.top();
  if (b == 0 || r < 0 || r >= h) return {0, 0};
  if (b <= h) return {int(r * b / h), int(r * b / h) + 1};
  return {int(ceilDiv(r * b, h)), int(ceilDiv((r + 1) * b, h))};
}

int KeyHeatmapWidget::columnAt(const QPoint& pos) const {
  const QRect plot = plotRect();
  if (!plot.contains(pos) || m_heatmap.columnCount() == 0) return -1;
  const qint64 start = viewStartMs();
  const double t = start + (pos.x() + 0.5 - plot.left()) / plot.width() * double(viewEndMs() - start);
  return m_heatmap.columnAtTime(static_cast<qint64>(std::ceil(t)));
}

double KeyHeatmapWidget::valueAt(const QPoint& pos) const {
  const int c = columnAt(pos);
  const auto [b0, b1] = bucketRangeAt(pos.y());
  if (c < 0 || b0 >= b1) return -1;
  double top = 0;
  for (int b = b0; b < b1; ++b) top = std::max(top, m_heatmap.bucketRate(c, b));
  return top;
}

QColor KeyHeatmapWidget::colourFor(double writesPerSecond) const {
  // The same 512 steps of the same square-root scale as the rendered image.
  const double scale = std::max(1.0, m_heatmap.maxBucketRate());
  const double step = std::clamp(std::round(std::sqrt(std::max(0.0, writesPerSecond) / scale) * 511), 0.0, 511.0);
  return QColor(ramp(step / 511).rgb());
}

const QImage& KeyHeatmapWidget::heatImage() {
  if (m_dirty || m_image.size() != plotRect().size()) render();
  return m_image;
}

void KeyHeatmapWidget::render() {
  m_dirty = false;
  m_lastRenderedCells = 0;
  const QRect plot = plotRect();
  const int w = plot.width(), h = plot.height();
  m_image = QImage(w, h, QImage::Format_ARGB32_Premultiplied);
  m_image.fill(Qt::transparent);
  const size_t columns = m_heatmap.columnCount();
  if (columns == 0 || m_heatmap.bucketCount() == 0) return;
  // Per pixel: the largest bucket rate drawn there (-1: no data), and whether
  // a region boundary runs through it.
  std::vector<float> grid(size_t(w) * h, -1.f);
  std::vector<uint8_t> edge(size_t(w) * h, 0);
  std::vector<float> rows(h);
  std::vector<int> edgeRows;
  // Pixel rows of each region (by KeyHeatmap region id), computed once.
  std::vector<std::pair<int, int>> regionRows;
  const qint64 start = viewStartMs();
  const int first = std::max(0, m_heatmap.columnAtTime(start + 1));
  for (size_t c = static_cast<size_t>(first); c < columns; ++c) {
    const KeyHeatmap::Column& column = m_heatmap.column(c);
    if (column.endMs <= start) continue;
    // Pixels whose centre time lies in (startMs, endMs]; a column narrower
    // than a pixel still counts in the pixel of its end.
    const double x0 = xAt(column.startMs) - plot.left(), x1 = xAt(column.endMs) - plot.left();
    int p0 = static_cast<int>(std::floor(x0 - 0.5)) + 1, p1 = static_cast<int>(std::floor(x1 - 0.5)) + 1;
    if (p0 >= p1) p0 = std::min(w - 1, static_cast<int>(std::floor(x1))), p1 = p0 + 1;
    p0 = std::max(0, p0);
    p1 = std::min(w, p1);
    if (p0 >= p1) continue;
    std::fill(rows.begin(), rows.end(), 0.f);
    edgeRows.clear();
    const auto& members = column.layout->regions;
    for (size_t i = 0; i < members.size(); ++i) {
      const uint32_t id = members[i];
      const KeyHeatmap::RegionKeys& r = m_heatmap.regionKeys(id);
      if (id >= regionRows.size()) regionRows.resize(id + 1, {-1, -1});
      if (regionRows[id].first < 0) regionRows[id] = rowsOf(int(r.firstBucket), int(r.endBucket));
      const auto [y0, y1] = regionRows[id];
      const float share = column.writesPerSecond[i] / float(r.endBucket - r.firstBucket);
      for (int y = std::max(0, y0); y < std::min(h, y1); ++y) rows[y] = std::max(rows[y], share);
      if (r.firstBucket > 0 && y0 < h) edgeRows.push_back(y0);
    }
    m_lastRenderedCells += members.size();
    for (int y = 0; y < h; ++y) {
      float* line = grid.data() + size_t(y) * w;
      for (int p = p0; p < p1; ++p) line[p] = std::max(line[p], rows[y]);
    }
    for (int y : edgeRows) std::fill(edge.begin() + size_t(y) * w + p0, edge.begin() + size_t(y) * w + p1, 1);
  }
  // Colours from a table: one scale step per entry, plain and on a boundary.
  constexpr int kSteps = 512;
  QRgb plain[kSteps], lined[kSteps];
  for (int i = 0; i < kSteps; ++i) {
    const QColor c = ramp(double(i) / (kSteps - 1));
    plain[i] = c.rgb();
    lined[i] = qRgb(int(c.red() * 0.55 + 255 * 0.45), int(c.green() * 0.55 + 255 * 0.45),
                    int(c.blue() * 0.55 + 255 * 0.45));
  }
  const double scale = std::max(1.0, m_heatmap.maxBucketRate());
  for (int y = 0; y < h; ++y) {
    auto* out = reinterpret_cast<QRgb*>(m_image.scanLine(y));
    for (int p = 0; p < w; ++p) {
      const float v = grid[size_t(y) * w + p];
      if (v < 0) continue;
      const int step = std::clamp(int(std::lround(std::sqrt(double(v) / scale) * (kSteps - 1))), 0, kSteps - 1);
      out[p] = edge[size_t(y) * w + p] ? lined[step] : plain[step];
    }
  }
}

void KeyHeatmapWidget::resizeEvent(QResizeEvent*) {
  // heatImage() renders again when the plot's size no longer matches the image.
  update();
}

void KeyHeatmapWidget::changeEvent(QEvent* e) {
  if (e->type() == QEvent::PaletteChange) update();
  QWidget::changeEvent(e);
}

void KeyHeatmapWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().window());
  const QRect plot = plotRect();
  if (m_heatmap.columnCount() == 0) {
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
               m_heatmap.table().isEmpty()
                   ? tr("Choose a table to see its writes over key space.")
                   : tr("Waiting for write samples of %1: each column is the difference between two "
                        "metrics samples.").arg(m_heatmap.table()));
    return;
  }
  // No data shows as hatching under the (partly transparent) heat image.
  p.fillRect(plot, palette().base());
  p.fillRect(plot, QBrush(palette().color(QPalette::Mid), Qt::BDiagPattern));
  p.drawImage(plot.topLeft(), heatImage());
  p.setPen(palette().color(QPalette::Mid));
  p.drawRect(plot.adjusted(0, 0, -1, -1));
  drawKeyLabels(p, plot);
  drawTimeLabels(p, plot);
  drawLegend(p, plot);
}

void KeyHeatmapWidget::drawKeyLabels(QPainter& p, const QRect& plot) const {
  const QFontMetrics fm(font());
  const int buckets = static_cast<int>(m_heatmap.bucketCount());
  p.setPen(palette().color(QPalette::WindowText));
  // Each bucket whose first row is met gets its start key, centred on its
  // rows when they are taller than a line, unless it would overlap the label
  // above. One step per bucket or per row: at most plot.height() steps.
  int nextFree = plot.top() - fm.height();
  for (int y = plot.top(); y < plot.bottom();) {
    const auto [b0, b1] = bucketRangeAt(y);
    if (b0 >= b1) break;
    const int top = rowOfBucket(b0);
    if (top < y) {  // this bucket began above: go to the next one
      if (b1 >= buckets) break;
      y = std::max(y + 1, rowOfBucket(b1));
      continue;
    }
    const int bottom = b0 + 1 < buckets ? rowOfBucket(b0 + 1) : plot.bottom() + 1;
    const int textTop = std::max(top - fm.height() / 2 + 1, (top + bottom - fm.height()) / 2);
    p.drawLine(plot.left() - 4, top, plot.left() - 1, top);
    if (textTop >= nextFree) {
      const QString key = b0 == 0 ? tr("(start)") : formatKey(m_heatmap.bucketStart(b0));
      const QRect box(2, textTop, plot.left() - 8, fm.height());
      p.drawText(box, Qt::AlignRight | Qt::AlignVCenter, elideKeyToWidth(fm, key, box.width()));
      nextFree = textTop + fm.height();
    }
    y = top + 1;
  }
}

void KeyHeatmapWidget::drawTimeLabels(QPainter& p, const QRect& plot) const {
  const QFontMetrics fm(font());
  const qint64 start = viewStartMs(), end = viewEndMs();
  const int labelWidth = fm.horizontalAdvance(QStringLiteral("00:00:00")) + 16;
  const int members = std::max(1, plot.width() / labelWidth);
  qint64 step = 1000;
  for (qint64 s : {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600}) {
    step = s * 1000;
    if ((end - start) / step <= members) break;
  }
  p.setPen(palette().color(QPalette::WindowText));
  for (qint64 t = (start / step + 1) * step; t <= end; t += step) {
    const int x = static_cast<int>(std::lround(xAt(t)));
    p.drawLine(x, plot.bottom() + 1, x, plot.bottom() + 4);
    const QString text = timeText(t);
    const int half = fm.horizontalAdvance(text) / 2;
    if (x - half < plot.left() - 4 || x + half > plot.right() + 4) continue;
    p.drawText(QPoint(x - half, plot.bottom() + 4 + fm.ascent()), text);
  }
}

void KeyHeatmapWidget::drawLegend(QPainter& p, const QRect& plot) const {
  const QFontMetrics fm(font());
  const double scale = std::max(1.0, m_heatmap.maxBucketRate());
  const QRect bar(plot.right() + 10, plot.top(), 12, plot.height());
  for (int y = 0; y < bar.height(); ++y) {
    const double frac = 1.0 - double(y) / std::max(1, bar.height() - 1);
    p.setPen(ramp(frac));
    p.drawLine(bar.left(), bar.top() + y, bar.right(), bar.top() + y);
  }
  p.setPen(palette().color(QPalette::WindowText));
  p.drawRect(bar.adjusted(0, 0, -1, -1));
  // Ticks at even steps of the square-root scale, labelled in writes/s.
  for (double frac : {0.0, 0.25, 0.5, 0.75, 1.0}) {
    const int y = bar.bottom() - static_cast<int>(std::lround(frac * (bar.height() - 1)));
    p.drawLine(bar.right() + 1, y, bar.right() + 3, y);
    const double value = frac * frac * scale;
    const int ty = std::clamp(y + fm.ascent() / 2 - 1, bar.top() + fm.ascent(), bar.bottom());
    p.drawText(QPoint(bar.right() + 6, ty), rateText(value));
  }
  p.drawText(QRect(bar.left() - 8, plot.bottom() + 2, kLegendWidth - 2, kTimeAxisHeight),
             Qt::AlignLeft | Qt::AlignVCenter, tr("writes/s"));
}

QString KeyHeatmapWidget::toolTipAt(const QPoint& pos) const {
  const auto [b0, b1] = bucketRangeAt(pos.y());
  if (b0 >= b1 || !plotRect().contains(pos)) return {};
  const int c = columnAt(pos);
  const QString keys = tr("keys [%1, %2)").arg(formatKey(m_heatmap.bucketStart(b0), tr("(start)")),
                                               formatKey(m_heatmap.bucketEnd(b1 - 1), tr("(end)")));
  if (c < 0) return tr("%1\nno sample at this time").arg(keys);
  const KeyHeatmap::Column& column = m_heatmap.column(c);
  int hottest = b0;
  for (int b = b0; b < b1; ++b)
    if (m_heatmap.bucketRate(c, b) > m_heatmap.bucketRate(c, hottest)) hottest = b;
  QStringList lines;
  lines << keys;
  lines << tr("time %1 \u2013 %2").arg(timeText(column.startMs), timeText(column.endMs));
  lines << (b1 - b0 == 1 ? tr("writes/s: %1").arg(rateText(m_heatmap.bucketRate(c, hottest)))
                         : tr("writes/s: up to %1 in one of its %2 buckets")
                               .arg(rateText(m_heatmap.bucketRate(c, hottest)))
                               .arg(b1 - b0));
  const int slot = m_heatmap.layoutSlotAt(c, hottest);
  if (slot >= 0) {
    const KeyHeatmap::RegionKeys& r = m_heatmap.regionKeys(column.layout->regions[slot]);
    lines << tr("region %1 [%2, %3): %4 writes/s over %5 bucket(s)")
                 .arg(QString::fromStdString(r.encodedName), formatKey(r.startKey, tr("(start)")),
                      formatKey(r.endKey, tr("(end)")), rateText(column.writesPerSecond[slot]))
                 .arg(r.endBucket - r.firstBucket);
  }
  return lines.join(QLatin1Char('\n'));
}

bool KeyHeatmapWidget::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(e);
    const QString text = toolTipAt(help->pos());
    if (text.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), text, this, QRect(help->pos(), QSize(1, 1)));
    return true;
  }
  return QWidget::event(e);
}

}  // namespace regionlab::ui
