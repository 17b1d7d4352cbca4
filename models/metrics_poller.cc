#include "models/metrics_poller.h"

#include <algorithm>

namespace regionlab::ui {

void SampleRing::push(SamplePoint point) {
  m_points.push_back(std::move(point));
  while (m_points.size() > m_capacity) m_points.pop_front();
}

void SampleRing::setCapacity(size_t capacity) {
  m_capacity = capacity == 0 ? 1 : capacity;
  while (m_points.size() > m_capacity) m_points.pop_front();
}

MetricsPoller::MetricsPoller(EngineController* controller, QObject* parent)
    : QObject(parent), m_controller(controller) {
  m_timer.setInterval(kDefaultIntervalMs);
  connect(&m_timer, &QTimer::timeout, this, &MetricsPoller::pollNow);
  connect(m_controller, &EngineController::sampleReady, this, &MetricsPoller::onSample);
  // A reply that never comes (stale generation) must not stall the poller.
  connect(m_controller, &EngineController::opened, this, [this] { m_inFlight = false; });
  connect(m_controller, &EngineController::closed, this, [this] { m_inFlight = false; });
}

void MetricsPoller::setIntervalMs(int ms) { m_timer.setInterval(std::max(50, ms)); }

void MetricsPoller::start() { m_timer.start(); }

void MetricsPoller::stop() { m_timer.stop(); }

void MetricsPoller::pollNow() {
  if (m_inFlight || !m_controller->isOpen()) return;
  m_inFlight = true;
  m_controller->requestSample();
}

void MetricsPoller::clear() {
  m_ring.clear();
  m_latest.reset();
}

void MetricsPoller::onSample(const SamplePtr& sample) {
  m_inFlight = false;
  m_latest = sample;
  m_ring.push(SamplePoint{sample->time_ms, sample->servers});
  emit sampleAdded(sample);
}

}  // namespace regionlab::ui
