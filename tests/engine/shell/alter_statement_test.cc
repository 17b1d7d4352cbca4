// The alter statements written for a change of descriptor apply back,
// through the shell's own alter rules, to the changed descriptor: families
// added, removed and modified, attributes set and unset, METADATA and
// CONFIGURATION entries added, changed and removed. Changes alter cannot
// make are refused by name, and the statements run in the shell against a
// cluster.
#include <QtTest>

#include <string>

#include "engine/catalog/catalog_test_util.h"
#include "shell/alter_statement.h"
#include "shell_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

Q_DECLARE_METATYPE(regionlab::TableDescriptor)

namespace {

TableDescriptor Base() {
  TableDescriptor t = MakeTable("ns1", "events", {"d", "m"});
  t.families[0].max_versions = 3;
  t.families[1].configuration = {{"hbase.hstore.blockingStoreFiles", "20"}};
  t.max_file_size = 1ull << 30;
  t.split_policy = "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy";
  t.owner = "ops";
  t.metadata = {{"KeyPrefixRegionSplitPolicy.prefix_length", "4"}, {"team", "risk"}};
  t.configuration = {{"hbase.increasing.policy.initial.size", "67108864"}};
  return t;
}

}  // namespace

class AlterStatementTest : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip_data() {
    QTest::addColumn<TableDescriptor>("after");
    QTest::addColumn<QStringList>("statements");
    const TableDescriptor base = Base();

    QTest::newRow("no change") << base << QStringList();

    TableDescriptor added = base;
    added.families.push_back(Family("x"));
    added.families.push_back(Family("y"));
    added.families.back().bloom = BloomType::kRowCol;
    QTest::newRow("families added")
        << added
        << QStringList{"alter 'ns1:events', 'x'",
                       "alter 'ns1:events', {NAME => 'y', BLOOMFILTER => 'ROWCOL'}"};

    TableDescriptor removed = base;
    removed.families.erase(removed.families.begin());
    QTest::newRow("family removed") << removed << QStringList{"alter 'ns1:events', 'delete' => 'd'"};

    TableDescriptor modified = base;
    modified.families[0].max_versions = 1;  // back to the default: still written
    modified.families[0].ttl_seconds = 86400;
    modified.families[0].min_versions = 1;
    modified.families[1].configuration["hbase.hstore.blockingStoreFiles"] = "30";
    modified.families[1].configuration["hbase.hstore.compaction.min"] = "4";
    QTest::newRow("families modified")
        << modified
        << QStringList{"alter 'ns1:events', {NAME => 'd', VERSIONS => 1, TTL => 86400, MIN_VERSIONS => 1}",
                       "alter 'ns1:events', {NAME => 'm', CONFIGURATION => "
                       "{'hbase.hstore.blockingStoreFiles' => '30', 'hbase.hstore.compaction.min' => '4'}}"};

    TableDescriptor attrs = base;
    attrs.max_file_size = 10ull << 30;
    attrs.memstore_flush_size = 64ull << 20;
    attrs.durability = Durability::kAsyncWal;
    attrs.owner = "it's me";
    attrs.split_policy = "org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy";
    attrs.metadata["team"] = "trading";
    attrs.metadata[std::string("k\x00", 2)] = "\xFF";
    attrs.configuration["hbase.hregion.max.filesize.jitter"] = "0";
    QTest::newRow("attributes set")
        << attrs
        << QStringList{"alter 'ns1:events', {MAX_FILESIZE => 10737418240, MEMSTORE_FLUSHSIZE => 67108864, "
                       "SPLIT_POLICY => 'org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy', "
                       "DURABILITY => 'ASYNC_WAL', OWNER => 'it\\'s me', METADATA => {\"k\\x00\" => \"\\xFF\", "
                       "'team' => 'trading'}, CONFIGURATION => {'hbase.hregion.max.filesize.jitter' => '0'}}"};

    TableDescriptor unset = base;
    unset.owner.clear();
    unset.split_policy.clear();
    unset.metadata.clear();
    unset.configuration.clear();
    QTest::newRow("attributes unset")
        << unset
        << QStringList{"alter 'ns1:events', METHOD => 'table_att_unset', NAME => ['SPLIT_POLICY', 'OWNER', "
                       "'KeyPrefixRegionSplitPolicy.prefix_length', 'team']",
                       "alter 'ns1:events', METHOD => 'table_conf_unset', NAME => "
                       "'hbase.increasing.policy.initial.size'"};

