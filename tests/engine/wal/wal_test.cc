// Tests for engine/wal/wal: appending, rolling, group commit, background
// sync, segment deletion after flushes, and behaviour after a failed write.
#include <sys/wait.h>
#include <unistd.h>

#include <QtTest>
#include <atomic>
#include <chrono>
#include <csignal>
#include <map>
#include <thread>

#include "util/fault_injection_env.h"
#include "wal/wal_format.h"
#include "wal_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// Wraps the default Env; the segment files it opens fail on demand.
class FaultyEnv final : public EnvWrapper {
 public:
  std::atomic<bool> fail_append{false};
  std::atomic<bool> fail_flush{false};
  std::atomic<bool> fail_sync{false};
  // While set, Append blocks until it is cleared (to make writers queue up).
  std::atomic<bool> hold_append{false};
  std::atomic<int> appends_entered{0};
  // While set, a background sync (SyncFlushed) blocks until it is cleared.
  std::atomic<bool> hold_background_sync{false};
  std::atomic<int> background_syncs_entered{0};
  std::atomic<int> background_syncs_running{0};
  // While set, Sync blocks until it is cleared.
  std::atomic<bool> hold_sync{false};
  std::atomic<int> syncs_entered{0};
  // Set when a file is closed while a background sync of it runs.
  std::atomic<bool> closed_during_sync{false};

