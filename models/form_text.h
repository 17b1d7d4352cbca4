// Text fields of the table forms: byte sizes ("128 MB") and key/value lists
// ("key=value" entries of METADATA and CONFIGURATION), read strictly so a
// typo is an error naming the entry and what is wrong, and written so they
// read back to the same values.
//
// Keys and values are escaped text as keys are everywhere in the app
// (models/binary_text.h): "\xHH" is one byte. In a key/value list the
// entry separator and '=' inside a key are written as escapes, so any bytes
// round-trip.
//
// Thread-safety: pure functions.
#pragma once

#include <QChar>
#include <QString>
#include <cstdint>
#include <map>
#include <string>

namespace regionlab::ui {

// Bytes ("134217728"), or a number and a unit B, KB, MB, GB or TB (powers
// of 1024, as formatBytes prints them; "1.5 GB" allowed), case and spaces
// as the user likes. The result must fit Java's long (HBase keeps sizes as
// longs). Returns false with a message otherwise.
bool parseByteSize(const QString& text, uint64_t* bytes, QString* error);

// "10 GB", "128 MB", "64 KB" for exact multiples; otherwise the bytes.
// parseByteSize reads it back to the same value.
QString byteSizeText(uint64_t bytes);

struct KeyValueError {
  int entry = -1;     // 0-based entry (line or ';'-separated item); -1: none
  int position = -1;  // in the whole text (UTF-16 units)
  QString message;
};

// Entries "key=value" separated by `separator` ('\n' or ';'); spaces around
// keys and values are dropped and blank entries skipped. A missing '=', an
// empty key, a bad escape or a key given twice is an error.
bool parseKeyValueText(const QString& text, QChar separator,
                       std::map<std::string, std::string>* out, KeyValueError* error);

// The inverse: "key=value" entries joined by `separator` (a space follows
// ';'), escaped so that parseKeyValueText reads them back.
QString keyValueText(const std::map<std::string, std::string>& entries, QChar separator);

}  // namespace regionlab::ui
