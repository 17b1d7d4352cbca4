#include "catalog/catalog_schema.h"

#include <cstdio>
#include <string>

#include "util/env.h"

namespace regionlab {

// Each step is complete SQL run inside the migration transaction. Never
// edit a released step: add a new one (catalogs in the field have run it).
const CatalogMigration kCatalogMigrations[] = {
    {1, "namespaces, tables, families, regions, split/merge history, server events",
     R"sql(
CREATE TABLE namespaces (
  name TEXT PRIMARY KEY NOT NULL
) STRICT;
CREATE TABLE namespace_properties (
  namespace TEXT NOT NULL REFERENCES namespaces(name) ON DELETE CASCADE,
  key BLOB NOT NULL,
  value BLOB NOT NULL,
  PRIMARY KEY (namespace, key)
) STRICT, WITHOUT ROWID;
CREATE TABLE tables (
  id INTEGER PRIMARY KEY,
  namespace TEXT NOT NULL REFERENCES namespaces(name),
  name TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('ENABLED', 'DISABLED')),
  max_file_size INTEGER NOT NULL,
  memstore_flush_size INTEGER NOT NULL,
  split_policy TEXT NOT NULL,
  durability TEXT NOT NULL
    CHECK (durability IN ('USE_DEFAULT', 'SKIP_WAL', 'ASYNC_WAL', 'SYNC_WAL', 'FSYNC_WAL')),
  owner TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  UNIQUE (namespace, name)
) STRICT;
CREATE TABLE table_properties (
  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('METADATA', 'CONFIGURATION')),
  key BLOB NOT NULL,
  value BLOB NOT NULL,
  PRIMARY KEY (table_id, kind, key)
) STRICT, WITHOUT ROWID;
CREATE TABLE families (
  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  versions INTEGER NOT NULL,
  min_versions INTEGER NOT NULL,
  ttl_seconds INTEGER NOT NULL,
  keep_deleted_cells INTEGER NOT NULL CHECK (keep_deleted_cells IN (0, 1)),
  bloomfilter TEXT NOT NULL CHECK (bloomfilter IN ('NONE', 'ROW', 'ROWCOL')),
  compression TEXT NOT NULL CHECK (compression IN ('NONE', 'SNAPPY')),
  blockcache INTEGER NOT NULL CHECK (blockcache IN (0, 1)),
  in_memory INTEGER NOT NULL CHECK (in_memory IN (0, 1)),
  blocksize INTEGER NOT NULL,
  PRIMARY KEY (table_id, name)
) STRICT, WITHOUT ROWID;
CREATE TABLE family_configuration (
  table_id INTEGER NOT NULL,
  family TEXT NOT NULL,
  key BLOB NOT NULL,
  value BLOB NOT NULL,
  PRIMARY KEY (table_id, family, key),
  FOREIGN KEY (table_id, family) REFERENCES families(table_id, name) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE TABLE regions (
  encoded_name TEXT PRIMARY KEY NOT NULL,
  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  start_key BLOB NOT NULL,
  end_key BLOB NOT NULL,
  region_id INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('OFFLINE', 'OPENING', 'OPEN', 'CLOSING', 'CLOSED',
                                       'SPLITTING', 'SPLIT', 'MERGING', 'MERGED')),
  server TEXT NOT NULL
) STRICT;
-- HBase's region name (table, start key, region id) identifies a region.
CREATE UNIQUE INDEX regions_by_name ON regions (table_id, start_key, region_id);
CREATE TABLE region_parents (
  region TEXT NOT NULL REFERENCES regions(encoded_name) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL,
  parent TEXT NOT NULL,
  PRIMARY KEY (region, ordinal)
) STRICT, WITHOUT ROWID;
CREATE TABLE history (
  id INTEGER PRIMARY KEY,
  time_ms INTEGER NOT NULL,
  kind TEXT NOT NULL,
  table_name TEXT NOT NULL,
  split_key BLOB NOT NULL,
  cause TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  threshold_bytes INTEGER NOT NULL
) STRICT;
CREATE INDEX history_by_table ON history (table_name, time_ms);
CREATE TABLE history_regions (
  history_id INTEGER NOT NULL REFERENCES history(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('parent', 'daughter')),
  ordinal INTEGER NOT NULL,
  encoded_name TEXT NOT NULL,
  PRIMARY KEY (history_id, role, ordinal)
) STRICT, WITHOUT ROWID;
CREATE TABLE server_events (
  id INTEGER PRIMARY KEY,
  time_ms INTEGER NOT NULL,
  server TEXT NOT NULL,
  kind TEXT NOT NULL,
  region TEXT NOT NULL,
  from_server TEXT NOT NULL,
  to_server TEXT NOT NULL,
  detail TEXT NOT NULL
) STRICT;
CREATE INDEX server_events_by_time ON server_events (time_ms);
INSERT INTO namespaces (name) VALUES ('default'), ('hbase');
)sql"},
    {2, "sampled metrics and the operations journal",
     R"sql(
CREATE TABLE metric_series (
  id INTEGER PRIMARY KEY,
  scope TEXT NOT NULL CHECK (scope IN ('server', 'region')),
  subject TEXT NOT NULL,
  metric TEXT NOT NULL,
  UNIQUE (scope, subject, metric)
) STRICT;
CREATE TABLE metric_samples (
  series_id INTEGER NOT NULL REFERENCES metric_series(id) ON DELETE CASCADE,
  time_ms INTEGER NOT NULL,
  value REAL NOT NULL
) STRICT;
CREATE INDEX metric_samples_by_series ON metric_samples (series_id, time_ms);
CREATE INDEX metric_samples_by_time ON metric_samples (time_ms);
CREATE TABLE operations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  state TEXT NOT NULL,
  payload BLOB NOT NULL,
  started_ms INTEGER NOT NULL
) STRICT;
)sql"},
    {3, "split-parent flag on regions, set for regions already in state SPLIT",
     R"sql(
ALTER TABLE regions ADD COLUMN split_parent INTEGER NOT NULL DEFAULT 0
  CHECK (split_parent IN (0, 1));
UPDATE regions SET split_parent = 1 WHERE state = 'SPLIT';
)sql"},
    {4, "rowkey schemes saved from the scheme builder",
     R"sql(
CREATE TABLE rowkey_schemes (
  name TEXT PRIMARY KEY NOT NULL CHECK (length(name) > 0),
  document TEXT NOT NULL,
  revision INTEGER NOT NULL CHECK (revision >= 1),
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
) STRICT;
)sql"},
    {5, "key ranges of the regions each split, merge and pre-split names",
     R"sql(
ALTER TABLE history_regions ADD COLUMN start_key BLOB;
ALTER TABLE history_regions ADD COLUMN end_key BLOB;
)sql"},
    {6, "every block codec, COMPRESSION_COMPACT and DATA_BLOCK_ENCODING on families",
     // SQLite cannot change a CHECK constraint in place: both family tables
     // are rebuilt. The child goes first, so that dropping the old parent
     // cascades into nothing; renaming the new parent rewrites the new
     // child's foreign key to the final name.
     R"sql(
CREATE TABLE families_v6 (
  table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  versions INTEGER NOT NULL,
  min_versions INTEGER NOT NULL,
  ttl_seconds INTEGER NOT NULL,
  keep_deleted_cells INTEGER NOT NULL CHECK (keep_deleted_cells IN (0, 1)),
  bloomfilter TEXT NOT NULL CHECK (bloomfilter IN ('NONE', 'ROW', 'ROWCOL')),
  compression TEXT NOT NULL
    CHECK (compression IN ('NONE', 'SNAPPY', 'GZ', 'LZ4', 'ZSTD', 'LZO')),
  blockcache INTEGER NOT NULL CHECK (blockcache IN (0, 1)),
  in_memory INTEGER NOT NULL CHECK (in_memory IN (0, 1)),
  blocksize INTEGER NOT NULL,
  compression_compact TEXT
    CHECK (compression_compact IN ('NONE', 'SNAPPY', 'GZ', 'LZ4', 'ZSTD', 'LZO')),
  data_block_encoding TEXT NOT NULL DEFAULT 'NONE'
    CHECK (data_block_encoding IN ('NONE', 'PREFIX', 'DIFF', 'FAST_DIFF', 'ROW_INDEX_V1')),
  PRIMARY KEY (table_id, name)
) STRICT, WITHOUT ROWID;
INSERT INTO families_v6 (table_id, name, ordinal, versions, min_versions, ttl_seconds,
                         keep_deleted_cells, bloomfilter, compression, blockcache, in_memory,
                         blocksize)
  SELECT table_id, name, ordinal, versions, min_versions, ttl_seconds, keep_deleted_cells,
         bloomfilter, compression, blockcache, in_memory, blocksize FROM families;
CREATE TABLE family_configuration_v6 (
  table_id INTEGER NOT NULL,
  family TEXT NOT NULL,
  key BLOB NOT NULL,
  value BLOB NOT NULL,
  PRIMARY KEY (table_id, family, key),
  FOREIGN KEY (table_id, family) REFERENCES families_v6(table_id, name) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
INSERT INTO family_configuration_v6 SELECT table_id, family, key, value FROM family_configuration;
DROP TABLE family_configuration;
DROP TABLE families;
ALTER TABLE families_v6 RENAME TO families;
ALTER TABLE family_configuration_v6 RENAME TO family_configuration;
)sql"},
    {7, "snapshots: descriptor, regions and store files of each",
     R"sql(
CREATE TABLE snapshots (
  name TEXT PRIMARY KEY NOT NULL CHECK (length(name) > 0),
  table_name TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  ttl_seconds INTEGER NOT NULL CHECK (ttl_seconds >= 0),
  descriptor BLOB NOT NULL
) STRICT;
CREATE TABLE snapshot_regions (
  snapshot TEXT NOT NULL REFERENCES snapshots(name) ON DELETE CASCADE,
  encoded_name TEXT NOT NULL,
  start_key BLOB NOT NULL,
  end_key BLOB NOT NULL,
  region_id INTEGER NOT NULL,
  PRIMARY KEY (snapshot, encoded_name)
) STRICT, WITHOUT ROWID;
CREATE TABLE snapshot_files (
  snapshot TEXT NOT NULL,
  region TEXT NOT NULL,
  family TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  file TEXT NOT NULL,
  PRIMARY KEY (snapshot, region, family, ordinal),
  FOREIGN KEY (snapshot, region) REFERENCES snapshot_regions(snapshot, encoded_name)
    ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
)sql"},
};

const int kCatalogMigrationCount =
    static_cast<int>(sizeof(kCatalogMigrations) / sizeof(kCatalogMigrations[0]));

static_assert(sizeof(kCatalogMigrations) / sizeof(kCatalogMigrations[0]) ==
                  static_cast<size_t>(kCatalogSchemaVersion),
              "one migration step per schema version");

namespace {

constexpr char kSqliteMagic[] = "SQLite format 3";  // 15 characters and a NUL: 16 bytes
constexpr size_t kSqliteHeaderSize = 100;

std::string Hex32(int64_t v) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%08x", static_cast<unsigned>(static_cast<uint32_t>(v)));
  return buf;
}

Result<std::string> QueryText(SqliteDb* db, std::string_view op, const char* sql) {
  Result<Query> q = db->Prepare(op, sql);
  if (!q.ok()) return q.status();
  Result<bool> row = q->Step();
  if (!row.ok()) return row.status();
  return *row ? q->ColumnString(0) : std::string();
}

// The first row PRAGMA foreign_key_check reports, as a Corruption.
Status CheckForeignKeys(SqliteDb* db, std::string_view op) {
  Result<Query> fk = db->Prepare(op, "PRAGMA foreign_key_check");
  if (!fk.ok()) return fk.status();
  Result<bool> row = fk->Step();
  if (!row.ok()) return row.status();
  if (!*row) return Status::OK();
  return db->Fail(Status::Code::kCorruption, op,
                  "a row of table '" + fk->ColumnString(0) + "' (rowid " +
                      std::to_string(fk->ColumnInt(1)) + ") references a missing row of '" +
                      fk->ColumnString(2) + "'");
}

Status Migrate(SqliteDb* db, int from) {
  constexpr std::string_view kOp = "Open: migrate schema";
  Transaction txn(db);
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  // Another process may have migrated between our check and BEGIN IMMEDIATE.
  Result<int64_t> now = db->QueryInt(kOp, "PRAGMA user_version");
  if (!now.ok()) return now.status();
  if (*now != from) {
    if (*now == kCatalogSchemaVersion) return Status::OK();
    return db->Fail(Status::Code::kBusy, kOp,
                    "schema version changed from " + std::to_string(from) + " to " +
                        std::to_string(*now) + " while opening");
  }
  for (int i = from; i < kCatalogMigrationCount; ++i) {
    const CatalogMigration& m = kCatalogMigrations[i];
    Status s = db->Exec(kOp, m.sql);
    if (!s.ok()) {
      return s.WithContext("step to version " + std::to_string(m.version) + " (" + m.description +
                           ")");
    }
  }
  // Data carried over from an older version must still satisfy every
  // foreign key; a violation means the old file was inconsistent.
  RL_RETURN_IF_ERROR(CheckForeignKeys(db, kOp));
  RL_RETURN_IF_ERROR(
      db->Exec(kOp, "PRAGMA application_id = " + std::to_string(kCatalogApplicationId)));
  RL_RETURN_IF_ERROR(
      db->Exec(kOp, "PRAGMA user_version = " + std::to_string(kCatalogSchemaVersion)));
  return txn.Commit(kOp);
}

}  // namespace

