// What the workload tests share: a timestamp-first scheme (the classic write
// hotspot) and the 16 split keys of a table pre-split on a 1-byte salt.
#pragma once

#include <string>
#include <vector>

namespace regionlab::test {

// Events by time: the timestamp leads the key, so every write lands after
// the one before it.
inline constexpr char kTimestampFirstScheme[] = R"({
  "name": "events-by-time",
  "description": "timestamp + event id: monotonic keys",
  "fields": [{"name": "ts", "type": "long"}, {"name": "eventId", "type": "long", "unique": true}],
  "segments": [
    {"kind": "timestamp", "field": "ts", "encoding": "binary"},
    {"kind": "field", "field": "eventId", "encoding": "binary", "width": 8}
  ],
  "workload": {"seed": 3, "models": [
    {"field": "ts", "model": "increasing_time", "start": "2024-06-01T00:00:00Z", "max_step_ms": 5}
  ]}
})";

// 16 regions on a 1-byte binary salt ("\x01" .. "\x0f"), as trade-salted writes them.
inline std::vector<std::string> SaltSplits() {
  std::vector<std::string> splits;
  for (int b = 1; b < 16; ++b) splits.push_back(std::string(1, static_cast<char>(b)));
  return splits;
}

}  // namespace regionlab::test
