// The read path's reuse, buffering and lazy seeks: results refilled in place
// give the same answers as fresh ones, reversed scans buffer each row (and
// fall back to a forward re-read for a row too large to buffer), a Get reads
// the same cells as a one-row scan across memstore and several store files,
// and a Get of explicit columns answered by newer data leaves older files
// unread without changing its answer (timestamps set by the client, every
// kind of delete marker, several versions and columns).
#include <QtTest>

#include "region_test_util.h"
#include "util/random.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

std::unique_ptr<Region> OpenRegion(const std::string& dir, RegionDescriptor desc,
                                   RegionOptions options = {}) {
  auto r = Region::Open(options, dir, desc);
  if (!r.ok()) qWarning("%s", r.status().ToString().c_str());
  return r.ok() ? std::move(*r) : nullptr;
}

std::string Qualifier(int i) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "q%05d", i);
  return buf;
}

// What a forward one-row scan returns for `row`: the reference for Gets.
QStringList ScanRow(Region* region, const std::string& row, int versions,
                    const std::vector<ColumnSpec>& columns = {}) {
  Scan scan;
  scan.start_row = row;
  scan.stop_row = row + '\0';
  scan.max_versions = versions;
  scan.columns = columns;
  const auto rows = ScanAll(region, scan);
  return rows.empty() ? QStringList() : Describe(rows.front().cells);
}

}  // namespace

class RegionReadPathTest : public QObject {
  Q_OBJECT

