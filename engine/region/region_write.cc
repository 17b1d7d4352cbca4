// Region write path: validation, group commit through the WAL, memstore
// insertion and MVCC publication, and the flush triggers that follow a write.
#include <algorithm>
#include <bit>

#include "region/region_impl.h"
#include "regionlab/bytes.h"
#include "util/clock.h"
#include "util/key_value.h"
#include "util/coding.h"
#include "wal/wal.h"
#include "wal/wal_format.h"

namespace regionlab {

struct RegionImpl::Writer {
  const RowMutation* mutations = nullptr;  // null: a memstore-swap barrier
  size_t count = 0;
  bool sync = false;
  // Guarded by the region's write_mu_ (which the analysis cannot name from here).
  bool done = false;
  Status status;
  CondVar cv;  // on the region's write_mu_

  explicit Writer(Mutex* write_mu) : cv(write_mu) {}
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

// A cell's timestamp as written: kLatestTimestamp means the write's time.
int64_t CellTimestamp(const MutationCell& c, int64_t now) {
  return c.timestamp == kLatestTimestamp ? now : c.timestamp;
}

// A version delete without a timestamp takes the newest version's, which a
// read must find first (ResolveLatestVersionDeletes).
bool NeedsLatestVersion(const RowMutation& m) {
  return std::any_of(m.cells.begin(), m.cells.end(), [](const MutationCell& c) {
    return c.type == CellType::kDelete && c.timestamp == kLatestTimestamp;
  });
}
}  // namespace

Status RegionImpl::Validate(const RowMutation& m) const {
  // The error messages are built only for a mutation that fails.
  auto where = [this] { return "region " + descriptor_.encoded_name; };
  if (m.row.empty()) return Status::InvalidArgument(where() + ": Row length is 0");
  if (m.row.size() > kMaxRowLength) {
    return Status::InvalidArgument(where() + ": Row length " + std::to_string(m.row.size()) +
                                   " is > " + std::to_string(kMaxRowLength));
  }
  if (m.row < descriptor_.start_key ||
      (!descriptor_.end_key.empty() && m.row >= descriptor_.end_key)) {
    return Status::InvalidArgument("Requested row out of range for " + where() + ": row '" +
                                   ToStringBinary(m.row) + "' is not in ['" +
                                   ToStringBinary(descriptor_.start_key) + "', '" +
                                   ToStringBinary(descriptor_.end_key) + "')");
  }
  if (m.cells.empty()) {
    return Status::InvalidArgument(where() + ": the mutation of row '" + ToStringBinary(m.row) +
                                   "' has no cells");
  }
  for (const auto& c : m.cells) {
    if (StoreIndex(c.family) == stores_.size()) {
      return Status::InvalidArgument("Column family " + ToStringBinary(c.family) +
                                     " does not exist in " + where() + " of table " +
                                     descriptor_.table);
    }
    if (c.timestamp < 0) {
      return Status::InvalidArgument(where() + ": timestamp " + std::to_string(c.timestamp) +
                                     " of row '" + ToStringBinary(m.row) + "' is negative");
    }
    if (c.type != CellType::kPut && !IsDeleteType(c.type)) {
      return Status::InvalidArgument(where() + ": cell type " +
                                     std::to_string(static_cast<int>(c.type)) + " is not a mutation");
    }
    if (c.type == CellType::kDeleteFamilyVersion && c.timestamp == kLatestTimestamp) {
      return Status::InvalidArgument(where() + ": DeleteFamilyVersion needs an explicit timestamp");
    }
    const uint64_t size = HBaseCellSize(m.row, c);
    if (size > options_.max_cell_size) {
      return Status::InvalidArgument(where() + ": Cell with size " + std::to_string(size) +
                                     " exceeds limit of " + std::to_string(options_.max_cell_size) +
                                     " bytes (row '" + ToStringBinary(m.row.substr(0, 64)) + "')");
    }
  }
  return Status::OK();
}

size_t RegionImpl::StoreIndex(std::string_view family) const {
  size_t i = 0;
  while (i < stores_.size() && stores_[i].family.name != family) ++i;
  return i;
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
  return active_bytes_.load(std::memory_order_relaxed) +
         snapshot_bytes_.load(std::memory_order_relaxed);
}

void RegionImpl::RefreshActiveBytes() {
  uint64_t total = 0;
  MutexLock l(&state_mu_);
  for (const auto& st : stores_) total += MemStoreBytes(st.version->active.get());
  active_bytes_.store(total, std::memory_order_relaxed);
}

Status RegionImpl::WaitWhileMemstoreBlocked() {
  const uint64_t blocking =
      options_.memstore_flush_size * static_cast<uint64_t>(std::max(1, options_.memstore_block_multiplier));
  if (MemstoreHeapSize() <= blocking) return Status::OK();
  ++blocked_writes_;
  for (;;) {
    // Requested on every round: a flush that was already running when this
    // writer arrived swapped out a memstore from before the block and leaves
    // the active one over the limit; only a further flush brings it down.
    // A flush that failed (a full disk) is tried again the same way, so
    // writes resume by themselves once one succeeds.
    (void)Flush(FlushReason::kSize, /*wait=*/false);
    MutexLock l(&bg_mu_);
    if (closing_) return Status::OK();
    if (!last_flush_error_.ok() && !flush_scheduled_) {
      return Status::IOError(
          "region " + descriptor_.encoded_name + " refuses writes: its memstores hold " +
          std::to_string(MemstoreHeapSize()) + " bytes, over the blocking limit of " +
          std::to_string(blocking) + " (" + std::to_string(options_.memstore_block_multiplier) +
          " x MEMSTORE_FLUSHSIZE), and the flush failed: " + last_flush_error_.ToString());
    }
    l.Unlock();
    if (MemstoreHeapSize() <= blocking) return Status::OK();
    l.Lock();
    bg_cv_.WaitFor(std::chrono::milliseconds(50));
  }
}

uint64_t RegionImpl::LockStripes(std::span<const RowMutation> mutations) {
  uint64_t stripes = 0;
  for (const auto& m : mutations) {
    stripes |= uint64_t{1} << (std::hash<std::string>{}(m.row) % kRowLockStripes);
  }
  return stripes;
}

namespace {
// Holds row-lock stripes (a bit set) for the lifetime of the object. Stripes
// are taken in ascending order, one global order: no deadlock.
class StripeGuard {
 public:
  // The analysis cannot follow a set of locks chosen at run time.
  StripeGuard(std::array<Mutex, 64>& locks, uint64_t stripes) NO_THREAD_SAFETY_ANALYSIS
      : locks_(locks), stripes_(stripes) {
    for (uint64_t s = stripes_; s != 0; s &= s - 1) locks_[std::countr_zero(s)].Lock();
  }
  ~StripeGuard() NO_THREAD_SAFETY_ANALYSIS {
    for (uint64_t s = stripes_; s != 0; s &= s - 1) locks_[std::countr_zero(s)].Unlock();
  }

