// Text primitives shared by every parser and checker in the engine (shell
// lexer, JSON, filter regex, table names, splits files, reference names):
// the one UTF-8 decoder and encoder, and the one hex-digit parser.
//
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace regionlab {

inline constexpr uint32_t kMaxCodePoint = 0x10FFFF;
inline constexpr uint32_t kReplacementCharacter = 0xFFFD;  // what Java's decoder substitutes

// Why a UTF-8 sequence is malformed.
enum class Utf8Error : uint8_t {
  kNone,
  kBadLeadByte,  // a byte that cannot start a sequence (0x80..0xC1, 0xF5..0xFF)
  kTruncated,    // the text ends inside the sequence its lead byte announces
  kMalformed,    // a missing continuation byte, an overlong form, a surrogate
};

struct Utf8Char {
  uint32_t code_point = kReplacementCharacter;  // U+FFFD when malformed
  size_t length = 1;  // bytes of the sequence; 1 when malformed (resume at the next byte)
  Utf8Error error = Utf8Error::kNone;
  bool ok() const { return error == Utf8Error::kNone; }
};

// Decodes the UTF-8 sequence at s[i] strictly (RFC 3629: no overlong forms,
// no surrogates, nothing past U+10FFFF). REQUIRES: i < s.size().
Utf8Char DecodeUtf8(std::string_view s, size_t i);

// True when all of `s` is well-formed UTF-8.
bool IsValidUtf8(std::string_view s);

// Appends code point `cp` (REQUIRES: <= 0x10FFFF, not a surrogate) as UTF-8.
void AppendUtf8(std::string* out, uint32_t cp);

// The value of a hex digit of either case, or -1.
inline int HexDigitValue(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<int>(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return static_cast<int>(c - 'A' + 10);
  return -1;
}

// Whether `a` and `b` are equal but for the case of ASCII letters (HTTP's
// header names, for one).
inline bool EqualsIgnoreAsciiCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

// The value of an upper-case hex digit, or -1: HBase's Bytes.toBytesBinary
// (Bytes.isHexDigit) reads "\xAB" escapes with upper-case digits only.
inline int UpperHexDigitValue(char32_t c) { return c >= 'a' && c <= 'f' ? -1 : HexDigitValue(c); }

// The value of `c` as a digit of a base up to 36 ('0'-'9', then letters of
// either case, as Java's Character.digit), or -1. The caller compares the
// value with its base.
inline int DigitValue(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 'a' && c <= 'z') return static_cast<int>(c - 'a' + 10);
  if (c >= 'A' && c <= 'Z') return static_cast<int>(c - 'A' + 10);
  return -1;
}

}  // namespace regionlab
