// WorkloadRunner: checking the options, the run's life cycle (start, pause,
// cancel, the two phases) and its progress. The threads' loops and the
// operations are in workload_ops.cc.
#include "workload/workload_runner.h"

#include <algorithm>
#include <cmath>

#include "regionlab/bytes.h"
#include "util/random.h"

namespace regionlab::workload {

namespace {

constexpr size_t kValuePoolBytes = 1u << 20;  // values are cut from this much random text

Status CheckOptions(const WorkloadOptions& o) {
  if (o.table.empty()) return Status::InvalidArgument("workload: no table given");
  if (o.qualifier.empty()) return Status::InvalidArgument("workload: the qualifier is empty");
  if (o.threads < 1 || o.threads > kMaxThreads)
    return Status::InvalidArgument("workload: threads must be 1.." + std::to_string(kMaxThreads) +
                                   ", not " + std::to_string(o.threads));
  if (o.value_size > kMaxValueSize)
    return Status::InvalidArgument("workload: value size " + std::to_string(o.value_size) +
                                   " bytes is over the limit of " + std::to_string(kMaxValueSize));
  if (!std::isfinite(o.ops_per_second) || o.ops_per_second < 0)
    return Status::InvalidArgument(
        "workload: the rate limit must be a number of operations per "
        "second >= 0 (0: no limit)");
  if (o.max_errors < 1) return Status::InvalidArgument("workload: max_errors must be at least 1");
  if (o.rows == 0 && o.operations == 0)
    return Status::InvalidArgument("workload: nothing to do (0 rows and 0 operations)");
  if (o.operations == 0) return Status::OK();
  const OperationMix& m = o.mix;
  for (double share : {m.read, m.update, m.insert, m.scan, m.read_modify_write})
    if (!std::isfinite(share) || share < 0)
      return Status::InvalidArgument("workload: operation proportions must be >= 0");
  if (m.read + m.update + m.insert + m.scan + m.read_modify_write <= 0)
    return Status::InvalidArgument("workload: the operation mix is empty");
  if (m.max_scan_length < 1)
    return Status::InvalidArgument("workload: max scan length must be >= 1");
  if (m.NeedsRecords() && o.rows == 0)
    return Status::InvalidArgument(
        "workload: the mix reads existing records, so at least one row must be loaded first");
  return Status::OK();
}

}  // namespace

const char* RunStateName(RunState state) {
  switch (state) {
    case RunState::kReady:
      return "ready";
    case RunState::kRunning:
      return "running";
    case RunState::kPaused:
      return "paused";
    case RunState::kFinished:
      return "finished";
    case RunState::kFailed:
      return "failed";
    case RunState::kCancelled:
      return "cancelled";
  }
  return "?";
}

const char* PhaseName(Phase phase) { return phase == Phase::kLoad ? "load" : "run"; }

WorkloadRunner::WorkloadRunner(Cluster* cluster, WorkloadOptions options)
    : cluster_(cluster), options_(std::move(options)), gate_(options_.ops_per_second, options_.clock) {
  for (auto& c : by_kind_) c.store(0, std::memory_order_relaxed);
}

Result<std::unique_ptr<WorkloadRunner>> WorkloadRunner::Create(Cluster* cluster,
                                                               WorkloadOptions options) {
  if (cluster == nullptr) return Status::InvalidArgument("workload: no cluster is open");
  RL_RETURN_IF_ERROR(CheckOptions(options));
  auto encoder = rowkey::KeyEncoder::Create(options.scheme);
  if (!encoder.ok())
    return encoder.status().WithContext("workload: scheme '" + options.scheme.name + "'");

  Admin& admin = cluster->admin();
  auto descriptor = admin.GetDescriptor(options.table);
  if (!descriptor.ok())
    return descriptor.status().WithContext("workload: table '" + options.table + "'");
  auto enabled = admin.IsTableEnabled(options.table);
  if (!enabled.ok()) return enabled.status();
  if (!*enabled)
    return Status::InvalidArgument("workload: table '" + options.table + "' is disabled");
  std::string family = options.family;
  if (family.empty()) {
    if (descriptor->families.empty())
      return Status::InvalidArgument("workload: table '" + options.table + "' has no family");
    family = descriptor->families.front().name;
  } else {
    bool known = false;
    std::string names;
    for (const FamilyOptions& f : descriptor->families) {
      known = known || f.name == family;
      names += (names.empty() ? "" : ", ") + f.name;
    }
    if (!known)
      return Status::InvalidArgument("workload: table '" + options.table + "' has no family '" +
                                     family + "' (families: " + names + ")");
  }
  auto table = cluster->GetTable(options.table);
  if (!table.ok()) return table.status();

  std::unique_ptr<WorkloadRunner> runner(new WorkloadRunner(cluster, std::move(options)));
  WorkloadRunner& r = *runner;
  r.table_ = std::move(table).value();
  r.family_ = std::move(family);
  r.encoder_ = std::make_unique<rowkey::KeyEncoder>(std::move(encoder).value());
  auto generator = rowkey::KeyGenerator::Create(r.encoder_.get(), r.options_.scheme.workload);
  if (!generator.ok())
    return generator.status().WithContext("workload: scheme '" + r.options_.scheme.name + "'");
  r.generator_ = std::make_unique<rowkey::KeyGenerator>(std::move(generator).value());

  const OperationMix& mix = r.options_.mix;
  r.keep_keys_ = r.options_.operations > 0 && mix.NeedsRecords();
  if (r.keep_keys_) {
    const int width =
        r.encoder_->MaxKeyLength() > 0 ? r.encoder_->MaxKeyLength() : r.encoder_->MinKeyLength();
    r.key_log_.Reserve(r.options_.rows + ExpectedInserts(mix, r.options_.operations),
                       static_cast<size_t>(width));
  }
  Random rng(r.options_.seed ^ 0x76616c756573ull);  // "values"
  r.value_pool_.resize(kValuePoolBytes + r.options_.value_size);
  for (char& c : r.value_pool_) c = static_cast<char>(' ' + rng.Uniform(95));  // printable ASCII
  return runner;
}

WorkloadRunner::~WorkloadRunner() {
  Cancel();
  if (coordinator_.joinable()) coordinator_.join();
}

Status WorkloadRunner::Start() {
  std::lock_guard<std::mutex> lock(mu_);
  if (final_state_ != RunState::kReady)
    return Status::InvalidArgument("workload: a runner runs only once");
  final_state_ = RunState::kRunning;
  phase_start_millis_ = gate_.clock()->NowMillis();
  phase_paused_base_millis_ = gate_.PausedMillis();
  coordinator_ = std::thread([this] { Coordinate(); });
  return Status::OK();
}

void WorkloadRunner::Pause() { gate_.Pause(); }
void WorkloadRunner::Resume() { gate_.Resume(); }

void WorkloadRunner::Cancel() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (final_state_ != RunState::kRunning) return;  // not started, or ended
  }
  cancelled_.store(true);
  gate_.Stop();
}

