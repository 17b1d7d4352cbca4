// SplitGenealogyModel from a known history (a pre-split, a policy split, a
// manual split, a merge): the tree's shape and every column, key ranges
// derived from older history and taken from recorded ranges, links for
// merges, damaged history, all under QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include "models/item_model_walk.h"
#include "models/split_genealogy_model.h"

using regionlab::HistoryEntry;
using regionlab::RegionInfo;
using regionlab::ui::Genealogy;
using regionlab::ui::HistoryPtr;
using regionlab::ui::HistorySnapshot;
using regionlab::ui::SplitGenealogyModel;

namespace {

constexpr uint64_t kMB = 1ull << 20;
const std::string kBinaryKey("t\x00\xff", 3);

HistoryEntry entry(int64_t time, const std::string& kind, std::vector<std::string> parents,
                   std::vector<std::string> daughters, const std::string& key = {},
                   const std::string& cause = {}, uint64_t size = 0, uint64_t threshold = 0) {
  HistoryEntry h;
  h.time_ms = time;
  h.kind = kind;
  h.table = "t";
  h.parents = std::move(parents);
  h.daughters = std::move(daughters);
  h.split_key = key;
  h.cause = cause;
  h.size_bytes = size;
  h.threshold_bytes = threshold;
  return h;
}

RegionInfo live(const std::string& name, const std::string& start, const std::string& end,
                const std::string& server) {
  RegionInfo r;
  r.encoded_name = name;
  r.table = "t";
  r.start_key = start;
  r.end_key = end;
  r.server = server;
  return r;
}

// R1 [..., ?) and R2 [?, ...) from a pre-split; R1 split by policy at "f" into
// R3, R4; R2 split by hand at "t\0\xff" into R5, R6; R4 and R5 merged into R7.
HistoryPtr knownHistory() {
  auto s = std::make_shared<HistorySnapshot>();
  s->table = QStringLiteral("t");
  const int64_t t0 = QDateTime(QDate(2024, 5, 1), QTime(10, 0, 0)).toMSecsSinceEpoch();
  s->history = {
      entry(t0, "pre-split", {}, {"R1", "R2"}, {}, "pre-split"),
      entry(t0 + 60000, "split", {"R1"}, {"R3", "R4"}, "f", "IncreasingToUpperBoundRegionSplitPolicy",
            300 * kMB, 256 * kMB),
      entry(t0 + 120000, "manual split", {"R2"}, {"R5", "R6"}, kBinaryKey, "manual"),
      entry(t0 + 180000, "merge", {"R4", "R5"}, {"R7"}, {}, "merge"),
  };
  s->regions = {live("R3", "", "f", "rs1"), live("R7", "f", kBinaryKey, "rs2"), live("R6", kBinaryKey, "", "rs3")};
  return s;
}

// knownHistory() as a catalog of version 5 or later records it: every event
// carries its regions' key ranges, pre-split at "m".
HistoryPtr knownHistoryWithRanges() {
  auto s = std::make_shared<HistorySnapshot>(*knownHistory());
  s->history[0].daughter_ranges = {{"", "m"}, {"m", ""}};
  s->history[1].parent_ranges = {{"", "m"}};
  s->history[1].daughter_ranges = {{"", "f"}, {"f", "m"}};
  s->history[2].parent_ranges = {{"m", ""}};
  s->history[2].daughter_ranges = {{"m", kBinaryKey}, {kBinaryKey, ""}};
  s->history[3].parent_ranges = {{"f", "m"}, {"m", kBinaryKey}};
  s->history[3].daughter_ranges = {{"f", kBinaryKey}};
  return s;
}

// The index at a path of row numbers such as "0/1/0".
QModelIndex at(const QAbstractItemModel& m, const QString& path, int column = 0) {
  QModelIndex i;
  const QStringList rows = path.split(QLatin1Char('/'));
  for (int k = 0; k < rows.size(); ++k) i = m.index(rows[k].toInt(), k + 1 == rows.size() ? column : 0, i);
  return i;
}

}  // namespace

class SplitGenealogyModelTest : public QObject {
  Q_OBJECT

