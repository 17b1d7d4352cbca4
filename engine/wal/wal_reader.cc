#include "wal/wal_reader.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "util/coding.h"
#include "wal/wal_format.h"

namespace regionlab {

namespace {
// Bytes read ahead per file read, so small records do not cost a read each.
constexpr size_t kReadAhead = 256 * 1024;
}  // namespace

std::string WalCorruption::ToString() const {
  std::string out = file + " at offset " + std::to_string(offset) + ": " + reason;
  if (torn_tail) out += " (torn tail)";
  return out;
}

WalSegmentReader::WalSegmentReader(std::string path, std::unique_ptr<RandomAccessFile> file)
    : path_(std::move(path)), file_(std::move(file)), size_(file_->Size()) {}

Result<std::unique_ptr<WalSegmentReader>> WalSegmentReader::Open(Env* env,
                                                                 const std::string& path) {
  auto file = env->NewRandomAccessFile(path);
  if (!file.ok()) return file.status();
  return std::unique_ptr<WalSegmentReader>(new WalSegmentReader(path, std::move(*file)));
}

bool WalSegmentReader::Stop(uint64_t offset, std::string reason, bool torn_tail) {
  problem_ = WalCorruption{path_, offset, std::move(reason), torn_tail};
  stopped_ = true;
  return false;
}

bool WalSegmentReader::Fetch(uint64_t offset, size_t n, std::string_view* out) {
  if (offset < buffer_offset_ || offset + n > buffer_offset_ + buffer_.size()) {
    const uint64_t len = std::min<uint64_t>(std::max<uint64_t>(n, kReadAhead), size_ - offset);
    Status s = file_->Read(offset, static_cast<size_t>(len), &buffer_);
    if (!s.ok()) {
      status_ = s;
      stopped_ = true;
      buffer_.clear();
      return false;
    }
    buffer_offset_ = offset;
  }
  *out = std::string_view(buffer_).substr(static_cast<size_t>(offset - buffer_offset_), n);
  return true;
}

bool WalSegmentReader::ZeroFrom(uint64_t offset) {
  while (offset < size_) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(kReadAhead, size_ - offset));
    std::string_view chunk;
    if (!Fetch(offset, n, &chunk)) return false;
    if (std::any_of(chunk.begin(), chunk.end(), [](char c) { return c != '\0'; })) return false;
    offset += n;
  }
  return true;
}

bool WalSegmentReader::CheckSegmentHeader() {
  header_checked_ = true;
  if (size_ == 0) {
    // Created, then the process died before the header was written: the
    // segment never held a record, so nothing was lost.
    stopped_ = true;
    return false;
  }
  if (size_ < wal::kSegmentHeaderSize) {
    return Stop(0,
                "incomplete segment header: " + std::to_string(size_) + " of " +
                    std::to_string(wal::kSegmentHeaderSize) + " bytes",
                /*torn_tail=*/true);
  }
  std::string_view header;
  if (!Fetch(0, wal::kSegmentHeaderSize, &header)) return false;
  // A writer that died after reserving the segment but before its header was
  // all copied leaves part of the header (perhaps none) and then only the
  // zeros of the reservation.
  const std::string expected = wal::EncodeSegmentHeader();
  size_t copied = 0;
  while (copied < expected.size() && header[copied] == expected[copied]) ++copied;
  if (copied < expected.size()) {
    const bool zeros_after = ZeroFrom(copied);
    if (!status_.ok()) return false;
    if (zeros_after && copied == 0) {
      stopped_ = true;  // as an empty file: the segment never held a record
      return false;
    }
    if (zeros_after) {
      return Stop(0,
                  "incomplete segment header: " + std::to_string(copied) + " of " +
                      std::to_string(wal::kSegmentHeaderSize) +
                      " bytes before the zero-filled end of the file",
                  /*torn_tail=*/true);
    }
    if (!Fetch(0, wal::kSegmentHeaderSize, &header)) return false;  // ZeroFrom moved the buffer
  }
  if (std::memcmp(header.data(), wal::kSegmentMagic, wal::kSegmentMagicSize) != 0) {
    return Stop(0, "bad segment magic: not a WAL segment", false);
  }
  const uint32_t version = DecodeFixed32(header.data() + wal::kSegmentVersionOffset);
  if (version != wal::kSegmentVersion) {
    return Stop(wal::kSegmentVersionOffset,
                "unsupported segment version " + std::to_string(version), false);
  }
  const uint32_t flags = DecodeFixed32(header.data() + wal::kSegmentFlagsOffset);
  if (flags != 0) {
    return Stop(wal::kSegmentFlagsOffset, "unknown segment flags " + std::to_string(flags), false);
  }
  pos_ = wal::kSegmentHeaderSize;
  return true;
}

