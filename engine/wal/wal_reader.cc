#include "wal/wal_reader.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "util/coding.h"
#include "util/crc32c.h"
#include "wal/wal_format.h"

namespace regionlab {

namespace {
// Bytes read ahead per file read, so small records do not cost a read each.
constexpr size_t kReadAhead = 256 * 1024;

std::string N(uint64_t n) { return std::to_string(n); }

// Whether `bytes` (shorter than a whole header) could be the start of a
// version 1 or 2 segment header: a writer that died while copying it in.
bool IsHeaderPrefix(std::string_view bytes) {
  if (bytes.size() >= wal::kSegmentHeaderSize) return false;
  const std::string v1 = wal::EncodeSegmentHeaderV1();
  if (bytes.size() < v1.size() && bytes == std::string_view(v1).substr(0, bytes.size())) return true;
  // A version 2 header's run id and checksum can be anything.
  const std::string v2 = wal::EncodeSegmentHeader(0);
  const size_t fixed = std::min(bytes.size(), wal::kSegmentHeaderSizeV1);
  return bytes.substr(0, fixed) == std::string_view(v2).substr(0, fixed);
}
}  // namespace

std::string WalCorruption::ToString() const {
  if (torn_tail) return file + " at offset " + N(offset) + ": " + reason + " (torn tail)";
  std::string out = file + ": damage at offset " + N(offset) + " (" + N(bytes_skipped()) +
                    " bytes, up to offset " + N(end_offset) + "): " + reason + "; ";
  if (records_lost == 0) return out + (records_lost_exact ? "no record lost" : "records lost: unknown");
  if (!records_lost_exact) out += "at least ";
  return out + N(records_lost) + (records_lost == 1 ? " record lost" : " records lost");
}

WalSegmentReader::WalSegmentReader(std::string path, std::unique_ptr<RandomAccessFile> file,
                                   WalSegmentReadOptions options)
    : path_(std::move(path)),
      file_(std::move(file)),
      size_(file_->Size()),
      options_(std::move(options)) {}

Result<std::unique_ptr<WalSegmentReader>> WalSegmentReader::Open(Env* env, const std::string& path,
                                                                 WalSegmentReadOptions options) {
  auto file = env->NewRandomAccessFile(path);
  if (!file.ok()) return file.status();
  return std::unique_ptr<WalSegmentReader>(
      new WalSegmentReader(path, std::move(*file), std::move(options)));
}

bool WalSegmentReader::Stop() {
  stopped_ = true;
  return false;
}

void WalSegmentReader::AddProblem(uint64_t offset, uint64_t end, std::string reason, bool torn,
                                  uint64_t lost, bool exact) {
  problems_.push_back(WalCorruption{path_, offset, std::max(offset, end), std::move(reason), torn,
                                    lost, exact});
}

bool WalSegmentReader::Fetch(uint64_t offset, size_t n, std::string_view* out) {
  if (offset < buffer_offset_ || offset + n > buffer_offset_ + buffer_.size()) {
    const uint64_t len = std::min<uint64_t>(std::max<uint64_t>(n, kReadAhead), size_ - offset);
    Status s = file_->Read(offset, static_cast<size_t>(len), &buffer_);
    if (!s.ok()) {
      status_ = s;
      stopped_ = true;
      buffer_.clear();
      buffer_offset_ = 0;
      return false;
    }
    buffer_offset_ = offset;
  }
  *out = std::string_view(buffer_).substr(static_cast<size_t>(offset - buffer_offset_), n);
  return true;
}

uint64_t WalSegmentReader::ZeroEnd() {
  if (zero_end_) return *zero_end_;
  uint64_t end = size_;
  while (end > 0) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(kReadAhead, end));
    std::string_view chunk;
    if (!Fetch(end - n, n, &chunk)) return size_;  // status_ is set; callers check it
    for (size_t i = n; i > 0; --i) {
      if (chunk[i - 1] != '\0') {
        zero_end_ = end - n + i;
        return *zero_end_;
      }
    }
    end -= n;
  }
  zero_end_ = 0;
  return 0;
}

