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

#include "filter/filter.h"
#include "region/cell_sink.h"
#include "region/region_impl.h"
#include "region/scan_read_ahead.h"
#include "region/store_scanner.h"
#include "region/store_sources.h"
#include "util/clock.h"
#include "util/key_value.h"

namespace regionlab {

namespace {

// What a read (a Scan, or a Get: one row) asks of the stores.
struct ReadSpec {
  const std::vector<ColumnSpec>* columns;
  int max_versions;
  int64_t min_timestamp, max_timestamp;
  bool raw;
  bool has_filter;
  bool reversed;
  bool cache_blocks;
  std::string_view start_row, stop_row;  // as Scan; for a Get start_row is the row
  bool single_row;                       // a Get: start_row only (stop_row unused)
  int64_t limit = -1;

  static ReadSpec Of(const Scan& scan, bool single_row) {
    return {&scan.columns,  scan.max_versions,      scan.min_timestamp, scan.max_timestamp,
            scan.raw,       scan.filter != nullptr, scan.reversed,      scan.cache_blocks,
            scan.start_row, scan.stop_row,          single_row,         scan.limit};
  }
  static ReadSpec Of(const Get& get) {
    return {&get.columns,
            get.max_versions,
            get.min_timestamp,
            get.max_timestamp,
            get.raw,
            get.filter != nullptr,
            false,
            true,
            get.row,
            {},
            true};
  }
};

// True when the file may hold cells the read must see (key range, time range,
// TTL). Delete markers newer than the read's range can still mask cells inside
// it, so a file is skipped for being too new only when it has no markers.
bool FileMayMatter(const StoreFileInfo& info, const ReadSpec& read, int64_t expired_before) {
  if (info.cell_count == 0) return false;
  const std::string_view first = KeyRow(info.first_key);
  const std::string_view last = KeyRow(info.last_key);
  if (read.single_row) {
    if (read.start_row < first || read.start_row > last) return false;
  } else if (!read.reversed) {
    if (!read.start_row.empty() && last < read.start_row) return false;
    if (!read.stop_row.empty() && first >= read.stop_row) return false;
  } else {
    if (!read.start_row.empty() && first > read.start_row) return false;
    if (!read.stop_row.empty() && last <= read.stop_row) return false;
  }
  if (info.max_timestamp < read.min_timestamp) return false;
  if (info.min_timestamp >= read.max_timestamp && info.delete_count == 0) return false;
  if (info.max_timestamp < expired_before) return false;
  return true;
}

// The checks HBase makes of a Scan or Get before running it.
Status ValidateRead(int max_versions, int64_t min_ts, int64_t max_ts, bool raw, bool has_columns) {
  if (max_versions < 1) {
    return Status::InvalidArgument("VERSIONS must be at least 1, got " +
                                   std::to_string(max_versions));
  }
  if (min_ts < 0 || max_ts < min_ts) {
    return Status::InvalidArgument("TIMERANGE [" + std::to_string(min_ts) + ", " +
                                   std::to_string(max_ts) + ") is not a valid range");
  }
  if (raw && has_columns) {
    return Status::InvalidArgument("Cannot specify any column for a raw scan");
  }
  return Status::OK();
}

Status ValidateScan(const Scan& scan) {
  RL_RETURN_IF_ERROR(ValidateRead(scan.max_versions, scan.min_timestamp, scan.max_timestamp,
                                  scan.raw, !scan.columns.empty()));
  if (scan.batch > 0 && scan.filter != nullptr && scan.filter->HasFilterRow()) {
    return Status::InvalidArgument(
        "Cannot set batch on a scan using a filter that returns true for filter.hasFilterRow (" +
        scan.filter->Name() + ")");
  }
  return Status::OK();
}

// How one store is read: its matcher options and the files worth opening.
// False when the read selects none of the store's columns.
bool PlanStoreRead(const ReadSpec& read, const FamilyOptions& family, int64_t now,
                   uint64_t read_point, ScanQueryOptions* o, int64_t* expired_before,
                   bool* whole_family) {
  bool wanted = read.columns->empty();
  *whole_family = read.columns->empty();
  std::vector<std::string> qualifiers;
  for (const auto& c : *read.columns) {
    if (c.family != family.name) continue;
    wanted = true;
    if (c.whole_family) {
      *whole_family = true;
    } else {
      qualifiers.push_back(c.qualifier);
    }
  }
  if (!wanted) return false;
  o->max_versions = read.raw ? read.max_versions : std::min(read.max_versions, family.max_versions);
  if (read.has_filter) {
    // The filter is shown every version the family keeps (every version
    // for a raw scan); the scan's VERSIONS applies after it.
    o->versions_after_filter = o->max_versions;
    o->max_versions = read.raw ? INT_MAX : family.max_versions;
    o->family = family.name;
    o->reversed = read.reversed;
  }
  o->min_versions = family.min_versions;
  o->ttl_ms = FamilyTtlMillis(family.ttl_seconds);
  o->now_ms = now;
  o->min_ts = read.min_timestamp;
  o->max_ts = read.max_timestamp;
  o->keep_deleted_cells = family.keep_deleted_cells;
  o->raw = read.raw;
  o->read_point = read_point;
  if (!*whole_family) {
    std::sort(qualifiers.begin(), qualifiers.end());
    qualifiers.erase(std::unique(qualifiers.begin(), qualifiers.end()), qualifiers.end());
    o->columns = std::move(qualifiers);
  }
  // Raw scans ignore TTL, as in HBase; MIN_VERSIONS can keep expired cells.
  *expired_before =
      (read.raw || o->ttl_ms < 0 || family.min_versions > 0) ? INT64_MIN : now - o->ttl_ms;
  return true;
}

// The vectors a forward scan with a limit fills when it opens (its files,
// their plan inputs, the plan and the blocks to ask for), kept per thread
// between scans: planning and asking then allocate nothing.
struct ScanAheadScratch {
  std::vector<const StoreFileReader*> files;
  std::vector<ScanAheadFile> plan_files;
  std::vector<ScanAheadRequest> plan;
  std::vector<std::pair<const StoreFileReader*, size_t>> blocks;
};

ScanAheadScratch& ThreadScanAheadScratch() {
  thread_local ScanAheadScratch scratch;
  return scratch;
}

// Queues the loads PlanScanReadAhead picks for a forward scan with a limit
// over scratch->files, the plain files it reads in the order the merge
// seeks them.
void RequestScanReadAhead(const ReadSpec& read, ScanAheadScratch* scratch) {
  const std::vector<const StoreFileReader*>& files = scratch->files;
  if (files.empty()) return;
  KeyBuffer start, stop;
  SetFirstKeyOnRow(&start, read.start_row);
  if (!read.stop_row.empty()) SetFirstKeyOnRow(&stop, read.stop_row);
  scratch->plan_files.clear();
  for (const StoreFileReader* r : files) {
    ScanAheadFile f;
    f.blocks = r->index().size();
    f.seek_block = read.start_row.empty() ? 0 : r->FindBlock(start);
    f.last_block = read.stop_row.empty() ? f.blocks : r->FindBlock(stop);
    const storefile::BloomFilter* bloom = r->bloom();
    f.rows = bloom != nullptr && r->info().bloom == BloomType::kRow ? bloom->key_count()
                                                                    : r->info().cell_count;
    scratch->plan_files.push_back(f);
  }
  PlanScanReadAhead(scratch->plan_files, static_cast<uint64_t>(read.limit), &scratch->plan);
  scratch->blocks.clear();
  for (const ScanAheadRequest& q : scratch->plan) scratch->blocks.emplace_back(files[q.file], q.block);
  StoreFileReader::RequestReadAheads(scratch->blocks);
}

// Adds to *sources the files of its version the read may need: in range and
// time, and for a Get, passing the bloom filters -- checked before any block
// is touched.
//
// A Get of explicit columns without a filter seeks lazily into each plain
// file that holds no delete marker (HBase's lazy seek): the file stands at
// the placeholder (row, first column, the file's max timestamp) -- no later
// than any cell of those columns it can hold -- and is read only if the
// merge reaches that point before the Get is answered; a Get that finds
// its columns' newest versions in newer data never reads it. Realising the
// seek goes straight to the first column, past cells of other columns the
// Get ignores (a file with delete markers, whose family markers sort before
// every column, is sought at once).
void AddStoreFiles(const ReadSpec& read, const ScanQueryOptions& o, bool whole_family,
                   int64_t expired_before, StoreSources* sources) {
  const bool lazy_get = read.single_row && !read.has_filter && !o.columns.empty();
  KeyBuffer target, placeholder;                 // built for the first file sought lazily
  std::optional<storefile::BloomHash> row_hash;  // hashed once for every file's filter
  if (read.single_row) {
    // Every file's filter block is a likely cache miss: start them all first.
    row_hash = storefile::BloomHash::Of(read.start_row);
    for (const auto& f : sources->version().files) f->reader->PrefetchRowBloom(*row_hash);
  }
  const bool scan_ahead = !read.single_row && !read.reversed && read.limit > 0 && read.cache_blocks;
  // With scan_ahead, scratch->files collects the plain files, in merge order.
  ScanAheadScratch* const scratch = scan_ahead ? &ThreadScanAheadScratch() : nullptr;
  if (scratch != nullptr) scratch->files.clear();
  for (const auto& f : sources->version().files) {
    const StoreFileInfo& info = f->reader->info();
    if (!FileMayMatter(info, read, expired_before)) continue;
    if (read.single_row) {
      if (!f->reader->MayContainRow(*row_hash)) continue;
      // A ROWCOL bloom also answers for the column (a ROW bloom already has).
      if (info.bloom == BloomType::kRowCol && o.columns.size() == 1 && !whole_family &&
          !f->reader->MayContainColumn(read.start_row, o.columns.front()) &&
          !f->reader->MayContainColumn(read.start_row, {})) {
        continue;  // neither the column nor a family-wide marker is in this file
      }
    }
    if (lazy_get && info.delete_count == 0 && !f->is_reference) {
      if (target.empty()) SetFirstKeyOnColumn(&target, read.start_row, o.columns.front());
      placeholder.clear();
      AppendKey(&placeholder, read.start_row, o.columns.front(), info.max_timestamp,
                CellType::kMaximum, kMaxSequenceId);
      const StoreSources::LazySeek lazy{placeholder, target};
      sources->AddFile(*f, read.cache_blocks, &lazy);
    } else {
      sources->AddFile(*f, read.cache_blocks);
      if (scratch != nullptr && !f->is_reference) scratch->files.push_back(f->reader.get());
    }
  }
  if (scratch != nullptr) RequestScanReadAhead(read, scratch);
}

}  // namespace

int64_t RegionImpl::ReadTime() const {
  for (const Store& s : stores_) {
    if (FamilyTtlMillis(s.family.ttl_seconds) >= 0) return clock_->NowMillis();
  }
  return 0;  // no family has a TTL: nothing expires, so "now" is never compared
}

RegionImpl::StoreVersions RegionImpl::CurrentVersions() const {
  StoreVersions versions;
  MutexLock l(&state_mu_);
  versions.count = stores_.size();
  if (versions.count > versions.inline_versions.size()) versions.more.reserve(versions.count);
  for (size_t i = 0; i < stores_.size(); ++i) {
    if (i < versions.inline_versions.size()) {
      versions.inline_versions[i] = stores_[i].version;
    } else {
      versions.more.push_back(stores_[i].version);
    }
  }
  return versions;
}

std::vector<std::unique_ptr<StoreScanner>> RegionImpl::OpenStoreScanners(const Scan& scan,
                                                                         bool single_row) {
  const uint64_t read_point = read_point_.load(std::memory_order_acquire);
  StoreVersions versions = CurrentVersions();
  const int64_t now = ReadTime();
  const ReadSpec read = ReadSpec::Of(scan, single_row);
  std::vector<std::unique_ptr<StoreScanner>> scanners;
  for (size_t i = 0; i < stores_.size(); ++i) {
    ScanQueryOptions o;
    int64_t expired_before = 0;
    bool whole_family = false;
    if (!PlanStoreRead(read, stores_[i].family, now, read_point, &o, &expired_before,
                       &whole_family)) {
      continue;
    }
    auto sources = std::make_unique<StoreSources>(versions.take(i));
    AddStoreFiles(read, o, whole_family, expired_before, sources.get());
    scanners.push_back(std::make_unique<StoreScanner>(
        stores_[i].family.name, std::move(sources), ScanType::kUserScan, std::move(o),
        scan.reversed, scan.start_row, scan.stop_row));
  }
  return scanners;
}

// Merges the store scanners row by row; see RegionScanner.
class RegionScannerImpl final : public RegionScanner {
 public:
  RegionScannerImpl(RegionImpl* region, Scan scan,
                    std::vector<std::unique_ptr<StoreScanner>> stores)
      : region_(region),
        scan_(std::move(scan)),
        stores_(std::move(stores)),
        peeks_(stores_.size()),
        in_row_(stores_.size()) {
    if (scan_.filter != nullptr) {
      filter_ = scan_.filter->Clone();
      filter_->SetReversed(scan_.reversed);
      for (auto& s : stores_) s->SetFilter(filter_.get());
    }
  }

