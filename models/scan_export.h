// Export of the data browser's results: CSV and JSON, with the escaping of
// the shell's JSON contract (engine/shell/SHELL.md): rows, columns and values
// in Bytes.toStringBinary form, so both files are plain ASCII and read back
// to the same bytes with Bytes.toBytesBinary.
//
// CSV (RFC 4180, CRLF line ends): a header "row,column,timestamp,value", then
// one line per cell; the timestamp in epoch milliseconds; a field holding a
// comma or a double quote is quoted, its quotes doubled.
// JSON: one object {"table": ..., "cells": [{row, column, timestamp, value}],
// "rows": N}, the cells written by the shell's own CellJson, as its scan
// prints them; N counts distinct rows.
//
// Thread-safety: pure functions (writeExport writes one file).
#pragma once

#include <QByteArray>
#include <QString>
#include <vector>

#include "regionlab/cell.h"

namespace regionlab::ui {

enum class ExportFormat { Csv, Json };

QByteArray cellsToCsv(const std::vector<regionlab::Cell>& cells);
QByteArray cellsToJson(const QString& table, const std::vector<regionlab::Cell>& cells);

// Writes the export atomically (a failed write leaves no half file).
// Returns false with a message naming the file on failure.
bool writeExport(const QString& path, ExportFormat format, const QString& table,
                 const std::vector<regionlab::Cell>& cells, QString* error);

}  // namespace regionlab::ui