size_t WalSegmentReader::RecordHeaderSize() const {
  return version_ == wal::kSegmentVersion1 ? wal::kRecordHeaderSizeV1 : wal::kRecordHeaderSize;
}

bool WalSegmentReader::ReadSegmentHeader() {
  header_read_ = true;
  if (size_ == 0) {
    // Created, then the process died before the header was written: the
    // segment never held a record, so nothing was lost.
    return Stop();
  }
  const size_t n = static_cast<size_t>(std::min<uint64_t>(size_, wal::kSegmentHeaderSize));
  std::string_view view;
  if (!Fetch(0, n, &view)) return false;
  const std::string h(view);
  const bool magic_ok =
      n >= wal::kSegmentMagicSize && std::memcmp(h.data(), wal::kSegmentMagic, wal::kSegmentMagicSize) == 0;
  const uint32_t version = n >= 12 ? DecodeFixed32(h.data() + wal::kSegmentVersionOffset) : 0;
  const uint32_t flags = n >= 16 ? DecodeFixed32(h.data() + wal::kSegmentFlagsOffset) : 0;
  if (magic_ok && n >= 16 && version == wal::kSegmentVersion1 && flags == 0) {
    version_ = wal::kSegmentVersion1;
    pos_ = valid_end_ = wal::kSegmentHeaderSizeV1;
    return true;
  }
  if (magic_ok && n == wal::kSegmentHeaderSize && version == wal::kSegmentVersion && flags == 0 &&
      DecodeFixed32(h.data() + wal::kSegmentHeaderCrcOffset) == wal::SegmentHeaderChecksum(h)) {
    version_ = wal::kSegmentVersion;
    run_id_ = DecodeFixed64(h.data() + wal::kSegmentRunIdOffset);
    pos_ = valid_end_ = wal::kSegmentHeaderSize;
    return true;
  }

  // Since the space of a segment is reserved before its header is copied in,
  // a writer that died in between leaves zeros, or the start of the header
  // and then zeros (or the end of the file).
  const uint64_t zero_end = ZeroEnd();
  if (!status_.ok()) return false;
  if (zero_end == 0) return Stop();  // zeros only: as an empty file
  if (zero_end <= wal::kSegmentHeaderSize && IsHeaderPrefix(std::string_view(h).substr(0, zero_end))) {
    std::string reason = "incomplete segment header: " + N(zero_end) + " bytes before " +
                         (zero_end < size_ ? "the zero-filled end of the file" : "the end of the file");
    if (!options_.last_segment) reason += ", yet a later segment exists";
    // In the newest segment no record can have followed; elsewhere the file
    // lost its end, and with it an unknown number of records.
    AddProblem(0, size_, std::move(reason), options_.last_segment, 0, options_.last_segment);
    return Stop();
  }

  // A damaged header: name the first field that is wrong, then read the
  // records under the framing that finds them.
  std::string reason;
  uint64_t field = 0;
  if (!magic_ok) {
    reason = "bad segment magic";
  } else if (version != wal::kSegmentVersion1 && version != wal::kSegmentVersion) {
    reason = "unknown segment version " + N(version);
    field = wal::kSegmentVersionOffset;
  } else if (flags != 0) {
    reason = "unknown segment flags " + N(flags);
    field = wal::kSegmentFlagsOffset;
  } else if (n < wal::kSegmentHeaderSize) {
    reason = "segment header cut short at " + N(n) + " bytes";
    field = n;
  } else {
    reason = "segment header checksum mismatch";  // somewhere in the header
  }
  uint64_t first = 0;
  if (!GuessFraming(&first)) {
    if (!status_.ok()) return false;
    const bool any = zero_end > wal::kSegmentHeaderSize;
    AddProblem(field, zero_end, reason + "; no intact record follows, so nothing in the segment "
                                         "could be read", false, any ? 1 : 0, !any);
    return Stop();
  }
  const uint64_t header_end =
      version_ == wal::kSegmentVersion1 ? wal::kSegmentHeaderSizeV1 : wal::kSegmentHeaderSize;
  if (first == header_end) {
    reason += "; the records after it are intact";
  } else {
    reason += "; reading resumed at the first intact record";
  }
  AddProblem(field, first, std::move(reason), false, first == header_end ? 0 : 1,
             first == header_end);
  pos_ = valid_end_ = first;
  return true;
}

