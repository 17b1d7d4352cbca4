// Corruption tests: flipped bytes in every part of a store file, every
// single-byte flip of a small file, truncations, random garbage, and crafted
// files whose checksums are valid but whose contents lie. Each must end in a
// Corruption status naming the path and an offset -- never a crash or an
// out-of-bounds read (run under the sanitizer build).
#include <QtTest>
#include <fstream>
#include <random>

#include <snappy.h>

#include "storefile/block_builder.h"
#include "storefile/bloom_filter.h"
#include "storefile/format.h"
#include "storefile_test_util.h"
#include "util/coding.h"

using namespace regionlab;
using namespace regionlab::test;
using storefile::BlockHandle;
using storefile::FixedTrailer;

namespace {

void WriteBytes(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

FixedTrailer TrailerOf(const std::string& file) {
  FixedTrailer t;
  const uint64_t at = file.size() - storefile::kFixedTrailerSize;
  Status s = FixedTrailer::DecodeFrom(std::string_view(file).substr(at), "x", at, &t);
  if (!s.ok()) qFatal("%s", s.ToString().c_str());
  return t;
}

// Opens the file and reads everything every way; the first error, or OK.
Status ReadEverything(const std::string& path) {
  auto reader = StoreFileReader::Open(Env::Default(), path, nullptr, {});
  if (!reader.ok()) return reader.status();
  auto it = (*reader)->NewIterator();
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
  }
  RL_RETURN_IF_ERROR(it->status());
  auto back = (*reader)->NewIterator();
  for (back->SeekToLast(); back->Valid(); back->Prev()) {
  }
  RL_RETURN_IF_ERROR(back->status());
  return (*reader)->VerifyChecksums();
}

// A well-formed file assembled from parts, each framed with a valid CRC, so
// tests can make the contents (not the checksums) wrong.
std::string Assemble(std::string_view data_region, const std::string* bloom, std::string_view index,
                     std::string_view file_info) {
  std::string out(data_region);
  FixedTrailer t;
  auto frame = [&](std::string_view contents, BlockHandle* h) {
    h->offset = out.size();
    h->size = contents.size();
    out.append(contents);
    out += storefile::BlockTrailer(contents, Compression::kNone);
  };
  if (bloom != nullptr) frame(*bloom, &t.bloom);
  frame(index, &t.index);
  frame(file_info, &t.file_info);
  t.EncodeTo(&out);
  return out;
}

}  // namespace

class CorruptionTest : public QObject {
  Q_OBJECT

  TempDir dir_;
  std::string good_path_;
  std::string good_;  // bytes of a healthy file
  std::vector<KV> cells_;
  FixedTrailer trailer_;
  std::string data_region_, bloom_, index_, info_;

  std::string Crafted(const std::string& name, std::string_view bytes) {
    const std::string path = dir_.File(name);
    WriteBytes(path, bytes);
    return path;
  }

  std::string BlockContents(const BlockHandle& h) const { return good_.substr(h.offset, h.size); }

 private slots:
  void initTestCase() {
    good_path_ = dir_.File("good.sf");
    cells_ = MakeCells(60, ValueKind::kCompressible);
    RL_QVERIFY_OK(
        WriteStoreFile(good_path_, Options(Compression::kSnappy, BloomType::kRow, 256), cells_));
    good_ = ReadAll(good_path_);
    trailer_ = TrailerOf(good_);
    QVERIFY(trailer_.bloom.size > 0);
    data_region_ = good_.substr(0, trailer_.bloom.offset);
    bloom_ = BlockContents(trailer_.bloom);
    index_ = BlockContents(trailer_.index);
    info_ = BlockContents(trailer_.file_info);
    RL_QVERIFY_OK(ReadEverything(good_path_));
    // Sanity of Assemble: rebuilding the parts gives the same bytes.
    QCOMPARE(Assemble(data_region_, &bloom_, index_, info_), good_);
  }

