// BlockCache tests: HBase LruBlockCache behaviour -- priorities, promotion
// on the second access, the 99%/95% eviction thresholds, the per-bucket
// selection of LruBlockCache.evict(), LRU order, EraseFile, statistics, and a
// multithreaded smoke test for the sanitizer build; Contains, which is not a
// read; the cache's read-ahead thread, or one shared by several caches; and
// blocks loaded ahead, whose first read does not promote them.
#include "cache/block_cache.h"

#include <QtTest>
#include <atomic>
#include <random>
#include <set>
#include <thread>

#include "support/test_util.h"

using namespace regionlab;

namespace {

// Blocks of this many bytes are charged exactly 1000.
constexpr uint64_t kCharge = 1000;
constexpr uint64_t kBlockBytes = kCharge - BlockCache::kPerBlockOverhead;
// Capacity of 100 blocks: acceptable 99 000, min 95 000; shares (x 0.95)
// single 23 750, multi 47 500, memory 23 750.
constexpr uint64_t kCapacity = 100 * kCharge;

BlockData Block(uint64_t file, uint64_t offset) {
  std::string b = std::to_string(file) + ":" + std::to_string(offset);
  b.resize(kBlockBytes, '.');
  return BlockData::Copy(b);
}

bool Cached(BlockCache* c, uint64_t file, uint64_t offset) {
  return static_cast<bool>(c->Lookup(file, offset));
}

}  // namespace

