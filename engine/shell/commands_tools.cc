// Region and tool commands: get_splits, list_regions, locate_region, flush,
// compact, major_compact, split, merge_region, move, balancer, wal_roll, and
// RegionLab's own kill_regionserver / start_regionserver.
//
// The tools return once the work and the background work it causes have
// finished (see the Shell's file comment); HBase's shell only queues them.
#include <algorithm>
#include <cstdio>

#include "regionlab/bytes.h"
#include "shell/args.h"
#include "shell/command_util.h"
#include "shell/shell.h"

namespace regionlab::shell {

namespace {

// A region argument: an encoded name, or a full region name
// ("t1,startkey,1700000000000.ENCODED.") reduced to its encoded part.
std::string EncodedRegionName(const std::string& text) {
  if (text.size() < 3 || text.back() != '.' || text.find(',') == std::string::npos) return text;
  const size_t dot = text.rfind('.', text.size() - 2);
  if (dot == std::string::npos) return text;
  return text.substr(dot + 1, text.size() - dot - 2);
}

Status TableOrRegionArg(const CommandContext& ctx, std::string* what) {
  RL_RETURN_IF_ERROR(ExpectString(ctx.arg(0), "table or region name", what));
  *what = EncodedRegionName(*what);
  return Status::OK();
}

Json RegionJson(const RegionInfo& r) {
  Json j = Json::Object();
  j.Set("name", r.RegionName());
  j.Set("encoded_name", r.encoded_name);
  j.Set("start", ToStringBinary(r.start_key));
  j.Set("end", ToStringBinary(r.end_key));
  j.Set("server", r.server);
  j.Set("store_files", r.metrics.store_files);
  j.Set("store_file_bytes", r.metrics.store_file_bytes);
  j.Set("memstore_bytes", r.metrics.memstore_heap_bytes);
  j.Set("read_requests", r.metrics.read_requests);
  j.Set("write_requests", r.metrics.write_requests);
  return j;
}

Status GetSplits(CommandContext& ctx) {
  std::string table;
  RL_RETURN_IF_ERROR(OnlyTableArg(ctx, &table));
  auto splits = ctx.connection().GetSplits(table);
  if (!splits.ok()) return splits.status();
  std::vector<std::string> shown;
  for (const auto& s : *splits) shown.push_back(ToStringBinary(s));
  ctx.Line("Total number of splits = " + std::to_string(shown.size() + 1));
  ctx.SetReturn(InspectStrings(shown));
  ctx.json().Set("splits", Json::Strings(shown));
  return Status::OK();
}

Status ListRegions(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 3));
  std::string table, server_filter;
  RL_RETURN_IF_ERROR(TableNameArg(ctx, 0, &table));
  if (ctx.arg_count() >= 2 && !ctx.arg(1).is_nil()) {
    if (ctx.arg(1).is_hash()) {
      if (const Value* s = ctx.arg(1).Find("SERVER_NAME")) {
        RL_RETURN_IF_ERROR(ExpectString(*s, "SERVER_NAME", &server_filter));
      }
    } else {
      RL_RETURN_IF_ERROR(ExpectString(ctx.arg(1), "server name", &server_filter));
    }
  }
  const std::vector<std::string> all = {"SERVER_NAME", "REGION_NAME", "START_KEY", "END_KEY",
                                        "SIZE", "REQ", "LOCALITY"};
  std::vector<std::string> columns = all;
  if (ctx.arg_count() == 3) {
    if (!ctx.arg(2).is_array()) return Status::InvalidArgument("the columns must be an Array");
    columns.clear();
    for (const Value& c : ctx.arg(2).items) {
      std::string name;
      RL_RETURN_IF_ERROR(ExpectString(c, "column", &name));
      if (std::find(all.begin(), all.end(), name) == all.end()) {
        return Status::InvalidArgument("unknown column " + name + "; choose from SERVER_NAME,"
                                       " REGION_NAME, START_KEY, END_KEY, SIZE, REQ, LOCALITY");
      }
      columns.push_back(name);
    }
  }
  auto regions = ctx.connection().ListRegions(table);
  if (!regions.ok()) return regions.status();
  std::vector<std::vector<std::string>> cells;
  Json list = Json::Array();
  for (const RegionInfo& r : *regions) {
    if (!server_filter.empty() && r.server.rfind(server_filter, 0) != 0) continue;
    std::vector<std::string> row;
    for (const auto& c : columns) {
      if (c == "SERVER_NAME") row.push_back(r.server);
      if (c == "REGION_NAME") row.push_back(r.RegionName());
      if (c == "START_KEY") row.push_back(ToStringBinary(r.start_key));
      if (c == "END_KEY") row.push_back(ToStringBinary(r.end_key));
      if (c == "SIZE") row.push_back(std::to_string(r.metrics.store_file_bytes >> 20));
      if (c == "REQ") {
        row.push_back(std::to_string(r.metrics.read_requests + r.metrics.write_requests));
      }
      if (c == "LOCALITY") row.push_back("1.0");  // an embedded engine reads only local files
    }
    cells.push_back(std::move(row));
    list.Push(RegionJson(r));
  }
  // HBase's layout: right-aligned columns, each followed by " |".
  std::vector<size_t> width(columns.size());
  for (size_t i = 0; i < columns.size(); ++i) {
    width[i] = columns[i].size();
    for (const auto& row : cells) width[i] = std::max(width[i], row[i].size());
  }
  auto line = [&](const std::vector<std::string>& row) {
    std::string s;
    for (size_t i = 0; i < row.size(); ++i) {
      s += " " + std::string(width[i] - std::min(width[i], row[i].size()), ' ') + row[i] + " |";
    }
    ctx.Line(s);
  };
  line(columns);
  std::vector<std::string> rule;
  for (size_t w : width) rule.push_back(std::string(w, '-'));
  line(rule);
  for (const auto& row : cells) line(row);
  ctx.Line(" " + std::to_string(cells.size()) + " rows");
  ctx.json().Set("regions", list);
  return Status::OK();
}

