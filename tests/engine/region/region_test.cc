// Region behaviour: the write path's limits, HBase's read semantics across
// memstore and store files, flush, compaction, reopen, MVCC and metrics.
#include <QtTest>
#include <atomic>
#include <thread>

#include "region_test_util.h"
#include "util/clock.h"

using namespace regionlab;
using namespace regionlab::test;

class RegionTest : public QObject {
  Q_OBJECT

  std::unique_ptr<Region> OpenRegion(const std::string& dir, RegionDescriptor desc,
                                     RegionOptions opts = {}) {
    auto r = Region::Open(opts, dir, desc);
    if (!r.ok()) qWarning("%s", r.status().ToString().c_str());
    return r.ok() ? std::move(*r) : nullptr;
  }

 private slots:
  void putGetAcrossFamilies() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("b"), Family("a")}));
    QVERIFY(region);
    RowMutation m;
    m.row = "row1";
    m.Put("b", "q2", "v-b2", 5).Put("a", "q1", "v-a1", 5).Put("b", "q1", "v-b1", 5);
    RL_QVERIFY_OK(region->Mutate(m));
    Get get;
    get.row = "row1";
    auto r = region->DoGet(get);
    RL_QVERIFY_OK(r.status());
    // Families ascending, then qualifiers ascending.
    QCOMPARE(Describe(r->cells),
             QStringList({"row1/a:q1@5=v-a1", "row1/b:q1@5=v-b1", "row1/b:q2@5=v-b2"}));
    get.columns = {{"b", "q2", false}};
    r = region->DoGet(get);
    QCOMPARE(Describe(r->cells), QStringList({"row1/b:q2@5=v-b2"}));
  }

  void limits_data() {
    QTest::addColumn<int>("rowLength");
    QTest::addColumn<int>("valueLength");
    QTest::addColumn<QString>("family");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QString>("errorPart");
    QTest::newRow("empty row") << 0 << 1 << "f" << false << "Row length is 0";
    QTest::newRow("row 32767") << 32767 << 1 << "f" << true << "";
    QTest::newRow("row 32768") << 32768 << 1 << "f" << false << "Row length 32768 is > 32767";
    // HBase's cell size: 4 + 4 + 2 + row + 1 + family + qualifier + 8 + 1 + value = 32 + value here.
    QTest::newRow("value at limit") << 10 << 40000 - 32 << "f" << true << "";
    QTest::newRow("value over limit") << 10 << 40000 - 31 << "f" << false
                                      << "Cell with size 40001 exceeds limit of 40000 bytes";
    QTest::newRow("unknown family") << 10 << 1 << "nope" << false << "Column family nope does not exist";
  }
  // Over a limit: a clear error, and nothing is written.
  void limits() {
    QFETCH(int, rowLength);
    QFETCH(int, valueLength);
    QFETCH(QString, family);
    QFETCH(bool, accepted);
    QFETCH(QString, errorPart);
    TempDir dir;
    RegionOptions opts;
    opts.max_cell_size = 40000;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}), opts);
    QVERIFY(region);
    RowMutation m;
    m.row = std::string(rowLength, 'r');
    // Two cells: the first is always valid, so "nothing written" covers it too.
    m.Put("f", "ok", "fine");
    m.Put(family.toStdString(), "q", std::string(valueLength, 'v'));
    Status s = region->Mutate(m);
    QCOMPARE(s.ok(), accepted);
    if (!accepted) {
      QVERIFY2(s.IsInvalidArgument(), s.ToString().c_str());
      QVERIFY2(QString::fromStdString(s.message()).contains(errorPart), s.ToString().c_str());
      QCOMPARE(ScanAll(region.get()).size(), size_t(0));
      QCOMPARE(region->GetMetrics().write_requests, quint64(0));
    } else {
      QCOMPARE(ScanAll(region.get()).size(), size_t(1));
    }
  }

  void rowOutsideRegionIsRefused() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}, "b", "d"));
    QVERIFY(region);
    for (const char* row : {"a", "d", "zz"}) {
      RowMutation m;
      m.row = row;
      m.Put("f", "q", "v");
      Status s = region->Mutate(m);
      QVERIFY2(!s.ok() && QString::fromStdString(s.message()).contains("out of range"), row);
    }
    RowMutation m;
    m.row = "c";
    m.Put("f", "q", "v");
    RL_QVERIFY_OK(region->Mutate(m));
  }

  void versionsKeptUpToFamilyLimit() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f", 3)}));
    QVERIFY(region);
    for (int ts = 1; ts <= 5; ++ts) {
      RowMutation m;
      m.row = "r";
      m.Put("f", "q", "v" + std::to_string(ts), ts);
      RL_QVERIFY_OK(region->Mutate(m));
    }
    Get get;
    get.row = "r";
    get.max_versions = 10;
    const QStringList expected = {"r/f:q@5=v5", "r/f:q@4=v4", "r/f:q@3=v3"};
    QCOMPARE(Describe(region->DoGet(get)->cells), expected);
    RL_QVERIFY_OK(region->Flush());
    QCOMPARE(Describe(region->DoGet(get)->cells), expected);
    RL_QVERIFY_OK(region->Compact(true));
    QCOMPARE(Describe(region->DoGet(get)->cells), expected);
    get.max_versions = 1;
    QCOMPARE(Describe(region->DoGet(get)->cells), QStringList({"r/f:q@5=v5"}));
  }

  // HBase: a delete masks puts with older or equal timestamps even when they
  // are written later, until a major compaction removes the marker.
  void deleteMasksLaterPutsUntilMajorCompaction() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f", 5)}));
    QVERIFY(region);
    RowMutation del;
    del.row = "r";
    del.DeleteColumns("f", "q", 200);
    RL_QVERIFY_OK(region->Mutate(del));
    RowMutation put;
    put.row = "r";
    put.Put("f", "q", "old", 100);
    RL_QVERIFY_OK(region->Mutate(put));
    Get get;
    get.row = "r";
    QVERIFY(region->DoGet(get)->cells.empty());
    RL_QVERIFY_OK(region->Flush());
    QVERIFY(region->DoGet(get)->cells.empty());
    RL_QVERIFY_OK(region->Compact(true));  // drops the marker and the masked put
    QVERIFY(region->DoGet(get)->cells.empty());
    RL_QVERIFY_OK(region->Mutate(put));  // the same put again: now visible
    QCOMPARE(Describe(region->DoGet(get)->cells), QStringList({"r/f:q@100=old"}));
  }

  void deleteTypes_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<qint64>("ts");
    QTest::addColumn<QStringList>("expected");
    // Puts: q1@10, q1@20, q2@10, q2@20.
    QTest::newRow("Delete q1@10 (one version)") << int(CellType::kDelete) << qint64(10)
        << QStringList({"r/f:q1@20=a20", "r/f:q2@20=b20", "r/f:q2@10=b10"});
    QTest::newRow("DeleteColumn q1@20 (all <= 20)") << int(CellType::kDeleteColumn) << qint64(20)
        << QStringList({"r/f:q2@20=b20", "r/f:q2@10=b10"});
    QTest::newRow("DeleteColumn q1@15") << int(CellType::kDeleteColumn) << qint64(15)
        << QStringList({"r/f:q1@20=a20", "r/f:q2@20=b20", "r/f:q2@10=b10"});
    QTest::newRow("DeleteFamily @15") << int(CellType::kDeleteFamily) << qint64(15)
        << QStringList({"r/f:q1@20=a20", "r/f:q2@20=b20"});
    QTest::newRow("DeleteFamilyVersion @20") << int(CellType::kDeleteFamilyVersion) << qint64(20)
        << QStringList({"r/f:q1@10=a10", "r/f:q2@10=b10"});
  }
  void deleteTypes() {
    QFETCH(int, type);
    QFETCH(qint64, ts);
    QFETCH(QStringList, expected);
    for (int flushBetween = 0; flushBetween < 2; ++flushBetween) {
      TempDir dir;
      auto region = OpenRegion(dir.path(), Descriptor({Family("f", 5)}));
      QVERIFY(region);
      RowMutation put;
      put.row = "r";
      put.Put("f", "q1", "a10", 10).Put("f", "q1", "a20", 20).Put("f", "q2", "b10", 10).Put(
          "f", "q2", "b20", 20);
      RL_QVERIFY_OK(region->Mutate(put));
      if (flushBetween) RL_QVERIFY_OK(region->Flush());
      RowMutation del;
      del.row = "r";
      const bool familyWide = CellType(type) == CellType::kDeleteFamily ||
                              CellType(type) == CellType::kDeleteFamilyVersion;
      del.cells.push_back({"f", familyWide ? "" : "q1", ts, CellType(type), {}});
      RL_QVERIFY_OK(region->Mutate(del));
      Get get;
      get.row = "r";
      get.max_versions = 5;
      QCOMPARE(Describe(region->DoGet(get)->cells), expected);
      RL_QVERIFY_OK(region->Flush());
      RL_QVERIFY_OK(region->Compact(true));
      QCOMPARE(Describe(region->DoGet(get)->cells), expected);
    }
  }

  // Delete.addColumn without a timestamp deletes the newest version only.
  void deleteLatestVersion() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f", 5)}));
    QVERIFY(region);
    RowMutation put;
    put.row = "r";
    put.Put("f", "q", "v1", 1).Put("f", "q", "v2", 2);
    RL_QVERIFY_OK(region->Mutate(put));
    RowMutation del;
    del.row = "r";
    del.DeleteColumn("f", "q");
    RL_QVERIFY_OK(region->Mutate(del));
    Get get;
    get.row = "r";
    get.max_versions = 5;
    QCOMPARE(Describe(region->DoGet(get)->cells), QStringList({"r/f:q@1=v1"}));
  }

  void ttlAndMinVersions() {
    TempDir dir;
    ManualClock clock(1'000'000);
    RegionOptions opts;
    opts.clock = &clock;
    FamilyOptions f = Family("f", 5);
    f.ttl_seconds = 10;
    FamilyOptions g = Family("g", 5);
    g.ttl_seconds = 10;
    g.min_versions = 1;
    auto region = OpenRegion(dir.path(), Descriptor({f, g}), opts);
    QVERIFY(region);
    RowMutation put;
    put.row = "r";
    put.Put("f", "q", "f1", 995'000).Put("f", "q", "f2", 999'000);
    put.Put("g", "q", "g1", 995'000).Put("g", "q", "g2", 999'000);
    RL_QVERIFY_OK(region->Mutate(put));
    Get get;
    get.row = "r";
    get.max_versions = 5;
    QCOMPARE(region->DoGet(get)->cells.size(), size_t(4));
    clock.Set(1'006'000);  // f1/g1 expired (older than now - 10 s)
    QCOMPARE(Describe(region->DoGet(get)->cells),
             QStringList({"r/f:q@999000=f2", "r/g:q@999000=g2"}));
    clock.Set(1'020'000);  // everything expired; MIN_VERSIONS 1 keeps g's newest
    QCOMPARE(Describe(region->DoGet(get)->cells), QStringList({"r/g:q@999000=g2"}));
    RL_QVERIFY_OK(region->Flush());
    RL_QVERIFY_OK(region->Compact(true));
    QCOMPARE(Describe(region->DoGet(get)->cells), QStringList({"r/g:q@999000=g2"}));
    QCOMPARE(region->GetMetrics().stores[0].store_files, quint64(0));  // f: all expired, no file
  }

  // Reads look at the clock only for TTL: a Get or scan of a region whose
  // families keep their cells forever never reads it, one with a TTL family
  // reads it and still hides the expired cells.
  void readsConsultTheClockOnlyForTtl_data() {
    QTest::addColumn<int>("ttl_seconds");  // of family f; family g keeps cells forever
    QTest::addColumn<bool>("scan");
    QTest::addColumn<bool>("clock_read");
    QTest::newRow("no TTL, get") << 0 << false << false;
    QTest::newRow("no TTL, scan") << 0 << true << false;
    QTest::newRow("TTL on one family, get") << 10 << false << true;
    QTest::newRow("TTL on one family, scan") << 10 << true << true;
  }
  void readsConsultTheClockOnlyForTtl() {
    QFETCH(int, ttl_seconds);
    QFETCH(bool, scan);
    QFETCH(bool, clock_read);
    class CountingClock final : public Clock {
     public:
      int64_t NowMillis() const override {
        reads.fetch_add(1);
        return 1'000'000;
      }
      mutable std::atomic<int> reads{0};
    } clock;
    TempDir dir;
    RegionOptions opts;
    opts.clock = &clock;
    opts.compaction.auto_compact = false;
    FamilyOptions f = Family("f", 1);
    if (ttl_seconds > 0) f.ttl_seconds = ttl_seconds;
    auto region = OpenRegion(dir.path(), Descriptor({f, Family("g", 1)}), opts);
    QVERIFY(region);
    RowMutation put;
    put.row = "r";
    put.Put("f", "q", "old", 900'000).Put("f", "q2", "new", 999'000).Put("g", "q", "g", 900'000);
    RL_QVERIFY_OK(region->Mutate(put));
    RL_QVERIFY_OK(region->Flush());
    clock.reads = 0;
    QStringList cells;
    if (scan) {
      auto scanner = region->GetScanner(Scan{});
      QVERIFY(scanner.ok());
      RowResult row;
      while ((*scanner)->Next(&row)) cells += Describe(row.cells);
      RL_QVERIFY_OK((*scanner)->status());
    } else {
      Get get;
      get.row = "r";
      cells = Describe(region->DoGet(get)->cells);
    }
    QCOMPARE(clock.reads.load() > 0, clock_read);
    // With a 10 s TTL at 1,000,000 ms, f's cell of 900,000 has expired.
    const QStringList expected =
        ttl_seconds > 0 ? QStringList({"r/f:q2@999000=new", "r/g:q@900000=g"})
                        : QStringList({"r/f:q@900000=old", "r/f:q2@999000=new", "r/g:q@900000=g"});
    QCOMPARE(cells, expected);
  }

  void timeRange() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f", 10)}));
    QVERIFY(region);
    for (int ts : {10, 20, 30, 40}) {
      RowMutation m;
      m.row = "r";
      m.Put("f", "q", "v" + std::to_string(ts), ts);
      RL_QVERIFY_OK(region->Mutate(m));
      if (ts == 20) RL_QVERIFY_OK(region->Flush());
    }
    Get get;
    get.row = "r";
    get.max_versions = 10;
    get.min_timestamp = 20;
    get.max_timestamp = 40;  // [20, 40)
    QCOMPARE(Describe(region->DoGet(get)->cells), QStringList({"r/f:q@30=v30", "r/f:q@20=v20"}));
    get.max_versions = 1;
    QCOMPARE(Describe(region->DoGet(get)->cells), QStringList({"r/f:q@30=v30"}));
  }

  void scanRangesReversedLimitBatch() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f"), Family("g")}));
    QVERIFY(region);
    for (char c = 'a'; c <= 'j'; ++c) {
      RowMutation m;
      m.row = std::string(1, c);
      m.Put("f", "q1", "x", 1).Put("f", "q2", "x", 1).Put("g", "q", "y", 1);
      RL_QVERIFY_OK(region->Mutate(m));
      if (c == 'e') RL_QVERIFY_OK(region->Flush());
    }
    Scan scan;
    scan.start_row = "c";
    scan.stop_row = "g";
    QCOMPARE(RowKeys(ScanAll(region.get(), scan)), QStringList({"c", "d", "e", "f"}));
    scan.reversed = true;
    scan.start_row = "g";
    scan.stop_row = "c";
    QCOMPARE(RowKeys(ScanAll(region.get(), scan)), QStringList({"g", "f", "e", "d"}));
    scan = Scan();
    scan.reversed = true;
    scan.limit = 3;
    QCOMPARE(RowKeys(ScanAll(region.get(), scan)), QStringList({"j", "i", "h"}));
    scan = Scan();
    scan.start_row = "b";
    scan.stop_row = "d";
    scan.batch = 2;  // 3 cells per row -> results of 2 and 1 cells
    auto rows = ScanAll(region.get(), scan);
    QCOMPARE(rows.size(), size_t(4));
    QCOMPARE(rows[0].cells.size(), size_t(2));
    QCOMPARE(rows[1].cells.size(), size_t(1));
    QCOMPARE(RowKeys(rows), QStringList({"b", "b", "c", "c"}));
    scan = Scan();
    scan.caching = 4;
    auto scanner = region->GetScanner(scan);
    RL_QVERIFY_OK(scanner.status());
    std::vector<RowResult> page;
    QVERIFY((*scanner)->NextBatch(&page));
    QCOMPARE(page.size(), size_t(4));
    QCOMPARE(page[0].row, std::string("a"));
  }

  void invalidReadsAreRefused_data() {
    QTest::addColumn<int>("versions");
    QTest::addColumn<qint64>("minTs");
    QTest::addColumn<qint64>("maxTs");
    QTest::addColumn<bool>("rawWithColumn");
    QTest::addColumn<QString>("errorPart");
    QTest::newRow("versions 0") << 0 << qint64(0) << qint64(10) << false << "VERSIONS must be at least 1";
    QTest::newRow("negative min") << 1 << qint64(-1) << qint64(10) << false << "TIMERANGE";
    QTest::newRow("max before min") << 1 << qint64(10) << qint64(5) << false << "TIMERANGE";
    QTest::newRow("raw with a column") << 1 << qint64(0) << qint64(10) << true
                                       << "Cannot specify any column for a raw scan";
  }
  void invalidReadsAreRefused() {
    QFETCH(int, versions);
    QFETCH(qint64, minTs);
    QFETCH(qint64, maxTs);
    QFETCH(bool, rawWithColumn);
    QFETCH(QString, errorPart);
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}));
    QVERIFY(region);
    Scan scan;
    scan.max_versions = versions;
    scan.min_timestamp = minTs;
    scan.max_timestamp = maxTs;
    if (rawWithColumn) {
      scan.raw = true;
      scan.columns = {{"f", "q", false}};
    }
    auto s = region->GetScanner(scan);
    QVERIFY(!s.ok() && s.status().IsInvalidArgument());
    QVERIFY2(QString::fromStdString(s.status().message()).contains(errorPart),
             s.status().ToString().c_str());
    Get get;
    get.row = "r";
    get.max_versions = versions;
    get.min_timestamp = minTs;
    get.max_timestamp = maxTs;
    get.raw = rawWithColumn;
    if (rawWithColumn) get.columns = scan.columns;
    QVERIFY(!region->DoGet(get).ok());
  }

  // RAW returns delete markers and the cells they mask; TTL does not apply.
  void rawScanShowsMarkersAndMaskedCells() {
    TempDir dir;
    ManualClock clock(1'000'000);
    RegionOptions opts;
    opts.clock = &clock;
    FamilyOptions f = Family("f", 5);
    f.ttl_seconds = 10;
    auto region = OpenRegion(dir.path(), Descriptor({f}), opts);
    QVERIFY(region);
    RowMutation m;
    m.row = "r";
    m.Put("f", "q", "v1", 999'000).Put("f", "q", "v2", 999'500);
    RL_QVERIFY_OK(region->Mutate(m));
    RowMutation d;
    d.row = "r";
    d.DeleteColumn("f", "q", 999'500);
    RL_QVERIFY_OK(region->Mutate(d));
    Scan scan;
    scan.raw = true;
    scan.max_versions = 10;
    auto rows = ScanAll(region.get(), scan);
    QCOMPARE(rows.size(), size_t(1));
    QCOMPARE(Describe(rows[0].cells),
             QStringList({"r/f:q@999500=", "r/f:q@999500=v2", "r/f:q@999000=v1"}));
    QCOMPARE(rows[0].cells[0].type, CellType::kDelete);
    // A flush, like HBase's, keeps the marker but drops the put it masks.
    RL_QVERIFY_OK(region->Flush());
    rows = ScanAll(region.get(), scan);
    QCOMPARE(Describe(rows[0].cells), QStringList({"r/f:q@999500=", "r/f:q@999000=v1"}));
    clock.Set(2'000'000);  // everything expired: a raw scan ignores TTL, a normal one does not
    rows = ScanAll(region.get(), scan);
    QCOMPARE(rows.size(), size_t(1));
    QCOMPARE(rows[0].cells.size(), size_t(2));
    QVERIFY(ScanAll(region.get()).empty());
  }

  // Compactions read store files without the block cache (as HBase's
  // compaction scanners do), so they neither evict nor skew the hit ratio.
  void compactionBypassesBlockCache() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}));
    QVERIFY(region);
    for (int f = 0; f < 3; ++f) {
      for (int i = 0; i < 200; ++i) {
        RowMutation m;
        m.row = "row" + std::to_string(1000 + i);
        m.durability = Durability::kSkipWal;
        m.Put("f", "q" + std::to_string(f), std::string(100, 'v'));
        RL_QVERIFY_OK(region->Mutate(m));
      }
      RL_QVERIFY_OK(region->Flush());
    }
    RL_QVERIFY_OK(region->WaitForBackgroundWork());
    const BlockCacheMetrics before = region->GetMetrics().block_cache;
    RL_QVERIFY_OK(region->Compact(true));
    const RegionMetrics after = region->GetMetrics();
    QCOMPARE(after.store_files, quint64(1));
    QCOMPARE(after.block_cache.misses, before.misses);
    QCOMPARE(after.block_cache.hits, before.hits);
    QCOMPARE(after.block_cache.blocks, quint64(0));
  }

  // SKIP_WAL writes go to the memstore only; SYNC_WAL and ASYNC_WAL are logged.
  void durabilityDecidesWhatIsLogged_data() {
    QTest::addColumn<int>("durability");
    QTest::addColumn<bool>("logged");
    QTest::newRow("SKIP_WAL") << int(Durability::kSkipWal) << false;
    QTest::newRow("ASYNC_WAL") << int(Durability::kAsyncWal) << true;
    QTest::newRow("SYNC_WAL") << int(Durability::kSyncWal) << true;
    QTest::newRow("USE_DEFAULT (SYNC_WAL)") << int(Durability::kUseDefault) << true;
  }
  void durabilityDecidesWhatIsLogged() {
    QFETCH(int, durability);
    QFETCH(bool, logged);
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}));
    QVERIFY(region);
    const RegionMetrics before = region->GetMetrics();
    RowMutation m;
    m.row = "r";
    m.durability = Durability(durability);
    m.Put("f", "q", "v");
    RL_QVERIFY_OK(region->Mutate(m));
    const RegionMetrics after = region->GetMetrics();
    QCOMPARE(after.wal_appends > before.wal_appends, logged);
    if (Durability(durability) == Durability::kSyncWal ||
        Durability(durability) == Durability::kUseDefault) {
      QVERIFY(after.wal_syncs > before.wal_syncs);  // synced before the write returned
    }
    QCOMPARE(ScanAll(region.get()).size(), size_t(1));
  }

  // A scanner sees the region as of its creation (MVCC read point).
  void scannerSnapshotIgnoresLaterWrites() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}));
    QVERIFY(region);
    RowMutation m;
    m.row = "a";
    m.Put("f", "q", "1");
    RL_QVERIFY_OK(region->Mutate(m));
    auto scanner = region->GetScanner(Scan());
    RL_QVERIFY_OK(scanner.status());
    m.row = "b";
    RL_QVERIFY_OK(region->Mutate(m));
    RowResult r;
    QVERIFY((*scanner)->Next(&r));
    QCOMPARE(r.row, std::string("a"));
    QVERIFY(!(*scanner)->Next(&r));
    QCOMPARE(ScanAll(region.get()).size(), size_t(2));
  }

  void reopenKeepsFlushedAndUnflushedData() {
    TempDir dir;
    auto desc = Descriptor({Family("f")});
    {
      auto region = OpenRegion(dir.path(), desc);
      QVERIFY(region);
      for (int i = 0; i < 100; ++i) {
        RowMutation m;
        m.row = "row" + std::to_string(1000 + i);
        m.Put("f", "q", std::to_string(i));
        RL_QVERIFY_OK(region->Mutate(m));
        if (i == 49) RL_QVERIFY_OK(region->Flush());
      }
    }
    auto region = OpenRegion(dir.path(), desc);
    QVERIFY(region);
    auto rows = ScanAll(region.get());
    QCOMPARE(rows.size(), size_t(100));
    QCOMPARE(rows[99].cells[0].value, std::string("99"));
    // Sequence ids continue after the recovered ones.
    const uint64_t before = region->GetMetrics().last_sequence_id;
    QVERIFY(before >= 100);
    RowMutation m;
    m.row = "zz";
    m.Put("f", "q", "x");
    RL_QVERIFY_OK(region->Mutate(m));
    QVERIFY(region->GetMetrics().last_sequence_id > before);
  }

  // RollWal deletes the segments whose edits are flushed and keeps one that
  // still holds unflushed edits; after a reopen every write is back.
  void rollWalDeletesFlushedSegments() {
    TempDir dir;
    auto desc = Descriptor({Family("f")});
    auto segments = [&] { return test::FileNames(dir.File("wal")); };
    auto put = [](Region* region, const std::string& row) {
      RowMutation m;
      m.row = row;
      m.Put("f", "q", "v-" + row);
      return region->Mutate(m);
    };
    {
      auto region = OpenRegion(dir.path(), desc);
      QVERIFY(region);
      RL_QVERIFY_OK(put(region.get(), "a"));
      const std::vector<std::string> first = segments();
      QCOMPARE(first.size(), size_t(1));
      RL_QVERIFY_OK(region->RollWal());  // "a" is only in the memstore: the segment stays
      QCOMPARE(segments().size(), size_t(2));
      QCOMPARE(segments().front(), first.front());
      RL_QVERIFY_OK(put(region.get(), "b"));
      RL_QVERIFY_OK(region->Flush());
      RL_QVERIFY_OK(region->RollWal());
      const std::vector<std::string> rolled = segments();
      QCOMPARE(rolled.size(), size_t(1));
      QVERIFY(rolled.front() > first.front());
      RL_QVERIFY_OK(put(region.get(), "c"));  // only in the memstore and the new segment
      RL_QVERIFY_OK(region->Abort());
      const Status closed = region->RollWal();
      QVERIFY(closed.IsInvalidArgument());
      QVERIFY2(closed.ToString().find("is closed") != std::string::npos, closed.ToString().c_str());
    }
    auto region = OpenRegion(dir.path(), desc);
    QVERIFY(region);
    auto rows = ScanAll(region.get());
    QCOMPARE(rows.size(), size_t(3));
    QCOMPARE(rows[2].cells[0].value, std::string("v-c"));
  }

  void flushBySizeAndMinorCompaction() {
    TempDir dir;
    RegionOptions opts;
    opts.memstore_flush_size = 16 * 1024;
    opts.compaction.min_size = 1;  // so the ratio rule applies to our tiny files
    // Declared before the region: its closing flush still reports to them.
    std::vector<FlushEvent> flushes;
    std::vector<CompactionEvent> compactions;
    std::mutex mu;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}), opts);
    QVERIFY(region);
    region->SetListener({[&](const FlushEvent& e) { std::lock_guard l(mu); flushes.push_back(e); },
                         [&](const CompactionEvent& e) {
                           std::lock_guard l(mu);
                           compactions.push_back(e);
                         },
                         nullptr});
    for (int i = 0; i < 2000; ++i) {
      RowMutation m;
      m.row = "row" + std::to_string(100000 + i);
      m.Put("f", "q", std::string(100, 'x'));
      RL_QVERIFY_OK(region->Mutate(m));
    }
    RL_QVERIFY_OK(region->WaitForBackgroundWork());
    std::lock_guard l(mu);
    QVERIFY2(flushes.size() >= 5, qPrintable(QString::number(flushes.size())));
    QCOMPARE(flushes[0].reason, FlushReason::kSize);
    QVERIFY(!compactions.empty());
    RegionMetrics m = region->GetMetrics();
    QVERIFY(m.compactions >= 1);
    QVERIFY(m.store_files < m.flushes);  // compaction merged files
    QCOMPARE(ScanAll(region.get()).size(), size_t(2000));
  }

  // HBase's off-peak hours: inside them one compaction at a time per region
  // server selects with hbase.hstore.compaction.ratio.offpeak (5.0). Files of
  // 2000, 200, 30 and 30 KB: at 1.2 nothing is in ratio (200 > 1.2 x 60); at
  // 5.0 the newest three are (200 <= 5 x 60) but the oldest is not
  // (2000 > 5 x 260), so an off-peak compaction leaves 2 files and, not
  // taking every file, counts as off-peak.
  void offPeakCompaction_data() {
    QTest::addColumn<int>("startFromNow");  // off-peak start, hours after the clock's hour; -1 none
    QTest::addColumn<int>("endFromNow");
    QTest::addColumn<bool>("slotTaken");  // another off-peak compaction runs on the server
    QTest::addColumn<quint64>("files");
    QTest::addColumn<bool>("offPeakEvent");
    QTest::newRow("no off-peak hours") << -1 << -1 << false << quint64(4) << false;
    QTest::newRow("inside: this hour only") << 0 << 1 << false << quint64(2) << true;
    QTest::newRow("inside: wraps past midnight") << 0 << 23 << false << quint64(2) << true;
    QTest::newRow("outside: the next hour") << 1 << 2 << false << quint64(4) << false;
    QTest::newRow("outside: every hour but this") << 1 << 0 << false << quint64(4) << false;
    QTest::newRow("start = end: none") << 0 << 0 << false << quint64(4) << false;
    QTest::newRow("inside, slot taken: peak ratio") << 0 << 1 << true << quint64(4) << false;
  }
  void offPeakCompaction() {
    QFETCH(int, startFromNow);
    QFETCH(int, endFromNow);
    QFETCH(bool, slotTaken);
    QFETCH(quint64, files);
    QFETCH(bool, offPeakEvent);
    TempDir dir;
    ManualClock clock(1'700'000'000'000);
    const int hour = LocalHourOf(clock.NowMillis());
    std::atomic<bool> slot{slotTaken};
    RegionOptions opts;
    opts.clock = &clock;
    opts.off_peak_compaction = &slot;
    opts.compaction.auto_compact = false;
    opts.compaction.min_size = 1;
    if (startFromNow >= 0) {
      opts.compaction.offpeak_start_hour = (hour + startFromNow) % 24;
      opts.compaction.offpeak_end_hour = (hour + endFromNow) % 24;
    }
    std::vector<CompactionEvent> compactions;
    std::mutex mu;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}), opts);
    QVERIFY(region);
    region->SetListener({nullptr,
                         [&](const CompactionEvent& e) {
                           std::lock_guard l(mu);
                           compactions.push_back(e);
                         },
                         nullptr});
    int row = 0;
    for (int rows : {1000, 100, 15, 15}) {
      for (int i = 0; i < rows; ++i, ++row) {
        RowMutation m;
        m.row = "r" + std::to_string(10000 + row);
        m.Put("f", "q", std::string(2000, 'v'));
        RL_QVERIFY_OK(region->Mutate(m));
      }
      RL_QVERIFY_OK(region->Flush());
    }
    QCOMPARE(region->GetMetrics().stores[0].store_files, quint64(4));
    RL_QVERIFY_OK(region->Compact(/*major=*/false));
    QCOMPARE(region->GetMetrics().stores[0].store_files, files);
    {
      std::lock_guard l(mu);
      QCOMPARE(compactions.size(), size_t(files == 4 ? 0 : 1));
      if (!compactions.empty()) QCOMPARE(compactions[0].off_peak, offPeakEvent);
    }
    // The slot is back (or still the other compaction's).
    QCOMPARE(slot.load(), slotTaken);
    QCOMPARE(ScanAll(region.get()).size(), size_t(1130));
  }

  void globalMemstorePressureFlushes() {
    TempDir dir;
    GlobalMemStoreTracker tracker;
    tracker.limit = 64 * 1024;
    RegionOptions opts;
    opts.global_memstore = &tracker;
    FlushReason reason = FlushReason::kManual;
    std::atomic<int> count{0};
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}), opts);
    QVERIFY(region);
    region->SetListener({[&](const FlushEvent& e) {
                           reason = e.reason;
                           ++count;
                         },
                         nullptr, nullptr});
    for (int i = 0; i < 1000 && count == 0; ++i) {
      RowMutation m;
      m.row = "row" + std::to_string(i);
      m.Put("f", "q", std::string(200, 'x'));
      RL_QVERIFY_OK(region->Mutate(m));
    }
    RL_QVERIFY_OK(region->WaitForBackgroundWork());
    QVERIFY(count > 0);
    QCOMPARE(reason, FlushReason::kGlobalPressure);
    QVERIFY(tracker.bytes.load() < int64_t(tracker.limit));
    region.reset();
    QCOMPARE(tracker.bytes.load(), int64_t(0));
  }

  // Concurrent SYNC_WAL writers share WAL syncs (group commit).
  void groupCommitSharesSyncs() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}));
    QVERIFY(region);
    constexpr int kThreads = 8, kPerThread = 100;
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < kPerThread; ++i) {
          RowMutation m;
          m.row = "t" + std::to_string(t) + "-" + std::to_string(i);
          m.Put("f", "q", "v");
          if (!region->Mutate(m).ok()) ++failures;
        }
      });
    }
    for (auto& th : threads) th.join();
    QCOMPARE(failures.load(), 0);
    RegionMetrics m = region->GetMetrics();
    QCOMPARE(m.write_requests, quint64(kThreads * kPerThread));
    QVERIFY2(m.wal_syncs < quint64(kThreads * kPerThread),
             qPrintable(QString("syncs %1").arg(m.wal_syncs)));
    QCOMPARE(ScanAll(region.get()).size(), size_t(kThreads * kPerThread));
  }

  // Every row a scan returns is one read request (HBase's readRequestsCount),
  // counted by the time the scan ends or its scanner is dropped.
  void scannedRowsCountAsReadRequests() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}));
    QVERIFY(region);
    RL_QVERIFY_OK(PutRows(region.get(), 1000, 300, "v"));
    QCOMPARE(ScanAll(region.get()).size(), size_t(300));
    QCOMPARE(region->GetMetrics().read_requests, quint64(300));
    {
      auto scanner = region->GetScanner(Scan());
      RL_QVERIFY_OK(scanner.status());
      RowResult row;
      for (int i = 0; i < 70; ++i) QVERIFY((*scanner)->Next(&row));
      QVERIFY(region->GetMetrics().read_requests >= quint64(300 + 64));
    }  // dropped part way: the rest of its rows are counted
    QCOMPARE(region->GetMetrics().read_requests, quint64(370));
  }

  void metricsTrackMemstoreFilesAndCache() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f")}));
    QVERIFY(region);
    RL_QVERIFY_OK(PutRows(region.get(), 1000, 500, std::string(50, 'v')));
    RegionMetrics m = region->GetMetrics();
    QVERIFY(m.memstore_heap_bytes > 500 * 50);
    QCOMPARE(m.store_files, quint64(0));
    RL_QVERIFY_OK(region->Flush());
    m = region->GetMetrics();
    QCOMPARE(m.memstore_heap_bytes, quint64(0));
    QCOMPARE(m.store_files, quint64(1));
    QVERIFY(m.store_file_bytes > 0);
    QCOMPARE(m.stores[0].store_file_cells, quint64(500));
    QCOMPARE(m.flushes, quint64(1));
    const uint64_t misses = m.block_cache.misses;
    Get get;
    get.row = "row1200";
    QCOMPARE(region->DoGet(get)->cells.size(), size_t(1));
    QCOMPARE(region->DoGet(get)->cells.size(), size_t(1));
    m = region->GetMetrics();
    QVERIFY(m.block_cache.misses > misses);
    QVERIFY(m.block_cache.hits >= 1);
    QCOMPARE(m.read_requests, quint64(2));
    // A row that is not there is answered by the bloom filter: no block read.
    const uint64_t misses_before = m.block_cache.misses, hits_before = m.block_cache.hits;
    get.row = "row1200x";  // inside the file's key range, not in it
    QVERIFY(region->DoGet(get)->cells.empty());
    m = region->GetMetrics();
    QCOMPARE(m.block_cache.misses + m.block_cache.hits, misses_before + hits_before);
  }
};

QTEST_GUILESS_MAIN(RegionTest)
#include "region_test.moc"
