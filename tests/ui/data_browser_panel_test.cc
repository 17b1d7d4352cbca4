// The data browser dock on a real seeded cluster: the form's errors show
// next to their fields, the filter box marks a syntax error at its position,
// a scan fills the view page by page with progress and can be cancelled,
// the hex view, the cell pane's edit and delete (confirmed) reach the engine,
// and the export writes what the view shows. Screenshots go to
// $REGIONLAB_SCREENSHOT_DIR.
#include "ui/data_browser_panel.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include "models/engine_controller.h"
#include "models/scan_export.h"
#include "models/scan_results_model.h"
#include "models/table_scanner.h"
#include "screenshot.h"
#include "seed_cluster.h"
#include "support/test_util.h"
#include "ui/cell_pane.h"
#include "ui/filter_edit.h"

using regionlab::ui::CellPane;
using regionlab::ui::DataBrowserPanel;
using regionlab::ui::EngineController;
using regionlab::ui::ScanField;
using regionlab::ui::ScanForm;
using regionlab::ui::ScanResultsModel;
using regionlab::ui::TableScanner;

Q_DECLARE_METATYPE(regionlab::ui::ScanField)

namespace {

constexpr int kWaitMs = 30000;
constexpr int kNewsRows = 3000;

// The newest value of row/f:q in `table`, read through the engine.
std::vector<regionlab::Cell> engineCells(EngineController& c, const std::string& table,
                                         const std::string& row) {
  std::vector<regionlab::Cell> cells;
  bool done = false;
  c.runInSlot(EngineController::kNoSlot,
              [&, gen = c.generation()](regionlab::Cluster* cluster, regionlab::ui::WorkerSlot&) {
                std::vector<regionlab::Cell> found;
                if (auto t = cluster->GetTable(table); t.ok()) {
                  regionlab::Get get;
                  get.row = row;
                  get.max_versions = 10;
                  if (auto r = (*t)->Get(get); r.ok()) found = r->cells;
                }
                c.postReply(gen, [&, found] {
                  cells = found;
                  done = true;
                });
              });
  if (!QTest::qWaitFor([&] { return done; }, kWaitMs)) qWarning("engine read timed out");
  return cells;
}

ScanForm formFor(const QString& table) {
  ScanForm form;
  form.table = table;
  return form;
}

}  // namespace

class DataBrowserPanelTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    RL_QVERIFY_OK(regionlab::test::SeedCluster(m_dir.File("data"), kNewsRows));
    m_controller = std::make_unique<EngineController>();
    QSignalSpy opened(m_controller.get(), &EngineController::opened);
    m_controller->openDataDirectory(QString::fromStdString(m_dir.File("data")), 3);
    QVERIFY(opened.wait(kWaitMs));
    QSignalSpy finished(m_controller.get(), &EngineController::actionFinished);
    m_controller->runJob(QStringLiteral("create edits"), [](regionlab::Cluster* cluster) {
      regionlab::TableDescriptor desc;
      desc.name = "edits";
      desc.families.resize(1);
      desc.families[0].name = "f";
      desc.families[0].max_versions = 3;
      regionlab::Status s = cluster->admin().CreateTable(desc);
      auto t = cluster->GetTable("edits");
      for (int i = 0; s.ok() && i < 5; ++i) {
        regionlab::RowMutation m;
        m.row = "user" + std::to_string(i) + std::string("\x00\x01", 2);
        m.Put("f", "name", "name " + std::to_string(i));
        m.Put("f", "score", std::string("\x00\x00\x00", 3) + char('A' + i));
        s = (*t)->Put(m);
      }
      return s.ok() ? QString() : QString::fromStdString(s.ToString());
    });
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
  }

  void init() {
    m_panel = std::make_unique<DataBrowserPanel>(m_controller.get());
    m_panel->resize(1180, 560);
    m_panel->show();
    QSignalSpy schemas(m_controller.get(), &EngineController::schemaReady);
    m_controller->requestSchema();
    QVERIFY(schemas.wait(kWaitMs));
    QCOMPARE(m_panel->table(), QStringLiteral("NewsClickFeedback"));
  }
  void cleanup() { m_panel.reset(); }

  void errorsShowNextToTheirField_data() {
    QTest::addColumn<QString>("start");
    QTest::addColumn<QString>("stop");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<ScanField>("field");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("start after stop") << "b"
                                      << "a"
                                      << ""
                                      << ""
                                      << "" << ScanField::StartRow << "is not before stop row a";
    QTest::newRow("bad escape in stop") << ""
                                        << "ab\\xZZ"
                                        << ""
                                        << ""
                                        << "" << ScanField::StopRow << "position 2";
    QTest::newRow("prefix with rows") << "a"
                                      << ""
                                      << "a1"
                                      << ""
                                      << "" << ScanField::Prefix << "ROWPREFIXFILTER";
    QTest::newRow("bad time") << ""
                              << ""
                              << ""
                              << "soon"
                              << "" << ScanField::FromTime << "is not a time";
    QTest::newRow("empty range") << ""
                                 << ""
                                 << ""
                                 << "2024-05-02"
                                 << "2024-05-01" << ScanField::ToTime << "is empty";
  }

  void errorsShowNextToTheirField() {
    QFETCH(QString, start);
    QFETCH(QString, stop);
    QFETCH(QString, prefix);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(ScanField, field);
    QFETCH(QString, messagePart);
    ScanForm form = m_panel->form();
    form.startRow = start;
    form.stopRow = stop;
    form.prefix = prefix;
    form.fromTime = from;
    form.toTime = to;
    m_panel->setForm(form);
    QVERIFY2(m_panel->fieldError(field).contains(messagePart),
             qPrintable(m_panel->fieldError(field)));
    QVERIFY(!m_panel->scanButton()->isEnabled());
    QVERIFY(!m_panel->startScan());
    // The message sits right under its field.
    QLabel* label = m_panel->fieldErrorLabel(field);
    QWidget* input = m_panel->field(field);
    QTRY_VERIFY(label->isVisible());
    QCOMPARE(label->geometry().left(), input->geometry().left());
    QVERIFY(label->geometry().top() >= input->geometry().bottom());
    QVERIFY(label->geometry().top() - input->geometry().bottom() < 10);
    // Only that field complains; fixing it clears the message and enables Scan.
    for (ScanField other :
         {ScanField::StartRow, ScanField::StopRow, ScanField::Prefix, ScanField::FromTime,
          ScanField::ToTime, ScanField::Filter, ScanField::Limit})
      if (other != field)
        QVERIFY2(m_panel->fieldError(other).isEmpty(), qPrintable(m_panel->fieldError(other)));
    m_panel->setForm(formFor(m_panel->table()));
    QVERIFY(m_panel->fieldError(field).isEmpty());
    QVERIFY(m_panel->scanButton()->isEnabled());
  }

  void filterErrorIsMarkedWhereItIs() {
    regionlab::ui::FilterEdit* filter = m_panel->filterEdit();
    // Results of a valid filter first, then the user goes on typing.
    QSignalSpy finished(m_panel->scanner(), &TableScanner::finished);
    filter->setText(QStringLiteral("PrefixFilter('3|')"));
    QVERIFY(m_panel->startScan());
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY(m_panel->model()->rowCount() > 100);
    m_panel->view()->selectRow(2);
    filter->setFocus();
    filter->moveCursor(QTextCursor::End);
    QTest::keyClicks(filter, QStringLiteral(" XOR KeyOnlyFilter()"));
    QCOMPARE(filter->error().position, 19);
    QCOMPARE(filter->markStart(), 19);
    QCOMPARE(filter->markLength(), 1);
    QCOMPARE(filter->extraSelections().size(), 1);
    QCOMPARE(filter->extraSelections().first().cursor.selectedText(), QStringLiteral("X"));
    QVERIFY(m_panel->fieldError(ScanField::Filter).contains(QStringLiteral("at position 19")));
    QVERIFY(!m_panel->scanButton()->isEnabled());
    // Showing the error state with results from a valid scan of the same prefix.
    RL_SAVE_SCREENSHOT(m_panel.get(), QStringLiteral("data_browser_filter_error.png"));
    for (int i = 0; i < 4; ++i)
      QTest::keyClick(filter, Qt::Key_Backspace);  // "...XOR KeyOnly" -> still bad
    filter->setText(QStringLiteral("PrefixFilter('3|') AND KeyOnlyFilter()"));
    QCOMPARE(filter->error().position, -1);
    QVERIFY(filter->extraSelections().isEmpty());
    QVERIFY(m_panel->fieldError(ScanField::Filter).isEmpty());
    QVERIFY(m_panel->scanButton()->isEnabled());
    // The text ended too early: the last character is marked.
    filter->setText(QStringLiteral("PrefixFilter('3|'"));
    QCOMPARE(filter->error().position, 17);
    QCOMPARE(filter->markStart(), 16);
    // Several problems at once, each under its field.
    ScanForm form = m_panel->form();
    form.startRow = QStringLiteral("3|news9");
    form.stopRow = QStringLiteral("3|news1");
    form.toTime = QStringLiteral("2024-13-01");
    m_panel->setForm(form);
    for (ScanField f : {ScanField::StartRow, ScanField::ToTime, ScanField::Filter})
      QVERIFY(!m_panel->fieldError(f).isEmpty());
    RL_SAVE_SCREENSHOT(m_panel.get(), QStringLiteral("data_browser_form_errors.png"));
  }

  void scanPagesInWithProgressAndCancels() {
    m_panel->scanner()->setPageRows(25);
    ScanForm form = formFor(QStringLiteral("NewsClickFeedback"));
    form.limit = 0;
    m_panel->setForm(form);
    QSignalSpy pages(m_panel->scanner(), &TableScanner::pageReady);
    QSignalSpy finished(m_panel->scanner(), &TableScanner::finished);
    QTest::mouseClick(m_panel->scanButton(), Qt::LeftButton);
    QVERIFY(m_panel->cancelButton()->isEnabled());
    QVERIFY(m_panel->progressBar()->isVisible());
    QCOMPARE(m_panel->progressBar()->maximum(), 0);  // no limit: a busy bar
    QVERIFY(pages.wait(kWaitMs));
    QVERIFY(
        m_panel->statusLabel()->text().startsWith(QStringLiteral("Scanning NewsClickFeedback")));
    QTest::mouseClick(m_panel->cancelButton(), Qt::LeftButton);
    QVERIFY(finished.count() == 1 || finished.wait(kWaitMs));
    QVERIFY(!m_panel->cancelButton()->isEnabled());
    QVERIFY(!m_panel->progressBar()->isVisible());
    QVERIFY2(m_panel->statusLabel()->text().startsWith(QStringLiteral("Cancelled after")),
             qPrintable(m_panel->statusLabel()->text()));
    const int rows = m_panel->model()->rowCount();
    QVERIFY(rows > 0 && rows < kNewsRows);
    QTest::qWait(200);
    QCOMPARE(m_panel->model()->rowCount(), rows);

    // With a limit the bar counts rows up to it.
    form.limit = 400;
    m_panel->setForm(form);
    QVERIFY(m_panel->startScan());
    QCOMPARE(m_panel->progressBar()->maximum(), 400);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(m_panel->model()->rowCount(), 400);
    QVERIFY2(m_panel->statusLabel()->text().startsWith(QStringLiteral("400 rows, 400 cells in")),
             qPrintable(m_panel->statusLabel()->text()));
  }

  void cellPaneEditsAndDeletesThroughTheEngine() {
    ScanForm form = formFor(QStringLiteral("edits"));
    form.versions = 3;
    m_panel->setTable(form.table);
    m_panel->setForm(form);
    QSignalSpy finished(m_panel->scanner(), &TableScanner::finished);
    QVERIFY(m_panel->startScan());
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(m_panel->model()->rowCount(), 10);  // 5 rows x 2 columns
    ScanResultsModel* model = m_panel->model();
    QCOMPARE(model->index(1, ScanResultsModel::RowKey).data().toString(),
             QStringLiteral("user0\\x00\\x01"));
    QCOMPARE(model->index(1, ScanResultsModel::Value).data().toString(),
             QStringLiteral("\\x00\\x00\\x00A"));

    // Hex view.
    m_panel->hexBox()->click();
    QCOMPARE(model->index(1, ScanResultsModel::Value).data().toString(),
             QStringLiteral("00 00 00 41"));
    m_panel->hexBox()->click();

    // Selecting a cell shows it in the pane.
    CellPane* pane = m_panel->cellPane();
    m_panel->view()->selectRow(1);
    QVERIFY(pane->isEnabled());
    QCOMPARE(pane->cell()->qualifier, std::string("score"));
    QVERIFY(pane->hexView()->toPlainText().startsWith(QStringLiteral("0000  00 00 00 41")));
    QCOMPARE(pane->valueEdit()->text(), QStringLiteral("\\x00\\x00\\x00A"));

    // A bad escape cannot be put.
    pane->valueEdit()->setText(QStringLiteral("12\\x4"));
    QVERIFY(!pane->putButton()->isEnabled());
    QVERIFY(pane->valueError()->text().contains(QStringLiteral("position 2")));
    // A new version, escaped input.
    pane->valueEdit()->setText(QStringLiteral("\\x00\\x00\\x01\\x00"));
    QVERIFY(pane->putButton()->isEnabled());
    QSignalSpy refreshed(m_panel->scanner(), &TableScanner::rowRefreshed);
    QTest::mouseClick(pane->putButton(), Qt::LeftButton);
    QVERIFY(refreshed.wait(kWaitMs));
    const std::string row("user0\x00\x01", 7);
    auto cells = engineCells(*m_controller, "edits", row);
    QCOMPARE(cells.size(), size_t(3));  // name, and two versions of score
    QCOMPARE(cells[1].qualifier, std::string("score"));
    QCOMPARE(cells[1].value, std::string("\x00\x00\x01\x00", 4));
    QCOMPARE(cells[2].value, std::string("\x00\x00\x00"
                                         "A",
                                         4));
    // The view re-read the row and keeps the column selected, now its new version.
    QCOMPARE(model->rowCount(), 11);
    QCOMPARE(pane->cell()->value, std::string("\x00\x00\x01\x00", 4));
    RL_SAVE_SCREENSHOT(m_panel.get(), QStringLiteral("data_browser.png"));

    // A delete asks first; "no" changes nothing.
    QStringList asked;
    pane->setConfirm([&](const QString& title, const QString& question) {
      asked << title + QLatin1String(": ") + question;
      return false;
    });
    QTest::mouseClick(pane->deleteVersionButton(), Qt::LeftButton);
    QCOMPARE(asked.size(), 1);
    QVERIFY2(asked.first().contains(
                 QStringLiteral("Delete the version of row user0\\x00\\x01, column f:score")),
             qPrintable(asked.first()));
    QTest::qWait(100);
    QCOMPARE(engineCells(*m_controller, "edits", row).size(), size_t(3));
    // "Yes" deletes that version: the older value is back on top.
    pane->setConfirm([](const QString&, const QString&) { return true; });
    QTest::mouseClick(pane->deleteVersionButton(), Qt::LeftButton);
    QVERIFY(refreshed.wait(kWaitMs));
    cells = engineCells(*m_controller, "edits", row);
    QCOMPARE(cells.size(), size_t(2));
    QCOMPARE(cells[1].value, std::string("\x00\x00\x00"
                                         "A",
                                         4));
    QCOMPARE(pane->cell()->value, std::string("\x00\x00\x00"
                                              "A",
                                              4));
    // Deleting the column leaves only the name.
    QTest::mouseClick(pane->deleteColumnButton(), Qt::LeftButton);
    QVERIFY(refreshed.wait(kWaitMs));
    cells = engineCells(*m_controller, "edits", row);
    QCOMPARE(cells.size(), size_t(1));
    QCOMPARE(cells[0].qualifier, std::string("name"));
    QCOMPARE(model->rowCount(), 9);
    QVERIFY(!pane->cell().has_value());  // nothing left to show for that column

    // The export writes what the view holds.
    QString error;
    const QString csv = QString::fromStdString(m_dir.File("edits.csv"));
    QVERIFY2(m_panel->exportTo(csv, regionlab::ui::ExportFormat::Csv, &error), qPrintable(error));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray data = file.readAll();
    QCOMPARE(data, regionlab::ui::cellsToCsv(model->cells()));
    QVERIFY(data.startsWith("row,column,timestamp,value\r\nuser0\\x00\\x01,f:name,"));
  }

 private:
  regionlab::test::TempDir m_dir;
  std::unique_ptr<EngineController> m_controller;
  std::unique_ptr<DataBrowserPanel> m_panel;
};

QTEST_MAIN(DataBrowserPanelTest)
#include "data_browser_panel_test.moc"
