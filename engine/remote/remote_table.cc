// A remote table's rows over the REST gateway: reads through stateful
// scanners, writes as CellSets, deletes as DELETEs of rows, families and
// columns, increments and appends as check=increment / check=append.
#include <algorithm>
#include <deque>

#include "remote/remote_connection.h"
#include "rest/filter_json.h"

namespace regionlab::remote {

namespace {

// Cells asked for per scanner GET: HBase's `batch` counts cells.
constexpr int32_t kCellsPerRequest = 1000;

std::string ColumnOf(const ColumnSpec& c) {
  return c.whole_family ? c.family : c.family + ":" + c.qualifier;
}

Status Refuse(const std::string& what, const std::string& instead) {
  return NotOverRest(what, instead);
}

// The scanner document for a scan (or a Get: one row).
Result<rest::ScannerModel> ScannerFor(const Scan& scan) {
  if (scan.reversed) {
    return Refuse("reversed scans (HBase's gateway scanners read forward only)",
                  "scan forward, or run the reversed scan in the HBase shell");
  }
  if (scan.raw) {
    return Refuse("RAW reads (the gateway has no raw scans)", "run the RAW scan in the HBase shell");
  }
  rest::ScannerModel m;
  m.start_row = scan.start_row;
  m.end_row = scan.stop_row;
  for (const ColumnSpec& c : scan.columns) m.columns.push_back(ColumnOf(c));
  m.batch = kCellsPerRequest;
  if (scan.caching > 0) m.caching = scan.caching;
  m.start_time = scan.min_timestamp;
  m.end_time = scan.max_timestamp;
  m.max_versions = scan.max_versions;
  m.cache_blocks = scan.cache_blocks;
  if (scan.filter != nullptr) {
    auto json = rest::ScannerFilterJson(*scan.filter);
    if (!json.ok()) return json.status();
    m.filter = std::move(*json);
  }
  return m;
}

Cell CellOf(const std::string& row, const rest::CellModel& c) {
  Cell cell;
  cell.row = row;
  const std::string column = c.column.value_or("");
  const size_t colon = column.find(':');
  cell.family = column.substr(0, colon);
  if (colon != std::string::npos) cell.qualifier = column.substr(colon + 1);
  cell.timestamp = c.timestamp.value_or(0);
  cell.type = CellType::kPut;
  cell.value = c.value;
  return cell;
}

// Rows of a stateful scanner. The gateway cuts its answers by cells, so a
// wide row may come in pieces over several answers: pieces with the same
// key are joined before the row is handed out, then cut again by the
// scan's own batch when it has one.
class RemoteScanner final : public ResultScanner {
 public:
  RemoteScanner(RestClient* rest, std::string path, const Scan& scan)
      : rest_(rest), path_(std::move(path)), limit_(scan.limit), batch_(scan.batch) {}
  ~RemoteScanner() override { Close(); }

  bool Next(RowResult* out) override {
    if (!status_.ok()) return false;
    if (pieces_.empty()) {
      if (limit_ >= 0 && rows_ >= limit_) return Close(), false;
      RowResult row;
      if (!NextRow(&row)) return false;
      ++rows_;
      if (batch_ <= 0 || row.cells.size() <= static_cast<size_t>(batch_)) {
        pieces_.push_back(std::move(row));
      } else {
        for (size_t i = 0; i < row.cells.size(); i += batch_) {
          RowResult piece;
          piece.row = row.row;
          const size_t end = std::min(row.cells.size(), i + batch_);
          piece.cells.assign(row.cells.begin() + i, row.cells.begin() + end);
          pieces_.push_back(std::move(piece));
        }
      }
    }
    *out = std::move(pieces_.front());
    pieces_.pop_front();
    return true;
  }

  Status status() const override { return status_; }

