#include "shell/command_util.h"

#include <ctime>

#include "filter/regex.h"
#include "regionlab/bytes.h"
#include "shell/args.h"
#include "shell/value.h"

namespace regionlab::shell {

Status TableNameArg(const CommandContext& ctx, size_t i, std::string* table) {
  if (i >= ctx.arg_count() || !ctx.arg(i).is_string()) {
    return Status::InvalidArgument("Table name must be of type String");
  }
  *table = ctx.arg(i).str;
  return Status::OK();
}

Status OnlyTableArg(const CommandContext& ctx, std::string* table) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 1, 1));
  return TableNameArg(ctx, 0, table);
}

Status OpenTableArg(CommandContext& ctx, size_t i, std::string* name,
                    std::shared_ptr<TableClient>* table) {
  RL_RETURN_IF_ERROR(TableNameArg(ctx, i, name));
  auto t = ctx.connection().GetTable(*name);
  if (!t.ok()) return t.status();
  *table = std::move(*t);
  return Status::OK();
}

Status CheckFamily(CommandContext& ctx, const std::string& table, const std::string& family) {
  auto desc = ctx.connection().GetDescriptor(table);
  if (!desc.ok()) return desc.status();
  if (desc->FindFamily(family) != nullptr) return Status::OK();
  std::string valid;
  for (const auto& f : desc->families) {
    if (!valid.empty()) valid += ", ";
    valid += f.name + ":*";
  }
  return Status::InvalidArgument("Unknown column family! Valid column names: " + valid);
}

std::string FormatTimestamp(int64_t millis, bool epoch) {
  if (epoch) return std::to_string(millis);
  // Floor division, so times before 1970 and the 9999-year sentinel both work.
  int64_t secs = millis / 1000;
  int64_t ms = millis % 1000;
  if (ms < 0) {
    ms += 1000;
    secs -= 1;
  }
  const time_t t = static_cast<time_t>(secs);
  struct tm tm;
  if (localtime_r(&t, &tm) == nullptr) return std::to_string(millis);
  char buf[80];
  std::snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min);
  std::string s = buf;
  if (tm.tm_sec != 0 || ms != 0) {
    std::snprintf(buf, sizeof(buf), ":%02d", tm.tm_sec);
    s += buf;
  }
  if (ms != 0) {
    std::snprintf(buf, sizeof(buf), ".%03d", static_cast<int>(ms));
    s += buf;
  }
  return s;
}

std::string ColumnText(const Cell& c) {
  return ToStringBinary(c.family) + ":" + ToStringBinary(c.qualifier);
}

Json CellJson(const Cell& c) {
  Json j = Json::Object();
  j.Set("row", ToStringBinary(c.row));
  j.Set("column", ColumnText(c));
  j.Set("timestamp", c.timestamp);
  j.Set("value", ToStringBinary(c.value));
  if (c.type != CellType::kPut) j.Set("type", CellTypeName(c.type));
  return j;
}

Status RegexMatches(const std::string& regex, const std::vector<std::string>& texts,
                    std::vector<std::string>* matching) {
  // Java's Pattern.compile(regex) (no DOTALL) and Matcher.matches(): the
  // whole name. The filter language's engine runs in linear time, so any
  // pattern and name length is safe.
  Regex::Options options;
  options.dotall = false;
  size_t offset = 0;
  auto plain = Regex::Compile(regex, options, &offset);
  if (!plain.ok()) {
    return Status::InvalidArgument("invalid pattern '" + regex + "': " + plain.status().message());
  }
  auto whole = Regex::Compile("\\A(?:" + regex + ")\\z", options);
  if (!whole.ok()) return whole.status();
  for (const auto& t : texts) {
    if (whole->Search(t)) matching->push_back(t);
  }
  return Status::OK();
}

void PrintNames(CommandContext& ctx, const char* header, const std::vector<std::string>& names,
                const char* json_key) {
  ctx.Line(header);
  for (const auto& n : names) ctx.Line(n);
  ctx.Line(std::to_string(names.size()) + " row(s)");
  ctx.SetReturn(InspectStrings(names));
  ctx.json().Set(json_key, Json::Strings(names));
}

std::string InspectStrings(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += InspectString(items[i]);
  }
  return out + "]";
}

}  // namespace regionlab::shell
