// Write commands: put, delete, deleteall, incr, get_counter, append.
#include "regionlab/bytes.h"
#include "shell/args.h"
#include "shell/command_util.h"
#include "shell/shell.h"

namespace regionlab::shell {

namespace {

// Operation attributes HBase accepts in a trailing hash. RegionLab has no
// ACLs, visibility labels or per-cell TTLs, so those change nothing here and
// are refused rather than silently dropped.
Status CheckMutationOptions(CommandContext& ctx, const Value& hash) {
  for (const auto& [k, v] : hash.entries) {
    const std::string key = ToText(k);
    if (key == "ATTRIBUTES") {
      ctx.Warn("RegionLab does not model operation ATTRIBUTES; ignored");
    } else if (key == "TTL" || key == "VISIBILITY" || key == "AUTHORIZATIONS") {
      return Status::NotSupported(key + " on a mutation is not supported by RegionLab");
    } else {
      ctx.Warn("An argument ignored (unknown or overridden): " + key);
    }
  }
  return Status::OK();
}

// put/incr/get_counter/append 'TABLE', 'ROW', 'FAMILY:QUALIFIER', ...: the
// table, the row and the column (its family checked against the table's).
struct CellTarget {
  std::string name;
  std::shared_ptr<TableClient> table;
  std::string row, family, qualifier;
};

Status OpenCellTarget(CommandContext& ctx, size_t min_args, int max_args, CellTarget* t) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), min_args, max_args));
  RL_RETURN_IF_ERROR(OpenTableArg(ctx, 0, &t->name, &t->table));
  t->row = ToText(ctx.arg(1));
  std::string spec;
  RL_RETURN_IF_ERROR(ExpectString(ctx.arg(2), "column", &spec));
  bool has_qualifier;
  ParseColumn(spec, &t->family, &t->qualifier, &has_qualifier);
  return CheckFamily(ctx, t->name, t->family);
}

// An optional timestamp at argument i (an Integer; a Hash there holds
// operation options instead, as HBase allows).
Status TimestampArg(CommandContext& ctx, size_t i, int64_t* ts) {
  *ts = kLatestTimestamp;
  for (size_t k = i; k < ctx.arg_count(); ++k) {
    const Value& v = ctx.arg(k);
    if (v.is_hash()) {
      RL_RETURN_IF_ERROR(CheckMutationOptions(ctx, v));
    } else if (k == i) {
      RL_RETURN_IF_ERROR(ExpectInteger(v, "timestamp", ts));
    } else {
      return Status::InvalidArgument("unexpected argument " + v.Inspect());
    }
  }
  return Status::OK();
}

Status Put(CommandContext& ctx) {
  CellTarget t;
  RL_RETURN_IF_ERROR(OpenCellTarget(ctx, 4, 6, &t));
  int64_t ts;
  RL_RETURN_IF_ERROR(TimestampArg(ctx, 4, &ts));
  RowMutation m;
  m.row = t.row;
  m.Put(t.family, t.qualifier, ToText(ctx.arg(3)), ts);
  return t.table->Put(m);
}

Status DeleteCells(CommandContext& ctx, const std::shared_ptr<TableClient>& t, const std::string& table,
                   const std::string& row, const std::string& column, int64_t ts) {
  RowMutation m;
  m.row = row;
  if (column.empty()) {
    // A whole row: every family, every cell with timestamp <= ts.
    auto desc = ctx.connection().GetDescriptor(table);
    if (!desc.ok()) return desc.status();
    for (const auto& f : desc->families) m.DeleteFamily(f.name, ts);
  } else {
    std::string family, qualifier;
    bool has_qualifier;
    ParseColumn(column, &family, &qualifier, &has_qualifier);
    RL_RETURN_IF_ERROR(CheckFamily(ctx, table, family));
    if (has_qualifier) {
      m.DeleteColumns(family, qualifier, ts);
    } else {
      m.DeleteFamily(family, ts);
    }
  }
  return t->Delete(m);
}

