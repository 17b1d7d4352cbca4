// Unit tests for engine/region/store_sources: which memstores of a store
// version a read opens cursors over. An empty memstore gets none (HBase's
// Segment.shouldSeek), so a store whose data is all in one file is read
// straight from that file's cursor, without a merge.
#include "region/store_sources.h"

#include <QtTest>
#include <memory>
#include <string>
#include <vector>

#include "memstore/memstore.h"
#include "region/merging_iterator.h"
#include "region/store.h"
#include "support/test_util.h"
#include "util/key_value.h"

using namespace regionlab;

namespace {

std::shared_ptr<MemStore> MemStoreWith(const std::vector<std::string>& rows, uint64_t first_seq) {
  auto m = std::make_shared<MemStore>();
  uint64_t seq = first_seq;
  for (const auto& row : rows) {
    if (!m->Add(EncodeKey(row, "q", 1, CellType::kPut, seq++), "v-" + row)) return nullptr;
  }
  return m;
}

std::vector<std::string> Values(KeyValueIterator* it) {
  std::vector<std::string> out;
  for (it->SeekToFirst(); it->Valid(); it->Next()) out.emplace_back(it->value());
  return out;
}

}  // namespace

class StoreSourcesTest : public QObject {
  Q_OBJECT

 private slots:
  void emptyMemstoresGetNoCursor() {
    auto version = std::make_shared<StoreVersion>();
    version->active = std::make_shared<MemStore>();
    version->snapshot = std::make_shared<MemStore>();
    StoreSources sources(version);
    QVERIFY(sources.empty());
    QVERIFY(Values(sources.Merged()).empty());
  }

  // One non-empty memstore beside an empty one is read through its own
  // cursor: no merge.
  void oneNonEmptyMemstoreIsReadDirectly_data() {
    QTest::addColumn<bool>("activeHasData");
    QTest::newRow("data in the active memstore") << true;
    QTest::newRow("data in the snapshot") << false;
  }
  void oneNonEmptyMemstoreIsReadDirectly() {
    QFETCH(bool, activeHasData);
    auto version = std::make_shared<StoreVersion>();
    auto full = MemStoreWith({"a", "b"}, 1);
    QVERIFY(full);
    version->active = activeHasData ? full : std::make_shared<MemStore>();
    version->snapshot = activeHasData ? std::make_shared<MemStore>() : full;
    StoreSources sources(version);
    QVERIFY(!sources.empty());
    QVERIFY(dynamic_cast<MergingIterator*>(sources.Merged()) == nullptr);
    QCOMPARE(Values(sources.Merged()), (std::vector<std::string>{"v-a", "v-b"}));
  }

  // Both memstores with data: both are merged, newest first within a cell.
  void twoNonEmptyMemstoresAreMerged() {
    auto version = std::make_shared<StoreVersion>();
    version->snapshot = MemStoreWith({"a", "c"}, 1);
    version->active = MemStoreWith({"b"}, 3);
    QVERIFY(version->snapshot && version->active);
    StoreSources sources(version);
    QVERIFY(dynamic_cast<MergingIterator*>(sources.Merged()) != nullptr);
    QCOMPARE(Values(sources.Merged()), (std::vector<std::string>{"v-a", "v-b", "v-c"}));
  }

  // A read of one row skips a memstore whose row filter rules the row out,
  // and an empty one whatever the row.
  void oneRowReadsSkipMemstoresWithoutTheRow() {
    auto version = std::make_shared<StoreVersion>();
    version->active = std::make_shared<MemStore>();
    StoreSources empty(version, RowBloom::Hash("a"));
    QVERIFY(empty.empty());
    version->active = MemStoreWith({"a"}, 1);
    QVERIFY(version->active);
    StoreSources present(version, RowBloom::Hash("a"));
    QCOMPARE(Values(present.Merged()), (std::vector<std::string>{"v-a"}));
  }
};

QTEST_GUILESS_MAIN(StoreSourcesTest)
#include "store_sources_test.moc"
