// The cluster: pre-split tables, routing and scans across regions, DDL,
// restart, automatic and manual splits, merges, moves, balancing, and a
// region server stop with WAL-split failover.
#include <QtTest>
#include <map>

#include "cluster_test_util.h"
#include "util/clock.h"

using namespace regionlab;
using namespace regionlab::test;

class ClusterTest : public QObject {
  Q_OBJECT

  std::unique_ptr<Cluster> OpenCluster(const std::string& dir, ClusterOptions o = SmallCluster(),
                                       ClusterOpenReport* report = nullptr) {
    auto c = Cluster::Open(dir, o, report);
    if (!c.ok()) qWarning("%s", c.status().ToString().c_str());
    return c.ok() ? std::move(*c) : nullptr;
  }

  // Creates table `d` (1 MB flushes, compaction.min.size 1), flushes a 200 KB
  // file and two 30 KB files into it, waits for the compactions they start,
  // checks that all 130 rows read back, and returns the store files left.
  quint64 StoreFilesAfter200And30And30(Cluster* cluster, TableDescriptor d) {
    d.memstore_flush_size = 1 << 20;
    d.configuration.emplace("hbase.hstore.compaction.min.size", "1");
    if (!cluster->admin().CreateTable(d).ok()) return 0;
    auto t = cluster->GetTable(d.name);
    int row = 0;
    for (int rows : {100, 15, 15}) {
      for (int i = 0; i < rows; ++i, ++row) {
        if (!(*t)->Put(PutRow("r" + std::to_string(1000 + row), std::string(2000, 'b'))).ok()) {
          return 0;
        }
      }
      if (!cluster->admin().Flush(d.name).ok()) return 0;
    }
    if (!cluster->WaitForBackgroundWork().ok()) return 0;
    auto regions = *cluster->admin().ListRegions(d.name);
    if (regions.size() != 1 || ScanRows(**t).size() != 130) return 0;
    return regions[0].metrics.store_files;
  }

 private slots:
  void preSplitTableRoutesAndScansAcrossRegions() {
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    QVERIFY(cluster);
    Admin& admin = cluster->admin();
    RL_QVERIFY_OK(admin.CreateTable(SimpleTable("t1"), {"10", "20", "30", "40"}));
    auto regions = admin.ListRegions("t1");
    RL_QVERIFY_OK(regions.status());
    QCOMPARE(regions->size(), size_t(5));
    QVERIFY(RegionsTile(*regions));
    QCOMPARE(regions->at(1).start_key, std::string("10"));
    std::set<std::string> servers;
    for (const auto& r : *regions) servers.insert(r.server);
    QCOMPARE(servers.size(), size_t(3));  // spread over the region servers
    auto table = cluster->GetTable("t1");
    RL_QVERIFY_OK(table.status());
    for (int i = 0; i < 50; ++i) {
      char row[8];
      std::snprintf(row, sizeof(row), "%02d", i);
      RL_QVERIFY_OK((*table)->Put(PutRow(row, "v" + std::to_string(i))));
    }
    auto all = ScanRows(**table);
    QCOMPARE(all.size(), size_t(50));
    QCOMPARE(all.front(), std::string("00"));
    QCOMPARE(all.back(), std::string("49"));
    Scan scan;
    scan.start_row = "15";
    scan.stop_row = "35";
    auto mid = ScanRows(**table, scan);
    QCOMPARE(mid.size(), size_t(20));
    QCOMPARE(mid.front(), std::string("15"));
    Scan rev;
    rev.reversed = true;
    rev.start_row = "34";
    rev.stop_row = "05";
    auto back = ScanRows(**table, rev);
    QCOMPARE(back.size(), size_t(29));
    QCOMPARE(back.front(), std::string("34"));
    QCOMPARE(back.back(), std::string("06"));
    Scan limited;
    limited.start_row = "18";
    limited.limit = 5;
    QCOMPARE(ScanRows(**table, limited), std::vector<std::string>({"18", "19", "20", "21", "22"}));
    Scan rev_all;
    rev_all.reversed = true;
    QCOMPARE(ScanRows(**table, rev_all).size(), size_t(50));
    auto loc = admin.LocateRegion("t1", "25");
    RL_QVERIFY_OK(loc.status());
    QCOMPARE(loc->start_key, std::string("20"));
    Get get;
    get.row = "25";
    QCOMPARE((*table)->Get(get)->cells.at(0).value, std::string("v25"));
  }

