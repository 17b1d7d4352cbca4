#include "regionlab/cell.h"

#include "regionlab/options.h"

namespace regionlab {

const char* CellTypeName(CellType type) {
  switch (type) {
    case CellType::kMinimum: return "Minimum";
    case CellType::kPut: return "Put";
    case CellType::kDelete: return "Delete";
    case CellType::kDeleteFamilyVersion: return "DeleteFamilyVersion";
    case CellType::kDeleteColumn: return "DeleteColumn";
    case CellType::kDeleteFamily: return "DeleteFamily";
    case CellType::kMaximum: return "Maximum";
  }
  return "Unknown";
}

bool IsValidCellType(uint8_t code) {
  return code == 4 || code == 8 || code == 10 || code == 12 || code == 14;
}

int CompareCells(const Cell& a, const Cell& b) {
  if (int c = a.row.compare(b.row); c != 0) return c < 0 ? -1 : 1;
  if (int c = a.family.compare(b.family); c != 0) return c < 0 ? -1 : 1;
  if (int c = a.qualifier.compare(b.qualifier); c != 0) return c < 0 ? -1 : 1;
  if (a.timestamp != b.timestamp) return a.timestamp > b.timestamp ? -1 : 1;
  if (a.type != b.type) return static_cast<uint8_t>(a.type) > static_cast<uint8_t>(b.type) ? -1 : 1;
  if (a.sequence_id != b.sequence_id) return a.sequence_id > b.sequence_id ? -1 : 1;
  return 0;
}

const char* CompressionName(Compression c) {
  switch (c) {
    case Compression::kNone: return "NONE";
    case Compression::kSnappy: return "SNAPPY";
    case Compression::kGz: return "GZ";
    case Compression::kLz4: return "LZ4";
    case Compression::kZstd: return "ZSTD";
    case Compression::kLzo: return "LZO";
  }
  return "NONE";
}

bool ParseCompression(std::string_view name, Compression* out) {
  for (Compression c : kAllCompressions) {
    if (name == CompressionName(c)) {
      *out = c;
      return true;
    }
  }
  return false;
}

bool IsCompressionCode(uint8_t code) { return code <= static_cast<uint8_t>(Compression::kLzo); }

const char* DataBlockEncodingName(DataBlockEncoding e) {
  switch (e) {
    case DataBlockEncoding::kNone: return "NONE";
    case DataBlockEncoding::kPrefix: return "PREFIX";
    case DataBlockEncoding::kDiff: return "DIFF";
    case DataBlockEncoding::kFastDiff: return "FAST_DIFF";
    case DataBlockEncoding::kRowIndexV1: return "ROW_INDEX_V1";
  }
  return "NONE";
}

bool ParseDataBlockEncoding(std::string_view name, DataBlockEncoding* out) {
  for (DataBlockEncoding e : kAllDataBlockEncodings) {
    if (name == DataBlockEncodingName(e)) {
      *out = e;
      return true;
    }
  }
  return false;
}

bool IsDataBlockEncodingCode(uint8_t code) {
  for (DataBlockEncoding e : kAllDataBlockEncodings) {
    if (code == static_cast<uint8_t>(e)) return true;
  }
  return false;
}

const char* BloomTypeName(BloomType b) {
  switch (b) {
    case BloomType::kNone: return "NONE";
    case BloomType::kRow: return "ROW";
    case BloomType::kRowCol: return "ROWCOL";
  }
  return "NONE";
}

const char* DurabilityName(Durability d) {
  switch (d) {
    case Durability::kUseDefault: return "USE_DEFAULT";
    case Durability::kSkipWal: return "SKIP_WAL";
    case Durability::kAsyncWal: return "ASYNC_WAL";
    case Durability::kSyncWal: return "SYNC_WAL";
    case Durability::kFsyncWal: return "FSYNC_WAL";
  }
  return "USE_DEFAULT";
}

}  // namespace regionlab
