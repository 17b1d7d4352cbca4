#include "models/engine_controller.h"

#include <QDateTime>
#include <QMetaObject>
#include <map>

#include "models/binary_text.h"
#include "models/format.h"

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
    case AdminAction::Snapshot: return QStringLiteral("Snapshot");
    case AdminAction::CloneSnapshot: return QStringLiteral("Clone snapshot");
    case AdminAction::RestoreSnapshot: return QStringLiteral("Restore snapshot");
    case AdminAction::DeleteSnapshot: return QStringLiteral("Delete snapshot");
    case AdminAction::SplitAt: return QStringLiteral("Split at key");
    case AdminAction::Balance: return QStringLiteral("Balance");
    case AdminAction::StopServer: return QStringLiteral("Stop region server");
    case AdminAction::StartServer: return QStringLiteral("Start region server");
  }
  return QString();
}

bool adminActionDestroysData(AdminAction action) {
  return action == AdminAction::Truncate || action == AdminAction::Drop ||
         action == AdminAction::RestoreSnapshot || action == AdminAction::DeleteSnapshot;
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
                            const std::string& argument, int* moves) {
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
    case AdminAction::Snapshot: return admin.Snapshot(target, argument);
    case AdminAction::CloneSnapshot: return admin.CloneSnapshot(target, argument);
    case AdminAction::RestoreSnapshot: {
      // HBase restores only a disabled table: an enabled one is disabled,
      // restored and enabled again; a disabled one stays disabled.
      auto list = admin.ListSnapshots();
      if (!list.ok()) return list.status();
      std::string table;
      for (const auto& s : *list) {
        if (s.name == target) table = s.table;
      }
      auto enabled = admin.IsTableEnabled(table);
      const bool was_enabled = enabled.ok() && *enabled;  // not ok: the table is gone
      if (was_enabled) RL_RETURN_IF_ERROR(admin.DisableTable(table));
      RL_RETURN_IF_ERROR(admin.RestoreSnapshot(target));
      return was_enabled ? admin.EnableTable(table) : regionlab::Status::OK();
    }
    case AdminAction::DeleteSnapshot: return admin.DeleteSnapshot(target);
    case AdminAction::SplitAt: {
      std::string key;
      BinaryTextError error;
      if (!parseEscapedBytes(QString::fromStdString(argument), &key, &error))
        return regionlab::Status::InvalidArgument("split key '" + argument + "', character " +
                                                  std::to_string(error.position + 1) + ": " +
                                                  error.message.toStdString());
      if (key.empty()) return regionlab::Status::InvalidArgument("the split key is empty");
      return admin.Split(target, key);
    }
    case AdminAction::Balance: {
      auto n = admin.Balance();
      if (!n.ok()) return n.status();
      *moves = *n;
      return regionlab::Status::OK();
    }
    case AdminAction::StopServer: return admin.StopRegionServer(target);
    case AdminAction::StartServer: return admin.StartRegionServer(target);
  }
  return regionlab::Status::InvalidArgument("unknown admin action");
}

// Actions whose outcome the engine may carry on (a split policy splitting a
// merged region again, daughters compacting): the message waits for that.
bool hasFollowUps(AdminAction action) {
  return action == AdminAction::Merge || action == AdminAction::Split || action == AdminAction::SplitAt;
}

}  // namespace

