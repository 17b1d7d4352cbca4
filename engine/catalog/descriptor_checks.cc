// HBase's sanity checks that RegionLab turns into warnings
// (regionlab/table_descriptor.h, TableSanityWarnings).
#include <algorithm>
#include <cctype>

#include "regionlab/table_descriptor.h"

namespace regionlab {

namespace {

constexpr char kSanityChecksKey[] = "hbase.table.sanity.checks";

// True when METADATA or CONFIGURATION sets hbase.table.sanity.checks to
// false (Boolean.valueOf: "false" in any case counts as false, and so does
// anything but "true").
bool SanityChecksOff(const TableDescriptor& d) {
  for (const auto* m : {&d.metadata, &d.configuration}) {
    auto it = m->find(kSanityChecksKey);
    if (it == m->end()) continue;
    std::string v = it->second;
    v.erase(std::remove_if(v.begin(), v.end(), [](unsigned char c) { return std::isspace(c); }),
            v.end());
    std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return std::tolower(c); });
    if (v != "true") return true;
  }
  return false;
}

}  // namespace

std::vector<SanityWarning> TableSanityWarnings(const TableDescriptor& d) {
  const std::string consequence =
      SanityChecksOff(d) ? " hbase.table.sanity.checks is false, so HBase accepts it too."
                         : " HBase refuses this unless hbase.table.sanity.checks is false.";
  std::vector<SanityWarning> out;
  if (d.max_file_size < kHBaseMinMaxFileSize) {
    out.push_back({"MAX_FILESIZE",
                   "MAX_FILESIZE for table descriptor or \"hbase.hregion.max.filesize\" (" +
                       std::to_string(d.max_file_size) +
                       ") is too small, which might cause over splitting into unmanageable "
                       "number of regions." +
                       consequence});
  }
  if (d.memstore_flush_size < kHBaseMinFlushSize) {
    out.push_back({"MEMSTORE_FLUSHSIZE",
                   "MEMSTORE_FLUSHSIZE for table descriptor or \"hbase.hregion.memstore.flush.size\" (" +
                       std::to_string(d.memstore_flush_size) +
                       ") is too small, which might cause very frequent flushing." + consequence});
  }
  return out;
}

}  // namespace regionlab