 private:
  // Fills buffered_ with the next answer; false at the end or on error.
  bool Fetch() {
    if (done_) return false;
    auto batch = rest_->NextBatch(path_);
    if (!batch.ok()) {
      status_ = batch.status();
      done_ = true;
      return false;
    }
    if (!batch->has_value()) {
      Close();
      return false;
    }
    for (rest::RowModel& r : (*batch)->rows) buffered_.push_back(std::move(r));
    return true;
  }

  bool NextRow(RowResult* out) {
    while (buffered_.empty()) {
      if (!Fetch()) return false;
    }
    rest::RowModel first = std::move(buffered_.front());
    buffered_.pop_front();
    out->row = first.key.value_or("");
    out->cells.clear();
    for (const auto& c : first.cells) out->cells.push_back(CellOf(out->row, c));
    // The rest of the row may follow in the next answer.
    for (;;) {
      if (buffered_.empty() && !Fetch()) break;
      if (buffered_.empty() || buffered_.front().key.value_or("") != out->row) break;
      for (const auto& c : buffered_.front().cells) out->cells.push_back(CellOf(out->row, c));
      buffered_.pop_front();
    }
    return status_.ok();
  }

  void Close() {
    if (closed_) return;
    closed_ = true;
    done_ = true;
    (void)rest_->CloseScanner(path_);  // best effort: the gateway drops idle scanners too
  }

  RestClient* rest_;
  std::string path_;
  int64_t limit_;
  int batch_;
  int64_t rows_ = 0;
  std::deque<rest::RowModel> buffered_;
  std::deque<RowResult> pieces_;
  Status status_;
  bool done_ = false, closed_ = false;
};

class RemoteTable final : public TableClient {
 public:
  RemoteTable(RemoteConnection* connection, std::string name)
      : connection_(connection), name_(std::move(name)) {}

  const std::string& name() const override { return name_; }

  Status Put(const RowMutation& m) override {
    bool puts = false, deletes = false;
    for (const MutationCell& c : m.cells) (c.type == CellType::kPut ? puts : deletes) = true;
    if (puts && deletes) {
      return Refuse("a mutation that both writes and deletes cells of a row atomically",
                    "send the puts and the deletes separately");
    }
    if (deletes) return Delete(m);
    RL_RETURN_IF_ERROR(connection_->CheckWritable("put"));
    rest::CellSetModel set;
    rest::RowModel row;
    row.key = m.row;
    for (const MutationCell& c : m.cells) {
      rest::CellModel cell;
      cell.column = c.family + ":" + c.qualifier;
      if (c.timestamp != kLatestTimestamp) cell.timestamp = c.timestamp;
      cell.value = c.value;
      row.cells.push_back(std::move(cell));
    }
    set.rows.push_back(std::move(row));
    return connection_->rest().PutCells(name_, set);
  }

  Status Delete(const RowMutation& m) override {
    RL_RETURN_IF_ERROR(connection_->CheckWritable("delete"));
    // One DELETE per timestamp: families ("cf") and columns ("cf:q") with
    // every version at or below it.
    std::vector<std::pair<int64_t, std::vector<std::string>>> by_ts;
    for (const MutationCell& c : m.cells) {
      std::string column;
      if (c.type == CellType::kDeleteFamily) {
        column = c.family;
      } else if (c.type == CellType::kDeleteColumn) {
        column = c.family + ":" + c.qualifier;
      } else {
        return Refuse(c.type == CellType::kPut ? "a put inside a delete"
                                               : "deleting one version of a cell (the gateway deletes"
                                                 " every version up to a timestamp)",
                      "delete every version up to the timestamp, or use the HBase shell");
      }
      auto it = std::find_if(by_ts.begin(), by_ts.end(),
                             [&](const auto& e) { return e.first == c.timestamp; });
      if (it == by_ts.end()) {
        by_ts.emplace_back(c.timestamp, std::vector<std::string>{});
        it = by_ts.end() - 1;
      }
      it->second.push_back(std::move(column));
    }
    for (const auto& [ts, columns] : by_ts) {
      RL_RETURN_IF_ERROR(connection_->rest().DeleteCells(name_, m.row, columns, ts));
    }
    return Status::OK();
  }

