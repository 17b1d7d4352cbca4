// Unit tests for engine/region/compaction_policy: selections of HBase's
// ExploringCompactionPolicy. The first group replays HBase's own
// TestDefaultCompactSelection cases (min 3, max 5 files, min size 10,
// max size 2100, ratio 1.0, 10 blocking files); the expected selections were
// worked out by hand from the rules in compaction_policy.h and agree with
// HBase's expectations. The rest cover files under compaction, the ratio,
// the default options and NeedsCompaction.
#include "region/compaction_policy.h"

#include <QtTest>
#include <ctime>
#include <vector>

#include "support/test_util.h"

using namespace regionlab;

namespace {

constexpr qulonglong kTooBig = 2101;    // HBase test's maxSize + 1
constexpr qulonglong kMaxLess1 = 2099;  // maxSize - 1
constexpr qulonglong kMB = 1ull << 20;

CompactionOptions HBaseTestOptions() {
  CompactionOptions o;
  o.min_files = 3;
  o.max_files = 5;
  o.min_size = 10;
  o.max_size = 2100;
  o.ratio = 1.0;
  return o;
}

}  // namespace

class CompactionPolicyTest : public QObject {
  Q_OBJECT
 private slots:
  void selection_data() {
    QTest::addColumn<QList<qulonglong>>("sizes");
    QTest::addColumn<QList<int>>("compacting");  // indices being compacted
    QTest::addColumn<int>("minFiles");
    QTest::addColumn<int>("maxFiles");
    QTest::addColumn<double>("ratio");
    QTest::addColumn<qulonglong>("minSize");
    QTest::addColumn<qulonglong>("maxSize");
    QTest::addColumn<int>("blocking");
    QTest::addColumn<QList<int>>("expected");
    QTest::addColumn<bool>("major");
    QTest::addColumn<bool>("stuck");

    const CompactionOptions h = HBaseTestOptions();
    auto hbase = [&](const char* name, QList<qulonglong> sizes, QList<int> expected,
                     bool major = false, bool stuck = false, qulonglong min_size = 10) {
      QTest::newRow(name) << sizes << QList<int>{} << h.min_files << h.max_files << h.ratio
                          << min_size << qulonglong(h.max_size) << 10 << expected << major << stuck;
    };
    // 23 <= 12+12 and 12 <= 23+12: the newest three are in ratio; 50 > 47.
    hbase("hbase: preserve ratio", {100, 50, 23, 12, 12}, {2, 3, 4});
    // 25 > 12+12: nothing qualifies.
    hbase("hbase: below threshold", {100, 50, 25, 12, 12}, {});
    // Leading files above max size are skipped.
    hbase("hbase: skip too big", {kTooBig, kTooBig, 700, 700, 700}, {2, 3, 4});
    hbase("hbase: too big leaves too few", {kTooBig, kTooBig, 700, 700}, {});
    // Total 9 < min size 10: qualifies whatever the ratio; all files.
    hbase("hbase: small files ignore ratio", {7, 1, 1}, {0, 1, 2}, /*major=*/true);
    // Three 5-file windows are in ratio; the smallest total wins.
    hbase("hbase: max files, smallest", {7, 6, 5, 4, 3, 2, 1}, {2, 3, 4, 5, 6});
    hbase("hbase: old big file left", {50, 10, 10, 10, 10}, {1, 2, 3, 4});
    hbase("hbase: new big file left", {10, 10, 10, 10, 50}, {0, 1, 2, 3});
    // Any window with the 2099 file exceeds max size in total.
    hbase("hbase: total over max size", {251, 253, 251, kMaxLess1}, {0, 1, 2});
    hbase("hbase: all windows too big", {kMaxLess1, kMaxLess1, kMaxLess1}, {});
    // Powers of two are never in ratio (2^k > 2^k - 1); 10 files block, so
    // the smallest 3-file window is taken.
    hbase("hbase: stuck takes smallest", {512, 256, 128, 64, 32, 16, 8, 4, 2, 1}, {7, 8, 9}, false,
          true, /*min_size=*/1);
    hbase("hbase: empty", {}, {});
    hbase("hbase: all too big", {kTooBig, kTooBig}, {});
    // Stuck store (10 files): best files-per-byte, 5% hysteresis.
    hbase("hbase stuck: smallest compaction", {99, 99, 99, 99, 99, 99, 30, 30, 30, 30}, {6, 7, 8},
          false, true);
    hbase("hbase: not stuck, most files", {99, 99, 99, 99, 99, 30, 30, 30, 30}, {4, 5, 6, 7, 8});
    hbase("hbase stuck: add small files", {99, 99, 99, 99, 99, 99, 30, 30, 30, 15}, {6, 7, 8, 9},
          false, true);
    hbase("hbase stuck: prefer earlier", {99, 99, 99, 99, 30, 26, 26, 29, 25, 25}, {4, 5, 6}, false,
          true);
    hbase("hbase stuck: later if much better", {99, 99, 99, 99, 27, 27, 27, 20, 20, 20}, {7, 8, 9},
          false, true);

    // Ratio 1.2 admits 100 <= 1.2 x 97: every file, so the result is major.
    QTest::newRow("ratio 1.2 takes all")
        << QList<qulonglong>{100, 50, 23, 12, 12} << QList<int>{} << 3 << 5 << 1.2 << qulonglong(10)
        << qulonglong(2100) << 10 << QList<int>{0, 1, 2, 3, 4} << true << false;
    // Files up to the newest one under compaction are not eligible.
    QTest::newRow("skip compacting prefix")
        << QList<qulonglong>{10, 10, 10, 10, 10, 10} << QList<int>{2} << 3 << 5 << 1.0
        << qulonglong(1) << qulonglong(2100) << 16 << QList<int>{3, 4, 5} << false << false;
    QTest::newRow("compacting leaves too few")
        << QList<qulonglong>{10, 10, 10, 10, 10} << QList<int>{0, 1, 2} << 3 << 5 << 1.0
        << qulonglong(1) << qulonglong(2100) << 16 << QList<int>{} << false << false;
    // 6 files - 1 compacting + 1 future file = 6 >= 6 blocking: stuck.
    QTest::newRow("future file counts toward stuck")
        << QList<qulonglong>{50, 512, 256, 128, 64, 32} << QList<int>{0} << 3 << 5 << 1.0
        << qulonglong(1) << qulonglong(2100) << 6 << QList<int>{3, 4, 5} << false << true;
    // Default options with HBase's default 128 MB flush size as the min
    // size: every 1 MB flush is below it; the first 10-file window wins among
    // equal totals.
    CompactionOptions d;
    d.min_size = 128 * kMB;
    QTest::newRow("defaults, 12 small files")
        << QList<qulonglong>(12, kMB) << QList<int>{} << d.min_files << d.max_files << d.ratio
        << qulonglong(d.min_size) << qulonglong(d.max_size) << kDefaultBlockingStoreFiles
        << QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9} << false << false;
    // Default ratio with big files: 1 GB > 1.2 x 600 MB, the rest qualify.
    QTest::newRow("defaults, big old file")
        << QList<qulonglong>{1024 * kMB, 300 * kMB, 200 * kMB, 200 * kMB} << QList<int>{}
        << d.min_files << d.max_files << d.ratio << qulonglong(d.min_size) << qulonglong(d.max_size)
        << kDefaultBlockingStoreFiles << QList<int>{1, 2, 3} << false << false;
    QTest::newRow("defaults, too few files")
        << QList<qulonglong>{kMB, kMB} << QList<int>{} << d.min_files << d.max_files << d.ratio
        << qulonglong(d.min_size) << qulonglong(d.max_size) << kDefaultBlockingStoreFiles
        << QList<int>{} << false << false;
    // min_files 1 acts as 2, as in HBase.
    QTest::newRow("min files floor is two")
        << QList<qulonglong>{5, 5} << QList<int>{} << 1 << 5 << 1.0 << qulonglong(1)
        << qulonglong(2100) << 16 << QList<int>{0, 1} << true << false;
  }

  void selection() {
    QFETCH(QList<qulonglong>, sizes);
    QFETCH(QList<int>, compacting);
    QFETCH(int, minFiles);
    QFETCH(int, maxFiles);
    QFETCH(double, ratio);
    QFETCH(qulonglong, minSize);
    QFETCH(qulonglong, maxSize);
    QFETCH(int, blocking);
    QFETCH(QList<int>, expected);
    QFETCH(bool, major);
    QFETCH(bool, stuck);

    std::vector<CompactionCandidate> files;
    for (int i = 0; i < sizes.size(); ++i) {
      files.push_back({sizes[i], static_cast<uint64_t>(i + 1), compacting.contains(i)});
    }
    CompactionOptions opts;
    opts.min_files = minFiles;
    opts.max_files = maxFiles;
    opts.ratio = ratio;
    opts.min_size = minSize;
    opts.max_size = maxSize;

    const CompactionSelection sel = SelectMinorCompaction(files, opts, blocking);
    QList<int> got;
    for (size_t i : sel.files) got.append(static_cast<int>(i));
    QCOMPARE(got, expected);
    QCOMPARE(sel.is_major, major);
    QCOMPARE(sel.might_be_stuck, stuck);
  }

  // HBase's TestDefaultCompactSelection.testOffPeakCompactionRatio (off-peak
  // ratio 5.0 over the options above): 999, 50, 12, 12, 1 selects 12, 12, 1
  // at peak and 50, 12, 12, 1 off-peak. The rest: the off-peak maximum size,
  // and a selection of every file, which HBase does not count as off-peak.
  void offPeakSelection_data() {
    QTest::addColumn<QList<qulonglong>>("sizes");
    QTest::addColumn<bool>("mayUseOffPeak");
    QTest::addColumn<qulonglong>("offPeakMaxSize");  // 0: the peak maximum (2100)
    QTest::addColumn<QList<int>>("expected");
    QTest::addColumn<bool>("offPeak");
    const QList<qulonglong> hbase{999, 50, 12, 12, 1};
    QTest::newRow("hbase: off-peak") << hbase << true << qulonglong(0) << QList<int>{1, 2, 3, 4}
                                     << true;
    QTest::newRow("hbase: peak") << hbase << false << qulonglong(0) << QList<int>{2, 3, 4}
                                 << false;
    const QList<qulonglong> big{1500, 400, 400, 400};
    QTest::newRow("peak: 1500 > 1200") << big << false << qulonglong(0) << QList<int>{1, 2, 3}
                                       << false;
    // 2700 in all exceeds the maximum 2100, so 1500 stays out off-peak too.
    QTest::newRow("off-peak, peak maximum")
        << big << true << qulonglong(0) << QList<int>{1, 2, 3} << true;
    // Off-peak maximum 1000: 1500 is skipped, every window of 400s is too big.
    QTest::newRow("off-peak maximum 1000") << big << true << qulonglong(1000) << QList<int>{}
                                           << false;
    // Off-peak maximum 3000: all four files, a major-like selection.
    QTest::newRow("off-peak maximum 3000: every file")
        << big << true << qulonglong(3000) << QList<int>{0, 1, 2, 3} << false;
  }
  void offPeakSelection() {
    QFETCH(QList<qulonglong>, sizes);
    QFETCH(bool, mayUseOffPeak);
    QFETCH(qulonglong, offPeakMaxSize);
    QFETCH(QList<int>, expected);
    QFETCH(bool, offPeak);
    std::vector<CompactionCandidate> files;
    for (int i = 0; i < sizes.size(); ++i) files.push_back({sizes[i], uint64_t(i + 1), false});
    CompactionOptions opts = HBaseTestOptions();
    opts.offpeak_ratio = 5.0;
    opts.offpeak_max_size = offPeakMaxSize;
    const CompactionSelection sel = SelectMinorCompaction(files, opts, 10, mayUseOffPeak);
    QList<int> got;
    for (size_t i : sel.files) got.append(static_cast<int>(i));
    QCOMPARE(got, expected);
    QCOMPARE(sel.off_peak, offPeak);
  }

  // HBase's OffPeakHours: start inclusive, end exclusive, wrapping past
  // midnight; -1/-1, an hour outside 0-23 or start == end: never off-peak.
  void offPeakHours_data() {
    QTest::addColumn<int>("start");
    QTest::addColumn<int>("end");
    QTest::addColumn<int>("hour");
    QTest::addColumn<bool>("offPeak");
    QTest::newRow("unset") << -1 << -1 << 3 << false;
    QTest::newRow("start only") << 2 << -1 << 3 << false;
    QTest::newRow("2-5 at 1") << 2 << 5 << 1 << false;
    QTest::newRow("2-5 at 2") << 2 << 5 << 2 << true;
    QTest::newRow("2-5 at 4") << 2 << 5 << 4 << true;
    QTest::newRow("2-5 at 5") << 2 << 5 << 5 << false;
    QTest::newRow("22-6 at 22") << 22 << 6 << 22 << true;
    QTest::newRow("22-6 at 23") << 22 << 6 << 23 << true;
    QTest::newRow("22-6 at 0") << 22 << 6 << 0 << true;
    QTest::newRow("22-6 at 5") << 22 << 6 << 5 << true;
    QTest::newRow("22-6 at 6") << 22 << 6 << 6 << false;
    QTest::newRow("22-6 at 12") << 22 << 6 << 12 << false;
    QTest::newRow("0-23 at 23") << 0 << 23 << 23 << false;
    QTest::newRow("5-5: none") << 5 << 5 << 5 << false;
    QTest::newRow("24-3: invalid") << 24 << 3 << 1 << false;
  }
  void offPeakHours() {
    QFETCH(int, start);
    QFETCH(int, end);
    QFETCH(int, hour);
    CompactionOptions opts;
    opts.offpeak_start_hour = start;
    opts.offpeak_end_hour = end;
    QTEST(IsOffPeakHour(opts, hour), "offPeak");
    const bool valid = start >= 0 && start <= 23 && end >= 0 && end <= 23 && start != end;
    QCOMPARE(HasOffPeakHours(opts), valid);
  }

  // The hour of the local time zone, as HBase takes it (TZ set per row).
  void localHour_data() {
    QTest::addColumn<QByteArray>("tz");
    QTest::addColumn<qlonglong>("millis");
    QTest::addColumn<int>("hour");
    const qlonglong h = 3600 * 1000;
    QTest::newRow("UTC, epoch") << QByteArray("UTC0") << 0LL << 0;
    QTest::newRow("UTC, 05:59:59.999") << QByteArray("UTC0") << 6 * h - 1 << 5;
    QTest::newRow("UTC, 23:00") << QByteArray("UTC0") << 23 * h << 23;
    QTest::newRow("UTC+3, epoch") << QByteArray("XYZ-3") << 0LL << 3;
    QTest::newRow("UTC-5, epoch") << QByteArray("XYZ5") << 0LL << 19;
    QTest::newRow("UTC, 2023-11-14 22:13:20") << QByteArray("UTC0") << 1'700'000'000'000LL << 22;
  }
  void localHour() {
    QFETCH(QByteArray, tz);
    QFETCH(qlonglong, millis);
    const QByteArray saved = qgetenv("TZ");
    const bool had = qEnvironmentVariableIsSet("TZ");
    qputenv("TZ", tz);
    tzset();
    const int got = LocalHourOf(millis);
    if (had) {
      qputenv("TZ", saved);
    } else {
      qunsetenv("TZ");
    }
    tzset();
    QTEST(got, "hour");
  }

  void needsCompaction() {
    CompactionOptions opts;  // min_files = 3
    QVERIFY(!NeedsCompaction(0, opts));
    QVERIFY(!NeedsCompaction(2, opts));
    QVERIFY(NeedsCompaction(3, opts));
    QVERIFY(NeedsCompaction(20, opts));
    opts.min_files = 1;  // treated as 2
    QVERIFY(!NeedsCompaction(1, opts));
    QVERIFY(NeedsCompaction(2, opts));
  }
};

QTEST_GUILESS_MAIN(CompactionPolicyTest)
#include "compaction_policy_test.moc"
