// Field values: what a record holds for each field of a scheme, how values
// are read from text (queries, the CLI, the builder's input boxes) and the
// canonical bytes salt and hash segments digest.
//
// Thread-safety: plain values and pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

// One field's value: `number` for int and long fields, `text` for strings.
struct FieldValue {
  int64_t number = 0;
  std::string text;
};

// One value per field of a scheme, in the scheme's field order.
using Record = std::vector<FieldValue>;

// Reads a value of type `type` from text. Integers are decimal with an
// optional '-' (int: 32-bit range). With allow_time, an ISO date or date-time
// in UTC is also accepted and gives epoch milliseconds: "2012-09-01",
// "2012-09-01T08:30", "2012-09-01T08:30:15", "2012-09-01 08:30:15.250Z".
// Strings are taken as they are. Errors say what was expected.
Status ParseFieldValue(FieldType type, std::string_view text, bool allow_time, FieldValue* out);

// The value as text: decimal for numbers, the string as is.
std::string FormatFieldValue(FieldType type, const FieldValue& value);

// Epoch milliseconds of an ISO date or date-time (see ParseFieldValue).
bool ParseIsoTime(std::string_view text, int64_t* epoch_ms);
// "2024-01-01T00:00:00.000Z".
std::string FormatIsoTime(int64_t epoch_ms);

// Appends the value's canonical bytes (HBase's Bytes.toBytes): a string's
// bytes, an int as 4 and a long as 8 big-endian two's-complement bytes.
void AppendCanonicalBytes(FieldType type, const FieldValue& value, std::string* out);

}  // namespace regionlab::rowkey
