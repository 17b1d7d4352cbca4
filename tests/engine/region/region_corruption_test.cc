// Corruption: bytes flipped in a store file, the WAL and the manifest are
// detected and reported with the file (and offset), reads fail cleanly, and
// nothing crashes or gets deleted.
//
// With RL_CORRUPT_CHILD_DIR set, main() writes rows and exits without
// closing, leaving them only in the WAL (as a crash would).
#include <QDirIterator>
#include <QProcess>
#include <QtTest>
#include <cstdlib>

#include "region_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

constexpr int kRows = 300;

RegionDescriptor Desc() { return Descriptor({Family("f")}); }

std::string Row(int i) { return "row" + std::to_string(10000 + i); }

RowMutation Write(int i) {
  RowMutation m;
  m.row = Row(i);
  m.Put("f", "q", "value-" + std::to_string(i) + std::string(40, 'x'));
  return m;
}

QStringList FilesEndingWith(const std::string& dir, const QString& suffix) {
  QStringList out;
  QDirIterator it(QString::fromStdString(dir), QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    QString f = it.next();
    if (f.endsWith(suffix)) out << f;
  }
  out.sort();
  return out;
}

int RunChild(const char* dir) {
  auto region = Region::Open(RegionOptions(), dir, Desc());
  if (!region.ok()) return 3;
  for (int i = 0; i < kRows; ++i) {
    if (!(*region)->Mutate(Write(i)).ok()) return 4;
  }
  std::_Exit(0);  // no close, no flush: the rows live only in the WAL
}

}  // namespace

class RegionCorruptionTest : public QObject {
  Q_OBJECT

  // Writes kRows rows (Write(i), plus a cell in every further family of
  // `desc`) and flushes them into store files.
  void FlushedRegion(const std::string& dir, const RegionDescriptor& desc = Desc()) {
    auto region = Region::Open(RegionOptions(), dir, desc);
    QVERIFY(region.ok());
    for (int i = 0; i < kRows; ++i) {
      RowMutation m = Write(i);
      for (size_t k = 1; k < desc.families.size(); ++k) {
        m.Put(desc.families[k].name, "q", desc.families[k].name + "-" + std::to_string(i));
      }
      RL_QVERIFY_OK((*region)->Mutate(m));
    }
    RL_QVERIFY_OK((*region)->Flush());
  }

 private slots:
  void flippedDataBlockByteFailsReadsCleanly() {
    TempDir dir;
    FlushedRegion(dir.path());
    const QStringList files = FilesEndingWith(dir.path(), ".sf");
    QCOMPARE(files.size(), 1);
    QVERIFY(FlipByte(files[0].toStdString(), 20));  // inside the first data block
    auto region = Region::Open(RegionOptions(), dir.path(), Desc());
    RL_QVERIFY_OK(region.status());
    auto scanner = (*region)->GetScanner(Scan());
    RL_QVERIFY_OK(scanner.status());
    RowResult r;
    while ((*scanner)->Next(&r)) {
    }
    const Status s = (*scanner)->status();
    QVERIFY2(s.IsCorruption(), s.ToString().c_str());
    QVERIFY2(QString::fromStdString(s.message()).contains(files[0]), s.ToString().c_str());
    QVERIFY2(QString::fromStdString(s.message()).contains("offset"), s.ToString().c_str());
    Get get;
    get.row = Row(0);
    auto g = (*region)->DoGet(get);
    QVERIFY2(!g.ok() && g.status().IsCorruption(), "a get of a corrupt block must fail");
    // The file is still there: corruption is reported, never "repaired" by deleting data.
    QVERIFY(QFile::exists(files[0]));
  }

  // A block spoiled in the middle of a file: the scan returns the rows
  // before it, each whole and in order, then stops with the error -- with
  // one family, and with a second family whose store is still healthy.
  void flippedLaterBlockStopsTheScanWithTheError_data() {
    QTest::addColumn<bool>("two_families");
    QTest::newRow("one family") << false;
    QTest::newRow("two families") << true;
  }
  void flippedLaterBlockStopsTheScanWithTheError() {
    QFETCH(bool, two_families);
    FamilyOptions f = Family("f");
    f.block_size = 1024;  // many blocks in the file
    std::vector<FamilyOptions> families{f};
    if (two_families) families.push_back(Family("g"));
    const RegionDescriptor desc = Descriptor(families);
    TempDir dir;
    FlushedRegion(dir.path(), desc);
    QStringList files;
    for (const QString& file : FilesEndingWith(dir.path(), ".sf")) {
      if (file.contains("/f/")) files << file;
    }
    QCOMPARE(files.size(), 1);
    QVERIFY(FlipByte(files[0].toStdString(), QFileInfo(files[0]).size() * 3 / 10));

    auto region = Region::Open(RegionOptions(), dir.path(), desc);
    RL_QVERIFY_OK(region.status());
    auto scanner = (*region)->GetScanner(Scan());
    RL_QVERIFY_OK(scanner.status());
    RowResult r;
    int rows = 0;
    while ((*scanner)->Next(&r)) {
      QCOMPARE(r.row, Row(rows));
      QCOMPARE(r.cells.size(), size_t(two_families ? 2 : 1));
      QCOMPARE(r.cells[0].value, Write(rows).cells[0].value);
      ++rows;
    }
    QVERIFY2(rows > 0 && rows < kRows, std::to_string(rows).c_str());
    const Status s = (*scanner)->status();
    QVERIFY2(s.IsCorruption(), s.ToString().c_str());
    QVERIFY2(QString::fromStdString(s.message()).contains(files[0]), s.ToString().c_str());
  }

