// Read-ahead of store-file scans: after StoreFileIterator::kReadAheadAfterBlocks
// blocks entered in a row, each block the scan enters has the next one
// loaded into the block cache by the cache's read-ahead thread, going forward
// and backward. Point reads, uncached iterators (compactions) and families
// without BLOCKCACHE load nothing ahead. Scans return the same entries with
// it, a block that fails to load ahead is not cached and the scan itself
// reports the corruption, and readers and caches let go of each other
// cleanly while loads are queued.
#include <QtTest>

#include "cache/block_cache.h"
#include "storefile/store_file_iterator.h"
#include "storefile_test_util.h"

using namespace regionlab;
using regionlab::test::KV;
using regionlab::test::TempDir;
using storefile::StoreFileIterator;

namespace {

constexpr int kAfter = StoreFileIterator::kReadAheadAfterBlocks;

}  // namespace

class ScanReadAheadTest : public QObject {
  Q_OBJECT
 private:
  TempDir dir_;
  std::string path_;
  std::vector<KV> cells_;

  std::shared_ptr<StoreFileReader> Open(BlockCache* cache, const std::string& path,
                                        bool cache_blocks = true) {
    StoreFileReadOptions ro;
    ro.cache_blocks = cache_blocks;
    auto r = StoreFileReader::Open(Env::Default(), path, cache, ro);
    if (!r.ok()) qFatal("open %s: %s", path.c_str(), r.status().ToString().c_str());
    return *r;
  }
  static bool Cached(BlockCache* cache, const StoreFileReader& r, size_t block) {
    return cache->Contains(r.file_id(), r.index()[block].handle.offset);
  }

 private slots:
  void initTestCase() {
    cells_ = test::MakeCells(1200);
    path_ = dir_.File("scan.sf");
    const Status s = test::WriteStoreFile(
        path_, test::Options(Compression::kSnappy, BloomType::kRow, 256), cells_);
    QVERIFY2(s.ok(), s.ToString().c_str());
    BlockCache cache(64 << 20);
    QVERIFY(Open(&cache, path_)->index().size() >= 40);
  }

  // The scan waits for the read-ahead thread at every block it enters, so
  // which blocks came from the cache is exact: every block after the first
  // kAfter + 1, the ones it read itself.
  void scanLoadsTheNextBlockAhead_data() {
    QTest::addColumn<bool>("forward");
    QTest::newRow("forward") << true;
    QTest::newRow("backward") << false;
  }
  void scanLoadsTheNextBlockAhead() {
    QFETCH(bool, forward);
    BlockCache cache(64 << 20);
    auto reader = Open(&cache, path_);
    const size_t n = reader->index().size();
    ReadAhead* ra = cache.read_ahead();
    auto it = reader->NewIterator();
    forward ? it->SeekToFirst() : it->SeekToLast();
    size_t current = forward ? 0 : n - 1;
    size_t entered = 0;  // blocks entered after the first
    size_t entries = 0;
    while (it->Valid()) {
      ++entries;
      forward ? it->Next() : it->Prev();
      if (!it->Valid()) break;
      const size_t b = reader->FindBlock(it->key());
      if (b == current) continue;
      QCOMPARE(b, forward ? current + 1 : current - 1);
      current = b;
      ++entered;
      ra->WaitIdle();
      const bool has_next = forward ? b + 1 < n : b > 0;
      if (!has_next) continue;
      const size_t next = forward ? b + 1 : b - 1;
      QVERIFY2(Cached(&cache, *reader, next) == (entered >= size_t(kAfter)),
               qPrintable(QString("block %1 entered as number %2").arg(b).arg(entered)));
    }
    QVERIFY2(it->status().ok(), it->status().ToString().c_str());
    QCOMPARE(entries, cells_.size());
    QCOMPARE(entered, n - 1);
    const StoreFileReader::ReadStats st = reader->stats();
    QCOMPARE(quint64(st.cache_hits), quint64(n - kAfter - 1));
    QCOMPARE(quint64(st.blocks_read), quint64(n));
    QCOMPARE(quint64(ra->GetStats().requested), quint64(n - kAfter - 1));
  }

  // Reads that do not walk from block to block load nothing ahead.
  void noReadAheadWithoutALongScan_data() {
    QTest::addColumn<QString>("mode");
    QTest::newRow("seeks to every other block") << "seeks";
    QTest::newRow("uncached iterator (compaction)") << "uncached";
    QTest::newRow("family without BLOCKCACHE") << "no-blockcache";
  }
  void noReadAheadWithoutALongScan() {
    QFETCH(QString, mode);
    BlockCache cache(64 << 20);
    auto reader = Open(&cache, path_, /*cache_blocks=*/mode != "no-blockcache");
    const size_t n = reader->index().size();
    if (mode == "seeks") {
      auto it = reader->NewIterator();
      for (int round = 0; round < 3; ++round) {
        for (size_t b = 0; b < n; b += 2) {
          it->Seek(reader->index()[b].last_key);
          QVERIFY(it->Valid());
          QCOMPARE(std::string(it->key()), reader->index()[b].last_key);
        }
      }
    } else {
      auto it = reader->NewIterator(/*use_cache=*/mode != "uncached");
      QCOMPARE(test::ScanForward(it.get()), cells_);
      QCOMPARE(test::ScanBackward(it.get()).size(), cells_.size());
    }
    ReadAhead* ra = cache.read_ahead();
    ra->WaitIdle();
    QCOMPARE(quint64(ra->GetStats().requested), quint64(0));
    if (mode != "seeks") QCOMPARE(quint64(cache.GetStats().block_count), quint64(0));
  }

