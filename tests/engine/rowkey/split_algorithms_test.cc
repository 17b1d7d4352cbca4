// Unit tests for engine/rowkey/split_algorithms: the pre-split keys of
// HexStringSplit, DecimalStringSplit and UniformSplit (expected values derived
// from RegionSplitter's and Bytes.split's arithmetic and written out), the
// explicit-range overload, algorithm names, and the validation of SPLITS lists.
#include <QtTest>

#include <string>
#include <vector>

#include "regionlab/bytes.h"
#include "rowkey/split_algorithms.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace std::string_literals;

using Keys = std::vector<std::string>;
Q_DECLARE_METATYPE(Keys)
Q_DECLARE_METATYPE(regionlab::SplitAlgorithm)

namespace {

std::string Show(const Keys& keys) {
  std::string out = "[";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) out += ", ";
    out += "\"" + ToStringBinary(keys[i]) + "\"";
  }
  return out + "]";
}

#define COMPARE_KEYS(got, want)                                                      \
  do {                                                                               \
    const Keys rl_got_ = (got);                                                      \
    const Keys rl_want_ = (want);                                                    \
    QVERIFY2(rl_got_ == rl_want_,                                                    \
             ("got " + Show(rl_got_) + "\nwant " + Show(rl_want_)).c_str());         \
  } while (0)

// Every byte of a UniformSplit key repeated eight times: "\x55" x 8.
std::string Repeat8(char c) { return std::string(8, c); }
// A byte followed by seven zero bytes.
std::string High(char c) { return std::string(1, c) + std::string(7, '\0'); }

}  // namespace

