// SimulationRunner: the distribution simulator's background job. It resolves
// the region layout for each scheme (region_layout.h), then runs the
// engine's Simulate, or CompareSchemes for two schemes on the same workload,
// on a pool thread (not the engine worker: the simulation reads no engine
// state, and a second of it must not hold up samples, scans or the shell).
//
// Progress comes back as (done, total) over the whole job: the layout
// sampling and every simulated key. cancel() sets the flag the engine's
// progress callback returns, so a cancelled run stops within 65,536 keys
// and finishes with Outcome::Cancelled. Starting a new run cancels the one
// in flight; its result is dropped by generation.
//
// Thread-safety: UI thread only.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <atomic>
#include <memory>
#include <optional>

#include "models/region_layout.h"
#include "rowkey/scheme.h"
#include "rowkey/simulator.h"

namespace regionlab::ui {

struct SimulationRequest {
  regionlab::rowkey::RowkeyScheme a;
  bool compare = false;
  regionlab::rowkey::RowkeyScheme b;  // when compare
  regionlab::rowkey::Workload workload;  // the value models both schemes are fed
  LayoutSpec layout;                  // resolved for each scheme
  regionlab::rowkey::SimulationOptions options;  // progress is set by the runner
};

struct SimulationOutcome {
  enum class Status { Finished, Cancelled, Failed };
  quint64 generation = 0;
  Status status = Status::Failed;
  QString error;
  bool compare = false;
  regionlab::rowkey::DistributionReport a, b;
  QString layoutA, layoutB;  // describeLayout of each scheme's regions
  double engineSeconds = 0;  // Simulate's own time (both schemes when comparing)
  double wallSeconds = 0;    // from start() to the result on the UI thread
};
using SimulationOutcomePtr = std::shared_ptr<const SimulationOutcome>;

class SimulationRunner : public QObject {
  Q_OBJECT

 public:
  explicit SimulationRunner(QObject* parent = nullptr);
  ~SimulationRunner() override;

  // Starts a run (cancelling one in flight); emits started() now, progress()
  // while it runs and finished() once. Returns its generation.
  quint64 start(const SimulationRequest& request);
  void cancel();
  bool isRunning() const { return m_running; }
  quint64 generation() const { return m_generation; }
  SimulationOutcomePtr latest() const { return m_latest; }

 signals:
  void started(quint64 generation);
  void progress(quint64 generation, qint64 done, qint64 total, const QString& phase);
  void finished(const regionlab::ui::SimulationOutcomePtr& outcome);

 private:
  quint64 m_generation = 0;
  bool m_running = false;
  std::shared_ptr<std::atomic<bool>> m_cancel;
  QElapsedTimer m_clock;
  SimulationOutcomePtr m_latest;
};

}  // namespace regionlab::ui

Q_DECLARE_METATYPE(regionlab::ui::SimulationOutcomePtr)
