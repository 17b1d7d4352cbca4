// The demo schema: tables from the HBase notes (../shared/seeds), created and
// filled through the engine so that a new data directory has something real
// to look at.
//   NewsClickFeedback  family Toutiao (VERSIONS 1, BLOCKCACHE, BLOOMFILTER ROW,
//                      COMPRESSION SNAPPY, TTL 259200), SPLITS '1'..'f';
//                      row key: one hex character of the user id's hash, then
//                      the user id and the news id (note 001).
//   trade              family t, row key salt + sellerId + timestamp with a
//                      salt digit 0..7, pre-split on the salts (note 002).
// Both tables flush at 256 KB so flushes and compactions show on the charts.
//
// Thread-safety: call from the engine worker (EngineController::runJob);
// it blocks for the writes.
#pragma once

#include <QStringList>

#include "regionlab/cluster.h"

namespace regionlab::ui {

// The tables createDemoSchema() makes, in creation order.
QStringList demoTableNames();

// Creates the demo tables that do not exist yet and writes `rowsPerTable`
// rows into each table it created. Returns the first engine error.
regionlab::Status createDemoSchema(regionlab::Cluster& cluster, int rowsPerTable);

}  // namespace regionlab::ui
