// Hashes used for rowkey salts and hash prefixes, against published test
// vectors: MurmurHash3 x86_32 (HBase's MurmurHash3, the SMHasher reference),
// SHA-1 (FIPS 180 examples), and YCSB's Zipfian generators moved here from
// the benchmark.
#include <QtTest>

#include <map>
#include <string>

#include "util/hash.h"
#include "util/random.h"
#include "util/sha1.h"
#include "util/zipfian.h"

using namespace regionlab;

class HashTest : public QObject {
  Q_OBJECT
 private slots:
  void murmur3_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<uint>("seed");
    QTest::addColumn<uint>("hash");
    // Widely published vectors of MurmurHash3_x86_32.
    QTest::newRow("empty, 0") << QByteArray() << 0u << 0u;
    QTest::newRow("empty, 1") << QByteArray() << 1u << 0x514E28B7u;
    QTest::newRow("empty, ffffffff") << QByteArray() << 0xFFFFFFFFu << 0x81F16F39u;
    QTest::newRow("four zero bytes") << QByteArray(4, '\0') << 0u << 0x2362F9DEu;
    QTest::newRow("aaaa") << QByteArray("aaaa") << 0x9747B28Cu << 0x5A97808Au;
    QTest::newRow("aaa") << QByteArray("aaa") << 0x9747B28Cu << 0x283E0130u;
    QTest::newRow("aa") << QByteArray("aa") << 0x9747B28Cu << 0x5D211726u;
    QTest::newRow("a") << QByteArray("a") << 0x9747B28Cu << 0x7FA09EA6u;
    QTest::newRow("abcd") << QByteArray("abcd") << 0x9747B28Cu << 0xF0478627u;
    QTest::newRow("Hello, world!") << QByteArray("Hello, world!") << 0x9747B28Cu << 0x24884CBAu;
    QTest::newRow("quick brown fox")
        << QByteArray("The quick brown fox jumps over the lazy dog") << 0x9747B28Cu << 0x2FA826CDu;
    QTest::newRow("hello") << QByteArray("hello") << 0u << 0x248BFA47u;
  }
  void murmur3() {
    QFETCH(QByteArray, input);
    QFETCH(uint, seed);
    QFETCH(uint, hash);
    QCOMPARE(Murmur3_32(std::string_view(input.constData(), input.size()), seed), uint32_t{hash});
  }

  void sha1_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("digest");
    QTest::newRow("empty") << QByteArray() << "da39a3ee5e6b4b0d3255bfef95601890afd80709";
    QTest::newRow("abc") << QByteArray("abc") << "a9993e364706816aba3e25717850c26c9cd0d89d";
    QTest::newRow("448 bits")
        << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        << "84983e441c3bd26ebaae4aa1f95129e5e54670f1";
    QTest::newRow("896 bits")
        << QByteArray("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnop"
                      "jklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
        << "a49b2446a02c645bf419f995b67091253a04a259";
    QTest::newRow("million a") << QByteArray(1000000, 'a')
                               << "34aa973cd4c4daa4f61eeb2bdbad27316534016f";
  }
  void sha1() {
    QFETCH(QByteArray, input);
    QFETCH(QString, digest);
    const std::string got = Sha1Hex(std::string_view(input.constData(), input.size()));
    QCOMPARE(QString::fromStdString(got), digest);
  }

  // The padding boundary: 55 bytes fit one block with the length, 56 need
  // two; 64 fill a block exactly (digests from Python's hashlib).
  void sha1PaddingBoundary() {
    QCOMPARE(Sha1Hex(std::string(55, 'a')),
             std::string("c1c8bbdc22796e28c0e15163d20899b65621d65a"));
    QCOMPARE(Sha1Hex(std::string(56, 'a')),
             std::string("c2db330f6083854c99d4b5bfb6e8f29f201be699"));
    QCOMPARE(Sha1Hex(std::string(64, 'a')),
             std::string("0098ba824b5c16427bd7a1122a5a442a25ec644d"));
  }

  // YCSB's Zipfian: item 0 is the most popular and the frequencies fall off
  // as 1 / rank^0.99; the scrambled variant keeps values in range.
  void zipfian() {
    Random rng(7);
    ZipfianGenerator zipf(0, 999);
    std::map<uint64_t, int> counts;
    const int n = 200000;
    for (int i = 0; i < n; ++i) {
      const uint64_t v = zipf.Next(rng);
      QVERIFY(v <= 999);
      ++counts[v];
    }
    // P(0) = 1 / zeta(1000, 0.99) ~= 0.1345; P(1) ~= P(0) / 2^0.99.
    const double p0 = static_cast<double>(counts[0]) / n;
    QVERIFY2(p0 > 0.125 && p0 < 0.145, qPrintable(QString::number(p0)));
    const double ratio = static_cast<double>(counts[0]) / counts[1];
    QVERIFY2(ratio > 1.8 && ratio < 2.2, qPrintable(QString::number(ratio)));
    ScrambledZipfianGenerator scrambled(100, 199);
    for (int i = 0; i < 1000; ++i) {
      const uint64_t v = scrambled.Next(rng);
      QVERIFY(v >= 100 && v <= 199);
    }
    // FNV-1a of eight zero bytes: the offset basis times the prime eight
    // times (mod 2^64), then made non-negative as Java's Math.abs.
    QCOMPARE(FnvHash64(0), uint64_t{0x573807CDD7E5C63Bull});
  }
};

QTEST_GUILESS_MAIN(HashTest)
#include "hash_test.moc"
