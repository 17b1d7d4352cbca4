// The create-table dialog on a real cluster: typing a name and choosing a
// pre-split updates the preview and the statement at once; errors show next
// to their field and disable Create; Create reaches the engine with the
// keys shown; the same dialog alters an existing table; File > New table
// and the tree's Alter table open it. Screenshots of every pre-split mode,
// an error and alter mode go to $REGIONLAB_SCREENSHOT_DIR.
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <algorithm>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

#include "models/cluster_tree_model.h"
#include "models/create_table_form.h"
#include "models/engine_controller.h"
#include "models/family_table_model.h"
#include "models/item_model_walk.h"
#include "models/split_keys_model.h"
#include "screenshot.h"
#include "seed_cluster.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "support/test_util.h"
#include "ui/create_table_dialog.h"
#include "ui/family_grid.h"
#include "ui/main_window.h"
#include "ui/presplit_editor.h"
#include "ui/region_map_widget.h"
#include "ui/table_attributes_editor.h"

using namespace regionlab;
using namespace regionlab::ui;

namespace {
constexpr int kWaitMs = 30000;

// Reads something from the engine on its worker and waits for the answer.
template <typename T>
T ask(EngineController* controller, std::function<T(Cluster*)> read) {
  T out{};
  bool done = false;
  controller->runInSlot(EngineController::kNoSlot, [&](Cluster* c, WorkerSlot&) {
    out = read(c);
    controller->postReply(controller->generation(), [&] { done = true; });
  });
  if (!QTest::qWaitFor([&] { return done; }, kWaitMs))
    QTest::qFail("the engine worker did not answer", __FILE__, __LINE__);
  return out;
}

std::vector<std::string> splitsOf(EngineController* controller, const std::string& table) {
  return ask<std::vector<std::string>>(controller, [table](Cluster* c) {
    auto s = c->admin().GetSplits(table);
    return s.ok() ? *s : std::vector<std::string>{"<" + s.status().ToString() + ">"};
  });
}

void chooseMode(CreateTableDialog& d, PresplitMode mode) {
  QComboBox* combo = d.presplit()->modeCombo();
  combo->setCurrentIndex(combo->findData(int(mode)));
}

// Lays the dialog out before a screenshot (fields just hidden or shown).
#define SCREENSHOT(widget, name)                                          \
  do {                                                                    \
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);   \
    RL_SAVE_SCREENSHOT(widget, name);                                     \
  } while (false)

// The visible error labels' texts, for messages.
QStringList shownErrors(QWidget* w) {
  QStringList out;
  for (QLabel* l : w->findChildren<QLabel*>())
    if (l->isVisible() && l->styleSheet().contains(QStringLiteral("#c62828")) && !l->text().isEmpty()) out << l->text();
  return out;
}
}  // namespace

class CreateTableDialogTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, QString::fromStdString(m_dir.File("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("RegionLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("create_table_dialog_test"));
    RL_QVERIFY_OK(test::SeedCluster(m_dir.File("data"), 2000));
    QSignalSpy opened(&m_controller, &EngineController::opened);
    m_controller.openDataDirectory(QString::fromStdString(m_dir.File("data")), 3);
    QVERIFY(opened.wait(kWaitMs));
  }

  void createReachesTheEngine() {
    CreateTableDialog dialog(&m_controller);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // The engine's namespaces and tables arrive on their own.
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.form()->namespaces().isEmpty(), kWaitMs);
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("trades"));
    QVERIFY(!dialog.submitButton()->isEnabled());
    QVERIFY2(shownErrors(&dialog).join(QLatin1Char(' ')).contains(QStringLiteral("Table already exists: trades")),
             qPrintable(shownErrors(&dialog).join(QLatin1Char('|'))));
    // A family cell with a problem: tinted, and the reason under the grid.
    QAbstractItemModel* families = dialog.form()->families();
    QVERIFY(families->setData(families->index(0, FamilyTableModel::MinVersions), 2));
    QCOMPARE(families->index(0, FamilyTableModel::MinVersions).data(Qt::BackgroundRole).isValid(), true);
    QVERIFY(shownErrors(&dialog).join(QLatin1Char(' ')).contains(QStringLiteral("Family #1 (cf) MIN_VERSIONS")));
    SCREENSHOT(&dialog, QStringLiteral("create-table-name-and-family-errors.png"));
    QVERIFY(families->setData(families->index(0, FamilyTableModel::MinVersions), 0));
    dialog.nameEdit()->clear();
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("t8"));
    QVERIFY(dialog.submitButton()->isEnabled());
    QCOMPARE(dialog.preview()->regions().size(), size_t{1});
    SCREENSHOT(&dialog, QStringLiteral("create-table-none.png"));

    // NUMREGIONS 15 with HexStringSplit, as the acceptance statements have it.
    chooseMode(dialog, PresplitMode::NumRegions);
    dialog.presplit()->numRegionsSpin()->setValue(15);
    QCOMPARE(dialog.preview()->regions().size(), size_t{15});
    QCOMPARE(dialog.preview()->regions()[1].startKey, QStringLiteral("11111111"));
    QCOMPARE(dialog.preview()->regions()[14].startKey, QStringLiteral("eeeeeeee"));
    QCOMPARE(dialog.statementView()->toPlainText(),
             QStringLiteral("create 't8',\n  'cf',\n  {NUMREGIONS => 15, SPLITALGO => 'HexStringSplit'}"));
    SCREENSHOT(&dialog, QStringLiteral("create-table-numregions.png"));
    const std::vector<std::string> keys = dialog.form()->splitKeys();

    QSignalSpy finished(&dialog, &CreateTableDialog::finished);
    QSignalSpy schema(&m_controller, &EngineController::schemaReady);
    QTest::mouseClick(dialog.submitButton(), Qt::LeftButton);
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
    QVERIFY(!dialog.isVisible());
    QVERIFY(schema.wait(kWaitMs));  // the cluster tree refreshes
    QCOMPARE(splitsOf(&m_controller, "t8"), keys);
  }

  // Without a data directory the form still designs and exports a table.
  void withoutADataDirectory() {
    EngineController closed;
    CreateTableDialog dialog(&closed);
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("offline"));
    QVERIFY(dialog.form()->isValid());
    QVERIFY(!dialog.submitButton()->isEnabled());
    QVERIFY2(dialog.statusLabel()->text().startsWith(QStringLiteral("No data directory is open")),
             qPrintable(dialog.statusLabel()->text()));
    QString error;
    QVERIFY2(dialog.saveStatementTo(QString::fromStdString(m_dir.File("offline.hbase")), &error), qPrintable(error));
  }

  void refusedByTheEngineStaysOpen() {
    CreateTableDialog dialog(&m_controller);
    dialog.show();
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("raced"));
    // Another client takes the name after the form checked it.
    QCOMPARE(ask<QString>(&m_controller, [](Cluster* c) {
               TableDescriptor d;
               d.name = "raced";
               d.families.resize(1);
               d.families[0].name = "f";
               return QString::fromStdString(c->admin().CreateTable(d).ToString());
             }),
             QStringLiteral("OK"));
    QSignalSpy finished(&dialog, &CreateTableDialog::finished);
    QTest::mouseClick(dialog.submitButton(), Qt::LeftButton);
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY(!finished.first().at(0).toBool());
    QVERIFY(dialog.isVisible());
    QVERIFY2(dialog.statusLabel()->text().contains(QStringLiteral("Table already exists: raced")),
             qPrintable(dialog.statusLabel()->text()));
  }

  // A store setting RegionLab cannot read is shown under CONFIGURATION as a
  // warning; Create stays enabled.
  void unreadableStoreSettingWarns() {
    CreateTableDialog dialog(&m_controller);
    dialog.show();
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("offpeak"));
    dialog.attributes()->configurationEdit()->setPlainText(
        QStringLiteral("hbase.offpeak.start.hour=22\nhbase.offpeak.end.hour=6\n"
                       "hbase.hstore.compaction.ratio.offpeak=fast"));
    const QString warning = QStringLiteral(
        "CONFIGURATION hbase.hstore.compaction.ratio.offpeak: 'fast' cannot be read, so RegionLab keeps its default");
    QTRY_VERIFY2(std::any_of(dialog.form()->issues().cbegin(), dialog.form()->issues().cend(),
                             [&](const FormIssue& i) { return i.warning && i.message == warning; }),
                 "no warning for the unreadable off-peak ratio");
    bool shown = false;
    for (QLabel* l : dialog.findChildren<QLabel*>()) shown |= l->isVisible() && l->text().contains(warning);
    QVERIFY(shown);
    QVERIFY(dialog.submitButton()->isEnabled());
    SCREENSHOT(&dialog, QStringLiteral("create-table-configuration-warning.png"));
  }

  void previewFollowsTheKeys() {
    CreateTableDialog dialog(&m_controller);
    dialog.show();
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("keys"));
    chooseMode(dialog, PresplitMode::Keys);
    SplitKeysModel* keys = dialog.form()->explicitKeys();
    QListView* list = dialog.presplit()->keyList();
    for (const char* k : {"b", "m", "\\x00\\x01"}) {
      keys->insertRows(keys->rowCount(), 1);
      const QModelIndex i = keys->index(keys->rowCount() - 1);
      // Making the row current opens its editor (every edit trigger is on).
      list->setCurrentIndex(i);
      QWidget* editor = list->indexWidget(i);
      QVERIFY(editor != nullptr);
      QTest::keyClicks(editor, QString::fromLatin1(k));
      QTest::keyClick(editor, Qt::Key_Return);
      QTRY_COMPARE(keys->keys().value(i.row()), QString::fromLatin1(k));
    }
    QCOMPARE(keys->keys(), (QStringList{QStringLiteral("b"), QStringLiteral("m"), QStringLiteral("\\x00\\x01")}));
    // Unsorted: an error on the third key, Create disabled, the preview still drawn.
    QVERIFY(!dialog.submitButton()->isEnabled());
    QVERIFY(!keys->issue(2).isEmpty());
    QCOMPARE(dialog.preview()->regions().size(), size_t{4});
    keys->insertRows(keys->rowCount(), 1);
    keys->setData(keys->index(3), QStringLiteral("m"));
    QVERIFY(shownErrors(&dialog).join(QLatin1Char(' ')).contains(QStringLiteral("found duplicate: m, m")));
    SCREENSHOT(&dialog, QStringLiteral("create-table-keys-error.png"));
    keys->removeRows(3, 1);
    QVERIFY(keys->sortByBytes());
    QVERIFY(dialog.submitButton()->isEnabled());
    QCOMPARE(dialog.preview()->regions().size(), size_t{4});
    QCOMPARE(dialog.preview()->regions()[1].startKey, QStringLiteral("\\x00\\x01"));
    QCOMPARE(dialog.preview()->regions()[3].startKey, QStringLiteral("m"));
    keys->removeRows(0, 2);
    QCOMPARE(dialog.preview()->regions().size(), size_t{2});
  }

  void everyPresplitMode() {
    CreateTableDialog dialog(&m_controller);
    dialog.show();
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("modes"));
    dialog.presplit()->loadSplitsFile(QStringLiteral(REGIONLAB_ACCEPTANCE_DIR "/region_split_info.txt"));
    QCOMPARE(dialog.preview()->regions().size(), size_t{10});
    QCOMPARE(dialog.presplit()->fileKeyList()->count(), 9);
    QVERIFY(dialog.statementView()->toPlainText().contains(QStringLiteral("SPLITS_FILE => '")));
    SCREENSHOT(&dialog, QStringLiteral("create-table-splits-file.png"));

    chooseMode(dialog, PresplitMode::Scheme);
    dialog.presplit()->schemeRegionsSpin()->setValue(12);
    QComboBox* names = dialog.presplit()->schemeNameCombo();
    // A salted scheme: its 16 salt buckets, one region each, whatever was set before.
    names->setCurrentIndex(names->findText(QStringLiteral("trade-salted")));
    QVERIFY(dialog.form()->splitKeysPending());
    QVERIFY(!dialog.submitButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.form()->splitKeysPending(), kWaitMs);
    QCOMPARE(dialog.preview()->regions().size(), size_t{16});
    QCOMPARE(dialog.presplit()->schemeRegionsSpin()->value(), 16);
    QVERIFY(dialog.presplit()->schemeStatus()->text().contains(QStringLiteral("15 split keys at the salt's bucket")));
    // Fewer regions: groups of buckets.
    dialog.presplit()->schemeRegionsSpin()->setValue(12);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.form()->splitKeysPending(), kWaitMs);
    QCOMPARE(dialog.preview()->regions().size(), size_t{12});
    QVERIFY(dialog.submitButton()->isEnabled());
    QVERIFY(dialog.presplit()->schemeStatus()->text().contains(QStringLiteral("11 split keys")));
    SCREENSHOT(&dialog, QStringLiteral("create-table-scheme.png"));

    chooseMode(dialog, PresplitMode::Partition);
    dialog.presplit()->partitionBucketsSpin()->setValue(64);
    dialog.presplit()->partitionRegionsSpin()->setValue(8);
    QCOMPARE(dialog.preview()->regions().size(), size_t{8});
    QCOMPARE(dialog.preview()->regions()[1].startKey, QStringLiteral("\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x08"));
    SCREENSHOT(&dialog, QStringLiteral("create-table-partition.png"));

    // A split policy with its parameter; the threshold text follows the sizes.
    QComboBox* policy = dialog.attributes()->policyCombo();
    policy->setCurrentIndex(policy->findText(QStringLiteral("KeyPrefixRegionSplitPolicy")));
    QVERIFY(dialog.attributes()->prefixLengthEdit()->isVisibleTo(&dialog));
    QVERIFY(!dialog.attributes()->delimiterEdit()->isVisibleTo(&dialog));
    QVERIFY(!dialog.submitButton()->isEnabled());
    QTest::keyClicks(dialog.attributes()->prefixLengthEdit(), QStringLiteral("8"));
    QVERIFY(dialog.submitButton()->isEnabled());
    dialog.attributes()->maxFileSizeEdit()->setText(QStringLiteral("1 GB"));
    QVERIFY2(dialog.attributes()->thresholdLabel()->text().contains(QStringLiteral("min(1 GB, 2 x 128 MB x 2^3) = 1 GB")),
             qPrintable(dialog.attributes()->thresholdLabel()->text()));
    QVERIFY(dialog.statementView()->toPlainText().contains(
        QStringLiteral("SPLIT_POLICY => 'org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy'")));

    // Saved as a .hbase file with its splits file beside it.
    QString error;
    const QString path = QString::fromStdString(m_dir.File("modes.hbase"));
    QVERIFY2(dialog.saveStatementTo(path, &error), qPrintable(error));
    QVERIFY(QFileInfo::exists(path));
  }

  // A scheme saved in the catalog and one in a JSON file split the table
  // too; Copy puts the statement on the clipboard.
  void schemeSourcesAndCopy() {
    auto scheme = rowkey::ExampleScheme("vehicle");
    QVERIFY(scheme.ok());
    scheme->name = "fleet";
    const std::string json = rowkey::FormatSchemeJson(*scheme);
    QCOMPARE(ask<QString>(&m_controller, [json](Cluster* c) {
               return QString::fromStdString(c->admin().SaveRowkeyScheme("fleet", json).ToString());
             }),
             QStringLiteral("OK"));
    CreateTableDialog dialog(&m_controller);
    dialog.show();
    QTest::keyClicks(dialog.nameEdit(), QStringLiteral("fleet"));
    chooseMode(dialog, PresplitMode::Scheme);
    dialog.presplit()->schemeRegionsSpin()->setValue(6);
    dialog.presplit()->schemeSourceCombo()->setCurrentIndex(1);  // saved in the catalog
    QComboBox* names = dialog.presplit()->schemeNameCombo();
    QTRY_VERIFY_WITH_TIMEOUT(names->findText(QStringLiteral("fleet")) >= 0, kWaitMs);
    names->setCurrentIndex(names->findText(QStringLiteral("fleet")));
    QTRY_VERIFY_WITH_TIMEOUT(dialog.form()->scheme().has_value() && !dialog.form()->splitKeysPending(), kWaitMs);
    QCOMPARE(dialog.form()->schemeSource(), QStringLiteral("catalog scheme 'fleet'"));
    QCOMPARE(dialog.preview()->regions().size(), size_t{6});
    const std::vector<std::string> fromCatalog = dialog.form()->splitKeys();

    const QString file = QString::fromStdString(m_dir.File("fleet.json"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(json));
    out.close();
    dialog.presplit()->loadSchemeFile(file);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.form()->splitKeysPending(), kWaitMs);
    QCOMPARE(dialog.form()->schemeSource(), QStringLiteral("fleet.json"));
    QCOMPARE(dialog.form()->splitKeys(), fromCatalog);  // the same scheme, the same sample

    QPushButton* copy = nullptr;
    for (QPushButton* b : dialog.findChildren<QPushButton*>())
      if (b->text() == QLatin1String("Copy")) copy = b;
    QVERIFY(copy != nullptr);
    QTest::mouseClick(copy, Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), dialog.statementView()->toPlainText());
  }

  void altersAnExistingTable() {
    CreateTableDialog dialog(&m_controller);
    QSignalSpy loaded(&dialog, &CreateTableDialog::loaded);
    dialog.loadTable(QStringLiteral("trades"));
    dialog.show();
    QVERIFY(loaded.wait(kWaitMs));
    QVERIFY(loaded.first().at(0).toBool());
    QCOMPARE(dialog.form()->mode(), CreateTableForm::Mode::Alter);
    QCOMPARE(dialog.preview()->regions().size(), size_t{8});  // the live regions
    QVERIFY(!dialog.presplit()->modeCombo()->isEnabled());
    QVERIFY(dialog.nameEdit()->isReadOnly());
    QVERIFY(!dialog.submitButton()->isEnabled());  // nothing changed yet
    QAbstractItemModel* families = dialog.form()->families();
    QVERIFY(families->setData(families->index(0, FamilyTableModel::Versions), 3));
    dialog.attributes()->flushSizeEdit()->setText(QStringLiteral("64 MB"));
    QCOMPARE(dialog.statementView()->toPlainText(),
             QStringLiteral("alter 'trades', {NAME => 't', VERSIONS => 3}\n"
                            "alter 'trades', {MEMSTORE_FLUSHSIZE => 67108864}"));
    QVERIFY(dialog.submitButton()->isEnabled());
    SCREENSHOT(&dialog, QStringLiteral("alter-table.png"));
    QSignalSpy finished(&dialog, &CreateTableDialog::finished);
    QTest::mouseClick(dialog.submitButton(), Qt::LeftButton);
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
    const auto stored = ask<TableDescriptor>(&m_controller, [](Cluster* c) { return *c->admin().GetDescriptor("trades"); });
    QCOMPARE(stored.families[0].max_versions, 3);
    QCOMPARE(stored.memstore_flush_size, uint64_t{64} << 20);
    QCOMPARE(splitsOf(&m_controller, "trades").size(), size_t{7});
  }

  // File > New table (Ctrl+T) and the tree's Alter table open the dialog.
  void openedFromTheMainWindow() {
    // One cluster per data directory: the window opens its own.
    QSignalSpy closed(&m_controller, &EngineController::closed);
    m_controller.closeDataDirectory();
    QVERIFY(closed.wait(kWaitMs));
    MainWindow w;
    w.setOfferDemo(false);
    w.show();
    QSignalSpy schemas(w.controller(), &EngineController::schemaReady);
    w.openDataDirectory(QString::fromStdString(m_dir.File("data")));
    QVERIFY(schemas.wait(kWaitMs));
    QAction* create = nullptr;
    for (QAction* a : w.menuBar()->actions().first()->menu()->actions())
      if (a->text().startsWith(QStringLiteral("New &table"))) create = a;
    QVERIFY(create != nullptr);
    QCOMPARE(create->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
    create->trigger();
    auto* dialog = w.findChild<CreateTableDialog*>();
    QVERIFY(dialog != nullptr);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->form()->mode(), CreateTableForm::Mode::Create);
    dialog->close();
    QTRY_VERIFY(w.findChild<CreateTableDialog*>() == nullptr);  // deleted on close

    QModelIndex trades;
    forEachRow(*w.treeModel(), [&](const QModelIndex& i) {
      if (i.data(ClusterTreeModel::KindRole).toInt() == int(ClusterTreeModel::Kind::Table) &&
          i.data(ClusterTreeModel::TableRole).toString() == QLatin1String("trades"))
        trades = i;
    });
    QVERIFY(trades.isValid());
    QMenu menu;
    w.populateTreeMenu(&menu, trades);
    QAction* alter = nullptr;
    for (QAction* a : menu.actions())
      if (a->text().startsWith(QStringLiteral("Alter table"))) alter = a;
    QVERIFY(alter != nullptr);
    alter->trigger();
    dialog = w.findChild<CreateTableDialog*>();
    QVERIFY(dialog != nullptr);
    QSignalSpy loaded(dialog, &CreateTableDialog::loaded);
    QVERIFY(loaded.wait(kWaitMs));
    QCOMPARE(dialog->form()->mode(), CreateTableForm::Mode::Alter);
    QCOMPARE(dialog->windowTitle(), QStringLiteral("Alter table trades"));
  }

 private:
  test::TempDir m_dir;
  EngineController m_controller;
};

QTEST_MAIN(CreateTableDialogTest)
#include "create_table_dialog_test.moc"