class SplitAlgorithmsTest : public QObject {
  Q_OBJECT
 private slots:
  void defaultRange_data() {
    QTest::addColumn<SplitAlgorithm>("algo");
    QTest::addColumn<int>("regions");
    QTest::addColumn<Keys>("expected");
    const auto hex = SplitAlgorithm::kHexString;
    const auto dec = SplitAlgorithm::kDecimalString;
    const auto uni = SplitAlgorithm::kUniform;

    // HexStringSplit: step floor(2^32 / n), lower-case, 8 digits.
    QTest::newRow("hex 2") << hex << 2 << Keys{"80000000"};
    QTest::newRow("hex 3") << hex << 3 << Keys{"55555555", "aaaaaaaa"};
    QTest::newRow("hex 4") << hex << 4 << Keys{"40000000", "80000000", "c0000000"};
    QTest::newRow("hex 10") << hex << 10
                            << Keys{"19999999", "33333332", "4ccccccb", "66666664", "7ffffffd",
                                    "99999996", "b333332f", "ccccccc8", "e6666661"};
    QTest::newRow("hex 15") << hex << 15
                            << Keys{"11111111", "22222222", "33333333", "44444444", "55555555",
                                    "66666666", "77777777", "88888888", "99999999", "aaaaaaaa",
                                    "bbbbbbbb", "cccccccc", "dddddddd", "eeeeeeee"};
    QTest::newRow("hex 16") << hex << 16
                            << Keys{"10000000", "20000000", "30000000", "40000000", "50000000",
                                    "60000000", "70000000", "80000000", "90000000", "a0000000",
                                    "b0000000", "c0000000", "d0000000", "e0000000", "f0000000"};

    // DecimalStringSplit: step floor(10^8 / n), zero-padded to 8 digits.
    QTest::newRow("dec 2") << dec << 2 << Keys{"50000000"};
    QTest::newRow("dec 3") << dec << 3 << Keys{"33333333", "66666666"};
    QTest::newRow("dec 4") << dec << 4 << Keys{"25000000", "50000000", "75000000"};
    QTest::newRow("dec 10") << dec << 10
                            << Keys{"10000000", "20000000", "30000000", "40000000", "50000000",
                                    "60000000", "70000000", "80000000", "90000000"};
    QTest::newRow("dec 15") << dec << 15
                            << Keys{"06666666", "13333332", "19999998", "26666664", "33333330",
                                    "39999996", "46666662", "53333328", "59999994", "66666660",
                                    "73333326", "79999992", "86666658", "93333324"};
    QTest::newRow("dec 16") << dec << 16
                            << Keys{"06250000", "12500000", "18750000", "25000000", "31250000",
                                    "37500000", "43750000", "50000000", "56250000", "62500000",
                                    "68750000", "75000000", "81250000", "87500000", "93750000"};

    // UniformSplit: 8-byte big-endian floor(2^64 / n) * i.
    QTest::newRow("uniform 2") << uni << 2 << Keys{"\x80\x00\x00\x00\x00\x00\x00\x00"s};
    QTest::newRow("uniform 3") << uni << 3
                               << Keys{"\x55\x55\x55\x55\x55\x55\x55\x55"s,
                                       "\xAA\xAA\xAA\xAA\xAA\xAA\xAA\xAA"s};
    QTest::newRow("uniform 4") << uni << 4
                               << Keys{"\x40\x00\x00\x00\x00\x00\x00\x00"s,
                                       "\x80\x00\x00\x00\x00\x00\x00\x00"s,
                                       "\xC0\x00\x00\x00\x00\x00\x00\x00"s};
    QTest::newRow("uniform 10") << uni << 10
                                << Keys{"\x19\x99\x99\x99\x99\x99\x99\x99"s,
                                        "\x33\x33\x33\x33\x33\x33\x33\x32"s,
                                        "\x4C\xCC\xCC\xCC\xCC\xCC\xCC\xCB"s,
                                        "\x66\x66\x66\x66\x66\x66\x66\x64"s,
                                        "\x7F\xFF\xFF\xFF\xFF\xFF\xFF\xFD"s,
                                        "\x99\x99\x99\x99\x99\x99\x99\x96"s,
                                        "\xB3\x33\x33\x33\x33\x33\x33\x2F"s,
                                        "\xCC\xCC\xCC\xCC\xCC\xCC\xCC\xC8"s,
                                        "\xE6\x66\x66\x66\x66\x66\x66\x61"s};
    Keys uniform15;
    for (char c : {'\x11', '\x22', '\x33', '\x44', '\x55', '\x66', '\x77', '\x88', '\x99',
                   '\xAA', '\xBB', '\xCC', '\xDD', '\xEE'}) {
      uniform15.push_back(Repeat8(c));
    }
    QTest::newRow("uniform 15") << uni << 15 << uniform15;
    Keys uniform16;
    for (char c : {'\x10', '\x20', '\x30', '\x40', '\x50', '\x60', '\x70', '\x80', '\x90',
                   '\xA0', '\xB0', '\xC0', '\xD0', '\xE0', '\xF0'}) {
      uniform16.push_back(High(c));
    }
    QTest::newRow("uniform 16") << uni << 16 << uniform16;
  }
  void defaultRange() {
    QFETCH(SplitAlgorithm, algo);
    QFETCH(int, regions);
    QFETCH(Keys, expected);
    auto keys = ComputeSplitKeys(algo, regions);
    RL_QVERIFY_OK(keys.status());
    COMPARE_KEYS(*keys, expected);
    // The default-range overload is the explicit one over the default rows.
    auto explicit_keys = ComputeSplitKeys(algo, regions, DefaultFirstRow(algo), DefaultLastRow(algo));
    RL_QVERIFY_OK(explicit_keys.status());
    COMPARE_KEYS(*explicit_keys, expected);
  }

  // Every key count, not just the tabled ones: n - 1 keys, strictly ascending.
  void keysAscendForManyCounts() {
    for (SplitAlgorithm algo : {SplitAlgorithm::kHexString, SplitAlgorithm::kDecimalString,
                                SplitAlgorithm::kUniform}) {
      for (int n : {2, 5, 7, 31, 64, 100, 1000, 4097}) {
        auto keys = ComputeSplitKeys(algo, n);
        RL_QVERIFY_OK(keys.status());
        QCOMPARE(int(keys->size()), n - 1);
        for (size_t i = 1; i < keys->size(); ++i) {
          QVERIFY2((*keys)[i - 1] < (*keys)[i], SplitAlgorithmName(algo));
        }
        QCOMPARE(int((*keys)[0].size()), 8);
      }
    }
  }