EngineController::EngineController(QObject* parent)
    : QObject(parent), m_state(std::make_shared<WorkerState>()) {
  qRegisterMetaType<SamplePtr>();
  qRegisterMetaType<SchemaPtr>();
  qRegisterMetaType<HistoryPtr>();
  qRegisterMetaType<SampleListPtr>();
  qRegisterMetaType<StoredWindowPtr>();
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

void EngineController::openDataDirectory(const QString& dir, int regionServers, uint32_t defaultLabScale,
                                         uint32_t labScale) {
  const quint64 gen = ++m_generation;
  m_open = false;
  m_dataDirectory = dir;
  auto state = m_state;
  post([this, state, gen, dir, regionServers, defaultLabScale, labScale] {
    state->close();
    regionlab::ClusterOptions options;
    options.region_servers = std::max(1, regionServers);
    options.default_lab_scale = defaultLabScale;
    options.lab_scale = labScale;
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
    auto snapshots = admin.ListSnapshots();
    if (snapshots.ok()) schema->snapshots = std::move(snapshots).value();
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
  QString description = action == AdminAction::Balance ? adminActionName(action)
                                                       : QStringLiteral("%1 %2").arg(adminActionName(action), target);
  if (action == AdminAction::Merge) description += tr(" with %1").arg(argument);
  if (action == AdminAction::Move) description += tr(" to %1").arg(argument);
  if (action == AdminAction::Snapshot) description += tr(" as %1").arg(argument);
  if (action == AdminAction::CloneSnapshot) description += tr(" to table %1").arg(argument);
  if (action == AdminAction::SplitAt) description += tr(" '%1'").arg(argument);
  runJobWithOutcome(description, [action, target, argument](regionlab::Cluster* cluster, QString* outcome) -> QString {
    if (cluster == nullptr) return tr("no data directory is open");
    const int64_t since = QDateTime::currentMSecsSinceEpoch();
    int moves = 0;
    regionlab::Status s = runAction(cluster->admin(), action, target.toStdString(), argument.toStdString(), &moves);
    if (!s.ok()) return toText(s);
    if (hasFollowUps(action)) (void)cluster->WaitForBackgroundWork();
    std::vector<regionlab::ClusterEvent> recent;
    for (regionlab::ClusterEvent& e : cluster->RecentEvents())
      if (e.time_ms >= since) recent.push_back(std::move(e));
    *outcome = describeAdminOutcome(action, target, recent, moves);
    return QString();
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

namespace {
// A split or merge of the catalog's history as the event the engine reported then.
regionlab::ClusterEvent eventOf(const regionlab::HistoryEntry& h) {
  regionlab::ClusterEvent e;
  e.time_ms = h.time_ms;
  e.table = h.table;
  e.cause = h.cause;
  if (h.kind == "merge") {
    e.kind = "merge";
    e.region = h.daughters.empty() ? std::string() : h.daughters.front();
    e.parents = h.parents;
    if (!h.daughter_ranges.empty()) {
      e.start_key = h.daughter_ranges.front().start_key;
      e.end_key = h.daughter_ranges.front().end_key;
    }
  } else {
    e.kind = "split";
    e.region = h.parents.empty() ? std::string() : h.parents.front();
    e.daughters = h.daughters;
    e.split_key = h.split_key;
    e.input_bytes = h.size_bytes;
    e.threshold_bytes = h.threshold_bytes;
    if (!h.parent_ranges.empty()) {
      e.start_key = h.parent_ranges.front().start_key;
      e.end_key = h.parent_ranges.front().end_key;
    }
  }
  return e;
}
}  // namespace

void EngineController::requestStoredWindow(int seconds) {
  const quint64 gen = m_generation;
  auto state = m_state;
  post([this, state, gen, seconds] {
    auto window = std::make_shared<StoredWindow>();
    if (!state->cluster) {
      window->error = tr("no data directory is open");
    } else {
      const int64_t to = QDateTime::currentMSecsSinceEpoch();
      const int64_t from = to - int64_t{seconds} * 1000;
      auto samples = state->cluster->StoredMetrics(from, to);
      if (!samples.ok()) {
        window->error = toText(samples.status());
      } else {
        window->samples = std::move(samples).value();
      }
      auto tables = state->cluster->admin().ListTables();
      if (tables.ok()) {
        for (const auto& t : *tables) {
          auto history = state->cluster->admin().GetHistory(t.FullName());
          if (!history.ok()) continue;
          for (const auto& h : *history)
            if (h.time_ms >= from && h.kind != "pre-split") window->events.push_back(eventOf(h));
        }
      }
      std::sort(window->events.begin(), window->events.end(),
                [](const auto& a, const auto& b) { return a.time_ms < b.time_ms; });
    }
    StoredWindowPtr result = window;
    reply(gen, [this, result] { emit storedWindowReady(result); });
  });
}

void EngineController::runJob(const QString& description,
                              std::function<QString(regionlab::Cluster*)> work,
                              std::function<void(const QString&)> done) {
  runJobWithOutcome(
      description, [work = std::move(work)](regionlab::Cluster* c, QString*) { return work(c); }, std::move(done));
}

void EngineController::runJobWithOutcome(const QString& description,
                                         std::function<QString(regionlab::Cluster*, QString*)> work,
                                         std::function<void(const QString&)> done) {
  const quint64 gen = m_generation;
  emit actionStarted(description);
  auto state = m_state;
  post([this, state, gen, description, work = std::move(work), done = std::move(done)] {
    QString outcome;
    const QString error = work(state->cluster.get(), &outcome);
    const QString message = !error.isEmpty() ? error : outcome.isEmpty() ? tr("done") : outcome;
    reply(gen, [this, description, error, message, done] {
      emit actionFinished(description, error.isEmpty(), message);
      if (done) done(error);
      requestSchema();
    });
  });
}

}  // namespace regionlab::ui
