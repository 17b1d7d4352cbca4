// Snapshot commands: snapshot, list_snapshots, list_table_snapshots,
// clone_snapshot, restore_snapshot, delete_snapshot, with HBase 2's syntax
// and output (list_snapshots.rb, list_table_snapshots.rb, admin.rb).
#include <algorithm>
#include <ctime>

#include "shell/args.h"
#include "shell/command_util.h"
#include "shell/shell.h"

namespace regionlab::shell {

namespace {

// Ruby's Time#to_s of a creation time: "2024-10-15 14:13:25 +0800", local.
std::string RubyTime(int64_t ms) {
  const time_t secs = static_cast<time_t>(ms / 1000);
  struct tm local {};
  localtime_r(&secs, &local);
  char buf[64];
  std::strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S %z", &local);
  return buf;
}

Status StringArg(const CommandContext& ctx, size_t i, const char* what, std::string* out) {
  if (i >= ctx.arg_count() || !ctx.arg(i).is_string()) {
    return Status::InvalidArgument(std::string(what) + " must be of type String");
  }
  *out = ctx.arg(i).str;
  return Status::OK();
}

// The rows of list_snapshots / list_table_snapshots, and their JSON.
void PrintSnapshots(CommandContext& ctx, const std::vector<SnapshotInfo>& list, bool with_ttl) {
  const int64_t now_ms = static_cast<int64_t>(std::time(nullptr)) * 1000;
  ctx.Header("SNAPSHOT", with_ttl ? "TABLE + CREATION TIME + TTL(Sec)" : "TABLE + CREATION TIME");
  Json rows = Json::Array();
  std::vector<std::string> names;
  for (const SnapshotInfo& s : list) {
    std::string info = s.table + " (" + RubyTime(s.created_ms) + ")";
    if (with_ttl) {
      const bool expired =
          s.ttl_seconds > 0 && now_ms > s.created_ms + s.ttl_seconds * 1000;
      info += s.ttl_seconds == 0 ? " FOREVER"
                                 : " " + std::to_string(s.ttl_seconds) + (expired ? " (Expired) " : "");
    }
    ctx.Row(s.name, info);
    names.push_back(s.name);
    Json j = Json::Object();
    j.Set("name", s.name);
    j.Set("table", s.table);
    j.Set("created_ms", s.created_ms);
    j.Set("ttl_seconds", s.ttl_seconds);
    j.Set("regions", static_cast<int64_t>(s.regions));
    j.Set("files", static_cast<int64_t>(s.files));
    j.Set("bytes", s.bytes);
    rows.Push(j);
  }
  ctx.Line(std::to_string(list.size()) + " row(s)");
  ctx.SetReturn(InspectStrings(names));
  ctx.json().Set("snapshots", rows);
}

// The snapshots whose name (and table) match the patterns, as Java's Pattern.matches.
Result<std::vector<SnapshotInfo>> Matching(CommandContext& ctx, const std::string& name_regex,
                                           const std::string* table_regex) {
  auto all = ctx.connection().ListSnapshots();
  if (!all.ok()) return all.status();
  std::vector<std::string> names, tables;
  for (const SnapshotInfo& s : *all) {
    names.push_back(s.name);
    tables.push_back(s.table);
  }
  std::vector<std::string> good_names, good_tables;
  RL_RETURN_IF_ERROR(RegexMatches(name_regex, names, &good_names));
  if (table_regex != nullptr) RL_RETURN_IF_ERROR(RegexMatches(*table_regex, tables, &good_tables));
  std::vector<SnapshotInfo> out;
  for (const SnapshotInfo& s : *all) {
    const bool name_ok = std::find(good_names.begin(), good_names.end(), s.name) != good_names.end();
    const bool table_ok = table_regex == nullptr ||
                          std::find(good_tables.begin(), good_tables.end(), s.table) != good_tables.end();
    if (name_ok && table_ok) out.push_back(s);
  }
  return out;
}

Status SnapshotCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 2, 3));
  std::string table, name;
  RL_RETURN_IF_ERROR(StringArg(ctx, 0, "Table name", &table));
  RL_RETURN_IF_ERROR(StringArg(ctx, 1, "Snapshot name", &name));
  bool skip_flush = false;
  int64_t ttl = 0;
  if (ctx.arg_count() == 3) {
    const Value& opts = ctx.arg(2);
    if (!opts.is_hash()) return Status::InvalidArgument("snapshot options must be a Hash");
    for (const auto& [k, v] : opts.entries) {
      const std::string key = ToText(k);
      if (key == "SKIP_FLUSH") {
        if (!v.is_bool()) return Status::InvalidArgument("SKIP_FLUSH must be true or false");
        skip_flush = v.boolean;
      } else if (key == "TTL") {
        RL_RETURN_IF_ERROR(ExpectIntegerOrText(v, "TTL", &ttl));
      } else {
        ctx.Warn("An argument ignored (unknown or overridden): " + key);
      }
    }
  }
  RL_RETURN_IF_ERROR(ctx.connection().Snapshot(table, name, skip_flush, ttl));
  ctx.json().Set("snapshot", name);
  ctx.json().Set("table", table);
  return Status::OK();
}

