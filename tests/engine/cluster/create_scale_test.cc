// `create` with many split keys: the regions spread evenly over the
// servers, creating them syncs no file per region, the table serves its
// whole key space, and a create killed halfway (SIGKILL at a crash point)
// is rolled forward by the next open, leaving no orphaned directory; one
// killed before its catalog commit leaves nothing.
//
// With RL_CREATE_CHILD_DIR set, main() is the child that dies mid-create.
#include <QProcess>
#include <QtTest>
#include <cstdio>
#include <set>

#include "cluster_test_util.h"
#include "rowkey/split_algorithms.h"
#include "util/env.h"
#include "util/fault_injection_env.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// HexStringSplit keys, as `create 't', 'f', {NUMREGIONS => 501, SPLITALGO =>
// 'HexStringSplit'}` makes them: more regions than one event each is
// recorded for, few enough for a fast test (each region is a directory to
// make and remove). How the time grows with the number of regions is
// measured by regionlab-bench-create, not here. Fewer under the sanitizers.
#ifdef REGIONLAB_SANITIZE_BUILD
constexpr int kRegions = 201;
#else
constexpr int kRegions = 501;
#endif

std::vector<std::string> SplitKeys() {
  return ComputeSplitKeys(SplitAlgorithm::kHexString, kRegions).value();
}

// Rows spread over the whole key space of HexStringSplit (8 hex digits).
std::vector<std::string> SpreadRows() {
  std::vector<std::string> rows;
  for (uint64_t i = 0; i < 64; ++i) {
    char buf[16];
    std::snprintf(buf, sizeof(buf), "%08llx",
                  static_cast<unsigned long long>(i * 0xffffffffULL / 63));
    rows.push_back(buf);
  }
  return rows;
}

int RunCreateChild(const char* dir) {
  test::ArmCrashPoints();
  auto cluster = Cluster::Open(dir, SmallCluster());
  if (!cluster.ok()) return 3;
  (void)(*cluster)->admin().CreateTable(SimpleTable("t"), SplitKeys());
  return 0;  // only reached when the crash point did not fire
}

// Runs the child until it dies at `point`; false (with a message) otherwise.
bool CrashChildAt(const std::string& dir, const QString& point) {
  QProcess child;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("RL_CREATE_CHILD_DIR", QString::fromStdString(dir));
  env.insert("REGIONLAB_CRASH_POINT", point);
  child.setProcessEnvironment(env);
  child.start(qEnvironmentVariable("REGIONLAB_TEST_BINARY", QCoreApplication::applicationFilePath()),
              {});
  if (!child.waitForFinished(120000)) return false;
  return child.exitCode() == 137;  // died at the crash point
}

// Puts a row in regions all over the key space and reads every one back.
void CheckServesKeySpace(Cluster& cluster) {
  auto t = cluster.GetTable("t");
  RL_QVERIFY_OK(t.status());
  const auto rows = SpreadRows();
  for (const auto& row : rows) RL_QVERIFY_OK((*t)->Put(PutRow(row, "v" + row)));
  for (const auto& row : rows) {
    Get get;
    get.row = row;
    auto got = (*t)->Get(get);
    RL_QVERIFY_OK(got.status());
    QCOMPARE(got->cells.size(), size_t(1));
    QCOMPARE(got->cells[0].value, "v" + row);
  }
  QCOMPARE(ScanRows(**t).size(), rows.size());
}

}  // namespace

