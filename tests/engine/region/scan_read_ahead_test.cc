// Read-ahead for scans with a row limit (region/scan_read_ahead.h): which
// blocks PlanScanReadAhead queues -- the later files' seek blocks first, then
// round-robin the blocks after each seek block, as many as the limit is
// expected to cross in that file, capped, and never past the stop row's block
// or the file's end -- and, on a region, that such a scan queues them when it
// opens and then finds them cached, that reads without a limit, reversed
// scans, Gets and scans that do not cache blocks queue nothing, and that the
// rows returned are the same either way.
#include "region/scan_read_ahead.h"

#include <QtTest>

#include "cache/block_cache.h"
#include "region_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// "seek/last/blocks/rows;..." -> files.
std::vector<ScanAheadFile> ParseFiles(const QString& spec) {
  std::vector<ScanAheadFile> files;
  for (const QString& f : spec.split(';', Qt::SkipEmptyParts)) {
    const QStringList p = f.split('/');
    if (p.size() != 4) qFatal("bad file spec %s", qPrintable(f));
    files.push_back(
        {p[0].toULongLong(), p[1].toULongLong(), p[2].toULongLong(), p[3].toULongLong()});
  }
  return files;
}

// Requests as "file:block file:block ...".
QString Describe(const std::vector<ScanAheadRequest>& requests) {
  QStringList out;
  for (const auto& r : requests) out << QString("%1:%2").arg(r.file).arg(r.block);
  return out.join(' ');
}

std::string Row(int i) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "row%05d", i);
  return buf;
}

}  // namespace

class ScanReadAheadTest : public QObject {
  Q_OBJECT

 private slots:
  void plan_data() {
    QTest::addColumn<QString>("files");
    QTest::addColumn<qulonglong>("limit");
    QTest::addColumn<QString>("expected");
    // The benchmark's layout at seekrandom: every row in the old file, 55%
    // of them again in the newer one; 100 rows cross 3.0 blocks of the old
    // file and 1.67 of the newer one.
    QTest::newRow("two files: the second's seek block, then round-robin")
        << "100/29999/30000/1000000;55/16699/16700/550000" << 100ull
        << "1:55 0:101 1:56 0:102 1:57 0:103";
    QTest::newRow("one file: its seek block is the scan's own")
        << "10/999/1000/33000" << 100ull << "0:11 0:12 0:13";
    QTest::newRow("a one-row scan loads no block ahead") << "10/999/1000/33000" << 1ull << "";
    QTest::newRow("a one-row scan over two files: only the second's seek block")
        << "10/999/1000/33000;4/499/500/16000" << 1ull << "1:4";
    QTest::newRow("rounds half up: 1.5 blocks -> 2") << "10/999/1000/20000" << 30ull << "0:11 0:12";
    QTest::newRow("rounds down below half: 1.45 blocks -> 1")
        << "10/999/1000/20000" << 29ull << "0:11";
    QTest::newRow("at most kMaxBlocksAhead per file")
        << "10/999/1000/33000" << 100000ull << "0:11 0:12 0:13 0:14 0:15 0:16 0:17 0:18";
    QTest::newRow("never past the stop row's block") << "10/12/1000/33000" << 100ull << "0:11 0:12";
    QTest::newRow("never past the file's end (last given as the block count)")
        << "998/1000/1000/33000" << 100ull << "0:999";
    QTest::newRow("a file whose seek lands past its end is left out")
        << "5/99/100/1000;50/49/50/500;3/99/100/1000" << 20ull << "2:3 0:6 2:4 0:7 2:5";
    QTest::newRow("rows: the fullest file's, for every file")
        << "0/99/100/1000;0/49/50/500" << 20ull << "1:0 0:1 1:1 0:2";
    QTest::newRow("no files") << "" << 100ull << "";
    QTest::newRow("no limit") << "10/999/1000/33000" << 0ull << "";
  }
  void plan() {
    QFETCH(QString, files);
    QFETCH(qulonglong, limit);
    QFETCH(QString, expected);
    const std::vector<ScanAheadFile> f = ParseFiles(files);
    std::vector<ScanAheadRequest> plan;
    PlanScanReadAhead(f, limit, &plan);
    QCOMPARE(Describe(plan), expected);
    // A vector kept from an earlier scan is refilled, not appended to.
    std::vector<ScanAheadRequest> reused = {{7, 7}, {8, 8}};
    PlanScanReadAhead(f, limit, &reused);
    QCOMPARE(Describe(reused), expected);
  }

