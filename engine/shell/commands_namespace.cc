// Namespace commands: create_namespace, drop_namespace, list_namespace,
// describe_namespace, list_namespace_tables.
#include <algorithm>

#include "shell/args.h"
#include "shell/command_util.h"
#include "shell/shell.h"

namespace regionlab::shell {

namespace {

Status NamespaceArg(const CommandContext& ctx, std::string* ns) {
  return ExpectString(ctx.arg(0), "namespace name", ns);
}

Status RequireNamespace(CommandContext& ctx, const std::string& ns) {
  auto all = ctx.connection().ListNamespaces();
  if (!all.ok()) return all.status();
  if (std::find(all->begin(), all->end(), ns) == all->end()) {
    return Status::NotFound("Unknown namespace " + ns + "!");
  }
  return Status::OK();
}

Status CreateNamespace(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 2));
  std::string ns;
  RL_RETURN_IF_ERROR(NamespaceArg(ctx, &ns));
  std::map<std::string, std::string> properties;
  if (ctx.arg_count() == 2) {
    if (!ctx.arg(1).is_hash()) return Status::InvalidArgument("namespace properties must be a Hash");
    for (const auto& [k, v] : ctx.arg(1).entries) properties[ToText(k)] = ToText(v);
  }
  RL_RETURN_IF_ERROR(ctx.connection().CreateNamespace(ns, properties));
  ctx.json().Set("namespace", ns);
  return Status::OK();
}

Status DropNamespace(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 1));
  std::string ns;
  RL_RETURN_IF_ERROR(NamespaceArg(ctx, &ns));
  RL_RETURN_IF_ERROR(RequireNamespace(ctx, ns));
  RL_RETURN_IF_ERROR(ctx.connection().DropNamespace(ns));
  ctx.json().Set("namespace", ns);
  return Status::OK();
}

Status ListNamespace(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 0, 1));
  std::string pattern = ".*";
  if (ctx.arg_count() == 1) RL_RETURN_IF_ERROR(ExpectString(ctx.arg(0), "regex", &pattern));
  auto all = ctx.connection().ListNamespaces();
  if (!all.ok()) return all.status();
  std::vector<std::string> names = *all, matching;
  std::sort(names.begin(), names.end());
  RL_RETURN_IF_ERROR(RegexMatches(pattern, names, &matching));
  PrintNames(ctx, "NAMESPACE", matching, "namespaces");
  return Status::OK();
}

Status DescribeNamespace(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 1));
  std::string ns;
  RL_RETURN_IF_ERROR(NamespaceArg(ctx, &ns));
  RL_RETURN_IF_ERROR(RequireNamespace(ctx, ns));
  ctx.Line("DESCRIPTION");
  ctx.Line("{NAME => '" + ns + "'}");
  ctx.json().Set("namespace", ns);
  return Status::OK();
}

Status ListNamespaceTables(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 1));
  std::string ns;
  RL_RETURN_IF_ERROR(NamespaceArg(ctx, &ns));
  RL_RETURN_IF_ERROR(RequireNamespace(ctx, ns));
  auto tables = ctx.connection().ListTableNames();
  if (!tables.ok()) return tables.status();
  std::vector<std::string> names;
  for (const std::string& full : *tables) {
    std::string table_ns, qualifier;
    if (ParseTableName(full, &table_ns, &qualifier).ok() && table_ns == ns) {
      names.push_back(qualifier);
    }
  }
  std::sort(names.begin(), names.end());
  PrintNames(ctx, "TABLE", names, "tables");
  return Status::OK();
}

}  // namespace

const std::vector<CommandSpec>& NamespaceCommands() {
  static const std::vector<CommandSpec> kCommands = {
      {"create_namespace", "namespace", CreateNamespace, "Creates a namespace.",
       R"~(create_namespace 'NAMESPACE' [, {'PROPERTY' => 'VALUE'}]
  hbase> create_namespace 'ns1'
)~"},
      {"drop_namespace", "namespace", DropNamespace, "Drops an empty namespace.",
       R"~(drop_namespace 'NAMESPACE'
The namespace must hold no table.
  hbase> drop_namespace 'ns1'
)~"},
      {"list_namespace", "namespace", ListNamespace, "Lists the namespaces.",
       R"~(list_namespace ['REGEX']
  hbase> list_namespace
  hbase> list_namespace 'ns.*'
)~"},
      {"describe_namespace", "namespace", DescribeNamespace, "Describes a namespace.",
       R"~(describe_namespace 'NAMESPACE'
  hbase> describe_namespace 'ns1'
)~"},
      {"list_namespace_tables", "namespace", ListNamespaceTables,
       "Lists the tables of a namespace.",
       R"~(list_namespace_tables 'NAMESPACE'
  hbase> list_namespace_tables 'default'
)~"},
  };
  return kCommands;
}

}  // namespace regionlab::shell
