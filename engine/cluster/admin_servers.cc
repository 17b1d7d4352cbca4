// Admin's region placement and region servers: moving a region, the
// balancer, stopping a server (its regions fail over, their WAL edits split
// and replayed), starting one, and rolling its WAL.
#include <algorithm>
#include <chrono>

#include "cluster/cluster_impl.h"
#include "region/manifest.h"
#include "regionlab/bytes.h"
#include "util/clock.h"
#include "util/crash_point.h"
#include "util/env.h"
#include "wal/wal_reader.h"

namespace regionlab {

// ---- move and balance ----------------------------------------------------------

Status ClusterImpl::MoveLocked(const std::shared_ptr<RegionEntry>& entry, RegionServer* to) {
  std::shared_ptr<Region> region;
  RegionServer* from;
  {
    WriterMutexLock l(&mu_);
    region = std::move(entry->region);
    from = entry->server;
  }
  if (!region) return Status::Aborted("region " + entry->record.encoded_name + " is not online");
  const int64_t began_ms = clock_->NowMillis();
  Status closed = region->Close();
  if (!closed.ok()) {
    // Its flush failed: it stays where it is, open.
    WriterMutexLock l(&mu_);
    entry->region = region;
    return closed.WithContext("move of region " + entry->record.encoded_name + " to " + to->name());
  }
  RL_RETURN_IF_ERROR(OpenRegionOn(entry, to));
  LogIfFailed(log_.get(),
              catalog_->AddServerEvent({0, clock_->NowMillis(), to->name(),
                                        std::string(kEventRegionMoved), entry->record.encoded_name,
                                        from ? from->name() : "", to->name(), ""}),
              "recording the move of region " + entry->record.encoded_name + " in the catalog");
  ClusterEvent ev{clock_->NowMillis(), "move", entry->record.table, entry->record.encoded_name,
                  to->name(), "from " + (from ? from->name() : std::string("?"))};
  ev.start_key = entry->record.start_key;
  ev.end_key = entry->record.end_key;
  ev.cause = from ? "from " + from->name() : "";
  ev.duration_ms = static_cast<uint64_t>(std::max<int64_t>(0, ev.time_ms - began_ms));
  RecordEvent(std::move(ev));
  return Status::OK();
}

Status Admin::Move(const std::string& region, const std::string& server) {
  MutexLock l(&cluster_->admin_mu_);
  std::shared_ptr<RegionEntry> e;
  {
    ReaderMutexLock rl(&cluster_->mu_);
    auto it = cluster_->regions_.find(region);
    if (it == cluster_->regions_.end()) return Status::NotFound("no online region " + region);
    e = it->second;
  }
  RegionServer* to = server.empty() ? cluster_->LeastLoadedServer(e->server)
                                    : cluster_->FindServer(server);
  if (to == nullptr) {
    return Status::NotFound(server.empty() ? "no other region server is online"
                                           : "no region server named " + server);
  }
  if (!to->online()) return Status::InvalidArgument("region server " + server + " is stopped");
  if (to == e->server) return Status::OK();
  return cluster_->MoveLocked(e, to);
}

Result<int> Admin::Balance() {
  MutexLock l(&cluster_->admin_mu_);
  const auto start = std::chrono::steady_clock::now();
  int moves = 0;
  auto done = [&](const Status& s) {
    cluster_->RecordEvent({cluster_->clock_->NowMillis(), "balancer", "", "", "",
                           std::to_string(moves) + (moves == 1 ? " move" : " moves") + " in " +
                               std::to_string(MillisSince(start)) + " ms" +
                               (s.ok() ? "" : ", then stopped: " + s.ToString())});
  };
  // SimpleLoadBalancer's goal: every online server within [floor, ceil] of the average.
  for (int guard = 0; guard < 100000; ++guard) {
    RegionServer *most = nullptr, *least = nullptr;
    size_t most_n = 0, least_n = 0;
    for (const auto& s : cluster_->servers_) {
      if (!s->online()) continue;
      const size_t n = cluster_->RegionCountOn(s.get());
      if (most == nullptr || n > most_n) { most = s.get(); most_n = n; }
      if (least == nullptr || n < least_n) { least = s.get(); least_n = n; }
    }
    if (most == nullptr || most_n <= least_n + 1) break;
    std::shared_ptr<RegionEntry> victim;
    {
      ReaderMutexLock rl(&cluster_->mu_);
      for (const auto& [name, e] : cluster_->regions_) {
        if (e->server == most && e->region) { victim = e; break; }
      }
    }
    if (!victim) break;
    Status s = cluster_->MoveLocked(victim, least);
    if (!s.ok()) {
      done(s);
      return s;
    }
    ++moves;
  }
  done(Status::OK());
  return moves;
}

// ---- region servers ------------------------------------------------------------

Status ClusterImpl::StopServerLocked(RegionServer* server) {
  const int64_t now = clock_->NowMillis();
  std::vector<std::shared_ptr<RegionEntry>> hosted;
  {
    WriterMutexLock l(&mu_);
    for (const auto& [name, e] : regions_) {
      if (e->server == server) hosted.push_back(e);
    }
  }
  // As a crash: regions abort without flushing; their recent edits live only
  // in this server's WAL.
  std::vector<std::shared_ptr<Region>> aborting;
  {
    WriterMutexLock l(&mu_);
    for (const auto& e : hosted) {
      if (e->region) aborting.push_back(std::move(e->region));
    }
  }
  for (const auto& r : aborting) LogIfFailed(log_.get(), r->Abort(), "aborting a region of " + server->name());
  aborting.clear();
  RL_RETURN_IF_ERROR(server->Stop());
  LogIfFailed(log_.get(),
              catalog_->AddServerEvent({0, now, server->name(), std::string(kEventServerStopped), "",
                                        "", "", std::to_string(hosted.size()) + " regions to reassign"}),
              "recording the stop of " + server->name() + " in the catalog");
  RecordEvent({now, "server stopped", "", "", server->name(),
               std::to_string(hosted.size()) + " regions to reassign"});

  // WAL split: each region's edits go to its recovered.edits directory.
  std::map<std::string, std::shared_ptr<RegionEntry>> by_name;
  for (const auto& e : hosted) by_name[e->record.encoded_name] = e;
  std::map<std::string, std::unique_ptr<Wal>> outputs;
  uint64_t edits = 0;
  WalReplayReport report;
  Status s = ReplayWal(
      env_, server->wal_dir(),
      [&](const WalEntry& entry) -> Status {
        auto it = by_name.find(entry.region);
        if (it == by_name.end()) return Status::OK();  // flushed and moved away since
        auto& out = outputs[entry.region];
        if (out == nullptr) {
          WalOptions wo;
          wo.env = env_;
          wo.dir = JoinPath(it->second->dir, kRecoveredEditsDir);
          wo.async_sync_interval_ms = 0;
          auto wal = Wal::Open(wo);
          if (!wal.ok()) return wal.status();
          out = std::move(*wal);
        }
        ++edits;
        return out->Append({&entry}, /*sync=*/false);
      },
      &report);
  for (auto& [name, w] : outputs) {
    Status c = w->Close();  // syncs
    if (s.ok()) s = c;
  }
  if (!s.ok()) return s.WithContext("WAL split of " + server->name());
  // Damaged segments are kept, never deleted with the rest of the WAL.
  auto damage = QuarantineDamagedSegments(env_, report, JoinPath(CorruptDir(), server->name()));
  if (!damage.ok()) return damage.status().WithContext("WAL split of " + server->name());
  for (const auto& line : *damage) {
    RecordEvent({clock_->NowMillis(), std::string(kEventKindDamage), "", "", server->name(), line});
  }
  RL_RETURN_IF_ERROR(env_->RemoveDirRecursive(server->wal_dir()));
  LogIfFailed(log_.get(),
              catalog_->AddServerEvent({0, clock_->NowMillis(), server->name(),
                                        std::string(kEventWalSplit), "", "", "",
                                        std::to_string(edits) + " edits for " +
                                            std::to_string(outputs.size()) + " regions"}),
              "recording the WAL split of " + server->name() + " in the catalog");
  // Reassign: each region opens elsewhere and replays its recovered edits.
  std::vector<RegionOpening> plan;
  for (const auto& e : hosted) plan.push_back({e, nullptr, Status()});
  PlanServers(&plan, /*excluding=*/server);
  if (!plan.empty() && plan.front().server == nullptr) {
    return Status::Aborted("no region server left to take the regions");
  }
  const Status reopened = OpenRegions(&plan, /*keep_going=*/false);
  CatalogBatch failovers;
  for (const auto& o : plan) {
    if (!o.status.ok()) continue;
    failovers.AddServerEvent({0, clock_->NowMillis(), o.server->name(),
                              std::string(kEventFailover), o.entry->record.encoded_name,
                              server->name(), o.server->name(), ""});
  }
  LogIfFailed(log_.get(), catalog_->Apply(failovers),
              "recording the failover of the regions of " + server->name() + " in the catalog");
  RL_RETURN_IF_ERROR(reopened);
  ClusterEvent ev{clock_->NowMillis(), "failover", "", "", server->name(),
                  std::to_string(hosted.size()) + " regions reopened elsewhere, " +
                      std::to_string(edits) + " WAL edits replayed"};
  ev.cause = "region server " + server->name() + " stopped";
  ev.duration_ms = static_cast<uint64_t>(std::max<int64_t>(0, ev.time_ms - now));
  RecordEvent(std::move(ev));
  return Status::OK();
}

Status Admin::StopRegionServer(const std::string& name) {
  MutexLock l(&cluster_->admin_mu_);
  RegionServer* server = cluster_->FindServer(name);
  if (server == nullptr) return Status::NotFound("no region server named " + name);
  if (!server->online()) return Status::InvalidArgument("region server " + name + " is already stopped");
  if (cluster_->LeastLoadedServer(server) == nullptr) {
    return Status::InvalidArgument("region server " + name +
                                   " is the last one online; its regions would have nowhere to go");
  }
  return cluster_->StopServerLocked(server);
}

Status Admin::StartRegionServer(const std::string& name) {
  MutexLock l(&cluster_->admin_mu_);
  RegionServer* server = cluster_->FindServer(name);
  if (server == nullptr) return Status::NotFound("no region server named " + name);
  if (server->online()) return Status::InvalidArgument("region server " + name + " is already running");
  RL_RETURN_IF_ERROR(server->Start(cluster_->clock_->NowMillis()));
  LogIfFailed(cluster_->log_.get(),
              cluster_->catalog_->AddServerEvent({0, cluster_->clock_->NowMillis(), name,
                                                  std::string(kEventServerStarted), "", "", "", ""}),
              "recording the start of " + name + " in the catalog");
  cluster_->RecordEvent({cluster_->clock_->NowMillis(), "server started", "", "", name, ""});
  return Status::OK();
}

Status Admin::RollWalWriter(const std::string& name) {
  MutexLock l(&cluster_->admin_mu_);
  RegionServer* server = cluster_->FindServer(name);
  if (server == nullptr) return Status::NotFound("no region server named " + name);
  if (!server->online() || server->wal() == nullptr) {
    return Status::InvalidArgument("region server " + name + " is stopped");
  }
  return server->wal()->Roll();
}

std::vector<ServerMetrics> Admin::ListServers() { return cluster_->SampleNow().servers; }

}  // namespace regionlab
