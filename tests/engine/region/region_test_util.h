// Helpers for the region tests: a small region factory and result shorthands.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "regionlab/region.h"
#include "support/test_util.h"

namespace regionlab::test {

inline FamilyOptions Family(std::string name, int versions = 1) {
  FamilyOptions f;
  f.name = std::move(name);
  f.max_versions = versions;
  return f;
}

inline RegionDescriptor Descriptor(std::vector<FamilyOptions> families, std::string start = {},
                                   std::string end = {}) {
  RegionDescriptor d;
  d.table = "t";
  d.encoded_name = "r0001";
  d.start_key = std::move(start);
  d.end_key = std::move(end);
  d.families = std::move(families);
  return d;
}

// "family:qualifier@ts=value" for each cell, for readable comparisons.
inline QStringList Describe(const std::vector<Cell>& cells) {
  QStringList out;
  for (const auto& c : cells) {
    out << QString::fromStdString(c.row + "/" + c.family + ":" + c.qualifier + "@" +
                                  std::to_string(c.timestamp) + "=" + c.value);
  }
  return out;
}

// Puts `value` into f:q of rows "row<first>" .. "row<first + count - 1>".
inline Status PutRows(Region* region, int first, int count, const std::string& value) {
  for (int i = 0; i < count; ++i) {
    RowMutation m;
    m.row = "row" + std::to_string(first + i);
    m.Put("f", "q", value);
    RL_RETURN_IF_ERROR(region->Mutate(m));
  }
  return Status::OK();
}

inline std::vector<RowResult> ScanAll(Region* region, Scan scan = {}) {
  std::vector<RowResult> rows;
  auto scanner = region->GetScanner(scan);
  if (!scanner.ok()) return rows;
  RowResult r;
  while ((*scanner)->Next(&r)) rows.push_back(r);
  return rows;
}

inline QStringList RowKeys(const std::vector<RowResult>& rows) {
  QStringList out;
  for (const auto& r : rows) out << QString::fromStdString(r.row);
  return out;
}

}  // namespace regionlab::test
