// Writer + reader tests: round trips over compression, bloom type, block
// size and file size; the 12.5% snappy rule; one data block per Seek; file
// info and MidKey; block-cache use; writer argument checks; concurrent readers.
#include <QtTest>
#include <algorithm>
#include <random>
#include <thread>

#include "cache/block_cache.h"
#include "regionlab/bytes.h"
#include "storefile_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

std::shared_ptr<StoreFileReader> OpenOrNull(const std::string& path, BlockCache* cache = nullptr,
                                            StoreFileReadOptions ro = {}) {
  auto r = StoreFileReader::Open(Env::Default(), path, cache, ro);
  if (!r.ok()) qWarning("%s", r.status().ToString().c_str());
  return r.ok() ? *r : nullptr;
}

// Checks Seek/SeekForPrev on `count` sampled positions against `cells`.
void CheckSeeks(StoreFileReader* reader, const std::vector<KV>& cells, int count) {
  std::mt19937 rng(99);
  auto it = reader->NewIterator();
  for (int s = 0; s < count; ++s) {
    const size_t i = rng() % cells.size();
    ParsedKey p;
    QVERIFY(ParseKey(cells[i].first, &p));
    it->Seek(cells[i].first);
    QVERIFY(it->Valid());
    QCOMPARE(std::string(it->key()), cells[i].first);
    QCOMPARE(std::string(it->value()), cells[i].second);
    it->SeekForPrev(cells[i].first);
    QVERIFY(it->Valid());
    QCOMPARE(std::string(it->key()), cells[i].first);
    // Before every cell of the row: lands on the row's first cell.
    it->Seek(FirstKeyOnRow(p.row));
    QVERIFY(it->Valid());
    QCOMPARE(std::string(KeyRow(it->key())), std::string(p.row));
    // The absent odd row right after: Seek lands on the next row,
    // SeekForPrev on this row's last cell.
    uint32_t n = 0;
    for (int b = 3; b < 7; ++b) n = (n << 8) | static_cast<uint8_t>(p.row[b]);
    const std::string gap = FirstKeyOnRow(BinaryRow(n + 1));
    it->Seek(gap);
    auto next = std::find_if(cells.begin(), cells.end(),
                             [&](const KV& kv) { return CompareKeys(kv.first, gap) >= 0; });
    if (next == cells.end()) {
      QVERIFY(!it->Valid());
    } else {
      QVERIFY(it->Valid());
      QCOMPARE(std::string(it->key()), next->first);
    }
    it->SeekForPrev(gap);
    QVERIFY(it->Valid());
    QCOMPARE(std::string(it->key()), (next - 1)->first);
  }
  RL_QVERIFY_OK(it->status());
}

}  // namespace

// FORMAT-storefile.md's worked example, 16 bytes per line as in its dump.
const char* const kWorkedExampleHex[] = {
    "001602000272317100000000000003e8",
    "04000000000000000176310412027200",
    "000000000003e8040000000000000002",
    "763200000000010000000094f07c3d00",
    "1602000272327100000000000003e804",
    "00000000000000037633000000000100",
    "00000052fc866a000200000702020000",
    "00000000000000000000620000000000",
    "00000020000000000004000000000800",
    "20000000000000800080000000000000",
    "00000000000000000020000400080000",
    "002200000000731db261001602000272",
    "317200000000000003e8040000000000",
    "000002003a0016020002723271000000",
    "00000003e80400000000000000033f23",
    "000000001b0000000200000000607909",
    "6c16000272317100000000000003e804",
    "00000000000000011600027232710000",
    "0000000003e804000000000000000316",
    "000272317100000000000003e8040000",
    "000000000001026366030003e8030000",
    "00000000e803000000000000025d5d30",
    "00010000005aa3169467000000000000",
    "004e00000000000000ba000000000000",
    "00420000000000000001010000000000",
    "00630000000000000001000000df72bf",
    "1d524c545241424c4b",
};

