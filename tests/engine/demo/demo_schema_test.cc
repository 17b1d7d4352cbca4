// The demo schema: its two tables, pre-split as designed and
// filled with real rows through the engine; creating it twice adds nothing.
#include <QtTest>

#include "demo/demo_schema.h"
#include "support/test_util.h"

namespace {

int countRows(regionlab::Cluster& cluster, const std::string& table) {
  auto handle = cluster.GetTable(table);
  if (!handle.ok()) return -1;
  auto scanner = (*handle)->GetScanner(regionlab::Scan{});
  if (!scanner.ok()) return -1;
  int rows = 0;
  regionlab::RowResult row;
  while ((*scanner)->Next(&row)) ++rows;
  return (*scanner)->status().ok() ? rows : -1;
}

}  // namespace

class DemoSchemaTest : public QObject {
  Q_OBJECT

 private slots:
  void createsTheNotesTablesWithRows() {
    regionlab::test::TempDir dir;
    regionlab::ClusterOptions options;
    options.region_servers = 2;
    options.metrics_interval_ms = 0;
    auto opened = regionlab::Cluster::Open(dir.File("data"), options);
    RL_QVERIFY_OK(opened.status());
    regionlab::Cluster& cluster = **opened;
    RL_QVERIFY_OK(regionlab::CreateDemoSchema(cluster, 1500));

    auto news = cluster.admin().GetDescriptor("NewsClickFeedback");
    RL_QVERIFY_OK(news.status());
    QCOMPARE(news->families.size(), size_t(1));
    const regionlab::FamilyOptions& toutiao = news->families[0];
    QCOMPARE(toutiao.name, std::string("Toutiao"));
    QCOMPARE(toutiao.ttl_seconds, int64_t(259200));
    QCOMPARE(toutiao.compression, regionlab::Compression::kSnappy);
    QCOMPARE(toutiao.bloom, regionlab::BloomType::kRow);
    auto newsRegions = cluster.admin().ListRegions("NewsClickFeedback");
    RL_QVERIFY_OK(newsRegions.status());
    QCOMPARE(newsRegions->size(), size_t(16));
    auto tradeRegions = cluster.admin().ListRegions("trade");
    RL_QVERIFY_OK(tradeRegions.status());
    QCOMPARE(tradeRegions->size(), size_t(8));
    QCOMPARE(countRows(cluster, "NewsClickFeedback"), 1500);
    QCOMPARE(countRows(cluster, "trade"), 1500);
    // The hashed salt spreads the news rows: every region got some.
    cluster.SampleNow();
    for (const auto& r : cluster.SampleNow().regions)
      if (r.table == "NewsClickFeedback") QVERIFY(r.metrics.write_requests > 0);

    // A second run keeps what is there.
    RL_QVERIFY_OK(regionlab::CreateDemoSchema(cluster, 1500));
    QCOMPARE(countRows(cluster, "trade"), 1500);
    QCOMPARE(regionlab::DemoTableNames(), std::vector<std::string>({"NewsClickFeedback", "trade"}));
    RL_QVERIFY_OK(cluster.Close());
  }
};

QTEST_GUILESS_MAIN(DemoSchemaTest)
#include "demo_schema_test.moc"
