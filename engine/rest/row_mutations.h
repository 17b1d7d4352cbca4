// Turning REST CellSets and row specs into engine mutations, checked whole
// before anything is written: HBase's RowResource rules for where a cell's
// row, column and timestamp come from, and the engine's limits (row length,
// cell size, existing families), so that a refused request writes nothing.
// Internal to engine/rest.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "regionlab/cluster.h"
#include "rest/models.h"
#include "rest/row_spec.h"

namespace regionlab::rest {

// NotFound "column family F does not exist in table T".
Status CheckFamily(const TableDescriptor& desc, std::string_view family);

// A cell's column: its own, or the `index`-th column of the URL (HBase's
// rule). InvalidArgument when there is none, or it is not family:qualifier.
Result<ColumnName> CellColumn(const CellModel& cell, const RowSpec& spec, size_t index,
                              const std::string& where);

// The engine's row and cell limits, checked before the write.
Status CheckRow(std::string_view row, const std::string& where);
Status CheckCellSize(std::string_view row, const ColumnName& column, std::string_view value,
                     uint64_t max_cell_size, const std::string& where);

// CellColumn, then the family and the cell's size checked against the table
// (the checks every cell to be written passes).
Result<ColumnName> CheckedCellColumn(const CellModel& cell, const RowSpec& spec, size_t index,
                                     std::string_view row, const TableDescriptor& desc,
                                     uint64_t max_cell_size, const std::string& where);

// One Put per row of the CellSet (rows without a key take the URL's row).
Result<std::vector<RowMutation>> PutsFromCellSet(const CellSetModel& set, const RowSpec& spec,
                                                 const TableDescriptor& desc,
                                                 uint64_t max_cell_size);

// The engine's column selection for a row spec's columns.
std::vector<ColumnSpec> ColumnSpecs(const std::vector<ColumnName>& columns);

}  // namespace regionlab::rest
