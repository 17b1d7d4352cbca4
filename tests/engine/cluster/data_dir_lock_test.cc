// One owner per data directory: Cluster::Open locks <dir>/LOCK, a second
// opener (in this process or another) is refused at once with a message that
// names the holder and the way on, and the lock dies with its process, so a
// crash never blocks the next open.
#include <sys/wait.h>
#include <unistd.h>

#include <QtTest>
#include <csignal>

#include "cluster/data_dir_lock.h"
#include "cluster_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

class DataDirLockTest : public QObject {
  Q_OBJECT
 private slots:
  void noteRoundTrip() {
    DataDirHolder h{"regionlab-rest", 4242, "http://127.0.0.1:8080"};
    const std::string note = FormatDataDirHolder(h);
    QCOMPARE(note, std::string("program=regionlab-rest\npid=4242\nrest=http://127.0.0.1:8080\n"));
    const DataDirHolder back = ParseDataDirHolder(note);
    QCOMPARE(back.program, h.program);
    QCOMPARE(back.pid, h.pid);
    QCOMPARE(back.rest_url, h.rest_url);
    // Damaged notes give what can be read, never garbage.
    const DataDirHolder partial = ParseDataDirHolder("pid=12x\nprogram=regionlab\ngarbage\n");
    QCOMPARE(partial.pid, int64_t{0});
    QCOMPARE(partial.program, std::string("regionlab"));
    QVERIFY(ParseDataDirHolder("").program.empty());
  }

  void secondOpenInThisProcessIsRefused() {
    TempDir dir;
    ClusterOptions o = SmallCluster();
    o.program_name = "lock-test";
    auto first = Cluster::Open(dir.path(), o);
    RL_QVERIFY_OK(first.status());
    const auto second = Cluster::Open(dir.path(), SmallCluster());
    QVERIFY(second.status().IsBusy());
    const std::string msg = second.status().message();
    const std::string pid = std::to_string(::getpid());
    QVERIFY2(msg.find("RegionLab (lock-test, pid " + pid + ", this process) has the data directory " +
                      dir.path() + " open") != std::string::npos,
             msg.c_str());
    QVERIFY2(msg.find("Close it first") != std::string::npos, msg.c_str());
    QVERIFY2(msg.find("REST gateway") == std::string::npos, msg.c_str());

    // A holder that serves a REST gateway is named with its URL.
    RL_QVERIFY_OK((*first)->AdvertiseRestUrl("http://127.0.0.1:18080"));
    const auto third = Cluster::Open(dir.path(), SmallCluster());
    QVERIFY(third.status().IsBusy());
    QVERIFY2(third.status().message().find("reach it through its REST gateway at "
                                           "http://127.0.0.1:18080.") != std::string::npos,
             third.status().message().c_str());

    // Close releases the directory; the next open succeeds and keeps the data.
    auto t = (*first)->GetTable("t");
    QVERIFY(!t.ok());
    RL_QVERIFY_OK((*first)->admin().CreateTable(SimpleTable("t")));
    RL_QVERIFY_OK((*(*first)->GetTable("t"))->Put(PutRow("r1", "v1")));
    RL_QVERIFY_OK((*first)->Close());
    QVERIFY((*first)->AdvertiseRestUrl("http://x").IsAborted());
    auto again = Cluster::Open(dir.path(), SmallCluster());
    RL_QVERIFY_OK(again.status());
    QCOMPARE(ScanRows(**(*again)->GetTable("t")), std::vector<std::string>{"r1"});
  }

  // Destroying a cluster without Close (as a failed open does) also drops the lock.
  void destroyedClusterReleasesTheLock() {
    TempDir dir;
    {
      auto c = Cluster::Open(dir.path(), SmallCluster());
      RL_QVERIFY_OK(c.status());
    }
    auto c = Cluster::Open(dir.path(), SmallCluster());
    RL_QVERIFY_OK(c.status());
  }

  // Another process holds the directory: refused with its pid; once it is
  // killed with SIGKILL the lock is gone, and what it acknowledged is there.
  void lockDiesWithItsProcess() {
    TempDir dir;
    int ready[2];
    QCOMPARE(::pipe(ready), 0);
    const pid_t pid = ::fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
      ::close(ready[0]);
      ClusterOptions o = SmallCluster();
      o.program_name = "lock-child";
      auto c = Cluster::Open(dir.path(), o);
      if (!c.ok()) ::_exit(3);
      if (!(*c)->admin().CreateTable(SimpleTable("t")).ok()) ::_exit(4);
      if (!(*(*c)->GetTable("t"))->Put(PutRow("acked", "1")).ok()) ::_exit(5);
      if (::write(ready[1], "k", 1) != 1) ::_exit(6);
      for (;;) ::pause();
    }
    ::close(ready[1]);
    char byte = 0;
    const bool child_ready = ::read(ready[0], &byte, 1) == 1;
    ::close(ready[0]);
    if (!child_ready) {
      int status = 0;
      ::waitpid(pid, &status, 0);
      QFAIL(qPrintable(QString("the child did not open the cluster (exit %1)").arg(WEXITSTATUS(status))));
    }
    const auto refused = Cluster::Open(dir.path(), SmallCluster());
    QVERIFY(refused.status().IsBusy());
    const std::string expected = "RegionLab (lock-child, pid " + std::to_string(pid) + ") has";
    QVERIFY2(refused.status().message().find(expected) != std::string::npos,
             refused.status().message().c_str());
    // Refused means untouched: the child's data is not replayed or moved.
    QVERIFY(KillChildAndReap(pid));
    auto opened = Cluster::Open(dir.path(), SmallCluster());
    RL_QVERIFY_OK(opened.status());
    QCOMPARE(ScanRows(**(*opened)->GetTable("t")), std::vector<std::string>{"acked"});
  }
};

QTEST_GUILESS_MAIN(DataDirLockTest)
#include "data_dir_lock_test.moc"
