// The built-in example schemes: the rowkey designs of the HBase notes
// (shared/seeds), each loadable by name in the builder and with
// `regionlab-scheme --example NAME`. SCHEMES.md describes each one and the
// note it comes from.
//
//   transaction     note 000: 2-byte hash field + time of day in ms (6 bytes)
//   statistics      note 000: 4-byte series field + minute of the day (6 bytes)
//   general         note 000: 4-byte sequence + up to 12 bytes of user fields
//   user-time-file  note 000: userID(6) + createTime(8) + fileID(6), 20 characters
//   trade-salted    note 002: salt + sellerId + timestamp
//   risk-hash       note 002: substr(md5(uid), 0, 6) + uid
//   vehicle         note 002: substr(md5(carId), 0, 4) + carId + timestamp
//   latest-first    note 002: uid + (Long.MAX_VALUE - timestamp)
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
