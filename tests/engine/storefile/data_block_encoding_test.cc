// DATA_BLOCK_ENCODING at the block level: every encoding's blocks read back
// through BlockIterator (forward, backward, every seek, random walks against
// a sorted reference), the documented bytes of FORMAT-storefile.md's
// encoding examples, the sizes the encodings give on HBase-like cells, and
// damaged blocks that must end in a clean Corruption.
#include <QtTest>
#include <algorithm>
#include <random>

#include "regionlab/bytes.h"
#include "storefile/block_builder.h"
#include "storefile/block_iterator.h"
#include "storefile/data_block_encoding.h"
#include "storefile_test_util.h"

using namespace regionlab;
using namespace regionlab::storefile;
using regionlab::test::BinaryRow;
using regionlab::test::KV;

Q_DECLARE_METATYPE(regionlab::DataBlockEncoding)

namespace {

// Cells that exercise every flag of DIFF and FAST_DIFF: several qualifiers
// and versions per row, timestamps that rise, fall and repeat, delete
// markers among puts, repeated and empty values, binary rows.
std::vector<KV> MixedCells(size_t rows, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<KV> cells;
  uint64_t seq = 1000;
  for (uint32_t r = 0; r < rows; ++r) {
    const std::string row = BinaryRow(2 * r + 2);
    const int qualifiers = 1 + static_cast<int>(rng() % 4);
    if (r % 7 == 0) cells.emplace_back(EncodeKey(row, "", 9000, CellType::kDeleteFamily, seq++), "");
    for (int q = 0; q < qualifiers; ++q) {
      const std::string qualifier = q == 0 ? std::string("a") : std::string("col\x00", 4) + char('0' + q);
      const int versions = 1 + static_cast<int>(rng() % 3);
      int64_t ts = 1700000000000 + static_cast<int64_t>(rng() % 100000);
      if (r % 11 == 3) ts = 0;
      for (int v = 0; v < versions; ++v) {
        const CellType type = (v == 0 && r % 5 == 1) ? CellType::kDeleteColumn : CellType::kPut;
        std::string value;
        switch (rng() % 4) {
          case 0: value = "same"; break;
          case 1: value = ""; break;
          case 2: value = std::string(1 + rng() % 40, static_cast<char>(rng())); break;
          default: value = "v" + std::to_string(r);
        }
        cells.emplace_back(EncodeKey(row, qualifier, ts, type, seq--), value);
        ts -= 1 + static_cast<int64_t>(rng() % 5000);
        if (ts < 0) ts = 0;
      }
      seq += 7;
    }
  }
  std::sort(cells.begin(), cells.end(),
            [](const KV& a, const KV& b) { return CompareKeys(a.first, b.first) < 0; });
  cells.erase(std::unique(cells.begin(), cells.end(),
                          [](const KV& a, const KV& b) { return a.first == b.first; }),
              cells.end());
  return cells;
}

BlockData Build(const std::vector<KV>& cells, DataBlockEncoding e) {
  BlockBuilder b(kDataBlockRestartInterval, e);
  for (const auto& [k, v] : cells) b.Add(k, v);
  return BlockData::Copy(b.Finish());
}

std::string Hex(std::string_view s) { return regionlab::ToHex(s); }

// The index of the first cell >= target (cells.size() if none).
size_t LowerBound(const std::vector<KV>& cells, std::string_view target) {
  return static_cast<size_t>(
      std::lower_bound(cells.begin(), cells.end(), target,
                       [](const KV& kv, std::string_view t) { return CompareKeys(kv.first, t) < 0; }) -
      cells.begin());
}

void AddEncodingRows() {
  QTest::addColumn<DataBlockEncoding>("encoding");
  for (DataBlockEncoding e : kAllDataBlockEncodings) {
    QTest::newRow(DataBlockEncodingName(e)) << e;
  }
}

}  // namespace

