// SPLITS_FILE: the text file of split keys that HBase shell's
//   create 't', 'f', SPLITS_FILE => 'splits.txt'
// reads, parsed exactly as the HBase 2.x shell does, and the inverse writer
// used to export a table's split keys.
//
// How the shell reads the file (hbase-shell admin.rb, create):
//  - File.foreach: one key per line, lines separated by "\n". Every line is a
//    key, blank lines included (a blank line is an empty key, which
//    Admin.createTable then refuses); a final newline does not start another
//    line.
//  - line.chomp: only the line ending is removed ("\n", "\r\n", or a final
//    "\r"). Spaces and tabs are NOT trimmed; they are part of the key.
//  - Bytes.toBytesBinary on the line: "\xHH" with two upper-case hex digits
//    (0-9, A-F) is one byte. A backslash followed by "x" and anything else is
//    dropped and the rest kept ("\xzz" gives "xzz"; lower-case hex digits do
//    not count). A "\x" with fewer than two characters after it fails in
//    HBase (StringIndexOutOfBoundsException) and is an error here.
//  - Every other character becomes the low byte of its UTF-16 code unit: the
//    line is decoded as UTF-8 by JRuby, so "é" (U+00E9) gives the byte 0xE9,
//    not its UTF-8 bytes, and a byte-order mark gives 0xFF. Keys outside
//    ASCII should be written as \xHH escapes.
// The keys are then validated and sorted as Admin.createTable does
// (ValidateSplitKeys in split_algorithms.h).
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"

namespace regionlab {

// Parses a splits file's contents into the split keys HBase would create the
// table with: sorted, unique, not empty. `source_name` (the file's path) is
// used in messages, which name the line: "splits.txt:3: Empty split key must
// not be passed in the split keys.", "splits.txt:7: All split keys must be
// unique, found duplicate: 0003|, 0003| (also splits.txt:3)". Text that is not UTF-8
// is refused with the line and the byte offset in the file. An empty file
// gives no keys (a single-region table).
Result<std::vector<std::string>> ParseSplitsFile(std::string_view contents,
                                                 const std::string& source_name);

// One line per key, each written with Bytes.toStringBinary (printable ASCII
// other than '\' as is, every other byte as "\xHH"), each ending in "\n".
// ParseSplitsFile(FormatSplitsFile(keys)) == keys for sorted, unique,
// non-empty keys.
std::string FormatSplitsFile(const std::vector<std::string>& keys);

// Bytes.toBytesBinary applied to a Java string given as UTF-8 text (what the
// shell does to each SPLITS entry and each SPLITS_FILE line, and what
// RegionSplitter does to UniformSplit's --firstrow/--lastrow). Errors
// (InvalidArgument) for invalid UTF-8 and for a truncated "\x" escape name the
// 0-based byte offset in `text`.
Result<std::string> JavaStringToBytesBinary(std::string_view text);

}  // namespace regionlab