  // A region with two store files (every row, then every other row again),
  // reopened on a cold cache: only a forward scan with a limit that caches
  // blocks queues loads when it opens. It then finds most of its blocks in
  // the cache -- a scan without read-ahead finds none on a cold cache -- and
  // every kind of read returns the same rows as a reference scan.
  void regionScansQueueLoadsWhenTheyOpen_data() {
    QTest::addColumn<QString>("read");
    QTest::addColumn<bool>("queues");
    QTest::addColumn<int>("min_hits");  // when it queues
    // 100 rows cross about 3 blocks of the full file and 2 of the other; 40
    // rows (the stop row) about 1 and 1.
    QTest::newRow("forward scan with LIMIT 100") << "limit" << true << 3;
    QTest::newRow("forward scan with LIMIT 100 and a stop row") << "limit-stop" << true << 1;
    QTest::newRow("forward scan without a limit") << "no-limit" << false << 0;
    QTest::newRow("reversed scan with LIMIT 100") << "reversed" << false << 0;
    QTest::newRow("scan with LIMIT 100 and CACHE_BLOCKS false") << "no-cache" << false << 0;
    QTest::newRow("Get") << "get" << false << 0;
  }
  void regionScansQueueLoadsWhenTheyOpen() {
    QFETCH(QString, read);
    QFETCH(bool, queues);
    QFETCH(int, min_hits);
    TempDir dir;
    FamilyOptions family = Family("f", 1);
    family.compression = Compression::kSnappy;
    family.bloom = BloomType::kRow;
    family.block_size = 4096;
    constexpr int kRows = 4000;
    const std::string filler(100, 'x');
    {
      RegionOptions options;
      options.compaction.auto_compact = false;  // keep both files
      auto r = Region::Open(options, dir.path(), Descriptor({family}));
      RL_QVERIFY_OK(r.status());
      for (int round = 0; round < 2; ++round) {
        for (int i = round; i < kRows; i += round + 1) {
          RowMutation m;
          m.row = Row(i);
          m.Put("f", "q", "v" + std::to_string(round) + filler);
          RL_QVERIFY_OK((*r)->Mutate(m));
        }
        RL_QVERIFY_OK((*r)->Flush());
      }
      QCOMPARE((*r)->GetMetrics().store_files, uint64_t(2));
      RL_QVERIFY_OK((*r)->Close());
    }
    BlockCache cache(64 << 20);
    RegionOptions options;
    options.compaction.auto_compact = false;
    options.block_cache = &cache;
    auto opened = Region::Open(options, dir.path(), Descriptor({family}));
    RL_QVERIFY_OK(opened.status());
    Region* region = opened->get();
    ReadAhead* ra = cache.read_ahead();
    ra->WaitIdle();
    const uint64_t requested_before = ra->GetStats().requested;

    Scan scan;
    scan.start_row = Row(1001);
    scan.limit = 100;
    int first = 1001, count = 100, step = 1;
    if (read == "limit-stop") {
      scan.stop_row = Row(1041);
      count = 40;
    } else if (read == "no-limit") {
      scan.limit = -1;
      scan.stop_row = Row(1101);
    } else if (read == "reversed") {
      scan.reversed = true;
      step = -1;
    } else if (read == "no-cache") {
      scan.cache_blocks = false;
    }
    QStringList expected;
    for (int i = 0; i < count; ++i) {
      const int row = first + step * i;
      expected << QString::fromStdString(Row(row) + "/f:q=v" + (row % 2 == 1 ? "1" : "0"));
    }
    if (read == "get") expected = expected.mid(0, 1);

    QStringList got;
    const BlockCacheStats before = cache.GetStats();
    if (read == "get") {
      Get get;
      get.row = Row(first);
      RowResult r;
      RL_QVERIFY_OK(region->DoGet(get, &r));
      QCOMPARE(ra->GetStats().requested, requested_before);
      for (const Cell& c : r.cells) {
        got << QString::fromStdString(r.row + "/" + c.family + ":" + c.qualifier + "=" +
                                      c.value.substr(0, 2));
      }
    } else {
      auto scanner = region->GetScanner(scan);
      RL_QVERIFY_OK(scanner.status());
      const uint64_t queued = ra->GetStats().requested - requested_before;
      QVERIFY2((queued > 0) == queues, qPrintable(QString("%1 loads queued").arg(queued)));
      ra->WaitIdle();  // every load done: which blocks were cached is now exact
      RowResult r;
      while ((*scanner)->Next(&r)) {
        for (const Cell& c : r.cells) {
          got << QString::fromStdString(r.row + "/" + c.family + ":" + c.qualifier + "=" +
                                        c.value.substr(0, 2));
        }
      }
      RL_QVERIFY_OK((*scanner)->status());
    }
    QCOMPARE(got, expected);
    const BlockCacheStats after = cache.GetStats();
    const uint64_t hits = after.hits - before.hits, misses = after.misses - before.misses;
    if (queues) {
      // Only the first file's seek block (and a block the estimate missed)
      // is the scan's own.
      QVERIFY2(hits >= uint64_t(min_hits) && misses <= 2,
               qPrintable(QString("%1 hits, %2 misses").arg(hits).arg(misses)));
    } else if (read != "no-cache") {
      QCOMPARE(hits, uint64_t(0));  // cold cache, nothing loaded ahead
      QVERIFY(misses > 0);
    }
  }
};

QTEST_GUILESS_MAIN(ScanReadAheadTest)
#include "scan_read_ahead_test.moc"
