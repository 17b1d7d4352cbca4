// The engine's LOG in a data directory: what a cluster did, with sizes and
// durations, and the errors nobody else hears of (here a failed automatic
// split, which used to leave no trace at all).
#include <QRegularExpression>
#include <QtTest>

#include "cluster_test_util.h"
#include "util/clock.h"
#include "util/engine_log.h"
#include "util/fault_injection_env.h"
#include "util/md5.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

QStringList LogLines(const std::string& dir) {
  return QString::fromStdString(ReadAll(dir + "/LOG")).split('\n', Qt::SkipEmptyParts);
}

// The first line containing every one of `parts` (empty when none does).
QString LineWith(const QStringList& lines, const QStringList& parts) {
  for (const QString& l : lines) {
    if (std::all_of(parts.begin(), parts.end(), [&](const QString& p) { return l.contains(p); })) return l;
  }
  return {};
}

}  // namespace

class ClusterLogTest : public QObject {
  Q_OBJECT
 private slots:
  // Opens, recoveries, flushes, compactions, splits, merges, moves, balancer
  // runs and closes each leave a line, with their sizes and durations.
  void recordsWhatTheClusterDid() {
    TempDir dir;
    {
      auto cluster = Cluster::Open(dir.path(), SmallCluster());
      RL_QVERIFY_OK(cluster.status());
      Admin& admin = (*cluster)->admin();
      RL_QVERIFY_OK(admin.CreateTable(SimpleTable("t"), {"m"}));
      auto t = *(*cluster)->GetTable("t");
      for (int i = 0; i < 200; ++i) RL_QVERIFY_OK(t->Put(PutRow("k" + std::to_string(1000 + i), "v")));
      RL_QVERIFY_OK(admin.Flush("t"));
      RL_QVERIFY_OK(admin.Compact("t", /*major=*/true));
      RL_QVERIFY_OK(admin.Split("t", "k1100"));
      auto regions = *admin.ListRegions("t");
      RL_QVERIFY_OK(admin.MergeRegions(regions[0].encoded_name, regions[1].encoded_name));
      regions = *admin.ListRegions("t");
      RL_QVERIFY_OK(admin.Move(regions[0].encoded_name));
      RL_QVERIFY_OK(admin.Balance().status());
      RL_QVERIFY_OK((*cluster)->Close());
    }
    const QStringList lines = LogLines(dir.path());
    const QString d = QString::fromStdString(dir.path());
    for (const QStringList& parts :
         {QStringList{"INFO  open " + d + " by ", "3 region servers"},
          QStringList{"INFO  opened in ", " ms: "},
          QStringList{"INFO  create table t", "2 regions"},
          QStringList{"INFO  flush t region ", "manual: ", " cells, ", " bytes in store files, in ", " ms"},
          QStringList{"INFO  major compaction t region ", " files, ", " bytes, in ", " ms"},
          QStringList{"INFO  split t region ", "at 'k1100' (manual)", " bytes, in ", " ms"},
          QStringList{"INFO  merge t region ", ", in ", " ms"},
          QStringList{"INFO  move t region ", " ms"},
          QStringList{"INFO  balancer", " in ", " ms"},
          QStringList{"INFO  closed " + d + " in "}}) {
      QVERIFY2(!LineWith(lines, parts).isEmpty(),
               qPrintable("no line with " + parts.join(" ... ") + " in:\n" + lines.join('\n')));
    }
    // Every line has the documented shape.
    const QRegularExpression shape(R"(^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} (INFO |WARN |ERROR) \S)");
    for (const QString& l : lines) QVERIFY2(shape.match(l).hasMatch(), qPrintable(l));

    // A second open appends to the same file.
    auto again = Cluster::Open(dir.path(), SmallCluster());
    RL_QVERIFY_OK(again.status());
    RL_QVERIFY_OK((*again)->Close());
    QVERIFY(LogLines(dir.path()).size() > lines.size());
  }

  // An automatic split that fails (here the disk refuses its daughter's
  // manifest) is an ERROR line naming the region and the cause, and an
  // event; the region stays as it was.
  void failedAutomaticSplitIsLogged() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const int64_t start = 1700000000000;
    ManualClock clock(start);
    ClusterOptions options = SmallCluster();
    options.region_servers = 1;
    options.env = &env;
    options.clock = &clock;
    auto cluster = Cluster::Open(dir.path(), options);
    RL_QVERIFY_OK(cluster.status());
    TableDescriptor d = SimpleTable("t");
    d.max_file_size = 16 << 10;
    d.split_policy = "ConstantSizeRegionSplitPolicy";
    d.configuration["hbase.hregion.max.filesize.jitter"] = "0";
    d.families[0].block_size = 1024;  // a split point inside the one file
    RL_QVERIFY_OK((*cluster)->admin().CreateTable(d));
    // The first daughter's name: MD5 of "table,start,region id." with the
    // id one past the parent's (the clock stands still).
    const std::string daughter = Md5Hex("t,," + std::to_string(start + 1) + ".");
    env.InjectFault(kFaultCreate, FaultKind::kNoSpace, "/" + daughter + "/");
    auto t = *(*cluster)->GetTable("t");
    for (int i = 0; i < 300; ++i) {
      RL_QVERIFY_OK(t->Put(PutRow("k" + std::to_string(1000 + i), std::string(200, 'v'))));
    }
    RL_QVERIFY_OK((*cluster)->admin().Flush("t"));  // then the split check runs
    QVERIFY((*cluster)->WaitForBackgroundWork().ok());
    QTRY_VERIFY2(env.InjectedFailures() > 0, qPrintable(LogLines(dir.path()).join('\n')));
    QCOMPARE((*cluster)->admin().ListRegions("t")->size(), size_t(1));
    const QString line = LineWith(LogLines(dir.path()), {"ERROR split failed t region "});
    QVERIFY2(line.contains("No space left on device") && line.contains(QString::fromStdString(daughter)),
             qPrintable(line));
    env.ClearFaults();
    RL_QVERIFY_OK((*cluster)->Close());
  }
};

QTEST_GUILESS_MAIN(ClusterLogTest)
#include "cluster_log_test.moc"