bool WalSegmentReader::ReadNext(WalEntry* entry) {
  if (stopped_) return false;
  if (!header_checked_ && !CheckSegmentHeader()) return false;
  if (pos_ == size_) {
    stopped_ = true;  // the clean end of the segment
    return false;
  }

  const uint64_t remaining = size_ - pos_;
  if (remaining < wal::kRecordHeaderSize) {
    return Stop(pos_,
                "incomplete record header: " + std::to_string(remaining) + " of " +
                    std::to_string(wal::kRecordHeaderSize) + " bytes before the end of the file",
                /*torn_tail=*/true);
  }

  std::string_view header;
  if (!Fetch(pos_, wal::kRecordHeaderSize, &header)) return false;
  const uint32_t stored_crc = DecodeFixed32(header.data());
  const uint32_t length = DecodeFixed32(header.data() + 4);
  const uint8_t type = static_cast<uint8_t>(header[8]);
  if (stored_crc == 0 && length == 0 && type == 0) {
    // No record has this header (type 0 is reserved). Zeros from here to the
    // end of the file are space the writer reserved and had not filled when
    // it stopped without closing the segment (or data a crash kept from the
    // disk, which no sync had promised): the end of the records.
    if (ZeroFrom(pos_)) {
      stopped_ = true;
      return false;
    }
    if (!status_.ok()) return false;
  }
  if (length > remaining - wal::kRecordHeaderSize) {
    return Stop(pos_,
                "record of " + std::to_string(length) + " payload bytes runs past the end of " +
                    "the file (" + std::to_string(remaining - wal::kRecordHeaderSize) +
                    " bytes follow its header)",
                /*torn_tail=*/true);
  }

  std::string_view payload;
  if (!Fetch(pos_ + wal::kRecordHeaderSize, length, &payload)) return false;
  if (wal::RecordChecksum(static_cast<wal::RecordType>(type), payload) != stored_crc) {
    // Followed only by the zeros of a reservation: a writer died while it
    // was copying this record into the segment's mapping.
    const uint64_t end = pos_ + wal::kRecordHeaderSize + length;
    if (end < size_ && ZeroFrom(end)) {
      return Stop(pos_,
                  "incomplete record of " + std::to_string(length) +
                      " payload bytes before the zero-filled end of the file",
                  /*torn_tail=*/true);
    }
    if (!status_.ok()) return false;
    return Stop(pos_,
                "checksum mismatch in a record of " + std::to_string(length) + " payload bytes",
                false);
  }
  if (type != static_cast<uint8_t>(wal::RecordType::kEntry)) {
    return Stop(pos_, "unknown record type " + std::to_string(type), false);
  }
  Status s = DecodeWalEntry(payload, entry);
  if (!s.ok()) return Stop(pos_, "record payload does not decode: " + s.message(), false);

  record_offset_ = pos_;
  pos_ += wal::kRecordHeaderSize + length;
  return true;
}

Status ReplayWal(Env* env, const std::string& dir, const std::function<Status(const WalEntry&)>& fn,
                 WalReplayReport* report) {
  if (report == nullptr) return Status::InvalidArgument("ReplayWal needs a report");
  *report = WalReplayReport();
  auto segments = ListWalSegments(env, dir);
  if (!segments.ok()) return segments.status().IsNotFound() ? Status::OK() : segments.status();

  WalEntry entry;
  for (const std::string& path : *segments) {
    auto reader = WalSegmentReader::Open(env, path);
    if (!reader.ok()) return reader.status();
    ++report->segments;
    while ((*reader)->ReadNext(&entry)) {
      ++report->entries;
      RL_RETURN_IF_ERROR(fn(entry));
    }
    RL_RETURN_IF_ERROR((*reader)->status());
    report->bytes += (*reader)->valid_end();
    if ((*reader)->problem()) report->problems.push_back(*(*reader)->problem());
  }
  return Status::OK();
}

Result<std::vector<std::string>> ListWalSegments(Env* env, const std::string& dir) {
  auto children = env->GetChildren(dir);
  if (!children.ok()) return children.status();
  std::vector<std::pair<uint64_t, std::string>> found;
  for (const std::string& name : *children) {
    uint64_t number = 0;
    if (wal::ParseSegmentFileName(name, &number)) found.emplace_back(number, name);
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> paths;
  paths.reserve(found.size());
  for (const auto& [number, name] : found) paths.push_back(JoinPath(dir, name));
  return paths;
}

}  // namespace regionlab
