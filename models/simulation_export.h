// Export of the distribution simulator's figures as CSV (RFC 4180, CRLF line
// ends, keys in Bytes.toStringBinary form so the file is plain ASCII).
//
// One header, then per scheme (both when comparing) its rows:
//   scheme,level,index,name,server,start_key,end_key,writes,bytes,write_share,split_threshold,value
//   level "region":  index 1.., name the region, its server and keys,
//                    writes, bytes, share of the writes (0..1), threshold
//   level "server":  index 1.., name the server, writes, bytes, share
//   level "summary": name the figure, value: keys, bytes, region_skew,
//                    region_bytes_skew, server_skew, gini, window_skew
//                    (index = the tenth of the run), max_window_skew,
//                    first_split_at_write and first_split_region (when a
//                    split is expected), first_split_within_run (1 or 0),
//                    seconds (Simulate's own time)
// Empty columns are left empty.
//
// Thread-safety: pure functions.
#pragma once

#include <QByteArray>
#include <QString>

#include "models/simulation_runner.h"

namespace regionlab::ui {

QByteArray simulationToCsv(const SimulationOutcome& outcome);
bool writeSimulationCsv(const QString& path, const SimulationOutcome& outcome, QString* error);

}  // namespace regionlab::ui
