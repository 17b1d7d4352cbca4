// Protobuf, with HBase's messages and field numbers (proto/*.proto, compiled
// by protoc at build time). A body that does not parse, or lacks a required
// field, is refused whole.
#include "CellSetMessage.pb.h"
#include "NamespacePropertiesMessage.pb.h"
#include "NamespacesMessage.pb.h"
#include "ScannerMessage.pb.h"
#include "StorageClusterStatusMessage.pb.h"
#include "TableInfoMessage.pb.h"
#include "TableListMessage.pb.h"
#include "TableSchemaMessage.pb.h"
#include "VersionMessage.pb.h"
#include "rest/codec.h"

namespace regionlab::rest::pb {

namespace gen = org::apache::hadoop::hbase::rest::protobuf::generated;

namespace {

template <typename M>
Status ParseMessage(std::string_view body, const char* what, M* out) {
  if (body.size() > static_cast<size_t>(INT32_MAX) ||
      !out->ParseFromArray(body.data(), static_cast<int>(body.size()))) {
    return Status::InvalidArgument(std::string("malformed protobuf ") + what + " (" +
                                   std::to_string(body.size()) +
                                   " bytes): it does not parse, or lacks a required field" +
                                   (out->IsInitialized() ? "" : " (" +
                                        out->InitializationErrorString() + ")"));
  }
  return Status::OK();
}

std::string Serialize(const google::protobuf::MessageLite& m) {
  std::string out;
  m.SerializeToString(&out);
  return out;
}

}  // namespace

Result<CellSetModel> ParseCellSet(std::string_view body) {
  gen::CellSet msg;
  RL_RETURN_IF_ERROR(ParseMessage(body, "CellSet", &msg));
  CellSetModel set;
  for (const auto& row : msg.rows()) {
    RowModel r;
    r.key = row.key();
    for (const auto& cell : row.values()) {
      CellModel c;
      if (cell.has_column()) c.column = cell.column();
      if (cell.has_timestamp()) c.timestamp = cell.timestamp();
      c.value = cell.data();
      r.cells.push_back(std::move(c));
    }
    set.rows.push_back(std::move(r));
  }
  return set;
}

Result<ScannerModel> ParseScanner(std::string_view body) {
  gen::Scanner msg;
  RL_RETURN_IF_ERROR(ParseMessage(body, "Scanner", &msg));
  ScannerModel m;
  m.start_row = msg.startrow();
  m.end_row = msg.endrow();
  for (const auto& c : msg.columns()) m.columns.push_back(c);
  if (msg.has_batch()) m.batch = msg.batch();
  if (msg.has_caching()) m.caching = msg.caching();
  if (msg.has_starttime()) m.start_time = msg.starttime();
  if (msg.has_endtime()) m.end_time = msg.endtime();
  if (msg.has_maxversions()) m.max_versions = msg.maxversions();
  m.filter = msg.filter();
  for (const auto& l : msg.labels()) m.labels.push_back(l);
  if (msg.has_cacheblocks()) m.cache_blocks = msg.cacheblocks();
  if (msg.has_includestartrow()) m.include_start_row = msg.includestartrow();
  if (msg.has_includestoprow()) m.include_stop_row = msg.includestoprow();
  return m;
}

Result<TableSchemaModel> ParseTableSchema(std::string_view body) {
  gen::TableSchema msg;
  RL_RETURN_IF_ERROR(ParseMessage(body, "TableSchema", &msg));
  TableSchemaModel m;
  m.name = msg.name();
  for (const auto& a : msg.attrs()) m.attrs.emplace_back(a.name(), a.value());
  // The "helpful encodings" are attributes too (ProtobufMessageHandler).
  if (msg.has_inmemory()) m.attrs.emplace_back("IN_MEMORY", msg.inmemory() ? "true" : "false");
  if (msg.has_readonly()) m.attrs.emplace_back("READONLY", msg.readonly() ? "true" : "false");
  for (const auto& col : msg.columns()) {
    ColumnSchemaModel c;
    c.name = col.name();
    for (const auto& a : col.attrs()) c.attrs.emplace_back(a.name(), a.value());
    if (col.has_ttl()) c.attrs.emplace_back("TTL", std::to_string(col.ttl()));
    if (col.has_maxversions()) c.attrs.emplace_back("VERSIONS", std::to_string(col.maxversions()));
    if (col.has_compression()) c.attrs.emplace_back("COMPRESSION", col.compression());
    m.columns.push_back(std::move(c));
  }
  return m;
}

Result<NamespacePropertiesModel> ParseNamespaceProperties(std::string_view body) {
  gen::NamespaceProperties msg;
  RL_RETURN_IF_ERROR(ParseMessage(body, "NamespaceProperties", &msg));
  NamespacePropertiesModel m;
  for (const auto& p : msg.props()) m.properties[p.key()] = p.value();
  return m;
}

std::string WriteVersion(const VersionModel& m) {
  gen::Version msg;
  msg.set_restversion(m.rest);
  msg.set_jvmversion(m.jvm);
  msg.set_osversion(m.os);
  msg.set_serverversion(m.server);
  msg.set_jerseyversion(m.jersey);
  if (m.version) msg.set_version(*m.version);
  if (m.revision) msg.set_revision(*m.revision);
  return Serialize(msg);
}

std::string WriteClusterStatus(const ClusterStatusModel& m) {
  gen::StorageClusterStatus msg;
  msg.set_regions(m.regions);
  msg.set_requests(m.requests);
  msg.set_averageload(m.average_load);
  for (const StatusNodeModel& n : m.live_nodes) {
    auto* node = msg.add_livenodes();
    node->set_name(n.name);
    node->set_startcode(n.start_code);
    node->set_requests(n.requests);
    node->set_heapsizemb(n.heap_size_mb);
    node->set_maxheapsizemb(n.max_heap_size_mb);
    for (const StatusRegionModel& r : n.regions) {
      auto* region = node->add_regions();
      region->set_name(r.name);
      region->set_stores(r.stores);
      region->set_storefiles(r.storefiles);
      region->set_storefilesizemb(r.storefile_size_mb);
      region->set_memstoresizemb(r.memstore_size_mb);
      region->set_readrequestscount(r.read_requests);
      region->set_writerequestscount(r.write_requests);
      if (r.total_compacting_kvs) region->set_totalcompactingkvs(*r.total_compacting_kvs);
      if (r.current_compacted_kvs) region->set_currentcompactedkvs(*r.current_compacted_kvs);
    }
  }
  for (const std::string& d : m.dead_nodes) msg.add_deadnodes(d);
  return Serialize(msg);
}

std::string WriteTableList(const TableListModel& m) {
  gen::TableList msg;
  for (const std::string& n : m.names) msg.add_name(n);
  return Serialize(msg);
}

std::string WriteNamespaces(const NamespacesModel& m) {
  gen::Namespaces msg;
  for (const std::string& n : m.names) msg.add_namespace_(n);
  return Serialize(msg);
}

std::string WriteNamespaceProperties(const NamespacePropertiesModel& m) {
  gen::NamespaceProperties msg;
  for (const auto& [k, v] : m.properties) {
    auto* p = msg.add_props();
    p->set_key(k);
    p->set_value(v);
  }
  return Serialize(msg);
}

std::string WriteTableSchema(const TableSchemaModel& m) {
  gen::TableSchema msg;
  msg.set_name(m.name);
  for (const auto& [k, v] : m.attrs) {
    auto* a = msg.add_attrs();
    a->set_name(k);
    a->set_value(v);
  }
  for (const ColumnSchemaModel& c : m.columns) {
    auto* col = msg.add_columns();
    col->set_name(c.name);
    for (const auto& [k, v] : c.attrs) {
      auto* a = col->add_attrs();
      a->set_name(k);
      a->set_value(v);
    }
  }
  return Serialize(msg);
}

std::string WriteTableInfo(const TableInfoModel& m) {
  gen::TableInfo msg;
  msg.set_name(m.name);
  for (const TableRegionModel& r : m.regions) {
    auto* region = msg.add_regions();
    region->set_name(r.name);
    region->set_startkey(r.start_key);
    region->set_endkey(r.end_key);
    region->set_id(r.id);
    region->set_location(r.location);
  }
  return Serialize(msg);
}

// The rows a scan writes are encoded by hand, field by field, with the
// numbers of proto/CellSetMessage.proto and proto/CellMessage.proto: no
// message objects, no allocation per cell.
namespace {

size_t VarintSize(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

void PutVarint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

// A length-delimited field: tag, length, bytes.
void PutBytes(int field, std::string_view bytes, std::string* out) {
  out->push_back(static_cast<char>(field << 3 | 2));
  PutVarint(bytes.size(), out);
  out->append(bytes);
}

}  // namespace

void AppendCells(const RowResult& row, size_t begin, size_t end, std::string* out) {
  for (size_t i = begin; i < end; ++i) {
    const Cell& c = row.cells[i];
    const size_t column = c.family.size() + 1 + c.qualifier.size();
    const uint64_t ts = static_cast<uint64_t>(c.timestamp);
    // Cell{column = 2, timestamp = 3, data = 4}
    const size_t size = 1 + VarintSize(column) + column + 1 + VarintSize(ts) + 1 +
                        VarintSize(c.value.size()) + c.value.size();
    out->push_back(static_cast<char>(2 << 3 | 2));  // Row.values = 2
    PutVarint(size, out);
    out->push_back(static_cast<char>(2 << 3 | 2));
    PutVarint(column, out);
    out->append(c.family).append(1, ':').append(c.qualifier);
    out->push_back(static_cast<char>(3 << 3 | 0));
    PutVarint(ts, out);
    PutBytes(4, c.value, out);
  }
}

void AppendRowOf(std::string_view key, std::string_view cells, std::string* out) {
  // CellSet.rows = 1: Row{key = 1, values = 2...}
  const size_t row = 1 + VarintSize(key.size()) + key.size() + cells.size();
  out->push_back(static_cast<char>(1 << 3 | 2));
  PutVarint(row, out);
  PutBytes(1, key, out);
  out->append(cells);
}

void AppendRow(const RowResult& row, size_t begin, size_t end, std::string* out) {
  std::string cells;
  AppendCells(row, begin, end, &cells);
  AppendRowOf(row.row, cells, out);
}

}  // namespace regionlab::rest::pb
