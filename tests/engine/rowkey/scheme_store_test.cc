// Schemes saved with a cluster: kept in its catalog across a restart, read
// back equal; an invalid scheme is refused before anything is stored; a
// stored document that no longer reads is a Corruption naming the scheme
// and the place, and stays as it was.
#include <QtTest>

#include "regionlab/cluster.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "rowkey/scheme_store.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::rowkey;

namespace {
ClusterOptions Quiet() {
  ClusterOptions o;
  o.metrics_interval_ms = 0;
  return o;
}
}  // namespace

class SchemeStoreTest : public QObject {
  Q_OBJECT
 private slots:
  void keptAcrossRestart() {
    test::TempDir dir;
    RowkeyScheme trade = *ExampleScheme("trade-salted");
    trade.name = "my trades";
    {
      auto cluster = Cluster::Open(dir.path(), Quiet());
      QVERIFY2(cluster.ok(), cluster.status().ToString().c_str());
      RL_QVERIFY_OK(SaveScheme((*cluster)->admin(), trade));
      RL_QVERIFY_OK(SaveScheme((*cluster)->admin(), *ExampleScheme("vehicle")));
      RL_QVERIFY_OK((*cluster)->Close());
    }
    auto cluster = Cluster::Open(dir.path(), Quiet());
    QVERIFY(cluster.ok());
    auto names = ListSavedSchemes((*cluster)->admin());
    QCOMPARE(*names, (std::vector<std::string>{"my trades", "vehicle"}));
    auto loaded = LoadScheme((*cluster)->admin(), "my trades");
    QVERIFY2(loaded.ok(), loaded.status().ToString().c_str());
    QCOMPARE(FormatSchemeJson(*loaded), FormatSchemeJson(trade));
    QVERIFY(LoadScheme((*cluster)->admin(), "nope").status().IsNotFound());
    RL_QVERIFY_OK((*cluster)->admin().DeleteRowkeyScheme("vehicle"));
    QCOMPARE(ListSavedSchemes((*cluster)->admin())->size(), size_t{1});
    RL_QVERIFY_OK((*cluster)->Close());
  }

  void invalidSchemeIsNotStored() {
    test::TempDir dir;
    auto cluster = Cluster::Open(dir.path(), Quiet());
    QVERIFY(cluster.ok());
    RowkeyScheme bad = *ExampleScheme("trade-salted");
    bad.segments[0].buckets = 1;
    const Status s = SaveScheme((*cluster)->admin(), bad);
    QVERIFY(s.IsInvalidArgument());
    QCOMPARE(s.message(),
             std::string("segment 1 (salt of orderId): buckets must be from 2 to 65536, got 1"));
    QVERIFY(ListSavedSchemes((*cluster)->admin())->empty());
    RL_QVERIFY_OK((*cluster)->Close());
  }

  void damagedDocumentIsReportedAndKept() {
    test::TempDir dir;
    auto cluster = Cluster::Open(dir.path(), Quiet());
    QVERIFY(cluster.ok());
    Admin& admin = (*cluster)->admin();
    RL_QVERIFY_OK(admin.SaveRowkeyScheme("hand-written", "{\"name\": \"x\",\n \"segments\": [}"));
    auto loaded = LoadScheme(admin, "hand-written");
    QVERIFY(loaded.status().IsCorruption());
    QCOMPARE(loaded.status().message(),
             std::string("catalog scheme 'hand-written': line 2, column 15: expected a value but "
                         "found '}'"));
    QCOMPARE(*admin.GetRowkeyScheme("hand-written"), std::string("{\"name\": \"x\",\n \"segments\": [}"));
    RL_QVERIFY_OK(admin.SaveRowkeyScheme("future", "{\"version\": 9, \"name\": \"f\", \"segments\": []}"));
    QVERIFY(LoadScheme(admin, "future").status().IsNotSupported());
    RL_QVERIFY_OK((*cluster)->Close());
  }
};

QTEST_GUILESS_MAIN(SchemeStoreTest)
#include "scheme_store_test.moc"
