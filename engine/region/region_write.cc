// Region write path: validation, group commit through the WAL, memstore
// insertion and MVCC publication, and the flush triggers that follow a write.
#include <algorithm>

#include "region/region_impl.h"
#include "regionlab/bytes.h"
#include "util/clock.h"
#include "util/key_value.h"
#include "util/coding.h"
#include "wal/wal.h"

namespace regionlab {

struct RegionImpl::Writer {
  std::vector<RowMutation>* mutations = nullptr;  // null: a memstore-swap barrier
  bool sync = false;
  bool done = false;
  Status status;
  std::condition_variable cv;
};

namespace {
constexpr size_t kMaxGroupMutations = 512;
constexpr size_t kMaxGroupBytes = 4u << 20;

// HBase's KeyValue length: key length and value length fields, then the key
// (row length, row, family length, family, qualifier, timestamp, type) and value.
uint64_t HBaseCellSize(const std::string& row, const MutationCell& c) {
  return 4 + 4 + 2 + row.size() + 1 + c.family.size() + c.qualifier.size() + 8 + 1 +
         c.value.size();
}

Durability Resolve(Durability d, Durability table_default) {
  if (d == Durability::kUseDefault) d = table_default;
  if (d == Durability::kUseDefault) d = Durability::kSyncWal;
  return d;
}
}  // namespace

Status RegionImpl::Validate(const RowMutation& m) const {
  const std::string where = "region " + descriptor_.encoded_name;
  if (m.row.empty()) return Status::InvalidArgument(where + ": Row length is 0");
  if (m.row.size() > kMaxRowLength) {
    return Status::InvalidArgument(where + ": Row length " + std::to_string(m.row.size()) +
                                   " is > " + std::to_string(kMaxRowLength));
  }
  if (m.row < descriptor_.start_key ||
      (!descriptor_.end_key.empty() && m.row >= descriptor_.end_key)) {
    return Status::InvalidArgument("Requested row out of range for " + where + ": row '" +
                                   ToStringBinary(m.row) + "' is not in ['" +
                                   ToStringBinary(descriptor_.start_key) + "', '" +
                                   ToStringBinary(descriptor_.end_key) + "')");
  }
  if (m.cells.empty()) {
    return Status::InvalidArgument(where + ": the mutation of row '" + ToStringBinary(m.row) +
                                   "' has no cells");
  }
  for (const auto& c : m.cells) {
    auto it = std::find_if(stores_.begin(), stores_.end(),
                           [&](const Store& s) { return s.family.name == c.family; });
    if (it == stores_.end()) {
      return Status::InvalidArgument("Column family " + ToStringBinary(c.family) +
                                     " does not exist in " + where + " of table " +
                                     descriptor_.table);
    }
    if (c.timestamp < 0) {
      return Status::InvalidArgument(where + ": timestamp " + std::to_string(c.timestamp) +
                                     " of row '" + ToStringBinary(m.row) + "' is negative");
    }
    if (c.type != CellType::kPut && !IsDeleteType(c.type)) {
      return Status::InvalidArgument(where + ": cell type " +
                                     std::to_string(static_cast<int>(c.type)) + " is not a mutation");
    }
    if (c.type == CellType::kDeleteFamilyVersion && c.timestamp == kLatestTimestamp) {
      return Status::InvalidArgument(where + ": DeleteFamilyVersion needs an explicit timestamp");
    }
    const uint64_t size = HBaseCellSize(m.row, c);
    if (size > options_.max_cell_size) {
      return Status::InvalidArgument(where + ": Cell with size " + std::to_string(size) +
                                     " exceeds limit of " + std::to_string(options_.max_cell_size) +
                                     " bytes (row '" + ToStringBinary(m.row.substr(0, 64)) + "')");
    }
  }
  return Status::OK();
}

// HBase gives a version delete without a timestamp the timestamp of the
// newest version of that column.
Status RegionImpl::ResolveLatestVersionDeletes(RowMutation* m) {
  for (auto& c : m->cells) {
    if (c.type != CellType::kDelete || c.timestamp != kLatestTimestamp) continue;
    Get get;
    get.row = m->row;
    get.columns.push_back({c.family, c.qualifier, false});
    auto r = DoGet(get);
    if (!r.ok()) return r.status();
    if (!r->cells.empty()) c.timestamp = r->cells.front().timestamp;
  }
  return Status::OK();
}

uint64_t RegionImpl::MemstoreHeapSize() const {
  uint64_t total = 0;
  std::lock_guard<std::mutex> l(state_mu_);
  for (const auto& st : stores_) {
    total += MemStoreBytes(st.version->active.get()) + MemStoreBytes(st.version->snapshot.get());
  }
  return total;
}

void RegionImpl::WaitWhileMemstoreBlocked() {
  const uint64_t blocking =
      options_.memstore_flush_size * static_cast<uint64_t>(std::max(1, options_.memstore_block_multiplier));
  if (MemstoreHeapSize() <= blocking) return;
  ++blocked_writes_;
  (void)Flush(FlushReason::kSize, /*wait=*/false);
  std::unique_lock<std::mutex> l(bg_mu_);
  while (!closing_ && bg_error_.ok()) {
    l.unlock();
    const bool still_blocked = MemstoreHeapSize() > blocking;
    l.lock();
    if (!still_blocked) break;
    bg_cv_.wait_for(l, std::chrono::milliseconds(50));
  }
}

std::vector<size_t> RegionImpl::LockStripes(const std::vector<RowMutation>& mutations) {
  std::vector<size_t> stripes;
  for (const auto& m : mutations) {
    stripes.push_back(std::hash<std::string>{}(m.row) % kRowLockStripes);
  }
  std::sort(stripes.begin(), stripes.end());  // one global order: no deadlock
  stripes.erase(std::unique(stripes.begin(), stripes.end()), stripes.end());
  return stripes;
}

namespace {
// Holds row-lock stripes for the lifetime of the object.
class StripeGuard {
 public:
  StripeGuard(std::array<std::mutex, 64>& locks, std::vector<size_t> stripes)
      : locks_(locks), stripes_(std::move(stripes)) {
    for (size_t s : stripes_) locks_[s].lock();
  }
  ~StripeGuard() {
    for (auto it = stripes_.rbegin(); it != stripes_.rend(); ++it) locks_[*it].unlock();
  }