Status Delete(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 3, 5));
  std::string table, column;
  std::shared_ptr<TableClient> t;
  RL_RETURN_IF_ERROR(OpenTableArg(ctx, 0, &table, &t));
  RL_RETURN_IF_ERROR(ExpectString(ctx.arg(2), "column", &column));
  if (column.empty()) return Status::InvalidArgument("delete needs a column; use deleteall for a row");
  int64_t ts;
  RL_RETURN_IF_ERROR(TimestampArg(ctx, 3, &ts));
  return DeleteCells(ctx, t, table, ToText(ctx.arg(1)), column, ts);
}

Status DeleteAll(CommandContext& ctx) {
  RL_RETURN_IF_ERROR(CheckArity(ctx.arg_count(), 2, 5));
  std::string table, column;
  std::shared_ptr<TableClient> t;
  RL_RETURN_IF_ERROR(OpenTableArg(ctx, 0, &table, &t));
  if (ctx.arg_count() >= 3) RL_RETURN_IF_ERROR(ExpectString(ctx.arg(2), "column", &column));
  int64_t ts = kLatestTimestamp;
  if (ctx.arg_count() >= 4) RL_RETURN_IF_ERROR(TimestampArg(ctx, 3, &ts));
  const Value& row = ctx.arg(1);
  if (!row.is_hash()) return DeleteCells(ctx, t, table, ToText(row), column, ts);
  // deleteall 't', {ROWPREFIXFILTER => 'p'}: every row with the prefix.
  const Value* prefix = row.Find("ROWPREFIXFILTER");
  if (prefix == nullptr) return Status::InvalidArgument("deleteall with a Hash needs ROWPREFIXFILTER");
  Scan scan;
  scan.start_row = ToText(*prefix);
  scan.stop_row = PrefixStopRow(scan.start_row);
  auto scanner = t->GetScanner(scan);
  if (!scanner.ok()) return scanner.status();
  std::vector<std::string> rows;
  RowResult r;
  while ((*scanner)->Next(&r)) {
    if (rows.empty() || rows.back() != r.row) rows.push_back(r.row);
  }
  RL_RETURN_IF_ERROR((*scanner)->status());
  for (const auto& key : rows) RL_RETURN_IF_ERROR(DeleteCells(ctx, t, table, key, column, ts));
  ctx.json().Set("rows", static_cast<int64_t>(rows.size()));
  return Status::OK();
}

Status Incr(CommandContext& ctx) {
  CellTarget t;
  RL_RETURN_IF_ERROR(OpenCellTarget(ctx, 3, 5, &t));
  int64_t amount = 1;
  for (size_t i = 3; i < ctx.arg_count(); ++i) {
    if (ctx.arg(i).is_hash()) {
      RL_RETURN_IF_ERROR(CheckMutationOptions(ctx, ctx.arg(i)));
    } else if (i == 3) {
      RL_RETURN_IF_ERROR(ExpectInteger(ctx.arg(i), "increment", &amount));
    } else {
      return Status::InvalidArgument("unexpected argument " + ctx.arg(i).Inspect());
    }
  }
  auto v = t.table->Increment(t.row, t.family, t.qualifier, amount);
  if (!v.ok()) return v.status();
  ctx.Line("COUNTER VALUE = " + std::to_string(*v));
  ctx.json().Set("value", *v);
  return Status::OK();
}

Status GetCounter(CommandContext& ctx) {
  CellTarget t;
  RL_RETURN_IF_ERROR(OpenCellTarget(ctx, 3, 3, &t));
  struct Get get;
  get.row = t.row;
  get.columns.push_back(ColumnSpec{t.family, t.qualifier, false});
  auto result = t.table->Get(get);
  if (!result.ok()) return result.status();
  if (result->cells.empty()) {
    ctx.Line("No counter found at specified coordinates");
    ctx.json().Set("value", Json());
    return Status::OK();
  }
  const std::string& bytes = result->cells[0].value;
  if (bytes.size() != 8) {
    return Status::InvalidArgument("the value of " + t.family + ":" + ToStringBinary(t.qualifier) +
                                   " is " + std::to_string(bytes.size()) +
                                   " bytes, not an 8-byte counter");
  }
  uint64_t u = 0;
  for (unsigned char c : bytes) u = (u << 8) | c;
  const int64_t value = static_cast<int64_t>(u);
  ctx.Line("COUNTER VALUE = " + std::to_string(value));
  ctx.json().Set("value", value);
  return Status::OK();
}