 private slots:
  void knownHistoryGivesTheTree_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("text");
    using M = SplitGenealogyModel;
    QTest::newRow("pre-split group") << "0" << int(M::Keys) << "pre-split: 2 regions";
    QTest::newRow("pre-split has no region name") << "0" << int(M::Region) << "";
    QTest::newRow("pre-split kind") << "0" << int(M::Event) << "pre-split";
    QTest::newRow("pre-split time") << "0" << int(M::Time) << "2024-05-01 10:00:00";
    QTest::newRow("R1 under the pre-split") << "0/0" << int(M::Region) << "R1";
    // History from before catalog version 5 records no ranges.
    QTest::newRow("R1 keys: the pre-split key is not recorded") << "0/0" << int(M::Keys) << "[\u2026, ?)";
    QTest::newRow("R1 policy split") << "0/0" << int(M::Event) << "split";
    QTest::newRow("R1 split key") << "0/0" << int(M::SplitKey) << "f";
    QTest::newRow("R1 size at split") << "0/0" << int(M::SizeAtSplit) << "300.0 MB";
    QTest::newRow("R1 threshold") << "0/0" << int(M::Threshold) << "256.0 MB";
    QTest::newRow("R1 cause") << "0/0" << int(M::Cause) << "IncreasingToUpperBoundRegionSplitPolicy";
    QTest::newRow("R1 time") << "0/0" << int(M::Time) << "2024-05-01 10:01:00";
    QTest::newRow("R3 lower daughter") << "0/0/0" << int(M::Region) << "R3";
    QTest::newRow("R3 live") << "0/0/0" << int(M::Event) << "live on rs1";
    QTest::newRow("R3 keys") << "0/0/0" << int(M::Keys) << "[\u2026, f)";
    QTest::newRow("R4 upper daughter") << "0/0/1" << int(M::Region) << "R4";
    QTest::newRow("R4 merged") << "0/0/1" << int(M::Event) << "merge";
    QTest::newRow("R4 keys from the merge") << "0/0/1" << int(M::Keys) << "[f, ?)";
    QTest::newRow("R7 under its lower parent") << "0/0/1/0" << int(M::Region) << "R7";
    QTest::newRow("R7 keys") << "0/0/1/0" << int(M::Keys) << "[f, t\\x00\\xFF)";
    QTest::newRow("R2 manual split") << "0/1" << int(M::Event) << "manual split";
    QTest::newRow("R2 escaped split key") << "0/1" << int(M::SplitKey) << "t\\x00\\xFF";
    QTest::newRow("R2 no size recorded") << "0/1" << int(M::SizeAtSplit) << "";
    QTest::newRow("R2 cause") << "0/1" << int(M::Cause) << "manual";
    QTest::newRow("R5 upper parent of the merge") << "0/1/0" << int(M::Region) << "R5";
    QTest::newRow("R5 keys") << "0/1/0" << int(M::Keys) << "[?, t\\x00\\xFF)";
    QTest::newRow("merge link under R5") << "0/1/0/0" << int(M::Region) << "R7";
    QTest::newRow("merge link text") << "0/1/0/0" << int(M::Keys) << "\u2192 merged into [f, t\\x00\\xFF)";
    QTest::newRow("merge link cause") << "0/1/0/0" << int(M::Cause) << "merge";
    QTest::newRow("R6") << "0/1/1" << int(M::Event) << "live on rs3";
    QTest::newRow("R6 keys") << "0/1/1" << int(M::Keys) << "[t\\x00\\xFF, \u2026)";
  }

  void knownHistoryGivesTheTree() {
    QFETCH(QString, path);
    QFETCH(int, column);
    QFETCH(QString, text);
    SplitGenealogyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(knownHistory());
    const QModelIndex i = at(model, path, column);
    QVERIFY2(i.isValid(), qPrintable(path));
    QCOMPARE(i.data().toString(), text);
  }

  // With recorded ranges every region's keys are known, including the
  // pre-split key "m" that only the merged-away R4 and R5 ever ended or
  // started at.
  void recordedRangesLeaveNoKeyUnknown_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("keys");
    QTest::newRow("R1") << "0/0" << "[\u2026, m)";
    QTest::newRow("R3") << "0/0/0" << "[\u2026, f)";
    QTest::newRow("R4") << "0/0/1" << "[f, m)";
    QTest::newRow("R7") << "0/0/1/0" << "[f, t\\x00\\xFF)";
    QTest::newRow("R2") << "0/1" << "[m, \u2026)";
    QTest::newRow("R5") << "0/1/0" << "[m, t\\x00\\xFF)";
    QTest::newRow("R6") << "0/1/1" << "[t\\x00\\xFF, \u2026)";
  }
  void recordedRangesLeaveNoKeyUnknown() {
    QFETCH(QString, path);
    QFETCH(QString, keys);
    SplitGenealogyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(knownHistoryWithRanges());
    const QModelIndex i = at(model, path, int(SplitGenealogyModel::Keys));
    QVERIFY2(i.isValid(), qPrintable(path));
    QCOMPARE(i.data().toString(), keys);
  }

  void shapeRolesAndLookups() {
    SplitGenealogyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    model.setSnapshot(knownHistory());
    QCOMPARE(resets.count(), 1);
    QCOMPARE(model.rowCount(), 1);                   // one pre-split group
    QCOMPARE(model.rowCount(at(model, "0")), 2);     // R1, R2
    QCOMPARE(model.rowCount(at(model, "0/1/0")), 1); // R5: only the link
    QCOMPARE(model.rowCount(at(model, "0/1/0/0")), 0);
    QCOMPARE(model.columnCount(), int(SplitGenealogyModel::ColumnCount));
    // Every region once: 7 region rows + 1 group + 1 link.
    int regions = 0, links = 0;
    regionlab::ui::forEachRow(model, [&](const QModelIndex& i) {
      const auto kind = SplitGenealogyModel::RowKind(i.data(SplitGenealogyModel::RowKindRole).toInt());
      regions += kind == SplitGenealogyModel::RowKind::Region;
      links += kind == SplitGenealogyModel::RowKind::MergeLink;
    });
    QCOMPARE(regions, 7);
    QCOMPARE(links, 1);
    QCOMPARE(model.indexForRegion(QStringLiteral("R7")).parent(), model.indexForRegion(QStringLiteral("R4")));
    QCOMPARE(model.indexForEvent(3), model.indexForRegion(QStringLiteral("R4")));  // the merge's row
    QCOMPARE(model.indexForEvent(0), at(model, "0"));
    QVERIFY(!model.indexForRegion(QStringLiteral("nope")).isValid());
    QCOMPARE(at(model, "0/0/0").data(SplitGenealogyModel::LiveRole).toBool(), true);
    QCOMPARE(at(model, "0/0").data(SplitGenealogyModel::LiveRole).toBool(), false);
    QCOMPARE(at(model, "0/1/0/0").data(SplitGenealogyModel::EncodedNameRole).toString(), QStringLiteral("R7"));
    QVERIFY(at(model, "0/0").data(Qt::ToolTipRole).toString().contains(QStringLiteral("size at split: 300.0 MB")));
    QVERIFY(at(model, "0/0/0").data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(!at(model, "0/0").data(Qt::FontRole).isValid());
    // A new snapshot resets; an empty one empties.
    model.setSnapshot(nullptr);
    QCOMPARE(resets.count(), 2);
    QCOMPARE(model.rowCount(), 0);
  }

  void tableWithoutPreSplitHasItsFirstRegionAsRoot() {
    auto s = std::make_shared<HistorySnapshot>();
    s->table = QStringLiteral("t");
    s->history = {entry(1000, "split", {"A"}, {"B", "C"}, "m", "ConstantSizeRegionSplitPolicy", 5 * kMB, 4 * kMB)};
    s->regions = {live("B", "", "m", "rs1"), live("C", "m", "", "rs1")};
    SplitGenealogyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(s);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(at(model, "0", SplitGenealogyModel::Region).data().toString(), QStringLiteral("A"));
    QCOMPARE(at(model, "0", SplitGenealogyModel::Keys).data().toString(), QStringLiteral("[\u2026, \u2026)"));
    QVERIFY(at(model, "0").data(Qt::ToolTipRole).toString().contains(QStringLiteral("before the recorded history")));
    QCOMPARE(model.rowCount(at(model, "0")), 2);
  }

  void damagedHistoryNeverLoopsOrRepeats() {
    // A cycle (X -> Y -> X), a region born twice, a split with one daughter
    // and an unknown kind: every region still appears exactly once.
    auto s = std::make_shared<HistorySnapshot>();
    s->table = QStringLiteral("t");
    s->history = {entry(1, "split", {"X"}, {"Y", "Z"}, "k"), entry(2, "split", {"Y"}, {"X", "W"}, "j"),
                  entry(3, "manual split", {"Q"}, {"Z"}, "z"), entry(4, "rebalance", {"W"}, {})};
    SplitGenealogyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(s);
    QStringList seen;
    regionlab::ui::forEachRow(model, [&](const QModelIndex& i) {
      if (i.data(SplitGenealogyModel::RowKindRole).toInt() == int(SplitGenealogyModel::RowKind::Region))
        seen << i.data(SplitGenealogyModel::EncodedNameRole).toString();
    });
    seen.sort();
    QCOMPARE(seen, QStringList({"Q", "W", "X", "Y", "Z"}));
    QCOMPARE(model.genealogy().regions().size(), size_t(5));
    QCOMPARE(Genealogy::kindText(model.genealogy().events()[3].kind), QStringLiteral("other"));
  }
};

QTEST_GUILESS_MAIN(SplitGenealogyModelTest)
#include "split_genealogy_model_test.moc"
