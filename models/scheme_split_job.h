// SchemeSplitJob: split keys of a rowkey scheme for the create-table form —
// quantiles of keys sampled over the planned run (SampledSplitKeys, note
// 004's split calculator) or the buckets of a leading salt (SaltSplitKeys) —
// computed on a thread-pool thread, so the form stays responsive while a
// million keys are drawn.
//
// Each start() supersedes the job before it: that one is cancelled and its
// result dropped, so finished() always answers the latest request. Progress
// arrives a few dozen times per job. Destroying the object cancels the job;
// the pool thread then stops at its next progress check.
//
// Thread-safety: use from the thread that created it.
#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "rowkey/scheme.h"

namespace regionlab::ui {

class SchemeSplitJob : public QObject {
  Q_OBJECT

 public:
  enum class Method { Quantiles, SaltBuckets };

  struct Request {
    regionlab::rowkey::RowkeyScheme scheme;
    Method method = Method::Quantiles;
    int regions = 16;
    quint64 plannedKeys = 1000000;  // the run the table is sized for
    quint64 sampleKeys = 100000;    // keys kept from it
  };

  explicit SchemeSplitJob(QObject* parent = nullptr);
  ~SchemeSplitJob() override;

  void start(const Request& request);
  // Drops the running job (no finished() for it).
  void cancel();
  bool isRunning() const { return m_running; }

 signals:
  void progress(quint64 done, quint64 total);
  // `keys` sorted and unique; `error` empty on success. `seconds`: the job's time.
  void finished(const std::vector<std::string>& keys, const QString& error, double seconds);

 private:
  void deliver(quint64 generation, const std::vector<std::string>& keys, const QString& error,
               double seconds);

  quint64 m_generation = 0;
  std::shared_ptr<std::atomic<bool>> m_cancel;
  bool m_running = false;
};

}  // namespace regionlab::ui
