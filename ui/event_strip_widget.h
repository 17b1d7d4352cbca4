// EventStripWidget: the live charts' event markers on a strip of their own
// under the charts, over the same time window: a lane for flushes, minor
// compactions, major compactions, splits and merges, moves and region servers.
// Every kind has its own shape and colour (models/event_log.h); markers of a
// kind closer than kMinGapPixels are drawn as one with their count. Hovering
// a marker tells what happened (all of a cluster's events, up to a few);
// clicking it emits eventActivated() with its newest event, which the main
// window uses to select the region in the map and the genealogy.
//
// Painting is bounded by the clusters on screen, not by the events kept.
//
// Thread-safety: UI thread only.
#pragma once

#include <QIcon>
#include <QWidget>
#include <vector>

#include "models/event_log.h"

namespace regionlab::ui {

// Paints `shape` filled with `colour`, centred in `r` (also the filter menu's icons).
void paintMarker(QPainter& painter, MarkerShape shape, const QRectF& r, const QColor& colour);
QIcon markerIcon(EventKind kind);

class EventStripWidget : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMinGapPixels = 10;
  static constexpr int kLaneHeight = 13;
  static constexpr int kLabelWidth = 118;
  static constexpr int kMaxListed = 6;  // events a cluster's tooltip lists

  explicit EventStripWidget(QWidget* parent = nullptr);

  // `log` is not owned and must outlive the strip.
  void setLog(const EventLog* log);
  // The window shown, in seconds since the epoch (the charts' x range).
  void setView(double fromSeconds, double toSeconds);
  void setFilter(const EventFilter& filter);
  void setLabScale(uint32_t scale) { m_labScale = scale; }
  // Clusters the log's events again (after events arrived or the view moved).
  void relayout();

  const std::vector<MarkerCluster>& clusters() const { return m_clusters; }
  QRectF markerRect(int cluster) const;
  int clusterAt(const QPoint& pos) const;
  QString toolTipFor(int cluster) const;
  // The event a click on `cluster` activates: its newest.
  const regionlab::ClusterEvent* eventOf(int cluster) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override { return sizeHint(); }

 signals:
  void eventActivated(const regionlab::ClusterEvent& event);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  bool event(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  double xOf(double seconds) const;
  QRectF laneRect(int lane) const;

  const EventLog* m_log = nullptr;
  EventFilter m_filter;
  double m_from = 0, m_to = 1;
  uint32_t m_labScale = 1;
  std::vector<MarkerCluster> m_clusters;
};

}  // namespace regionlab::ui
