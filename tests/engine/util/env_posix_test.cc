// The POSIX Env's random-access files: mapped files answer Read and ReadView
// with the file's bytes at every offset, refuse reads past the end with an
// error naming the file, and an empty file (nothing to map) reads as one.
#include <QtTest>

#include "support/test_util.h"
#include "util/env.h"
#include "util/random.h"

using namespace regionlab;
using regionlab::test::TempDir;

class EnvPosixTest : public QObject {
  Q_OBJECT
 private slots:
  void readAndReadViewAgree_data() {
    QTest::addColumn<int>("size");
    QTest::newRow("one byte") << 1;
    QTest::newRow("a page and a bit") << 4097;
    QTest::newRow("a megabyte") << (1 << 20);
  }
  void readAndReadViewAgree() {
    QFETCH(int, size);
    TempDir dir;
    const std::string path = dir.File("data");
    Random rnd(static_cast<uint64_t>(size));
    const std::string bytes = rnd.RandomBytes(static_cast<size_t>(size));
    RL_QVERIFY_OK(Env::Default()->WriteFileAtomically(path, bytes));
    auto file = Env::Default()->NewRandomAccessFile(path);
    RL_QVERIFY_OK(file.status());
    QCOMPARE((*file)->Size(), uint64_t(size));
    for (int i = 0; i < 200; ++i) {
      const uint64_t offset = rnd.Uniform(static_cast<uint64_t>(size));
      const size_t n = static_cast<size_t>(rnd.Uniform(static_cast<uint64_t>(size) - offset + 1));
      std::string scratch, copy;
      std::string_view view;
      RL_QVERIFY_OK((*file)->Read(offset, n, &copy));
      RL_QVERIFY_OK((*file)->ReadView(offset, n, &scratch, &view));
      QCOMPARE(copy, bytes.substr(offset, n));
      QCOMPARE(std::string(view), copy);
    }
    std::string scratch;
    std::string_view view;
    const Status past = (*file)->ReadView(static_cast<uint64_t>(size) - 1, 2, &scratch, &view);
    QVERIFY(past.IsIOError());
    QVERIFY(past.message().find(path) != std::string::npos);
    QVERIFY((*file)->Read(uint64_t(size) + 1, 0, &scratch).IsIOError());
    QVERIFY((*file)->Read(UINT64_MAX, 2, &scratch).IsIOError());  // no overflow
  }

  void emptyFile() {
    TempDir dir;
    const std::string path = dir.File("empty");
    RL_QVERIFY_OK(Env::Default()->WriteFileAtomically(path, ""));
    auto file = Env::Default()->NewRandomAccessFile(path);
    RL_QVERIFY_OK(file.status());
    std::string scratch;
    std::string_view view;
    RL_QVERIFY_OK((*file)->ReadView(0, 0, &scratch, &view));
    QVERIFY(view.empty());
    QVERIFY((*file)->Read(0, 1, &scratch).IsIOError());
  }
};

QTEST_GUILESS_MAIN(EnvPosixTest)
#include "env_posix_test.moc"
