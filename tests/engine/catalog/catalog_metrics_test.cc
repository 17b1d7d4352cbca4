// Catalog: sampled metrics — append, query by series and time range, and
// the two retention trims (by age, by count per series).
#include <sqlite3.h>

#include <QtTest>
#include <cmath>
#include <limits>

#include "catalog_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// Rows of a table, read with SQLite directly (the catalog must be closed or
// its last transaction committed).
int CountRows(const std::string& path, const char* table) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return -1;
  }
  sqlite3_stmt* stmt = nullptr;
  const std::string sql = std::string("SELECT count(*) FROM ") + table;
  int n = -1;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_ROW) {
    n = sqlite3_column_int(stmt, 0);
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return n;
}

std::vector<int64_t> Times(const std::vector<MetricSample>& samples) {
  std::vector<int64_t> out;
  for (const MetricSample& s : samples) out.push_back(s.time_ms);
  return out;
}

}  // namespace

class CatalogMetricsTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<TempDir> dir_;
  std::unique_ptr<Catalog> cat_;

  // Three series: rs1/requests, rs2/requests, region r0/storefileSize; ten
  // samples each at t = 1000, 1100, ..., 1900 with value = series * 100 + i.
  void Fill() {
    std::vector<MetricSample> samples;
    for (int i = 0; i < 10; ++i) {
      const int64_t t = 1000 + 100 * i;
      samples.push_back({t, "server", "rs1,16020,1", "requests", 100.0 + i});
      samples.push_back({t, "server", "rs2,16020,1", "requests", 200.0 + i});
      samples.push_back({t, "region", "r0", "storefileSize", 300.0 + i + 0.25});
    }
    RL_QVERIFY_OK(cat_->AppendMetrics(samples));
  }

 private slots:
  void init() {
    dir_ = std::make_unique<TempDir>();
    auto cat = Catalog::Open(dir_->File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    cat_ = std::move(*cat);
    Fill();
  }

  void cleanup() {
    cat_.reset();
    dir_.reset();
  }

  void queryBySeriesAndRange() {
    auto rs1 = cat_->QueryMetrics("server", "rs1,16020,1", "requests", 1200, 1500);
    RL_QVERIFY_OK(rs1.status());
    QCOMPARE(Times(*rs1), (std::vector<int64_t>{1200, 1300, 1400, 1500}));  // both ends included
    QCOMPARE(rs1->at(0).value, 102.0);
    QCOMPARE(rs1->at(0).scope, std::string("server"));
    QCOMPARE(rs1->at(0).subject, std::string("rs1,16020,1"));
    QCOMPARE(rs1->at(0).metric, std::string("requests"));
    auto region = cat_->QueryMetrics("region", "r0", "storefileSize", 0, 5000);
    RL_QVERIFY_OK(region.status());
    QCOMPARE(region->size(), size_t(10));
    QCOMPARE(region->back().value, 309.25);
    // Same subject and metric under the other scope is another series.
    auto none = cat_->QueryMetrics("region", "rs1,16020,1", "requests", 0, 5000);
    RL_QVERIFY_OK(none.status());
    QVERIFY(none->empty());
  }

  void samplesOutOfOrderComeBackSorted() {
    RL_QVERIFY_OK(cat_->AppendMetrics({{5000, "server", "rs9", "m", 3},
                                       {3000, "server", "rs9", "m", 1},
                                       {4000, "server", "rs9", "m", 2},
                                       {4000, "server", "rs9", "m", 2.5}}));
    auto got = cat_->QueryMetrics("server", "rs9", "m", 0, 10000);
    RL_QVERIFY_OK(got.status());
    QCOMPARE(Times(*got), (std::vector<int64_t>{3000, 4000, 4000, 5000}));
    QCOMPARE(got->at(1).value, 2.0);  // equal times keep the order they were appended in
    QCOMPARE(got->at(2).value, 2.5);
  }

  void invalidSamplesAreRefusedWhole_data() {
    QTest::addColumn<QString>("scope");
    QTest::addColumn<QString>("subject");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad scope") << "table"
                               << "t" << 1.0
                               << "metric scope must be 'server' or 'region', got 'table'";
    QTest::newRow("no subject") << "server"
                                << "" << 1.0 << "needs a subject and a metric name";
    QTest::newRow("NaN") << "server"
                         << "rs1" << std::numeric_limits<double>::quiet_NaN()
                         << "metric m of rs1 is NaN";
  }

  void invalidSamplesAreRefusedWhole() {
    QFETCH(QString, scope);
    QFETCH(QString, subject);
    QFETCH(double, value);
    QFETCH(QString, message);
    const Status s =
        cat_->AppendMetrics({{9000, "server", "rs1,16020,1", "requests", 1},
                             {9000, scope.toStdString(), subject.toStdString(), "m", value}});
    QVERIFY(s.IsInvalidArgument());
    QVERIFY2(FailsWith(s, message.toStdString()), s.ToString().c_str());
    auto got = cat_->QueryMetrics("server", "rs1,16020,1", "requests", 9000, 9000);
    RL_QVERIFY_OK(got.status());
    QVERIFY(got->empty());  // the valid first sample was not written either
    QVERIFY(cat_->QueryMetrics("cluster", "x", "y", 0, 1).status().IsInvalidArgument());
  }

  void infinityIsKept() {
    RL_QVERIFY_OK(cat_->AppendMetrics(
        {{1, "server", "rs", "ratio", std::numeric_limits<double>::infinity()}}));
    auto got = cat_->QueryMetrics("server", "rs", "ratio", 0, 10);
    RL_QVERIFY_OK(got.status());
    QCOMPARE(got->size(), size_t(1));
    QVERIFY(std::isinf(got->front().value));
  }

  void trimByAge() {
    RL_QVERIFY_OK(cat_->TrimMetrics(1500));  // keep time_ms >= 1500
    for (const char* subject : {"rs1,16020,1", "rs2,16020,1"}) {
      auto got = cat_->QueryMetrics("server", subject, "requests", 0, 10000);
      RL_QVERIFY_OK(got.status());
      QCOMPARE(Times(*got), (std::vector<int64_t>{1500, 1600, 1700, 1800, 1900}));
    }
    RL_QVERIFY_OK(cat_->TrimMetrics(100000));
    auto got = cat_->QueryMetrics("region", "r0", "storefileSize", 0, 10000);
    RL_QVERIFY_OK(got.status());
    QVERIFY(got->empty());
    cat_.reset();
    // Series without samples are dropped with them.
    QCOMPARE(CountRows(dir_->File("catalog.db"), "metric_series"), 0);
  }

  void trimPerSeriesKeepsNewest() {
    RL_QVERIFY_OK(cat_->AppendMetrics({{50, "server", "rs3", "requests", 1}}));  // one sample only
    RL_QVERIFY_OK(cat_->TrimMetricsPerSeries(3));
    for (const char* subject : {"rs1,16020,1", "rs2,16020,1"}) {
      auto got = cat_->QueryMetrics("server", subject, "requests", 0, 10000);
      RL_QVERIFY_OK(got.status());
      QCOMPARE(Times(*got), (std::vector<int64_t>{1700, 1800, 1900}));
    }
    auto short_series = cat_->QueryMetrics("server", "rs3", "requests", 0, 10000);
    RL_QVERIFY_OK(short_series.status());
    QCOMPARE(short_series->size(), size_t(1));
    RL_QVERIFY_OK(cat_->TrimMetricsPerSeries(0));
    cat_.reset();
    QCOMPARE(CountRows(dir_->File("catalog.db"), "metric_samples"), 0);
    QCOMPARE(CountRows(dir_->File("catalog.db"), "metric_series"), 0);
  }

  void metricsSurviveReopen() {
    cat_.reset();
    auto cat = Catalog::Open(dir_->File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    auto got = (*cat)->QueryMetrics("server", "rs2,16020,1", "requests", 0, 10000);
    RL_QVERIFY_OK(got.status());
    QCOMPARE(got->size(), size_t(10));
    QCOMPARE(got->at(9).value, 209.0);
  }
};

QTEST_GUILESS_MAIN(CatalogMetricsTest)
#include "catalog_metrics_test.moc"
