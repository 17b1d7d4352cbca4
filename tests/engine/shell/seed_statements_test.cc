// Every block of tests/data/seed-shell-commands.hbase, run verbatim
// against a fresh data directory with the acceptance folder as the working
// directory (so SPLITS_FILE finds region_split_info.txt), then checked
// against the regions and descriptors the file's comments promise.
#include <QFile>
#include <QtTest>
#include <functional>
#include <map>

#include "regionlab/cell.h"
#include "shell_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

struct Block {
  QString title;
  std::string statements;  // the block's lines, comments included
  int statement_count = 0;
};

QString AcceptanceDir() { return QStringLiteral(REGIONLAB_ACCEPTANCE_DIR); }

// Splits the file at its "## block: <title>" lines.
std::vector<Block> ReadBlocks() {
  std::vector<Block> blocks;
  QFile f(AcceptanceDir() + "/seed-shell-commands.hbase");
  if (!f.open(QIODevice::ReadOnly)) return blocks;
  const QStringList lines = QString::fromUtf8(f.readAll()).split('\n');
  for (const QString& line : lines) {
    if (line.startsWith("## block:")) {
      blocks.push_back(Block{line.mid(9).trimmed(), "", 0});
      continue;
    }
    if (blocks.empty()) continue;
    blocks.back().statements += line.toStdString() + "\n";
    if (!line.trimmed().isEmpty() && !line.trimmed().startsWith('#')) {
      ++blocks.back().statement_count;
    }
  }
  return blocks;
}

std::vector<std::string> Splits(Cluster& c, const std::string& table) {
  auto s = c.admin().GetSplits(table);
  return s.ok() ? *s : std::vector<std::string>{"<" + s.status().ToString() + ">"};
}

const FamilyOptions* Family(Cluster& c, const std::string& table, const std::string& family,
                            TableDescriptor* keep) {
  auto d = c.admin().GetDescriptor(table);
  if (!d.ok()) return nullptr;
  *keep = *d;
  return keep->FindFamily(family);
}

const std::vector<std::string> kTens = {"10", "20", "30", "40"};
const std::vector<std::string> kSplitsFile = {"0001|", "0002|", "0003|", "0004|", "0005|",
                                              "0006|", "0007|", "0008|", "0009|"};
const std::vector<std::string> kHex15 = {"11111111", "22222222", "33333333", "44444444",
                                         "55555555", "66666666", "77777777", "88888888",
                                         "99999999", "aaaaaaaa", "bbbbbbbb", "cccccccc",
                                         "dddddddd", "eeeeeeee"};

}  // namespace

class SeedStatementsTest : public QObject {
  Q_OBJECT
 private slots:
  void fileHasTheBlocks() {
    auto blocks = ReadBlocks();
    QVERIFY2(blocks.size() == 8, qPrintable(AcceptanceDir()));
    int statements = 0;
    for (const auto& b : blocks) statements += b.statement_count;
    QCOMPARE(statements, 21);
  }

