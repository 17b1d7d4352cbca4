// Helpers shared by the catalog tests: descriptors, region layouts and
// field-by-field comparisons.
#pragma once

#include <QtTest>
#include <algorithm>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "regionlab/bytes.h"
#include "support/test_util.h"

namespace regionlab::test {

inline FamilyOptions Family(const std::string& name) {
  FamilyOptions f;
  f.name = name;
  return f;
}

inline TableDescriptor MakeTable(const std::string& ns, const std::string& name,
                                 const std::vector<std::string>& families = {"cf"}) {
  TableDescriptor t;
  t.ns = ns;
  t.name = name;
  for (const std::string& f : families) t.families.push_back(Family(f));
  return t;
}

// Regions of `table` split at `split_keys` (sorted), named prefix0, prefix1, ...
inline std::vector<RegionRecord> TileRegions(const std::string& table,
                                             const std::vector<std::string>& split_keys,
                                             const std::string& prefix, int64_t region_id = 1000) {
  std::vector<RegionRecord> out;
  std::string start;
  for (size_t i = 0; i <= split_keys.size(); ++i) {
    RegionRecord r;
    r.encoded_name = prefix + std::to_string(i);
    r.table = table;
    r.start_key = start;
    r.end_key = i < split_keys.size() ? split_keys[i] : std::string();
    r.region_id = region_id;
    r.state = RegionState::kOpen;
    r.server = "rs" + std::to_string(i % 3) + ",16020,1";
    start = r.end_key;
    out.push_back(r);
  }
  return out;
}

// The batch a split of `parent` at `key` writes: the parent becomes a split
// parent, daughters `name_a` and `name_b` appear, with a history record, a
// server event and the end of journal entry `op_id`.
inline CatalogBatch SplitBatch(const RegionRecord& parent, const std::string& key,
                               const std::string& name_a, const std::string& name_b, int64_t op_id,
                               int64_t now) {
  RegionRecord p = parent;
  p.state = RegionState::kSplit;
  p.split_parent = true;
  p.server.clear();
  RegionRecord a = parent;
  a.encoded_name = name_a;
  a.end_key = key;
  a.region_id = std::max(now, parent.region_id + 1);
  a.parents = {parent.encoded_name};
  RegionRecord b = a;
  b.encoded_name = name_b;
  b.start_key = key;
  b.end_key = parent.end_key;
  HistoryRecord h;
  h.time_ms = now;
  h.kind = kHistorySplit;
  h.table = parent.table;
  h.parents = {parent.encoded_name};
  h.daughters = {name_a, name_b};
  h.split_key = key;
  h.cause = "org.apache.hadoop.hbase.regionserver.SteppingSplitPolicy";
  h.size_bytes = 300 << 20;
  h.threshold_bytes = 256 << 20;
  CatalogBatch batch;
  batch.PutRegion(p).PutRegion(a).PutRegion(b).AddHistory(h);
  batch.AddServerEvent({0, now, parent.server, "region split", parent.encoded_name, "", "", ""});
  batch.FinishOperation(op_id);
  return batch;
}

inline QString Bin(const std::string& s) { return QString::fromStdString(ToStringBinary(s)); }

// QCOMPAREs every field; callers check QTest::currentTestFailed() afterwards.
inline void CompareFamilies(const FamilyOptions& got, const FamilyOptions& want) {
  QCOMPARE(got.name, want.name);
  QCOMPARE(got.max_versions, want.max_versions);
  QCOMPARE(got.min_versions, want.min_versions);
  QCOMPARE(got.ttl_seconds, want.ttl_seconds);
  QCOMPARE(got.keep_deleted_cells, want.keep_deleted_cells);
  QCOMPARE(int(got.bloom), int(want.bloom));
  QCOMPARE(int(got.compression), int(want.compression));
  QCOMPARE(got.compaction_compression.has_value(), want.compaction_compression.has_value());
  if (want.compaction_compression) {
    QCOMPARE(int(*got.compaction_compression), int(*want.compaction_compression));
  }
  QCOMPARE(int(got.data_block_encoding), int(want.data_block_encoding));
  QCOMPARE(got.block_cache, want.block_cache);
  QCOMPARE(got.in_memory, want.in_memory);
  QCOMPARE(got.block_size, want.block_size);
  QVERIFY(got.configuration == want.configuration);
}

inline void CompareTables(const TableDescriptor& got, const TableDescriptor& want) {
  QCOMPARE(got.ns, want.ns);
  QCOMPARE(got.name, want.name);
  QCOMPARE(got.max_file_size, want.max_file_size);
  QCOMPARE(got.memstore_flush_size, want.memstore_flush_size);
  QCOMPARE(got.split_policy, want.split_policy);
  QCOMPARE(int(got.durability), int(want.durability));
  QCOMPARE(got.owner, want.owner);
  QVERIFY(got.metadata == want.metadata);
  QVERIFY(got.configuration == want.configuration);
  QCOMPARE(got.enabled, want.enabled);
  QCOMPARE(got.families.size(), want.families.size());
  for (size_t i = 0; i < got.families.size(); ++i) {
    CompareFamilies(got.families[i], want.families[i]);
    if (QTest::currentTestFailed()) return;
  }
}

// True when `s` failed and its message contains `text`.
inline bool FailsWith(const Status& s, const std::string& text) {
  return !s.ok() && s.message().find(text) != std::string::npos;
}

}  // namespace regionlab::test
