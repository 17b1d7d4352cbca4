// Seeks from the current position of a memstore iterator (finger searches
// from its last search path) land exactly where a search from the head
// would, and still see entries inserted since the last move; inserts that
// start from the previous insert's splice keep every level in order,
// whatever the insertion order.
#include <QtTest>

#include "engine/util/kv_iterator_test_util.h"
#include "memstore/memstore.h"
#include "util/random.h"

using namespace regionlab;
using regionlab::test::KeyValueEntry;

namespace {

std::string Row(uint32_t i) {
  std::string row = "row";
  for (int shift = 24; shift >= 0; shift -= 8) row.push_back(static_cast<char>(i >> shift));
  return row;
}

// Rows 2i with one to three columns, some with two versions.
std::vector<KeyValueEntry> MakeEntries(uint32_t rows) {
  std::vector<KeyValueEntry> out;
  uint64_t seq = 1;
  for (uint32_t r = 0; r < rows; ++r) {
    const std::string row = Row(2 * r);
    for (uint32_t q = 0; q <= r % 3; ++q) {
      const std::string qualifier(1, static_cast<char>('a' + q));
      out.push_back({EncodeKey(row, qualifier, 200, CellType::kPut, seq++), "v" + std::to_string(r)});
      if (q == 1) out.push_back({EncodeKey(row, qualifier, 100, CellType::kPut, seq++), "old"});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const KeyValueEntry& a, const KeyValueEntry& b) { return CompareKeys(a.key, b.key) < 0; });
  return out;
}

}  // namespace

