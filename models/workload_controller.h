// WorkloadController: runs the workload panel's loads and YCSB mixes with
// the engine's WorkloadRunner, beside the engine worker.
//
// start() validates the form and posts one job to the worker, in this
// controller's worker slot (EngineController::runInSlot): it reads the
// scheme (example, catalog or file), creates the runner on the open cluster
// and starts its threads, then returns — the worker is free again at once;
// the runner's own threads do the work. The slot keeps the runner, so a data
// directory that closes (or a reopen, or the window going away) destroys the
// slot before the cluster closes, and that cancels the run and joins its
// threads first.
//
// The UI thread keeps a reference to the runner too, for pause, resume and
// cancel (flags, non-blocking) and for its progress snapshot, which a timer
// reads a few times a second (a snapshot is a copy of atomics: no engine
// lock, no worker round trip). The current rate is taken from the snapshots
// of about the last second.
//
// Thread-safety: UI thread only.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <atomic>
#include <deque>
#include <memory>

#include "models/engine_controller.h"
#include "models/workload_form.h"
#include "workload/workload_runner.h"

namespace regionlab::ui {

class WorkloadController : public QObject {
  Q_OBJECT

 public:
  // Idle: nothing started yet. Starting: the worker is reading the scheme
  // and creating the runner. Then the runner's own states.
  enum class State { Idle, Starting, Running, Paused, Finished, Failed, Cancelled };
  Q_ENUM(State)

  explicit WorkloadController(EngineController* controller, QObject* parent = nullptr);
  ~WorkloadController() override;

  // Starts a run unless one is active; returns the form's problems (empty
  // when the run was posted). Emits started() once the runner runs, or
  // finished(Failed, reason) when it could not be created.
  QList<WorkloadFieldError> start(const WorkloadForm& form);
  void pause();
  void resume();
  // Cancels the active run; finished(Cancelled) follows.
  void cancel();

  State state() const { return m_state; }
  bool isActive() const {
    return m_state == State::Starting || m_state == State::Running || m_state == State::Paused;
  }
  QString table() const { return m_table; }
  const regionlab::workload::WorkloadProgress& progress() const { return m_progress; }
  // Operations (load puts and run operations) per second over about the last second.
  double currentRate() const { return m_rate; }
  // The outcome's text once finished ("" before).
  QString message() const { return m_message; }

  void setPollIntervalMs(int ms) { m_poll.setInterval(ms); }
  int pollIntervalMs() const { return m_poll.interval(); }
  // Asks the worker for the schemes saved in the catalog; emits savedSchemesReady.
  void refreshSavedSchemes();

  static QString stateName(State state);

 signals:
  void stateChanged(regionlab::ui::WorkloadController::State state);
  void started(const QString& table);
  // After each poll while a run is active (and once more when it ends).
  void progressChanged();
  void finished(regionlab::ui::WorkloadController::State state, const QString& message);
  void savedSchemesReady(const QStringList& names);

 private:
  void onStarted(std::shared_ptr<regionlab::workload::WorkloadRunner> runner);
  void onStartFailed(const QString& error);
  void poll();
  void finish(State state, const QString& message);
  void setState(State state);
  void onDirectoryChanged();
  QString outcomeText(regionlab::workload::RunState state) const;

  QPointer<EngineController> m_controller;
  int m_slot = 0;
  State m_state = State::Idle;
  QString m_table;
  quint64 m_controllerGeneration = 0;                    // the data directory the run writes to
  std::shared_ptr<std::atomic<bool>> m_cancelRequested;  // read by the start job
  std::shared_ptr<regionlab::workload::WorkloadRunner> m_runner;
  regionlab::workload::WorkloadProgress m_progress;
  QTimer m_poll;
  QElapsedTimer m_clock;
  std::deque<std::pair<qint64, uint64_t>> m_recent;  // (ms, done) of recent polls
  double m_rate = 0;
  QString m_message;
  bool m_directoryClosed = false;  // the run ended because its data directory went away
};

}  // namespace regionlab::ui

Q_DECLARE_METATYPE(regionlab::ui::WorkloadController::State)