  void explicitRange_data() {
    QTest::addColumn<SplitAlgorithm>("algo");
    QTest::addColumn<int>("regions");
    QTest::addColumn<QByteArray>("first");
    QTest::addColumn<QByteArray>("last");
    QTest::addColumn<Keys>("expected");
    const auto hex = SplitAlgorithm::kHexString;
    const auto dec = SplitAlgorithm::kDecimalString;
    const auto uni = SplitAlgorithm::kUniform;
    // Keys are as wide as the last row's text.
    QTest::newRow("hex 2 digits") << hex << 4 << QByteArray("0") << QByteArray("ff")
                                  << Keys{"40", "80", "c0"};
    QTest::newRow("hex upper-case input, lower-case keys")
        << hex << 2 << QByteArray("00") << QByteArray("FF") << Keys{"80"};
    QTest::newRow("hex '+' sign counts in the width")
        << hex << 2 << QByteArray("0") << QByteArray("+ff") << Keys{"080"};
    // MD5-wide rows need more than 64 bits.
    QTest::newRow("hex 128-bit") << hex << 4 << QByteArray(32, '0') << QByteArray(32, 'f')
                                 << Keys{"4" + std::string(31, '0'), "8" + std::string(31, '0'),
                                         "c" + std::string(31, '0')};
    QTest::newRow("hex offset first row") << hex << 3 << QByteArray("10") << QByteArray("3f")
                                          << Keys{"20", "30"};
    QTest::newRow("dec") << dec << 4 << QByteArray("1000") << QByteArray("1999")
                         << Keys{"1250", "1500", "1750"};
    QTest::newRow("dec last region takes the slop")
        << dec << 3 << QByteArray("0") << QByteArray("9") << Keys{"3", "6"};
    // Too few values between "a" and "b": a zero byte is appended to both.
    QTest::newRow("uniform widened") << uni << 10 << QByteArray("a") << QByteArray("b")
                                     << Keys{"\x61\x19"s, "\x61\x32"s, "\x61\x4B"s, "\x61\x64"s,
                                             "\x61\x7D"s, "\x61\x96"s, "\x61\xAF"s, "\x61\xC8"s,
                                             "\x61\xE1"s};
    // The shorter row is padded with zero bytes at its tail.
    QTest::newRow("uniform tail padding") << uni << 2 << QByteArray("\\x10")
                                          << QByteArray("\\x20\\x00") << Keys{"\x18\x00"s};
    // Leading zero bytes are kept; widened as well (3 + 1 < 5 values).
    QTest::newRow("uniform leading zeros")
        << uni << 5 << QByteArray("\\x00\\x00\\x00\\x00") << QByteArray("\\x00\\x00\\x00\\x03")
        << Keys{"\x00\x00\x00\x00\x99"s, "\x00\x00\x00\x01\x32"s, "\x00\x00\x00\x01\xCB"s,
                "\x00\x00\x00\x02\x64"s};
  }
  void explicitRange() {
    QFETCH(SplitAlgorithm, algo);
    QFETCH(int, regions);
    QFETCH(QByteArray, first);
    QFETCH(QByteArray, last);
    QFETCH(Keys, expected);
    auto keys = ComputeSplitKeys(algo, regions, first.toStdString(), last.toStdString());
    RL_QVERIFY_OK(keys.status());
    COMPARE_KEYS(*keys, expected);
  }

