// The store settings a table's CONFIGURATION can override, as in HBase, where
// a table's (and a family's) CONFIGURATION values sit on top of the region
// server's configuration for that table's stores.
//
// Keys read (any other key is kept in the descriptor and not interpreted):
//   hbase.hstore.compaction.min        files a minor compaction takes at least
//                                      (below 2 counts as 2, as in HBase)
//   hbase.hstore.compaction.max        files a minor compaction takes at most
//   hbase.hstore.compaction.ratio      a file joins a compaction when it is at
//                                      most ratio x the others together
//   hbase.hstore.compaction.min.size   windows below this skip the ratio test
//                                      (0 acts as 1)
//   hbase.hstore.blockingStoreFiles    files at which writes wait for a
//                                      compaction
// A value that is not a number of the right kind (a whole number; for the
// ratio a positive, finite decimal) leaves the default in place, as an
// unreadable value did before.
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

}  // namespace regionlab