class BlockCacheTest : public QObject {
  Q_OBJECT
 private slots:
  void chargeIsBytesPlusOverhead() {
    QCOMPARE(quint64(BlockCache::ChargeFor(kBlockBytes)), quint64(kCharge));
    BlockCache c(kCapacity);
    c.Insert(1, 0, Block(1, 0), false);
    const BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.size), quint64(kCharge));
    QCOMPARE(quint64(s.single_bytes), quint64(kCharge));
    QCOMPARE(quint64(s.block_count), quint64(1));
    QCOMPARE(quint64(s.capacity), quint64(kCapacity));
  }

  // Contains answers without acting as a read: no hit or miss is counted and
  // a single-access block is not promoted.
  void containsIsNotARead() {
    BlockCache c(kCapacity);
    c.Insert(1, 0, Block(1, 0), false);
    QVERIFY(c.Contains(1, 0));
    QVERIFY(!c.Contains(1, 4096));
    QVERIFY(!c.Contains(2, 0));
    BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.hits), quint64(0));
    QCOMPARE(quint64(s.misses), quint64(0));
    QCOMPARE(quint64(s.single_bytes), quint64(kCharge));
    QCOMPARE(quint64(s.multi_bytes), quint64(0));
    QVERIFY(Cached(&c, 1, 0));  // a real read promotes it
    s = c.GetStats();
    QCOMPARE(quint64(s.multi_bytes), quint64(kCharge));
    c.EraseFile(1);
    QVERIFY(!c.Contains(1, 0));
    BlockCache empty(kCapacity);
    QVERIFY(!empty.Contains(1, 0));
  }

  // ContainsEach answers Contains for every key in order, and is no read either.
  void containsEachAnswersEveryKey() {
    BlockCache c(kCapacity);
    c.Insert(1, 0, Block(1, 0), false);
    c.Insert(2, 4096, Block(2, 4096), false);
    const std::vector<BlockCache::Key> keys = {{1, 0}, {1, 4096}, {2, 4096}, {2, 0}, {1, 0}};
    std::vector<bool> cached;
    c.ContainsEach(keys, &cached);
    QCOMPARE(cached, (std::vector<bool>{true, false, true, false, true}));
    const BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.hits), quint64(0));
    QCOMPARE(quint64(s.misses), quint64(0));
    QCOMPARE(quint64(s.multi_bytes), quint64(0));
    // The vector is refilled, not appended to.
    BlockCache empty(kCapacity);
    empty.ContainsEach(keys, &cached);
    QCOMPARE(cached, std::vector<bool>(keys.size(), false));
    c.ContainsEach({}, &cached);
    QVERIFY(cached.empty());
  }

  // The read-ahead thread starts on first use, once, also when several
  // threads ask at the same time.
  void readAheadThread() {
    BlockCache c(kCapacity);
    std::vector<ReadAhead*> seen(4, nullptr);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < seen.size(); ++t) {
      threads.emplace_back([&c, &seen, t] { seen[t] = c.read_ahead(); });
    }
    for (auto& th : threads) th.join();
    QVERIFY(seen[0] != nullptr);
    for (ReadAhead* ra : seen) QCOMPARE(ra, seen[0]);
    QCOMPARE(c.read_ahead(), seen[0]);
    QCOMPARE(c.read_ahead_if_started(), seen[0]);
    BlockCache unused(kCapacity);
    QVERIFY(unused.read_ahead_if_started() == nullptr);  // asking does not start one
  }

  // Caches given one read-ahead thread (a cluster's region servers) all use
  // it, from the start, and each request fills the cache its source reads.
  void sharedReadAheadServesEveryCache() {
    class Source final : public BlockSource {
     public:
      Source(BlockCache* cache, uint64_t file) : cache_(cache), file_(file) {}
      void LoadBlockIntoCache(size_t block) const override {
        cache_->Insert(file_, block, Block(file_, block), false, /*read_ahead=*/true);
      }

     private:
      BlockCache* cache_;
      uint64_t file_;
    };
    auto shared = std::make_unique<ReadAhead>();
    BlockCache a(kCapacity, shared.get()), b(kCapacity, shared.get());
    QCOMPARE(a.read_ahead_if_started(), shared.get());
    QCOMPARE(a.read_ahead(), shared.get());
    QCOMPARE(b.read_ahead(), shared.get());
    auto sa = std::make_shared<Source>(&a, 1);
    auto sb = std::make_shared<Source>(&b, 2);
    QVERIFY(a.read_ahead()->Request(sa, 7));
    QVERIFY(b.read_ahead()->Request(sb, 9));
    shared->WaitIdle();
    QVERIFY(a.Contains(1, 7) && !a.Contains(2, 9));
    QVERIFY(b.Contains(2, 9) && !b.Contains(1, 7));
    QCOMPARE(quint64(shared->GetStats().loaded), quint64(2));
    shared.reset();  // its owner stops it before the caches go
  }

  void hitsMissesAndRatio() {
    BlockCache c(kCapacity);
    QCOMPARE(c.GetStats().HitRatio(), 0.0);
    QVERIFY(!c.Lookup(1, 0));
    auto b = Block(1, 0);
    c.Insert(1, 0, b, false);
    auto got = c.Lookup(1, 0);
    QVERIFY(got.data() == b.data());  // the very same shared block
    QVERIFY(!c.Lookup(1, 1));
    QVERIFY(!c.Lookup(2, 0));
    const BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.hits), quint64(1));
    QCOMPARE(quint64(s.misses), quint64(3));
    QCOMPARE(s.HitRatio(), 0.25);
  }

  // A single-access block becomes multi-access on its first hit; in-memory
  // blocks keep their priority.
  void priorityAndPromotion() {
    BlockCache c(kCapacity);
    c.Insert(1, 0, Block(1, 0), false);
    c.Insert(1, 1, Block(1, 1), true);
    BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.single_bytes), quint64(kCharge));
    QCOMPARE(quint64(s.multi_bytes), quint64(0));
    QCOMPARE(quint64(s.memory_bytes), quint64(kCharge));
    QVERIFY(Cached(&c, 1, 0));
    QVERIFY(Cached(&c, 1, 1));
    s = c.GetStats();
    QCOMPARE(quint64(s.single_bytes), quint64(0));
    QCOMPARE(quint64(s.multi_bytes), quint64(kCharge));
    QCOMPARE(quint64(s.memory_bytes), quint64(kCharge));
    QVERIFY(Cached(&c, 1, 0));  // stays multi
    QCOMPARE(quint64(c.GetStats().multi_bytes), quint64(kCharge));
  }

  // A block loaded ahead was read by nobody yet: its first hit is that first
  // read and leaves it single-access; the second promotes it, as it would a
  // block inserted by a read.
  void readAheadBlockIsPromotedOnItsSecondRead() {
    BlockCache c(kCapacity);
    c.Insert(1, 0, Block(1, 0), false, /*read_ahead=*/true);
    c.Insert(1, 1, Block(1, 1), false);
    QVERIFY(Cached(&c, 1, 0));
    QVERIFY(Cached(&c, 1, 1));
    BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.single_bytes), quint64(kCharge));  // block 0 only
    QCOMPARE(quint64(s.multi_bytes), quint64(kCharge));   // block 1
    QCOMPARE(quint64(s.hits), quint64(2));
    QVERIFY(Cached(&c, 1, 0));
    s = c.GetStats();
    QCOMPARE(quint64(s.single_bytes), quint64(0));
    QCOMPARE(quint64(s.multi_bytes), quint64(2 * kCharge));
  }

  // An uncounted look (the second look of one read) moves no counter, hit or miss.
  void uncountedLookupMovesNoCounter() {
    BlockCache c(kCapacity);
    c.Insert(1, 0, Block(1, 0), false);
    QVERIFY(c.Lookup(1, 0, /*counted=*/false));
    QVERIFY(!c.Lookup(1, 1, /*counted=*/false));
    const BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.hits), quint64(0));
    QCOMPARE(quint64(s.misses), quint64(0));
  }

  // Inserting an already cached key keeps the cached block.
  void duplicateInsertKeepsFirst() {
    BlockCache c(kCapacity);
    auto first = Block(1, 0);
    c.Insert(1, 0, first, false);
    c.Insert(1, 0, Block(9, 9), true);
    QVERIFY(c.Lookup(1, 0).data() == first.data());
    const BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.block_count), quint64(1));
    QCOMPARE(quint64(s.size), quint64(kCharge));
    QCOMPARE(quint64(s.memory_bytes), quint64(0));
  }

  // Nothing is evicted at 99% of capacity; the block that crosses it starts
  // one run that frees down to 95%, oldest single-access blocks first.
  void evictionThresholds() {
    BlockCache c(kCapacity);
    for (uint64_t i = 0; i < 99; ++i) c.Insert(1, i, Block(1, i), false);
    BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.size), quint64(99 * kCharge));
    QCOMPARE(quint64(s.evictions), quint64(0));
    QCOMPARE(quint64(s.block_count), quint64(99));

    c.Insert(1, 99, Block(1, 99), false);
    s = c.GetStats();
    QCOMPARE(quint64(s.evictions), quint64(1));
    QCOMPARE(quint64(s.evicted_blocks), quint64(5));
    QCOMPARE(quint64(s.evicted_bytes), quint64(5 * kCharge));
    QCOMPARE(quint64(s.size), quint64(95 * kCharge));
    for (uint64_t i = 0; i < 5; ++i) QVERIFY(!Cached(&c, 1, i));
    for (uint64_t i = 5; i < 100; ++i) QVERIFY(Cached(&c, 1, i));
  }

  // LRU inside a bucket: a block that was read recently outlives older ones.
  void lruOrderWithinBucket() {
    BlockCache c(kCapacity);
    for (uint64_t i = 0; i < 99; ++i) c.Insert(1, i, Block(1, i), true);  // memory bucket
    QVERIFY(Cached(&c, 1, 0));                                            // touch the oldest
    QVERIFY(Cached(&c, 1, 1));
    c.Insert(1, 99, Block(1, 99), true);
    QVERIFY(Cached(&c, 1, 0));
    QVERIFY(Cached(&c, 1, 1));
    for (uint64_t i = 2; i < 7; ++i) QVERIFY(!Cached(&c, 1, i));
    QVERIFY(Cached(&c, 1, 7));
  }

  // LruBlockCache.evict(): buckets from the least overflow to the most, each
  // giving min(overflow, still_to_free / buckets_left).
  // 60 in-memory + 40 single blocks: to free 5 000; multi (overflow -47 500)
  // is skipped, single (16 250) gives min(16 250, 5 000 / 2) -> 3 blocks,
  // memory (36 250) gives min(36 250, 2 000 / 1) -> 2 blocks.
  void evictionSelectionAcrossBuckets() {
    BlockCache c(kCapacity);
    for (uint64_t i = 0; i < 60; ++i) c.Insert(1, i, Block(1, i), true);
    for (uint64_t i = 0; i < 40; ++i) c.Insert(2, i, Block(2, i), false);
    const BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.evictions), quint64(1));
    QCOMPARE(quint64(s.evicted_blocks), quint64(5));
    QCOMPARE(quint64(s.single_bytes), quint64(37 * kCharge));
    QCOMPARE(quint64(s.memory_bytes), quint64(58 * kCharge));
    QCOMPARE(quint64(s.size), quint64(95 * kCharge));
    for (uint64_t i = 0; i < 3; ++i) QVERIFY(!Cached(&c, 2, i));
    for (uint64_t i = 0; i < 2; ++i) QVERIFY(!Cached(&c, 1, i));
    QVERIFY(Cached(&c, 2, 3));
    QVERIFY(Cached(&c, 1, 2));
  }

  // Buckets within their share lose nothing: in-memory and multi-access
  // blocks survive any amount of single-access churn.
  void sharesProtectMemoryAndMultiBlocks() {
    BlockCache c(kCapacity);
    for (uint64_t i = 0; i < 20; ++i) c.Insert(1, i, Block(1, i), true);  // 20 000 < 23 750
    for (uint64_t i = 0; i < 40; ++i) c.Insert(2, i, Block(2, i), false);
    for (uint64_t i = 0; i < 40; ++i) QVERIFY(Cached(&c, 2, i));  // -> multi, 40 000 < 47 500
    for (uint64_t i = 0; i < 2000; ++i) c.Insert(3, i, Block(3, i), false);  // churn
    const BlockCacheStats s = c.GetStats();
    QVERIFY(s.evictions > 100);
    for (uint64_t i = 0; i < 20; ++i) QVERIFY(Cached(&c, 1, i));
    for (uint64_t i = 0; i < 40; ++i) QVERIFY(Cached(&c, 2, i));
    QVERIFY(!Cached(&c, 3, 0));
    QVERIFY(Cached(&c, 3, 1999));
    QCOMPARE(quint64(s.memory_bytes), quint64(20 * kCharge));
    QCOMPARE(quint64(s.multi_bytes), quint64(40 * kCharge));
    QVERIFY(s.size <= uint64_t(kCapacity * 0.99));
  }

  // A bucket over its share is cut back toward it when the others are within
  // theirs: a cache full of in-memory blocks keeps working.
  void overShareBucketShrinks() {
    BlockCache c(kCapacity);
    for (uint64_t i = 0; i < 1000; ++i) c.Insert(1, i, Block(1, i), true);
    const BlockCacheStats s = c.GetStats();
    QVERIFY(s.size <= 99 * kCharge);
    QVERIFY(s.size >= 95 * kCharge);
    QCOMPARE(quint64(s.memory_bytes), quint64(s.size));
    QVERIFY(Cached(&c, 1, 999));
    QVERIFY(!Cached(&c, 1, 0));
  }

  void eraseFile() {
    BlockCache c(kCapacity);
    for (uint64_t i = 0; i < 10; ++i) {
      c.Insert(1, i, Block(1, i), false);
      c.Insert(2, i, Block(2, i), i % 2 == 0);
    }
    QVERIFY(Cached(&c, 1, 3));  // promote one
    c.EraseFile(1);
    BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.block_count), quint64(10));
    QCOMPARE(quint64(s.size), quint64(10 * kCharge));
    QCOMPARE(quint64(s.multi_bytes), quint64(0));
    QCOMPARE(quint64(s.evicted_blocks), quint64(0));  // not an eviction
    for (uint64_t i = 0; i < 10; ++i) {
      QVERIFY(!Cached(&c, 1, i));
      QVERIFY(Cached(&c, 2, i));
    }
    c.EraseFile(42);  // unknown: no effect
    c.EraseFile(1);
    QCOMPARE(quint64(c.GetStats().block_count), quint64(10));
    // Erase after some of the file's blocks were already evicted.
    for (uint64_t i = 0; i < 200; ++i) c.Insert(3, i, Block(3, i), false);
    c.EraseFile(3);
    c.EraseFile(2);
    s = c.GetStats();
    QCOMPARE(quint64(s.block_count), quint64(0));
    QCOMPARE(quint64(s.size), quint64(0));
    QCOMPARE(quint64(s.single_bytes + s.multi_bytes + s.memory_bytes), quint64(0));
    c.Insert(3, 0, Block(3, 0), false);  // the file can come back
    QVERIFY(Cached(&c, 3, 0));
  }

  // The open-addressing index under churn: inserts, erased files and
  // lookups over a small key space (long probe runs that wrap around the
  // slot array, growth, backward-shift deletion) agree with a reference set.
  void indexMatchesReferenceUnderChurn() {
    BlockCache c(uint64_t{1} << 40);  // never evicts
    std::set<std::pair<uint64_t, uint64_t>> reference;
    std::mt19937_64 rnd(11);
    for (int op = 0; op < 40000; ++op) {
      const uint64_t file = 1 + rnd() % 40;
      const uint64_t offset = (rnd() % 150) * 4096;
      switch (rnd() % 8) {
        case 0: {  // drop a whole file
          c.EraseFile(file);
          for (auto it = reference.begin(); it != reference.end();) {
            it = it->first == file ? reference.erase(it) : std::next(it);
          }
          break;
        }
        case 1:
        case 2:
        case 3:
          QCOMPARE(static_cast<bool>(c.Lookup(file, offset)), reference.count({file, offset}) == 1);
          break;
        default:
          c.Insert(file, offset, Block(file, offset), false);
          reference.insert({file, offset});
          break;
      }
      if (op % 1000 == 0) QCOMPARE(quint64(c.GetStats().block_count), quint64(reference.size()));
    }
    for (uint64_t file = 1; file <= 40; ++file) {
      for (uint64_t i = 0; i < 150; ++i) {
        QCOMPARE(static_cast<bool>(c.Lookup(file, i * 4096)),
                 reference.count({file, i * 4096}) == 1);
      }
    }
    QCOMPARE(quint64(c.GetStats().block_count), quint64(reference.size()));
  }

  void newFileIdsAreUnique() {
    std::set<uint64_t> ids;
    for (int i = 0; i < 1000; ++i) {
      const uint64_t id = BlockCache::NewFileId();
      QVERIFY(id != 0);
      QVERIFY(ids.insert(id).second);
    }
  }

  // Four threads insert, look up and erase concurrently; blocks always match
  // their keys and the counters add up. Meant for the sanitizer build.
  void multithreadedSmoke() {
    BlockCache c(200 * kCharge);
    std::atomic<uint64_t> lookups{0};
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&, t] {
        std::mt19937 rng(t);
        for (int op = 0; op < 20000; ++op) {
          const uint64_t file = rng() % 8;
          const uint64_t offset = rng() % 100;
          const int kind = static_cast<int>(rng() % 100);
          if (kind < 60) {
            ++lookups;
            auto b = c.Lookup(file, offset);
            if (b && b.view().substr(0, 20) != Block(file, offset).view().substr(0, 20)) ++wrong;
          } else if (kind < 98) {
            c.Insert(file, offset, Block(file, offset), kind % 4 == 0);
          } else if (kind < 99) {
            c.EraseFile(file);
          } else {
            (void)c.GetStats();
          }
        }
      });
    }
    for (auto& th : threads) th.join();
    QCOMPARE(wrong.load(), 0);
    const BlockCacheStats s = c.GetStats();
    QCOMPARE(quint64(s.hits + s.misses), quint64(lookups.load()));
    QCOMPARE(quint64(s.size), quint64(s.single_bytes + s.multi_bytes + s.memory_bytes));
    QCOMPARE(quint64(s.size), quint64(s.block_count * kCharge));
    QVERIFY(s.size <= uint64_t(200 * kCharge * 0.99));
    QVERIFY(s.evictions > 0);
  }
};

QTEST_GUILESS_MAIN(BlockCacheTest)
#include "block_cache_test.moc"
