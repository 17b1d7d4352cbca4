// StorageEstimator: the create-table form's storage estimate as a
// background job. It runs the engine's EstimateStorage (engine/rowkey/
// storage_estimate.h: real store files of the scheme's sample rows, every
// COMPRESSION x DATA_BLOCK_ENCODING pair, sizes and measured speeds) on a
// pool thread -- not the engine worker, since it reads no engine state and
// its seconds must not hold up samples or the shell -- in a temporary
// directory of its own.
//
// progress() reports (pairs done, pairs); cancel() sets the flag the
// engine's progress callback returns, so a cancelled run stops before its
// next pair and ends with Outcome::Cancelled. Starting a new run cancels the
// one in flight; its result is dropped by generation.
//
// Thread-safety: UI thread only.
#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <vector>

#include "rowkey/scheme.h"
#include "rowkey/storage_estimate.h"

namespace regionlab::ui {

struct EstimateOutcome {
  enum class Status { Finished, Cancelled, Failed };
  quint64 generation = 0;
  Status status = Status::Failed;
  QString error;
  QString scheme;  // the scheme's name
  regionlab::rowkey::EstimateOptions options;  // as run (progress and temp_dir cleared)
  std::vector<regionlab::rowkey::EstimateResult> results;
  double seconds = 0;
};
using EstimateOutcomePtr = std::shared_ptr<const EstimateOutcome>;

class StorageEstimator : public QObject {
  Q_OBJECT

 public:
  explicit StorageEstimator(QObject* parent = nullptr);
  ~StorageEstimator() override;

  // Starts a run of `scheme` (cancelling one in flight); emits progress()
  // while it runs and finished() once. Returns its generation.
  quint64 start(const regionlab::rowkey::RowkeyScheme& scheme,
                regionlab::rowkey::EstimateOptions options);
  void cancel();
  bool isRunning() const { return m_running; }
  EstimateOutcomePtr latest() const { return m_latest; }

 signals:
  void progress(quint64 generation, int done, int total);
  void finished(const regionlab::ui::EstimateOutcomePtr& outcome);

 private:
  quint64 m_generation = 0;
  bool m_running = false;
  std::shared_ptr<std::atomic<bool>> m_cancel;
  EstimateOutcomePtr m_latest;
};

}  // namespace regionlab::ui

Q_DECLARE_METATYPE(regionlab::ui::EstimateOutcomePtr)
