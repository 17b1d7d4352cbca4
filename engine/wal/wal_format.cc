#include "wal/wal_format.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>

#include "util/coding.h"
#include "util/crc32c.h"

namespace regionlab::wal {

namespace {
constexpr std::string_view kFilePrefix = "wal-";
constexpr std::string_view kFileSuffix = ".log";
constexpr size_t kNumberDigits = 20;  // UINT64_MAX has 20 decimal digits

uint64_t Mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
}  // namespace

uint64_t NewRunId() {
  std::random_device rd;
  const uint64_t random = (uint64_t{rd()} << 32) ^ rd();
  const uint64_t now = static_cast<uint64_t>(
      std::chrono::high_resolution_clock::now().time_since_epoch().count());
  return Mix(random ^ Mix(now ^ (static_cast<uint64_t>(::getpid()) << 40)));
}

std::string EncodeSegmentHeaderV1() {
  std::string header(kSegmentMagic, kSegmentMagicSize);
  PutFixed32(&header, kSegmentVersion1);
  PutFixed32(&header, 0);  // flags: none defined
  return header;
}

std::string EncodeSegmentHeader(uint64_t run_id) {
  std::string header(kSegmentMagic, kSegmentMagicSize);
  PutFixed32(&header, kSegmentVersion);
  PutFixed32(&header, 0);  // flags: none defined
  PutFixed64(&header, run_id);
  PutFixed32(&header, SegmentHeaderChecksum(header));
  return header;
}

uint32_t SegmentHeaderChecksum(std::string_view header) {
  return crc32c::Mask(crc32c::Value(header.data(), kSegmentHeaderCrcOffset));
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

void FinishRecord(std::string* dst, size_t header_pos, RecordType type, uint64_t run_id) {
  const size_t payload_pos = header_pos + kRecordHeaderSize;
  const std::string_view payload(dst->data() + payload_pos, dst->size() - payload_pos);
  char* header = dst->data() + header_pos;
  EncodeFixed32(header, RecordChecksum(type, payload));
  EncodeFixed32(header + 4, static_cast<uint32_t>(payload.size()));
  header[8] = static_cast<char>(type);
  EncodeFixed32(header + kRecordHeaderCrcOffset, RecordHeaderChecksum(run_id, header));
}

std::string EncodeRecordV1(RecordType type, std::string_view payload) {
  std::string record;
  PutFixed32(&record, RecordChecksum(type, payload));
  PutFixed32(&record, static_cast<uint32_t>(payload.size()));
  record.push_back(static_cast<char>(type));
  record.append(payload);
  return record;
}

uint32_t RecordChecksum(RecordType type, std::string_view payload) {
  const char type_byte = static_cast<char>(type);
  const uint32_t crc = crc32c::Extend(crc32c::Value(&type_byte, 1), payload.data(), payload.size());
  return crc32c::Mask(crc);
}

uint32_t RecordHeaderChecksum(uint64_t run_id, const char* first9) {
  char buf[8 + kRecordHeaderSizeV1];
  EncodeFixed64(buf, run_id);
  std::memcpy(buf + 8, first9, kRecordHeaderSizeV1);
  return crc32c::Mask(crc32c::Value(buf, sizeof(buf)));
}

}  // namespace regionlab::wal
