// Catalog files from elsewhere: a version-1 catalog written by hand is
// migrated; a failed migration changes nothing; a newer catalog, a foreign
// SQLite database and files that are not SQLite at all are refused with a
// clean error naming the file.
#include <sqlite3.h>

#include <QtTest>

#include "catalog/catalog_schema.h"
#include "catalog_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// The schema a version-1 RegionLab wrote, spelled out independently of the
// migration code so that a change to step 1 shows up here.
constexpr const char* kV1Schema = R"sql(
CREATE TABLE namespaces (name TEXT PRIMARY KEY NOT NULL) STRICT;
CREATE TABLE namespace_properties (
  namespace TEXT NOT NULL REFERENCES namespaces(name) ON DELETE CASCADE,
  key BLOB NOT NULL, value BLOB NOT NULL, PRIMARY KEY (namespace, key)) STRICT, WITHOUT ROWID;
CREATE TABLE tables (
  id INTEGER PRIMARY KEY, namespace TEXT NOT NULL REFERENCES namespaces(name),
  name TEXT NOT NULL, state TEXT NOT NULL CHECK (state IN ('ENABLED', 'DISABLED')),
  max_file_size INTEGER NOT NULL, memstore_flush_size INTEGER NOT NULL,
  split_policy TEXT NOT NULL,
  durability TEXT NOT NULL
    CHECK (durability IN ('USE_DEFAULT', 'SKIP_WAL', 'ASYNC_WAL', 'SYNC_WAL', 'FSYNC_WAL')),
  owner TEXT NOT NULL, created_ms INTEGER NOT NULL, UNIQUE (namespace, name)) STRICT;
CREATE TABLE table_properties (
  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('METADATA', 'CONFIGURATION')),
  key BLOB NOT NULL, value BLOB NOT NULL, PRIMARY KEY (table_id, kind, key)) STRICT, WITHOUT ROWID;
CREATE TABLE families (
  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  name TEXT NOT NULL, ordinal INTEGER NOT NULL, versions INTEGER NOT NULL,
  min_versions INTEGER NOT NULL, ttl_seconds INTEGER NOT NULL,
  keep_deleted_cells INTEGER NOT NULL CHECK (keep_deleted_cells IN (0, 1)),
  bloomfilter TEXT NOT NULL CHECK (bloomfilter IN ('NONE', 'ROW', 'ROWCOL')),
  compression TEXT NOT NULL CHECK (compression IN ('NONE', 'SNAPPY')),
  blockcache INTEGER NOT NULL CHECK (blockcache IN (0, 1)),
  in_memory INTEGER NOT NULL CHECK (in_memory IN (0, 1)),
  blocksize INTEGER NOT NULL, PRIMARY KEY (table_id, name)) STRICT, WITHOUT ROWID;
CREATE TABLE family_configuration (
  table_id INTEGER NOT NULL, family TEXT NOT NULL, key BLOB NOT NULL, value BLOB NOT NULL,
  PRIMARY KEY (table_id, family, key),
  FOREIGN KEY (table_id, family) REFERENCES families(table_id, name) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE TABLE regions (
  encoded_name TEXT PRIMARY KEY NOT NULL,
  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  start_key BLOB NOT NULL, end_key BLOB NOT NULL, region_id INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('OFFLINE', 'OPENING', 'OPEN', 'CLOSING', 'CLOSED',
                                       'SPLITTING', 'SPLIT', 'MERGING', 'MERGED')),
  server TEXT NOT NULL) STRICT;
CREATE UNIQUE INDEX regions_by_name ON regions (table_id, start_key, region_id);
CREATE TABLE region_parents (
  region TEXT NOT NULL REFERENCES regions(encoded_name) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL, parent TEXT NOT NULL, PRIMARY KEY (region, ordinal)
) STRICT, WITHOUT ROWID;
CREATE TABLE history (
  id INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL, kind TEXT NOT NULL,
  table_name TEXT NOT NULL, split_key BLOB NOT NULL, cause TEXT NOT NULL,
  size_bytes INTEGER NOT NULL, threshold_bytes INTEGER NOT NULL) STRICT;
