// The create statement written for a descriptor and its split keys parses
// back, through the shell's own create rules, to the same descriptor and
// keys: defaults, every family option, table attributes, binary and quoted
// names and keys, and a SPLITS_FILE written beside it. The statement also
// runs in the shell against a cluster.
#include <QtTest>

#include <string>

#include "engine/catalog/catalog_test_util.h"
#include "rowkey/split_algorithms.h"
#include "rowkey/splits_file.h"
#include "shell/create_statement.h"
#include "shell_test_util.h"
#include "util/env.h"

using namespace regionlab;
using namespace regionlab::test;

Q_DECLARE_METATYPE(regionlab::TableDescriptor)
Q_DECLARE_METATYPE(std::vector<std::string>)

namespace {

TableDescriptor Desc(const std::string& full_name) {
  TableDescriptor t;
  if (!ParseTableName(full_name, &t.ns, &t.name).ok()) qFatal("bad name %s", full_name.c_str());
  return t;
}

FamilyOptions Fam(const std::string& name) {
  FamilyOptions f;
  f.name = name;
  return f;
}

}  // namespace

class CreateStatementTest : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip_data() {
    QTest::addColumn<TableDescriptor>("desc");
    QTest::addColumn<std::vector<std::string>>("keys");
    QTest::addColumn<QString>("statement");

    TableDescriptor plain = Desc("t1");
    plain.families = {Fam("f1")};
    QTest::newRow("defaults") << plain << std::vector<std::string>{} << "create 't1', 'f1'";

    TableDescriptor notes = Desc("t1");
    notes.families = {Fam("f1")};
    notes.families[0].ttl_seconds = 180;
    QTest::newRow("pre-split example")
        << notes << std::vector<std::string>{"10", "20", "30", "40"}
        << "create 't1', {NAME => 'f1', TTL => 180}, {SPLITS => ['10', '20', '30', '40']}";

    // The demo's NewsClickFeedback table.
    TableDescriptor news = Desc("NewsClickFeedback");
    news.families = {Fam("Toutiao")};
    news.families[0].compression = Compression::kSnappy;
    news.families[0].ttl_seconds = 259200;
    std::vector<std::string> hex_keys;
    for (const char* k : {"1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"}) {
      hex_keys.push_back(k);
    }
    QTest::newRow("NewsClickFeedback")
        << news << hex_keys
        << "create 'NewsClickFeedback', {NAME => 'Toutiao', COMPRESSION => 'SNAPPY', TTL => 259200}, "
           "{SPLITS => ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f']}";

    TableDescriptor every = Desc("ns1:every");
    every.families = {Fam("a"), Fam("b")};
    FamilyOptions& a = every.families[0];
    a.bloom = BloomType::kRowCol;
    a.in_memory = true;
    a.max_versions = 5;
    a.keep_deleted_cells = true;
    a.compression = Compression::kSnappy;
    a.ttl_seconds = 86400;
    a.min_versions = 1;
    a.block_cache = false;
    a.block_size = 4096;
    a.configuration = {{"hbase.hstore.blockingStoreFiles", "10"}};
    every.families[1].bloom = BloomType::kNone;
    every.max_file_size = 134217728;
    every.memstore_flush_size = 5242880;
    every.split_policy = "KeyPrefixRegionSplitPolicy";
    every.durability = Durability::kAsyncWal;
    every.owner = "johndoe";
    every.metadata = {{"KeyPrefixRegionSplitPolicy.prefix_length", "2"}, {"mykey", "myvalue"}};
    every.configuration = {{"hbase.hregion.scan.loadColumnFamiliesOnDemand", "true"}};
    QTest::newRow("every option")
        << every << std::vector<std::string>{"m"}
        << "create 'ns1:every', {NAME => 'a', BLOOMFILTER => 'ROWCOL', IN_MEMORY => true, "
           "VERSIONS => 5, KEEP_DELETED_CELLS => true, COMPRESSION => 'SNAPPY', TTL => 86400, "
           "MIN_VERSIONS => 1, BLOCKCACHE => false, BLOCKSIZE => 4096, CONFIGURATION => "
           "{'hbase.hstore.blockingStoreFiles' => '10'}}, {NAME => 'b', BLOOMFILTER => 'NONE'}, "
           "{SPLITS => ['m'], MAX_FILESIZE => 134217728, MEMSTORE_FLUSHSIZE => 5242880, "
           "SPLIT_POLICY => 'KeyPrefixRegionSplitPolicy', DURABILITY => 'ASYNC_WAL', "
           "OWNER => 'johndoe', METADATA => {'KeyPrefixRegionSplitPolicy.prefix_length' => '2', "
           "'mykey' => 'myvalue'}, CONFIGURATION => {'hbase.hregion.scan.loadColumnFamiliesOnDemand'"
           " => 'true'}}";

