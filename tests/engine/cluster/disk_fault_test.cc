// A full or failing disk under a running cluster (FaultInjectionEnv making
// chosen operations fail with ENOSPC or EIO): the failing write is refused
// with an error that says so, nothing acknowledged is lost, reads go on,
// nothing half-written becomes visible, and writes resume by themselves once
// the disk takes them again, with no reopen.
#include <QtTest>

#include "cluster_test_util.h"
#include "util/env.h"
#include "util/fault_injection_env.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

ClusterOptions Options(Env* env) {
  ClusterOptions o = SmallCluster();
  o.region_servers = 1;
  o.env = env;
  o.auto_split = false;
  return o;
}

bool HasRow(Table& t, const std::string& row) {
  Get get;
  get.row = row;
  auto r = t.Get(get);
  return r.ok() && !r->cells.empty();
}

bool HasEvent(Cluster& c, const std::string& kind, const std::string& detail_part = {}) {
  for (const ClusterEvent& e : c.RecentEvents()) {
    if (e.kind == kind && e.detail.find(detail_part) != std::string::npos) return true;
  }
  return false;
}

// The store files of `table`'s only region, family f.
std::vector<std::string> StoreFilesOf(Cluster& c, const std::string& dir, const std::string& table) {
  auto regions = c.admin().ListRegions(table);
  if (!regions.ok() || regions->empty()) return {};
  return FileNames(dir + "/data/default/" + table + "/" + regions->front().encoded_name + "/f");
}

}  // namespace

class DiskFaultTest : public QObject {
  Q_OBJECT
 private slots:
  // The WAL's append or sync fails: the write is refused naming the
  // segment and the cause, reads go on, and the next write after the disk
  // recovers succeeds in a new segment. After a reopen, exactly the
  // acknowledged rows are there.
  void walFailureRefusesTheWriteUntilTheDiskRecovers_data() {
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("words");
    QTest::newRow("append, disk full")
        << int(kFaultAppend) << int(FaultKind::kNoSpace) << "No space left on device";
    QTest::newRow("sync, I/O error")
        << int(kFaultSync) << int(FaultKind::kIOError) << "Input/output error";
    QTest::newRow("new segment, disk full")
        << int(kFaultAppend | kFaultCreate) << int(FaultKind::kNoSpace) << "No space left on device";
  }
  void walFailureRefusesTheWriteUntilTheDiskRecovers() {
    QFETCH(int, op);
    QFETCH(int, kind);
    QFETCH(QString, words);
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    {
      auto cluster = Cluster::Open(dir.path(), Options(&env));
      RL_QVERIFY_OK(cluster.status());
      RL_QVERIFY_OK((*cluster)->admin().CreateTable(SimpleTable("t")));
      auto t = *(*cluster)->GetTable("t");
      RL_QVERIFY_OK(t->Put(PutRow("r1", "v1")));

      env.InjectFault(static_cast<uint32_t>(op), static_cast<FaultKind>(kind), "/wal/");
      for (const char* row : {"r2", "r3"}) {  // refused, and refused again
        const Status refused = t->Put(PutRow(row, "v"));
        QVERIFY2(refused.IsIOError(), refused.ToString().c_str());
        QVERIFY2(refused.message().find(words.toStdString()) != std::string::npos,
                 refused.ToString().c_str());
        QVERIFY2(refused.message().find("/wal/") != std::string::npos, refused.ToString().c_str());
      }
      QVERIFY(HasRow(*t, "r1"));  // reads go on
      QVERIFY(!HasRow(*t, "r2"));
      QCOMPARE(ScanRows(*t), std::vector<std::string>{"r1"});
      QVERIFY(HasEvent(**cluster, "write refused", words.toStdString()));

      env.ClearFaults();  // space is freed
      RL_QVERIFY_OK(t->Put(PutRow("r4", "v4")));
      QVERIFY(HasEvent(**cluster, "writes resumed"));
      QCOMPARE(ScanRows(*t), (std::vector<std::string>{"r1", "r4"}));
      RL_QVERIFY_OK((*cluster)->Close());
    }
    auto reopened = Cluster::Open(dir.path(), Options(Env::Default()));
    RL_QVERIFY_OK(reopened.status());
    QCOMPARE(ScanRows(**(*reopened)->GetTable("t")), (std::vector<std::string>{"r1", "r4"}));
  }

