// Rowkey schemes in the catalog: saved by name, replaced with a new
// revision, listed, deleted, kept across a reopen, and refused when
// nameless or empty.
#include <QtTest>

#include "catalog_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

class CatalogSchemesTest : public QObject {
  Q_OBJECT
 private slots:
  void saveReplaceListDelete() {
    TempDir dir;
    const std::string path = dir.File("catalog.db");
    {
      auto cat = Catalog::Open(path);
      RL_QVERIFY_OK(cat.status());
      RL_QVERIFY_OK((*cat)->SaveScheme("trade", "{\"name\": \"trade\"}", 100));
      RL_QVERIFY_OK((*cat)->SaveScheme("files", "{\"name\": \"files\"}", 110));
      RL_QVERIFY_OK((*cat)->SaveScheme("trade", "{\"name\": \"trade\", \"v\": 2}", 120));
      auto trade = (*cat)->GetScheme("trade");
      RL_QVERIFY_OK(trade.status());
      QCOMPARE(trade->document, std::string("{\"name\": \"trade\", \"v\": 2}"));
      QCOMPARE(trade->revision, int64_t(2));
      QCOMPARE(trade->created_ms, int64_t(100));
      QCOMPARE(trade->updated_ms, int64_t(120));
    }
    auto cat = Catalog::Open(path);
    RL_QVERIFY_OK(cat.status());
    auto all = (*cat)->ListSchemes();
    RL_QVERIFY_OK(all.status());
    QCOMPARE(all->size(), size_t(2));
    QCOMPARE(all->at(0).name, std::string("files"));
    QCOMPARE(all->at(1).revision, int64_t(2));
    RL_QVERIFY_OK((*cat)->DeleteScheme("files"));
    QVERIFY((*cat)->GetScheme("files").status().IsNotFound());
    const Status again = (*cat)->DeleteScheme("files");
    QVERIFY(again.IsNotFound());
    QCOMPARE(again.message(), "catalog " + path + ": DeleteScheme: no rowkey scheme 'files'");
    QCOMPARE((*cat)->ListSchemes()->size(), size_t(1));
    RL_QVERIFY_OK((*cat)->CheckIntegrity());
  }

  void refusesNamelessAndEmpty() {
    TempDir dir;
    auto cat = Catalog::Open(dir.File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    QVERIFY((*cat)->SaveScheme("", "{}", 1).IsInvalidArgument());
    QVERIFY((*cat)->SaveScheme("x", "", 1).IsInvalidArgument());
    QVERIFY((*cat)->ListSchemes()->empty());
  }
};

QTEST_GUILESS_MAIN(CatalogSchemesTest)
#include "catalog_schemes_test.moc"
