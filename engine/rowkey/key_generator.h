// KeyGenerator: records drawn from a workload's field-value models, in write
// order, and their keys — the input of the analysis, the split calculators
// and the distribution simulator.
//
// Models (scheme.h, ValueModel): sequential ids; uniform ids; Zipf ids after
// YCSB (util/zipfian.h; "scrambled" spreads the popular ids over the id
// range as YCSB's ScrambledZipfianGenerator does); increasing timestamps
// (each record's time is the previous one plus a uniform draw from
// [0, max_step_ms), as a loader replaying events in time order does); a tenant mix drawn by
// weight; a constant. Numbers for string fields are written in decimal.
// Fields without a model: int and long sequential from 1, strings uniform
// over "0".."9999".
//
// Deterministic: the same scheme, workload and seed give the same records
// on every platform (one SplitMix64 stream, fields drawn in scheme order).
//
// Thread-safety: a generator is used by one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "regionlab/status.h"
#include "rowkey/field_value.h"
#include "rowkey/key_encoder.h"
#include "rowkey/scheme.h"
#include "util/random.h"
#include "util/zipfian.h"

namespace regionlab::rowkey {

class KeyGenerator {
 public:
  // `encoder` must outlive the generator. The workload's models are checked
  // against the encoder's scheme (known fields, sane parameters).
  static Result<KeyGenerator> Create(const KeyEncoder* encoder, const Workload& workload);

  KeyGenerator(KeyGenerator&&) noexcept;
  KeyGenerator& operator=(KeyGenerator&&) noexcept;
  ~KeyGenerator();

  // Draws the next record and writes its key. An error names the record
  // (1-based) and the segment its value did not fit.
  Status Next(std::string* key);
  // The record of the last Next.
  const Record& record() const { return record_; }
  uint64_t generated() const { return generated_; }

 private:
  struct Drawer;
  explicit KeyGenerator(const KeyEncoder* encoder, uint64_t seed);
  void Draw(Drawer& d, FieldValue* out);

  const KeyEncoder* encoder_;
  Random rng_;
  std::vector<std::unique_ptr<Drawer>> drawers_;  // one per field
  Record record_;
  uint64_t generated_ = 0;
};

// The first `n` keys of the workload (a convenience for examples and tests).
Result<std::vector<std::string>> GenerateKeys(const KeyEncoder& encoder, const Workload& workload,
                                              uint64_t n);

}  // namespace regionlab::rowkey
