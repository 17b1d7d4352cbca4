// The create-table form in alter mode on a real table: it shows the table
// unchanged, keeps what alter cannot change, and its alter statements and
// descriptor agree with the shell's alter rules and with the engine.
#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QtTest>

#include "engine/catalog/catalog_test_util.h"
#include "models/create_table_form.h"
#include "models/family_table_model.h"
#include "regionlab/cluster.h"
#include "shell/alter_statement.h"

using namespace regionlab;
using namespace regionlab::ui;
using regionlab::test::CompareTables;
using Col = FamilyTableModel::Column;

namespace {

void setCell(CreateTableForm* f, int row, int column, const QVariant& value) {
  QAbstractItemModel* m = f->families();
  QVERIFY(m->setData(m->index(row, column), value));
}

}  // namespace

class AlterTableFormTest : public QObject {
  Q_OBJECT

 private slots:
  void alterFromRealTable() {
    QTemporaryDir dir;
    ClusterOptions options;
    options.metrics_interval_ms = 0;
    auto cluster = Cluster::Open(dir.path().toStdString(), options);
    QVERIFY(cluster.ok());
    Admin& admin = (*cluster)->admin();
    TableDescriptor t = test::MakeTable("default", "users", {"d", "m"});
    t.families[1].configuration = {{"hbase.hstore.blockingStoreFiles", "20"}};
    t.split_policy = "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy";
    t.metadata = {{"KeyPrefixRegionSplitPolicy.prefix_length", "4"}, {"team", "risk"}};
    RL_QVERIFY_OK(admin.CreateTable(t, {"g", "p"}));
    const TableDescriptor stored = *admin.GetDescriptor("users");

    CreateTableForm form;
    QAbstractItemModelTester tester(form.families(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    form.loadExisting(stored, *admin.GetSplits("users"));
    QCOMPARE(form.mode(), CreateTableForm::Mode::Alter);
    QVERIFY(form.isValid());
    QVERIFY(!form.hasChanges());
    QCOMPARE(form.statement(), QStringLiteral("# no changes: the form shows the table as it is"));
    QCOMPARE(form.splitKeys(), (std::vector<std::string>{"g", "p"}));
    QCOMPARE(form.prefixLengthText(), QStringLiteral("4"));
    QCOMPARE(form.metadataText(), QStringLiteral("team=risk"));
    // What alter cannot change stays as it is.
    form.setPresplitMode(PresplitMode::NumRegions);
    QCOMPARE(form.presplitMode(), PresplitMode::None);
    QVERIFY(!(form.families()->flags(form.families()->index(0, Col::Name)) & Qt::ItemIsEditable));
    QVERIFY(form.families()->flags(form.families()->index(0, Col::Versions)) & Qt::ItemIsEditable);

    setCell(&form, 0, Col::Versions, 4);
    form.families()->removeRows(1, 1);
    setCell(&form, form.addFamily(), Col::Compression, QStringLiteral("SNAPPY"));
    form.setOwner(QStringLiteral("ops"));
    form.setPrefixLengthText(QStringLiteral("6"));
    form.setMetadataText(QString());
    QVERIFY(form.isValid());
    QVERIFY(form.hasChanges());
    QCOMPARE(form.statement(),
             QStringLiteral("alter 'users', 'delete' => 'm'\n"
                            "alter 'users', {NAME => 'd', VERSIONS => 4}\n"
                            "alter 'users', {NAME => 'cf', COMPRESSION => 'SNAPPY'}\n"
                            "alter 'users', {OWNER => 'ops', METADATA => {'KeyPrefixRegionSplitPolicy.prefix_length' => '6'}}\n"
                            "alter 'users', METHOD => 'table_att_unset', NAME => 'team'"));
    TableDescriptor applied = stored;
    RL_QVERIFY_OK(shell::ApplyAlterStatements(form.statement().toStdString(), &applied));
    CompareTables(applied, form.descriptor());
    RL_QVERIFY_OK(admin.ModifyTable(form.descriptor()));
    CompareTables(*admin.GetDescriptor("users"), form.descriptor());
    QCOMPARE(*admin.GetSplits("users"), (std::vector<std::string>{"g", "p"}));

    // A family's CONFIGURATION key cannot be removed by alter.
    CreateTableForm again;
    again.loadExisting(stored, {"g", "p"});
    setCell(&again, 1, Col::Configuration, QString());
    QVERIFY(!again.isValid());
    QVERIFY(again.issuesFor(FormField::Families).first().message.contains(QStringLiteral("alter cannot remove")));
    RL_QVERIFY_OK((*cluster)->Close());
  }

};

QTEST_MAIN(AlterTableFormTest)
#include "alter_table_form_test.moc"
