#include "wal/wal_entry.h"

#include <cstring>

#include "util/coding.h"

namespace regionlab {

namespace {

// The smallest possible encoded edit: five empty-or-one-byte fields plus the type.
constexpr size_t kMinEncodedEdit = 6;

Status Truncated(const char* field, size_t edit_index, bool in_edit) {
  std::string msg = "WAL entry payload is truncated in ";
  msg += field;
  if (in_edit) msg += " of edit " + std::to_string(edit_index);
  return Status::Corruption(msg);
}

}  // namespace


void EncodeWalEntry(const WalEntry& e, std::string* dst) {
  EncodeWalEntryWith(
      e.region, e.sequence_id, e.write_time_ms, static_cast<uint32_t>(e.edits.size()),
      [&e](uint32_t i) {
        const WalEdit& edit = e.edits[i];
        return WalEditView{edit.family,    edit.row,  edit.qualifier,
                           edit.timestamp, edit.type, edit.value};
      },
      dst);
}

Status DecodeWalEntry(std::string_view payload, WalEntry* out) {
  std::string_view in = payload;
  std::string_view region;
  uint64_t seq = 0;
  uint64_t write_time = 0;
  uint32_t count = 0;
  if (!GetLengthPrefixed(&in, &region)) return Truncated("the region name", 0, false);
  if (!GetVarint64(&in, &seq)) return Truncated("the sequence id", 0, false);
  if (!GetVarint64(&in, &write_time)) return Truncated("the write time", 0, false);
  if (!GetVarint32(&in, &count)) return Truncated("the edit count", 0, false);
  // A count the remaining bytes cannot possibly hold is garbage; checking it
  // first keeps a corrupt count from driving a huge allocation.
  if (count > in.size() / kMinEncodedEdit) {
    return Status::Corruption("WAL entry payload claims " + std::to_string(count) +
                              " edits but only " + std::to_string(in.size()) + " bytes remain");
  }

  out->region.assign(region);
  out->sequence_id = seq;
  out->write_time_ms = static_cast<int64_t>(write_time);
  out->edits.clear();
  out->edits.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    std::string_view family, row, qualifier, value;
    uint64_t ts = 0;
    if (!GetLengthPrefixed(&in, &family)) return Truncated("the family", i, true);
    if (!GetLengthPrefixed(&in, &row)) return Truncated("the row", i, true);
    if (!GetLengthPrefixed(&in, &qualifier)) return Truncated("the qualifier", i, true);
    if (!GetVarint64(&in, &ts)) return Truncated("the timestamp", i, true);
    if (in.empty()) return Truncated("the cell type", i, true);
    const uint8_t type = static_cast<uint8_t>(in.front());
    in.remove_prefix(1);
    if (!IsValidCellType(type)) {
      return Status::Corruption("WAL entry payload has unknown cell type " + std::to_string(type) +
                                " in edit " + std::to_string(i));
    }
    if (!GetLengthPrefixed(&in, &value)) return Truncated("the value", i, true);
    WalEdit& edit = out->edits.emplace_back();
    edit.family.assign(family);
    edit.row.assign(row);
    edit.qualifier.assign(qualifier);
    edit.timestamp = static_cast<int64_t>(ts);
    edit.type = static_cast<CellType>(type);
    edit.value.assign(value);
  }
  if (!in.empty()) {
    return Status::Corruption("WAL entry payload has " + std::to_string(in.size()) +
                              " trailing bytes after its last edit");
  }
  return Status::OK();
}

Status ValidateWalEntry(const WalEntry& e) {
  if (e.region.empty()) return Status::InvalidArgument("WAL entry has an empty region name");
  for (size_t i = 0; i < e.edits.size(); ++i) {
    const uint8_t type = static_cast<uint8_t>(e.edits[i].type);
    if (!IsValidCellType(type)) {
      return Status::InvalidArgument("WAL entry for region " + e.region + ", sequence id " +
                                     std::to_string(e.sequence_id) + ": edit " + std::to_string(i) +
                                     " has unknown cell type " + std::to_string(type));
    }
  }
  return Status::OK();
}

}  // namespace regionlab