Status LocateRegion(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 2, 2));
  std::string table;
  RL_RETURN_IF_ERROR(TableNameArg(ctx, 0, &table));
  auto r = ctx.connection().LocateRegion(table, ToText(ctx.arg(1)));
  if (!r.ok()) return r.status();
  ctx.Header("HOST", "REGION");
  ctx.Row(r->server, "{ENCODED => " + r->encoded_name + ", NAME => '" + r->RegionName() +
                         "', STARTKEY => '" + ToStringBinary(r->start_key) + "', ENDKEY => '" +
                         ToStringBinary(r->end_key) + "'}");
  ctx.Line("1 row(s)");
  ctx.json().Set("region", RegionJson(*r));
  return Status::OK();
}

Status Flush(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 2));
  std::string what;
  RL_RETURN_IF_ERROR(TableOrRegionArg(ctx, &what));
  if (ctx.arg_count() == 2) {
    return Status::NotSupported("flushing one column family is not supported by RegionLab;"
                                " flush the table or region");
  }
  ctx.set_changes_layout();
  return ctx.connection().Flush(what);
}

Status CompactImpl(CommandContext& ctx, bool major) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 3));
  std::string what;
  RL_RETURN_IF_ERROR(TableOrRegionArg(ctx, &what));
  if (ctx.arg_count() >= 2) {
    return Status::NotSupported("compacting one column family is not supported by RegionLab;"
                                " compact the table or region");
  }
  ctx.set_changes_layout();
  return ctx.connection().Compact(what, major);
}
Status Compact(CommandContext& ctx) { return CompactImpl(ctx, false); }
Status MajorCompact(CommandContext& ctx) { return CompactImpl(ctx, true); }

Status Split(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 2));
  std::string what, split_row;
  RL_RETURN_IF_ERROR(TableOrRegionArg(ctx, &what));
  if (ctx.arg_count() == 2) split_row = ToText(ctx.arg(1));
  ctx.set_changes_layout();
  return ctx.connection().Split(what, split_row);
}

