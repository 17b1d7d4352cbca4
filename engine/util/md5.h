// MD5 (RFC 1321). Used where HBase uses it: encoded region names (the MD5 of
// the region name, in hex) and MD5 rowkey prefixes.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace regionlab {

std::array<uint8_t, 16> Md5(std::string_view data);
// Lower-case hex of the digest (32 characters).
std::string Md5Hex(std::string_view data);

}  // namespace regionlab