  void ddlLifecycle() {
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    QVERIFY(cluster);
    Admin& admin = cluster->admin();
    RL_QVERIFY_OK(admin.CreateNamespace("ns1"));
    RL_QVERIFY_OK(admin.CreateTable(SimpleTable("ns1:t1"), {"m"}));
    QVERIFY(!admin.CreateTable(SimpleTable("ns1:t1")).ok());   // exists
    QVERIFY(!admin.CreateTable(SimpleTable("nope:t1")).ok());  // no such namespace
    auto t = cluster->GetTable("ns1:t1");
    RL_QVERIFY_OK(t.status());
    for (const char* r : {"a", "n", "z"}) RL_QVERIFY_OK((*t)->Put(PutRow(r, "1")));
    // Drop needs a disabled table.
    Status s = admin.DeleteTable("ns1:t1");
    QVERIFY(!s.ok() && QString::fromStdString(s.message()).contains("Disable it first"));
    QVERIFY(!admin.DropNamespace("ns1").ok());  // has a table
    // Online alter: add a family.
    TableDescriptor d = *admin.GetDescriptor("ns1:t1");
    FamilyOptions g;
    g.name = "g";
    g.max_versions = 3;
    d.families.push_back(g);
    d.max_file_size = 134217728;
    RL_QVERIFY_OK(admin.ModifyTable(d));
    QCOMPARE(admin.GetDescriptor("ns1:t1")->families.size(), size_t(2));
    QCOMPARE(admin.GetDescriptor("ns1:t1")->max_file_size, quint64(134217728));
    RL_QVERIFY_OK((*t)->Put(PutRow("b", "2", "g")));
    QCOMPARE(ScanRows(**t).size(), size_t(4));
    // truncate_preserve keeps the split; truncate drops it.
    RL_QVERIFY_OK(admin.TruncateTable("ns1:t1", /*preserve_splits=*/true));
    QCOMPARE(ScanRows(**t).size(), size_t(0));
    QCOMPARE(admin.ListRegions("ns1:t1")->size(), size_t(2));
    RL_QVERIFY_OK((*t)->Put(PutRow("a", "1")));
    RL_QVERIFY_OK(admin.TruncateTable("ns1:t1", /*preserve_splits=*/false));
    QCOMPARE(admin.ListRegions("ns1:t1")->size(), size_t(1));
    QCOMPARE(ScanRows(**t).size(), size_t(0));
    RL_QVERIFY_OK(admin.DisableTable("ns1:t1"));
    QCOMPARE(*admin.IsTableEnabled("ns1:t1"), false);
    QVERIFY(!(*t)->Put(PutRow("a", "1")).ok());  // disabled
    RL_QVERIFY_OK(admin.EnableTable("ns1:t1"));
    RL_QVERIFY_OK((*t)->Put(PutRow("a", "1")));
    RL_QVERIFY_OK(admin.DisableTable("ns1:t1"));
    RL_QVERIFY_OK(admin.DeleteTable("ns1:t1"));
    QCOMPARE(*admin.TableExists("ns1:t1"), false);
    RL_QVERIFY_OK(admin.DropNamespace("ns1"));
  }

