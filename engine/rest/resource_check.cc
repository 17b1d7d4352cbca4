// PUT/POST /TABLE/ROW?check=put|delete|append|increment: HBase's
// checkAndPut, checkAndDelete, Append and Increment over REST
// (RowResource.checkAndPut / checkAndDelete / append / increment).
//
// Each takes a CellSet of exactly one row. For put and delete the LAST cell
// is the condition: its column must hold its value (an empty value: the
// column must be absent) for the other cells to be written or deleted.
// 200 when applied, 304 when the condition failed.
#include "regionlab/bytes.h"
#include "rest/resources.h"
#include "rest/row_mutations.h"

namespace regionlab::rest {

namespace {

struct CheckInput {
  std::shared_ptr<Table> table;
  TableDescriptor desc;
  std::string row;
  const RowModel* model = nullptr;
  CellSetModel set;
};

// Parses and checks what every variant shares; a response in *error when
// the request is refused.
bool ReadInput(RequestContext& ctx, const std::string& table, const RowSpec& spec, CheckInput* in,
               RestResponse* error) {
  auto desc = ctx.cluster->admin().GetDescriptor(table);
  if (!desc.ok()) {
    *error = desc.status().IsNotFound() ? ErrorResponse(404, "table " + table + " does not exist")
                                        : StatusResponse(desc.status());
    return false;
  }
  in->desc = std::move(*desc);
  auto handle = ctx.cluster->GetTable(table);
  if (!handle.ok()) {
    *error = StatusResponse(handle.status());
    return false;
  }
  in->table = std::move(*handle);
  MediaType type;
  if (!BodyType(ctx, false, &type, error)) return false;
  auto set = ParseCellSet(type, ctx.request.body);
  if (!set.ok()) {
    *error = StatusResponse(set.status());
    return false;
  }
  in->set = std::move(*set);
  if (in->set.rows.size() != 1) {
    *error = ErrorResponse(400, "Number of rows specified is not 1. (the CellSet has " +
                                    std::to_string(in->set.rows.size()) + " rows)");
    return false;
  }
  in->model = &in->set.rows.front();
  in->row = in->model->key ? *in->model->key : spec.row;
  Status s = CheckRow(in->row, "Row[0]");
  if (!s.ok()) {
    *error = StatusResponse(s);
    return false;
  }
  if (in->model->cells.empty()) {
    *error = ErrorResponse(400, "the row has no cells");
    return false;
  }
  return true;
}

// The condition: the last cell's column and value (empty: absent).
struct Condition {
  ColumnName column;
  std::optional<std::string> expected;
};

bool ReadCondition(const CheckInput& in, const RowSpec& spec, bool url_column_fallback,
                   Condition* out, RestResponse* error) {
  const CellModel& cell = in.model->cells.back();
  const std::string where = "the check cell (the last cell)";
  std::string column;
  if (cell.column) {
    column = *cell.column;
  } else if (url_column_fallback && !spec.columns.empty()) {
    column = spec.columns.front().ToString();
  } else {
    *error = ErrorResponse(400, "Column not specified for check.");
    return false;
  }
  out->column = ParseColumnName(column);
  if (!out->column.has_qualifier || out->column.qualifier.empty()) {
    *error = ErrorResponse(400, "Column incorrectly specified: " + where + " names '" +
                                    ToStringBinary(column) + "', not family:qualifier");
    return false;
  }
  Status s = CheckFamily(in.desc, out->column.family);
  if (!s.ok()) {
    *error = StatusResponse(s);
    return false;
  }
  if (!cell.value.empty()) out->expected = cell.value;
  return true;
}

RestResponse Applied(bool applied, const char* failed_text) {
  if (applied) return RestResponse{};
  RestResponse r;
  r.status = 304;  // HBase's "Value not Modified"; a 304 carries no body
  r.SetHeader("X-RegionLab-Check", failed_text);
  return r;
}

RestResponse CheckAndPut(RequestContext& ctx, const RowSpec& spec, CheckInput& in) {
  RestResponse error;
  if (in.model->cells.size() < 2) {
    return ErrorResponse(400, "check=put needs the cells to put followed by the cell to check");
  }
  Condition cond;
  if (!ReadCondition(in, spec, false, &cond, &error)) return error;
  RowMutation put;
  put.row = in.row;
  bool same_column = false;
  for (size_t i = 0; i + 1 < in.model->cells.size(); ++i) {
    const CellModel& cell = in.model->cells[i];
    const std::string where = "Row[0].Cell[" + std::to_string(i) + "]";
    auto column = CheckedCellColumn(cell, spec, i, in.row, in.desc, ctx.options.max_cell_size, where);
    if (!column.ok()) return StatusResponse(column.status());
    same_column |= *column == cond.column;
    put.Put(column->family, column->qualifier, cell.value, cell.timestamp.value_or(kLatestTimestamp));
  }
  if (!same_column) {
    return ErrorResponse(400, "The column to put and check do not match. (check " +
                                  ToStringBinary(cond.column.ToString()) + ")");
  }
  auto applied = in.table->CheckAndMutate(cond.column.family, cond.column.qualifier, cond.expected, put);
  if (!applied.ok()) return StatusResponse(applied.status());
  return Applied(*applied, "Value not Modified");
}

RestResponse CheckAndDelete(RequestContext& ctx, const RowSpec& spec, CheckInput& in) {
  RestResponse error;
  Condition cond;
  if (!ReadCondition(in, spec, true, &cond, &error)) return error;
  RowMutation del;
  del.row = in.row;
  for (size_t i = 0; i + 1 < in.model->cells.size(); ++i) {
    const CellModel& cell = in.model->cells[i];
    if (!cell.column) {
      return ErrorResponse(400, "Row[0].Cell[" + std::to_string(i) + "] names no column to delete");
    }
    const ColumnName c = ParseColumnName(*cell.column);
    Status s = CheckFamily(in.desc, c.family);
    if (!s.ok()) return StatusResponse(s);
    const int64_t ts = cell.timestamp.value_or(kLatestTimestamp);
    if (c.has_qualifier) {
      del.DeleteColumn(c.family, c.qualifier, ts);  // one version, as addColumn
    } else {
      del.DeleteFamily(c.family, ts);
    }
  }
  if (del.cells.empty()) del.DeleteColumns(cond.column.family, cond.column.qualifier);
  auto applied = in.table->CheckAndMutate(cond.column.family, cond.column.qualifier, cond.expected, del);
  if (!applied.ok()) return StatusResponse(applied.status());
  return Applied(*applied, "Delete check failed.");
}

// Append and Increment: every cell in turn; with ?rr=true the row's new
// values of those columns, read back after the change.
RestResponse AppendOrIncrement(RequestContext& ctx, const RowSpec& spec, CheckInput& in,
                               bool increment) {
  std::vector<std::pair<ColumnName, std::string>> cells;
  std::vector<int64_t> amounts;
  for (size_t i = 0; i < in.model->cells.size(); ++i) {
    const CellModel& cell = in.model->cells[i];
    const std::string where = "Row[0].Cell[" + std::to_string(i) + "]";
    auto column = CheckedCellColumn(cell, spec, i, in.row, in.desc, ctx.options.max_cell_size, where);
    if (!column.ok()) return StatusResponse(column.status());
    if (increment) {
      // HBase: Long.parseLong(Bytes.toStringBinary(value)).
      auto amount = ParseLong(ToStringBinary(cell.value), where + " increment amount");
      if (!amount.ok()) return StatusResponse(amount.status());
      amounts.push_back(*amount);
    }
    cells.emplace_back(*column, cell.value);
  }
  for (size_t i = 0; i < cells.size(); ++i) {
    const ColumnName& c = cells[i].first;
    Status s = increment ? in.table->Increment(in.row, c.family, c.qualifier, amounts[i]).status()
                         : in.table->Append(in.row, c.family, c.qualifier, cells[i].second).status();
    if (!s.ok()) return StatusResponse(s);
  }
  const std::string* rr = FindParam(ctx.params, "rr");
  if (rr == nullptr || *rr != "true") return RestResponse{};
  MediaType type;
  RestResponse error;
  if (!Negotiate(ctx, {MediaType::kXml, MediaType::kJson, MediaType::kProtobuf}, MediaType::kJson,
                 &type, &error)) {
    return error;
  }
  Get get;
  get.row = in.row;
  for (const auto& [c, v] : cells) get.columns.push_back({c.family, c.qualifier, false});
  auto result = in.table->Get(get);
  if (!result.ok()) return StatusResponse(result.status());
  if (result->empty()) return Applied(false, "empty result");
  result->row = in.row;
  return Ok(type, WriteCellSet(type, {*result}));
}

}  // namespace

RestResponse CheckResource(RequestContext& ctx, const std::string& table, const RowSpec& spec,
                           const std::string& check) {
  if (check != "put" && check != "delete" && check != "append" && check != "increment") {
    return ErrorResponse(400, "Invalid check value '" + check +
                                  "' (put, delete, append or increment)");
  }
  if (!spec.IsSingleRow()) return ErrorResponse(400, "check=" + check + " takes one row");
  CheckInput in;
  RestResponse error;
  if (!ReadInput(ctx, table, spec, &in, &error)) return error;
  if (check == "put") return CheckAndPut(ctx, spec, in);
  if (check == "delete") return CheckAndDelete(ctx, spec, in);
  return AppendOrIncrement(ctx, spec, in, check == "increment");
}

}  // namespace regionlab::rest
