// hbase:meta: HBase's catalog table, which RegionLab shows as a read-only
// view of its own catalog (engine/catalog). One row per region of every
// table, split parents included, in HBase's layout:
//
//   row   table,startkey,regionid.encodedname.     (RegionInfo.getRegionName)
//   info:regioninfo       "PBUF" + hbase.pb.RegionInfo (RegionInfo.toByteArray)
//   info:server           "host:port" of the hosting server
//   info:serverstartcode  the server's start code, 8 bytes big-endian
//   info:seqnumDuringOpen the region's open sequence number, 8 bytes big-endian
//   info:sn               the server name "host,port,startcode"
//   info:state            the RegionState name (OPEN, CLOSED, SPLIT, ...)
//
// The server columns are present while a server holds the region. Rows
// sort as HBase's MetaCellComparator sorts them: by table, then start key,
// then region id, each part compared on its own (so a start key with bytes
// below ',' still sorts after a shorter one it begins with).
//
// The functions here are pure: the cluster gathers the regions
// (cluster/meta_table.cc) and this file makes the rows and runs a Scan or
// Get over them with HBase's filter calls, ranges, time ranges, columns,
// limits, batches and reversed order.
//
// Thread-safety: pure functions over caller-owned values.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/region.h"
#include "regionlab/status.h"
#include "regionlab/table_descriptor.h"

namespace regionlab {

inline constexpr std::string_view kMetaTableName = "hbase:meta";
inline constexpr std::string_view kMetaFamily = "info";
// The port HBase's region servers listen on by default: a RegionLab server
// "rs1" shows as "rs1:16020".
inline constexpr int kMetaServerPort = 16020;

// True for "hbase:meta" (the only spelling: a system table is always named
// with its namespace).
inline bool IsMetaTable(std::string_view full_name) { return full_name == kMetaTableName; }

// One region as hbase:meta describes it.
struct MetaRegion {
  std::string table;  // full name: "ns:name", or "name" in the default namespace
  std::string start_key, end_key;
  int64_t region_id = 0;
  std::string encoded_name;
  std::string state;           // RegionState name
  bool split_parent = false;   // RegionInfo's offline and split flags
  std::string server;          // RegionLab's server name ("rs1"); empty: no server
  int64_t server_start_code = 0;
  uint64_t open_seq_num = 0;   // 0: not known (not open)
  int64_t timestamp = 0;       // the cells' timestamp
};

// table,startkey,regionid.encoded. with the start key's raw bytes.
std::string MetaRowKey(const MetaRegion& region);
// The row's cells in column order.
RowResult MetaRow(const MetaRegion& region);

// "PBUF" + the serialised hbase.pb.RegionInfo.
std::string EncodeMetaRegionInfo(const MetaRegion& region);
// Reads what EncodeMetaRegionInfo (or HBase) wrote: table, keys, region id,
// split flags; the encoded name is recomputed as HBase does (MD5 of the
// region name's first part). Corruption on anything else.
Status DecodeMetaRegionInfo(std::string_view bytes, MetaRegion* out);
// The HBase shell's rendering of an info:regioninfo value (RegionInfo's
// toString): {ENCODED => e, NAME => 't,,1.e.', STARTKEY => '', ENDKEY => ''}
// plus OFFLINE/SPLIT when set; empty when the bytes do not parse.
std::string MetaRegionInfoText(std::string_view bytes);

// MetaCellComparator's row order: -1, 0 or 1.
int CompareMetaRows(std::string_view a, std::string_view b);

// Runs `scan` over `rows` (sorted by CompareMetaRows, one version per
// column, family "info") as a region would.
std::vector<RowResult> ScanMetaRows(const std::vector<RowResult>& rows, const Scan& scan);
// The row `get` asks for, with its columns, time range and filter applied
// (empty cells when absent or filtered out).
RowResult GetMetaRow(const std::vector<RowResult>& rows, const Get& get);

// hbase:meta's descriptor as HBase creates it (FSTableDescriptors): family
// info with VERSIONS 3, IN_MEMORY, BLOCKSIZE 8192, BLOOMFILTER ROWCOL and
// DATA_BLOCK_ENCODING ROW_INDEX_V1. Only the family RegionLab fills is listed.
TableDescriptor MetaTableDescriptor();

// The refusal of every write to hbase:meta.
Status MetaIsReadOnly(std::string_view what);

}  // namespace regionlab
