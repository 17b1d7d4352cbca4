// Tests for Murmur3 (reference values) and the store-file bloom filters:
// no false negatives, a measured false-positive rate within 2%, ROW vs ROWCOL
// keys, and both sizing modes.
#include <QtTest>

#include "storefile/bloom_filter.h"
#include "storefile_test_util.h"
#include "util/coding.h"
#include "util/hash.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// Writes rows 0, 2, 4, ... (2 * (rows - 1)) with `quals` qualifiers each.
std::shared_ptr<StoreFileReader> WriteRows(const TempDir& dir, const std::string& name,
                                           BloomType bloom, uint32_t rows, int quals,
                                           uint64_t expected_entries) {
  StoreFileWriterOptions o = Options(Compression::kNone, bloom, 4096);
  o.expected_entries = expected_entries;
  const std::string path = dir.File(name);
  auto w = StoreFileWriter::Create(Env::Default(), path, o);
  if (!w.ok()) return nullptr;
  for (uint32_t r = 0; r < rows; ++r) {
    for (int q = 0; q < quals; ++q) {
      const std::string key =
          EncodeKey(BinaryRow(2 * r), "q" + std::to_string(q), 5, CellType::kPut, r + 1);
      if (!(*w)->Add(key, "v").ok()) return nullptr;
    }
  }
  if (!(*w)->Finish().ok()) return nullptr;
  auto reader = StoreFileReader::Open(Env::Default(), path, nullptr, {});
  return reader.ok() ? *reader : nullptr;
}

}  // namespace

