// Crash safety of the cluster: a child process writes rows (SYNC_WAL) while
// splitting and merging regions by hand, and is killed with SIGKILL at a
// random moment. On reopen the previous run's WALs are split into recovered
// edits, unfinished splits or merges are rolled back, the regions tile the
// key space, and every acknowledged row is there.
//
// With RL_CLUSTER_CHILD_DIR set, main() is the child.
#include <QProcess>
#include <QRandomGenerator>
#include <QtTest>
#include <csignal>
#include <cstdio>

#include "cluster_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

std::string Row(long i) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%06ld", (i * 7919) % 1000000);
  return buf;
}

// Child for the crash-point test: a table with rows in two regions, then one
// split or merge that dies at the armed crash point.
int RunCrashPointChild(const char* dir, const char* op) {
  test::ArmCrashPoints();
  auto cluster = Cluster::Open(dir, SmallCluster());
  if (!cluster.ok()) return 3;
  Admin& admin = (*cluster)->admin();
  TableDescriptor d = SimpleTable("t");
  d.families[0].block_size = 1024;
  if (!admin.CreateTable(d, {"5"}).ok()) return 4;
  auto t = (*cluster)->GetTable("t");
  for (long i = 0; i < 400; ++i) {
    if (!(*t)->Put(PutRow(Row(i), std::to_string(i))).ok()) return 5;
  }
  auto regions = *admin.ListRegions("t");
  if (std::string(op) == "split") {
    (void)admin.Split(regions[0].encoded_name);
  } else {
    (void)admin.MergeRegions(regions[0].encoded_name, regions[1].encoded_name);
  }
  return 0;  // only reached when the crash point did not fire
}

int RunChild(const char* dir, long first) {
  auto cluster = Cluster::Open(dir, SmallCluster());
  if (!cluster.ok()) {
    std::fprintf(stderr, "open: %s\n", cluster.status().ToString().c_str());
    return 3;
  }
  Admin& admin = (*cluster)->admin();
  if (!*admin.TableExists("t")) {
    TableDescriptor d = SimpleTable("t");
    d.families[0].block_size = 1024;
    if (!admin.CreateTable(d, {"3", "6"}).ok()) return 4;
  }
  auto t = (*cluster)->GetTable("t");
  for (long i = first;; ++i) {
    if (!(*t)->Put(PutRow(Row(i), std::to_string(i))).ok()) return 5;
    std::printf("ack %ld\n", i);
    std::fflush(stdout);
    if (i % 97 == 50) {
      // Split the largest region at its split point, or merge two neighbours.
      auto regions = admin.ListRegions("t");
      if (!regions.ok()) return 6;
      if (regions->size() < 8 || i % 2 == 0) {
        (void)admin.Split(regions->at(i % regions->size()).encoded_name);
      } else {
        const size_t k = i % (regions->size() - 1);
        (void)admin.MergeRegions(regions->at(k).encoded_name, regions->at(k + 1).encoded_name);
      }
    }
  }
}

}  // namespace

