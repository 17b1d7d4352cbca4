// Filters in the region read path: evaluated before the scan's VERSIONS
// limit, one copy per region scan (the prototype is never changed), with
// explicit columns, deletes, seek hints over many columns, reversed scans,
// Get, limits and HBase's refusal of batch with a row filter.
#include <QtTest>

#include "filter/filter.h"
#include "filter/filter_parser.h"
#include "region_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

std::shared_ptr<const Filter> F(const std::string& text) {
  auto f = ParseFilterString(text);
  if (!f.ok()) qFatal("%s", f.status().ToString().c_str());
  return *f;
}

}  // namespace

class RegionFilterTest : public QObject {
  Q_OBJECT

  std::unique_ptr<Region> Open(const TempDir& dir, std::vector<FamilyOptions> families,
                               std::string start = {}, std::string end = {}) {
    auto r = Region::Open(RegionOptions(), dir.path(),
                          Descriptor(std::move(families), std::move(start), std::move(end)));
    if (!r.ok()) qWarning("%s", r.status().ToString().c_str());
    return r.ok() ? std::move(*r) : nullptr;
  }

  static QStringList Cells(const std::vector<RowResult>& rows) {
    QStringList out;
    for (const auto& r : rows) out += Describe(r.cells);
    return out;
  }

 private slots:
  // The filter is shown the family's versions; VERSIONS counts what it lets
  // through (HBase's UserScanQueryMatcher).
  void filterRunsBeforeVersionLimit_data() {
    QTest::addColumn<bool>("flush");
    QTest::newRow("memstore") << false;
    QTest::newRow("store file") << true;
  }
  void filterRunsBeforeVersionLimit() {
    QFETCH(bool, flush);
    TempDir dir;
    auto region = Open(dir, {Family("f", 3)});
    QVERIFY(region);
    for (int v = 1; v <= 3; ++v) {
      RowMutation m;
      m.row = "r";
      m.Put("f", "q", "v" + std::to_string(v), v);
      RL_QVERIFY_OK(region->Mutate(m));
    }
    if (flush) RL_QVERIFY_OK(region->Flush());
    Scan scan;
    QCOMPARE(Cells(ScanAll(region.get(), scan)), QStringList({"r/f:q@3=v3"}));
    scan.filter = F("ValueFilter(=, 'binary:v1')");
    QCOMPARE(Cells(ScanAll(region.get(), scan)), QStringList({"r/f:q@1=v1"}));
    scan.filter = F("ValueFilter(!=, 'binary:v3')");
    QCOMPARE(Cells(ScanAll(region.get(), scan)), QStringList({"r/f:q@2=v2"}));
    scan.max_versions = 2;
    QCOMPARE(Cells(ScanAll(region.get(), scan)), QStringList({"r/f:q@2=v2", "r/f:q@1=v1"}));
    // Explicit columns take the same path through the explicit tracker.
    scan.max_versions = 1;
    scan.columns = {{"f", "q", false}};
    scan.filter = F("ValueFilter(=, 'binary:v1')");
    QCOMPARE(Cells(ScanAll(region.get(), scan)), QStringList({"r/f:q@1=v1"}));
    // A Get is a one-row scan.
    Get get;
    get.row = "r";
    get.filter = F("ValueFilter(=, 'binary:v2')");
    auto got = region->DoGet(get);
    RL_QVERIFY_OK(got.status());
    QCOMPARE(Describe(got->cells), QStringList({"r/f:q@2=v2"}));
    get.filter = F("RowFilter(!=, 'binary:r')");
    got = region->DoGet(get);
    RL_QVERIFY_OK(got.status());
    QVERIFY(got->cells.empty());
  }

