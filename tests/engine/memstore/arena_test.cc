// Unit tests for engine/util/arena and engine/util/random: block reuse,
// dedicated blocks for large requests, alignment, memory accounting, and
// the deterministic generator used by the randomized tests.
#include "util/arena.h"

#include <QtTest>
#include <cstring>
#include <set>
#include <vector>

#include "support/test_util.h"
#include "util/random.h"

using namespace regionlab;

class ArenaTest : public QObject {
  Q_OBJECT
 private slots:
  void emptyArenaHoldsNothing() {
    Arena arena;
    QCOMPARE(arena.MemoryUsage(), quint64(0));
  }

  // Small requests are carved from one 4 KB block until it is full.
  void smallAllocationsShareABlock() {
    Arena arena;
    char* first = arena.Allocate(10);
    const uint64_t after_first = arena.MemoryUsage();
    QVERIFY(after_first >= Arena::kBlockSize);
    QVERIFY(after_first <= Arena::kBlockSize + 64);
    for (int i = 1; i < 400; ++i) arena.Allocate(10);  // 4000 bytes in total
    QCOMPARE(arena.MemoryUsage(), after_first);
    // The next request does not fit: a second block.
    arena.Allocate(200);
    QVERIFY(arena.MemoryUsage() >= 2 * Arena::kBlockSize);
    QVERIFY(arena.MemoryUsage() <= 2 * Arena::kBlockSize + 64);
    QVERIFY(first != nullptr);
  }

  // A large request that does not fit the current block gets a block of its
  // own, and the current block's free tail stays available for small ones.
  void largeAllocationGetsItsOwnBlock() {
    Arena arena;
    char* a = nullptr;
    for (int i = 0; i < 35; ++i) a = arena.Allocate(100);  // 3500 of 4096 bytes used
    const uint64_t before = arena.MemoryUsage();
    arena.Allocate(Arena::kLargeAllocation + 1);
    const uint64_t grown = arena.MemoryUsage() - before;
    QVERIFY(grown >= Arena::kLargeAllocation + 1);
    QVERIFY(grown <= Arena::kLargeAllocation + 1 + 64);
    char* b = arena.Allocate(500);
    QCOMPARE(static_cast<void*>(b), static_cast<void*>(a + 100));  // still carving the first block
    QCOMPARE(arena.MemoryUsage(), before + grown);
    arena.Allocate(1 << 20);
    QVERIFY(arena.MemoryUsage() >= before + grown + (1 << 20));
  }

  void alignedAllocationsAreAligned() {
    Arena arena;
    Random rnd(7);
    for (int i = 0; i < 2000; ++i) {
      arena.Allocate(1 + rnd.Uniform(13));  // knock the cursor off alignment
      char* p = arena.AllocateAligned(1 + rnd.Uniform(300));
      QCOMPARE(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t), uintptr_t(0));
    }
  }

  // Every allocation is distinct memory: writing a pattern into each and
  // reading all back finds no overlap.
  void allocationsDoNotOverlap() {
    Arena arena;
    Random rnd(42);
    std::vector<std::pair<char*, size_t>> blocks;
    uint64_t requested = 0;
    for (int i = 0; i < 3000; ++i) {
      size_t n = rnd.OneIn(50) ? 1 + rnd.Uniform(10000) : 1 + rnd.Uniform(100);
      char* p = rnd.OneIn(2) ? arena.Allocate(n) : arena.AllocateAligned(n);
      std::memset(p, static_cast<int>(i & 0xff), n);
      blocks.emplace_back(p, n);
      requested += n;
    }
    for (size_t i = 0; i < blocks.size(); ++i) {
      for (size_t j = 0; j < blocks[i].second; ++j) {
        QCOMPARE(static_cast<unsigned char>(blocks[i].first[j]),
                 static_cast<unsigned char>(i & 0xff));
      }
    }
    // Accounting covers what was handed out, with bounded waste.
    QVERIFY(arena.MemoryUsage() >= requested);
    QVERIFY(arena.MemoryUsage() <= requested + requested / 3 + 2 * Arena::kBlockSize);
  }

  void randomIsDeterministicAndInRange() {
    Random a(123), b(123), c(124);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
      const uint64_t x = a.Next();
      QCOMPARE(x, b.Next());
      differs |= x != c.Next();
    }
    QVERIFY(differs);
    Random r(9);
    std::set<uint64_t> seen;
    for (int i = 0; i < 10000; ++i) {
      const uint64_t u = r.Uniform(10);
      QVERIFY(u < 10);
      seen.insert(u);
      QVERIFY(r.Skewed(5) < 32);
    }
    QCOMPARE(seen.size(), size_t(10));  // every value is reachable
    int ones = 0;
    for (int i = 0; i < 10000; ++i) ones += r.OneIn(4) ? 1 : 0;
    QVERIFY(ones > 2000 && ones < 3000);  // ~2500
    const std::string bytes = r.RandomBytes(1000);
    QCOMPARE(bytes.size(), size_t(1000));
    std::set<char> distinct(bytes.begin(), bytes.end());
    QVERIFY(distinct.size() > 200);
  }
};

QTEST_GUILESS_MAIN(ArenaTest)
#include "arena_test.moc"
