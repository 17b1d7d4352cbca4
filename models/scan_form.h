// ScanForm: what the data browser's form asks for, and its validation into
// an engine Scan.
//
// Rows (start, stop, prefix) are escaped text as the browser shows keys
// (models/binary_text.h), so a key copied from the results can be pasted
// back. The row prefix works as the shell's ROWPREFIXFILTER: it sets the
// start and stop rows itself, so it may not be given together with them.
// Times are epoch milliseconds or a local date-time as the shell prints cell
// times ("2024-05-01T12:00:00.123"); the range is HBase's TIMERANGE [from, to).
// The filter is the filter language (engine/filter/filter_parser.h).
//
// Every problem is reported on the field it belongs to, with a message that
// names what is wrong; text errors also carry the position in the field.
//
// Thread-safety: pure functions.
#pragma once

#include <QList>
#include <QString>
#include <memory>

#include "regionlab/region.h"

namespace regionlab::ui {

struct ScanForm {
  QString table;
  QString startRow, stopRow, prefix;
  QString filter;
  int versions = 1;
  QString fromTime, toTime;  // empty: unbounded
  qint64 limit = 1000;       // rows; 0: no limit
};

enum class ScanField {
  Table,
  StartRow,
  StopRow,
  Prefix,
  Filter,
  Versions,
  FromTime,
  ToTime,
  Limit
};

struct ScanFieldError {
  ScanField field = ScanField::Table;
  int position = -1;  // in the field's text (UTF-16 units), -1 when not about a position
  QString message;
};

// Checks `form`; when it is valid (the list is empty), *scan is the engine
// scan it asks for (limit included).
QList<ScanFieldError> validateScanForm(const ScanForm& form, regionlab::Scan* scan);

// A time field: epoch milliseconds, or a local "yyyy-MM-ddTHH:mm[:ss[.zzz]]"
// (a space may replace the T). Returns false with a message when it is not.
bool parseTimeField(const QString& text, qint64* millis, QString* error);

// The filter language's error for `text`, its byte offset turned into a
// QString position. Returns true (and leaves *error alone) when it parses.
bool checkFilterText(const QString& text, ScanFieldError* error);
// As checkFilterText; when the text parses, *filter (when not null) gets the
// filter prototype it describes.
bool parseFilterText(const QString& text, std::shared_ptr<const regionlab::Filter>* filter,
                     ScanFieldError* error);

}  // namespace regionlab::ui
