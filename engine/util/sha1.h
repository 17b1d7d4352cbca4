// SHA-1 (FIPS 180-4). Used for SHA-1 rowkey hash prefixes, as HBase users
// write substring(sha1Hex(id), 0, x) + id. Not for security.
//
// Thread-safety: pure functions.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace regionlab {

std::array<uint8_t, 20> Sha1(std::string_view data);
// Lower-case hex of the digest (40 characters).
std::string Sha1Hex(std::string_view data);

}  // namespace regionlab
