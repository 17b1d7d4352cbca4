#include "models/cell_edit.h"

#include "models/format.h"
#include "shell/command_util.h"

namespace regionlab::ui {

namespace {
QString cellName(const QString& table, const regionlab::Cell& cell) {
  return QStringLiteral("%1 %2 %3")
      .arg(table, formatKey(cell.row, QStringLiteral("''")),
           QString::fromStdString(regionlab::shell::ColumnText(cell)));
}
}  // namespace

regionlab::RowMutation putCellMutation(const regionlab::Cell& cell, std::string value,
                                       bool sameVersion) {
  regionlab::RowMutation m;
  m.row = cell.row;
  m.Put(cell.family, cell.qualifier, std::move(value),
        sameVersion ? cell.timestamp : regionlab::kLatestTimestamp);
  return m;
}

regionlab::RowMutation deleteCellMutation(const regionlab::Cell& cell, CellDeleteScope scope) {
  regionlab::RowMutation m;
  m.row = cell.row;
  if (scope == CellDeleteScope::Version) {
    m.DeleteColumn(cell.family, cell.qualifier, cell.timestamp);
  } else {
    m.DeleteColumns(cell.family, cell.qualifier);
  }
  return m;
}

QString describePut(const QString& table, const regionlab::Cell& cell) {
  return QStringLiteral("Put %1").arg(cellName(table, cell));
}

QString describeDelete(const QString& table, const regionlab::Cell& cell, CellDeleteScope scope) {
  if (scope == CellDeleteScope::Version)
    return QStringLiteral("Delete version %1 of %2").arg(cell.timestamp).arg(cellName(table, cell));
  return QStringLiteral("Delete every version of %1").arg(cellName(table, cell));
}

}  // namespace regionlab::ui
