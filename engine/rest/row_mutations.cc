#include "rest/row_mutations.h"

#include "regionlab/bytes.h"

namespace regionlab::rest {

Status CheckFamily(const TableDescriptor& desc, std::string_view family) {
  if (desc.FindFamily(family) == nullptr) {
    return Status::NotFound("column family " + ToStringBinary(family) + " does not exist in table " +
                            desc.FullName());
  }
  return Status::OK();
}

Result<ColumnName> CellColumn(const CellModel& cell, const RowSpec& spec, size_t index,
                              const std::string& where) {
  std::string column;
  if (cell.column) {
    column = *cell.column;
  } else if (index < spec.columns.size()) {
    column = spec.columns[index].ToString();
  } else {
    return Status::InvalidArgument(where + ": Column found to be null (the cell names no column"
                                   " and the URL has no column for it)");
  }
  ColumnName c = ParseColumnName(column);
  if (!c.has_qualifier) {
    return Status::InvalidArgument(where + ": column '" + ToStringBinary(column) +
                                   "' must be family:qualifier ('cf:' for the empty qualifier)");
  }
  if (c.family.empty()) {
    return Status::InvalidArgument(where + ": column '" + ToStringBinary(column) +
                                   "' has an empty family");
  }
  return c;
}

Status CheckRow(std::string_view row, const std::string& where) {
  if (row.empty()) return Status::InvalidArgument(where + ": Row key not specified.");
  if (row.size() > kMaxRowLength) {
    return Status::InvalidArgument(where + ": Row length " + std::to_string(row.size()) + " is > " +
                                   std::to_string(kMaxRowLength));
  }
  return Status::OK();
}

Status CheckCellSize(std::string_view row, const ColumnName& column, std::string_view value,
                     uint64_t max_cell_size, const std::string& where) {
  // KeyValue's serialised size, as the region measures it (region_write.cc).
  const uint64_t size = 4 + 4 + 2 + row.size() + 1 + column.family.size() +
                        column.qualifier.size() + 8 + 1 + value.size();
  if (size > max_cell_size) {
    return Status::InvalidArgument(where + ": Cell with size " + std::to_string(size) +
                                   " exceeds limit of " + std::to_string(max_cell_size) +
                                   " bytes (column " + ToStringBinary(column.ToString()) + ")");
  }
  return Status::OK();
}

Result<ColumnName> CheckedCellColumn(const CellModel& cell, const RowSpec& spec, size_t index,
                                     std::string_view row, const TableDescriptor& desc,
                                     uint64_t max_cell_size, const std::string& where) {
  auto column = CellColumn(cell, spec, index, where);
  if (!column.ok()) return column.status();
  RL_RETURN_IF_ERROR(CheckFamily(desc, column->family));
  RL_RETURN_IF_ERROR(CheckCellSize(row, *column, cell.value, max_cell_size, where));
  return column;
}

Result<std::vector<RowMutation>> PutsFromCellSet(const CellSetModel& set, const RowSpec& spec,
                                                 const TableDescriptor& desc,
                                                 uint64_t max_cell_size) {
  std::vector<RowMutation> puts;
  for (size_t ri = 0; ri < set.rows.size(); ++ri) {
    const RowModel& row = set.rows[ri];
    const std::string where = "Row[" + std::to_string(ri) + "]";
    RowMutation m;
    m.row = row.key ? *row.key : spec.row;
    RL_RETURN_IF_ERROR(CheckRow(m.row, where));
    if (row.cells.empty()) {
      return Status::InvalidArgument(where + " (row '" + ToStringBinary(m.row) + "') has no cells");
    }
    for (size_t ci = 0; ci < row.cells.size(); ++ci) {
      const CellModel& cell = row.cells[ci];
      const std::string cw = where + ".Cell[" + std::to_string(ci) + "]";
      auto column = CheckedCellColumn(cell, spec, ci, m.row, desc, max_cell_size, cw);
      if (!column.ok()) return column.status();
      const int64_t ts = cell.timestamp.value_or(kLatestTimestamp);
      if (ts < 0) {
        return Status::InvalidArgument(cw + ": timestamp " + std::to_string(ts) + " is negative");
      }
      m.Put(column->family, column->qualifier, cell.value, ts);
    }
    puts.push_back(std::move(m));
  }
  return puts;
}

std::vector<ColumnSpec> ColumnSpecs(const std::vector<ColumnName>& columns) {
  std::vector<ColumnSpec> out;
  for (const ColumnName& c : columns) out.push_back({c.family, c.qualifier, !c.has_qualifier});
  return out;
}

}  // namespace regionlab::rest
