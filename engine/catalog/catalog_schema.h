// The catalog's SQLite schema and its migrations (see FORMAT-catalog.md).
//
// The schema version is PRAGMA user_version; PRAGMA application_id marks the
// file as a RegionLab catalog. Migrations are an ordered list of SQL steps;
// a new catalog runs all of them, an older one the steps it is missing, in
// one transaction. A catalog newer than this build is refused.
//
// Thread-safety: functions take the connection; the caller serialises.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "catalog/sqlite_db.h"
#include "regionlab/status.h"

namespace regionlab {

class Env;

// 'R' 'L' 'C' 'T' in PRAGMA application_id.
inline constexpr int32_t kCatalogApplicationId = 0x524C4354;
// The version this build writes; every lower version is migrated.
inline constexpr int kCatalogSchemaVersion = 7;

struct CatalogMigration {
  int version;              // user_version after this step
  const char* description;  // for FORMAT-catalog.md and error messages
  const char* sql;
};

// The steps, ordered by version: kCatalogMigrations[i].version == i + 1.
extern const CatalogMigration kCatalogMigrations[];
extern const int kCatalogMigrationCount;

// Checks the first bytes of an existing, non-empty file before SQLite sees
// it: the 16-byte magic at offset 0 and the page size at offset 16. A
// mismatch is a Corruption naming `path` and the offset. A missing or empty
// file is fine (SQLite creates the database).
Status CheckSqliteHeader(Env* env, const std::string& path);

// Sets the connection pragmas (foreign keys, WAL, synchronous=FULL, busy
// timeout, cell size checks), then creates or migrates the schema.
// *found_version is the version the file had (0 for a new catalog).
// Refuses a file that is not a RegionLab catalog (InvalidArgument) and one
// whose version is newer than kCatalogSchemaVersion (NotSupported).
Status PrepareCatalogSchema(SqliteDb* db, int* found_version);

// PRAGMA quick_check (quick) or integrity_check, then foreign_key_check.
// Any problem is a Corruption listing SQLite's findings.
Status CheckCatalogIntegrity(SqliteDb* db, bool quick);

}  // namespace regionlab
