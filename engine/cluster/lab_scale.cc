#include "regionlab/lab_scale.h"

#include <algorithm>
#include <charconv>

#include "regionlab/table_descriptor.h"

namespace regionlab {

uint64_t LabScale::ToLab(uint64_t hbase_bytes) const {
  if (divisor <= 1 || hbase_bytes == 0) return hbase_bytes;
  return std::max<uint64_t>(1, hbase_bytes / divisor);
}

uint64_t LabScale::ToHBase(uint64_t lab_bytes) const {
  if (divisor <= 1) return lab_bytes;
  const unsigned __int128 v = static_cast<unsigned __int128>(lab_bytes) * divisor;
  return v > UINT64_MAX ? UINT64_MAX : static_cast<uint64_t>(v);
}

// MemorySizeUtil computes (long)(max * fraction) with a float fraction; the
// products here are exact enough in double for any heap below 2^53 bytes.
uint64_t LabScale::GlobalMemstoreLimit() const {
  return static_cast<uint64_t>(static_cast<double>(Heap()) * kGlobalMemstoreFraction);
}

uint64_t LabScale::GlobalMemstoreLowerMark() const {
  return static_cast<uint64_t>(static_cast<double>(GlobalMemstoreLimit()) * kGlobalMemstoreLowerMark);
}

uint64_t LabScale::BlockCache() const {
  return static_cast<uint64_t>(static_cast<double>(Heap()) * kBlockCacheFraction);
}

uint64_t LabScale::FlushSizeOf(const TableDescriptor& desc) const {
  return desc.memstore_flush_size == kHBaseFlushSize ? DefaultFlushSize() : desc.memstore_flush_size;
}

uint64_t LabScale::MaxFileSizeOf(const TableDescriptor& desc) const {
  return desc.max_file_size == kHBaseMaxFileSize ? DefaultMaxFileSize() : desc.max_file_size;
}

std::string LabScale::Name() const { return "1:" + std::to_string(divisor == 0 ? 1 : divisor); }

Result<uint32_t> ParseLabScale(std::string_view text, const std::string& where) {
  std::string_view v = text;
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t' || v.front() == '\n' || v.front() == '\r'))
    v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\n' || v.back() == '\r'))
    v.remove_suffix(1);
  uint64_t n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (v.empty() || ec != std::errc() || end != v.data() + v.size() || n < 1 || n > kMaxLabScale) {
    return Status::InvalidArgument(where + ": '" + std::string(text.substr(0, 40)) +
                                   "' is not a lab scale (a whole number from 1 to " +
                                   std::to_string(kMaxLabScale) + ")");
  }
  return static_cast<uint32_t>(n);
}

}  // namespace regionlab
