// Region read path: Get and Scan over every store, merged row by row.
//
// Filters (Scan::filter, Get::filter) follow HBase's RegionScannerImpl: each
// scan runs its own Clone() of the prototype; per row FilterRowKey (a
// filtered key skips the row unread), the stores' cells through the filter
// in each store's ScanQueryMatcher (see there), FilterRowCells when
// HasFilterRow(), FilterRow() for a row that still has cells, Reset(); the
// scan ends once FilterAllRemaining() is true. Where RegionLab differs:
//  * the stores are read one after the other for a row, in family order --
//    the order HBase's heap presents the cells in -- and every family is read
//    (HBase can defer non-essential families, loadColumnFamiliesOnDemand);
//  * FilterAllRemaining() is also asked before each row, so a filter done
//    after a filtered-out row ends the scan at once (HBase gets there one row
//    later, through FilterRowKey or DONE_SCAN);
//  * a row left with no cells is not returned (HBase drops it at the RPC
//    layer); Scan::limit counts returned rows.
// Scan::batch with a filter that HasFilterRow() is refused, as HBase refuses
// it (IncompatibleFilterException).
#include <algorithm>
#include <climits>
#include <optional>
#include <set>

#include "filter/filter.h"
#include "region/holding_iterator.h"
#include "region/merging_iterator.h"
#include "region/region_impl.h"
#include "region/store_scanner.h"
#include "util/clock.h"
#include "util/key_value.h"