class ClusterCrashTest : public QObject {
  Q_OBJECT
 private slots:
  // The process dies just before or just after the catalog commit of a split
  // or merge. Before: the old layout stays and the half-made region
  // directories are removed. After: the new layout is in force.
  void crashAtCommitPoints_data() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("point");
    QTest::addColumn<int>("regions");
    QTest::newRow("split before commit") << "split" << "split:before-commit" << 2;
    QTest::newRow("split after commit") << "split" << "split:after-commit" << 3;
    QTest::newRow("merge before commit") << "merge" << "merge:before-commit" << 2;
    QTest::newRow("merge after commit") << "merge" << "merge:after-commit" << 1;
    QTest::newRow("daughter compaction") << "split" << "compaction:before-manifest" << 3;
  }
  void crashAtCommitPoints() {
    QFETCH(QString, op);
    QFETCH(QString, point);
    QFETCH(int, regions);
    TempDir dir;
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("RL_CLUSTER_CRASH_OP", op);
    env.insert("RL_CLUSTER_CHILD_DIR", QString::fromStdString(dir.path()));
    env.insert("REGIONLAB_CRASH_POINT", point);
    child.setProcessEnvironment(env);
    child.start(qEnvironmentVariable("REGIONLAB_TEST_BINARY",
                                     QCoreApplication::applicationFilePath()), {});
    QVERIFY(child.waitForFinished(60000));
    QCOMPARE(child.exitCode(), 137);  // died at the crash point
    ClusterOpenReport report;
    auto cluster = Cluster::Open(dir.path(), SmallCluster(), &report);
    RL_QVERIFY_OK(cluster.status());
    if (point.endsWith("before-commit")) {
      QCOMPARE(report.operations_recovered.size(), size_t(1));
      QVERIFY(QString::fromStdString(report.operations_recovered[0]).contains(op));
    }
    auto list = (*cluster)->admin().ListRegions("t");
    RL_QVERIFY_OK(list.status());
    QVERIFY(RegionsTile(*list));
    QCOMPARE(int(list->size()), regions);
    auto t = (*cluster)->GetTable("t");
    QCOMPARE(ScanRows(**t).size(), size_t(400));
    for (long i = 0; i < 400; i += 37) {
      Get get;
      get.row = Row(i);
      QCOMPARE((*t)->Get(get)->cells.at(0).value, std::to_string(i));
    }
  }

  void killDuringSplitsAndMerges() {
    TempDir dir;
    const quint32 seed = QRandomGenerator::global()->generate();
    qInfo("seed %u", seed);
    QRandomGenerator rng(seed);
    long next = 0;
    for (int round = 0; round < 4; ++round) {
      QProcessEnvironment env;
      env.insert("RL_CLUSTER_CHILD_DIR", QString::fromStdString(dir.path()));
      env.insert("RL_CLUSTER_CHILD_FIRST", QString::number(next));
      QString err;
      const long last = RunChildUntilAcked(env, next, 200 + rng.bounded(800), &err);
      QVERIFY2(last >= next, qPrintable("child wrote nothing: " + err));

      ClusterOpenReport report;
      auto cluster = Cluster::Open(dir.path(), SmallCluster(), &report);
      RL_QVERIFY_OK(cluster.status());
      for (const auto& p : report.operations_recovered) qInfo("round %d: %s", round, p.c_str());
      auto regions = (*cluster)->admin().ListRegions("t");
      RL_QVERIFY_OK(regions.status());
      QVERIFY(RegionsTile(*regions));
      for (const auto& r : *regions) QCOMPARE(r.state, std::string("OPEN"));
      auto t = (*cluster)->GetTable("t");
      for (long i = 0; i <= last; ++i) {
        Get get;
        get.row = Row(i);
        auto r = (*t)->Get(get);
        RL_QVERIFY_OK(r.status());
        QVERIFY2(r->cells.size() == 1 && r->cells[0].value == std::to_string(i),
                 qPrintable(QString("seed %1 round %2: acknowledged row %3 lost").arg(seed).arg(round).arg(i)));
      }
      qInfo("round %d: %ld rows checked over %zu regions, %llu WAL edits split", round, last + 1,
            regions->size(), static_cast<unsigned long long>(report.wal_entries_split));
      next = last + 1;
      Get get;
      get.row = Row(next);
      if (!(*t)->Get(get)->cells.empty()) ++next;  // written but not acknowledged
    }
  }
};

int main(int argc, char** argv) {
  if (const char* dir = std::getenv("RL_CLUSTER_CHILD_DIR")) {
    if (const char* op = std::getenv("RL_CLUSTER_CRASH_OP")) return RunCrashPointChild(dir, op);
    const char* first = std::getenv("RL_CLUSTER_CHILD_FIRST");
    return RunChild(dir, first ? std::atol(first) : 0);
  }
  QCoreApplication app(argc, argv);
  ClusterCrashTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "cluster_crash_test.moc"
