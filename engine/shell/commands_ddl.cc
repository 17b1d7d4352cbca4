// Table DDL commands: create, alter, describe/desc, disable, enable, drop,
// exists, is_enabled, is_disabled, list, truncate, truncate_preserve.
#include <algorithm>

#include "regionlab/bytes.h"
#include "regionlab/store_configuration.h"
#include "shell/args.h"
#include "shell/command_util.h"
#include "shell/descriptors.h"
#include "shell/shell.h"

namespace regionlab::shell {

namespace {

// Warns about store settings in the table's or a family's CONFIGURATION
// that RegionLab cannot read (it keeps its defaults for them).
void WarnUnreadStoreSettings(CommandContext& ctx, const TableDescriptor& desc) {
  for (const std::string& w : UnreadStoreSettingWarnings(desc.configuration, "CONFIGURATION")) {
    ctx.Warn(w);
  }
  for (const FamilyOptions& f : desc.families) {
    for (const std::string& w : UnreadStoreSettingWarnings(
             f.configuration, "column family " + ToStringBinary(f.name) + " CONFIGURATION")) {
      ctx.Warn(w);
    }
  }
}

// HBase's sanity-check limits RegionLab lets a lab go below.
void WarnSanityChecks(CommandContext& ctx, const TableDescriptor& desc) {
  for (const SanityWarning& w : TableSanityWarnings(desc)) ctx.Warn(w.message);
}

Status Create(CommandContext& ctx) {
  TableDescriptor desc;
  std::vector<std::string> splits;
  RL_RETURN_IF_ERROR(BuildCreate(&ctx, &desc, &splits));
  WarnUnreadStoreSettings(ctx, desc);
  RL_RETURN_IF_ERROR(ctx.connection().CreateTable(desc, splits));
  WarnSanityChecks(ctx, desc);
  const std::string name = desc.FullName();
  ctx.Line("Created table " + name);
  ctx.SetReturn("Hbase::Table - " + name);
  ctx.json().Set("table", name);
  ctx.json().Set("regions", static_cast<int64_t>(splits.size() + 1));
  return Status::OK();
}

Status Alter(CommandContext& ctx) {
  std::string table;
  RL_RETURN_IF_ERROR(TableNameArg(ctx, 0, &table));
  auto desc = ctx.connection().GetDescriptor(table);
  if (!desc.ok()) return desc.status();
  TableDescriptor changed = *desc;
  RL_RETURN_IF_ERROR(ApplyAlter(&ctx, &changed));
  WarnUnreadStoreSettings(ctx, changed);
  RL_RETURN_IF_ERROR(ctx.connection().ModifyTable(changed));
  WarnSanityChecks(ctx, changed);
  auto regions = ctx.connection().ListRegions(table);
  const size_t n = regions.ok() ? regions->size() : 0;
  ctx.Line("Updating all regions with the new schema...");
  ctx.Line(std::to_string(n) + "/" + std::to_string(n) + " regions updated.");
  ctx.Line("Done.");
  ctx.json().Set("table", changed.FullName());
  return Status::OK();
}

Status Describe(CommandContext& ctx) {
  std::string table;
  RL_RETURN_IF_ERROR(OnlyTableArg(ctx, &table));
  auto desc = ctx.connection().GetDescriptor(table);
  if (!desc.ok()) return desc.status();
  auto raw = ctx.connection().GetRawSchema(table);
  if (!raw.ok()) return raw.status();
  const bool knows_state = ctx.connection().Info().knows_table_state;
  const std::string name = desc->FullName();
  if (knows_state) {
    ctx.Line("Table " + name + " is " + (desc->enabled ? "ENABLED" : "DISABLED"));
  } else {
    ctx.Line("Table " + name + " is ENABLED or DISABLED (the REST gateway does not say which)");
  }
  ctx.Line(name + DescribeTableAttributes(*desc));
  ctx.Line("COLUMN FAMILIES DESCRIPTION");
  Json families = Json::Array();
  if (raw->has_value()) {
    // A remote cluster's families, with the values it reports.
    for (const auto& [family, attributes] : (*raw)->families) {
      ctx.Line(DescribeRawFamily(family, attributes));
      ctx.Line("");
      families.Push(RawFamilyJson(family, attributes));
    }
  } else {
    for (const FamilyOptions& f : desc->families) {
      ctx.Line(DescribeFamily(f));
      ctx.Line("");
      families.Push(FamilyJson(f));
    }
  }
  ctx.Line(std::to_string(families.size()) + " row(s)");
  ctx.json().Set("table", name);
  ctx.json().Set("enabled", knows_state ? Json(desc->enabled) : Json());
  ctx.json().Set("attributes", TableAttributesJson(*desc));
  ctx.json().Set("families", families);
  return Status::OK();
}

Status Enable(CommandContext& ctx) {
  std::string table;
  RL_RETURN_IF_ERROR(OnlyTableArg(ctx, &table));
  return ctx.connection().EnableTable(table);
}

Status Disable(CommandContext& ctx) {
  std::string table;
  RL_RETURN_IF_ERROR(OnlyTableArg(ctx, &table));
  return ctx.connection().DisableTable(table);
}

Status Drop(CommandContext& ctx) {
  std::string table;
  RL_RETURN_IF_ERROR(OnlyTableArg(ctx, &table));
  return ctx.connection().DeleteTable(table);
}

Status Exists(CommandContext& ctx) {
  std::string table;
  RL_RETURN_IF_ERROR(OnlyTableArg(ctx, &table));
  auto exists = ctx.connection().TableExists(table);
  if (!exists.ok()) return exists.status();
  ctx.Line("Table " + table + " " + (*exists ? "does exist" : "does not exist"));
  ctx.SetReturn(*exists ? "true" : "false");
  ctx.json().Set("exists", *exists);
  return Status::OK();
}

Status EnabledState(CommandContext& ctx, bool want_enabled) {
  std::string table;
  RL_RETURN_IF_ERROR(OnlyTableArg(ctx, &table));
  auto enabled = ctx.connection().IsTableEnabled(table);
  if (!enabled.ok()) return enabled.status();
  const bool answer = want_enabled ? *enabled : !*enabled;
  ctx.Line(answer ? "true" : "false");
  ctx.SetReturn(answer ? "true" : "false");
  ctx.json().Set(want_enabled ? "enabled" : "disabled", answer);
  return Status::OK();
}
Status IsEnabled(CommandContext& ctx) { return EnabledState(ctx, true); }
Status IsDisabled(CommandContext& ctx) { return EnabledState(ctx, false); }

Status List(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 1));
  std::string pattern = ".*";
  if (ctx.arg_count() == 1) RL_RETURN_IF_ERROR(ExpectString(ctx.arg(0), "regex", &pattern));
  auto tables = ctx.connection().ListTableNames();
  if (!tables.ok()) return tables.status();
  std::vector<std::string> names = std::move(*tables);
  std::sort(names.begin(), names.end());
  std::vector<std::string> matching;
  RL_RETURN_IF_ERROR(RegexMatches(pattern, names, &matching));
  PrintNames(ctx, "TABLE", matching, "tables");
  return Status::OK();
}

