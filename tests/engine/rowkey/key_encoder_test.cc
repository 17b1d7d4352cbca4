// Each segment kind's bytes, one data row per encoding, with the expected
// bytes written out by hand (hash values computed independently with
// Python's hashlib and a reference MurmurHash3 x86_32); values that do not
// fit; the validation rules and their messages.
#include <QtTest>

#include <string>

#include "regionlab/bytes.h"
#include "rowkey/key_encoder.h"
#include "rowkey/scheme_json.h"

using namespace regionlab;
using namespace regionlab::rowkey;

namespace {

// A scheme with the fields every row uses and one segment given as JSON.
Result<RowkeyScheme> OneSegment(const QString& segment_json) {
  const std::string doc =
      R"({"name": "t", "fields": [{"name": "id", "type": "long"}, {"name": "n", "type": "int"},
         {"name": "s", "type": "string"}, {"name": "ts", "type": "long"}],
         "segments": [)" +
      segment_json.toStdString() + "]}";
  return ParseSchemeJson(doc, "test");
}

// "id=7,s=abc" -> pairs.
std::vector<std::pair<std::string, std::string>> Values(const QString& text) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const QString& item : text.split(',', Qt::SkipEmptyParts)) {
    const int eq = item.indexOf('=');
    out.emplace_back(item.left(eq).toStdString(), item.mid(eq + 1).toStdString());
  }
  return out;
}

const char kDefaults[] = "id=7,n=258,s=abc,ts=1346593530123";  // ts = 2012-09-02T13:45:30.123Z

}  // namespace

