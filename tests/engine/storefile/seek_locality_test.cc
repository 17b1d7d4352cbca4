// Seeks near the current position (BlockIterator and StoreFileIterator
// continue from where they are instead of searching from scratch) land
// exactly where a fresh search would, in every direction and across blocks.
#include <QtTest>

#include "engine/util/kv_iterator_test_util.h"
#include "storefile/block_builder.h"
#include "storefile/block_iterator.h"
#include "storefile_test_util.h"
#include "util/coding.h"

using namespace regionlab;
using namespace regionlab::storefile;
using regionlab::test::KeyValueEntry;
using regionlab::test::KV;
using regionlab::test::TempDir;

namespace {
std::vector<KeyValueEntry> ToEntries(const std::vector<KV>& cells) {
  std::vector<KeyValueEntry> out;
  for (const auto& [k, v] : cells) out.push_back({k, v});
  return out;
}
}  // namespace

class SeekLocalityTest : public QObject {
  Q_OBJECT
 private slots:
  void blockIterator_data() {
    QTest::addColumn<int>("interval");
    QTest::addColumn<int>("cells");
    QTest::newRow("restart every entry") << 1 << 300;
    QTest::newRow("restart every 2") << 2 << 301;
    QTest::newRow("restart every 16") << 16 << 500;
    QTest::newRow("one restart interval") << 16 << 9;
  }
  void blockIterator() {
    QFETCH(int, interval);
    QFETCH(int, cells);
    const std::vector<KV> kvs = test::MakeCells(cells);
    BlockBuilder b(interval);
    for (const auto& [k, v] : kvs) b.Add(k, v);
    const std::string path = "/some/file.sf";
    BlockIterator it(BlockData::Copy(b.Finish()), &path, 4096);
    for (uint32_t seed = 1; seed <= 20; ++seed) {
      QVERIFY(test::RandomSeekWalk(&it, ToEntries(kvs), seed, 2000));
    }
  }

  // Reset() makes the iterator forget the previous block: no seek may be
  // answered from the old position.
  void blockIteratorReset() {
    const std::vector<KV> kvs = test::MakeCells(200);
    const std::vector<KV> first(kvs.begin(), kvs.begin() + 100);
    const std::vector<KV> second(kvs.begin() + 100, kvs.end());
    auto build = [](const std::vector<KV>& cells) {
      BlockBuilder b(16);
      for (const auto& [k, v] : cells) b.Add(k, v);
      return BlockData::Copy(b.Finish());
    };
    const std::string path = "/f.sf";
    BlockIterator it(build(first), &path, 0);
    it.Seek(first[50].first);
    QVERIFY(it.Valid());
    it.Next();
    it.Reset(build(second), &path, 999);
    QVERIFY(!it.Valid());
    it.Seek(first[51].first);  // before every key of the second block
    QVERIFY(it.Valid());
    QCOMPARE(std::string(it.key()), second.front().first);
    QVERIFY(test::RandomSeekWalk(&it, ToEntries(second), 3, 2000));
  }

  // A corrupt entry found by a seek names the file and the block offset,
  // though the origin string is only built on error.
  void lazyOriginInErrors() {
    const std::vector<KV> kvs = test::MakeCells(40);
    BlockBuilder b(16);
    for (const auto& [k, v] : kvs) b.Add(k, v);
    std::string block(b.Finish());
    const uint32_t restarts = DecodeFixed32(block.data() + block.size() - 4);
    QCOMPARE(restarts, 3u);
    const size_t array = block.size() - 4 - 4 * restarts;
    const uint32_t second = DecodeFixed32(block.data() + array + 4);
    block[second] = 5;  // the second restart entry now claims a shared prefix
    const std::string path = "/data/cf/000000000007.sf";
    BlockIterator it(BlockData::Copy(block), &path, 8192);
    it.Seek(kvs[20].first);  // the binary search reads that restart key
    QVERIFY(!it.Valid());
    QVERIFY2(test::IsCorruptionAt(it.status(), path), it.status().ToString().c_str());
    const std::string expected =
        path + ": data block at offset 8192: bad entry at block offset " + std::to_string(second);
    QVERIFY2(it.status().message().find(expected) != std::string::npos,
             it.status().ToString().c_str());
  }

  void storeFileIterator_data() {
    QTest::addColumn<int>("compression");
    QTest::addColumn<int>("blockSize");
    QTest::newRow("tiny blocks") << int(Compression::kNone) << 64;
    QTest::newRow("small blocks, snappy") << int(Compression::kSnappy) << 512;
    QTest::newRow("4 KiB blocks") << int(Compression::kNone) << 4096;
  }
  void storeFileIterator() {
    QFETCH(int, compression);
    QFETCH(int, blockSize);
    TempDir dir;
    const std::string path = dir.File("f.sf");
    const std::vector<KV> kvs = test::MakeCells(3000, test::ValueKind::kCompressible);
    RL_QVERIFY_OK(test::WriteStoreFile(
        path, test::Options(Compression(compression), BloomType::kRow, blockSize), kvs));
    auto reader = StoreFileReader::Open(Env::Default(), path, nullptr, {});
    RL_QVERIFY_OK(reader.status());
    QVERIFY((*reader)->index().size() > 1);
    auto it = (*reader)->NewIterator();
    for (uint32_t seed = 1; seed <= 10; ++seed) {
      QVERIFY(test::RandomSeekWalk(it.get(), ToEntries(kvs), seed, 3000));
    }
  }
};

QTEST_GUILESS_MAIN(SeekLocalityTest)
#include "seek_locality_test.moc"
