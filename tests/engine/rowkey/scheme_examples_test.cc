// The built-in examples reproduce their designs' byte layouts (SCHEMES.md): the 6-byte transaction and statistics keys, the 16-byte
// general key, the 20-character userID+time+fileID key with its
// 10-row example and its scan, and the salted and hashed layouts (salted trade,
// md5-prefixed risk and vehicle keys, Long.MAX_VALUE - ts). Expected hash
// bytes were computed independently (Python hashlib and a reference
// MurmurHash3). Every example also survives a JSON round trip.
#include <QtTest>

#include <algorithm>
#include <string>

#include "regionlab/bytes.h"
#include "rowkey/key_encoder.h"
#include "rowkey/query_plan.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"

using namespace regionlab;
using namespace regionlab::rowkey;

namespace {

KeyEncoder Example(const char* name) {
  auto scheme = ExampleScheme(name);
  if (!scheme.ok()) qFatal("%s", scheme.status().ToString().c_str());
  auto enc = KeyEncoder::Create(*scheme);
  if (!enc.ok()) qFatal("%s", enc.status().ToString().c_str());
  return std::move(*enc);
}

std::string Key(const KeyEncoder& enc, std::vector<std::pair<std::string, std::string>> values) {
  auto record = enc.RecordFromText(values);
  if (!record.ok()) qFatal("%s", record.status().ToString().c_str());
  std::string key;
  const Status s = enc.Encode(*record, &key);
  if (!s.ok()) qFatal("%s", s.ToString().c_str());
  return key;
}

QString Hex(const std::string& bytes) { return QString::fromStdString(ToHex(bytes)); }

}  // namespace

class SchemeExamplesTest : public QObject {
  Q_OBJECT
 private slots:
  void names() {
    QCOMPARE(ExampleSchemeNames(),
             (std::vector<std::string>{"transaction", "statistics", "general", "user-time-file",
                                       "trade-salted", "risk-hash", "vehicle", "latest-first"}));
    auto missing = ExampleScheme("nope");
    QVERIFY(missing.status().IsNotFound());
    QVERIFY(missing.status().message().find("the examples are transaction, statistics") !=
            std::string::npos);
  }

  void jsonRoundTrip_data() {
    QTest::addColumn<QString>("name");
    for (const auto& n : ExampleSchemeNames()) QTest::newRow(n.c_str()) << QString::fromStdString(n);
  }
  void jsonRoundTrip() {
    QFETCH(QString, name);
    auto scheme = ExampleScheme(name.toStdString());
    QVERIFY(scheme.ok());
    QVERIFY(ValidateScheme(*scheme).ok());
    const std::string text = FormatSchemeJson(*scheme);
    auto back = ParseSchemeJson(text, name.toStdString() + ".json");
    QVERIFY2(back.ok(), back.status().ToString().c_str());
    QCOMPARE(FormatSchemeJson(*back), text);
  }

  // transaction: byte 0-1 hash field 0..65535, byte 2-5 time of day in ms 0..86399999.
  void transactionSixBytes() {
    const KeyEncoder enc = Example("transaction");
    QCOMPARE(enc.MinKeyLength(), 6);
    QCOMPARE(enc.MaxKeyLength(), 6);
    // murmur3(Bytes.toBytes(12345L)) mod 65536 = 0xbc35; 13:45:30.123 = 0x02F3C50B.
    QCOMPARE(Hex(Key(enc, {{"txnId", "12345"}, {"time", "2024-01-01T13:45:30.123Z"}})),
             QString("bc3502f3c50b"));
    // The bounds of the time field (ms of a day): 0x00000000 .. 0x05265BFF.
    QCOMPARE(Hex(Key(enc, {{"txnId", "12345"}, {"time", "2024-01-01T00:00:00Z"}})).mid(4),
             QString("00000000"));
    QCOMPARE(Hex(Key(enc, {{"txnId", "12345"}, {"time", "2024-01-01T23:59:59.999Z"}})).mid(4),
             QString("05265bff"));
  }

  // statistics: bytes 0-3 the series (hash/sequence) field, bytes 4-5 minute 0..1439 (0x059F).
  void statisticsSixBytes() {
    const KeyEncoder enc = Example("statistics");
    QCOMPARE(enc.MaxKeyLength(), 6);
    QCOMPARE(Hex(Key(enc, {{"seriesId", "4294967295"}, {"time", "2024-01-01T23:59:00Z"}})),
             QString("ffffffff059f"));
    QCOMPARE(Hex(Key(enc, {{"seriesId", "0"}, {"time", "2024-01-01T00:00:59Z"}})),
             QString("000000000000"));
  }

  // general: 4-byte sequence field, then at most 12 bytes of extension fields.
  void generalSixteenBytes() {
    const KeyEncoder enc = Example("general");
    QCOMPARE(enc.MaxKeyLength(), 16);
    QCOMPARE(Hex(Key(enc, {{"seq", "1"}, {"loader", "2"}, {"attrs", "abc"}})),
             QString("00000001" "0002" "616263" "00000000000000"));
  }

