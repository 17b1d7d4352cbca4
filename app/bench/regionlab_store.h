// RegionLabRegionStore: regionlab-bench's adapter for the RegionLab engine
// run as one region of one table with one column family, the region keeping
// its own write-ahead log (HBase's single-region table).
//
// Each benchmark key is a row; its value is the cell f:v, which get() reads
// by naming the column (benchGetColumns). The family has
// COMPRESSION SNAPPY, BLOOMFILTER ROW and VERSIONS 1; the region's
// MEMSTORE_FLUSHSIZE is the shared write-buffer size and its DURABILITY is
// SYNC_WAL or ASYNC_WAL as the run asks.
//
// The table pre-split into N regions over 3 region servers is the adapter
// in regionlab_cluster_store.h; both use the schema below.
//
// Thread-safety: as KvStore.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kv_store.h"
#include "regionlab/region.h"

namespace regionlab::bench {

// The benchmark's schema on RegionLab: each key is a row, its value the cell
// kFamily:kQualifier.
inline constexpr char kRegionLabFamily[] = "f";
inline constexpr char kRegionLabQualifier[] = "v";

// The family both RegionLab adapters create: VERSIONS 1, COMPRESSION SNAPPY,
// BLOOMFILTER ROW and the run's BLOCKSIZE.
regionlab::FamilyOptions benchFamily(const StoreSettings& settings);
// What get() asks for: the one column, as a key-value client of HBase reads
// a value (Get.addColumn(f, v)) -- not the whole family.
std::vector<regionlab::ColumnSpec> benchGetColumns();
// The compaction settings `o` holds, for the configuration printout; says
// whether they came from a table CONFIGURATION.
std::pair<std::string, std::string> describeCompaction(
    const std::map<std::string, std::string>& configuration, const regionlab::RegionOptions& o);
// The (name, value) settings of `family` both adapters print.
std::vector<std::pair<std::string, std::string>> describeFamily(
    const regionlab::FamilyOptions& family);

class RegionLabRegionStore final : public KvStore {
 public:
  explicit RegionLabRegionStore(StoreSettings settings);
  ~RegionLabRegionStore() override;

  std::string name() const override { return "RegionLab"; }
  std::vector<std::pair<std::string, std::string>> describe() const override;

  Status open() override;
  Status close() override;
  Status put(std::string_view key, std::string_view value) override;
  Status get(std::string_view key, std::string* value, bool* found) override;
  Status scan(const ScanRequest& request, const ScanVisitor& visit) override;
  Status compactAll() override;
  StoreLayout layout() const override;

 private:
  regionlab::RegionOptions regionOptions() const;

  const StoreSettings m_settings;
  regionlab::RegionDescriptor m_descriptor;
  std::unique_ptr<regionlab::Region> m_region;
  // Reused by put(), get() and scan() (one call at a time each, see
  // KvStore): their buffers keep their capacity.
  regionlab::RowMutation m_put;
  regionlab::Get m_get;
  regionlab::RowResult m_row, m_scanRow;
};

}  // namespace regionlab::bench