bool WalSegmentReader::GuessFraming(uint64_t* first) {
  struct Framing {
    uint32_t version;
    uint64_t run_id;
  };
  std::vector<Framing> candidates;
  if (size_ >= wal::kSegmentHeaderSize) {
    std::string_view h;
    if (!Fetch(0, wal::kSegmentHeaderSize, &h)) return false;
    candidates.push_back({wal::kSegmentVersion, DecodeFixed64(h.data() + wal::kSegmentRunIdOffset)});
  }
  for (uint64_t id : options_.run_id_hints) {
    if (std::none_of(candidates.begin(), candidates.end(),
                     [id](const Framing& f) { return f.run_id == id; })) {
      candidates.push_back({wal::kSegmentVersion, id});
    }
  }
  candidates.push_back({wal::kSegmentVersion1, 0});
  const uint64_t zero_end = ZeroEnd();
  bool found = false;
  for (const Framing& f : candidates) {
    const uint64_t start =
        f.version == wal::kSegmentVersion1 ? wal::kSegmentHeaderSizeV1 : wal::kSegmentHeaderSize;
    if (size_ < start) continue;
    const uint64_t q = FindNextRecord(start, f.version, f.run_id);
    if (!status_.ok()) return false;
    if (q < zero_end && (!found || q < *first)) {
      found = true;
      *first = q;
      version_ = f.version;
      run_id_ = f.run_id;
      if (q == start) break;
    }
  }
  return found;
}

bool WalSegmentReader::HeaderVerifiesAt(uint64_t q, uint32_t version, uint64_t run_id) {
  const size_t rh =
      version == wal::kSegmentVersion1 ? wal::kRecordHeaderSizeV1 : wal::kRecordHeaderSize;
  if (q + rh > size_) return false;
  std::string_view h;
  if (!Fetch(q, rh, &h)) return false;
  if (static_cast<uint8_t>(h[8]) != static_cast<uint8_t>(wal::RecordType::kEntry)) return false;
  if (version != wal::kSegmentVersion1) {
    return DecodeFixed32(h.data() + wal::kRecordHeaderCrcOffset) ==
           wal::RecordHeaderChecksum(run_id, h.data());
  }
  // Version 1 has no header checksum: the whole record must verify.
  const uint32_t stored = DecodeFixed32(h.data());
  const uint32_t length = DecodeFixed32(h.data() + 4);
  if (length > size_ - q - rh) return false;
  std::string_view payload;
  if (!Fetch(q + rh, length, &payload)) return false;
  if (wal::RecordChecksum(wal::RecordType::kEntry, payload) != stored) return false;
  WalEntry scratch;
  return DecodeWalEntry(payload, &scratch).ok();
}

uint64_t WalSegmentReader::FindNextRecord(uint64_t from, uint32_t version, uint64_t run_id) {
  const uint64_t zero_end = ZeroEnd();
  for (uint64_t q = from; q < zero_end; ++q) {
    if (HeaderVerifiesAt(q, version, run_id)) return q;
    if (!status_.ok()) return zero_end;
  }
  return zero_end;
}