CREATE INDEX history_by_table ON history (table_name, time_ms);
CREATE TABLE history_regions (
  history_id INTEGER NOT NULL REFERENCES history(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('parent', 'daughter')),
  ordinal INTEGER NOT NULL, encoded_name TEXT NOT NULL,
  PRIMARY KEY (history_id, role, ordinal)) STRICT, WITHOUT ROWID;
CREATE TABLE server_events (
  id INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL, server TEXT NOT NULL, kind TEXT NOT NULL,
  region TEXT NOT NULL, from_server TEXT NOT NULL, to_server TEXT NOT NULL,
  detail TEXT NOT NULL) STRICT;
CREATE INDEX server_events_by_time ON server_events (time_ms);
INSERT INTO namespaces (name) VALUES ('default'), ('hbase');
)sql";

// A split table as a version-1 RegionLab left it: parent p (state SPLIT)
// and daughters pa, pb.
constexpr const char* kV1Data = R"sql(
INSERT INTO namespaces VALUES ('legacy');
INSERT INTO namespace_properties VALUES ('legacy', X'6B', X'76');
INSERT INTO tables VALUES (7, 'legacy', 'orders', 'DISABLED', 1073741824, 67108864,
  'org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy', 'SKIP_WAL', 'carol', 42);
INSERT INTO table_properties VALUES (7, 'METADATA', X'6D00', X'FF'), (7, 'CONFIGURATION', X'63', X'31');
INSERT INTO families VALUES (7, 'd', 0, 3, 1, 600, 1, 'ROWCOL', 'SNAPPY', 0, 1, 8192);
INSERT INTO families VALUES (7, 'a', 1, 1, 0, 2147483647, 0, 'ROW', 'NONE', 1, 0, 65536);
INSERT INTO family_configuration VALUES (7, 'd', X'6B6B', X'7676');
INSERT INTO regions VALUES ('p', 7, X'', X'', 1, 'SPLIT', '');
INSERT INTO regions VALUES ('pa', 7, X'', X'6B00', 2, 'OPEN', 'rs1,16020,1');
INSERT INTO regions VALUES ('pb', 7, X'6B00', X'', 2, 'OPEN', 'rs2,16020,1');
INSERT INTO region_parents VALUES ('pa', 0, 'p'), ('pb', 0, 'p');
INSERT INTO history VALUES (1, 2, 'split', 'legacy:orders', X'6B00',
  'org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy', 2000, 1024);
INSERT INTO history_regions VALUES (1, 'parent', 0, 'p'), (1, 'daughter', 0, 'pa'),
  (1, 'daughter', 1, 'pb');
INSERT INTO server_events VALUES (1, 3, 'rs1,16020,1', 'region assigned', 'pa', '', 'rs1,16020,1', '');
)sql";

// Runs SQL on a file with SQLite directly; "" on success, else the error.
std::string RawExec(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    std::string err = sqlite3_errmsg(db);
    sqlite3_close(db);
    return err;
  }
  char* err = nullptr;
  std::string out;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    out = err != nullptr ? err : "error";
  }
  sqlite3_free(err);
  sqlite3_close(db);
  return out;
}

// The text of every row of a query, joined with '|' and '\n'.
std::string RawQuery(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  std::string out;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK) {
      while (sqlite3_step(stmt) == SQLITE_ROW) {
        for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
          const unsigned char* text = sqlite3_column_text(stmt, i);
          out += text != nullptr ? reinterpret_cast<const char*>(text) : "NULL";
          out += '|';
        }
        out += '\n';
      }
    } else {
      out = std::string("prepare failed: ") + sqlite3_errmsg(db);
    }
    sqlite3_finalize(stmt);
  }
  sqlite3_close(db);
  return out;
}