Status ListSnapshotsCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 1));
  std::string regex = ".*";
  if (ctx.arg_count() == 1) RL_RETURN_IF_ERROR(StringArg(ctx, 0, "regex", &regex));
  auto list = Matching(ctx, regex, nullptr);
  if (!list.ok()) return list.status();
  PrintSnapshots(ctx, *list, /*with_ttl=*/true);
  return Status::OK();
}

Status ListTableSnapshotsCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 2));
  std::string table_regex, name_regex = ".*";
  RL_RETURN_IF_ERROR(StringArg(ctx, 0, "table name regex", &table_regex));
  if (ctx.arg_count() == 2) RL_RETURN_IF_ERROR(StringArg(ctx, 1, "snapshot name regex", &name_regex));
  auto list = Matching(ctx, name_regex, &table_regex);
  if (!list.ok()) return list.status();
  PrintSnapshots(ctx, *list, /*with_ttl=*/false);
  return Status::OK();
}

Status CloneSnapshotCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 2, 3));
  std::string snapshot, table;
  RL_RETURN_IF_ERROR(StringArg(ctx, 0, "Snapshot name", &snapshot));
  RL_RETURN_IF_ERROR(StringArg(ctx, 1, "Table name", &table));
  if (ctx.arg_count() == 3 && ctx.arg(2).is_hash()) {
    for (const auto& [k, v] : ctx.arg(2).entries) {
      ctx.Warn("RegionLab does not model " + ToText(k) + "; ignored");
    }
  }
  RL_RETURN_IF_ERROR(ctx.connection().CloneSnapshot(snapshot, table));
  ctx.set_changes_layout();
  ctx.json().Set("snapshot", snapshot);
  ctx.json().Set("table", table);
  return Status::OK();
}

Status RestoreSnapshotCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 2));
  std::string snapshot;
  RL_RETURN_IF_ERROR(StringArg(ctx, 0, "Snapshot name", &snapshot));
  if (ctx.arg_count() == 2 && ctx.arg(1).is_hash()) {
    for (const auto& [k, v] : ctx.arg(1).entries) {
      ctx.Warn("RegionLab does not model " + ToText(k) + "; ignored");
    }
  }
  RL_RETURN_IF_ERROR(ctx.connection().RestoreSnapshot(snapshot));
  ctx.set_changes_layout();
  ctx.json().Set("snapshot", snapshot);
  return Status::OK();
}

Status DeleteSnapshotCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 1));
  std::string snapshot;
  RL_RETURN_IF_ERROR(StringArg(ctx, 0, "Snapshot name", &snapshot));
  RL_RETURN_IF_ERROR(ctx.connection().DeleteSnapshot(snapshot));
  ctx.json().Set("snapshot", snapshot);
  return Status::OK();
}

}  // namespace

const std::vector<CommandSpec>& SnapshotCommands() {
  static const std::vector<CommandSpec> kCommands = {
      {"snapshot", "snapshots", SnapshotCommand,
       "Takes a snapshot of a table: a manifest and links to its store files.",
       R"~(snapshot 'TABLE', 'SNAPSHOT' [, {SKIP_FLUSH => true, TTL => seconds}]
An enabled table is flushed first (unless SKIP_FLUSH), so the snapshot holds
every acknowledged write. The snapshot links the table's store files; it
never copies them, and they stay while any snapshot or table refers to them.
  hbase> snapshot 'sourceTable', 'snapshotName'
  hbase> snapshot 'namespace:sourceTable', 'snapshotName', {SKIP_FLUSH => true}
)~"},
      {"list_snapshots", "snapshots", ListSnapshotsCommand, "Lists the snapshots.",
       R"~(list_snapshots ['REGEX']
Lists every snapshot, or those whose name matches the Java regular expression.
  hbase> list_snapshots
  hbase> list_snapshots 'abc.*'
)~"},
      {"list_table_snapshots", "snapshots", ListTableSnapshotsCommand,
       "Lists the snapshots of tables matching a pattern.",
       R"~(list_table_snapshots 'TABLE_REGEX' [, 'SNAPSHOT_REGEX']
  hbase> list_table_snapshots 'tableName'
  hbase> list_table_snapshots 'tableName.*', 'snapshotName.*'
  hbase> list_table_snapshots 'ns:tableName.*', 'snapshotName.*'
)~"},
      {"clone_snapshot", "snapshots", CloneSnapshotCommand,
       "Creates a new table from a snapshot (its files linked, not copied).",
       R"~(clone_snapshot 'SNAPSHOT', 'TABLE'
The new table has the snapshot's schema and regions and is enabled.
  hbase> clone_snapshot 'snapshotName', 'tableName'
  hbase> clone_snapshot 'snapshotName', 'namespace:tableName'
)~"},
      {"restore_snapshot", "snapshots", RestoreSnapshotCommand,
       "Restores a disabled table to a snapshot.",
       R"~(restore_snapshot 'SNAPSHOT'
The table must be disabled; it gets the snapshot's schema and data back and
stays disabled. A table that no longer exists is re-created from the snapshot.
  hbase> disable 'tableName'
  hbase> restore_snapshot 'snapshotName'
)~"},
      {"delete_snapshot", "snapshots", DeleteSnapshotCommand, "Deletes a snapshot.",
       R"~(delete_snapshot 'SNAPSHOT'
The store files it linked stay while a table still uses them.
  hbase> delete_snapshot 'snapshotName'
)~"},
  };
  return kCommands;
}

}  // namespace regionlab::shell