  // One flipped byte in the middle of each part.
  void flipInEachPart_data() {
    QTest::addColumn<QString>("part");
    QTest::addColumn<bool>("open_fails");
    QTest::addColumn<QString>("expect");
    QTest::newRow("data block contents") << "data" << false << "data block at offset";
    QTest::newRow("data block type byte") << "data-type" << false << "data block at offset";
    QTest::newRow("data block crc") << "data-crc" << false << "checksum mismatch";
    QTest::newRow("bloom block") << "bloom" << true << "bloom block at offset";
    QTest::newRow("block index") << "index" << true << "block index at offset";
    QTest::newRow("file info") << "info" << true << "file info at offset";
    QTest::newRow("trailer handles") << "trailer" << true << "fixed trailer at offset";
    QTest::newRow("trailer crc") << "trailer-crc" << true << "checksum mismatch";
    QTest::newRow("trailer magic") << "magic" << true << "bad magic";
  }
  void flipInEachPart() {
    QFETCH(QString, part);
    QFETCH(bool, open_fails);
    QFETCH(QString, expect);
    uint64_t first_block_size = 0;  // the first data block starts at offset 0
    {
      auto reader = StoreFileReader::Open(Env::Default(), good_path_, nullptr, {});
      RL_QVERIFY_OK(reader.status());
      first_block_size = (*reader)->index()[0].handle.size;
    }
    const uint64_t trailer_at = good_.size() - storefile::kFixedTrailerSize;
    uint64_t offset = 0;
    if (part == "data") offset = first_block_size / 2;
    if (part == "data-type") offset = first_block_size;
    if (part == "data-crc") offset = first_block_size + 2;
    if (part == "bloom") offset = trailer_.bloom.offset + trailer_.bloom.size / 2;
    if (part == "index") offset = trailer_.index.offset + trailer_.index.size / 2;
    if (part == "info") offset = trailer_.file_info.offset + trailer_.file_info.size / 2;
    if (part == "trailer") offset = trailer_at + 20;
    if (part == "trailer-crc") offset = trailer_at + 53;
    if (part == "magic") offset = good_.size() - 3;

    const std::string path = dir_.File("flip.sf");
    std::string bytes = good_;
    bytes[offset] = static_cast<char>(~bytes[offset]);
    WriteBytes(path, bytes);

    auto reader = StoreFileReader::Open(Env::Default(), path, nullptr, {});
    QCOMPARE(!reader.ok(), open_fails);
    const Status s = ReadEverything(path);
    QVERIFY2(IsCorruptionAt(s, path), s.ToString().c_str());
    QVERIFY2(s.message().find(expect.toStdString()) != std::string::npos, s.ToString().c_str());
    if (!open_fails) {
      // The iterator stops at the bad block: nothing is returned from it and
      // the error sticks.
      auto it = (*reader)->NewIterator();
      it->SeekToFirst();
      QVERIFY(!it->Valid());
      QVERIFY(IsCorruptionAt(it->status(), path));
      QVERIFY(it->status().message().find("data block at offset 0") != std::string::npos);
      it->Seek(cells_.back().first);
      QVERIFY(!it->Valid());
      // Blocks after the bad one still read through a fresh iterator.
      auto later = (*reader)->NewIterator();
      later->Seek(cells_.back().first);
      QVERIFY(later->Valid());
    }
  }

  // Every single-byte flip anywhere in a small file is detected.
  void everyByteFlipIsDetected() {
    const std::string path = dir_.File("small.sf");
    RL_QVERIFY_OK(WriteStoreFile(path, Options(Compression::kSnappy, BloomType::kRowCol, 100),
                                 MakeCells(12)));
    const std::string small = ReadAll(path);
    QVERIFY(small.size() > 300);
    const std::string flipped_path = dir_.File("small-flipped.sf");
    for (size_t off = 0; off < small.size(); ++off) {
      std::string bytes = small;
      bytes[off] = static_cast<char>(bytes[off] ^ 0x10);
      WriteBytes(flipped_path, bytes);
      const Status s = ReadEverything(flipped_path);
      QVERIFY2(
          IsCorruptionAt(s, flipped_path),
          qPrintable(QString("flip at %1: %2").arg(off).arg(QString::fromStdString(s.ToString()))));
    }
  }

  void truncatedFiles_data() {
    QTest::addColumn<qint64>("keep");  // >= 0: bytes kept; < 0: bytes cut from the end
    for (qint64 k : {0, 1, 10, 63, 64, 65}) QTest::addRow("keep %lld", k) << k;
    for (qint64 k : {-1, -8, -64, -65, -200}) QTest::addRow("cut %lld", -k) << k;
    QTest::newRow("half") << qint64(-1000000);
  }
  void truncatedFiles() {
    QFETCH(qint64, keep);
    const std::string path = dir_.File("trunc.sf");
    WriteBytes(path, good_);
    uint64_t size = keep >= 0          ? uint64_t(keep)
                    : keep == -1000000 ? good_.size() / 2
                                       : good_.size() - uint64_t(-keep);
    QVERIFY(TruncateFile(path, size));
    const Status s = ReadEverything(path);
    QVERIFY2(IsCorruptionAt(s, path), s.ToString().c_str());
  }