class DataBlockEncodingTest : public QObject {
  Q_OBJECT
 private slots:
  void scansAndSeeks_data() { AddEncodingRows(); }
  void scansAndSeeks() {
    QFETCH(DataBlockEncoding, encoding);
    for (size_t rows : {1, 3, 40, 400}) {
      const std::vector<KV> cells = MixedCells(rows, static_cast<uint32_t>(rows));
      BlockIterator it(Build(cells, encoding), "blk", encoding);
      RL_QVERIFY_OK(it.status());
      QCOMPARE(regionlab::test::ScanForward(&it), cells);
      std::vector<KV> backward = regionlab::test::ScanBackward(&it);
      std::reverse(backward.begin(), backward.end());
      QCOMPARE(backward, cells);
      // Every key, and the first key of the row after each cell's row.
      for (size_t i = 0; i < cells.size(); ++i) {
        it.Seek(cells[i].first);
        QVERIFY(it.Valid());
        QCOMPARE(std::string(it.key()), cells[i].first);
        QCOMPARE(std::string(it.value()), cells[i].second);
        it.SeekForPrev(cells[i].first);
        QVERIFY(it.Valid());
        QCOMPARE(std::string(it.key()), cells[i].first);
        const std::string gap = FirstKeyOnRow(std::string(KeyRow(cells[i].first)) + '\0');
        const size_t next = LowerBound(cells, gap);
        it.Seek(gap);
        QCOMPARE(it.Valid(), next < cells.size());
        if (next < cells.size()) QCOMPARE(std::string(it.key()), cells[next].first);
        it.SeekForPrev(gap);
        QVERIFY(it.Valid());
        QCOMPARE(std::string(it.key()), cells[next - 1].first);
      }
      it.Seek(FirstKeyOnRow(BinaryRow(0)));  // before every row
      QVERIFY(it.Valid());
      QCOMPARE(std::string(it.key()), cells.front().first);
      it.SeekForPrev(FirstKeyOnRow(BinaryRow(0)));
      QVERIFY(!it.Valid());
      RL_QVERIFY_OK(it.status());
    }
  }

  // Random mixes of Next, Prev, Seek and SeekForPrev against the sorted
  // cells: the iterator's state (the previous entry the next one refers to,
  // the decoded entries kept for Prev) must stay right across moves.
  void randomWalks_data() { AddEncodingRows(); }
  void randomWalks() {
    QFETCH(DataBlockEncoding, encoding);
    const std::vector<KV> cells = MixedCells(120, 5);
    BlockIterator it(Build(cells, encoding), "blk", encoding);
    std::mt19937 rng(11);
    size_t pos = cells.size();  // == !Valid()
    for (int step = 0; step < 4000; ++step) {
      const int op = static_cast<int>(rng() % 6);
      if (op <= 1 && pos < cells.size()) {
        it.Next();
        ++pos;
      } else if (op == 2 && pos < cells.size()) {
        it.Prev();
        pos = pos == 0 ? cells.size() : pos - 1;
      } else if (op == 3) {
        const size_t k = rng() % cells.size();
        it.Seek(cells[k].first);
        pos = k;
      } else if (op == 4) {
        const std::string gap =
            FirstKeyOnRow(std::string(KeyRow(cells[rng() % cells.size()].first)) + '\0');
        it.SeekForPrev(gap);
        pos = LowerBound(cells, gap) - 1;
      } else {
        if (rng() % 2) {
          it.SeekToFirst();
          pos = 0;
        } else {
          it.SeekToLast();
          pos = cells.size() - 1;
        }
      }
      QCOMPARE(it.Valid(), pos < cells.size());
      if (pos < cells.size()) {
        QCOMPARE(std::string(it.key()), cells[pos].first);
        QCOMPARE(std::string(it.value()), cells[pos].second);
      }
    }
    RL_QVERIFY_OK(it.status());
  }

  // On rows of several columns with close timestamps, as HBase's tables
  // hold: PREFIX stores less than NONE (no whole keys at restart points),
  // DIFF and FAST_DIFF much less (timestamps, types and sequence ids
  // shrink), ROW_INDEX_V1 more (whole keys and a row index).
  void encodingsChangeTheSize() {
    const std::vector<KV> cells = MixedCells(300, 3);
    std::map<DataBlockEncoding, size_t> size;
    size_t raw = 0;
    for (const auto& [k, v] : cells) raw += k.size() + v.size();
    for (DataBlockEncoding e : kAllDataBlockEncodings) size[e] = Build(cells, e).size();
    qInfo("raw %zu, NONE %zu, PREFIX %zu, DIFF %zu, FAST_DIFF %zu, ROW_INDEX_V1 %zu", raw,
          size[DataBlockEncoding::kNone], size[DataBlockEncoding::kPrefix],
          size[DataBlockEncoding::kDiff], size[DataBlockEncoding::kFastDiff],
          size[DataBlockEncoding::kRowIndexV1]);
    QVERIFY(size[DataBlockEncoding::kPrefix] < size[DataBlockEncoding::kNone]);
    QVERIFY(size[DataBlockEncoding::kDiff] < size[DataBlockEncoding::kPrefix] * 4 / 5);
    QVERIFY(size[DataBlockEncoding::kFastDiff] < size[DataBlockEncoding::kPrefix] * 4 / 5);
    QVERIFY(size[DataBlockEncoding::kRowIndexV1] > size[DataBlockEncoding::kNone]);
    QVERIFY(size[DataBlockEncoding::kRowIndexV1] > raw);
  }

