// Unit tests for regionlab/store_configuration.h: which table CONFIGURATION
// values reach a region's options, and which leave the defaults (HBase's:
// compaction min 3, max 10, ratio 1.2, min.size = the flush size (0 here),
// 16 blocking files).
#include "regionlab/store_configuration.h"

#include <QtTest>

#include "support/test_util.h"

using namespace regionlab;

class StoreConfigurationTest : public QObject {
  Q_OBJECT

 private slots:
  void keys() {
    QCOMPARE(StoreConfigurationKeys(),
             std::vector<std::string>({"hbase.hstore.compaction.min", "hbase.hstore.compaction.max",
                                       "hbase.hstore.compaction.ratio",
                                       "hbase.hstore.compaction.min.size",
                                       "hbase.hstore.blockingStoreFiles"}));
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
