// A real full disk: the cluster's data directory on an 8 MiB tmpfs that a
// filler file fills up. Writes are refused with the operating system's own
// "No space left on device", reads go on, and once the filler is deleted
// writes, flushes and catalog changes succeed again without a reopen; after
// a reopen exactly the acknowledged rows are there.
//
// Mounting needs privileges (root, CAP_SYS_ADMIN): where the mount is
// refused the test skips itself and says why. The fault-injection tests
// (disk_fault_test) cover the same paths everywhere.
#include <sys/mount.h>

#include <QtTest>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "cluster_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// Writes `path` until the file system is full; false when it never fills.
bool FillDisk(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const std::string chunk(64 << 10, 'z');
  bool full = false;
  for (int i = 0; i < 1024 && !full; ++i) {
    full = std::fwrite(chunk.data(), 1, chunk.size(), f) != chunk.size() || std::fflush(f) != 0;
  }
  std::fclose(f);
  return full;
}

std::string Row(int i) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "row%05d", i);
  return buf;
}

}  // namespace

class DiskFullTmpfsTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    m_mount = m_dir.path() + "/tmpfs";
    QVERIFY(QDir().mkpath(QString::fromStdString(m_mount)));
    if (::mount("tmpfs", m_mount.c_str(), "tmpfs", 0, "size=8m") != 0) {
      const std::string why = std::strerror(errno);
      QSKIP(qPrintable(QString("cannot mount an 8 MiB tmpfs here (%1); disk_fault_test covers "
                               "the same paths with injected ENOSPC").arg(QString::fromStdString(why))));
    }
    m_mounted = true;
  }

  void cleanupTestCase() {
    if (m_mounted) ::umount2(m_mount.c_str(), MNT_DETACH);
  }

  void fullDiskRefusesWritesThenRecovers() {
    const std::string data = m_mount + "/data";
    const std::string filler = m_mount + "/filler";
    ClusterOptions options = SmallCluster();
    options.region_servers = 1;
    options.persist_metrics = false;
    std::vector<std::string> acknowledged, refused;
    {
      auto cluster = Cluster::Open(data, options);
      RL_QVERIFY_OK(cluster.status());
      Admin& admin = (*cluster)->admin();
      RL_QVERIFY_OK(admin.CreateTable(SimpleTable("t")));
      auto t = *(*cluster)->GetTable("t");
      const std::string value(1000, 'v');
      int next = 0;
      for (; next < 100; ++next) {
        RL_QVERIFY_OK(t->Put(PutRow(Row(next), value)));
        acknowledged.push_back(Row(next));
      }
      QVERIFY(FillDisk(filler));

      // The WAL's reservation runs out: a write is refused, with the words
      // of ENOSPC and the file it concerns.
      Status s;
      for (; next < 20000 && s.ok(); ++next) {
        s = t->Put(PutRow(Row(next), value));
        (s.ok() ? acknowledged : refused).push_back(Row(next));
      }
      QVERIFY2(s.IsIOError(), s.ToString().c_str());
      QVERIFY2(s.message().find("No space left on device") != std::string::npos, s.ToString().c_str());
      qInfo("refused after %zu acknowledged rows: %s", acknowledged.size(), s.ToString().c_str());
      // Refused again while the disk is full; reads go on.
      const Status again = t->Put(PutRow(Row(next), value));
      QVERIFY2(again.IsIOError(), again.ToString().c_str());
      refused.push_back(Row(next++));
      QCOMPARE(ScanRows(*t), acknowledged);
      // A flush or a catalog change either works or fails cleanly.
      const Status flush = admin.Flush("t");
      qInfo("flush on a full disk: %s", flush.ToString().c_str());
      const Status create = admin.CreateTable(SimpleTable("u"));
      qInfo("create on a full disk: %s", create.ToString().c_str());
      QVERIFY2(create.ok() || create.message().find("full") != std::string::npos ||
                   create.message().find("No space") != std::string::npos,
               create.ToString().c_str());
      QCOMPARE(ScanRows(*t), acknowledged);

      // Space comes back: writes resume, with no reopen.
      QVERIFY(std::remove(filler.c_str()) == 0);
      RL_QVERIFY_OK(t->Put(PutRow(Row(next), value)));
      acknowledged.push_back(Row(next++));
      RL_QVERIFY_OK(admin.Flush("t"));
      if (!create.ok()) RL_QVERIFY_OK(admin.CreateTable(SimpleTable("u")));
      RL_QVERIFY_OK((*cluster)->Close());
    }
    auto reopened = Cluster::Open(data, options);
    RL_QVERIFY_OK(reopened.status());
    auto t = *(*reopened)->GetTable("t");
    QCOMPARE(ScanRows(*t), acknowledged);
    QVERIFY(*(*reopened)->admin().TableExists("u"));
    RL_QVERIFY_OK((*reopened)->Close());
  }

 private:
  TempDir m_dir;
  std::string m_mount;
  bool m_mounted = false;
};

QTEST_GUILESS_MAIN(DiskFullTmpfsTest)
#include "disk_full_tmpfs_test.moc"