class BloomTest : public QObject {
  Q_OBJECT
 private slots:
  // Reference outputs of MurmurHash3_x86_32 (Appleby's SMHasher).
  void murmur3ReferenceValues_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<quint32>("expected");
    QTest::newRow("empty/0") << QByteArray() << 0u << 0u;
    QTest::newRow("empty/1") << QByteArray() << 1u << 0x514e28b7u;
    QTest::newRow("empty/ffffffff") << QByteArray() << 0xffffffffu << 0x81f16f39u;
    QTest::newRow("hello/0") << QByteArray("hello") << 0u << 0x248bfa47u;
    QTest::newRow("four zeros") << QByteArray(4, '\0') << 0u << 0x2362f9deu;
    QTest::newRow("a") << QByteArray("a") << 0x9747b28cu << 0x7fa09ea6u;
    QTest::newRow("aa") << QByteArray("aa") << 0x9747b28cu << 0x5d211726u;
    QTest::newRow("aaa") << QByteArray("aaa") << 0x9747b28cu << 0x283e0130u;
    QTest::newRow("aaaa") << QByteArray("aaaa") << 0x9747b28cu << 0x5a97808au;
    QTest::newRow("abc") << QByteArray("abc") << 0x9747b28cu << 0xc84a62ddu;
    QTest::newRow("abcd") << QByteArray("abcd") << 0x9747b28cu << 0xf0478627u;
    QTest::newRow("hello world") << QByteArray("Hello, world!") << 0x9747b28cu << 0x24884cbau;
    QTest::newRow("fox") << QByteArray("The quick brown fox jumps over the lazy dog") << 0x9747b28cu
                         << 0x2fa826cdu;
  }
  void murmur3ReferenceValues() {
    QFETCH(QByteArray, input);
    QFETCH(quint32, seed);
    QFETCH(quint32, expected);
    QCOMPARE(Murmur3_32(std::string_view(input.constData(), input.size()), seed), expected);
  }

  void builderSizesAndProbes() {
    storefile::BloomFilterBuilder b(0);
    for (int i = 0; i < 1000; ++i) b.AddKey("k" + std::to_string(i));
    const std::string block = b.Finish();
    storefile::BloomFilter f;
    RL_QVERIFY_OK(storefile::BloomFilter::Parse(block, "/b", 0, &f));
    QCOMPARE(quint64(f.key_count()), quint64(1000));
    QCOMPARE(quint64(f.num_bits()), quint64(10240));  // 10 bits per key, whole 512-bit blocks
    for (int i = 0; i < 1000; ++i) QVERIFY(f.MayContain("k" + std::to_string(i)));
    // A truncated bit array is rejected.
    storefile::BloomFilter g;
    Status s = storefile::BloomFilter::Parse(block.substr(0, block.size() - 1), "/b", 77, &g);
    QVERIFY(s.IsCorruption());
    QVERIFY(s.message().find("/b: bloom block at offset 77") != std::string::npos);
  }

  // The bit array is exactly the one FORMAT-storefile.md defines for the
  // blocked filters the writer builds: h1 = Murmur3_32(key, 0) picks block
  // (h1 * blocks) >> 32 of 512 bits, and probe i sets bit g_i >> 23 of it,
  // g_0 = h2 = Murmur3_32(key, h1), g_(i+1) = g_i * 0x9E3779B9 mod 2^32.
  // One block up to many.
  void bitsFollowTheFormat_data() {
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("bits");
    QTest::newRow("1 key: one block") << 1 << 512;
    QTest::newRow("51 keys: one block") << 51 << 512;
    QTest::newRow("52 keys: two blocks") << 52 << 1024;
    QTest::newRow("1000 keys") << 1000 << 10240;
    QTest::newRow("12345 keys") << 12345 << 123904;
  }
  void bitsFollowTheFormat() {
    QFETCH(int, keys);
    QFETCH(int, bits);
    storefile::BloomFilterBuilder b(0);
    std::vector<std::string> added;
    for (int i = 0; i < keys; ++i) {
      added.push_back("row-" + std::to_string(i * 7919));
      b.AddKey(added.back());
    }
    const std::string block = b.Finish();
    QCOMPARE(int(uint8_t(block[5])), int(storefile::kBloomHashMurmur3Blocked));
    storefile::BloomFilter f;
    RL_QVERIFY_OK(storefile::BloomFilter::Parse(block, "/b", 0, &f));
    QCOMPARE(int(f.num_bits()), bits);
    std::string expected(bits / 8, '\0');
    for (const std::string& k : added) {
      const uint32_t h1 = Murmur3_32(k, 0);
      uint32_t g = Murmur3_32(k, h1);
      const uint64_t base = ((uint64_t(h1) * uint64_t(bits / 512)) >> 32) * 512;
      for (int i = 0; i < storefile::kBloomProbes; ++i, g *= 0x9E3779B9u) {
        const uint64_t bit = base + (g >> 23);
        expected[bit / 8] = char(expected[bit / 8] | (1 << (bit % 8)));
      }
    }
    QCOMPARE(block.size(), 14 + expected.size());
    QVERIFY(block.compare(14, std::string::npos, expected) == 0);
  }

  // Files written before blocked filters hold double-hashing filters
  // (hash_id 1: probe i is bit (h1 + i * h2) mod num_bits of the whole
  // array, 9.6 bits per key). The reader still answers them: every key
  // present, at most 2% false positives.
  void readsDoubleHashingFilters() {
    constexpr int kKeys = 5000;
    const uint64_t n = 48000;  // ceil(9.6 * 5000), a multiple of 8 but not of 512
    std::string bits(n / 8, '\0');
    for (int i = 0; i < kKeys; ++i) {
      const std::string k = "old-" + std::to_string(2 * i);
      const uint32_t h1 = Murmur3_32(k, 0);
      const uint32_t h2 = Murmur3_32(k, h1);
      for (uint64_t p = 0; p < 7; ++p) {
        const uint64_t bit = (uint64_t(h1) + p * h2) % n;
        bits[bit / 8] = char(bits[bit / 8] | (1 << (bit % 8)));
      }
    }
    std::string block;
    PutFixed32(&block, uint32_t(n));
    block.push_back(char(7));
    block.push_back(char(storefile::kBloomHashMurmur3Double));
    PutFixed64(&block, kKeys);
    block += bits;
    storefile::BloomFilter f;
    RL_QVERIFY_OK(storefile::BloomFilter::Parse(block, "/old", 0, &f));
    for (int i = 0; i < kKeys; ++i) QVERIFY(f.MayContain("old-" + std::to_string(2 * i)));
    int false_positives = 0;
    for (int i = 0; i < kKeys; ++i) {
      if (f.MayContain("old-" + std::to_string(2 * i + 1))) ++false_positives;
    }
    QVERIFY2(false_positives <= kKeys / 50, qPrintable(QString::number(false_positives)));
    // The same bits named as a blocked filter are refused: 48000 bits is
    // not a whole number of 512-bit blocks.
    block[5] = char(storefile::kBloomHashMurmur3Blocked);
    storefile::BloomFilter g;
    const Status s = storefile::BloomFilter::Parse(block, "/old", 99, &g);
    QVERIFY(s.IsCorruption());
    QVERIFY2(s.message().find("/old: bloom block at offset 99: bit count 48000 is not whole "
                              "512-bit blocks") != std::string::npos,
             s.ToString().c_str());
  }

  // 10000 present rows are all found; 10000 absent rows give <= 2% false
  // positives. Both sizing modes (exact at Finish, and sized up front).
  void rowBloomFalsePositiveRate_data() {
    QTest::addColumn<quint64>("expected_entries");
    QTest::newRow("sized at finish") << quint64(0);
    QTest::newRow("sized up front") << quint64(10000);
  }
  void rowBloomFalsePositiveRate() {
    QFETCH(quint64, expected_entries);
    TempDir dir;
    auto reader = WriteRows(dir, "row.sf", BloomType::kRow, 10000, 2, expected_entries);
    QVERIFY(reader != nullptr);
    for (uint32_t r = 0; r < 10000; ++r) QVERIFY(reader->MayContainRow(BinaryRow(2 * r)));
    int false_positives = 0;
    for (uint32_t r = 0; r < 10000; ++r) {
      const std::string absent = BinaryRow(2 * r + 1);
      const bool may = reader->MayContainRow(absent);
      if (may) ++false_positives;
      // A row hashed once (for several files) gets the same answer.
      QCOMPARE(reader->MayContainRow(storefile::BloomHash::Of(absent)), may);
      QVERIFY(reader->MayContainRow(storefile::BloomHash::Of(BinaryRow(2 * r))));
    }
    qInfo("ROW bloom: %d false positives in 10000 absent rows", false_positives);
    QVERIFY2(false_positives <= 200, qPrintable(QString::number(false_positives)));
    QVERIFY(false_positives > 0);  // a 1% filter, not an exact set
    // A ROW bloom answers column questions by row.
    QVERIFY(reader->MayContainColumn(BinaryRow(0), "no-such-qualifier"));
  }

  // ROWCOL holds (row, qualifier) pairs: present columns are found, absent
  // qualifiers of present rows are rejected at <= 2%, and row-only questions
  // cannot be answered (true), as in HBase.
  void rowColBloom() {
    TempDir dir;
    auto reader = WriteRows(dir, "rowcol.sf", BloomType::kRowCol, 5000, 2, 0);
    QVERIFY(reader != nullptr);
    for (uint32_t r = 0; r < 5000; ++r) {
      QVERIFY(reader->MayContainColumn(BinaryRow(2 * r), "q0"));
      QVERIFY(reader->MayContainColumn(BinaryRow(2 * r), "q1"));
    }
    int false_positives = 0;
    for (uint32_t r = 0; r < 5000; ++r) {
      if (reader->MayContainColumn(BinaryRow(2 * r), "q2")) ++false_positives;
      if (reader->MayContainColumn(BinaryRow(2 * r + 1), "q0")) ++false_positives;
    }
    qInfo("ROWCOL bloom: %d false positives in 10000 absent columns", false_positives);
    QVERIFY2(false_positives <= 200, qPrintable(QString::number(false_positives)));
    QVERIFY(reader->MayContainRow(BinaryRow(1)));
  }

  // The pair encoding is unambiguous: ("ab", "c") and ("a", "bc") differ.
  void rowColKeyIsUnambiguous() {
    QVERIFY(storefile::BloomColumnKey("ab", "c") != storefile::BloomColumnKey("a", "bc"));
    QCOMPARE(storefile::BloomColumnKey("r", "q"),
             EncodeKey("r", "q", 1, CellType::kPut, 1).substr(0, 4));
    TempDir dir;
    StoreFileWriterOptions o = Options(Compression::kNone, BloomType::kRowCol, 4096);
    QVERIFY(WriteStoreFile(dir.File("f.sf"), o, {{EncodeKey("ab", "c", 1, CellType::kPut, 1), "v"}})
                .ok());
    auto reader = StoreFileReader::Open(Env::Default(), dir.File("f.sf"), nullptr, {});
    RL_QVERIFY_OK(reader.status());
    QVERIFY((*reader)->MayContainColumn("ab", "c"));
    QVERIFY(!(*reader)->MayContainColumn("a", "bc"));
  }

  void noBloom() {
    TempDir dir;
    auto reader = WriteRows(dir, "none.sf", BloomType::kNone, 100, 1, 0);
    QVERIFY(reader != nullptr);
    QVERIFY(reader->bloom() == nullptr);
    for (uint32_t r = 0; r < 100; ++r) {
      QVERIFY(reader->MayContainRow(BinaryRow(2 * r + 1)));
      QVERIFY(reader->MayContainColumn(BinaryRow(2 * r + 1), "x"));
    }
  }

  // Each distinct row is added once however many cells it has: a file of
  // 1000 rows x 10 cells has a 1000-key bloom.
  void distinctRowsOnly() {
    TempDir dir;
    auto reader = WriteRows(dir, "d.sf", BloomType::kRow, 1000, 10, 0);
    QVERIFY(reader != nullptr);
    QVERIFY(reader->bloom() != nullptr);
    QCOMPARE(quint64(reader->bloom()->key_count()), quint64(1000));
    QCOMPARE(quint64(reader->bloom()->num_bits()), quint64(10240));
    QCOMPARE(quint64(reader->info().cell_count), quint64(10000));
  }

  // expected_entries sizes the bit array up front; a fuller filter than
  // planned still has no false negatives.
  void expectedEntriesSizesTheBloom() {
    TempDir dir;
    auto big = WriteRows(dir, "big.sf", BloomType::kRow, 1000, 1, 5000);
    QVERIFY(big != nullptr && big->bloom() != nullptr);
    QCOMPARE(quint64(big->bloom()->num_bits()), quint64(50176));  // 50,000 in 512-bit blocks
    auto small = WriteRows(dir, "small.sf", BloomType::kRow, 1000, 1, 100);
    QVERIFY(small != nullptr && small->bloom() != nullptr);
    QCOMPARE(quint64(small->bloom()->num_bits()), quint64(1024));
    for (uint32_t r = 0; r < 1000; ++r) QVERIFY(small->MayContainRow(BinaryRow(2 * r)));
  }
};

QTEST_GUILESS_MAIN(BloomTest)
#include "bloom_test.moc"