  void invalidDefinitionsAreRefused_data() {
    QTest::addColumn<QString>("what");
    QTest::newRow("no family") << "no family";
    QTest::newRow("versions 0") << "versions 0";
    QTest::newRow("bad policy") << "bad policy";
    QTest::newRow("empty split key") << "empty split key";
    QTest::newRow("duplicate split key") << "duplicate split key";
    QTest::newRow("bad table name") << "bad table name";
  }
  void invalidDefinitionsAreRefused() {
    QFETCH(QString, what);
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    QVERIFY(cluster);
    TableDescriptor d = SimpleTable("t");
    std::vector<std::string> splits;
    if (what == "no family") d.families.clear();
    if (what == "versions 0") d.families[0].max_versions = 0;
    if (what == "bad policy") d.split_policy = "NoSuchSplitPolicy";
    if (what == "empty split key") splits = {"a", ""};
    if (what == "duplicate split key") splits = {"a", "a"};
    if (what == "bad table name") d.name = "bad name!";
    Status s = cluster->admin().CreateTable(d, splits);
    QVERIFY2(!s.ok(), qPrintable(what));
    QCOMPARE(cluster->admin().ListTables()->size(), size_t(0));
  }

  void restartKeepsRegionsHistoryAndData() {
    TempDir dir;
    std::vector<RegionInfo> before;
    {
      auto cluster = OpenCluster(dir.path());
      QVERIFY(cluster);
      RL_QVERIFY_OK(cluster->admin().CreateTable(SimpleTable("t"), {"b", "d"}));
      auto t = cluster->GetTable("t");
      for (const char* r : {"a", "b", "c", "d", "e"}) RL_QVERIFY_OK((*t)->Put(PutRow(r, r)));
      RL_QVERIFY_OK(cluster->admin().Split("t", "c"));
      before = *cluster->admin().ListRegions("t");
      QCOMPARE(before.size(), size_t(4));
    }
    ClusterOpenReport report;
    auto cluster = OpenCluster(dir.path(), SmallCluster(), &report);
    QVERIFY(cluster);
    auto after = *cluster->admin().ListRegions("t");
    QCOMPARE(after.size(), before.size());
    for (size_t i = 0; i < after.size(); ++i) {
      QCOMPARE(after[i].encoded_name, before[i].encoded_name);
      QCOMPARE(after[i].start_key, before[i].start_key);
      QCOMPARE(after[i].state, std::string("OPEN"));
    }
    auto t = cluster->GetTable("t");
    QCOMPARE(ScanRows(**t), std::vector<std::string>({"a", "b", "c", "d", "e"}));
    auto history = cluster->admin().GetHistory("t");
    RL_QVERIFY_OK(history.status());
    QCOMPARE(history->size(), size_t(2));
    QCOMPARE(history->at(0).kind, std::string("pre-split"));
    QCOMPARE(history->at(1).kind, std::string("manual split"));
    QCOMPARE(history->at(1).split_key, std::string("c"));
    QCOMPARE(history->at(1).daughters.size(), size_t(2));
  }

  void stopRegionServerFailsOverWithoutLosingRows() {
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    QVERIFY(cluster);
    Admin& admin = cluster->admin();
    RL_QVERIFY_OK(admin.CreateTable(SimpleTable("t"), {"2", "4", "6", "8"}));
    auto t = cluster->GetTable("t");
    for (int i = 0; i < 1000; ++i) RL_QVERIFY_OK((*t)->Put(PutRow(std::to_string(i), "v")));
    const std::string victim = admin.ListRegions("t")->at(0).server;
    RL_QVERIFY_OK(admin.StopRegionServer(victim));
    auto regions = *admin.ListRegions("t");
    for (const auto& r : regions) {
      QVERIFY2(r.server != victim && !r.server.empty(), r.encoded_name.c_str());
    }
    QCOMPARE(ScanRows(**t).size(), size_t(1000));
    int online = 0;
    for (const auto& s : admin.ListServers()) online += s.online ? 1 : 0;
    QCOMPARE(online, 2);
    auto events = cluster->RecentEvents();
    QVERIFY(std::any_of(events.begin(), events.end(),
                        [](const ClusterEvent& e) { return e.kind == "failover"; }));
    // Writes keep working; the server comes back and the balancer evens out.
    RL_QVERIFY_OK((*t)->Put(PutRow("1000", "v")));
    RL_QVERIFY_OK(admin.StartRegionServer(victim));
    auto moves = admin.Balance();
    RL_QVERIFY_OK(moves.status());
    QVERIFY(*moves >= 1);
    std::map<std::string, int> per_server;
    const auto balanced = *admin.ListRegions("t");
    for (const auto& r : balanced) ++per_server[r.server];
    QCOMPARE(per_server.size(), size_t(3));
    QCOMPARE(ScanRows(**t).size(), size_t(1001));
  }

