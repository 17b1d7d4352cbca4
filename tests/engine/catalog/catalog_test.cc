// Catalog: namespaces and tables — round trips of every descriptor field,
// HBase's error messages, alter/enable/drop, and persistence across reopen.
#include <QtTest>
#include <thread>

#include "catalog/catalog_schema.h"
#include "catalog_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// A descriptor with every attribute and family option away from its default.
TableDescriptor FullTable() {
  TableDescriptor t;
  t.ns = "analytics";
  t.name = "events.v2-raw";
  t.max_file_size = 5ull << 30;
  t.memstore_flush_size = 64ull << 20;
  t.split_policy = "org.apache.hadoop.hbase.regionserver.SteppingSplitPolicy";
  t.durability = Durability::kAsyncWal;
  t.owner = "alice";
  t.metadata = {{"DESCRIPTION", "click stream"},
                {std::string("bin\x00key", 7), std::string("\xff\x00\x01", 3)},
                {"empty", ""}};
  t.configuration = {{"hbase.hstore.blockingStoreFiles", "20"},
                     {"hbase.hregion.majorcompaction", "0"}};
  FamilyOptions d;
  d.name = "d";
  d.max_versions = 5;
  d.min_versions = 2;
  d.ttl_seconds = 86400;
  d.keep_deleted_cells = true;
  d.bloom = BloomType::kRowCol;
  d.compression = Compression::kLz4;
  d.compaction_compression = Compression::kZstd;
  d.data_block_encoding = DataBlockEncoding::kDiff;
  d.block_cache = false;
  d.in_memory = true;
  d.block_size = 16384;
  d.configuration = {{"hbase.hstore.compaction.min", "4"},
                     {std::string("k\x00", 2), std::string("\x80\xff", 2)}};
  FamilyOptions m;  // defaults, and listed second although it sorts first
  m.name = "a";
  t.families = {d, m};
  return t;
}

}  // namespace

class CatalogTest : public QObject {
  Q_OBJECT

