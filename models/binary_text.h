// Byte strings as the data browser shows and reads them.
//
// Shown: HBase's Bytes.toStringBinary form (formatKey in models/format.h), or
// as hex. Read: the same form back, checked strictly so that a typo is an
// error with its position instead of the silent reading Bytes.toBytesBinary
// gives it (it drops the backslash of "\xZZ" and keeps "\xab" as the text
// "xab"). A string that passes the check reads exactly as toBytesBinary reads
// it, so toStringBinary output always reads back to the same bytes.
//
// Thread-safety: pure functions.
#pragma once

#include <QString>
#include <string>

namespace regionlab::ui {

struct BinaryTextError {
  int position = -1;  // in QString (UTF-16) units; -1 when there is no error
  QString message;
  bool ok() const { return position < 0; }
};

// Reads escaped text: "\xHH" with two upper-case hex digits is one byte,
// any other character stands for its UTF-8 bytes. A backslash that does not
// start such an escape is an error. Returns false and fills *error then.
bool parseEscapedBytes(const QString& text, std::string* out, BinaryTextError* error);

// "61 62 00 ff": the bytes as lower-case hex pairs separated by spaces.
QString hexBytes(const std::string& bytes);

// A classic dump, `perLine` bytes a line: "0000  61 62 ...  ab.." (the ASCII
// column shows printable bytes and '.' for the others).
QString hexDump(const std::string& bytes, int perLine = 16);

}  // namespace regionlab::ui
