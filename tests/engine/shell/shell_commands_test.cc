// Shell commands against a cluster in a temporary directory: DDL and
// describe's text, writes and reads with HBase's options and output,
// delete semantics, namespaces, region tools, server failover, the ERROR
// form and the warnings HBase prints for ignored arguments.
#include <QtTest>
#include <ctime>

#include "regionlab/version.h"
#include "shell_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

constexpr const char* kDefaultFamily =
    "{NAME => 'f', BLOOMFILTER => 'ROW', IN_MEMORY => 'false', VERSIONS => '1', "
    "KEEP_DELETED_CELLS => 'FALSE', DATA_BLOCK_ENCODING => 'NONE', COMPRESSION => 'NONE', "
    "TTL => 'FOREVER', MIN_VERSIONS => '0', BLOCKCACHE => 'true', BLOCKSIZE => '65536', "
    "REPLICATION_SCOPE => '0'}";

QString Text(const shell::StatementResult& r) { return QString::fromStdString(r.output); }

// Strips the "Took N seconds" line so outputs compare exactly.
QString WithoutTook(const shell::StatementResult& r) {
  QString t = Text(r);
  static const QRegularExpression took("Took \\d+\\.\\d{4} seconds\\n");
  if (!t.contains(took)) return "(no Took line) " + t;
  t.remove(took);
  return t;
}

}  // namespace

class ShellCommandsTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    qputenv("TZ", "UTC");
    tzset();
  }

  void describeShowsFamilyOptions_data() {
    QTest::addColumn<QString>("create");
    QTest::addColumn<QString>("family");
    QTest::newRow("defaults") << "create 't', 'f'" << kDefaultFamily;
    QTest::newRow("ttl seconds") << "create 't', {NAME => 'f', TTL => 180}"
        << QString(kDefaultFamily).replace("'FOREVER'", "'180 SECONDS (3 MINUTES)'");
    QTest::newRow("ttl text with spaces") << "create 't', {NAME => 'f', TTL => ' 259200 '}"
        << QString(kDefaultFamily).replace("'FOREVER'", "'259200 SECONDS (3 DAYS)'");
    QTest::newRow("ttl human readable") << "create 't', {NAME => 'f', TTL => '1 DAY 1 HOUR'}"
        << QString(kDefaultFamily).replace("'FOREVER'", "'90000 SECONDS (1 DAY 1 HOUR)'");
    QTest::newRow("ttl FOREVER constant") << "create 't', {NAME => 'f', TTL => FOREVER}"
        << kDefaultFamily;
    QTest::newRow("all options")
        << "create 't', {NAME => 'f', VERSIONS => 3, MIN_VERSIONS => 1, TTL => 60, "
           "KEEP_DELETED_CELLS => true, BLOOMFILTER => 'rowcol', COMPRESSION => 'snappy', "
           "BLOCKCACHE => false, IN_MEMORY => 'true', BLOCKSIZE => '8192', "
           "CONFIGURATION => {'hbase.hstore.blockingStoreFiles' => 10}}"
        << "{NAME => 'f', BLOOMFILTER => 'ROWCOL', IN_MEMORY => 'true', VERSIONS => '3', "
           "KEEP_DELETED_CELLS => 'TRUE', DATA_BLOCK_ENCODING => 'NONE', COMPRESSION => 'SNAPPY', "
           "TTL => '60 SECONDS (1 MINUTE)', MIN_VERSIONS => '1', BLOCKCACHE => 'false', "
           "BLOCKSIZE => '8192', REPLICATION_SCOPE => '0', "
           "CONFIGURATION => {'hbase.hstore.blockingStoreFiles' => '10'}}";
  }
  void describeShowsFamilyOptions() {
    QFETCH(QString, create);
    QFETCH(QString, family);
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto r = fx.Last(create.toStdString() + "\ndescribe 't'");
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(WithoutTook(r), "Table t is ENABLED\nt\nCOLUMN FAMILIES DESCRIPTION\n" + family +
                                 "\n\n1 row(s)\n");
  }

  void describeShowsTableAttributes() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto r = fx.Last(
        "create 't7', {NAME => 'f1', VERSIONS => 5}, METADATA => { 'mykey' => 'myvalue' }, "
        "OWNER => 'johndoe', MAX_FILESIZE => '134217728', DURABILITY => 'ASYNC_WAL'\n"
        "disable 't7'\n"
        "describe 't7'");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY2(Text(r).startsWith(
                 "Table t7 is DISABLED\n"
                 "t7, {TABLE_ATTRIBUTES => {DURABILITY => 'ASYNC_WAL', MAX_FILESIZE => '134217728', "
                 "METADATA => {'OWNER' => 'johndoe', 'mykey' => 'myvalue'}}}\n"
                 "COLUMN FAMILIES DESCRIPTION\n{NAME => 'f1', "),
             qPrintable(Text(r)));
  }

  void putGetScanPrintLikeHBase() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto all = fx.Run(
        "create 't', 'f', SPLITS => ['m']\n"
        "put 't', 'a', 'f:q', 'v1', 1000\n"
        "put 't', 'z', 'f:q', \"\\x00bin\\xFF\", 1500\n"
        "put 't', 'z', 'f:r', 5, 1700000000123\n"
        "get 't', 'z'\n"
        "scan 't'\n");
    QCOMPARE(all.size(), size_t(6));
    for (const auto& r : all) QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(WithoutTook(all[4]),
             QString("COLUMN  CELL\n"
                     " f:q timestamp=1970-01-01T00:00:01.500, value=\\x00bin\\xFF\n"
                     " f:r timestamp=2023-11-14T22:13:20.123, value=5\n"
                     "1 row(s)\n"));
    QCOMPARE(WithoutTook(all[5]),
             QString("ROW  COLUMN+CELL\n"
                     " a column=f:q, timestamp=1970-01-01T00:00:01, value=v1\n"
                     " z column=f:q, timestamp=1970-01-01T00:00:01.500, value=\\x00bin\\xFF\n"
                     " z column=f:r, timestamp=2023-11-14T22:13:20.123, value=5\n"
                     "2 row(s)\n"));
    // Create echoes the table object as HBase's irb does.
    QVERIFY(Text(all[0]).contains("Created table t\n"));
    QVERIFY(Text(all[0]).endsWith("=> Hbase::Table - t\n"));
  }

  void epochTimestampsOption() {
    shell::ShellOptions o;
    o.epoch_timestamps = true;
    ShellFixture fx(o);
    QVERIFY(fx.ok());
    auto r = fx.Last("create 't', 'f'\nput 't', 'r', 'f:q', 'v', 1234\nscan 't'");
    QVERIFY(Text(r).contains(" r column=f:q, timestamp=1234, value=v\n"));
  }

  void scanOptions_data() {
    QTest::addColumn<QString>("options");
    QTest::addColumn<QStringList>("rows");
    QTest::newRow("none") << "" << QStringList{"a1", "a2", "b1", "b2", "c1"};
    QTest::newRow("startrow") << "{STARTROW => 'b'}" << QStringList{"b1", "b2", "c1"};
    QTest::newRow("start stop") << "{STARTROW => 'a2', STOPROW => 'c1'}"
                                << QStringList{"a2", "b1", "b2"};
    QTest::newRow("endrow alias") << "{ENDROW => 'b1'}" << QStringList{"a1", "a2"};
    QTest::newRow("limit") << "{LIMIT => 2}" << QStringList{"a1", "a2"};
    QTest::newRow("reversed") << "{REVERSED => true}" << QStringList{"c1", "b2", "b1", "a2", "a1"};
    QTest::newRow("reversed range") << "{REVERSED => true, STARTROW => 'b2', STOPROW => 'a1'}"
                                    << QStringList{"b2", "b1", "a2"};
    QTest::newRow("prefix") << "{ROWPREFIXFILTER => 'b'}" << QStringList{"b1", "b2"};
    QTest::newRow("prefix reversed") << "{ROWPREFIXFILTER => 'b', REVERSED => true}"
                                     << QStringList{"b2", "b1"};
    QTest::newRow("prefix overrides startrow") << "{STARTROW => 'a', ROWPREFIXFILTER => 'c'}"
                                               << QStringList{"c1"};
    QTest::newRow("columns") << "{COLUMNS => ['f:only']}" << QStringList{"b2"};
    QTest::newRow("column string") << "{COLUMN => 'g'}" << QStringList{"c1"};
    QTest::newRow("timerange") << "{TIMERANGE => [20, 40]}" << QStringList{"a2", "b1"};
    QTest::newRow("timestamp") << "{TIMESTAMP => 30}" << QStringList{"b1"};
    QTest::newRow("limit with cache") << "{LIMIT => 3, CACHE => 1}" << QStringList{"a1", "a2", "b1"};
    QTest::newRow("filter") << "{FILTER => \"PrefixFilter('a')\"}" << QStringList{"a1", "a2"};
    QTest::newRow("filter and limit") << "{FILTER => \"PrefixFilter('b')\", LIMIT => 1}"
                                      << QStringList{"b1"};
  }
  void scanOptions() {
    QFETCH(QString, options);
    QFETCH(QStringList, rows);
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto setup = fx.Run(
        "create 't', 'f', 'g', SPLITS => ['b']\n"
        "put 't', 'a1', 'f:q', '1', 10\n"
        "put 't', 'a2', 'f:q', '2', 20\n"
        "put 't', 'b1', 'f:q', '3', 30\n"
        "put 't', 'b2', 'f:only', '4', 50\n"
        "put 't', 'c1', 'g:q', '5', 60\n");
    for (const auto& r : setup) QVERIFY2(r.ok, r.error.c_str());
    QString statement = "scan 't'";
    if (!options.isEmpty()) statement += ", " + options;
    QJsonObject j = fx.Json(statement.toStdString());
    QVERIFY2(j.value("ok").toBool(), qPrintable(j.value("error").toString()));
    QCOMPARE(CellRows(j), rows);
    QCOMPARE(j.value("rows").toInt(), rows.size());
  }

  void versionsRawBatchAndMaxLength() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto setup = fx.Run(
        "create 't', {NAME => 'f', VERSIONS => 5}\n"
        "put 't', 'r', 'f:a', 'v1', 1\n"
        "put 't', 'r', 'f:a', 'v2', 2\n"
        "put 't', 'r', 'f:a', 'v3', 3\n"
        "put 't', 'r', 'f:b', 'long value here', 3\n"
        "delete 't', 'r', 'f:a', 2\n");
    for (const auto& r : setup) QVERIFY2(r.ok, r.error.c_str());
    // delete wrote a DeleteColumn at ts 2: v1 and v2 are gone, v3 stays.
    QCOMPARE(CellSummary(fx.Json("get 't', 'r', {COLUMN => 'f:a', VERSIONS => 5}")),
             QStringList{"r/f:a=v3@3"});
    QJsonObject raw = fx.Json("scan 't', {RAW => true, VERSIONS => 5}");
    QJsonArray cells = raw.value("cells").toArray();
    QCOMPARE(cells.size(), 5);  // f:a's marker and three puts, and f:b
    QCOMPARE(cells[1].toObject().value("type").toString(), QString("DeleteColumn"));
    QVERIFY(!cells[0].toObject().contains("type"));
    // As in HBase, a raw scan takes no columns.
    QCOMPARE(fx.Last("scan 't', {RAW => true, COLUMNS => 'f:a'}").error,
             std::string("Cannot specify any column for a raw scan"));
    QVERIFY(Text(fx.Last("scan 't', {RAW => true, VERSIONS => 5}")).contains(
        "column=f:a, timestamp=1970-01-01T00:00:00.002, type=DeleteColumn"));
    // BATCH splits the row into results of one cell; it is still one row.
    QJsonObject batched = fx.Json("scan 't', {BATCH => 1}");
    QCOMPARE(batched.value("cells").toArray().size(), 2);
    QCOMPARE(batched.value("rows").toInt(), 1);
    // MAXLENGTH cuts the printed cell.
    QVERIFY(Text(fx.Last("get 't', 'r', {COLUMN => 'f:b', MAXLENGTH => 10}"))
                .contains(" f:b timestamp=\n"));
    // get's column forms.
    QCOMPARE(CellSummary(fx.Json("get 't', 'r', 'f:b'")), QStringList{"r/f:b=long value here@3"});
    QCOMPARE(fx.Json("get 't', 'r', ['f:a', 'f:b']").value("cells").toArray().size(), 2);
    QCOMPARE(fx.Json("get 't', 'r', 'f:a', 'f:b'").value("cells").toArray().size(), 2);
    QCOMPARE(CellSummary(fx.Json("get 't', 'r', {TIMERANGE => [3, 4], COLUMN => 'f:a'}")),
             QStringList{"r/f:a=v3@3"});
    QCOMPARE(fx.Json("get 't', 'missing'").value("cells").toArray().size(), 0);
    QVERIFY(Text(fx.Last("get 't', 'missing'")).contains("0 row(s)"));
  }

  void deleteallAndCounters() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto setup = fx.Run(
        "create 't', 'f', 'g'\n"
        "put 't', 'u1|a', 'f:q', '1'\nput 't', 'u1|b', 'g:q', '2'\n"
        "put 't', 'u2|a', 'f:q', '3'\nput 't', 'u2|a', 'g:q', '4'\n");
    for (const auto& r : setup) QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(fx.Last("deleteall 't', 'u2|a'").ok);
    QCOMPARE(CellRows(fx.Json("scan 't'")), (QStringList{"u1|a", "u1|b"}));
    // A put in the same millisecond as the deleteall would be masked by its
    // marker (as in HBase), so this one is written at a later timestamp.
    QVERIFY(fx.Last("put 't', 'u2|a', 'f:q', 'back', 4102444800000").ok);
    QJsonObject prefix = fx.Json("deleteall 't', {ROWPREFIXFILTER => 'u1|'}");
    QCOMPARE(prefix.value("rows").toInt(), 2);
    QCOMPARE(CellRows(fx.Json("scan 't'")), QStringList{"u2|a"});
    // incr / get_counter / append.
    auto incr = fx.Last("incr 't', 'c', 'f:hits'\nincr 't', 'c', 'f:hits', 41");
    QVERIFY(Text(incr).startsWith("COUNTER VALUE = 42\n"));
    QCOMPARE(fx.Json("get_counter 't', 'c', 'f:hits'").value("value").toInt(), 42);
    QVERIFY(Text(fx.Last("get_counter 't', 'c', 'f:none'"))
                .startsWith("No counter found at specified coordinates\n"));
    QVERIFY(!fx.Last("get_counter 't', 'u2|a', 'f:q'").ok);  // 4 bytes, not a counter
    QVERIFY(Text(fx.Last("append 't', 'c', 'f:log', 'ab'\nappend 't', 'c', 'f:log', \"\\x01\""))
                .startsWith("CURRENT VALUE = ab\\x01\n"));
    // count with INTERVAL prints progress.
    for (int i = 0; i < 5; ++i) {
      QVERIFY(fx.Last("put 't', 'n" + std::to_string(i) + "', 'f:q', 'v'").ok);
    }
    auto count = fx.Last("count 't', INTERVAL => 3");
    QVERIFY2(Text(count).startsWith("Current count: 3, row: n1\nCurrent count: 6, row: n4\n7 row(s)\n"),
             qPrintable(Text(count)));
    QVERIFY(Text(count).endsWith("=> 7\n"));
    QCOMPARE(fx.Json("count 't', {FILTER => \"PrefixFilter('n')\"}").value("count").toInt(), 5);
  }

  void errorsFollowHBaseForm_data() {
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("usage");
    QTest::newRow("unknown table") << "scan 'nope'" << "Unknown table nope!" << "scan";
    QTest::newRow("unknown family") << "put 't', 'r', 'x:q', 'v'"
                                    << "Unknown column family! Valid column names: f:*" << "put";
    QTest::newRow("exists already") << "create 't', 'f'" << "Table already exists: t!" << "create";
    QTest::newRow("drop enabled") << "drop 't'" << "Table t is enabled. Disable it first." << "drop";
    QTest::newRow("arity") << "put 't', 'r'" << "wrong number of arguments (given 2, expected 4..6)"
                           << "put";
    QTest::newRow("no family") << "create 'u'" << "Table must have at least one column family"
                               << "create";
    QTest::newRow("bad compression") << "create 'u', {NAME => 'f', COMPRESSION => 'GZ'}"
        << "Compression GZ is not supported by RegionLab (NONE and SNAPPY are)" << "create";
    QTest::newRow("bad ttl") << "create 'u', {NAME => 'f', TTL => 'soon'}"
        << "TTL 'soon' is not a number of seconds, FOREVER, or a time like '2 DAYS 3 HOURS'"
        << "create";
    QTest::newRow("mismatched ttl") << "create 'u', {NAME => 'f', TTL => '100 SECONDS (1 DAY)'}"
        << "Malformed TTL string: TTL values in seconds and human readable format do not match"
        << "create";
    QTest::newRow("numregions") << "create 'u', 'f', {NUMREGIONS => 1, SPLITALGO => 'HexStringSplit'}"
                                << "Number of regions must be greater than 1" << "create";
    QTest::newRow("splitalgo") << "create 'u', 'f', {NUMREGIONS => 4, SPLITALGO => 'Nope'}"
                               << "Couldn't load split class Nope" << "create";
    QTest::newRow("duplicate split") << "create 'u', 'f', SPLITS => ['a', 'a']"
        << "split key #2 of 2: All split keys must be unique, found duplicate: a, a (also split key"
           " #1 of 2)" << "create";
    QTest::newRow("missing splits file") << "create 'u', 'f', SPLITS_FILE => 'no-such-file.txt'"
                                         << "Splits file no-such-file.txt doesn't exist" << "create";
    QTest::newRow("bad filter") << "scan 't', {FILTER => \"NoSuchFilter()\"}"
                                << "FILTER" << "scan";
    QTest::newRow("type") << "get 't', 5, {VERSIONS => 'x'}" << "VERSIONS must be an Integer, got String \"x\""
                          << "get";
  }
  void errorsFollowHBaseForm() {
    QFETCH(QString, statement);
    QFETCH(QString, error);
    QFETCH(QString, usage);
    ShellFixture fx;
    QVERIFY(fx.ok());
    QVERIFY(fx.Last("create 't', 'f'").ok);
    auto r = fx.Last(statement.toStdString());
    QVERIFY(!r.ok);
    if (error == "FILTER") {  // the filter parser's message, with where the string is
      QVERIFY2(QString::fromStdString(r.error).contains("NoSuchFilter"), r.error.c_str());
      QVERIFY2(QString::fromStdString(r.error).contains("FILTER string at line 1, column 22"),
               r.error.c_str());
    } else {
      QCOMPARE(QString::fromStdString(r.error), error);
    }
    QVERIFY2(Text(r).startsWith("\nERROR: " + QString::fromStdString(r.error) +
                                "\n\nFor usage try 'help \"" + usage + "\"'\n\n"),
             qPrintable(Text(r)));
    QVERIFY(Text(r).contains(QRegularExpression("Took \\d+\\.\\d{4} seconds\\n$")));
  }

  void syntaxAndUnknownCommandErrors() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto all = fx.Run("list\ncreate 't' 'f'\nfrobnicate 'x'\nlist");
    QCOMPARE(all.size(), size_t(4));
    QVERIFY(all[0].ok && all[3].ok);  // the shell goes on after errors
    QCOMPARE(Text(all[1]), QString("\nERROR: syntax error, line 2, column 12: expected ',' or the end"
                                   " of the statement but found string 'f'\n\n"));
    QCOMPARE(all[2].error,
             std::string("undefined command 'frobnicate' (type 'help' for the list of commands)"));
    QVERIFY(QString::fromStdString(fx.Last("stop_regionserver 'rs1'").error)
                .contains("kill_regionserver"));
  }

  void ignoredArgumentsWarnLikeHBase() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto r = fx.Last("create 't', {NAME => 'f', DATA_BLOCK_ENCODING => 'FAST_DIFF', 'FOO' => 1}, "
                     "{'BAR' => 2, REGION_REPLICATION => 2}");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(Text(r).contains("RegionLab does not model DATA_BLOCK_ENCODING; ignored for column family f\n"));
    QVERIFY(Text(r).contains("Unknown argument ignored for column family f: FOO\n"));
    QVERIFY(Text(r).contains("An argument ignored (unknown or overridden): BAR\n"));
    QVERIFY(Text(r).contains("RegionLab does not model REGION_REPLICATION; ignored\n"));
    QCOMPARE(r.json.Get("warnings")->size(), size_t(4));
    auto dup = fx.Last("create 'u', 'f', {NAME => 'f', VERSIONS => 2}\ndescribe 'u'");
    QVERIFY(Text(dup).contains("VERSIONS => '2'"));
  }

  // A store setting RegionLab reads but cannot take: a warning naming the
  // key, the value and where it is; the table is still created or altered.
  void unreadableStoreSettingsWarn() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto r = fx.Last("create 't', {NAME => 'f', CONFIGURATION => {'hbase.offpeak.end.hour' => '25', "
                     "'hbase.hstore.compaction.min' => '4'}}, "
                     "CONFIGURATION => {'hbase.hstore.compaction.ratio' => 'fast'}");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(Text(r).contains("CONFIGURATION hbase.hstore.compaction.ratio: 'fast' cannot be read, so RegionLab "
                             "keeps its default\n"));
    QVERIFY(Text(r).contains("column family f CONFIGURATION hbase.offpeak.end.hour: '25' cannot be read, so "
                             "RegionLab keeps its default\n"));
    QCOMPARE(r.json.Get("warnings")->size(), size_t(2));
    auto fixed = fx.Last("alter 't', {NAME => 'f', CONFIGURATION => {'hbase.offpeak.end.hour' => '6'}}, "
                         "CONFIGURATION => {'hbase.hstore.compaction.ratio' => '1.4'}");
    QVERIFY2(fixed.ok, fixed.error.c_str());
    const Json* none = fixed.json.Get("warnings");  // absent when there are none
    QVERIFY(none == nullptr || none->size() == 0);
    auto again = fx.Last("alter 't', {NAME => 'f', CONFIGURATION => {'hbase.hstore.compaction.max.size' => '1g'}}");
    QVERIFY2(again.ok, again.error.c_str());
    QVERIFY(Text(again).contains("column family f CONFIGURATION hbase.hstore.compaction.max.size: '1g' cannot be "
                                 "read"));
    QCOMPARE(again.json.Get("warnings")->size(), size_t(1));
  }

  void ddlLifecycle() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    QVERIFY(fx.Last("create 'ns1:a', 'f'").error.find("amespace") != std::string::npos);
    auto all = fx.Run(
        "create_namespace 'ns1'\n"
        "create 'ns1:a', 'f'\ncreate 'b', 'f'\ncreate 'bb', 'f'\n"
        "list\nlist 'b.*'\nlist_namespace\nlist_namespace_tables 'ns1'\n"
        "exists 'b'\nexists 'zz'\nis_enabled 'b'\ndisable 'b'\nis_disabled 'b'\n"
        "drop 'b'\nexists 'b'\ndescribe_namespace 'ns1'\n");
    for (const auto& r : all) QVERIFY2(r.ok, (r.statement + ": " + r.error).c_str());
    QCOMPARE(WithoutTook(all[4]),
             QString("TABLE\nb\nbb\nns1:a\n3 row(s)\n=> [\"b\", \"bb\", \"ns1:a\"]\n"));
    QCOMPARE(WithoutTook(all[5]), QString("TABLE\nb\nbb\n2 row(s)\n=> [\"b\", \"bb\"]\n"));
    QVERIFY(Text(all[6]).startsWith("NAMESPACE\ndefault\nhbase\nns1\n3 row(s)\n"));
    QVERIFY(Text(all[7]).startsWith("TABLE\na\n1 row(s)\n"));
    QVERIFY(Text(all[8]).startsWith("Table b does exist\n"));
    QVERIFY(Text(all[8]).endsWith("=> true\n"));
    QVERIFY(Text(all[9]).startsWith("Table zz does not exist\n"));
    QVERIFY(Text(all[10]).startsWith("true\n"));
    QVERIFY(Text(all[12]).startsWith("true\n"));
    QVERIFY(Text(all[14]).startsWith("Table b does not exist\n"));
    QVERIFY(Text(all[15]).startsWith("DESCRIPTION\n{NAME => 'ns1'}\n"));
    QVERIFY(!fx.Last("drop_namespace 'ns1'").ok);  // holds a table
    QCOMPARE(fx.Last("describe_namespace 'nope'").error, std::string("Unknown namespace nope!"));
    auto drop = fx.Last("disable 'ns1:a'\ndrop 'ns1:a'\ndrop_namespace 'ns1'\nlist_namespace");
    QVERIFY2(drop.ok, drop.error.c_str());
    QVERIFY(!Text(drop).contains("ns1"));
  }

  void alterChangesFamiliesAndAttributes() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto all = fx.Run(
        "create 't', {NAME => 'f', VERSIONS => 2, TTL => 100}\n"
        "alter 't', NAME => 'f', VERSIONS => 4\n"           // only VERSIONS changes
        "alter 't', 'g', {NAME => 'h', IN_MEMORY => true}\n"  // two new families
        "alter 't', 'delete' => 'g'\n"
        "alter 't', MAX_FILESIZE => '134217728', CONFIGURATION => {'k' => 'v'}\n"
        "alter 't', METHOD => 'table_att_unset', NAME => 'k'\n"
        "alter 't', NAME => 'h', METHOD => 'delete'\n");
    for (const auto& r : all) QVERIFY2(r.ok, (r.statement + ": " + r.error).c_str());
    QCOMPARE(WithoutTook(all[1]),
             QString("Updating all regions with the new schema...\n1/1 regions updated.\nDone.\n"));
    QJsonObject d = fx.Json("describe 't'");
    QJsonArray families = d.value("families").toArray();
    QCOMPARE(families.size(), 1);
    QCOMPARE(families[0].toObject().value("VERSIONS").toInt(), 4);
    QCOMPARE(families[0].toObject().value("TTL").toInt(), 100);
    QCOMPARE(d.value("attributes").toObject().value("MAX_FILESIZE").toDouble(), 134217728.0);
    QCOMPARE(d.value("attributes").toObject().value("CONFIGURATION").toObject().size(), 0);
    QVERIFY(!fx.Last("alter 't', NAME => 'zz', METHOD => 'delete'").ok);
    QCOMPARE(fx.Last("alter 't', METHOD => 'nope'").error, std::string("Unknown method: nope"));
    QVERIFY(!fx.Last("alter 't', 'delete' => 'f'").ok);  // the last family
  }

  void truncateKeepsOrDropsBoundaries() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    QVERIFY(fx.Last("create 't', 'f', SPLITS => ['b', 'c']\nput 't', 'a', 'f:q', '1'").ok);
    auto r = fx.Last("truncate_preserve 't'");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(Text(r).startsWith("Truncating 't' table (it may take a while):\n"));
    QCOMPARE(fx.Json("get_splits 't'").value("splits").toArray().size(), 2);
    QCOMPARE(fx.Json("count 't'").value("count").toInt(), 0);
    QVERIFY(fx.Last("truncate 't'").ok);
    QCOMPARE(fx.Json("get_splits 't'").value("splits").toArray().size(), 0);
  }

  void regionToolsChangeTheLayout() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    QVERIFY(fx.Last("create 't', 'f', SPLITS => ['m']").ok);
    for (int i = 0; i < 40; ++i) {
      char row[8];
      std::snprintf(row, sizeof(row), "r%02d", i);
      QVERIFY(fx.Last(std::string("put 't', '") + row + "', 'f:q', 'value'").ok);
    }
    auto splits = fx.Last("get_splits 't'");
    QVERIFY(Text(splits).startsWith("Total number of splits = 2\n"));
    QVERIFY(Text(splits).endsWith("=> [\"m\"]\n"));
    QVERIFY(fx.Last("flush 't'").ok);
    QJsonArray regions = fx.Json("list_regions 't'").value("regions").toArray();
    QCOMPARE(regions.size(), 2);
    QVERIFY(regions[1].toObject().value("store_files").toInt() >= 1);
    QCOMPARE(regions[1].toObject().value("start").toString(), QString("m"));
    // split at a row, then the table has three regions.
    QVERIFY(fx.Last("split 't', 'r20'").ok);
    QCOMPARE(fx.Json("get_splits 't'").value("splits").toArray(),
             (QJsonArray{"m", "r20"}));
    // locate_region finds the daughter.
    QJsonObject loc = fx.Json("locate_region 't', 'r25'");
    QCOMPARE(loc.value("region").toObject().value("start").toString(), QString("r20"));
    // The first two regions, ['', 'm') and ['m', 'r20').
    const QString a = fx.Json("locate_region 't', 'a'").value("region").toObject()
                          .value("encoded_name").toString();
    const QString full = fx.Json("locate_region 't', 'r05'").value("region").toObject()
                             .value("name").toString();
    // merge by encoded and by full region name.
    auto merged = fx.Last("merge_region '" + a.toStdString() + "', '" + full.toStdString() + "'");
    QVERIFY2(merged.ok, merged.error.c_str());
    QCOMPARE(fx.Json("get_splits 't'").value("splits").toArray(), QJsonArray{"r20"});
    // move to a named server.
    QJsonObject first = fx.Json("locate_region 't', 'a'").value("region").toObject();
    const QString to = first.value("server").toString() == "rs1" ? "rs2" : "rs1";
    QVERIFY(fx.Last("move '" + first.value("encoded_name").toString().toStdString() + "', '" +
                    to.toStdString() + "'").ok);
    QCOMPARE(fx.Json("locate_region 't', 'a'").value("region").toObject().value("server").toString(), to);
    QVERIFY(fx.Last("compact 't'\nmajor_compact 't'\nbalancer").ok);
    QCOMPARE(fx.Json("count 't'").value("count").toInt(), 40);
    QVERIFY(!fx.Last("compact 't', 'f'").ok);  // per-family compaction is refused, not faked
    QVERIFY(Text(fx.Last("list_regions 't'")).contains(" SERVER_NAME |"));
  }

  void killRegionServerFailsOver() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    QVERIFY(fx.Last("create 't', 'f', SPLITS => ['2', '4', '6', '8']").ok);
    for (int i = 0; i < 100; ++i) {
      QVERIFY(fx.Last("put 't', '" + std::to_string(i) + "', 'f:q', 'v'").ok);
    }
    auto r = fx.Last("kill_regionserver 'rs1'");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(Text(r).startsWith("Region server rs1 aborted;"));
    for (const auto& region : fx.Json("list_regions 't'").value("regions").toArray()) {
      QVERIFY(region.toObject().value("server").toString() != "rs1");
    }
    QCOMPARE(fx.Json("count 't'").value("count").toInt(), 100);
    QJsonArray servers = fx.Json("status").value("servers").toArray();
    QCOMPARE(servers.size(), 3);
    QVERIFY(Text(fx.Last("status")).startsWith(
        "1 active master, 0 backup masters, 2 servers, 1 dead, 2.5000 average load\n"));
    QVERIFY(fx.Last("start_regionserver 'rs1'\nbalancer").ok);
    QVERIFY(Text(fx.Last("status 'simple'")).contains("3 live servers\n    rs1\n"));
    QVERIFY(!fx.Last("kill_regionserver 'rs9'").ok);
  }

  // wal_roll starts a new segment and deletes the ones every region has
  // flushed; a segment with unflushed edits stays, and nothing is lost.
  void walRollDeletesFlushedSegments() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    QVERIFY(fx.Last("create 't', 'f'").ok);
    const std::string server =
        fx.Json("locate_region 't', 'a'").value("region").toObject().value("server").toString().toStdString();
    auto segments = [&] { return test::FileNames(fx.dir().File("servers/" + server + "/wal")); };
    QVERIFY(fx.Last("put 't', 'a', 'f:q', 'v1'").ok);
    const std::vector<std::string> before = segments();
    QCOMPARE(before.size(), size_t(1));
    // Unflushed edits pin the old segment.
    auto r = fx.Last("wal_roll '" + server + "'");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(Text(r).startsWith("Took "));  // HBase's wal_roll prints nothing else
    std::vector<std::string> after = segments();
    QCOMPARE(after.size(), size_t(2));
    QCOMPARE(after.front(), before.front());
    // Once flushed, the next roll deletes both older segments.
    QVERIFY(fx.Last("put 't', 'b', 'f:q', 'v2'\nflush 't'\nwal_roll '" + server + "'").ok);
    after = segments();
    QCOMPARE(after.size(), size_t(1));
    QVERIFY(after.front() > before.front());
    QCOMPARE(fx.Json("count 't'").value("count").toInt(), 2);
    QVERIFY(Text(fx.Last("help 'wal_roll'")).contains("rollWALWriter"));
    auto bad = fx.Last("wal_roll 'rs9'");
    QVERIFY(!bad.ok);
    QVERIFY2(bad.error.find("no region server named rs9") != std::string::npos, bad.error.c_str());
    QVERIFY(!fx.Last("wal_roll").ok);
  }

  void generalCommands() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    auto help = fx.Last("help");
    QVERIFY(Text(help).contains("Group name: ddl"));
    QVERIFY(Text(help).contains("kill_regionserver"));
    QVERIFY(Text(fx.Last("help 'kill_regionserver'")).contains("HBase has no such command"));
    QVERIFY(Text(fx.Last("help 'dml'")).contains("Command: scan"));
    QVERIFY(!fx.Last("help 'nope'").ok);
    QVERIFY(Text(fx.Last("version")).startsWith(QString::fromLatin1(kVersion) + QStringLiteral(", RegionLab")));
    QVERIFY(Text(fx.Last("whoami")).contains(" (auth:SIMPLE)\n    groups: "));
    auto quit = fx.Run("list\nexit\nlist");
    QCOMPARE(quit.size(), size_t(2));  // nothing runs after exit
    QVERIFY(quit[1].exit_requested);
    QVERIFY(!fx.Last("history").ok);  // scripts keep no history
  }
};

QTEST_GUILESS_MAIN(ShellCommandsTest)
#include "shell_commands_test.moc"
