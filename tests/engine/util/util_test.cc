// Unit tests for engine/util: coding, CRC32C, Bytes.toStringBinary and the
// cell key layout and ordering.
#include <QtTest>

#include "regionlab/bytes.h"
#include "regionlab/cell.h"
#include "support/test_util.h"
#include "util/coding.h"
#include "util/crc32c.h"
#include "util/key_value.h"
#include "util/md5.h"

using namespace regionlab;

class UtilTest : public QObject {
  Q_OBJECT
 private slots:
  void varintRoundTrip_data() {
    QTest::addColumn<quint64>("value");
    QTest::addColumn<int>("length");
    QTest::newRow("0") << quint64(0) << 1;
    QTest::newRow("127") << quint64(127) << 1;
    QTest::newRow("128") << quint64(128) << 2;
    QTest::newRow("16383") << quint64(16383) << 2;
    QTest::newRow("2^32-1") << quint64(UINT32_MAX) << 5;
    QTest::newRow("2^64-1") << quint64(UINT64_MAX) << 10;
  }
  void varintRoundTrip() {
    QFETCH(quint64, value);
    QFETCH(int, length);
    std::string buf;
    PutVarint64(&buf, value);
    QCOMPARE(int(buf.size()), length);
    QCOMPARE(VarintLength(value), length);
    std::string_view in(buf);
    uint64_t out = 0;
    QVERIFY(GetVarint64(&in, &out));
    QCOMPARE(quint64(out), value);
    QVERIFY(in.empty());
  }

  void varintTruncatedIsRejected() {
    std::string buf;
    PutVarint64(&buf, 1ull << 40);
    std::string_view in(buf.data(), buf.size() - 1);
    uint64_t out;
    QVERIFY(!GetVarint64(&in, &out));
  }

  void fixedAndLengthPrefixed() {
    std::string buf;
    PutFixed32(&buf, 0xdeadbeef);
    PutFixed64(&buf, 0x0123456789abcdefull);
    PutLengthPrefixed(&buf, "hello");
    std::string_view in(buf);
    uint32_t a;
    uint64_t b;
    std::string_view c;
    QVERIFY(GetFixed32(&in, &a));
    QVERIFY(GetFixed64(&in, &b));
    QVERIFY(GetLengthPrefixed(&in, &c));
    QCOMPARE(a, 0xdeadbeefu);
    QCOMPARE(quint64(b), quint64(0x0123456789abcdefull));
    QCOMPARE(std::string(c), std::string("hello"));
  }

  // Reference values from RFC 3720 (iSCSI), appendix B.4.
  void crc32cKnownValues() {
    QCOMPARE(crc32c::Value("123456789", 9), 0xe3069283u);
    std::string zeros(32, '\0');
    QCOMPARE(crc32c::Value(zeros.data(), zeros.size()), 0x8a9136aau);
    std::string ones(32, '\xff');
    QCOMPARE(crc32c::Value(ones.data(), ones.size()), 0x62a8ab43u);
    std::string inc(32, '\0');
    for (int i = 0; i < 32; ++i) inc[i] = static_cast<char>(i);
    QCOMPARE(crc32c::Value(inc.data(), inc.size()), 0x46dd794eu);
  }

  // Lengths around the three-lane stripes of the hardware path (768 bytes)
  // and its 8-byte steps, at odd alignments, against a bit-at-a-time CRC32C.
  void crc32cMatchesBitwiseReference_data() {
    QTest::addColumn<int>("length");
    QTest::addColumn<int>("offset");
    for (int length : {0, 1, 7, 8, 9, 255, 256, 767, 768, 769, 775, 776, 1535, 1536, 1537,
                       2304, 4096, 4099, 10000}) {
      for (int offset : {0, 3}) {
        QTest::addRow("%d bytes at +%d", length, offset) << length << offset;
      }
    }
  }
  void crc32cMatchesBitwiseReference() {
    QFETCH(int, length);
    QFETCH(int, offset);
    std::string buf(static_cast<size_t>(length + offset), '\0');
    uint32_t x = 0x9e3779b9u;
    for (char& ch : buf) {
      x = x * 1664525u + 1013904223u;
      ch = static_cast<char>(x >> 24);
    }
    const char* data = buf.data() + offset;
    uint32_t ref = 0xffffffffu;
    for (int i = 0; i < length; ++i) {
      ref ^= static_cast<uint8_t>(data[i]);
      for (int k = 0; k < 8; ++k) ref = (ref & 1) ? (ref >> 1) ^ 0x82f63b78u : ref >> 1;
    }
    ref = ~ref;
    QCOMPARE(crc32c::Value(data, static_cast<size_t>(length)), ref);
    // Extended in two parts, split inside a stripe.
    const size_t cut = static_cast<size_t>(length) / 3;
    QCOMPARE(crc32c::Extend(crc32c::Value(data, cut), data + cut, length - cut), ref);
  }

  void crc32cExtendAndMask() {
    const std::string s = "hello world, this is a longer string for slicing";
    uint32_t whole = crc32c::Value(s.data(), s.size());
    uint32_t split = crc32c::Extend(crc32c::Value(s.data(), 7), s.data() + 7, s.size() - 7);
    QCOMPARE(split, whole);
    QVERIFY(crc32c::Mask(whole) != whole);
    QCOMPARE(crc32c::Unmask(crc32c::Mask(whole)), whole);
  }

