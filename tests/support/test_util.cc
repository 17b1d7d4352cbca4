#include "support/test_util.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>

#include "util/crash_point.h"

namespace regionlab::test {

TempDir::TempDir() : dir_(QDir::tempPath() + "/regionlab-test-XXXXXX") {}

QString ProgramRun::Describe() const {
  return QStringLiteral("exit %1%2%3\nstdout:\n%4\nstderr:\n%5")
      .arg(exit_code)
      .arg(crashed ? " (crashed)" : "")
      .arg(timed_out ? " (timed out)" : "")
      .arg(out, err);
}

ProgramRun RunProgram(const QString& program, const QStringList& args, const QByteArray& stdin_data,
                      const QProcessEnvironment& env, const QString& working_dir, int timeout_ms) {
  QProcess p;
  p.setProcessEnvironment(env);
  if (!working_dir.isEmpty()) p.setWorkingDirectory(working_dir);
  p.start(program, args);
  ProgramRun r;
  if (!p.waitForStarted(10000)) {
    r.err = "did not start: " + p.errorString();
    return r;
  }
  p.write(stdin_data);
  p.closeWriteChannel();
  if (!p.waitForFinished(timeout_ms)) {
    p.kill();
    p.waitForFinished();
    r.timed_out = true;
  }
  r.crashed = p.exitStatus() == QProcess::CrashExit && !r.timed_out;
  r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err += QString::fromUtf8(p.readAllStandardError());
  return r;
}

long RunChildUntilAcked(const QProcessEnvironment& env, long first, long acks, QString* err) {
  QProcess child;
  QProcessEnvironment full = QProcessEnvironment::systemEnvironment();
  for (const QString& key : env.keys()) full.insert(key, env.value(key));
  child.setProcessEnvironment(full);
  child.start(qEnvironmentVariable("REGIONLAB_TEST_BINARY", QCoreApplication::applicationFilePath()),
              {});
  long last = first - 1;
  if (!child.waitForStarted(10000)) return last;
  QByteArray buffer;
  auto drain = [&] {
    int nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const QByteArray line = buffer.left(nl);
      buffer.remove(0, nl + 1);
      if (line.startsWith("ack ")) last = line.mid(4).toLong();
    }
  };
  QElapsedTimer timer;
  timer.start();
  while (last - first + 1 < acks && timer.elapsed() < 60000) {
    if (!child.waitForReadyRead(5000) && child.state() != QProcess::Running) break;
    buffer += child.readAllStandardOutput();
    drain();
  }
  ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
  child.waitForFinished(10000);
  buffer += child.readAllStandardOutput() + "\n";
  drain();
  if (err != nullptr) *err = QString::fromUtf8(child.readAllStandardError());
  return last;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool FlipByte(const std::string& path, uint64_t offset) {
  QFile f(QString::fromStdString(path));
  if (!f.open(QIODevice::ReadWrite)) return false;
  if (!f.seek(static_cast<qint64>(offset))) return false;
  char c;
  if (f.read(&c, 1) != 1) return false;
  c = static_cast<char>(~c);
  if (!f.seek(static_cast<qint64>(offset))) return false;
  return f.write(&c, 1) == 1;
}

bool TruncateFile(const std::string& path, uint64_t size) {
  return QFile::resize(QString::fromStdString(path), static_cast<qint64>(size));
}

std::vector<std::string> FileNames(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool KillChildAndReap(int pid) {
  if (::kill(pid, SIGKILL) != 0) return false;
  int wstatus = 0;
  if (::waitpid(pid, &wstatus, 0) != pid) return false;
  return WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL;
}

void ArmCrashPoints() {
  SetCrashPointHook([](const char* name) {
    static const char* const armed = std::getenv("REGIONLAB_CRASH_POINT");
    if (armed != nullptr && std::strcmp(armed, name) == 0) std::_Exit(137);
  });
}

}  // namespace regionlab::test
