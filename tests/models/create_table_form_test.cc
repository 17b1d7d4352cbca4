// The create-table form's model: each kind of bad input reported on its
// field (family cell, split key index) with its message; the keys of every
// pre-split mode (HexStringSplit 15 as in the acceptance statements,
// partition, scheme quantiles equal to the engine's calculator); the
// generated statement parsing back to the same descriptor and keys; saving
// it with a splits file beside. Alter mode: alter_table_form_test.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

#include "engine/catalog/catalog_test_util.h"
#include "models/create_table_form.h"
#include "models/family_table_model.h"
#include "models/split_keys_model.h"
#include "rowkey/key_encoder.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/split_calculators.h"
#include "rowkey/splits_file.h"
#include "shell/create_statement.h"

using namespace regionlab;
using namespace regionlab::ui;
using regionlab::test::CompareTables;
using Col = FamilyTableModel::Column;
using Edit = std::function<void(CreateTableForm*, const QString& dir)>;

Q_DECLARE_METATYPE(Edit)
Q_DECLARE_METATYPE(regionlab::ui::FormField)
Q_DECLARE_METATYPE(std::vector<std::string>)

namespace {

void setCell(CreateTableForm* f, int row, int column, const QVariant& value) {
  QAbstractItemModel* m = f->families();
  QVERIFY(m->setData(m->index(row, column), value));
}

// Waits until scheme keys are computed.
bool settle(CreateTableForm* form) {
  return QTest::qWaitFor([&] { return !form->splitKeysPending(); }, 60000);
}

std::vector<std::string> hexKeys15() {
  std::vector<std::string> keys;
  for (int i = 1; i < 15; ++i) keys.push_back(QStringLiteral("%1").arg(0x11111111u * i, 8, 16, QLatin1Char('0')).toStdString());
  return keys;
}

std::string long8(uint64_t v) {
  std::string s(8, '\0');
  for (int i = 7; i >= 0; --i, v >>= 8) s[i] = static_cast<char>(v & 0xff);
  return s;
}

void writeText(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

}  // namespace

class CreateTableFormTest : public QObject {
  Q_OBJECT

