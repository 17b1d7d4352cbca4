// Unit tests for engine/memstore: the skiplist-backed MemStore against a
// std::set reference (order, Seek/SeekForPrev, both directions), duplicate
// and malformed adds, statistics, heap-size accounting, and one writer with
// four concurrent readers.
#include "memstore/memstore.h"

#include <QtTest>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "memstore/skiplist.h"
#include "support/test_util.h"
#include "util/crc32c.h"
#include "util/key_value.h"
#include "util/random.h"

using namespace regionlab;

namespace {

// The key before every cell of `row`, as FirstKeyOnRow builds it. Spelled
// out because FirstKeyOnRow passes a null qualifier to memcpy (undefined
// behaviour that the sanitizer build rejects) in util/key_value.cc.
std::string RowStart(std::string_view row) {
  return EncodeKey(row, "", kLatestTimestamp, CellType::kMaximum, kMaxSequenceId);
}

struct KeyLess {
  bool operator()(const std::string& a, const std::string& b) const {
    return CompareKeys(a, b) < 0;
  }
};
using KeySet = std::set<std::string, KeyLess>;

// A random key over a small alphabet, so rows and columns collide often and
// the descending timestamp / type / sequence-id ordering is exercised.
std::string RandomKey(Random* rnd) {
  std::string row(1 + rnd->Uniform(3), 'a');
  for (char& c : row) c = static_cast<char>('a' + rnd->Uniform(4));
  std::string qualifier(rnd->Uniform(3), 'q');
  for (char& c : qualifier) c = static_cast<char>('x' + rnd->Uniform(3));
  static const CellType kTypes[] = {CellType::kPut, CellType::kDelete, CellType::kDeleteColumn,
                                    CellType::kDeleteFamily};
  return EncodeKey(row, qualifier, static_cast<int64_t>(rnd->Uniform(20)), kTypes[rnd->Uniform(4)],
                   rnd->Uniform(50));
}

// The value stored with a key in these tests: derived from the key, so a
// reader can tell a complete entry from a torn one.
std::string ValueFor(std::string_view key) {
  const uint32_t crc = crc32c::Value(key.data(), key.size());
  return std::string(reinterpret_cast<const char*>(&crc), 4) + std::string(key.size() % 7, 'v');
}

std::vector<std::string> Forward(KeyValueIterator* it) {
  std::vector<std::string> out;
  for (it->SeekToFirst(); it->Valid(); it->Next()) out.emplace_back(it->key());
  return out;
}

std::vector<std::string> Backward(KeyValueIterator* it) {
  std::vector<std::string> out;
  for (it->SeekToLast(); it->Valid(); it->Prev()) out.emplace_back(it->key());
  return out;
}

// Fills `ms` and `ref` with `n` random adds, checking Add's result each time.
bool FillRandom(MemStore* ms, KeySet* ref, Random* rnd, int n) {
  for (int i = 0; i < n; ++i) {
    const std::string key = RandomKey(rnd);
    const bool fresh = ref->insert(key).second;
    if (ms->Add(key, ValueFor(key)) != fresh) return false;
  }
  return true;
}

}  // namespace