namespace regionlab {

namespace {

// True when the file may hold cells the scan must see (key range, time range,
// TTL). Delete markers newer than the scan's range can still mask cells inside
// it, so a file is skipped for being too new only when it has no markers.
bool FileMayMatter(const StoreFileInfo& info, const Scan& scan, int64_t expired_before) {
  if (info.cell_count == 0) return false;
  const std::string_view first = KeyRow(info.first_key);
  const std::string_view last = KeyRow(info.last_key);
  if (!scan.reversed) {
    if (!scan.start_row.empty() && last < std::string_view(scan.start_row)) return false;
    if (!scan.stop_row.empty() && first >= std::string_view(scan.stop_row)) return false;
  } else {
    if (!scan.start_row.empty() && first > std::string_view(scan.start_row)) return false;
    if (!scan.stop_row.empty() && last <= std::string_view(scan.stop_row)) return false;
  }
  if (info.max_timestamp < scan.min_timestamp) return false;
  if (info.min_timestamp >= scan.max_timestamp && info.delete_count == 0) return false;
  if (info.max_timestamp < expired_before) return false;
  return true;
}

// The checks HBase makes of a Scan or Get before running it.
Status ValidateScan(const Scan& scan) {
  if (scan.max_versions < 1) {
    return Status::InvalidArgument("VERSIONS must be at least 1, got " +
                                   std::to_string(scan.max_versions));
  }
  if (scan.min_timestamp < 0 || scan.max_timestamp < scan.min_timestamp) {
    return Status::InvalidArgument("TIMERANGE [" + std::to_string(scan.min_timestamp) + ", " +
                                   std::to_string(scan.max_timestamp) + ") is not a valid range");
  }
  if (scan.raw && !scan.columns.empty()) {
    return Status::InvalidArgument("Cannot specify any column for a raw scan");
  }
  if (scan.batch > 0 && scan.filter != nullptr && scan.filter->HasFilterRow()) {
    return Status::InvalidArgument(
        "Cannot set batch on a scan using a filter that returns true for filter.hasFilterRow (" +
        scan.filter->Name() + ")");
  }
  return Status::OK();
}

}  // namespace

std::vector<std::unique_ptr<StoreScanner>> RegionImpl::OpenStoreScanners(const Scan& scan,
                                                                         bool single_row) {
  const uint64_t read_point = read_point_.load(std::memory_order_acquire);
  std::vector<std::shared_ptr<const StoreVersion>> versions;
  {
    std::lock_guard<std::mutex> l(state_mu_);
    for (const auto& st : stores_) versions.push_back(st.version);
  }
  const int64_t now = clock_->NowMillis();
  std::vector<std::unique_ptr<StoreScanner>> scanners;
  for (size_t i = 0; i < stores_.size(); ++i) {
    const FamilyOptions& family = stores_[i].family;
    std::set<std::string> qualifiers;
    bool wanted = scan.columns.empty();
    bool whole_family = scan.columns.empty();
    for (const auto& c : scan.columns) {
      if (c.family != family.name) continue;
      wanted = true;
      if (c.whole_family) {
        whole_family = true;
      } else {
        qualifiers.insert(c.qualifier);
      }
    }
    if (!wanted) continue;

    ScanQueryOptions o;
    o.max_versions = scan.raw ? scan.max_versions : std::min(scan.max_versions, family.max_versions);
    if (scan.filter != nullptr) {
      // The filter is shown every version the family keeps (every version
      // for a raw scan); the scan's VERSIONS applies after it.
      o.versions_after_filter = o.max_versions;
      o.max_versions = scan.raw ? INT_MAX : family.max_versions;
      o.family = family.name;
      o.reversed = scan.reversed;
    }
    o.min_versions = family.min_versions;
    o.ttl_ms = FamilyTtlMillis(family.ttl_seconds);
    o.now_ms = now;
    o.min_ts = scan.min_timestamp;
    o.max_ts = scan.max_timestamp;
    o.keep_deleted_cells = family.keep_deleted_cells;
    o.raw = scan.raw;
    o.read_point = read_point;
    if (!whole_family) o.columns.assign(qualifiers.begin(), qualifiers.end());
    // Raw scans ignore TTL, as in HBase; MIN_VERSIONS can keep expired cells.
    const int64_t expired_before =
        (scan.raw || o.ttl_ms < 0 || family.min_versions > 0) ? INT64_MIN : now - o.ttl_ms;

    const auto& v = versions[i];
    std::vector<std::unique_ptr<KeyValueIterator>> children;
    children.push_back(std::make_unique<HoldingIterator>(v->active, v->active->NewIterator()));
    if (v->snapshot) {
      children.push_back(std::make_unique<HoldingIterator>(v->snapshot, v->snapshot->NewIterator()));
    }
    for (const auto& f : v->files) {
      const StoreFileInfo& info = f->reader->info();
      if (!FileMayMatter(info, scan, expired_before)) continue;
      if (single_row) {
        if (!f->reader->MayContainRow(scan.start_row)) continue;
        if (qualifiers.size() == 1 && !whole_family &&
            !f->reader->MayContainColumn(scan.start_row, *qualifiers.begin()) &&
            !f->reader->MayContainColumn(scan.start_row, {})) {
          continue;  // neither the column nor a family-wide marker is in this file
        }
      }
      children.push_back(f->NewIterator(scan.cache_blocks));
    }
    scanners.push_back(std::make_unique<StoreScanner>(
        family.name, NewMergingIterator(std::move(children)), ScanType::kUserScan, o, scan.reversed,
        scan.start_row, scan.stop_row));
  }
  return scanners;
}

// Merges the store scanners row by row; see RegionScanner.
class RegionScannerImpl final : public RegionScanner {
 public:
  RegionScannerImpl(RegionImpl* region, Scan scan,
                    std::vector<std::unique_ptr<StoreScanner>> stores)
      : region_(region), scan_(std::move(scan)), stores_(std::move(stores)) {
    if (scan_.filter != nullptr) {
      filter_ = scan_.filter->Clone();
      filter_->SetReversed(scan_.reversed);
      for (auto& s : stores_) s->SetFilter(filter_.get());
    }
  }

