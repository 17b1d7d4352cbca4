// Value: one literal of the HBase shell language (a Ruby string, integer,
// float, true/false/nil, CONSTANT, array or hash), with where it was written.
//
// A bare CONSTANT evaluates to a string, as the HBase shell defines them
// (NAME == 'NAME'); the parser only accepts constants the HBase shell
// defines. Hashes keep their entries in the order written and compare keys by
// their string value, so {NAME => 'f'} and {'NAME' => 'f'} are the same hash.
//
// Thread-safety: plain values.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace regionlab::shell {

struct Value {
  enum class Type { kNil, kBool, kInteger, kFloat, kString, kArray, kHash };

  Type type = Type::kNil;
  bool boolean = false;
  int64_t integer = 0;
  double real = 0;
  std::string str;  // kString: bytes (a CONSTANT evaluates to its string)
  std::vector<Value> items;                       // kArray
  std::vector<std::pair<Value, Value>> entries;  // kHash, in the order written
  int line = 0, column = 0;  // where the literal starts (0: made up, not parsed)

  // The special members are defined after the struct, where Value is
  // complete: clang (with libstdc++) otherwise instantiates them inside it,
  // where std::pair<Value, Value> is still incomplete, and refuses.
  Value();
  ~Value();
  Value(const Value&);
  Value(Value&&) noexcept;
  Value& operator=(const Value&);
  Value& operator=(Value&&) noexcept;

  static Value String(std::string s);
  static Value Integer(int64_t i);

  bool is_nil() const { return type == Type::kNil; }
  bool is_string() const { return type == Type::kString; }
  bool is_integer() const { return type == Type::kInteger; }
  bool is_array() const { return type == Type::kArray; }
  bool is_hash() const { return type == Type::kHash; }
  bool is_bool() const { return type == Type::kBool; }

  // kHash: the value stored under `key` (compared as a string), or nullptr.
  const Value* Find(std::string_view key) const;
  // kHash: whether `key` is present.
  bool Has(std::string_view key) const { return Find(key) != nullptr; }

  // Ruby's inspect: 'a' -> "a", 5 -> 5, [..] -> ["a", 5], {..} -> {"K"=>"v"}.
  std::string Inspect() const;
  // Ruby's class name for messages: String, Integer, Float, Array, Hash, ...
  const char* TypeName() const;
};

inline Value::Value() = default;
inline Value::~Value() = default;
inline Value::Value(const Value&) = default;
inline Value::Value(Value&&) noexcept = default;
inline Value& Value::operator=(const Value&) = default;
inline Value& Value::operator=(Value&&) noexcept = default;

inline Value Value::String(std::string s) {
  Value v;
  v.type = Type::kString;
  v.str = std::move(s);
  return v;
}
inline Value Value::Integer(int64_t i) {
  Value v;
  v.type = Type::kInteger;
  v.integer = i;
  return v;
}

// Ruby's String#inspect of raw bytes: double-quoted, with \n, \t, \", \\,
// \e and \xHH for other bytes outside printable ASCII.
std::string InspectString(std::string_view bytes);

}  // namespace regionlab::shell