 private:
  std::array<std::mutex, 64>& locks_;
  std::vector<size_t> stripes_;
};
}  // namespace

Status RegionImpl::Write(const std::vector<RowMutation>& input, bool rows_locked) {
  {
    std::lock_guard<std::mutex> l(bg_mu_);
    if (closing_ || closed_) {
      return Status::Aborted("region " + descriptor_.encoded_name + " is closed");
    }
    ++active_writes_;
  }
  struct WriteScope {  // lets Close wait for this write
    RegionImpl* r;
    ~WriteScope() {
      std::lock_guard<std::mutex> l(r->bg_mu_);
      if (--r->active_writes_ == 0) r->bg_cv_.notify_all();
    }
  } scope{this};
  std::optional<StripeGuard> row_locks;
  if (!rows_locked) row_locks.emplace(row_locks_, LockStripes(input));
  std::vector<RowMutation> mutations = input;
  bool sync = false;
  for (auto& m : mutations) {
    RL_RETURN_IF_ERROR(Validate(m));
    RL_RETURN_IF_ERROR(ResolveLatestVersionDeletes(&m));
    m.durability = Resolve(m.durability, options_.durability);
    sync |= m.durability == Durability::kSyncWal || m.durability == Durability::kFsyncWal;
  }
  WaitWhileMemstoreBlocked();

  Writer w;
  w.mutations = &mutations;
  w.sync = sync;
  std::unique_lock<std::mutex> l(write_mu_);
  writers_.push_back(&w);
  while (!w.done && &w != writers_.front()) w.cv.wait(l);
  if (w.done) return w.status;

  // This writer leads: take a group of queued writers up to the first barrier.
  std::vector<Writer*> group;
  size_t count = 0, bytes = 0;
  for (Writer* x : writers_) {
    if (x->mutations == nullptr) break;
    if (!group.empty() && (count >= kMaxGroupMutations || bytes >= kMaxGroupBytes)) break;
    group.push_back(x);
    for (const auto& m : *x->mutations) {
      ++count;
      for (const auto& c : m.cells) bytes += c.value.size() + m.row.size() + c.qualifier.size();
    }
    sync |= x->sync;
  }
  std::vector<RowMutation*> batch;
  std::vector<uint64_t> seqs;
  for (Writer* x : group) {
    for (auto& m : *x->mutations) {
      batch.push_back(&m);
      seqs.push_back(next_sequence_id_++);
    }
  }
  l.unlock();

  const int64_t now = clock_->NowMillis();
  for (RowMutation* m : batch) {
    for (auto& c : m->cells) {
      if (c.timestamp == kLatestTimestamp) c.timestamp = now;
    }
  }
  std::vector<WalEntry> entries;
  entries.reserve(batch.size());
  for (size_t i = 0; i < batch.size(); ++i) {
    if (batch[i]->durability == Durability::kSkipWal) continue;
    WalEntry& e = entries.emplace_back();
    e.region = descriptor_.encoded_name;
    e.sequence_id = seqs[i];
    e.write_time_ms = now;
    for (const auto& c : batch[i]->cells) {
      e.edits.push_back({c.family, batch[i]->row, c.qualifier, c.timestamp, c.type, c.value});
    }
  }
  Status s;
  if (!entries.empty()) {
    std::vector<const WalEntry*> ptrs;
    for (const auto& e : entries) ptrs.push_back(&e);
    s = wal_->Append(ptrs, sync);
    if (!s.ok()) s = s.WithContext("region " + descriptor_.encoded_name + ": WAL append");
  }
  if (s.ok()) {
    ApplyToMemstores(batch, seqs, now);
    write_requests_ += batch.size();
  }
  // Publish: everything up to the last sequence id of the group is applied
  // (a failed group applied nothing, so its ids are simply never seen).
  read_point_.store(seqs.back(), std::memory_order_release);

  l.lock();
  for (Writer* x : group) {
    writers_.pop_front();
    x->status = s;
    x->done = true;
    if (x != &w) x->cv.notify_one();
  }
  if (!writers_.empty()) writers_.front()->cv.notify_one();
  l.unlock();
  AfterWrite();
  return w.status;
}

void RegionImpl::ApplyToMemstores(const std::vector<RowMutation*>& batch,
                                  const std::vector<uint64_t>& seqs, int64_t now_ms) {
  std::vector<std::shared_ptr<const StoreVersion>> versions;
  {
    std::lock_guard<std::mutex> l(state_mu_);
    for (const auto& st : stores_) versions.push_back(st.version);
  }
  std::string key;
  for (size_t i = 0; i < batch.size(); ++i) {
    const RowMutation& m = *batch[i];
    for (const auto& c : m.cells) {
      size_t idx = 0;
      while (stores_[idx].family.name != c.family) ++idx;
      key.clear();
      AppendKey(&key, m.row, c.qualifier, c.timestamp, c.type, seqs[i]);
      // The same column written twice at the same timestamp in one mutation:
      // the first one stays (identical keys carry the same sequence id).
      (void)versions[idx]->active->Add(key, c.value);
    }
  }
}

void RegionImpl::AfterWrite() {
  uint64_t active = 0;
  {
    std::lock_guard<std::mutex> l(state_mu_);
    for (const auto& st : stores_) active += MemStoreBytes(st.version->active.get());
  }
  if (options_.global_memstore != nullptr) {
    const auto cur = static_cast<int64_t>(MemstoreHeapSize());
    options_.global_memstore->bytes += cur - global_accounted_.exchange(cur);
  }
  if (active >= options_.memstore_flush_size) {
    (void)Flush(FlushReason::kSize, /*wait=*/false);
  } else if (options_.global_memstore != nullptr && options_.global_memstore->limit > 0 &&
             static_cast<uint64_t>(options_.global_memstore->bytes.load()) >
                 options_.global_memstore->limit) {
    (void)Flush(FlushReason::kGlobalPressure, /*wait=*/false);
  }
}

uint64_t RegionImpl::SwapMemstores() {
  Writer barrier;
  std::unique_lock<std::mutex> l(write_mu_);
  writers_.push_back(&barrier);
  while (&barrier != writers_.front()) barrier.cv.wait(l);
  // No leader is inside the memstores now: every assigned id is applied.
  const uint64_t seq = next_sequence_id_ - 1;
  {
    std::lock_guard<std::mutex> sl(state_mu_);
    for (auto& st : stores_) {
      auto v = std::make_shared<StoreVersion>(*st.version);
      v->snapshot = v->active;
      v->active = std::make_shared<MemStore>();
      st.version = std::move(v);
    }
  }
  writers_.pop_front();
  if (!writers_.empty()) writers_.front()->cv.notify_one();
  return seq;
}

namespace {
Result<RowResult> NewestCell(RegionImpl* region, const std::string& row, const std::string& family,
                             const std::string& qualifier) {
  Get get;
  get.row = row;
  get.columns.push_back({family, qualifier, false});
  return region->DoGet(get);
}

std::string EncodeLong(int64_t v) {
  std::string out(8, '\0');
  EncodeBigEndian64(out.data(), static_cast<uint64_t>(v));
  return out;
}
}  // namespace

Result<int64_t> RegionImpl::Increment(const std::string& row, const std::string& family,
                                      const std::string& qualifier, int64_t amount,
                                      Durability d) {
  RowMutation m;
  m.row = row;
  m.durability = d;
  m.Put(family, qualifier, EncodeLong(0));
  RL_RETURN_IF_ERROR(Validate(m));
  StripeGuard lock(row_locks_, LockStripes({m}));
  auto current = NewestCell(this, row, family, qualifier);
  if (!current.ok()) return current.status();
  int64_t value = 0;
  if (!current->cells.empty()) {
    const std::string& bytes = current->cells.front().value;
    if (bytes.size() != 8) {
      return Status::InvalidArgument("Field is not a long, it's " + std::to_string(bytes.size()) +
                                     " bytes wide (row '" + ToStringBinary(row) + "', column " +
                                     ToStringBinary(family) + ":" + ToStringBinary(qualifier) + ")");
    }
    value = static_cast<int64_t>(DecodeBigEndian64(bytes.data()));
  }
  value = static_cast<int64_t>(static_cast<uint64_t>(value) + static_cast<uint64_t>(amount));
  m.cells.front().value = EncodeLong(value);
  RL_RETURN_IF_ERROR(Write({m}, /*rows_locked=*/true));
  return value;
}

Result<std::string> RegionImpl::Append(const std::string& row, const std::string& family,
                                       const std::string& qualifier, const std::string& suffix,
                                       Durability d) {
  RowMutation m;
  m.row = row;
  m.durability = d;
  m.Put(family, qualifier, suffix);
  RL_RETURN_IF_ERROR(Validate(m));
  StripeGuard lock(row_locks_, LockStripes({m}));
  auto current = NewestCell(this, row, family, qualifier);
  if (!current.ok()) return current.status();
  if (!current->cells.empty()) m.cells.front().value = current->cells.front().value + suffix;
  RL_RETURN_IF_ERROR(Write({m}, /*rows_locked=*/true));
  return m.cells.front().value;
}

Result<bool> RegionImpl::CheckAndMutate(const std::string& family, const std::string& qualifier,
                                        const std::optional<std::string>& expected,
                                        const RowMutation& mutation) {
  RL_RETURN_IF_ERROR(Validate(mutation));
  StripeGuard lock(row_locks_, LockStripes({mutation}));
  auto current = NewestCell(this, mutation.row, family, qualifier);
  if (!current.ok()) return current.status();
  const bool matches = expected.has_value()
                           ? (!current->cells.empty() && current->cells.front().value == *expected)
                           : current->cells.empty();
  if (!matches) return false;
  RL_RETURN_IF_ERROR(Write({mutation}, /*rows_locked=*/true));
  return true;
}

}  // namespace regionlab
