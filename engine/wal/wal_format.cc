#include "wal/wal_format.h"

#include <cstdio>

#include "util/coding.h"
#include "util/crc32c.h"

namespace regionlab::wal {

namespace {
constexpr std::string_view kFilePrefix = "wal-";
constexpr std::string_view kFileSuffix = ".log";
constexpr size_t kNumberDigits = 20;  // UINT64_MAX has 20 decimal digits
}  // namespace

std::string EncodeSegmentHeader() {
  std::string header(kSegmentMagic, kSegmentMagicSize);
  PutFixed32(&header, kSegmentVersion);
  PutFixed32(&header, 0);  // flags: none defined in version 1
  return header;
}

std::string SegmentFileName(uint64_t number) {
  char buf[kNumberDigits + 1];
  std::snprintf(buf, sizeof(buf), "%020llu", static_cast<unsigned long long>(number));
  std::string name(kFilePrefix);
  name += buf;
  name += kFileSuffix;
  return name;
}

bool ParseSegmentFileName(std::string_view name, uint64_t* number) {
  if (name.size() != kFilePrefix.size() + kNumberDigits + kFileSuffix.size() ||
      !name.starts_with(kFilePrefix) || !name.ends_with(kFileSuffix)) {
    return false;
  }
  const std::string_view digits = name.substr(kFilePrefix.size(), kNumberDigits);
  uint64_t value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (value > (UINT64_MAX - d) / 10) return false;  // 20 digits can exceed 2^64 - 1
    value = value * 10 + d;
  }
  *number = value;
  return true;
}

size_t BeginRecord(std::string* dst) {
  const size_t pos = dst->size();
  dst->append(kRecordHeaderSize, '\0');
  return pos;
}

void FinishRecord(std::string* dst, size_t header_pos, RecordType type) {
  const size_t payload_pos = header_pos + kRecordHeaderSize;
  const std::string_view payload(dst->data() + payload_pos, dst->size() - payload_pos);
  char* header = dst->data() + header_pos;
  EncodeFixed32(header, RecordChecksum(type, payload));
  EncodeFixed32(header + 4, static_cast<uint32_t>(payload.size()));
  header[8] = static_cast<char>(type);
}

uint32_t RecordChecksum(RecordType type, std::string_view payload) {
  const char type_byte = static_cast<char>(type);
  const uint32_t crc = crc32c::Extend(crc32c::Value(&type_byte, 1), payload.data(), payload.size());
  return crc32c::Mask(crc);
}

}  // namespace regionlab::wal
