// The engine's one UTF-8 decoder and its digit parsers (util/utf8.h), which
// the shell lexer, JSON, the filter regex, table names, splits files and
// reference names all use: every kind of malformed sequence is told apart,
// decodes as U+FFFD of one byte, and the strict rules (no overlong forms, no
// surrogates, nothing past U+10FFFF) hold.
#include "util/utf8.h"

#include <QtTest>

using namespace regionlab;

Q_DECLARE_METATYPE(regionlab::Utf8Error)

class Utf8Test : public QObject {
  Q_OBJECT
 private slots:
  void decode_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<uint>("codePoint");
    QTest::addColumn<int>("length");
    QTest::addColumn<Utf8Error>("error");
    constexpr uint kBad = kReplacementCharacter;
    QTest::newRow("ASCII") << QByteArray("A") << 0x41u << 1 << Utf8Error::kNone;
    QTest::newRow("NUL") << QByteArray("\0", 1) << 0u << 1 << Utf8Error::kNone;
    QTest::newRow("2 bytes") << QByteArray("\xC3\xA9") << 0xE9u << 2 << Utf8Error::kNone;
    QTest::newRow("3 bytes") << QByteArray("\xE4\xB8\xAD") << 0x4E2Du << 3 << Utf8Error::kNone;
    QTest::newRow("4 bytes") << QByteArray("\xF0\x9F\x98\x80") << 0x1F600u << 4 << Utf8Error::kNone;
    QTest::newRow("U+10FFFF") << QByteArray("\xF4\x8F\xBF\xBF") << 0x10FFFFu << 4
                              << Utf8Error::kNone;
    QTest::newRow("continuation byte")
        << QByteArray("\x80") << kBad << 1 << Utf8Error::kBadLeadByte;
    QTest::newRow("C0 (always overlong)")
        << QByteArray("\xC0\xAF") << kBad << 1 << Utf8Error::kBadLeadByte;
    QTest::newRow("C1") << QByteArray("\xC1\xBF") << kBad << 1 << Utf8Error::kBadLeadByte;
    QTest::newRow("F5") << QByteArray("\xF5\x80\x80\x80") << kBad << 1 << Utf8Error::kBadLeadByte;
    QTest::newRow("FF") << QByteArray("\xFF") << kBad << 1 << Utf8Error::kBadLeadByte;
    QTest::newRow("truncated 2") << QByteArray("\xC3") << kBad << 1 << Utf8Error::kTruncated;
    QTest::newRow("truncated 4") << QByteArray("\xF0\x9F\x98") << kBad << 1
                                 << Utf8Error::kTruncated;
    QTest::newRow("missing continuation")
        << QByteArray("\xC3(") << kBad << 1 << Utf8Error::kMalformed;
    QTest::newRow("overlong 3") << QByteArray("\xE0\x80\xAF") << kBad << 1 << Utf8Error::kMalformed;
    QTest::newRow("overlong 4") << QByteArray("\xF0\x8F\xBF\xBF") << kBad << 1
                                << Utf8Error::kMalformed;
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << kBad << 1 << Utf8Error::kMalformed;
    QTest::newRow("past U+10FFFF")
        << QByteArray("\xF4\x90\x80\x80") << kBad << 1 << Utf8Error::kMalformed;
  }
  void decode() {
    QFETCH(QByteArray, text);
    QFETCH(uint, codePoint);
    QFETCH(int, length);
    QFETCH(Utf8Error, error);
    const Utf8Char c = DecodeUtf8(std::string_view(text.constData(), text.size()), 0);
    QCOMPARE(c.code_point, codePoint);
    QCOMPARE(c.length, size_t(length));
    QCOMPARE(c.error, error);
    QCOMPARE(c.ok(), error == Utf8Error::kNone);
    QCOMPARE(IsValidUtf8(std::string_view(text.constData(), text.size())),
             error == Utf8Error::kNone);
  }

  // Decoding at an offset, and every code point written by AppendUtf8 reads back.
  void roundTrip() {
    for (uint32_t cp : {0x0u, 0x7Fu, 0x80u, 0x7FFu, 0x800u, 0xD7FFu, 0xE000u, 0xFFFDu, 0xFFFFu,
                        0x10000u, 0x10FFFFu}) {
      std::string s = "x";
      AppendUtf8(&s, cp);
      const Utf8Char c = DecodeUtf8(s, 1);
      QVERIFY(c.ok());
      QCOMPARE(c.code_point, cp);
      QCOMPARE(c.length, s.size() - 1);
    }
    QVERIFY(IsValidUtf8("plain ASCII, \xC3\xA9t\xC3\xA9, \xE4\xB8\xAD"));
    QVERIFY(!IsValidUtf8("ok until here \xED\xBF\xBF"));
  }

  void digits() {
    QCOMPARE(HexDigitValue('0'), 0);
    QCOMPARE(HexDigitValue('9'), 9);
    QCOMPARE(HexDigitValue('a'), 10);
    QCOMPARE(HexDigitValue('F'), 15);
    QCOMPARE(HexDigitValue('g'), -1);
    QCOMPARE(HexDigitValue('\xFF'), -1);  // a negative char is no digit
    QCOMPARE(UpperHexDigitValue('B'), 11);
    QCOMPARE(UpperHexDigitValue('b'), -1);  // Bytes.toBytesBinary takes upper case only
    QCOMPARE(UpperHexDigitValue('7'), 7);
    QCOMPARE(DigitValue('z'), 35);
    QCOMPARE(DigitValue('Z'), 35);
    QCOMPARE(DigitValue('-'), -1);
    QCOMPARE(HexDigitValue(U'\u0661'), -1);  // ARABIC-INDIC DIGIT ONE is no hex digit
  }
};

QTEST_GUILESS_MAIN(Utf8Test)
#include "utf8_test.moc"