  void block_data() {
    QTest::addColumn<int>("index");
    auto blocks = ReadBlocks();
    for (size_t i = 0; i < blocks.size(); ++i) {
      QTest::newRow(blocks[i].title.toUtf8().constData()) << int(i);
    }
  }
  void block() {
    QFETCH(int, index);
    const Block b = ReadBlocks().at(index);
    shell::ShellOptions options;
    options.working_directory = AcceptanceDir().toStdString();
    ShellFixture fx(options);
    QVERIFY(fx.ok());
    auto results = fx.Run(b.statements);
    QCOMPARE(int(results.size()), b.statement_count);
    for (const auto& r : results) {
      QVERIFY2(r.ok, (r.statement + " -> " + r.error).c_str());
      // HBase keys the shell does not model would print a warning; the seed
      // file uses none of them.
      QVERIFY2(r.json.Get("warnings") == nullptr, (r.statement + ": " + r.output).c_str());
    }
    Cluster& c = fx.cluster();
    TableDescriptor d;
    const QString title = b.title;
    if (title == "pre-split with explicit keys") {
      QCOMPARE(Splits(c, "t1"), kTens);
      QCOMPARE(c.admin().ListRegions("t1")->size(), size_t(5));
    } else if (title == "family TTL and explicit splits") {
      QCOMPARE(Splits(c, "t1"), kTens);
      QCOMPARE(Family(c, "t1", "f1", &d)->ttl_seconds, qint64(180));
    } else if (title == "two families with different TTLs") {
      QCOMPARE(Splits(c, "t1"), kTens);
      QCOMPARE(Family(c, "t1", "f1", &d)->ttl_seconds, qint64(180));
      QCOMPARE(Family(c, "t1", "f2", &d)->ttl_seconds, qint64(240));
    } else if (title.startsWith("the NewsClickFeedback table")) {
      const std::vector<std::string> hex = {"1", "2", "3", "4", "5", "6", "7", "8",
                                            "9", "a", "b", "c", "d", "e", "f"};
      QCOMPARE(Splits(c, "NewsClickFeedback"), hex);
      QCOMPARE(c.admin().ListRegions("NewsClickFeedback")->size(), size_t(16));
      const FamilyOptions* f = Family(c, "NewsClickFeedback", "Toutiao", &d);
      QVERIFY(f);
      QCOMPARE(f->max_versions, 1);
      QVERIFY(f->block_cache);
      QCOMPARE(f->bloom, BloomType::kRow);
      QCOMPARE(f->compression, Compression::kSnappy);
      QCOMPARE(f->ttl_seconds, qint64(259200));
      auto describe = fx.Last("describe 'NewsClickFeedback'");
      QVERIFY(QString::fromStdString(describe.output).contains("TTL => '259200 SECONDS (3 DAYS)'"));
    } else if (title == "per-table max file size through alter") {
      QVERIFY(c.admin().GetDescriptor("t").ok());
      QCOMPARE(c.admin().GetDescriptor("t")->max_file_size, quint64(134217728));
      QCOMPARE(*c.admin().IsTableEnabled("t"), true);
      // Online alter (table enabled) works too, as in HBase 2.
      QVERIFY(fx.Last("alter 't', METHOD => 'table_att', MAX_FILESIZE => '268435456'").ok);
      QCOMPARE(c.admin().GetDescriptor("t")->max_file_size, quint64(268435456));
    } else if (title.startsWith("splits file (see")) {
      QCOMPARE(Splits(c, "split_table_test"), kSplitsFile);
      QCOMPARE(c.admin().ListRegions("split_table_test")->size(), size_t(10));
    } else if (title == "splits file with a compressed family") {
      QCOMPARE(Splits(c, "split_table_test"), kSplitsFile);
      QCOMPARE(Family(c, "split_table_test", "cf", &d)->compression, Compression::kSnappy);
    } else if (title == "the forms listed by the shell's own help for create") {
      QCOMPARE(Family(c, "ns1:t1", "f1", &d)->max_versions, 5);
      auto t1 = c.admin().GetDescriptor("t1");
      QCOMPARE(t1->families.size(), size_t(3));
      QCOMPARE(c.admin().GetDescriptor("t2")->families.size(), size_t(3));
      const FamilyOptions* t3 = Family(c, "t3", "f1", &d);
      QCOMPARE(t3->max_versions, 1);
      QCOMPARE(t3->ttl_seconds, qint64(2592000));
      QVERIFY(t3->block_cache);
      QCOMPARE(Family(c, "t4", "f1", &d)->configuration.at("hbase.hstore.blockingStoreFiles"),
               std::string("10"));
      QCOMPARE(Splits(c, "t5"), kTens);
      QCOMPARE(Splits(c, "t6"), kSplitsFile);
      QCOMPARE(c.admin().GetDescriptor("t6")->owner, std::string("johndoe"));
      QCOMPARE(c.admin().GetDescriptor("t7")->metadata.at("mykey"), std::string("myvalue"));
      QCOMPARE(Family(c, "t7", "f1", &d)->max_versions, 5);
      QCOMPARE(Splits(c, "t8"), kHex15);
      QCOMPARE(c.admin().ListRegions("t8")->size(), size_t(15));
      QCOMPARE(Splits(c, "t9"), kHex15);
      QCOMPARE(c.admin().GetDescriptor("t9")->configuration.at(
                   "hbase.hregion.scan.loadColumnFamiliesOnDemand"),
               std::string("true"));
    } else {
      QFAIL(qPrintable("no expectations for block '" + title + "'"));
    }
  }
};

QTEST_GUILESS_MAIN(SeedStatementsTest)
#include "seed_statements_test.moc"