  ~RegionScannerImpl() override { CountReads(); }

  bool Next(RowResult* out) override {
    if (pending_pos_ < pending_count_) return EmitPending(out);
    // out's cells are left in place until a row replaces them (its buffers
    // are reused), and cleared when there is no row.
    if (!ReadNextRow()) {
      CountReads();
      out->row.clear();
      out->cells.clear();
      return false;
    }
    return EmitPending(out);
  }

  bool NextBatch(std::vector<RowResult>* out) override {
    // The RowResults already in *out are refilled in place, keeping their
    // buffers (see CellSink).
    const size_t n = scan_.caching > 0 ? static_cast<size_t>(scan_.caching) : 1;
    size_t filled = 0;
    while (filled < n) {
      if (filled == out->size()) out->emplace_back();
      if (!Next(&(*out)[filled])) break;
      ++filled;
    }
    out->resize(filled);
    return filled != 0;
  }

  Status status() const override { return status_; }

 private:
  // Chooses the next row of the merged stores: sets row_ and in_row_ (the
  // stores that hold it). False at the end or on error.
  bool PickRow() {
    if (stores_.size() == 1) {  // one family: no merge of rows
      std::string_view row;
      in_row_[0] = stores_[0]->PeekRow(&row);
      if (!in_row_[0]) {
        NoteEnd(0);
        return false;
      }
      row_.assign(row);
      return true;
    }
    bool any = false;
    std::string_view candidate;
    for (size_t i = 0; i < stores_.size(); ++i) {
      in_row_[i] = stores_[i]->PeekRow(&peeks_[i]);
      if (!in_row_[i]) {
        if (!NoteEnd(i)) return false;
        continue;
      }
      if (!any || (scan_.reversed ? peeks_[i] > candidate : peeks_[i] < candidate)) {
        candidate = peeks_[i];
        any = true;
      }
    }
    if (!any) return false;
    // Reading moves the stores' cursors, which the peeked views point into.
    for (size_t i = 0; i < stores_.size(); ++i) {
      in_row_[i] = in_row_[i] && SameBytes(peeks_[i], candidate);
    }
    row_.assign(candidate);
    return true;
  }

