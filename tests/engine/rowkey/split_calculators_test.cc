// Split-key calculators: quantiles of a sample (sorted, unique, no empty
// key, fewer keys when the sample has too few distinct ones), the partition calculator's
// partition keys (Bytes.toBytes((long) i)), partitions in decimal and hex,
// a salted scheme's bucket keys, and sampling over a whole planned run.
#include <QtTest>

#include <string>

#include "regionlab/bytes.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/split_algorithms.h"
#include "rowkey/split_calculators.h"

using namespace regionlab;
using namespace regionlab::rowkey;

using Keys = std::vector<std::string>;

class SplitCalculatorsTest : public QObject {
  Q_OBJECT
 private slots:
  void quantilesOfASample() {
    Keys sample;
    for (int i = 0; i < 100; ++i) sample.push_back(std::to_string(1000 + i));
    std::reverse(sample.begin(), sample.end());  // order does not matter
    auto keys = QuantileSplitKeys(sample, 4);
    QVERIFY(keys.ok());
    QCOMPARE(*keys, (Keys{"1025", "1050", "1075"}));
  }

  void quantilesSkipRepeatsAndEmptyKeys() {
    // 90 copies of "a", then "b".."k": the first quantiles all land on "a".
    Keys sample(90, "a");
    for (char c = 'b'; c <= 'k'; ++c) sample.push_back(std::string(1, c));
    sample.push_back("");
    auto keys = QuantileSplitKeys(sample, 5);
    QVERIFY(keys.ok());
    QCOMPARE(*keys, (Keys{"a", "b", "c", "d"}));
    QVERIFY(ValidateSplitKeys(*keys).ok());
    // Fewer distinct keys than regions: fewer split keys.
    auto few = QuantileSplitKeys(Keys{"x", "x", "y", "y"}, 10);
    QCOMPARE(*few, (Keys{"x", "y"}));
  }

  void quantileErrors() {
    QVERIFY(QuantileSplitKeys({}, 4).status().IsInvalidArgument());
    QCOMPARE(QString::fromStdString(QuantileSplitKeys({"a"}, 1).status().message()),
             QString("regions must be from 2 to 1048576, got 1"));
  }

  // Partition split keys: splitKeys[i-1] = Bytes.toBytes((long) i).
  void notePartition() {
    auto keys = PartitionSplitKeys(10, 10, Encoding::kBinary, 8);
    QVERIFY(keys.ok());
    QCOMPARE(keys->size(), size_t{9});
    for (int i = 1; i <= 9; ++i) {
      QCOMPARE((*keys)[static_cast<size_t>(i - 1)], std::string(7, '\0') + static_cast<char>(i));
    }
  }

  void partitions_data() {
    QTest::addColumn<quint64>("buckets");
    QTest::addColumn<int>("regions");
    QTest::addColumn<int>("encoding");
    QTest::addColumn<int>("width");
    QTest::addColumn<QStringList>("keys");
    QTest::newRow("decimal 20 over 4") << quint64{20} << 4 << int(Encoding::kDecimal) << 2
                                       << QStringList{"05", "10", "15"};
    QTest::newRow("decimal 10 over 3") << quint64{10} << 3 << int(Encoding::kDecimal) << 3
                                       << QStringList{"003", "006"};
    QTest::newRow("hex 256 over 4") << quint64{256} << 4 << int(Encoding::kHex) << 2
                                    << QStringList{"40", "80", "c0"};
    QTest::newRow("binary 65536 over 2") << quint64{65536} << 2 << int(Encoding::kBinary) << 2
                                         << QStringList{"\\x80\\x00"};
  }
  void partitions() {
    QFETCH(quint64, buckets);
    QFETCH(int, regions);
    QFETCH(int, encoding);
    QFETCH(int, width);
    QFETCH(QStringList, keys);
    auto got = PartitionSplitKeys(buckets, regions, static_cast<Encoding>(encoding), width);
    QVERIFY2(got.ok(), got.status().ToString().c_str());
    QStringList shown;
    for (const auto& k : *got) shown << QString::fromStdString(ToStringBinary(k));
    QCOMPARE(shown, keys);
  }

  void partitionErrors() {
    QCOMPARE(QString::fromStdString(PartitionSplitKeys(3, 4, Encoding::kDecimal, 1).status().message()),
             QString("3 partitions cannot make 4 regions"));
    QCOMPARE(QString::fromStdString(PartitionSplitKeys(1000, 4, Encoding::kDecimal, 2).status().message()),
             QString("bucket 250 needs 3 characters; the width is 2"));
    QCOMPARE(QString::fromStdString(PartitionSplitKeys(1000, 4, Encoding::kBinary, 1).status().message()),
             QString("bucket 500 does not fit in 1 byte"));
  }

  void saltedScheme() {
    auto trade = ExampleScheme("trade-salted");
    auto enc = KeyEncoder::Create(*trade);
    auto keys = SaltSplitKeys(*enc, 4);
    QVERIFY(keys.ok());
    QCOMPARE(*keys, (Keys{"\x04", "\x08", "\x0C"}));
    auto all = SaltSplitKeys(*enc, 16);
    QCOMPARE(all->size(), size_t{15});
    QCOMPARE(QString::fromStdString(SaltSplitKeys(*enc, 17).status().message()),
             QString("16 salt buckets cannot make 17 regions"));
    auto files = ExampleScheme("user-time-file");
    auto fenc = KeyEncoder::Create(*files);
    QVERIFY(SaltSplitKeys(*fenc, 4).status().message().find("does not start with a salt") !=
            std::string::npos);
  }

  // A sequential id first: the sample is spread over the whole planned run,
  // so the keys cut it evenly rather than cutting its first tenth.
  void samplingCoversThePlannedRun() {
    auto general = ExampleScheme("general");
    auto enc = KeyEncoder::Create(*general);
    SampleOptions o;
    o.planned_keys = 100000;
    o.sample = 1000;
    auto keys = SampledSplitKeys(*enc, general->workload, 4, o);
    QVERIFY2(keys.ok(), keys.status().ToString().c_str());
    QCOMPARE(keys->size(), size_t{3});
    // seq 1..100000 as 4 big-endian bytes: quantiles near 25001, 50001, 75001.
    for (int i = 0; i < 3; ++i) {
      const std::string& k = (*keys)[static_cast<size_t>(i)];
      const uint32_t seq = uint32_t(uint8_t(k[0])) << 24 | uint32_t(uint8_t(k[1])) << 16 |
                           uint32_t(uint8_t(k[2])) << 8 | uint8_t(k[3]);
      QVERIFY2(std::abs(static_cast<int>(seq) - 25000 * (i + 1)) <= 200, qPrintable(QString::number(seq)));
    }
    int calls = 0;
    o.progress = [&](uint64_t, uint64_t) { return ++calls < 1; };
    o.planned_keys = 200000;
    auto cancelled = SampledSplitKeys(*enc, general->workload, 4, o);
    QVERIFY(cancelled.status().IsAborted());
  }
};

QTEST_GUILESS_MAIN(SplitCalculatorsTest)
#include "split_calculators_test.moc"