  void randomGarbage() {
    std::mt19937 rng(77);
    const std::string path = dir_.File("garbage.sf");
    for (int round = 0; round < 300; ++round) {
      std::string bytes(rng() % 5000, '\0');
      for (char& c : bytes) c = static_cast<char>(rng());
      if (round % 3 == 0 && bytes.size() >= 8) {  // get past the magic check
        bytes.replace(bytes.size() - 8, 8, storefile::kTrailerMagic);
      }
      WriteBytes(path, bytes);
      const Status s = ReadEverything(path);
      QVERIFY2(IsCorruptionAt(s, path), s.ToString().c_str());
    }
  }

  // Data blocks replaced by random bytes under a valid CRC: the reader may
  // return garbage cells or a Corruption, but never crashes.
  void craftedDataBlocksWithValidCrc() {
    std::mt19937 rng(3);
    auto reader = StoreFileReader::Open(Env::Default(), good_path_, nullptr, {});
    RL_QVERIFY_OK(reader.status());
    const auto index = (*reader)->index();
    const std::string path = dir_.File("crafted-data.sf");
    int corruptions = 0;
    for (int round = 0; round < 300; ++round) {
      std::string bytes = good_;
      const BlockHandle h = index[rng() % index.size()].handle;
      std::string contents = bytes.substr(h.offset, h.size);
      const bool whole = round % 2 == 0;
      for (size_t i = 0; i < contents.size(); ++i) {
        if (whole || rng() % 16 == 0) contents[i] = static_cast<char>(rng());
      }
      const auto type = (round % 3 == 0) ? Compression::kSnappy : Compression::kNone;
      bytes.replace(h.offset, h.size, contents);
      bytes.replace(h.offset + h.size, storefile::kBlockTrailerSize,
                    storefile::BlockTrailer(contents, type));
      WriteBytes(path, bytes);
      const Status s = ReadEverything(path);
      QVERIFY2(s.ok() || IsCorruptionAt(s, path), s.ToString().c_str());
      if (!s.ok()) ++corruptions;
    }
    QVERIFY(corruptions > 250);
  }