  void lastServerCannotStop() {
    TempDir dir;
    ClusterOptions o = SmallCluster();
    o.region_servers = 2;
    auto cluster = OpenCluster(dir.path(), o);
    RL_QVERIFY_OK(cluster->admin().StopRegionServer("rs1"));
    Status s = cluster->admin().StopRegionServer("rs2");
    QVERIFY(!s.ok() && QString::fromStdString(s.message()).contains("last one online"));
    QVERIFY(!cluster->admin().StopRegionServer("rs9").ok());
  }

  void automaticSplitsUnderLoadLoseNoRow() {
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    QVERIFY(cluster);
    TableDescriptor d = SimpleTable("load");
    d.memstore_flush_size = 16 * 1024;
    d.max_file_size = 48 * 1024;
    d.split_policy = "ConstantSizeRegionSplitPolicy";
    d.configuration["hbase.hregion.max.filesize.jitter"] = "0";
    d.families[0].block_size = 1024;
    RL_QVERIFY_OK(cluster->admin().CreateTable(d));
    auto t = cluster->GetTable("load");
    constexpr int kRows = 3000;
    for (int i = 0; i < kRows; ++i) {
      char row[16];
      std::snprintf(row, sizeof(row), "%08d", (i * 7919) % 100000);
      RL_QVERIFY_OK((*t)->Put(PutRow(row, std::string(40, 'x'))));
    }
    RL_QVERIFY_OK(cluster->WaitForBackgroundWork());
    auto regions = *cluster->admin().ListRegions("load");
    QVERIFY2(regions.size() >= 3, qPrintable(QString::number(regions.size())));
    QVERIFY(RegionsTile(regions));
    QCOMPARE(ScanRows(**t).size(), size_t(kRows));
    auto history = *cluster->admin().GetHistory("load");
    QVERIFY(!history.empty());
    QCOMPARE(history[0].kind, std::string("split"));
    QCOMPARE(history[0].cause, std::string("ConstantSizeRegionSplitPolicy"));
    QVERIFY(history[0].size_bytes > history[0].threshold_bytes);
    // Reopen: every row is still there.
    cluster.reset();
    cluster = OpenCluster(dir.path());
    QCOMPARE(ScanRows(**cluster->GetTable("load")).size(), size_t(kRows));
  }

  // The table's CONFIGURATION sets hbase.hstore.compaction.min.size; without
  // it the minimum is the table's MEMSTORE_FLUSHSIZE. A 200 KB file and two
  // tiny ones compact together only while their total is below the minimum,
  // since 200 KB is more than 1.2 x the other two.
  void compactionMinSizeComesFromTheTable_data() {
    QTest::addColumn<QString>("minSize");  // empty: the key is not set
    QTest::addColumn<quint64>("files");
    QTest::newRow("unset: the 1 MiB flush size") << QString() << quint64(1);
    QTest::newRow("1 byte") << QString("1") << quint64(3);
    QTest::newRow("0 acts as 1") << QString("0") << quint64(3);
    QTest::newRow("not a number: unset") << QString("64k") << quint64(1);
  }
  void compactionMinSizeComesFromTheTable() {
    QFETCH(QString, minSize);
    QFETCH(quint64, files);
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    QVERIFY(cluster);
    TableDescriptor d = SimpleTable("minsize");
    d.memstore_flush_size = 1 << 20;
    if (!minSize.isEmpty()) {
      d.configuration["hbase.hstore.compaction.min.size"] = minSize.toStdString();
    }
    RL_QVERIFY_OK(cluster->admin().CreateTable(d));
    auto t = cluster->GetTable("minsize");
    for (int i = 0; i < 100; ++i) {
      RL_QVERIFY_OK((*t)->Put(PutRow("big" + std::to_string(i), std::string(2000, 'b'))));
    }
    RL_QVERIFY_OK(cluster->admin().Flush("minsize"));
    for (int file = 0; file < 2; ++file) {
      RL_QVERIFY_OK((*t)->Put(PutRow("tiny" + std::to_string(file), "v")));
      RL_QVERIFY_OK(cluster->admin().Flush("minsize"));
    }
    RL_QVERIFY_OK(cluster->WaitForBackgroundWork());
    auto regions = *cluster->admin().ListRegions("minsize");
    QCOMPARE(regions.size(), size_t(1));
    QCOMPARE(regions[0].metrics.store_files, files);
    QCOMPARE(ScanRows(**t).size(), size_t(102));
  }

