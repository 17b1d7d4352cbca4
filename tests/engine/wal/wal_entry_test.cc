// Tests for engine/wal/wal_entry: the payload encoding of one WAL entry.
#include "wal/wal_entry.h"

#include <QtTest>

#include "support/test_util.h"
#include "util/random.h"

using namespace regionlab;

Q_DECLARE_METATYPE(regionlab::WalEntry)

namespace {

WalEntry SampleEntry() {
  WalEntry e;
  e.region = "table,row-0,1700000000000.abcdef0123456789.";
  e.sequence_id = 12345;
  e.write_time_ms = 1700000000123;
  e.edits.push_back({"cf", "row-0", "q1", 1700000000000, CellType::kPut, "value-1"});
  e.edits.push_back({"cf", "row-0", "q2", 42, CellType::kDeleteColumn, ""});
  return e;
}

}  // namespace

class WalEntryTest : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip_data() {
    QTest::addColumn<WalEntry>("entry");
    QTest::newRow("sample") << SampleEntry();

    WalEntry all_types;
    all_types.region = "r";
    all_types.sequence_id = 1;
    for (CellType t : {CellType::kPut, CellType::kDelete, CellType::kDeleteFamilyVersion,
                       CellType::kDeleteColumn, CellType::kDeleteFamily}) {
      all_types.edits.push_back({"f", "row", "q", 7, t, t == CellType::kPut ? "v" : ""});
    }
    QTest::newRow("every cell type") << all_types;

    WalEntry binary;
    binary.region = std::string("\x00\xff region\x01", 10);
    binary.sequence_id = UINT64_MAX;
    binary.write_time_ms = -1;
    binary.edits.push_back({std::string("\x00", 1), std::string("\xff\xfe\x00r", 4),
                            std::string("\x00\x00", 2), INT64_MAX, CellType::kPut,
                            std::string("\x00\x01\x02\xff", 4)});
    binary.edits.push_back({"f", "r", "", INT64_MIN, CellType::kPut, ""});
    QTest::newRow("binary bytes and extreme numbers") << binary;

    WalEntry empty_values;
    empty_values.region = "r";
    empty_values.edits.push_back({"", "", "", 0, CellType::kPut, ""});
    QTest::newRow("empty fields") << empty_values;

    WalEntry no_edits;
    no_edits.region = "r";
    no_edits.sequence_id = 9;
    QTest::newRow("no edits") << no_edits;

    WalEntry big;
    big.region = "r";
    big.sequence_id = 77;
    Random rnd(301);
    for (int i = 0; i < 300; ++i) {
      big.edits.push_back({"cf", "row-" + std::to_string(i), rnd.RandomBytes(rnd.Uniform(20)),
                           static_cast<int64_t>(rnd.Next() >> 1), CellType::kPut,
                           rnd.RandomBytes(rnd.Uniform(2000))});
    }
    QTest::newRow("many edits, random binary") << big;
  }
  void roundTrip() {
    QFETCH(WalEntry, entry);
    std::string payload = "prefix that is not part of the payload";
    const size_t prefix = payload.size();
    EncodeWalEntry(entry, &payload);  // appends
    WalEntry decoded;
    decoded.region = "stale";
    decoded.edits.push_back({"stale", "stale", "stale", 1, CellType::kDelete, "stale"});
    RL_QVERIFY_OK(DecodeWalEntry(std::string_view(payload).substr(prefix), &decoded));
    QVERIFY(decoded == entry);
    QCOMPARE(decoded.edits.size(), entry.edits.size());
  }

  // Every strict prefix of a valid payload is missing part of a field.
  void truncatedPayloadIsCorruption() {
    std::string payload;
    EncodeWalEntry(SampleEntry(), &payload);
    for (size_t len = 0; len < payload.size(); ++len) {
      WalEntry out;
      Status s = DecodeWalEntry(std::string_view(payload).substr(0, len), &out);
      QVERIFY2(
          s.IsCorruption(),
          qPrintable(QString("prefix %1: %2").arg(len).arg(QString::fromStdString(s.ToString()))));
    }
  }

  void trailingBytesAreCorruption() {
    std::string payload;
    EncodeWalEntry(SampleEntry(), &payload);
    payload.push_back('\0');
    WalEntry out;
    Status s = DecodeWalEntry(payload, &out);
    QVERIFY(s.IsCorruption());
    QVERIFY(s.message().find("trailing") != std::string::npos);
  }

  void badCellTypeIsCorruption_data() {
    QTest::addColumn<int>("code");
    QTest::newRow("Minimum") << 0;
    QTest::newRow("3") << 3;
    QTest::newRow("5") << 5;
    QTest::newRow("Maximum") << 255;
  }
  void badCellTypeIsCorruption() {
    QFETCH(int, code);
    WalEntry e;
    e.region = "r";
    e.edits.push_back({"f", "row", "q", 1, CellType::kPut, "v"});
    std::string payload;
    EncodeWalEntry(e, &payload);
    // The type byte sits just before the value ("\x01v") at the end.
    payload[payload.size() - 3] = static_cast<char>(code);
    WalEntry out;
    Status s = DecodeWalEntry(payload, &out);
    QVERIFY(s.IsCorruption());
    QVERIFY2(s.message().find("cell type " + std::to_string(code)) != std::string::npos,
             s.message().c_str());
  }

  // A corrupt edit count must be rejected before it sizes an allocation.
  void hugeEditCountIsCorruption() {
    std::string payload;
    payload += '\x01';
    payload += 'r';                                     // region "r"
    payload += '\x01';                                  // sequence id 1
    payload += '\x00';                                  // write time 0
    payload += std::string("\xff\xff\xff\xff\x0f", 5);  // 2^32 - 1 edits
    payload += std::string(20, 'x');
    WalEntry out;
    Status s = DecodeWalEntry(payload, &out);
    QVERIFY(s.IsCorruption());
    QVERIFY(s.message().find("4294967295 edits") != std::string::npos);
  }

  // Random bytes and randomly damaged payloads either decode or fail cleanly;
  // under the sanitizer build this also proves no read goes out of bounds.
  void garbageNeverCrashes() {
    Random rnd(42);
    std::string valid;
    EncodeWalEntry(SampleEntry(), &valid);
    int failures = 0;
    for (int i = 0; i < 5000; ++i) {
      std::string input;
      if (i % 2 == 0) {
        input = rnd.RandomBytes(rnd.Uniform(64));
      } else {
        input = valid;
        for (uint64_t k = 0, n = 1 + rnd.Uniform(4); k < n; ++k) {
          input[rnd.Uniform(input.size())] = static_cast<char>(rnd.Next());
        }
      }
      WalEntry out;
      Status s = DecodeWalEntry(input, &out);
      if (!s.ok()) {
        QVERIFY(s.IsCorruption());
        ++failures;
      }
    }
    QVERIFY(failures > 2500);  // most garbage must be recognised as such
  }

  void validateRejectsWhatCannotBeReplayed() {
    RL_QVERIFY_OK(ValidateWalEntry(SampleEntry()));
    WalEntry no_region = SampleEntry();
    no_region.region.clear();
    QVERIFY(ValidateWalEntry(no_region).IsInvalidArgument());
    WalEntry bad_type = SampleEntry();
    bad_type.edits[1].type = CellType::kMaximum;
    Status s = ValidateWalEntry(bad_type);
    QVERIFY(s.IsInvalidArgument());
    QVERIFY(s.message().find("edit 1") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(WalEntryTest)
#include "wal_entry_test.moc"