  // Each region scan evaluates its own copy: PageFilter counts per scan and
  // per region, and the shared prototype keeps its state.
  void eachScanUsesItsOwnCopy() {
    TempDir left_dir, right_dir;
    auto left = Open(left_dir, {Family("f")}, "", "m");
    auto right = Open(right_dir, {Family("f")}, "m", "");
    QVERIFY(left && right);
    for (const char* row : {"a", "b", "c", "n", "o", "p"}) {
      RowMutation m;
      m.row = row;
      m.Put("f", "q", "v", 1);
      RL_QVERIFY_OK((row[0] < 'm' ? left : right)->Mutate(m));
    }
    Scan scan;
    scan.filter = F("PageFilter(2)");
    const std::string before = scan.filter->ToString();
    QCOMPARE(RowKeys(ScanAll(left.get(), scan)), QStringList({"a", "b"}));
    QCOMPARE(RowKeys(ScanAll(left.get(), scan)), QStringList({"a", "b"}));
    // The next region starts its own page, as each HBase region server does.
    QCOMPARE(RowKeys(ScanAll(right.get(), scan)), QStringList({"n", "o"}));
    // Two scans open at once do not share the count.
    auto s1 = left->GetScanner(scan);
    auto s2 = left->GetScanner(scan);
    RL_QVERIFY_OK(s1.status());
    RL_QVERIFY_OK(s2.status());
    RowResult r;
    QVERIFY((*s1)->Next(&r));
    QVERIFY((*s2)->Next(&r));
    QVERIFY((*s1)->Next(&r));
    QVERIFY((*s2)->Next(&r));
    QCOMPARE(QString::fromStdString(r.row), QString("b"));
    QVERIFY(!(*s1)->Next(&r));
    QCOMPARE(scan.filter->ToString(), before);
  }

  // HBase refuses Scan.setBatch with a filter that has a row stage.
  void batchWithRowFilterIsRefused() {
    TempDir dir;
    auto region = Open(dir, {Family("f")});
    QVERIFY(region);
    RowMutation m;
    m.row = "r";
    m.Put("f", "a", "1", 1).Put("f", "b", "2", 1).Put("f", "c", "3", 1);
    RL_QVERIFY_OK(region->Mutate(m));
    Scan scan;
    scan.batch = 2;
    scan.filter = F("SingleColumnValueFilter('f', 'a', =, 'binary:1')");
    auto refused = region->GetScanner(scan);
    QVERIFY(!refused.ok());
    QVERIFY(refused.status().IsInvalidArgument());
    QVERIFY2(refused.status().message().find("hasFilterRow") != std::string::npos,
             refused.status().ToString().c_str());
    // A cell-only filter batches as usual.
    scan.filter = F("KeyOnlyFilter()");
    const auto rows = ScanAll(region.get(), scan);
    QCOMPARE(rows.size(), size_t(2));
    QCOMPARE(Describe(rows[0].cells), QStringList({"r/f:a@1=", "r/f:b@1="}));
    QCOMPARE(Describe(rows[1].cells), QStringList({"r/f:c@1="}));
  }

  // Delete markers are applied before the filter: a deleted version is never
  // shown to it, in the memstore or after a flush.
  void deletedCellsNeverReachTheFilter() {
    TempDir dir;
    auto region = Open(dir, {Family("f", 3)});
    QVERIFY(region);
    RowMutation put;
    put.row = "r";
    put.Put("f", "q", "old", 1).Put("f", "q", "new", 2).Put("f", "p", "keep", 1);
    RL_QVERIFY_OK(region->Mutate(put));
    RL_QVERIFY_OK(region->Flush());
    RowMutation del;
    del.row = "r";
    del.DeleteColumn("f", "q", 1);
    RL_QVERIFY_OK(region->Mutate(del));
    Scan scan;
    scan.filter = F("ValueFilter(=, 'binary:old')");
    QVERIFY(ScanAll(region.get(), scan).empty());
    scan.filter = F("ValueFilter(!=, 'binary:new')");
    QCOMPARE(Cells(ScanAll(region.get(), scan)), QStringList({"r/f:p@1=keep"}));
    RL_QVERIFY_OK(region->Compact(true));
    QCOMPARE(Cells(ScanAll(region.get(), scan)), QStringList({"r/f:p@1=keep"}));
  }

