// Small text helpers shared by the parsers (shell lexer, JSON, table names).
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>

namespace regionlab {

// Appends code point `cp` (REQUIRES: <= 0x10FFFF, not a surrogate) as UTF-8.
void AppendUtf8(std::string* out, uint32_t cp);

// The value of a hex digit of either case, or -1.
inline int HexDigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace regionlab