  // The bytes FORMAT-storefile.md shows for the worked example's three
  // cells (r1/q, r1/r, r2/q, ts 1000, Put, seq 1-3, values v1-v3).
  void documentedBytes_data() {
    QTest::addColumn<DataBlockEncoding>("encoding");
    QTest::addColumn<QString>("hex");
    QTest::newRow("PREFIX") << DataBlockEncoding::kPrefix
                            << "160200000272317100000000000003e8040000000000000001763112020472"
                               "00000000000003e80400000000000000027632130203327100000000000003e8"
                               "0400000000000000037633";
    QTest::newRow("DIFF") << DataBlockEncoding::kDiff
                          << "10160200000272317103e8040176310f0472000276320f03327100037633";
    QTest::newRow("FAST_DIFF") << DataBlockEncoding::kFastDiff
                               << "00160200000272317100000000000003e8040176313f0472e80276323f"
                                  "033271e8037633";
    QTest::newRow("ROW_INDEX_V1")
        << DataBlockEncoding::kRowIndexV1
        << "1600000002000000000272317100000000000003e80400000000000000017631160000000200000000"
           "0272317200000000000003e804000000000000000276321600000002000000000272327100000000"
           "000003e80400000000000000037633000000004000000002000000";
  }
  void documentedBytes() {
    QFETCH(DataBlockEncoding, encoding);
    QFETCH(QString, hex);
    const std::vector<KV> cells = {{EncodeKey("r1", "q", 1000, CellType::kPut, 1), "v1"},
                                   {EncodeKey("r1", "r", 1000, CellType::kPut, 2), "v2"},
                                   {EncodeKey("r2", "q", 1000, CellType::kPut, 3), "v3"}};
    const BlockData block = Build(cells, encoding);
    const std::string got = Hex(block.view());
    if (QString::fromStdString(got) != hex) qInfo("%s: %s", DataBlockEncodingName(encoding), got.c_str());
    QCOMPARE(QString::fromStdString(got), hex);
    BlockIterator it(BlockData::Copy(block.view()), "blk", encoding);
    QCOMPARE(regionlab::test::ScanForward(&it), cells);
  }

  // A first entry that refers to a previous one, lengths past the end,
  // truncations and flipped bytes: a Corruption naming the block offset,
  // never a bad read (the sanitizer build checks the reads).
  void damagedBlocks_data() { AddEncodingRows(); }
  void damagedBlocks() {
    QFETCH(DataBlockEncoding, encoding);
    const std::vector<KV> cells = MixedCells(30, 9);
    const std::string good(Build(cells, encoding).view());
    std::mt19937 rng(3);
    int corrupt = 0;
    for (int round = 0; round < 600; ++round) {
      std::string bad = good;
      if (round % 3 == 0) {
        bad.resize(rng() % bad.size());
      } else {
        for (int f = 0; f < 1 + round % 4; ++f) bad[rng() % bad.size()] ^= static_cast<char>(1 + rng() % 255);
      }
      BlockIterator it(BlockData::Copy(bad), "damaged", encoding);
      size_t n = 0;
      for (it.SeekToFirst(); it.Valid() && n < 10 * cells.size(); it.Next()) ++n;
      for (it.SeekToLast(); it.Valid() && n < 20 * cells.size(); it.Prev()) ++n;
      it.Seek(cells[cells.size() / 2].first);
      if (!it.status().ok()) {
        ++corrupt;
        QVERIFY2(it.status().IsCorruption(), it.status().ToString().c_str());
        QVERIFY(it.status().message().find("damaged") != std::string::npos);
        QVERIFY(!it.Valid());
      }
    }
    QVERIFY(corrupt > 100);
    if (encoding != DataBlockEncoding::kNone && encoding != DataBlockEncoding::kRowIndexV1) {
      // The flag of DIFF/FAST_DIFF's first entry, or PREFIX's shared length,
      // claiming a previous entry.
      std::string bad = good;
      if (encoding == DataBlockEncoding::kPrefix) {
        bad[2] = 1;  // shared (third varint) of the first entry
      } else {
        bad[0] = static_cast<char>(bad[0] | 4);  // SAME_TYPE (DIFF) / timestamp prefix (FAST_DIFF)
      }
      BlockIterator it(BlockData::Copy(bad), "first", encoding);
      it.SeekToFirst();
      QVERIFY(!it.Valid());
      QVERIFY(it.status().IsCorruption());
      QVERIFY2(it.status().message().find("first: bad entry at block offset 0") != std::string::npos,
               it.status().ToString().c_str());
    }
  }
};

QTEST_APPLESS_MAIN(DataBlockEncodingTest)
#include "data_block_encoding_test.moc"