  // With the thread racing the scans, every scan still returns every entry
  // once and in order (the sanitizer build checks the sharing).
  void scansReturnTheSameEntries() {
    for (int round = 0; round < 5; ++round) {
      BlockCache cache(64 << 20);
      auto reader = Open(&cache, path_);
      auto it = reader->NewIterator();
      QCOMPARE(test::ScanForward(it.get()), cells_);
      std::vector<KV> back = test::ScanBackward(it.get());
      std::reverse(back.begin(), back.end());
      QCOMPARE(back, cells_);
      QVERIFY(cache.read_ahead()->GetStats().requested > 0);
    }
    // A cache small enough that blocks loaded ahead are evicted again
    // before the scan gets to them: the scan reads them itself.
    BlockCache tiny(4096);
    auto reader = Open(&tiny, path_);
    auto it = reader->NewIterator();
    QCOMPARE(test::ScanForward(it.get()), cells_);
  }

  // A block that fails its check when loaded ahead is not cached; the scan
  // reaches it, reads it itself and stops with the corruption, naming the
  // file and the block's offset.
  void corruptBlockAheadIsReportedByTheScan() {
    const std::string path = dir_.File("corrupt.sf");
    QVERIFY(QFile::copy(QString::fromStdString(path_), QString::fromStdString(path)));
    BlockCache cache(64 << 20);
    const size_t bad = kAfter + 2;
    uint64_t bad_offset = 0;
    {
      auto probe = Open(nullptr, path);
      const auto& h = probe->index()[bad].handle;
      bad_offset = h.offset;
      QVERIFY(test::FlipByte(path, h.offset + h.size / 2));
    }
    auto reader = Open(&cache, path);
    ReadAhead* ra = cache.read_ahead();
    auto it = reader->NewIterator();
    size_t current = 0;
    size_t entries = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      ++entries;
      const size_t b = reader->FindBlock(it->key());
      if (b == current) continue;
      current = b;
      ra->WaitIdle();
      if (b + 1 == bad) QVERIFY(!Cached(&cache, *reader, bad));
    }
    QCOMPARE(current, bad - 1);
    QVERIFY2(test::IsCorruptionAt(it->status(), path), it->status().ToString().c_str());
    QVERIFY2(
        it->status().message().find("offset " + std::to_string(bad_offset)) != std::string::npos,
        it->status().ToString().c_str());
    size_t before_bad = 0;
    for (const auto& [k, v] : cells_) {
      if (reader->FindBlock(k) < bad) ++before_bad;
    }
    QCOMPARE(entries, before_bad);
    ra->WaitIdle();
    QCOMPARE(quint64(ra->GetStats().loaded), quint64(bad - kAfter));
  }

  // Read-ahead does not keep a reader open: one released while its loads
  // wait is gone at once, with its cached blocks, and its loads are skipped.
  void releasedReaderIsNotKeptOpen() {
    BlockCache cache(64 << 20);
    auto reader = Open(&cache, path_);
    std::weak_ptr<StoreFileReader> watch = reader;
    auto it = reader->NewIterator();
    size_t entries = 0;
    for (it->SeekToFirst(); it->Valid() && entries < cells_.size() / 2; it->Next()) ++entries;
    QVERIFY(cache.read_ahead()->GetStats().requested > 0);
    it.reset();
    reader.reset();
    // A load that is running holds the reader until it is done.
    cache.read_ahead()->WaitIdle();
    QVERIFY(watch.expired());
    QCOMPARE(quint64(cache.GetStats().block_count), quint64(0));
  }

  // A cache destroyed right after a scan asked for loads, while a load may
  // still be running: the cache stops its thread first.
  void cacheDestroyedWithLoadsQueued() {
    for (int round = 0; round < 20; ++round) {
      auto cache = std::make_unique<BlockCache>(64 << 20);
      auto reader = Open(cache.get(), path_);
      std::weak_ptr<StoreFileReader> watch = reader;
      auto it = reader->NewIterator();
      size_t entries = 0;
      for (it->SeekToFirst(); it->Valid() && entries < 200; it->Next()) ++entries;
      QCOMPARE(entries, size_t(200));
      it.reset();
      reader.reset();
      cache.reset();
      QVERIFY(watch.expired());
    }
  }
};

QTEST_GUILESS_MAIN(ScanReadAheadTest)
#include "scan_read_ahead_test.moc"