std::string WriteV1(const TempDir& dir, const char* name, const std::string& extra_sql = "") {
  const std::string path = dir.File(name);
  // Appended piece by piece: GCC 12 warns (falsely) about a chain of operator+.
  std::string sql = "PRAGMA journal_mode = WAL; BEGIN;";
  sql += kV1Schema;
  sql += kV1Data;
  sql += extra_sql;
  sql += "PRAGMA application_id = " + std::to_string(kCatalogApplicationId);
  sql += "; PRAGMA user_version = 1; COMMIT;";
  const std::string err = RawExec(path, sql);
  if (!err.empty()) qWarning("writing the v1 catalog failed: %s", err.c_str());
  return path;
}

std::string WithoutSpace(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c != ' ' && c != '\n' && c != '\t') out += c;
  }
  return out;
}

constexpr const char* kSchemaQuery =
    "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name";

}  // namespace

class CatalogMigrationTest : public QObject {
  Q_OBJECT

 private slots:
  void migratesHandWrittenVersion1() {
    TempDir dir;
    const std::string path = WriteV1(dir, "v1.db");
    QCOMPARE(RawQuery(path, "PRAGMA user_version"), std::string("1|\n"));
    {
      auto cat = Catalog::Open(path);
      RL_QVERIFY_OK(cat.status());
      QCOMPARE((*cat)->OpenedFromVersion(), 1);
      QCOMPARE((*cat)->SchemaVersion(), kCatalogSchemaVersion);

      auto t = (*cat)->GetTable("legacy:orders");
      RL_QVERIFY_OK(t.status());
      QVERIFY(!t->enabled);
      QCOMPARE(t->max_file_size, uint64_t(1) << 30);
      QCOMPARE(int(t->durability), int(Durability::kSkipWal));
      QCOMPARE(t->owner, std::string("carol"));
      QCOMPARE(t->created_ms, int64_t(42));
      QCOMPARE(t->metadata.at(std::string("m\x00", 2)), std::string("\xff"));
      QCOMPARE(t->families.size(), size_t(2));
      QCOMPARE(t->families[0].name, std::string("d"));
      QCOMPARE(t->families[0].ttl_seconds, int64_t(600));
      QVERIFY(t->families[0].bloom == BloomType::kRowCol);
      QCOMPARE(t->families[0].configuration.at("kk"), std::string("vv"));
      QCOMPARE(t->families[1].name, std::string("a"));
      // Step 6 rebuilt the family tables: codecs kept, no COMPRESSION_COMPACT,
      // encoding NONE; every codec and encoding can be stored from now on.
      QCOMPARE(int(t->families[0].compression), int(Compression::kSnappy));
      QVERIFY(!t->families[0].compaction_compression.has_value());
      QCOMPARE(int(t->families[0].data_block_encoding), int(DataBlockEncoding::kNone));
      {
        TableDescriptor altered = *t;
        altered.families[0].compression = Compression::kLzo;
        altered.families[0].compaction_compression = Compression::kZstd;
        altered.families[1].data_block_encoding = DataBlockEncoding::kRowIndexV1;
        RL_QVERIFY_OK((*cat)->UpdateTable(altered));
        auto back = (*cat)->GetTable("legacy:orders");
        RL_QVERIFY_OK(back.status());
        CompareTables(*back, altered);
        QCOMPARE(back->families[0].configuration.at("kk"), std::string("vv"));
        RL_QVERIFY_OK((*cat)->UpdateTable(*t));
      }

      // Step 3 marked the SPLIT region as a split parent.
      auto online = (*cat)->ListRegions("legacy:orders");
      RL_QVERIFY_OK(online.status());
      QCOMPARE(online->size(), size_t(2));
      QCOMPARE(online->at(0).encoded_name, std::string("pa"));
      QCOMPARE(online->at(1).start_key, std::string("k\x00", 2));
      QCOMPARE(online->at(1).parents, std::vector<std::string>{"p"});
      auto parent = (*cat)->GetRegion("p");
      RL_QVERIFY_OK(parent.status());
      QVERIFY(parent->split_parent);
      QVERIFY(!(*cat)->GetRegion("pa")->split_parent);

      auto history = (*cat)->ListHistory("legacy:orders");
      RL_QVERIFY_OK(history.status());
      QCOMPARE(history->size(), size_t(1));
      QCOMPARE(history->at(0).daughters, (std::vector<std::string>{"pa", "pb"}));
      QCOMPARE(history->at(0).size_bytes, uint64_t(2000));
      // Step 5: history written before it has no key ranges; new history has.
      QVERIFY(history->at(0).parent_ranges.empty());
      QVERIFY(history->at(0).daughter_ranges.empty());
      HistoryRecord merge;
      merge.time_ms = 3000;
      merge.kind = kHistoryMerge;
      merge.table = "legacy:orders";
      merge.parents = {"pa", "pb"};
      merge.parent_ranges = {{"", std::string("k\x00", 2)}, {std::string("k\x00", 2), ""}};
      merge.daughters = {"pm"};
      merge.daughter_ranges = {{"", ""}};
      merge.cause = kCauseMerge;
      RL_QVERIFY_OK((*cat)->AddHistory(merge));
      auto after = (*cat)->ListHistory("legacy:orders");
      RL_QVERIFY_OK(after.status());
      QCOMPARE(after->size(), size_t(2));
      QVERIFY(after->at(0).daughter_ranges.empty());
      QCOMPARE(after->at(1).parent_ranges, merge.parent_ranges);
      QCOMPARE(after->at(1).daughter_ranges, merge.daughter_ranges);
      QCOMPARE((*cat)->ListServerEvents(0, 0)->size(), size_t(1));
      auto ns = (*cat)->GetNamespace("legacy");
      RL_QVERIFY_OK(ns.status());
      QCOMPARE(ns->at("k"), std::string("v"));

      // Step 7's snapshot tables work, the descriptor kept whole.
      {
        SnapshotRecord snap;
        snap.name = "orders_then";
        snap.table = "legacy:orders";
        snap.created_ms = 77;
        snap.descriptor = *t;
        snap.regions = {{"pa", "", std::string("k\x00", 2), 2, {{"d", {"000000000001.sf", "000000000003.sf"}}}},
                        {"pb", std::string("k\x00", 2), "", 2, {}}};
        RL_QVERIFY_OK((*cat)->AddSnapshot(snap));
        auto back = (*cat)->GetSnapshot("orders_then");
        RL_QVERIFY_OK(back.status());
        QCOMPARE(back->table, snap.table);
        QCOMPARE(back->created_ms, int64_t(77));
        QVERIFY(back->regions == snap.regions);
        CompareTables(back->descriptor, snap.descriptor);
        QVERIFY((*cat)->AddSnapshot(snap).message().find("SnapshotExistsException") != std::string::npos);
        RL_QVERIFY_OK((*cat)->DeleteSnapshot("orders_then"));
        QVERIFY((*cat)->GetSnapshot("orders_then").status().IsNotFound());
      }

      // Step 2's tables work.
      RL_QVERIFY_OK((*cat)->AppendMetrics({{1, "region", "pa", "reads", 5}}));
      RL_QVERIFY_OK((*cat)->BeginOperation("merge", "pa+pb", 10).status());
      RL_QVERIFY_OK((*cat)->CheckIntegrity());
    }
    QCOMPARE(RawQuery(path, "PRAGMA user_version"), std::to_string(kCatalogSchemaVersion) + "|\n");
    auto again = Catalog::Open(path);
    RL_QVERIFY_OK(again.status());
    QCOMPARE((*again)->OpenedFromVersion(), kCatalogSchemaVersion);
    QCOMPARE((*again)->ListUnfinishedOperations()->size(), size_t(1));

    // A migrated catalog has exactly the schema of a new one (up to the
    // layout of the SQL text).
    const std::string fresh = dir.File("fresh.db");
    RL_QVERIFY_OK(Catalog::Open(fresh).status());
    QCOMPARE(WithoutSpace(RawQuery(path, kSchemaQuery)),
             WithoutSpace(RawQuery(fresh, kSchemaQuery)));
  }

