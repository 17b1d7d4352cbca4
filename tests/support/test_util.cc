#include "support/test_util.h"

#include <QFile>
#include <fstream>
#include <sstream>

namespace regionlab::test {

TempDir::TempDir() : dir_(QDir::tempPath() + "/regionlab-test-XXXXXX") {}

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

}  // namespace regionlab::test