  // Expected strings are what HBase's Bytes.toStringBinary prints.
  void toStringBinary_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QByteArray("row-1") << "row-1";
    QTest::newRow("punctuation") << QByteArray("a|b:c_d") << "a|b:c_d";
    QTest::newRow("zero") << QByteArray("\x00", 1) << "\\x00";
    QTest::newRow("high") << QByteArray("\xff\x7f") << "\\xFF\\x7F";
    QTest::newRow("backslash") << QByteArray("a\\b") << "a\\x5Cb";
    QTest::newRow("newline") << QByteArray("a\nb") << "a\\x0Ab";
    QTest::newRow("long max") << QByteArray("\x7f\xff\xff\xff\xff\xff\xff\xff", 8)
                              << "\\x7F\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF";
  }
  void toStringBinary() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const std::string in(bytes.constData(), bytes.size());
    QCOMPARE(QString::fromStdString(ToStringBinary(in)), expected);
    QCOMPARE(ToBytesBinary(ToStringBinary(in)), in);
  }

  void toBytesBinaryLiteralBackslash() {
    // HBase: upper-case hex only; a bogus escape loses its backslash.
    QCOMPARE(ToBytesBinary("\\x4A\\x4B"), std::string("JK"));
    QCOMPARE(ToBytesBinary("\\x4a"), std::string("x4a"));
    QCOMPARE(ToBytesBinary("a\\xZZ"), std::string("axZZ"));
    QCOMPARE(ToBytesBinary("end\\x4"), std::string("end\\x4"));
    QCOMPARE(ToHex(std::string("\x01\xab", 2)), std::string("01ab"));
  }

  // RFC 1321 appendix A.5 test suite.
  void md5_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("digest");
    QTest::newRow("empty") << QByteArray("") << "d41d8cd98f00b204e9800998ecf8427e";
    QTest::newRow("a") << QByteArray("a") << "0cc175b9c0f1b6a831c399e269772661";
    QTest::newRow("abc") << QByteArray("abc") << "900150983cd24fb0d6963f7d28e17f72";
    QTest::newRow("message digest") << QByteArray("message digest") << "f96b697d7cb7938d525a2f31aaf161d0";
    QTest::newRow("alphabet") << QByteArray("abcdefghijklmnopqrstuvwxyz") << "c3fcd3d76192e4007dfb496cca67e13b";
    QTest::newRow("62 chars") << QByteArray("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
                              << "d174ab98d277d9f5a5611c2c9f419d9f";
    QTest::newRow("80 digits") << QByteArray("1234567890123456789012345678901234567890123456789012345678901234567890"
                                             "1234567890")
                               << "57edf4a22be3c955ac49da2e2107b67a";
  }
  void md5() {
    QFETCH(QByteArray, input);
    QFETCH(QString, digest);
    QCOMPARE(QString::fromStdString(Md5Hex(std::string(input.constData(), input.size()))), digest);
  }

  void keyRoundTrip() {
    const std::string key = EncodeKey("row", "qual", 1234, CellType::kDeleteColumn, 99);
    ParsedKey p;
    QVERIFY(ParseKey(key, &p));
    QCOMPARE(std::string(p.row), std::string("row"));
    QCOMPARE(std::string(p.qualifier), std::string("qual"));
    QCOMPARE(p.timestamp, qint64(1234));
    QCOMPARE(p.type, CellType::kDeleteColumn);
    QCOMPARE(quint64(p.sequence_id), quint64(99));
    QCOMPARE(std::string(KeyRow(key)), std::string("row"));
    QVERIFY(!ParseKey(key.substr(0, 10), &p));
  }

  // HBase's order: row asc, qualifier asc, ts desc, type desc, seq desc.
  void keyOrder() {
    const std::vector<std::string> sorted = {
        FirstKeyOnRow("a"),
        EncodeKey("a", "", 10, CellType::kDeleteFamily, 1),
        EncodeKey("a", "q", 20, CellType::kPut, 1),
        EncodeKey("a", "q", 10, CellType::kDeleteColumn, 1),
        EncodeKey("a", "q", 10, CellType::kDelete, 1),
        EncodeKey("a", "q", 10, CellType::kPut, 7),
        EncodeKey("a", "q", 10, CellType::kPut, 3),
        EncodeKey("a", "q", 0, CellType::kPut, 9),
        EncodeKey("a", "qq", 50, CellType::kPut, 1),
        EncodeKey("a\xff", "", 5, CellType::kPut, 1),
        EncodeKey("b", "", 5, CellType::kPut, 1),
    };
    for (size_t i = 0; i < sorted.size(); ++i) {
      QCOMPARE(CompareKeys(sorted[i], sorted[i]), 0);
      for (size_t j = i + 1; j < sorted.size(); ++j) {
        QVERIFY2(CompareKeys(sorted[i], sorted[j]) < 0, qPrintable(QString("%1 < %2").arg(i).arg(j)));
        QVERIFY(CompareKeys(sorted[j], sorted[i]) > 0);
      }
    }
  }

  void cellOrderMatchesKeyOrder() {
    Cell a{"r", "f", "q", 10, CellType::kPut, "v", 1};
    Cell b = a;
    b.type = CellType::kDelete;
    QVERIFY(CompareCells(b, a) < 0);  // marker before put at the same ts
    Cell c = a;
    c.family = "g";
    QVERIFY(CompareCells(a, c) < 0);  // family ascending
    Cell d = a;
    d.timestamp = 11;
    QVERIFY(CompareCells(d, a) < 0);  // newer first
    QCOMPARE(std::string(CellTypeName(CellType::kDeleteFamilyVersion)),
             std::string("DeleteFamilyVersion"));
  }
};

QTEST_GUILESS_MAIN(UtilTest)
#include "util_test.moc"
