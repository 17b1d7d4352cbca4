// Unit tests for engine/region/split_policy: each policy's threshold over
// r = 0..10 for several flush/max sizes (HBase's formulas, jitter off), the
// 0.94 table, jitter bounds and determinism, ShouldSplit's edges, the prefix
// policies' split rows, class-name parsing and the explanations.
#include <QtTest>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "region/split_policy.h"
#include "support/test_util.h"

using namespace regionlab;

using Sizes = std::vector<uint64_t>;
Q_DECLARE_METATYPE(Sizes)

namespace {

constexpr uint64_t kMB = 1ull << 20;
constexpr uint64_t kGB = 1ull << 30;
constexpr uint64_t kLongMax = static_cast<uint64_t>(INT64_MAX);

SplitContext Context(uint64_t flush, uint64_t max, int r, bool jitter = false) {
  SplitContext ctx;
  ctx.flush_size = flush;
  ctx.max_file_size = max;
  ctx.regions_of_table_on_server = r;
  if (!jitter) ctx.table_config["hbase.hregion.max.filesize.jitter"] = "0";
  return ctx;
}

std::unique_ptr<SplitPolicy> Make(const std::string& name) {
  auto policy = CreateSplitPolicy(name);
  if (!policy.ok()) qFatal("%s", policy.status().ToString().c_str());
  return std::move(*policy);
}

}  // namespace

