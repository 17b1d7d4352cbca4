// Json: a small JSON value, its writer and its parser. The shell prints its
// --json output with it (one object per statement, on one line); rowkey
// schemes are stored and exported as JSON documents (engine/rowkey/SCHEMES.md).
//
// Objects keep their keys in insertion order, so output is stable and reads
// in the order a contract lists the fields. Strings are byte strings: valid
// UTF-8 is written as is (with the control characters, '"' and '\\'
// escaped); a byte that is not part of valid UTF-8 is written as \u00XX (its
// Latin-1 reading), so the output is always valid JSON. Byte strings from
// the data (rows, values) are converted with ToStringBinary before they get
// here, so they are plain ASCII.
//
// ParseJson accepts RFC 8259 JSON only (no comments, no trailing commas, no
// duplicate keys in one object) and reports the first problem as
// InvalidArgument "line L, column C: ...", columns counting characters
// (UTF-8 code points) from 1. Every parsed value remembers where it started,
// so callers that check a document's meaning can name the place too.
//
// Thread-safety: plain values and pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "regionlab/status.h"

namespace regionlab {

class Json {
 public:
  enum class Type { kNull, kBool, kInt, kDouble, kString, kArray, kObject };

  Json() = default;
  Json(bool b) : type_(Type::kBool), bool_(b) {}  // NOLINT: implicit by design
  Json(int v) : type_(Type::kInt), int_(v) {}     // NOLINT
  Json(int64_t v) : type_(Type::kInt), int_(v) {}  // NOLINT
  Json(uint64_t v) : type_(Type::kInt), int_(static_cast<int64_t>(v)) {}  // NOLINT
  Json(double v) : type_(Type::kDouble), double_(v) {}  // NOLINT
  Json(std::string s) : type_(Type::kString), string_(std::move(s)) {}  // NOLINT
  Json(const char* s) : type_(Type::kString), string_(s) {}  // NOLINT
  Json(std::string_view s) : type_(Type::kString), string_(s) {}  // NOLINT

  static Json Array() {
    Json j;
    j.type_ = Type::kArray;
    return j;
  }
  static Json Object() {
    Json j;
    j.type_ = Type::kObject;
    return j;
  }
  // An array of strings.
  static Json Strings(const std::vector<std::string>& items);

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::kNull; }
  bool is_bool() const { return type_ == Type::kBool; }
  bool is_int() const { return type_ == Type::kInt; }
  bool is_number() const { return type_ == Type::kInt || type_ == Type::kDouble; }
  bool is_string() const { return type_ == Type::kString; }
  bool is_array() const { return type_ == Type::kArray; }
  bool is_object() const { return type_ == Type::kObject; }
  // "null", "a boolean", "an integer", "a number", "a string", "an array", "an object".
  static const char* TypeName(Type type);

  // The value, or the type's zero when the value is of another type (check first).
  bool AsBool() const { return type_ == Type::kBool && bool_; }
  int64_t AsInt() const { return type_ == Type::kInt ? int_ : 0; }
  double AsDouble() const;  // kInt converted; 0 for other types
  const std::string& AsString() const { return string_; }
  const std::vector<Json>& items() const { return items_; }

  // kArray: appends. Returns *this for chaining.
  Json& Push(Json value);
  // kObject: sets `key` (replacing an earlier value under the same key).
  Json& Set(std::string_view key, Json value);
  // kObject: the value under `key`, or nullptr.
  const Json* Get(std::string_view key) const;
  // kObject: the members in insertion order.
  const std::vector<std::pair<std::string, Json>>& members() const { return members_; }
  size_t size() const { return type_ == Type::kArray ? items_.size() : members_.size(); }

  // Where a parsed value started (1-based); 0 for values built in code.
  int line() const { return line_; }
  int column() const { return column_; }
  // "line L, column C" (empty for values built in code).
  std::string Where() const;

  // Compact serialisation: no spaces, no newline.
  std::string Dump() const;
  void DumpTo(std::string* out) const;
  // Indented by `indent` spaces per level, one member per line, ending in a
  // newline. Arrays of scalars stay on one line ("[1, 2]").
  std::string DumpPretty(int indent = 2) const;

 private:
  friend class JsonParser;
  void DumpPrettyTo(std::string* out, int indent, int depth) const;

  Type type_ = Type::kNull;
  bool bool_ = false;
  int64_t int_ = 0;
  double double_ = 0;
  std::string string_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json>> members_;
  int line_ = 0;
  int column_ = 0;
};

// Parses one JSON document (surrounding whitespace allowed). Numbers without
// a fraction or exponent that fit in 64 bits are kInt, all others kDouble.
// Strings must be valid UTF-8; \u escapes (surrogate pairs included) become
// UTF-8. Nesting deeper than 256 levels is refused.
Result<Json> ParseJson(std::string_view text);

// Appends `s` as a JSON string literal (quotes included), as described in
// the file comment.
void AppendJsonString(std::string* out, std::string_view s);

}  // namespace regionlab
