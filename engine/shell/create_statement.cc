#include "shell/create_statement.h"

#include "regionlab/bytes.h"
#include "shell/command.h"
#include "shell/descriptors.h"
#include "shell/parser.h"
#include "shell/shell.h"

namespace regionlab::shell {

namespace {

bool PrintableAscii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) return false;
  }
  return true;
}

// A Bytes.toStringBinary text in single quotes (the shell applies
// Bytes.toBytesBinary to split keys). The text never holds a lone '\'.
std::string BinaryLiteral(std::string_view bytes) {
  std::string out = "'";
  for (char c : ToStringBinary(bytes)) {
    if (c == '\'') out += '\\';
    out += c;
  }
  return out + "'";
}

void Add(std::vector<std::string>* parts, const char* key, const std::string& value) {
  parts->push_back(std::string(key) + " => " + value);
}

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

std::string TableArgument(const TableDescriptor& t, const std::vector<std::string>& keys,
                          const CreateStatementOptions& options) {
  const TableDescriptor d;
  std::vector<std::string> parts;
  if (!options.splits_file.empty()) {
    Add(&parts, "SPLITS_FILE", RubyLiteral(options.splits_file));
  } else if (options.num_regions > 1) {
    Add(&parts, "NUMREGIONS", std::to_string(options.num_regions));
    Add(&parts, "SPLITALGO", RubyLiteral(options.split_algorithm));
  } else if (!keys.empty()) {
    std::string list = "[";
    for (size_t i = 0; i < keys.size(); ++i) list += (i ? ", " : "") + BinaryLiteral(keys[i]);
    Add(&parts, "SPLITS", list + "]");
  }
  if (t.max_file_size != d.max_file_size) Add(&parts, "MAX_FILESIZE", std::to_string(t.max_file_size));
  if (t.memstore_flush_size != d.memstore_flush_size) {
    Add(&parts, "MEMSTORE_FLUSHSIZE", std::to_string(t.memstore_flush_size));
  }
  if (!t.split_policy.empty()) Add(&parts, "SPLIT_POLICY", RubyLiteral(t.split_policy));
  if (t.durability != d.durability) Add(&parts, "DURABILITY", RubyLiteral(DurabilityName(t.durability)));
  if (!t.owner.empty()) Add(&parts, "OWNER", RubyLiteral(t.owner));
  if (!t.metadata.empty()) Add(&parts, "METADATA", MapLiteral(t.metadata));
  if (!t.configuration.empty()) Add(&parts, "CONFIGURATION", MapLiteral(t.configuration));
  return parts.empty() ? std::string() : "{" + Join(parts) + "}";
}

}  // namespace

std::string RubyLiteral(std::string_view bytes) {
  if (PrintableAscii(bytes)) {
    std::string out = "'";
    for (char c : bytes) {
      if (c == '\'' || c == '\\') out += '\\';
      out += c;
    }
    return out + "'";
  }
  // Double quotes with escapes; "#{" would start an interpolation.
  std::string inspected = InspectString(bytes);
  std::string out;
  for (size_t i = 0; i < inspected.size(); ++i) {
    if (inspected[i] == '#' && i + 1 < inspected.size() && inspected[i + 1] == '{') {
      out += "\\x23";
    } else {
      out += inspected[i];
    }
  }
  return out;
}

std::string MapLiteral(const std::map<std::string, std::string>& m) {
  std::string out = "{";
  for (const auto& [k, v] : m) {
    if (out.size() > 1) out += ", ";
    out += RubyLiteral(k) + " => " + RubyLiteral(v);
  }
  return out + "}";
}

std::string FamilyArgument(const FamilyOptions& f, const FamilyOptions& d) {
  std::vector<std::string> parts;
  Add(&parts, "NAME", RubyLiteral(f.name));
  if (f.bloom != d.bloom) Add(&parts, "BLOOMFILTER", RubyLiteral(BloomTypeName(f.bloom)));
  if (f.in_memory != d.in_memory) Add(&parts, "IN_MEMORY", f.in_memory ? "true" : "false");
  if (f.max_versions != d.max_versions) Add(&parts, "VERSIONS", std::to_string(f.max_versions));
  if (f.keep_deleted_cells != d.keep_deleted_cells) {
    Add(&parts, "KEEP_DELETED_CELLS", f.keep_deleted_cells ? "true" : "false");
  }
  if (f.data_block_encoding != d.data_block_encoding) {
    Add(&parts, "DATA_BLOCK_ENCODING", RubyLiteral(DataBlockEncodingName(f.data_block_encoding)));
  }
  if (f.compression != d.compression) {
    Add(&parts, "COMPRESSION", RubyLiteral(CompressionName(f.compression)));
  }
  if (f.compaction_compression != d.compaction_compression && f.compaction_compression) {
    Add(&parts, "COMPRESSION_COMPACT", RubyLiteral(CompressionName(*f.compaction_compression)));
  }
  if (f.ttl_seconds != d.ttl_seconds) {
    Add(&parts, "TTL", f.ttl_seconds == kTtlForever ? "'FOREVER'" : std::to_string(f.ttl_seconds));
  }
  if (f.min_versions != d.min_versions) Add(&parts, "MIN_VERSIONS", std::to_string(f.min_versions));
  if (f.block_cache != d.block_cache) Add(&parts, "BLOCKCACHE", f.block_cache ? "true" : "false");
  if (f.block_size != d.block_size) Add(&parts, "BLOCKSIZE", std::to_string(f.block_size));
  std::map<std::string, std::string> changed;
  for (const auto& [k, v] : f.configuration) {
    auto it = d.configuration.find(k);
    if (it == d.configuration.end() || it->second != v) changed[k] = v;
  }
  if (!changed.empty()) Add(&parts, "CONFIGURATION", MapLiteral(changed));
  if (parts.size() == 1) return RubyLiteral(f.name);  // nothing differs: the name alone
  return "{" + Join(parts) + "}";
}

std::string FormatCreateStatement(const TableDescriptor& desc,
                                  const std::vector<std::string>& split_keys,
                                  const CreateStatementOptions& options) {
  std::vector<std::string> args = {RubyLiteral(desc.FullName())};
  for (const FamilyOptions& f : desc.families) args.push_back(FamilyArgument(f));
  const std::string table = TableArgument(desc, split_keys, options);
  if (!table.empty()) args.push_back(table);
  std::string out = "create ";
  for (size_t i = 0; i < args.size(); ++i) {
    if (i > 0) out += options.multi_line ? ",\n  " : ", ";
    out += args[i];
  }
  return out;
}

Status ParseCreateStatement(std::string_view text, const std::string& working_directory,
                            TableDescriptor* desc, std::vector<std::string>* split_keys,
                            std::vector<std::string>* warnings) {
  std::vector<Statement> statements = ParseScript(text);
  if (statements.size() != 1) {
    return Status::InvalidArgument("expected one create statement, found " +
                                   std::to_string(statements.size()) + " statements");
  }
  const Statement& st = statements[0];
  if (!st.ok()) return Status::InvalidArgument("syntax error, " + st.error);
  if (st.command != "create") {
    return Status::InvalidArgument("expected a create statement, found '" + st.command + "'");
  }
  ShellOptions options;
  options.working_directory = working_directory;
  CommandContext ctx(nullptr, nullptr, &options, st.command, &st.args);
  *desc = TableDescriptor();
  split_keys->clear();
  Status s = BuildCreate(&ctx, desc, split_keys);
  if (warnings != nullptr) {
    for (const Json& w : ctx.warnings().items()) warnings->push_back(w.AsString());
  }
  return s;
}

}  // namespace regionlab::shell
