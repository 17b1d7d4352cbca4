// EngineController: the UI's only door into the engine.
//
// It owns a regionlab::Cluster that lives on one worker thread: every engine
// call (open, sample, schema listing, admin action, close) is posted to that
// thread and its result comes back by a queued call onto the controller's
// thread, where the matching signal is emitted. The UI thread never waits on
// the engine, except in the destructor, which closes the cluster.
//
// Stale replies: every open/close starts a new generation. A reply carries the
// generation it was asked for; one from an earlier generation (e.g. a sample
// of the data directory the user just left) is dropped and counted in
// droppedReplies().
//
// Thread-safety: use from the thread that created it (the UI thread).
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>
#include <functional>
#include <memory>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab::ui {

using SamplePtr = std::shared_ptr<const regionlab::ClusterSample>;

// The structure shown by the cluster tree: namespaces and table descriptors.
struct SchemaSnapshot {
  std::vector<std::string> namespaces;
  std::vector<regionlab::TableDescriptor> tables;
  std::vector<regionlab::SnapshotInfo> snapshots;  // oldest first
};
using SchemaPtr = std::shared_ptr<const SchemaSnapshot>;

// One table's split/merge history from the catalog (Admin::GetHistory) and
// its regions now, read in one worker call: what the split genealogy shows.
struct HistorySnapshot {
  QString table;
  std::vector<regionlab::HistoryEntry> history;  // oldest first
  std::vector<regionlab::RegionInfo> regions;    // the table's regions now, in key order
  QString error;                                 // why it could not be read; empty when it was
};
using HistoryPtr = std::shared_ptr<const HistorySnapshot>;

// The engine's sampled metrics history (Cluster::MetricsHistory, oldest
// first) cut down to one table's regions.
using SampleListPtr = std::shared_ptr<const std::vector<regionlab::ClusterSample>>;

// What the live charts draw again after a restart: the catalog's metric
// samples of the last window (Cluster::StoredMetrics) and the splits and
// merges of that time from the catalog's history, as events.
struct StoredWindow {
  std::vector<regionlab::ClusterSample> samples;  // oldest first
  std::vector<regionlab::ClusterEvent> events;    // oldest first
  QString error;                                   // why it could not be read
};
using StoredWindowPtr = std::shared_ptr<const StoredWindow>;

enum class AdminAction {
  Flush,
  Compact,
  MajorCompact,
  Split,
  Enable,
  Disable,
  Truncate,  // preserves the splits, as the shell's truncate_preserve
  Drop,      // disables first when the table is enabled
  Merge,     // target: a region; argument: the adjacent region to merge it with
  Move,      // target: a region; argument: the region server to move it to
  Snapshot,         // target: a table; argument: the snapshot's name
  CloneSnapshot,    // target: a snapshot; argument: the new table's name
  RestoreSnapshot,  // target: a snapshot; disables its table first and enables it after
  DeleteSnapshot,   // target: a snapshot
  SplitAt,   // target: a region; argument: the split key, escaped (models/binary_text.h)
  Balance,   // the whole cluster (target ignored)
  StopServer,   // target: a region server; its regions fail over (RegionLab's kill)
  StartServer,  // target: a stopped region server
};

// "Flush", "Major compact", ...: the verb shown in menus and messages.
QString adminActionName(AdminAction action);
// True when the action destroys data and must be confirmed by the user
// (truncate, drop, restoring a snapshot over a table, deleting a snapshot).
bool adminActionDestroysData(AdminAction action);
// What an action's finished message says: what it did, and what the engine
// did right after because of it, from the events recorded since it began
// (`events`, oldest first). A merge whose region its split policy splits
// again says both steps and why: "merged A and B into M; then split again by
// SteppingSplitPolicy at 'k': Stepping: 2 x 128 KB = 256 KB (...); largest
// store 300 KB > 256 KB". `balanced`: the moves a Balance made.
QString describeAdminOutcome(AdminAction action, const QString& target,
                             const std::vector<regionlab::ClusterEvent>& events, int balanced = 0);

// State a client keeps on the worker between its jobs (the data browser's
// open scanner, the console's shell session). It is created and destroyed on
// the worker only, and destroyed before the cluster closes, so nothing that
// reads the cluster outlives it.
class WorkerResource {
 public:
  virtual ~WorkerResource() = default;
};
using WorkerSlot = std::unique_ptr<WorkerResource>;

class EngineController : public QObject {
  Q_OBJECT

 public:
  explicit EngineController(QObject* parent = nullptr);
  // Closes the cluster on the worker and joins the worker thread.
  ~EngineController() override;