class StoreFileTest : public QObject {
  Q_OBJECT
 private slots:
  // The bytes of FORMAT-storefile.md's worked example, produced by the
  // writer: three cells, family cf, block size 48, no compression, a ROW
  // bloom.
  void workedExampleMatchesFormatDoc() {
    TempDir dir;
    const std::string path = dir.File("example.sf");
    RL_QVERIFY_OK(WriteStoreFile(path, Options(Compression::kNone, BloomType::kRow, 48),
                                 {{EncodeKey("r1", "q", 1000, CellType::kPut, 1), "v1"},
                                  {EncodeKey("r1", "r", 1000, CellType::kPut, 2), "v2"},
                                  {EncodeKey("r2", "q", 1000, CellType::kPut, 3), "v3"}}));
    std::string bytes;
    RL_QVERIFY_OK(Env::Default()->ReadFileToString(path, &bytes));
    const std::string hex = ToHex(bytes);
    std::string expected;
    for (const char* line : kWorkedExampleHex) expected += line;
    if (hex != expected) qInfo("%s", hex.c_str());
    QCOMPARE(bytes.size(), expected.size() / 2);
    QVERIFY(hex == expected);
  }

  void roundTrip_data() {
    QTest::addColumn<int>("compression");
    QTest::addColumn<int>("bloom");
    QTest::addColumn<int>("block_size");
    QTest::addColumn<int>("cells");
    for (Compression c : {Compression::kNone, Compression::kSnappy}) {
      for (BloomType b : {BloomType::kNone, BloomType::kRow, BloomType::kRowCol}) {
        for (int bs : {64, 4096, 65536}) {
          for (int n : {1, 7, 1000, 20000}) {
            QTest::addRow("%s/%s/bs=%d/n=%d", CompressionName(c), BloomTypeName(b), bs, n)
                << int(c) << int(b) << bs << n;
          }
        }
      }
    }
  }
  void roundTrip() {
    QFETCH(int, compression);
    QFETCH(int, bloom);
    QFETCH(int, block_size);
    QFETCH(int, cells);
    TempDir dir;
    const std::string path = dir.File("rt.sf");
    const auto kind = cells % 2 == 0 ? ValueKind::kCompressible : ValueKind::kSmall;
    const std::vector<KV> input = MakeCells(cells, kind);
    const StoreFileWriterOptions o =
        Options(static_cast<Compression>(compression), static_cast<BloomType>(bloom), block_size);
    RL_QVERIFY_OK(WriteStoreFile(path, o, input));

    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    QCOMPARE(quint64(reader->info().cell_count), quint64(cells));
    auto it = reader->NewIterator();
    QCOMPARE(ScanForward(it.get()), input);
    std::vector<KV> backward = ScanBackward(it.get());
    std::reverse(backward.begin(), backward.end());
    QCOMPARE(backward, input);
    RL_QVERIFY_OK(it->status());
    CheckSeeks(reader.get(), input, 100);

    for (const auto& [k, v] : input) {
      ParsedKey p;
      QVERIFY(ParseKey(k, &p));
      QVERIFY(reader->MayContainRow(p.row));
      QVERIFY(reader->MayContainColumn(p.row, p.qualifier));
    }
    RL_QVERIFY_OK(reader->VerifyChecksums());
    // A block is cut at the first cell that takes it to block_size or more.
    auto blocks = reader->DescribeDataBlocks();
    RL_QVERIFY_OK(blocks.status());
    QCOMPARE(quint64(blocks->size()), quint64(reader->info().data_blocks));
    for (size_t b = 0; b + 1 < blocks->size(); ++b) {
      QVERIFY((*blocks)[b].raw_size >= uint64_t(block_size));
      QVERIFY((*blocks)[b].raw_size < uint64_t(block_size) + 300);  // + at most one cell
    }
  }

  void emptyFile() {
    TempDir dir;
    const std::string path = dir.File("empty.sf");
    RL_QVERIFY_OK(WriteStoreFile(path, Options(Compression::kSnappy, BloomType::kRow, 4096), {}));
    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    const StoreFileInfo& info = reader->info();
    QCOMPARE(quint64(info.cell_count), quint64(0));
    QCOMPARE(quint64(info.data_blocks), quint64(0));
    QVERIFY(info.first_key.empty() && info.last_key.empty());
    QVERIFY(info.min_timestamp > info.max_timestamp);
    QVERIFY(reader->MidKey().empty());
    QVERIFY(!reader->MayContainRow("anything"));
    auto it = reader->NewIterator();
    it->SeekToFirst();
    QVERIFY(!it->Valid());
    it->SeekToLast();
    QVERIFY(!it->Valid());
    it->Seek(FirstKeyOnRow("a"));
    QVERIFY(!it->Valid());
    it->SeekForPrev(FirstKeyOnRow("a"));
    QVERIFY(!it->Valid());
    RL_QVERIFY_OK(it->status());
    RL_QVERIFY_OK(reader->VerifyChecksums());
  }

