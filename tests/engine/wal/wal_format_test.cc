// Tests for engine/wal/wal_format (segment names, header, record framing)
// and the worked example of engine/wal/FORMAT-wal.md.
#include "wal/wal_format.h"

#include <QtTest>

#include "regionlab/bytes.h"
#include "support/test_util.h"
#include "util/crc32c.h"
#include "wal/wal_entry.h"

using namespace regionlab;

class WalFormatTest : public QObject {
  Q_OBJECT
 private slots:
  void segmentFileNames_data() {
    QTest::addColumn<quint64>("number");
    QTest::addColumn<QString>("name");
    QTest::newRow("1") << quint64(1) << "wal-00000000000000000001.log";
    QTest::newRow("42") << quint64(42) << "wal-00000000000000000042.log";
    QTest::newRow("max") << quint64(UINT64_MAX) << "wal-18446744073709551615.log";
  }
  void segmentFileNames() {
    QFETCH(quint64, number);
    QFETCH(QString, name);
    QCOMPARE(QString::fromStdString(wal::SegmentFileName(number)), name);
    uint64_t parsed = 0;
    QVERIFY(wal::ParseSegmentFileName(name.toStdString(), &parsed));
    QCOMPARE(quint64(parsed), number);
  }

  void otherNamesAreNotSegments_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("short number") << "wal-42.log";
    QTest::newRow("letters") << "wal-0000000000000000004x.log";
    QTest::newRow("suffix") << "wal-00000000000000000042.log.tmp";
    QTest::newRow("prefix") << "xwal-00000000000000000042.log";
    QTest::newRow("overflow") << "wal-99999999999999999999.log";
    QTest::newRow("other file") << "MANIFEST";
  }
  void otherNamesAreNotSegments() {
    QFETCH(QString, name);
    uint64_t parsed = 0;
    QVERIFY(!wal::ParseSegmentFileName(name.toStdString(), &parsed));
  }

  // The bytes of FORMAT-wal.md's worked example, produced by the code.
  void workedExampleMatchesFormatDoc() {
    WalEntry e;
    e.region = "r1";
    e.sequence_id = 7;
    e.write_time_ms = 1000;
    e.edits.push_back({"f", "row", "q", 5, CellType::kPut, "v"});
    const uint64_t run_id = 0x0706050403020100ull;
    std::string file = wal::EncodeSegmentHeader(run_id);
    const size_t pos = wal::BeginRecord(&file);
    EncodeWalEntry(e, &file);
    wal::FinishRecord(&file, pos, wal::RecordType::kEntry, run_id);

    QCOMPARE(file.size(), size_t(60));
    QCOMPARE(ToHex(file),
             std::string("524c57414c534547"  // magic
                         "02000000"          // version 2
                         "00000000"          // flags
                         "0001020304050607"  // run id 0x0706050403020100
                         "d8a88f86"          // segment header crc
                         "b290d77e"          // masked crc
                         "13000000"          // length 19
                         "01"                // type entry
                         "b159779e"          // record header crc
                         "027231"            // region "r1"
                         "07"                // sequence id
                         "e807"              // write time 1000
                         "01"                // one edit
                         "0166"              // family
                         "03726f77"          // row
                         "0171"              // qualifier
                         "05"                // timestamp
                         "04"                // Put
                         "0176"));           // value
    // The doc also quotes the unmasked CRCs: of the first 24 header bytes, of
    // type byte + payload, and of run id + the record header's first 9 bytes.
    QCOMPARE(crc32c::Value(file.data(), 24), 0x5f007206u);
    std::string covered = file.substr(36, 1) + file.substr(41);
    QCOMPARE(crc32c::Value(covered.data(), covered.size()), 0x52ed6e2au);
    QCOMPARE(crc32c::Mask(0x52ed6e2au), 0x7ed790b2u);
    covered = file.substr(16, 8) + file.substr(28, 9);
    QCOMPARE(crc32c::Value(covered.data(), covered.size()), 0x376cfdfau);
  }

  // Version 1 (before record headers had checksums): the same entry, as the
  // reader still accepts it.
  void versionOneExampleMatchesFormatDoc() {
    WalEntry e;
    e.region = "r1";
    e.sequence_id = 7;
    e.write_time_ms = 1000;
    e.edits.push_back({"f", "row", "q", 5, CellType::kPut, "v"});
    std::string payload;
    EncodeWalEntry(e, &payload);
    const std::string file =
        wal::EncodeSegmentHeaderV1() + wal::EncodeRecordV1(wal::RecordType::kEntry, payload);
    QCOMPARE(ToHex(file), std::string("524c57414c534547010000000000000"
                                      "0b290d77e130000000102723107e80701016603726f77017105040176"));
  }

  // Every writer gets its own run id.
  void runIdsDiffer() {
    QVERIFY(wal::NewRunId() != wal::NewRunId());
  }

  // The checksum covers the type byte as well as the payload.
  void checksumCoversTypeAndPayload() {
    const uint32_t base = wal::RecordChecksum(wal::RecordType::kEntry, "payload");
    QVERIFY(base != wal::RecordChecksum(wal::RecordType::kZero, "payload"));
    QVERIFY(base != wal::RecordChecksum(wal::RecordType::kEntry, "payloaD"));
    QCOMPARE(wal::RecordChecksum(wal::RecordType::kEntry, "payload"), base);
  }
};

QTEST_GUILESS_MAIN(WalFormatTest)
#include "wal_format_test.moc"
