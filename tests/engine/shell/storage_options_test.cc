// Every COMPRESSION and DATA_BLOCK_ENCODING through the shell: a table per
// encoding with a family per codec, written, flushed, read, major-compacted
// and read again; describe shows the options; the store files on disk
// record them (the codec of each block, the encoding in the file info);
// COMPRESSION_COMPACT applies to what compactions write and COMPRESSION to
// what flushes write.
#include <QDirIterator>
#include <QtTest>

#include "shell_test_util.h"
#include "storefile/store_file_reader.h"
#include "util/env.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

QString Text(const shell::StatementResult& r) { return QString::fromStdString(r.output); }

// The store files under the table's directory, by family.
std::map<std::string, std::vector<std::string>> StoreFiles(const std::string& data_dir,
                                                           const std::string& table) {
  std::map<std::string, std::vector<std::string>> out;
  QDirIterator it(QString::fromStdString(data_dir + "/data/default/" + table), {"*.sf"},
                  QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString path = it.next();
    if (path.contains("/.tmp/")) continue;
    out[QFileInfo(path).dir().dirName().toStdString()].push_back(path.toStdString());
  }
  return out;
}

// Every codec but NONE, as the family names c0..c5 hold them.
std::string CodecOf(int i) { return CompressionName(kAllCompressions[i]); }

}  // namespace

class StorageOptionsTest : public QObject {
  Q_OBJECT
 private slots:
  void everyCodecAndEncodingRoundTrips_data() {
    QTest::addColumn<QString>("encoding");
    for (DataBlockEncoding e : kAllDataBlockEncodings) {
      QTest::newRow(DataBlockEncodingName(e)) << QString(DataBlockEncodingName(e));
    }
  }
  void everyCodecAndEncodingRoundTrips() {
    QFETCH(QString, encoding);
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    const std::string e = encoding.toStdString();
    std::string create = "create 't'";
    for (int i = 0; i < 6; ++i) {
      create += ", {NAME => 'c" + std::to_string(i) + "', COMPRESSION => '" + CodecOf(i) +
                "', DATA_BLOCK_ENCODING => '" + e + "', BLOCKSIZE => 1024}";
    }
    // Flushes uncompressed, compactions with GZ.
    create += ", {NAME => 'k', COMPRESSION_COMPACT => 'GZ', DATA_BLOCK_ENCODING => '" + e + "'}";
    auto r = fx.Last(create);
    QVERIFY2(r.ok, r.error.c_str());
    const QString described = Text(fx.Last("describe 't'"));
    for (int i = 0; i < 6; ++i) {
      QVERIFY2(described.contains(QString::fromStdString(
                   "{NAME => 'c" + std::to_string(i) + "', BLOOMFILTER => 'ROW', IN_MEMORY => "
                   "'false', VERSIONS => '1', KEEP_DELETED_CELLS => 'FALSE', DATA_BLOCK_ENCODING "
                   "=> '" + e + "', COMPRESSION => '" + CodecOf(i) + "', TTL")),
               qPrintable(described));
    }
    QVERIFY(described.contains("COMPRESSION => 'NONE', COMPRESSION_COMPACT => 'GZ'"));

    // Two writes and flushes (two files per family), then a major compaction.
    std::string puts;
    for (int round = 0; round < 2; ++round) {
      for (int row = 0; row < 150; ++row) {
        char key[16];
        std::snprintf(key, sizeof(key), "row%04d", row * 2 + round);
        for (const char* f : {"c0", "c1", "c2", "c3", "c4", "c5", "k"}) {
          puts += std::string("put 't', '") + key + "', '" + f + ":q', '" +
                  std::string(40, static_cast<char>('a' + row % 5)) + key + "'\n";
        }
      }
      puts += "flush 't'\n";
    }
    for (const auto& res : fx.Run(puts)) QVERIFY2(res.ok, res.error.c_str());
    auto files = StoreFiles(fx.dir().path(), "t");
    QCOMPARE(files.size(), size_t(7));
    for (const auto& [family, paths] : files) {
      QCOMPARE(paths.size(), size_t(2));
      for (const std::string& path : paths) {
        auto reader = StoreFileReader::Open(Env::Default(), path, nullptr, {});
        RL_QVERIFY_OK(reader.status());
        QCOMPARE(DataBlockEncodingName((*reader)->info().encoding), e.c_str());
        const std::string want = family == "k" ? "NONE" : CodecOf(family[1] - '0');
        QCOMPARE(CompressionName((*reader)->info().compression), want.c_str());
      }
    }
    auto check = [&](const char* when) {
      for (const char* f : {"c0", "c1", "c2", "c3", "c4", "c5", "k"}) {
        const QJsonObject scan = fx.Json(std::string("scan 't', {COLUMNS => '") + f + "'}");
        QVERIFY2(scan.value("rows").toInt() == 300, when);
        const QJsonObject back = fx.Json(std::string("scan 't', {COLUMNS => '") + f +
                                         "', REVERSED => true, STARTROW => 'row0150', LIMIT => 3}");
        QCOMPARE(CellRows(back), (QStringList{"row0150", "row0149", "row0148"}));
        const QJsonObject get = fx.Json(std::string("get 't', 'row0077', '") + f + "'");
        QCOMPARE(CellSummary(get).size(), 1);
        QVERIFY(CellSummary(get)[0].startsWith(QString("row0077/") + f + ":q=" +
                                               QString(40, QChar('a' + 38 % 5)) + "row0077@"));
        const QJsonObject filtered = fx.Json(
            std::string("scan 't', {COLUMNS => '") + f +
            "', FILTER => \"RowFilter(=, 'regexstring:row01[0-4]1')\"}");
        QCOMPARE(filtered.value("rows").toInt(), 5);
      }
    };
    check("after the flushes");
    r = fx.Last("major_compact 't'");
    QVERIFY2(r.ok, r.error.c_str());
    RL_QVERIFY_OK(fx.cluster().WaitForBackgroundWork());
    files = StoreFiles(fx.dir().path(), "t");
    for (const auto& [family, paths] : files) {
      QCOMPARE(paths.size(), size_t(1));
      auto reader = StoreFileReader::Open(Env::Default(), paths[0], nullptr, {});
      RL_QVERIFY_OK(reader.status());
      QVERIFY((*reader)->info().major_compacted);
      QCOMPARE(DataBlockEncodingName((*reader)->info().encoding), e.c_str());
      const std::string want = family == "k" ? "GZ" : CodecOf(family[1] - '0');
      QCOMPARE(CompressionName((*reader)->info().compression), want.c_str());
      auto blocks = (*reader)->DescribeDataBlocks();
      RL_QVERIFY_OK(blocks.status());
      // The values repeat: every codec compresses every block.
      for (const DataBlockInfo& b : *blocks) {
        QCOMPARE(CompressionName(b.compression), want.c_str());
      }
    }
    check("after the major compaction");
  }
};

QTEST_GUILESS_MAIN(StorageOptionsTest)
#include "storage_options_test.moc"
