#include "util/key_value.h"

#include <cstring>

#include "util/coding.h"

namespace regionlab {

namespace {
// Writes the key into p, which has room for 2 + row + qualifier + 17 bytes.
void WriteKey(char* p, std::string_view row, std::string_view qualifier, int64_t timestamp,
              CellType type, uint64_t sequence_id) {
  EncodeBigEndian16(p, static_cast<uint16_t>(row.size()));
  p += 2;
  // memcpy with a null source is undefined even for 0 bytes: empty views may be null.
  if (!row.empty()) std::memcpy(p, row.data(), row.size());
  p += row.size();
  if (!qualifier.empty()) std::memcpy(p, qualifier.data(), qualifier.size());
  p += qualifier.size();
  EncodeBigEndian64(p, static_cast<uint64_t>(timestamp));
  p[8] = static_cast<char>(type);
  EncodeBigEndian64(p + 9, sequence_id);
}
}  // namespace

void AppendKey(std::string* dst, std::string_view row, std::string_view qualifier,
               int64_t timestamp, CellType type, uint64_t sequence_id) {
  const size_t start = dst->size();
  dst->resize(start + 2 + row.size() + qualifier.size() + kKeyTailSize);
  WriteKey(dst->data() + start, row, qualifier, timestamp, type, sequence_id);
}

void AppendKey(KeyBuffer* dst, std::string_view row, std::string_view qualifier,
               int64_t timestamp, CellType type, uint64_t sequence_id) {
  const size_t start = dst->size();
  dst->resize(start + 2 + row.size() + qualifier.size() + kKeyTailSize);
  WriteKey(dst->data() + start, row, qualifier, timestamp, type, sequence_id);
}

std::string EncodeKey(std::string_view row, std::string_view qualifier, int64_t timestamp,
                      CellType type, uint64_t sequence_id) {
  std::string key;
  AppendKey(&key, row, qualifier, timestamp, type, sequence_id);
  return key;
}

bool ParseKey(std::string_view key, ParsedKey* out) {
  if (key.size() < 2 + kKeyTailSize) return false;
  const size_t row_len = DecodeBigEndian16(key.data());
  if (row_len > kMaxRowLength || 2 + row_len + kKeyTailSize > key.size()) return false;
  const char* tail = key.data() + key.size() - kKeyTailSize;
  const auto type_code = static_cast<uint8_t>(tail[8]);
  const auto ts = static_cast<int64_t>(DecodeBigEndian64(tail));
  if (ts < 0) return false;
  // Put, the four delete markers, and the Minimum/Maximum codes of seek keys
  // (CellType); a switch here rather than a call per parsed key.
  switch (type_code) {
    case 0: case 4: case 8: case 10: case 12: case 14: case 255:
      break;
    default:
      return false;
  }
  out->row = key.substr(2, row_len);
  out->qualifier = key.substr(2 + row_len, key.size() - 2 - row_len - kKeyTailSize);
  out->timestamp = ts;
  out->type = static_cast<CellType>(type_code);
  out->sequence_id = DecodeBigEndian64(tail + 9);
  return true;
}

namespace {
// Writes a seek key (latest timestamp, Maximum type, max sequence id) whose
// row is `row` (+ '\0' with row_zero) and qualifier `qualifier` (+ '\0'
// with qualifier_zero).
void SetSeekKey(KeyBuffer* dst, std::string_view row, bool row_zero, std::string_view qualifier,
                bool qualifier_zero) {
  const size_t row_len = row.size() + (row_zero ? 1 : 0);
  const size_t qualifier_len = qualifier.size() + (qualifier_zero ? 1 : 0);
  dst->resize(2 + row_len + qualifier_len + kKeyTailSize);
  char* p = dst->data();
  EncodeBigEndian16(p, static_cast<uint16_t>(row_len));
  p += 2;
  if (!row.empty()) std::memcpy(p, row.data(), row.size());
  p += row.size();
  if (row_zero) *p++ = '\0';
  if (!qualifier.empty()) std::memcpy(p, qualifier.data(), qualifier.size());
  p += qualifier.size();
  if (qualifier_zero) *p++ = '\0';
  EncodeBigEndian64(p, static_cast<uint64_t>(kLatestTimestamp));
  p[8] = static_cast<char>(CellType::kMaximum);
  EncodeBigEndian64(p + 9, kMaxSequenceId);
}
}  // namespace

void SetFirstKeyOnRow(KeyBuffer* dst, std::string_view row, bool next_row) {
  SetSeekKey(dst, row, next_row, {}, false);
}

void SetFirstKeyOnColumn(KeyBuffer* dst, std::string_view row, std::string_view qualifier,
                         bool next_column) {
  SetSeekKey(dst, row, false, qualifier, next_column);
}

std::string FirstKeyOnRow(std::string_view row) {
  return EncodeKey(row, {}, kLatestTimestamp, CellType::kMaximum, kMaxSequenceId);
}

std::string FirstKeyOnColumn(std::string_view row, std::string_view qualifier) {
  return EncodeKey(row, qualifier, kLatestTimestamp, CellType::kMaximum, kMaxSequenceId);
}

}  // namespace regionlab