  void computeErrors_data() {
    QTest::addColumn<SplitAlgorithm>("algo");
    QTest::addColumn<int>("regions");
    QTest::addColumn<QByteArray>("first");  // "-" = the default range
    QTest::addColumn<QByteArray>("last");
    QTest::addColumn<QByteArray>("message");
    const auto hex = SplitAlgorithm::kHexString;
    const auto dec = SplitAlgorithm::kDecimalString;
    const auto uni = SplitAlgorithm::kUniform;
    const QByteArray kRegions = "Number of regions must be greater than 1";
    QTest::newRow("1 region") << hex << 1 << QByteArray("-") << QByteArray() << kRegions;
    QTest::newRow("0 regions") << uni << 0 << QByteArray("-") << QByteArray() << kRegions;
    QTest::newRow("negative") << dec << -3 << QByteArray("-") << QByteArray() << kRegions;
    QTest::newRow("too many") << hex << kMaxPresplitRegions + 1 << QByteArray("-") << QByteArray()
                              << QByteArray("above RegionLab's limit");
    QTest::newRow("granularity") << hex << 4 << QByteArray("0") << QByteArray("2")
                                 << QByteArray("split granularity (4) is greater than the range (3)");
    QTest::newRow("last below first") << dec << 2 << QByteArray("20") << QByteArray("10")
                                      << QByteArray("last row (10) is configured less than first row (20)");
    QTest::newRow("last equals first") << hex << 2 << QByteArray("a") << QByteArray("0a")
                                       << QByteArray("is configured less than first row");
    QTest::newRow("not hex") << hex << 2 << QByteArray("0") << QByteArray("fg")
                             << QByteArray("last row \"fg\" is not a radix-16 number");
    QTest::newRow("hex letters in decimal") << dec << 2 << QByteArray("0") << QByteArray("ff")
                                            << QByteArray("is not a radix-10 number");
    QTest::newRow("empty row") << hex << 2 << QByteArray("") << QByteArray("ff")
                               << QByteArray("first row \"\" is not a radix-16 number");
    QTest::newRow("negative row") << hex << 2 << QByteArray("-1") << QByteArray("ff")
                                  << QByteArray("is negative");
    QTest::newRow("uniform last below first")
        << uni << 2 << QByteArray("b") << QByteArray("a")
        << QByteArray("last row (a) is configured less than first row (b)");
    QTest::newRow("uniform equal once padded") << uni << 2 << QByteArray("a")
                                               << QByteArray("a\\x00") << QByteArray("b <= a");
    QTest::newRow("uniform bad escape") << uni << 2 << QByteArray("") << QByteArray("\\xF")
                                        << QByteArray("last row: truncated \\x escape");
  }
  void computeErrors() {
    QFETCH(SplitAlgorithm, algo);
    QFETCH(int, regions);
    QFETCH(QByteArray, first);
    QFETCH(QByteArray, last);
    QFETCH(QByteArray, message);
    auto keys = first == "-" ? ComputeSplitKeys(algo, regions)
                             : ComputeSplitKeys(algo, regions, first.toStdString(),
                                                last.toStdString());
    QVERIFY(!keys.ok());
    QVERIFY(keys.status().IsInvalidArgument());
    QVERIFY2(keys.status().message().find(message.toStdString()) != std::string::npos,
             keys.status().ToString().c_str());
  }

