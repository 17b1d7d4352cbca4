// Unit tests for engine/util/fault_injection_env: simulated power loss
// (unsynced bytes dropped, unsynced directory entries removed), dead handles
// after a simulated crash, injected write errors, and sync counters.
#include "util/fault_injection_env.h"

#include <QtTest>
#include <memory>

#include "support/test_util.h"
#include "util/env.h"

using namespace regionlab;
using regionlab::test::ReadAll;
using regionlab::test::TempDir;

// Opens `path` for writing through `env` as `var`, or fails the calling test.
#define OPEN_WRITABLE(var, env, path)         \
  auto var##_r = (env).NewWritableFile(path); \
  RL_QVERIFY_OK(var##_r.status());            \
  std::unique_ptr<WritableFile> var = std::move(var##_r).value()

class FaultInjectionEnvTest : public QObject {
  Q_OBJECT
 private slots:
  void dropUnsyncedDataKeepsSyncedPrefix() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const std::string a = dir.File("a.log");
    const std::string b = dir.File("b.log");
    {
      OPEN_WRITABLE(fa, env, a);
      RL_QVERIFY_OK(fa->Append("hello"));
      RL_QVERIFY_OK(fa->Sync());
      RL_QVERIFY_OK(fa->Append(" world"));
      RL_QVERIFY_OK(fa->Close());
      OPEN_WRITABLE(fb, env, b);
      RL_QVERIFY_OK(fb->Append("never synced"));
      RL_QVERIFY_OK(fb->Close());
    }
    QCOMPARE(ReadAll(a), std::string("hello world"));  // all bytes reached the file
    QCOMPARE(env.SyncedSize(a), quint64(5));
    QCOMPARE(env.SyncedSize(b), quint64(0));

    RL_QVERIFY_OK(env.DropUnsyncedData());
    QCOMPARE(ReadAll(a), std::string("hello"));
    QVERIFY(Env::Default()->FileExists(b));
    QCOMPARE(ReadAll(b), std::string());
  }

  // Content present before the Env saw a file counts as durable.
  void appendableFileKeepsOlderContent() {
    TempDir dir;
    const std::string path = dir.File("wal");
    RL_QVERIFY_OK(Env::Default()->WriteFileAtomically(path, "old|"));
    FaultInjectionEnv env(Env::Default());
    auto r = env.NewAppendableFile(path);
    RL_QVERIFY_OK(r.status());
    auto f = std::move(r).value();
    RL_QVERIFY_OK(f->Append("synced|"));
    RL_QVERIFY_OK(f->Sync());
    RL_QVERIFY_OK(f->Append("lost"));
    f.reset();
    QCOMPARE(ReadAll(path), std::string("old|synced|lost"));
    RL_QVERIFY_OK(env.DropUnsyncedData());
    QCOMPARE(ReadAll(path), std::string("old|synced|"));
  }

  // A handle open across the simulated crash is dead: it cannot write, and
  // closing it does not write back anything it had buffered.
  void handleOpenAcrossCrashIsDead() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const std::string path = dir.File("f");
    OPEN_WRITABLE(f, env, path);
    RL_QVERIFY_OK(f->Append("durable"));
    RL_QVERIFY_OK(f->Sync());
    RL_QVERIFY_OK(f->Append(std::string(1000, 'x')));
    RL_QVERIFY_OK(env.DropUnsyncedData());
    Status s = f->Append("more");
    QVERIFY(s.IsIOError());
    QVERIFY(s.message().find(path) != std::string::npos);
    QVERIFY(f->Sync().IsIOError());
    (void)f->Close();
    f.reset();
    QCOMPARE(ReadAll(path), std::string("durable"));
    // A new handle works again.
    OPEN_WRITABLE(g, env, path);
    RL_QVERIFY_OK(g->Append("again"));
    RL_QVERIFY_OK(g->Sync());
  }

  void removeFilesCreatedAfterLastDirSync() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const std::string sub = dir.File("region");
    RL_QVERIFY_OK(env.CreateDirs(sub));
    const std::string kept = JoinPath(sub, "kept");
    const std::string covered = JoinPath(sub, "covered");
    const std::string atomic = JoinPath(sub, "atomic");
    {
      OPEN_WRITABLE(f, env, kept);
      RL_QVERIFY_OK(f->Append("k"));
      RL_QVERIFY_OK(f->Sync());
    }
    RL_QVERIFY_OK(env.SyncDir(sub + "/"));  // trailing slash names the same directory
    {
      OPEN_WRITABLE(f, env, covered);
      RL_QVERIFY_OK(f->Append("c"));
      RL_QVERIFY_OK(f->Sync());  // data synced, directory entry not
    }
    // Temp file + sync + rename + directory sync: durable.
    RL_QVERIFY_OK(env.WriteFileAtomically(atomic, "a"));
    const std::string other = dir.File("other");
    {
      OPEN_WRITABLE(f, env, other);
      RL_QVERIFY_OK(f->Append("o"));
    }
    const std::string lost_later = JoinPath(sub, "lost-later");
    {
      OPEN_WRITABLE(f, env, lost_later);  // created after the atomic write's dir sync
    }

    RL_QVERIFY_OK(env.RemoveFilesCreatedAfterLastDirSync());
    QVERIFY(env.FileExists(kept));
    QVERIFY(env.FileExists(atomic));
    QCOMPARE(ReadAll(atomic), std::string("a"));
    // "covered" was created before the atomic write's SyncDir of the same
    // directory, which made its entry durable too.
    QVERIFY(env.FileExists(covered));
    QVERIFY(!env.FileExists(lost_later));
    QVERIFY(!env.FileExists(other));  // its directory was never synced
    QVERIFY(!env.FileExists(atomic + ".tmp"));
  }

  void renamedFileKeepsSyncedSize() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const std::string from = dir.File("from");
    const std::string to = dir.File("to");
    {
      OPEN_WRITABLE(f, env, from);
      RL_QVERIFY_OK(f->Append("abc"));
      RL_QVERIFY_OK(f->Sync());
      RL_QVERIFY_OK(f->Append("def"));
    }
    RL_QVERIFY_OK(env.RenameFile(from, to));
    QCOMPARE(env.SyncedSize(to), quint64(3));
    QCOMPARE(env.SyncedSize(from), quint64(0));
    RL_QVERIFY_OK(env.DropUnsyncedData());
    QCOMPARE(ReadAll(to), std::string("abc"));
  }

  void writeErrorFailsAppendAndSync() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const std::string path = dir.File("f");
    OPEN_WRITABLE(f, env, path);
    RL_QVERIFY_OK(f->Append("ok|"));
    env.SetWriteError(true);
    Status s = f->Append("fail");
    QVERIFY(s.IsIOError());
    QVERIFY(s.message().find(path) != std::string::npos);
    QVERIFY(f->Sync().IsIOError());
    env.SetWriteError(false);
    RL_QVERIFY_OK(f->Append("ok again"));
    RL_QVERIFY_OK(f->Sync());
    RL_QVERIFY_OK(f->Close());
    QCOMPARE(ReadAll(path), std::string("ok|ok again"));
  }

  void failAfterWrites() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const std::string path = dir.File("f");
    OPEN_WRITABLE(f, env, path);
    env.FailAfterWrites(2);
    RL_QVERIFY_OK(f->Append("1"));
    RL_QVERIFY_OK(f->Append("2"));
    RL_QVERIFY_OK(f->Sync());  // the disk has not failed yet
    QVERIFY(f->Append("3").IsIOError());
    QVERIFY(f->Append("4").IsIOError());  // and stays failed
    QVERIFY(f->Sync().IsIOError());
    RL_QVERIFY_OK(f->Close());
    QCOMPARE(ReadAll(path), std::string("12"));
    env.SetWriteError(false);
    OPEN_WRITABLE(g, env, path);
    RL_QVERIFY_OK(g->Append("fresh"));
  }

  // Injected ENOSPC and EIO hit only the chosen operations on the chosen
  // paths, say what the operating system says, write nothing, and stop once
  // the faults are cleared.
  void injectedFaultsHitChosenOperations() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const std::string wal = dir.File("wal-1.log"), other = dir.File("other");
    OPEN_WRITABLE(w, env, wal);
    OPEN_WRITABLE(o, env, other);
    env.InjectFault(kFaultAppend, FaultKind::kNoSpace, "wal-");
    const Status full = w->Append("x");
    QVERIFY(full.IsIOError());
    QCOMPARE(full.message(), wal + " (append): No space left on device");
    RL_QVERIFY_OK(w->Sync());          // only appends were chosen
    RL_QVERIFY_OK(o->Append("fine"));  // and only that path
    env.InjectFault(kFaultSync | kFaultCreate | kFaultRename | kFaultSyncDir, FaultKind::kIOError);
    QCOMPARE(o->Sync().message(), other + " (sync): Input/output error");
    QVERIFY(env.NewWritableFile(dir.File("new")).status().IsIOError());
    QVERIFY(env.RenameFile(other, dir.File("moved")).IsIOError());
    QVERIFY(env.SyncDir(dir.path()).IsIOError());
    QVERIFY(Env::Default()->FileExists(other));  // the rename did nothing
    QCOMPARE(env.InjectedFailures(), uint64_t(5));
    env.ClearFaults();
    RL_QVERIFY_OK(w->Append("y"));
    RL_QVERIFY_OK(o->Sync());
    RL_QVERIFY_OK(w->Close());
    RL_QVERIFY_OK(o->Close());
    QCOMPARE(ReadAll(wal), std::string("y"));
  }

  // A file abandoned after a failed write keeps only its first bytes.
  void abandonAfterCutsTheFile() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const std::string path = dir.File("f");
    OPEN_WRITABLE(f, env, path);
    RL_QVERIFY_OK(f->Append("kept|"));
    RL_QVERIFY_OK(f->Append("refused"));
    RL_QVERIFY_OK(f->AbandonAfter(5));
    QCOMPARE(ReadAll(path), std::string("kept|"));
    auto mapped = Env::Default()->NewMappedFile(dir.File("m"));
    RL_QVERIFY_OK(mapped.status());
    RL_QVERIFY_OK((*mapped)->Append("kept|refused"));
    RL_QVERIFY_OK((*mapped)->AbandonAfter(5));
    QCOMPARE(ReadAll(dir.File("m")), std::string("kept|"));
  }

  void syncCounters() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    QCOMPARE(env.SyncCount(), quint64(0));
    OPEN_WRITABLE(f, env, dir.File("f"));
    for (int i = 0; i < 3; ++i) {
      RL_QVERIFY_OK(f->Append("x"));
      RL_QVERIFY_OK(f->Sync());
    }
    env.SetWriteError(true);
    QVERIFY(!f->Sync().ok());  // failed syncs are not counted
    env.SetWriteError(false);
    QCOMPARE(env.SyncCount(), quint64(3));
    QCOMPARE(env.DirSyncCount(), quint64(0));
    RL_QVERIFY_OK(env.SyncDir(dir.path()));
    QCOMPARE(env.DirSyncCount(), quint64(1));
    // WriteFileAtomically: one file sync and one directory sync.
    RL_QVERIFY_OK(env.WriteFileAtomically(dir.File("g"), "g"));
    QCOMPARE(env.SyncCount(), quint64(4));
    QCOMPARE(env.DirSyncCount(), quint64(2));
  }

  void removedFilesAreForgotten() {
    TempDir dir;
    FaultInjectionEnv env(Env::Default());
    const std::string sub = dir.File("d");
    RL_QVERIFY_OK(env.CreateDirs(sub));
    const std::string f1 = JoinPath(sub, "f1");
    {
      OPEN_WRITABLE(f, env, f1);
      RL_QVERIFY_OK(f->Append("abc"));
    }
    RL_QVERIFY_OK(env.RemoveDirRecursive(sub));
    // Recreating the file outside the Env: the old (unsynced) state must not
    // be applied to it.
    RL_QVERIFY_OK(Env::Default()->CreateDirs(sub));
    RL_QVERIFY_OK(Env::Default()->WriteFileAtomically(f1, "outside"));
    RL_QVERIFY_OK(env.DropUnsyncedData());
    RL_QVERIFY_OK(env.RemoveFilesCreatedAfterLastDirSync());
    QCOMPARE(ReadAll(f1), std::string("outside"));
  }
};

QTEST_GUILESS_MAIN(FaultInjectionEnvTest)
#include "fault_injection_env_test.moc"
