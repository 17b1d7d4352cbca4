// Damage found when a cluster opens is reported, never silent.
//
// A damaged WAL: a child process acknowledges 2,000 puts
// (SYNC_WAL, one WAL record each) and dies without closing, so every row lives only in its
// region server's WAL. One byte of the segment is then damaged, and the
// reopened cluster must keep every intact record, say what it lost, and
// keep the damaged segment in corrupt/.
//
// Before replay resynchronised, the same damage kept 815 rows (a byte of
// record 815's payload), 1 row (a bit of record 1's length field) and 0 rows
// (the segment magic), and the open said nothing but a line on stderr.
//
// A damaged store-file trailer: the region stays offline, and the open
// report, regionlab-shell's output and its JSON name the file and the damage;
// reads of that region fail at once with the same words.
//
// With RL_WAL_DAMAGE_CHILD_DIR set, main() is the child.
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cstdio>

#include "cluster_test_util.h"
#include "util/env.h"
#include "wal/wal_reader.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

constexpr int kRows = 2000;

std::string Row(int i) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "row%04d", i);
  return buf;
}

ClusterOptions OneServer() {
  ClusterOptions o = SmallCluster();
  o.region_servers = 1;
  return o;
}

int RunChild(const char* dir) {
  auto cluster = Cluster::Open(dir, OneServer());
  if (!cluster.ok()) return 3;
  if (!(*cluster)->admin().CreateTable(SimpleTable("t")).ok()) return 4;
  auto t = (*cluster)->GetTable("t");
  // In batches: one WAL record per row all the same, with one sync per batch.
  std::vector<RowMutation> batch;
  for (int i = 0; i < kRows; ++i) {
    batch.push_back(PutRow(Row(i), "value-" + std::to_string(i)));
    if (batch.size() == 100) {
      if (!(*t)->Batch(batch).ok()) return 5;
      batch.clear();
    }
  }
  std::_Exit(0);  // no close, no flush: the rows live only in the WAL
}

// Runs the child in a fresh directory and returns the path of the one WAL
// segment it left, with the offset of each of its records.
bool WriteRowsAndDie(const std::string& dir, std::string* segment,
                     std::vector<uint64_t>* record_offsets) {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("RL_WAL_DAMAGE_CHILD_DIR", QString::fromStdString(dir));
  const ProgramRun run = RunProgram(
      qEnvironmentVariable("REGIONLAB_TEST_BINARY", QCoreApplication::applicationFilePath()), {},
      {}, env);
  if (run.exit_code != 0) {
    qWarning("child: %s", qPrintable(run.Describe()));
    return false;
  }
  auto segments = ListWalSegments(Env::Default(), dir + "/servers/rs1/wal");
  if (!segments.ok() || segments->size() != 1) return false;
  *segment = segments->front();
  auto reader = WalSegmentReader::Open(Env::Default(), *segment);
  if (!reader.ok()) return false;
  WalEntry entry;
  while ((*reader)->ReadNext(&entry)) record_offsets->push_back((*reader)->record_offset());
  return record_offsets->size() == size_t(kRows);
}

bool FlipBit(const std::string& path, uint64_t offset, int bit) {
  std::string data = ReadAll(path);
  if (offset >= data.size()) return false;
  data[offset] = static_cast<char>(data[offset] ^ (1 << bit));
  FILE* f = std::fopen(path.c_str(), "r+b");
  if (f == nullptr) return false;
  const bool ok = std::fseek(f, static_cast<long>(offset), SEEK_SET) == 0 &&
                  std::fputc(static_cast<unsigned char>(data[offset]), f) != EOF;
  return std::fclose(f) == 0 && ok;
}

QJsonObject FirstJsonLine(const QString& out) {
  return QJsonDocument::fromJson(out.split('\n').value(0).toUtf8()).object();
}

bool Contains(const QJsonArray& lines, const QString& text) {
  for (const auto& v : lines) {
    if (v.toString().contains(text)) return true;
  }
  return false;
}

// Puts the damaged segment back where the dying child left it and runs
// regionlab-shell on the directory, with --json and without: both answer
// the statement and carry the warning, in the first statement's output.
bool ShellOutputNamesTheDamage(const std::string& dir, const std::string& damaged, int rows) {
  const QString wal = QString::fromStdString(dir + "/servers/rs1/wal/wal-00000000000000000001.log");
  int quarantined = 0;
  for (const bool json : {true, false}) {
    if (!QFile::copy(QString::fromStdString(damaged), wal)) return false;
    QStringList args = {"--data", QString::fromStdString(dir), "-e", "count 't'"};
    if (json) args.prepend("--json");
    const ProgramRun run = RunProgram(REGIONLAB_SHELL_BINARY, args);
    if (run.exit_code != 0) {
      qWarning("regionlab-shell: %s", qPrintable(run.Describe()));
      return false;
    }
    // Moved aside once more, under a free name.
    const QString moved = "corrupt/rs1/wal-00000000000000000001.log." + QString::number(++quarantined);
    if (json) {
      const QJsonObject line = FirstJsonLine(run.out);
      const QJsonArray warnings = line["warnings"].toArray();
      if (!line["ok"].toBool() || line["count"].toInt() != rows || !Contains(warnings, "WAL damage") ||
          !Contains(warnings, moved)) {
        qWarning("regionlab-shell --json: %s", qPrintable(run.out));
        return false;
      }
    } else if (!run.out.startsWith("WARNING: region server rs1: WAL damage: ") ||
               !run.out.contains(moved)) {
      qWarning("regionlab-shell: %s", qPrintable(run.out));
      return false;
    }
  }
  return true;
}

