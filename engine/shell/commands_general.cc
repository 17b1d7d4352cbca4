// General commands: help, status, version, whoami, exit/quit, and the
// interactive shell's history.
#include <pwd.h>
#include <grp.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>

#include "shell/args.h"
#include "shell/command_util.h"
#include "shell/shell.h"

namespace regionlab::shell {

namespace {

constexpr const char* kGroupOrder[] = {"general", "namespace", "ddl",       "dml",
                                       "regions", "tools",     "snapshots", "regionlab"};

std::map<std::string, std::vector<const CommandSpec*>> ByGroup(const Shell& shell) {
  std::map<std::string, std::vector<const CommandSpec*>> groups;
  for (const auto& [name, spec] : shell.commands()) groups[spec->group].push_back(spec);
  return groups;
}

Status Help(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 1));
  const auto groups = ByGroup(ctx.shell());
  if (ctx.arg_count() == 1) {
    std::string topic;
    RL_RETURN_IF_ERROR(ExpectString(ctx.arg(0), "command or group name", &topic));
    if (const CommandSpec* spec = ctx.shell().FindCommand(topic)) {
      ctx.text() += spec->usage;
      ctx.json().Set("help", spec->usage);
      return Status::OK();
    }
    auto g = groups.find(topic);
    if (g == groups.end()) {
      return Status::NotFound("Command '" + topic + "' does not exist. Please see 'help'.");
    }
    std::string all = "Command group: " + topic + "\n";
    for (const CommandSpec* spec : g->second) {
      all += "\nCommand: " + std::string(spec->name) + "\n" + spec->usage;
    }
    ctx.text() += all;
    ctx.json().Set("help", all);
    return Status::OK();
  }
  std::string s =
      "RegionLab shell " + ctx.options().version + ": HBase 2 shell statements against " +
      ctx.connection().Info().target + ".\n"
      "Type 'help \"COMMAND\"' (with the quotes) for one command, or 'help \"GROUP\"' for a"
      " group.\n\nCOMMAND GROUPS:\n";
  for (const char* group : kGroupOrder) {
    auto g = groups.find(group);
    if (g == groups.end()) continue;
    s += "  Group name: " + std::string(group) + "\n  Commands: ";
    for (size_t i = 0; i < g->second.size(); ++i) {
      s += (i ? ", " : "") + std::string(g->second[i]->name);
    }
    s += "\n\n";
  }
  s +=
      "Group regionlab holds RegionLab's own commands; HBase has none of them.\n\n"
      "SYNTAX: the Ruby literals HBase shell statements use: 'single' and \"double\" quoted\n"
      "strings (\"\\x00\" is a byte), integers, true/false/nil, [arrays], {KEY => value}\n"
      "hashes, and constants such as NAME, VERSIONS, SPLITS. One statement per line or\n"
      "statements separated by ';'; '#' starts a comment.\n\n"
      "DIFFERENCES FROM HBASE: flush, compact, major_compact, split, merge_region, move and\n"
      "balancer return once the work (and the flushes, compactions and splits it causes) is\n"
      "done, so the next statement sees the result. A failing statement prints ERROR and\n"
      "the shell goes on with the next one.\n";
  ctx.text() += s;
  ctx.json().Set("help", s);
  return Status::OK();
}

Status Version(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 0));
  const std::string v = ctx.options().version + ", " + ctx.connection().Info().engine +
                        ", HBase 2 shell language";
  ctx.Line(v);
  ctx.json().Set("version", ctx.options().version);
  return Status::OK();
}

Status WhoAmI(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 0));
  std::string user = "unknown";
  std::vector<std::string> groups;
  struct passwd pw, *found = nullptr;
  char buf[4096];
  if (getpwuid_r(getuid(), &pw, buf, sizeof(buf), &found) == 0 && found != nullptr) {
    user = found->pw_name;
    struct group gr, *gfound = nullptr;
    char gbuf[4096];
    if (getgrgid_r(found->pw_gid, &gr, gbuf, sizeof(gbuf), &gfound) == 0 && gfound != nullptr) {
      groups.push_back(gfound->gr_name);
    }
  } else if (const char* env = std::getenv("USER")) {
    user = env;
  }
  ctx.Line(user + " (auth:SIMPLE)");
  std::string g;
  for (const auto& name : groups) g += (g.empty() ? "" : ", ") + name;
  ctx.Line("    groups: " + g);
  ctx.json().Set("user", user);
  ctx.json().Set("groups", Json::Strings(groups));
  return Status::OK();
}

std::string Mb(uint64_t bytes) { return std::to_string(bytes >> 20); }

