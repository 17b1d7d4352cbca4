// SplitTimelineWidget: the split genealogy's events on a time axis
// (QCustomPlot). Time runs left to right; each lane holds one kind of event
// (pre-split, split by policy, manual split, merge) and each event is one
// mark. Hovering shows the details of the marks under the pointer; a click
// selects the nearest mark (eventSelected) and the genealogy tree selects
// the matching row; setSelectedEvent() rings a mark from the tree's side.
// The time axis drags and zooms horizontally.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QMouseEvent;
class QResizeEvent;

namespace regionlab::ui {

class Genealogy;

class SplitTimelineWidget : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kHitRadius = 7;  // pixels around a mark that count as on it

  explicit SplitTimelineWidget(QWidget* parent = nullptr);

  // `genealogy` is not owned; it must stay valid until the next call (nullptr: nothing).
  void setGenealogy(const Genealogy* genealogy);
  void setSelectedEvent(int event);
  int selectedEvent() const { return m_selected; }

  // The events whose marks are within kHitRadius of `pos` (widget
  // coordinates), nearest first.
  std::vector<int> eventsNear(const QPoint& pos) const;
  // Where event `e`'s mark is drawn, in widget coordinates.
  QPointF eventPosition(int event) const;
  QString toolTipFor(const std::vector<int>& events) const;
  QCustomPlot* plot() const { return m_plot; }

 signals:
  void eventSelected(int event);

 protected:
  void changeEvent(QEvent* event) override;
  // As many time labels as fit the width, so they never run into each other.
  void resizeEvent(QResizeEvent* event) override;

 private:
  void onMouseMove(QMouseEvent* event);
  void onMousePress(QMouseEvent* event);
  double laneOf(int event) const;

  QCustomPlot* m_plot = nullptr;
  std::vector<QCPGraph*> m_lanes;  // one graph per event kind
  QCPGraph* m_selection = nullptr;
  const Genealogy* m_genealogy = nullptr;
  int m_selected = -1;
};

}  // namespace regionlab::ui
