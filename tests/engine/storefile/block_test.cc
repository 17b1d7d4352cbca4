// Unit tests for the data-block encoding: BlockBuilder's prefix compression
// and restart points, and BlockIterator's Seek/SeekForPrev/Next/Prev over
// binary keys, including hostile block contents.
#include <QtTest>
#include <algorithm>
#include <random>

#include "storefile/block_builder.h"
#include "storefile/block_iterator.h"
#include "storefile_test_util.h"
#include "util/coding.h"

using namespace regionlab;
using namespace regionlab::storefile;
using regionlab::test::BinaryRow;
using regionlab::test::KV;

namespace {

// Key of row 2*i (odd rows are the "between" keys).
std::string EvenKey(uint32_t i) {
  return EncodeKey(BinaryRow(2 * i), std::string("q\x00\xff", 3), 42, CellType::kPut, i + 1);
}
std::string OddKey(uint32_t i) {
  return EncodeKey(BinaryRow(2 * i + 1), "q", 42, CellType::kPut, 1);
}

BlockData Build(const std::vector<KV>& entries, int interval) {
  BlockBuilder b(interval);
  for (const auto& [k, v] : entries) b.Add(k, v);
  return BlockData::Copy(b.Finish());
}

std::vector<KV> Entries(uint32_t n) {
  std::vector<KV> out;
  for (uint32_t i = 0; i < n; ++i) {
    std::string value(i % 7, static_cast<char>(i));  // includes empty and NUL values
    out.emplace_back(EvenKey(i), value);
  }
  return out;
}

// Data rows "n=<count> restart=<interval>" for every pair.
void AddCountIntervalRows(std::initializer_list<int> intervals, std::initializer_list<int> counts) {
  QTest::addColumn<int>("count");
  QTest::addColumn<int>("interval");
  for (int interval : intervals) {
    for (int count : counts) {
      QTest::addRow("n=%d restart=%d", count, interval) << count << interval;
    }
  }
}

}  // namespace

class BlockTest : public QObject {
  Q_OBJECT
 private slots:
  // Shared prefixes are stored once, and every 16th entry restarts with a
  // whole key whose offset is listed in the restart array.
  void prefixCompressionAndRestartPoints() {
    const std::vector<KV> entries = Entries(100);
    // Expected size: whole keys at restarts, only the unshared suffix
    // elsewhere; three 1-byte varints per entry; 7 restarts + their count.
    size_t expected = 4 * 7 + 4;
    size_t raw = 0;
    for (size_t i = 0; i < entries.size(); ++i) {
      const auto& [k, v] = entries[i];
      size_t shared = 0;
      if (i % 16 != 0) {
        const std::string& prev = entries[i - 1].first;
        while (shared < k.size() && prev[shared] == k[shared]) ++shared;
        QVERIFY(shared >= 8);  // row length, "\0r\xff" and the counter's high bytes
      }
      expected += 3 + k.size() - shared + v.size();
      raw += k.size() + v.size();
    }
    BlockBuilder b(16);
    for (const auto& [k, v] : entries) b.Add(k, v);
    QCOMPARE(b.entries(), size_t(100));
    const size_t estimated = b.EstimatedSize();
    const std::string block(b.Finish());
    QCOMPARE(block.size(), estimated);
    QCOMPARE(block.size(), expected);
    QVERIFY(block.size() < raw);

    const uint32_t restarts = DecodeFixed32(block.data() + block.size() - 4);
    QCOMPARE(restarts, 7u);  // entries 0, 16, 32, 48, 64, 80, 96
    const size_t array = block.size() - 4 - 4 * restarts;
    for (uint32_t r = 0; r < restarts; ++r) {
      const uint32_t off = DecodeFixed32(block.data() + array + 4 * r);
      std::string_view in(block.data() + off, array - off);
      uint32_t shared = 99, non_shared = 0;
      QVERIFY(GetVarint32(&in, &shared));
      QVERIFY(GetVarint32(&in, &non_shared));
      QCOMPARE(shared, 0u);
      QCOMPARE(size_t(non_shared), entries[16 * r].first.size());
    }
    BlockIterator it(BlockData::Copy(block), "blk");
    QCOMPARE(it.num_restarts(), 7u);
  }

  void emptyBlock() {
    BlockBuilder b(16);
    QVERIFY(b.empty());
    BlockIterator it(BlockData::Copy(b.Finish()), "blk");
    RL_QVERIFY_OK(it.status());
    it.SeekToFirst();
    QVERIFY(!it.Valid());
    it.SeekToLast();
    QVERIFY(!it.Valid());
    it.Seek(EvenKey(0));
    QVERIFY(!it.Valid());
    it.SeekForPrev(EvenKey(0));
    QVERIFY(!it.Valid());
    RL_QVERIFY_OK(it.status());
  }

