// The rowkey scheme builder window, driven as a user would: an example loads
// with one click and its keys, length, warnings and query rows show; the
// segment form shows only its kind's parameters and its edits change the
// example keys; the engine's error shows next to the segment; a
// timestamp-first key is warned about with an explanation; JSON export and
// import; save and load through the catalog of an open data directory; the
// Schema menu of the main window opens the builder and the simulator.
// Screenshots go to $REGIONLAB_SCREENSHOT_DIR.
#include "ui/scheme_builder_window.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QtTest>

#include "models/create_table_form.h"
#include "models/query_plans_model.h"
#include "models/scheme_catalog.h"
#include "models/scheme_document.h"
#include "models/scheme_fields_model.h"
#include "models/scheme_insight_models.h"
#include "models/scheme_segments_model.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "screenshot.h"
#include "support/test_util.h"
#include "ui/create_table_dialog.h"
#include "ui/distribution_simulator_window.h"
#include "ui/presplit_editor.h"
#include "ui/layout_chooser.h"
#include "ui/main_window.h"
#include "ui/segment_editor.h"

namespace rk = regionlab::rowkey;
using regionlab::ui::ExampleKeysModel;
using regionlab::ui::FindingsModel;
using regionlab::ui::QueryPlansModel;
using regionlab::ui::SchemeAnalysisPtr;
using regionlab::ui::SchemeAnalyzer;
using regionlab::ui::SchemeBuilderWindow;
using regionlab::ui::SegmentParam;

Q_DECLARE_METATYPE(rk::SegmentKind)

namespace {

constexpr int kWaitMs = 30000;

// Waits for the analysis of the document as it stands.
bool waitForAnalysis(SchemeBuilderWindow& w) {
  return QTest::qWaitFor([&] {
    const SchemeAnalysisPtr r = w.analyzer()->latest();
    return !w.analyzer()->isBusy() && r && rk::FormatSchemeJson(r->scheme) == rk::FormatSchemeJson(w.document()->scheme());
  }, kWaitMs);
}

QString cell(const QAbstractItemModel* m, int row, int column) { return m->index(row, column).data().toString(); }

}  // namespace

class SchemeBuilderWindowTest : public QObject {
  Q_OBJECT

