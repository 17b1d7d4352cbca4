// regionlab-shell runs a scan of any size, and a script of any length, in
// bounded memory: its peak RSS (the child's ru_maxrss) while scanning a
// 500,000-row table -- about 50 MB of text, or of --json -- is less than
// 64 MB above the same shell scanning one row, and loading a script of
// several hundred thousand statements (tens of MB) grows it by less than
// 64 MB over a script of a few. The output is read through a pipe and
// checked: every row and cell is there, the text the same as for a small
// scan.
//
// ctest label stress (it writes and reads half a million rows). Skipped
// under the sanitizers, whose allocators keep freed memory on purpose.
#include <QtTest>
#include <cstdio>
#include <fstream>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "regionlab/cluster.h"
#include "support/test_util.h"

extern char** environ;

using namespace regionlab;
using namespace regionlab::test;

namespace {

constexpr int kRows = 500000;
constexpr int64_t kMaxGrowthKb = 64 * 1024;

// What a run of the shell printed and how much memory it took at most.
struct Measured {
  int exit_code = -1;
  uint64_t bytes = 0, lines = 0;
  std::string head, tail;  // the first and last few hundred bytes
  int64_t max_rss_kb = 0;
};

// Runs regionlab-shell with `args`, reading its standard output through a
// pipe as it comes; ru_maxrss of the child from wait4.
Measured RunShell(const std::vector<std::string>& args) {
  Measured m;
  int out[2];
  if (::pipe(out) != 0) return m;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  std::vector<std::string> all = {REGIONLAB_SHELL_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  if (rc != 0) {
    ::close(out[0]);
    return m;
  }
  char buf[1 << 16];
  ssize_t n;
  while ((n = ::read(out[0], buf, sizeof(buf))) > 0) {
    const std::string_view chunk(buf, static_cast<size_t>(n));
    if (m.head.size() < 400) m.head.append(chunk.substr(0, 400 - m.head.size()));
    m.tail.append(chunk);
    if (m.tail.size() > 400) m.tail.erase(0, m.tail.size() - 400);
    m.bytes += chunk.size();
    for (char c : chunk) m.lines += c == '\n';
  }
  ::close(out[0]);
  int status = 0;
  struct rusage usage {};
  if (::wait4(pid, &status, 0, &usage) == pid && WIFEXITED(status)) m.exit_code = WEXITSTATUS(status);
  m.max_rss_kb = usage.ru_maxrss;
  return m;
}

QString Describe(const Measured& m) {
  return QString("exit %1, %2 bytes, %3 lines, peak RSS %4 MB; head:\n%5\ntail:\n%6")
      .arg(m.exit_code)
      .arg(m.bytes)
      .arg(m.lines)
      .arg(m.max_rss_kb / 1024.0, 0, 'f', 1)
      .arg(QString::fromStdString(m.head), QString::fromStdString(m.tail));
}

}  // namespace

class ShellMemoryTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
#if defined(REGIONLAB_SANITIZE_BUILD)
    QSKIP("peak RSS means nothing under the sanitizers' allocators (freed memory is quarantined)");
#endif
    auto cluster = Cluster::Open(m_dir.path());
    RL_QVERIFY_OK(cluster.status());
    TableDescriptor d;
    d.name = "t";
    d.families.push_back(FamilyOptions{});
    d.families[0].name = "f";
    RL_QVERIFY_OK((*cluster)->admin().CreateTable(d, {"row0250000"}));
    auto t = (*cluster)->GetTable("t");
    RL_QVERIFY_OK(t.status());
    std::vector<RowMutation> batch;
    char row[16];
    for (int i = 0; i < kRows; ++i) {
      std::snprintf(row, sizeof(row), "row%07d", i);
      RowMutation m;
      m.row = row;
      m.durability = Durability::kSkipWal;  // made durable by the flush at Close
      m.Put("f", "q", "value-" + std::string(row) + "-abcdefghijklmnopqrstuvwxyz");
      batch.push_back(std::move(m));
      if (batch.size() == 5000) {
        RL_QVERIFY_OK((*t)->Batch(batch));
        batch.clear();
      }
    }
    RL_QVERIFY_OK((*cluster)->Close());
  }

  void scanOfHalfAMillionRowsRunsInBoundedMemory_data() {
    QTest::addColumn<bool>("json");
    QTest::newRow("text") << false;
    QTest::newRow("json") << true;
  }
  void scanOfHalfAMillionRowsRunsInBoundedMemory() {
    QFETCH(bool, json);
    std::vector<std::string> base = {"--data", m_dir.path()};
    if (json) base.push_back("--json");
    auto with = [&](const std::string& statement) {
      auto args = base;
      args.push_back("-e");
      args.push_back(statement);
      return args;
    };
    const Measured one = RunShell(with("scan 't', {LIMIT => 1}"));
    QVERIFY2(one.exit_code == 0, qPrintable(Describe(one)));
    const Measured all = RunShell(with("scan 't'"));
    QVERIFY2(all.exit_code == 0, qPrintable(Describe(all)));
    if (json) {
      // One line: the object with every cell.
      QCOMPARE(all.lines, uint64_t(1));
      QVERIFY2(all.head.rfind("{\"statement\":\"scan 't'\",\"ok\":true,\"cells\":[{\"row\":\"row0000000\","
                              "\"column\":\"f:q\",", 0) == 0,
               qPrintable(Describe(all)));
      QVERIFY2(all.tail.find("\"value\":\"value-row0499999-abcdefghijklmnopqrstuvwxyz\"}],\"rows\":500000}\n") !=
                   std::string::npos,
               qPrintable(Describe(all)));
    } else {
      // The header, a line per row, "500000 row(s)" and the Took line.
      QCOMPARE(all.lines, uint64_t(kRows + 3));
      QVERIFY2(all.head.rfind("ROW  COLUMN+CELL\n row0000000 column=f:q, timestamp=", 0) == 0,
               qPrintable(Describe(all)));
      QVERIFY2(all.tail.find("value=value-row0499999-abcdefghijklmnopqrstuvwxyz\n500000 row(s)\nTook ") !=
                   std::string::npos,
               qPrintable(Describe(all)));
    }
    const int64_t growth = all.max_rss_kb - one.max_rss_kb;
    qInfo("%s: %.1f MB printed; peak RSS %.1f MB for one row, %.1f MB for %d rows: %+.1f MB",
          json ? "--json" : "text", all.bytes / 1048576.0, one.max_rss_kb / 1024.0,
          all.max_rss_kb / 1024.0, kRows, growth / 1024.0);
    QVERIFY2(growth < kMaxGrowthKb, qPrintable(Describe(all)));
  }

  // A loader script: 700,000 puts (about 37 MB) against a few.
  void longScriptRunsInBoundedMemory() {
    auto write_script = [&](const std::string& path, int puts) {
      std::ofstream out(path);
      // Flushed every 4 MB: what is measured is the shell, not a memstore.
      out << "create 'load', {NAME => 'f'}, DURABILITY => 'SKIP_WAL', MEMSTORE_FLUSHSIZE => '4194304'\n";
      char line[96];
      for (int i = 0; i < puts; ++i) {
        std::snprintf(line, sizeof(line), "put 'load', 'row%07d', 'f:q', 'value-%07d'\n", i, i);
        out << line;
      }
    };
    TempDir data_few, data_many;
    const std::string few = data_few.File("few.hbase"), many = data_many.File("many.hbase");
    write_script(few, 10);
    write_script(many, 700000);
    const Measured small = RunShell({"--data", data_few.File("data"), "--json", few});
    QVERIFY2(small.exit_code == 0, qPrintable(Describe(small)));
    const Measured large = RunShell({"--data", data_many.File("data"), "--json", many});
    QVERIFY2(large.exit_code == 0, qPrintable(Describe(large)));
    QCOMPARE(large.lines, uint64_t(700000 + 1));  // a JSON line per statement
    QVERIFY2(large.tail.find("{\"statement\":\"put 'load', 'row0699999', 'f:q', 'value-0699999'\",\"ok\":true}\n") !=
                 std::string::npos,
             qPrintable(Describe(large)));
    const Measured count = RunShell({"--data", data_many.File("data"), "--json", "-e", "count 'load'"});
    QVERIFY2(count.tail.find("\"count\":700000}") != std::string::npos, qPrintable(Describe(count)));
    std::ifstream in(many, std::ios::ate);
    const double script_mb = static_cast<double>(in.tellg()) / 1048576.0;
    const int64_t growth = large.max_rss_kb - small.max_rss_kb;
    qInfo("a %.1f MB script of 700,000 puts: peak RSS %.1f MB, %+.1f MB over a script of 10", script_mb,
          large.max_rss_kb / 1024.0, growth / 1024.0);
    QVERIFY2(growth < kMaxGrowthKb, qPrintable(Describe(large)));
  }

 private:
  TempDir m_dir;
};

QTEST_GUILESS_MAIN(ShellMemoryTest)
#include "shell_memory_test.moc"
