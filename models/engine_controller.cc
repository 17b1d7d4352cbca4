#include "models/engine_controller.h"

#include <QMetaObject>
#include <map>

namespace regionlab::ui {

QString adminActionName(AdminAction action) {
  switch (action) {
    case AdminAction::Flush: return QStringLiteral("Flush");
    case AdminAction::Compact: return QStringLiteral("Compact");
    case AdminAction::MajorCompact: return QStringLiteral("Major compact");
    case AdminAction::Split: return QStringLiteral("Split");
    case AdminAction::Enable: return QStringLiteral("Enable");
    case AdminAction::Disable: return QStringLiteral("Disable");
    case AdminAction::Truncate: return QStringLiteral("Truncate");
    case AdminAction::Drop: return QStringLiteral("Drop");
    case AdminAction::Merge: return QStringLiteral("Merge");
    case AdminAction::Move: return QStringLiteral("Move");
  }
  return QString();
}

bool adminActionDestroysData(AdminAction action) {
  return action == AdminAction::Truncate || action == AdminAction::Drop;
}

// The worker thread's side: the open cluster. Only the worker touches it.
struct EngineController::WorkerState {
  std::unique_ptr<regionlab::Cluster> cluster;
  std::map<int, WorkerSlot> clients;  // clients' resources; emptied before the cluster closes

