// Snapshots survive kill -9: a child process writes rows (SYNC_WAL), takes a
// snapshot every so often (named after the last row it had acknowledged),
// deletes older ones and major-compacts, and is killed with SIGKILL at a
// random moment. On reopen every listed snapshot is whole -- a clone of it
// holds exactly the rows acknowledged before it was taken -- no links of an
// unfinished snapshot remain, and every acknowledged row is in the table.
// Crash points just before the catalog commits of snapshot, clone and
// restore show the other side: nothing of the operation remains.
//
// With RL_SNAP_CHILD_DIR set, main() is the child.
#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QtTest>
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

TableDescriptor SnapTable() {
  TableDescriptor d = SimpleTable("t");
  d.families[0].block_size = 1024;
  d.families[0].compression = Compression::kLz4;
  d.families[0].data_block_encoding = DataBlockEncoding::kFastDiff;
  return d;
}

int RunChild(const char* dir, long first) {
  auto cluster = Cluster::Open(dir, SmallCluster());
  if (!cluster.ok()) {
    std::fprintf(stderr, "open: %s\n", cluster.status().ToString().c_str());
    return 3;
  }
  Admin& admin = (*cluster)->admin();
  if (!*admin.TableExists("t") && !admin.CreateTable(SnapTable(), {"3", "6"}).ok()) return 4;
  auto t = (*cluster)->GetTable("t");
  for (long i = first;; ++i) {
    if (!(*t)->Put(PutRow(Row(i), std::to_string(i))).ok()) return 5;
    std::printf("ack %ld\n", i);
    std::fflush(stdout);
    if (i % 60 == 59) {
      Status s = admin.Snapshot("t", "upto_" + std::to_string(i));
      if (!s.ok()) {
        std::fprintf(stderr, "snapshot: %s\n", s.ToString().c_str());
        return 6;
      }
      auto list = admin.ListSnapshots();
      if (list.ok() && list->size() > 3) (void)admin.DeleteSnapshot(list->front().name);
    }
    if (i % 150 == 100) (void)admin.Compact("t", /*major=*/true);
  }
}

// Crash-point child: rows, then the operation that dies at the armed point.
int RunCrashPointChild(const char* dir, const std::string& op) {
  auto cluster = Cluster::Open(dir, SmallCluster());
  if (!cluster.ok()) return 3;
  Admin& admin = (*cluster)->admin();
  if (!admin.CreateTable(SnapTable(), {"5"}).ok()) return 4;
  auto t = (*cluster)->GetTable("t");
  for (long i = 0; i < 300; ++i) {
    if (!(*t)->Put(PutRow(Row(i), std::to_string(i))).ok()) return 5;
  }
  if (op == "snapshot") {
    (void)admin.Snapshot("t", "s");
    return 0;
  }
  if (!admin.Snapshot("t", "s").ok()) return 6;
  for (long i = 300; i < 400; ++i) (void)(*t)->Put(PutRow(Row(i), std::to_string(i)));
  if (op == "clone") {
    (void)admin.CloneSnapshot("s", "c");
  } else {
    (void)admin.DisableTable("t");
    (void)admin.RestoreSnapshot("s");
  }
  return 0;  // only reached when the crash point did not fire
}

// The rows a table holds, as the numbers written.
std::set<long> Numbers(Cluster& c, const std::string& table) {
  std::set<long> out;
  auto t = c.GetTable(table);
  if (!t.ok()) return out;
  auto s = (*t)->GetScanner(Scan{});
  if (!s.ok()) return out;
  RowResult r;
  while ((*s)->Next(&r)) {
    if (!r.cells.empty()) out.insert(std::stol(r.cells[0].value));
  }
  return out;
}

std::set<long> Prefix(long last) {
  std::set<long> out;
  for (long i = 0; i <= last; ++i) out.insert(i);
  return out;
}

}  // namespace

