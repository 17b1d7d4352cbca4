#include "models/data_source.h"

#include "models/metrics_poller.h"

namespace regionlab::ui {

EmbeddedSource::EmbeddedSource(EngineController* controller, MetricsPoller* poller, QObject* parent)
    : DataSource(parent), m_controller(controller), m_poller(poller) {
  connect(poller, &MetricsPoller::sampleAdded, this, &DataSource::sampleReady);
  connect(controller, &EngineController::schemaReady, this, &DataSource::schemaReady);
  connect(controller, &EngineController::actionStarted, this, &DataSource::actionStarted);
  connect(controller, &EngineController::actionFinished, this, &DataSource::actionFinished);
}

QString EmbeddedSource::name() const { return tr("RegionLab (embedded)"); }

QString EmbeddedSource::unavailableReason(AdminAction) const {
  return m_controller->isOpen() ? QString() : tr("No data directory is open: File > Open data directory.");
}

QString EmbeddedSource::schemaEditUnavailableReason() const { return unavailableReason(AdminAction::Flush); }

SamplePtr EmbeddedSource::latestSample() const { return m_poller->latestSample(); }

void EmbeddedSource::runAdminAction(AdminAction action, const QString& target, const QString& argument) {
  m_controller->runAdminAction(action, target, argument);
}

}  // namespace regionlab::ui