class MemStoreTest : public QObject {
  Q_OBJECT
 private slots:
  void iterationMatchesSetOrder_data() {
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("count");
    QTest::newRow("empty") << quint64(1) << 0;
    QTest::newRow("one") << quint64(2) << 1;
    QTest::newRow("small") << quint64(3) << 50;
    QTest::newRow("many") << quint64(4) << 5000;
  }
  void iterationMatchesSetOrder() {
    QFETCH(quint64, seed);
    QFETCH(int, count);
    Random rnd(seed);
    MemStore ms;
    KeySet ref;
    QVERIFY(FillRandom(&ms, &ref, &rnd, count));
    QCOMPARE(ms.Count(), quint64(ref.size()));
    QCOMPARE(ms.Empty(), ref.empty());

    auto it = ms.NewIterator();
    const std::vector<std::string> expected(ref.begin(), ref.end());
    QVERIFY(Forward(it.get()) == expected);
    QVERIFY(Backward(it.get()) == std::vector<std::string>(ref.rbegin(), ref.rend()));
    RL_QVERIFY_OK(it->status());
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      QCOMPARE(std::string(it->value()), ValueFor(it->key()));
    }
  }

  // Seek lands on the first key >= target, SeekForPrev on the last key <=
  // target, for targets equal to stored keys and between them.
  void seekAtAndBetweenKeys() {
    Random rnd(11);
    MemStore ms;
    KeySet ref;
    QVERIFY(FillRandom(&ms, &ref, &rnd, 300));
    auto it = ms.NewIterator();

    for (const std::string& key : ref) {
      it->Seek(key);
      QVERIFY(it->Valid());
      QCOMPARE(std::string(it->key()), key);
      it->SeekForPrev(key);
      QVERIFY(it->Valid());
      QCOMPARE(std::string(it->key()), key);
    }
    int between = 0;
    for (int i = 0; i < 2000; ++i) {
      const std::string target = RandomKey(&rnd);
      if (ref.count(target) == 0) ++between;
      auto ge = ref.lower_bound(target);
      it->Seek(target);
      QCOMPARE(it->Valid(), ge != ref.end());
      if (ge != ref.end()) QCOMPARE(std::string(it->key()), *ge);

      auto gt = ref.upper_bound(target);
      it->SeekForPrev(target);
      QCOMPARE(it->Valid(), gt != ref.begin());
      if (gt != ref.begin()) QCOMPARE(std::string(it->key()), *std::prev(gt));
    }
    QVERIFY(between > 1000);  // most probes fell between stored keys

    // Before the first and after the last key.
    it->SeekForPrev(RowStart(""));
    QVERIFY(!it->Valid());
    it->Seek(RowStart("zzzz"));
    QVERIFY(!it->Valid());
    it->Seek(RowStart(""));
    QCOMPARE(std::string(it->key()), *ref.begin());
    it->SeekForPrev(RowStart("zzzz"));
    QCOMPARE(std::string(it->key()), *ref.rbegin());
  }

  // Next and Prev interleaved from arbitrary positions follow the reference.
  void directionChanges() {
    Random rnd(5);
    MemStore ms;
    KeySet ref;
    QVERIFY(FillRandom(&ms, &ref, &rnd, 400));
    const std::vector<std::string> keys(ref.begin(), ref.end());
    auto it = ms.NewIterator();
    for (int round = 0; round < 50; ++round) {
      size_t pos = rnd.Uniform(keys.size());
      it->Seek(keys[pos]);
      for (int step = 0; step < 40 && it->Valid(); ++step) {
        QCOMPARE(std::string(it->key()), keys[pos]);
        if (rnd.OneIn(2)) {
          it->Next();
          if (++pos == keys.size()) QVERIFY(!it->Valid());
        } else {
          it->Prev();
          if (pos-- == 0) QVERIFY(!it->Valid());
        }
      }
    }
  }

  void duplicateAddIsRefused() {
    MemStore ms;
    const std::string key = EncodeKey("row", "q", 10, CellType::kPut, 7);
    QVERIFY(ms.Add(key, "first"));
    const uint64_t heap = ms.HeapSize();
    const uint64_t data = ms.DataSize();
    QVERIFY(!ms.Add(key, "second, and longer"));
    QCOMPARE(ms.Count(), quint64(1));
    QCOMPARE(ms.HeapSize(), heap);
    QCOMPARE(ms.DataSize(), data);
    auto it = ms.NewIterator();
    it->SeekToFirst();
    QCOMPARE(std::string(it->value()), std::string("first"));
    // Same cell, different sequence id: a distinct key.
    QVERIFY(ms.Add(EncodeKey("row", "q", 10, CellType::kPut, 8), "newer"));
    QCOMPARE(ms.Count(), quint64(2));
  }

  void malformedKeyIsRefused() {
    MemStore ms;
    QVERIFY(!ms.Add("short", "v"));
    std::string bad = EncodeKey("row", "q", 1, CellType::kPut, 1);
    bad[0] = '\x7f';  // row length far beyond the key
    QVERIFY(!ms.Add(bad, "v"));
    QVERIFY(ms.Empty());
    QCOMPARE(ms.DataSize(), quint64(0));
  }

  void statistics() {
    MemStore ms;
    QCOMPARE(ms.MinTimestamp(), qint64(0));
    QCOMPARE(ms.MaxTimestamp(), qint64(0));
    QCOMPARE(ms.MaxSequenceId(), quint64(0));
    QVERIFY(ms.Empty());
    const std::string k1 = EncodeKey("b", "q", 500, CellType::kPut, 3);
    const std::string k2 = EncodeKey("a", "q", 100, CellType::kDelete, 9);
    const std::string k3 = EncodeKey("c", "", 900, CellType::kDeleteFamily, 4);
    QVERIFY(ms.Add(k1, "12345"));
    QCOMPARE(ms.MinTimestamp(), qint64(500));
    QCOMPARE(ms.MaxTimestamp(), qint64(500));
    QVERIFY(ms.Add(k2, ""));
    QVERIFY(ms.Add(k3, "xy"));
    QCOMPARE(ms.Count(), quint64(3));
    QVERIFY(!ms.Empty());
    QCOMPARE(ms.MinTimestamp(), qint64(100));
    QCOMPARE(ms.MaxTimestamp(), qint64(900));
    QCOMPARE(ms.MaxSequenceId(), quint64(9));
    QCOMPARE(ms.DataSize(), quint64(k1.size() + 5 + k2.size() + k3.size() + 2));
  }

  // The row filter: never a false negative, through every rebuild; about 2%
  // false positives for rows never added (at most 4% allowed here).
  void rowFilterAnswersForAddedRows_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cells_per_row");
    QTest::newRow("within the first filter") << 1000 << 1;
    QTest::newRow("three rebuilds") << 30000 << 1;
    QTest::newRow("rows of several cells") << 5000 << 7;
  }
  void rowFilterAnswersForAddedRows() {
    QFETCH(int, rows);
    QFETCH(int, cells_per_row);
    MemStore ms;
    Random rnd(7);
    std::vector<std::string> added;
    for (int i = 0; i < rows; ++i) {
      std::string row = "user" + std::to_string(rnd.Next());
      for (int c = 0; c < cells_per_row; ++c) {
        QVERIFY(ms.Add(EncodeKey(row, "q" + std::to_string(c), 5, CellType::kPut, i + 1), "v"));
      }
      added.push_back(std::move(row));
    }
    for (const auto& row : added) QVERIFY(ms.MayContainRow(RowBloom::Hash(row)));
    int false_positives = 0;
    const int probes = 20000;
    for (int i = 0; i < probes; ++i) {
      false_positives += ms.MayContainRow(RowBloom::Hash("absent" + std::to_string(i))) ? 1 : 0;
    }
    QVERIFY2(false_positives < probes / 25, qPrintable(QString::number(false_positives)));
    // A bare filter at its capacity holds the same rate.
    RowBloom filter(10000);
    for (int i = 0; i < 10000; ++i) filter.Add(RowBloom::Hash("in" + std::to_string(i)));
    for (int i = 0; i < 10000; ++i) QVERIFY(filter.MayContain(RowBloom::Hash("in" + std::to_string(i))));
    int fp = 0;
    for (int i = 0; i < probes; ++i) fp += filter.MayContain(RowBloom::Hash("out" + std::to_string(i))) ? 1 : 0;
    QVERIFY2(fp < probes / 25, qPrintable(QString::number(fp)));
    QVERIFY(!MemStore().MayContainRow(RowBloom::Hash("anything")));
  }

  // Outgrowing the row filter does not rebuild it in one write: the Add that
  // crosses the capacity starts a larger filter, and later Adds copy the
  // earlier rows over kFilterMigrationStep entries at a time. Every added row
  // is found at every step, and both filters are consulted until the copy
  // ends.
  void rowFilterGrowsAcrossLaterWrites_data() {
    QTest::addColumn<int>("cells_per_row");
    QTest::newRow("one cell per row") << 1;
    QTest::newRow("three cells per row") << 3;
  }
  void rowFilterGrowsAcrossLaterWrites() {
    QFETCH(int, cells_per_row);
    MemStore ms;
    std::vector<std::string> rows;
    uint64_t seq = 0;
    auto add_row = [&] {
      std::string row = "row" + std::to_string(rows.size() * 7919 % 100003);
      for (int c = 0; c < cells_per_row; ++c) {
        if (!ms.Add(EncodeKey(row, "q" + std::to_string(c), 5, CellType::kPut, ++seq), "v")) {
          return false;
        }
      }
      rows.push_back(std::move(row));
      return true;
    };
    auto all_found = [&] {
      for (const auto& row : rows) {
        if (!ms.MayContainRow(RowBloom::Hash(row))) return false;
      }
      return true;
    };
    // Filled to capacity (counted per cell), one filter and no copy.
    const uint64_t capacity_rows = MemStore::kInitialFilterRows / cells_per_row;
    while (rows.size() < capacity_rows) QVERIFY(add_row());
    QVERIFY(!ms.FilterMigrationPending());
    QVERIFY(all_found());
    // The next row starts the larger filter; the copy runs over later Adds.
    QVERIFY(add_row());
    QVERIFY(ms.FilterMigrationPending());
    QVERIFY(all_found());
    const uint64_t entries_to_copy = ms.Count();
    int adds = 0;
    while (ms.FilterMigrationPending()) {
      QVERIFY(add_row());
      ++adds;
      QVERIFY(all_found());
      QVERIFY2(adds < 1000, "the copy never ends");
    }
    // No Add copied more than kFilterMigrationStep entries: the copy of
    // every entry there was took at least entries / step Adds.
    const uint64_t cell_adds = static_cast<uint64_t>(adds) * cells_per_row;
    QVERIFY2(cell_adds * MemStore::kFilterMigrationStep >= entries_to_copy,
             qPrintable(QString::number(cell_adds)));
    QVERIFY(all_found());
  }

  // HeapSize counts real memory: never below the bytes stored, growing with
  // every add, and with overhead bounded by the node headers and links plus
  // block-tail waste.
  void heapSizeTracksMemory() {
    MemStore ms;
    const uint64_t empty = ms.HeapSize();
    QVERIFY(empty >= sizeof(MemStore) + SkipList::NodeOverhead(SkipList::kMaxHeight));
    QVERIFY(empty <= sizeof(MemStore) + Arena::kBlockSize + 64 +
                         RowBloom(MemStore::kInitialFilterRows).MemoryUsage());

    Random rnd(99);
    const int n = 20000;
    uint64_t last = empty;
    for (int i = 0; i < n; ++i) {
      char row[16];
      std::snprintf(row, sizeof(row), "row%08d", i);
      const std::string key = EncodeKey(row, "qual", i, CellType::kPut, i + 1);
      QVERIFY(ms.Add(key, rnd.RandomBytes(rnd.Uniform(200))));
      const uint64_t now = ms.HeapSize();
      QVERIFY(now >= last);
      last = now;
    }
    const uint64_t data = ms.DataSize();
    const uint64_t overhead = ms.HeapSize() - empty - data;
    // Every entry costs at least a node header and one link...
    QVERIFY2(overhead >= n * SkipList::NodeOverhead(1), qPrintable(QString::number(overhead)));
    // ...and on average well under 64 bytes (header 8, ~1.33 links, alignment
    // padding up to 15) plus the free tails of 4 KB blocks (< 1 entry each).
    QVERIFY2(overhead <= n * 64 + data / 10, qPrintable(QString::number(overhead)));

    // A value larger than a quarter block gets its own block of that size.
    const uint64_t before = ms.HeapSize();
    QVERIFY(ms.Add(EncodeKey("zzz", "q", 1, CellType::kPut, 1), std::string(100000, 'x')));
    QVERIFY(ms.HeapSize() - before >= 100000);
    QVERIFY(ms.HeapSize() - before <= 100000 + 100000 / 10);
  }

  // One writer and four readers without locks. Readers must always see a
  // strictly sorted sequence of complete entries, and every entry whose Add
  // returned before the reader started its pass.
  void concurrentReadersSeeSortedCompleteEntries() {
    constexpr int kEntries = 20000;
    constexpr int kReaders = 4;
    MemStore ms;
    std::atomic<int> published{0};
    std::atomic<bool> done{false};
    std::atomic<int> passes{0};          // completed reader passes
    std::atomic<int> partial_passes{0};  // ... over a partly filled memstore
    std::mutex error_mu;
    std::string error;
    auto fail = [&](const std::string& msg) {
      std::lock_guard<std::mutex> lock(error_mu);
      if (error.empty()) error = msg;
    };

    // Entry i: random row, qualifier carries i, value derived from the key.
    Random rnd(2024);
    std::vector<std::string> keys;
    keys.reserve(kEntries);
    for (int i = 0; i < kEntries; ++i) {
      std::string row = rnd.RandomBytes(1 + rnd.Uniform(12));
      char qual[16];
      std::snprintf(qual, sizeof(qual), "%08d", i);
      keys.push_back(EncodeKey(row, qual, 1000 + i, CellType::kPut, i + 1));
    }

    auto index_of = [](std::string_view key) {
      ParsedKey p;
      if (!ParseKey(key, &p) || p.qualifier.size() != 8) return -1;
      return std::atoi(std::string(p.qualifier).c_str());
    };

    auto reader = [&](int id) {
      auto it = ms.NewIterator();
      Random r(id);
      while (true) {
        const bool last_pass = done.load(std::memory_order_acquire);
        const int floor = published.load(std::memory_order_acquire);
        int seen_below_floor = 0;
        std::string prev;
        const bool backward = r.OneIn(3);
        if (backward) {
          it->SeekToLast();
        } else {
          it->SeekToFirst();
        }
        for (; it->Valid(); backward ? it->Prev() : it->Next()) {
          const std::string_view key = it->key();
          const int idx = index_of(key);
          if (idx < 0 || idx >= kEntries || keys[idx] != key) return fail("torn or unknown key");
          if (it->value() != ValueFor(key)) return fail("value does not match its key");
          if (!prev.empty()) {
            const int c = CompareKeys(prev, key);
            if (backward ? c <= 0 : c >= 0) return fail("entries out of order");
          }
          prev.assign(key);
          if (idx < floor) ++seen_below_floor;
        }
        if (seen_below_floor != floor) {
          return fail("missed entries published before the pass: saw " +
                      std::to_string(seen_below_floor) + " of " + std::to_string(floor));
        }
        // Point lookups of already published keys must succeed.
        if (floor > 0) {
          const std::string& probe = keys[r.Uniform(floor)];
          it->Seek(probe);
          if (!it->Valid() || it->key() != probe) return fail("Seek missed a published key");
          it->SeekForPrev(probe);
          if (!it->Valid() || it->key() != probe) return fail("SeekForPrev missed a key");
          // The row filter, rebuilt larger as the writer goes on, keeps it.
          if (!ms.MayContainRow(RowBloom::Hash(KeyRow(probe)))) {
            return fail("row filter lost a published row");
          }
        }
        passes.fetch_add(1);
        if (floor < kEntries) partial_passes.fetch_add(1);
        if (last_pass) {
          if (floor != kEntries) return fail("final pass before all entries were published");
          break;
        }
      }
    };

    std::vector<std::thread> readers;
    for (int i = 0; i < kReaders; ++i) readers.emplace_back(reader, i + 1);
    for (int i = 0; i < kEntries; ++i) {
      if (!ms.Add(keys[i], ValueFor(keys[i]))) fail("writer: Add refused a fresh key");
      published.store(i + 1, std::memory_order_release);
      if (i == kEntries / 2) {
        // Let every reader finish passes over the half-filled memstore, so
        // concurrent reads are exercised however the threads are scheduled.
        const int target = passes.load() + 2 * kReaders;
        while (passes.load() < target) {
          {
            std::lock_guard<std::mutex> lock(error_mu);
            if (!error.empty()) break;
          }
          std::this_thread::yield();
        }
      }
    }
    done.store(true, std::memory_order_release);
    for (auto& t : readers) t.join();
    QVERIFY2(error.empty(), error.c_str());
    QCOMPARE(ms.Count(), quint64(kEntries));
    QVERIFY(partial_passes.load() >= 2 * kReaders);
  }
};

QTEST_GUILESS_MAIN(MemStoreTest)
#include "memstore_test.moc"
