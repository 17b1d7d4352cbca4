// describe for a family as a remote HBase cluster reports it: the values
// are printed as the cluster gave them, since RegionLab's FamilyOptions
// cannot hold all of HBase's (LZ4 or ZSTD compression, FAST_DIFF encoding,
// a replication scope).
#include <cstdlib>

#include "shell/args.h"
#include "shell/descriptors.h"

namespace regionlab::shell {

namespace {

// DescribeFamily's keys, in its (HBase 2.2+'s) order.
constexpr const char* kOrder[] = {"BLOOMFILTER", "IN_MEMORY",   "VERSIONS",
                                  "KEEP_DELETED_CELLS", "DATA_BLOCK_ENCODING", "COMPRESSION",
                                  "TTL",         "MIN_VERSIONS", "BLOCKCACHE",
                                  "BLOCKSIZE",   "REPLICATION_SCOPE"};

bool IsOrdered(const std::string& key) {
  for (const char* k : kOrder) {
    if (key == k) return true;
  }
  return false;
}

// HBase's describe prints TTL in its human-readable form; the REST schema
// gives seconds.
std::string TtlText(const std::string& value) {
  char* end = nullptr;
  const long long seconds = std::strtoll(value.c_str(), &end, 10);
  if (end == value.c_str() || *end != '\0') return value;
  return HumanReadableTtl(seconds);
}

std::vector<std::pair<std::string, std::string>> Ordered(const RawSchema::Attributes& attributes) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const char* k : kOrder) {
    for (const auto& [key, value] : attributes) {
      if (key == k) out.emplace_back(key, key == "TTL" ? TtlText(value) : value);
    }
  }
  for (const auto& [key, value] : attributes) {
    if (!IsOrdered(key) && key != "NAME") out.emplace_back(key, value);
  }
  return out;
}

}  // namespace

std::string DescribeRawFamily(const std::string& name, const RawSchema::Attributes& attributes) {
  std::string s = "{NAME => '" + name + "'";
  for (const auto& [key, value] : Ordered(attributes)) s += ", " + key + " => '" + value + "'";
  return s + "}";
}

Json RawFamilyJson(const std::string& name, const RawSchema::Attributes& attributes) {
  Json j = Json::Object();
  j.Set("NAME", name);
  for (const auto& [key, value] : Ordered(attributes)) j.Set(key, value);
  return j;
}

}  // namespace regionlab::shell
