#include "shell/value.h"

#include <cstdio>
#include <cstdlib>

namespace regionlab::shell {

const Value* Value::Find(std::string_view key) const {
  if (type != Type::kHash) return nullptr;
  // The last entry wins, as in a Ruby hash literal with a repeated key.
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    if (it->first.type == Type::kString && it->first.str == key) return &it->second;
  }
  return nullptr;
}

const char* Value::TypeName() const {
  switch (type) {
    case Type::kNil: return "NilClass";
    case Type::kBool: return boolean ? "TrueClass" : "FalseClass";
    case Type::kInteger: return "Integer";
    case Type::kFloat: return "Float";
    case Type::kString: return "String";
    case Type::kArray: return "Array";
    case Type::kHash: return "Hash";
  }
  return "Object";
}

std::string InspectString(std::string_view bytes) {
  std::string out = "\"";
  for (unsigned char c : bytes) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case 0x1b: out += "\\e"; break;
      default:
        if (c >= 0x20 && c < 0x7f) {
          out.push_back(static_cast<char>(c));
        } else {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\x%02X", c);
          out += buf;
        }
    }
  }
  out += "\"";
  return out;
}

std::string Value::Inspect() const {
  switch (type) {
    case Type::kNil: return "nil";
    case Type::kBool: return boolean ? "true" : "false";
    case Type::kInteger: return std::to_string(integer);
    case Type::kFloat: {
      // The shortest text that reads back as the same double, as Ruby prints.
      char buf[64];
      for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof(buf), "%.*g", precision, real);
        if (std::strtod(buf, nullptr) == real) break;
      }
      std::string s = buf;
      if (s.find_first_of(".eE") == std::string::npos) s += ".0";
      return s;
    }
    case Type::kString: return InspectString(str);
    case Type::kArray: {
      std::string out = "[";
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        out += items[i].Inspect();
      }
      return out + "]";
    }
    case Type::kHash: {
      std::string out = "{";
      for (size_t i = 0; i < entries.size(); ++i) {
        if (i) out += ", ";
        out += entries[i].first.Inspect() + "=>" + entries[i].second.Inspect();
      }
      return out + "}";
    }
  }
  return "";
}

}  // namespace regionlab::shell