  void close() {
    clients.clear();
    if (!cluster) return;
    cluster->SetEventListener({});
    // Close writes each error to the data directory's LOG (the Engine log
    // dock shows it); the cluster is gone either way.
    (void)cluster->Close();
    cluster.reset();
  }
};

namespace {

QString toText(const regionlab::Status& s) { return QString::fromStdString(s.ToString()); }

regionlab::Status runAction(regionlab::Admin& admin, AdminAction action, const std::string& target,
                            const std::string& argument) {
  switch (action) {
    case AdminAction::Flush: return admin.Flush(target);
    case AdminAction::Compact: return admin.Compact(target, false);
    case AdminAction::MajorCompact: return admin.Compact(target, true);
    case AdminAction::Split: return admin.Split(target);
    case AdminAction::Enable: return admin.EnableTable(target);
    case AdminAction::Disable: return admin.DisableTable(target);
    case AdminAction::Truncate: return admin.TruncateTable(target, /*preserve_splits=*/true);
    case AdminAction::Drop: {
      auto enabled = admin.IsTableEnabled(target);
      if (!enabled.ok()) return enabled.status();
      if (*enabled) RL_RETURN_IF_ERROR(admin.DisableTable(target));
      return admin.DeleteTable(target);
    }
    case AdminAction::Merge: return admin.MergeRegions(target, argument);
    case AdminAction::Move: return admin.Move(target, argument);
  }
  return regionlab::Status::InvalidArgument("unknown admin action");
}

}  // namespace

EngineController::EngineController(QObject* parent)
    : QObject(parent), m_state(std::make_shared<WorkerState>()) {
  qRegisterMetaType<SamplePtr>();
  qRegisterMetaType<SchemaPtr>();
  qRegisterMetaType<HistoryPtr>();
  qRegisterMetaType<SampleListPtr>();
  qRegisterMetaType<regionlab::ClusterEvent>();
  m_thread.setObjectName(QStringLiteral("regionlab-engine"));
  m_worker = new QObject;
  m_worker->moveToThread(&m_thread);
  connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
  m_thread.start();
}

EngineController::~EngineController() {
  auto state = m_state;
  QThread* thread = &m_thread;
  post([state, thread] {
    state->close();
    thread->quit();
  });
  m_thread.wait();
}

void EngineController::post(std::function<void()> fn) {
  QMetaObject::invokeMethod(m_worker, std::move(fn), Qt::QueuedConnection);
}

void EngineController::reply(quint64 generation, std::function<void()> fn) {
  QMetaObject::invokeMethod(
      this,
      [this, generation, fn = std::move(fn)] {
        if (generation != m_generation) {
          ++m_droppedReplies;
          return;
        }
        fn();
      },
      Qt::QueuedConnection);
}

void EngineController::openDataDirectory(const QString& dir, int regionServers) {
  const quint64 gen = ++m_generation;
  m_open = false;
  m_dataDirectory = dir;
  auto state = m_state;
  post([this, state, gen, dir, regionServers] {
    state->close();
    regionlab::ClusterOptions options;
    options.region_servers = std::max(1, regionServers);
    regionlab::ClusterOpenReport report;
    auto result = regionlab::Cluster::Open(dir.toStdString(), options, &report);
    if (!result.ok()) {
      const bool inUse = result.status().IsBusy();
      const QString error =
          inUse ? QString::fromStdString(result.status().message()) : toText(result.status());
      reply(gen, [this, dir, error, inUse] { emit openFailed(dir, error, inUse); });
      return;
    }
    state->cluster = std::move(result).value();
    // Engine thread: copy the event and hand it to the UI thread; never block here.
    state->cluster->SetEventListener([this, gen](const regionlab::ClusterEvent& e) {
      reply(gen, [this, e] { emit clusterEvent(e); });
    });
    QStringList notes;
    if (report.wal_entries_split > 0)
      notes << tr("Recovered %1 WAL entries from the previous run").arg(report.wal_entries_split);
    for (const auto& op : report.operations_recovered) notes << QString::fromStdString(op);
    for (const auto& p : report.problems) notes << QString::fromStdString(p);
    QStringList warnings;
    for (const auto& w : report.warnings) warnings << QString::fromStdString(w);
    reply(gen, [this, dir, notes, warnings] {
      m_open = true;
      emit opened(dir, notes, warnings);
    });
  });
}

void EngineController::closeDataDirectory() {
  const quint64 gen = ++m_generation;
  m_open = false;
  m_dataDirectory.clear();
  auto state = m_state;
  post([this, state, gen] {
    state->close();
    reply(gen, [this] { emit closed(); });
  });
}

void EngineController::requestSample() {
  const quint64 gen = m_generation;
  ++m_pendingSamples;
  auto state = m_state;
  post([this, state, gen] {
    SamplePtr sample;
    if (state->cluster) sample = std::make_shared<regionlab::ClusterSample>(state->cluster->SampleNow());
    QMetaObject::invokeMethod(
        this,
        [this, gen, sample] {
          --m_pendingSamples;
          if (gen != m_generation) {
            ++m_droppedReplies;
            return;
          }
          if (sample) emit sampleReady(sample);
        },
        Qt::QueuedConnection);
  });
}

void EngineController::requestSchema() {
  const quint64 gen = m_generation;
  auto state = m_state;
  post([this, state, gen] {
    if (!state->cluster) return;
    auto schema = std::make_shared<SchemaSnapshot>();
    regionlab::Admin& admin = state->cluster->admin();
    auto namespaces = admin.ListNamespaces();
    auto tables = admin.ListTables();
    if (!namespaces.ok() || !tables.ok()) {
      const QString error = toText(!namespaces.ok() ? namespaces.status() : tables.status());
      reply(gen, [this, error] { emit actionFinished(tr("List tables"), false, error); });
      return;
    }
    schema->namespaces = std::move(namespaces).value();
    schema->tables = std::move(tables).value();
    SchemaPtr result = schema;
    reply(gen, [this, result] { emit schemaReady(result); });
  });
}

void EngineController::releaseSlot(int slot) {
  auto state = m_state;
  post([state, slot] { state->clients.erase(slot); });
}

void EngineController::runInSlot(int slot, std::function<void(regionlab::Cluster*, WorkerSlot&)> work) {
  auto state = m_state;
  post([state, slot, work = std::move(work)] {
    if (slot == kNoSlot) {
      WorkerSlot none;
      work(state->cluster.get(), none);
      return;
    }
    work(state->cluster.get(), state->clients[slot]);
  });
}

void EngineController::runAdminAction(AdminAction action, const QString& target,
                                      const QString& argument) {
  QString description = QStringLiteral("%1 %2").arg(adminActionName(action), target);
  if (action == AdminAction::Merge) description += tr(" with %1").arg(argument);
  if (action == AdminAction::Move) description += tr(" to %1").arg(argument);
  runJob(description, [action, target, argument](regionlab::Cluster* cluster) -> QString {
    if (cluster == nullptr) return tr("no data directory is open");
    regionlab::Status s =
        runAction(cluster->admin(), action, target.toStdString(), argument.toStdString());
    return s.ok() ? QString() : toText(s);
  });
}

void EngineController::requestHistory(const QString& table) {
  const quint64 gen = m_generation;
  auto state = m_state;
  post([this, state, gen, table] {
    auto snapshot = std::make_shared<HistorySnapshot>();
    snapshot->table = table;
    if (!state->cluster) {
      snapshot->error = tr("no data directory is open");
    } else {
      regionlab::Admin& admin = state->cluster->admin();
      auto history = admin.GetHistory(table.toStdString());
      auto regions = admin.ListRegions(table.toStdString());
      if (!history.ok() || !regions.ok()) {
        snapshot->error = toText(!history.ok() ? history.status() : regions.status());
      } else {
        snapshot->history = std::move(history).value();
        snapshot->regions = std::move(regions).value();
        for (auto& r : snapshot->regions) r.metrics.stores.clear();  // not shown; keeps the copy small
      }
    }
    HistoryPtr result = snapshot;
    reply(gen, [this, result] { emit historyReady(result); });
  });
}

void EngineController::requestMetricsHistory(const QString& table) {
  const quint64 gen = m_generation;
  auto state = m_state;
  post([this, state, gen, table] {
    auto samples = std::make_shared<std::vector<regionlab::ClusterSample>>();
    if (state->cluster) {
      const std::string name = table.toStdString();
      for (regionlab::ClusterSample& s : state->cluster->MetricsHistory()) {
        regionlab::ClusterSample cut;
        cut.time_ms = s.time_ms;
        for (regionlab::RegionInfo& r : s.regions) {
          if (r.table != name) continue;
          r.metrics.stores.clear();
          cut.regions.push_back(std::move(r));
        }
        samples->push_back(std::move(cut));
      }
    }
    SampleListPtr result = samples;
    reply(gen, [this, table, result] { emit metricsHistoryReady(table, result); });
  });
}

void EngineController::runJob(const QString& description,
                              std::function<QString(regionlab::Cluster*)> work,
                              std::function<void(const QString&)> done) {
  const quint64 gen = m_generation;
  emit actionStarted(description);
  auto state = m_state;
  post([this, state, gen, description, work = std::move(work), done = std::move(done)] {
    const QString error = work(state->cluster.get());
    reply(gen, [this, description, error, done] {
      emit actionFinished(description, error.isEmpty(), error.isEmpty() ? tr("done") : error);
      if (done) done(error);
      requestSchema();
    });
  });
}

}  // namespace regionlab::ui
