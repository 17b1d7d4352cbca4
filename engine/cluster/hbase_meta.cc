#include "cluster/hbase_meta.h"

#include <algorithm>

#include "filter/filter.h"
#include "hbase_meta.pb.h"
#include "regionlab/bytes.h"
#include "util/coding.h"
#include "util/md5.h"

namespace regionlab {

namespace {

// RegionInfo.toByteArray's prefix (ProtobufMagic.PB_MAGIC).
constexpr std::string_view kPbMagic = "PBUF";

// The qualifiers in cell order (byte order).
constexpr std::string_view kRegionInfo = "regioninfo";
constexpr std::string_view kSeqnumDuringOpen = "seqnumDuringOpen";
constexpr std::string_view kServer = "server";
constexpr std::string_view kServerStartCode = "serverstartcode";
constexpr std::string_view kSn = "sn";
constexpr std::string_view kState = "state";

std::string Long(int64_t v) {
  std::string out(8, '\0');
  EncodeBigEndian64(out.data(), static_cast<uint64_t>(v));
  return out;
}

void SplitTableName(const std::string& full, std::string* ns, std::string* qualifier) {
  const size_t colon = full.find(':');
  if (colon == std::string::npos) {
    *ns = std::string(kDefaultNamespace);
    *qualifier = full;
  } else {
    *ns = full.substr(0, colon);
    *qualifier = full.substr(colon + 1);
  }
}

// A region name without its encoded part: what the encoded name hashes
// (RegionLab's NewRegionRecord).
std::string EncodedNameOf(const MetaRegion& r) {
  return Md5Hex(r.table + "," + r.start_key + "," + std::to_string(r.region_id) + ".");
}

int CompareBytes(std::string_view a, std::string_view b) {
  const int c = a.compare(b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

bool ColumnWanted(const std::vector<ColumnSpec>& columns, std::string_view family,
                  std::string_view qualifier) {
  if (columns.empty()) return true;
  for (const ColumnSpec& c : columns) {
    if (c.family != family) continue;
    if (c.whole_family || c.qualifier == qualifier) return true;
  }
  return false;
}

// Compares a cell's (row, family, qualifier) with a filter's hint, in scan order.
int CompareToHint(const Cell& c, const CellHint& h, bool reversed) {
  int r = CompareMetaRows(c.row, h.row);
  if (reversed) r = -r;
  if (r != 0) return r;
  if (int f = CompareBytes(c.family, h.family); f != 0) return f;
  if (int q = CompareBytes(c.qualifier, h.qualifier); q != 0) return q;
  return c.timestamp > h.timestamp ? -1 : (c.timestamp < h.timestamp ? 1 : 0);
}

// The filter's calls for one row, as a region makes them (filter/filter.h).
// Returns false when the row is dropped; *done when the scan must end.
// *hint_row receives a row to skip ahead to (empty: none).
bool FilterRow(Filter* filter, const RowResult& row, bool reversed,
               const std::vector<ColumnSpec>& columns, int64_t min_ts, int64_t max_ts,
               std::vector<Cell>* out, bool* done, std::optional<CellHint>* skip_to) {
  out->clear();
  if (filter != nullptr) {
    if (filter->FilterAllRemaining()) {
      *done = true;
      return false;
    }
    if (filter->FilterRowKey(row.row)) {
      filter->Reset();
      return false;
    }
  }
  std::optional<CellHint> hint;
  for (const Cell& cell : row.cells) {
    if (!ColumnWanted(columns, cell.family, cell.qualifier)) continue;
    if (cell.timestamp < min_ts || cell.timestamp >= max_ts) continue;
    if (hint && CompareToHint(cell, *hint, reversed) < 0) continue;
    hint.reset();
    if (filter == nullptr) {
      out->push_back(cell);
      continue;
    }
    const Filter::ReturnCode rc = filter->FilterCell(cell);
    if (IsIncludeCode(rc)) {
      out->push_back(cell);
      filter->TransformCell(&out->back());
      if (rc == Filter::ReturnCode::kIncludeAndSeekNextRow) break;
      continue;
    }
    if (rc == Filter::ReturnCode::kNextRow) break;
    if (rc == Filter::ReturnCode::kSeekNextUsingHint) {
      hint = filter->GetNextCellHint(cell);
      if (hint && CompareMetaRows(hint->row, row.row) != 0) {
        // The hint lies in another row: the rest of this one is skipped.
        if ((CompareMetaRows(hint->row, row.row) > 0) != reversed) *skip_to = hint;
        break;
      }
    }
    // kSkip, kNextCol: one version per column here, so both move on.
  }
  if (filter != nullptr) {
    if (filter->HasFilterRow()) filter->FilterRowCells(out);
    const bool drop = !out->empty() && filter->FilterRow();
    filter->Reset();
    if (drop) out->clear();
  }
  return !out->empty();
}

}  // namespace

std::string MetaRowKey(const MetaRegion& r) {
  return r.table + "," + r.start_key + "," + std::to_string(r.region_id) + "." +
         r.encoded_name + ".";
}

std::string EncodeMetaRegionInfo(const MetaRegion& r) {
  hbase::pb::RegionInfo info;
  std::string ns, qualifier;
  SplitTableName(r.table, &ns, &qualifier);
  info.set_region_id(static_cast<uint64_t>(r.region_id));
  info.mutable_table_name()->set_namespace_(ns);
  info.mutable_table_name()->set_qualifier(qualifier);
  info.set_start_key(r.start_key);
  info.set_end_key(r.end_key);
  info.set_offline(r.split_parent);
  info.set_split(r.split_parent);
  info.set_replica_id(0);
  std::string out(kPbMagic);
  info.AppendToString(&out);
  return out;
}

Status DecodeMetaRegionInfo(std::string_view bytes, MetaRegion* out) {
  if (bytes.substr(0, kPbMagic.size()) != kPbMagic) {
    return Status::Corruption("info:regioninfo does not start with the PBUF magic");
  }
  bytes.remove_prefix(kPbMagic.size());
  hbase::pb::RegionInfo info;
  if (!info.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())) ||
      !info.IsInitialized()) {
    return Status::Corruption("info:regioninfo is not a RegionInfo message");
  }
  MetaRegion r;
  const std::string& ns = info.table_name().namespace_();
  r.table = ns == kDefaultNamespace ? info.table_name().qualifier()
                                    : ns + ":" + info.table_name().qualifier();
  r.start_key = info.start_key();
  r.end_key = info.end_key();
  r.region_id = static_cast<int64_t>(info.region_id());
  r.split_parent = info.split();
  r.encoded_name = info.has_region_encoded_name() ? info.region_encoded_name() : EncodedNameOf(r);
  *out = std::move(r);
  return Status::OK();
}

std::string MetaRegionInfoText(std::string_view bytes) {
  MetaRegion r;
  if (!DecodeMetaRegionInfo(bytes, &r).ok()) return {};
  std::string s = "{ENCODED => " + r.encoded_name + ", NAME => '" + ToStringBinary(MetaRowKey(r)) +
                  "', STARTKEY => '" + ToStringBinary(r.start_key) + "', ENDKEY => '" +
                  ToStringBinary(r.end_key) + "'";
  if (r.split_parent) s += ", OFFLINE => true, SPLIT => true";
  return s + "}";
}

RowResult MetaRow(const MetaRegion& r) {
  RowResult row;
  row.row = MetaRowKey(r);
  auto add = [&](std::string_view qualifier, std::string value) {
    Cell c;
    c.row = row.row;
    c.family = std::string(kMetaFamily);
    c.qualifier = std::string(qualifier);
    c.timestamp = r.timestamp;
    c.value = std::move(value);
    row.cells.push_back(std::move(c));
  };
  add(kRegionInfo, EncodeMetaRegionInfo(r));
  const bool hosted = !r.server.empty();
  if (hosted && r.open_seq_num > 0) add(kSeqnumDuringOpen, Long(static_cast<int64_t>(r.open_seq_num)));
  if (hosted) {
    add(kServer, r.server + ":" + std::to_string(kMetaServerPort));
    add(kServerStartCode, Long(r.server_start_code));
    add(kSn, r.server + "," + std::to_string(kMetaServerPort) + "," +
                 std::to_string(r.server_start_code));
  }
  add(kState, r.state);
  return row;
}

int CompareMetaRows(std::string_view a, std::string_view b) {
  // table , start key , region id: each part on its own; a missing
  // delimiter sorts first (MetaCellComparator.compareRows).
  const size_t ad = a.find(',');
  const size_t bd = b.find(',');
  if (int c = CompareBytes(a.substr(0, ad), b.substr(0, bd)); c != 0) return c;
  if (ad == std::string_view::npos || bd == std::string_view::npos) {
    return ad == bd ? 0 : (ad == std::string_view::npos ? -1 : 1);
  }
  const std::string_view arest = a.substr(ad + 1);
  const std::string_view brest = b.substr(bd + 1);
  const size_t af = arest.rfind(',');
  const size_t bf = brest.rfind(',');
  if (int c = CompareBytes(arest.substr(0, af), brest.substr(0, bf)); c != 0) return c;
  const std::string_view aid = af == std::string_view::npos ? std::string_view() : arest.substr(af + 1);
  const std::string_view bid = bf == std::string_view::npos ? std::string_view() : brest.substr(bf + 1);
  return CompareBytes(aid, bid);
}

std::vector<RowResult> ScanMetaRows(const std::vector<RowResult>& rows, const Scan& scan) {
  std::unique_ptr<Filter> filter = scan.filter ? scan.filter->Clone() : nullptr;
  if (filter) filter->SetReversed(scan.reversed);
  std::vector<RowResult> out;
  std::vector<Cell> cells;
  std::optional<CellHint> skip_to;
  int64_t returned = 0;
  const size_t n = rows.size();
  for (size_t k = 0; k < n; ++k) {
    const RowResult& row = rows[scan.reversed ? n - 1 - k : k];
    // Reversed: start_row is the highest row, stop_row the exclusive lowest.
    if (!scan.start_row.empty()) {
      const int c = CompareMetaRows(row.row, scan.start_row);
      if (scan.reversed ? c > 0 : c < 0) continue;
    }
    if (!scan.stop_row.empty()) {
      const int c = CompareMetaRows(row.row, scan.stop_row);
      if (scan.reversed ? c <= 0 : c >= 0) break;
    }
    if (skip_to) {
      const int c = CompareMetaRows(row.row, skip_to->row);
      if (scan.reversed ? c > 0 : c < 0) continue;
    }
    std::optional<CellHint> next_skip;
    bool done = false;
    const bool kept = FilterRow(filter.get(), row, scan.reversed, scan.columns, scan.min_timestamp,
                                scan.max_timestamp, &cells, &done, &next_skip);
    skip_to = next_skip;
    if (done) break;
    if (!kept) continue;
    if (scan.limit >= 0 && returned >= scan.limit) break;
    ++returned;
    if (scan.batch > 0) {
      for (size_t i = 0; i < cells.size(); i += static_cast<size_t>(scan.batch)) {
        RowResult part;
        part.row = row.row;
        const size_t end = std::min(cells.size(), i + static_cast<size_t>(scan.batch));
        part.cells.assign(cells.begin() + static_cast<std::ptrdiff_t>(i),
                          cells.begin() + static_cast<std::ptrdiff_t>(end));
        out.push_back(std::move(part));
      }
    } else {
      out.push_back(RowResult{row.row, cells});
    }
  }
  return out;
}

RowResult GetMetaRow(const std::vector<RowResult>& rows, const Get& get) {
  RowResult result;
  result.row = get.row;
  auto it = std::find_if(rows.begin(), rows.end(),
                         [&](const RowResult& r) { return r.row == get.row; });
  if (it == rows.end()) return result;
  std::unique_ptr<Filter> filter = get.filter ? get.filter->Clone() : nullptr;
  bool done = false;
  std::optional<CellHint> ignored;
  FilterRow(filter.get(), *it, false, get.columns, get.min_timestamp, get.max_timestamp,
            &result.cells, &done, &ignored);
  return result;
}

TableDescriptor MetaTableDescriptor() {
  TableDescriptor d;
  d.ns = std::string(kSystemNamespace);
  d.name = "meta";
  FamilyOptions info;
  info.name = std::string(kMetaFamily);
  info.max_versions = 3;  // hbase.meta.versions
  info.in_memory = true;
  info.block_size = 8192;  // hbase.meta.blocksize
  info.bloom = BloomType::kRowCol;
  info.data_block_encoding = DataBlockEncoding::kRowIndexV1;
  d.families = {info};
  return d;
}

Status MetaIsReadOnly(std::string_view what) {
  return Status::NotSupported(
      "org.apache.hadoop.hbase.DoNotRetryIOException: hbase:meta is read-only in RegionLab: it "
      "shows the catalog, which only the cluster's own operations change (" +
      std::string(what) + " refused)");
}

}  // namespace regionlab