 private:
  std::array<Mutex, 64>& locks_;
  uint64_t stripes_;
};
}  // namespace

Status RegionImpl::Write(std::span<const RowMutation> input, bool rows_locked) {
  struct WriteScope {  // lets Close wait for this write (see active_writes_)
    RegionImpl* r;
    ~WriteScope() {
      if (r->active_writes_.fetch_sub(1) == 1 && r->closing_writes_.load()) {
        MutexLock l(&r->bg_mu_);
        r->bg_cv_.SignalAll();
      }
    }
  };
  active_writes_.fetch_add(1);
  WriteScope scope{this};
  if (closing_writes_.load()) {
    return Status::Aborted("region " + descriptor_.encoded_name + " is closed");
  }
  std::optional<StripeGuard> row_locks;
  if (!rows_locked) row_locks.emplace(row_locks_, LockStripes(input));
  // The mutations are written as given; only a version delete without a
  // timestamp needs a resolved copy.
  std::vector<RowMutation> resolved;
  bool sync = false;
  for (const auto& m : input) {
    RL_RETURN_IF_ERROR(Validate(m));
    const Durability d = Resolve(m.durability, options_.durability);
    sync |= d == Durability::kSyncWal || d == Durability::kFsyncWal;
    if (resolved.empty() && NeedsLatestVersion(m)) resolved.assign(input.begin(), input.end());
  }
  if (!resolved.empty()) {
    for (auto& m : resolved) RL_RETURN_IF_ERROR(ResolveLatestVersionDeletes(&m));
    input = resolved;
  }
  RL_RETURN_IF_ERROR(WaitWhileMemstoreBlocked());

  Writer w(&write_mu_);
  w.mutations = input.data();
  w.count = input.size();
  w.sync = sync;
  MutexLock l(&write_mu_);
  writers_.push_back(&w);
  while (!w.done && &w != writers_.front()) w.cv.Wait();
  if (w.done) return w.status;

  // This writer leads: take a group of queued writers up to the first
  // barrier. Sequence ids are consecutive across the group, in queue order.
  // group_ and wal_records_ belong to the leader.
  group_.clear();
  size_t count = 0, bytes = 0;
  for (Writer* x : writers_) {
    if (x->mutations == nullptr) break;
    if (!group_.empty() && (count >= kMaxGroupMutations || bytes >= kMaxGroupBytes)) break;
    group_.push_back(x);
    for (size_t i = 0; i < x->count; ++i) {
      const RowMutation& m = x->mutations[i];
      ++count;
      for (const auto& c : m.cells) bytes += c.value.size() + m.row.size() + c.qualifier.size();
    }
    sync |= x->sync;
  }
  const uint64_t first_seq = next_sequence_id_.fetch_add(count);
  const uint64_t last_seq = first_seq + count - 1;
  l.Unlock();

  const int64_t now = clock_->NowMillis();
  Status s = AppendGroupToWal(first_seq, now, sync);
  if (s.ok()) {
    ApplyGroupToMemstores(first_seq, now);
    write_requests_ += count;
  }
  // Publish: everything up to the last sequence id of the group is applied
  // (a failed group applied nothing, so its ids are simply never seen).
  read_point_.store(last_seq, std::memory_order_release);

  l.Lock();
  for (Writer* x : group_) {
    writers_.pop_front();
    x->status = s;
    x->done = true;
    if (x != &w) x->cv.Signal();
  }
  if (!writers_.empty()) writers_.front()->cv.Signal();
  l.Unlock();
  AfterWrite();
  return w.status;
}

Status RegionImpl::AppendGroupToWal(uint64_t first_seq, int64_t now, bool sync) {
  wal_records_.clear();
  uint64_t seq = first_seq, max_seq = 0;
  size_t entries = 0;
  for (const Writer* x : group_) {
    for (size_t i = 0; i < x->count; ++i, ++seq) {
      const RowMutation& m = x->mutations[i];
      if (Resolve(m.durability, options_.durability) == Durability::kSkipWal) continue;
      const size_t header_pos = wal::BeginRecord(&wal_records_);
      EncodeWalEntryWith(
          descriptor_.encoded_name, seq, now, static_cast<uint32_t>(m.cells.size()),
          [&m, now](uint32_t k) {
            const MutationCell& c = m.cells[k];
            return WalEditView{c.family, m.row, c.qualifier, CellTimestamp(c, now), c.type,
                               c.value};
          },
          &wal_records_);
      const size_t payload = wal_records_.size() - header_pos - wal::kRecordHeaderSize;
      if (payload > wal::kMaxRecordPayload) {
        return Status::InvalidArgument("region " + descriptor_.encoded_name + ": the mutation of row '" +
                                       ToStringBinary(m.row.substr(0, 64)) + "' encodes to " +
                                       std::to_string(payload) +
                                       " bytes, more than a WAL record can hold");
      }
      wal::FinishRecord(&wal_records_, header_pos, wal::RecordType::kEntry, wal_->run_id());
      ++entries;
      max_seq = seq;
    }
  }
  if (entries == 0) return Status::OK();
  Status s = wal_->AppendRecords(descriptor_.encoded_name, wal_records_, entries, max_seq, sync);
  if (!s.ok()) s = s.WithContext("region " + descriptor_.encoded_name + ": WAL append");
  // A large group should not pin its buffer for good.
  if (wal_records_.capacity() > kMaxGroupBytes) std::string().swap(wal_records_);
  return s;
}

void RegionImpl::ApplyGroupToMemstores(uint64_t first_seq, int64_t now) {
  // The active memstores cannot change while this writer leads (a swap waits
  // for the write queue): leader_active_ holds them.
  MemStore* const* active = leader_active_.data();
  uint64_t seq = first_seq;
  for (const Writer* x : group_) {
    for (size_t i = 0; i < x->count; ++i, ++seq) {
      const RowMutation& m = x->mutations[i];
      for (const auto& c : m.cells) {
        memstore_key_.clear();
        AppendKey(&memstore_key_, m.row, c.qualifier, CellTimestamp(c, now), c.type, seq);
        // The same column written twice at the same timestamp in one
        // mutation: the first one stays (identical keys carry the same
        // sequence id).
        (void)active[StoreIndex(c.family)]->Add(memstore_key_, c.value);
      }
    }
  }
  uint64_t total = 0;
  for (size_t i = 0; i < stores_.size(); ++i) total += MemStoreBytes(active[i]);
  active_bytes_.store(total, std::memory_order_relaxed);
}

void RegionImpl::AfterWrite() {
  if (options_.global_memstore != nullptr) {
    const auto cur = static_cast<int64_t>(MemstoreHeapSize());
    options_.global_memstore->bytes += cur - global_accounted_.exchange(cur);
  }
  // Flush(wait=false) only queues the flush: its outcome reaches the
  // listener (on_error) and the writers a blocked memstore holds back.
  if (active_bytes_.load(std::memory_order_relaxed) >= options_.memstore_flush_size) {
    (void)Flush(FlushReason::kSize, /*wait=*/false);
  } else if (options_.global_memstore != nullptr && options_.global_memstore->limit > 0 &&
             static_cast<uint64_t>(options_.global_memstore->bytes.load()) >
                 options_.global_memstore->FlushMark()) {
    (void)Flush(FlushReason::kGlobalPressure, /*wait=*/false);
  }
}

uint64_t RegionImpl::SwapMemstores() {
  Writer barrier(&write_mu_);
  MutexLock l(&write_mu_);
  writers_.push_back(&barrier);
  while (&barrier != writers_.front()) barrier.cv.Wait();
  // No leader is inside the memstores now: every assigned id is applied.
  const uint64_t seq = next_sequence_id_ - 1;
  {
    MutexLock sl(&state_mu_);
    uint64_t swapped = 0;
    for (size_t i = 0; i < stores_.size(); ++i) {
      Store& st = stores_[i];
      auto v = std::make_shared<StoreVersion>(*st.version);
      swapped += MemStoreBytes(v->active.get());
      v->snapshot = v->active;
      v->active = std::make_shared<MemStore>();
      leader_active_[i] = v->active.get();
      st.version = std::move(v);
    }
    snapshot_bytes_.store(swapped, std::memory_order_relaxed);
    active_bytes_.store(0, std::memory_order_relaxed);
  }
  writers_.pop_front();
  if (!writers_.empty()) writers_.front()->cv.Signal();
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
  StripeGuard lock(row_locks_, LockStripes(std::span<const RowMutation>(&m, 1)));
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
  RL_RETURN_IF_ERROR(Write(std::span<const RowMutation>(&m, 1), /*rows_locked=*/true));
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
  StripeGuard lock(row_locks_, LockStripes(std::span<const RowMutation>(&m, 1)));
  auto current = NewestCell(this, row, family, qualifier);
  if (!current.ok()) return current.status();
  if (!current->cells.empty()) m.cells.front().value = current->cells.front().value + suffix;
  RL_RETURN_IF_ERROR(Write(std::span<const RowMutation>(&m, 1), /*rows_locked=*/true));
  return m.cells.front().value;
}

Result<bool> RegionImpl::CheckAndMutate(const std::string& family, const std::string& qualifier,
                                        const std::optional<std::string>& expected,
                                        const RowMutation& mutation) {
  RL_RETURN_IF_ERROR(Validate(mutation));
  StripeGuard lock(row_locks_, LockStripes(std::span<const RowMutation>(&mutation, 1)));
  auto current = NewestCell(this, mutation.row, family, qualifier);
  if (!current.ok()) return current.status();
  const bool matches = expected.has_value()
                           ? (!current->cells.empty() && current->cells.front().value == *expected)
                           : current->cells.empty();
  if (!matches) return false;
  RL_RETURN_IF_ERROR(Write(std::span<const RowMutation>(&mutation, 1), /*rows_locked=*/true));
  return true;
}

}  // namespace regionlab
