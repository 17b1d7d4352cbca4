// Argument conversion for shell commands: the Ruby values a statement was
// written with, turned into the engine's types with the HBase shell's rules
// and messages.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/bytes.h"  // PrefixStopRow, used with these helpers
#include "regionlab/status.h"
#include "shell/value.h"

namespace regionlab::shell {

// Ruby's to_s, which the HBase shell applies to rows, values and table
// names: a String as is, an Integer in decimal, true/false, nil as "".
std::string ToText(const Value& v);

// `v` must be a String (or, with allow_number, an Integer, taken as its
// decimal text). `what` names the argument in the message:
// "table name must be a String, got Hash".
Status ExpectString(const Value& v, std::string_view what, std::string* out,
                    bool allow_number = false);
Status ExpectInteger(const Value& v, std::string_view what, int64_t* out);
// A Ruby boolean, or the strings "true"/"false" (any case), as HBase's
// descriptor setters accept.
Status ExpectBool(const Value& v, std::string_view what, bool* out);
// An Integer, or a String holding one (leading and trailing spaces allowed,
// as in MAX_FILESIZE => ' 134217728 ').
Status ExpectIntegerOrText(const Value& v, std::string_view what, int64_t* out);

// "wrong number of arguments (given 3, expected 1..2)", Ruby's message.
// max < 0: no upper bound ("expected 1+").
Status CheckArity(size_t given, size_t min, int max);

// KeyValue.parseColumn: "f:q" -> family "f", qualifier "q"; "f" -> family
// only (*has_qualifier = false); "f:" -> family "f" with the empty qualifier.
void ParseColumn(std::string_view spec, std::string* family, std::string* qualifier,
                 bool* has_qualifier);

// A family's TTL: an Integer (seconds), or a String: "FOREVER", digits
// (surrounding spaces ignored: ' 259200 '), or HBase's human-readable form
// ("1 DAY 2 HOURS", "259200 SECONDS (3 DAYS)"). Refuses anything else, and a
// human-readable form whose total disagrees with its leading seconds
// ("Malformed TTL string: ..."). kTtlForever stands for FOREVER.
Status ParseTtl(const Value& v, int64_t* seconds);

// PrettyPrinter's human-readable TTL: "FOREVER", "30 SECONDS",
// "259200 SECONDS (3 DAYS)", "90061 SECONDS (1 DAY 1 HOUR 1 MINUTE 1 SECOND)".
std::string HumanReadableTtl(int64_t seconds);

}  // namespace regionlab::shell