  // A version-3 catalog (before rowkey schemes and history key ranges)
  // gains the schemes table and the ranges' columns, and keeps its tables;
  // a scheme saved afterwards survives a reopen.
  void migratesVersion3AddingSchemes() {
    TempDir dir;
    const std::string path = dir.File("v3.db");
    {
      auto cat = Catalog::Open(path);
      RL_QVERIFY_OK(cat.status());
      RL_QVERIFY_OK((*cat)->CreateTable(MakeTable("default", "t"), TileRegions("t", {"m"}, "r"), 5));
    }
    QCOMPARE(RawExec(path,
                     "DROP TABLE snapshot_files; DROP TABLE snapshot_regions; DROP TABLE snapshots; "
                     "DROP TABLE rowkey_schemes; "
                     "ALTER TABLE history_regions DROP COLUMN start_key; "
                     "ALTER TABLE history_regions DROP COLUMN end_key; PRAGMA user_version = 3;"),
             std::string());
    {
      auto cat = Catalog::Open(path);
      RL_QVERIFY_OK(cat.status());
      QCOMPARE((*cat)->OpenedFromVersion(), 3);
      QCOMPARE((*cat)->ListRegions("t")->size(), size_t(2));
      QVERIFY((*cat)->ListSchemes()->empty());
      RL_QVERIFY_OK((*cat)->SaveScheme("s", "{}", 7));
      // The pre-split's history row lost its ranges with the columns.
      auto history = (*cat)->ListHistory("t");
      RL_QVERIFY_OK(history.status());
      QCOMPARE(history->size(), size_t(1));
      QCOMPARE(history->at(0).daughters.size(), size_t(2));
      QVERIFY(history->at(0).daughter_ranges.empty());
    }
    QCOMPARE(RawQuery(path, "PRAGMA user_version"), std::to_string(kCatalogSchemaVersion) + "|\n");
    QCOMPARE(RawQuery(path, "SELECT name, document, revision FROM rowkey_schemes"),
             std::string("s|{}|1|\n"));
    const std::string fresh = dir.File("fresh.db");
    RL_QVERIFY_OK(Catalog::Open(fresh).status());
    QCOMPARE(WithoutSpace(RawQuery(path, kSchemaQuery)),
             WithoutSpace(RawQuery(fresh, kSchemaQuery)));
  }