  // hbase.hstore.compaction.ratio from the table's CONFIGURATION: a 200 KB
  // file joins two 30 KB ones only when it is at most ratio x their 60 KB
  // (min.size 1 puts every window through the ratio test). HBase's default
  // 1.2 leaves the three files; its off-peak ratio, 5.0, compacts them.
  void compactionRatioComesFromTheTable_data() {
    QTest::addColumn<QString>("ratio");  // empty: the key is not set
    QTest::addColumn<quint64>("files");
    QTest::newRow("unset: 1.2") << QString() << quint64(3);
    QTest::newRow("5.0") << QString("5.0") << quint64(1);
    QTest::newRow("3.6: 200 KB <= 216 KB") << QString("3.6") << quint64(1);
    QTest::newRow("3.0: 200 KB > 180 KB") << QString("3.0") << quint64(3);
    QTest::newRow("not a number: unset") << QString("5x") << quint64(3);
    QTest::newRow("0: unset") << QString("0") << quint64(3);
    QTest::newRow("negative: unset") << QString("-5") << quint64(3);
  }
  void compactionRatioComesFromTheTable() {
    QFETCH(QString, ratio);
    QFETCH(quint64, files);
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    QVERIFY(cluster);
    TableDescriptor d = SimpleTable("ratio");
    if (!ratio.isEmpty()) d.configuration["hbase.hstore.compaction.ratio"] = ratio.toStdString();
    QCOMPARE(StoreFilesAfter200And30And30(cluster.get(), d), files);
  }