    TableDescriptor odd = Desc("odd");
    odd.families = {Fam("it's")};
    odd.owner = "back\\slash";
    odd.metadata = {{std::string("k\x00", 2), "\xFF#{x}"}};
    QTest::newRow("quotes, backslashes and bytes")
        << odd
        << std::vector<std::string>{std::string("\x00\x01", 2), "a'b", "c\\d", "\xFF"}
        << "create 'odd', 'it\\'s', {SPLITS => ['\\x00\\x01', 'a\\'b', 'c\\x5Cd', '\\xFF'], "
           "OWNER => 'back\\\\slash', METADATA => {\"k\\x00\" => \"\\xFF\\x23{x}\"}}";
  }
  void roundTrip() {
    QFETCH(TableDescriptor, desc);
    QFETCH(std::vector<std::string>, keys);
    QFETCH(QString, statement);
    const std::string text = shell::FormatCreateStatement(desc, keys);
    QCOMPARE(QString::fromStdString(text), statement);
    TableDescriptor back;
    std::vector<std::string> back_keys;
    std::vector<std::string> warnings;
    const Status s = shell::ParseCreateStatement(text, "", &back, &back_keys, &warnings);
    QVERIFY2(s.ok(), s.ToString().c_str());
    QVERIFY(warnings.empty());
    CompareTables(back, desc);
    QCOMPARE(back_keys, keys);
    // The multi-line form reads the same.
    shell::CreateStatementOptions o;
    o.multi_line = true;
    const std::string lines = shell::FormatCreateStatement(desc, keys, o);
    RL_QVERIFY_OK(shell::ParseCreateStatement(lines, "", &back, &back_keys));
    CompareTables(back, desc);
    QCOMPARE(back_keys, keys);
  }

  void splitsFileBeside() {
    TempDir dir;
    TableDescriptor t = Desc("split_table_test");
    t.families = {Fam("cf")};
    t.families[0].compression = Compression::kSnappy;
    const std::vector<std::string> keys = {"0001|", "0002|", "0003|", std::string("\x00z", 2)};
    auto sorted = ValidateSplitKeys(keys);
    QVERIFY(sorted.ok());
    shell::CreateStatementOptions o;
    o.splits_file = "region_split_info.txt";
    const std::string text = shell::FormatCreateStatement(t, *sorted, o);
    QCOMPARE(text, std::string("create 'split_table_test', {NAME => 'cf', COMPRESSION => 'SNAPPY'}, "
                               "{SPLITS_FILE => 'region_split_info.txt'}"));
    RL_QVERIFY_OK(Env::Default()->WriteFileAtomically(dir.File("region_split_info.txt"),
                                                      FormatSplitsFile(*sorted)));
    TableDescriptor back;
    std::vector<std::string> back_keys;
    RL_QVERIFY_OK(shell::ParseCreateStatement(text, dir.path(), &back, &back_keys));
    QCOMPARE(back_keys, *sorted);
    // HBase records the file's name in the table's METADATA; otherwise the same.
    QCOMPARE(back.metadata.at("SPLITS_FILE"), std::string("region_split_info.txt"));
    back.metadata.erase("SPLITS_FILE");
    CompareTables(back, t);
  }

  // NUMREGIONS + SPLITALGO written instead of the keys reads back to the
  // same keys (the acceptance file's HexStringSplit with 15 regions).
  void numRegionsForm() {
    TableDescriptor t = Desc("t8");
    t.families = {Fam("f1")};
    auto keys = ComputeSplitKeys(SplitAlgorithm::kHexString, 15);
    QVERIFY(keys.ok());
    shell::CreateStatementOptions o;
    o.num_regions = 15;
    o.split_algorithm = "HexStringSplit";
    const std::string text = shell::FormatCreateStatement(t, *keys, o);
    QCOMPARE(text, std::string("create 't8', 'f1', {NUMREGIONS => 15, SPLITALGO => 'HexStringSplit'}"));
    TableDescriptor back;
    std::vector<std::string> back_keys;
    RL_QVERIFY_OK(shell::ParseCreateStatement(text, "", &back, &back_keys));
    CompareTables(back, t);
    QCOMPARE(back_keys, *keys);
    QCOMPARE(back_keys.front(), std::string("11111111"));
    QCOMPARE(back_keys.back(), std::string("eeeeeeee"));
  }

  void parseErrors() {
    TableDescriptor d;
    std::vector<std::string> keys;
    Status s = shell::ParseCreateStatement("create 't' 'f'", "", &d, &keys);
    QVERIFY(s.IsInvalidArgument());
    QVERIFY2(s.message().rfind("syntax error, line 1, column 12:", 0) == 0, s.message().c_str());
    s = shell::ParseCreateStatement("list", "", &d, &keys);
    QCOMPARE(s.message(), std::string("expected a create statement, found 'list'"));
    s = shell::ParseCreateStatement("create 't', 'f'\ncreate 'u', 'f'", "", &d, &keys);
    QCOMPARE(s.message(), std::string("expected one create statement, found 2 statements"));
    s = shell::ParseCreateStatement("create 't', 'f', SPLITS => ['b', 'a', 'b']", "", &d, &keys);
    QVERIFY2(s.message().find("All split keys must be unique") != std::string::npos, s.message().c_str());
    std::vector<std::string> warnings;
    RL_QVERIFY_OK(shell::ParseCreateStatement("create 't', {NAME => 'f', DATA_BLOCK_ENCODING => 'NONE'}",
                                              "", &d, &keys, &warnings));
    QCOMPARE(warnings, std::vector<std::string>{"RegionLab does not model DATA_BLOCK_ENCODING; ignored for column family f"});
  }

  // The exported statement is what the shell runs.
  void runsInTheShell() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    TableDescriptor t = Desc("exported");
    t.families = {Fam("f")};
    t.families[0].max_versions = 3;
    const std::vector<std::string> keys = {std::string("\x01", 1), "\x80"};
    auto results = fx.Run(shell::FormatCreateStatement(t, keys));
    QCOMPARE(results.size(), size_t{1});
    QVERIFY2(results[0].ok, results[0].output.c_str());
    auto splits = fx.cluster().admin().GetSplits("exported");
    QCOMPARE(*splits, keys);
    QCOMPARE(fx.cluster().admin().GetDescriptor("exported")->families[0].max_versions, 3);
  }
};

QTEST_GUILESS_MAIN(CreateStatementTest)
#include "create_statement_test.moc"