Status StatusCommand(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 1));
  std::string format = "summary";
  if (ctx.arg_count() == 1) RL_RETURN_IF_ERROR(ExpectString(ctx.arg(0), "format", &format));
  if (format != "summary" && format != "simple" && format != "detailed") {
    return Status::InvalidArgument("status format must be 'summary', 'simple' or 'detailed'");
  }
  auto sampled = ctx.connection().SampleNow();
  if (!sampled.ok()) return sampled.status();
  const ClusterSample& sample = *sampled;
  size_t live = 0, dead = 0, regions = 0;
  Json servers = Json::Array();
  for (const ServerMetrics& s : sample.servers) {
    (s.online ? live : dead) += 1;
    if (s.online) regions += s.regions;
    Json j = Json::Object();
    j.Set("name", s.name);
    j.Set("online", s.online);
    j.Set("regions", s.regions);
    j.Set("memstore_bytes", s.memstore_bytes);
    j.Set("block_cache_bytes", s.block_cache.size);
    j.Set("block_cache_hits", s.block_cache.hits);
    j.Set("block_cache_misses", s.block_cache.misses);
    servers.Push(j);
  }
  const double load = live ? static_cast<double>(regions) / static_cast<double>(live) : 0.0;
  char line[160];
  if (format == "summary") {
    std::snprintf(line, sizeof(line),
                  "1 active master, 0 backup masters, %zu servers, %zu dead, %.4f average load",
                  live, dead, load);
    ctx.Line(line);
  } else {
    ctx.Line("active master:  " + ctx.connection().Info().master);
    ctx.Line("0 backup masters");
    ctx.Line(std::to_string(live) + " live servers");
    for (const ServerMetrics& s : sample.servers) {
      if (!s.online) continue;
      std::snprintf(line, sizeof(line), "%.1f", s.read_rate + s.write_rate);
      ctx.Line("    " + s.name);
      ctx.Line("        requestsPerSecond=" + std::string(line) +
               ", numberOfOnlineRegions=" + std::to_string(s.regions) +
               ", memstoreSizeMB=" + Mb(s.memstore_bytes) +
               ", storefiles=" + std::to_string(s.store_files) +
               ", storefileSizeMB=" + Mb(s.store_file_bytes) +
               ", readRequestsCount=" + std::to_string(s.read_requests) +
               ", writeRequestsCount=" + std::to_string(s.write_requests) +
               ", blockCacheSizeMB=" + Mb(s.block_cache.size) +
               ", blockCacheHitCount=" + std::to_string(s.block_cache.hits) +
               ", blockCacheMissCount=" + std::to_string(s.block_cache.misses));
      if (format != "detailed") continue;
      for (const RegionInfo& r : sample.regions) {
        if (r.server != s.name) continue;
        ctx.Line("        \"" + r.RegionName() + "\"");
        ctx.Line("            storefiles=" + std::to_string(r.metrics.store_files) +
                 ", storefileSizeMB=" + Mb(r.metrics.store_file_bytes) +
                 ", memstoreSizeMB=" + Mb(r.metrics.memstore_heap_bytes) +
                 ", readRequestsCount=" + std::to_string(r.metrics.read_requests) +
                 ", writeRequestsCount=" + std::to_string(r.metrics.write_requests));
      }
    }
    ctx.Line(std::to_string(dead) + " dead servers");
    for (const ServerMetrics& s : sample.servers) {
      if (!s.online) ctx.Line("    " + s.name);
    }
    std::snprintf(line, sizeof(line), "Aggregate load: %zu, regions: %zu", regions, regions);
    ctx.Line(line);
  }
  ctx.json().Set("servers", servers);
  return Status::OK();
}

Status Exit(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 0));
  ctx.request_exit();
  return Status::OK();
}

Status History(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 0));
  const std::vector<std::string>* history = ctx.shell().history();
  if (history == nullptr) {
    return Status::NotSupported("history is kept by interactive sessions only");
  }
  char num[32];
  for (size_t i = 0; i < history->size(); ++i) {
    std::snprintf(num, sizeof(num), "%5zu  ", i + 1);
    ctx.Line(num + (*history)[i]);
  }
  ctx.json().Set("history", Json::Strings(*history));
  return Status::OK();
}

}  // namespace

const std::vector<CommandSpec>& GeneralCommands() {
  static const std::vector<CommandSpec> kCommands = {
      {"help", "general", Help, "Lists the commands, or explains one.",
       R"~(help ['COMMAND' or 'GROUP']
  hbase> help
  hbase> help 'create'
  hbase> help 'ddl'
)~"},
      {"status", "general", StatusCommand, "Prints the cluster's servers and load.",
       R"~(status ['summary' | 'simple' | 'detailed']
summary: servers, dead servers and the average regions per server; simple:
per-server figures; detailed: also every region.
  hbase> status
  hbase> status 'detailed'
)~"},
      {"version", "general", Version, "Prints the RegionLab version.",
       R"~(version
  hbase> version
)~"},
      {"whoami", "general", WhoAmI, "Prints the current user.",
       R"~(whoami
  hbase> whoami
)~"},
      {"exit", "general", Exit, "Leaves the shell.", "exit\n"},
      {"quit", "general", Exit, "Leaves the shell.", "quit\n"},
      {"history", "regionlab", History,
       "[RegionLab, not HBase] Lists the statements typed in this and earlier sessions.",
       R"~(history
RegionLab's own command, for interactive sessions: lists the statements kept
in the history file (shell_history in the data directory), numbered. Type
!N to run statement N again, or !! for the last one.
)~"},
  };
  return kCommands;
}

}  // namespace regionlab::shell
