#include "models/workload_controller.h"

#include <fstream>
#include <sstream>

#include "models/format.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "rowkey/scheme_store.h"

namespace regionlab::ui {

using regionlab::workload::RunState;
using regionlab::workload::WorkloadRunner;

namespace {

constexpr int kDefaultPollMs = 250;
constexpr qint64 kRateWindowMs = 1000;

QString toText(const regionlab::Status& s) { return QString::fromStdString(s.ToString()); }

// The runner in the controller's worker slot. The slot is destroyed on the
// worker before the cluster closes, so the run is cancelled and its threads
// are done with the cluster by then.
struct RunnerSlot final : WorkerResource {
  explicit RunnerSlot(std::shared_ptr<WorkloadRunner> r) : runner(std::move(r)) {}
  ~RunnerSlot() override {
    runner->Cancel();
    (void)runner->Wait();
  }
  std::shared_ptr<WorkloadRunner> runner;
};

regionlab::Result<regionlab::rowkey::RowkeyScheme> readScheme(regionlab::Cluster* cluster,
                                                              SchemeSource source,
                                                              const std::string& name) {
  switch (source) {
    case SchemeSource::Example:
      return regionlab::rowkey::ExampleScheme(name);
    case SchemeSource::Catalog:
      return regionlab::rowkey::LoadScheme(cluster->admin(), name);
    case SchemeSource::File: {
      std::ifstream in(name, std::ios::binary);
      if (!in) return regionlab::Status::IOError("cannot read the scheme file " + name);
      std::ostringstream text;
      text << in.rdbuf();
      return regionlab::rowkey::ParseSchemeJson(text.str(), name);
    }
  }
  return regionlab::Status::InvalidArgument("unknown scheme source");
}

WorkloadController::State stateOf(RunState s) {
  switch (s) {
    case RunState::kReady:
      return WorkloadController::State::Starting;
    case RunState::kRunning:
      return WorkloadController::State::Running;
    case RunState::kPaused:
      return WorkloadController::State::Paused;
    case RunState::kFinished:
      return WorkloadController::State::Finished;
    case RunState::kFailed:
      return WorkloadController::State::Failed;
    case RunState::kCancelled:
      return WorkloadController::State::Cancelled;
  }
  return WorkloadController::State::Failed;
}

}  // namespace

WorkloadController::WorkloadController(EngineController* controller, QObject* parent)
    : QObject(parent), m_controller(controller) {
  qRegisterMetaType<State>();
  m_slot = controller->allocateSlot();
  m_poll.setInterval(kDefaultPollMs);
  connect(&m_poll, &QTimer::timeout, this, &WorkloadController::poll);
  // A run cannot outlive its data directory (the worker cancels it when the
  // slot goes); report it as such.
  connect(controller, &EngineController::opened, this, &WorkloadController::onDirectoryChanged);
  connect(controller, &EngineController::closed, this, &WorkloadController::onDirectoryChanged);
  connect(controller, &EngineController::openFailed, this, &WorkloadController::onDirectoryChanged);
}

WorkloadController::~WorkloadController() {
  if (m_cancelRequested) m_cancelRequested->store(true);
  if (m_runner) m_runner->Cancel();
  if (m_controller) m_controller->releaseSlot(m_slot);
}

QString WorkloadController::stateName(State state) {
  switch (state) {
    case State::Idle:
      return tr("Idle");
    case State::Starting:
      return tr("Starting");
    case State::Running:
      return tr("Running");
    case State::Paused:
      return tr("Paused");
    case State::Finished:
      return tr("Finished");
    case State::Failed:
      return tr("Failed");
    case State::Cancelled:
      return tr("Cancelled");
  }
  return QString();
}

QList<WorkloadFieldError> WorkloadController::start(const WorkloadForm& form) {
  if (isActive()) return {{WorkloadField::Table, tr("A run is in progress; cancel it first")}};
  QList<WorkloadFieldError> errors = validateWorkloadForm(form);
  if (!errors.isEmpty()) return errors;
  if (!m_controller || !m_controller->isOpen())
    return {{WorkloadField::Table, tr("Open a data directory first")}};

  const regionlab::workload::WorkloadOptions options = workloadOptions(form);
  m_table = form.table.trimmed();
  m_progress = {};
  m_progress.rows = options.rows;
  m_progress.operations = options.operations;
  m_message.clear();
  m_recent.clear();
  m_rate = 0;
  m_directoryClosed = false;
  m_runner.reset();
  m_cancelRequested = std::make_shared<std::atomic<bool>>(false);
  m_controllerGeneration = m_controller->generation();
  setState(State::Starting);

  EngineController* controller = m_controller;
  const quint64 gen = m_controllerGeneration;
  const SchemeSource source = form.schemeSource;
  const std::string schemeName = form.scheme.trimmed().toStdString();
  auto cancel = m_cancelRequested;
  QPointer<WorkloadController> self(this);
  controller->runInSlot(m_slot, [=](regionlab::Cluster* cluster, WorkerSlot& slot) {
    slot.reset();  // the previous run's runner (it has ended)
    auto fail = [&](const QString& error) {
      controller->postReply(gen, [self, error] {
        if (self) self->onStartFailed(error);
      });
    };
    if (cluster == nullptr) return fail(tr("no data directory is open"));
    auto scheme = readScheme(cluster, source, schemeName);
    if (!scheme.ok()) return fail(toText(scheme.status()));
    regionlab::workload::WorkloadOptions withScheme = options;
    withScheme.scheme = std::move(scheme).value();
    auto created = WorkloadRunner::Create(cluster, std::move(withScheme));
    if (!created.ok()) return fail(toText(created.status()));
    std::shared_ptr<WorkloadRunner> runner = std::move(created).value();
    if (cancel->load()) {
      controller->postReply(gen, [self] {
        if (self) self->finish(State::Cancelled, tr("Cancelled before it started"));
      });
      return;
    }
    const regionlab::Status started = runner->Start();
    if (!started.ok()) return fail(toText(started));
    slot = std::make_unique<RunnerSlot>(runner);
    controller->postReply(gen, [self, runner] {
      if (self)
        self->onStarted(runner);
      else
        runner->Cancel();
    });
  });
  return {};
}

void WorkloadController::onStarted(std::shared_ptr<WorkloadRunner> runner) {
  if (m_state != State::Starting) {  // ended meanwhile (its directory closed)
    runner->Cancel();
    return;
  }
  m_runner = std::move(runner);
  if (m_cancelRequested->load()) m_runner->Cancel();
  m_clock.start();
  setState(State::Running);
  emit started(m_table);
  m_poll.start();
  poll();
}

void WorkloadController::onStartFailed(const QString& error) {
  if (m_state == State::Starting) finish(State::Failed, tr("Could not start: %1").arg(error));
}

void WorkloadController::pause() {
  if (!m_runner || m_state != State::Running) return;
  m_runner->Pause();
  poll();
}

void WorkloadController::resume() {
  if (!m_runner || m_state != State::Paused) return;
  m_runner->Resume();
  poll();
}

void WorkloadController::cancel() {
  if (m_state == State::Starting) {
    m_cancelRequested->store(true);  // the start job (or onStarted) cancels it
    return;
  }
  if (!m_runner || !isActive()) return;
  m_runner->Cancel();
  poll();
}

void WorkloadController::poll() {
  if (!m_runner) return;
  m_progress = m_runner->Snapshot();
  const qint64 now = m_clock.elapsed();
  const uint64_t done = m_progress.Done();
  m_recent.emplace_back(now, done);
  while (m_recent.size() > 2 && now - m_recent[1].first >= kRateWindowMs) m_recent.pop_front();
  if (m_progress.state == RunState::kPaused) {
    // Nothing runs while paused; and the last-second window starts afresh on
    // resume, so the paused time never dilutes the rate after it (the
    // phase's average, in the finished message, leaves pauses out too).
    m_recent.clear();
    m_rate = 0;
  } else {
    const auto& [then, doneThen] = m_recent.front();
    if (now > then)
      m_rate = static_cast<double>(done - doneThen) * 1000.0 / static_cast<double>(now - then);
  }
  if (m_progress.Ended()) {
    m_poll.stop();
    m_rate = m_progress.ops_per_second;
    emit progressChanged();
    m_runner.reset();
    finish(stateOf(m_progress.state), outcomeText(m_progress.state));
    return;
  }
  setState(stateOf(m_progress.state));
  emit progressChanged();
}

QString WorkloadController::outcomeText(RunState state) const {
  const auto& p = m_progress;
  QString text;
  switch (state) {
    case RunState::kFinished: {
      const auto rate = [](uint64_t n, double seconds) {
        return formatCount(seconds > 0 ? static_cast<uint64_t>(static_cast<double>(n) / seconds)
                                       : 0);
      };
      text = tr("Loaded %1 rows in %2 s (%3 rows/s)")
                 .arg(formatCount(p.rows_done))
                 .arg(p.load_seconds, 0, 'f', 1)
                 .arg(rate(p.rows_done, p.load_seconds));
      if (p.operations > 0)
        text += tr(", then ran %1 operations in %2 s (%3 ops/s)")
                    .arg(formatCount(p.operations_done))
                    .arg(p.phase_seconds, 0, 'f', 1)
                    .arg(rate(p.operations_done, p.phase_seconds));
      if (p.collisions > 0)
        text += tr("; %1 key collisions: rows whose put overwrote an earlier row of this run")
                    .arg(formatCount(p.collisions));
      if (p.errors > 0)
        text += tr("; %1 failed, the first: %2")
                    .arg(formatCount(p.errors), QString::fromStdString(p.first_error));
      return text;
    }
    case RunState::kFailed:
      return tr("Failed after %1 of %2 operations (%3 errors): %4")
          .arg(formatCount(p.Done()), formatCount(p.Total()), formatCount(p.errors),
               QString::fromStdString(p.first_error));
    case RunState::kCancelled:
      // The poll can see the run the closing cancelled before closed() arrives;
      // the controller's generation has moved on from the moment it was asked.
      if (m_directoryClosed || (m_controller && m_controller->generation() != m_controllerGeneration))
        return tr("Cancelled: the data directory was closed");
      return tr("Cancelled after %1 of %2 operations")
          .arg(formatCount(p.Done()), formatCount(p.Total()));
    default:
      return QString();
  }
}

void WorkloadController::finish(State state, const QString& message) {
  m_poll.stop();
  m_message = message;
  setState(state);
  emit finished(state, message);
}

void WorkloadController::setState(State state) {
  if (state == m_state) return;
  m_state = state;
  emit stateChanged(state);
}

void WorkloadController::onDirectoryChanged() {
  if (!isActive() || !m_controller || m_controller->generation() == m_controllerGeneration) return;
  m_directoryClosed = true;
  if (m_state == State::Starting) {
    finish(State::Failed, tr("The data directory was closed before the run started"));
    return;
  }
  poll();  // the worker cancelled the run before it closed the directory
}

void WorkloadController::refreshSavedSchemes() {
  if (!m_controller || !m_controller->isOpen()) {
    emit savedSchemesReady({});
    return;
  }
  EngineController* controller = m_controller;
  const quint64 gen = controller->generation();
  QPointer<WorkloadController> self(this);
  controller->runInSlot(EngineController::kNoSlot, [=](regionlab::Cluster* cluster, WorkerSlot&) {
    QStringList names;
    if (cluster != nullptr) {
      auto saved = regionlab::rowkey::ListSavedSchemes(cluster->admin());
      if (saved.ok())
        for (const std::string& n : *saved) names << QString::fromStdString(n);
    }
    controller->postReply(gen, [self, names] {
      if (self) emit self->savedSchemesReady(names);
    });
  });
}

}  // namespace regionlab::ui
