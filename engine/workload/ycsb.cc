#include "workload/ycsb.h"

#include <algorithm>
#include <cctype>

namespace regionlab::workload {

const char* OperationName(Operation op) {
  switch (op) {
    case Operation::kRead:
      return "read";
    case Operation::kUpdate:
      return "update";
    case Operation::kInsert:
      return "insert";
    case Operation::kScan:
      return "scan";
    case Operation::kReadModifyWrite:
      return "read-modify-write";
  }
  return "?";
}

const char* RequestDistributionName(RequestDistribution d) {
  switch (d) {
    case RequestDistribution::kZipfian:
      return "zipfian";
    case RequestDistribution::kUniform:
      return "uniform";
    case RequestDistribution::kLatest:
      return "latest";
  }
  return "?";
}

Operation OperationMix::Choose(double u) const {
  if (u < read) return Operation::kRead;
  if (u < read + update) return Operation::kUpdate;
  if (u < read + update + insert) return Operation::kInsert;
  if (u < read + update + insert + scan) return Operation::kScan;
  return Operation::kReadModifyWrite;
}

const std::vector<YcsbPreset>& YcsbPresets() {
  static const std::vector<YcsbPreset> presets = {
      {'a', "A: update heavy", "50% read, 50% update; zipfian", {.read = 0.5, .update = 0.5}},
      {'b', "B: read mostly", "95% read, 5% update; zipfian", {.read = 0.95, .update = 0.05}},
      {'c', "C: read only", "100% read; zipfian", {.read = 1.0}},
      {'d',
       "D: read latest",
       "95% read, 5% insert; latest",
       {.read = 0.95, .insert = 0.05, .distribution = RequestDistribution::kLatest}},
      {'e',
       "E: short ranges",
       "95% scan of 1..100 rows, 5% insert; zipfian",
       {.insert = 0.05, .scan = 0.95}},
      {'f',
       "F: read-modify-write",
       "50% read, 50% read-modify-write; zipfian",
       {.read = 0.5, .read_modify_write = 0.5}},
  };
  return presets;
}

const YcsbPreset* FindYcsbPreset(char letter) {
  const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
  for (const YcsbPreset& p : YcsbPresets())
    if (p.letter == lower) return &p;
  return nullptr;
}

uint64_t ExpectedInserts(const OperationMix& mix, uint64_t operations) {
  return static_cast<uint64_t>(static_cast<double>(operations) * mix.insert * 2.0);
}

KeyChooser::KeyChooser(RequestDistribution distribution, uint64_t loaded, uint64_t expected_inserts)
    : distribution_(distribution), loaded_(loaded > 0 ? loaded : 1) {
  switch (distribution_) {
    case RequestDistribution::kZipfian:
      zipfian_ = std::make_unique<ScrambledZipfianGenerator>(0, loaded_ + expected_inserts - 1);
      break;
    case RequestDistribution::kLatest:
      latest_ = std::make_unique<SkewedLatestGenerator>(loaded_ - 1);
      break;
    case RequestDistribution::kUniform:
      break;
  }
}

uint64_t KeyChooser::Next(Random& rng, uint64_t existing) {
  if (existing == 0) return 0;
  switch (distribution_) {
    case RequestDistribution::kZipfian: {
      uint64_t k;
      do {
        k = zipfian_->Next(rng);
      } while (k >= existing);
      return k;
    }
    case RequestDistribution::kLatest:
      return latest_->Next(rng, existing - 1);
    case RequestDistribution::kUniform:
      break;
  }
  return rng.Uniform(std::min(loaded_, existing));
}

}  // namespace regionlab::workload