class SnapshotCrashTest : public QObject {
  Q_OBJECT
 private slots:
  void crashBeforeTheCatalogCommit_data() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("point");
    QTest::newRow("snapshot") << "snapshot" << "snapshot:before-catalog";
    QTest::newRow("clone") << "clone" << "clone:before-catalog";
    QTest::newRow("restore") << "restore" << "restore:before-catalog";
  }
  void crashBeforeTheCatalogCommit() {
    QFETCH(QString, op);
    QFETCH(QString, point);
    TempDir dir;
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("RL_SNAP_CHILD_DIR", QString::fromStdString(dir.path()));
    env.insert("RL_SNAP_CRASH_OP", op);
    env.insert("REGIONLAB_CRASH_POINT", point);
    child.setProcessEnvironment(env);
    child.start(qEnvironmentVariable("REGIONLAB_TEST_BINARY",
                                     QCoreApplication::applicationFilePath()), {});
    QVERIFY(child.waitForFinished(60000));
    QCOMPARE(child.exitCode(), 137);  // died at the crash point
    ClusterOpenReport report;
    auto cluster = Cluster::Open(dir.path(), SmallCluster(), &report);
    RL_QVERIFY_OK(cluster.status());
    Admin& admin = (*cluster)->admin();
    auto snapshots = admin.ListSnapshots();
    RL_QVERIFY_OK(snapshots.status());
    const QDir snap_dir(QString::fromStdString(dir.path() + "/.hbase-snapshot"));
    if (op == "snapshot") {
      QVERIFY(snapshots->empty());
      QVERIFY(!snap_dir.exists("s"));
      QVERIFY(!report.operations_recovered.empty());
    } else {
      QCOMPARE(snapshots->size(), size_t(1));
      QVERIFY(snap_dir.exists("s"));
    }
    QVERIFY(!snap_dir.exists(".tmp") || snap_dir.entryList({".tmp"}).isEmpty());
    QVERIFY(!*admin.TableExists("c"));
    QVERIFY(!QDir(QString::fromStdString(dir.path() + "/data/default/c")).exists());
    // The table keeps its layout and its rows: before a clone, all 400;
    // before a restore, its own 400 too (the restore never happened).
    if (op == "restore") RL_QVERIFY_OK(admin.EnableTable("t"));
    const auto rows = Numbers(**cluster, "t");
    QCOMPARE(rows, Prefix(op == "snapshot" ? 299 : 399));
    // A committed snapshot still clones whole.
    if (op != "snapshot") {
      RL_QVERIFY_OK(admin.CloneSnapshot("s", "c"));
      QCOMPARE(Numbers(**cluster, "c"), Prefix(299));
    }
  }

  void killWhileTakingSnapshots() {
    TempDir dir;
    const quint32 seed = QRandomGenerator::global()->generate();
    qInfo("seed %u", seed);
    QRandomGenerator rng(seed);
    long next = 0;
    for (int round = 0; round < 3; ++round) {
      QProcessEnvironment env;
      env.insert("RL_SNAP_CHILD_DIR", QString::fromStdString(dir.path()));
      env.insert("RL_SNAP_CHILD_FIRST", QString::number(next));
      QString err;
      const long last = RunChildUntilAcked(env, next, 150 + rng.bounded(400), &err);
      QVERIFY2(last >= next, qPrintable("child wrote nothing: " + err));

      ClusterOpenReport report;
      auto cluster = Cluster::Open(dir.path(), SmallCluster(), &report);
      RL_QVERIFY_OK(cluster.status());
      for (const auto& p : report.operations_recovered) qInfo("round %d: %s", round, p.c_str());
      Admin& admin = (*cluster)->admin();
      auto snapshots = admin.ListSnapshots();
      RL_QVERIFY_OK(snapshots.status());
      // The directory holds exactly the listed snapshots.
      QStringList listed;
      for (const auto& s : *snapshots) listed << QString::fromStdString(s.name);
      QStringList on_disk = QDir(QString::fromStdString(dir.path() + "/.hbase-snapshot"))
                                .entryList(QDir::Dirs | QDir::NoDotAndDotDot);
      on_disk.removeAll(".tmp");
      listed.sort();
      on_disk.sort();
      QCOMPARE(on_disk, listed);
      // Each snapshot is whole: its clone holds the rows acknowledged before it.
      int k = 0;
      for (const auto& s : *snapshots) {
        const long upto = std::stol(s.name.substr(5));
        const std::string clone = "r" + std::to_string(round) + "_" + std::to_string(k++);
        RL_QVERIFY_OK(admin.CloneSnapshot(s.name, clone));
        QVERIFY2(Numbers(**cluster, clone) == Prefix(upto),
                 qPrintable(QString("seed %1 round %2: snapshot %3 is not whole")
                                .arg(seed).arg(round).arg(QString::fromStdString(s.name))));
        RL_QVERIFY_OK(admin.DisableTable(clone));
        RL_QVERIFY_OK(admin.DeleteTable(clone));
      }
      // And the table has every acknowledged row.
      const auto rows = Numbers(**cluster, "t");
      for (long i = 0; i <= last; ++i) {
        QVERIFY2(rows.count(i) == 1, qPrintable(QString("seed %1 round %2: acknowledged row %3 lost")
                                                    .arg(seed).arg(round).arg(i)));
      }
      qInfo("round %d: %zu snapshots whole, %ld rows checked", round, snapshots->size(), last + 1);
      next = last + 1;
      if (rows.count(next)) ++next;  // written but not acknowledged
      RL_QVERIFY_OK((*cluster)->Close());
    }
  }
};

int main(int argc, char** argv) {
  if (const char* dir = std::getenv("RL_SNAP_CHILD_DIR")) {
    if (const char* op = std::getenv("RL_SNAP_CRASH_OP")) {
      test::ArmCrashPoints();  // the engine's crash points act only once a test arms them
      return RunCrashPointChild(dir, op);
    }
    const char* first = std::getenv("RL_SNAP_CHILD_FIRST");
    return RunChild(dir, first ? std::atol(first) : 0);
  }
  QCoreApplication app(argc, argv);
  SnapshotCrashTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "snapshot_crash_test.moc"
