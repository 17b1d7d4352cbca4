// Byte-string helpers matching HBase's org.apache.hadoop.hbase.util.Bytes.
#pragma once

#include <string>
#include <string_view>

namespace regionlab {

// Bytes.toStringBinary: printable ASCII letters, digits and the punctuation
// HBase keeps are shown as is; every other byte as \xHH (upper-case hex).
std::string ToStringBinary(std::string_view bytes);

// Bytes.toBytesBinary: the inverse; "\xHH" with upper-case hex digits
// becomes one byte; in a "\x" escape with other characters the backslash is
// dropped (as HBase does); a "\x" cut off by the end of the text is kept as
// it is (HBase throws there); everything else is taken literally.
std::string ToBytesBinary(std::string_view text);

// Lower-case hex of every byte ("0a1f").
std::string ToHex(std::string_view bytes);

// The first row after every row starting with `prefix` (the stop row of
// Scan.setRowPrefixFilter): the prefix with trailing 0xFF bytes dropped and
// its last byte incremented; empty (no bound) when the prefix is all 0xFF
// bytes or empty.
std::string PrefixStopRow(std::string_view prefix);

}  // namespace regionlab
