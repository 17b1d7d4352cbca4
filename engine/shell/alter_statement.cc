#include "shell/alter_statement.h"

#include <algorithm>

#include "regionlab/bytes.h"
#include "shell/command.h"
#include "shell/create_statement.h"
#include "shell/descriptors.h"
#include "shell/parser.h"
#include "shell/shell.h"

namespace regionlab::shell {

namespace {

const FamilyOptions* Find(const std::vector<FamilyOptions>& families, const std::string& name) {
  auto it = std::find_if(families.begin(), families.end(),
                         [&](const FamilyOptions& f) { return f.name == name; });
  return it == families.end() ? nullptr : &*it;
}

std::string NameList(const std::vector<std::string>& names) {
  if (names.size() == 1) return RubyLiteral(names[0]);
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + RubyLiteral(names[i]);
  return out + "]";
}

// The entries of `after` that `before` lacks or holds with another value,
// and the keys `before` has that `after` dropped.
void Diff(const std::map<std::string, std::string>& before,
          const std::map<std::string, std::string>& after, std::map<std::string, std::string>* set,
          std::vector<std::string>* removed) {
  for (const auto& [k, v] : after) {
    auto it = before.find(k);
    if (it == before.end() || it->second != v) (*set)[k] = v;
  }
  for (const auto& [k, v] : before) {
    if (after.count(k) == 0) removed->push_back(k);
  }
}

}  // namespace

Result<std::vector<std::string>> FormatAlterStatements(const TableDescriptor& before,
                                                       const TableDescriptor& after) {
  if (before.FullName() != after.FullName()) {
    return Status::InvalidArgument("alter cannot rename table " + before.FullName() + " to " +
                                   after.FullName());
  }
  const std::string head = "alter " + RubyLiteral(after.FullName()) + ", ";
  std::vector<std::string> out;
  for (const FamilyOptions& f : before.families) {
    if (Find(after.families, f.name) == nullptr) {
      out.push_back(head + "'delete' => " + RubyLiteral(f.name));
    }
  }
  for (const FamilyOptions& f : after.families) {
    const FamilyOptions* old = Find(before.families, f.name);
    if (old == nullptr) {
      out.push_back(head + FamilyArgument(f));
      continue;
    }
    for (const auto& [k, v] : old->configuration) {
      if (f.configuration.count(k) == 0) {
        return Status::InvalidArgument(
            "alter cannot remove CONFIGURATION key '" + ToStringBinary(k) + "' of family " +
            ToStringBinary(f.name) + "; the shell only adds or changes a family's entries");
      }
    }
    const std::string arg = FamilyArgument(f, *old);
    if (arg != RubyLiteral(f.name)) out.push_back(head + arg);
  }

  const TableDescriptor defaults;
  std::vector<std::string> set, unset, conf_unset;
  auto add = [&](const char* key, const std::string& value) {
    set.push_back(std::string(key) + " => " + value);
  };
  if (after.max_file_size != before.max_file_size) {
    add("MAX_FILESIZE", std::to_string(after.max_file_size));
  }
  if (after.memstore_flush_size != before.memstore_flush_size) {
    add("MEMSTORE_FLUSHSIZE", std::to_string(after.memstore_flush_size));
  }
  if (after.split_policy != before.split_policy) {
    if (after.split_policy.empty()) {
      unset.push_back("SPLIT_POLICY");
    } else {
      add("SPLIT_POLICY", RubyLiteral(after.split_policy));
    }
  }
  if (after.durability != before.durability) {
    add("DURABILITY", RubyLiteral(DurabilityName(after.durability)));
  }
  if (after.owner != before.owner) {
    if (after.owner.empty()) {
      unset.push_back("OWNER");
    } else {
      add("OWNER", RubyLiteral(after.owner));
    }
  }
  std::map<std::string, std::string> metadata, configuration;
  Diff(before.metadata, after.metadata, &metadata, &unset);
  Diff(before.configuration, after.configuration, &configuration, &conf_unset);
  if (!metadata.empty()) add("METADATA", MapLiteral(metadata));
  if (!configuration.empty()) add("CONFIGURATION", MapLiteral(configuration));
  if (!set.empty()) {
    std::string hash;
    for (const std::string& s : set) hash += (hash.empty() ? "" : ", ") + s;
    out.push_back(head + "{" + hash + "}");
  }
  if (!unset.empty()) {
    out.push_back(head + "METHOD => 'table_att_unset', NAME => " + NameList(unset));
  }
  if (!conf_unset.empty()) {
    out.push_back(head + "METHOD => 'table_conf_unset', NAME => " + NameList(conf_unset));
  }
  return out;
}

Status ApplyAlterStatements(std::string_view text, TableDescriptor* desc,
                            std::vector<std::string>* warnings) {
  for (const Statement& st : ParseScript(text)) {
    const std::string where = "line " + std::to_string(st.begin.line) + ": ";
    if (!st.ok()) return Status::InvalidArgument("syntax error, " + st.error);
    if (st.command != "alter") {
      return Status::InvalidArgument(where + "expected an alter statement, found '" + st.command +
                                     "'");
    }
    std::string ns, name;
    if (st.args.empty() || !st.args[0].is_string() ||
        !ParseTableName(st.args[0].str, &ns, &name).ok() || ns != desc->ns ||
        name != desc->name) {
      return Status::InvalidArgument(where + "the statement does not alter table " +
                                     desc->FullName());
    }
    ShellOptions options;
    CommandContext ctx(nullptr, nullptr, &options, st.command, &st.args);
    Status s = ApplyAlter(&ctx, desc);
    if (warnings != nullptr) {
      for (const Json& w : ctx.warnings().items()) warnings->push_back(w.AsString());
    }
    if (!s.ok()) return Status::InvalidArgument(where + s.message());
  }
  return Status::OK();
}

}  // namespace regionlab::shell
