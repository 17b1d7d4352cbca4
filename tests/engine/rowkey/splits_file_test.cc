// Unit tests for engine/rowkey/splits_file: SPLITS_FILE parsing as the HBase
// shell reads it (line endings, no trimming, Bytes.toBytesBinary quirks,
// UTF-8 to Java chars), errors naming the file and line, the acceptance file,
// and the FormatSplitsFile round trip.
#include <QtTest>

#include <string>
#include <vector>

#include "regionlab/bytes.h"
#include "rowkey/splits_file.h"
#include "support/test_util.h"
#include "util/random.h"

using namespace regionlab;
using namespace std::string_literals;

using Keys = std::vector<std::string>;
Q_DECLARE_METATYPE(Keys)

namespace {

std::string Show(const Keys& keys) {
  std::string out = "[";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) out += ", ";
    out += "\"" + ToStringBinary(keys[i]) + "\"";
  }
  return out + "]";
}

// The bytes of tests/data/region_split_info.txt.
const char kAcceptanceFile[] = "0001|\n0002|\n0003|\n0004|\n0005|\n0006|\n0007|\n0008|\n0009|\n";
const char kAcceptancePath[] = REGIONLAB_ACCEPTANCE_DIR "/region_split_info.txt";
const Keys kAcceptanceKeys = {"0001|", "0002|", "0003|", "0004|", "0005|",
                              "0006|", "0007|", "0008|", "0009|"};

}  // namespace

class SplitsFileTest : public QObject {
  Q_OBJECT
 private slots:
  void parse_data() {
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<Keys>("expected");
    QTest::newRow("acceptance file") << QByteArray(kAcceptanceFile) << kAcceptanceKeys;
    QTest::newRow("no final newline") << QByteArray("a\nb") << Keys{"a", "b"};
    QTest::newRow("sorted like createTable") << QByteArray("b\nc\na\n") << Keys{"a", "b", "c"};
    QTest::newRow("CRLF") << QByteArray("b\r\na\r\n") << Keys{"a", "b"};
    QTest::newRow("final lone CR") << QByteArray("a\nb\r") << Keys{"a", "b"};
    // chomp removes one "\r\n": an extra "\r" stays in the key.
    QTest::newRow("double CR") << QByteArray("a\r\r\n") << Keys{"a\r"};
    // Spaces and tabs are part of the key (chomp, not strip).
    QTest::newRow("spaces kept") << QByteArray(" a \n\tb\n") << Keys{"\tb", " a "};
    QTest::newRow("escapes") << QByteArray("\\x00\\x01\n\\xFF\n") << Keys{"\x00\x01"s, "\xFF"s};
    QTest::newRow("escape inside text") << QByteArray("row\\x7C9\n") << Keys{"row|9"};
    // Bytes.isHexDigit is upper-case only: "\xff" is a bogus escape, and a
    // bogus escape loses its backslash.
    QTest::newRow("lower-case hex is not an escape") << QByteArray("\\xff\n") << Keys{"xff"};
    QTest::newRow("bogus escape") << QByteArray("\\xZZ1\n") << Keys{"xZZ1"};
    QTest::newRow("backslash without x") << QByteArray("a\\b\n") << Keys{"a\\b"};
    QTest::newRow("lone backslash at end") << QByteArray("a\\\n") << Keys{"a\\"};
    // Characters become the low byte of their UTF-16 unit.
    QTest::newRow("latin-1 char") << QByteArray("caf\xC3\xA9\n") << Keys{"caf\xE9"s};
    QTest::newRow("CJK char") << QByteArray("\xE4\xB8\xAD\n") << Keys{"\x2D"s};
    QTest::newRow("supplementary char") << QByteArray("\xF0\x9F\x98\x80\n")
                                        << Keys{"\x3D\x00"s};  // surrogates D83D DE00
    QTest::newRow("byte-order mark") << QByteArray("\xEF\xBB\xBF" "0001|\n0002|\n")
                                     << Keys{"0002|", "\xFF" "0001|"s};
    QTest::newRow("empty file") << QByteArray("") << Keys{};
  }
  void parse() {
    QFETCH(QByteArray, contents);
    QFETCH(Keys, expected);
    auto keys = ParseSplitsFile(std::string_view(contents.constData(), contents.size()),
                                "splits.txt");
    RL_QVERIFY_OK(keys.status());
    QVERIFY2(*keys == expected, ("got " + Show(*keys) + " want " + Show(expected)).c_str());
  }

  // The acceptance file itself parses the same.
  void acceptanceFileOnDisk() {
    const std::string contents = test::ReadAll(kAcceptancePath);
    QVERIFY2(!contents.empty(), kAcceptancePath);
    QCOMPARE(contents, std::string(kAcceptanceFile));
    auto keys = ParseSplitsFile(contents, kAcceptancePath);
    RL_QVERIFY_OK(keys.status());
    QVERIFY(*keys == kAcceptanceKeys);
  }

