// Helpers shared by the engine tests.
#pragma once

#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>
#include <string>
#include <vector>

#include "regionlab/status.h"

namespace regionlab::test {

// Fails the current test with the status message when `s` is not OK.
#define RL_QVERIFY_OK(expr)                                                          \
  do {                                                                               \
    const ::regionlab::Status rl_s_ = (expr);                                        \
    QVERIFY2(rl_s_.ok(), rl_s_.ToString().c_str());                                  \
  } while (0)

// A fresh directory removed at the end of the test.
class TempDir {
 public:
  TempDir();
  std::string path() const { return dir_.path().toStdString(); }
  std::string File(const std::string& name) const { return path() + "/" + name; }

 private:
  QTemporaryDir dir_;
};

// Runs this test executable again as a child with `env` added, reads the
// "ack N" lines it prints after each acknowledged write, and kills it with
// SIGKILL once `acks` writes after `first` were acknowledged (or after a
// minute). Returns the last acknowledged N (first - 1 when none), counting
// acks still in the pipe when the child died; *err gets the child's stderr.
long RunChildUntilAcked(const QProcessEnvironment& env, long first, long acks, QString* err);

// What a program run by RunProgram() did.
struct ProgramRun {
  int exit_code = -1;
  bool crashed = false;    // ended by a signal
  bool timed_out = false;  // killed after the timeout
  QString out, err;
  // "exit N (crashed)\nstdout:\n...\nstderr:\n..." for failure messages.
  QString Describe() const;
};

// Runs `program` with `args`, feeds it `stdin_data` and waits up to
// `timeout_ms` for it to finish (then kills it).
ProgramRun RunProgram(const QString& program, const QStringList& args, const QByteArray& stdin_data = {},
                      const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment(),
                      const QString& working_dir = {}, int timeout_ms = 120000);

// Kills the forked child `pid` with SIGKILL and reaps it. True when the
// signal ended it, false when it had already ended on its own (or the kill
// or the wait failed).
bool KillChildAndReap(int pid);

// Arms the engine's crash points (util/crash_point.h) in this process: it
// dies with exit status 137, as abruptly as kill -9, at the crash point
// named by the environment variable REGIONLAB_CRASH_POINT.
void ArmCrashPoints();

// The names of the entries of `dir`, sorted; empty when it is missing.
std::vector<std::string> FileNames(const std::string& dir);
// Reads a whole file into a string; empty when missing.
std::string ReadAll(const std::string& path);
// Overwrites the byte at `offset` with its bitwise complement.
bool FlipByte(const std::string& path, uint64_t offset);
// Truncates a file to `size` bytes.
bool TruncateFile(const std::string& path, uint64_t size);

}  // namespace regionlab::test