  // A store's settings come in layers, as in HBase: the table's
  // CONFIGURATION, then the family's on top; the off-peak hours take the
  // off-peak ratio (5.0 by default). The same 200 KB + 30 KB + 30 KB files as
  // above: 3 files stay at ratio 1.2 or 3.0, 1 file at 5.0. Hours are given
  // as "@N": N hours after the cluster clock's local hour.
  void storeConfigurationLayers_data() {
    QTest::addColumn<QStringList>("table");   // key=value
    QTest::addColumn<QStringList>("family");  // key=value
    QTest::addColumn<quint64>("files");
    const QString ratio = "hbase.hstore.compaction.ratio=",
                  offRatio = "hbase.hstore.compaction.ratio.offpeak=",
                  start = "hbase.offpeak.start.hour=", end = "hbase.offpeak.end.hour=";
    QTest::newRow("family 5.0") << QStringList{} << QStringList{ratio + "5.0"} << quint64(1);
    QTest::newRow("table 5.0, family 1.2")
        << QStringList{ratio + "5.0"} << QStringList{ratio + "1.2"} << quint64(3);
    QTest::newRow("table 1.2, family 5.0")
        << QStringList{ratio + "1.2"} << QStringList{ratio + "5.0"} << quint64(1);
    QTest::newRow("family 5x: the table's 5.0")
        << QStringList{ratio + "5.0"} << QStringList{ratio + "5x"} << quint64(1);
    QTest::newRow("table: off-peak now") << QStringList{start + "@0", end + "@1"} << QStringList{}
                                         << quint64(1);
    QTest::newRow("table: off-peak from the next hour")
        << QStringList{start + "@1", end + "@2"} << QStringList{} << quint64(3);
    QTest::newRow("table: off-peak now, family: off-peak ratio 3.0")
        << QStringList{start + "@0", end + "@1"} << QStringList{offRatio + "3.0"} << quint64(3);
    QTest::newRow("family: off-peak now, wrapping")
        << QStringList{} << QStringList{start + "@0", end + "@23"} << quint64(1);
  }
  void storeConfigurationLayers() {
    QFETCH(QStringList, table);
    QFETCH(QStringList, family);
    QFETCH(quint64, files);
    TempDir dir;
    ManualClock clock(1'700'000'000'000);
    const int hour = LocalHourOf(clock.NowMillis());
    auto apply = [hour](const QStringList& items, std::map<std::string, std::string>* conf) {
      for (const QString& item : items) {
        const QString key = item.section('=', 0, 0);
        QString value = item.section('=', 1);
        if (value.startsWith('@')) value = QString::number((hour + value.mid(1).toInt()) % 24);
        (*conf)[key.toStdString()] = value.toStdString();
      }
    };
    ClusterOptions o = SmallCluster();
    o.clock = &clock;
    auto cluster = OpenCluster(dir.path(), o);
    QVERIFY(cluster);
    TableDescriptor d = SimpleTable("layers");
    apply(table, &d.configuration);
    apply(family, &d.families[0].configuration);
    QCOMPARE(StoreFilesAfter200And30And30(cluster.get(), d), files);
  }

  // A scan's LIMIT counts rows across regions, also when BATCH splits a row
  // into several results (HBase's setBatch): 30 rows of 3 cells in 3 regions.
  void scanLimitCountsRowsAcrossRegions_data() {
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("limit");
    QTest::addColumn<bool>("reversed");
    QTest::addColumn<int>("results");
    QTest::addColumn<int>("rows");
    QTest::newRow("whole rows, no limit") << -1 << -1 << false << 30 << 30;
    QTest::newRow("whole rows, limit 15") << -1 << 15 << false << 15 << 15;
    QTest::newRow("batch 2, limit 15") << 2 << 15 << false << 30 << 15;
    QTest::newRow("batch 1, limit 5") << 1 << 5 << false << 15 << 5;
    QTest::newRow("batch 2, no limit") << 2 << -1 << false << 60 << 30;
    QTest::newRow("reversed, limit 12") << -1 << 12 << true << 12 << 12;
    QTest::newRow("reversed, batch 2, limit 12") << 2 << 12 << true << 24 << 12;
  }
  void scanLimitCountsRowsAcrossRegions() {
    QFETCH(int, batch);
    QFETCH(int, limit);
    QFETCH(bool, reversed);
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    QVERIFY(cluster);
    RL_QVERIFY_OK(cluster->admin().CreateTable(SimpleTable("lim"), {"r10", "r20"}));
    auto t = cluster->GetTable("lim");
    for (int i = 0; i < 30; ++i) {
      RowMutation m;
      m.row = i < 10 ? "r0" + std::to_string(i) : "r" + std::to_string(i);
      for (const char* q : {"a", "b", "c"}) m.Put("f", q, "v");
      RL_QVERIFY_OK((*t)->Put(m));
    }
    Scan scan;
    scan.batch = batch;
    scan.limit = limit;
    scan.reversed = reversed;
    auto scanner = (*t)->GetScanner(scan);
    RL_QVERIFY_OK(scanner.status());
    RowResult r;
    int results = 0;
    QStringList rows;
    while ((*scanner)->Next(&r)) {
      ++results;
      const QString row = QString::fromStdString(r.row);
      if (rows.isEmpty() || rows.back() != row) rows << row;
    }
    RL_QVERIFY_OK((*scanner)->status());
    QTEST(results, "results");
    QTEST(int(rows.size()), "rows");
    QCOMPARE(rows.front(), reversed ? QStringLiteral("r29") : QStringLiteral("r00"));
  }

