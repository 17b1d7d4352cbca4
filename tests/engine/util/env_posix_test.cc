// The POSIX Env's random-access files: mapped files answer Read and ReadView
// with the file's bytes at every offset, refuse reads past the end with an
// error naming the file, and an empty file (nothing to map) reads as one.
// Its mapped append files (NewMappedFile, the WAL's segments): every append
// is in the file at once, survives kill -9, and Close trims the reserved
// tail; a reservation the file system refuses is an error, not a crash.
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QtTest>
#include <fstream>

#include "support/test_util.h"
#include "util/env.h"
#include "util/random.h"

using namespace regionlab;
using regionlab::test::ReadAll;
using regionlab::test::TempDir;

namespace {
// PosixMappedFile reserves 64 KiB, then chunks doubling up to 4 MiB.
constexpr uint64_t kFirstChunk = 64u << 10;
constexpr uint64_t kReserveChunk = 4u << 20;

// The file is the appended bytes, then zeros up to a chunk boundary.
bool IsReservedTail(const std::string& on_disk, const std::string& written) {
  return on_disk.size() >= written.size() && on_disk.size() % kFirstChunk == 0 &&
         on_disk.size() - written.size() <= kReserveChunk &&
         on_disk.compare(0, written.size(), written) == 0 &&
         on_disk.find_first_not_of('\0', written.size()) == std::string::npos;
}

// Appends `total` random bytes in pieces of 1..max_piece bytes; returns them.
std::string AppendRandom(WritableFile* f, Random* rnd, size_t total, size_t max_piece) {
  std::string all;
  while (all.size() < total) {
    const size_t n = std::min(total - all.size(), size_t(1 + rnd->Uniform(max_piece)));
    const std::string piece = rnd->RandomBytes(n);
    if (!f->Append(piece).ok()) break;
    all += piece;
  }
  return all;
}

class CountingEnv : public EnvWrapper {
 public:
  using EnvWrapper::EnvWrapper;
  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) override {
    ++writable_files;
    return EnvWrapper::NewWritableFile(path);
  }
  int writable_files = 0;
};
}  // namespace

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

  void mappedFileKeepsEveryAppend_data() {
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("max_piece");
    QTest::newRow("small records") << 100000 << 300;
    QTest::newRow("across two reservations") << int(kReserveChunk + 12345) << 70000;
    QTest::newRow("pieces larger than a reservation") << int(3 * kReserveChunk) << int(5 << 20);
  }
  void mappedFileKeepsEveryAppend() {
    QFETCH(int, total);
    QFETCH(int, max_piece);
    TempDir dir;
    const std::string path = dir.File("log");
    const uint64_t counted_before = MappedBytesAppended();
    auto file = Env::Default()->NewMappedFile(path);
    RL_QVERIFY_OK(file.status());
    Random rnd(static_cast<uint64_t>(total));
    const std::string written =
        AppendRandom(file->get(), &rnd, size_t(total), size_t(max_piece));
    QCOMPARE(written.size(), size_t(total));
    QCOMPARE((*file)->Size(), uint64_t(total));
    QCOMPARE(MappedBytesAppended() - counted_before, uint64_t(total));

    // Without Flush, another reader already sees every byte, then the zeros
    // of the reserved space up to a whole reservation.
    RL_QVERIFY_OK((*file)->Flush());
    QVERIFY(IsReservedTail(ReadAll(path), written));

    RL_QVERIFY_OK((*file)->Sync());
    RL_QVERIFY_OK((*file)->Close());
    QCOMPARE(ReadAll(path), written);  // Close trims the reserved tail
    QVERIFY((*file)->Append("x").IsIOError());
  }

  // The appends are in the page cache when Append returns: a process killed
  // right after them loses none.
  void mappedAppendsSurviveKill9() {
    TempDir dir;
    const std::string path = dir.File("log");
    constexpr size_t kTotal = 6u << 20;
    const pid_t pid = ::fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
      auto file = Env::Default()->NewMappedFile(path);
      if (!file.ok()) ::_exit(2);
      Random rnd(7);
      if (AppendRandom(file->get(), &rnd, kTotal, 1000).size() != kTotal) ::_exit(3);
      ::raise(SIGKILL);
      ::_exit(4);
    }
    int wstatus = 0;
    QCOMPARE(::waitpid(pid, &wstatus, 0), pid);
    QVERIFY(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL);
    Random rnd(7);
    std::string expected;
    {
      // The same pieces the child appended.
      struct Collect : WritableFile {
        std::string* out;
        explicit Collect(std::string* o) : out(o) {}
        Status Append(std::string_view d) override { out->append(d); return Status::OK(); }
        Status Flush() override { return Status::OK(); }
        Status Sync() override { return Status::OK(); }
        Status SyncFlushed(uint64_t) override { return Status::OK(); }
        Status Close() override { return Status::OK(); }
        uint64_t Size() const override { return out->size(); }
      } collect(&expected);
      AppendRandom(&collect, &rnd, kTotal, 1000);
    }
    QVERIFY(IsReservedTail(ReadAll(path), expected));
  }

  // A process killed in the middle of an append leaves the appends before it
  // and a prefix of the one it was copying, then zeros: never a hole followed
  // by later bytes, which the WAL reader would have to call damage rather
  // than a record cut short.
  void killedAppendLeavesAPrefix_data() {
    QTest::addColumn<int>("piece");
    QTest::newRow("300-byte appends") << 300;
    QTest::newRow("64 KiB appends") << (64 << 10);
    QTest::newRow("1 MiB appends") << (1 << 20);
  }
  void killedAppendLeavesAPrefix() {
    QFETCH(int, piece);
    // Append i is `piece` bytes of value 1 + i % 255: no zero byte, and each
    // append distinguishable from its neighbours.
    auto expectedByte = [&](uint64_t offset) {
      return static_cast<char>(1 + (offset / static_cast<uint64_t>(piece)) % 255);
    };
    for (int attempt = 0; attempt < 8; ++attempt) {
      TempDir dir;
      const std::string path = dir.File("log");
      const pid_t pid = ::fork();
      QVERIFY(pid >= 0);
      if (pid == 0) {
        auto file = Env::Default()->NewMappedFile(path);
        if (!file.ok()) ::_exit(2);
        std::string data(static_cast<size_t>(piece), '\0');
        for (uint64_t i = 0;; ++i) {
          std::memset(data.data(), 1 + static_cast<int>(i % 255), data.size());
          if (!(*file)->Append(data).ok()) ::_exit(3);
          if ((*file)->Size() > (16u << 20)) {  // keep the file small: start over
            if (!(*file)->Close().ok()) ::_exit(4);
            file = Env::Default()->NewMappedFile(path);  // truncates
            if (!file.ok()) ::_exit(5);
            i = ~uint64_t{0};
          }
        }
      }
      ::usleep(static_cast<useconds_t>(20000 + 5000 * attempt));
      QVERIFY2(regionlab::test::KillChildAndReap(pid), "the appending child failed before it was killed");
      const std::string on_disk = ReadAll(path);
      const size_t cut = std::min(on_disk.find('\0'), on_disk.size());
      std::string fill;
      for (size_t start = 0; start < cut; start += static_cast<size_t>(piece)) {
        const size_t n = std::min(cut - start, static_cast<size_t>(piece));
        fill.assign(n, expectedByte(start));
        if (on_disk.compare(start, n, fill) != 0) {
          QFAIL(qPrintable(QString("attempt %1: the append at %2 does not hold its bytes")
                               .arg(attempt).arg(start)));
        }
      }
      const size_t later = on_disk.find_first_not_of('\0', cut);
      if (later != std::string::npos) {
        QFAIL(qPrintable(QString("attempt %1: zeros at %2 but appended bytes again at %3")
                             .arg(attempt).arg(cut).arg(later)));
      }
    }
  }

  // A file whose space cannot be reserved because the file system does not
  // support it (fallocate fails with ENODEV: here a character device, reached
  // through a link in the test directory) is appended to with write(2).
  void unreservableFileFallsBackToWrite() {
    TempDir dir;
    const std::string link = dir.File("null");
    QCOMPARE(::symlink("/dev/null", link.c_str()), 0);
    const uint64_t counted_before = MappedBytesAppended();
    auto file = Env::Default()->NewMappedFile(link);
    RL_QVERIFY_OK(file.status());
    RL_QVERIFY_OK((*file)->Append(std::string(100000, 'x')));
    RL_QVERIFY_OK((*file)->Append("tail"));
    QCOMPARE((*file)->Size(), uint64_t(100004));
    QCOMPARE(MappedBytesAppended(), counted_before);  // write(2) appended them, not a mapping
    RL_QVERIFY_OK((*file)->Flush());
    RL_QVERIFY_OK((*file)->Close());
  }

  // Any other refusal is an error naming the file, and the file is removed.
  void unreservableFileOtherwiseFails() {
    TempDir dir;
    const std::string path = dir.File("fifo");
    QCOMPARE(::mkfifo(path.c_str(), 0644), 0);  // fallocate on a FIFO: ESPIPE
    auto file = Env::Default()->NewMappedFile(path);
    QVERIFY(file.status().IsIOError());
    QVERIFY2(file.status().message().find(path) != std::string::npos,
             file.status().message().c_str());
    QVERIFY(!Env::Default()->FileExists(path));
  }

  // A file that holds little reserves little.
  void smallFileReservesOneSmallChunk() {
    TempDir dir;
    const std::string path = dir.File("log");
    auto file = Env::Default()->NewMappedFile(path);
    RL_QVERIFY_OK(file.status());
    RL_QVERIFY_OK((*file)->Append("header"));
    QCOMPARE(ReadAll(path).size(), size_t(kFirstChunk));
    RL_QVERIFY_OK((*file)->Close());
    QCOMPARE(ReadAll(path), std::string("header"));
  }

  // A reservation the file system refuses (here: past RLIMIT_FSIZE, as a
  // full disk would) fails the append with an error naming the file; the
  // process is not killed by a store into an unbacked page.
  void refusedReservationIsAnError() {
    TempDir dir;
    const std::string path = dir.File("log");
    const pid_t pid = ::fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
      ::signal(SIGXFSZ, SIG_IGN);
      struct rlimit limit = {kReserveChunk, kReserveChunk};
      if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(2);
      auto file = Env::Default()->NewMappedFile(path);
      if (!file.ok()) ::_exit(3);
      // Appends until a reservation fails; everything before it fits.
      const std::string piece(1000, 'a');
      uint64_t appended = 0;
      Status s;
      while ((s = (*file)->Append(piece)).ok()) appended += piece.size();
      if (!s.IsIOError() || s.message().find(path) == std::string::npos ||
          s.message().find("reserve") == std::string::npos) {
        ::_exit(4);
      }
      if (appended == 0 || appended > kReserveChunk || (*file)->Size() != appended) ::_exit(5);
      ::_exit((*file)->Close().ok() ? 0 : 6);
    }
    int wstatus = 0;
    QCOMPARE(::waitpid(pid, &wstatus, 0), pid);
    QVERIFY2(WIFEXITED(wstatus), "the child was killed by a signal");
    QCOMPARE(WEXITSTATUS(wstatus), 0);
    // What fitted is all there, and nothing of the refused append.
    const std::string on_disk = ReadAll(path);
    QVERIFY(!on_disk.empty());
    QCOMPARE(on_disk.size() % 1000, size_t(0));
    QVERIFY(on_disk.find_first_not_of('a') == std::string::npos);
  }

  // Mapping the next chunk can fail (here: the address space is capped with
  // RLIMIT_AS) after its space was reserved. The append is undone, and the
  // file refuses later appends instead of writing through a stale mapping.
  void failedMappingUndoesTheAppend() {
    TempDir dir;
    const std::string path = dir.File("log");
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer reserves more address space than RLIMIT_AS can cap here");
#endif
    // The chunks map 64 KiB, 128 KiB, ... 2 MiB, then 4 MiB: the first eight
    // end at 8128 KiB. The failing append copies its first 1000 bytes there.
    const std::string before((8128u << 10) - 1000, 'a');
    const pid_t pid = ::fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
      auto file = Env::Default()->NewMappedFile(path);
      if (!file.ok()) ::_exit(2);
      // Up to 1000 bytes before the end of a mapped chunk.
      if (!(*file)->Append(before).ok()) ::_exit(3);
      long pages = 0;
      {
        std::ifstream statm("/proc/self/statm");
        statm >> pages;
      }
      const rlim_t cap = static_cast<rlim_t>(pages) * 4096 + (1u << 20);  // 1 MiB to spare
      struct rlimit limit = {cap, cap};
      if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(4);
      const std::string more(200000, 'b');  // past the mapped chunk, within 1 MiB
      const Status s = (*file)->Append(more);
      if (!s.IsIOError() || s.message().find("map") == std::string::npos) ::_exit(5);
      if ((*file)->Size() != before.size()) ::_exit(6);
      const Status again = (*file)->Append("c");
      if (!again.IsIOError() || (*file)->Size() != before.size()) ::_exit(7);
      ::_exit((*file)->Close().ok() ? 0 : 8);
    }
    int wstatus = 0;
    QCOMPARE(::waitpid(pid, &wstatus, 0), pid);
    QVERIFY2(WIFEXITED(wstatus), "the child was killed by a signal");
    QCOMPARE(WEXITSTATUS(wstatus), 0);
    QCOMPARE(ReadAll(path), before);
  }

  // A wrapper Env (fault injection) sees a mapped file as an ordinary one,
  // so it can still drop what was never synced.
  void wrappersOpenMappedFilesAsWritableFiles() {
    TempDir dir;
    CountingEnv env(Env::Default());
    auto file = env.NewMappedFile(dir.File("log"));
    RL_QVERIFY_OK(file.status());
    QCOMPARE(env.writable_files, 1);
    const uint64_t counted_before = MappedBytesAppended();
    RL_QVERIFY_OK((*file)->Append("abc"));
    RL_QVERIFY_OK((*file)->Close());
    QCOMPARE(MappedBytesAppended(), counted_before);
    QCOMPARE(ReadAll(dir.File("log")), std::string("abc"));
  }
};

QTEST_GUILESS_MAIN(EnvPosixTest)
#include "env_posix_test.moc"