bool WalSegmentReader::RecoverPayload(uint64_t p, uint64_t end_min, uint64_t end_max,
                                      WalEntry* entry, uint64_t* end) {
  const uint64_t start = p + RecordHeaderSize();
  if (start > size_ || end_max > size_) return false;
  end_min = std::max(end_min, start);
  if (end_min > end_max) return false;
  std::string_view h;
  if (!Fetch(p, wal::kRecordHeaderSizeV1, &h)) return false;
  const uint32_t stored = DecodeFixed32(h.data());
  // The only record type: a damaged type byte is no reason to lose the entry.
  const char type = static_cast<char>(wal::RecordType::kEntry);
  std::string_view bytes;
  if (!Fetch(start, static_cast<size_t>(end_min - start), &bytes)) return false;
  uint32_t crc = crc32c::Extend(crc32c::Value(&type, 1), bytes.data(), bytes.size());
  for (uint64_t e = end_min;; ++e) {
    if (crc32c::Mask(crc) == stored) {
      std::string_view payload;
      if (!Fetch(start, static_cast<size_t>(e - start), &payload)) return false;
      if (DecodeWalEntry(payload, entry).ok()) {
        *end = e;
        return true;
      }
    }
    if (e == end_max) return false;
    std::string_view next;
    if (!Fetch(e, 1, &next)) return false;
    crc = crc32c::Extend(crc, next.data(), 1);
  }
}

WalSegmentReader::Outcome WalSegmentReader::ReadRecordAt(uint64_t p, WalEntry* entry,
                                                         uint64_t* next, BadRecord* bad) {
  const size_t rh = RecordHeaderSize();
  const uint64_t remaining = size_ - p;
  if (remaining < rh) {
    if (ZeroEnd() <= p) return status_.ok() ? Outcome::kEnd : Outcome::kIoError;
    bad->reason = "incomplete record header: " + N(remaining) + " of " + N(rh) +
                  " bytes before the end of the file";
    return Outcome::kBad;
  }
  std::string_view header;
  if (!Fetch(p, rh, &header)) return Outcome::kIoError;
  if (std::all_of(header.begin(), header.end(), [](char c) { return c == '\0'; })) {
    // No record has this header (type 0 is reserved). Zeros from here to the
    // end of the file are space the writer reserved and had not filled when
    // it stopped without closing the segment (or data a crash kept from the
    // disk, which no sync had promised): the end of the records.
    if (ZeroEnd() <= p) return status_.ok() ? Outcome::kEnd : Outcome::kIoError;
    if (!status_.ok()) return Outcome::kIoError;
    if (!Fetch(p, rh, &header)) return Outcome::kIoError;  // ZeroEnd moved the buffer
  }
  const uint32_t stored_crc = DecodeFixed32(header.data());
  const uint32_t length = DecodeFixed32(header.data() + 4);
  const uint8_t type = static_cast<uint8_t>(header[8]);
  if (version_ != wal::kSegmentVersion1) {
    if (DecodeFixed32(header.data() + wal::kRecordHeaderCrcOffset) !=
        wal::RecordHeaderChecksum(run_id_, header.data())) {
      bad->reason = "record header checksum mismatch";
      return Outcome::kBad;
    }
    bad->extent_known = true;
  }
  bad->end = p + rh + length;
  if (length > remaining - rh) {
    bad->reason = "record of " + N(length) + " payload bytes runs past the end of the file (" +
                  N(remaining - rh) + " bytes follow its header)";
    return Outcome::kBad;
  }
  std::string_view payload;
  if (!Fetch(p + rh, length, &payload)) return Outcome::kIoError;
  if (wal::RecordChecksum(static_cast<wal::RecordType>(type), payload) != stored_crc) {
    bad->reason = "checksum mismatch in a record of " + N(length) + " payload bytes";
    return Outcome::kBad;
  }
  if (type != static_cast<uint8_t>(wal::RecordType::kEntry)) {
    bad->reason = "unknown record type " + N(type);
    return Outcome::kBad;
  }
  Status s = DecodeWalEntry(payload, entry);
  if (!s.ok()) {
    bad->reason = "record payload does not decode: " + s.message();
    return Outcome::kBad;
  }
  *next = p + rh + length;
  return Outcome::kEntry;
}