  void seekAndStep_data() { AddCountIntervalRows({1, 16}, {1, 2, 15, 16, 17, 33, 500, 3000}); }
  void seekAndStep() {
    QFETCH(int, count);
    QFETCH(int, interval);
    const std::vector<KV> entries = Entries(count);
    BlockIterator it(Build(entries, interval), "blk");
    RL_QVERIFY_OK(it.status());

    QCOMPARE(regionlab::test::ScanForward(&it), entries);
    std::vector<KV> backward = regionlab::test::ScanBackward(&it);
    std::reverse(backward.begin(), backward.end());
    QCOMPARE(backward, entries);

    for (int i = 0; i < count; ++i) {
      const auto& [key, value] = entries[i];
      it.Seek(key);  // exact hit
      QVERIFY(it.Valid());
      QCOMPARE(std::string(it.key()), key);
      QCOMPARE(std::string(it.value()), value);
      it.SeekForPrev(key);
      QVERIFY(it.Valid());
      QCOMPARE(std::string(it.key()), key);

      it.Seek(OddKey(i));  // between i and i+1: lands on i+1
      if (i + 1 < count) {
        QVERIFY(it.Valid());
        QCOMPARE(std::string(it.key()), entries[i + 1].first);
        it.Prev();
        QVERIFY(it.Valid());
        QCOMPARE(std::string(it.key()), key);
      } else {
        QVERIFY(!it.Valid());
      }
      it.SeekForPrev(OddKey(i));  // between i and i+1: lands on i
      QVERIFY(it.Valid());
      QCOMPARE(std::string(it.key()), key);
      it.Next();
      QCOMPARE(it.Valid(), i + 1 < count);
    }
    // Before the first key and after the last.
    const std::string before = FirstKeyOnRow(std::string("\x00", 1));
    it.Seek(before);
    QVERIFY(it.Valid());
    QCOMPARE(std::string(it.key()), entries.front().first);
    it.SeekForPrev(before);
    QVERIFY(!it.Valid());
    it.Seek(OddKey(count));
    QVERIFY(!it.Valid());
    it.SeekForPrev(OddKey(count));
    QVERIFY(it.Valid());
    QCOMPARE(std::string(it.key()), entries.back().first);
    // Prev from the first entry and Next from the last end the iteration.
    it.SeekToFirst();
    it.Prev();
    QVERIFY(!it.Valid());
    it.SeekToLast();
    it.Next();
    QVERIFY(!it.Valid());
    RL_QVERIFY_OK(it.status());
  }

  // A reverse walk decodes each entry once, when Prev enters its restart
  // interval, not half a restart interval's worth of entries per step.
  void reverseWalkDecodesEachEntryOnce_data() { AddCountIntervalRows({1, 4, 16}, {1, 17, 500}); }
  void reverseWalkDecodesEachEntryOnce() {
    QFETCH(int, count);
    QFETCH(int, interval);
    const std::vector<KV> entries = Entries(count);
    BlockIterator it(Build(entries, interval), "blk");
    std::vector<KV> backward = regionlab::test::ScanBackward(&it);
    std::reverse(backward.begin(), backward.end());
    QCOMPARE(backward, entries);
    QVERIFY2(it.entries_decoded() <= static_cast<uint64_t>(count + interval),
             std::to_string(it.entries_decoded()).c_str());
  }

  // Random mixes of every move land where a plain index over the entries
  // says, whichever direction the iterator last went.
  void mixedMovesMatchAnIndex_data() {
    QTest::addColumn<int>("interval");
    QTest::newRow("restart=1") << 1;
    QTest::newRow("restart=3") << 3;
    QTest::newRow("restart=16") << 16;
  }
  void mixedMovesMatchAnIndex() {
    QFETCH(int, interval);
    const int count = 200;
    const std::vector<KV> entries = Entries(count);
    BlockIterator it(Build(entries, interval), "blk");
    std::mt19937 rng(static_cast<unsigned>(interval));
    int at = -1;  // the reference position; -1 or count: not valid
    for (int step = 0; step < 20000; ++step) {
      const int move = static_cast<int>(rng() % 10);
      const int target = static_cast<int>(rng() % count);
      if (move < 4) {
        if (at < 0 || at >= count) continue;
        it.Prev();
        --at;
      } else if (move < 7) {
        if (at < 0 || at >= count) continue;
        it.Next();
        ++at;
      } else if (move == 7) {
        it.Seek(OddKey(target));  // lands on target + 1
        at = target + 1;
      } else if (move == 8) {
        it.SeekForPrev(OddKey(target));  // lands on target
        at = target;
      } else {
        it.SeekToLast();
        at = count - 1;
      }
      const bool valid = at >= 0 && at < count;
      QCOMPARE(it.Valid(), valid);
      if (!valid) continue;
      QCOMPARE(std::string(it.key()), entries[at].first);
      QCOMPARE(std::string(it.value()), entries[at].second);
    }
    RL_QVERIFY_OK(it.status());
  }