class CreateScaleTest : public QObject {
  Q_OBJECT
 private slots:
  void manyRegionsSpreadEvenlyWithoutSyncsPerRegion() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    ClusterOptions options = SmallCluster();
    options.env = &env;
    std::map<std::string, std::string> servers;  // encoded name -> server
    {
      auto cluster = Cluster::Open(dir.path(), options);
      RL_QVERIFY_OK(cluster.status());
      const uint64_t syncs = env.SyncCount() + env.DirSyncCount();
      RL_QVERIFY_OK((*cluster)->admin().CreateTable(SimpleTable("t"), SplitKeys()));
      // The catalog (one transaction) is the only thing a create makes
      // durable; a region writes no file until its first flush.
      QCOMPARE(env.SyncCount() + env.DirSyncCount(), syncs);

      auto regions = (*cluster)->admin().ListRegions("t");
      RL_QVERIFY_OK(regions.status());
      QCOMPARE(regions->size(), size_t(kRegions));
      QVERIFY(RegionsTile(*regions));
      std::map<std::string, size_t> per_server;
      for (const auto& r : *regions) {
        QCOMPARE(r.state, std::string("OPEN"));
        ++per_server[r.server];
        servers[r.encoded_name] = r.server;
      }
      QCOMPARE(per_server.size(), size_t(3));
      for (const auto& [server, n] : per_server) QCOMPARE(n, size_t(kRegions / 3));

      // One event for the bulk opening, not one per region.
      size_t opened_events = 0, bulk_events = 0;
      for (const auto& e : (*cluster)->RecentEvents(100000)) {
        opened_events += e.kind == "region opened" ? 1 : 0;
        if (e.kind == "regions opened") {
          ++bulk_events;
          const std::string n = std::to_string(kRegions), third = std::to_string(kRegions / 3);
          QCOMPARE(e.detail, n + " of " + n + " regions (rs1 " + third + ", rs2 " + third +
                                 ", rs3 " + third + ")");
        }
      }
      QCOMPARE(opened_events, size_t(0));
      QCOMPARE(bulk_events, size_t(1));
      CheckServesKeySpace(**cluster);
      RL_QVERIFY_OK((*cluster)->Close());
    }
    // Reopened, every region opens again on the server it was on, with the
    // rows written before.
    ClusterOpenReport report;
    auto cluster = Cluster::Open(dir.path(), options, &report);
    RL_QVERIFY_OK(cluster.status());
    QCOMPARE(report.regions_opened, uint64_t(kRegions));
    QVERIFY(report.warnings.empty());
    auto regions = (*cluster)->admin().ListRegions("t");
    RL_QVERIFY_OK(regions.status());
    for (const auto& r : *regions) QCOMPARE(r.server, servers.at(r.encoded_name));
    CheckServesKeySpace(**cluster);
  }

  // Killed with half of the regions open: the catalog committed the table
  // with all its regions first, so the next open rolls the create forward.
  void createKilledHalfwayRollsForward() {
    TempDir dir;
    QVERIFY(CrashChildAt(dir.path(), "open-regions:halfway"));
    const std::string table_dir = dir.path() + "/data/default/t";
    const size_t made = FileNames(table_dir).size();
    QVERIFY2(made > 0 && made < size_t(kRegions), std::to_string(made).c_str());

    ClusterOpenReport report;
    auto cluster = Cluster::Open(dir.path(), SmallCluster(), &report);
    RL_QVERIFY_OK(cluster.status());
    QCOMPARE(report.regions_opened, uint64_t(kRegions));
    QVERIFY(report.warnings.empty());
    QVERIFY(*(*cluster)->admin().TableExists("t"));
    auto regions = (*cluster)->admin().ListRegions("t");
    RL_QVERIFY_OK(regions.status());
    QCOMPARE(regions->size(), size_t(kRegions));
    QVERIFY(RegionsTile(*regions));
    std::set<std::string> names;
    for (const auto& r : *regions) {
      QCOMPARE(r.state, std::string("OPEN"));
      names.insert(r.encoded_name);
    }
    // Every directory is a region of the table, and every region has one.
    const auto dirs = FileNames(table_dir);
    QCOMPARE(std::set<std::string>(dirs.begin(), dirs.end()), names);
    CheckServesKeySpace(**cluster);
    // The create happened: a second one is refused.
    QVERIFY(!(*cluster)->admin().CreateTable(SimpleTable("t"), SplitKeys()).ok());
  }

  // Killed before the catalog commit: no table and no directory, and the
  // same create works.
  void createKilledBeforeCommitLeavesNothing() {
    TempDir dir;
    QVERIFY(CrashChildAt(dir.path(), "create:before-commit"));
    ClusterOpenReport report;
    auto cluster = Cluster::Open(dir.path(), SmallCluster(), &report);
    RL_QVERIFY_OK(cluster.status());
    QVERIFY(!*(*cluster)->admin().TableExists("t"));
    QVERIFY(FileNames(dir.path() + "/data/default/t").empty());
    RL_QVERIFY_OK((*cluster)->admin().CreateTable(SimpleTable("t"), SplitKeys()));
    CheckServesKeySpace(**cluster);
  }
};

int main(int argc, char** argv) {
  if (const char* dir = std::getenv("RL_CREATE_CHILD_DIR")) return RunCreateChild(dir);
  QCoreApplication app(argc, argv);
  CreateScaleTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "create_scale_test.moc"