  void parseErrors_data() {
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("blank line")
        << QByteArray("a\n\nb\n")
        << QByteArray("splits.txt:2: Empty split key must not be passed in the split keys.");
    QTest::newRow("blank line only")
        << QByteArray("\n")
        << QByteArray("splits.txt:1: Empty split key must not be passed in the split keys.");
    QTest::newRow("CRLF blank line")
        << QByteArray("a\r\n\r\nb\r\n")
        << QByteArray("splits.txt:2: Empty split key must not be passed in the split keys.");
    QTest::newRow("duplicate")
        << QByteArray("0001|\n0002|\n0001|\n")
        << QByteArray("splits.txt:3: All split keys must be unique, found duplicate: 0001|, "
                      "0001| (also splits.txt:1)");
    // "\x41" and "A" are the same key.
    QTest::newRow("duplicate through an escape")
        << QByteArray("A\n\\x41\n")
        << QByteArray("splits.txt:2: All split keys must be unique, found duplicate: A, A "
                      "(also splits.txt:1)");
    QTest::newRow("truncated escape")
        << QByteArray("ok\nab\\x4\n")
        << QByteArray("splits.txt:2: truncated \\x escape (HBase fails with "
                      "StringIndexOutOfBoundsException) at byte offset 5");
    QTest::newRow("escape at end of file") << QByteArray("ok\n\\x")
                                           << QByteArray("splits.txt:2: truncated \\x escape");
    QTest::newRow("invalid UTF-8")
        << QByteArray("a\nb\xFF\n")
        << QByteArray("splits.txt:2: invalid UTF-8 byte 0xff at byte offset 3");
    QTest::newRow("truncated UTF-8")
        << QByteArray("a\xC3")
        << QByteArray("splits.txt:1: truncated UTF-8 sequence at byte offset 1");
    QTest::newRow("overlong UTF-8")
        << QByteArray("\xE0\x80\xAF\n")
        << QByteArray("splits.txt:1: invalid UTF-8 sequence at byte offset 0");
    QTest::newRow("UTF-8 surrogate")
        << QByteArray("x\xED\xA0\x80\n")
        << QByteArray("splits.txt:1: invalid UTF-8 sequence at byte offset 1");
  }
  void parseErrors() {
    QFETCH(QByteArray, contents);
    QFETCH(QByteArray, message);
    auto keys = ParseSplitsFile(std::string_view(contents.constData(), contents.size()),
                                "splits.txt");
    QVERIFY(!keys.ok());
    QVERIFY(keys.status().IsInvalidArgument());
    QVERIFY2(keys.status().message().find(message.toStdString()) == 0,
             keys.status().ToString().c_str());
  }

  void format() {
    const Keys keys = {"\x00"s, "0001|", "a\\b", "line\nbreak", "sp ace", "\xFF\x80"s};
    QCOMPARE(FormatSplitsFile(keys),
             std::string("\\x00\n0001|\na\\x5Cb\nline\\x0Abreak\nsp ace\n\\xFF\\x80\n"));
    QCOMPARE(FormatSplitsFile({}), std::string());
    auto parsed = ParseSplitsFile(FormatSplitsFile(kAcceptanceKeys), "export.txt");
    RL_QVERIFY_OK(parsed.status());
    QVERIFY(*parsed == kAcceptanceKeys);
    QCOMPARE(FormatSplitsFile(kAcceptanceKeys), std::string(kAcceptanceFile));
  }

  // Any sorted, unique, non-empty binary keys survive Format -> Parse,
  // including bytes that look like escapes, line breaks and backslashes.
  void roundTripRandomKeys() {
    for (uint64_t seed = 1; seed <= 50; ++seed) {
      Random rnd(seed);
      std::vector<std::string> keys;
      const int n = 1 + static_cast<int>(rnd.Uniform(40));
      for (int i = 0; i < n; ++i) {
        std::string key = rnd.RandomBytes(1 + rnd.Uniform(12));
        if (rnd.OneIn(4)) key += "\\x41\r\n";
        keys.push_back(key);
      }
      std::sort(keys.begin(), keys.end());
      keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
      auto parsed = ParseSplitsFile(FormatSplitsFile(keys), "round-trip.txt");
      RL_QVERIFY_OK(parsed.status());
      QVERIFY2(*parsed == keys, ("seed " + std::to_string(seed)).c_str());
    }
  }

  void javaStringToBytesBinary() {
    auto ab = JavaStringToBytesBinary("\\x41\\x42c");
    RL_QVERIFY_OK(ab.status());
    QCOMPARE(*ab, std::string("ABc"));
    auto tail = JavaStringToBytesBinary("a\\");
    RL_QVERIFY_OK(tail.status());
    QCOMPARE(*tail, std::string("a\\"));
    auto bad = JavaStringToBytesBinary("a\\xA");
    QVERIFY(bad.status().IsInvalidArgument());
    QVERIFY2(bad.status().message().find("at byte offset 1") != std::string::npos,
             bad.status().ToString().c_str());
  }
};

QTEST_GUILESS_MAIN(SplitsFileTest)
#include "splits_file_test.moc"