class KeyEncoderTest : public QObject {
  Q_OBJECT
 private slots:
  void segmentBytes_data() {
    QTest::addColumn<QString>("segment");
    QTest::addColumn<QString>("values");
    QTest::addColumn<QString>("hex");
    // murmur3(00 00 00 00 00 00 00 07) = 0x7c1450ca: mod 16 = 10, mod 256 = 202, mod 65536 = 20682.
    QTest::newRow("salt decimal") << R"({"kind": "salt", "fields": ["id"], "buckets": 16, "encoding": "decimal"})"
                                  << kDefaults << "3130";  // "10"
    QTest::newRow("salt decimal wide") << R"({"kind": "salt", "fields": ["id"], "buckets": 16, "encoding": "decimal", "width": 4})"
                                       << kDefaults << "30303130";  // "0010"
    QTest::newRow("salt hex") << R"({"kind": "salt", "fields": ["id"], "buckets": 256, "encoding": "hex"})"
                              << kDefaults << "6361";  // "ca"
    QTest::newRow("salt binary 1 byte") << R"({"kind": "salt", "fields": ["id"], "buckets": 16, "encoding": "binary"})"
                                        << kDefaults << "0a";
    QTest::newRow("salt binary 2 bytes") << R"({"kind": "salt", "fields": ["id"], "buckets": 65536, "encoding": "binary"})"
                                         << kDefaults << "50ca";
    // md5(00..07) = e3e13013...: 0xe3e13013 mod 100 = 39.
    QTest::newRow("salt from md5") << R"({"kind": "salt", "fields": ["id"], "buckets": 100, "algorithm": "md5"})"
                                   << kDefaults << "3339";  // "39"
    QTest::newRow("hash md5 hex") << R"({"kind": "hash", "fields": ["id"], "algorithm": "md5", "length": 8})"
                                  << kDefaults << "6533653133303133";  // "e3e13013"
    QTest::newRow("hash sha1 hex") << R"({"kind": "hash", "fields": ["s"], "algorithm": "sha1", "length": 6})"
                                   << kDefaults << "613939393365";  // "a9993e"
    QTest::newRow("hash murmur3 binary") << R"({"kind": "hash", "fields": ["s"], "algorithm": "murmur3", "length": 4, "encoding": "binary"})"
                                         << kDefaults << "b3dd93fa";
    QTest::newRow("hash md5 binary") << R"({"kind": "hash", "fields": ["s"], "algorithm": "md5", "length": 3, "encoding": "binary"})"
                                     << kDefaults << "900150";
    QTest::newRow("hash of two fields") << R"({"kind": "hash", "fields": ["s", "n"], "algorithm": "md5", "length": 32})"
                                        << "s=ab,n=1" << "";  // checked in hashOfTwoFields
    QTest::newRow("field decimal") << R"({"kind": "field", "field": "id", "encoding": "decimal", "width": 6})"
                                   << kDefaults << "303030303037";  // "000007"
    QTest::newRow("field int binary") << R"({"kind": "field", "field": "n", "encoding": "binary"})"
                                      << kDefaults << "00000102";
    QTest::newRow("field int binary 2") << R"({"kind": "field", "field": "n", "encoding": "binary", "width": 2})"
                                        << kDefaults << "0102";
    QTest::newRow("field long binary") << R"({"kind": "field", "field": "id", "encoding": "binary"})"
                                       << kDefaults << "0000000000000007";
    QTest::newRow("field negative long binary") << R"({"kind": "field", "field": "id", "encoding": "binary"})"
                                                << "id=-2" << "fffffffffffffffe";
    QTest::newRow("field negative int binary") << R"({"kind": "field", "field": "n", "encoding": "binary"})"
                                               << "n=-1" << "ffffffff";
    QTest::newRow("field number text") << R"({"kind": "field", "field": "n", "encoding": "text"})"
                                       << kDefaults << "323538";  // "258"
    QTest::newRow("field string text") << R"({"kind": "field", "field": "s", "encoding": "text"})"
                                       << kDefaults << "616263";
    QTest::newRow("field string padded") << R"({"kind": "field", "field": "s", "encoding": "text", "width": 5})"
                                         << kDefaults << "6162630000";
    QTest::newRow("field string custom pad") << R"({"kind": "field", "field": "s", "encoding": "text", "width": 5, "pad": "_"})"
                                             << kDefaults << "6162635f5f";
    QTest::newRow("field string zero-padded") << R"({"kind": "field", "field": "s", "encoding": "decimal", "width": 5})"
                                              << kDefaults << "3030616263";  // "00abc"
    QTest::newRow("reversed string") << R"({"kind": "reversed", "field": "s", "encoding": "text"})"
                                     << "s=13800138000" << "3030303833313030383331";  // "00083100831"
    QTest::newRow("reversed decimal") << R"({"kind": "reversed", "field": "id", "encoding": "decimal", "width": 6})"
                                      << kDefaults << "373030303030";  // "700000"
    QTest::newRow("reversed binary") << R"({"kind": "reversed", "field": "n", "encoding": "binary"})"
                                     << kDefaults << "02010000";
    QTest::newRow("timestamp binary") << R"({"kind": "timestamp", "field": "ts"})"
                                      << kDefaults << "00000139873aa10b";
    QTest::newRow("timestamp reversed binary") << R"({"kind": "timestamp", "field": "ts", "order": "reversed"})"
                                               << kDefaults << "7ffffec678c55ef4";
    QTest::newRow("timestamp iso input") << R"({"kind": "timestamp", "field": "ts"})"
                                         << "ts=2012-09-02T13:45:30.123Z" << "00000139873aa10b";
    // 1346593530 s; Long.MAX_VALUE - that = 9223372035508182277.
    QTest::newRow("timestamp seconds decimal") << R"({"kind": "timestamp", "field": "ts", "unit": "s", "encoding": "decimal"})"
                                               << kDefaults << "30303030303030303031333436353933353330";
    QTest::newRow("timestamp reversed seconds decimal") << R"({"kind": "timestamp", "field": "ts", "order": "reversed", "unit": "s", "encoding": "decimal"})"
                                                        << kDefaults << "39323233333732303335353038313832323737";
    // 13:45:30.123 = 49530123 ms = 0x02F3C50B; minute 825 = 0x0339.
    QTest::newRow("time of day ms") << R"({"kind": "time_of_day", "field": "ts", "unit": "ms"})"
                                    << kDefaults << "02f3c50b";
    QTest::newRow("time of day minutes") << R"({"kind": "time_of_day", "field": "ts", "unit": "min"})"
                                         << kDefaults << "0339";
    QTest::newRow("time of day last ms") << R"({"kind": "time_of_day", "field": "ts"})"
                                         << "ts=2012-09-02T23:59:59.999Z" << "05265bff";
    QTest::newRow("constant") << R"({"kind": "constant", "value": "\\x00ab"})" << kDefaults << "006162";
    QTest::newRow("delimiter") << R"({"kind": "delimiter", "value": "|"})" << kDefaults << "7c";
  }
  void segmentBytes() {
    QFETCH(QString, segment);
    QFETCH(QString, values);
    QFETCH(QString, hex);
    auto scheme = OneSegment(segment);
    QVERIFY2(scheme.ok(), scheme.status().ToString().c_str());
    auto encoder = KeyEncoder::Create(*scheme);
    QVERIFY2(encoder.ok(), encoder.status().ToString().c_str());
    auto record = encoder->RecordFromText(Values(values));
    QVERIFY2(record.ok(), record.status().ToString().c_str());
    std::string key;
    const Status s = encoder->Encode(*record, &key);
    QVERIFY2(s.ok(), s.ToString().c_str());
    if (!hex.isEmpty()) QCOMPARE(QString::fromStdString(ToHex(key)), hex);
    // Fixed-width segments report the width they write.
    if (encoder->Width(0) >= 0) QCOMPARE(key.size(), static_cast<size_t>(encoder->Width(0)));
  }

