// Region operations used by the cluster: increment, append and checkAndMutate
// (atomic under row locks), daughter regions reading the parent's files
// through references, split points, and abort + recovered-edits replay.
#include <QtTest>
#include <thread>

#include "region/manifest.h"
#include "region/reference.h"
#include "region_test_util.h"
#include "util/env.h"
#include "wal/wal.h"
#include "wal/wal_reader.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// Ten rows holding `file` as their value, flushed into one store file.
Status FlushFile(Region* region, int file) {
  RL_RETURN_IF_ERROR(PutRows(region, 0, 10, std::to_string(file)));
  return region->Flush();
}

// Options of a region that never compacts on its own, so a test can lay out
// its store files by hand.
RegionOptions WithoutCompactions() {
  RegionOptions options;
  options.compaction.auto_compact = false;
  return options;
}

// The region in `dir` lists one store file of family f, its own (not a reference).
void ExpectOneOwnFile(const std::string& dir) {
  RegionManifest m;
  RL_QVERIFY_OK(ReadManifest(Env::Default(), dir, &m));
  QCOMPARE(m.files["f"].size(), size_t(1));
  QVERIFY(!IsReferenceName(m.files["f"][0]));
}

}  // namespace

class RegionOpsTest : public QObject {
  Q_OBJECT
 private slots:
  void incrementIsAtomicAcrossThreads() {
    TempDir dir;
    auto region = Region::Open(RegionOptions(), dir.path(), Descriptor({Family("f")}));
    RL_QVERIFY_OK(region.status());
    constexpr int kThreads = 4, kEach = 250;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&] {
        for (int i = 0; i < kEach; ++i) {
          (void)(*region)->Increment("counter", "f", "hits", 1, Durability::kAsyncWal);
        }
      });
    }
    for (auto& th : threads) th.join();
    auto v = (*region)->Increment("counter", "f", "hits", 0);
    RL_QVERIFY_OK(v.status());
    QCOMPARE(*v, qint64(kThreads * kEach));
    // HBase stores the counter as an 8-byte big-endian long.
    Get get;
    get.row = "counter";
    auto r = (*region)->DoGet(get);
    QCOMPARE(r->cells[0].value, std::string("\0\0\0\0\0\0\x03\xe8", 8));
    QCOMPARE(*(*region)->Increment("counter", "f", "hits", -1000), qint64(0));
  }

  void incrementOfANonLongFails() {
    TempDir dir;
    auto region = Region::Open(RegionOptions(), dir.path(), Descriptor({Family("f")}));
    RowMutation m;
    m.row = "r";
    m.Put("f", "q", "abc");
    RL_QVERIFY_OK((*region)->Mutate(m));
    auto v = (*region)->Increment("r", "f", "q", 1);
    QVERIFY(!v.ok());
    QVERIFY2(QString::fromStdString(v.status().message()).contains("Field is not a long, it's 3 bytes wide"),
             v.status().ToString().c_str());
  }

  void appendAndCheckAndMutate() {
    TempDir dir;
    auto region = Region::Open(RegionOptions(), dir.path(), Descriptor({Family("f")}));
    QCOMPARE(*(*region)->Append("r", "f", "log", "a"), std::string("a"));
    QCOMPARE(*(*region)->Append("r", "f", "log", "bc"), std::string("abc"));
    RowMutation m;
    m.row = "r";
    m.Put("f", "state", "new");
    QCOMPARE(*(*region)->CheckAndMutate("f", "state", std::nullopt, m), true);   // absent -> put
    QCOMPARE(*(*region)->CheckAndMutate("f", "state", std::nullopt, m), false);  // now present
    RowMutation upd;
    upd.row = "r";
    upd.Put("f", "state", "done");
    QCOMPARE(*(*region)->CheckAndMutate("f", "state", std::string("old"), upd), false);
    QCOMPARE(*(*region)->CheckAndMutate("f", "state", std::string("new"), upd), true);
    Get get;
    get.row = "r";
    QCOMPARE(Describe((*region)->DoGet(get)->cells).size(), 2);
    QCOMPARE((*region)->DoGet(get)->cells[1].value, std::string("done"));
  }

  void referencesSplitAParentAndCompactionRewritesThem() {
    TempDir dir;
    const std::string parent_dir = dir.File("parent"), a_dir = dir.File("daughterA"),
                      b_dir = dir.File("daughterB");
    FamilyOptions f = Family("f", 3);
    f.block_size = 256;  // HBase's midkey is the first key of the middle block: need several
    auto desc = Descriptor({f});
    desc.encoded_name = "parent";
    {
      auto parent = Region::Open(RegionOptions(), parent_dir, desc);
      RL_QVERIFY_OK(parent.status());
      for (int i = 0; i < 400; ++i) {
        RowMutation m;
        m.row = "row" + std::to_string(1000 + i);
        m.Put("f", "q", std::to_string(i));
        RL_QVERIFY_OK((*parent)->Mutate(m));
        if (i == 199) RL_QVERIFY_OK((*parent)->Flush());
      }
      RL_QVERIFY_OK((*parent)->Flush());
      auto sp = (*parent)->GetSplitPoint();
      RL_QVERIFY_OK(sp.status());
      QVERIFY(!sp->row.empty());
      QVERIFY(sp->row > sp->first_row && sp->row < sp->last_row);
      QVERIFY(!sp->has_references);
    }
    RegionManifest pm;
    RL_QVERIFY_OK(ReadManifest(Env::Default(), parent_dir, &pm));
    const std::string split = "row1250";
    RL_QVERIFY_OK(WriteReferenceManifest(Env::Default(), a_dir, {{"parent", pm}},
                                         StoreFileReference::Half::kBottom, split));
    RL_QVERIFY_OK(WriteReferenceManifest(Env::Default(), b_dir, {{"parent", pm}},
                                         StoreFileReference::Half::kTop, split));
    auto da = desc, db = desc;
    da.encoded_name = "daughterA";
    da.end_key = split;
    db.encoded_name = "daughterB";
    db.start_key = split;
    // Without automatic compactions, which would rewrite the references as
    // soon as the daughters open (see daughterOpenRewritesItsReferences).
    auto a = Region::Open(WithoutCompactions(), a_dir, da);
    auto b = Region::Open(WithoutCompactions(), b_dir, db);
    RL_QVERIFY_OK(a.status());
    RL_QVERIFY_OK(b.status());
    QVERIFY((*a)->GetSplitPoint()->has_references);
    auto rows_a = ScanAll(a->get());
    auto rows_b = ScanAll(b->get());
    QCOMPARE(rows_a.size(), size_t(250));
    QCOMPARE(rows_b.size(), size_t(150));
    QCOMPARE(rows_a.back().row, std::string("row1249"));
    QCOMPARE(rows_b.front().row, split);
    Scan rev;
    rev.reversed = true;
    QCOMPARE(ScanAll(a->get(), rev).front().row, std::string("row1249"));
    // The daughter's first compaction rewrites the reference into its own file.
    RL_QVERIFY_OK((*a)->Compact(true));
    QVERIFY(!(*a)->GetSplitPoint()->has_references);
    QCOMPARE(ScanAll(a->get()).size(), size_t(250));
    ExpectOneOwnFile(a_dir);
    // The parent's files are untouched: daughter B still reads them.
    QCOMPARE(ScanAll(b->get()).size(), size_t(150));
  }

  // HBase's region server checks every store of a region it has opened and
  // queues a compaction for one with references or enough files.
  void daughterOpenRewritesItsReferences() {
    TempDir dir;
    const std::string parent_dir = dir.path() + "/parent", a_dir = dir.path() + "/a";
    auto desc = Descriptor({Family("f")});
    desc.encoded_name = "parent";
    {
      auto parent = Region::Open(RegionOptions(), parent_dir, desc);
      RL_QVERIFY_OK(parent.status());
      RL_QVERIFY_OK(PutRows(parent->get(), 1000, 100, "v"));
      RL_QVERIFY_OK((*parent)->Close());
    }
    RegionManifest pm;
    RL_QVERIFY_OK(ReadManifest(Env::Default(), parent_dir, &pm));
    RL_QVERIFY_OK(WriteReferenceManifest(Env::Default(), a_dir, {{"parent", pm}},
                                         StoreFileReference::Half::kBottom, "row1040"));
    auto da = desc;
    da.encoded_name = "daughterA";
    da.end_key = "row1040";
    auto a = Region::Open(RegionOptions(), a_dir, da);
    RL_QVERIFY_OK(a.status());
    RL_QVERIFY_OK((*a)->WaitForBackgroundWork());
    QVERIFY(!(*a)->GetSplitPoint()->has_references);
    ExpectOneOwnFile(a_dir);
    QCOMPARE(ScanAll(a->get()).size(), size_t(40));
  }

  void reopenedRegionCompactsAStoreWithEnoughFiles_data() {
    QTest::addColumn<bool>("auto_compact");
    QTest::addColumn<quint64>("files_after_open");
    QTest::newRow("auto") << true << quint64(1);
    QTest::newRow("manual") << false << quint64(3);
  }
  void reopenedRegionCompactsAStoreWithEnoughFiles() {
    QFETCH(bool, auto_compact);
    QFETCH(quint64, files_after_open);
    TempDir dir;
    {
      // Three flushed files, left uncompacted.
      auto region = Region::Open(WithoutCompactions(), dir.path(), Descriptor({Family("f")}));
      RL_QVERIFY_OK(region.status());
      for (int file = 0; file < 3; ++file) RL_QVERIFY_OK(FlushFile(region->get(), file));
      QCOMPARE((*region)->GetMetrics().store_files, quint64(3));
    }
    RegionOptions options;
    options.compaction.auto_compact = auto_compact;
    // A listener given to Open hears of the compaction the open queues.
    std::atomic<int> compactions{0};
    RegionListener listener;
    listener.on_compaction = [&](const CompactionEvent&) { ++compactions; };
    auto region = Region::Open(options, dir.path(), Descriptor({Family("f")}), nullptr, nullptr,
                               listener);
    RL_QVERIFY_OK(region.status());
    RL_QVERIFY_OK((*region)->WaitForBackgroundWork());
    QCOMPARE((*region)->GetMetrics().store_files, files_after_open);
    QCOMPARE(compactions.load(), auto_compact ? 1 : 0);
    const auto rows = ScanAll(region->get());
    QCOMPARE(rows.size(), size_t(10));
    QCOMPARE(rows.front().cells.front().value, std::string("2"));
  }

  // A region closed cleanly has flushed every edit, so its WAL is gone and
  // the next open replays nothing; an aborted one keeps its WAL for replay.
  void cleanCloseLeavesNoWalToReplay_data() {
    QTest::addColumn<bool>("abort");
    QTest::newRow("close") << false;
    QTest::newRow("abort") << true;
  }
  void cleanCloseLeavesNoWalToReplay() {
    QFETCH(bool, abort);
    TempDir dir;
    {
      auto region = Region::Open(RegionOptions(), dir.path(), Descriptor({Family("f")}));
      RL_QVERIFY_OK(region.status());
      RL_QVERIFY_OK(PutRows(region->get(), 0, 50, "v"));
      RL_QVERIFY_OK((*region)->Flush());
      RL_QVERIFY_OK(PutRows(region->get(), 50, 50, "v"));
      RL_QVERIFY_OK(abort ? (*region)->Abort() : (*region)->Close());
    }
    auto segments = ListWalSegments(Env::Default(), dir.File("wal"));
    RL_QVERIFY_OK(segments.status());
    QCOMPARE(segments->empty(), !abort);
    RecoveryReport report;
    auto region = Region::Open(RegionOptions(), dir.path(), Descriptor({Family("f")}), nullptr,
                               &report);
    RL_QVERIFY_OK(region.status());
    QCOMPARE(report.wal_entries_replayed, quint64(abort ? 50 : 0));
    QCOMPARE(report.wal_entries_skipped, quint64(abort ? 50 : 0));
    QCOMPARE(ScanAll(region->get()).size(), size_t(100));
  }

  // hbase.hstore.compaction.min.size defaults to the store's flush size: a
  // window at least that big must pass the ratio test. A 200 KB file then
  // stays out of a compaction of three tiny ones under a 64 KiB flush size,
  // and joins them under a 1 MiB one.
  void compactionMinSizeFollowsTheFlushSize_data() {
    QTest::addColumn<quint64>("flush_size");
    QTest::addColumn<quint64>("files_after_open");
    QTest::newRow("64 KiB flush size: ratio excludes the big file")
        << quint64(64 << 10) << quint64(2);
    QTest::newRow("1 MiB flush size: all four are below it") << quint64(1 << 20) << quint64(1);
  }
  void compactionMinSizeFollowsTheFlushSize() {
    QFETCH(quint64, flush_size);
    QFETCH(quint64, files_after_open);
    TempDir dir;
    {
      auto region = Region::Open(WithoutCompactions(), dir.path(), Descriptor({Family("f")}));
      RL_QVERIFY_OK(region.status());
      RL_QVERIFY_OK(PutRows(region->get(), 100, 100, std::string(2000, 'b')));
      RL_QVERIFY_OK((*region)->Flush());
      for (int file = 0; file < 3; ++file) RL_QVERIFY_OK(FlushFile(region->get(), file));
      QCOMPARE((*region)->GetMetrics().store_files, quint64(4));
    }
    RegionOptions options;
    options.memstore_flush_size = flush_size;
    auto region = Region::Open(options, dir.path(), Descriptor({Family("f")}));
    RL_QVERIFY_OK(region.status());
    RL_QVERIFY_OK((*region)->WaitForBackgroundWork());
    QCOMPARE((*region)->GetMetrics().store_files, files_after_open);
    QCOMPARE(ScanAll(region->get()).size(), size_t(110));
  }

  // Flushes that ask for a compaction while one runs are not lost: the
  // request is served once the running compaction is done.
  void compactionRequestedDuringACompactionRunsAfterIt() {
    TempDir dir;
    auto region = Region::Open(RegionOptions(), dir.path(), Descriptor({Family("f")}));
    RL_QVERIFY_OK(region.status());
    Region* r = region->get();
    std::atomic<int> compactions{0};
    std::atomic<bool> flushed_during{true};
    RegionListener listener;
    listener.on_compaction = [&](const CompactionEvent&) {
      // Still inside the background compaction task: three more files,
      // each flush asking for a compaction.
      if (compactions++ == 0) {
        for (int file = 3; file < 6; ++file) flushed_during = flushed_during && FlushFile(r, file).ok();
      }
    };
    r->SetListener(listener);
    for (int file = 0; file < 3; ++file) RL_QVERIFY_OK(FlushFile(r, file));
    RL_QVERIFY_OK(r->WaitForBackgroundWork());
    QVERIFY(flushed_during);
    QCOMPARE(compactions.load(), 2);
    QCOMPARE(r->GetMetrics().store_files, quint64(1));
    QCOMPARE(ScanAll(r).front().cells.front().value, std::string("5"));
  }

  void referenceNamesRoundTrip() {
    StoreFileReference r{"abc123", "000000000007.sf", StoreFileReference::Half::kTop,
                         std::string("k\0\xff", 3)};
    StoreFileReference back;
    QVERIFY(ParseReferenceName(ReferenceName(r), &back));
    QCOMPARE(back.parent_region, r.parent_region);
    QCOMPARE(back.file, r.file);
    QVERIFY(back.half == r.half);
    QCOMPARE(back.split_row, r.split_row);
    QVERIFY(!ParseReferenceName("ref~a~b~sideways~00", &back));
    QVERIFY(!ParseReferenceName("ref~a~b~top~", &back));  // a half needs a split row
    QVERIFY(!ParseReferenceName("000000000001.sf", &back));
  }

  // An aborted region leaves its edits only in the (shared) WAL; split into
  // recovered.edits, they come back when the region opens.
  void abortThenRecoveredEditsReplay() {
    TempDir dir;
    WalOptions wo;
    wo.env = Env::Default();
    wo.dir = dir.File("server-wal");
    auto wal = Wal::Open(wo);
    RL_QVERIFY_OK(wal.status());
    auto desc = Descriptor({Family("f")});
    const std::string region_dir = dir.File("region");
    {
      auto region = Region::Open(RegionOptions(), region_dir, desc, wal->get());
      RL_QVERIFY_OK(region.status());
      for (int i = 0; i < 50; ++i) {
        RowMutation m;
        m.row = "row" + std::to_string(100 + i);
        m.Put("f", "q", "v");
        RL_QVERIFY_OK((*region)->Mutate(m));
      }
      RL_QVERIFY_OK((*region)->Abort());
    }
    RL_QVERIFY_OK((*wal)->Close());
    {
      auto region = Region::Open(RegionOptions(), region_dir, desc, nullptr);
      RL_QVERIFY_OK(region.status());
      QCOMPARE(ScanAll(region->get()).size(), size_t(0));  // nothing was flushed
    }
    // Split the server's WAL into the region's recovered.edits.
    WalOptions ro;
    ro.env = Env::Default();
    ro.dir = region_dir + "/recovered.edits";
    auto out = Wal::Open(ro);
    RL_QVERIFY_OK(out.status());
    WalReplayReport report;
    RL_QVERIFY_OK(ReplayWal(Env::Default(), wo.dir,
                            [&](const WalEntry& e) { return (*out)->Append({&e}, false); },
                            &report));
    RL_QVERIFY_OK((*out)->Close());
    auto region = Region::Open(RegionOptions(), region_dir, desc, nullptr);
    RL_QVERIFY_OK(region.status());
    QCOMPARE(ScanAll(region->get()).size(), size_t(50));
    QVERIFY(!Env::Default()->FileExists(region_dir + "/recovered.edits"));
    QCOMPARE((*region)->GetMetrics().store_files, quint64(1));  // flushed at open
  }
};

QTEST_GUILESS_MAIN(RegionOpsTest)
#include "region_ops_test.moc"
