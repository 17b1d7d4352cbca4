// RegionServer: what one HBase region server owns — a WAL shared by its
// regions, a block cache, global memstore accounting and flush/compaction
// workers. Which regions it hosts is the cluster's routing table; the server
// only lends its resources to them.
//
// Thread-safety: the accessors are safe from any thread; Start and Stop are
// called by the cluster under its admin lock. The WAL a stopped server
// closes may still be asked for its counters by the metrics sampler, which
// holds no admin lock: wal_ is guarded by mu_, and GetWalStats reads the
// counters under it.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "cache/block_cache.h"
#include "regionlab/options.h"
#include "regionlab/status.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"
#include "util/thread_pool.h"
#include "wal/wal.h"

namespace regionlab {

class Env;

class RegionServer {
 public:
  // `read_ahead`: the cluster's read-ahead thread, shared by the servers'
  // block caches; it must be destroyed before the server.
  // `global_memstore_lower_mark`: where its regions start flushing for
  // global pressure (GlobalMemStoreTracker). `logger` (the engine's LOG; may
  // be null) gets what the WAL cannot report to a writer. Not owned.
  RegionServer(std::string name, std::string wal_dir, Env* env, uint64_t block_cache_bytes,
               uint64_t global_memstore_limit, uint64_t global_memstore_lower_mark,
               int background_threads, ReadAhead* read_ahead, Logger* logger = nullptr);
  ~RegionServer();

  // Opens a new WAL segment in wal_dir and starts the workers. `start_code`
  // is HBase's server start code: the time the server started, in ms.
  Status Start(int64_t start_code);
  // Closes the WAL (synced). REQUIRES: its regions are closed or aborted.
  Status Stop();

  const std::string& name() const { return name_; }
  const std::string& wal_dir() const { return wal_dir_; }
  bool online() const { return online_.load(std::memory_order_acquire); }
  int64_t start_code() const { return start_code_.load(std::memory_order_acquire); }

  // The WAL, or null while stopped. The pointer stays valid until Stop:
  // callers hold the cluster's admin lock.
  Wal* wal() const EXCLUDES(mu_) {
    MutexLock l(&mu_);
    return wal_.get();
  }
  // The WAL's counters; false (and *out untouched) while stopped.
  bool GetWalStats(WalStats* out) const EXCLUDES(mu_) {
    MutexLock l(&mu_);
    if (wal_ == nullptr) return false;
    *out = wal_->GetStats();
    return true;
  }
  BlockCache* block_cache() const { return cache_.get(); }
  GlobalMemStoreTracker* memstore() { return &memstore_; }
  // Set while one of its regions runs an off-peak compaction.
  std::atomic<bool>* off_peak_compaction() { return &off_peak_compaction_; }
  ThreadPool* pool() const { return pool_.get(); }

 private:
  const std::string name_;
  const std::string wal_dir_;
  Logger* const logger_;
  Env* env_;
  const int threads_;
  std::unique_ptr<BlockCache> cache_;
  std::atomic<bool> online_{false};
  std::atomic<int64_t> start_code_{0};
  mutable Mutex mu_;
  std::unique_ptr<Wal> wal_ GUARDED_BY(mu_);
  GlobalMemStoreTracker memstore_;
  std::atomic<bool> off_peak_compaction_{false};
  std::unique_ptr<ThreadPool> pool_;
};

}  // namespace regionlab
