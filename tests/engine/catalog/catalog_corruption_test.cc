// A damaged catalog file gives clean errors naming the file, never a crash
// (run it under the sanitizer build): bytes flipped across every page, and
// a file cut short.
#include <QFile>
#include <QtTest>

#include "catalog_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

constexpr size_t kPageSize = 4096;  // SQLite's default

// A catalog spread over a few dozen pages: tables, regions, history, events,
// metrics and journal entries. Closed on return, so the WAL is checkpointed
// into the main file.
Status BuildCatalog(const std::string& path) {
  auto cat = Catalog::Open(path);
  if (!cat.ok()) return cat.status();
  for (int t = 0; t < 6; ++t) {
    const std::string name = "table" + std::to_string(t);
    std::vector<std::string> splits;
    for (int k = 1; k < 20; ++k) splits.push_back(std::string(1, char(k * 12)) + "key");
    TableDescriptor d = MakeTable("default", name, {"a", "b"});
    d.metadata = {{"DESCRIPTION", std::string(200, 'd')}};
    RL_RETURN_IF_ERROR((*cat)->CreateTable(d, TileRegions(name, splits, name + "_r"), t));
  }
  std::vector<MetricSample> samples;
  for (int i = 0; i < 2000; ++i) {
    samples.push_back({i, "region", "table0_r" + std::to_string(i % 20), "reads", double(i)});
  }
  RL_RETURN_IF_ERROR((*cat)->AppendMetrics(samples));
  for (int i = 0; i < 50; ++i) {
    RL_RETURN_IF_ERROR((*cat)->AddServerEvent(
        {0, i, "rs1,16020,1", std::string(kEventRegionMoved), "table1_r1", "a", "b", "detail"}));
  }
  return (*cat)->BeginOperation("split", "payload", 1).status();
}

// Opens the catalog and reads everything; the first error, or OK.
Status ReadEverything(const std::string& path) {
  auto cat = Catalog::Open(path);
  if (!cat.ok()) return cat.status();
  Catalog* c = cat->get();
  RL_RETURN_IF_ERROR(c->ListNamespaces().status());
  auto tables = c->ListTables();
  if (!tables.ok()) return tables.status();
  RL_RETURN_IF_ERROR(c->ListAllRegions().status());
  for (const auto& t : *tables) RL_RETURN_IF_ERROR(c->ListRegions(t.FullName(), true).status());
  RL_RETURN_IF_ERROR(c->ListHistory("").status());
  RL_RETURN_IF_ERROR(c->ListServerEvents(0, 0).status());
  RL_RETURN_IF_ERROR(c->ListUnfinishedOperations().status());
  RL_RETURN_IF_ERROR(c->QueryMetrics("region", "table0_r3", "reads", 0, 1 << 30).status());
  return c->CheckIntegrity();
}

Status FullCheck(const std::string& path) {
  CatalogOptions options;
  options.quick_check_on_open = false;
  auto cat = Catalog::Open(path, options);
  if (!cat.ok()) return cat.status();
  return (*cat)->CheckIntegrity();
}

bool CopyFile(const std::string& from, const std::string& to) {
  QFile::remove(QString::fromStdString(to));
  return QFile::copy(QString::fromStdString(from), QString::fromStdString(to));
}

}  // namespace

class CatalogCorruptionTest : public QObject {
  Q_OBJECT

 private slots:
  // Flipping the first byte of a b-tree page (its page type) is always
  // detected; other flips may land in unused space, but whatever SQLite
  // notices must come back as a Status naming the file.
  void flippedBytesGiveCleanErrors() {
    TempDir dir;
    const std::string pristine = dir.File("pristine.db");
    RL_QVERIFY_OK(BuildCatalog(pristine));
    RL_QVERIFY_OK(ReadEverything(pristine));
    const size_t size = ReadAll(pristine).size();
    const size_t pages = size / kPageSize;
    QVERIFY2(pages >= 20, qPrintable(QString("only %1 pages").arg(pages)));

    const std::string path = dir.File("catalog.db");
    int detected = 0, tried = 0;
    for (size_t page = 0; page < pages; ++page) {
      for (size_t in_page : {size_t(0), size_t(1), size_t(3), size_t(5), size_t(7), size_t(8),
                             size_t(100), size_t(kPageSize / 2), kPageSize - 3}) {
        const size_t offset = page * kPageSize + in_page;
        QVERIFY(CopyFile(pristine, path));
        QVERIFY(FlipByte(path, offset));
        const Status s = ReadEverything(path);
        ++tried;
        if (s.ok()) {
          QVERIFY2(page == 0 || in_page != 0,
                   qPrintable(QString("page type flip at offset %1 went unnoticed").arg(offset)));
          continue;
        }
        ++detected;
        QVERIFY2(s.message().find("catalog " + path + ": ") == 0,
                 qPrintable(QString("offset %1: %2").arg(offset).arg(s.ToString().c_str())));
        // A damaged header field can also read as a foreign or newer file.
        if (s.IsCorruption() || s.IsInvalidArgument() || s.IsNotSupported()) continue;
        // Otherwise a value inside a row changed (say a table name, so that a
        // lookup misses): SQLite has no checksums, but the full integrity
        // check sees the row and its index disagree.
        const Status check = FullCheck(path);
        QVERIFY2(check.IsCorruption(),
                 qPrintable(QString("offset %1: %2, yet the integrity check says %3")
                                .arg(offset)
                                .arg(s.ToString().c_str())
                                .arg(check.ToString().c_str())));
      }
    }
    qInfo("%d of %d flips detected over %zu pages", detected, tried, pages);
    QVERIFY(detected >= int(pages) - 1);
  }

  void truncatedFileIsCorruption_data() {
    QTest::addColumn<double>("keep");
    QTest::newRow("half") << 0.5;
    QTest::newRow("one page short") << -1.0;
    QTest::newRow("first page only") << 0.0;
  }

  void truncatedFileIsCorruption() {
    QFETCH(double, keep);
    TempDir dir;
    const std::string path = dir.File("catalog.db");
    RL_QVERIFY_OK(BuildCatalog(path));
    const size_t size = ReadAll(path).size();
    size_t new_size = keep < 0    ? size - kPageSize
                      : keep == 0 ? kPageSize
                                  : size_t(size * keep) / kPageSize * kPageSize;
    QVERIFY(TruncateFile(path, new_size));
    const Status s = ReadEverything(path);
    QVERIFY2(s.IsCorruption(), s.ToString().c_str());
    QVERIFY(FailsWith(s, "catalog " + path + ": "));
  }
};

QTEST_GUILESS_MAIN(CatalogCorruptionTest)
#include "catalog_corruption_test.moc"