  void hashOfTwoFields() {
    // The sources' canonical bytes are concatenated: "ab" then the int 1 as 4 bytes.
    auto scheme = OneSegment(R"({"kind": "hash", "fields": ["s", "n"], "algorithm": "md5", "length": 32})");
    QVERIFY(scheme.ok());
    auto encoder = KeyEncoder::Create(*scheme);
    auto record = encoder->RecordFromText({{"s", "ab"}, {"n", "1"}});
    std::string key;
    QVERIFY(encoder->Encode(*record, &key).ok());
    QCOMPARE(key, std::string("609d5f47172581a7139a20273bcfe4f0"));  // md5("ab\0\0\0\1")
  }

  void valuesThatDoNotFit_data() {
    QTest::addColumn<QString>("segment");
    QTest::addColumn<QString>("values");
    QTest::addColumn<QString>("message");
    QTest::newRow("too many digits") << R"({"kind": "field", "field": "id", "encoding": "decimal", "width": 6})"
                                     << "id=1000000"
                                     << "segment 1 (field id): value 1000000 needs 7 digits but the width is 6";
    QTest::newRow("negative decimal") << R"({"kind": "field", "field": "id", "encoding": "decimal", "width": 6})"
                                      << "id=-1"
                                      << "segment 1 (field id): value -1 is negative; a zero-padded decimal holds 0 and up";
    QTest::newRow("narrow binary") << R"({"kind": "field", "field": "n", "encoding": "binary", "width": 1})"
                                   << "n=256" << "segment 1 (field n): value 256 does not fit in 1 unsigned byte";
    QTest::newRow("narrow binary negative") << R"({"kind": "field", "field": "id", "encoding": "binary", "width": 4})"
                                            << "id=-1" << "segment 1 (field id): value -1 does not fit in 4 unsigned bytes";
    QTest::newRow("long string") << R"({"kind": "field", "field": "s", "encoding": "text", "width": 2})"
                                 << "s=abc" << "segment 1 (field s): value 'abc' is 3 bytes, longer than the width 2";
    QTest::newRow("negative timestamp") << R"({"kind": "timestamp", "field": "ts"})"
                                        << "ts=-5" << "segment 1 (timestamp ts): timestamp -5 is before 1970 (negative)";
  }
  void valuesThatDoNotFit() {
    QFETCH(QString, segment);
    QFETCH(QString, values);
    QFETCH(QString, message);
    auto scheme = OneSegment(segment);
    QVERIFY2(scheme.ok(), scheme.status().ToString().c_str());
    auto encoder = KeyEncoder::Create(*scheme);
    QVERIFY(encoder.ok());
    auto record = encoder->RecordFromText(Values(values));
    QVERIFY(record.ok());
    std::string key;
    const Status s = encoder->Encode(*record, &key);
    QVERIFY(s.IsInvalidArgument());
    QCOMPARE(QString::fromStdString(s.message()), message);
  }

