// StoreFileInfo: the file-info block of a store file (HBase's FileInfo plus
// the fields HBase keeps in its trailer and metadata), and its encoding.
//
// The writer fills it while cells are added; the reader decodes it at open.
// Everything a region needs to plan reads, flushes, compactions and splits
// without touching data blocks is here.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <string_view>

#include "regionlab/options.h"
#include "regionlab/status.h"

namespace regionlab {

struct StoreFileInfo {
  std::string first_key;  // empty for an empty file
  std::string last_key;
  std::string family;
  uint64_t cell_count = 0;
  uint64_t delete_count = 0;  // delete markers of any kind
  uint64_t max_sequence_id = 0;
  uint64_t data_blocks = 0;
  uint64_t raw_data_bytes = 0;     // data block contents before compression
  uint64_t stored_data_bytes = 0;  // data block contents as stored (no block trailers)
  uint64_t file_size = 0;          // not stored: the size of the file when opened
  // The time range of the cells; an empty file has min > max (HBase's
  // TimeRangeTracker starts at [Long.MAX_VALUE, Long.MIN_VALUE]).
  int64_t min_timestamp = std::numeric_limits<int64_t>::max();
  int64_t max_timestamp = std::numeric_limits<int64_t>::min();
  Compression compression = Compression::kNone;  // the family's setting; blocks may be NONE
  // The data blocks' DATA_BLOCK_ENCODING. Stored, as HBase's FileInfo stores
  // it, as the extra entry "DATA_BLOCK_ENCODING" (the name), written only
  // when not NONE: a file without it is NONE, as every earlier file is.
  DataBlockEncoding encoding = DataBlockEncoding::kNone;
  BloomType bloom = BloomType::kNone;
  uint32_t block_size = 0;
  bool major_compacted = false;
  std::map<std::string, std::string> extra;  // StoreFileWriter::AddFileInfo entries
};

namespace storefile {

// The file-info key of the data block encoding (HBase's FileInfo key).
inline constexpr std::string_view kDataBlockEncodingKey = "DATA_BLOCK_ENCODING";

// Appends the encoded file-info block contents. `mid_key` is the first key
// of the middle data block (StoreFileReader::MidKey).
void EncodeFileInfo(const StoreFileInfo& info, std::string_view mid_key, std::string* dst);

// Decodes what EncodeFileInfo wrote; every field is range-checked and the
// input must be consumed exactly. file_size is left untouched.
Status DecodeFileInfo(std::string_view input, const std::string& path, uint64_t offset,
                      StoreFileInfo* info, std::string* mid_key);

}  // namespace storefile
}  // namespace regionlab
