// Json: a small JSON value for the shell's --json output (one object per
// statement, written on one line).
//
// Objects keep their keys in insertion order, so the output is stable and
// reads in the order the contract (engine/shell/SHELL.md) lists the fields.
// Strings are byte strings: valid UTF-8 is written as is (with the control
// characters, '"' and '\\' escaped); a byte that is not part of valid UTF-8
// is written as \u00XX (its Latin-1 reading), so the output is always valid
// JSON. Byte strings from the data (rows, values) are converted with
// ToStringBinary before they get here, so they are plain ASCII.
//
// Thread-safety: plain values.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace regionlab::shell {

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

  // kArray: appends. Returns *this for chaining.
  Json& Push(Json value);
  // kObject: sets `key` (replacing an earlier value under the same key).
  Json& Set(std::string_view key, Json value);
  // kObject: the value under `key`, or nullptr.
  const Json* Get(std::string_view key) const;
  // kObject: the members in insertion order.
  const std::vector<std::pair<std::string, Json>>& members() const { return members_; }
  size_t size() const { return type_ == Type::kArray ? items_.size() : members_.size(); }

  // Compact serialisation: no spaces, no newline.
  std::string Dump() const;
  void DumpTo(std::string* out) const;

 private:
  Type type_ = Type::kNull;
  bool bool_ = false;
  int64_t int_ = 0;
  double double_ = 0;
  std::string string_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json>> members_;
};

// Whether `s` is well-formed UTF-8 (no overlong forms, surrogates or values
// past U+10FFFF).
bool IsValidUtf8(std::string_view s);

// Appends `s` as a JSON string literal (quotes included), as described in
// the file comment.
void AppendJsonString(std::string* out, std::string_view s);

}  // namespace regionlab::shell