  // A flush that cannot write its store file fails with the region and the
  // cause; the rows stay readable from the memstore, no file appears in the
  // store, and the next flush once the disk recovers writes it.
  void failedFlushLeavesNothingVisibleAndIsRetried() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    auto cluster = Cluster::Open(dir.path(), Options(&env));
    RL_QVERIFY_OK(cluster.status());
    Admin& admin = (*cluster)->admin();
    RL_QVERIFY_OK(admin.CreateTable(SimpleTable("t")));
    auto t = *(*cluster)->GetTable("t");
    for (int i = 0; i < 50; ++i) RL_QVERIFY_OK(t->Put(PutRow("r" + std::to_string(100 + i), "v")));
    const std::vector<std::string> before = StoreFilesOf(**cluster, dir.path(), "t");

    env.InjectFault(kFaultAppend | kFaultCreate, FaultKind::kNoSpace, "/.tmp/");
    const Status failed = admin.Flush("t");
    QVERIFY2(failed.IsIOError(), failed.ToString().c_str());
    QVERIFY2(failed.message().find("flush of region") != std::string::npos &&
                 failed.message().find("No space left on device") != std::string::npos,
             failed.ToString().c_str());
    QCOMPARE(StoreFilesOf(**cluster, dir.path(), "t"), before);
    QCOMPARE(ScanRows(*t).size(), size_t(50));
    RL_QVERIFY_OK(t->Put(PutRow("r200", "v")));  // the memstore still takes writes
    QVERIFY(HasEvent(**cluster, "flush failed", "No space left on device"));