Status CheckSqliteHeader(Env* env, const std::string& path) {
  const std::string where = "catalog " + path + ": Open: ";
  if (!env->FileExists(path)) return Status::OK();
  Result<uint64_t> size = env->GetFileSize(path);
  if (!size.ok()) return size.status().WithContext("catalog " + path);
  if (*size == 0) return Status::OK();
  if (*size < kSqliteHeaderSize) {
    return Status::Corruption(where + "file of " + std::to_string(*size) +
                              " bytes is shorter than the 100-byte SQLite header at offset 0");
  }
  Result<std::unique_ptr<RandomAccessFile>> file = env->NewRandomAccessFile(path);
  if (!file.ok()) return file.status().WithContext("catalog " + path);
  std::string header;
  RL_RETURN_IF_ERROR((*file)->Read(0, kSqliteHeaderSize, &header));
  if (header.compare(0, sizeof(kSqliteMagic),
                     std::string_view(kSqliteMagic, sizeof(kSqliteMagic))) != 0) {
    return Status::Corruption(where + "not an SQLite database: bad magic at offset 0");
  }
  // Offset 16, big-endian: a power of two from 512 to 32768, or 1 for 65536.
  const unsigned page_size =
      (static_cast<unsigned char>(header[16]) << 8) | static_cast<unsigned char>(header[17]);
  const bool power_of_two = page_size != 0 && (page_size & (page_size - 1)) == 0;
  if (page_size != 1 && (!power_of_two || page_size < 512)) {
    return Status::Corruption(where + "bad page size " + std::to_string(page_size) +
                              " at offset 16");
  }
  return Status::OK();
}

