// KeyLog: the row keys a workload has written, in the order they were
// acknowledged — record i of the run is the i-th key here, which is what
// the request distributions (ycsb.h) pick by index.
//
// Keys are kept back to back in one buffer with their end offsets (a
// million 16-byte keys take ~24 MB), not as a million strings.
//
// Thread-safety: Add, Get and size may be called from any thread (a
// shared mutex: readers run together, an Add excludes them briefly).
#pragma once

#include <cstdint>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

namespace regionlab::workload {

class KeyLog {
 public:
  void Reserve(uint64_t keys, size_t bytes_per_key) {
    std::unique_lock lock(mu_);
    ends_.reserve(keys);
    bytes_.reserve(keys * bytes_per_key);
  }
  void Add(std::string_view key) {
    std::unique_lock lock(mu_);
    bytes_.append(key);
    ends_.push_back(bytes_.size());
  }
  // Copies key `index` into *out. REQUIRES: index < size().
  void Get(uint64_t index, std::string* out) const {
    std::shared_lock lock(mu_);
    const size_t begin = index == 0 ? 0 : ends_[index - 1];
    out->assign(bytes_, begin, ends_[index] - begin);
  }
  uint64_t size() const {
    std::shared_lock lock(mu_);
    return ends_.size();
  }

 private:
  mutable std::shared_mutex mu_;
  std::string bytes_;
  std::vector<size_t> ends_;
};

}  // namespace regionlab::workload