  void parseAlgorithm_data() {
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<SplitAlgorithm>("algo");
    QTest::newRow("hex") << QByteArray("HexStringSplit") << true << SplitAlgorithm::kHexString;
    QTest::newRow("decimal") << QByteArray("DecimalStringSplit") << true
                             << SplitAlgorithm::kDecimalString;
    QTest::newRow("uniform") << QByteArray("UniformSplit") << true << SplitAlgorithm::kUniform;
    QTest::newRow("qualified hex")
        << QByteArray("org.apache.hadoop.hbase.util.RegionSplitter$HexStringSplit") << true
        << SplitAlgorithm::kHexString;
    QTest::newRow("qualified decimal")
        << QByteArray("org.apache.hadoop.hbase.util.RegionSplitter$DecimalStringSplit") << true
        << SplitAlgorithm::kDecimalString;
    QTest::newRow("qualified uniform")
        << QByteArray("org.apache.hadoop.hbase.util.RegionSplitter$UniformSplit") << true
        << SplitAlgorithm::kUniform;
    // Class.forName needs '$' for a nested class, and names are case-sensitive.
    QTest::newRow("dotted nested name")
        << QByteArray("org.apache.hadoop.hbase.util.RegionSplitter.HexStringSplit") << false
        << SplitAlgorithm::kHexString;
    QTest::newRow("lower case") << QByteArray("hexstringsplit") << false
                                << SplitAlgorithm::kHexString;
    QTest::newRow("unknown") << QByteArray("MySplit") << false << SplitAlgorithm::kHexString;
    QTest::newRow("empty") << QByteArray("") << false << SplitAlgorithm::kHexString;
  }
  void parseAlgorithm() {
    QFETCH(QByteArray, name);
    QFETCH(bool, ok);
    QFETCH(SplitAlgorithm, algo);
    auto parsed = ParseSplitAlgorithm(name.toStdString());
    QCOMPARE(parsed.ok(), ok);
    if (ok) {
      QVERIFY(*parsed == algo);
      // The simple name round-trips.
      auto again = ParseSplitAlgorithm(SplitAlgorithmName(*parsed));
      QVERIFY(again.ok() && *again == algo);
    } else {
      QVERIFY(parsed.status().IsInvalidArgument());
      QCOMPARE(parsed.status().message(), "Couldn't load split class " + name.toStdString());
    }
  }

  void validateSortsAndAccepts_data() {
    QTest::addColumn<Keys>("input");
    QTest::addColumn<Keys>("expected");
    QTest::newRow("already sorted") << Keys{"10", "20", "30"} << Keys{"10", "20", "30"};
    // HBase sorts the list instead of refusing it.
    QTest::newRow("unsorted") << Keys{"30", "10", "20"} << Keys{"10", "20", "30"};
    QTest::newRow("unsigned byte order")
        << Keys{"\x80"s, "\x7F"s, "\xFF"s, "\x00"s} << Keys{"\x00"s, "\x7F"s, "\x80"s, "\xFF"s};
    QTest::newRow("prefix sorts first") << Keys{"ab", "a", "b"} << Keys{"a", "ab", "b"};
    QTest::newRow("none") << Keys{} << Keys{};
  }
  void validateSortsAndAccepts() {
    QFETCH(Keys, input);
    QFETCH(Keys, expected);
    auto keys = ValidateSplitKeys(input);
    RL_QVERIFY_OK(keys.status());
    COMPARE_KEYS(*keys, expected);
  }

  void validateErrors_data() {
    QTest::addColumn<Keys>("input");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("empty key") << Keys{"b", "", "a"}
                               << QByteArray("split key #2 of 3: Empty split key must not be "
                                             "passed in the split keys.");
    QTest::newRow("only empty") << Keys{""}
                                << QByteArray("split key #1 of 1: Empty split key must not be "
                                              "passed in the split keys.");
    QTest::newRow("duplicate") << Keys{"10", "20", "10"}
                               << QByteArray("split key #3 of 3: All split keys must be unique, "
                                             "found duplicate: 10, 10 (also split key #1 of 3)");
    QTest::newRow("binary duplicate escaped")
        << Keys{"\x01\xFF"s, "a", "\x01\xFF"s}
        << QByteArray("split key #3 of 3: All split keys must be unique, found duplicate: "
                      "\\x01\\xFF, \\x01\\xFF (also split key #1 of 3)");
    // The empty key sorts first, so it is reported before any duplicate.
    QTest::newRow("empty before duplicate")
        << Keys{"a", "a", ""}
        << QByteArray("split key #3 of 3: Empty split key must not be passed in the split keys.");
  }
  void validateErrors() {
    QFETCH(Keys, input);
    QFETCH(QByteArray, message);
    auto keys = ValidateSplitKeys(input);
    QVERIFY(!keys.ok());
    QVERIFY(keys.status().IsInvalidArgument());
    QCOMPARE(keys.status().message(), message.toStdString());
  }
};

QTEST_GUILESS_MAIN(SplitAlgorithmsTest)
#include "split_algorithms_test.moc"
