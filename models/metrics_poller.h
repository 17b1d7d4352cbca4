// MetricsPoller: pulls a metrics sample from the engine on a timer and keeps
// the recent per-server figures in a bounded ring buffer (the window the live
// charts draw).
//
// Only one sample request is in flight at a time: a slow engine makes the
// poller skip ticks rather than pile up requests. The latest full sample
// (with every region) is kept for the region views; the ring keeps only the
// per-server figures, so a long window costs little with many regions.
//
// Thread-safety: use from the UI thread only.
#pragma once

#include <QObject>
#include <QTimer>
#include <deque>
#include <vector>

#include "models/engine_controller.h"

namespace regionlab::ui {

// One point of the charts: the per-server figures of one sample.
struct SamplePoint {
  qint64 timeMs = 0;
  std::vector<regionlab::ServerMetrics> servers;
};

// A fixed-capacity FIFO of SamplePoints; the oldest point goes first.
class SampleRing {
 public:
  explicit SampleRing(size_t capacity) : m_capacity(capacity == 0 ? 1 : capacity) {}
  void push(SamplePoint point);
  void setCapacity(size_t capacity);
  void clear() { m_points.clear(); }
  size_t size() const { return m_points.size(); }
  size_t capacity() const { return m_capacity; }
  const SamplePoint& at(size_t i) const { return m_points[i]; }  // 0 = oldest
  const SamplePoint& latest() const { return m_points.back(); }  // REQUIRES: size() > 0

 private:
  size_t m_capacity;
  std::deque<SamplePoint> m_points;
};

class MetricsPoller : public QObject {
  Q_OBJECT

 public:
  // `controller` is not owned and must outlive the poller.
  explicit MetricsPoller(EngineController* controller, QObject* parent = nullptr);

  static constexpr int kDefaultIntervalMs = 1000;
  static constexpr size_t kDefaultCapacity = 900;  // 15 minutes at 1 Hz

  void setIntervalMs(int ms);  // clamped to >= 50
  int intervalMs() const { return m_timer.interval(); }
  void setCapacity(size_t points) { m_ring.setCapacity(points); }
  void start();
  void stop();
  bool isRunning() const { return m_timer.isActive(); }
  // Asks for one sample now (still at most one in flight).
  void pollNow();

  const SampleRing& ring() const { return m_ring; }
  const SamplePtr& latestSample() const { return m_latest; }
  // Drops the history (e.g. when another data directory is opened).
  void clear();

 signals:
  void sampleAdded(const regionlab::ui::SamplePtr& sample);

 private:
  void onSample(const SamplePtr& sample);

  EngineController* m_controller;
  QTimer m_timer;
  SampleRing m_ring{kDefaultCapacity};
  SamplePtr m_latest;
  bool m_inFlight = false;
};

}  // namespace regionlab::ui
