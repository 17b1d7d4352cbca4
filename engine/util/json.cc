#include "util/json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "util/utf8.h"

namespace regionlab {

Json Json::Strings(const std::vector<std::string>& items) {
  Json a = Array();
  for (const auto& s : items) a.Push(Json(s));
  return a;
}

Json& Json::Push(Json value) {
  items_.push_back(std::move(value));
  return *this;
}

Json& Json::Set(std::string_view key, Json value) {
  for (auto& [k, v] : members_) {
    if (k == key) {
      v = std::move(value);
      return *this;
    }
  }
  members_.emplace_back(std::string(key), std::move(value));
  return *this;
}

double Json::AsDouble() const {
  if (type_ == Type::kDouble) return double_;
  return type_ == Type::kInt ? static_cast<double>(int_) : 0;
}

const char* Json::TypeName(Type type) {
  switch (type) {
    case Type::kNull: return "null";
    case Type::kBool: return "a boolean";
    case Type::kInt: return "an integer";
    case Type::kDouble: return "a number";
    case Type::kString: return "a string";
    case Type::kArray: return "an array";
    case Type::kObject: return "an object";
  }
  return "?";
}

std::string Json::Where() const {
  if (line_ == 0) return {};
  return "line " + std::to_string(line_) + ", column " + std::to_string(column_);
}

const Json* Json::Get(std::string_view key) const {
  for (const auto& [k, v] : members_) {
    if (k == key) return &v;
  }
  return nullptr;
}

void AppendJsonString(std::string* out, std::string_view s) {
  out->push_back('"');
  char buf[8];
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"': *out += "\\\""; ++i; continue;
      case '\\': *out += "\\\\"; ++i; continue;
      case '\n': *out += "\\n"; ++i; continue;
      case '\t': *out += "\\t"; ++i; continue;
      case '\r': *out += "\\r"; ++i; continue;
      case '\b': *out += "\\b"; ++i; continue;
      case '\f': *out += "\\f"; ++i; continue;
      default: break;
    }
    if (c < 0x20 || c == 0x7f) {
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      *out += buf;
      ++i;
      continue;
    }
    const Utf8Char ch = DecodeUtf8(s, i);
    if (!ch.ok()) {
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      *out += buf;
      ++i;
      continue;
    }
    out->append(s.substr(i, ch.length));
    i += ch.length;
  }
  out->push_back('"');
}

void Json::DumpTo(std::string* out) const {
  switch (type_) {
    case Type::kNull: *out += "null"; return;
    case Type::kBool: *out += bool_ ? "true" : "false"; return;
    case Type::kInt: *out += std::to_string(int_); return;
    case Type::kDouble: {
      if (!std::isfinite(double_)) {
        *out += "null";
        return;
      }
      char buf[64];
      for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof(buf), "%.*g", precision, double_);
        if (std::strtod(buf, nullptr) == double_) break;
      }
      *out += buf;
      return;
    }
    case Type::kString: AppendJsonString(out, string_); return;
    case Type::kArray:
      out->push_back('[');
      for (size_t i = 0; i < items_.size(); ++i) {
        if (i) out->push_back(',');
        items_[i].DumpTo(out);
      }
      out->push_back(']');
      return;
    case Type::kObject:
      out->push_back('{');
      for (size_t i = 0; i < members_.size(); ++i) {
        if (i) out->push_back(',');
        AppendJsonString(out, members_[i].first);
        out->push_back(':');
        members_[i].second.DumpTo(out);
      }
      out->push_back('}');
      return;
  }
}

std::string Json::Dump() const {
  std::string out;
  DumpTo(&out);
  return out;
}

namespace {
bool IsScalar(const Json& j) { return !j.is_array() && !j.is_object(); }
}  // namespace

void Json::DumpPrettyTo(std::string* out, int indent, int depth) const {
  const std::string pad(static_cast<size_t>(indent) * (depth + 1), ' ');
  const std::string close_pad(static_cast<size_t>(indent) * depth, ' ');
  if (type_ == Type::kArray && !items_.empty()) {
    bool flat = true;
    for (const Json& item : items_) flat = flat && IsScalar(item);
    out->push_back('[');
    for (size_t i = 0; i < items_.size(); ++i) {
      if (flat) {
        if (i) *out += ", ";
      } else {
        *out += i ? ",\n" : "\n";
        *out += pad;
      }
      items_[i].DumpPrettyTo(out, indent, depth + 1);
    }
    if (!flat) *out += "\n" + close_pad;
    out->push_back(']');
    return;
  }
  if (type_ == Type::kObject && !members_.empty()) {
    out->push_back('{');
    for (size_t i = 0; i < members_.size(); ++i) {
      *out += i ? ",\n" : "\n";
      *out += pad;
      AppendJsonString(out, members_[i].first);
      *out += ": ";
      members_[i].second.DumpPrettyTo(out, indent, depth + 1);
    }
    *out += "\n" + close_pad;
    out->push_back('}');
    return;
  }
  DumpTo(out);
}

std::string Json::DumpPretty(int indent) const {
  std::string out;
  DumpPrettyTo(&out, indent, 0);
  out.push_back('\n');
  return out;
}

}  // namespace regionlab