Status MergeRegion(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 3));
  std::vector<std::string> names;
  bool force = false;
  size_t next = 1;
  if (ctx.arg(0).is_array()) {
    for (const Value& v : ctx.arg(0).items) {
      names.emplace_back();
      RL_RETURN_IF_ERROR(ExpectString(v, "region name", &names.back()));
    }
  } else {
    if (ctx.arg_count() < 2) return CheckArity(ctx.arg_count(), 2, 3);
    for (size_t i = 0; i < 2; ++i) {
      names.emplace_back();
      RL_RETURN_IF_ERROR(ExpectString(ctx.arg(i), "region name", &names.back()));
    }
    next = 2;
  }
  if (next < ctx.arg_count()) RL_RETURN_IF_ERROR(ExpectBool(ctx.arg(next), "force", &force));
  if (names.size() != 2) {
    return Status::NotSupported("RegionLab merges two adjacent regions at a time; got " +
                                std::to_string(names.size()) + " regions");
  }
  ctx.set_changes_layout();
  return ctx.connection().MergeRegions(EncodedRegionName(names[0]), EncodedRegionName(names[1]), force);
}

Status Move(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 2));
  std::string region, server;
  RL_RETURN_IF_ERROR(ExpectString(ctx.arg(0), "region name", &region));
  if (ctx.arg_count() == 2) RL_RETURN_IF_ERROR(ExpectString(ctx.arg(1), "server name", &server));
  ctx.set_changes_layout();
  return ctx.connection().Move(EncodedRegionName(region), server);
}

Status Balancer(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 1));
  if (ctx.arg_count() == 1 && ToText(ctx.arg(0)) != "force") {
    return Status::InvalidArgument("balancer takes no argument or 'force'");
  }
  auto moves = ctx.connection().Balance();
  if (!moves.ok()) return moves.status();
  ctx.set_changes_layout();
  ctx.Line("true");
  ctx.SetReturn("true");
  ctx.json().Set("moves", *moves);
  return Status::OK();
}

Status WalRoll(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 1));
  std::string server;
  RL_RETURN_IF_ERROR(ExpectString(ctx.arg(0), "region server name", &server));
  RL_RETURN_IF_ERROR(ctx.connection().RollWalWriter(server));
  ctx.json().Set("server", server);
  return Status::OK();
}

size_t RegionsOn(CommandContext& ctx, const std::string& server) {
  auto servers = ctx.connection().ListServers();
  if (!servers.ok()) return 0;
  for (const auto& s : *servers) {
    if (s.name == server) return s.regions;
  }
  return 0;
}

Status KillRegionServer(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 1));
  std::string server;
  RL_RETURN_IF_ERROR(ExpectString(ctx.arg(0), "region server name", &server));
  const size_t regions = RegionsOn(ctx, server);
  RL_RETURN_IF_ERROR(ctx.connection().StopRegionServer(server));
  ctx.set_changes_layout();
  ctx.Line("Region server " + server + " aborted; its WAL was split and its " +
           std::to_string(regions) + " region(s) reopened on the other servers");
  ctx.json().Set("server", server);
  ctx.json().Set("regions_reassigned", static_cast<int64_t>(regions));
  return Status::OK();
}

Status StartRegionServer(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 1));
  std::string server;
  RL_RETURN_IF_ERROR(ExpectString(ctx.arg(0), "region server name", &server));
  RL_RETURN_IF_ERROR(ctx.connection().StartRegionServer(server));
  ctx.set_changes_layout();
  ctx.Line("Region server " + server + " started (run balancer to move regions to it)");
  ctx.json().Set("server", server);
  return Status::OK();
}

}  // namespace

