// The one-owner rule for a data directory.
//
// Two processes writing one data directory would flush to the same store-file
// names and lose each other's acknowledged writes, so Cluster::Open takes an
// exclusive lock on <data dir>/LOCK (as LevelDB does) before it reads anything,
// and holds it until Close. The lock dies with its process: a crash never
// blocks the next open. While held, the LOCK file carries a note naming the
// holder (program, pid, and the REST gateway URL when it serves one), so a
// refused opener can say who has the directory and how to reach it instead.
//
// Thread-safety: free functions on values; the FileLock returned is used by
// its owner only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "regionlab/status.h"
#include "util/env.h"

namespace regionlab {

inline constexpr std::string_view kDataDirLockFile = "LOCK";

// Who holds a data directory, as its LOCK file's note says.
struct DataDirHolder {
  std::string program;   // e.g. "regionlab-shell"
  int64_t pid = 0;       // 0 when unknown
  std::string rest_url;  // the holder's REST gateway, "" when it serves none
};

// The note's text: "program=...\npid=...\nrest=...\n" (one key per line).
std::string FormatDataDirHolder(const DataDirHolder& holder);
// Reads a note back; unknown keys and malformed lines are ignored.
DataDirHolder ParseDataDirHolder(std::string_view note);

// The name of the running program (its executable's base name).
std::string CurrentProgramName();

// Locks `data_dir` for `me` and writes the note. When another holder has it:
// Busy, with a message that names the directory, the holder and the ways on.
Result<std::unique_ptr<FileLock>> LockDataDirectory(Env* env, const std::string& data_dir,
                                                    const DataDirHolder& me);

}  // namespace regionlab
