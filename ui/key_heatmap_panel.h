// KeyHeatmapPanel: the "Key-space heatmap" dock: the current table's writes
// over key space and time (KeyHeatmapWidget), with a window chooser.
//
// Data: live samples from the MetricsPoller. When the table changes (or a
// data directory opens) the panel first asks the engine for its sampled
// metrics history (EngineController::requestMetricsHistory), so the map
// starts with the last minutes instead of empty; live samples that arrive
// while that request is out are held and added after it.
//
// Another source (a remote cluster, models/remote_source.h) is drawn by
// followSource(): its kept samples at once, later ones by addSourceSample();
// the poller's samples and the engine's history are ignored until
// followEngine().
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>
#include <deque>
#include <vector>

#include "models/engine_controller.h"

class QComboBox;
class QLabel;

namespace regionlab::ui {

class KeyHeatmapWidget;
class MetricsPoller;

class KeyHeatmapPanel : public QWidget {
  Q_OBJECT

 public:
  // `controller` and `poller` are not owned and must outlive the panel.
  KeyHeatmapPanel(EngineController* controller, MetricsPoller* poller, QWidget* parent = nullptr);

  void setTable(const QString& table);
  QString table() const { return m_table; }
  KeyHeatmapWidget* heatmapWidget() const { return m_widget; }
  // True while the engine's metrics history is being fetched.
  bool isLoadingHistory() const { return m_loading; }
  // Draws `history` (oldest first) for the current table, then only what
  // addSourceSample() adds.
  void followSource(const std::deque<SamplePtr>& history);
  void addSourceSample(const SamplePtr& sample);
  // Back to the engine's samples (and its history of the current table).
  void followEngine();
  bool followsEngine() const { return !m_external; }

 private:
  void onSample(const SamplePtr& sample);
  void onHistory(const QString& table, const SampleListPtr& samples);
  void requestBackfill();
  void updateHeader();
  void beginSource();
  void refreshView();
  void addLive(const SamplePtr& sample);

  EngineController* m_controller;
  QString m_table;
  KeyHeatmapWidget* m_widget = nullptr;
  QLabel* m_header = nullptr;
  QComboBox* m_window = nullptr;
  bool m_loading = false;
  bool m_external = false;  // drawing another source's samples
  std::vector<SamplePtr> m_held;  // live samples that came while loading
};

}  // namespace regionlab::ui