std::vector<std::string> StoreFiles(const std::string& region_dir) {
  std::vector<std::string> out;
  QDirIterator it(QString::fromStdString(region_dir), {"*.sf"}, QDir::Files,
                  QDirIterator::Subdirectories);
  while (it.hasNext()) out.push_back(it.next().toStdString());
  return out;
}

}  // namespace

class RecoveryDamageTest : public QObject {
  Q_OBJECT
 private slots:
  void damagedSegmentLosesOnlyTheDamagedRecord_data() {
    QTest::addColumn<QString>("damage");
    QTest::addColumn<int>("lost");  // the row lost, -1: none
    // A byte in the middle of record 815's payload: its checksum fails, its
    // header still gives its length, so replay skips exactly that record.
    QTest::newRow("payload byte mid-segment") << "payload" << 815;
    // A bit of record 1's length field: the header checksum fails, replay
    // resynchronises on record 2, and record 1's payload still matches its
    // checksum over the bytes in between, so it is kept.
    QTest::newRow("length field bit") << "length" << -1;
    // The segment magic: the header is damaged, the records are not.
    QTest::newRow("segment magic") << "magic" << -1;
  }
  void damagedSegmentLosesOnlyTheDamagedRecord() {
    QFETCH(QString, damage);
    QFETCH(int, lost);
    TempDir dir;
    std::string segment;
    std::vector<uint64_t> offsets;
    QVERIFY(WriteRowsAndDie(dir.path(), &segment, &offsets));
    if (damage == "payload") {
      const uint64_t begin = offsets[815], end = offsets[816];
      QVERIFY(FlipByte(segment, begin + (end - begin) * 3 / 4));
    } else if (damage == "length") {
      QVERIFY(FlipBit(segment, offsets[1] + 5, 4));  // length += 4096
    } else {
      QVERIFY(FlipByte(segment, 0));
    }

    ClusterOpenReport report;
    auto cluster = Cluster::Open(dir.path(), OneServer(), &report);
    RL_QVERIFY_OK(cluster.status());
    auto t = (*cluster)->GetTable("t");
    RL_QVERIFY_OK(t.status());
    const std::vector<std::string> rows = ScanRows(**t);
    qInfo("%s: %zu of %d acknowledged rows kept", qPrintable(damage), rows.size(), kRows);
    QCOMPARE(int(rows.size()), lost >= 0 ? kRows - 1 : kRows);
    if (lost >= 0) {
      QVERIFY(std::find(rows.begin(), rows.end(), Row(lost)) == rows.end());
    }

    // The open says what happened: the segment, where, and what was lost.
    QCOMPARE(report.warnings.size(), size_t(1));
    const QString warning = QString::fromStdString(report.warnings[0]);
    qInfo("warning: %s", qPrintable(warning));
    QVERIFY2(warning.contains("wal-00000000000000000001.log"), qPrintable(warning));
    QVERIFY2(warning.contains("corrupt/"), qPrintable(warning));
    if (lost >= 0) {
      QVERIFY2(warning.contains("offset " + QString::number(offsets[815])), qPrintable(warning));
      QVERIFY2(warning.contains("1 record lost"), qPrintable(warning));
    } else {
      QVERIFY2(warning.contains("no record lost"), qPrintable(warning));
    }

    // The damaged segment is kept for inspection, never deleted.
    
    QCOMPARE(FileNames(dir.path() + "/corrupt/rs1"), std::vector<std::string>{"wal-00000000000000000001.log"});

    // regionlab-shell says it too, in its output and in --json.
    const std::string segment_copy = dir.path() + "/segment-copy";
    QVERIFY(QFile::copy(QString::fromStdString(dir.path() + "/corrupt/rs1/wal-00000000000000000001.log"),
                        QString::fromStdString(segment_copy)));
    RL_QVERIFY_OK((*cluster)->Close());
    cluster->reset();
    QVERIFY(ShellOutputNamesTheDamage(dir.path(), segment_copy, lost >= 0 ? kRows - 1 : kRows));

    // A second open has nothing left to warn about and still has the rows.
    ClusterOpenReport again;
    auto reopened = Cluster::Open(dir.path(), OneServer(), &again);
    RL_QVERIFY_OK(reopened.status());
    QVERIFY(again.warnings.empty());
    QCOMPARE(int(ScanRows(**(*reopened)->GetTable("t")).size()), int(rows.size()));
    QCOMPARE(FileNames(dir.path() + "/corrupt/rs1").size(), size_t(3));  // one per open that found it
  }