  // A v1 file whose region points at a missing table (SQLite enforces
  // foreign keys only when asked): the migration's check fails and rolls
  // back, leaving the file a v1 catalog.
  void failedMigrationChangesNothing() {
    TempDir dir;
    const std::string path = WriteV1(
        dir, "bad.db", "INSERT INTO regions VALUES ('orphan', 99, X'', X'', 1, 'OPEN', '');");
    auto cat = Catalog::Open(path);
    QVERIFY(cat.status().IsCorruption());
    QVERIFY2(FailsWith(cat.status(), "catalog " + path +
                                         ": Open: migrate schema: a row of table "
                                         "'regions' (rowid"),
             cat.status().ToString().c_str());
    QVERIFY(FailsWith(cat.status(), "references a missing row of 'tables'"));
    QCOMPARE(RawQuery(path, "PRAGMA user_version"), std::string("1|\n"));
    QCOMPARE(RawQuery(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'operations'"),
             std::string("0|\n"));
  }

  void newerCatalogIsRefused() {
    TempDir dir;
    const std::string path = dir.File("catalog.db");
    RL_QVERIFY_OK(Catalog::Open(path).status());
    const int newer = kCatalogSchemaVersion + 1;
    QCOMPARE(RawExec(path, "PRAGMA user_version = " + std::to_string(newer)), std::string());
    auto cat = Catalog::Open(path);
    QVERIFY(cat.status().IsNotSupported());
    QVERIFY2(FailsWith(cat.status(), "catalog " + path + ": Open: catalog schema version " +
                                         std::to_string(newer) +
                                         " is newer than the newest this RegionLab supports (" +
                                         std::to_string(kCatalogSchemaVersion) + ")"),
             cat.status().ToString().c_str());
    QCOMPARE(RawQuery(path, "PRAGMA user_version"), std::to_string(newer) + "|\n");
  }

  void foreignSqliteDatabaseIsRefused_data() {
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("message");
    QTest::newRow("another application's tables")
        << "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes VALUES (1, "
           "'x');"
        << "not a RegionLab catalog (application_id 0x00000000, expected 0x524c4354)";
    QTest::newRow("another application id")
        << "PRAGMA application_id = 252006674; CREATE TABLE t (x);"
        << "not a RegionLab catalog (application_id 0x0f055112";
    QTest::newRow("our id, no version")
        << "PRAGMA application_id = 1380729684; CREATE TABLE t (x);"
        << "RegionLab catalog without a schema version (user_version 0)";
  }

  void foreignSqliteDatabaseIsRefused() {
    QFETCH(QString, sql);
    QFETCH(QString, message);
    TempDir dir;
    const std::string path = dir.File("other.db");
    QCOMPARE(RawExec(path, sql.toStdString()), std::string());
    const std::string before = ReadAll(path);
    auto cat = Catalog::Open(path);
    QVERIFY(cat.status().IsInvalidArgument());
    QVERIFY2(FailsWith(cat.status(), "catalog " + path + ": Open: " + message.toStdString()),
             cat.status().ToString().c_str());
    QVERIFY(ReadAll(path) == before);  // not touched, not even switched to WAL
  }

  void notSqliteIsRefused_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QByteArray random(4096, '\0');
    for (int i = 0; i < random.size(); ++i) random[i] = char((i * 7919 + 13) % 251);
    QTest::newRow("random bytes") << random << "not an SQLite database: bad magic at offset 0";
    QTest::newRow("text") << QByteArray("name,start,end\n").repeated(40)
                          << "not an SQLite database: bad magic at offset 0";
    QTest::newRow("short") << QByteArray(50, 'x')
                           << "file of 50 bytes is shorter than the 100-byte SQLite header at "
                              "offset 0";
    QByteArray bad_page = QByteArray("SQLite format 3\0", 16) + QByteArray(4080, '\0');
    bad_page[16] = char(0x03);
    bad_page[17] = char(0xE8);  // 1000: not a power of two
    QTest::newRow("bad page size") << bad_page << "bad page size 1000 at offset 16";
  }

