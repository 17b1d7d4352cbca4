#include "cluster/region_server.h"

#include "util/env.h"

namespace regionlab {

RegionServer::RegionServer(std::string name, std::string wal_dir, Env* env,
                           uint64_t block_cache_bytes, uint64_t global_memstore_limit,
                           uint64_t global_memstore_lower_mark, int background_threads,
                           ReadAhead* read_ahead, Logger* logger)
    : name_(std::move(name)),
      wal_dir_(std::move(wal_dir)),
      logger_(logger),
      env_(env),
      threads_(background_threads),
      // Made once: store file readers of closed regions may outlive a stop and
      // still release their blocks into it.
      cache_(std::make_unique<BlockCache>(block_cache_bytes, read_ahead)) {
  memstore_.limit = global_memstore_limit;
  memstore_.lower_mark = global_memstore_lower_mark;
}

RegionServer::~RegionServer() { (void)Stop(); }  // the cluster stops and logs first

Status RegionServer::Start(int64_t start_code) {
  if (online()) return Status::OK();
  WalOptions wo;
  wo.env = env_;
  wo.dir = wal_dir_;
  wo.logger = logger_;
  auto wal = Wal::Open(wo);
  if (!wal.ok()) return wal.status().WithContext("region server " + name_);
  {
    MutexLock l(&mu_);
    wal_ = std::move(*wal);
  }
  pool_ = std::make_unique<ThreadPool>(threads_);
  memstore_.bytes = 0;
  start_code_.store(start_code, std::memory_order_release);
  online_.store(true, std::memory_order_release);
  return Status::OK();
}

Status RegionServer::Stop() {
  if (!online()) return Status::OK();
  online_.store(false, std::memory_order_release);
  pool_.reset();  // finishes queued jobs of regions that are already closed
  std::unique_ptr<Wal> wal;
  {
    MutexLock l(&mu_);
    wal = std::move(wal_);
  }
  return wal != nullptr ? wal->Close() : Status::OK();
}

}  // namespace regionlab