 private slots:
  void defaultsAreValid() {
    CreateTableForm form;
    QAbstractItemModelTester t1(form.families(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(form.explicitKeys(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    form.setTableName(QStringLiteral("t1"));
    QVERIFY2(form.isValid(), qPrintable(form.issues().isEmpty() ? QString() : form.issues().first().message));
    QCOMPARE(form.statement(), QStringLiteral("create 't1',\n  'cf'"));
    const TableDescriptor d = form.descriptor();
    QCOMPARE(d.families.size(), size_t{1});
    QCOMPARE(d.families[0].max_versions, 1);
    QCOMPARE(d.families[0].ttl_seconds, kTtlForever);
    QCOMPARE(d.max_file_size, uint64_t{10} << 30);
    QCOMPARE(d.memstore_flush_size, uint64_t{128} << 20);
    // Every option's column explains itself, with HBase's default.
    for (int c = 0; c < FamilyTableModel::ColumnCount; ++c) {
      const QString tip = form.families()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
      QVERIFY2(tip.startsWith(FamilyTableModel::columnKey(c) + QLatin1Char(':')), qPrintable(tip));
      QVERIFY2(c == Col::Name || tip.contains(QStringLiteral("Default")), qPrintable(tip));
    }
    // Editing through the models while testers watch them.
    QCOMPARE(form.addFamily(), 1);
    setCell(&form, 1, Col::Versions, 5);
    setCell(&form, 1, Col::Ttl, QStringLiteral("2 DAYS"));
    setCell(&form, 1, Col::BloomFilter, QStringLiteral("ROWCOL"));
    setCell(&form, 1, Col::InMemory, Qt::Checked);
    QVERIFY(form.families()->setData(form.families()->index(1, Col::InMemory), Qt::Checked, Qt::CheckStateRole));
    form.setPresplitMode(PresplitMode::Keys);
    form.explicitKeys()->insertRows(0, 2);
    form.explicitKeys()->setData(form.explicitKeys()->index(0), QStringLiteral("b"));
    form.explicitKeys()->setData(form.explicitKeys()->index(1), QStringLiteral("a"));
    QVERIFY(!form.isValid());
    QVERIFY(form.explicitKeys()->sortByBytes());
    QVERIFY(form.isValid());
    QCOMPARE(form.statement(),
             QStringLiteral("create 't1',\n  'cf',\n  {NAME => 'cf2', BLOOMFILTER => 'ROWCOL', IN_MEMORY => true, "
                            "VERSIONS => 5, TTL => 172800},\n  {SPLITS => ['a', 'b']}"));
    form.families()->removeRows(0, 1);
    QCOMPARE(form.descriptor().families.size(), size_t{1});
  }

  void validation_data() {
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<FormField>("field");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");  // a part of it
    QTest::addColumn<bool>("warning");

    auto row = [](const char* name, Edit e, FormField f, int r, int c, const QString& m, bool w = false) {
      QTest::newRow(name) << e << f << r << c << m << w;
    };
    using F = FormField;
    row("no name", [](CreateTableForm* f, const QString&) { f->setTableName(QString()); }, F::Name, -1, -1,
        QStringLiteral("Give the table a name"));
    row("illegal character", [](CreateTableForm* f, const QString&) { f->setTableName(QStringLiteral("a#b")); },
        F::Name, -1, -1, QStringLiteral("Illegal character code:35, <#> at 1"));
    row("leading period", [](CreateTableForm* f, const QString&) { f->setTableName(QStringLiteral(".t")); },
        F::Name, -1, -1, QStringLiteral("Illegal first character <46> at 0"));
    row("table exists", [](CreateTableForm* f, const QString&) { f->setExistingTables({QStringLiteral("t1")}); },
        F::Name, -1, -1, QStringLiteral("Table already exists: t1"));
    row("bad namespace", [](CreateTableForm* f, const QString&) { f->setNamespaceName(QStringLiteral("a-b")); },
        F::Namespace, -1, -1, QStringLiteral("Namespaces may only contain"));
    row("unknown namespace",
        [](CreateTableForm* f, const QString&) {
          f->setNamespaces({QStringLiteral("default"), QStringLiteral("ns1")});
          f->setNamespaceName(QStringLiteral("ns9"));
        },
        F::Namespace, -1, -1, QStringLiteral("Namespace ns9 does not exist"));
    row("no family", [](CreateTableForm* f, const QString&) { f->families()->removeRows(0, 1); }, F::Families, -1,
        -1, QStringLiteral("Table should have at least one column family."));
    row("empty family name", [](CreateTableForm* f, const QString&) { setCell(f, 0, Col::Name, QString()); },
        F::Families, 0, Col::Name, QStringLiteral("Column Family name can not be empty"));
    row("colon in family", [](CreateTableForm* f, const QString&) { setCell(f, 0, Col::Name, QStringLiteral("a:b")); },
        F::Families, 0, Col::Name, QStringLiteral("cannot contain control characters or colons"));
    row("family twice",
        [](CreateTableForm* f, const QString&) {
          f->addFamily();
          setCell(f, 1, Col::Name, QStringLiteral("cf"));
        },
        F::Families, 1, Col::Name, QStringLiteral("Family #2 (cf) NAME: the family is declared twice (also family #1)"));
    row("no versions", [](CreateTableForm* f, const QString&) { setCell(f, 0, Col::Versions, 0); }, F::Families, 0,
        Col::Versions, QStringLiteral("Maximum versions must be positive (got 0)"));
    row("min above max",
        [](CreateTableForm* f, const QString&) {
          setCell(f, 0, Col::Ttl, 600);
          setCell(f, 0, Col::MinVersions, 3);
        },
        F::Families, 0, Col::MinVersions, QStringLiteral("must be less than the Max versions (3 > 1)"));
    row("min versions without TTL", [](CreateTableForm* f, const QString&) { setCell(f, 0, Col::MinVersions, 1); },
        F::Families, 0, Col::MinVersions, QStringLiteral("needs a TTL"));
    row("TTL text", [](CreateTableForm* f, const QString&) { setCell(f, 0, Col::Ttl, QStringLiteral("soon")); },
        F::Families, 0, Col::Ttl, QStringLiteral("TTL 'soon' is not a number of seconds"));
    row("TTL zero", [](CreateTableForm* f, const QString&) { setCell(f, 0, Col::Ttl, QStringLiteral("0")); },
        F::Families, 0, Col::Ttl, QStringLiteral("TTL for column family cf must be positive."));
    row("small block", [](CreateTableForm* f, const QString&) { setCell(f, 0, Col::BlockSize, 512); }, F::Families,
        0, Col::BlockSize, QStringLiteral("must be between 1K and 16MB (got 512)"));
    row("family configuration",
        [](CreateTableForm* f, const QString&) { setCell(f, 0, Col::Configuration, QStringLiteral("a=1; b")); },
        F::Families, 0, Col::Configuration, QStringLiteral("entry 2: \"b\" has no '='"));
    row("size text", [](CreateTableForm* f, const QString&) { f->setMaxFileSizeText(QStringLiteral("ten")); },
        F::MaxFileSize, -1, -1, QStringLiteral("MAX_FILESIZE: \"ten\" is not a size"));
    row("tiny region", [](CreateTableForm* f, const QString&) { f->setMaxFileSizeText(QStringLiteral("1 KB")); },
        F::MaxFileSize, -1, -1, QStringLiteral("RegionLab's minimum is 16.0 KB"));
    row("region below HBase's floor",
        [](CreateTableForm* f, const QString&) { f->setMaxFileSizeText(QStringLiteral("1 MB")); }, F::MaxFileSize,
        -1, -1, QStringLiteral("(1048576) is too small, which might cause over splitting"), true);
    row("tiny flush", [](CreateTableForm* f, const QString&) { f->setMemstoreFlushSizeText(QStringLiteral("1000")); },
        F::MemstoreFlushSize, -1, -1, QStringLiteral("RegionLab's minimum is 4.00 KB"));
    row("flush below HBase's floor",
        [](CreateTableForm* f, const QString&) { f->setMemstoreFlushSizeText(QStringLiteral("256 KB")); },
        F::MemstoreFlushSize, -1, -1, QStringLiteral("unless METADATA sets hbase.table.sanity.checks=false"), true);
    row("sanity checks off",
        [](CreateTableForm* f, const QString&) {
          f->setMetadataText(QStringLiteral("hbase.table.sanity.checks=false"));
          f->setMemstoreFlushSizeText(QStringLiteral("256 KB"));
        },
        F::MemstoreFlushSize, -1, -1, QStringLiteral("might cause very frequent flushing."), true);
    row("metadata without =",
        [](CreateTableForm* f, const QString&) { f->setMetadataText(QStringLiteral("a=1\nb\n")); }, F::Metadata, 1,
        -1, QStringLiteral("METADATA entry 2: \"b\" has no '='"));
    row("metadata key twice",
        [](CreateTableForm* f, const QString&) { f->setMetadataText(QStringLiteral("a=1\na=2")); }, F::Metadata, 1,
        -1, QStringLiteral("key a is given twice (also entry 1)"));
    // Store settings RegionLab reads but cannot take: shown, Create stays enabled.
    row("compaction ratio not a number",
        [](CreateTableForm* f, const QString&) {
          f->setConfigurationText(QStringLiteral("hbase.hstore.compaction.ratio=fast"));
        },
        F::Configuration, -1, -1,
        QStringLiteral("CONFIGURATION hbase.hstore.compaction.ratio: 'fast' cannot be read, so RegionLab keeps its "
                       "default"),
        true);
    row("off-peak hour 24",
        [](CreateTableForm* f, const QString&) { f->setConfigurationText(QStringLiteral("hbase.offpeak.start.hour=24")); },
        F::Configuration, -1, -1, QStringLiteral("hbase.offpeak.start.hour: '24' cannot be read"), true);
    row("family compaction min",
        [](CreateTableForm* f, const QString&) {
          setCell(f, 0, Col::Configuration, QStringLiteral("hbase.hstore.compaction.min=three"));
        },
        F::Families, 0, Col::Configuration,
        QStringLiteral("Family #1 (cf) CONFIGURATION hbase.hstore.compaction.min: 'three' cannot be read"), true);
    row("configuration escape",
        [](CreateTableForm* f, const QString&) { f->setConfigurationText(QStringLiteral("k=\\xZZ")); },
        F::Configuration, 0, -1, QStringLiteral("value: bad escape"));
    row("prefix length missing",
        [](CreateTableForm* f, const QString&) { f->setSplitPolicy(QStringLiteral("KeyPrefixRegionSplitPolicy")); },
        F::PrefixLength, -1, -1, QStringLiteral("KeyPrefixRegionSplitPolicy needs the number of leading bytes"));
    row("prefix length text",
        [](CreateTableForm* f, const QString&) {
          f->setSplitPolicy(QStringLiteral("KeyPrefixRegionSplitPolicy"));
          f->setPrefixLengthText(QStringLiteral("four"));
        },
        F::PrefixLength, -1, -1, QStringLiteral("\"four\" is not a positive number of bytes"));
    row("prefix length twice",
        [](CreateTableForm* f, const QString&) {
          f->setSplitPolicy(QStringLiteral("KeyPrefixRegionSplitPolicy"));
          f->setPrefixLengthText(QStringLiteral("4"));
          f->setMetadataText(QStringLiteral("KeyPrefixRegionSplitPolicy.prefix_length=2"));
        },
        F::Metadata, -1, -1, QStringLiteral("is the split policy's parameter: set it in the Prefix length field"));
    row("delimiter missing",
        [](CreateTableForm* f, const QString&) {
          f->setSplitPolicy(QStringLiteral("DelimitedKeyPrefixRegionSplitPolicy"));
        },
        F::Delimiter, -1, -1, QStringLiteral("needs the delimiter"));
    row("initial size", [](CreateTableForm* f, const QString&) { f->setInitialSizeText(QStringLiteral("big")); },
        F::InitialSize, -1, -1, QStringLiteral("Initial size: \"big\" is not a size"));
    row("unknown policy", [](CreateTableForm* f, const QString&) { f->setSplitPolicy(QStringLiteral("Nope")); },
        F::SplitPolicy, -1, -1, QStringLiteral("Unable to load configured region split policy 'Nope'"));
    row("0.94 policy",
        [](CreateTableForm* f, const QString&) { f->setSplitPolicy(QStringLiteral("IncreasingToUpperBoundRegionSplitPolicy094")); },
        F::SplitPolicy, -1, -1, QStringLiteral("not an HBase class"), true);
    auto keys = [](const QStringList& k) {
      return [k](CreateTableForm* f, const QString&) {
        f->setPresplitMode(PresplitMode::Keys);
        f->setExplicitKeysText(k.join(QLatin1Char('\n')));
      };
    };
    row("empty key", keys({QStringLiteral("10"), QString(), QStringLiteral("30")}), F::SplitKeys, 1, -1,
        QStringLiteral("split key #2 of 3: Empty split key must not be passed in the split keys."));
    row("repeated key", keys({QStringLiteral("10"), QStringLiteral("20"), QStringLiteral("10")}), F::SplitKeys, 2, -1,
        QStringLiteral("All split keys must be unique, found duplicate: 10, 10 (also split key #1 of 3)"));
    row("unsorted keys", keys({QStringLiteral("\\x02"), QStringLiteral("\\x01")}), F::SplitKeys, 1, -1,
        QStringLiteral("split key #2 (\\x01) sorts before split key #1 (\\x02)"));
    row("bad escape", keys({QStringLiteral("a"), QStringLiteral("b\\xfe")}), F::SplitKeys, 1, -1,
        QStringLiteral("split key #2: bad escape \\xfe at position 1: write the hex digits in upper case"));
    row("no keys", keys({}), F::SplitKeys, -1, -1, QStringLiteral("No split keys: the table gets one region"), true);
    row("missing splits file",
        [](CreateTableForm* f, const QString& dir) {
          f->setPresplitMode(PresplitMode::SplitsFile);
          f->loadSplitsFile(dir + QStringLiteral("/none.txt"));
        },
        F::SplitsFile, -1, -1, QStringLiteral("cannot read"));
    row("blank line in splits file",
        [](CreateTableForm* f, const QString& dir) {
          writeText(dir + QStringLiteral("/s.txt"), "a\n\nb\n");
          f->setPresplitMode(PresplitMode::SplitsFile);
          f->loadSplitsFile(dir + QStringLiteral("/s.txt"));
        },
        F::SplitsFile, -1, -1, QStringLiteral("s.txt:2: Empty split key must not be passed in the split keys."));
    row("one region",
        [](CreateTableForm* f, const QString&) {
          f->setPresplitMode(PresplitMode::NumRegions);
          f->setNumRegions(1);
        },
        F::NumRegions, -1, -1, QStringLiteral("Number of regions must be greater than 1"));
    row("no scheme", [](CreateTableForm* f, const QString&) { f->setPresplitMode(PresplitMode::Scheme); },
        F::Scheme, -1, -1, QStringLiteral("Choose a rowkey scheme"));
    row("scheme with a typo",
        [](CreateTableForm* f, const QString&) {
          f->setPresplitMode(PresplitMode::Scheme);
          f->loadSchemeJson(R"({"name": "x", "fields": [{"name": "a", "type": "int"}],
  "segments": [{"kind": "salt", "fields": ["a"], "bucket": 4}]})", QStringLiteral("x.json"));
        },
        F::Scheme, -1, -1, QStringLiteral("x.json: line 2, column"));
    row("salt buckets of an unsalted scheme",
        [](CreateTableForm* f, const QString&) {
          f->setPresplitMode(PresplitMode::Scheme);
          f->setSchemeMethod(CreateTableForm::SchemeMethod::SaltBuckets);
          f->loadExampleScheme(QStringLiteral("user-time-file"));
        },
        F::Scheme, -1, -1, QStringLiteral("salt"));
    row("more regions than partitions",
        [](CreateTableForm* f, const QString&) {
          f->setPresplitMode(PresplitMode::Partition);
          f->setPartitionBuckets(8);
          f->setPartitionRegions(9);
        },
        F::PartitionRegions, -1, -1, QStringLiteral("Regions must be from 2 to the 8 partitions"));
    row("partition prefix too narrow",
        [](CreateTableForm* f, const QString&) {
          f->setPresplitMode(PresplitMode::Partition);
          f->setPartitionEncoding(rowkey::Encoding::kDecimal);
          f->setPartitionWidth(1);
          f->setPartitionBuckets(100);
          f->setPartitionRegions(20);
        },
        F::PartitionWidth, -1, -1, QStringLiteral("needs"));
  }

  void validation() {
    QFETCH(Edit, edit);
    QFETCH(FormField, field);
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, message);
    QFETCH(bool, warning);
    QTemporaryDir dir;
    CreateTableForm form;
    form.setTableName(QStringLiteral("t1"));
    QVERIFY(form.isValid());
    edit(&form, dir.path());
    QVERIFY(settle(&form));
    bool found = false;
    QStringList all;
    for (const FormIssue& i : form.issues()) {
      all << i.message;
      if (i.field == field && i.row == row && i.column == column && i.message.contains(message)) {
        QCOMPARE(i.warning, warning);
        found = true;
      }
    }
    QVERIFY2(found, qPrintable(all.join(QStringLiteral(" | "))));
    QCOMPARE(form.isValid(), warning);
    // The grid and the key list carry the problem on the cell or row.
    if (field == FormField::Families && row >= 0) QVERIFY(!form.families()->issue(row, column).isEmpty());
    if (field == FormField::SplitKeys && row >= 0) QVERIFY(!form.explicitKeys()->issue(row).isEmpty());
  }

  void presplitKeys_data() {
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<std::vector<std::string>>("keys");
    QTest::newRow("none") << Edit([](CreateTableForm*, const QString&) {}) << std::vector<std::string>{};
    QTest::newRow("explicit, escaped")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setPresplitMode(PresplitMode::Keys);
             f->setExplicitKeysText(QStringLiteral("\\x00\\x01\nrow-5\n\\xFF\n"));
           })
        << std::vector<std::string>{std::string("\x00\x01", 2), "row-5", "\xFF"};
    QTest::newRow("NUMREGIONS 15 HexStringSplit")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setPresplitMode(PresplitMode::NumRegions);
             f->setNumRegions(15);
           })
        << hexKeys15();
    QTest::newRow("NUMREGIONS 4 DecimalStringSplit")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setPresplitMode(PresplitMode::NumRegions);
             f->setSplitAlgorithm(SplitAlgorithm::kDecimalString);
             f->setNumRegions(4);
           })
        << std::vector<std::string>{"25000000", "50000000", "75000000"};
    QTest::newRow("NUMREGIONS 4 UniformSplit")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setPresplitMode(PresplitMode::NumRegions);
             f->setSplitAlgorithm(SplitAlgorithm::kUniform);
             f->setNumRegions(4);
           })
        << std::vector<std::string>{long8(1ull << 62), long8(2ull << 62), long8(3ull << 62)};
    QTest::newRow("splits file of the acceptance statements")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setPresplitMode(PresplitMode::SplitsFile);
             f->loadSplitsFile(QStringLiteral(REGIONLAB_ACCEPTANCE_DIR "/region_split_info.txt"));
           })
        << std::vector<std::string>{"0001|", "0002|", "0003|", "0004|", "0005|", "0006|", "0007|", "0008|", "0009|"};
    QTest::newRow("partition: 8-byte longs")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setPresplitMode(PresplitMode::Partition);
             f->setPartitionBuckets(16);
             f->setPartitionRegions(4);
           })
        << std::vector<std::string>{long8(4), long8(8), long8(12)};
    QTest::newRow("partition: 2 decimal digits")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setPresplitMode(PresplitMode::Partition);
             f->setPartitionEncoding(rowkey::Encoding::kDecimal);
             f->setPartitionWidth(2);
             f->setPartitionBuckets(10);
             f->setPartitionRegions(5);
           })
        << std::vector<std::string>{"02", "04", "06", "08"};
    std::vector<std::string> salts;
    for (int b = 1; b < 16; ++b) salts.push_back(std::string(1, static_cast<char>(b)));
    QTest::newRow("scheme: a salt's buckets")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setPresplitMode(PresplitMode::Scheme);
             f->setSchemeMethod(CreateTableForm::SchemeMethod::SaltBuckets);
             f->loadExampleScheme(QStringLiteral("trade-salted"));
           })
        << salts;
  }

  void presplitKeys() {
    QFETCH(Edit, edit);
    QFETCH(std::vector<std::string>, keys);
    CreateTableForm form;
    form.setTableName(QStringLiteral("t"));
    edit(&form, QString());
    QVERIFY(settle(&form));
    QVERIFY2(form.isValid(), qPrintable(form.issues().isEmpty() ? QString() : form.issues().first().message));
    QCOMPARE(form.splitKeys(), keys);
  }

  // Quantiles of sampled keys are the engine's calculator's, byte for byte,
  // computed off the UI thread with progress.
  void schemeQuantiles() {
    CreateTableForm form;
    form.setTableName(QStringLiteral("trades"));
    QSignalSpy progress(&form, &CreateTableForm::schemeProgress);
    form.setPresplitMode(PresplitMode::Scheme);
    form.setSchemeRegions(10);
    form.loadExampleScheme(QStringLiteral("general"));
    QVERIFY(form.splitKeysPending());
    QVERIFY(!form.isValid());
    QVERIFY(settle(&form));
    QVERIFY(form.isValid());
    QVERIFY(progress.count() > 0);
    qInfo("1,000,000 planned keys, 100,000 sampled: %.3f s", form.lastSchemeSeconds());
    auto scheme = rowkey::ExampleScheme("general");
    auto encoder = rowkey::KeyEncoder::Create(*scheme);
    auto expected = rowkey::SampledSplitKeys(*encoder, scheme->workload, 10);
    QVERIFY(expected.ok());
    QCOMPARE(form.splitKeys(), *expected);
    QCOMPARE(form.splitKeys().size(), size_t{9});
    // A change supersedes the running job; only the latest answer counts.
    form.setSchemeRegions(4);
    form.setSchemeRegions(5);
    QVERIFY(settle(&form));
    QCOMPARE(form.splitKeys(), *rowkey::SampledSplitKeys(*encoder, scheme->workload, 5));
  }

  void statementParsesBack_data() {
    QTest::addColumn<Edit>("edit");
    QTest::newRow("defaults") << Edit([](CreateTableForm*, const QString&) {});
    QTest::newRow("every option")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setNamespaces({QStringLiteral("default"), QStringLiteral("ns1")});
             f->setNamespaceName(QStringLiteral("ns1"));
             setCell(f, 0, Col::Versions, 5);
             setCell(f, 0, Col::MinVersions, 1);
             setCell(f, 0, Col::Ttl, QStringLiteral("86400"));
             setCell(f, 0, Col::KeepDeletedCells, true);
             setCell(f, 0, Col::BloomFilter, QStringLiteral("NONE"));
             setCell(f, 0, Col::Compression, QStringLiteral("SNAPPY"));
             setCell(f, 0, Col::BlockCache, false);
             setCell(f, 0, Col::BlockSize, 8192);
             setCell(f, 0, Col::Configuration, QStringLiteral("hbase.hstore.blockingStoreFiles=20; x\\x3Dy=a\\x3Bb"));
             f->addFamily();
             f->setMaxFileSizeText(QStringLiteral("1 GB"));
             f->setMemstoreFlushSizeText(QStringLiteral("64 MB"));
             f->setDurability(Durability::kAsyncWal);
             f->setOwner(QStringLiteral("ops"));
             f->setMetadataText(QStringLiteral("team=risk\nbin\\x00=\\xFF"));
             f->setConfigurationText(QStringLiteral("hbase.hregion.max.filesize.jitter=0"));
             f->setSplitPolicy(QStringLiteral("org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy"));
             f->setPrefixLengthText(QStringLiteral("4"));
             f->setInitialSizeText(QStringLiteral("64 MB"));
             f->setPresplitMode(PresplitMode::Keys);
             f->setExplicitKeysText(QStringLiteral("\\x27q\n0001\n0002\\x00"));
           });
    QTest::newRow("delimited policy")
        << Edit([](CreateTableForm* f, const QString&) {
             f->setSplitPolicy(QStringLiteral("org.apache.hadoop.hbase.regionserver.DelimitedKeyPrefixRegionSplitPolicy"));
             f->setDelimiterText(QStringLiteral("|"));
           });
    QTest::newRow("NUMREGIONS") << Edit([](CreateTableForm* f, const QString&) {
      f->setPresplitMode(PresplitMode::NumRegions);
      f->setNumRegions(15);
    });
    QTest::newRow("splits file") << Edit([](CreateTableForm* f, const QString&) {
      f->setPresplitMode(PresplitMode::SplitsFile);
      f->loadSplitsFile(QStringLiteral(REGIONLAB_ACCEPTANCE_DIR "/region_split_info.txt"));
    });
    QTest::newRow("partition") << Edit([](CreateTableForm* f, const QString&) {
      f->setPresplitMode(PresplitMode::Partition);
      f->setPartitionRegions(8);
    });
    QTest::newRow("scheme quantiles") << Edit([](CreateTableForm* f, const QString&) {
      f->setPresplitMode(PresplitMode::Scheme);
      f->setSampleKeys(20000);
      f->loadExampleScheme(QStringLiteral("vehicle"));
    });
  }

  void statementParsesBack() {
    QFETCH(Edit, edit);
    CreateTableForm form;
    form.setTableName(QStringLiteral("events"));
    edit(&form, QString());
    QVERIFY(settle(&form));
    QVERIFY2(form.isValid(), qPrintable(form.issues().isEmpty() ? QString() : form.issues().first().message));
    TableDescriptor back;
    std::vector<std::string> keys, warnings;
    const Status s = shell::ParseCreateStatement(form.statement().toStdString(), "", &back, &keys, &warnings);
    QVERIFY2(s.ok(), (s.ToString() + "\n" + form.statement().toStdString()).c_str());
    QVERIFY(warnings.empty());
    CompareTables(back, form.descriptor());
    QCOMPARE(keys, form.splitKeys());
  }

  void saveWithSplitsFileBeside() {
    QTemporaryDir dir;
    CreateTableForm form;
    form.setTableName(QStringLiteral("trades"));
    form.setPresplitMode(PresplitMode::Keys);
    form.setExplicitKeysText(QStringLiteral("\\x01\n\\x02\nm\n"));
    QString error, splitsPath;
    const QString path = dir.filePath(QStringLiteral("trades.hbase"));
    QVERIFY2(form.saveStatement(path, true, &error, &splitsPath), qPrintable(error));
    QCOMPARE(splitsPath, dir.filePath(QStringLiteral("trades-splits.txt")));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("SPLITS_FILE => 'trades-splits.txt'"));
    TableDescriptor back;
    std::vector<std::string> keys;
    RL_QVERIFY_OK(shell::ParseCreateStatement(text.toStdString(), dir.path().toStdString(), &back, &keys));
    QCOMPARE(keys, form.splitKeys());
    QCOMPARE(back.metadata.at("SPLITS_FILE"), std::string("trades-splits.txt"));
    back.metadata.erase("SPLITS_FILE");
    CompareTables(back, form.descriptor());
    // The inline form and a splits file of its own.
    QVERIFY(form.saveStatement(dir.filePath(QStringLiteral("inline.hbase")), false, &error));
    QVERIFY(form.saveSplitsFile(dir.filePath(QStringLiteral("keys.txt")), &error));
    QFile keysFile(dir.filePath(QStringLiteral("keys.txt")));
    QVERIFY(keysFile.open(QIODevice::ReadOnly));
    QCOMPARE(keysFile.readAll(), QByteArray("\\x01\n\\x02\nm\n"));
    // An invalid form is not saved.
    form.setTableName(QString());
    QVERIFY(!form.saveStatement(path, false, &error));
    QVERIFY(error.contains(QStringLiteral("errors")));
  }

  void splitThresholds() {
    CreateTableForm form;
    form.setTableName(QStringLiteral("t"));
    const QStringList stepping = form.splitThresholdLines();
    QCOMPARE(stepping.size(), 5);
    QCOMPARE(stepping[0], QStringLiteral("Stepping: 2 x 128 MB = 256 MB (r = 1 region of the table on this server)"));
    QCOMPARE(stepping[1], QStringLiteral("Stepping: 10 GB (r = 2 regions of the table on this server)"));
    form.setSplitPolicy(QStringLiteral("IncreasingToUpperBoundRegionSplitPolicy"));
    form.setMaxFileSizeText(QStringLiteral("1 GB"));
    const QStringList increasing = form.splitThresholdLines();
    QCOMPARE(increasing[1], QStringLiteral("IncreasingToUpperBound: min(1 GB, 2 x 128 MB x 2^3) = 1 GB"));
    form.setSplitPolicy(QStringLiteral("DisabledRegionSplitPolicy"));
    QCOMPARE(form.splitThresholdLines(), QStringList{QStringLiteral("Disabled: never splits, not even on request")});
  }
};

QTEST_MAIN(CreateTableFormTest)
#include "create_table_form_test.moc"