  void craftedBlockTypes_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("expect");
    QTest::newRow("unknown type") << 7 << QByteArray() << "unknown compression type 7";
    QTest::newRow("snappy claims 4 GB")
        << 1 << QByteArray("\xff\xff\xff\xff\x0f", 5) << "bad snappy header";
    QTest::newRow("snappy bad body")
        << 1 << QByteArray("\x40\x00\x01", 3) << "snappy data does not uncompress";
  }
  void craftedBlockTypes() {
    QFETCH(int, type);
    QFETCH(QByteArray, contents);
    QFETCH(QString, expect);
    auto reader = StoreFileReader::Open(Env::Default(), good_path_, nullptr, {});
    RL_QVERIFY_OK(reader.status());
    const BlockHandle h = (*reader)->index()[0].handle;
    std::string bytes = good_;
    std::string stored = bytes.substr(h.offset, h.size);
    const std::string head(contents.constData(), contents.size());
    if (!head.empty()) stored.replace(0, head.size(), head);
    bytes.replace(h.offset, h.size, stored);
    bytes.replace(h.offset + h.size, storefile::kBlockTrailerSize,
                  storefile::BlockTrailer(stored, static_cast<Compression>(type)));
    const std::string path = Crafted("type.sf", bytes);
    const Status s = ReadEverything(path);
    QVERIFY2(IsCorruptionAt(s, path), s.ToString().c_str());
    QVERIFY2(s.message().find(expect.toStdString()) != std::string::npos, s.ToString().c_str());
    QVERIFY(s.message().find("data block at offset 0") != std::string::npos);
  }

  // ReadBlock into a std::string (metadata) and into a BlockData (data
  // blocks) must agree on the bytes and on every error.
  void readBlockOverloadsAgree_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<bool>("ok");
    const std::string plain = "row-0001 value value value value value value value";
    std::string packed;
    snappy::Compress(plain.data(), plain.size(), &packed);
    QTest::newRow("none") << 0 << QByteArray::fromStdString(plain) << true;
    QTest::newRow("none, empty") << 0 << QByteArray() << true;
    QTest::newRow("snappy") << 1 << QByteArray::fromStdString(packed) << true;
    QTest::newRow("snappy bad body") << 1 << QByteArray("\x40\x00\x01", 3) << false;
    QTest::newRow("unknown type") << 7 << QByteArray("abc") << false;
  }
  void readBlockOverloadsAgree() {
    QFETCH(int, type);
    QFETCH(QByteArray, contents);
    QFETCH(bool, ok);
    const std::string stored(contents.constData(), contents.size());
    const std::string path =
        Crafted("block.raw", stored + storefile::BlockTrailer(stored, static_cast<Compression>(type)));
    auto file = Env::Default()->NewRandomAccessFile(path);
    RL_QVERIFY_OK(file.status());
    const BlockHandle h{0, stored.size()};
    std::string as_string;
    BlockData as_block;
    const Status a = storefile::ReadBlock(**file, h, "data block", &as_string);
    const Status b = storefile::ReadBlock(**file, h, "data block", &as_block);
    QCOMPARE(a.ok(), ok);
    QCOMPARE(b.ToString(), a.ToString());
    if (!ok) return;
    QCOMPARE(as_block.view(), std::string_view(as_string));
    if (type == 1) {
      std::string expected;
      QVERIFY(snappy::Uncompress(stored.data(), stored.size(), &expected));
      QCOMPARE(as_string, expected);
    } else {
      QCOMPARE(as_string, stored);
    }
  }

  // Metadata whose CRCs are valid but whose contents contradict the file.
  void craftedMetadata_data() {
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("expect");
    QTest::newRow("handle shifted") << "shift"
                                    << "block index";
    QTest::newRow("index keys out of order") << "order"
                                             << "keys out of order";
    QTest::newRow("index missing an entry") << "drop"
                                            << "block index";
    QTest::newRow("index entry not a key") << "badkey"
                                           << "block index";
    QTest::newRow("file info too many deletes") << "deletes"
                                                << "file info";
    QTest::newRow("file info trailing bytes") << "trailing"
                                              << "file info";
    QTest::newRow("bloom bit count") << "bloom"
                                     << "bloom block";
    QTest::newRow("bloom type without block") << "nobloom"
                                              << "fixed trailer";
    QTest::newRow("trailer layout") << "layout"
                                    << "fixed trailer";
  }
  void craftedMetadata() {
    QFETCH(QString, what);
    QFETCH(QString, expect);
    auto reader = StoreFileReader::Open(Env::Default(), good_path_, nullptr, {});
    RL_QVERIFY_OK(reader.status());
    const auto& index = (*reader)->index();
    StoreFileInfo info = (*reader)->info();
    std::string index_block = index_;
    std::string info_block = info_;
    std::string bloom_block = bloom_;
    const std::string* bloom = &bloom_block;
    auto rebuild_index = [&](auto mutate) {
      std::vector<StoreFileReader::IndexEntry> entries = index;
      mutate(&entries);
      storefile::BlockBuilder b(storefile::kIndexBlockRestartInterval);
      for (const auto& e : entries) {
        std::string h;
        e.handle.EncodeTo(&h);
        b.Add(e.last_key, h);
      }
      index_block = std::string(b.Finish());
    };
    if (what == "shift") rebuild_index([](auto* e) { (*e)[1].handle.offset += 1; });
    if (what == "order")
      rebuild_index([](auto* e) { std::swap((*e)[1].last_key, (*e)[2].last_key); });
    if (what == "drop") rebuild_index([](auto* e) { e->pop_back(); });
    if (what == "badkey")
      rebuild_index([](auto* e) {
        // A row length of 0xffff in a 22-byte key: not a well-formed key.
        std::string key(22, 'x');
        key[0] = key[1] = '\xff';
        (*e)[0].last_key = std::move(key);
      });
    if (what == "deletes" || what == "trailing") {
      if (what == "deletes") info.delete_count = info.cell_count + 1;
      info_block.clear();
      storefile::EncodeFileInfo(info, (*reader)->MidKey(), &info_block);
      if (what == "trailing") info_block += "xx";
    }
    if (what == "bloom") EncodeFixed32(bloom_block.data(), 8);
    if (what == "nobloom") bloom = nullptr;
    std::string bytes = Assemble(data_region_, bloom, index_block, info_block);
    if (what == "layout") {  // swap the index and file-info handles
      FixedTrailer t = TrailerOf(bytes);
      std::swap(t.index, t.file_info);
      bytes.resize(bytes.size() - storefile::kFixedTrailerSize);
      t.EncodeTo(&bytes);
    }
    const std::string path = Crafted("meta.sf", bytes);
    auto crafted = StoreFileReader::Open(Env::Default(), path, nullptr, {});
    QVERIFY(!crafted.ok());
    QVERIFY2(IsCorruptionAt(crafted.status(), path), crafted.status().ToString().c_str());
    QVERIFY2(crafted.status().message().find(expect.toStdString()) != std::string::npos,
             crafted.status().ToString().c_str());
  }

  void seekWithMalformedTargetIsAnError() {
    auto reader = StoreFileReader::Open(Env::Default(), good_path_, nullptr, {});
    RL_QVERIFY_OK(reader.status());
    auto it = (*reader)->NewIterator();
    it->Seek("x");
    QVERIFY(!it->Valid());
    QVERIFY(it->status().IsInvalidArgument());
  }
};

QTEST_GUILESS_MAIN(CorruptionTest)
#include "corruption_test.moc"