    TableDescriptor all = attrs;
    all.families = removed.families;
    all.families[0].in_memory = true;
    all.families.push_back(Family("n"));
    all.owner.clear();
    QTest::newRow("everything at once")
        << all
        << QStringList{"alter 'ns1:events', 'delete' => 'd'",
                       "alter 'ns1:events', {NAME => 'm', IN_MEMORY => true}",
                       "alter 'ns1:events', 'n'",
                       "alter 'ns1:events', {MAX_FILESIZE => 10737418240, MEMSTORE_FLUSHSIZE => 67108864, "
                       "SPLIT_POLICY => 'org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy', "
                       "DURABILITY => 'ASYNC_WAL', METADATA => {\"k\\x00\" => \"\\xFF\", 'team' => 'trading'}, "
                       "CONFIGURATION => {'hbase.hregion.max.filesize.jitter' => '0'}}",
                       "alter 'ns1:events', METHOD => 'table_att_unset', NAME => 'OWNER'"};
  }
  void roundTrip() {
    QFETCH(TableDescriptor, after);
    QFETCH(QStringList, statements);
    const TableDescriptor before = Base();
    auto text = shell::FormatAlterStatements(before, after);
    QVERIFY2(text.ok(), text.status().ToString().c_str());
    QStringList got;
    std::string script;
    for (const std::string& s : *text) {
      got << QString::fromStdString(s);
      script += s + "\n";
    }
    QCOMPARE(got, statements);
    TableDescriptor applied = before;
    std::vector<std::string> warnings;
    RL_QVERIFY_OK(shell::ApplyAlterStatements(script, &applied, &warnings));
    QVERIFY(warnings.empty());
    CompareTables(applied, after);
  }

  void refused() {
    TableDescriptor other = Base();
    other.name = "other";
    auto renamed = shell::FormatAlterStatements(Base(), other);
    QCOMPARE(renamed.status().message(), std::string("alter cannot rename table ns1:events to ns1:other"));

    TableDescriptor dropped = Base();
    dropped.families[1].configuration.clear();
    auto s = shell::FormatAlterStatements(Base(), dropped);
    QVERIFY(s.status().IsInvalidArgument());
    QCOMPARE(s.status().message(),
             std::string("alter cannot remove CONFIGURATION key 'hbase.hstore.blockingStoreFiles' of family "
                         "m; the shell only adds or changes a family's entries"));
  }

  void applyErrors() {
    TableDescriptor d = Base();
    Status s = shell::ApplyAlterStatements("alter 'ns1:events', 'f'\nalter 't2', 'g'", &d);
    QCOMPARE(s.message(), std::string("line 2: the statement does not alter table ns1:events"));
    s = shell::ApplyAlterStatements("# a comment\nlist", &d);
    QCOMPARE(s.message(), std::string("line 2: expected an alter statement, found 'list'"));
    s = shell::ApplyAlterStatements("alter 'ns1:events', 'delete' => 'zz'", &d);
    QCOMPARE(s.message(), std::string("line 1: Family 'zz' does not exist in table ns1:events"));
    s = shell::ApplyAlterStatements("alter 'ns1:events', {NAME => 'd'", &d);
    QVERIFY2(s.message().rfind("syntax error, line 1", 0) == 0, s.message().c_str());
  }

  // The statements are what the shell runs on a live table.
  void runsInTheShell() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    RL_QVERIFY_OK(fx.cluster().admin().CreateNamespace("ns1"));
    TableDescriptor before = Base();
    RL_QVERIFY_OK(fx.cluster().admin().CreateTable(before, {"m"}));
    before = *fx.cluster().admin().GetDescriptor("ns1:events");
    TableDescriptor after = before;
    after.families.erase(after.families.begin());
    after.families.push_back(Family("z"));
    after.families[0].max_versions = 7;
    after.owner.clear();
    after.memstore_flush_size = 32ull << 20;
    auto text = shell::FormatAlterStatements(before, after);
    QVERIFY(text.ok());
    for (const std::string& statement : *text) {
      auto result = fx.Last(statement);
      QVERIFY2(result.ok, (statement + ": " + result.error).c_str());
    }
    CompareTables(*fx.cluster().admin().GetDescriptor("ns1:events"), after);
    QCOMPARE(*fx.cluster().admin().GetSplits("ns1:events"), std::vector<std::string>{"m"});
  }
};

QTEST_GUILESS_MAIN(AlterStatementTest)
#include "alter_statement_test.moc"