WorkloadProgress WorkloadRunner::Wait() {
  {
    std::unique_lock<std::mutex> lock(mu_);
    ended_cv_.wait(lock, [this] { return final_state_ != RunState::kRunning; });
  }
  return Snapshot();
}

void WorkloadRunner::Coordinate() {
  if (options_.rows > 0) RunThreads(Phase::kLoad);
  if (!gate_.stopped() && options_.operations > 0) {
    StartPhase(Phase::kRun);
    RunThreads(Phase::kRun);
  }
  std::lock_guard<std::mutex> lock(mu_);
  ended_phase_seconds_ = PhaseSeconds();
  final_state_ = failed_.load()      ? RunState::kFailed
                 : cancelled_.load() ? RunState::kCancelled
                                     : RunState::kFinished;
  ended_cv_.notify_all();
}

void WorkloadRunner::StartPhase(Phase phase) {
  std::lock_guard<std::mutex> lock(mu_);
  if (phase == Phase::kRun) load_seconds_ = PhaseSeconds();
  phase_start_millis_ = gate_.clock()->NowMillis();
  phase_paused_base_millis_ = gate_.PausedMillis();
  phase_ = phase;
}

double WorkloadRunner::PhaseSeconds() const {
  if (ended_phase_seconds_ >= 0) return ended_phase_seconds_;
  if (final_state_ == RunState::kReady) return 0;
  const int64_t running_millis = (gate_.clock()->NowMillis() - phase_start_millis_) -
                                 (gate_.PausedMillis() - phase_paused_base_millis_);
  return std::max(0.0, static_cast<double>(running_millis) / 1e3);
}

void WorkloadRunner::RecordError(const Status& s, const char* what, const std::string& key,
                                 bool fatal) {
  const uint64_t errors = errors_.fetch_add(1) + 1;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (first_error_.empty()) {
      first_error_ = std::string(what);
      if (!key.empty()) first_error_ += " of row '" + ToStringBinary(key) + "'";
      first_error_ += " in table '" + options_.table + "': " + s.ToString();
    }
  }
  if ((fatal || errors >= options_.max_errors) && !gate_.stopped()) {
    failed_.store(true);
    gate_.Stop();
  }
}

WorkloadProgress WorkloadRunner::Snapshot() const {
  WorkloadProgress p;
  // The phase and its clock together: StartPhase changes both under mu_.
  // A phase's counters are final once the next phase starts.
  {
    std::lock_guard<std::mutex> lock(mu_);
    p.phase = phase_;
    p.state = final_state_;
    p.first_error = first_error_;
    p.phase_seconds = PhaseSeconds();
    p.load_seconds = p.phase == Phase::kLoad ? p.phase_seconds : load_seconds_;
  }
  p.rows = options_.rows;
  p.operations = options_.operations;
  p.rows_done = rows_done_.load(std::memory_order_relaxed);
  p.operations_done = operations_done_.load(std::memory_order_relaxed);
  for (int i = 0; i < kOperationKinds; ++i)
    p.by_kind[i] = by_kind_[i].load(std::memory_order_relaxed);
  p.reads_missing = reads_missing_.load(std::memory_order_relaxed);
  p.scanned_rows = scanned_rows_.load(std::memory_order_relaxed);
  p.errors = errors_.load(std::memory_order_relaxed);
  p.threads_paused = gate_.threads_paused();
  const LatencyHistogram latency = latency_[static_cast<int>(p.phase)].Snapshot();
  p.latency_samples = latency.Count();
  p.p50_us = latency.PercentileNanos(0.50) / 1e3;
  p.p99_us = latency.PercentileNanos(0.99) / 1e3;
  if (p.state == RunState::kRunning && gate_.paused()) p.state = RunState::kPaused;
  const uint64_t phase_ops = p.phase == Phase::kLoad ? p.rows_done : p.operations_done;
  p.ops_per_second = p.phase_seconds > 0 ? static_cast<double>(phase_ops) / p.phase_seconds : 0;
  return p;
}

}  // namespace regionlab::workload
