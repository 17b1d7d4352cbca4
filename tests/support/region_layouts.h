// Small builders for the remote region-history tests: a region placement
// and a poll's layout from a list of them, and warnings joined for a
// failure message.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "remote/region_history.h"

namespace regionlab::test {

inline remote::RegionPlacement R(const std::string& table, const std::string& name,
                                 const std::string& start, const std::string& end,
                                 const std::string& server = "rs1:16020") {
  remote::RegionPlacement r;
  r.table = table;
  r.encoded_name = name;
  r.start_key = start;
  r.end_key = end;
  r.server = server;
  return r;
}

inline remote::RegionSet Set(int64_t time_ms, std::vector<remote::RegionPlacement> regions) {
  remote::RegionSet s;
  s.time_ms = time_ms;
  for (remote::RegionPlacement& r : regions) s.tables[r.table].push_back(std::move(r));
  return s;
}

inline std::string Joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

}  // namespace regionlab::test
