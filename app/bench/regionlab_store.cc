#include "regionlab_store.h"

#include <cstdio>

#include "cache/read_ahead.h"
#include "region/scan_read_ahead.h"
#include "regionlab/store_configuration.h"
#include "storefile/bloom_filter.h"
#include "storefile/store_file_iterator.h"
#include "util/env.h"

namespace regionlab::bench {

regionlab::FamilyOptions benchFamily(const StoreSettings& settings) {
  regionlab::FamilyOptions family;
  family.name = kRegionLabFamily;
  family.max_versions = 1;
  family.compression = regionlab::Compression::kSnappy;
  family.bloom = regionlab::BloomType::kRow;
  if (settings.blockSize != 0) family.block_size = settings.blockSize;
  return family;
}

std::vector<std::pair<std::string, std::string>> describeFamily(
    const regionlab::FamilyOptions& family) {
  char bits_per_key[32];
  std::snprintf(bits_per_key, sizeof(bits_per_key), "%g", regionlab::storefile::kBloomBitsPerKey);
  return {
      {"COMPRESSION", regionlab::CompressionName(family.compression)},
      {"BLOOMFILTER", regionlab::BloomTypeName(family.bloom)},
      {"bloom layout", "blocked: each key's " + std::to_string(regionlab::storefile::kBloomProbes) +
                           " probes in one 64-byte block, " + bits_per_key + " bits/key"},
      {"BLOCKSIZE", std::to_string(family.block_size)},
      {"checksums", "CRC32C per block, verified on every read"},
      {"scan read-ahead",
       "after " + std::to_string(regionlab::storefile::StoreFileIterator::kReadAheadAfterBlocks) +
           " blocks in a row, the next block on the block cache's thread (at idle priority, "
           "SCHED_IDLE: it runs only on a core nothing else wants; it polls " +
           std::to_string(regionlab::ReadAhead::kIdlePollMicros) +
           " us for requests before it sleeps); a scan with a "
           "limit queues, when it opens, the blocks its limit is expected to cross in each "
           "file (at most " +
           std::to_string(regionlab::kMaxBlocksAhead) + " per file)"},
  };
}

std::pair<std::string, std::string> describeCompaction(
    const std::map<std::string, std::string>& configuration, const regionlab::RegionOptions& o) {
  const regionlab::CompactionOptions& c = o.compaction;
  char ratio[32];
  std::snprintf(ratio, sizeof(ratio), "%g", c.ratio);
  std::string text = "exploring policy: " + std::to_string(c.min_files) + "-" +
                     std::to_string(c.max_files) + " files, ratio " + ratio + ", min.size " +
                     (c.min_size == 0 ? "= flush size" : std::to_string(c.min_size) + " B");
  if (c.max_size != UINT64_MAX) text += ", max.size " + std::to_string(c.max_size) + " B";
  if (regionlab::HasOffPeakHours(c)) {
    std::snprintf(ratio, sizeof(ratio), "%g", c.offpeak_ratio);
    text += "; off-peak hours " + std::to_string(c.offpeak_start_hour) + "-" +
            std::to_string(c.offpeak_end_hour) + " h local time: ratio " + ratio;
    if (c.offpeak_max_size != 0) text += ", max.size " + std::to_string(c.offpeak_max_size) + " B";
  }
  text += "; blockingStoreFiles " + std::to_string(o.blocking_store_files);
  text += configuration.empty() ? " (HBase's defaults)" : " (table CONFIGURATION)";
  return {"compaction", text};
}

std::vector<regionlab::ColumnSpec> benchGetColumns() {
  return {{kRegionLabFamily, kRegionLabQualifier, /*whole_family=*/false}};
}

RegionLabRegionStore::RegionLabRegionStore(StoreSettings settings)
    : m_settings(std::move(settings)) {
  m_descriptor.table = "bench";
  m_descriptor.encoded_name = "bench0000000001";
  m_descriptor.families.push_back(benchFamily(m_settings));
  m_get.columns = benchGetColumns();
  m_put.Put(kRegionLabFamily, kRegionLabQualifier, {});
}

RegionLabRegionStore::~RegionLabRegionStore() { (void)close(); }

regionlab::RegionOptions RegionLabRegionStore::regionOptions() const {
  regionlab::RegionOptions options;
  options.block_cache_capacity = m_settings.blockCacheBytes;  // the region's own cache
  options.memstore_flush_size = m_settings.writeBufferBytes;
  regionlab::ApplyStoreConfiguration(m_settings.regionLabConfiguration, &options);
  options.durability = m_settings.sync == SyncMode::kSyncWal ? regionlab::Durability::kSyncWal
                                                             : regionlab::Durability::kAsyncWal;
  return options;
}

std::vector<std::pair<std::string, std::string>> RegionLabRegionStore::describe() const {
  const regionlab::RegionOptions o = regionOptions();
  const regionlab::FamilyOptions& f = m_descriptor.families.front();
  std::vector<std::pair<std::string, std::string>> out = {
      {"layout", "one region of one table, opened directly (no cluster)"},
      {"DURABILITY", regionlab::DurabilityName(o.durability)},
      {"WAL",
       "region's own WAL, group commit; ASYNC_WAL syncs in the background every "
       "second (HBase's optionallogflushinterval)"},
  };
  for (auto& setting : describeFamily(f)) out.push_back(std::move(setting));
  out.push_back(
      {"block cache", std::to_string(o.block_cache_capacity >> 20) + " MiB (LruBlockCache)"});
  out.push_back({"MEMSTORE_FLUSHSIZE", std::to_string(o.memstore_flush_size >> 20) + " MiB"});
  out.push_back(describeCompaction(m_settings.regionLabConfiguration, o));
  out.push_back({"background threads", std::to_string(o.background_threads)});
  return out;
}

Status RegionLabRegionStore::open() {
  if (m_region) return Status::OK();
  auto region = regionlab::Region::Open(regionOptions(), m_settings.dir, m_descriptor);
  if (!region.ok()) return region.status();
  m_region = std::move(*region);
  return Status::OK();
}

Status RegionLabRegionStore::close() {
  if (!m_region) return Status::OK();
  Status s = m_region->Close();
  m_region.reset();
  return s;
}

Status RegionLabRegionStore::put(std::string_view key, std::string_view value) {
  // One mutation reused across puts (its strings keep their buffers).
  m_put.row.assign(key);
  m_put.cells.front().value.assign(value);
  return m_region->Mutate(m_put);
}

Status RegionLabRegionStore::get(std::string_view key, std::string* value, bool* found) {
  m_get.row.assign(key);
  RL_RETURN_IF_ERROR(m_region->DoGet(m_get, &m_row));
  *found = !m_row.cells.empty();
  if (*found) value->assign(m_row.cells.front().value);
  return Status::OK();
}

Status RegionLabRegionStore::scan(const ScanRequest& request, const ScanVisitor& visit) {
  regionlab::Scan scan;
  scan.start_row = request.start;
  scan.reversed = request.reverse;
  scan.limit = request.limit == 0 ? -1 : static_cast<int64_t>(request.limit);
  auto scanner = m_region->GetScanner(scan);
  if (!scanner.ok()) return scanner.status();
  while ((*scanner)->Next(&m_scanRow)) {
    if (!m_scanRow.cells.empty()) visit(m_scanRow.row, m_scanRow.cells.front().value);
  }
  return (*scanner)->status();
}

Status RegionLabRegionStore::compactAll() {
  RL_RETURN_IF_ERROR(m_region->Flush());
  RL_RETURN_IF_ERROR(m_region->Compact(/*major=*/true));
  RL_RETURN_IF_ERROR(m_region->WaitForBackgroundWork());
  // Everything is flushed: the roll deletes the WAL segments, as LevelDB and
  // RocksDB drop a log once its memtable is flushed.
  return m_region->RollWal();
}

StoreLayout RegionLabRegionStore::layout() const {
  const regionlab::RegionMetrics m = m_region->GetMetrics();
  uint64_t cells = 0;
  for (const auto& store : m.stores) cells += store.store_file_cells;
  return {m.store_files, m.store_file_bytes,
          countOf(m.store_files, "store file") + ", " + countOf(cells, "cell") + "; memstore " +
              bytesText(m.memstore_heap_bytes)};
}

}  // namespace regionlab::bench
