#include "models/scheme_split_job.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QThreadPool>

#include "rowkey/key_encoder.h"
#include "rowkey/split_calculators.h"

namespace regionlab::ui {

namespace {

using regionlab::rowkey::KeyEncoder;

// Runs `fn` on the application's thread; `fn` checks itself whether its
// receiver still exists.
template <typename F>
void postToApp(F fn) {
  QMetaObject::invokeMethod(QCoreApplication::instance(), std::move(fn), Qt::QueuedConnection);
}

}  // namespace

SchemeSplitJob::SchemeSplitJob(QObject* parent) : QObject(parent) {}

SchemeSplitJob::~SchemeSplitJob() { cancel(); }

void SchemeSplitJob::cancel() {
  if (m_cancel) m_cancel->store(true);
  m_cancel.reset();
  ++m_generation;
  m_running = false;
}

void SchemeSplitJob::start(const Request& request) {
  cancel();
  const quint64 generation = m_generation;
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  m_cancel = cancelled;
  m_running = true;
  QPointer<SchemeSplitJob> self(this);
  QThreadPool::globalInstance()->start([self, request, generation, cancelled] {
    QElapsedTimer timer;
    timer.start();
    std::vector<std::string> keys;
    QString error;
    auto encoder = KeyEncoder::Create(request.scheme);
    if (!encoder.ok()) {
      error = QString::fromStdString(encoder.status().message());
    } else if (request.method == Method::SaltBuckets) {
      auto result = regionlab::rowkey::SaltSplitKeys(*encoder, request.regions);
      if (result.ok()) keys = std::move(result).value();
      else error = QString::fromStdString(result.status().message());
    } else {
      regionlab::rowkey::SampleOptions options;
      options.planned_keys = std::max(request.plannedKeys, request.sampleKeys);
      options.sample = request.sampleKeys;
      quint64 lastReported = 0;
      const quint64 step = std::max<quint64>(1, options.planned_keys / 40);
      options.progress = [&](uint64_t done, uint64_t total) {
        if (cancelled->load()) return false;
        if (done >= lastReported + step) {
          lastReported = done;
          postToApp([self, generation, done, total] {
            if (self && self->m_generation == generation) emit self->progress(done, total);
          });
        }
        return true;
      };
      auto result = regionlab::rowkey::SampledSplitKeys(*encoder, request.scheme.workload,
                                                        request.regions, options);
      if (result.ok()) keys = std::move(result).value();
      else error = QString::fromStdString(result.status().message());
    }
    if (cancelled->load()) return;
    const double seconds = timer.nsecsElapsed() / 1e9;
    postToApp([self, generation, keys = std::move(keys), error, seconds] {
      if (self) self->deliver(generation, keys, error, seconds);
    });
  });
}

void SchemeSplitJob::deliver(quint64 generation, const std::vector<std::string>& keys,
                             const QString& error, double seconds) {
  if (generation != m_generation) return;  // superseded or cancelled
  m_running = false;
  m_cancel.reset();
  emit finished(keys, error, seconds);
}

}  // namespace regionlab::ui
