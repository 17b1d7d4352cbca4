// KeyHeatmapWidget: a table's writes drawn over key space and time, as the
// Key Visualizer of Bigtable and TiDB draws them. Key buckets run down the
// vertical axis (the table's first key at the top), time runs left to right
// (the newest sample at the right edge), and the colour of a cell is the
// writes per second of that key bucket in that interval (KeyHeatmap's
// spreading), on a square-root scale shown in the legend: a hotspot many
// times hotter than the rest stands out, while light traffic still shows
// above the black of no writes. Region boundaries
// are drawn as light lines, so a split appears as a line that starts at the
// split's time. Hatched cells have no data (before the first sample, or a
// gap while nothing was sampled).
//
// Geometry: bucket b of B takes the pixel rows [ceil(b*H/B), ceil((b+1)*H/B))
// of the H rows of the plot when B <= H; when buckets outnumber rows, row r
// holds buckets [ceil(r*B/H), ceil((r+1)*B/H)) and shows the largest of
// them, so a hot bucket never disappears. Columns sit at their time interval
// on a linear time axis; several columns in one pixel show their maximum.
//
// Painting is bounded: the heat image is rendered once per data change (one
// pass over the retained region figures plus one over the plot's pixels)
// and each paint only draws that image, the labels (one per label slot, not
// per bucket) and the legend.
//
// Thread-safety: UI thread only.
#pragma once

#include <QImage>
#include <QWidget>
#include <utility>

#include "models/key_heatmap.h"

namespace regionlab::ui {

class KeyHeatmapWidget : public QWidget {
  Q_OBJECT

 public:
  explicit KeyHeatmapWidget(QWidget* parent = nullptr);

  // The data; after changing it call refresh().
  KeyHeatmap& heatmap() { return m_heatmap; }
  const KeyHeatmap& heatmap() const { return m_heatmap; }
  void refresh();
  // The time span shown, ending at the newest sample (a shorter history fills the width).
  void setWindowSeconds(int seconds);
  int windowSeconds() const { return m_windowSeconds; }

  // Where the heat is drawn.
  QRect plotRect() const;
  qint64 viewStartMs() const;
  qint64 viewEndMs() const { return m_heatmap.lastTimeMs(); }
  // The column (KeyHeatmap index) drawn at `pos`, or -1.
  int columnAt(const QPoint& pos) const;
  // The buckets drawn in pixel row `y`: [first, end), empty outside the plot.
  std::pair<int, int> bucketRangeAt(int y) const;
  // The first pixel row of bucket `b`.
  int rowOfBucket(int b) const;
  // The writes/s drawn at `pos` (the largest bucket of its row), -1 without data.
  double valueAt(const QPoint& pos) const;
  QString toolTipAt(const QPoint& pos) const;
  // The colour of `writesPerSecond` on the current scale.
  QColor colourFor(double writesPerSecond) const;
  // The rendered heat image (plot-sized; transparent where there is no data).
  const QImage& heatImage();
  // Region figures visited by the last render (bounded by KeyHeatmap's cell budget).
  size_t lastRenderedCells() const { return m_lastRenderedCells; }

  QSize sizeHint() const override { return {800, 320}; }
  QSize minimumSizeHint() const override { return {260, 120}; }

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;
  bool event(QEvent* event) override;

 private:
  void render();
  double xAt(qint64 timeMs) const;
  // The pixel rows of the plot holding buckets [first, end): [top, bottom).
  std::pair<int, int> rowsOf(int first, int end) const;
  void drawKeyLabels(QPainter& p, const QRect& plot) const;
  void drawTimeLabels(QPainter& p, const QRect& plot) const;
  void drawLegend(QPainter& p, const QRect& plot) const;

  KeyHeatmap m_heatmap;
  int m_windowSeconds = 300;
  QImage m_image;
  bool m_dirty = true;
  size_t m_lastRenderedCells = 0;
};

}  // namespace regionlab::ui