  bool Next(RowResult* out) override {
    out->row.clear();
    out->cells.clear();
    if (pending_pos_ < pending_.size()) return EmitPending(out);
    if (!status_.ok()) return false;
    if (scan_.limit >= 0 && rows_ >= scan_.limit) return false;
    std::vector<Cell> cells;
    for (;;) {
      if (filter_ != nullptr && filter_->FilterAllRemaining()) return false;
      std::optional<std::string> candidate;
      std::vector<std::optional<std::string>> peeks(stores_.size());
      for (size_t i = 0; i < stores_.size(); ++i) {
        peeks[i] = stores_[i]->PeekRow();
        if (!stores_[i]->status().ok()) {
          status_ = stores_[i]->status();
          return false;
        }
        if (!peeks[i]) continue;
        if (!candidate || (scan_.reversed ? *peeks[i] > *candidate : *peeks[i] < *candidate)) {
          candidate = peeks[i];
        }
      }
      if (!candidate) return false;
      if (filter_ != nullptr && filter_->FilterRowKey(*candidate)) {
        for (size_t i = 0; i < stores_.size(); ++i) {
          if (peeks[i] && *peeks[i] == *candidate) stores_[i]->SkipRow(*candidate);
        }
        filter_->Reset();
        continue;
      }
      cells.clear();
      for (size_t i = 0; i < stores_.size(); ++i) {
        if (peeks[i] && *peeks[i] == *candidate) stores_[i]->ReadRow(*candidate, &cells);
      }
      if (filter_ != nullptr) {
        if (filter_->HasFilterRow()) filter_->FilterRowCells(&cells);
        const bool drop = cells.empty() || filter_->FilterRow();
        filter_->Reset();
        if (drop) continue;
      }
      if (cells.empty()) continue;
      ++rows_;
      ++region_->read_requests_;
      pending_row_ = std::move(*candidate);
      pending_ = std::move(cells);
      pending_pos_ = 0;
      return EmitPending(out);
    }
  }

  bool NextBatch(std::vector<RowResult>* out) override {
    out->clear();
    const int n = scan_.caching > 0 ? scan_.caching : 1;
    RowResult r;
    while (static_cast<int>(out->size()) < n && Next(&r)) out->push_back(std::move(r));
    return !out->empty();
  }

  Status status() const override { return status_; }

 private:
  bool EmitPending(RowResult* out) {
    size_t n = pending_.size() - pending_pos_;
    if (scan_.batch > 0) n = std::min(n, static_cast<size_t>(scan_.batch));
    out->row = pending_row_;
    out->cells.assign(std::make_move_iterator(pending_.begin() + pending_pos_),
                      std::make_move_iterator(pending_.begin() + pending_pos_ + n));
    pending_pos_ += n;
    if (pending_pos_ >= pending_.size()) {
      pending_.clear();
      pending_pos_ = 0;
    }
    return true;
  }

  RegionImpl* region_;
  Scan scan_;
  std::vector<std::unique_ptr<StoreScanner>> stores_;
  std::unique_ptr<Filter> filter_;  // this scan's copy of scan_.filter
  int64_t rows_ = 0;
  std::string pending_row_;
  std::vector<Cell> pending_;
  size_t pending_pos_ = 0;
  Status status_;
};

Result<std::unique_ptr<RegionScanner>> RegionImpl::GetScanner(const Scan& scan) {
  RL_RETURN_IF_ERROR(ValidateScan(scan));
  for (const auto& c : scan.columns) {
    if (std::none_of(stores_.begin(), stores_.end(),
                     [&](const Store& s) { return s.family.name == c.family; })) {
      return Status::InvalidArgument("Column family " + c.family + " does not exist in region " +
                                     descriptor_.encoded_name + " of table " + descriptor_.table);
    }
  }
  // Clip the scan to the region's key range.
  Scan clipped = scan;
  if (!clipped.reversed) {
    if (clipped.start_row < descriptor_.start_key) clipped.start_row = descriptor_.start_key;
    if (!descriptor_.end_key.empty() &&
        (clipped.stop_row.empty() || clipped.stop_row > descriptor_.end_key)) {
      clipped.stop_row = descriptor_.end_key;
    }
  }
  auto stores = OpenStoreScanners(clipped, /*single_row=*/false);
  return std::unique_ptr<RegionScanner>(
      new RegionScannerImpl(this, std::move(clipped), std::move(stores)));
}

Result<RowResult> RegionImpl::DoGet(const Get& get) {
  Scan scan;
  scan.start_row = get.row;
  scan.stop_row = get.row + '\0';
  scan.columns = get.columns;
  scan.max_versions = get.max_versions;
  scan.min_timestamp = get.min_timestamp;
  scan.max_timestamp = get.max_timestamp;
  scan.raw = get.raw;
  scan.filter = get.filter;
  RL_RETURN_IF_ERROR(ValidateScan(scan));
  RegionScannerImpl scanner(this, scan, OpenStoreScanners(scan, /*single_row=*/true));
  RowResult r;
  if (!scanner.Next(&r)) {
    if (!scanner.status().ok()) return scanner.status();
    r.row = get.row;
  }
  return r;
}

}  // namespace regionlab
