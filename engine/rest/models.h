// The documents of HBase's REST protocol as C++ values (HBase's
// org.apache.hadoop.hbase.rest.model classes), independent of how they are
// written: JSON, XML or protobuf (codec.h). Byte strings (rows, columns,
// values) are raw bytes here; the codecs base64 them where the format asks.
//
// Thread-safety: plain values.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "regionlab/cell.h"

namespace regionlab::rest {

// A cell as a client sends it: each part may be missing (HBase fills the
// row and column from the URL, the timestamp with "now").
struct CellModel {
  std::optional<std::string> column;  // "family:qualifier"
  std::optional<int64_t> timestamp;
  std::string value;
};

struct RowModel {
  std::optional<std::string> key;
  std::vector<CellModel> cells;
};

struct CellSetModel {
  std::vector<RowModel> rows;
};

// A stateful scanner's request (ScannerModel), with HBase's defaults.
struct ScannerModel {
  std::string start_row;  // empty: start of the table
  std::string end_row;    // empty: end of the table
  std::vector<std::string> columns;  // "cf" or "cf:q"
  int32_t batch = INT32_MAX;         // cells per response
  int32_t caching = -1;
  int64_t start_time = 0;
  int64_t end_time = kLatestTimestamp;
  int32_t max_versions = INT32_MAX;
  std::string filter;  // the JSON filter model, as a string (filter_json.h)
  std::vector<std::string> labels;
  bool cache_blocks = true;
  bool include_start_row = true;
  bool include_stop_row = false;
};

// TableSchema and ColumnSchema: a name and string attributes, in order.
using Attributes = std::vector<std::pair<std::string, std::string>>;
struct ColumnSchemaModel {
  std::string name;
  Attributes attrs;
};
struct TableSchemaModel {
  std::string name;
  Attributes attrs;
  std::vector<ColumnSchemaModel> columns;
};

struct TableListModel {
  std::vector<std::string> names;
};

struct NamespacesModel {
  std::vector<std::string> names;
};

struct NamespacePropertiesModel {
  std::map<std::string, std::string> properties;
};

struct VersionModel {
  std::string rest = "0.0.3";
  std::string jvm, os, server, jersey;
  // HBase 2.5.11+ / 2.6.1+ add these two; node-hbase's tests expect the five
  // older keys only, so they are optional.
  std::optional<std::string> version, revision;
};

struct ClusterVersionModel {
  std::string version;
};

struct TableRegionModel {
  std::string name;  // "table,startKey,id.encoded." (plain text, not base64)
  std::string start_key, end_key;
  int64_t id = 0;
  std::string location;
};
struct TableInfoModel {
  std::string name;
  std::vector<TableRegionModel> regions;
};

// /status/cluster. Figures RegionLab does not measure are left out (nullopt)
// rather than sent as zeros; a client reading HBase's document gets them.
struct StatusRegionModel {
  std::string name;  // full region name bytes
  int32_t stores = 0, storefiles = 0, storefile_size_mb = 0, memstore_size_mb = 0;
  int64_t read_requests = 0, write_requests = 0;
  std::optional<int64_t> total_compacting_kvs, current_compacted_kvs;
  // Index and bloom sizes in KB (HBase 1.x's storefileIndexSizeMB is read
  // into storefile_index_size_kb, times 1024).
  std::optional<int64_t> storefile_index_size_kb, root_index_size_kb;
  std::optional<int64_t> total_static_index_size_kb, total_static_bloom_size_kb;
};
struct StatusNodeModel {
  std::string name;
  int64_t start_code = 0;
  int64_t requests = 0;
  int32_t heap_size_mb = 0, max_heap_size_mb = 0;
  std::vector<StatusRegionModel> regions;
};
struct ClusterStatusModel {
  std::vector<StatusNodeModel> live_nodes;
  std::vector<std::string> dead_nodes;
  int32_t regions = 0;
  int64_t requests = 0;
  double average_load = 0;
};

}  // namespace regionlab::rest
