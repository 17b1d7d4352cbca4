// The store settings a table's or a family's CONFIGURATION can override.
//
// Keys read (any other key is kept in the descriptor and not interpreted):
//   hbase.hstore.compaction.min        files a minor compaction takes at least
//                                      (below 2 counts as 2, as in HBase)
//   hbase.hstore.compaction.max        files a minor compaction takes at most
//   hbase.hstore.compaction.ratio      a file joins a compaction when it is at
//                                      most ratio x the others together
//   hbase.hstore.compaction.min.size   windows below this skip the ratio test
//                                      (0 acts as 1)
//   hbase.hstore.compaction.max.size   bytes: larger files, and windows
//                                      larger in total, are not compacted
//   hbase.hstore.compaction.ratio.offpeak
//                                      the ratio during off-peak hours
//   hbase.hstore.compaction.max.size.offpeak
//                                      the maximum size during them
//   hbase.offpeak.start.hour           off-peak hours, local time: from the
//   hbase.offpeak.end.hour             start hour (inclusive) to the end hour
//                                      (exclusive), 0-23; -1 = none
//   hbase.hstore.blockingStoreFiles    files at which a store counts as
//                                      stuck, so that selection takes the
//                                      smallest window whatever the ratio
// A value that is not a number of the right kind (a whole number; for the
// ratios a positive, finite decimal; for the hours -1 to 23) leaves the
// default in place and is named in the result.
//
// HBase layers a store's configuration: the region server's, then the
// table's CONFIGURATION, then the family's, each overriding the one before.
// The cluster applies the table's to the region's options and the region
// applies each family's on top for that family's store.
//
// Thread-safety: a pure function.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "regionlab/options.h"

namespace regionlab {

// The keys above, in that order.
const std::vector<std::string>& StoreConfigurationKeys();

// Applies the keys `configuration` sets to *options. Returns the keys above
// whose values it could not read (and left at the default).
std::vector<std::string> ApplyStoreConfiguration(
    const std::map<std::string, std::string>& configuration, RegionOptions* options);
// The same, for one store's settings.
std::vector<std::string> ApplyStoreConfiguration(
    const std::map<std::string, std::string>& configuration, CompactionOptions* compaction,
    int* blocking_store_files);

// One message per key above whose value cannot be read:
// "<where> <key>: '<value>' cannot be read, so RegionLab keeps its default".
// `where` names the CONFIGURATION, e.g. "CONFIGURATION" or
// "column family f CONFIGURATION".
std::vector<std::string> UnreadStoreSettingWarnings(
    const std::map<std::string, std::string>& configuration, const std::string& where);

}  // namespace regionlab