  FaultyEnv() : EnvWrapper(Env::Default()) {}

  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) override {
    auto file = base()->NewWritableFile(path);
    if (!file.ok()) return file.status();
    return std::unique_ptr<WritableFile>(new File(this, path, std::move(*file)));
  }

 private:
  class File final : public WritableFile {
   public:
    File(FaultyEnv* env, std::string path, std::unique_ptr<WritableFile> base)
        : env_(env), path_(std::move(path)), base_(std::move(base)) {}
    Status Append(std::string_view data) override {
      env_->appends_entered.fetch_add(1);
      while (env_->hold_append.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      if (env_->fail_append.load()) return Status::IOError(path_ + ": injected append failure");
      return base_->Append(data);
    }
    Status Flush() override {
      if (env_->fail_flush.load()) return Status::IOError(path_ + ": injected flush failure");
      return base_->Flush();
    }
    Status Sync() override {
      env_->syncs_entered.fetch_add(1);
      while (env_->hold_sync.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      if (env_->fail_sync.load()) return Status::IOError(path_ + ": injected sync failure");
      return base_->Sync();
    }
    Status SyncFlushed(uint64_t flushed_bytes) override {
      env_->background_syncs_running.fetch_add(1);
      env_->background_syncs_entered.fetch_add(1);
      while (env_->hold_background_sync.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      Status s = env_->fail_sync.load() ? Status::IOError(path_ + ": injected sync failure")
                                        : base_->SyncFlushed(flushed_bytes);
      env_->background_syncs_running.fetch_sub(1);
      return s;
    }
    Status Close() override {
      if (env_->background_syncs_running.load() != 0) env_->closed_during_sync = true;
      return base_->Close();
    }
    uint64_t Size() const override { return base_->Size(); }

   private:
    FaultyEnv* env_;
    std::string path_;
    std::unique_ptr<WritableFile> base_;
  };

};

WalOptions Options(const std::string& dir, Env* env = Env::Default()) {
  WalOptions options;
  options.env = env;
  options.dir = dir;
  options.async_sync_interval_ms = 0;
  return options;
}

// A WAL over `env` whose background syncer wakes every `interval_ms`.
Result<std::unique_ptr<Wal>> OpenWithSyncer(const TempDir& dir, FaultyEnv* env, int interval_ms) {
  WalOptions options = Options(dir.path(), env);
  options.async_sync_interval_ms = interval_ms;
  return Wal::Open(options);
}

bool Contains(const std::vector<WalEntry>& entries, const WalEntry& e) {
  return std::find(entries.begin(), entries.end(), e) != entries.end();
}

}  // namespace

class WalTest : public QObject {
  Q_OBJECT
 private slots:
  void appendAndReplayAcrossSegments() {
    TempDir dir;
    WalOptions options = Options(dir.path() + "/wal/nested");  // created when missing
    options.roll_size = 1024;
    auto wal = Wal::Open(options);
    RL_QVERIFY_OK(wal.status());

    std::vector<WalEntry> written;
    written.reserve(210);  // batches hold pointers into it
    uint64_t calls = 0;
    for (int i = 0; i < 200;) {
      // Single appends and appends of three entries, some synced.
      const int n = (i % 7 == 0) ? 3 : 1;
      std::vector<const WalEntry*> batch;
      for (int k = 0; k < n; ++k, ++i) {
        written.push_back(MakeEntry("region-" + std::to_string(i % 4), i + 1, 10 + i % 50));
        batch.push_back(&written.back());
      }
      RL_QVERIFY_OK((*wal)->Append(batch, /*sync=*/i % 5 == 0));
      ++calls;
    }
    const WalStats stats = (*wal)->GetStats();
    RL_QVERIFY_OK((*wal)->Close());

    const std::vector<std::string> segments = Segments(options.dir);
    QVERIFY2(segments.size() >= 5, qPrintable(QString::number(segments.size())));
    QCOMPARE(uint64_t(segments.size()), stats.segments_rolled + 1);
    QCOMPARE(stats.live_segments, uint32_t(segments.size()));
    QCOMPARE(stats.entries, uint64_t(written.size()));
    QCOMPARE(stats.appends, calls);
    uint64_t total_bytes = 0;
    for (const std::string& s : segments) total_bytes += ReadAll(s).size();
    QCOMPARE(stats.bytes, total_bytes);

    WalReplayReport report;
    Status s;
    const std::vector<WalEntry> replayed = ReplayAll(options.dir, &report, &s);
    RL_QVERIFY_OK(s);
    QVERIFY(report.problems.empty());
    QCOMPARE(replayed.size(), written.size());
    QVERIFY(replayed == written);  // order preserved across segments
  }

  // Records are never fragmented: an entry far bigger than roll_size is one
  // record in one segment, and the WAL rolls after it.
  void entryLargerThanRollSize() {
    TempDir dir;
    WalOptions options = Options(dir.path());
    options.roll_size = 4096;
    auto wal = Wal::Open(options);
    RL_QVERIFY_OK(wal.status());
    const WalEntry small = MakeEntry("r", 1);
    const WalEntry big = MakeEntry("r", 2, 1 << 20);
    RL_QVERIFY_OK((*wal)->Append({&small}, false));
    RL_QVERIFY_OK((*wal)->Append({&big}, true));
    RL_QVERIFY_OK((*wal)->Append({&small}, false));
    QCOMPARE((*wal)->GetStats().segments_rolled, uint64_t(1));
    RL_QVERIFY_OK((*wal)->Close());

    const std::vector<std::string> segments = Segments(dir.path());
    QCOMPARE(int(segments.size()), 2);
    QCOMPARE(int(ReadLayout(segments[0]).record_offsets.size()), 2);
    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QCOMPARE(int(replayed.size()), 3);
    QVERIFY(replayed[1] == big);
    QVERIFY(report.problems.empty());
  }

  void reopenStartsNewSegmentAndKeepsOldOnes() {
    TempDir dir;
    const WalEntry a = MakeEntry("r", 1), b = MakeEntry("r", 2), c = MakeEntry("r", 3);
    {
      auto wal = Wal::Open(Options(dir.path()));
      RL_QVERIFY_OK(wal.status());
      RL_QVERIFY_OK((*wal)->Append({&a, &b}, true));
      // No Close(): the destructor syncs and closes.
    }
    const std::vector<std::string> before = Segments(dir.path());
    QCOMPARE(int(before.size()), 1);

    auto wal = Wal::Open(Options(dir.path()));
    RL_QVERIFY_OK(wal.status());
    const std::vector<std::string> after = Segments(dir.path());
    QCOMPARE(int(after.size()), 2);
    QCOMPARE(after[0], before[0]);
    QCOMPARE(after[1], dir.File(wal::SegmentFileName(2)));
    QCOMPARE((*wal)->GetStats().live_segments, uint32_t(2));
    RL_QVERIFY_OK((*wal)->Append({&c}, true));

    WalReplayReport report;
    QVERIFY(ReplayAll(dir.path(), &report) == (std::vector<WalEntry>{a, b, c}));

    // Once the old run's edits are replayed and flushed, its segment goes.
    RL_QVERIFY_OK((*wal)->DeleteRecoveredSegments());
    QVERIFY(!QFile::exists(QString::fromStdString(before[0])));
    QCOMPARE((*wal)->GetStats().live_segments, uint32_t(1));
    QCOMPARE((*wal)->GetStats().segments_deleted, uint64_t(1));
    QVERIFY(ReplayAll(dir.path(), &report) == (std::vector<WalEntry>{c}));
  }

  // An acknowledged append is in the operating system, not in a user-space
  // buffer: it survives kill -9 of the process even without sync.
  void unsyncedAppendsSurviveKill9() {
    TempDir dir;
    constexpr int kEntries = 50;
    const pid_t pid = ::fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
      // Child: engine code only, then die without any cleanup.
      auto wal = Wal::Open(Options(dir.path()));
      if (!wal.ok()) ::_exit(2);
      for (int i = 1; i <= kEntries; ++i) {
        const WalEntry e = MakeEntry("r", i);
        if (!(*wal)->Append({&e}, /*sync=*/false).ok()) ::_exit(3);
      }
      ::raise(SIGKILL);
      ::_exit(4);
    }
    int wstatus = 0;
    QCOMPARE(::waitpid(pid, &wstatus, 0), pid);
    QVERIFY(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL);

    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QVERIFY(report.problems.empty());
    QCOMPARE(int(replayed.size()), kEntries);
    for (int i = 0; i < kEntries; ++i) QVERIFY(replayed[i] == MakeEntry("r", i + 1));
  }

  // A writer killed while it copies a large entry into its segment leaves a
  // torn tail, never a reported corruption: the entries before it replay,
  // and the cut one is reported as the incomplete last record it is.
  void killDuringLargeAppendIsATornTail() {
    for (int attempt = 0; attempt < 6; ++attempt) {
      TempDir dir;
      const pid_t pid = ::fork();
      QVERIFY(pid >= 0);
      if (pid == 0) {
        auto wal = Wal::Open(Options(dir.path()));
        if (!wal.ok()) ::_exit(2);
        for (uint64_t i = 1;; ++i) {
          const WalEntry e = MakeEntry("r", i, 1 << 20);
          if (!(*wal)->Append({&e}, /*sync=*/false).ok()) ::_exit(3);
        }
      }
      ::usleep(static_cast<useconds_t>(30000 + 9000 * attempt));
      QVERIFY2(regionlab::test::KillChildAndReap(pid), "the writing child failed before it was killed");

      WalReplayReport report;
      const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
      for (const WalCorruption& p : report.problems) {
        QVERIFY2(p.torn_tail, qPrintable(QString("attempt %1: %2").arg(attempt)
                                             .arg(QString::fromStdString(p.ToString()))));
      }
      for (size_t i = 0; i < replayed.size(); ++i) {
        QVERIFY(replayed[i] == MakeEntry("r", i + 1, 1 << 20));
      }
    }
  }

  // Power loss drops what was never fsynced: sync appends survive, and so do
  // the segments created by rolls (their directory entry is synced).
  void syncedAppendsSurvivePowerLoss() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const WalEntry a = MakeEntry("r", 1), b = MakeEntry("r", 2), c = MakeEntry("r", 3),
                   d = MakeEntry("r", 4);
    {
      auto wal = Wal::Open(Options(dir.path(), &env));
      RL_QVERIFY_OK(wal.status());
      RL_QVERIFY_OK((*wal)->Append({&a}, /*sync=*/true));
      RL_QVERIFY_OK((*wal)->Append({&b}, /*sync=*/false));
      RL_QVERIFY_OK((*wal)->Roll());  // syncs b with the old segment
      RL_QVERIFY_OK((*wal)->Append({&c}, /*sync=*/true));
      RL_QVERIFY_OK((*wal)->Append({&d}, /*sync=*/false));
      RL_QVERIFY_OK(env.DropUnsyncedData());
      RL_QVERIFY_OK(env.RemoveFilesCreatedAfterLastDirSync());
      // The WAL's file handle is dead now; destroying it must not crash.
    }
    QCOMPARE(int(Segments(dir.path()).size()), 2);
    WalReplayReport report;
    QVERIFY(ReplayAll(dir.path(), &report) == (std::vector<WalEntry>{a, b, c}));
    QVERIFY(report.problems.empty());
  }

  void syncCountsFsyncs() {
    TempDir dir;
    auto wal = Wal::Open(Options(dir.path()));
    RL_QVERIFY_OK(wal.status());
    const WalEntry e = MakeEntry("r", 1);
    RL_QVERIFY_OK((*wal)->Sync());
    QCOMPARE((*wal)->GetStats().syncs, uint64_t(0));  // nothing pending
    RL_QVERIFY_OK((*wal)->Append({&e}, /*sync=*/false));
    QCOMPARE((*wal)->GetStats().syncs, uint64_t(0));
    RL_QVERIFY_OK((*wal)->Append({&e}, /*sync=*/true));
    QCOMPARE((*wal)->GetStats().syncs, uint64_t(1));
    RL_QVERIFY_OK((*wal)->Append({&e}, /*sync=*/false));
    RL_QVERIFY_OK((*wal)->Sync());
    QCOMPARE((*wal)->GetStats().syncs, uint64_t(2));
    RL_QVERIFY_OK((*wal)->Sync());
    QCOMPARE((*wal)->GetStats().syncs, uint64_t(2));
  }

  // ASYNC_WAL appends are fsynced by the background thread, and only by it.
  void asyncAppendsAreSyncedInBackground() {
    TempDir dir;
    const WalEntry e = MakeEntry("r", 1);
    {
      WalOptions options = Options(dir.File("no-syncer"));
      options.async_sync_interval_ms = 0;
      auto wal = Wal::Open(options);
      RL_QVERIFY_OK(wal.status());
      RL_QVERIFY_OK((*wal)->Append({&e}, /*sync=*/false));
      QTest::qWait(150);
      QCOMPARE((*wal)->GetStats().syncs, uint64_t(0));
    }
    WalOptions options = Options(dir.File("syncer"));
    options.async_sync_interval_ms = 10;
    auto wal = Wal::Open(options);
    RL_QVERIFY_OK(wal.status());
    QTest::qWait(50);
    QCOMPARE((*wal)->GetStats().syncs, uint64_t(0));  // idle: nothing to sync
    RL_QVERIFY_OK((*wal)->Append({&e}, /*sync=*/false));
    QTRY_VERIFY_WITH_TIMEOUT((*wal)->GetStats().syncs == 1, 5000);
    RL_QVERIFY_OK((*wal)->Close());
  }

  // 8 threads x 200 sync appends: every entry lands exactly once, each
  // thread's entries stay in order, and batching makes far fewer fsyncs.
  void groupCommit() {
    TempDir dir;
    auto wal = Wal::Open(Options(dir.path()));
    RL_QVERIFY_OK(wal.status());
    constexpr int kThreads = 8;
    constexpr int kPerThread = 200;
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 1; i <= kPerThread; ++i) {
          const WalEntry e = MakeEntry("region-" + std::to_string(t), i, 20);
          if (!(*wal)->Append({&e}, /*sync=*/true).ok()) failures.fetch_add(1);
        }
      });
    }
    for (std::thread& t : threads) t.join();
    QCOMPARE(failures.load(), 0);
    const WalStats stats = (*wal)->GetStats();
    RL_QVERIFY_OK((*wal)->Close());

    const uint64_t total = kThreads * kPerThread;
    qInfo("group commit: %llu sync appends, %llu fsyncs, largest batch %llu",
          static_cast<unsigned long long>(stats.appends),
          static_cast<unsigned long long>(stats.syncs),
          static_cast<unsigned long long>(stats.group_commit_max_batch));
    QCOMPARE(stats.appends, total);
    QCOMPARE(stats.entries, total);
    QVERIFY(stats.syncs < total);
    QVERIFY(stats.group_commit_max_batch > 1);

    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QVERIFY(report.problems.empty());
    QCOMPARE(uint64_t(replayed.size()), total);
    std::map<std::string, uint64_t> last_seq;
    for (const WalEntry& e : replayed) {
      uint64_t& last = last_seq[e.region];
      QCOMPARE(e.sequence_id, last + 1);  // exactly once, in the thread's order
      QVERIFY(e == MakeEntry(e.region, e.sequence_id, 20));
      last = e.sequence_id;
    }
    QCOMPARE(int(last_seq.size()), kThreads);
  }

  // Segment 1: A1..A3, B1.  Segment 2: A4.  Segment 3 (current): B2.
  void markFlushedDeletesFullyFlushedSegments() {
    TempDir dir;
    auto wal = Wal::Open(Options(dir.path()));
    RL_QVERIFY_OK(wal.status());
    Wal& w = **wal;
    std::vector<WalEntry> seg1 = {MakeEntry("A", 1), MakeEntry("A", 2), MakeEntry("A", 3),
                                  MakeEntry("B", 1)};
    for (const WalEntry& e : seg1) RL_QVERIFY_OK(w.Append({&e}, false));
    RL_QVERIFY_OK(w.Roll());
    const WalEntry a4 = MakeEntry("A", 4);
    RL_QVERIFY_OK(w.Append({&a4}, false));
    RL_QVERIFY_OK(w.Roll());
    const WalEntry b2 = MakeEntry("B", 2);
    RL_QVERIFY_OK(w.Append({&b2}, false));
    const std::string s1 = dir.File(wal::SegmentFileName(1));
    const std::string s2 = dir.File(wal::SegmentFileName(2));
    const std::string s3 = dir.File(wal::SegmentFileName(3));
    QCOMPARE(Segments(dir.path()), (std::vector<std::string>{s1, s2, s3}));
    QCOMPARE(w.GetStats().segments_rolled, uint64_t(2));
    QCOMPARE(w.GetStats().live_segments, uint32_t(3));

    w.MarkFlushed("A", 3);  // segment 1 still holds B1, segment 2 holds A4
    QCOMPARE(Segments(dir.path()), (std::vector<std::string>{s1, s2, s3}));
    w.MarkFlushed("A", 4);  // segment 2 held only A
    QCOMPARE(Segments(dir.path()), (std::vector<std::string>{s1, s3}));
    w.MarkFlushed("A", 2);  // flushes never move back
    w.MarkFlushed("B", 1);
    QCOMPARE(Segments(dir.path()), (std::vector<std::string>{s3}));
    w.MarkFlushed("B", 2);  // the current segment is never deleted
    QCOMPARE(Segments(dir.path()), (std::vector<std::string>{s3}));
    QCOMPARE(w.GetStats().segments_deleted, uint64_t(2));
    QCOMPARE(w.GetStats().live_segments, uint32_t(1));

    // Everything in segment 3 is flushed: rolling away from it deletes it.
    RL_QVERIFY_OK(w.Roll());
    QCOMPARE(Segments(dir.path()), (std::vector<std::string>{dir.File(wal::SegmentFileName(4))}));
    QCOMPARE(w.GetStats().segments_deleted, uint64_t(3));
  }

  // A clean close deletes every segment whose edits are all flushed, the
  // current one included; an edit not flushed keeps its segment for replay.
  void closeDeletesFlushedSegments_data() {
    QTest::addColumn<uint64_t>("flushed");
    QTest::addColumn<QStringList>("kept");
    QTest::newRow("all flushed") << uint64_t(3) << QStringList{};
    QTest::newRow("last edit not flushed") << uint64_t(2) << QStringList{"2"};
    QTest::newRow("nothing flushed") << uint64_t(0) << QStringList{"1", "2"};
  }
  void closeDeletesFlushedSegments() {
    QFETCH(uint64_t, flushed);
    QFETCH(QStringList, kept);
    TempDir dir;
    {
      auto wal = Wal::Open(Options(dir.path()));
      RL_QVERIFY_OK(wal.status());
      const WalEntry a1 = MakeEntry("A", 1), a2 = MakeEntry("A", 2), a3 = MakeEntry("A", 3);
      RL_QVERIFY_OK((*wal)->Append({&a1, &a2}, false));
      RL_QVERIFY_OK((*wal)->Roll());
      RL_QVERIFY_OK((*wal)->Append({&a3}, false));
      if (flushed != 0) (*wal)->MarkFlushed("A", flushed);
      RL_QVERIFY_OK((*wal)->Close());
    }
    std::vector<std::string> expected;
    for (const QString& n : kept) {
      expected.push_back(dir.File(wal::SegmentFileName(n.toULongLong())));
    }
    QCOMPARE(Segments(dir.path()), expected);
  }

  // AppendRecords (a region's group commit, encoded by the caller) writes
  // what Append writes for the same entries, and its highest sequence id
  // keeps the segment until the region has flushed it.
  void preEncodedRecordsReplayAndPinTheirSegment() {
    TempDir dir;
    auto wal = Wal::Open(Options(dir.path()));
    RL_QVERIFY_OK(wal.status());
    Wal& w = **wal;
    const std::vector<WalEntry> group = {MakeEntry("A", 5), MakeEntry("A", 6, 300),
                                         MakeEntry("A", 7)};
    std::string records;
    for (const WalEntry& e : group) {
      const size_t header = wal::BeginRecord(&records);
      EncodeWalEntryWith(
          e.region, e.sequence_id, e.write_time_ms, static_cast<uint32_t>(e.edits.size()),
          [&e](uint32_t i) {
            const WalEdit& x = e.edits[i];
            return WalEditView{x.family, x.row, x.qualifier, x.timestamp, x.type, x.value};
          },
          &records);
      wal::FinishRecord(&records, header, wal::RecordType::kEntry);
    }
    const std::string region = "A";
    RL_QVERIFY_OK(w.AppendRecords(region, records, group.size(), 7, /*sync=*/true));
    const WalEntry b1 = MakeEntry("B", 1);
    RL_QVERIFY_OK(w.Append({&b1}, false));
    QCOMPARE(w.GetStats().entries, uint64_t(4));
    QCOMPARE(w.GetStats().appends, uint64_t(2));
    QVERIFY(w.AppendRecords(std::string(), records, 3, 7, false).IsInvalidArgument());

    // The same entries through Append, in a second WAL: identical bytes.
    TempDir other;
    auto reference = Wal::Open(Options(other.path()));
    RL_QVERIFY_OK(reference.status());
    RL_QVERIFY_OK((*reference)->Append({&group[0], &group[1], &group[2]}, true));
    RL_QVERIFY_OK((*reference)->Append({&b1}, false));
    RL_QVERIFY_OK((*reference)->Close());
    const std::string s1 = dir.File(wal::SegmentFileName(1));
    RL_QVERIFY_OK(w.Roll());
    QCOMPARE(ReadAll(s1), ReadAll(other.File(wal::SegmentFileName(1))));

    w.MarkFlushed("B", 1);
    w.MarkFlushed("A", 6);  // A7 is still only in segment 1
    QCOMPARE(int(Segments(dir.path()).size()), 2);
    w.MarkFlushed("A", 7);
    QCOMPARE(Segments(dir.path()), (std::vector<std::string>{dir.File(wal::SegmentFileName(2))}));
    RL_QVERIFY_OK(w.Close());
  }

  void forgetRegionReleasesItsSegments() {
    TempDir dir;
    auto wal = Wal::Open(Options(dir.path()));
    RL_QVERIFY_OK(wal.status());
    Wal& w = **wal;
    const WalEntry c = MakeEntry("C", 10), d = MakeEntry("D", 5);
    RL_QVERIFY_OK(w.Append({&c, &d}, false));
    RL_QVERIFY_OK(w.Roll());
    w.MarkFlushed("D", 5);
    QCOMPARE(int(Segments(dir.path()).size()), 2);  // C never flushed
    w.ForgetRegion("C");                            // C moved to another server
    QCOMPARE(Segments(dir.path()), (std::vector<std::string>{dir.File(wal::SegmentFileName(2))}));
  }

  void failedWriteIsReportedAndLaterAppendsRefused_data() {
    QTest::addColumn<QString>("fault");
    QTest::newRow("append") << "append";
    QTest::newRow("flush") << "flush";
    QTest::newRow("sync") << "sync";
  }
  void failedWriteIsReportedAndLaterAppendsRefused() {
    QFETCH(QString, fault);
    TempDir dir;
    FaultyEnv env;
    auto wal = Wal::Open(Options(dir.path(), &env));
    RL_QVERIFY_OK(wal.status());
    const WalEntry e1 = MakeEntry("r", 1), e2 = MakeEntry("r", 2), e3 = MakeEntry("r", 3);
    RL_QVERIFY_OK((*wal)->Append({&e1}, true));

    std::atomic<bool>& flag = fault == "append"  ? env.fail_append
                              : fault == "flush" ? env.fail_flush
                                                 : env.fail_sync;
    flag = true;
    Status failed = (*wal)->Append({&e2}, true);
    QVERIFY(failed.IsIOError());
    const std::string segment = dir.File(wal::SegmentFileName(1));
    QVERIFY2(failed.message().find(segment) != std::string::npos, failed.ToString().c_str());
    QVERIFY(failed.message().find("injected " + fault.toStdString()) != std::string::npos);
    flag = false;  // the disk recovers, but the WAL must not write after the hole

    Status refused = (*wal)->Append({&e3}, true);
    QVERIFY(refused.IsIOError());
    QVERIFY2(refused.message().find("refuses") != std::string::npos, refused.ToString().c_str());
    QVERIFY(refused.message().find("injected " + fault.toStdString()) != std::string::npos);
    QVERIFY((*wal)->Sync().IsIOError());
    QVERIFY((*wal)->Roll().IsIOError());
    QCOMPARE(int(Segments(dir.path()).size()), 1);  // no roll after the failure
    QVERIFY((*wal)->Close().IsIOError());
    QCOMPARE((*wal)->GetStats().entries, uint64_t(1));

    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QVERIFY(Contains(replayed, e1));
    QVERIFY(!Contains(replayed, e3));
    if (fault == "append") QCOMPARE(int(replayed.size()), 1);
  }

  // The background sync of ASYNC_WAL appends runs beside the writer queue:
  // while its fsync is held, appends (async and sync) and a Roll still
  // complete, and the held file is not closed under it.
  void backgroundSyncDoesNotBlockWriters() {
    TempDir dir;
    FaultyEnv env;
    auto wal = OpenWithSyncer(dir, &env, 5);
    RL_QVERIFY_OK(wal.status());
    env.hold_background_sync = true;
    const WalEntry first = MakeEntry("r", 1);
    RL_QVERIFY_OK((*wal)->Append({&first}, false));
    QTRY_VERIFY(env.background_syncs_entered.load() > 0);  // the syncer waits in its fsync

    std::atomic<int> done{0};
    std::thread writer([&] {
      for (uint64_t i = 2; i <= 101; ++i) {
        const WalEntry e = MakeEntry("r", i);
        if ((*wal)->Append({&e}, /*sync=*/i % 10 == 0).ok()) done.fetch_add(1);
      }
    });
    QTRY_COMPARE(done.load(), 100);
    QVERIFY(env.hold_background_sync.load());  // all of them while the fsync was held
    writer.join();

    // A roll waits for the held sync before it closes the segment.
    std::atomic<bool> rolled{false};
    std::thread roller([&] { rolled = (*wal)->Roll().ok(); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    env.hold_background_sync = false;
    roller.join();
    QVERIFY(rolled.load());
    QVERIFY(!env.closed_during_sync.load());
    const WalEntry last = MakeEntry("r", 102);
    RL_QVERIFY_OK((*wal)->Append({&last}, false));
    RL_QVERIFY_OK((*wal)->Close());
    QVERIFY(!env.closed_during_sync.load());
    QVERIFY((*wal)->GetStats().syncs > 0);

    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QCOMPARE(int(replayed.size()), 102);
  }

  // With a background syncer, a roll leaves the old segment's fsync and close
  // to it: the roll and later appends go on while that fsync is held, and a
  // clean close waits for nothing to be lost.
  void rollLeavesTheOldSegmentToTheSyncer() {
    TempDir dir;
    FaultyEnv env;
    auto wal = OpenWithSyncer(dir, &env, 60000);  // only a roll wakes the syncer
    RL_QVERIFY_OK(wal.status());
    const WalEntry e1 = MakeEntry("r", 1);
    RL_QVERIFY_OK((*wal)->Append({&e1}, false));
    env.hold_sync = true;
    const int syncs_before = env.syncs_entered.load();
    std::atomic<bool> rolled{false};
    std::thread roller([&] { rolled = (*wal)->Roll().ok(); });
    QTRY_VERIFY(rolled.load());
    roller.join();
    const WalEntry e2 = MakeEntry("r", 2);
    RL_QVERIFY_OK((*wal)->Append({&e2}, false));
    QCOMPARE(int(Segments(dir.path()).size()), 2);
    QTRY_VERIFY(env.syncs_entered.load() > syncs_before);  // the syncer's fsync, held
    QVERIFY(env.hold_sync.load());
    env.hold_sync = false;
    RL_QVERIFY_OK((*wal)->Close());
    QVERIFY(!env.closed_during_sync.load());
    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QVERIFY(Contains(replayed, e1));
    QVERIFY(Contains(replayed, e2));
  }

  // A failed background sync is reported to every later writer, as a failed
  // sync in the queue is.
  void failedBackgroundSyncRefusesLaterWrites() {
    TempDir dir;
    FaultyEnv env;
    auto wal = OpenWithSyncer(dir, &env, 5);
    RL_QVERIFY_OK(wal.status());
    env.fail_sync = true;
    const WalEntry e1 = MakeEntry("r", 1);
    RL_QVERIFY_OK((*wal)->Append({&e1}, false));
    QTRY_VERIFY(env.background_syncs_entered.load() > 0);
    const WalEntry e2 = MakeEntry("r", 2);
    Status refused;
    QTRY_VERIFY((refused = (*wal)->Append({&e2}, false)).IsIOError());
    QVERIFY2(refused.message().find("injected sync failure") != std::string::npos,
             refused.ToString().c_str());
  }

  // Writers queued behind a leader whose write fails all get an error.
  void failedBatchFailsEveryWaitingWriter() {
    TempDir dir;
    FaultyEnv env;
    auto wal = Wal::Open(Options(dir.path(), &env));
    RL_QVERIFY_OK(wal.status());
    env.hold_append = true;
    env.fail_append = true;
    const int entered_before = env.appends_entered.load();
    std::vector<Status> results(5);
    std::vector<std::thread> threads;
    threads.emplace_back([&] {
      const WalEntry e = MakeEntry("r", 0);
      results[0] = (*wal)->Append({&e}, true);
    });
    // The leader is inside the file's Append; the others queue behind it.
    QTRY_VERIFY(env.appends_entered.load() > entered_before);
    for (int i = 1; i < 5; ++i) {
      threads.emplace_back([&, i] {
        const WalEntry e = MakeEntry("r", i);
        results[i] = (*wal)->Append({&e}, i % 2 == 0);
      });
    }
    QTRY_COMPARE((*wal)->GetStats().queued_writers, uint32_t(5));  // the leader and four behind it
    env.hold_append = false;
    for (std::thread& t : threads) t.join();
    for (const Status& s : results) QVERIFY2(s.IsIOError(), s.ToString().c_str());
    QCOMPARE((*wal)->GetStats().entries, uint64_t(0));
  }

  void invalidAppendsWriteNothing() {
    TempDir dir;
    auto wal = Wal::Open(Options(dir.path()));
    RL_QVERIFY_OK(wal.status());
    const WalEntry good = MakeEntry("r", 1);
    WalEntry bad_type = MakeEntry("r", 2);
    bad_type.edits[0].type = CellType::kMinimum;
    WalEntry no_region = MakeEntry("", 3);
    QVERIFY((*wal)->Append({&good, nullptr}, true).IsInvalidArgument());
    QVERIFY((*wal)->Append({&good, &bad_type}, true).IsInvalidArgument());
    QVERIFY((*wal)->Append({&no_region}, true).IsInvalidArgument());
    RL_QVERIFY_OK((*wal)->Append({&good}, true));  // still usable
    RL_QVERIFY_OK((*wal)->Close());
    WalReplayReport report;
    QVERIFY(ReplayAll(dir.path(), &report) == std::vector<WalEntry>{good});
  }

  void closedWalRefusesAppends() {
    TempDir dir;
    auto wal = Wal::Open(Options(dir.path()));
    RL_QVERIFY_OK(wal.status());
    RL_QVERIFY_OK((*wal)->Close());
    RL_QVERIFY_OK((*wal)->Close());  // idempotent
    const WalEntry e = MakeEntry("r", 1);
    QVERIFY((*wal)->Append({&e}, false).IsAborted());
    QVERIFY((*wal)->Roll().IsAborted());
  }

  void openValidatesOptions() {
    WalOptions options;
    options.dir = "/tmp/unused";
    QVERIFY(Wal::Open(options).status().IsInvalidArgument());
    options.env = Env::Default();
    options.dir.clear();
    QVERIFY(Wal::Open(options).status().IsInvalidArgument());
  }
};

QTEST_GUILESS_MAIN(WalTest)
#include "wal_test.moc"
