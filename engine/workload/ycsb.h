// YCSB's core workloads (site.ycsb.workloads.CoreWorkload and the
// workloads/workload[a-f] files): the operation mix, the request
// distribution that picks which existing record an operation touches, and
// the presets A-F with YCSB's default proportions.
//
//   A  update heavy   50% read, 50% update               zipfian
//   B  read mostly    95% read,  5% update               zipfian
//   C  read only     100% read                           zipfian
//   D  read latest    95% read,  5% insert               latest
//   E  short ranges   95% scan (1..100 rows), 5% insert  zipfian
//   F  read-modify-write 50% read, 50% read-modify-write zipfian
//
// Shared by regionlab-bench's YCSB workloads and the engine's
// WorkloadRunner (workload_runner.h), so both draw the same streams.
//
// Thread-safety: OperationMix and the presets are plain values; a
// KeyChooser is used by one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "util/random.h"
#include "util/zipfian.h"

namespace regionlab::workload {

enum class Operation { kRead, kUpdate, kInsert, kScan, kReadModifyWrite };
inline constexpr int kOperationKinds = 5;
// "read", "update", "insert", "scan", "read-modify-write".
const char* OperationName(Operation op);

// YCSB's requestdistribution: which existing record a read, update, scan or
// read-modify-write picks.
enum class RequestDistribution {
  kZipfian,  // ScrambledZipfianGenerator: popular records spread over the key space
  kUniform,  // every loaded record alike
  kLatest,   // SkewedLatestGenerator: the most recently inserted records
};
const char* RequestDistributionName(RequestDistribution d);  // "zipfian", "uniform", "latest"

// Proportions of each operation (YCSB's readproportion, ...); they need not
// sum to 1, the remainder after read, update, insert and scan goes to
// read-modify-write as in CoreWorkload's chooser.
struct OperationMix {
  double read = 0, update = 0, insert = 0, scan = 0, read_modify_write = 0;
  RequestDistribution distribution = RequestDistribution::kZipfian;
  uint64_t max_scan_length = 100;  // YCSB maxscanlength; lengths uniform over 1..max

  // The operation for a uniform draw u in [0, 1).
  Operation Choose(double u) const;
  // Whether any operation reads or changes an existing record (the run then
  // needs loaded records to pick from).
  bool NeedsRecords() const { return read + update + scan + read_modify_write > 0; }
};

struct YcsbPreset {
  char letter;              // 'a'..'f'
  const char* name;         // "A: update heavy"
  const char* description;  // "50% read, 50% update; zipfian"
  OperationMix mix;
};
// The six core workloads, A to F.
const std::vector<YcsbPreset>& YcsbPresets();
// The preset of `letter` ('a'..'f', either case); nullptr otherwise.
const YcsbPreset* FindYcsbPreset(char letter);

// Picks the record (an index in insertion order) an operation touches, as
// CoreWorkload's keychooser with YCSB's rules:
//  - zipfian draws over the loaded records plus the inserts expected during
//    the run (twice the insert share, as YCSB sizes it) and redraws a record
//    not inserted yet;
//  - uniform draws over the loaded records;
//  - latest is skewed towards the newest record that exists now.
class KeyChooser {
 public:
  // `loaded`: records present when the run starts (>= 1); `expected_inserts`:
  // the inserts the run is expected to add (operations * insert share * 2).
  KeyChooser(RequestDistribution distribution, uint64_t loaded, uint64_t expected_inserts);
  // A record index in [0, existing); `existing` (>= loaded) grows with inserts.
  uint64_t Next(Random& rng, uint64_t existing);

 private:
  const RequestDistribution distribution_;
  const uint64_t loaded_;
  std::unique_ptr<ScrambledZipfianGenerator> zipfian_;
  std::unique_ptr<SkewedLatestGenerator> latest_;
};

// Inserts YCSB expects a run of `operations` to add under `mix`.
uint64_t ExpectedInserts(const OperationMix& mix, uint64_t operations);

}  // namespace regionlab::workload