  // Snappy is kept only when it saves >= 12.5%: compressible values give
  // SNAPPY blocks, random values NONE blocks, under the same SNAPPY setting.
  void snappyKeptOnlyWhenItSaves_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("expect_snappy");
    QTest::newRow("compressible") << int(ValueKind::kCompressible) << true;
    QTest::newRow("random") << int(ValueKind::kRandom) << false;
  }
  void snappyKeptOnlyWhenItSaves() {
    QFETCH(int, kind);
    QFETCH(bool, expect_snappy);
    TempDir dir;
    const std::string path = dir.File("s.sf");
    const std::vector<KV> input = MakeCells(2000, static_cast<ValueKind>(kind));
    RL_QVERIFY_OK(
        WriteStoreFile(path, Options(Compression::kSnappy, BloomType::kRow, 4096), input));
    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    const StoreFileInfo& info = reader->info();
    QCOMPARE(info.compression, Compression::kSnappy);
    auto blocks = reader->DescribeDataBlocks();
    RL_QVERIFY_OK(blocks.status());
    QCOMPARE(quint64(blocks->size()), quint64(info.data_blocks));
    uint64_t raw = 0, stored = 0;
    for (const DataBlockInfo& b : *blocks) {
      raw += b.raw_size;
      stored += b.stored_size;
      if (expect_snappy) {
        QCOMPARE(b.compression, Compression::kSnappy);
        QVERIFY(b.stored_size < b.raw_size - b.raw_size / 8);
      } else {
        QCOMPARE(b.compression, Compression::kNone);
        QCOMPARE(b.stored_size, b.raw_size);
      }
    }
    QCOMPARE(quint64(info.raw_data_bytes), quint64(raw));
    QCOMPARE(quint64(info.stored_data_bytes), quint64(stored));
    if (expect_snappy) {
      QVERIFY(info.stored_data_bytes < info.raw_data_bytes / 2);
    } else {
      QCOMPARE(info.stored_data_bytes, info.raw_data_bytes);
    }
    auto it = reader->NewIterator();
    QCOMPARE(ScanForward(it.get()), input);
  }

  // The block index is binary searched in memory: every Seek and
  // SeekForPrev on a fresh iterator reads exactly one data block.
  void seekReadsOneBlock() {
    TempDir dir;
    const std::string path = dir.File("i.sf");
    const std::vector<KV> input = MakeCells(3000);
    RL_QVERIFY_OK(WriteStoreFile(path, Options(Compression::kSnappy, BloomType::kRow, 512), input));
    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    QVERIFY(reader->info().data_blocks > 50);
    QCOMPARE(quint64(reader->stats().blocks_read), quint64(0));  // Open reads no data block
    std::mt19937 rng(5);
    for (int s = 0; s < 200; ++s) {
      const std::string& key = input[rng() % input.size()].first;
      const auto before = reader->stats();
      auto it = reader->NewIterator();
      if (s % 2 == 0)
        it->Seek(key);
      else
        it->SeekForPrev(key);
      QVERIFY(it->Valid());
      QCOMPARE(std::string(it->key()), key);
      const auto after = reader->stats();
      QCOMPARE(quint64(after.blocks_read - before.blocks_read), quint64(1));
      QVERIFY(after.bytes_read > before.bytes_read);
    }
    // Seeking again inside the loaded block reads nothing.
    auto it = reader->NewIterator();
    it->Seek(input[100].first);
    const auto before = reader->stats();
    it->Seek(input[100].first);
    it->SeekForPrev(input[100].first);
    QCOMPARE(quint64(reader->stats().blocks_read), quint64(before.blocks_read));
  }

  // FindBlock's word search answers as a plain binary search over the index
  // does: rows with a long shared prefix, rows that tie on the 8 bytes after
  // it and differ later, rows of different lengths, and targets before,
  // inside and after the file's rows.
  void findBlockMatchesBinarySearch_data() {
    QTest::addColumn<QString>("rows");
    QTest::newRow("binary counter rows") << "binary";
    QTest::newRow("shared prefix, ties past the word") << "ties";
    QTest::newRow("mixed lengths") << "lengths";
  }
  void findBlockMatchesBinarySearch() {
    QFETCH(QString, rows);
    std::vector<KV> cells;
    uint64_t seq = 1;
    auto add_row = [&](const std::string& row) {
      cells.emplace_back(EncodeKey(row, "q", 10, CellType::kPut, seq++), "v");
    };
    std::vector<std::string> row_keys;
    for (uint32_t i = 0; i < 2000; ++i) {
      if (rows == "binary") {
        row_keys.push_back(BinaryRow(2 * i));
      } else if (rows == "ties") {
        // "tenant-0000/aaaaaaaa<i>": the 8 bytes after the shared prefix tie
        // in runs of 50 rows.
        char buf[64];
        std::snprintf(buf, sizeof(buf), "tenant-0000/%08u-xxxxxxxx-%06u", i / 50, i);
        row_keys.push_back(buf);
      } else {
        row_keys.push_back("k" + std::string(1 + i % 7, static_cast<char>('a' + i % 26)) +
                           std::to_string(i));
      }
    }
    std::sort(row_keys.begin(), row_keys.end());
    row_keys.erase(std::unique(row_keys.begin(), row_keys.end()), row_keys.end());
    for (const auto& r : row_keys) add_row(r);
    TempDir dir;
    const std::string path = dir.File("f.sf");
    RL_QVERIFY_OK(WriteStoreFile(path, Options(Compression::kNone, BloomType::kNone, 256), cells));
    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    QVERIFY(reader->index().size() > 100);
    const auto& index = reader->index();
    auto reference = [&](const std::string& target) {
      return static_cast<size_t>(
          std::lower_bound(index.begin(), index.end(), target,
                           [](const StoreFileReader::IndexEntry& e, std::string_view t) {
                             return CompareKeys(e.last_key, t) < 0;
                           }) -
          index.begin());
    };
    std::vector<std::string> targets = {FirstKeyOnRow(""), FirstKeyOnRow(std::string(1, '\0')),
                                        FirstKeyOnRow("zzzz"), FirstKeyOnRow("tenant-"),
                                        FirstKeyOnRow("tenant-0000/"), FirstKeyOnRow("k")};
    for (const auto& r : row_keys) {
      targets.push_back(FirstKeyOnRow(r));
      targets.push_back(FirstKeyOnRow(r + '\0'));
      targets.push_back(EncodeKey(r, "q", 10, CellType::kPut, 0));
      targets.push_back(FirstKeyOnRow(r.substr(0, r.size() - 1)));
    }
    for (const auto& t : targets) QCOMPARE(reader->FindBlock(t), reference(t));
  }

  // With a cache: the first read of a block misses and fills the cache, the
  // next is a hit; BLOCKCACHE=false leaves the cache alone; IN_MEMORY
  // blocks land in the in-memory bucket; closing the reader drops its blocks.
  void blockCacheUse() {
    TempDir dir;
    const std::string path = dir.File("c.sf");
    const std::vector<KV> input = MakeCells(500);
    RL_QVERIFY_OK(WriteStoreFile(path, Options(Compression::kNone, BloomType::kRow, 1024), input));
    BlockCache cache(8 << 20);
    {
      auto reader = OpenOrNull(path, &cache);
      QVERIFY(reader != nullptr);
      auto it = reader->NewIterator();
      it->Seek(input[10].first);
      QCOMPARE(quint64(reader->stats().blocks_read), quint64(1));
      auto it2 = reader->NewIterator();
      it2->Seek(input[10].first);
      QCOMPARE(quint64(reader->stats().blocks_read), quint64(1));
      QCOMPARE(quint64(reader->stats().cache_hits), quint64(1));
      QCOMPARE(quint64(cache.GetStats().hits), quint64(1));
      QCOMPARE(quint64(cache.GetStats().multi_bytes), quint64(cache.GetStats().size));
      QCOMPARE(ScanForward(it.get()), input);
      QCOMPARE(quint64(cache.GetStats().block_count), quint64(reader->info().data_blocks));
      // The scan had blocks loaded ahead; a load still running would hold
      // the reader a moment past this scope.
      cache.read_ahead()->WaitIdle();
    }
    QCOMPARE(quint64(cache.GetStats().block_count), quint64(0));

    StoreFileReadOptions no_cache;
    no_cache.cache_blocks = false;
    const BlockCacheStats before = cache.GetStats();
    auto uncached = OpenOrNull(path, &cache, no_cache);
    auto it = uncached->NewIterator();
    QCOMPARE(ScanForward(it.get()), input);
    const BlockCacheStats s = cache.GetStats();
    QCOMPARE(quint64(s.block_count), quint64(0));
    QCOMPARE(quint64(s.hits + s.misses), quint64(before.hits + before.misses));
    QCOMPARE(quint64(uncached->stats().blocks_read), quint64(uncached->info().data_blocks));

    StoreFileReadOptions in_memory;
    in_memory.in_memory = true;
    auto pinned = OpenOrNull(path, &cache, in_memory);
    auto it3 = pinned->NewIterator();
    QCOMPARE(ScanForward(it3.get()), input);
    QVERIFY(cache.GetStats().memory_bytes > 0);
    QCOMPARE(quint64(cache.GetStats().memory_bytes), quint64(cache.GetStats().size));
  }

  void fileInfoAndMidKey() {
    TempDir dir;
    const std::string path = dir.File("fi.sf");
    std::vector<KV> input;
    int deletes = 0;
    for (int r = 0; r < 40; ++r) {
      const std::string row = "row" + std::to_string(100 + r);
      input.emplace_back(EncodeKey(row, "", 700 + r, CellType::kDeleteFamily, 3), "");
      input.emplace_back(EncodeKey(row, "q", 50 + r, CellType::kPut, 1000 + r), "v");
      deletes += 1;
    }
    StoreFileWriterOptions o = Options(Compression::kSnappy, BloomType::kRowCol, 200);
    o.family = "info";
    o.major_compacted = true;
    auto w = StoreFileWriter::Create(Env::Default(), path, o);
    RL_QVERIFY_OK(w.status());
    for (const auto& [k, v] : input) RL_QVERIFY_OK((*w)->Add(k, v));
    (*w)->AddFileInfo("hbase.creator", "regionlab");
    (*w)->AddFileInfo("k2", std::string("\x00\xff", 2));
    QCOMPARE(quint64((*w)->EntryCount()), quint64(80));
    RL_QVERIFY_OK((*w)->Finish());
    const uint64_t written = (*w)->FileSize();

    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    const StoreFileInfo& info = reader->info();
    QCOMPARE(info.first_key, input.front().first);
    QCOMPARE(info.last_key, input.back().first);
    QCOMPARE(info.family, std::string("info"));
    QCOMPARE(quint64(info.cell_count), quint64(80));
    QCOMPARE(quint64(info.delete_count), quint64(deletes));
    QCOMPARE(quint64(info.max_sequence_id), quint64(1039));
    QCOMPARE(qint64(info.min_timestamp), qint64(50));
    QCOMPARE(qint64(info.max_timestamp), qint64(739));
    QCOMPARE(info.compression, Compression::kSnappy);
    QCOMPARE(info.bloom, BloomType::kRowCol);
    QCOMPARE(info.block_size, 200u);
    QVERIFY(info.major_compacted);
    QCOMPARE(quint64(info.file_size), quint64(written));
    QCOMPARE(quint64(info.file_size), quint64(QFileInfo(QString::fromStdString(path)).size()));
    QCOMPARE(info.extra.size(), size_t(2));
    QCOMPARE(info.extra.at("hbase.creator"), std::string("regionlab"));
    QCOMPARE(info.extra.at("k2"), std::string("\x00\xff", 2));
    auto blocks = reader->DescribeDataBlocks();
    RL_QVERIFY_OK(blocks.status());
    QCOMPARE(quint64(blocks->size()), quint64(info.data_blocks));
    QVERIFY(info.data_blocks >= 4);

    // MidKey: the first key of block (n - 1) / 2, i.e. the key right after
    // the last key of block (n - 1) / 2 - 1.
    const size_t mid = (blocks->size() - 1) / 2;
    const std::string& prev_last = (*blocks)[mid - 1].last_key;
    auto pos = std::find_if(input.begin(), input.end(),
                            [&](const KV& kv) { return kv.first == prev_last; });
    QVERIFY(pos != input.end() && pos + 1 != input.end());
    QCOMPARE(reader->MidKey(), (pos + 1)->first);
    QVERIFY(CompareKeys(reader->MidKey(), info.first_key) > 0);
    QVERIFY(CompareKeys(reader->MidKey(), info.last_key) < 0);
  }

  void midKeyOfOneAndTwoBlocks() {
    TempDir dir;
    const std::vector<KV> cells = MakeCells(2);
    RL_QVERIFY_OK(WriteStoreFile(dir.File("one.sf"),
                                 Options(Compression::kNone, BloomType::kRow, 65536), cells));
    RL_QVERIFY_OK(
        WriteStoreFile(dir.File("two.sf"), Options(Compression::kNone, BloomType::kRow, 1), cells));
    auto one = OpenOrNull(dir.File("one.sf"));
    auto two = OpenOrNull(dir.File("two.sf"));
    QCOMPARE(quint64(one->info().data_blocks), quint64(1));
    QCOMPARE(quint64(two->info().data_blocks), quint64(2));
    QCOMPARE(one->MidKey(), cells[0].first);
    QCOMPARE(two->MidKey(), cells[0].first);  // entry (2 - 1) / 2 = 0, as HBase
  }

  void writerRejectsBadInput() {
    TempDir dir;
    const std::string path = dir.File("w.sf");
    auto w = StoreFileWriter::Create(Env::Default(), path,
                                     Options(Compression::kNone, BloomType::kRow, 4096));
    RL_QVERIFY_OK(w.status());
    const std::string k1 = EncodeKey("b", "q", 10, CellType::kPut, 1);
    RL_QVERIFY_OK((*w)->Add(k1, "v"));
    QVERIFY((*w)->Add(k1, "dup").IsInvalidArgument());
    QVERIFY((*w)->Add(EncodeKey("a", "q", 10, CellType::kPut, 1), "v").IsInvalidArgument());
    QVERIFY((*w)->Add(EncodeKey("b", "q", 11, CellType::kPut, 1), "newer ts sorts first")
                .IsInvalidArgument());
    QVERIFY((*w)->Add("short", "v").IsInvalidArgument());
    RL_QVERIFY_OK((*w)->Add(EncodeKey("b", "q", 9, CellType::kPut, 1), "v"));
    QCOMPARE(quint64((*w)->EntryCount()), quint64(2));
    RL_QVERIFY_OK((*w)->Finish());
    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    QCOMPARE(quint64(reader->info().cell_count), quint64(2));
  }

  void abandonDeletesPartialFile() {
    TempDir dir;
    const std::string path = dir.File("a.sf");
    {
      auto w = StoreFileWriter::Create(Env::Default(), path,
                                       Options(Compression::kNone, BloomType::kRow, 64));
      RL_QVERIFY_OK(w.status());
      for (const auto& [k, v] : MakeCells(100)) RL_QVERIFY_OK((*w)->Add(k, v));
      QVERIFY((*w)->FileSize() > 0);
      QVERIFY(Env::Default()->FileExists(path));
      (*w)->Abandon();
      QVERIFY(!Env::Default()->FileExists(path));
      QVERIFY(!(*w)->Finish().ok());
    }
    {
      auto w = StoreFileWriter::Create(Env::Default(), path,
                                       Options(Compression::kNone, BloomType::kRow, 64));
      RL_QVERIFY_OK((*w)->Add(MakeCells(1)[0].first, "v"));
    }  // destroyed unfinished
    QVERIFY(!Env::Default()->FileExists(path));
  }

  // Many threads iterate one reader through a small shared cache that keeps
  // evicting; every thread sees exactly the input.
  void concurrentReaders() {
    TempDir dir;
    const std::string path = dir.File("mt.sf");
    const std::vector<KV> input = MakeCells(4000, ValueKind::kCompressible);
    RL_QVERIFY_OK(
        WriteStoreFile(path, Options(Compression::kSnappy, BloomType::kRow, 1024), input));
    BlockCache cache(64 << 10);
    auto reader = OpenOrNull(path, &cache);
    QVERIFY(reader != nullptr);
    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&, t] {
        std::mt19937 rng(t);
        for (int round = 0; round < 3; ++round) {
          auto it = reader->NewIterator();
          size_t i = 0;
          for (it->SeekToFirst(); it->Valid(); it->Next(), ++i) {
            if (i >= input.size() || it->key() != input[i].first ||
                it->value() != input[i].second) {
              ++mismatches;
              break;
            }
          }
          if (i != input.size() || !it->status().ok()) ++mismatches;
          for (int s = 0; s < 200; ++s) {
            const KV& kv = input[rng() % input.size()];
            it->Seek(kv.first);
            if (!it->Valid() || it->value() != kv.second) ++mismatches;
          }
        }
      });
    }
    for (auto& th : threads) th.join();
    QCOMPARE(mismatches.load(), 0);
    QVERIFY(cache.GetStats().evictions > 0);
    QVERIFY(reader->stats().cache_hits > 0);
  }
};

QTEST_GUILESS_MAIN(StoreFileTest)
#include "store_file_test.moc"
