// The region-server view's model: one row per server with its state,
// regions, load, memstore against the global limit and block cache against
// its capacity; only changed rows signal; a new set of servers resets.
// And what an admin action's finished message says: a merge that its split
// policy undoes at once says both steps and why.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include "models/engine_controller.h"
#include "models/region_server_model.h"

using regionlab::ClusterEvent;
using regionlab::ClusterSample;
using regionlab::ServerMetrics;
using regionlab::ui::AdminAction;
using regionlab::ui::RegionServerModel;

namespace {

ClusterSample sample(int servers) {
  ClusterSample s;
  s.lab_scale = 1024;
  for (int i = 1; i <= servers; ++i) {
    ServerMetrics m;
    m.name = "rs" + std::to_string(i);
    m.online = true;
    m.regions = 5;
    m.memstore_bytes = 419430;  // 400 KB of a 1.6 MB limit: 25%
    m.global_memstore_limit = 1677721;
    m.global_memstore_lower_mark = 1593834;
    m.block_cache.capacity = 1677721;
    m.block_cache.size = 524288;
    m.block_cache.hits = 90;
    m.block_cache.misses = 10;
    m.block_cache.hit_ratio = 0.9;
    m.read_rate = 125;
    m.write_rate = 125.4;
    m.store_files = 3;
    m.store_file_bytes = 300 * 1024;
    s.servers.push_back(m);
  }
  return s;
}

}  // namespace

class RegionServerModelTest : public QObject {
  Q_OBJECT

 private slots:
  void rowsShowEachServersFigures() {
    RegionServerModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
    ClusterSample s = sample(3);
    model.updateFromSample(s);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(resets.count(), 1);
    auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(text(0, RegionServerModel::Server), QStringLiteral("rs1"));
    QCOMPARE(text(0, RegionServerModel::State), QStringLiteral("online"));
    QCOMPARE(text(0, RegionServerModel::Regions), QStringLiteral("5"));
    QCOMPARE(text(0, RegionServerModel::WritesPerSecond), QStringLiteral("125"));
    QCOMPARE(text(0, RegionServerModel::Memstore), QStringLiteral("409.6 KB (25%)"));
    QCOMPARE(text(0, RegionServerModel::BlockCache), QStringLiteral("512.0 KB of 1.60 MB"));
    QCOMPARE(text(0, RegionServerModel::HitRatio), QStringLiteral("90.0%"));
    QCOMPARE(text(0, RegionServerModel::StoreFiles), QStringLiteral("3, 300.0 KB"));
    // The tooltips give the limits with their HBase equivalents at the lab scale.
    const QString tip = model.index(0, RegionServerModel::Memstore).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("1.52 MB (HBase: 1.52 GB)")), qPrintable(tip));

    // One server stops: one row signals; the same figures again signal nothing.
    s.servers[1].online = false;
    s.servers[1].regions = 0;
    model.updateFromSample(s);
    QCOMPARE(changes.count(), 1);
    QCOMPARE(changes.last().at(0).value<QModelIndex>().row(), 1);
    QCOMPARE(text(1, RegionServerModel::State), QStringLiteral("stopped"));
    QCOMPARE(model.index(1, 0).data(RegionServerModel::OnlineRole).toBool(), false);
    model.updateFromSample(s);
    QCOMPARE(changes.count(), 1);
    // Another set of servers: a reset.
    model.updateFromSample(sample(4));
    QCOMPARE(resets.count(), 2);
    QCOMPARE(model.rowCount(), 4);
  }

  void aMergeUndoneByItsPolicySaysBothSteps() {
    ClusterEvent merge;
    merge.kind = "merge";
    merge.table = "usertable";
    merge.region = "mergedmergedmerged";
    merge.parents = {"aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"};
    merge.start_key = "";
    merge.end_key = "m";
    ClusterEvent split;
    split.kind = "split";
    split.table = "usertable";
    split.region = merge.region;
    split.cause = "SteppingSplitPolicy";
    split.explanation = "Stepping: 2 x 128 KB = 256 KB (r = 1 region of the table on this server)";
    split.input_bytes = 400 * 1024;
    split.threshold_bytes = 256 * 1024;
    split.split_key = "g";
    split.daughters = {"cccccccccccccccc", "dddddddddddddddd"};
    const QString text = regionlab::ui::describeAdminOutcome(AdminAction::Merge, QStringLiteral("aaaaaaaaaaaaaaaa"),
                                                             {merge, split});
    QVERIFY2(text.startsWith(QStringLiteral("merged aaaaaaaaaa and bbbbbbbbbb into mergedmerg [start, m)")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("split it again at once")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("by SteppingSplitPolicy (Stepping: 2 x 128 KB = 256 KB")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("largest store 400.0 KB > 256.0 KB")), qPrintable(text));
    // A merge that stays says one step.
    const QString kept = regionlab::ui::describeAdminOutcome(AdminAction::Merge, QStringLiteral("bbbbbbbbbbbbbbbb"), {merge});
    QVERIFY2(!kept.contains(QStringLiteral("split")), qPrintable(kept));
    // A manual split names its key; a balance its moves.
    split.cause = "manual";
    split.region = "eeeeeeeeeeeeeeee";
    const QString manual = regionlab::ui::describeAdminOutcome(AdminAction::SplitAt, QStringLiteral("eeeeeeeeeeeeeeee"), {split});
    QCOMPARE(manual, QStringLiteral("split eeeeeeeeee [start, end) at 'g' into cccccccccc and dddddddddd"));
    QCOMPARE(regionlab::ui::describeAdminOutcome(AdminAction::Balance, {}, {}, 0),
             QStringLiteral("the regions were balanced already; nothing moved"));
  }
};

QTEST_GUILESS_MAIN(RegionServerModelTest)
#include "region_server_model_test.moc"