class SplitPolicyTest : public QObject {
  Q_OBJECT
 private slots:
  // expected[r] for r = 0..10, in bytes; jitter off.
  void thresholdTable_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<quint64>("flush");
    QTest::addColumn<quint64>("max");
    QTest::addColumn<QString>("initial");  // hbase.increasing.policy.initial.size, "" = unset
    QTest::addColumn<Sizes>("expected");
    const uint64_t M = kMB;
    const uint64_t G = kGB;
    // min(max, 2 x flush x r^3); r == 0 -> max.
    QTest::newRow("increasing 128MB/10GB")
        << "IncreasingToUpperBoundRegionSplitPolicy" << quint64(128 * M) << quint64(10 * G) << ""
        << Sizes{10 * G, 256 * M, 2048 * M, 6912 * M, 10 * G, 10 * G,
                 10 * G, 10 * G,  10 * G,   10 * G,   10 * G};
    QTest::newRow("increasing 64MB/20GB")
        << "IncreasingToUpperBoundRegionSplitPolicy" << quint64(64 * M) << quint64(20 * G) << ""
        << Sizes{20 * G,    128 * M, 1024 * M, 3456 * M, 8192 * M, 16000 * M,
                 20 * G,    20 * G,  20 * G,   20 * G,   20 * G};
    QTest::newRow("increasing 128MB/1GB")
        << "IncreasingToUpperBoundRegionSplitPolicy" << quint64(128 * M) << quint64(1 * G) << ""
        << Sizes{1 * G, 256 * M, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G};
    // hbase.increasing.policy.initial.size replaces 2 x flush.
    QTest::newRow("increasing initial 10MB")
        << "IncreasingToUpperBoundRegionSplitPolicy" << quint64(128 * M) << quint64(10 * G)
        << "10485760"
        << Sizes{10 * G,    10 * M,    80 * M,    270 * M,   640 * M,  1250 * M,
                 2160 * M,  3430 * M,  5120 * M,  7290 * M,  10000 * M};
    // The prefix policies size like IncreasingToUpperBound.
    QTest::newRow("key prefix 128MB/10GB")
        << "KeyPrefixRegionSplitPolicy" << quint64(128 * M) << quint64(10 * G) << ""
        << Sizes{10 * G, 256 * M, 2048 * M, 6912 * M, 10 * G, 10 * G,
                 10 * G, 10 * G,  10 * G,   10 * G,   10 * G};
    QTest::newRow("delimited prefix 64MB/20GB")
        << "DelimitedKeyPrefixRegionSplitPolicy" << quint64(64 * M) << quint64(20 * G) << ""
        << Sizes{20 * G,    128 * M, 1024 * M, 3456 * M, 8192 * M, 16000 * M,
                 20 * G,    20 * G,  20 * G,   20 * G,   20 * G};
    // r == 1 -> 2 x flush, else max.
    QTest::newRow("stepping 128MB/10GB")
        << "SteppingSplitPolicy" << quint64(128 * M) << quint64(10 * G) << ""
        << Sizes{10 * G, 256 * M, 10 * G, 10 * G, 10 * G, 10 * G,
                 10 * G, 10 * G,  10 * G, 10 * G, 10 * G};
    // Stepping's first step is not capped by MAX_FILESIZE.
    QTest::newRow("stepping 1GB/1GB")
        << "SteppingSplitPolicy" << quint64(1 * G) << quint64(1 * G) << ""
        << Sizes{1 * G, 2 * G, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G, 1 * G};
    QTest::newRow("stepping initial 10MB")
        << "SteppingSplitPolicy" << quint64(128 * M) << quint64(10 * G) << "10485760"
        << Sizes{10 * G, 10 * M, 10 * G, 10 * G, 10 * G, 10 * G,
                 10 * G, 10 * G, 10 * G, 10 * G, 10 * G};
    QTest::newRow("constant 10GB")
        << "ConstantSizeRegionSplitPolicy" << quint64(128 * M) << quint64(10 * G) << ""
        << Sizes(11, 10 * G);
    QTest::newRow("constant 256MB")
        << "ConstantSizeRegionSplitPolicy" << quint64(64 * M) << quint64(256 * M) << ""
        << Sizes(11, 256 * M);
    QTest::newRow("disabled") << "DisabledRegionSplitPolicy" << quint64(128 * M)
                              << quint64(10 * G) << "" << Sizes(11, UINT64_MAX);
    // RegionLab's 0.94 formula: min(max, flush x r^2); 128 MB, 1152 MB,
    // 3200 MB, 6272 MB and 10 GB for r = 1, 3, 5, 7, 9.
    QTest::newRow("0.94 128MB/10GB")
        << "IncreasingToUpperBoundRegionSplitPolicy094" << quint64(128 * M) << quint64(10 * G)
        << ""
        << Sizes{10 * G,   128 * M,  512 * M,  1152 * M, 2048 * M, 3200 * M,
                 4608 * M, 6272 * M, 8192 * M, 10 * G,   10 * G};
    QTest::newRow("0.94 64MB/2GB")
        << "IncreasingToUpperBoundRegionSplitPolicy094" << quint64(64 * M) << quint64(2 * G)
        << ""
        << Sizes{2 * G, 64 * M, 256 * M, 576 * M, 1024 * M, 1600 * M,
                 2 * G, 2 * G,  2 * G,   2 * G,   2 * G};
  }
  void thresholdTable() {
    QFETCH(QString, policy);
    QFETCH(quint64, flush);
    QFETCH(quint64, max);
    QFETCH(QString, initial);
    QFETCH(Sizes, expected);
    auto p = Make(policy.toStdString());
    QCOMPARE(QString::fromStdString(p->Name()), policy);
    for (int r = 0; r <= 10; ++r) {
      SplitContext ctx = Context(flush, max, r);
      if (!initial.isEmpty()) {
        ctx.table_config["hbase.increasing.policy.initial.size"] = initial.toStdString();
      }
      const uint64_t threshold = p->SplitThreshold(ctx);
      QVERIFY2(threshold == expected[r], ("r = " + std::to_string(r) + ": got " +
                                          std::to_string(threshold) + ", want " +
                                          std::to_string(expected[r]))
                                             .c_str());
      // The threshold is what ShouldSplit compares with, strictly.
      if (threshold != UINT64_MAX) {
        ctx.largest_store_size = threshold;
        QVERIFY(!p->ShouldSplit(ctx));
        ctx.largest_store_size = threshold + 1;
        QVERIFY(p->ShouldSplit(ctx));
      } else {
        ctx.largest_store_size = UINT64_MAX;
        QVERIFY(!p->ShouldSplit(ctx));
      }
    }
  }

  // IncreasingToUpperBound guards r > 100 (HBase's overflow check) with the max.
  void increasingBeyondHundredRegions() {
    auto p = Make("IncreasingToUpperBoundRegionSplitPolicy");
    SplitContext ctx = Context(1, 100 * kGB, 100);
    QCOMPARE(p->SplitThreshold(ctx), quint64(2 * 1000000));  // 2 x 1 x 100^3
    ctx.regions_of_table_on_server = 101;
    QCOMPARE(p->SplitThreshold(ctx), quint64(100 * kGB));
    // Products saturate at Long.MAX_VALUE instead of wrapping.
    SplitContext big = Context(kLongMax / 2, UINT64_MAX, 50);
    QCOMPARE(p->SplitThreshold(big), quint64(kLongMax));
  }

  // Zero sizes in the context mean "unset": HBase falls back to the
  // configuration (Hadoop number syntax, hex included), then its defaults.
  void unsetSizesUseConfiguration() {
    auto stepping = Make("SteppingSplitPolicy");
    SplitContext ctx = Context(0, 0, 1);
    QCOMPARE(stepping->SplitThreshold(ctx), quint64(256 * kMB));  // 2 x 128 MB default
    ctx.regions_of_table_on_server = 2;
    QCOMPARE(stepping->SplitThreshold(ctx), quint64(10 * kGB));
    ctx.table_config["hbase.hregion.max.filesize"] = " 0x40000000 ";
    ctx.table_config["hbase.hregion.memstore.flush.size"] = "67108864";
    QCOMPARE(stepping->SplitThreshold(ctx), quint64(1 * kGB));
    ctx.regions_of_table_on_server = 1;
    QCOMPARE(stepping->SplitThreshold(ctx), quint64(128 * kMB));
    // Values Hadoop cannot parse are ignored (HBase would refuse to open the region).
    ctx.table_config["hbase.hregion.max.filesize"] = "10GB";
    ctx.table_config["hbase.increasing.policy.initial.size"] = "lots";
    ctx.regions_of_table_on_server = 3;
    QCOMPARE(stepping->SplitThreshold(ctx), quint64(10 * kGB));
    // The table's MAX_FILESIZE wins over the configuration.
    ctx.max_file_size = 3 * kGB;
    QCOMPARE(stepping->SplitThreshold(ctx), quint64(3 * kGB));
  }

  void jitterIsBoundedAndDeterministic() {
    auto constant = Make("ConstantSizeRegionSplitPolicy");
    const uint64_t max = 10 * kGB;
    std::set<uint64_t> distinct;
    bool below = false, above = false;
    for (uint64_t seed = 0; seed < 2000; ++seed) {
      SplitContext ctx = Context(128 * kMB, max, 1, /*jitter=*/true);
      ctx.jitter_seed = seed;
      const uint64_t t = constant->SplitThreshold(ctx);
      // Default jitter 0.25: rate in [-0.125, 0.125).
      QVERIFY(t >= max - max / 8);
      QVERIFY(t < max + max / 8);
      QCOMPARE(constant->SplitThreshold(ctx), t);  // same seed, same threshold
      QCOMPARE(JitteredMaxFileSize(ctx), t);
      below |= t < max;
      above |= t > max;
      distinct.insert(t);
    }
    QVERIFY(below && above);
    QVERIFY(distinct.size() > 1900);

    // A wider jitter widens the band; zero removes it.
    for (uint64_t seed = 0; seed < 500; ++seed) {
      SplitContext ctx = Context(128 * kMB, max, 1, true);
      ctx.jitter_seed = seed;
      ctx.table_config["hbase.hregion.max.filesize.jitter"] = "0.5";
      const uint64_t t = constant->SplitThreshold(ctx);
      QVERIFY(t >= max - max / 4 && t < max + max / 4);
      // Double.parseDouble syntax: spaces trimmed, sign and f/d suffix allowed.
      ctx.table_config["hbase.hregion.max.filesize.jitter"] = " +0.5d ";
      QCOMPARE(constant->SplitThreshold(ctx), t);
      ctx.table_config["hbase.hregion.max.filesize.jitter"] = "5e-1";
      QCOMPARE(constant->SplitThreshold(ctx), t);
      ctx.table_config["hbase.hregion.max.filesize.jitter"] = "0";
      QCOMPARE(constant->SplitThreshold(ctx), max);
    }
  }

  // One worked value: SplitMix64(seed 7) >> 40 = 0x63CBE1 -> u = 6540257 / 2^24;
  // rate = (u - 0.5) x 0.25 = -0.02754...; 10 GB + (long)(10 GB x rate).
  void jitterWorkedExample() {
    SplitContext ctx = Context(128 * kMB, 10 * kGB, 1, true);
    ctx.jitter_seed = 7;
    const double u = static_cast<float>(6540257) / static_cast<float>(1 << 24);
    const double rate = (u - 0.5) * 0.25;
    const uint64_t want = 10 * kGB + static_cast<int64_t>(static_cast<double>(10 * kGB) * rate);
    QCOMPARE(JitteredMaxFileSize(ctx), want);
    QCOMPARE(want, quint64(10441682080ull));
  }

  // The size-based policies cap with the same jittered max; initial sizes are not jittered.
  void jitterAppliesToTheCapOnly() {
    auto constant = Make("ConstantSizeRegionSplitPolicy");
    auto increasing = Make("IncreasingToUpperBoundRegionSplitPolicy");
    auto stepping = Make("SteppingSplitPolicy");
    auto v094 = Make("IncreasingToUpperBoundRegionSplitPolicy094");
    for (uint64_t seed = 0; seed < 100; ++seed) {
      SplitContext ctx = Context(128 * kMB, 10 * kGB, 9, true);
      ctx.jitter_seed = seed;
      const uint64_t cap = constant->SplitThreshold(ctx);
      QCOMPARE(increasing->SplitThreshold(ctx), cap);
      QCOMPARE(stepping->SplitThreshold(ctx), cap);
      ctx.regions_of_table_on_server = 1;
      QCOMPARE(increasing->SplitThreshold(ctx), quint64(256 * kMB));
      QCOMPARE(stepping->SplitThreshold(ctx), quint64(256 * kMB));
      QCOMPARE(v094->SplitThreshold(ctx), quint64(128 * kMB));
    }
  }

  // A positive jitter on a near-Long.MAX_VALUE size gives Long.MAX_VALUE.
  void jitterOverflowSaturates() {
    auto constant = Make("ConstantSizeRegionSplitPolicy");
    bool saturated = false;
    for (uint64_t seed = 0; seed < 50; ++seed) {
      SplitContext ctx = Context(128 * kMB, UINT64_MAX, 1, true);
      ctx.jitter_seed = seed;
      const uint64_t t = constant->SplitThreshold(ctx);
      QVERIFY(t <= kLongMax);
      saturated |= t == kLongMax;
    }
    QVERIFY(saturated);
  }

  void shouldSplitEdges() {
    auto stepping = Make("SteppingSplitPolicy");
    SplitContext ctx = Context(128 * kMB, 10 * kGB, 1);
    ctx.largest_store_size = 300 * kMB;
    QVERIFY(stepping->CanSplit(ctx));
    QVERIFY(stepping->ShouldSplit(ctx));
    // Reference files from a previous split block splitting.
    ctx.has_references = true;
    QVERIFY(!stepping->CanSplit(ctx));
    QVERIFY(!stepping->ShouldSplit(ctx));
    ctx.has_references = false;

    // By default the largest store decides; with overallfiles, all stores.
    ctx.largest_store_size = 100 * kMB;
    ctx.total_store_size = 300 * kMB;
    QVERIFY(!stepping->ShouldSplit(ctx));
    ctx.table_config["hbase.hregion.split.overallfiles"] = " TRUE ";
    QVERIFY(stepping->ShouldSplit(ctx));
    ctx.table_config["hbase.hregion.split.overallfiles"] = "false";
    QVERIFY(!stepping->ShouldSplit(ctx));

    // Disabled refuses even requested splits.
    auto disabled = Make("DisabledRegionSplitPolicy");
    ctx.largest_store_size = UINT64_MAX - 1;
    QVERIFY(!disabled->CanSplit(ctx));
    QVERIFY(!disabled->ShouldSplit(ctx));
  }

  void splitRow_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QByteArray>("key");  // config key, "" = none
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QByteArray>("mid");
    QTest::addColumn<QByteArray>("expected");
    const QString kp = "KeyPrefixRegionSplitPolicy";
    const QString dk = "DelimitedKeyPrefixRegionSplitPolicy";
    const QByteArray len = "KeyPrefixRegionSplitPolicy.prefix_length";
    const QByteArray old = "prefix_split_key_policy.prefix_length";
    const QByteArray delim = "DelimitedKeyPrefixRegionSplitPolicy.delimiter";
    QTest::newRow("prefix 4") << kp << len << QByteArray("4") << QByteArray("user1234_x")
                              << QByteArray("user");
    QTest::newRow("prefix longer than row") << kp << len << QByteArray("4") << QByteArray("ab")
                                            << QByteArray("ab");
    QTest::newRow("prefix of empty row") << kp << len << QByteArray("4") << QByteArray()
                                         << QByteArray();
    QTest::newRow("deprecated key") << kp << old << QByteArray("2") << QByteArray("user1")
                                    << QByteArray("us");
    QTest::newRow("plus sign") << kp << len << QByteArray("+3") << QByteArray("user1")
                               << QByteArray("use");
    // Integer.parseInt refusals and values <= 0 leave the row whole.
    QTest::newRow("prefix 0") << kp << len << QByteArray("0") << QByteArray("user1")
                              << QByteArray("user1");
    QTest::newRow("prefix negative") << kp << len << QByteArray("-2") << QByteArray("user1")
                                     << QByteArray("user1");
    QTest::newRow("prefix with space") << kp << len << QByteArray(" 2") << QByteArray("user1")
                                       << QByteArray("user1");
    QTest::newRow("prefix overflow") << kp << len << QByteArray("4294967298")
                                     << QByteArray("user1") << QByteArray("user1");
    QTest::newRow("prefix unset") << kp << QByteArray() << QByteArray() << QByteArray("user1")
                                  << QByteArray("user1");
    QTest::newRow("delimiter") << dk << delim << QByteArray("_") << QByteArray("user1_click_9")
                               << QByteArray("user1");
    QTest::newRow("multi-byte delimiter") << dk << delim << QByteArray("::")
                                          << QByteArray("a:b::c::d") << QByteArray("a:b");
    QTest::newRow("delimiter absent") << dk << delim << QByteArray("_") << QByteArray("user1")
                                      << QByteArray("user1");
    // A delimiter at offset 0 leaves nothing: no split.
    QTest::newRow("delimiter first") << dk << delim << QByteArray("_") << QByteArray("_abc")
                                     << QByteArray();
    QTest::newRow("delimiter empty") << dk << delim << QByteArray("") << QByteArray("a_b")
                                     << QByteArray("a_b");
    QTest::newRow("delimiter unset") << dk << QByteArray() << QByteArray() << QByteArray("a_b")
                                     << QByteArray("a_b");
    QTest::newRow("stepping keeps the row") << "SteppingSplitPolicy" << len << QByteArray("2")
                                            << QByteArray("a_b") << QByteArray("a_b");
  }
  void splitRow() {
    QFETCH(QString, policy);
    QFETCH(QByteArray, key);
    QFETCH(QByteArray, value);
    QFETCH(QByteArray, mid);
    QFETCH(QByteArray, expected);
    auto p = Make(policy.toStdString());
    SplitContext ctx;
    if (!key.isEmpty()) ctx.table_config[key.toStdString()] = value.toStdString();
    QCOMPARE(p->SplitRow(mid.toStdString(), ctx), expected.toStdString());
  }

  // The current key is read first; an invalid current key does not fall back.
  void prefixKeyPrecedence() {
    auto p = Make("KeyPrefixRegionSplitPolicy");
    SplitContext ctx;
    ctx.table_config["KeyPrefixRegionSplitPolicy.prefix_length"] = "3";
    ctx.table_config["prefix_split_key_policy.prefix_length"] = "1";
    QCOMPARE(p->SplitRow("abcdef", ctx), std::string("abc"));
    ctx.table_config["KeyPrefixRegionSplitPolicy.prefix_length"] = "three";
    QCOMPARE(p->SplitRow("abcdef", ctx), std::string("abcdef"));
  }

  void splitRowUsable() {
    QVERIFY(SplitRowUsable("m", "a", "z"));
    QVERIFY(!SplitRowUsable("a", "a", "z"));
    QVERIFY(!SplitRowUsable("z", "a", "z"));
    QVERIFY(!SplitRowUsable("", "a", "z"));
    QVERIFY(!SplitRowUsable("a", "a", "a"));
  }

  void classNames_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");  // "" = refused
    QTest::newRow("default") << "" << "SteppingSplitPolicy";
    const char* kNames[] = {"SteppingSplitPolicy", "IncreasingToUpperBoundRegionSplitPolicy",
                            "ConstantSizeRegionSplitPolicy", "KeyPrefixRegionSplitPolicy",
                            "DelimitedKeyPrefixRegionSplitPolicy", "DisabledRegionSplitPolicy"};
    for (const char* n : kNames) {
      QTest::newRow(n) << n << n;
      const QString qualified = QString("org.apache.hadoop.hbase.regionserver.") + n;
      QTest::newRow(qualified.toUtf8().constData()) << qualified << n;
    }
    QTest::newRow("0.94") << "IncreasingToUpperBoundRegionSplitPolicy094"
                          << "IncreasingToUpperBoundRegionSplitPolicy094";
    // RegionLab's extension is not in HBase's package.
    QTest::newRow("0.94 qualified")
        << "org.apache.hadoop.hbase.regionserver.IncreasingToUpperBoundRegionSplitPolicy094"
        << "";
    QTest::newRow("case matters") << "steppingsplitpolicy" << "";
    QTest::newRow("wrong package") << "org.apache.hadoop.hbase.SteppingSplitPolicy" << "";
    QTest::newRow("package only") << "org.apache.hadoop.hbase.regionserver." << "";
    QTest::newRow("unknown") << "MyPolicy" << "";
  }
  void classNames() {
    QFETCH(QString, name);
    QFETCH(QString, expected);
    auto p = CreateSplitPolicy(name.toStdString());
    if (expected.isEmpty()) {
      QVERIFY(!p.ok());
      QVERIFY(p.status().IsInvalidArgument());
      QCOMPARE(QString::fromStdString(p.status().message()),
               "Unable to load configured region split policy '" + name + "'");
    } else {
      RL_QVERIFY_OK(p.status());
      QCOMPARE(QString::fromStdString((*p)->Name()), expected);
    }
  }

  void busyPolicyIsNotModelled() {
    auto p = CreateSplitPolicy("org.apache.hadoop.hbase.regionserver.BusyRegionSplitPolicy");
    QVERIFY(p.status().IsNotSupported());
  }

  void policyNames() {
    const std::vector<std::string> names = SplitPolicyNames();
    QCOMPARE(int(names.size()), 7);
    QCOMPARE(names.front(), std::string("SteppingSplitPolicy"));
    for (const std::string& n : names) {
      auto p = CreateSplitPolicy(n);
      RL_QVERIFY_OK(p.status());
      QCOMPARE((*p)->Name(), n);
    }
  }

  void explain_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<int>("r");
    QTest::addColumn<QString>("expected");
    QTest::newRow("increasing")
        << "IncreasingToUpperBoundRegionSplitPolicy" << 3
        << "IncreasingToUpperBound: min(10 GB, 2 x 128 MB x 3^3) = 6912 MB";
    QTest::newRow("increasing capped")
        << "IncreasingToUpperBoundRegionSplitPolicy" << 4
        << "IncreasingToUpperBound: min(10 GB, 2 x 128 MB x 4^3) = 10 GB";
    QTest::newRow("increasing r=0")
        << "IncreasingToUpperBoundRegionSplitPolicy" << 0
        << "IncreasingToUpperBound: 10 GB (r = 0 regions of the table on this server)";
    QTest::newRow("stepping first") << "SteppingSplitPolicy" << 1
                                    << "Stepping: 2 x 128 MB = 256 MB (r = 1 region of the table "
                                       "on this server)";
    QTest::newRow("stepping later") << "SteppingSplitPolicy" << 2
                                    << "Stepping: 10 GB (r = 2 regions of the table on this "
                                       "server)";
    QTest::newRow("constant") << "ConstantSizeRegionSplitPolicy" << 5 << "ConstantSize: 10 GB";
    QTest::newRow("0.94") << "IncreasingToUpperBoundRegionSplitPolicy094" << 3
                          << "IncreasingToUpperBound (0.94): min(10 GB, 128 MB x 3^2) = 1152 MB";
    QTest::newRow("key prefix unset")
        << "KeyPrefixRegionSplitPolicy" << 1
        << "KeyPrefix(no valid prefix_length: rows not truncated): min(10 GB, 2 x 128 MB x "
           "1^3) = 256 MB";
    QTest::newRow("disabled") << "DisabledRegionSplitPolicy" << 1
                              << "Disabled: never splits, not even on request";
  }
  void explain() {
    QFETCH(QString, policy);
    QFETCH(int, r);
    QFETCH(QString, expected);
    auto p = Make(policy.toStdString());
    QCOMPARE(QString::fromStdString(p->Explain(Context(128 * kMB, 10 * kGB, r))), expected);
  }

  void explainMentionsJitterAndReferences() {
    auto p = Make("ConstantSizeRegionSplitPolicy");
    SplitContext ctx = Context(128 * kMB, 10 * kGB, 1, true);
    ctx.jitter_seed = 7;
    QCOMPARE(p->Explain(ctx), std::string("ConstantSize: 10 GB -2.8% jitter = 9.72 GB"));
    ctx.has_references = true;
    QVERIFY(p->Explain(ctx).find("no split while the region has reference files") !=
            std::string::npos);
  }
};

QTEST_GUILESS_MAIN(SplitPolicyTest)
#include "split_policy_test.moc"