WalSegmentReader::Outcome WalSegmentReader::HandleDamage(uint64_t p, const BadRecord& bad,
                                                         WalEntry* entry) {
  const size_t rh = RecordHeaderSize();
  const uint64_t zero_end = ZeroEnd();
  if (!status_.ok()) return Outcome::kIoError;
  const bool last = options_.last_segment;
  const std::string later = ", yet a later segment exists";

  if (bad.extent_known) {
    // A version 2 header whose checksum holds: the record ends at bad.end.
    if (bad.end > zero_end) {
      // It runs into the zeros of the reservation or past the end of the
      // file: a copy (or write) cut short, which only the newest segment's
      // writer can have been doing when it died.
      if (last) {
        AddProblem(p, size_, bad.reason, true, 0, true);
      } else {
        // The records that followed it, if any, went with the end of the file.
        AddProblem(p, size_, bad.reason + later, false, 1, false);
      }
      Stop();
      return Outcome::kEnd;
    }
    AddProblem(p, bad.end, bad.reason, false, 1, true);
    pos_ = bad.end;
    return Outcome::kBad;
  }

  // The record's extent is unknown (a damaged version 2 header, or any
  // version 1 record): resynchronise on the next intact record.
  const uint64_t q = FindNextRecord(p + 1, version_, run_id_);
  if (!status_.ok()) return Outcome::kIoError;
  uint64_t end = 0;
  if (q < zero_end) {
    if (RecoverPayload(p, q, q, entry, &end)) {
      AddProblem(p, q,
                 bad.reason + "; its payload matches its checksum up to the next record, so "
                              "only its length field was damaged and the entry was kept",
                 false, 0, true);
      record_offset_ = p;
      pos_ = valid_end_ = q;
      return Outcome::kEntry;
    }
    if (!status_.ok()) return Outcome::kIoError;
    // Exactly one record when its own length field says it ends there.
    std::string_view h;
    bool one = false;
    if (p + wal::kRecordHeaderSizeV1 <= size_ && Fetch(p, wal::kRecordHeaderSizeV1, &h)) {
      one = p + rh + DecodeFixed32(h.data() + 4) == q;
    }
    AddProblem(p, q, bad.reason, false, 1, one);
    pos_ = q;
    return Outcome::kBad;
  }

  // No intact record follows. A complete last record whose length field was
  // damaged still matches its checksum over the bytes up to some offset in
  // the zeros at the end.
  if (RecoverPayload(p, zero_end, size_, entry, &end)) {
    AddProblem(p, end,
               bad.reason + "; its payload matches its checksum, so only its length field was "
                            "damaged and the entry was kept",
               false, 0, true);
    record_offset_ = p;
    valid_end_ = end;
    pos_ = size_;  // only zeros follow
    return Outcome::kEntry;
  }
  if (!status_.ok()) return Outcome::kIoError;
  // A torn tail: the header is cut off by the zeros (or the end of the file),
  // or (version 1, whose length is not proven) the record is.
  bool torn = p + rh > zero_end;
  if (version_ == wal::kSegmentVersion1 && !torn) {
    std::string_view h;
    if (!Fetch(p, rh, &h)) return Outcome::kIoError;
    torn = p + rh + DecodeFixed32(h.data() + 4) > zero_end;
  }
  if (torn && last) {
    AddProblem(p, size_, bad.reason, true, 0, true);
  } else {
    AddProblem(p, size_, bad.reason + (torn ? later : "") + "; no intact record follows", false,
               1, false);
  }
  Stop();
  return Outcome::kEnd;
}

bool WalSegmentReader::ReadNext(WalEntry* entry) {
  if (stopped_) return false;
  if (!header_read_ && !ReadSegmentHeader()) return false;
  while (true) {
    if (pos_ >= size_) return Stop();  // the clean end of the segment
    uint64_t next = 0;
    BadRecord bad;
    switch (ReadRecordAt(pos_, entry, &next, &bad)) {
      case Outcome::kEntry:
        record_offset_ = pos_;
        pos_ = valid_end_ = next;
        return true;
      case Outcome::kEnd:
        return Stop();
      case Outcome::kIoError:
        return Stop();
      case Outcome::kBad:
        break;
    }
    switch (HandleDamage(pos_, bad, entry)) {
      case Outcome::kEntry:
        return true;
      case Outcome::kBad:
        continue;  // pos_ moved past the damage
      case Outcome::kEnd:
      case Outcome::kIoError:
        return Stop();
    }
  }
}