 private slots:
  void exampleLoadsWithOneClick() {
    SchemeBuilderWindow w(nullptr);
    w.show();
    QVERIFY(w.loadExample(QStringLiteral("user-time-file")));
    QVERIFY(waitForAnalysis(w));
    QCOMPARE(w.examplesModel()->rowCount(), 10);
    QCOMPARE(cell(w.examplesModel(), 0, ExampleKeysModel::Escaped).size(), 20);
    QVERIFY2(w.lengthLabel()->text().contains(QStringLiteral("20 bytes")), qPrintable(w.lengthLabel()->text()));
    QVERIFY(w.lengthLabel()->text().contains(QStringLiteral("over the guidance")));
    // The key-length warning is listed, explained.
    bool keyLength = false;
    for (int r = 0; r < w.findingsModel()->warningCount(); ++r)
      keyLength |= w.findingsModel()->index(r, 0).data(FindingsModel::KindRole).toInt() ==
                   static_cast<int>(rk::FindingKind::kKeyLength);
    QVERIFY(keyLength);
    QVERIFY(!w.explanationLabel()->text().isEmpty());
    QCOMPARE(cell(w.queriesModel(), 0, QueryPlansModel::StartRow), QStringLiteral("00000120120901"));
    QCOMPARE(cell(w.queriesModel(), 0, QueryPlansModel::StopRow), QStringLiteral("00000120120914"));
    w.resize(1500, 960);
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("scheme_builder_user_time_file.png"));
  }

  void segmentFormShowsOnlyItsKind_data() {
    QTest::addColumn<rk::SegmentKind>("kind");
    for (rk::SegmentKind k : regionlab::ui::allSegmentKinds())
      QTest::newRow(rk::SegmentKindName(k)) << k;
  }
  void segmentFormShowsOnlyItsKind() {
    QFETCH(rk::SegmentKind, kind);
    SchemeBuilderWindow w(nullptr);
    w.show();
    QVERIFY(w.loadExample(QStringLiteral("trade-salted")));
    const int index = w.document()->addSegment(kind);
    w.selectSegment(index);
    const QList<SegmentParam> params = regionlab::ui::segmentParams(kind);
    for (SegmentParam p : {SegmentParam::Field, SegmentParam::Sources, SegmentParam::Buckets, SegmentParam::Algorithm,
                           SegmentParam::Length, SegmentParam::Encoding, SegmentParam::Width, SegmentParam::Pad,
                           SegmentParam::ReverseTime, SegmentParam::Unit, SegmentParam::Value})
      QCOMPARE(w.segmentEditor()->isParamVisible(p), params.contains(p));
    QCOMPARE(w.segmentEditor()->kindBox()->currentText(), regionlab::ui::segmentKindLabel(kind));
  }

  // The form's edits reach the keys; a bad value is the engine's error,
  // shown under the form and on the segment's row.
  void formEditsChangeKeysAndShowErrors() {
    SchemeBuilderWindow w(nullptr);
    w.show();
    QVERIFY(w.loadExample(QStringLiteral("trade-salted")));
    QVERIFY(waitForAnalysis(w));
    w.selectSegment(0);  // the salt
    auto* buckets = qobject_cast<QSpinBox*>(w.segmentEditor()->paramWidget(SegmentParam::Buckets));
    QVERIFY(buckets);
    buckets->setValue(300);  // binary salt of 300 buckets: 2 bytes
    QCOMPARE(w.document()->scheme().segments[0].buckets, 300);
    QVERIFY(waitForAnalysis(w));
    QCOMPARE(w.examplesModel()->index(0, ExampleKeysModel::Length).data().toInt(), 14);
    // A width narrower than 300 buckets need, in decimal: the engine refuses it.
    auto* encoding = qobject_cast<QComboBox*>(w.segmentEditor()->paramWidget(SegmentParam::Encoding));
    encoding->setCurrentIndex(encoding->findData(static_cast<int>(rk::Encoding::kDecimal)));
    auto* width = qobject_cast<QSpinBox*>(w.segmentEditor()->paramWidget(SegmentParam::Width));
    width->setValue(2);
    QVERIFY(!w.document()->isValid());
    QVERIFY(w.segmentEditor()->errorLabel()->isVisible());
    QVERIFY2(w.segmentEditor()->errorLabel()->text().contains(QStringLiteral("width")),
             qPrintable(w.segmentEditor()->errorLabel()->text()));
    QVERIFY(!cell(w.segmentsModel(), 0, regionlab::ui::SchemeSegmentsModel::Problem).isEmpty());
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("scheme_builder_segment_error.png"));
    width->setValue(3);  // "000".."299"
    QVERIFY(w.document()->isValid());
    QVERIFY(waitForAnalysis(w));
    QCOMPARE(w.examplesModel()->index(0, ExampleKeysModel::Length).data().toInt(), 15);
    const QString first = cell(w.examplesModel(), 0, ExampleKeysModel::Escaped);
    QVERIFY2(first.left(3).toInt() < 300 && first.at(0).isDigit(), qPrintable(first));
    // A bad escape in a constant stays in the box and is marked there.
    const int c = w.document()->addSegment(rk::SegmentKind::kConstant);
    w.selectSegment(c);
    auto* value = qobject_cast<QLineEdit*>(w.segmentEditor()->paramWidget(SegmentParam::Value));
    value->clear();
    QTest::keyClicks(value, QStringLiteral("\\xZZ"));
    QCOMPARE(w.document()->scheme().segments[static_cast<size_t>(c)].value, std::string("x"));
    value->clear();
    QTest::keyClicks(value, QStringLiteral("\\x00#"));
    QCOMPARE(w.document()->scheme().segments[static_cast<size_t>(c)].value, std::string("\0#", 2));
  }

  // A timestamp-first design is warned about (hotspot), with the reason.
  void timestampFirstWarned() {
    SchemeBuilderWindow w(nullptr);
    w.show();
    QVERIFY(w.loadExample(QStringLiteral("trade-salted")));
    QVERIFY(w.document()->moveSegment(2, 0));  // ts, salt, seller
    w.document()->removeSegment(1);           // ts, seller: no salt
    QVERIFY(waitForAnalysis(w));
    QVERIFY(w.findingsModel()->warningCount() > 0);
    QCOMPARE(w.findingsModel()->index(0, 0).data(FindingsModel::KindRole).toInt(), static_cast<int>(rk::FindingKind::kHotspot));
    w.findingsView()->setCurrentIndex(w.findingsModel()->index(0, 0));
    QVERIFY(w.explanationLabel()->text().contains(QStringLiteral("last region")));
    QVERIFY(cell(w.segmentsModel(), 0, regionlab::ui::SchemeSegmentsModel::Problem).startsWith(QStringLiteral("Write hotspot")));
    w.resize(1500, 960);
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("scheme_builder_hotspot_warning.png"));
  }

  // The type of a field is chosen from a list in the table and reaches the scheme.
  void fieldTypeChosenInTheTable() {
    SchemeBuilderWindow w(nullptr);
    w.show();
    QVERIFY(w.loadExample(QStringLiteral("user-time-file")));
    const QModelIndex type = w.fieldsModel()->index(0, 1);
    w.fieldsView()->setCurrentIndex(type);
    w.fieldsView()->edit(type);
    auto* combo = w.fieldsView()->viewport()->findChild<QComboBox*>();
    QVERIFY(combo);
    QCOMPARE(combo->currentText(), QStringLiteral("long"));
    combo->setCurrentText(QStringLiteral("string"));
    emit combo->activated(combo->currentIndex());
    QCOMPARE(w.document()->scheme().fields[0].type, rk::FieldType::kString);
  }

  void jsonExportImport() {
    regionlab::test::TempDir dir;
    SchemeBuilderWindow w(nullptr);
    QVERIFY(w.loadExample(QStringLiteral("vehicle")));
    w.document()->setName(QStringLiteral("cars"));
    QString error;
    const QString path = QString::fromStdString(dir.File("cars.json"));
    QVERIFY2(w.exportJson(path, &error), qPrintable(error));
    QVERIFY(w.loadExample(QStringLiteral("general")));
    QVERIFY2(w.importJson(path, &error), qPrintable(error));
    QCOMPARE(w.document()->scheme().name, std::string("cars"));
    QCOMPARE(w.document()->scheme().segments.size(), size_t{3});
    QVERIFY(!w.importJson(QString::fromStdString(dir.File("missing.json")), &error));
    QVERIFY(error.contains(QStringLiteral("missing.json")));
  }

  // Through the catalog of a real data directory; the Schema menu opens both windows.
  void catalogAndMainWindow() {
    regionlab::test::TempDir dir;
    regionlab::ui::MainWindow main;
    main.setOfferDemo(false);
    QSignalSpy opened(main.controller(), &regionlab::ui::EngineController::opened);
    main.openDataDirectory(QString::fromStdString(dir.File("data")));
    QVERIFY(opened.wait(kWaitMs));
    // The Schema menu's actions open the windows.
    auto action = [&](const QString& text) -> QAction* {
      for (QAction* a : main.findChildren<QAction*>())
        if (a->text() == text) return a;
      return nullptr;
    };
    QAction* builderAction = action(QStringLiteral("Rowkey scheme &builder\u2026"));
    QAction* simulatorAction = action(QStringLiteral("&Distribution simulator\u2026"));
    QVERIFY(builderAction && simulatorAction);
    builderAction->trigger();
    SchemeBuilderWindow* w = main.findChild<SchemeBuilderWindow*>();
    QVERIFY(w && w->isVisible());
    QCOMPARE(main.showSchemeBuilder(), w);  // one window, shown again
    QVERIFY(w->loadExample(QStringLiteral("risk-hash")));
    w->document()->setName(QStringLiteral("profiles"));
    QSignalSpy saved(w->catalog(), &regionlab::ui::SchemeCatalog::saved);
    w->saveToCatalog();
    QVERIFY(saved.wait(kWaitMs));
    QVERIFY(saved.at(0).at(1).toBool());
    QTRY_COMPARE_WITH_TIMEOUT(w->catalogBox()->currentText(), QStringLiteral("profiles"), kWaitMs);
    QVERIFY(w->loadExample(QStringLiteral("general")));
    QSignalSpy loaded(w->catalog(), &regionlab::ui::SchemeCatalog::loaded);
    w->loadFromCatalog(QStringLiteral("profiles"));
    QVERIFY(loaded.wait(kWaitMs));
    QCOMPARE(w->document()->scheme().name, std::string("profiles"));
    QCOMPARE(w->document()->scheme().segments[0].kind, rk::SegmentKind::kHash);

    // "Simulate distribution..." hands the builder's scheme to the simulator.
    QSignalSpy simulate(w, &SchemeBuilderWindow::simulateRequested);
    emit w->simulateRequested(w->document()->scheme());
    simulatorAction->trigger();
    auto* sim = main.findChild<regionlab::ui::DistributionSimulatorWindow*>();
    QVERIFY(sim && sim->isVisible());
    QVERIFY(sim->schemeFor(regionlab::ui::DistributionSimulatorWindow::builderSource()) != nullptr);
    QCOMPARE(sim->schemeFor(regionlab::ui::DistributionSimulatorWindow::builderSource())->name, std::string("profiles"));

    // "Create table..." hands the scheme's JSON over...
    QVERIFY(main.findChild<regionlab::ui::CreateTableDialog*>() == nullptr);
    QSignalSpy create(w, &SchemeBuilderWindow::createTableRequested);
    QTest::mouseClick(w->createTableButton(), Qt::LeftButton);
    QCOMPARE(create.count(), 1);
    rk::RowkeyScheme carried;
    QString error;
    QVERIFY(regionlab::ui::schemeFromJsonFile(create.at(0).at(0).toByteArray(), QStringLiteral("hand-off"), &carried, &error));
    QCOMPARE(carried.name, std::string("profiles"));

    // ...and the main window opens the create-table form pre-split from the
    // scheme: quantiles of its sampled keys, 16 regions by default.
    auto* dialog = main.findChild<regionlab::ui::CreateTableDialog*>();
    QVERIFY(dialog && dialog->isVisible());
    regionlab::ui::CreateTableForm* form = dialog->form();
    QCOMPARE(form->presplitMode(), regionlab::ui::PresplitMode::Scheme);
    QVERIFY(form->scheme().has_value());
    QCOMPARE(form->scheme()->name, std::string("profiles"));
    QCOMPARE(form->schemeSource(), QStringLiteral("Scheme builder"));
    QCOMPARE(dialog->presplit()->schemeSourceCombo()->currentText(), QStringLiteral("Scheme builder"));
    QCOMPARE(dialog->presplit()->schemeNameCombo()->currentText(), QStringLiteral("profiles"));
    QCOMPARE(dialog->presplit()->modeCombo()->currentData().toInt(), int(regionlab::ui::PresplitMode::Scheme));
    QTRY_VERIFY_WITH_TIMEOUT(!form->splitKeysPending() && !form->splitKeys().empty(), kWaitMs);
    QCOMPARE(form->splitKeys().size(), size_t(form->schemeRegions() - 1));
    QVERIFY(std::is_sorted(form->splitKeys().begin(), form->splitKeys().end()));
    QVERIFY2(dialog->statementView()->toPlainText().contains(QStringLiteral("SPLITS =>")),
             qPrintable(dialog->statementView()->toPlainText()));
    RL_SAVE_SCREENSHOT(w, QStringLiteral("scheme-builder-create-table.png"));
    RL_SAVE_SCREENSHOT(dialog, QStringLiteral("create-table-from-builder.png"));
    dialog->close();
  }
};

QTEST_MAIN(SchemeBuilderWindowTest)
#include "scheme_builder_window_test.moc"
