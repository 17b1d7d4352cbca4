// The create-table form's storage estimate panel: measured sizes and speeds
// for every COMPRESSION x DATA_BLOCK_ENCODING pair of a built-in example's
// rows (and of the form's own scheme), off the UI thread with progress and
// Cancel; the table marks the first family's pair, the chart plots size
// against speed, and a sentence answers "Snappy compresses least but
// fastest" for these rows. Screenshots of the dialog with the panel go to
// $REGIONLAB_SCREENSHOT_DIR.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>
#include <qcustomplot.h>

#include "models/create_table_form.h"
#include "models/family_table_model.h"
#include "models/storage_estimator.h"
#include "screenshot.h"
#include "ui/create_table_dialog.h"
#include "ui/storage_estimate_panel.h"

using regionlab::ui::CreateTableDialog;
using regionlab::ui::EstimateOutcome;
using regionlab::ui::FamilyTableModel;
using regionlab::ui::StorageEstimatePanel;
using regionlab::ui::StorageEstimator;

namespace {
constexpr int kWaitMs = 120000;
}

class StorageEstimatePanelTest : public QObject {
  Q_OBJECT

 private slots:
  void measuresEveryPairOfAnExample() {
    CreateTableDialog dialog(nullptr);
    dialog.show();
    StorageEstimatePanel* panel = dialog.estimatePanel();
    QVERIFY(panel != nullptr);
    QVERIFY(panel->exampleBox()->isEnabled());  // the form has no scheme yet
    panel->exampleBox()->setCurrentText(QStringLiteral("user-time-file"));
    // The first family: GZ with FAST_DIFF, which the table marks.
    auto* families = dialog.form()->families();
    QVERIFY(families->setData(families->index(0, FamilyTableModel::Compression), QStringLiteral("GZ")));
    QVERIFY(families->setData(families->index(0, FamilyTableModel::DataBlockEncoding),
                              QStringLiteral("FAST_DIFF")));
    QSignalSpy progress(panel->estimator(), &StorageEstimator::progress);
    QSignalSpy finished(panel->estimator(), &StorageEstimator::finished);
    QTest::mouseClick(panel->estimateButton(), Qt::LeftButton);
    QVERIFY(!panel->estimateButton()->isEnabled());
    QVERIFY(panel->cancelButton()->isEnabled());
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY(progress.count() >= 30);
    auto outcome = finished.last().at(0).value<regionlab::ui::EstimateOutcomePtr>();
    QCOMPARE(int(outcome->status), int(EstimateOutcome::Status::Finished));
    QCOMPARE(outcome->results.size(), size_t(30));
    QVERIFY(panel->estimateButton()->isEnabled());

    QTableWidget* table = panel->table();
    QCOMPARE(table->rowCount(), 30);
    int marked = 0;
    for (int row = 0; row < table->rowCount(); ++row) {
      for (int c = 2; c < table->columnCount(); ++c) {
        QVERIFY2(table->item(row, c)->data(Qt::UserRole).toDouble() > 0, qPrintable(table->item(row, c)->text()));
      }
      if (table->item(row, 0)->font().bold()) {
        ++marked;
        QCOMPARE(table->item(row, 0)->text(), QStringLiteral("GZ"));
        QCOMPARE(table->item(row, 1)->text(), QStringLiteral("FAST_DIFF"));
      }
    }
    QCOMPARE(marked, 1);
    // 30 points and 5 shape keys; each point is a measured pair.
    QCOMPARE(panel->chart()->graphCount(), 35);
    for (int g = 0; g < 30; ++g) QCOMPARE(panel->chart()->graph(g)->dataCount(), 1);
    QVERIFY2(panel->verdictLabel()->text().contains(QStringLiteral("Snappy compresses least but fastest")),
             qPrintable(panel->verdictLabel()->text()));
    QVERIFY2(panel->statusLabel()->text().startsWith(QStringLiteral("user-time-file: ")),
             qPrintable(panel->statusLabel()->text()));
    dialog.resize(1500, 1000);
    panel->chart()->replot();
    RL_SAVE_SCREENSHOT(&dialog, QStringLiteral("create-table-storage-estimate.png"));
    RL_SAVE_SCREENSHOT(panel, QStringLiteral("storage-estimate-panel.png"));
  }

  // With a scheme in the form (pre-split from it), the panel uses it.
  void usesTheFormsScheme() {
    CreateTableDialog dialog(nullptr);
    dialog.form()->loadExampleScheme(QStringLiteral("statistics"));
    StorageEstimatePanel* panel = dialog.estimatePanel();
    QVERIFY(!panel->exampleBox()->isEnabled());
    panel->rowsEdit()->setText(QStringLiteral("5,000"));
    QSignalSpy finished(panel->estimator(), &StorageEstimator::finished);
    panel->start();
    QVERIFY(finished.wait(kWaitMs));
    auto outcome = finished.last().at(0).value<regionlab::ui::EstimateOutcomePtr>();
    QCOMPARE(int(outcome->status), int(EstimateOutcome::Status::Finished));
    QCOMPARE(outcome->scheme, QStringLiteral("statistics"));
    QCOMPARE(outcome->options.rows, uint64_t(5000));
  }

  void cancelStopsTheRun() {
    CreateTableDialog dialog(nullptr);
    StorageEstimatePanel* panel = dialog.estimatePanel();
    QSignalSpy progress(panel->estimator(), &StorageEstimator::progress);
    QSignalSpy finished(panel->estimator(), &StorageEstimator::finished);
    panel->start();
    QVERIFY(progress.wait(kWaitMs));
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    QVERIFY(finished.wait(kWaitMs));
    auto outcome = finished.last().at(0).value<regionlab::ui::EstimateOutcomePtr>();
    QCOMPARE(int(outcome->status), int(EstimateOutcome::Status::Cancelled));
    QCOMPARE(panel->statusLabel()->text(), QStringLiteral("Cancelled."));
    QVERIFY(panel->estimateButton()->isEnabled());

    panel->rowsEdit()->setText(QStringLiteral("lots"));
    panel->start();
    QVERIFY(panel->statusLabel()->text().contains(QStringLiteral("Rows (N) must be a whole number")));
    QVERIFY(!panel->estimator()->isRunning());
  }
};

QTEST_MAIN(StorageEstimatePanelTest)
#include "storage_estimate_panel_test.moc"
