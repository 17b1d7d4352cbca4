// Every COMPRESSION x DATA_BLOCK_ENCODING pair through a whole store file:
// round trips (scans both ways, seeks, checksums), each block's recorded
// codec, the 12.5% rule for every codec, the encoding in the file info,
// damaged compressed payloads, and files written before codecs and
// encodings existed (tests/data/storefile, written by the earlier writer),
// which read back and which today's writer still reproduces byte for byte.
#include <QtTest>
#include <algorithm>

#include "regionlab/bytes.h"
#include "storefile/block_codec.h"
#include "storefile/format.h"
#include "storefile_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

Q_DECLARE_METATYPE(regionlab::Compression)
Q_DECLARE_METATYPE(regionlab::DataBlockEncoding)

namespace {

std::shared_ptr<StoreFileReader> OpenOrNull(const std::string& path) {
  auto r = StoreFileReader::Open(Env::Default(), path, nullptr, {});
  if (!r.ok()) qWarning("%s", r.status().ToString().c_str());
  return r.ok() ? *r : nullptr;
}

StoreFileWriterOptions EncodedOptions(Compression c, DataBlockEncoding e, BloomType b,
                                      uint32_t block_size) {
  StoreFileWriterOptions o = Options(c, b, block_size);
  o.encoding = e;
  return o;
}

#ifdef REGIONLAB_TEST_DATA_DIR
const std::string kDataDir = REGIONLAB_TEST_DATA_DIR "/storefile";
#endif

}  // namespace