  Result<RowResult> Get(const struct Get& get) override {
    Scan scan;
    scan.start_row = get.row;
    scan.stop_row = get.row + std::string(1, '\0');
    scan.columns = get.columns;
    scan.max_versions = get.max_versions;
    scan.min_timestamp = get.min_timestamp;
    scan.max_timestamp = get.max_timestamp;
    scan.raw = get.raw;
    scan.filter = get.filter;
    scan.limit = 1;
    auto scanner = GetScanner(scan);
    if (!scanner.ok()) return scanner.status();
    RowResult r;
    r.row = get.row;
    RowResult next;
    if ((*scanner)->Next(&next) && next.row == get.row) r = std::move(next);
    RL_RETURN_IF_ERROR((*scanner)->status());
    return r;
  }

  Result<std::unique_ptr<ResultScanner>> GetScanner(const Scan& scan) override {
    auto model = ScannerFor(scan);
    if (!model.ok()) return model.status();
    auto path = connection_->rest().OpenScanner(name_, *model);
    if (!path.ok()) return path.status();
    return std::unique_ptr<ResultScanner>(new RemoteScanner(&connection_->rest(), *path, scan));
  }

  Result<int64_t> Increment(const std::string& row, const std::string& family,
                            const std::string& qualifier, int64_t amount) override {
    RL_RETURN_IF_ERROR(connection_->CheckWritable("incr"));
    RL_RETURN_IF_ERROR(connection_->rest().CheckedMutation(
        name_, "increment", OneCell(row, family, qualifier, std::to_string(amount)), nullptr));
    // HBase 2.x answers an increment's rr=true with the request, not the
    // result: the new value is read back.
    auto value = ReadCell(row, family, qualifier);
    if (!value.ok()) return value.status();
    if (value->size() != 8) {
      return Status::InvalidArgument("the value of " + family + ":" + qualifier + " in row '" + row +
                                     "' of " + name_ + " is " + std::to_string(value->size()) +
                                     " bytes, not an 8-byte counter");
    }
    uint64_t u = 0;
    for (unsigned char c : *value) u = (u << 8) | c;
    return static_cast<int64_t>(u);
  }

  Result<std::string> Append(const std::string& row, const std::string& family,
                             const std::string& qualifier, const std::string& suffix) override {
    RL_RETURN_IF_ERROR(connection_->CheckWritable("append"));
    rest::CellSetModel result;
    RL_RETURN_IF_ERROR(connection_->rest().CheckedMutation(
        name_, "append", OneCell(row, family, qualifier, suffix), &result));
    const std::string column = family + ":" + qualifier;
    for (const auto& r : result.rows) {
      for (const auto& c : r.cells) {
        if (c.column.value_or("") == column) return c.value;
      }
    }
    return ReadCell(row, family, qualifier);
  }

 private:
  static rest::CellSetModel OneCell(const std::string& row, const std::string& family,
                                    const std::string& qualifier, const std::string& value) {
    rest::CellSetModel set;
    rest::RowModel r;
    r.key = row;
    rest::CellModel c;
    c.column = family + ":" + qualifier;
    c.value = value;
    r.cells.push_back(std::move(c));
    set.rows.push_back(std::move(r));
    return set;
  }

  Result<std::string> ReadCell(const std::string& row, const std::string& family,
                               const std::string& qualifier) {
    struct Get get;
    get.row = row;
    get.columns.push_back(ColumnSpec{family, qualifier, false});
    auto r = Get(get);
    if (!r.ok()) return r.status();
    if (r->cells.empty()) {
      return Status::NotFound("row '" + row + "' of " + name_ + " has no " + family + ":" +
                              qualifier + " after the write");
    }
    return r->cells[0].value;
  }

  RemoteConnection* connection_;
  std::string name_;
};

}  // namespace

std::shared_ptr<TableClient> NewRemoteTable(RemoteConnection* connection, std::string name) {
  return std::make_shared<RemoteTable>(connection, std::move(name));
}

}  // namespace regionlab::remote