const std::vector<CommandSpec>& ToolCommands() {
  static const std::vector<CommandSpec> kCommands = {
      {"get_splits", "regions", GetSplits, "Prints a table's split keys.",
       R"~(get_splits 'TABLE'
Prints the number of regions and returns the start keys of all regions but
the first, in Bytes.toStringBinary form.
  hbase> get_splits 't1'
)~"},
      {"list_regions", "regions", ListRegions, "Lists a table's regions with their server and size.",
       R"~(list_regions 'TABLE' [, 'SERVER_PREFIX' [, ['COLUMN', ...]]]
Columns: SERVER_NAME, REGION_NAME, START_KEY, END_KEY, SIZE (store files,
MB), REQ (read + write requests), LOCALITY.
  hbase> list_regions 't1'
  hbase> list_regions 't1', 'rs1'
  hbase> list_regions 't1', '', ['SERVER_NAME', 'START_KEY', 'END_KEY']
)~"},
      {"locate_region", "regions", LocateRegion, "Finds the region holding a row.",
       R"~(locate_region 'TABLE', 'ROW'
  hbase> locate_region 't1', 'row42'
)~"},
      {"flush", "tools", Flush, "Flushes the memstores of a table or region.",
       R"~(flush 'TABLE_OR_REGION'
Writes the memstores to store files. The region name may be encoded or full.
RegionLab returns when the flush and the compactions and splits it triggers
are done (HBase only queues them).
  hbase> flush 't1'
  hbase> flush '5a1c0e3f2b7d4c9e8f6a0b1c2d3e4f50'
)~"},
      {"compact", "tools", Compact, "Runs a minor compaction of a table or region.",
       R"~(compact 'TABLE_OR_REGION'
Selects store files by the exploring policy and compacts them; returns when
done.
  hbase> compact 't1'
)~"},
      {"major_compact", "tools", MajorCompact, "Rewrites every store into one file.",
       R"~(major_compact 'TABLE_OR_REGION'
Merges all store files of each store, dropping deleted and expired cells;
returns when done.
  hbase> major_compact 't1'
)~"},
      {"split", "tools", Split, "Splits a table's regions or one region.",
       R"~(split 'TABLE_OR_REGION' [, 'SPLIT_ROW']
Without a row, each region splits at its policy's split point (the middle of
its largest store file). Returns when the daughters are open.
  hbase> split 't1'
  hbase> split 't1', 'row500'
)~"},
      {"merge_region", "tools", MergeRegion, "Merges two adjacent regions.",
       R"~(merge_region 'ENCODED_REGION_A', 'ENCODED_REGION_B' [, FORCE]
merge_region ['ENCODED_REGION_A', 'ENCODED_REGION_B'] [, FORCE]
The regions must be adjacent (RegionLab refuses others even with FORCE).
  hbase> merge_region 'a1b2...', 'c3d4...'
)~"},
      {"move", "tools", Move, "Moves a region to another region server.",
       R"~(move 'ENCODED_REGION' [, 'SERVER']
Without a server, the least loaded other server takes the region. Servers
are named rs1, rs2, ...
  hbase> move 'a1b2c3...', 'rs2'
)~"},
      {"balancer", "tools", Balancer, "Evens out the regions over the servers.",
       R"~(balancer ['force']
Moves regions until every online server holds within one of the average
number; prints true.
  hbase> balancer
)~"},
      {"wal_roll", "tools", WalRoll, "Rolls a region server's WAL to a new segment.",
       R"~(wal_roll 'SERVER'
Starts a new WAL segment on the server and deletes the old segments whose
edits every region has flushed (HBase's Admin.rollWALWriter). Servers are
named rs1, rs2, ...; a flush first lets the roll free the most disk.
  hbase> wal_roll 'rs1'
)~"},
      {"kill_regionserver", "regionlab", KillRegionServer,
       "[RegionLab, not HBase] Aborts a region server to show failover.",
       R"~(kill_regionserver 'SERVER'
RegionLab's own command; HBase has no such command (its stop_regionserver is
a graceful shutdown). The server aborts without flushing, as a crash would;
its WAL is split by region and its regions reopen on the other servers,
replaying the edits that were only in the memstores. The last online server
cannot be killed.
  hbase> kill_regionserver 'rs1'
)~"},
      {"start_regionserver", "regionlab", StartRegionServer,
       "[RegionLab, not HBase] Restarts a killed region server.",
       R"~(start_regionserver 'SERVER'
RegionLab's own command. The server comes back empty; run balancer to give
it regions.
  hbase> start_regionserver 'rs1'
)~"},
  };
  return kCommands;
}

}  // namespace regionlab::shell
