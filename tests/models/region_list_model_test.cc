// RegionListModel: rows of one table's regions from metrics samples; only
// changed rows are signalled, also with 10,000 regions.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include "models/region_list_model.h"
#include "support/test_util.h"

using regionlab::ClusterSample;
using regionlab::RegionInfo;
using regionlab::ui::RegionListModel;

namespace {

// A sample with `n` regions of table "t" (and 2 of another table), keys "r%05d".
ClusterSample makeSample(int n) {
  ClusterSample s;
  s.time_ms = 1000;
  for (int i = 0; i < n; ++i) {
    RegionInfo r;
    r.table = "t";
    r.encoded_name = "enc" + std::to_string(i);
    char key[16];
    std::snprintf(key, sizeof(key), "r%05d", i);
    r.start_key = i == 0 ? "" : key;
    std::snprintf(key, sizeof(key), "r%05d", i + 1);
    r.end_key = i == n - 1 ? "" : key;
    r.server = "rs" + std::to_string(i % 3 + 1);
    r.metrics.store_file_bytes = 1000 + i;
    r.metrics.store_files = 1;
    r.split_threshold = 10ull << 30;
    s.regions.push_back(r);
  }
  for (int i = 0; i < 2; ++i) {
    RegionInfo r;
    r.table = "other";
    r.encoded_name = "other" + std::to_string(i);
    s.regions.push_back(r);
  }
  return s;
}

// Rows covered by the dataChanged signals in `spy`.
int changedRows(const QSignalSpy& spy) {
  int rows = 0;
  for (const auto& args : spy) {
    const QModelIndex top = args.at(0).value<QModelIndex>();
    const QModelIndex bottom = args.at(1).value<QModelIndex>();
    rows += bottom.row() - top.row() + 1;
  }
  return rows;
}

}  // namespace

class RegionListModelTest : public QObject {
  Q_OBJECT

 private slots:
  void rowsAreTheTablesRegionsWithEscapedKeys() {
    RegionListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTable(QStringLiteral("t"));
    ClusterSample s = makeSample(3);
    s.regions[1].start_key = std::string("\x00\xff" "ab", 4);
    s.regions[1].metrics.memstore_heap_bytes = 1536;
    s.regions[1].metrics.read_requests = 1000;
    s.regions[1].metrics.write_requests = 234;
    s.regions[2].split_threshold = UINT64_MAX;
    model.updateFromSample(s);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(RegionListModel::ColumnCount));
    QCOMPARE(model.index(0, RegionListModel::StartKey).data().toString(), QString());
    QCOMPARE(model.index(1, RegionListModel::StartKey).data().toString(), QStringLiteral("\\x00\\xFFab"));
    QCOMPARE(model.index(1, RegionListModel::Server).data().toString(), QStringLiteral("rs2"));
    QCOMPARE(model.index(1, RegionListModel::Memstore).data().toString(), QStringLiteral("1.50 KB"));
    QCOMPARE(model.index(1, RegionListModel::Reads).data().toString(), QStringLiteral("1,000"));
    QCOMPARE(model.index(1, RegionListModel::Writes).data(RegionListModel::RawValueRole).toULongLong(), 234ull);
    // Named as HBase begins a region's name; the whole name and keys in the tooltip.
    QCOMPARE(model.index(1, RegionListModel::Region).data().toString(), QStringLiteral("t,\\x00\\xFFab"));
    QVERIFY(model.index(1, RegionListModel::Region).data(Qt::ToolTipRole).toString().startsWith(
        QStringLiteral("t,\\x00\\xFFab,")));
    // A long binary key is cut in the middle, never inside an escape.
    s.regions[1].start_key = std::string(40, '\x01');
    model.updateFromSample(s);
    const QString shown = model.index(1, RegionListModel::StartKey).data().toString();
    QVERIFY2(shown.size() <= 28 && shown.contains(QChar(0x2026)), qPrintable(shown));
    QVERIFY(shown.startsWith(QStringLiteral("\\x01\\x01")) && shown.endsWith(QStringLiteral("\\x01")));
    QCOMPARE(model.index(2, RegionListModel::SplitThreshold).data().toString(), QStringLiteral("never"));
    QCOMPARE(model.index(0, RegionListModel::SplitThreshold).data().toString(), QStringLiteral("10.0 GB"));
    QCOMPARE(model.index(2, 0).data(RegionListModel::EncodedNameRole).toString(), QStringLiteral("enc2"));
  }

  void tenThousandRegionsSignalOnlyChangedRows() {
    RegionListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTable(QStringLiteral("t"));
    ClusterSample s = makeSample(10000);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
    model.updateFromSample(s);
    QCOMPARE(model.rowCount(), 10000);
    QCOMPARE(resets.count(), 1);

    // The same figures again: nothing to tell the views.
    model.updateFromSample(s);
    QCOMPARE(changes.count(), 0);
    QCOMPARE(resets.count(), 1);

    // Three rows change: two adjacent (one signal) and one apart.
    s.regions[4000].metrics.write_requests = 7;
    s.regions[4001].metrics.memstore_heap_bytes = 99;
    s.regions[9999].server = "rs9";
    model.updateFromSample(s);
    QCOMPARE(resets.count(), 1);
    QCOMPARE(changes.count(), 2);
    QCOMPARE(changedRows(changes), 3);
    QCOMPARE(changes.at(0).at(0).value<QModelIndex>().row(), 4000);
    QCOMPARE(changes.at(1).at(0).value<QModelIndex>().row(), 9999);
    QCOMPARE(model.index(9999, RegionListModel::Server).data().toString(), QStringLiteral("rs9"));
    QCOMPARE(model.index(4000, RegionListModel::Writes).data().toString(), QStringLiteral("7"));
  }

  void aSplitResetsTheRows() {
    RegionListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTable(QStringLiteral("t"));
    ClusterSample s = makeSample(4);
    model.updateFromSample(s);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    RegionInfo daughter = s.regions[1];
    daughter.encoded_name = "daughter";
    daughter.start_key = "r00001x";
    s.regions.insert(s.regions.begin() + 2, daughter);
    model.updateFromSample(s);
    QCOMPARE(resets.count(), 1);
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.index(2, RegionListModel::StartKey).data().toString(), QStringLiteral("r00001x"));
  }

  void anotherTableClearsTheRows() {
    RegionListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTable(QStringLiteral("t"));
    model.updateFromSample(makeSample(5));
    QCOMPARE(model.rowCount(), 5);
    model.setTable(QStringLiteral("other"));
    QCOMPARE(model.rowCount(), 0);
    model.updateFromSample(makeSample(5));
    QCOMPARE(model.rowCount(), 2);
  }
};

QTEST_GUILESS_MAIN(RegionListModelTest)
#include "region_list_model_test.moc"