 private slots:
  // Gets into one reused RowResult: rows with more, fewer and no cells in
  // turn, each answered as a one-row scan answers it.
  void getIntoReusedResultMatchesScan() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("a", 3), Family("b", 3)}));
    QVERIFY(region);
    // Cells spread over three store files and the memstore, with versions,
    // a column delete and a family delete.
    for (int round = 0; round < 4; ++round) {
      for (int r = 0; r < 6; ++r) {
        RowMutation m;
        m.row = "row" + std::to_string(r);
        for (int q = 0; q <= r; ++q) {
          m.Put(r % 2 ? "a" : "b", Qualifier(q), "v" + std::to_string(round) + "-" + std::to_string(q),
                10 + round);
        }
        RL_QVERIFY_OK(region->Mutate(m));
      }
      if (round == 1) {
        RowMutation d;
        d.row = "row3";
        d.DeleteColumns("a", Qualifier(1), 11);
        RL_QVERIFY_OK(region->Mutate(d));
        RowMutation f;
        f.row = "row4";
        f.DeleteFamily("b", 10);
        RL_QVERIFY_OK(region->Mutate(f));
      }
      if (round < 3) RL_QVERIFY_OK(region->Flush());
    }
    RowResult reused;
    for (int pass = 0; pass < 2; ++pass) {
      for (const char* row : {"row5", "row0", "row3", "missing", "row4", "row1", "row5"}) {
        for (int versions : {1, 3}) {
          Get get;
          get.row = row;
          get.max_versions = versions;
          RL_QVERIFY_OK(region->DoGet(get, &reused));
          QCOMPARE(reused.row, std::string(row));
          QCOMPARE(Describe(reused.cells), ScanRow(region.get(), row, versions));
          auto fresh = region->DoGet(get);
          RL_QVERIFY_OK(fresh.status());
          QCOMPARE(Describe(fresh->cells), Describe(reused.cells));
        }
      }
    }
  }

  // NextBatch refills the vector it is given; rows and cells match a scan
  // read into fresh results, forward and reversed, whole rows and batches.
  void reusedBatchesMatchFreshResults_data() {
    QTest::addColumn<bool>("reversed");
    QTest::addColumn<int>("batch");
    QTest::newRow("forward") << false << -1;
    QTest::newRow("forward, batch 2") << false << 2;
    QTest::newRow("reversed") << true << -1;
    QTest::newRow("reversed, batch 3") << true << 3;
  }
  void reusedBatchesMatchFreshResults() {
    QFETCH(bool, reversed);
    QFETCH(int, batch);
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f", 2)}));
    QVERIFY(region);
    for (int r = 0; r < 40; ++r) {
      RowMutation m;
      m.row = "r" + std::to_string(100 + r);
      for (int q = 0; q < 1 + r % 5; ++q) m.Put("f", Qualifier(q), std::string(20 + r, 'x'), 5);
      RL_QVERIFY_OK(region->Mutate(m));
      if (r % 13 == 12) RL_QVERIFY_OK(region->Flush());
    }
    Scan scan;
    scan.reversed = reversed;
    scan.batch = batch;
    scan.caching = 7;
    QStringList expected;
    for (const auto& r : ScanAll(region.get(), scan)) expected << Describe(r.cells).join(",");

    auto scanner = region->GetScanner(scan);
    RL_QVERIFY_OK(scanner.status());
    std::vector<RowResult> rows;
    QStringList got;
    while ((*scanner)->NextBatch(&rows)) {
      QVERIFY(rows.size() <= 7u);
      for (const auto& r : rows) got << Describe(r.cells).join(",");
    }
    RL_QVERIFY_OK((*scanner)->status());
    QVERIFY(rows.empty());
    QCOMPARE(got, expected);
  }

  // A reversed scan over a row with more cells than it buffers (4096)
  // re-reads that row forward: the row comes back whole and in order, and
  // the rows around it too.
  void reversedScanOfRowLargerThanBuffer() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f", 1)}));
    QVERIFY(region);
    const int kWide = 5000;
    for (const char* row : {"a", "m", "z"}) {
      RowMutation m;
      m.row = row;
      const int cells = std::string(row) == "m" ? kWide : 3;
      for (int q = 0; q < cells; ++q) m.Put("f", Qualifier(q), "v" + std::to_string(q), 1);
      RL_QVERIFY_OK(region->Mutate(m));
    }
    RL_QVERIFY_OK(region->Flush());
    // A newer version of some of the wide row's cells, in the memstore.
    RowMutation newer;
    newer.row = "m";
    for (int q = 0; q < kWide; q += 7) newer.Put("f", Qualifier(q), "new", 2);
    RL_QVERIFY_OK(region->Mutate(newer));

    Scan forward;
    const auto expected = ScanAll(region.get(), forward);
    QCOMPARE(RowKeys(expected), QStringList({"a", "m", "z"}));
    QCOMPARE(static_cast<int>(expected[1].cells.size()), kWide);
    QCOMPARE(expected[1].cells[7].value, std::string("new"));

    Scan reversed;
    reversed.reversed = true;
    const auto rows = ScanAll(region.get(), reversed);
    QCOMPARE(RowKeys(rows), QStringList({"z", "m", "a"}));
    for (int i = 0; i < 3; ++i) QCOMPARE(Describe(rows[i].cells), Describe(expected[2 - i].cells));

    // Starting inside the range, and stopping before the first row.
    reversed.start_row = "n";
    reversed.stop_row = "a";
    const auto part = ScanAll(region.get(), reversed);
    QCOMPARE(RowKeys(part), QStringList({"m"}));
    QCOMPARE(Describe(part[0].cells), Describe(expected[1].cells));
  }

  // A Get of one column whose newest version is in the memstore reads no
  // block of the older files (their lazy seeks are never realised); when the
  // memstore has nothing for the row, only the newest file holding it is read.
  void explicitColumnGetLeavesOlderFilesUnread() {
    TempDir dir;
    RegionOptions options;
    options.compaction.auto_compact = false;  // keep the three files
    auto region = OpenRegion(dir.path(), Descriptor({Family("f", 1)}), options);
    QVERIFY(region);
    for (int round = 0; round < 3; ++round) {
      for (int r = 0; r < 50; ++r) {
        RowMutation m;
        m.row = "row" + std::to_string(r);
        m.Put("f", "v", "v" + std::to_string(round), 100 + round);
        RL_QVERIFY_OK(region->Mutate(m));
      }
      RL_QVERIFY_OK(region->Flush());
    }
    RowMutation m;
    m.row = "row7";
    m.Put("f", "v", "newest", 200);
    RL_QVERIFY_OK(region->Mutate(m));
    QCOMPARE(region->GetMetrics().store_files, uint64_t(3));

    Get get;
    get.columns = {{"f", "v", false}};
    RowResult r;
    auto lookups = [&] {
      const BlockCacheMetrics c = region->GetMetrics().block_cache;
      return c.hits + c.misses;
    };
    const uint64_t before = lookups();
    get.row = "row7";
    RL_QVERIFY_OK(region->DoGet(get, &r));
    QCOMPARE(Describe(r.cells), QStringList({"row7/f:v@200=newest"}));
    QCOMPARE(lookups(), before);  // answered by the memstore alone
    get.row = "row8";
    RL_QVERIFY_OK(region->DoGet(get, &r));
    QCOMPARE(Describe(r.cells), QStringList({"row8/f:v@102=v2"}));
    QCOMPARE(lookups(), before + 1);  // one block of the newest file
    // The whole family is read from every file (a column could be anywhere).
    get.columns.clear();
    RL_QVERIFY_OK(region->DoGet(get, &r));
    QCOMPARE(Describe(r.cells), QStringList({"row8/f:v@102=v2"}));
    QCOMPARE(lookups(), before + 4);
  }

  // Randomised: explicit-column Gets (lazy seeks, early end of row) return
  // exactly what the same one-row scans return, over cells with client
  // timestamps out of write order, every delete marker kind, several
  // versions and columns, spread over the memstore and many files.
  void explicitColumnGetsMatchScans() {
    TempDir dir;
    auto region = OpenRegion(dir.path(), Descriptor({Family("f", 3)}));
    QVERIFY(region);
    Random rnd(2024);
    const std::vector<std::string> qualifiers = {"a", "m", "v", "z"};
    auto row_of = [](uint64_t i) { return "r" + std::to_string(i); };
    for (int step = 0; step < 1500; ++step) {
      RowMutation m;
      m.row = row_of(rnd.Uniform(12));
      const std::string q = qualifiers[rnd.Uniform(qualifiers.size())];
      const int64_t ts = 1 + static_cast<int64_t>(rnd.Uniform(60));
      // Phases of puts alone leave files without markers (sought lazily).
      const bool puts_only = (step / 300) % 2 == 0;
      switch (puts_only ? 9 : rnd.Uniform(10)) {
        case 0: m.DeleteFamily("f", ts); break;
        case 1: m.DeleteColumns("f", q, ts); break;
        case 2: m.DeleteColumn("f", q, ts); break;
        case 3: m.DeleteFamilyVersion("f", ts); break;
        default: m.Put("f", q, "s" + std::to_string(step), ts); break;
      }
      RL_QVERIFY_OK(region->Mutate(m));
      if (step % 120 == 119) RL_QVERIFY_OK(region->Flush());
      if (step % 500 == 499) RL_QVERIFY_OK(region->Compact(/*major=*/false));
      if (step % 50 != 49) continue;
      for (uint64_t i = 0; i < 12; ++i) {
        for (int versions : {1, 3}) {
          std::vector<ColumnSpec> columns = {{"f", qualifiers[rnd.Uniform(4)], false}};
          if (rnd.OneIn(2)) columns.push_back({"f", qualifiers[rnd.Uniform(4)], false});
          Get get;
          get.row = row_of(i);
          get.max_versions = versions;
          get.columns = columns;
          RowResult r;
          RL_QVERIFY_OK(region->DoGet(get, &r));
          const QStringList expected = ScanRow(region.get(), get.row, versions, columns);
          QVERIFY2(Describe(r.cells) == expected,
                   qPrintable("step " + QString::number(step) + " row " +
                              QString::fromStdString(get.row) + ": " +
                              Describe(r.cells).join(",") + " vs " + expected.join(",")));
        }
      }
    }
    QVERIFY(region->GetMetrics().store_files >= 2);
  }
};

QTEST_GUILESS_MAIN(RegionReadPathTest)
#include "region_read_path_test.moc"
