// The demo schema: two tables of classic HBase designs, created and
// filled through the engine so that a new data directory has something real
// to look at.
//   NewsClickFeedback  family Toutiao (VERSIONS 1, BLOCKCACHE, BLOOMFILTER ROW,
//                      COMPRESSION SNAPPY, TTL 259200), SPLITS '1'..'f';
//                      row key: one hex character of the user id's hash, then
//                      the user id and the news id (a news click log).
//   trade              family t, row key salt + sellerId + timestamp with a
//                      salt digit 0..7, pre-split on the salts (a salted
//                      trade log, SCHEMES.md's trade-salted).
// Both tables flush at 256 KB so flushes and compactions show on the charts.
//
// The desktop app creates it (File > Create demo tables, `regionlab --demo`)
// and the headless demo (`regionlab-demo`) tours it through the shell.
//
// Thread-safety: blocks for the writes; the GUI calls it on its engine worker
// (EngineController::runJob).
#pragma once

#include <string>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab {

// The tables CreateDemoSchema() makes, in creation order.
std::vector<std::string> DemoTableNames();

// Creates the demo tables that do not exist yet and writes `rows_per_table`
// rows into each table it created. Returns the first engine error.
Status CreateDemoSchema(Cluster& cluster, int rows_per_table);

}  // namespace regionlab
