// Unit tests for engine/region/store_scanner: rows whose columns hold more
// versions than the scan returns, read forward and reversed, over a file-like
// child (the scanner steps over a column's remaining versions, and seeks
// when more are left than kNextsBeforeSeek steps cover) and a memstore (which
// seeks at once).
// Each read is checked against the newest versions computed here.
#include "region/store_scanner.h"

#include <QtTest>
#include <memory>
#include <string>
#include <vector>

#include "memstore/memstore.h"
#include "support/test_util.h"
#include "util/key_value.h"
#include "vector_iterator.h"

using namespace regionlab;
using regionlab::test::Entry;
using regionlab::test::SortEntries;
using regionlab::test::VectorIterator;

namespace {

constexpr int kRows = 6;

std::string Row(int r) { return "row" + std::to_string(r); }
std::string Qualifier(int c) { return "q" + std::to_string(c); }
std::string Value(int r, int c, int64_t ts) {
  return Row(r) + "/" + Qualifier(c) + "@" + std::to_string(ts);
}

// Every row has `columns` columns of `versions` puts, timestamps 1000 down.
std::vector<Entry> Cells(int columns, int versions) {
  std::vector<Entry> out;
  uint64_t seq = 1;
  for (int r = 0; r < kRows; ++r) {
    for (int c = 0; c < columns; ++c) {
      for (int v = 0; v < versions; ++v) {
        const int64_t ts = 1000 - v;
        out.emplace_back(EncodeKey(Row(r), Qualifier(c), ts, CellType::kPut, seq++),
                         Value(r, c, ts));
      }
    }
  }
  SortEntries(&out);
  return out;
}

// What a scan returning `max_versions` versions must give, as
// "row/qualifier@ts" strings, rows in scan order.
std::vector<std::string> Expected(int columns, int versions, int max_versions, bool reversed) {
  std::vector<std::string> out;
  for (int i = 0; i < kRows; ++i) {
    const int r = reversed ? kRows - 1 - i : i;
    for (int c = 0; c < columns; ++c) {
      for (int v = 0; v < std::min(versions, max_versions); ++v) {
        out.push_back(Value(r, c, 1000 - v));
      }
    }
  }
  return out;
}

std::vector<std::string> ScanAll(StoreScanner* scanner) {
  std::vector<std::string> out;
  std::vector<Cell> cells;
  std::string_view peeked;
  while (scanner->PeekRow(&peeked)) {
    const std::string row(peeked);
    CellSink sink(&cells);
    scanner->ReadRow(row, &sink);
    sink.Finish();
    for (const Cell& c : cells) out.push_back(c.value);
  }
  return out;
}

}  // namespace

class StoreScannerTest : public QObject {
  Q_OBJECT
 private slots:
  void versionsBeyondTheScansAreSkipped_data() {
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("versions");
    QTest::addColumn<int>("max_versions");
    QTest::addColumn<bool>("memstore");
    QTest::addColumn<int>("column_seeks");  // seeks per column past the first positioning
    // With VERSIONS => m, the (m+1)th version of a column asks for the next
    // column; the v - m - 1 versions after it and the next column's first
    // cell are at most 8 Next() calls away when v - m <= 8, else one seek.
    QTest::newRow("1 version") << 2 << 1 << 1 << false << 0;
    QTest::newRow("2 versions, VERSIONS 1") << 2 << 2 << 1 << false << 0;
    QTest::newRow("9 versions, VERSIONS 1") << 3 << 9 << 1 << false << 0;
    QTest::newRow("10 versions, VERSIONS 1") << 3 << 10 << 1 << false << 1;
    QTest::newRow("20 versions, VERSIONS 1") << 2 << 20 << 1 << false << 1;
    QTest::newRow("11 versions, VERSIONS 3") << 1 << 11 << 3 << false << 0;
    QTest::newRow("12 versions, VERSIONS 3") << 1 << 12 << 3 << false << 1;
    QTest::newRow("20 versions, VERSIONS 3") << 2 << 20 << 3 << false << 1;
    QTest::newRow("memstore, 2 versions") << 2 << 2 << 1 << true << -1;
    QTest::newRow("memstore, 20 versions") << 2 << 20 << 1 << true << -1;
  }
  void versionsBeyondTheScansAreSkipped() {
    QFETCH(int, columns);
    QFETCH(int, versions);
    QFETCH(int, max_versions);
    QFETCH(bool, memstore);
    QFETCH(int, column_seeks);
    const std::vector<Entry> cells = Cells(columns, versions);
    for (const bool reversed : {false, true}) {
      int seeks = 0;
      MemStore mem;
      std::unique_ptr<KeyValueIterator> input;
      if (memstore) {
        for (const auto& [k, v] : cells) mem.Add(k, v);
        input = mem.NewIterator();
      } else {
        input = std::make_unique<VectorIterator>(cells, -1, &seeks);
      }
      ScanQueryOptions o;
      o.max_versions = max_versions;
      StoreScanner scanner("f", std::move(input), ScanType::kUserScan, o, reversed, {}, {});
      const auto got = ScanAll(&scanner);
      QCOMPARE(got, Expected(columns, versions, max_versions, reversed));
      RL_QVERIFY_OK(scanner.status());
      if (!reversed && column_seeks >= 0) QCOMPARE(seeks, column_seeks * columns * kRows);
    }
  }
};

QTEST_GUILESS_MAIN(StoreScannerTest)
#include "store_scanner_test.moc"