  // Seek hints (ColumnPrefixFilter, ColumnRangeFilter, MultipleColumnPrefixFilter)
  // jump over columns correctly across store files and the memstore.
  void seekHintsOverManyColumns() {
    TempDir dir;
    auto region = Open(dir, {Family("f")});
    QVERIFY(region);
    for (int part = 0; part < 2; ++part) {
      RowMutation m;
      m.row = "r";
      for (int i = part; i < 400; i += 2) {
        char q[8];
        std::snprintf(q, sizeof(q), "q%03d", i);
        m.Put("f", q, std::to_string(i), 1);
      }
      RL_QVERIFY_OK(region->Mutate(m));
      if (part == 0) RL_QVERIFY_OK(region->Flush());
    }
    const auto count = [&](const std::string& filter) {
      Scan scan;
      scan.filter = F(filter);
      const auto rows = ScanAll(region.get(), scan);
      return rows.empty() ? QStringList() : Describe(rows[0].cells);
    };
    QStringList expected;
    for (int i = 120; i < 130; ++i) expected << QString("r/f:q%1@1=%2").arg(i).arg(i);
    QCOMPARE(count("ColumnPrefixFilter('q12')"), expected);
    QCOMPARE(count("ColumnRangeFilter('q120', true, 'q130', false)"), expected);
    QCOMPARE(count("MultipleColumnPrefixFilter('q12', 'q399')"),
             expected + QStringList{"r/f:q399@1=399"});
    QCOMPARE(count("ColumnPaginationFilter(10, 120)"), expected);
    QCOMPARE(count("ColumnPaginationFilter(10, 'q120')"), expected);
  }

  // A reversed scan ends as soon as PrefixFilter has passed its rows.
  void reversedScanWithRowFilters() {
    TempDir dir;
    auto region = Open(dir, {Family("f")});
    QVERIFY(region);
    for (const char* row : {"a1", "a2", "b1", "b2", "b3", "c1"}) {
      RowMutation m;
      m.row = row;
      m.Put("f", "q", row, 1);
      RL_QVERIFY_OK(region->Mutate(m));
    }
    Scan scan;
    scan.reversed = true;
    scan.filter = F("PrefixFilter('b')");
    QCOMPARE(RowKeys(ScanAll(region.get(), scan)), QStringList({"b3", "b2", "b1"}));
    scan.filter = F("InclusiveStopFilter('b2')");
    QCOMPARE(RowKeys(ScanAll(region.get(), scan)), QStringList({"c1", "b3", "b2"}));
    scan.filter = F("WHILE RowFilter(>, 'binary:b1')");
    QCOMPARE(RowKeys(ScanAll(region.get(), scan)), QStringList({"c1", "b3", "b2"}));
  }

  // Scan::limit counts the rows the filter lets through.
  void limitCountsFilteredRows() {
    TempDir dir;
    auto region = Open(dir, {Family("f")});
    QVERIFY(region);
    for (int i = 0; i < 10; ++i) {
      RowMutation m;
      m.row = "r" + std::to_string(i);
      m.Put("f", "q", i % 2 == 0 ? "even" : "odd", 1);
      RL_QVERIFY_OK(region->Mutate(m));
    }
    Scan scan;
    scan.limit = 3;
    scan.filter = F("ValueFilter(=, 'binary:odd')");
    QCOMPARE(RowKeys(ScanAll(region.get(), scan)), QStringList({"r1", "r3", "r5"}));
  }

  // A raw scan shows delete markers to the filter too, as HBase does.
  void rawScanFiltersMarkers() {
    TempDir dir;
    auto region = Open(dir, {Family("f")});
    QVERIFY(region);
    RowMutation m;
    m.row = "r";
    m.Put("f", "a", "1", 1).Put("f", "b", "2", 1);
    RL_QVERIFY_OK(region->Mutate(m));
    RowMutation d;
    d.row = "r";
    d.DeleteColumns("f", "a", 5);
    RL_QVERIFY_OK(region->Mutate(d));
    Scan scan;
    scan.raw = true;
    scan.max_versions = 10;
    scan.filter = F("QualifierFilter(=, 'binary:a')");
    const auto rows = ScanAll(region.get(), scan);
    QCOMPARE(rows.size(), size_t(1));
    QCOMPARE(rows[0].cells.size(), size_t(2));
    QCOMPARE(rows[0].cells[0].type, CellType::kDeleteColumn);
    QCOMPARE(rows[0].cells[1].type, CellType::kPut);
    QCOMPARE(rows[0].cells[1].qualifier, std::string("a"));
  }
};

QTEST_GUILESS_MAIN(RegionFilterTest)
#include "region_filter_test.moc"