  void notSqliteIsRefused() {
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    TempDir dir;
    const std::string path = dir.File("catalog.db");
    {
      QFile f(QString::fromStdString(path));
      QVERIFY(f.open(QIODevice::WriteOnly));
      QCOMPARE(f.write(content), qint64(content.size()));
    }
    auto cat = Catalog::Open(path);
    QVERIFY(cat.status().IsCorruption());
    QVERIFY2(FailsWith(cat.status(), "catalog " + path + ": Open: " + message.toStdString()),
             cat.status().ToString().c_str());
    QCOMPARE(QByteArray::fromStdString(ReadAll(path)), content);  // left as it was
  }

  // A valid header over pages of zeros gets past the header check; SQLite
  // then reports the damage, which must come back as a Corruption.
  void validHeaderOverZeroPagesIsCorruption() {
    TempDir dir;
    const std::string good = dir.File("good.db");
    RL_QVERIFY_OK(Catalog::Open(good).status());
    std::string bytes = ReadAll(good);
    QVERIFY(bytes.size() > 4096);
    bytes.replace(100, bytes.size() - 100, std::string(bytes.size() - 100, '\0'));
    const std::string path = dir.File("zeros.db");
    {
      QFile f(QString::fromStdString(path));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(bytes.data(), qint64(bytes.size()));
    }
    auto cat = Catalog::Open(path);
    QVERIFY2(cat.status().IsCorruption(), cat.status().ToString().c_str());
    QVERIFY(FailsWith(cat.status(), "catalog " + path + ": Open"));
  }
};

QTEST_GUILESS_MAIN(CatalogMigrationTest)
#include "catalog_migration_test.moc"
