// TableScanner against a real seeded cluster: pages arrive in key order with
// other engine work between them, a cancel stops the scan and frees the
// worker-side scanner, a replaced scan's pages are dropped, cell edits and
// deletes reach the engine, and the JSON export equals the shell's scan.
#include "models/table_scanner.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSemaphore>
#include <QSignalSpy>
#include <QtTest>

#include "../ui/seed_cluster.h"
#include "models/cell_edit.h"
#include "models/engine_controller.h"
#include "models/scan_export.h"
#include "models/scan_form.h"
#include "models/scan_results_model.h"
#include "shell/shell.h"
#include "support/test_util.h"
#include "worker_test_util.h"

using regionlab::ui::CellDeleteScope;
using regionlab::ui::CellPage;
using regionlab::ui::EngineController;
using regionlab::ui::ScanResultsModel;
using regionlab::ui::TableScanner;
using regionlab::test::onWorker;

namespace {

constexpr int kWaitMs = 30000;
constexpr int kNewsRows = 3000;

// The cells of `row` in `table` read straight from the engine (all versions).
std::vector<regionlab::Cell> readRow(EngineController& c, const std::string& table,
                                     const std::string& row) {
  std::vector<regionlab::Cell> cells;
  onWorker(c, [&](regionlab::Cluster* cluster) {
    auto t = cluster->GetTable(table);
    if (!t.ok()) return;
    regionlab::Get get;
    get.row = row;
    get.max_versions = 10;
    auto r = (*t)->Get(get);
    if (r.ok()) cells = r->cells;
  });
  return cells;
}

// A model fed by a scanner, as the browser wires them.
void wire(TableScanner& scanner, ScanResultsModel& model) {
  QObject::connect(&scanner, &TableScanner::started, &model, &ScanResultsModel::beginScan);
  QObject::connect(
      &scanner, &TableScanner::pageReady, &model,
      [&model](quint64 gen, const CellPage& page, qint64) { model.appendPage(gen, page); });
  QObject::connect(&scanner, &TableScanner::rowRefreshed, &model,
                   [&model](quint64 gen, const QByteArray& row, const CellPage& cells) {
                     model.replaceRow(gen, row.toStdString(), *cells);
                   });
}

TableScanner::Outcome outcomeOf(const QSignalSpy& finished) {
  return finished.last().at(1).value<TableScanner::Outcome>();
}

}  // namespace

class TableScannerTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    RL_QVERIFY_OK(regionlab::test::SeedCluster(m_dir.File("data"), kNewsRows));
  }

  void init() {
    m_controller = std::make_unique<EngineController>();
    QSignalSpy opened(m_controller.get(), &EngineController::opened);
    m_controller->openDataDirectory(QString::fromStdString(m_dir.File("data")), 3);
    QVERIFY(opened.wait(kWaitMs));
  }
  void cleanup() { m_controller.reset(); }

  void pagesArriveInKeyOrder() {
    TableScanner scanner(m_controller.get());
    ScanResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    wire(scanner, model);
    scanner.setPageRows(150);
    QSignalSpy pages(&scanner, &TableScanner::pageReady);
    QSignalSpy finished(&scanner, &TableScanner::finished);
    QSignalSpy samples(m_controller.get(), &EngineController::sampleReady);
    scanner.start(QStringLiteral("NewsClickFeedback"), regionlab::Scan());
    QVERIFY(scanner.isRunning());
    m_controller->requestSample();  // queued behind the first page, ahead of the second
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(outcomeOf(finished), TableScanner::Outcome::Finished);
    QCOMPARE(finished.last().at(3).toLongLong(), qint64(kNewsRows));
    QCOMPARE(samples.count(), 1);  // the engine answered between pages
    QCOMPARE(pages.count(), (kNewsRows + 149) / 150);
    qint64 previous = 0;
    for (const auto& args : pages) {  // rows so far grow page by page
      QVERIFY(args.at(2).toLongLong() > previous);
      previous = args.at(2).toLongLong();
    }
    QCOMPARE(model.rowCount(), kNewsRows);
    QCOMPARE(model.rowKeyCount(), qint64(kNewsRows));
    for (int i = 1; i < model.rowCount(); ++i)
      QVERIFY(model.cellAt(i - 1).row < model.cellAt(i).row);
    QCOMPARE(TableScanner::openCursors(), 0);
    QVERIFY(!scanner.isRunning());
  }

  void limitFilterAndTimeRangeReachTheEngine() {
    TableScanner scanner(m_controller.get());
    ScanResultsModel model;
    wire(scanner, model);
    scanner.setPageRows(7);
    QSignalSpy finished(&scanner, &TableScanner::finished);
    regionlab::ui::ScanForm form;
    form.table = QStringLiteral("NewsClickFeedback");
    form.filter = QStringLiteral("PrefixFilter('3|')");
    form.limit = 25;
    regionlab::Scan scan;
    QVERIFY(regionlab::ui::validateScanForm(form, &scan).isEmpty());
    scanner.start(form.table, scan);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(outcomeOf(finished), TableScanner::Outcome::Finished);
    QCOMPARE(model.rowCount(), 25);
    for (const auto& c : model.cells()) QVERIFY(c.row.rfind("3|", 0) == 0);
    // A time range before any write finds nothing.
    form.filter.clear();
    form.fromTime = QStringLiteral("1");
    form.toTime = QStringLiteral("1000");
    QVERIFY(regionlab::ui::validateScanForm(form, &scan).isEmpty());
    scanner.start(form.table, scan);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(model.rowCount(), 0);
  }

  void cancelStopsTheScan() {
    TableScanner scanner(m_controller.get());
    ScanResultsModel model;
    wire(scanner, model);
    scanner.setPageRows(20);
    QSignalSpy pages(&scanner, &TableScanner::pageReady);
    QSignalSpy finished(&scanner, &TableScanner::finished);
    scanner.start(QStringLiteral("NewsClickFeedback"), regionlab::Scan());
    QVERIFY(pages.wait(kWaitMs));
    QCOMPARE(TableScanner::openCursors(), 1);  // the scanner waits on the worker for the next page
    scanner.cancel();
    QVERIFY(finished.count() == 1 || finished.wait(kWaitMs));
    QCOMPARE(outcomeOf(finished), TableScanner::Outcome::Cancelled);
    const int pagesAtCancel = pages.count();
    onWorker(*m_controller, [](regionlab::Cluster*) {});  // everything queued has run
    QTest::qWait(100);
    QCOMPARE(pages.count(), pagesAtCancel);  // no page after the cancel
    QVERIFY(model.rowCount() < kNewsRows);
    QCOMPARE(model.rowCount(), pagesAtCancel * 20);
    QCOMPARE(TableScanner::openCursors(), 0);  // the engine scanner is gone
    QCOMPARE(finished.count(), 1);
    scanner.cancel();  // nothing running: no effect
    QCOMPARE(finished.count(), 1);
  }

  // A long scan loads fetchRows() rows, pauses with its scanner open and
  // loads the next fetchRows() when the model is asked for more (as a view
  // scrolled to the end asks): the model holds what was asked for.
  void pausesAndLoadsMoreOnRequest() {
    TableScanner scanner(m_controller.get());
    ScanResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    wire(scanner, model);
    QObject::connect(&scanner, &TableScanner::paused, &model,
                     [&model](quint64, qint64) { model.setMoreAvailable(true); });
    QObject::connect(&model, &ScanResultsModel::moreRequested, &scanner, &TableScanner::fetchMore);
    scanner.setPageRows(100);
    scanner.setFetchRows(1000);
    QSignalSpy paused(&scanner, &TableScanner::paused);
    QSignalSpy finished(&scanner, &TableScanner::finished);
    scanner.start(QStringLiteral("NewsClickFeedback"), regionlab::Scan());
    QVERIFY(paused.wait(kWaitMs));
    QCOMPARE(paused.last().at(1).toLongLong(), qint64(1000));
    QCOMPARE(model.rowCount(), 1000);
    QVERIFY(scanner.isPaused() && scanner.isRunning());
    QCOMPARE(TableScanner::openCursors(), 1);  // waiting for fetchMore, scanner open
    QTest::qWait(100);
    QCOMPARE(model.rowCount(), 1000);  // nothing more without a request
    QVERIFY(model.canFetchMore(QModelIndex()));

    model.fetchMore(QModelIndex());
    QVERIFY(!model.canFetchMore(QModelIndex()));  // one request per pause
    QVERIFY(paused.wait(kWaitMs));
    QCOMPARE(model.rowCount(), 2000);
    for (int i = 1; i < model.rowCount(); ++i) QVERIFY(model.cellAt(i - 1).row < model.cellAt(i).row);

    model.fetchMore(QModelIndex());
    QVERIFY(finished.wait(kWaitMs));  // the last thousand rows end the scan
    QCOMPARE(outcomeOf(finished), TableScanner::Outcome::Finished);
    QCOMPARE(model.rowCount(), kNewsRows);
    QCOMPARE(TableScanner::openCursors(), 0);

    // Cancel while paused: ends at once and closes the scanner.
    scanner.start(QStringLiteral("NewsClickFeedback"), regionlab::Scan());
    QVERIFY(paused.wait(kWaitMs));
    scanner.cancel();
    QCOMPARE(outcomeOf(finished), TableScanner::Outcome::Cancelled);
    QVERIFY(!scanner.isRunning());
    onWorker(*m_controller, [](regionlab::Cluster*) {});  // the cursor's release has run
    QCOMPARE(TableScanner::openCursors(), 0);
    scanner.fetchMore();  // nothing paused: no effect
    QTest::qWait(50);
    QCOMPARE(model.rowCount(), 1000);
  }

  // The worker checks the flag between rows: a page being read stops.
  void cancelStopsAPageBeingRead() {
    TableScanner scanner(m_controller.get());
    scanner.setPageRows(1000000);  // one page would be the whole table
    QSignalSpy pages(&scanner, &TableScanner::pageReady);
    QSignalSpy finished(&scanner, &TableScanner::finished);
    // Hold the worker so the cancel lands before the page job runs.
    QSemaphore hold;
    m_controller->runInSlot(
        EngineController::kNoSlot,
        [&hold](regionlab::Cluster*, regionlab::ui::WorkerSlot&) { hold.acquire(); });
    scanner.start(QStringLiteral("NewsClickFeedback"), regionlab::Scan());
    scanner.cancel();
    hold.release();
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(outcomeOf(finished), TableScanner::Outcome::Cancelled);
    QCOMPARE(finished.last().at(3).toLongLong(), qint64(0));
    QCOMPARE(pages.count(), 0);
    QCOMPARE(TableScanner::openCursors(), 0);
  }

  void replacedScanIsDropped() {
    TableScanner scanner(m_controller.get());
    ScanResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    wire(scanner, model);
    scanner.setPageRows(50);
    QSignalSpy finished(&scanner, &TableScanner::finished);
    const quint64 first = scanner.start(QStringLiteral("NewsClickFeedback"), regionlab::Scan());
    const quint64 second = scanner.start(QStringLiteral("trades"), regionlab::Scan());
    QVERIFY(second > first);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.count(), 1);  // only the scan that was not replaced finishes
    QCOMPARE(finished.last().at(0).toULongLong(), second);
    QCOMPARE(model.generation(), second);
    QCOMPARE(model.droppedPages(), 1);  // the first scan's page came back stale
    QCOMPARE(model.rowCount(), kNewsRows / 2);
    for (const auto& c : model.cells()) QCOMPARE(c.family, std::string("t"));
    QCOMPARE(TableScanner::openCursors(), 0);
  }

  void missingTableFails() {
    TableScanner scanner(m_controller.get());
    QSignalSpy finished(&scanner, &TableScanner::finished);
    scanner.start(QStringLiteral("no_such_table"), regionlab::Scan());
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(outcomeOf(finished), TableScanner::Outcome::Failed);
    QVERIFY2(finished.last().at(2).toString().contains(QStringLiteral("no_such_table")),
             qPrintable(finished.last().at(2).toString()));
  }

  void closingTheDirectoryEndsTheScan() {
    TableScanner scanner(m_controller.get());
    scanner.setPageRows(10);
    QSignalSpy pages(&scanner, &TableScanner::pageReady);
    QSignalSpy finished(&scanner, &TableScanner::finished);
    scanner.start(QStringLiteral("NewsClickFeedback"), regionlab::Scan());
    QVERIFY(pages.wait(kWaitMs));
    QSignalSpy closed(m_controller.get(), &EngineController::closed);
    m_controller->closeDataDirectory();
    QVERIFY(closed.wait(kWaitMs));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(outcomeOf(finished), TableScanner::Outcome::Failed);
    QCOMPARE(TableScanner::openCursors(), 0);  // destroyed before the cluster closed
  }

  void editsAndDeletesReachTheEngine() {
    // A table that keeps versions, so a put adds one and a version delete shows the older.
    onWorker(*m_controller, [](regionlab::Cluster* cluster) {
      regionlab::TableDescriptor desc;
      desc.name = "edits";
      desc.families.resize(1);
      desc.families[0].name = "f";
      desc.families[0].max_versions = 5;
      if (!cluster->admin().CreateTable(desc).ok()) return;
      auto t = cluster->GetTable("edits");
      for (const char* row : {"r1", "r2", "r3"}) {
        regionlab::RowMutation m;
        m.row = row;
        m.Put("f", "q", "orig", 1000);
        (void)(*t)->Put(m);
      }
    });
    TableScanner scanner(m_controller.get());
    ScanResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    wire(scanner, model);
    QSignalSpy finished(&scanner, &TableScanner::finished);
    QSignalSpy edits(&scanner, &TableScanner::editFinished);
    QSignalSpy refreshed(&scanner, &TableScanner::rowRefreshed);
    regionlab::Scan scan;
    scan.max_versions = 5;
    scanner.start(QStringLiteral("edits"), scan);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(model.rowCount(), 3);
    const regionlab::Cell original = model.cellAt(0);
    QCOMPARE(original.row, std::string("r1"));

    // A new version with binary bytes, read back from the engine.
    const std::string value("v\x00\xff", 3);
    scanner.applyMutation(regionlab::ui::describePut(QStringLiteral("edits"), original),
                          regionlab::ui::putCellMutation(original, value, /*sameVersion=*/false));
    QVERIFY(refreshed.wait(kWaitMs));
    QVERIFY(edits.last().at(0).toBool());
    auto cells = readRow(*m_controller, "edits", "r1");
    QCOMPARE(cells.size(), size_t(2));
    QCOMPARE(cells[0].value, value);
    QVERIFY(cells[0].timestamp > original.timestamp);
    QCOMPARE(cells[1].value, std::string("orig"));
    QCOMPARE(model.rowCount(), 4);  // the row shows both versions now, in place
    QCOMPARE(model.cellAt(0).value, value);
    QCOMPARE(model.cellAt(1).value, std::string("orig"));
    QCOMPARE(model.cellAt(2).row, std::string("r2"));

    // Over the same version: still two versions, the newest one rewritten.
    const regionlab::Cell newest = model.cellAt(0);
    scanner.applyMutation(QStringLiteral("put"),
                          regionlab::ui::putCellMutation(newest, "v3", true));
    QVERIFY(refreshed.wait(kWaitMs));
    cells = readRow(*m_controller, "edits", "r1");
    QCOMPARE(cells.size(), size_t(2));
    QCOMPARE(cells[0].value, std::string("v3"));
    QCOMPARE(cells[0].timestamp, newest.timestamp);

    // Deleting that version brings the original back on top.
    scanner.applyMutation(QStringLiteral("delete"), regionlab::ui::deleteCellMutation(
                                                        model.cellAt(0), CellDeleteScope::Version));
    QVERIFY(refreshed.wait(kWaitMs));
    cells = readRow(*m_controller, "edits", "r1");
    QCOMPARE(cells.size(), size_t(1));
    QCOMPARE(cells[0].value, std::string("orig"));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.cellAt(0).value, std::string("orig"));

    // Deleting the column removes every version; the row leaves the results.
    scanner.applyMutation(QStringLiteral("delete"), regionlab::ui::deleteCellMutation(
                                                        model.cellAt(0), CellDeleteScope::Column));
    QVERIFY(refreshed.wait(kWaitMs));
    QVERIFY(readRow(*m_controller, "edits", "r1").empty());
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.cellAt(0).row, std::string("r2"));
  }

  void jsonExportMatchesTheShell() {
    TableScanner scanner(m_controller.get());
    ScanResultsModel model;
    wire(scanner, model);
    QSignalSpy finished(&scanner, &TableScanner::finished);
    regionlab::Scan scan;
    scan.limit = 12;
    scan.start_row = std::string("\x02", 1);
    scanner.start(QStringLiteral("trades"), scan);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(model.rowCount(), 12);
    std::string shellJson;
    onWorker(*m_controller, [&](regionlab::Cluster* cluster) {
      regionlab::shell::ShellOptions options;
      options.json = true;
      regionlab::shell::Shell shell(cluster, options);
      shell.Run("scan 'trades', {LIMIT => 12, STARTROW => \"\\x02\"}",
                [&](const regionlab::shell::StatementResult& r) { shellJson = r.output; });
    });
    const QJsonObject fromShell =
        QJsonDocument::fromJson(QByteArray::fromStdString(shellJson)).object();
    const QJsonObject exported =
        QJsonDocument::fromJson(regionlab::ui::cellsToJson(QStringLiteral("trades"), model.cells()))
            .object();
    QVERIFY2(fromShell.value(QStringLiteral("ok")).toBool(), shellJson.c_str());
    QCOMPARE(exported.value(QStringLiteral("cells")).toArray().size(), 12);
    QCOMPARE(exported.value(QStringLiteral("cells")), fromShell.value(QStringLiteral("cells")));
    QCOMPARE(exported.value(QStringLiteral("rows")), fromShell.value(QStringLiteral("rows")));
    QCOMPARE(exported.value(QStringLiteral("cells"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("row"))
                 .toString(),
             QStringLiteral("\\x02TRADE10"));
  }

 private:
  regionlab::test::TempDir m_dir;
  std::unique_ptr<EngineController> m_controller;
};

QTEST_GUILESS_MAIN(TableScannerTest)
#include "table_scanner_test.moc"
