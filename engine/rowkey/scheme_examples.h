// The built-in example schemes: common HBase rowkey designs, each loadable
// by name in the builder and with `regionlab-scheme --example NAME`.
// SCHEMES.md ("Built-in examples") says what each design is for and what
// its analysis shows.
//
//   transaction     2-byte hash field + time of day in ms (6 bytes)
//   statistics      4-byte series field + minute of the day (6 bytes)
//   general         4-byte sequence + up to 12 bytes of user fields
//   user-time-file  userID(6) + createTime(8) + fileID(6), 20 characters
//   trade-salted    salt + sellerId + timestamp
//   risk-hash       substr(md5(uid), 0, 6) + uid
//   vehicle         substr(md5(carId), 0, 4) + carId + timestamp
//   latest-first    uid + (Long.MAX_VALUE - timestamp)
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

// The names above, in that order.
std::vector<std::string> ExampleSchemeNames();

// The example called `name`; NotFound listing the names otherwise.
Result<RowkeyScheme> ExampleScheme(std::string_view name);

}  // namespace regionlab::rowkey