Status Append(CommandContext& ctx) {
  CellTarget t;
  RL_RETURN_IF_ERROR(OpenCellTarget(ctx, 4, 5, &t));
  if (ctx.arg_count() == 5) {
    if (!ctx.arg(4).is_hash()) return Status::InvalidArgument("unexpected argument " + ctx.arg(4).Inspect());
    RL_RETURN_IF_ERROR(CheckMutationOptions(ctx, ctx.arg(4)));
  }
  auto v = t.table->Append(t.row, t.family, t.qualifier, ToText(ctx.arg(3)));
  if (!v.ok()) return v.status();
  ctx.Line("CURRENT VALUE = " + ToStringBinary(*v));
  ctx.json().Set("value", ToStringBinary(*v));
  return Status::OK();
}

}  // namespace

const std::vector<CommandSpec>& DmlCommands() {
  static const std::vector<CommandSpec> kCommands = {
      {"put", "dml", Put, "Writes one cell.",
       R"~(put 'TABLE', 'ROW', 'FAMILY:QUALIFIER', 'VALUE' [, TIMESTAMP]
Writes a cell; without a timestamp the region server's clock is used.
  hbase> put 'ns1:t1', 'r1', 'c1', 'value'
  hbase> put 't1', 'r1', 'f1:c1', 'value', 1700000000000
)~"},
      {"delete", "dml", Delete, "Deletes every version of a column up to a timestamp.",
       R"~(delete 'TABLE', 'ROW', 'FAMILY:QUALIFIER' [, TIMESTAMP]
Writes a DeleteColumn marker: every version of the column with a timestamp
at or below TIMESTAMP (default: now) is deleted. A bare family deletes the
whole family of the row.
  hbase> delete 't1', 'r1', 'f1:c1'
  hbase> delete 't1', 'r1', 'f1:c1', 1700000000000
)~"},
      {"deleteall", "dml", DeleteAll, "Deletes a row, or a column of a row, or rows by prefix.",
       R"~(deleteall 'TABLE', 'ROW' [, 'FAMILY:QUALIFIER' [, TIMESTAMP]]
Deletes every cell of the row (or of the column) at or below TIMESTAMP.
With {ROWPREFIXFILTER => 'prefix'} every row starting with the prefix goes.
  hbase> deleteall 't1', 'r1'
  hbase> deleteall 't1', 'r1', 'f1:c1', 1700000000000
  hbase> deleteall 't1', {ROWPREFIXFILTER => 'user1|'}
)~"},
      {"incr", "dml", Incr, "Increments a 64-bit counter.",
       R"~(incr 'TABLE', 'ROW', 'FAMILY:QUALIFIER' [, AMOUNT]
Adds AMOUNT (default 1) to the 8-byte big-endian counter in the cell, which
starts at 0, and prints the new value.
  hbase> incr 't1', 'r1', 'f1:hits'
  hbase> incr 't1', 'r1', 'f1:hits', 10
)~"},
      {"get_counter", "dml", GetCounter, "Reads a 64-bit counter.",
       R"~(get_counter 'TABLE', 'ROW', 'FAMILY:QUALIFIER'
Prints the counter written by incr.
  hbase> get_counter 't1', 'r1', 'f1:hits'
)~"},
      {"append", "dml", Append, "Appends bytes to a cell's value.",
       R"~(append 'TABLE', 'ROW', 'FAMILY:QUALIFIER', 'SUFFIX'
Appends SUFFIX to the newest value of the cell (atomically) and prints it.
  hbase> append 't1', 'r1', 'f1:log', 'more'
)~"},
  };
  return kCommands;
}

}  // namespace regionlab::shell
