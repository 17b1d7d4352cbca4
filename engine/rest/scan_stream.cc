#include "rest/scan_stream.h"

namespace regionlab::rest {

namespace {

struct ScanState {
  std::shared_ptr<Table> table;
  std::unique_ptr<ResultScanner> scanner;
  std::optional<RowResult> first;
  StreamSpec spec;
  CellSetWriter writer{MediaType::kJson};
  bool begun = false;
  bool done = false;
  int64_t rows = 0;
  RowResult row;
  std::string frame;  // framed protobuf: the frame being filled
  int frame_rows = 0;
};

void FlushFrame(ScanState* st, std::string* out) {
  if (st->frame.empty()) return;
  out->push_back(static_cast<char>((st->frame.size() >> 8) & 0xFF));
  out->push_back(static_cast<char>(st->frame.size() & 0xFF));
  out->append(st->frame);
  st->frame.clear();
  st->frame_rows = 0;
}

// Adds a row to the framed protobuf body; false when one of its cells alone
// is too large for a frame.
bool AddFramedRow(ScanState* st, const RowResult& row, std::string* out) {
  std::string encoded;
  pb::AppendRow(row, 0, row.cells.size(), &encoded);
  if (encoded.size() <= kMaxProtobufFrame) {
    if (st->frame.size() + encoded.size() > kMaxProtobufFrame || st->frame_rows >= st->spec.frame_rows) {
      FlushFrame(st, out);
    }
    st->frame += encoded;
    ++st->frame_rows;
    return true;
  }
  // A row too large for one frame goes out in parts, each repeating the key.
  FlushFrame(st, out);
  size_t begin = 0;
  while (begin < row.cells.size()) {
    size_t end = begin + 1;
    std::string part, longer;
    pb::AppendRow(row, begin, end, &part);
    if (part.size() > kMaxProtobufFrame) return false;
    while (end < row.cells.size()) {
      longer.clear();
      pb::AppendRow(row, begin, end + 1, &longer);
      if (longer.size() > kMaxProtobufFrame) break;
      part.swap(longer);
      ++end;
    }
    st->frame = std::move(part);
    st->frame_rows = 1;
    FlushFrame(st, out);
    begin = end;
  }
  return true;
}

void Finish(ScanState* st, std::string* out) {
  if (st->spec.framed_protobuf) {
    FlushFrame(st, out);
  } else {
    st->writer.End(out);
  }
  st->done = true;
}

}  // namespace

RestResponse StreamScan(std::shared_ptr<Table> table, std::unique_ptr<ResultScanner> scanner,
                        std::optional<RowResult> first, const StreamSpec& spec) {
  auto st = std::make_shared<ScanState>();
  st->table = std::move(table);
  st->scanner = std::move(scanner);
  st->first = std::move(first);
  st->spec = spec;
  st->writer = CellSetWriter(spec.type);
  RestResponse r;
  r.content_type = MediaTypeName(spec.type);
  r.SetHeader("Cache-Control", "no-cache");
  r.stream = [st](std::string* out, bool* failed) -> bool {
    if (st->done) return false;
    if (!st->begun) {
      if (!st->spec.framed_protobuf) st->writer.Begin(out);
      st->begun = true;
    }
    for (int n = 0; n < st->spec.chunk_rows; ++n) {
      if (st->spec.limit_rows >= 0 && st->rows >= st->spec.limit_rows) {
        Finish(st.get(), out);
        return true;
      }
      const RowResult* row;
      if (st->first) {
        st->row = std::move(*st->first);
        st->first.reset();
        row = &st->row;
      } else if (st->scanner->Next(&st->row)) {
        row = &st->row;
      } else {
        if (!st->scanner->status().ok()) {
          *failed = true;
          st->done = true;
          return false;
        }
        Finish(st.get(), out);
        return true;
      }
      ++st->rows;
      if (st->spec.framed_protobuf) {
        if (!AddFramedRow(st.get(), *row, out)) {
          *failed = true;
          st->done = true;
          return false;
        }
      } else {
        st->writer.Row(*row, out);
      }
    }
    return true;
  };
  return r;
}

}  // namespace regionlab::rest