    env.ClearFaults();
    RL_QVERIFY_OK(admin.Flush("t"));
    QCOMPARE(StoreFilesOf(**cluster, dir.path(), "t").size(), before.size() + 1);
    QCOMPARE(ScanRows(*t).size(), size_t(51));
    RL_QVERIFY_OK((*cluster)->Close());
  }

  // When the memstore passes its blocking limit and its flush fails, writes
  // are refused (not left to grow the memstore without bound, not blocked
  // for ever); a write after the disk recovers flushes and goes through.
  void blockedMemstoreRefusesWritesUntilAFlushSucceeds() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    auto cluster = Cluster::Open(dir.path(), Options(&env));
    RL_QVERIFY_OK(cluster.status());
    TableDescriptor d = SimpleTable("t");
    d.memstore_flush_size = 16 << 10;  // blocking at 64 KiB
    RL_QVERIFY_OK((*cluster)->admin().CreateTable(d));
    auto t = *(*cluster)->GetTable("t");
    env.InjectFault(kFaultAppend | kFaultCreate, FaultKind::kNoSpace, "/.tmp/");
    const std::string value(1000, 'x');
    Status refused;
    int acknowledged = 0;
    for (int i = 0; i < 1000 && refused.ok(); ++i) {
      refused = t->Put(PutRow("r" + std::to_string(10000 + i), value));
      if (refused.ok()) ++acknowledged;
    }
    QVERIFY2(refused.IsIOError(), refused.ToString().c_str());
    QVERIFY2(refused.message().find("blocking limit") != std::string::npos &&
                 refused.message().find("No space left on device") != std::string::npos,
             refused.ToString().c_str());
    qInfo("%d writes acknowledged before the refusal: %s", acknowledged, refused.ToString().c_str());
    QVERIFY(acknowledged >= 30);  // about 64 KiB of memstore first
    QCOMPARE(int(ScanRows(*t).size()), acknowledged);
    QVERIFY(HasEvent(**cluster, "write refused", "blocking limit"));

    env.ClearFaults();
    RL_QVERIFY_OK(t->Put(PutRow("r99999", value)));
    QVERIFY(HasEvent(**cluster, "writes resumed"));
    RL_QVERIFY_OK((*cluster)->WaitForBackgroundWork());
    QCOMPARE(int(ScanRows(*t).size()), acknowledged + 1);
    RL_QVERIFY_OK((*cluster)->Close());
  }

  // A compaction that cannot write its output keeps its inputs; the next
  // one after the disk recovers goes through.
  void failedCompactionKeepsItsInputs() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    ClusterOptions options = Options(&env);
    options.auto_compact = false;
    auto cluster = Cluster::Open(dir.path(), options);
    RL_QVERIFY_OK(cluster.status());
    Admin& admin = (*cluster)->admin();
    RL_QVERIFY_OK(admin.CreateTable(SimpleTable("t")));
    auto t = *(*cluster)->GetTable("t");
    for (int f = 0; f < 3; ++f) {
      for (int i = 0; i < 20; ++i) RL_QVERIFY_OK(t->Put(PutRow("r" + std::to_string(f * 100 + i), "v")));
      RL_QVERIFY_OK(admin.Flush("t"));
    }
    const std::vector<std::string> inputs = StoreFilesOf(**cluster, dir.path(), "t");
    QCOMPARE(inputs.size(), size_t(3));
    env.InjectFault(kFaultAppend, FaultKind::kNoSpace, "/.tmp/");
    const Status failed = admin.Compact("t", /*major=*/true);
    QVERIFY2(failed.IsIOError() && failed.message().find("compaction of region") != std::string::npos,
             failed.ToString().c_str());
    QCOMPARE(StoreFilesOf(**cluster, dir.path(), "t"), inputs);
    QCOMPARE(ScanRows(*t).size(), size_t(60));
    QVERIFY(HasEvent(**cluster, "compaction failed"));
    env.ClearFaults();
    RL_QVERIFY_OK(admin.Compact("t", /*major=*/true));
    QCOMPARE(StoreFilesOf(**cluster, dir.path(), "t").size(), size_t(1));
    QCOMPARE(ScanRows(*t).size(), size_t(60));
    RL_QVERIFY_OK((*cluster)->Close());
  }

  // A split that cannot write the daughters' manifests is rolled back; one
  // whose parent cannot flush leaves the parent online with its memstore.
  // Either way the layout is the old one, every row reads, and a reopen
  // finds no half-made region.
  void failedSplitKeepsTheOldLayout_data() {
    QTest::addColumn<QString>("where");
    QTest::newRow("daughter manifests") << "MANIFEST";
    QTest::newRow("parent flush") << "/.tmp/";
  }
  void failedSplitKeepsTheOldLayout() {
    QFETCH(QString, where);
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    {
      auto cluster = Cluster::Open(dir.path(), Options(&env));
      RL_QVERIFY_OK(cluster.status());
      Admin& admin = (*cluster)->admin();
      RL_QVERIFY_OK(admin.CreateTable(SimpleTable("t")));
      auto t = *(*cluster)->GetTable("t");
      for (int i = 0; i < 100; ++i) RL_QVERIFY_OK(t->Put(PutRow("r" + std::to_string(100 + i), "v")));
      RL_QVERIFY_OK(admin.Flush("t"));
      RL_QVERIFY_OK(t->Put(PutRow("r999", "unflushed")));
      if (where == "MANIFEST") RL_QVERIFY_OK(admin.Flush("t"));
      env.InjectFault(kFaultCreate | kFaultAppend, FaultKind::kNoSpace, where.toStdString());
      const Status failed = admin.Split("t", "r150");
      QVERIFY2(failed.IsIOError(), failed.ToString().c_str());
      QVERIFY2(failed.message().find("split of region") != std::string::npos, failed.ToString().c_str());
      auto regions = admin.ListRegions("t");
      RL_QVERIFY_OK(regions.status());
      QCOMPARE(regions->size(), size_t(1));
      QCOMPARE(regions->front().state, std::string("OPEN"));
      QCOMPARE(ScanRows(*t).size(), size_t(101));
      QVERIFY(HasRow(*t, "r999"));
      env.ClearFaults();
      RL_QVERIFY_OK(admin.Split("t", "r150"));
      QCOMPARE(admin.ListRegions("t")->size(), size_t(2));
      RL_QVERIFY_OK((*cluster)->Close());
    }
    ClusterOpenReport report;
    auto reopened = Cluster::Open(dir.path(), Options(Env::Default()), &report);
    RL_QVERIFY_OK(reopened.status());
    QVERIFY(report.warnings.empty());
    QCOMPARE(ScanRows(**(*reopened)->GetTable("t")).size(), size_t(101));
    QCOMPARE((*reopened)->admin().ListRegions("t")->size(), size_t(2));
  }
};

QTEST_GUILESS_MAIN(DiskFaultTest)
#include "disk_fault_test.moc"
