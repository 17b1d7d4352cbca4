#include "shell/args.h"

#include <cctype>
#include <limits>
#include <regex>

#include "regionlab/cell.h"

namespace regionlab::shell {

std::string ToText(const Value& v) {
  switch (v.type) {
    case Value::Type::kString: return v.str;
    case Value::Type::kInteger: return std::to_string(v.integer);
    case Value::Type::kBool: return v.boolean ? "true" : "false";
    case Value::Type::kNil: return "";
    default: return v.Inspect();
  }
}

namespace {

std::string Named(std::string_view what, const Value& v, std::string_view expected) {
  return std::string(what) + " must be " + std::string(expected) + ", got " + v.TypeName() +
         (v.type == Value::Type::kHash || v.type == Value::Type::kArray ? "" : " " + v.Inspect());
}

std::string_view TrimSpaces(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Digits with an optional sign; false on anything else or on overflow.
bool ParseInt64(std::string_view s, int64_t* out) {
  if (s.empty()) return false;
  bool negative = false;
  if (s[0] == '-' || s[0] == '+') {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return false;
  unsigned __int128 v = 0;
  const unsigned __int128 limit =
      static_cast<unsigned __int128>(std::numeric_limits<int64_t>::max()) + (negative ? 1 : 0);
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
    if (v > limit) return false;
  }
  *out = negative ? static_cast<int64_t>(-static_cast<__int128>(v)) : static_cast<int64_t>(v);
  return true;
}

}  // namespace

Status ExpectString(const Value& v, std::string_view what, std::string* out, bool allow_number) {
  if (v.is_string()) {
    *out = v.str;
    return Status::OK();
  }
  if (allow_number && v.is_integer()) {
    *out = std::to_string(v.integer);
    return Status::OK();
  }
  return Status::InvalidArgument(Named(what, v, "a String"));
}

Status ExpectInteger(const Value& v, std::string_view what, int64_t* out) {
  if (!v.is_integer()) return Status::InvalidArgument(Named(what, v, "an Integer"));
  *out = v.integer;
  return Status::OK();
}

Status ExpectBool(const Value& v, std::string_view what, bool* out) {
  if (v.is_bool()) {
    *out = v.boolean;
    return Status::OK();
  }
  if (v.is_string()) {
    std::string lower;
    for (char c : TrimSpaces(v.str)) lower.push_back(static_cast<char>(std::tolower(c)));
    if (lower == "true" || lower == "false") {
      *out = lower == "true";
      return Status::OK();
    }
  }
  return Status::InvalidArgument(Named(what, v, "true or false"));
}

Status ExpectIntegerOrText(const Value& v, std::string_view what, int64_t* out) {
  if (v.is_integer()) {
    *out = v.integer;
    return Status::OK();
  }
  if (v.is_string() && ParseInt64(TrimSpaces(v.str), out)) return Status::OK();
  return Status::InvalidArgument(Named(what, v, "a number"));
}

Status CheckArity(size_t given, size_t min, int max) {
  if (given >= min && (max < 0 || given <= static_cast<size_t>(max))) return Status::OK();
  std::string expected = std::to_string(min);
  if (max < 0) {
    expected += "+";
  } else if (static_cast<size_t>(max) != min) {
    expected += ".." + std::to_string(max);
  }
  return Status::InvalidArgument("wrong number of arguments (given " + std::to_string(given) +
                                 ", expected " + expected + ")");
}

void ParseColumn(std::string_view spec, std::string* family, std::string* qualifier,
                 bool* has_qualifier) {
  const size_t colon = spec.find(':');
  if (colon == std::string_view::npos) {
    *family = std::string(spec);
    qualifier->clear();
    *has_qualifier = false;
    return;
  }
  *family = std::string(spec.substr(0, colon));
  *qualifier = std::string(spec.substr(colon + 1));
  *has_qualifier = true;
}

Status ParseTtl(const Value& v, int64_t* seconds) {
  if (v.is_integer()) {
    *seconds = v.integer;
    return Status::OK();
  }
  if (!v.is_string()) return Status::InvalidArgument(Named("TTL", v, "a number of seconds"));
  const std::string_view text = TrimSpaces(v.str);
  std::string upper;
  for (char c : text) upper.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  if (upper == "FOREVER") {
    *seconds = kTtlForever;
    return Status::OK();
  }
  if (ParseInt64(text, seconds)) return Status::OK();
  // PrettyPrinter's interval pattern. std::regex recurses per character, so
  // only short texts are matched (a TTL is never long).
  const std::string bad = "TTL '" + std::string(v.str) +
                          "' is not a number of seconds, FOREVER, or a time like '2 DAYS 3 HOURS'";
  if (upper.size() > 120) return Status::InvalidArgument(bad);
  static const std::regex kInterval(
      R"(((\d+)\s*SECONDS?\s*\()?\s*((\d+)\s*DAYS?)?\s*((\d+)\s*HOURS?)?\s*)"
      R"(((\d+)\s*MINUTES?)?\s*((\d+)\s*SECONDS?)?\s*\)?)");
  std::smatch m;
  if (upper.empty() || !std::regex_match(upper, m, kInterval)) return Status::InvalidArgument(bad);
  int64_t total = 0;
  const int64_t unit[] = {86400, 3600, 60, 1};
  const int groups[] = {4, 6, 8, 10};
  bool any = false;
  for (int k = 0; k < 4; ++k) {
    if (!m[groups[k]].matched) continue;
    int64_t n;
    if (!ParseInt64(m[groups[k]].str(), &n) || n > std::numeric_limits<int32_t>::max()) {
      return Status::InvalidArgument(bad);
    }
    total += n * unit[k];
    any = true;
  }
  if (!any) return Status::InvalidArgument(bad);
  if (m[2].matched) {
    int64_t expected;
    if (!ParseInt64(m[2].str(), &expected) || expected != total) {
      return Status::InvalidArgument(
          "Malformed TTL string: TTL values in seconds and human readable format do not match");
    }
  }
  *seconds = total;
  return Status::OK();
}

std::string HumanReadableTtl(int64_t interval) {
  if (interval == kTtlForever) return "FOREVER";
  if (interval < 60) return std::to_string(interval) + " SECOND" + (interval == 1 ? "" : "S");
  const int64_t days = interval / 86400;
  const int64_t hours = (interval - days * 86400) / 3600;
  const int64_t minutes = (interval - days * 86400 - hours * 3600) / 60;
  const int64_t secs = interval - days * 86400 - hours * 3600 - minutes * 60;
  std::string s = std::to_string(interval) + " SECONDS (";
  if (days > 0) s += std::to_string(days) + " DAY" + (days == 1 ? "" : "S");
  if (hours > 0) s += (days > 0 ? " " : "") + std::to_string(hours) + " HOUR" + (hours == 1 ? "" : "S");
  if (minutes > 0) {
    s += (days + hours > 0 ? " " : "") + std::to_string(minutes) + " MINUTE" +
         (minutes == 1 ? "" : "S");
  }
  if (secs > 0) {
    // HBase picks the plural of SECOND by the minute count; kept so the text
    // matches what a real HBase shell prints.
    s += (days + hours + minutes > 0 ? " " : "") + std::to_string(secs) + " SECOND" +
         (minutes == 1 ? "" : "S");
  }
  return s + ")";
}

}  // namespace regionlab::shell