 private slots:
  void newCatalogHasBuiltInNamespaces() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    QCOMPARE((*cat)->SchemaVersion(), kCatalogSchemaVersion);
    QCOMPARE((*cat)->OpenedFromVersion(), 0);
    auto ns = (*cat)->ListNamespaces();
    RL_QVERIFY_OK(ns.status());
    QCOMPARE(*ns, (std::vector<std::string>{"default", "hbase"}));
    RL_QVERIFY_OK((*cat)->CheckIntegrity());
    cat->reset();
    auto again = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(again.status());
    QCOMPARE((*again)->OpenedFromVersion(), kCatalogSchemaVersion);  // nothing to migrate
  }

  void namespaceLifecycle() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    const std::map<std::string, std::string> props = {{"hbase.namespace.quota.maxtables", "10"},
                                                      {std::string("b\x00", 2), "\xff"}};
    RL_QVERIFY_OK((*cat)->CreateNamespace("ns1", props));
    auto got = (*cat)->GetNamespace("ns1");
    RL_QVERIFY_OK(got.status());
    QVERIFY(*got == props);

    Status s = (*cat)->CreateNamespace("ns1", {});
    QVERIFY(s.IsInvalidArgument());
    QVERIFY2(FailsWith(s, "CreateNamespace: NamespaceExistException: ns1"), s.ToString().c_str());
    s = (*cat)->CreateNamespace("bad-ns", {});
    QVERIFY(FailsWith(s, "Illegal character <-> at 3. Namespaces may only contain"));

    RL_QVERIFY_OK((*cat)->UpdateNamespace("ns1", {{"k", "v"}}));
    got = (*cat)->GetNamespace("ns1");
    RL_QVERIFY_OK(got.status());
    QVERIFY((*got == std::map<std::string, std::string>{{"k", "v"}}));

    RL_QVERIFY_OK((*cat)->DropNamespace("ns1"));
    s = (*cat)->DropNamespace("ns1");
    QVERIFY(s.IsNotFound());
    QVERIFY(FailsWith(s, "NamespaceNotFoundException: ns1"));
    QVERIFY((*cat)->GetNamespace("ns1").status().IsNotFound());
    QVERIFY((*cat)->UpdateNamespace("ns1", {}).IsNotFound());
  }

  void reservedNamespacesCannotBeDropped_data() {
    QTest::addColumn<QString>("ns");
    QTest::newRow("default") << "default";
    QTest::newRow("hbase") << "hbase";
  }

  void reservedNamespacesCannotBeDropped() {
    QFETCH(QString, ns);
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    const Status s = (*cat)->DropNamespace(ns.toStdString());
    QVERIFY(s.IsInvalidArgument());
    QVERIFY2(FailsWith(s, "ConstraintException: Reserved namespace " + ns.toStdString() +
                              " cannot be removed."),
             s.ToString().c_str());
    auto list = (*cat)->ListNamespaces();
    RL_QVERIFY_OK(list.status());
    QCOMPARE(list->size(), size_t(2));
  }

  void dropNamespaceWithTablesIsRefused() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    RL_QVERIFY_OK((*cat)->CreateNamespace("ns", {}));
    for (const char* name : {"t1", "t2"}) {
      RL_QVERIFY_OK((*cat)->CreateTable(MakeTable("ns", name),
                                        TileRegions(std::string("ns:") + name, {}, name), 1));
    }
    Status s = (*cat)->DropNamespace("ns");
    QVERIFY(s.IsInvalidArgument());
    QVERIFY2(FailsWith(s,
                       "ConstraintException: Only empty namespaces can be removed. "
                       "Namespace ns has 2 tables"),
             s.ToString().c_str());
    RL_QVERIFY_OK((*cat)->DropTable("ns:t1"));
    RL_QVERIFY_OK((*cat)->DropTable("ns:t2"));
    RL_QVERIFY_OK((*cat)->DropNamespace("ns"));
  }

  void tableRoundTripsEveryField() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    RL_QVERIFY_OK((*cat)->CreateNamespace("analytics", {}));
    TableDescriptor want = FullTable();
    want.enabled = false;
    RL_QVERIFY_OK((*cat)->CreateTable(want, TileRegions(want.FullName(), {}, "r"), 1234567));
    auto got = (*cat)->GetTable("analytics:events.v2-raw");
    RL_QVERIFY_OK(got.status());
    CompareTables(*got, want);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(got->created_ms, int64_t(1234567));
    QCOMPARE(got->FullName(), std::string("analytics:events.v2-raw"));

    // Defaults survive too, and a default-namespace table is found by either name.
    TableDescriptor plain = MakeTable("default", "plain", {"f"});
    RL_QVERIFY_OK((*cat)->CreateTable(plain, TileRegions("plain", {}, "p"), 5));
    for (const char* name : {"plain", "default:plain"}) {
      auto p = (*cat)->GetTable(name);
      RL_QVERIFY_OK(p.status());
      CompareTables(*p, plain);
      if (QTest::currentTestFailed()) return;
    }
  }

  void createTableErrors() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    RL_QVERIFY_OK((*cat)->CreateTable(MakeTable("default", "t"), TileRegions("t", {}, "a"), 1));

    Status s = (*cat)->CreateTable(MakeTable("default", "t"), TileRegions("t", {}, "b"), 1);
    QVERIFY(s.IsInvalidArgument());
    QVERIFY2(FailsWith(s, "catalog " + dir.File("catalog.db") +
                              ": CreateTable: "
                              "TableExistsException: t"),
             s.ToString().c_str());

    s = (*cat)->CreateTable(MakeTable("nons", "t"), TileRegions("nons:t", {}, "c"), 1);
    QVERIFY(s.IsNotFound());
    QVERIFY(FailsWith(s, "NamespaceNotFoundException: nons"));

    s = (*cat)->CreateTable(MakeTable("default", "nf", {}), TileRegions("nf", {}, "d"), 1);
    QVERIFY(FailsWith(s, "Table should have at least one column family."));

    s = (*cat)->CreateTable(MakeTable("default", "dup", {"f", "f"}), TileRegions("dup", {}, "e"),
                            1);
    QVERIFY(FailsWith(s, "Family 'f' already exists so cannot be added"));

    s = (*cat)->CreateTable(MakeTable("default", "badf", {"a:b"}), TileRegions("badf", {}, "f"), 1);
    QVERIFY(FailsWith(s, "Column Family names cannot contain control characters or colons: a:b"));

    s = (*cat)->CreateTable(MakeTable("default", "x#y"), TileRegions("x#y", {}, "g"), 1);
    QVERIFY(FailsWith(s, "Illegal character code:35, <#> at 1."));

    // Regions that leave a gap, overlap, or do not reach the end are refused.
    auto gap = TileRegions("gap", {"b", "d"}, "h");
    gap[1].end_key = "c";
    s = (*cat)->CreateTable(MakeTable("default", "gap"), gap, 1);
    QVERIFY2(FailsWith(s,
                       "regions do not tile the key space: region h2 starts at 'd' but the "
                       "previous region ends at 'c'"),
             s.ToString().c_str());
    auto open_end = TileRegions("open", {"m"}, "i");
    open_end.back().end_key = "z";
    s = (*cat)->CreateTable(MakeTable("default", "open"), open_end, 1);
    QVERIFY(FailsWith(s, "must end at the end of the table"));
    s = (*cat)->CreateTable(MakeTable("default", "none"), {}, 1);
    QVERIFY(FailsWith(s, "needs at least one region"));
    auto other = TileRegions("someone_else", {}, "j");
    s = (*cat)->CreateTable(MakeTable("default", "mine"), other, 1);
    QVERIFY(FailsWith(s, "belongs to table 'someone_else', not mine"));

    // None of the refused tables left anything behind.
    auto tables = (*cat)->ListTables();
    RL_QVERIFY_OK(tables.status());
    QCOMPARE(tables->size(), size_t(1));
    auto regions = (*cat)->ListAllRegions();
    RL_QVERIFY_OK(regions.status());
    QCOMPARE(regions->size(), size_t(1));
  }

  void lookupsOfMissingTables() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    Status s = (*cat)->GetTable("ns:missing").status();
    QVERIFY(s.IsNotFound());
    QVERIFY(FailsWith(s, "GetTable: TableNotFoundException: ns:missing"));
    QVERIFY(FailsWith((*cat)->GetTable("default:gone").status(), "TableNotFoundException: gone"));
    QVERIFY((*cat)->DropTable("gone").IsNotFound());
    QVERIFY((*cat)->SetTableEnabled("gone", true).IsNotFound());
    QVERIFY((*cat)->UpdateTable(MakeTable("default", "gone")).IsNotFound());
    QVERIFY((*cat)->ListRegions("gone").status().IsNotFound());
    QVERIFY((*cat)->GetTable("bad name").status().IsInvalidArgument());
  }

  void alterEnableAndDrop() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    RL_QVERIFY_OK((*cat)->CreateTable(MakeTable("default", "t", {"a", "b"}),
                                      TileRegions("t", {"m"}, "r"), 10));
    TableDescriptor altered = MakeTable("default", "t", {"b", "c"});
    altered.families[0].max_versions = 9;
    altered.families[1].configuration = {{"x", "y"}};
    altered.max_file_size = 1 << 20;
    altered.owner = "bob";
    altered.metadata = {{"m", "1"}};
    altered.enabled = false;  // ignored by UpdateTable
    RL_QVERIFY_OK((*cat)->UpdateTable(altered));
    auto got = (*cat)->GetTable("t");
    RL_QVERIFY_OK(got.status());
    altered.enabled = true;
    CompareTables(*got, altered);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(got->created_ms, int64_t(10));

    RL_QVERIFY_OK((*cat)->SetTableEnabled("t", false));
    got = (*cat)->GetTable("t");
    RL_QVERIFY_OK(got.status());
    QVERIFY(!got->enabled);
    RL_QVERIFY_OK((*cat)->SetTableEnabled("t", true));
    QVERIFY((*cat)->GetTable("t")->enabled);

    RL_QVERIFY_OK((*cat)->DropTable("t"));
    QVERIFY((*cat)->GetTable("t").status().IsNotFound());
    auto regions = (*cat)->ListAllRegions();
    RL_QVERIFY_OK(regions.status());
    QVERIFY(regions->empty());
    auto history = (*cat)->ListHistory("t");  // the pre-split record outlives the table
    RL_QVERIFY_OK(history.status());
    QCOMPARE(history->size(), size_t(1));
    RL_QVERIFY_OK((*cat)->CheckIntegrity());  // no orphaned family or region rows
    // The name can be used again.
    RL_QVERIFY_OK((*cat)->CreateTable(MakeTable("default", "t"), TileRegions("t", {}, "n"), 11));
  }

  void listTablesIsOrdered() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    RL_QVERIFY_OK((*cat)->CreateNamespace("zz", {}));
    RL_QVERIFY_OK((*cat)->CreateNamespace("aa", {}));
    for (const char* full : {"zz:b", "t2", "aa:x", "t1", "zz:a"}) {
      std::string ns, name;
      RL_QVERIFY_OK(ParseTableName(full, &ns, &name));
      RL_QVERIFY_OK((*cat)->CreateTable(MakeTable(ns, name), TileRegions(full, {}, full), 1));
    }
    auto tables = (*cat)->ListTables();
    RL_QVERIFY_OK(tables.status());
    std::vector<std::string> names;
    for (const auto& t : *tables) names.push_back(t.FullName());
    QCOMPARE(names, (std::vector<std::string>{"aa:x", "t1", "t2", "zz:a", "zz:b"}));
  }

  void reopenKeepsEverything() {
    TempDir dir;
    const std::string path = dir.File("catalog.db");
    TableDescriptor want = FullTable();
    {
      auto cat = Catalog::Open(path);
      RL_QVERIFY_OK(cat.status());
      RL_QVERIFY_OK((*cat)->CreateNamespace("analytics", {{"p", "q"}}));
      RL_QVERIFY_OK((*cat)->CreateTable(
          want, TileRegions(want.FullName(), {std::string("\x00", 1), "\xff"}, "r"), 77));
      RL_QVERIFY_OK((*cat)->SetTableEnabled(want.FullName(), false));
    }
    auto cat = Catalog::Open(path);
    RL_QVERIFY_OK(cat.status());
    auto ns = (*cat)->GetNamespace("analytics");
    RL_QVERIFY_OK(ns.status());
    QCOMPARE(ns->at("p"), std::string("q"));
    auto got = (*cat)->GetTable(want.FullName());
    RL_QVERIFY_OK(got.status());
    want.enabled = false;
    CompareTables(*got, want);
    if (QTest::currentTestFailed()) return;
    auto regions = (*cat)->ListRegions(want.FullName());
    RL_QVERIFY_OK(regions.status());
    QCOMPARE(regions->size(), size_t(3));
    QCOMPARE(regions->at(1).start_key, std::string("\x00", 1));
    QCOMPARE(regions->at(2).start_key, std::string("\xff"));
    auto history = (*cat)->ListHistory(want.FullName());
    RL_QVERIFY_OK(history.status());
    QCOMPARE(history->size(), size_t(1));
    QCOMPARE(history->at(0).kind, std::string(kHistoryPreSplit));
  }

  // The mutex serialises calls from many threads on the one connection.
  void concurrentCallsFromThreads() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    Catalog* c = cat->get();
    constexpr int kThreads = 4;
    constexpr int kTablesEach = 10;
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int i = 0; i < kThreads; ++i) {
      threads.emplace_back([c, i, &failures] {
        for (int j = 0; j < kTablesEach; ++j) {
          const std::string name = "t" + std::to_string(i) + "_" + std::to_string(j);
          if (!c->CreateTable(MakeTable("default", name), TileRegions(name, {"k"}, name + "r"), j)
                   .ok() ||
              !c->ListTables().ok() ||
              !c->AppendMetrics({{j, "server", "rs" + std::to_string(i), "requests", 1.0 * j}})
                   .ok()) {
            failures.fetch_add(1);
          }
        }
      });
    }
    for (auto& t : threads) t.join();
    QCOMPARE(failures.load(), 0);
    auto tables = (*cat)->ListTables();
    RL_QVERIFY_OK(tables.status());
    QCOMPARE(int(tables->size()), kThreads * kTablesEach);
    auto regions = (*cat)->ListAllRegions();
    RL_QVERIFY_OK(regions.status());
    QCOMPARE(int(regions->size()), 2 * kThreads * kTablesEach);
    RL_QVERIFY_OK((*cat)->CheckIntegrity());
  }
};

QTEST_GUILESS_MAIN(CatalogTest)
#include "catalog_test.moc"