  // user-time-file's ten files, keyed userID(6) + CreateTime(8) + FileID(6), in the
  // table's order, exactly as the note lists them.
  void userTimeFileTenRows() {
    const KeyEncoder enc = Example("user-time-file");
    QCOMPARE(enc.MaxKeyLength(), 20);
    const struct {
      const char *id, *time, *user;
    } files[] = {{"1", "20120902", "1"},  {"2", "20120904", "1"}, {"3", "20120906", "1"},
                 {"4", "20120908", "1"},  {"5", "20120910", "1"}, {"6", "20120912", "2"},
                 {"7", "20120914", "1"},  {"8", "20120916", "2"}, {"9", "20120918", "3"},
                 {"10", "20120920", "4"}};
    std::vector<std::string> keys;
    for (const auto& f : files) {
      keys.push_back(Key(enc, {{"userId", f.user}, {"createTime", f.time}, {"fileId", f.id}}));
    }
    std::sort(keys.begin(), keys.end());
    const std::vector<std::string> note = {
        "00000120120902000001", "00000120120904000002", "00000120120906000003",
        "00000120120908000004", "00000120120910000005", "00000120120914000007",
        "00000220120912000006", "00000220120916000008", "00000320120918000009",
        "00000420120920000010"};
    QCOMPARE(keys, note);

    // The design's scan: setStartRow(00000120120901), setEndRow(00000120120914).
    QueryTemplate q;
    q.name = "one user's files between two dates";
    q.equals = {{"userId", "1"}};
    q.range_field = "createTime";
    q.range_from = "20120901";
    q.range_to = "20120914";
    auto plan = PlanQuery(enc, q, {});
    QVERIFY2(plan.ok(), plan.status().ToString().c_str());
    QCOMPARE(plan->scans.size(), size_t{1});
    QCOMPARE(plan->scans[0].start, std::string("00000120120901"));
    QCOMPARE(plan->scans[0].stop, std::string("00000120120914"));

    // find(20120901, 20121001, ..., "浙江卫视"): files 1, 2, 3, 4, 5 and 7.
    q.range_to = "20121001";
    plan = PlanQuery(enc, q, {});
    QVERIFY(plan.ok());
    std::vector<std::string> found;
    for (const auto& k : keys) {
      if (k >= plan->scans[0].start && k < plan->scans[0].stop) found.push_back(k.substr(14));
    }
    QCOMPARE(found, (std::vector<std::string>{"000001", "000002", "000003", "000004", "000005",
                                              "000007"}));
  }

  // trade-salted: salt + sellerId + timestamp.
  void tradeSalted() {
    const KeyEncoder enc = Example("trade-salted");
    QCOMPARE(enc.MaxKeyLength(), 13);
    // murmur3(Bytes.toBytes(99L)) mod 16 = 12; seller 1001 = 0x3E9; 2024-01-01T08:30Z = 0x18CC424DF40.
    QCOMPARE(Hex(Key(enc, {{"orderId", "99"}, {"sellerId", "1001"}, {"ts", "2024-01-01T08:30:00Z"}})),
             QString("0c" "000003e9" "0000018cc424df40"));
  }

  // risk-hash: prefix = substr(md5(uid), 0, x) + uid, x = 6.
  void riskHash() {
    const KeyEncoder enc = Example("risk-hash");
    QCOMPARE(QString::fromStdString(Key(enc, {{"uid", "123456"}})),
             QString("e10adc0000123456"));  // md5("123456") = e10adc39...
  }

  // vehicle: prefix + carId + timestamp, prefix = substr(md5(carId), 0, 4).
  void vehicle() {
    const KeyEncoder enc = Example("vehicle");
    const std::string key = Key(enc, {{"carId", "42"}, {"ts", "2024-01-01T08:30:00Z"}});
    QCOMPARE(QString::fromStdString(key.substr(0, 12)), QString("a1d000000042"));  // md5("42") = a1d0c6e8...
    QCOMPARE(Hex(key.substr(12)), QString("0000018cc424df40"));
  }

  // latest-first: uid + (Long.MAX_VALUE - timestamp); newer rows sort first.
  void latestFirst() {
    const KeyEncoder enc = Example("latest-first");
    const std::string key = Key(enc, {{"uid", "42"}, {"ts", "2024-01-01T08:30:00Z"}});
    QCOMPARE(QString::fromStdString(key), QString("0000000042" "9223370332756975807"));
    const std::string later = Key(enc, {{"uid", "42"}, {"ts", "2024-01-01T08:30:00.001Z"}});
    QVERIFY(later < key);
  }
};

QTEST_GUILESS_MAIN(SchemeExamplesTest)
#include "scheme_examples_test.moc"
