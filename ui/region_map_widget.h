// RegionMapWidget: a table's key space drawn as a bar of regions in key order
// (or sorted by size), one colour per region server; or, in lane view, one
// bar per region server to show the balance.
//
// Each region is a box: its width is proportional to its size (or equal for
// all), the dark fill rises with its size and a red tick marks its split
// threshold on the same logarithmic scale, so a region about to split has its
// fill at the tick. Labels (escaped start keys) appear where they fit.
//
// Painting is custom and bounded by the visible pixels, not by the number of
// regions: items are found by binary search on their x edges, and regions
// narrower than a pixel share one painted column. No child widgets.
//
// Thread-safety: UI thread only.
#pragma once

#include <QSet>
#include <QString>
#include <QWidget>
#include <cstdint>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab::ui {

// What the map shows of one region.
struct RegionMapEntry {
  QString encodedName;
  QString startKey, endKey;  // escaped (Bytes.toStringBinary)
  QString server;
  uint64_t size = 0;  // store file bytes
  uint64_t storeFiles = 0;
  uint64_t memstore = 0;      // heap bytes (what flushes are triggered by)
  uint64_t memstoreData = 0;  // key + value bytes in the memstore
  double requestsPerSecond = 0;
  uint64_t splitThreshold = 0;  // UINT64_MAX: never splits
  // What the region holds: store files and the memstore's cell bytes (not its
  // heap, which counts index overhead). Widths and the size order use it, so a
  // region whose rows are not flushed yet is not drawn as empty; the fill and
  // the threshold tick use `size`, as split policies do.
  uint64_t dataBytes() const { return size + memstoreData; }
};

// What the map shows of `region` (requests/s left at 0).
RegionMapEntry regionMapEntry(const regionlab::RegionInfo& region);

// The regions of `table` in `sample`, in key order; requests/s from the
// difference with `previous` (nullptr: 0).
std::vector<RegionMapEntry> regionMapEntries(const regionlab::ClusterSample& sample,
                                             const regionlab::ClusterSample* previous,
                                             const QString& table);

class RegionMapWidget : public QWidget {
  Q_OBJECT

 public:
  enum class WidthMode { Proportional, Equal };
  enum class SortOrder { Key, Size };

  explicit RegionMapWidget(QWidget* parent = nullptr);

  void setRegions(std::vector<RegionMapEntry> regions);  // in key order
  const std::vector<RegionMapEntry>& regions() const { return m_regions; }
  void setWidthMode(WidthMode mode);
  WidthMode widthMode() const { return m_widthMode; }
  void setSortOrder(SortOrder order);
  SortOrder sortOrder() const { return m_sortOrder; }
  void setLaneView(bool lanes);
  // Regions (encoded names) drawn with an outline, e.g. the region of a
  // clicked event marker; cleared by a click on the map.
  void setHighlighted(const QSet<QString>& encodedNames);
  const QSet<QString>& highlighted() const { return m_highlighted; }
  // How a start key too long for its box is shortened (default: its middle
  // is cut, never inside a \\xHH escape; the tooltip has the whole key).
  void setLabelElideMode(Qt::TextElideMode mode);
  bool laneView() const { return m_laneView; }

  // The region (index into regions()) drawn at `pos`, or -1.
  int regionAt(const QPoint& pos) const;
  // Where region `i` is drawn (empty when it is not laid out).
  QRectF regionRect(int i) const;
  // The colour of a region server's regions.
  QColor serverColor(const QString& server) const;
  QString toolTipFor(int i) const;
  // How many region boxes the last paint drew (a column of sub-pixel regions counts once).
  int lastPaintedBoxes() const { return m_lastPaintedBoxes; }

  QSize sizeHint() const override { return {800, 220}; }
  QSize minimumSizeHint() const override { return {200, 90}; }

 signals:
  void regionActivated(const QString& encodedName);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  bool event(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  struct Item {
    int region;      // index into m_regions
    double x0, x1;   // pixel edges
  };
  struct Lane {
    QString server;  // empty in bar view
    QRectF rect;     // the bar's area
    std::vector<Item> items;  // by x
  };
  void relayout();
  QRectF barArea() const;

  std::vector<RegionMapEntry> m_regions;
  std::vector<QString> m_servers;  // sorted, for colours and lanes
  std::vector<Lane> m_lanes;
  std::vector<std::pair<int, int>> m_where;  // region -> (lane, item)
  WidthMode m_widthMode = WidthMode::Proportional;
  SortOrder m_sortOrder = SortOrder::Key;
  bool m_laneView = false;
  Qt::TextElideMode m_elide = Qt::ElideMiddle;
  QSet<QString> m_highlighted;
  double m_scaleMax = 1;  // log scale top for fills and threshold ticks
  int m_lastPaintedBoxes = 0;
};

}  // namespace regionlab::ui
