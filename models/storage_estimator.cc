#include "models/storage_estimator.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QTemporaryDir>

#include "models/background_job.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

StorageEstimator::StorageEstimator(QObject* parent)
    : QObject(parent), m_cancel(std::make_shared<std::atomic<bool>>(false)) {
  qRegisterMetaType<EstimateOutcomePtr>();
}

StorageEstimator::~StorageEstimator() { m_cancel->store(true); }

void StorageEstimator::cancel() {
  if (m_running) m_cancel->store(true);
}

quint64 StorageEstimator::start(const rk::RowkeyScheme& scheme, rk::EstimateOptions options) {
  m_cancel->store(true);  // a run in flight stops before its next pair
  m_cancel = std::make_shared<std::atomic<bool>>(false);
  const quint64 gen = ++m_generation;
  m_running = true;
  auto cancel = m_cancel;
  QPointer<StorageEstimator> self(this);
  auto report = [self, gen](int done, int total) {
    postToApplicationThread([self, gen, done, total] {
      if (self && self->m_running && self->m_generation == gen) emit self->progress(gen, done, total);
    });
  };
  runInBackground<EstimateOutcome>(
      this,
      [scheme, options, cancel, gen, report]() mutable {
        EstimateOutcome out;
        out.generation = gen;
        out.scheme = QString::fromStdString(scheme.name);
        QElapsedTimer clock;
        clock.start();
        QTemporaryDir dir;
        if (!dir.isValid()) {
          out.error = QObject::tr("cannot make a temporary directory: %1").arg(dir.errorString());
          return out;
        }
        options.temp_dir = dir.path().toStdString();
        options.progress = [&](size_t done, size_t total) {
          report(static_cast<int>(done), static_cast<int>(total));
          return !cancel->load();
        };
        auto results = rk::EstimateStorage(scheme, options);
        options.progress = nullptr;
        options.temp_dir.clear();
        out.options = options;
        out.seconds = clock.elapsed() / 1000.0;
        if (results.ok()) {
          out.status = EstimateOutcome::Status::Finished;
          out.results = std::move(results).value();
        } else if (results.status().IsAborted() || cancel->load()) {
          out.status = EstimateOutcome::Status::Cancelled;
        } else {
          out.error = QString::fromStdString(results.status().message());
        }
        return out;
      },
      [self, gen](EstimateOutcome out) {
        if (!self || self->m_generation != gen) return;  // replaced by a newer run
        self->m_running = false;
        auto shared = std::make_shared<const EstimateOutcome>(std::move(out));
        self->m_latest = shared;
        emit self->finished(shared);
      });
  return gen;
}

}  // namespace regionlab::ui
