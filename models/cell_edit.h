// The data browser's cell edits as engine mutations, and their descriptions.
//
// Put: a new value for the cell's column, either as a new version (now, as
// the shell's put writes it) or over the same version (the cell's own
// timestamp: the newer write of that version wins, as in HBase).
// Delete: the cell's version only (Delete.addColumn with its timestamp, the
// engine's kDelete marker) or every version of the column
// (Delete.addColumns, which the shell's `delete` writes).
//
// Thread-safety: pure functions.
#pragma once

#include <QString>
#include <string>

#include "regionlab/cell.h"
#include "regionlab/region.h"

namespace regionlab::ui {

enum class CellDeleteScope { Version, Column };

regionlab::RowMutation putCellMutation(const regionlab::Cell& cell, std::string value,
                                       bool sameVersion);
regionlab::RowMutation deleteCellMutation(const regionlab::Cell& cell, CellDeleteScope scope);

// "Put NewsClickFeedback 3|news0000001 Toutiao:clicks", for status messages.
QString describePut(const QString& table, const regionlab::Cell& cell);
QString describeDelete(const QString& table, const regionlab::Cell& cell, CellDeleteScope scope);

}  // namespace regionlab::ui
