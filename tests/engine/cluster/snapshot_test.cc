// Snapshots through the shell and the Admin API: snapshot (flushing an
// enabled table), list_snapshots / list_table_snapshots with Java regexes,
// clone_snapshot, restore_snapshot (disabled tables only), delete_snapshot;
// the store files are hard links (one inode, never a copy) that outlive
// compactions, drops and the deletion of the snapshot while anything
// refers to them.
#include <sys/stat.h>

#include <QDirIterator>
#include <QRegularExpression>
#include <QtTest>

#include "engine/shell/shell_test_util.h"
#include "util/clock.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

QString Text(const shell::StatementResult& r) { return QString::fromStdString(r.output); }

// Every store file under `dir`, with its inode.
std::map<std::string, ino_t> Inodes(const std::string& dir) {
  std::map<std::string, ino_t> out;
  QDirIterator it(QString::fromStdString(dir), {"*.sf"}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const std::string path = it.next().toStdString();
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) out[path] = st.st_ino;
  }
  return out;
}

std::set<ino_t> InodeSet(const std::map<std::string, ino_t>& m) {
  std::set<ino_t> s;
  for (const auto& [p, i] : m) s.insert(i);
  return s;
}

}  // namespace

class SnapshotTest : public QObject {
  Q_OBJECT
 private slots:
  void snapshotCloneRestoreDelete() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    const std::string data = fx.dir().path();
    std::string setup = "create 't', {NAME => 'f', COMPRESSION => 'GZ'}, SPLITS => ['m']\n";
    for (int i = 0; i < 40; ++i) {
      setup += "put 't', 'r" + std::to_string(100 + i * 10) + "', 'f:q', 'v" + std::to_string(i) + "'\n";
    }
    for (const auto& r : fx.Run(setup)) QVERIFY2(r.ok, r.error.c_str());
    // The rows are only in the memstores: the snapshot flushes them first.
    auto r = fx.Last("snapshot 't', 's1'");
    QVERIFY2(r.ok, r.error.c_str());
    const auto snap_files = Inodes(data + "/.hbase-snapshot/s1");
    const auto table_files = Inodes(data + "/data/default/t");
    QVERIFY(!snap_files.empty());
    QCOMPARE(InodeSet(snap_files), InodeSet(table_files));  // links, not copies

    // HBase's listing.
    const QString listed = Text(fx.Last("list_snapshots"));
    QVERIFY2(listed.startsWith("SNAPSHOT"), qPrintable(listed));
    QVERIFY2(listed.contains("TABLE + CREATION TIME + TTL(Sec)"), qPrintable(listed));
    QVERIFY2(listed.contains(QRegularExpression(
                 "\\n s1\\s+t \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d [+-]\\d{4}\\) FOREVER\\n")),
             qPrintable(listed));
    QVERIFY(listed.contains("1 row(s)"));
    QVERIFY(listed.contains("=> [\"s1\"]"));

    // The table goes on: overwrite, add, delete, compact, drop nothing yet.
    std::string more;
    for (int i = 0; i < 40; ++i) {
      more += "put 't', 'r" + std::to_string(100 + i * 10) + "', 'f:q', 'new" + std::to_string(i) + "'\n";
    }
    more += "put 't', 'zzz', 'f:q', 'late'\ndeleteall 't', 'r100'\nflush 't'\nmajor_compact 't'";
    for (const auto& res : fx.Run(more)) QVERIFY2(res.ok, res.error.c_str());
    RL_QVERIFY_OK(fx.cluster().WaitForBackgroundWork());
    // The compaction removed the table's names for the old files; the
    // snapshot's names keep them.
    for (const auto& [path, inode] : snap_files) {
      QVERIFY2(QFileInfo::exists(QString::fromStdString(path)), path.c_str());
      QVERIFY(InodeSet(Inodes(data + "/data/default/t")).count(inode) == 0);
    }

    // clone_snapshot: a new table with the snapshot's rows and schema.
    r = fx.Last("clone_snapshot 's1', 'copy'");
    QVERIFY2(r.ok, r.error.c_str());
    const QJsonObject copy = fx.Json("scan 'copy'");
    QCOMPARE(copy.value("rows").toInt(), 40);
    QVERIFY(CellSummary(copy)[0].startsWith("r100/f:q=v0@"));
    QVERIFY(Text(fx.Last("describe 'copy'")).contains("COMPRESSION => 'GZ'"));
    QCOMPARE(fx.Json("get_splits 'copy'").value("splits").toArray().size(), 1);
    QCOMPARE(InodeSet(Inodes(data + "/data/default/copy")), InodeSet(snap_files));

