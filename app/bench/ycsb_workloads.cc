// The YCSB core workloads A-F of WorkloadRunner, with YCSB's default
// proportions and request distributions (CoreWorkload and workloads/workload[a-f]).
#include <memory>

#include "util/zipfian.h"
#include "workload_runner.h"

namespace regionlab::bench {

namespace {
struct Mix {
  double read = 0, update = 0, insert = 0, scan = 0, readModifyWrite = 0;
};

Mix mixOf(char workload) {
  switch (workload) {
    case 'a': return {.read = 0.5, .update = 0.5};
    case 'b': return {.read = 0.95, .update = 0.05};
    case 'c': return {.read = 1.0};
    case 'd': return {.read = 0.95, .insert = 0.05};
    case 'e': return {.insert = 0.05, .scan = 0.95};
    default: return {.read = 0.5, .readModifyWrite = 0.5};  // 'f'
  }
}

constexpr uint64_t kMaxScanLength = 100;  // YCSB maxscanlength, uniform 1..100
}  // namespace

void WorkloadRunner::ycsb(WorkloadResult* r, char workload) {
  const Mix mix = mixOf(workload);
  const uint64_t ops = workload == 'e' ? m_params.scanOps : m_params.ops;
  regionlab::Random rng = rngFor(std::string("ycsb-") + workload);
  const uint64_t recordCount = m_versions.size();
  // YCSB sizes the key chooser for the inserts it expects (twice the insert
  // share of the operations) and redraws keys not inserted yet.
  const auto expectedNewKeys = static_cast<uint64_t>(static_cast<double>(ops) * mix.insert * 2.0);
  regionlab::ScrambledZipfianGenerator zipfian(0, recordCount + expectedNewKeys - 1);
  std::unique_ptr<regionlab::SkewedLatestGenerator> latest;
  if (workload == 'd') latest = std::make_unique<regionlab::SkewedLatestGenerator>(recordCount - 1);

  auto nextKey = [&]() -> uint64_t {
    const uint64_t count = m_versions.size();
    if (latest) return latest->Next(rng, count - 1);
    uint64_t k;
    do {
      k = zipfian.Next(rng);
    } while (k >= count);
    return k;
  };

  startClock();
  for (uint64_t i = 0; i < ops; ++i) {
    const double choice = regionlab::UniformDouble(rng);
    bool ok = true;
    if (choice < mix.read) {
      ok = timedGet(r, nextKey());
    } else if (choice < mix.read + mix.update) {
      ok = timedPut(r, nextKey(), newVersion());
    } else if (choice < mix.read + mix.update + mix.insert) {
      ok = timedPut(r, m_versions.size(), newVersion());
    } else if (choice < mix.read + mix.update + mix.insert + mix.scan) {
      const uint64_t start = nextKey();
      ok = timedRange(r, start, 1 + rng.Uniform(kMaxScanLength));
    } else {
      // Read-modify-write: one operation whose latency is the read's plus the write's.
      const uint64_t k = nextKey();
      uint64_t readNanos = 0, writeNanos = 0;
      ok = timedGet(r, k, &readNanos) && timedPut(r, k, newVersion(), &writeNanos);
      if (ok) r->latency.add(readNanos + writeNanos);
    }
    if (!ok) return;
    ++r->ops;
  }
  r->rows += r->writes;
  r->bytes += r->writtenBytes;
}

}  // namespace regionlab::bench