  // Store i has no row left: false (with status_ set) when it stopped on an
  // error. An iterator that fails is !Valid(), so a store's status is asked
  // only here rather than for every row.
  bool NoteEnd(size_t i) {
    Status s = stores_[i]->status();
    if (s.ok()) return true;
    status_ = std::move(s);
    return false;
  }

  // Reads the next row into pending_ (row_ names it); false at the end or
  // on error.
  bool ReadNextRow() {
    if (!status_.ok()) return false;
    if (scan_.limit >= 0 && rows_ >= scan_.limit) return false;
    for (;;) {
      if (filter_ != nullptr && filter_->FilterAllRemaining()) return false;
      if (!PickRow()) return false;
      if (filter_ != nullptr && filter_->FilterRowKey(row_)) {
        for (size_t i = 0; i < stores_.size(); ++i) {
          if (in_row_[i]) stores_[i]->SkipRow(row_);
        }
        filter_->Reset();
        continue;
      }
      CellSink sink(&pending_);
      for (size_t i = 0; i < stores_.size(); ++i) {
        if (in_row_[i]) stores_[i]->ReadRow(row_, &sink);
      }
      sink.Finish();
      if (filter_ != nullptr) {
        if (filter_->HasFilterRow()) filter_->FilterRowCells(&pending_);
        const bool drop = pending_.empty() || filter_->FilterRow();
        filter_->Reset();
        if (drop) continue;
      }
      if (pending_.empty()) continue;
      ++rows_;
      if (++uncounted_reads_ == kReadsPerCount) CountReads();
      pending_count_ = pending_.size();
      pending_pos_ = 0;
      return true;
    }
  }