  void keyPrefixPolicyKeepsPrefixesTogether() {
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    TableDescriptor d = SimpleTable("prefixed");
    d.memstore_flush_size = 16 * 1024;
    d.max_file_size = 32 * 1024;
    d.split_policy = "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy";
    d.configuration["KeyPrefixRegionSplitPolicy.prefix_length"] = "4";
    d.families[0].block_size = 1024;
    RL_QVERIFY_OK(cluster->admin().CreateTable(d));
    auto t = cluster->GetTable("prefixed");
    for (int i = 0; i < 3000; ++i) {
      char row[32];
      std::snprintf(row, sizeof(row), "u%03d-%06d", i % 12, i);
      RL_QVERIFY_OK((*t)->Put(PutRow(row, std::string(40, 'x'))));
    }
    RL_QVERIFY_OK(cluster->WaitForBackgroundWork());
    auto regions = *cluster->admin().ListRegions("prefixed");
    QVERIFY2(regions.size() >= 2, qPrintable(QString::number(regions.size())));
    for (const auto& r : regions) {
      // Every boundary is a bare 4-byte prefix: no prefix straddles two regions.
      if (!r.start_key.empty()) QCOMPARE(int(r.start_key.size()), 4);
    }
    QCOMPARE(ScanRows(**t).size(), size_t(3000));
  }

  void manualSplitMergeMove() {
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    Admin& admin = cluster->admin();
    TableDescriptor d = SimpleTable("t");
    d.families[0].block_size = 1024;
    RL_QVERIFY_OK(admin.CreateTable(d));
    auto t = cluster->GetTable("t");
    for (int i = 0; i < 500; ++i) {
      RL_QVERIFY_OK((*t)->Put(PutRow("row" + std::to_string(1000 + i), std::string(50, 'v'))));
    }
    RL_QVERIFY_OK(admin.Split("t"));  // at the policy's split point
    auto regions = *admin.ListRegions("t");
    QCOMPARE(regions.size(), size_t(2));
    RL_QVERIFY_OK(admin.Split("t", "row1100"));
    regions = *admin.ListRegions("t");
    QCOMPARE(regions.size(), size_t(3));
    QCOMPARE(regions[1].start_key, std::string("row1100"));
    QVERIFY(!admin.Split("t", regions[1].start_key).ok());  // a region's own start key
    // Non-adjacent merge is refused; adjacent merge works.
    QVERIFY(!admin.MergeRegions(regions[0].encoded_name, regions[2].encoded_name).ok());
    RL_QVERIFY_OK(admin.MergeRegions(regions[0].encoded_name, regions[1].encoded_name));
    regions = *admin.ListRegions("t");
    QCOMPARE(regions.size(), size_t(2));
    QVERIFY(RegionsTile(regions));
    QCOMPARE(ScanRows(**t).size(), size_t(500));
    const std::string from = regions[0].server;
    std::string to = from == "rs1" ? "rs2" : "rs1";
    RL_QVERIFY_OK(admin.Move(regions[0].encoded_name, to));
    QCOMPARE(admin.ListRegions("t")->at(0).server, to);
    QCOMPARE(ScanRows(**t).size(), size_t(500));
    RL_QVERIFY_OK(cluster->WaitForBackgroundWork());
    auto history = *admin.GetHistory("t");
    QCOMPARE(history.size(), size_t(3));  // split, split, merge
    QCOMPARE(history[2].kind, std::string("merge"));
    // Each event records its regions' ranges: a split's daughters meet at the
    // split key and cover the parent; a merge's parents meet and the merged
    // region covers both.
    for (const HistoryEntry& h : history) {
      QCOMPARE(h.parent_ranges.size(), h.parents.size());
      QCOMPARE(h.daughter_ranges.size(), h.daughters.size());
    }
    for (size_t i : {size_t(0), size_t(1)}) {
      const HistoryEntry& split = history[i];
      QCOMPARE(split.daughter_ranges[0].start_key, split.parent_ranges[0].start_key);
      QCOMPARE(split.daughter_ranges[0].end_key, split.split_key);
      QCOMPARE(split.daughter_ranges[1].start_key, split.split_key);
      QCOMPARE(split.daughter_ranges[1].end_key, split.parent_ranges[0].end_key);
    }
    QCOMPARE(history[0].parent_ranges[0], (KeyRange{"", ""}));
    QCOMPARE(history[1].split_key, std::string("row1100"));
    const HistoryEntry& merge = history[2];
    QCOMPARE(merge.parent_ranges[0].end_key, std::string("row1100"));
    QCOMPARE(merge.parent_ranges[1].start_key, std::string("row1100"));
    QCOMPARE(merge.daughter_ranges[0],
             (KeyRange{merge.parent_ranges[0].start_key, merge.parent_ranges[1].end_key}));
    QCOMPARE(merge.daughter_ranges[0], (KeyRange{regions[0].start_key, regions[0].end_key}));
  }

