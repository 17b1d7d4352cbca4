// Unit tests for regionlab/store_configuration.h: which CONFIGURATION values
// reach a region's (or a store's) options, and which leave the defaults
// (HBase's: compaction min 3, max 10, ratio 1.2, min.size = the flush size
// (0 here), no max.size, off-peak ratio 5.0 and no off-peak hours, 16
// blocking files).
#include "regionlab/store_configuration.h"

#include <QtTest>

#include "support/test_util.h"

using namespace regionlab;

class StoreConfigurationTest : public QObject {
  Q_OBJECT

 private slots:
  void keys() {
    QCOMPARE(StoreConfigurationKeys(),
             std::vector<std::string>(
                 {"hbase.hstore.compaction.min", "hbase.hstore.compaction.max",
                  "hbase.hstore.compaction.ratio", "hbase.hstore.compaction.min.size",
                  "hbase.hstore.compaction.max.size", "hbase.hstore.compaction.ratio.offpeak",
                  "hbase.hstore.compaction.max.size.offpeak", "hbase.offpeak.start.hour",
                  "hbase.offpeak.end.hour", "hbase.hstore.blockingStoreFiles"}));
  }

  void apply_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("minFiles");
    QTest::addColumn<int>("maxFiles");
    QTest::addColumn<double>("ratio");
    QTest::addColumn<quint64>("minSize");
    QTest::addColumn<int>("blocking");
    const QString min = "hbase.hstore.compaction.min", max = "hbase.hstore.compaction.max",
                  ratio = "hbase.hstore.compaction.ratio",
                  minSize = "hbase.hstore.compaction.min.size",
                  blocking = "hbase.hstore.blockingStoreFiles";
    QTest::newRow("a key not read") << "hbase.hregion.majorcompaction"
                                    << "0" << 3 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("min 4") << min << "4" << 4 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("min 1 counts as 2") << min << "1" << 2 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("min 4x: kept") << min << "4x" << 3 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("min empty: kept") << min << "" << 3 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("max 20") << max << "20" << 3 << 20 << 1.2 << quint64(0) << 16;
    QTest::newRow("max 0: kept") << max << "0" << 3 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("ratio 5.0") << ratio << "5.0" << 3 << 10 << 5.0 << quint64(0) << 16;
    QTest::newRow("ratio 0.5") << ratio << "0.5" << 3 << 10 << 0.5 << quint64(0) << 16;
    QTest::newRow("ratio 2") << ratio << "2" << 3 << 10 << 2.0 << quint64(0) << 16;
    QTest::newRow("ratio 0: kept") << ratio << "0" << 3 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("ratio -1: kept") << ratio << "-1" << 3 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("ratio inf: kept") << ratio << "inf" << 3 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("ratio 1,5: kept") << ratio << "1,5" << 3 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("min.size 128 MiB")
        << minSize << "134217728" << 3 << 10 << 1.2 << quint64(134217728) << 16;
    QTest::newRow("min.size 0 acts as 1") << minSize << "0" << 3 << 10 << 1.2 << quint64(1) << 16;
    QTest::newRow("min.size 64k: kept") << minSize << "64k" << 3 << 10 << 1.2 << quint64(0) << 16;
    QTest::newRow("blocking 30") << blocking << "30" << 3 << 10 << 1.2 << quint64(0) << 30;
    QTest::newRow("blocking 0 counts as 1") << blocking << "0" << 3 << 10 << 1.2 << quint64(0) << 1;
    QTest::newRow("blocking abc: kept") << blocking << "abc" << 3 << 10 << 1.2 << quint64(0) << 16;
  }
  void apply() {
    QFETCH(QString, key);
    QFETCH(QString, value);
    RegionOptions o;
    const std::vector<std::string> unread =
        ApplyStoreConfiguration({{key.toStdString(), value.toStdString()}}, &o);
    // A row whose value is kept ("kept") names the key as unread.
    const bool kept = QString(QTest::currentDataTag()).endsWith(": kept");
    QCOMPARE(unread,
             kept ? std::vector<std::string>{key.toStdString()} : std::vector<std::string>{});
    QTEST(o.compaction.min_files, "minFiles");
    QTEST(o.compaction.max_files, "maxFiles");
    QTEST(o.compaction.ratio, "ratio");
    QTEST(quint64(o.compaction.min_size), "minSize");
    QTEST(o.blocking_store_files, "blocking");
  }

  // The maximum size and the off-peak settings (HBase's defaults: no maximum,
  // off-peak ratio 5.0, off-peak maximum = the maximum, no off-peak hours).
  void applySizesAndOffPeak_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<quint64>("maxSize");
    QTest::addColumn<double>("offPeakRatio");
    QTest::addColumn<quint64>("offPeakMaxSize");  // 0: the maximum size
    QTest::addColumn<int>("startHour");
    QTest::addColumn<int>("endHour");
    const quint64 none = UINT64_MAX;
    const QString maxSize = "hbase.hstore.compaction.max.size",
                  ratio = "hbase.hstore.compaction.ratio.offpeak",
                  offMax = "hbase.hstore.compaction.max.size.offpeak",
                  start = "hbase.offpeak.start.hour", end = "hbase.offpeak.end.hour";
    QTest::newRow("max.size 1 GiB") << maxSize << "1073741824" << quint64(1073741824) << 5.0
                                    << quint64(0) << -1 << -1;
    QTest::newRow("max.size 0") << maxSize << "0" << quint64(0) << 5.0 << quint64(0) << -1 << -1;
    QTest::newRow("max.size 1g: kept") << maxSize << "1g" << none << 5.0 << quint64(0) << -1 << -1;
    QTest::newRow("off-peak ratio 3.5") << ratio << "3.5" << none << 3.5 << quint64(0) << -1 << -1;
    QTest::newRow("off-peak ratio 0: kept") << ratio << "0" << none << 5.0 << quint64(0) << -1 << -1;
    QTest::newRow("off-peak max.size 512 MiB")
        << offMax << "536870912" << none << 5.0 << quint64(536870912) << -1 << -1;
    QTest::newRow("off-peak max.size 0 acts as 1")
        << offMax << "0" << none << 5.0 << quint64(1) << -1 << -1;
    QTest::newRow("off-peak max.size -1: kept")
        << offMax << "-1" << none << 5.0 << quint64(0) << -1 << -1;
    QTest::newRow("start 22") << start << "22" << none << 5.0 << quint64(0) << 22 << -1;
    QTest::newRow("start 0") << start << "0" << none << 5.0 << quint64(0) << 0 << -1;
    QTest::newRow("start -1") << start << "-1" << none << 5.0 << quint64(0) << -1 << -1;
    QTest::newRow("start 24: kept") << start << "24" << none << 5.0 << quint64(0) << -1 << -1;
    QTest::newRow("start -2: kept") << start << "-2" << none << 5.0 << quint64(0) << -1 << -1;
    QTest::newRow("start 6pm: kept") << start << "6pm" << none << 5.0 << quint64(0) << -1 << -1;
    QTest::newRow("end 6") << end << "6" << none << 5.0 << quint64(0) << -1 << 6;
    QTest::newRow("end 23") << end << "23" << none << 5.0 << quint64(0) << -1 << 23;
    QTest::newRow("end 7.5: kept") << end << "7.5" << none << 5.0 << quint64(0) << -1 << -1;
  }
  void applySizesAndOffPeak() {
    QFETCH(QString, key);
    QFETCH(QString, value);
    CompactionOptions c;
    int blocking = 16;
    const std::vector<std::string> unread =
        ApplyStoreConfiguration({{key.toStdString(), value.toStdString()}}, &c, &blocking);
    const bool kept = QString(QTest::currentDataTag()).endsWith(": kept");
    QCOMPARE(unread,
             kept ? std::vector<std::string>{key.toStdString()} : std::vector<std::string>{});
    QTEST(quint64(c.max_size), "maxSize");
    QTEST(c.offpeak_ratio, "offPeakRatio");
    QTEST(quint64(c.offpeak_max_size), "offPeakMaxSize");
    QTEST(c.offpeak_start_hour, "startHour");
    QTEST(c.offpeak_end_hour, "endHour");
    QCOMPARE(c.ratio, 1.2);  // the peak ratio is its own key
    QCOMPARE(blocking, 16);
  }

  // Several keys at once, each applied.
  void together() {
    RegionOptions o;
    const std::vector<std::string> unread =
        ApplyStoreConfiguration({{"hbase.hstore.compaction.min", "2"},
                                 {"hbase.hstore.compaction.ratio", "5.0"},
                                 {"hbase.hstore.compaction.max", "many"},
                                 {"hbase.hstore.blockingStoreFiles", "50"}},
                                &o);
    QCOMPARE(unread, std::vector<std::string>{"hbase.hstore.compaction.max"});
    QCOMPARE(o.compaction.min_files, 2);
    QCOMPARE(o.compaction.ratio, 5.0);
    QCOMPARE(o.blocking_store_files, 50);
    QCOMPARE(o.compaction.max_files, 10);
  }
};

QTEST_GUILESS_MAIN(StoreConfigurationTest)
#include "store_configuration_test.moc"