class SkipListSeekTest : public QObject {
  Q_OBJECT
 private slots:
  void randomWalkMatchesReference_data() {
    QTest::addColumn<int>("rows");
    QTest::newRow("empty") << 0;
    QTest::newRow("one row") << 1;
    QTest::newRow("20 rows") << 20;
    QTest::newRow("2000 rows") << 2000;
  }
  void randomWalkMatchesReference() {
    QFETCH(int, rows);
    const std::vector<KeyValueEntry> entries = MakeEntries(rows);
    // Insert in a scrambled order: the list must not depend on it.
    std::vector<size_t> order(entries.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    Random rnd(5);
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rnd.Uniform(i)]);
    MemStore m;
    for (size_t i : order) QVERIFY(m.Add(entries[i].key, entries[i].value));
    auto it = m.NewIterator();
    for (uint32_t seed = 1; seed <= 20; ++seed) {
      QVERIFY(test::RandomSeekWalk(it.get(), entries, seed, 3000));
    }
  }

  // An entry inserted between the node before the iterator and the
  // iterator's node after it was positioned is found by the next seek.
  void seekSeesEntriesInsertedSinceLastMove() {
    MemStore m;
    const std::string k0 = EncodeKey(Row(0), "a", 1, CellType::kPut, 1);
    const std::string k2 = EncodeKey(Row(2), "a", 1, CellType::kPut, 2);
    const std::string k4 = EncodeKey(Row(4), "a", 1, CellType::kPut, 3);
    QVERIFY(m.Add(k0, "0") && m.Add(k2, "2") && m.Add(k4, "4"));
    auto it = m.NewIterator();
    it->Seek(FirstKeyOnRow(Row(2)));  // at k2, k0 before it
    QCOMPARE(std::string(it->key()), k2);
    const std::string k1 = EncodeKey(Row(1), "a", 1, CellType::kPut, 4);
    QVERIFY(m.Add(k1, "1"));
    it->Seek(FirstKeyOnRow(Row(1)));
    QVERIFY(it->Valid());
    QCOMPARE(std::string(it->key()), k1);
    // Moving forward and then seeking back into the gap behind: also found.
    it->Next();
    it->Next();  // at k4, k2 before it
    const std::string k3 = EncodeKey(Row(3), "a", 1, CellType::kPut, 5);
    QVERIFY(m.Add(k3, "3"));
    it->Seek(FirstKeyOnRow(Row(3)));
    QCOMPARE(std::string(it->key()), k3);
    it->SeekForPrev(FirstKeyOnRow(Row(4)));
    QCOMPARE(std::string(it->key()), k3);
    // The next entry checked before any search: one inserted right after
    // the iterator's entry is the answer; past it, the search takes over.
    it->Seek(FirstKeyOnRow(Row(2)));  // at k2
    const std::string k2b = EncodeKey(Row(2), "b", 1, CellType::kPut, 7);
    QVERIFY(m.Add(k2b, "2b"));
    it->Seek(FirstKeyOnColumn(Row(2), std::string("a") + '\0'));
    QCOMPARE(std::string(it->key()), k2b);
    it->Seek(FirstKeyOnColumn(Row(2), std::string("b") + '\0'));
    QCOMPARE(std::string(it->key()), k3);
    it->Seek(FirstKeyOnRow(Row(4)));
    QCOMPARE(std::string(it->key()), k4);
    it->Seek(FirstKeyOnRow(Row(3)));  // behind the iterator: a search from the head
    QCOMPARE(std::string(it->key()), k3);
    // Off the end, then a new last entry, then a seek past the old end.
    it->SeekToLast();
    it->Next();
    QVERIFY(!it->Valid());
    const std::string k5 = EncodeKey(Row(5), "a", 1, CellType::kPut, 6);
    QVERIFY(m.Add(k5, "5"));
    it->Seek(FirstKeyOnRow(Row(5)));
    QVERIFY(it->Valid());
    QCOMPARE(std::string(it->key()), k5);
  }

  // The insert splice: ascending, descending, sawtooth (ascending runs that
  // jump back) and random orders all give a list whose every level is in
  // order -- a seek from the head (which uses the upper levels) finds each
  // key, and a scan returns them sorted.
  void insertOrdersKeepEveryLevelSorted_data() {
    QTest::addColumn<QString>("order");
    QTest::newRow("ascending") << "ascending";
    QTest::newRow("descending") << "descending";
    QTest::newRow("sawtooth") << "sawtooth";
    QTest::newRow("random") << "random";
  }
  void insertOrdersKeepEveryLevelSorted() {
    QFETCH(QString, order);
    const std::vector<KeyValueEntry> entries = MakeEntries(3000);
    std::vector<size_t> idx(entries.size());
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    if (order == "descending") std::reverse(idx.begin(), idx.end());
    if (order == "sawtooth") {
      // Runs of 50 ascending keys, the runs taken from the back.
      std::vector<size_t> saw;
      for (size_t start = (idx.size() / 50) * 50 + 50; start >= 50; start -= 50) {
        for (size_t i = start - 50; i < std::min(start, idx.size()); ++i) saw.push_back(i);
      }
      idx = saw;
    }
    if (order == "random") {
      Random rnd(11);
      for (size_t i = idx.size(); i > 1; --i) std::swap(idx[i - 1], idx[rnd.Uniform(i)]);
    }
    QCOMPARE(idx.size(), entries.size());
    MemStore m;
    for (size_t i : idx) QVERIFY(m.Add(entries[i].key, entries[i].value));
    for (size_t i : idx) QVERIFY(!m.Add(entries[i].key, "again"));  // duplicates refused
    auto it = m.NewIterator();
    size_t n = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next(), ++n) {
      QVERIFY(n < entries.size());
      QCOMPARE(std::string(it->key()), entries[n].key);
    }
    QCOMPARE(n, entries.size());
    for (size_t i = 0; i < entries.size(); i += 7) {
      auto fresh = m.NewIterator();  // a search from the head
      fresh->Seek(entries[i].key);
      QVERIFY(fresh->Valid());
      QCOMPARE(std::string(fresh->key()), entries[i].key);
      QCOMPARE(std::string(fresh->value()), entries[i].value);
    }
  }
};

QTEST_GUILESS_MAIN(SkipListSeekTest)
#include "skiplist_seek_test.moc"