  // A store file whose trailer is damaged keeps its region offline. The open
  // report and regionlab-shell name the file and the damage, and a read of
  // that region fails at once with the same words instead of retrying.
  void damagedStoreFileTrailerIsNamed() {
    TempDir dir;
    std::string encoded;
    {
      auto cluster = Cluster::Open(dir.path(), OneServer());
      RL_QVERIFY_OK(cluster.status());
      RL_QVERIFY_OK((*cluster)->admin().CreateTable(SimpleTable("t"), {Row(1000)}));
      auto t = (*cluster)->GetTable("t");
      for (int i = 0; i < kRows; i += 10) RL_QVERIFY_OK((*t)->Put(PutRow(Row(i), "v")));
      encoded = (*cluster)->admin().ListRegions("t")->back().encoded_name;
      RL_QVERIFY_OK((*cluster)->Close());  // flushes both regions
    }
    const std::vector<std::string> files = StoreFiles(dir.path() + "/data/default/t/" + encoded);
    QCOMPARE(files.size(), size_t(1));
    const std::string sf = files[0];
    QVERIFY(FlipByte(sf, ReadAll(sf).size() - 1));  // the trailer's magic

    ClusterOpenReport report;
    auto cluster = Cluster::Open(dir.path(), OneServer(), &report);
    RL_QVERIFY_OK(cluster.status());
    QCOMPARE(report.warnings.size(), size_t(1));
    const QString warning = QString::fromStdString(report.warnings[0]);
    for (const QString& part : {QString::fromStdString(sf), QString("fixed trailer"),
                                QString("bad magic"), QString("is offline"),
                                QString::fromStdString(encoded)}) {
      QVERIFY2(warning.contains(part), qPrintable(warning + " lacks " + part));
    }
    auto t = (*cluster)->GetTable("t");
    Get get;
    get.row = Row(10);
    RL_QVERIFY_OK((*t)->Get(get).status());  // the other region serves
    get.row = Row(1500);
    const Status offline = (*t)->Get(get).status();
    QVERIFY2(offline.IsCorruption(), offline.ToString().c_str());
    QVERIFY2(offline.message().find(sf) != std::string::npos, offline.ToString().c_str());
    auto scanner = (*t)->GetScanner(Scan{});
    RL_QVERIFY_OK(scanner.status());
    RowResult row;
    while ((*scanner)->Next(&row)) {
    }
    QVERIFY2((*scanner)->status().message().find(sf) != std::string::npos,
             (*scanner)->status().ToString().c_str());
    // Admin commands that cannot reach every region say which they skipped
    // (flush 't' used to answer ok).
    Admin& admin = (*cluster)->admin();
    for (const Status& s : {admin.Flush("t"), admin.Compact("t", false), admin.Compact("t", true),
                            admin.Split("t")}) {
      QVERIFY2(s.IsAborted(), s.ToString().c_str());
      QVERIFY2(s.message().find("skipped 1 of 2 regions") != std::string::npos &&
                   s.message().find(encoded) != std::string::npos &&
                   s.message().find(sf) != std::string::npos &&
                   s.message().find("the other 1 was done") != std::string::npos,
               s.ToString().c_str());
    }
    RL_QVERIFY_OK((*cluster)->Close());
    cluster->reset();

    // The shell: the warning first, then the statement's own error, which
    // names the file too.
    const ProgramRun json = RunProgram(
        REGIONLAB_SHELL_BINARY, {"--json", "--data", QString::fromStdString(dir.path()), "-e", "count 't'"});
    QCOMPARE(json.exit_code, 1);
    const QJsonObject line = FirstJsonLine(json.out);
    QVERIFY2(!line["ok"].toBool(), qPrintable(json.out));
    QVERIFY2(line["error"].toString().contains(QString::fromStdString(sf)), qPrintable(json.out));
    QVERIFY2(Contains(line["warnings"].toArray(), "fixed trailer"), qPrintable(json.out));
    const ProgramRun text = RunProgram(
        REGIONLAB_SHELL_BINARY, {"--data", QString::fromStdString(dir.path()), "-e", "count 't'"});
    QVERIFY2(text.out.startsWith("WARNING: region " + QString::fromStdString(encoded)), qPrintable(text.out));
    QVERIFY2(text.out.contains("ERROR: "), qPrintable(text.out));
  }
};

int main(int argc, char** argv) {
  if (const char* dir = std::getenv("RL_WAL_DAMAGE_CHILD_DIR")) return RunChild(dir);
  QCoreApplication app(argc, argv);
  RecoveryDamageTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "recovery_damage_test.moc"