namespace {
// Run ids of the intact version 2 headers among `segments`.
std::vector<uint64_t> RunIds(Env* env, const std::vector<std::string>& segments) {
  std::vector<uint64_t> ids;
  std::string header;
  for (const std::string& path : segments) {
    auto file = env->NewRandomAccessFile(path);
    if (!file.ok() || (*file)->Size() < wal::kSegmentHeaderSize) continue;
    if (!(*file)->Read(0, wal::kSegmentHeaderSize, &header).ok()) continue;
    if (std::memcmp(header.data(), wal::kSegmentMagic, wal::kSegmentMagicSize) != 0 ||
        DecodeFixed32(header.data() + wal::kSegmentVersionOffset) != wal::kSegmentVersion ||
        DecodeFixed32(header.data() + wal::kSegmentHeaderCrcOffset) !=
            wal::SegmentHeaderChecksum(header)) {
      continue;
    }
    const uint64_t id = DecodeFixed64(header.data() + wal::kSegmentRunIdOffset);
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  return ids;
}
}  // namespace

Status ReplayWal(Env* env, const std::string& dir, const std::function<Status(const WalEntry&)>& fn,
                 WalReplayReport* report) {
  if (report == nullptr) return Status::InvalidArgument("ReplayWal needs a report");
  *report = WalReplayReport();
  auto segments = ListWalSegments(env, dir);
  if (!segments.ok()) return segments.status().IsNotFound() ? Status::OK() : segments.status();

  WalSegmentReadOptions options;
  if (segments->size() > 1) options.run_id_hints = RunIds(env, *segments);
  WalEntry entry;
  for (size_t i = 0; i < segments->size(); ++i) {
    const std::string& path = (*segments)[i];
    options.last_segment = i + 1 == segments->size();
    auto reader = WalSegmentReader::Open(env, path, options);
    if (!reader.ok()) return reader.status();
    ++report->segments;
    while ((*reader)->ReadNext(&entry)) {
      ++report->entries;
      RL_RETURN_IF_ERROR(fn(entry));
    }
    RL_RETURN_IF_ERROR((*reader)->status());
    report->bytes += (*reader)->valid_end();
    bool damaged = false;
    for (const WalCorruption& p : (*reader)->problems()) {
      report->problems.push_back(p);
      if (p.torn_tail) continue;
      damaged = true;
      report->records_lost += p.records_lost;
      report->records_lost_exact &= p.records_lost_exact;
    }
    if (damaged) report->damaged_segments.push_back(path);
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

Result<std::string> QuarantineWalSegment(Env* env, const std::string& path,
                                         const std::string& corrupt_dir) {
  RL_RETURN_IF_ERROR(env->CreateDirs(corrupt_dir));
  const std::string name = path.substr(path.rfind('/') + 1);
  std::string target = JoinPath(corrupt_dir, name);
  for (int k = 1; env->FileExists(target); ++k) target = JoinPath(corrupt_dir, name + "." + N(k));
  RL_RETURN_IF_ERROR(env->RenameFile(path, target));
  RL_RETURN_IF_ERROR(env->SyncDir(corrupt_dir));
  RL_RETURN_IF_ERROR(env->SyncDir(DirName(path)));
  return target;
}

Result<std::vector<std::string>> QuarantineDamagedSegments(Env* env, const WalReplayReport& report,
                                                           const std::string& corrupt_dir) {
  std::vector<std::pair<std::string, std::string>> moved;
  for (const std::string& path : report.damaged_segments) {
    auto to = QuarantineWalSegment(env, path, corrupt_dir);
    if (!to.ok()) {
      return to.status().WithContext("moving the damaged WAL segment " + path + " to " +
                                     corrupt_dir);
    }
    moved.emplace_back(path, *to);
  }
  std::vector<std::string> out;
  for (const WalCorruption& p : report.problems) {
    if (p.torn_tail) continue;
    std::string line = "WAL damage: " + p.ToString();
    for (const auto& [from, to] : moved) {
      if (from == p.file) line += "; the segment was moved to " + to;
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace regionlab