    // restore_snapshot needs the table disabled.
    r = fx.Last("restore_snapshot 's1'");
    QVERIFY(!r.ok);
    QVERIFY2(r.error.find("org.apache.hadoop.hbase.TableNotDisabledException: t") != std::string::npos,
             r.error.c_str());
    for (const auto& res : fx.Run("disable 't'\nrestore_snapshot 's1'")) QVERIFY2(res.ok, res.error.c_str());
    QVERIFY(Text(fx.Last("is_disabled 't'")).contains("true"));
    for (const auto& res : fx.Run("enable 't'")) QVERIFY2(res.ok, res.error.c_str());
    const QJsonObject restored = fx.Json("scan 't'");
    QCOMPARE(restored.value("rows").toInt(), 40);  // 'zzz' and the delete are gone, r100 is back
    QVERIFY(CellSummary(restored)[0].startsWith("r100/f:q=v0@"));
    QVERIFY(CellSummary(restored)[39].startsWith("r490/f:q=v39@"));

    // delete_snapshot: the clone and the restored table keep their files.
    r = fx.Last("delete_snapshot 's1'");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY(!QFileInfo::exists(QString::fromStdString(data + "/.hbase-snapshot/s1")));
    QCOMPARE(fx.Json("count 'copy'").value("count").toInt(), 40);
    QCOMPARE(fx.Json("count 't'").value("count").toInt(), 40);
    QVERIFY(Text(fx.Last("list_snapshots")).contains("0 row(s)"));
  }

  void errorsAsHBaseGivesThem() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    for (const auto& r : fx.Run("create 't', 'f'\nput 't', 'a', 'f:q', '1'\nsnapshot 't', 'snap'")) {
      QVERIFY2(r.ok, r.error.c_str());
    }
    struct Case {
      const char* statement;
      const char* error;
    };
    for (const Case& c : std::initializer_list<Case>{
             {"snapshot 't', 'snap'",
              "org.apache.hadoop.hbase.snapshot.SnapshotExistsException: Snapshot 'snap' already "
              "stored on the filesystem."},
             {"snapshot 'nope', 'x'", "Unknown table nope!"},
             {"snapshot 't', 'a:b'",
              "Illegal character code:58, <:> at 1. Snapshot qualifiers may only contain "
              "'alphanumeric characters' and digits: a:b"},
             {"clone_snapshot 'missing', 't2'",
              "org.apache.hadoop.hbase.snapshot.SnapshotDoesNotExistException: Snapshot 'missing' "
              "doesn't exist on the filesystem"},
             {"clone_snapshot 'snap', 't'", "Table already exists: t!"},
             {"delete_snapshot 'missing'",
              "org.apache.hadoop.hbase.snapshot.SnapshotDoesNotExistException: Snapshot 'missing' "
              "doesn't exist on the filesystem"},
             {"list_snapshots 'a(b'", "invalid pattern 'a(b'"},
         }) {
      const auto r = fx.Last(c.statement);
      QVERIFY2(!r.ok, c.statement);
      QVERIFY2(r.error.find(c.error) != std::string::npos, (r.error + " <- " + c.statement).c_str());
    }
  }

  // Java regexes over the whole name, through the filter language's engine.
  void listingsFilterByJavaRegex() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    for (const auto& r : fx.Run("create 'orders', 'f'\ncreate 'users', 'f'\n"
                                "create_namespace 'ns1'\ncreate 'ns1:orders', 'f'\n"
                                "snapshot 'orders', 'orders_2024'\nsnapshot 'orders', 'orders_2025'\n"
                                "snapshot 'users', 'users_1'\nsnapshot 'ns1:orders', 'ns_orders'")) {
      QVERIFY2(r.ok, r.error.c_str());
    }
    auto names = [&](const std::string& statement) {
      QStringList out;
      for (const auto& v : fx.Json(statement).value("snapshots").toArray()) {
        out << v.toObject().value("name").toString();
      }
      return out;
    };
    QCOMPARE(names("list_snapshots"),
             (QStringList{"orders_2024", "orders_2025", "users_1", "ns_orders"}));
    QCOMPARE(names("list_snapshots 'orders_\\d{4}'"), (QStringList{"orders_2024", "orders_2025"}));
    QCOMPARE(names("list_snapshots 'orders'"), QStringList{});  // the whole name must match
    QCOMPARE(names("list_snapshots '(?i)USERS_.*'"), QStringList{"users_1"});
    QCOMPARE(names("list_table_snapshots 'orders'"), (QStringList{"orders_2024", "orders_2025"}));
    QCOMPARE(names("list_table_snapshots 'ns1:.*'"), QStringList{"ns_orders"});
    QCOMPARE(names("list_table_snapshots '.*orders', '.*5'"), QStringList{"orders_2025"});
    const QString text = Text(fx.Last("list_table_snapshots 'users'"));
    QVERIFY2(text.contains("TABLE + CREATION TIME\n"), qPrintable(text));
    // list and list_namespace take the same syntax.
    QCOMPARE(fx.Json("list 'o\\w+'").value("tables").toArray().size(), 1);
    QCOMPARE(fx.Json("list_namespace 'ns\\d'").value("namespaces").toArray().size(), 1);
  }

  // A dropped table comes back from its snapshot (HBase clones it), and
  // a snapshot of a disabled table needs no flush.
  void restoreOfADroppedTableClonesIt() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    for (const auto& r : fx.Run("create 'gone', 'f', 'g'\nput 'gone', 'a', 'f:q', '1'\n"
                                "put 'gone', 'b', 'g:q', '2'\ndisable 'gone'\n"
                                "snapshot 'gone', 'before'\ndrop 'gone'\n"
                                "restore_snapshot 'before'")) {
      QVERIFY2(r.ok, r.error.c_str());
    }
    QCOMPARE(fx.Json("count 'gone'").value("count").toInt(), 2);
    QVERIFY(Text(fx.Last("is_enabled 'gone'")).contains("true"));
  }

  // A snapshot's TTL (HBase's): once passed, clone and restore refuse it.
  void expiredSnapshotsAreRefused() {
    TempDir dir;
    ManualClock clock(1700000000000);
    ClusterOptions options = SmallCluster();
    options.clock = &clock;
    auto c = Cluster::Open(dir.path(), options);
    RL_QVERIFY_OK(c.status());
    Admin& admin = (*c)->admin();
    RL_QVERIFY_OK(admin.CreateTable(SimpleTable("t")));
    RL_QVERIFY_OK(admin.Snapshot("t", "short", /*skip_flush=*/false, /*ttl_seconds=*/60));
    RL_QVERIFY_OK(admin.CloneSnapshot("short", "c1"));
    clock.Advance(61 * 1000);
    const Status s = admin.CloneSnapshot("short", "c2");
    QVERIFY2(s.message().find("SnapshotTTLExpiredException: TTL for snapshot 'short' has already "
                              "expired.") != std::string::npos,
             s.ToString().c_str());
    auto list = admin.ListSnapshots();
    RL_QVERIFY_OK(list.status());
    QCOMPARE(list->at(0).ttl_seconds, int64_t(60));
    RL_QVERIFY_OK(admin.DeleteSnapshot("short"));
    RL_QVERIFY_OK((*c)->Close());
  }

  // Snapshots, clones and restores survive a clean close and reopen.
  void survivesReopen() {
    TempDir dir;
    {
      auto c = Cluster::Open(dir.path(), SmallCluster());
      RL_QVERIFY_OK(c.status());
      Admin& admin = (*c)->admin();
      RL_QVERIFY_OK(admin.CreateTable(SimpleTable("t"), {"k"}));
      auto t = (*c)->GetTable("t");
      for (int i = 0; i < 30; ++i) RL_QVERIFY_OK((*t)->Put(PutRow("r" + std::to_string(i), "v")));
      RL_QVERIFY_OK(admin.Snapshot("t", "s"));
      RL_QVERIFY_OK(admin.CloneSnapshot("s", "c"));
      RL_QVERIFY_OK((*c)->Close());
    }
    auto c = Cluster::Open(dir.path(), SmallCluster());
    RL_QVERIFY_OK(c.status());
    auto list = (*c)->admin().ListSnapshots();
    RL_QVERIFY_OK(list.status());
    QCOMPARE(list->size(), size_t(1));
    QCOMPARE(list->at(0).table, std::string("t"));
    QCOMPARE(list->at(0).regions, size_t(2));
    QVERIFY(list->at(0).files >= 1);  // the rows all sort after the split key
    QVERIFY(list->at(0).bytes > 0);
    auto clone = (*c)->GetTable("c");
    RL_QVERIFY_OK(clone.status());
    QCOMPARE(ScanRows(**clone).size(), size_t(30));
  }
};

QTEST_GUILESS_MAIN(SnapshotTest)
#include "snapshot_test.moc"
