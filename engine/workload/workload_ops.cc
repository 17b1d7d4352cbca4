// WorkloadRunner's threads: the load and run loops and each operation,
// all through the public Table API.
#include <chrono>
#include <vector>

#include "util/hash.h"
#include "util/zipfian.h"
#include "workload/workload_runner.h"

namespace regionlab::workload {

namespace {
uint64_t NanosSince(std::chrono::steady_clock::time_point t0) {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
          .count());
}
}  // namespace

// One thread's own state: its random stream, its key chooser (YCSB gives
// each client thread its own) and scratch buffers.
struct WorkloadRunner::ThreadState {
  ThreadState(uint64_t seed) : rng(seed) {}
  Random rng;
  std::unique_ptr<KeyChooser> chooser;  // run phase
  std::string key;
};

void WorkloadRunner::RunThreads(Phase phase) {
  const int n = options_.threads;
  std::vector<std::unique_ptr<ThreadState>> states;
  for (int i = 0; i < n; ++i) {
    // Distinct, repeatable streams per thread and phase.
    const uint64_t seed = options_.seed * 0x9e3779b97f4a7c15ull + static_cast<uint64_t>(i) * 2 +
                          (phase == Phase::kRun ? 1 : 0);
    auto t = std::make_unique<ThreadState>(seed);
    if (phase == Phase::kRun && keep_keys_)
      t->chooser = std::make_unique<KeyChooser>(options_.mix.distribution, key_log_.size(),
                                                ExpectedInserts(options_.mix, options_.operations));
    states.push_back(std::move(t));
  }
  std::vector<std::thread> threads;
  threads.reserve(n);
  for (auto& t : states) {
    ThreadState* state = t.get();
    threads.emplace_back([this, phase, state] {
      if (phase == Phase::kLoad) {
        LoadLoop(*state);
      } else {
        RunLoop(*state);
      }
    });
  }
  for (std::thread& t : threads) t.join();
}

bool WorkloadRunner::NextRecordKey(Phase phase, std::string* key) {
  Status s;
  {
    std::lock_guard<std::mutex> lock(generator_mu_);
    if (phase == Phase::kLoad && records_generated_ >= options_.rows) return false;
    ++records_generated_;
    s = generator_->Next(key);
    if (s.ok()) {
      const uint64_t hash =
          (uint64_t{Murmur3_32(*key, 0x6b657931)} << 32) | Murmur3_32(*key, 0x6b657932);
      if (!record_hashes_.insert(hash).second) collisions_.fetch_add(1, std::memory_order_relaxed);
    }
    // Load keys are logged in generation order, so record i is the i-th key.
    if (s.ok() && phase == Phase::kLoad && keep_keys_) key_log_.Add(*key);
  }
  if (s.ok()) return true;
  RecordError(s.WithContext("scheme '" + options_.scheme.name + "'"), "generating a key", {},
              /*fatal=*/true);
  return false;
}

void WorkloadRunner::LoadLoop(ThreadState& t) {
  ConcurrentLatencyHistogram& latency = latency_[static_cast<int>(Phase::kLoad)];
  while (gate_.Pass()) {
    if (!NextRecordKey(Phase::kLoad, &t.key)) return;
    const auto t0 = std::chrono::steady_clock::now();
    Status s = PutRow(t, t.key);
    latency.Add(NanosSince(t0));
    rows_done_.fetch_add(1, std::memory_order_relaxed);
    if (!s.ok()) RecordError(s, "load put", t.key);
  }
}

void WorkloadRunner::RunLoop(ThreadState& t) {
  while (gate_.Pass()) {
    if (operations_issued_.fetch_add(1) >= options_.operations) return;
    RunOperation(t, options_.mix.Choose(UniformDouble(t.rng)));
  }
}

void WorkloadRunner::RunOperation(ThreadState& t, Operation op) {
  ConcurrentLatencyHistogram& latency = latency_[static_cast<int>(Phase::kRun)];
  Status s;
  if (op == Operation::kInsert) {
    if (!NextRecordKey(Phase::kRun, &t.key)) return;
  } else {
    PickKey(t, &t.key);
  }
  const auto t0 = std::chrono::steady_clock::now();
  bool found = true;
  switch (op) {
    case Operation::kRead:
      s = ReadRow(t.key, &found);
      break;
    case Operation::kUpdate:
      s = PutRow(t, t.key);
      break;
    case Operation::kInsert:
      s = PutRow(t, t.key);
      // Acknowledged: from now on the other operations may pick it.
      if (s.ok() && keep_keys_) key_log_.Add(t.key);
      break;
    case Operation::kScan: {
      uint64_t rows = 0;
      s = ScanRows(t.key, 1 + t.rng.Uniform(options_.mix.max_scan_length), &rows);
      scanned_rows_.fetch_add(rows, std::memory_order_relaxed);
      break;
    }
    case Operation::kReadModifyWrite:
      // One operation: its latency is the read's plus the write's.
      s = ReadRow(t.key, &found);
      if (s.ok()) s = PutRow(t, t.key);
      break;
  }
  latency.Add(NanosSince(t0));
  if (!found) reads_missing_.fetch_add(1, std::memory_order_relaxed);
  by_kind_[static_cast<int>(op)].fetch_add(1, std::memory_order_relaxed);
  operations_done_.fetch_add(1, std::memory_order_relaxed);
  if (!s.ok()) RecordError(s, OperationName(op), t.key);
}

void WorkloadRunner::PickKey(ThreadState& t, std::string* key) {
  const uint64_t existing = key_log_.size();
  key_log_.Get(t.chooser->Next(t.rng, existing), key);
}

Status WorkloadRunner::PutRow(ThreadState& t, const std::string& key) {
  RowMutation m;
  m.row = key;
  m.durability = options_.durability;
  const size_t offset = t.rng.Uniform(value_pool_.size() - options_.value_size + 1);
  m.Put(family_, options_.qualifier, value_pool_.substr(offset, options_.value_size));
  return table_->Put(m);
}

Status WorkloadRunner::ReadRow(const std::string& key, bool* found) {
  Get get;
  get.row = key;
  get.columns.push_back(ColumnSpec{family_, {}, true});  // every field, as YCSB's readallfields
  auto row = table_->Get(get);
  if (!row.ok()) return row.status();
  *found = !row->empty();
  return Status::OK();
}

Status WorkloadRunner::ScanRows(const std::string& start, uint64_t limit, uint64_t* rows) {
  Scan scan;
  scan.start_row = start;
  scan.limit = static_cast<int64_t>(limit);
  scan.caching = static_cast<int>(std::min<uint64_t>(limit, 100));
  scan.columns.push_back(ColumnSpec{family_, {}, true});
  auto scanner = table_->GetScanner(scan);
  if (!scanner.ok()) return scanner.status();
  RowResult row;
  while ((*scanner)->Next(&row)) ++*rows;
  return (*scanner)->status();
}

}  // namespace regionlab::workload
