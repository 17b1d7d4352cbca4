// Fuzz target: the WAL segment reader (engine/wal/wal_reader.h) and the
// entry decoder under it, on arbitrary segment files.
//
// Each input is read twice: as it is, and with a valid segment header and
// every record's CRC recomputed (the checksum stops random bytes at the
// first record otherwise, and the payload decoder would never see them).
//
// Beyond not crashing: a problem names an offset inside the file; an entry
// read back re-encodes and decodes to itself; a reader that stopped stays
// stopped.
#include "fuzz_util.h"
#include "util/coding.h"
#include "wal/wal_entry.h"
#include "wal/wal_format.h"
#include "wal/wal_reader.h"

using namespace regionlab;

namespace {

const std::string kPath = "/fuzz/wal/" + wal::SegmentFileName(1);

// The segment with the header a writer of run 1 writes and each record's
// CRCs (payload, then header) made to match, as far as the length fields allow.
std::string WithValidFraming(std::string_view input) {
  std::string s(input);
  constexpr uint64_t kRunId = 1;
  const std::string header = wal::EncodeSegmentHeader(kRunId);
  if (s.size() < header.size()) return header + s;
  s.replace(0, header.size(), header);
  size_t pos = header.size();
  while (pos + wal::kRecordHeaderSize <= s.size()) {
    const uint64_t length = DecodeFixed32(s.data() + pos + 4);
    if (length > s.size() - pos - wal::kRecordHeaderSize) break;
    const auto type = static_cast<wal::RecordType>(s[pos + 8]);
    const std::string_view payload(s.data() + pos + wal::kRecordHeaderSize, length);
    EncodeFixed32(s.data() + pos, wal::RecordChecksum(type, payload));
    EncodeFixed32(s.data() + pos + wal::kRecordHeaderCrcOffset, wal::RecordHeaderChecksum(kRunId, s.data() + pos));
    pos += wal::kRecordHeaderSize + length;
  }
  return s;
}

void ReadSegment(std::string_view bytes) {
  fuzz::MemoryFileEnv env;
  env.Put(kPath, bytes);
  auto reader = WalSegmentReader::Open(&env, kPath);
  FUZZ_CHECK(reader.ok());
  WalEntry entry;
  while ((*reader)->ReadNext(&entry)) {
    FUZZ_CHECK((*reader)->record_offset() < bytes.size());
    FUZZ_CHECK((*reader)->valid_end() <= bytes.size());
    std::string payload;
    EncodeWalEntry(entry, &payload);
    WalEntry decoded;
    FUZZ_CHECK(DecodeWalEntry(payload, &decoded).ok());
    FUZZ_CHECK(decoded == entry);
    (void)ValidateWalEntry(entry);
  }
  FUZZ_CHECK(!(*reader)->ReadNext(&entry));
  for (const WalCorruption& p : (*reader)->problems()) {
    FUZZ_CHECK(p.offset <= p.end_offset);
    FUZZ_CHECK(p.end_offset <= bytes.size());
    (void)p.ToString();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input = fuzz::AsText(data, size);
  ReadSegment(input);
  ReadSegment(WithValidFraming(input));
  return 0;
}