  // Hands out the pending row, whole or (Scan::batch) in parts. A whole row
  // is swapped with out's cells, so the cell buffers circulate between the
  // caller's results and the next row read.
  bool EmitPending(RowResult* out) {
    size_t n = pending_count_ - pending_pos_;
    if (scan_.batch > 0) n = std::min(n, static_cast<size_t>(scan_.batch));
    out->row.assign(row_.data(), row_.size());
    if (pending_pos_ == 0 && n == pending_count_) {
      out->cells.swap(pending_);
    } else {
      out->cells.resize(n);
      for (size_t i = 0; i < n; ++i) std::swap(out->cells[i], pending_[pending_pos_ + i]);
    }
    pending_pos_ += n;
    if (pending_pos_ >= pending_count_) pending_pos_ = pending_count_ = 0;
    return true;
  }

  // Adds the rows read since the last call to the region's read-request
  // count: once per kReadsPerCount rows, at the end and when the scanner is
  // dropped, rather than an atomic add per row.
  void CountReads() {
    if (uncounted_reads_ == 0) return;
    region_->read_requests_.fetch_add(uncounted_reads_, std::memory_order_relaxed);
    uncounted_reads_ = 0;
  }
  static constexpr uint64_t kReadsPerCount = 64;

  RegionImpl* region_;
  Scan scan_;
  std::vector<std::unique_ptr<StoreScanner>> stores_;
  std::vector<std::string_view> peeks_;  // each store's next row, during Next()
  std::vector<char> in_row_;             // whether that row is the one read
  std::unique_ptr<Filter> filter_;       // this scan's copy of scan_.filter
  int64_t rows_ = 0;
  uint64_t uncounted_reads_ = 0;
  KeyBuffer row_;              // the row being read or handed out
  std::vector<Cell> pending_;  // its cells; [0, pending_count_) are live
  size_t pending_count_ = 0;
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

Status RegionImpl::DoGet(const Get& get, RowResult* out) {
  RL_RETURN_IF_ERROR(ValidateRead(get.max_versions, get.min_timestamp, get.max_timestamp, get.raw,
                                  !get.columns.empty()));
  if (get.filter != nullptr) return FilteredGet(get, out);
  // HBase's get is a one-row scan; without a filter it needs no region
  // scanner: each store's cursors live on this stack and read the row once.
  const uint64_t read_point = read_point_.load(std::memory_order_acquire);
  StoreVersions versions = CurrentVersions();
  const int64_t now = ReadTime();
  const ReadSpec read = ReadSpec::Of(get);
  const uint64_t row_hash = RowBloom::Hash(get.row);
  out->row.assign(get.row);
  CellSink sink(&out->cells);
  Status status;
  for (size_t i = 0; i < stores_.size() && status.ok(); ++i) {
    ScanQueryOptions o;
    int64_t expired_before = 0;
    bool whole_family = false;
    if (!PlanStoreRead(read, stores_[i].family, now, read_point, &o, &expired_before,
                       &whole_family)) {
      continue;
    }
    StoreSources sources(versions.take(i), row_hash);
    AddStoreFiles(read, o, whole_family, expired_before, &sources);
    // Every memstore filter and file bloom ruled the row out (a Get of a
    // missing row, or of a family the row has no cells in): nothing to read.
    if (sources.empty()) continue;
    StoreScanner scanner(stores_[i].family.name, sources.Merged(), ScanType::kUserScan,
                         std::move(o), /*reversed=*/false, {}, {});
    scanner.ReadSingleRow(get.row, &sink);
    status = scanner.status();
  }
  sink.Finish();
  if (!status.ok()) {
    out->cells.clear();
    return status;
  }
  if (!out->cells.empty()) ++read_requests_;
  return Status::OK();
}

// A Get with a filter runs as a one-row region scan, which applies the
// filter's row-level calls (FilterRowKey, FilterRowCells, FilterRow).
Status RegionImpl::FilteredGet(const Get& get, RowResult* out) {
  Scan scan;
  scan.start_row = get.row;
  scan.stop_row = get.row + '\0';
  scan.columns = get.columns;
  scan.max_versions = get.max_versions;
  scan.min_timestamp = get.min_timestamp;
  scan.max_timestamp = get.max_timestamp;
  scan.raw = get.raw;
  scan.filter = get.filter;
  RegionScannerImpl scanner(this, scan, OpenStoreScanners(scan, /*single_row=*/true));
  if (!scanner.Next(out)) {
    if (!scanner.status().ok()) return scanner.status();
    out->row = get.row;
  }
  return Status::OK();
}

Result<RowResult> RegionImpl::DoGet(const Get& get) {
  RowResult r;
  RL_RETURN_IF_ERROR(DoGet(get, &r));
  return r;
}

}  // namespace regionlab
