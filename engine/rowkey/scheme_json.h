// The JSON form of a rowkey scheme: what `regionlab-scheme` reads, what the
// builder exports and what the catalog stores. The format is documented in
// SCHEMES.md; a document written by SchemeToJson reads back to an equal
// scheme.
//
// Reading is strict, so a typo does not silently change a design: unknown
// members, values of the wrong JSON type and unknown names are errors that
// give the place ("schemes/trade.json: line 12, column 20: segments[1]:
// unknown member 'bucket'; expected one of ..."). The scheme read is then
// checked with ValidateScheme, whose messages name the segment.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

#include "regionlab/status.h"
#include "rowkey/scheme.h"
#include "util/json.h"

namespace regionlab::rowkey {

// The "format" member every document carries, and the version written.
inline constexpr std::string_view kSchemeFormat = "regionlab-rowkey-scheme";
inline constexpr int kSchemeFormatVersion = 1;

Json SchemeToJson(const RowkeyScheme& scheme);
// SchemeToJson, indented, ending in a newline.
std::string FormatSchemeJson(const RowkeyScheme& scheme);

// A scheme from a parsed document. `source` (a file name, or "catalog
// scheme 'x'") starts every message.
Result<RowkeyScheme> SchemeFromJson(const Json& document, const std::string& source);
// Parses and reads `text`.
Result<RowkeyScheme> ParseSchemeJson(std::string_view text, const std::string& source);

}  // namespace regionlab::rowkey
