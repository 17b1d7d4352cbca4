// The YCSB core workloads A-F of WorkloadRunner, with YCSB's default
// proportions and request distributions (engine/workload/ycsb.h, shared
// with the engine's workload runner).
#include "workload/ycsb.h"
#include "workload_runner.h"

namespace regionlab::bench {

void WorkloadRunner::ycsb(WorkloadResult* r, char workload) {
  const regionlab::workload::OperationMix& mix = regionlab::workload::FindYcsbPreset(workload)->mix;
  using regionlab::workload::Operation;
  const uint64_t ops = workload == 'e' ? m_params.scanOps : m_params.ops;
  regionlab::Random rng = rngFor(std::string("ycsb-") + workload);
  regionlab::workload::KeyChooser chooser(mix.distribution, m_versions.size(),
                                          regionlab::workload::ExpectedInserts(mix, ops));
  auto nextKey = [&]() -> uint64_t { return chooser.Next(rng, m_versions.size()); };

  startClock(r);
  for (uint64_t i = 0; i < ops; ++i) {
    bool ok = true;
    switch (mix.Choose(regionlab::UniformDouble(rng))) {
      case Operation::kRead:
        ok = timedGet(r, nextKey());
        break;
      case Operation::kUpdate:
        ok = timedPut(r, nextKey(), newVersion());
        break;
      case Operation::kInsert:
        ok = timedPut(r, m_versions.size(), newVersion());
        break;
      case Operation::kScan: {
        const uint64_t start = nextKey();
        ok = timedRange(r, start, 1 + rng.Uniform(mix.max_scan_length));
        break;
      }
      case Operation::kReadModifyWrite: {
        // One operation whose latency is the read's plus the write's.
        const uint64_t k = nextKey();
        uint64_t readNanos = 0, writeNanos = 0;
        ok = timedGet(r, k, &readNanos) && timedPut(r, k, newVersion(), &writeNanos);
        if (ok) r->latency.Add(readNanos + writeNanos);
        break;
      }
    }
    if (!ok) return;
    ++r->ops;
  }
  r->rows += r->writes;
  r->bytes += r->writtenBytes;
}

}  // namespace regionlab::bench