  void flippedTrailerByteFailsOpenNamingTheFile() {
    TempDir dir;
    FlushedRegion(dir.path());
    const QStringList files = FilesEndingWith(dir.path(), ".sf");
    QCOMPARE(files.size(), 1);
    QVERIFY(FlipByte(files[0].toStdString(), QFileInfo(files[0]).size() - 3));
    auto region = Region::Open(RegionOptions(), dir.path(), Desc());
    QVERIFY(!region.ok());
    QVERIFY2(region.status().IsCorruption(), region.status().ToString().c_str());
    QVERIFY2(QString::fromStdString(region.status().message()).contains(files[0]),
             region.status().ToString().c_str());
    QVERIFY(QFile::exists(files[0]));
  }

  void flippedManifestByteFailsOpen() {
    TempDir dir;
    FlushedRegion(dir.path());
    const std::string manifest = dir.File("MANIFEST");
    QVERIFY(FlipByte(manifest, 30));
    auto region = Region::Open(RegionOptions(), dir.path(), Desc());
    QVERIFY(!region.ok());
    QVERIFY2(region.status().IsCorruption(), region.status().ToString().c_str());
    QVERIFY(QString::fromStdString(region.status().message()).contains("MANIFEST"));
    QCOMPARE(FilesEndingWith(dir.path(), ".sf").size(), 1);  // nothing deleted
  }

  void flippedWalByteCostsAtMostItsRecord_data() {
    QTest::addColumn<double>("where");  // position of the flip, as a fraction of the segment
    QTest::newRow("early") << 0.2;
    QTest::newRow("middle") << 0.5;
    QTest::newRow("late") << 0.9;
  }
  void flippedWalByteCostsAtMostItsRecord() {
    QFETCH(double, where);
    TempDir dir;
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("RL_CORRUPT_CHILD_DIR", QString::fromStdString(dir.path()));
    child.setProcessEnvironment(env);
    child.start(
        qEnvironmentVariable("REGIONLAB_TEST_BINARY", QCoreApplication::applicationFilePath()), {});
    QVERIFY(child.waitForFinished(60000));
    QCOMPARE(child.exitCode(), 0);
    const QStringList segments = FilesEndingWith(dir.path() + "/wal", ".log");
    QVERIFY(!segments.isEmpty());
    const QString segment = segments.last();
    // The child never closed the segment: it ends in the zeros of the space
    // the WAL reserved. The flip lands among the records.
    QFile file(segment);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    qint64 size = bytes.size();
    while (size > 0 && bytes[size - 1] == '\0') --size;
    QVERIFY(size > 1000);
    QVERIFY(FlipByte(segment.toStdString(), static_cast<uint64_t>(size * where)));

    RecoveryReport report;
    auto region = Region::Open(RegionOptions(), dir.path(), Desc(), nullptr, &report);
    RL_QVERIFY_OK(region.status());
    QCOMPARE(report.problems.size(), size_t(1));
    const QString problem = QString::fromStdString(report.problems[0]);
    QVERIFY2(problem.contains(QFileInfo(segment).fileName()) && problem.contains("offset"),
             qPrintable(problem));
    // Every row but the damaged record's is back, in order: replay went on
    // after the damage.
    auto rows = ScanAll(region->get());
    QCOMPARE(rows.size(), size_t(report.wal_entries_replayed));
    QVERIFY(rows.size() >= size_t(kRows - 1));
    for (size_t i = 0, k = 0; i < rows.size(); ++i, ++k) {
      if (rows[i].row != Row(int(k))) ++k;  // the one lost
      QCOMPARE(rows[i].row, Row(int(k)));
    }
    QCOMPARE(report.warnings.size(), size_t(1));
    const QString warning = QString::fromStdString(report.warnings[0]);
    QVERIFY2(warning.contains(rows.size() == size_t(kRows) ? "no record lost" : "; 1 record lost"),
             qPrintable(warning));
    // The damaged segment is kept beside the WAL, not deleted with the
    // replayed ones.
    const QStringList kept = FilesEndingWith(dir.path() + "/wal/corrupt", ".log");
    QCOMPARE(kept.size(), 1);
    QCOMPARE(QFileInfo(kept[0]).size(), qint64(bytes.size()));
  }
};

int main(int argc, char** argv) {
  if (const char* dir = std::getenv("RL_CORRUPT_CHILD_DIR")) return RunChild(dir);
  QCoreApplication app(argc, argv);
  RegionCorruptionTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "region_corruption_test.moc"