  // Opens (or creates) a data directory with `regionServers` region servers,
  // closing the one open before. Emits opened() or openFailed(). The lab
  // scale (regionlab/lab_scale.h): `labScale` > 0 sets it; 0 keeps the
  // directory's own, and one that has none gets `defaultLabScale`.
  void openDataDirectory(const QString& dir, int regionServers, uint32_t defaultLabScale = 1,
                         uint32_t labScale = 0);
  // Emits closed() once the cluster is closed.
  void closeDataDirectory();
  // Asks for Cluster::SampleNow(); emits sampleReady() unless the reply is stale.
  void requestSample();
  // Asks for namespaces and table descriptors; emits schemaReady().
  void requestSchema();
  // Runs an admin action on a table or a region (encoded name); emits
  // actionStarted() now and actionFinished() when done, then requestSchema().
  // `argument`: the other region of a Merge, the server of a Move, the key
  // of a SplitAt. The finished message says what happened
  // (describeAdminOutcome); a merge or split waits for the engine's
  // follow-ups (compactions, a split of the merged region) first.
  void runAdminAction(AdminAction action, const QString& target, const QString& argument = {});
  // Asks for `table`'s split/merge history and current regions; emits
  // historyReady() (with an error text when they cannot be read).
  void requestHistory(const QString& table);
  // Asks for the engine's sampled metrics history of `table`'s regions;
  // emits metricsHistoryReady() (an empty list when no directory is open).
  void requestMetricsHistory(const QString& table);
  // Asks for the catalog's samples and splits of the last `seconds`; emits
  // storedWindowReady().
  void requestStoredWindow(int seconds);
  // Runs `work` on the worker with the open cluster (nullptr when none) and
  // calls `done` with its message on this thread, unless stale. For jobs such
  // as seeding a demo that the fixed calls above do not cover.
  void runJob(const QString& description,
              std::function<QString(regionlab::Cluster*)> work,
              std::function<void(const QString&)> done = {});

  // Worker slots: a client that keeps state on the worker allocates a slot,
  // runs its jobs in it and releases it when it goes away.
  static constexpr int kNoSlot = 0;
  int allocateSlot() { return ++m_lastSlot; }
  // Destroys the slot's resource on the worker.
  void releaseSlot(int slot);
  // Runs `work` on the worker with the open cluster (nullptr when none) and
  // the slot's resource (empty at first, and again after the cluster closed
  // or reopened; kNoSlot: a fresh empty one that is not kept). Quiet: no
  // actionStarted/actionFinished and no schema refresh; the client reports
  // its own progress and answers through postReply(). Jobs run in the order
  // they were posted.
  void runInSlot(int slot, std::function<void(regionlab::Cluster*, WorkerSlot&)> work);
  // Thread-safe (called from the worker): runs `fn` on the controller's
  // thread unless the data directory changed since `generation` (a value of
  // generation() read when the job was posted); stale replies are dropped.
  void postReply(quint64 generation, std::function<void()> fn) { reply(generation, std::move(fn)); }

  bool isOpen() const { return m_open; }
  QString dataDirectory() const { return m_dataDirectory; }
  quint64 generation() const { return m_generation; }
  int droppedReplies() const { return m_droppedReplies; }
  int pendingSamples() const { return m_pendingSamples; }

 signals:
  // recoveryNotes: what recovery did (WAL entries replayed, operations
  // rolled back, torn tails). warnings: damage the user must see (a WAL
  // segment moved to corrupt/ with the records it cost, a region offline
  // because a store file is damaged), each naming the file and the damage.
  void opened(const QString& dir, const QStringList& recoveryNotes, const QStringList& warnings);
  // inUse: another program (or another window) has the directory open; the
  // error names it (engine/cluster/data_dir_lock.h).
  void openFailed(const QString& dir, const QString& error, bool inUse);
  void closed();
  void sampleReady(const regionlab::ui::SamplePtr& sample);
  void schemaReady(const regionlab::ui::SchemaPtr& schema);
  void historyReady(const regionlab::ui::HistoryPtr& history);
  void metricsHistoryReady(const QString& table, const regionlab::ui::SampleListPtr& samples);
  void storedWindowReady(const regionlab::ui::StoredWindowPtr& window);
  // A flush, compaction, split, ... reported by the engine's event listener.
  void clusterEvent(const regionlab::ClusterEvent& event);
  void actionStarted(const QString& description);
  void actionFinished(const QString& description, bool ok, const QString& message);

 private:
  struct WorkerState;
  // Runs `fn` on the worker thread.
  void post(std::function<void()> fn);
  // runJob whose work may set the finished message (else "done").
  void runJobWithOutcome(const QString& description,
                         std::function<QString(regionlab::Cluster*, QString* outcome)> work,
                         std::function<void(const QString&)> done = {});
  // Runs `fn` on this thread if `generation` is still current.
  void reply(quint64 generation, std::function<void()> fn);

  QThread m_thread;
  QObject* m_worker = nullptr;                  // lives on m_thread; deleted when it finishes
  std::shared_ptr<WorkerState> m_state;         // touched only on m_thread
  quint64 m_generation = 0;
  bool m_open = false;
  QString m_dataDirectory;
  int m_droppedReplies = 0;
  int m_pendingSamples = 0;
  int m_lastSlot = 0;
};

}  // namespace regionlab::ui

Q_DECLARE_METATYPE(regionlab::ui::SamplePtr)
Q_DECLARE_METATYPE(regionlab::ui::SchemaPtr)
Q_DECLARE_METATYPE(regionlab::ui::HistoryPtr)
Q_DECLARE_METATYPE(regionlab::ui::SampleListPtr)
Q_DECLARE_METATYPE(regionlab::ui::StoredWindowPtr)
Q_DECLARE_METATYPE(regionlab::ClusterEvent)
