#include "ui/key_heatmap_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "models/format.h"
#include "models/metrics_poller.h"
#include "ui/key_heatmap_widget.h"

namespace regionlab::ui {

namespace {
// Live samples held while the history loads; more than this means the
// request is stuck behind a long job, and the oldest held ones go.
constexpr size_t kMaxHeld = 120;
}  // namespace

KeyHeatmapPanel::KeyHeatmapPanel(EngineController* controller, MetricsPoller* poller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  auto* bar = new QHBoxLayout;
  m_header = new QLabel(this);
  m_header->setTextFormat(Qt::PlainText);
  m_window = new QComboBox(this);
  for (int s : {60, 300, 900}) m_window->addItem(s < 120 ? tr("%1 s").arg(s) : tr("%1 min").arg(s / 60), s);
  m_window->setCurrentIndex(1);
  bar->addWidget(m_header, 1);
  bar->addWidget(new QLabel(tr("Window:"), this));
  bar->addWidget(m_window);
  layout->addLayout(bar);
  m_widget = new KeyHeatmapWidget(this);
  m_widget->setWindowSeconds(m_window->currentData().toInt());
  layout->addWidget(m_widget, 1);
  updateHeader();

  connect(m_window, &QComboBox::activated, this,
          [this](int i) { m_widget->setWindowSeconds(m_window->itemData(i).toInt()); });
  connect(poller, &MetricsPoller::sampleAdded, this, [this](const SamplePtr& s) {
    if (!m_external) onSample(s);
  });
  connect(controller, &EngineController::metricsHistoryReady, this, &KeyHeatmapPanel::onHistory);
  connect(controller, &EngineController::opened, this, [this] {
    if (m_external) return;
    m_widget->heatmap().setTable(m_table);
    requestBackfill();
  });
  connect(controller, &EngineController::closed, this, [this] {
    if (m_external) return;
    m_widget->heatmap().clear();
    m_loading = false;
    m_held.clear();
    m_widget->refresh();
  });
}

void KeyHeatmapPanel::setTable(const QString& table) {
  if (table == m_table) return;
  m_table = table;
  m_widget->heatmap().setTable(table);
  m_widget->refresh();
  requestBackfill();
  updateHeader();
}

void KeyHeatmapPanel::requestBackfill() {
  m_held.clear();
  m_loading = !m_external && !m_table.isEmpty() && m_controller->isOpen();
  if (m_loading) m_controller->requestMetricsHistory(m_table);
}

void KeyHeatmapPanel::onHistory(const QString& table, const SampleListPtr& samples) {
  if (!m_loading || table != m_table) return;  // an answer for a table no longer shown
  m_loading = false;
  KeyHeatmap& heatmap = m_widget->heatmap();
  heatmap.setTable(m_table);
  for (const auto& s : *samples) heatmap.addSample(s);
  for (const auto& s : m_held) heatmap.addSample(*s);  // older ones than the history are ignored
  m_held.clear();
  m_widget->refresh();
  updateHeader();
}

void KeyHeatmapPanel::onSample(const SamplePtr& sample) {
  if (m_table.isEmpty()) return;
  if (m_loading) {
    m_held.push_back(sample);
    if (m_held.size() > kMaxHeld) m_held.erase(m_held.begin());
    return;
  }
  addLive(sample);
}

void KeyHeatmapPanel::addLive(const SamplePtr& sample) {
  if (m_widget->heatmap().addSample(*sample)) refreshView();
}

void KeyHeatmapPanel::refreshView() {
  m_widget->refresh();
  updateHeader();
}

void KeyHeatmapPanel::beginSource() {
  m_external = true;
  m_loading = false;
  m_held.clear();
  m_widget->heatmap().clear();
  m_widget->heatmap().setTable(m_table);
}

void KeyHeatmapPanel::followSource(const std::deque<SamplePtr>& history) {
  beginSource();
  for (const SamplePtr& s : history) m_widget->heatmap().addSample(*s);
  refreshView();
}

void KeyHeatmapPanel::addSourceSample(const SamplePtr& sample) {
  if (m_external && !m_table.isEmpty()) addLive(sample);
}

void KeyHeatmapPanel::followEngine() {
  if (!m_external) return;
  m_external = false;
  m_widget->heatmap().clear();
  m_widget->heatmap().setTable(m_table);
  refreshView();
  requestBackfill();
}

void KeyHeatmapPanel::updateHeader() {
  const KeyHeatmap& h = m_widget->heatmap();
  if (m_table.isEmpty()) {
    m_header->setText(tr("No table chosen"));
    return;
  }
  m_header->setText(tr("Writes per second over the key space of %1: %2 key buckets, %3 columns "
                       "(region boundaries drawn in)")
                        .arg(m_table)
                        .arg(formatCount(h.bucketCount()))
                        .arg(formatCount(h.columnCount())));
}

}  // namespace regionlab::ui
