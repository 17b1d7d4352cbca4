// ClusterTreeModel: namespaces -> tables -> families and regions; updates
// that keep the nodes signal only the changed texts.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include "models/cluster_tree_model.h"
#include "support/test_util.h"

using regionlab::ClusterSample;
using regionlab::RegionInfo;
using regionlab::TableDescriptor;
using regionlab::ui::ClusterTreeModel;
using regionlab::ui::SchemaSnapshot;

namespace {

regionlab::ui::SchemaPtr makeSchema() {
  auto schema = std::make_shared<SchemaSnapshot>();
  schema->namespaces = {"default", "hbase", "sales"};
  TableDescriptor a;
  a.name = "clicks";
  a.families.resize(2);
  a.families[0].name = "d";
  a.families[1].name = "m";
  TableDescriptor b;
  b.ns = "sales";
  b.name = "orders";
  b.enabled = false;
  b.families.resize(1);
  b.families[0].name = "o";
  schema->tables = {a, b};
  regionlab::SnapshotInfo snap;
  snap.name = "clicks_monday";
  snap.table = "clicks";
  snap.created_ms = 1700000000000;
  snap.regions = 2;
  snap.files = 3;
  snap.bytes = 4096;
  schema->snapshots = {snap};
  return schema;
}

RegionInfo region(const std::string& table, const std::string& name, const std::string& start,
                  const std::string& end, const std::string& server) {
  RegionInfo r;
  r.table = table;
  r.encoded_name = name;
  r.start_key = start;
  r.end_key = end;
  r.server = server;
  return r;
}

ClusterSample makeSample() {
  ClusterSample s;
  s.regions = {region("clicks", "c1", "", "m", "rs1"), region("clicks", "c2", "m", "", "rs2"),
               region("sales:orders", "o1", "", "", "")};
  return s;
}

}  // namespace

class ClusterTreeModelTest : public QObject {
  Q_OBJECT

 private slots:
  void treeHoldsNamespacesTablesFamiliesAndRegions() {
    ClusterTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSchema(makeSchema());
    model.updateRegions(makeSample());
    QCOMPARE(model.rowCount(), 4);  // three namespaces, then the snapshots
    const QModelIndex snapshots = model.index(3, 0);
    QCOMPARE(snapshots.data().toString(), QStringLiteral("Snapshots (1)"));
    QCOMPARE(snapshots.data(ClusterTreeModel::KindRole).toInt(), int(ClusterTreeModel::Kind::SnapshotGroup));
    const QModelIndex snap = model.index(0, 0, snapshots);
    QCOMPARE(snap.data().toString(), QStringLiteral("clicks_monday (clicks)"));
    QCOMPARE(snap.data(ClusterTreeModel::KindRole).toInt(), int(ClusterTreeModel::Kind::Snapshot));
    QCOMPARE(snap.data(ClusterTreeModel::TargetRole).toString(), QStringLiteral("clicks_monday"));
    QCOMPARE(snap.data(ClusterTreeModel::TableRole).toString(), QStringLiteral("clicks"));
    QVERIFY(snap.data(Qt::ToolTipRole).toString().contains(QStringLiteral("3 store files linked")));
    QCOMPARE(model.findKey(QStringLiteral("s/clicks_monday")), snap);
    const QModelIndex def = model.index(0, 0);
    QCOMPARE(def.data().toString(), QStringLiteral("default"));
    QCOMPARE(def.data(ClusterTreeModel::KindRole).toInt(), int(ClusterTreeModel::Kind::Namespace));
    const QModelIndex clicks = model.index(0, 0, def);
    QCOMPARE(clicks.data().toString(), QStringLiteral("clicks"));
    QCOMPARE(clicks.data(ClusterTreeModel::TargetRole).toString(), QStringLiteral("clicks"));
    QCOMPARE(model.rowCount(clicks), 2);
    const QModelIndex families = model.index(0, 0, clicks);
    QCOMPARE(families.data().toString(), QStringLiteral("Column families (2)"));
    QCOMPARE(model.index(1, 0, families).data().toString(), QStringLiteral("m"));
    const QModelIndex regions = model.index(1, 0, clicks);
    QCOMPARE(regions.data().toString(), QStringLiteral("Regions (2)"));
    const QModelIndex c2 = model.index(1, 0, regions);
    QCOMPARE(c2.data().toString(), QStringLiteral("[m, \u2026) rs2"));
    QCOMPARE(c2.data(ClusterTreeModel::TargetRole).toString(), QStringLiteral("c2"));
    QCOMPARE(c2.data(ClusterTreeModel::TableRole).toString(), QStringLiteral("clicks"));
    QCOMPARE(model.parent(c2), regions);

    const QModelIndex orders = model.findKey(QStringLiteral("t/sales:orders"));
    QVERIFY(orders.isValid());
    QCOMPARE(orders.data().toString(), QStringLiteral("orders (disabled)"));
    QCOMPARE(orders.data(ClusterTreeModel::EnabledRole).toBool(), false);
    QCOMPARE(model.parent(orders).data().toString(), QStringLiteral("sales"));
    QCOMPARE(model.index(0, 0, model.index(1, 0, orders)).data().toString(),
             QStringLiteral("[\u2026, \u2026) offline"));
  }

  void aMoveChangesTextWithoutReset() {
    ClusterTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSchema(makeSchema());
    ClusterSample s = makeSample();
    model.updateRegions(s);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
    model.updateRegions(s);
    QCOMPARE(changes.count(), 0);
    s.regions[0].server = "rs3";
    model.updateRegions(s);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changes.count(), 1);
    const QModelIndex changed = changes.at(0).at(0).value<QModelIndex>();
    QCOMPARE(changed.data(ClusterTreeModel::TargetRole).toString(), QStringLiteral("c1"));
    QCOMPARE(changed.data().toString(), QStringLiteral("[\u2026, m) rs3"));
  }

  void aSplitRebuildsTheTree() {
    ClusterTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSchema(makeSchema());
    ClusterSample s = makeSample();
    model.updateRegions(s);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    s.regions[1] = region("clicks", "c3", "m", "t", "rs2");
    s.regions.insert(s.regions.begin() + 2, region("clicks", "c4", "t", "", "rs1"));
    model.updateRegions(s);
    QCOMPARE(resets.count(), 1);
    const QModelIndex regions = model.findKey(QStringLiteral("r/clicks"));
    QCOMPARE(regions.data().toString(), QStringLiteral("Regions (3)"));
    QVERIFY(model.findKey(QStringLiteral("r/clicks/c4")).isValid());
    QVERIFY(!model.findKey(QStringLiteral("r/clicks/c2")).isValid());
  }
};

QTEST_GUILESS_MAIN(ClusterTreeModelTest)
#include "cluster_tree_model_test.moc"
