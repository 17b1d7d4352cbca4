// Tests for engine/util/engine_log: the line format, appending across
// opens, rotation to LOG.old at the size cap, concurrent writers, and a disk
// that refuses lines for a while.
#include "util/engine_log.h"

#include <QtTest>
#include <thread>

#include "support/test_util.h"
#include "util/fault_injection_env.h"

using namespace regionlab;
using regionlab::test::ReadAll;
using regionlab::test::TempDir;

namespace {
std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    out.push_back(text.substr(start, nl - start));
  }
  return out;
}
}  // namespace

class EngineLogTest : public QObject {
  Q_OBJECT
 private slots:
  void lineFormat() {
    // 2021-01-01 00:00:00.123 UTC, shown in local time: check the shape.
    const std::string line = FormatLogLine(1609459200123, LogLevel::kWarn, "two\nlines");
    QVERIFY2(QRegularExpression(R"(^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.123 WARN  two lines\n$)")
                 .match(QString::fromStdString(line))
                 .hasMatch(),
             line.c_str());
    QVERIFY(FormatLogLine(0, LogLevel::kError, "x").find(" ERROR x\n") != std::string::npos);
    QVERIFY(FormatLogLine(0, LogLevel::kInfo, "x").find(" INFO  x\n") != std::string::npos);
  }

  void appendsAcrossOpens() {
    TempDir dir;
    for (const char* text : {"first", "second"}) {
      auto log = EngineLog::Open(Env::Default(), dir.path());
      RL_QVERIFY_OK(log.status());
      (*log)->Log(LogLevel::kInfo, text);
    }
    const auto lines = Lines(ReadAll(dir.File("LOG")));
    QCOMPARE(lines.size(), size_t(2));
    QVERIFY(lines[0].ends_with("INFO  first"));
    QVERIFY(lines[1].ends_with("INFO  second"));
  }

  // Past the cap the file becomes LOG.old and a new LOG starts: the two
  // together never hold much more than twice the cap, and the newest lines
  // are always in LOG.
  void rotatesAtTheCap() {
    TempDir dir;
    constexpr uint64_t kCap = 4096;
    auto log = EngineLog::Open(Env::Default(), dir.path(), kCap);
    RL_QVERIFY_OK(log.status());
    for (int i = 0; i < 500; ++i) (*log)->Log(LogLevel::kInfo, "line " + std::to_string(i));
    const std::string current = ReadAll(dir.File("LOG")), old = ReadAll(dir.File("LOG.old"));
    QVERIFY(current.size() <= kCap);
    QVERIFY(old.size() <= kCap && old.size() > kCap / 2);
    QVERIFY(Lines(current).back().ends_with("line 499"));
    // Consecutive: LOG.old ends right before LOG starts.
    const std::string last_old = Lines(old).back(), first_new = Lines(current).front();
    const int a = std::stoi(last_old.substr(last_old.rfind(' ') + 1));
    const int b = std::stoi(first_new.substr(first_new.rfind(' ') + 1));
    QCOMPARE(b, a + 1);
    // A log opened over the cap rotates at once.
    log->reset();
    QVERIFY(Env::Default()->WriteFileAtomically(dir.File("LOG"), std::string(kCap + 10, 'x')).ok());
    auto reopened = EngineLog::Open(Env::Default(), dir.path(), kCap);
    RL_QVERIFY_OK(reopened.status());
    QCOMPARE(ReadAll(dir.File("LOG")).size(), size_t(0));
    QCOMPARE(ReadAll(dir.File("LOG.old")).size(), size_t(kCap + 10));
  }

  void concurrentWritersNeverInterleave() {
    TempDir dir;
    auto log = EngineLog::Open(Env::Default(), dir.path());
    RL_QVERIFY_OK(log.status());
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < 200; ++i) {
          (*log)->Log(LogLevel::kInfo, "thread " + std::to_string(t) + " " + std::string(50, 'a' + t));
        }
      });
    }
    for (auto& th : threads) th.join();
    const auto lines = Lines(ReadAll(dir.File("LOG")));
    QCOMPARE(lines.size(), size_t(800));
    for (const auto& l : lines) {
      const char c = l.back();
      QVERIFY2(l.ends_with(std::string(50, c)), l.c_str());
    }
  }

  // Lines the disk refuses are counted, and the first line written after
  // says how many were lost.
  void refusedLinesAreCountedAndReported() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    auto log = EngineLog::Open(&env, dir.path());
    RL_QVERIFY_OK(log.status());
    (*log)->Log(LogLevel::kInfo, "before");
    env.InjectFault(kFaultAppend, FaultKind::kNoSpace, "LOG");
    (*log)->Log(LogLevel::kError, "lost 1");
    (*log)->Log(LogLevel::kError, "lost 2");
    QCOMPARE((*log)->lost_lines(), uint64_t(2));
    env.ClearFaults();
    (*log)->Log(LogLevel::kInfo, "after");
    const auto lines = Lines(ReadAll(dir.File("LOG")));
    QCOMPARE(lines.size(), size_t(3));
    QVERIFY(lines[1].ends_with("WARN  2 lines of this log could not be written (the disk refused them)"));
    QVERIFY(lines[2].ends_with("INFO  after"));
  }
};

QTEST_GUILESS_MAIN(EngineLogTest)
#include "engine_log_test.moc"
