// ScannerRegistry: the REST gateway's open stateful scanners
// (/TABLE/scanner/ID), each an engine scanner plus what the client asked for
// (cells per batch) and the row it is halfway through.
//
// Ids are 128 random bits in hex (from std::random_device), so a client
// cannot guess another's scanner. Scanners idle longer than the idle time
// are dropped; when the registry is full, adding one drops the least
// recently used, as HBase's scanner cache does.
//
// Thread-safety: all methods may be called from any thread. A RestScanner
// is locked (its mutex) by the request that reads it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "regionlab/cluster.h"

namespace regionlab::rest {

struct RestScanner {
  std::mutex mu;
  std::string table;
  std::shared_ptr<Table> handle;  // keeps the table handle the scanner reads through
  std::unique_ptr<ResultScanner> scanner;
  int batch = INT32_MAX;  // cells per response
  RowResult pending;      // a row whose cells did not all fit in the last response
  size_t pending_offset = 0;
  bool has_pending = false;
  bool exhausted = false;
};

class ScannerRegistry {
 public:
  // `now_ms`: the clock for idle times.
  ScannerRegistry(int64_t idle_ms, size_t max_scanners, std::function<int64_t()> now_ms);

  // Registers the scanner and returns its id.
  std::string Add(std::shared_ptr<RestScanner> scanner);
  // The scanner `id` of `table` (marked used now), or null.
  std::shared_ptr<RestScanner> Find(const std::string& table, const std::string& id);
  // False when there was no such scanner.
  bool Remove(const std::string& table, const std::string& id);
  // Drops idle scanners; at most once per second unless `force`.
  void EvictIdle(bool force);
  size_t size() const;

 private:
  struct Entry {
    std::shared_ptr<RestScanner> scanner;
    int64_t last_used_ms = 0;
  };
  std::string NewId();

  const int64_t idle_ms_;
  const size_t max_scanners_;
  const std::function<int64_t()> now_ms_;
  mutable std::mutex mu_;
  std::map<std::string, Entry> entries_;
  int64_t last_sweep_ms_ = 0;
};

}  // namespace regionlab::rest
