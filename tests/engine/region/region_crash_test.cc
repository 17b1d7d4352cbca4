// Crash safety: a child process writes with SYNC_WAL (or ASYNC_WAL) and
// reports each acknowledged write; the test kills it with SIGKILL at a random
// moment, reopens the region and checks every acknowledged write is there.
// Small flush sizes make flushes and compactions run while the kill lands.
//
// The same executable is the child: with RL_CRASH_CHILD_DIR set, main()
// writes until killed instead of running the tests.
#include <QProcess>
#include <QRandomGenerator>
#include <QtTest>
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include "region_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

RegionOptions CrashOptions() {
  RegionOptions o;
  o.memstore_flush_size = 32 * 1024;
  o.compaction.min_size = 1;
  return o;
}

// The families in DATA_BLOCK_ENCODING `encoding` ("NONE", "PREFIX", ...),
// g compressed with `codec` ("SNAPPY", ...).
RegionDescriptor CrashDescriptor(const std::string& encoding, const std::string& codec) {
  FamilyOptions f = Family("f");
  FamilyOptions g = Family("g", 3);
  ParseDataBlockEncoding(encoding, &f.data_block_encoding);
  g.data_block_encoding = f.data_block_encoding;
  ParseCompression(codec, &g.compression);
  return Descriptor({f, g});
}

std::string RowFor(long i) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%08ld", (i * 2654435761L) % 100000000L);
  return buf;
}

// Child: write rows numbered from `first` on, print "ack N" after each
// acknowledged write. Never returns normally.
int RunChild(const char* dir, long first, Durability durability, const RegionDescriptor& desc) {
  auto region = Region::Open(CrashOptions(), dir, desc);
  if (!region.ok()) {
    std::fprintf(stderr, "child open failed: %s\n", region.status().ToString().c_str());
    return 3;
  }
  for (long i = first;; ++i) {
    RowMutation m;
    m.row = RowFor(i);
    m.durability = durability;
    m.Put("f", "n", std::to_string(i)).Put("g", "pad", std::string(64 + i % 64, 'p'));
    Status s = (*region)->Mutate(m);
    if (!s.ok()) {
      std::fprintf(stderr, "child write failed: %s\n", s.ToString().c_str());
      return 4;
    }
    std::printf("ack %ld\n", i);
    std::fflush(stdout);
  }
}

}  // namespace

class RegionCrashTest : public QObject {
  Q_OBJECT

 private slots:
  // Store files of every DATA_BLOCK_ENCODING, each with another codec, are
  // flushed and compacted while the kills land.
  void acknowledgedWritesSurviveSigkill_data() {
    QTest::addColumn<QString>("durability");
    QTest::addColumn<QString>("encoding");
    QTest::addColumn<QString>("codec");
    QTest::newRow("SYNC_WAL") << "sync" << "NONE" << "NONE";
    // The OS keeps written pages across a process kill.
    QTest::newRow("ASYNC_WAL") << "async" << "NONE" << "SNAPPY";
    QTest::newRow("SYNC_WAL PREFIX LZ4") << "sync" << "PREFIX" << "LZ4";
    QTest::newRow("SYNC_WAL DIFF ZSTD") << "sync" << "DIFF" << "ZSTD";
    QTest::newRow("ASYNC_WAL FAST_DIFF GZ") << "async" << "FAST_DIFF" << "GZ";
    QTest::newRow("ASYNC_WAL ROW_INDEX_V1 LZO") << "async" << "ROW_INDEX_V1" << "LZO";
  }

  void acknowledgedWritesSurviveSigkill() {
    QFETCH(QString, durability);
    QFETCH(QString, encoding);
    QFETCH(QString, codec);
    const RegionDescriptor desc = CrashDescriptor(encoding.toStdString(), codec.toStdString());
    TempDir dir;
    const quint32 seed = QRandomGenerator::global()->generate();
    qInfo("seed %u", seed);
    QRandomGenerator rng(seed);
    long next = 0;
    long acked_total = 0;
    for (int round = 0; round < 4; ++round) {
      QProcessEnvironment env;
      env.insert("RL_CRASH_CHILD_DIR", QString::fromStdString(dir.path()));
      env.insert("RL_CRASH_CHILD_FIRST", QString::number(next));
      env.insert("RL_CRASH_CHILD_DURABILITY", durability);
      env.insert("RL_CRASH_CHILD_ENCODING", encoding);
      env.insert("RL_CRASH_CHILD_CODEC", codec);
      QString err;
      // Let it write a while: until a random number of acks have arrived.
      const long last_ack = RunChildUntilAcked(env, next, 300 + rng.bounded(1500), &err);
      QVERIFY2(last_ack >= next, qPrintable("no write acknowledged: " + err));
      acked_total += last_ack - next + 1;

      // Reopen and check every acknowledged row, then let the next round go on.
      RecoveryReport report;
      auto region = Region::Open(CrashOptions(), dir.path(), desc, nullptr, &report);
      RL_QVERIFY_OK(region.status());
      for (long i = 0; i <= last_ack; ++i) {
        Get get;
        get.row = RowFor(i);
        get.columns = {{"f", "n", false}};
        auto r = (*region)->DoGet(get);
        RL_QVERIFY_OK(r.status());
        QVERIFY2(r->cells.size() == 1 && r->cells[0].value == std::to_string(i),
                 qPrintable(QString("seed %1 round %2: acknowledged row %3 lost").arg(seed).arg(round).arg(i)));
      }
      next = last_ack + 1;
      // A row the child may have written after its last ack must not be torn.
      Get get;
      get.row = RowFor(next);
      auto r = (*region)->DoGet(get);
      RL_QVERIFY_OK(r.status());
      QVERIFY(r->cells.empty() || r->cells.size() == 2);
      if (!r->cells.empty()) ++next;
    }
    qInfo("%ld acknowledged writes checked over 4 kills", acked_total);
  }
};

int main(int argc, char** argv) {
  if (const char* dir = std::getenv("RL_CRASH_CHILD_DIR")) {
    const char* first = std::getenv("RL_CRASH_CHILD_FIRST");
    const char* mode = std::getenv("RL_CRASH_CHILD_DURABILITY");
    const bool async = mode != nullptr && std::string(mode) == "async";
    const char* encoding = std::getenv("RL_CRASH_CHILD_ENCODING");
    const char* codec = std::getenv("RL_CRASH_CHILD_CODEC");
    return RunChild(dir, first ? std::atol(first) : 0,
                    async ? Durability::kAsyncWal : Durability::kSyncWal,
                    CrashDescriptor(encoding ? encoding : "NONE", codec ? codec : "NONE"));
  }
  QCoreApplication app(argc, argv);
  RegionCrashTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "region_crash_test.moc"