Status PrepareCatalogSchema(SqliteDb* db, int* found_version) {
  constexpr std::string_view kOp = "Open";
  // Per-connection settings. The first statement that reads the file fails
  // with SQLITE_NOTADB or SQLITE_CORRUPT on a foreign or damaged header.
  RL_RETURN_IF_ERROR(db->Exec(kOp, "PRAGMA busy_timeout = 10000"));
  RL_RETURN_IF_ERROR(db->Exec(kOp, "PRAGMA foreign_keys = ON"));
  RL_RETURN_IF_ERROR(db->Exec(kOp, "PRAGMA cell_size_check = ON"));

  Result<int64_t> app_id = db->QueryInt(kOp, "PRAGMA application_id");
  if (!app_id.ok()) return app_id.status();
  Result<int64_t> version = db->QueryInt(kOp, "PRAGMA user_version");
  if (!version.ok()) return version.status();
  Result<int64_t> objects = db->QueryInt(kOp, "SELECT count(*) FROM sqlite_schema");
  if (!objects.ok()) return objects.status();

  const bool fresh = *app_id == 0 && *version == 0 && *objects == 0;
  if (!fresh) {
    if (*app_id != kCatalogApplicationId) {
      return db->Fail(Status::Code::kInvalidArgument, kOp,
                      "not a RegionLab catalog (application_id " + Hex32(*app_id) + ", expected " +
                          Hex32(kCatalogApplicationId) + ")");
    }
    if (*version < 1) {
      return db->Fail(Status::Code::kInvalidArgument, kOp,
                      "RegionLab catalog without a schema version (user_version " +
                          std::to_string(*version) + ")");
    }
    if (*version > kCatalogSchemaVersion) {
      return db->Fail(Status::Code::kNotSupported, kOp,
                      "catalog schema version " + std::to_string(*version) +
                          " is newer than the newest this RegionLab supports (" +
                          std::to_string(kCatalogSchemaVersion) +
                          "); open it with a newer RegionLab");
    }
  }
  // Only a file known to be ours (or new) is switched to WAL: a refused
  // file is left byte for byte as it was.
  Result<std::string> mode = QueryText(db, kOp, "PRAGMA journal_mode = WAL");
  if (!mode.ok()) return mode.status();
  if (*mode != "wal") {
    return db->Fail(Status::Code::kIOError, kOp,
                    "cannot switch to WAL journal mode (got '" + *mode + "')");
  }
  // FULL: a commit is durable once it returns, across power loss too.
  RL_RETURN_IF_ERROR(db->Exec(kOp, "PRAGMA synchronous = FULL"));
  *found_version = static_cast<int>(*version);
  if (*version < kCatalogSchemaVersion) RL_RETURN_IF_ERROR(Migrate(db, static_cast<int>(*version)));
  return Status::OK();
}

Status CheckCatalogIntegrity(SqliteDb* db, bool quick) {
  const std::string_view op = quick ? "quick_check" : "integrity_check";
  {
    Result<Query> q = db->Prepare(op, quick ? "PRAGMA quick_check" : "PRAGMA integrity_check");
    if (!q.ok()) return q.status();
    std::string findings;
    for (;;) {
      Result<bool> row = q->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      const std::string line = q->ColumnString(0);
      if (line == "ok") continue;
      if (!findings.empty()) findings += "; ";
      findings += line;
    }
    if (!findings.empty()) return db->Fail(Status::Code::kCorruption, op, findings);
  }
  return CheckForeignKeys(db, "foreign_key_check");
}

}  // namespace regionlab
