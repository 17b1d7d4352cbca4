// Region assignment: choosing a server for each region and opening regions
// on their servers, one at a time or many at once.
//
// Many at once (a create with 100,000 split keys, an open of a directory
// with that many regions) costs about the same per region as one: servers
// are chosen with running counts (RegionPlacer) instead of counting every
// server's regions again for each region, and the opened regions are
// recorded in the catalog in one transaction, one sync, instead of one each.
#include <algorithm>

#include "cluster/cluster_impl.h"
#include "util/clock.h"
#include "util/crash_point.h"
#include "util/env.h"

namespace regionlab {

RegionPlacer::RegionPlacer(const ClusterImpl& cluster, const RegionServer* excluding) {
  for (const auto& s : cluster.servers_) {
    if (s->online() && s.get() != excluding) load_.push_back({s.get(), 0});
  }
  ReaderMutexLock l(&cluster.mu_);
  for (const auto& [name, e] : cluster.regions_) {
    if (e->server != nullptr) Place(e->server);
  }
}

void RegionPlacer::Place(const RegionServer* server) {
  for (auto& [s, n] : load_) {
    if (s == server) {
      ++n;
      return;
    }
  }
}

RegionServer* RegionPlacer::Pick() {
  // The first of the least loaded, in server order, as LeastLoadedServer always chose.
  auto best = std::min_element(load_.begin(), load_.end(),
                               [](const auto& a, const auto& b) { return a.second < b.second; });
  if (best == load_.end()) return nullptr;
  ++best->second;
  return best->first;
}

size_t ClusterImpl::RegionCountOn(const RegionServer* server) const {
  ReaderMutexLock l(&mu_);
  size_t n = 0;
  for (const auto& [name, e] : regions_) n += e->server == server ? 1 : 0;
  return n;
}

RegionServer* ClusterImpl::LeastLoadedServer(const RegionServer* excluding) const {
  return RegionPlacer(*this, excluding).Pick();
}

ClusterImpl::RegionsPerServer ClusterImpl::CountRegionsPerServer(const TableEntry& table) const {
  RegionsPerServer out;
  for (const auto& [start, e] : table.regions) ++out[e->server];
  return out;
}

void ClusterImpl::PlanServers(std::vector<RegionOpening>* plan, const RegionServer* excluding) {
  RegionPlacer placer(*this, excluding);
  // A region goes back to the server it was on when that server is online
  // (counted first, so the others fill in around them), else to the least loaded.
  for (auto& o : *plan) {
    if (o.server != nullptr) continue;
    RegionServer* last = FindServer(o.entry->record.server);
    if (last != nullptr && last->online() && last != excluding) {
      o.server = last;
      placer.Place(last);
    }
  }
  for (auto& o : *plan) {
    if (o.server == nullptr) o.server = placer.Pick();
  }
}

Status ClusterImpl::OpenRegionOn(const std::shared_ptr<RegionEntry>& entry, RegionServer* server,
                                 std::vector<std::string>* warnings) {
  std::vector<RegionOpening> plan(1);
  plan[0].entry = entry;
  plan[0].server = server;
  return OpenRegions(&plan, /*keep_going=*/false, warnings);
}

Result<std::shared_ptr<Region>> ClusterImpl::OpenRegionFiles(const RegionEntry& entry,
                                                             RegionServer* server,
                                                             uint64_t* max_sequence_id,
                                                             std::vector<std::string>* warnings) {
  TableDescriptor desc;
  {
    ReaderMutexLock l(&mu_);
    auto it = tables_.find(entry.record.table);
    if (it == tables_.end()) return Status::NotFound("table " + entry.record.table);
    desc = it->second.desc;
  }
  const std::string encoded = entry.record.encoded_name;
  const std::string table = entry.record.table;
  const std::string server_name = server->name();
  const std::string start = entry.record.start_key, end = entry.record.end_key;
  const uint64_t flush_size = scale_.FlushSizeOf(desc);
  const uint64_t global_mark = server->memstore()->FlushMark();
  // In place before the region opens: an open can flush recovered edits and
  // queue a compaction.
  RegionListener listener{
      [this, encoded, table, server_name, start, end, flush_size,
       global_mark](const FlushEvent& e) {
        ClusterEvent ev{e.time_ms, "flush", table, encoded, server_name,
                        std::string(FlushReasonName(e.reason)) + ": " + std::to_string(e.cells) +
                            " cells, " + std::to_string(e.file_bytes) + " bytes"};
        ev.start_key = start;
        ev.end_key = end;
        ev.cause = FlushReasonName(e.reason);
        ev.input_bytes = e.memstore_bytes;
        ev.output_bytes = e.file_bytes;
        ev.cells = e.cells;
        ev.duration_ms = e.duration_ms;
        if (e.reason == FlushReason::kSize) ev.threshold_bytes = flush_size;
        if (e.reason == FlushReason::kGlobalPressure) ev.threshold_bytes = global_mark;
        RecordEvent(std::move(ev));
        if (options_.auto_split) RequestSplitCheck(encoded);
      },
      [this, encoded, table, server_name, start, end](const CompactionEvent& e) {
        ClusterEvent ev{e.time_ms, e.major ? "major compaction" : "minor compaction", table,
                        encoded, server_name,
                        e.family + ": " + std::to_string(e.input_files) + " files, " +
                            std::to_string(e.input_bytes) + " -> " +
                            std::to_string(e.output_bytes) + " bytes" +
                            (e.off_peak ? " (off-peak)" : "")};
        ev.start_key = start;
        ev.end_key = end;
        ev.cause = e.reason + (e.off_peak ? " (off-peak)" : "");
        ev.input_files = e.input_files;
        ev.input_bytes = e.input_bytes;
        ev.output_bytes = e.output_bytes;
        ev.cells = e.output_cells;
        ev.duration_ms = e.duration_ms;
        RecordEvent(std::move(ev));
        RequestSplitCheck(encoded);  // also lets the janitor see finished daughters
      },
      [this, encoded, table, server_name](const std::string& what, const Status& error) {
        RecordEvent({clock_->NowMillis(),
                     what == "flush" ? std::string(kEventFlushFailed)
                                     : std::string(kEventCompactionFailed),
                     table, encoded, server_name, error.ToString()});
      }};
  RecoveryReport report;
  RegionOptions options = RegionOptionsFor(desc, server);
  options.wal_corrupt_dir = JoinPath(CorruptDir(), encoded);
  auto region = Region::Open(options, entry.dir, RegionDescriptorFor(desc, entry.record),
                             server->wal(), &report, std::move(listener));
  for (const auto& w : report.warnings) {
    RecordEvent({clock_->NowMillis(), std::string(kEventKindDamage), table, encoded, server_name, w});
    if (warnings != nullptr) warnings->push_back(w);
  }
  if (!region.ok()) return region.status();
  *max_sequence_id = report.max_sequence_id;
  return std::shared_ptr<Region>(std::move(*region));
}

Status ClusterImpl::OpenRegions(std::vector<RegionOpening>* plan, bool keep_going,
                                std::vector<std::string>* warnings) {
  struct Opened {
    RegionOpening* opening;
    std::shared_ptr<Region> region;
    RegionRecord record;
    uint64_t max_sequence_id = 0;
  };
  std::vector<Opened> opened;
  opened.reserve(plan->size());
  Status first_error;
  for (auto& o : *plan) {
    if (o.server == nullptr) {
      o.status = Status::Aborted("no region server is online");
    } else {
      uint64_t max_seq = 0;
      auto region = OpenRegionFiles(*o.entry, o.server, &max_seq, warnings);
      o.status = region.status();
      if (region.ok()) {
        RegionRecord rec = o.entry->record;
        rec.state = RegionState::kOpen;
        rec.server = o.server->name();
        opened.push_back({&o, std::move(*region), std::move(rec), max_seq});
        // Half of a bulk opening done (a create with many split keys, an
        // open of a big directory): where a test kills the process.
        if (plan->size() > 1 && opened.size() == plan->size() / 2) {
          CrashPoint("open-regions:halfway");
        }
        continue;
      }
    }
    if (first_error.ok()) first_error = o.status;
    if (!keep_going) break;
  }
  // Where each region is open: one catalog transaction for all of them. The
  // record is where the next open puts the region back; the region itself
  // needs nothing durable to open again (its files are in its manifest).
  CatalogBatch batch;
  for (const auto& o : opened) batch.PutRegion(o.record);
  Status s = catalog_->Apply(batch);
  if (!s.ok()) {
    for (auto& o : opened) {
      LogIfFailed(log_.get(), o.region->Close(),
                  "closing region " + o.record.encoded_name + " of " + o.record.table +
                      " after the catalog refused its opening");
      o.opening->status = s;
    }
    return s;
  }
  const int64_t now = clock_->NowMillis();
  WriterMutexLock l(&mu_);
  for (auto& o : opened) {
    RegionEntry& e = *o.opening->entry;
    e.record = std::move(o.record);
    e.region = std::move(o.region);
    e.server = o.opening->server;
    e.open_seq_num = o.max_sequence_id + 1;
    e.opened_ms = now;
    e.open_error.clear();
  }
  return first_error;
}

}  // namespace regionlab
