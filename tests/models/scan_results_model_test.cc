// ScanResultsModel: pages append in order under QAbstractItemModelTester,
// pages of another generation are dropped, a re-read row replaces its cells
// in place, the hex view; and the CSV/JSON exports byte for byte.
#include "models/scan_results_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include "models/scan_export.h"
#include "shell/command_util.h"
#include "support/test_util.h"

using regionlab::Cell;
using regionlab::ui::CellPage;
using regionlab::ui::ScanResultsModel;

namespace {

Cell cell(std::string row, std::string qualifier, int64_t ts, std::string value) {
  Cell c;
  c.row = std::move(row);
  c.family = "f";
  c.qualifier = std::move(qualifier);
  c.timestamp = ts;
  c.value = std::move(value);
  return c;
}

CellPage page(std::vector<Cell> cells) {
  return std::make_shared<const std::vector<Cell>>(std::move(cells));
}

QString text(const ScanResultsModel& m, int row, int column) {
  return m.index(row, column).data().toString();
}

}  // namespace

class ScanResultsModelTest : public QObject {
  Q_OBJECT

 private slots:
  void pagesAppendInOrder() {
    ScanResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.beginScan(7);
    QVERIFY(model.appendPage(7, page({cell("r1", "a", 5, "v1"), cell("r1", "b", 5, "v2")})));
    QVERIFY(model.appendPage(7, page({cell("r2", "a", 6, std::string("\x00\xff", 2))})));
    QVERIFY(model.appendPage(7, page({})));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.rowKeyCount(), qint64(2));
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(inserted.at(1).at(1).toInt(), 2);  // the second page went after the first
    QCOMPARE(text(model, 0, ScanResultsModel::RowKey), QStringLiteral("r1"));
    QCOMPARE(text(model, 1, ScanResultsModel::ColumnName), QStringLiteral("f:b"));
    QCOMPARE(text(model, 2, ScanResultsModel::Value), QStringLiteral("\\x00\\xFF"));
    QCOMPARE(text(model, 2, ScanResultsModel::Timestamp),
             QString::fromStdString(regionlab::shell::FormatTimestamp(6, false)));
    QCOMPARE(model.index(2, ScanResultsModel::Value).data(ScanResultsModel::RawRole).toByteArray(),
             QByteArray("\x00\xff", 2));
    QCOMPARE(
        model.index(2, ScanResultsModel::Timestamp).data(ScanResultsModel::RawRole).toLongLong(),
        6);
    QCOMPARE(model.headerData(ScanResultsModel::Value, Qt::Horizontal).toString(),
             QStringLiteral("Value"));
  }

  void staleGenerationPagesAreDropped() {
    ScanResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.beginScan(1);
    QVERIFY(model.appendPage(1, page({cell("old", "a", 1, "x")})));
    model.beginScan(2);  // the user started another scan
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.appendPage(1, page({cell("old2", "a", 1, "x")})));  // a late page of scan 1
    QVERIFY(model.appendPage(2, page({cell("new", "a", 1, "y")})));
    QVERIFY(!model.appendPage(3, page({cell("future", "a", 1, "z")})));
    QCOMPARE(model.droppedPages(), 2);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(text(model, 0, ScanResultsModel::RowKey), QStringLiteral("new"));
    // A re-read row of the old scan is ignored too.
    model.replaceRow(1, "new", {cell("new", "a", 9, "stale")});
    QCOMPARE(text(model, 0, ScanResultsModel::Value), QStringLiteral("y"));
  }

  void replaceRowKeepsItsPlace() {
    ScanResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.beginScan(1);
    model.appendPage(1, page({cell("a", "q", 1, "1"), cell("b", "q", 2, "2"),
                              cell("b", "r", 2, "3"), cell("c", "q", 3, "4")}));
    // b gets a new version on top of q and loses r.
    model.replaceRow(1, "b", {cell("b", "q", 10, "new"), cell("b", "q", 2, "2")});
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(text(model, 1, ScanResultsModel::Value), QStringLiteral("new"));
    QCOMPARE(text(model, 2, ScanResultsModel::Value), QStringLiteral("2"));
    QCOMPARE(text(model, 3, ScanResultsModel::RowKey), QStringLiteral("c"));
    QCOMPARE(model.findColumn("b", "f", "q"), 1);
    QCOMPARE(model.findColumn("b", "f", "r"), -1);
    // Every cell of a deleted row disappears.
    model.replaceRow(1, "a", {});
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.rowKeyCount(), qint64(2));
    QCOMPARE(text(model, 0, ScanResultsModel::RowKey), QStringLiteral("b"));
  }

  void hexViewShowsBytes() {
    ScanResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.beginScan(1);
    model.appendPage(1, page({cell(std::string("\x01k", 2), "q", 1, "AB")}));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setHexView(true);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(text(model, 0, ScanResultsModel::RowKey), QStringLiteral("01 6b"));
    QCOMPARE(text(model, 0, ScanResultsModel::ColumnName), QStringLiteral("66 : 71"));
    QCOMPARE(text(model, 0, ScanResultsModel::Value), QStringLiteral("41 42"));
    model.setHexView(false);
    QCOMPARE(text(model, 0, ScanResultsModel::RowKey), QStringLiteral("\\x01k"));
  }

  void csvExport() {
    const std::vector<Cell> cells = {
        cell("r,1", "q", 1714564800123, "say \"hi\""),
        cell(std::string("r\x00", 2), "q\n", 7, std::string("\xff", 1))};
    QCOMPARE(regionlab::ui::cellsToCsv(cells),
             QByteArray("row,column,timestamp,value\r\n"
                        "\"r,1\",f:q,1714564800123,\"say \"\"hi\"\"\"\r\n"
                        "r\\x00,f:q\\x0A,7,\\xFF\r\n"));
    QCOMPARE(regionlab::ui::cellsToCsv({}), QByteArray("row,column,timestamp,value\r\n"));
  }

  void jsonExport() {
    std::vector<Cell> cells = {cell("r1", "q", 5, "v\"1"),
                               cell("r1", "w", 5, std::string("\x00", 1)), cell("r2", "q", 6, "x")};
    QCOMPARE(
        regionlab::ui::cellsToJson(QStringLiteral("ns:t"), cells),
        QByteArray(
            "{\"table\":\"ns:t\",\"cells\":["
            "{\"row\":\"r1\",\"column\":\"f:q\",\"timestamp\":5,\"value\":\"v\\\"1\"},"
            "{\"row\":\"r1\",\"column\":\"f:w\",\"timestamp\":5,\"value\":\"\\\\x00\"},"
            "{\"row\":\"r2\",\"column\":\"f:q\",\"timestamp\":6,\"value\":\"x\"}],\"rows\":2}\n"));
  }

  void exportWritesTheFileOrSaysWhy() {
    regionlab::test::TempDir dir;
    const QString path = QString::fromStdString(dir.File("out.csv"));
    QString error;
    QVERIFY(regionlab::ui::writeExport(path, regionlab::ui::ExportFormat::Csv, QStringLiteral("t"),
                                       {cell("r", "q", 1, "v")}, &error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("row,column,timestamp,value\r\nr,f:q,1,v\r\n"));
    const QString bad = QString::fromStdString(dir.File("missing/dir/out.json"));
    QVERIFY(!regionlab::ui::writeExport(bad, regionlab::ui::ExportFormat::Json, QStringLiteral("t"),
                                        {}, &error));
    QVERIFY2(error.contains(bad), qPrintable(error));
  }
};

QTEST_GUILESS_MAIN(ScanResultsModelTest)
#include "scan_results_model_test.moc"