  // A pre-split records its regions' ranges in key order.
  void preSplitHistoryRecordsRanges() {
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    const std::string binary("k\x00\xff", 3);
    RL_QVERIFY_OK(cluster->admin().CreateTable(SimpleTable("t"), {"c", binary}));
    auto history = cluster->admin().GetHistory("t");
    RL_QVERIFY_OK(history.status());
    QCOMPARE(history->size(), size_t(1));
    QCOMPARE(history->at(0).kind, std::string("pre-split"));
    QCOMPARE(history->at(0).daughter_ranges,
             (std::vector<KeyRange>{{"", "c"}, {"c", binary}, {binary, ""}}));
    QVERIFY(history->at(0).parent_ranges.empty());
  }

  void tableAtomicOperations() {
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    RL_QVERIFY_OK(cluster->admin().CreateTable(SimpleTable("t"), {"m"}));
    auto t = cluster->GetTable("t");
    QCOMPARE(*(*t)->Increment("z", "f", "n", 5), qint64(5));
    QCOMPARE(*(*t)->Increment("z", "f", "n", 2), qint64(7));
    QCOMPARE(*(*t)->Append("a", "f", "s", "x"), std::string("x"));
    QCOMPARE(*(*t)->CheckAndMutate("f", "q", std::nullopt, PutRow("a", "first")), true);
    QCOMPARE(*(*t)->CheckAndMutate("f", "q", std::nullopt, PutRow("a", "second")), false);
    std::vector<RowMutation> batch;
    for (char c = 'a'; c <= 'z'; ++c) batch.push_back(PutRow(std::string(1, c) + "1", "b"));
    RL_QVERIFY_OK((*t)->Batch(batch));
    QCOMPARE(ScanRows(**t).size(), size_t(28));
  }

  void metricsSampleServersAndRegions() {
    TempDir dir;
    auto cluster = OpenCluster(dir.path());
    RL_QVERIFY_OK(cluster->admin().CreateTable(SimpleTable("t"), {"5"}));
    auto t = cluster->GetTable("t");
    for (int i = 0; i < 100; ++i) RL_QVERIFY_OK((*t)->Put(PutRow(std::to_string(i), "v")));
    ClusterSample s = cluster->SampleNow();
    QCOMPARE(s.servers.size(), size_t(3));
    QCOMPARE(s.regions.size(), size_t(2));
    uint64_t writes = 0, memstore = 0;
    for (const auto& r : s.regions) writes += r.metrics.write_requests;
    for (const auto& sv : s.servers) memstore += sv.memstore_bytes;
    QCOMPARE(writes, quint64(100));
    QVERIFY(memstore > 0);
    QVERIFY(s.regions[0].split_threshold > 0);
    QVERIFY(!s.regions[0].split_policy.empty());
  }
};

QTEST_GUILESS_MAIN(ClusterTest)
#include "cluster_test.moc"