Status TruncateImpl(CommandContext& ctx, bool preserve) {
  std::string table;
  RL_RETURN_IF_ERROR(OnlyTableArg(ctx, &table));
  auto enabled = ctx.connection().IsTableEnabled(table);
  if (!enabled.ok()) return enabled.status();
  ctx.Line("Truncating '" + table + "' table (it may take a while):");
  if (*enabled) ctx.Line("Disabling table...");
  ctx.Line("Truncating table...");
  RL_RETURN_IF_ERROR(ctx.connection().TruncateTable(table, preserve));
  ctx.json().Set("table", table);
  return Status::OK();
}
Status Truncate(CommandContext& ctx) { return TruncateImpl(ctx, false); }
Status TruncatePreserve(CommandContext& ctx) { return TruncateImpl(ctx, true); }

}  // namespace

const std::vector<CommandSpec>& DdlCommands() {
  static const std::vector<CommandSpec> kCommands = {
      {"create", "ddl", Create, "Creates a table with column families and options.",
       R"~(create 'TABLE', FAMILY, ... [, TABLE OPTIONS]
A family is a name ('f1') or a hash that includes NAME. At least one family
is required. Table options (pre-splits and attributes) come last, in braces
or as trailing KEY => value pairs.

  hbase> create 'ns1:t1', {NAME => 'f1', VERSIONS => 5}
  hbase> create 't1', {NAME => 'f1'}, {NAME => 'f2'}, {NAME => 'f3'}
  hbase> create 't1', 'f1', 'f2', 'f3'
  hbase> create 't1', {NAME => 'f1', VERSIONS => 1, TTL => 2592000, BLOCKCACHE => true}
  hbase> create 't1', {NAME => 'f1', CONFIGURATION => {'hbase.hstore.blockingStoreFiles' => '10'}}
  hbase> create 'ns1:t1', 'f1', SPLITS => ['10', '20', '30', '40']
  hbase> create 't1', 'f1', SPLITS => ['10', '20', '30', '40']
  hbase> create 't1', 'f1', SPLITS_FILE => 'splits.txt', OWNER => 'johndoe'
  hbase> create 't1', {NAME => 'f1', VERSIONS => 5}, METADATA => { 'mykey' => 'myvalue' }
  hbase> create 't1', 'f1', {NUMREGIONS => 15, SPLITALGO => 'HexStringSplit'}

SPLITS entries and SPLITS_FILE lines are read like Bytes.toBytesBinary
("\x00" is one byte); SPLITALGO is HexStringSplit, DecimalStringSplit or
UniformSplit.

Family options: VERSIONS, MIN_VERSIONS, TTL (seconds, 'FOREVER' or '2 DAYS'),
KEEP_DELETED_CELLS, BLOOMFILTER (NONE, ROW, ROWCOL), COMPRESSION (NONE,
SNAPPY), BLOCKCACHE, IN_MEMORY, BLOCKSIZE, CONFIGURATION.
Table options: MAX_FILESIZE, MEMSTORE_FLUSHSIZE, SPLIT_POLICY, DURABILITY,
OWNER, METADATA, CONFIGURATION.
)~"},
      {"alter", "ddl", Alter, "Alters a table's families or attributes (online, as in HBase 2).",
       R"~(alter 'TABLE', CHANGE, ...
The table may stay enabled (an online change, as in HBase 2): its regions
reopen with the new schema.

Add or change a column family (only the options given change):
  hbase> alter 't1', NAME => 'f1', VERSIONS => 5
  hbase> alter 't1', 'f1', {NAME => 'f2', IN_MEMORY => true}, {NAME => 'f3', VERSIONS => 5}

Delete a column family:
  hbase> alter 'ns1:t1', NAME => 'f1', METHOD => 'delete'
  hbase> alter 'ns1:t1', 'delete' => 'f1'

Change table-scope attributes (MAX_FILESIZE, MEMSTORE_FLUSHSIZE,
SPLIT_POLICY, DURABILITY, OWNER, METADATA, CONFIGURATION):
  hbase> alter 't1', MAX_FILESIZE => '134217728'
  hbase> alter 't1', METHOD => 'table_att', MAX_FILESIZE => '134217728'
  hbase> alter 't1', CONFIGURATION => {'hbase.hregion.scan.loadColumnFamiliesOnDemand' => 'true'}

Remove a table-scope attribute or configuration key:
  hbase> alter 't1', METHOD => 'table_att_unset', NAME => 'MAX_FILESIZE'
  hbase> alter 't1', METHOD => 'table_conf_unset', NAME => 'hbase.hregion.majorcompaction'
)~"},
      {"describe", "ddl", Describe, "Describes a table.",
       R"~(Prints a table's state, its attributes and every column family with all
its settings. 'desc' is the short form.
  hbase> describe 't1'
  hbase> desc 'ns1:t1'
)~"},
      {"desc", "ddl", Describe, "Describes a table (short for describe).",
       R"~(Short form of describe.
  hbase> desc 't1'
)~"},
      {"disable", "ddl", Disable, "Disables a table.",
       R"~(Takes a table offline: its regions close and it refuses reads and writes.
  hbase> disable 't1'
)~"},
      {"enable", "ddl", Enable, "Enables a table.",
       R"~(Brings a disabled table back online.
  hbase> enable 't1'
)~"},
      {"drop", "ddl", Drop, "Drops a disabled table.",
       R"~(Deletes a table and its data; disable it first.
  hbase> disable 't1'
  hbase> drop 't1'
)~"},
      {"exists", "ddl", Exists, "Tells whether a table exists.",
       R"~(Prints whether the table exists.
  hbase> exists 'ns1:t1'
)~"},
      {"is_enabled", "ddl", IsEnabled, "Tells whether a table is enabled.",
       R"~(Prints true when the table is enabled.
  hbase> is_enabled 't1'
)~"},
      {"is_disabled", "ddl", IsDisabled, "Tells whether a table is disabled.",
       R"~(Prints true when the table is disabled.
  hbase> is_disabled 't1'
)~"},
      {"list", "ddl", List, "Lists the tables, optionally matching a regular expression.",
       R"~(Lists the tables; an optional regular expression must match the whole name
(namespace included).
  hbase> list
  hbase> list 'abc.*'
  hbase> list 'ns1:.*'
)~"},
      {"truncate", "ddl", Truncate, "Empties a table (drops its region boundaries).",
       R"~(Removes every row: the table is recreated empty with a single region.
  hbase> truncate 't1'
)~"},
      {"truncate_preserve", "ddl", TruncatePreserve,
       "Empties a table, keeping its region boundaries.",
       R"~(Removes every row but keeps the region boundaries (the split keys).
  hbase> truncate_preserve 't1'
)~"},
  };
  return kCommands;
}

}  // namespace regionlab::shell
