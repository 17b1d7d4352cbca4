// Pieces shared by the regex compiler (regex_compile.cc) and the matcher
// (regex.cc). Internal to engine/filter.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "util/utf8.h"  // DecodeUtf8 (a malformed byte reads as U+FFFD, as Java's decoder has it)

namespace regionlab::regex_internal {

inline constexpr uint32_t kNoCodePoint = 0xFFFFFFFF;  // before the start / after the end
// Set in an assertion's code when UNIX_LINES (the d flag) was on.
inline constexpr uint8_t kUnixLinesBit = 0x80;

enum AssertKind : uint8_t {
  kBeginText,        // \A, ^ without MULTILINE
  kEndText,          // \z
  kEndTextOptTerm,   // \Z, $ without MULTILINE: the end, or before a final line terminator
  kBeginLine,        // ^ with MULTILINE
  kEndLine,          // $ with MULTILINE
  kWordBoundary,     // \b
  kNotWordBoundary,  // \B
};

// Java's line terminators (only '\n' under UNIX_LINES).
bool IsLineTerminator(uint32_t cp, bool unix_lines);

// [a-zA-Z0-9_], Java's default \w.
bool IsWordChar(uint32_t cp);

}  // namespace regionlab::regex_internal