class CodecTest : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip_data() {
    QTest::addColumn<Compression>("codec");
    QTest::addColumn<DataBlockEncoding>("encoding");
    QTest::addColumn<int>("block_size");
    QTest::addColumn<int>("cells");
    for (Compression c : kAllCompressions) {
      for (DataBlockEncoding e : kAllDataBlockEncodings) {
        for (int bs : {64, 4096}) {
          for (int n : {1, 7, 3000}) {
            QTest::addRow("%s/%s/bs=%d/n=%d", CompressionName(c), DataBlockEncodingName(e), bs, n)
                << c << e << bs << n;
          }
        }
      }
    }
  }
  void roundTrip() {
    QFETCH(Compression, codec);
    QFETCH(DataBlockEncoding, encoding);
    QFETCH(int, block_size);
    QFETCH(int, cells);
    TempDir dir;
    const std::string path = dir.File("c.sf");
    const std::vector<KV> input = MakeCells(cells, ValueKind::kCompressible);
    const BloomType bloom = cells % 2 ? BloomType::kRowCol : BloomType::kRow;
    RL_QVERIFY_OK(WriteStoreFile(path, EncodedOptions(codec, encoding, bloom, block_size), input));
    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    QCOMPARE(reader->info().compression, codec);
    QCOMPARE(reader->info().encoding, encoding);
    QVERIFY(reader->info().extra.empty());  // the encoding is not left among the extras
    auto it = reader->NewIterator();
    QCOMPARE(ScanForward(it.get()), input);
    std::vector<KV> backward = ScanBackward(it.get());
    std::reverse(backward.begin(), backward.end());
    QCOMPARE(backward, input);
    for (size_t i = 0; i < input.size(); i += 1 + input.size() / 50) {
      it->Seek(input[i].first);
      QVERIFY(it->Valid());
      QCOMPARE(std::string(it->value()), input[i].second);
      it->SeekForPrev(input[i].first);
      QVERIFY(it->Valid());
      QCOMPARE(std::string(it->key()), input[i].first);
    }
    RL_QVERIFY_OK(it->status());
    RL_QVERIFY_OK(reader->VerifyChecksums());
    // Each block records its own codec: the family's, or NONE where the
    // codec would not save 12.5%.
    auto blocks = reader->DescribeDataBlocks();
    RL_QVERIFY_OK(blocks.status());
    uint64_t compressed = 0;
    for (const DataBlockInfo& b : *blocks) {
      QVERIFY(b.compression == codec || b.compression == Compression::kNone);
      if (b.compression != Compression::kNone) {
        ++compressed;
        QVERIFY(b.stored_size < b.raw_size - b.raw_size / 8);
      } else {
        QCOMPARE(b.stored_size, b.raw_size);
      }
    }
    // 200-byte runs of one letter compress well with every codec.
    if (codec != Compression::kNone && block_size >= 4096) QVERIFY(compressed > 0);
  }

  // Random values: no codec saves 12.5%, so every block is stored NONE.
  void incompressibleBlocksStayNone_data() {
    QTest::addColumn<Compression>("codec");
    for (Compression c : kAllCompressions) QTest::newRow(CompressionName(c)) << c;
  }
  void incompressibleBlocksStayNone() {
    QFETCH(Compression, codec);
    TempDir dir;
    const std::string path = dir.File("r.sf");
    const std::vector<KV> input = MakeCells(800, ValueKind::kRandom);
    RL_QVERIFY_OK(WriteStoreFile(path, Options(codec, BloomType::kRow, 4096), input));
    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    auto blocks = reader->DescribeDataBlocks();
    RL_QVERIFY_OK(blocks.status());
    for (const DataBlockInfo& b : *blocks) QCOMPARE(b.compression, Compression::kNone);
    QCOMPARE(reader->info().stored_data_bytes, reader->info().raw_data_bytes);
  }

  // Compressed payloads that lie: a length header claiming more than the
  // codec can produce, data that does not decode, data that decodes to
  // another length. Each a Corruption, before anything large is allocated.
  void damagedPayloads_data() {
    QTest::addColumn<Compression>("codec");
    for (Compression c : kAllCompressions) {
      if (c != Compression::kNone) QTest::newRow(CompressionName(c)) << c;
    }
  }
  void damagedPayloads() {
    QFETCH(Compression, codec);
    const std::string raw(5000, 'x');
    std::string stored;
    storefile::CompressBlock(codec, raw, &stored);
    size_t length = 0;
    std::string error;
    QVERIFY2(storefile::UncompressedLength(codec, stored, &length, &error), error.c_str());
    QCOMPARE(length, raw.size());
    std::string back(length, '\0');
    QVERIFY2(storefile::UncompressBlock(codec, stored, back.data(), length, &error), error.c_str());
    QCOMPARE(back, raw);

    // A claim far beyond the codec's largest expansion.
    std::string huge;
    PutVarint32(&huge, 0x7fffffff);
    huge += "abc";
    QVERIFY(!storefile::UncompressedLength(codec, huge, &length, &error));
    QVERIFY2(error.find("header") != std::string::npos, error.c_str());
    // Garbage after the header, and a body cut short.
    std::string garbage = stored.substr(0, codec == Compression::kSnappy ? 2 : 2);
    garbage.append(40, '\x7f');
    if (storefile::UncompressedLength(codec, garbage, &length, &error)) {
      std::string out(length, '\0');
      QVERIFY(!storefile::UncompressBlock(codec, garbage, out.data(), length, &error));
    }
    const std::string cut = stored.substr(0, stored.size() / 2);
    if (storefile::UncompressedLength(codec, cut, &length, &error)) {
      std::string out(length, '\0');
      QVERIFY(!storefile::UncompressBlock(codec, cut, out.data(), length, &error));
    }
    // A truthful body under a header naming one byte less.
    if (codec != Compression::kSnappy) {
      std::string off;
      PutVarint32(&off, static_cast<uint32_t>(raw.size() - 1));
      std::string_view body = stored;
      uint32_t ignored;
      QVERIFY(GetVarint32(&body, &ignored));
      off.append(body);
      QVERIFY(storefile::UncompressedLength(codec, off, &length, &error));
      std::string out(length, '\0');
      QVERIFY(!storefile::UncompressBlock(codec, off, out.data(), length, &error));
    }
  }

  // Through a file: a data block whose compressed bytes are damaged (with a
  // CRC recomputed so that only the codec can tell) is a Corruption naming
  // the file and the block's offset.
  void damagedBlockInFile_data() { damagedPayloads_data(); }
  void damagedBlockInFile() {
    QFETCH(Compression, codec);
    TempDir dir;
    const std::string path = dir.File("d.sf");
    RL_QVERIFY_OK(WriteStoreFile(path, Options(codec, BloomType::kRow, 4096),
                                 MakeCells(500, ValueKind::kCompressible)));
    auto reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    const storefile::BlockHandle h = reader->index()[1].handle;
    reader.reset();
    std::string bytes = ReadAll(path);
    for (uint64_t i = h.offset + h.size / 2; i < h.offset + h.size; ++i) bytes[i] = '\x55';
    const std::string stored = bytes.substr(h.offset, h.size);
    const std::string trailer = storefile::BlockTrailer(stored, codec);
    bytes.replace(h.offset + h.size, trailer.size(), trailer);
    RL_QVERIFY_OK(Env::Default()->WriteFileAtomically(path, bytes));
    reader = OpenOrNull(path);
    QVERIFY(reader != nullptr);
    const Status s = reader->VerifyChecksums();
    QVERIFY2(IsCorruptionAt(s, path), s.ToString().c_str());
    QVERIFY2(s.message().find("data block at offset " + std::to_string(h.offset)) !=
                 std::string::npos,
             s.ToString().c_str());
  }

  // Files written by RegionLab before this build's codecs and encodings
  // (NONE and SNAPPY, the only codecs then; no DATA_BLOCK_ENCODING entry):
  // they read back cell for cell, and today's writer, given the same cells
  // and options, writes the very same bytes.
  void filesOfTheEarlierFormat_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<Compression>("codec");
    QTest::addColumn<BloomType>("bloom");
    QTest::addColumn<int>("block_size");
    QTest::addColumn<int>("values");
    QTest::newRow("snappy") << "v1-snappy-rowcol.sf" << Compression::kSnappy << BloomType::kRowCol
                            << 1024 << int(ValueKind::kCompressible);
    QTest::newRow("none") << "v1-none-row.sf" << Compression::kNone << BloomType::kRow << 4096
                          << int(ValueKind::kSmall);
  }
  void filesOfTheEarlierFormat() {
#ifndef REGIONLAB_TEST_DATA_DIR
    QSKIP("REGIONLAB_TEST_DATA_DIR is not set for this test");
#else
    QFETCH(QString, file);
    QFETCH(Compression, codec);
    QFETCH(BloomType, bloom);
    QFETCH(int, block_size);
    QFETCH(int, values);
    const std::string old_path = kDataDir + "/" + file.toStdString();
    // The cells those files hold: MakeCells(1000, values), seed 7.
    const std::vector<KV> cells = MakeCells(1000, static_cast<ValueKind>(values));
    auto reader = OpenOrNull(old_path);
    QVERIFY(reader != nullptr);
    QCOMPARE(reader->info().encoding, DataBlockEncoding::kNone);
    QCOMPARE(reader->info().compression, codec);
    auto it = reader->NewIterator();
    QCOMPARE(ScanForward(it.get()), cells);
    RL_QVERIFY_OK(reader->VerifyChecksums());
    TempDir dir;
    const std::string path = dir.File("now.sf");
    RL_QVERIFY_OK(WriteStoreFile(path, Options(codec, bloom, block_size), cells));
    QVERIFY(ReadAll(path) == ReadAll(old_path));
#endif
  }
};

QTEST_APPLESS_MAIN(CodecTest)
#include "codec_test.moc"