  // Keys of the same row that differ only in the descending tail.
  void versionsOfOneColumn() {
    std::vector<KV> entries;
    for (int64_t ts = 100; ts >= 0; --ts) {
      entries.emplace_back(EncodeKey("r", "q", ts, CellType::kPut, 5), std::to_string(ts));
    }
    BlockIterator it(Build(entries, 16), "blk");
    it.Seek(EncodeKey("r", "q", 50, CellType::kMaximum, kMaxSequenceId));
    QVERIFY(it.Valid());
    QCOMPARE(std::string(it.value()), std::string("50"));
    it.SeekForPrev(EncodeKey("r", "q", 50, CellType::kMinimum, 0));
    QVERIFY(it.Valid());
    QCOMPARE(std::string(it.value()), std::string("50"));
    it.Seek(FirstKeyOnColumn("r", "q"));
    QCOMPARE(std::string(it.value()), std::string("100"));
  }

  void corruptRestartArray_data() {
    QTest::addColumn<QByteArray>("block");
    QTest::newRow("too short") << QByteArray("\x01\x00", 2);
    QTest::newRow("count too big") << QByteArray("\x00\x00\x00\x00\xff\xff\x00\x00", 8);
    QTest::newRow("entries but no restarts") << QByteArray("abcd\x00\x00\x00\x00", 8);
    QTest::newRow("first restart not 0")
        << QByteArray("\x00\x00\x00\x00\x02\x00\x00\x00\x01\x00\x00\x00", 12);
    QTest::newRow("restart past entries")
        << QByteArray("\x00\x00\x00\x00\x00\x00\x00\x00\x09\x00\x00\x00\x02\x00\x00\x00", 16);
  }
  void corruptRestartArray() {
    QFETCH(QByteArray, block);
    BlockIterator it(BlockData::Copy(std::string_view(block.constData(), block.size())),
                     "/x.sf: data block at offset 7");
    QVERIFY(it.status().IsCorruption());
    QVERIFY(it.status().message().find("/x.sf: data block at offset 7") != std::string::npos);
    it.SeekToFirst();
    QVERIFY(!it.Valid());
    it.Seek(EvenKey(1));
    QVERIFY(!it.Valid());
  }

  // An entry whose lengths point past the block is reported, with its offset.
  void corruptEntryLengths() {
    std::string block(Build(Entries(40), 16).view());
    // Entry 1 starts right after entry 0 (three 1-byte varints, the key and
    // an empty value): claim it shares more bytes than the previous key has.
    const std::string k0 = EvenKey(0);
    const size_t entry1 = 3 + k0.size();
    block[entry1] = static_cast<char>(0x7f);
    BlockIterator it(BlockData::Copy(block), "/y.sf: data block at offset 0");
    RL_QVERIFY_OK(it.status());
    it.SeekToFirst();
    QVERIFY(it.Valid());
    it.Next();
    QVERIFY(!it.Valid());
    QVERIFY(it.status().IsCorruption());
    QVERIFY2(
        it.status().message().find("block offset " + std::to_string(entry1)) != std::string::npos,
        it.status().ToString().c_str());
    it.SeekToFirst();  // the error is sticky
    QVERIFY(!it.Valid());
  }

  // Random bytes, and real blocks with random bytes overwritten, must never
  // crash or read out of bounds (checked by the sanitizer build).
  void randomContentsNeverCrash() {
    std::mt19937 rng(1234);
    const std::string good(Build(Entries(200), 16).view());
    for (int round = 0; round < 3000; ++round) {
      std::string block;
      if (round % 2 == 0) {
        block.resize(rng() % 300);
        for (char& c : block) c = static_cast<char>(rng());
        if (round % 4 == 0 && block.size() >= 4) {  // plausible restart count
          EncodeFixed32(block.data() + block.size() - 4, rng() % 8);
        }
      } else {
        block = good;
        for (int k = 0; k < 1 + round % 5; ++k)
          block[rng() % block.size()] = static_cast<char>(rng());
      }
      BlockIterator it(BlockData::Copy(block), "fuzz");
      int steps = 0;
      for (it.SeekToFirst(); it.Valid() && steps < 1000; it.Next()) ++steps;
      for (it.SeekToLast(); it.Valid() && steps < 2000; it.Prev()) ++steps;
      it.Seek(EvenKey(rng() % 200));
      if (it.Valid()) it.Prev();
      it.SeekForPrev(OddKey(rng() % 200));
      if (it.Valid()) it.Next();
      QVERIFY(it.status().ok() || it.status().IsCorruption());
    }
  }
};

QTEST_GUILESS_MAIN(BlockTest)
#include "block_test.moc"
