// BlockData: copies share one buffer, the buffer outlives every copy but the
// last, and a dropped buffer is handed to the next block of its size class
// (the recycling that spares a cache at capacity a malloc and a free per
// block read). The pool is bounded; large blocks bypass it.
#include <QtTest>
#include <atomic>
#include <thread>
#include <vector>

#include "util/block_data.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

using namespace regionlab;

namespace {
BlockData Filled(size_t n, char c) {
  BlockData b(n);
  std::memset(b.mutable_data(), c, n);
  return b;
}
}  // namespace

class BlockDataTest : public QObject {
  Q_OBJECT

 private slots:
  void copiesShareOneBuffer() {
    BlockData a = Filled(4096, 'a');
    BlockData b = a;
    BlockData c;
    c = b;
    QCOMPARE(b.data(), a.data());
    QCOMPARE(c.data(), a.data());
    QCOMPARE(c.size(), size_t{4096});
    BlockData moved = std::move(a);
    QVERIFY(!a);
    QCOMPARE(moved.data(), b.data());
    QVERIFY(!BlockData());
    QCOMPARE(BlockData().size(), size_t{0});
    QCOMPARE(BlockData::Copy("xyz").view(), std::string_view("xyz"));
  }

  void droppedBufferIsReused_data() {
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("second");
    // Sizes in one class (16-byte header, 256-byte classes) share buffers.
    QTest::newRow("same size") << 4096 << 4096;
    QTest::newRow("smaller, same class") << 4200 << 4100;
    QTest::newRow("larger, same class") << 4100 << 4336;
    QTest::newRow("tiny") << 1 << 200;
    QTest::newRow("empty") << 0 << 0;
    QTest::newRow("64 KiB") << 65536 << 65536;
  }
  void droppedBufferIsReused() {
    QFETCH(int, first);
    QFETCH(int, second);
    const void* address;
    BlockData::PoolStats held;  // while the first block is alive
    {
      BlockData b = Filled(static_cast<size_t>(first), 'x');
      address = b.data();
      held = BlockData::GetPoolStats();
    }
    QVERIFY(BlockData::GetPoolStats().pooled_bytes > held.pooled_bytes);
    BlockData again(static_cast<size_t>(second));
    QCOMPARE(static_cast<const void*>(again.data()), address);
    QCOMPARE(again.size(), static_cast<size_t>(second));
    QCOMPARE(BlockData::GetPoolStats().reused, held.reused + 1);
    QCOMPARE(BlockData::GetPoolStats().pooled_bytes, held.pooled_bytes);
  }

  void otherClassIsNotReused() {
    const void* address;
    {
      BlockData b(4096);
      address = b.data();
    }
    BlockData other(8192);  // a different class: a buffer of its own
    QVERIFY(static_cast<const void*>(other.data()) != address);
    BlockData same(4096);
    QCOMPARE(static_cast<const void*>(same.data()), address);
  }

  void bufferLivesWhileACopyDoes() {
    BlockData kept;
    {
      BlockData a = Filled(4096, 'k');
      kept = a;
    }
    // The last copy still holds the buffer: a new block gets another one,
    // and writing it leaves the kept bytes alone.
    BlockData fresh = Filled(4096, 'z');
    QVERIFY(fresh.data() != kept.data());
    QCOMPARE(kept.view(), std::string(4096, 'k'));
#if defined(__SANITIZE_ADDRESS__)
    QVERIFY(!__asan_address_is_poisoned(kept.data()));
    const char* dropped = kept.data();
    kept = BlockData();
    QVERIFY(__asan_address_is_poisoned(dropped));  // pooled: poisoned until reused
#endif
  }

  void poolIsBounded() {
    std::vector<BlockData> blocks;
    const size_t n = 2 * BlockData::kMaxPooledBytes / 4096;
    for (size_t i = 0; i < n; ++i) blocks.emplace_back(4096);
    blocks.clear();
    QVERIFY(BlockData::GetPoolStats().pooled_bytes <= BlockData::kMaxPooledBytes);
    QVERIFY(BlockData::GetPoolStats().pooled_bytes >= BlockData::kMaxPooledBytes - 8192);
  }

  void largeBlocksBypassThePool() {
    const uint64_t before = BlockData::GetPoolStats().pooled_bytes;
    { BlockData big = Filled(BlockData::kMaxPooledBufferBytes, 'b'); }
    QCOMPARE(BlockData::GetPoolStats().pooled_bytes, before);
  }

  // Threads copy and drop shared blocks and read and drop their own: every
  // block keeps its bytes while referenced (AddressSanitizer checks the
  // accesses in the sanitizer build).
  void concurrentCopiesAndDrops() {
    std::vector<BlockData> shared;
    for (int i = 0; i < 64; ++i) shared.push_back(Filled(4096 + 64 * i, static_cast<char>('A' + i % 26)));
    std::atomic<int> wrong{0};
    auto work = [&](int seed) {
      std::vector<BlockData> mine;
      for (int round = 0; round < 4000; ++round) {
        const int i = (round * 7 + seed) % 64;
        BlockData copy = shared[i];
        const char expect = static_cast<char>('A' + i % 26);
        if (copy.data()[0] != expect || copy.data()[copy.size() - 1] != expect) ++wrong;
        mine.push_back(Filled(4096 + (round % 8) * 300, static_cast<char>(seed)));
        if (mine.size() > 32) {
          for (const BlockData& b : mine) {
            if (b.data()[b.size() / 2] != static_cast<char>(seed)) ++wrong;
          }
          mine.clear();
        }
      }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) threads.emplace_back(work, t + 1);
    for (auto& t : threads) t.join();
    QCOMPARE(wrong.load(), 0);
  }
};

QTEST_GUILESS_MAIN(BlockDataTest)
#include "block_data_test.moc"