  void validation_data() {
    QTest::addColumn<QString>("segment");
    QTest::addColumn<QString>("message");
    QTest::newRow("one bucket") << R"({"kind": "salt", "fields": ["id"], "buckets": 1})"
                                << "test: segment 1 (salt of id): buckets must be from 2 to 65536, got 1";
    QTest::newRow("too many buckets") << R"({"kind": "salt", "fields": ["id"], "buckets": 65537, "encoding": "binary"})"
                                      << "test: segment 1 (salt of id): buckets must be from 2 to 65536, got 65537";
    QTest::newRow("salt without fields") << R"({"kind": "salt", "fields": [], "buckets": 4})"
                                         << "test: segment 1 (salt): needs at least one field to hash";
    QTest::newRow("salt narrow width") << R"({"kind": "salt", "fields": ["id"], "buckets": 100, "width": 1})"
                                       << "test: segment 1 (salt of id): width 1 cannot hold bucket 99";
    QTest::newRow("text salt") << R"({"kind": "salt", "fields": ["id"], "buckets": 4, "encoding": "text"})"
                               << "test: segment 1 (salt of id): encoding text is not one of decimal, hex, binary";
    QTest::newRow("hash too long") << R"({"kind": "hash", "fields": ["id"], "algorithm": "murmur3", "length": 9})"
                                   << "test: segment 1 (hash of id): length must be from 1 to 8 hex characters for murmur3, got 9";
    QTest::newRow("hash bytes too long") << R"({"kind": "hash", "fields": ["id"], "algorithm": "sha1", "length": 21, "encoding": "binary"})"
                                         << "test: segment 1 (hash of id): length must be from 1 to 20 bytes for sha1, got 21";
    QTest::newRow("unknown field") << R"({"kind": "field", "field": "nope", "encoding": "text"})"
                                   << "test: segment 1 (field nope): unknown field 'nope'";
    QTest::newRow("unknown hash field") << R"({"kind": "hash", "fields": ["id", "x"], "algorithm": "md5", "length": 4})"
                                        << "test: segment 1 (hash of id+x): unknown field 'x'";
    QTest::newRow("decimal without width") << R"({"kind": "field", "field": "id", "encoding": "decimal"})"
                                           << "test: segment 1 (field id): a zero-padded decimal needs a width from 1 to 19, got 0";
    QTest::newRow("binary string") << R"({"kind": "field", "field": "s", "encoding": "binary"})"
                                   << "test: segment 1 (field s): binary is for int and long fields; use text for strings";
    QTest::newRow("wide int") << R"({"kind": "field", "field": "n", "encoding": "binary", "width": 8})"
                              << "test: segment 1 (field n): binary width must be 1 to 4 bytes for int (0: 4), got 8";
    QTest::newRow("hex field") << R"({"kind": "field", "field": "id", "encoding": "hex"})"
                               << "test: segment 1 (field id): encoding hex is not one of decimal, binary, text";
    QTest::newRow("string timestamp") << R"({"kind": "timestamp", "field": "s"})"
                                      << "test: segment 1 (timestamp s): needs an int or long field";
    QTest::newRow("minute timestamp") << R"({"kind": "timestamp", "field": "ts", "unit": "min"})"
                                      << "test: segment 1 (timestamp ts): unit must be ms or s";
    QTest::newRow("second time of day") << R"({"kind": "time_of_day", "field": "ts", "unit": "s"})"
                                        << "test: segment 1 (time_of_day ts): unit must be ms (4 bytes) or min (2 bytes)";
    QTest::newRow("empty constant") << R"({"kind": "constant", "value": ""})"
                                    << "test: segment 1 (constant): needs at least one byte";
    const QString long_constant = "{\"kind\": \"constant\", \"value\": \"" + QString(29000, 'x') + "\"}";
    QTest::newRow("huge key") << R"({"kind": "field", "field": "s", "encoding": "decimal", "width": 4096}, )" + long_constant
                              << "test: the key is 33096 bytes; HBase rows are at most 32767 bytes";
  }
  void validation() {
    QFETCH(QString, segment);
    QFETCH(QString, message);
    auto scheme = OneSegment(segment);
    QVERIFY(!scheme.ok());
    QCOMPARE(QString::fromStdString(scheme.status().message()), message);
  }

  void keyLengthBounds() {
    auto scheme = OneSegment(R"({"kind": "salt", "fields": ["id"], "buckets": 16, "encoding": "binary"},
                                {"kind": "field", "field": "id", "encoding": "binary"},
                                {"kind": "delimiter", "value": "|"})");
    QVERIFY2(scheme.ok(), scheme.status().ToString().c_str());
    auto encoder = KeyEncoder::Create(*scheme);
    QCOMPARE(encoder->MinKeyLength(), 10);
    QCOMPARE(encoder->MaxKeyLength(), 10);
    auto variable = OneSegment(R"({"kind": "field", "field": "s", "encoding": "text"},
                                  {"kind": "field", "field": "n", "encoding": "binary"})");
    auto venc = KeyEncoder::Create(*variable);
    QCOMPARE(venc->MinKeyLength(), 4);
    QCOMPARE(venc->MaxKeyLength(), -1);
  }

  void saltBytesForEveryBucket() {
    auto scheme = OneSegment(R"({"kind": "salt", "fields": ["id"], "buckets": 12, "encoding": "hex"})");
    auto encoder = KeyEncoder::Create(*scheme);
    QCOMPARE(encoder->SaltBytes(0, 0), std::string("0"));
    QCOMPARE(encoder->SaltBytes(0, 11), std::string("b"));
  }

  void badValueText() {
    auto scheme = OneSegment(R"({"kind": "field", "field": "n", "encoding": "binary"})");
    auto encoder = KeyEncoder::Create(*scheme);
    auto r1 = encoder->RecordFromText({{"n", "12x"}});
    QCOMPARE(QString::fromStdString(r1.status().message()),
             QString("field n: '12x' is not an int (a decimal integer)"));
    auto r2 = encoder->RecordFromText({{"n", "3000000000"}});
    QCOMPARE(QString::fromStdString(r2.status().message()),
             QString("field n: '3000000000' is outside the int range"));
    auto r3 = encoder->RecordFromText({{"zz", "1"}});
    QCOMPARE(QString::fromStdString(r3.status().message()), QString("unknown field 'zz'"));
  }
};

QTEST_GUILESS_MAIN(KeyEncoderTest)
#include "key_encoder_test.moc"
