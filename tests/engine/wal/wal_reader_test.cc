// Tests for engine/wal/wal_reader: replay across segments, torn tails,
// damage in records and headers skipped with exactly the records it cost,
// old (version 1) segments, and robustness against garbage.
#include <QtTest>
#include <fstream>
#include <map>

#include "util/random.h"
#include "wal/wal_format.h"
#include "wal_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

constexpr int kPerSegment = 8;

// Writes two segments of kPerSegment entries each and returns the entries.
std::vector<WalEntry> WriteTwoSegments(const std::string& dir) {
  std::vector<WalEntry> written;
  WalOptions options;
  options.env = Env::Default();
  options.dir = dir;
  options.async_sync_interval_ms = 0;
  auto wal = Wal::Open(options);
  if (!wal.ok()) return {};
  for (int i = 0; i < 2 * kPerSegment; ++i) {
    if (i == kPerSegment && !(*wal)->Roll().ok()) return {};
    written.push_back(MakeEntry("region-" + std::to_string(i % 3), 100 + i));
    if (!(*wal)->Append({&written.back()}, /*sync=*/false).ok()) return {};
  }
  if (!(*wal)->Close().ok()) return {};
  return written;
}

bool AppendBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::app);
  out << bytes;
  return static_cast<bool>(out);
}

bool WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  return static_cast<bool>(out);
}

constexpr uint64_t kRun = 0x1234567890abcdefull;

// Appends `e` to *file as a version 2 record of run `run`.
void AppendRecord(std::string* file, const WalEntry& e, uint64_t run = kRun) {
  const size_t pos = wal::BeginRecord(file);
  EncodeWalEntry(e, file);
  wal::FinishRecord(file, pos, wal::RecordType::kEntry, run);
}

// A version 1 segment (as written before record headers had checksums).
std::string SegmentV1(const std::vector<WalEntry>& entries) {
  std::string file = wal::EncodeSegmentHeaderV1();
  for (const WalEntry& e : entries) {
    std::string payload;
    EncodeWalEntry(e, &payload);
    file += wal::EncodeRecordV1(wal::RecordType::kEntry, payload);
  }
  return file;
}

std::vector<WalEntry> Entries(int n, uint64_t first_seq = 1) {
  std::vector<WalEntry> out;
  for (int i = 0; i < n; ++i) out.push_back(MakeEntry("r", first_seq + i, 20 + 7 * (i % 5)));
  return out;
}

// `all` without the entries at `lost`.
std::vector<WalEntry> Without(std::vector<WalEntry> all, std::vector<int> lost) {
  std::sort(lost.rbegin(), lost.rend());
  for (int i : lost) all.erase(all.begin() + i);
  return all;
}

}  // namespace

class WalReaderTest : public QObject {
  Q_OBJECT
 private slots:
  void cleanSegmentsReplayInOrder() {
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    QCOMPARE(int(written.size()), 2 * kPerSegment);
    const std::vector<std::string> segments = Segments(dir.path());
    QCOMPARE(int(segments.size()), 2);

    WalReplayReport report;
    Status s;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report, &s);
    RL_QVERIFY_OK(s);
    QVERIFY(replayed == written);
    QCOMPARE(report.segments, uint64_t(2));
    QCOMPARE(report.entries, uint64_t(written.size()));
    QVERIFY(report.problems.empty());
    const uint64_t total = ReadAll(segments[0]).size() + ReadAll(segments[1]).size();
    QCOMPARE(report.bytes, total);

    // The first record follows the 28-byte header; records are contiguous.
    const SegmentLayout layout = ReadLayout(segments[0]);
    QCOMPARE(int(layout.record_offsets.size()), kPerSegment);
    QCOMPARE(layout.record_offsets[0], uint64_t(wal::kSegmentHeaderSize));
  }

  // Cuts the last segment inside its last record at several offsets (0 = at
  // the record boundary, negative = counted back from the record's end).
  // The last record cut after `keep` bytes: by the end of the file (a crash
  // during write(2), or before the data reached the disk), or by zeros up to
  // the end of a reservation (a process killed while it copied the record
  // into a mapped segment). Either way a torn tail, never corruption.
  void tornTail_data() {
    QTest::addColumn<int>("keep");
    QTest::addColumn<bool>("zero_filled");
    QTest::addColumn<bool>("torn");
    for (const bool zeros : {false, true}) {
      const char* how = zeros ? ", then zeros" : "";
      QTest::addRow("at the record boundary%s", how) << 0 << zeros << false;
      QTest::addRow("1 byte of the header%s", how) << 1 << zeros << true;
      QTest::addRow("crc only%s", how) << 4 << zeros << true;
      QTest::addRow("crc and length%s", how) << 8 << zeros << true;
      QTest::addRow("crc, length and type%s", how) << 9 << zeros << true;
      QTest::addRow("all but the last header byte%s", how) << 12 << zeros << true;
      QTest::addRow("whole header, no payload%s", how) << 13 << zeros << true;
      QTest::addRow("half the payload%s", how) << 40 << zeros << true;
      QTest::addRow("all but the last byte%s", how) << -1 << zeros << true;
    }
  }
  void tornTail() {
    QFETCH(int, keep);
    QFETCH(bool, zero_filled);
    QFETCH(bool, torn);
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    const std::string last = Segments(dir.path()).back();
    const SegmentLayout layout = ReadLayout(last);
    const size_t last_index = layout.record_offsets.size() - 1;
    const uint64_t record_start = layout.record_offsets[last_index];
    const uint64_t cut =
        record_start + (keep >= 0 ? uint64_t(keep) : layout.RecordSize(last_index) + keep);
    if (zero_filled) {
      std::string bytes = ReadAll(last);
      bytes.replace(cut, std::string::npos, std::string(bytes.size() - cut + 4096, '\0'));
      QVERIFY(WriteFile(last, bytes));
    } else {
      QVERIFY(TruncateFile(last, cut));
    }

    WalReplayReport report;
    Status s;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report, &s);
    RL_QVERIFY_OK(s);
    // Every entry but the cut one comes back, in order.
    QCOMPARE(replayed.size(), written.size() - 1);
    QVERIFY(std::equal(replayed.begin(), replayed.end(), written.begin()));
    if (!torn) {
      QVERIFY(report.problems.empty());
      return;
    }
    QCOMPARE(int(report.problems.size()), 1);
    const WalCorruption& p = report.problems[0];
    QVERIFY2(p.torn_tail, p.ToString().c_str());
    QCOMPARE(p.file, last);
    QCOMPARE(p.offset, record_start);
    QVERIFY(p.ToString().find(last + " at offset " + std::to_string(record_start)) == 0);
    QCOMPARE(report.bytes, ReadAll(Segments(dir.path())[0]).size() + record_start);
  }

  // A segment the writer never closed ends in the zeros of the space it had
  // reserved (and a crash can leave a file longer than its data, filled with
  // zeros): the end of the records, not a problem.
  void zeroFilledTailEndsTheSegment() {
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    const std::string last = Segments(dir.path()).back();
    const uint64_t old_size = ReadAll(last).size();
    QVERIFY(AppendBytes(last, std::string(3000, '\0')));

    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QVERIFY(replayed == written);
    QVERIFY(report.problems.empty());

    auto reader = WalSegmentReader::Open(Env::Default(), last);
    RL_QVERIFY_OK(reader.status());
    WalEntry e;
    while ((*reader)->ReadNext(&e)) {
    }
    RL_QVERIFY_OK((*reader)->status());
    QVERIFY((*reader)->problems().empty());
    QCOMPARE((*reader)->valid_end(), old_size);
  }

  // Zeros followed by anything else are not a reserved tail: the zero header
  // is a record whose checksum fails.
  void zerosBeforeOtherBytesAreCorruption() {
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    const std::string last = Segments(dir.path()).back();
    const uint64_t old_size = ReadAll(last).size();
    std::string tail(3000, '\0');
    tail.push_back('x');
    QVERIFY(AppendBytes(last, tail));

    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QVERIFY(replayed == written);
    QCOMPARE(int(report.problems.size()), 1);
    QVERIFY(!report.problems[0].torn_tail);
    QCOMPARE(report.problems[0].offset, old_size);
    QVERIFY2(report.problems[0].reason.find("checksum") != std::string::npos,
             report.problems[0].reason.c_str());
  }

  // Flips one byte of record 2 (or of the header) of the first segment:
  // replay skips only what the damage cost and keeps everything after it.
  void corruption_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<bool>("lost");  // record 2 is lost (else every entry is kept)
    // The header checksum holds: the length is proven, the record skipped.
    QTest::newRow("payload first byte") << "payload-first" << "checksum mismatch in a record" << true;
    QTest::newRow("payload middle") << "payload-middle" << "checksum mismatch in a record" << true;
    QTest::newRow("payload last byte") << "payload-last" << "checksum mismatch in a record" << true;
    // The header checksum fails: resynchronised on record 3. The payload
    // checksum still matches the bytes in between unless it is itself the
    // damaged field.
    QTest::newRow("record crc") << "crc" << "record header checksum mismatch" << true;
    QTest::newRow("record length") << "length" << "record header checksum mismatch" << false;
    QTest::newRow("record type") << "type" << "record header checksum mismatch" << false;
    QTest::newRow("record header crc") << "header-crc" << "record header checksum mismatch" << false;
    // The segment header: the records are read with the framing that finds
    // them (the run id from the header, or from the next segment).
    QTest::newRow("segment magic") << "magic" << "bad segment magic" << false;
    QTest::newRow("segment version") << "version" << "unknown segment version" << false;
    QTest::newRow("segment flags") << "flags" << "unknown segment flags" << false;
    QTest::newRow("segment run id") << "run-id" << "segment header checksum mismatch" << false;
    QTest::newRow("segment header crc") << "segment-crc" << "segment header checksum mismatch" << false;
  }
  void corruption() {
    QFETCH(QString, target);
    QFETCH(QString, reason);
    QFETCH(bool, lost);
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    const std::string first = Segments(dir.path()).front();
    const SegmentLayout layout = ReadLayout(first);
    const uint64_t rec = layout.record_offsets[2];
    const uint64_t rec_size = layout.RecordSize(2);
    const uint64_t h = wal::kRecordHeaderSize;
    const std::map<QString, uint64_t> flips = {
        {"crc", rec + 1},
        {"length", rec + 4},
        {"type", rec + 8},
        {"header-crc", rec + 10},
        {"payload-first", rec + h},
        {"payload-middle", rec + h + (rec_size - h) / 2},
        {"payload-last", rec + rec_size - 1},
        {"magic", 0},
        {"version", 8},
        {"flags", 12},
        {"run-id", 19},
        {"segment-crc", 25}};
    const uint64_t flip = flips.at(target);
    QVERIFY(FlipByte(first, flip));

    WalReplayReport report;
    Status s;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report, &s);
    RL_QVERIFY_OK(s);
    const std::vector<WalEntry> expected = lost ? Without(written, {2}) : written;
    QCOMPARE(replayed.size(), expected.size());
    QVERIFY(replayed == expected);

    QCOMPARE(int(report.problems.size()), 1);
    const WalCorruption& p = report.problems[0];
    QCOMPARE(p.file, first);
    QVERIFY(!p.torn_tail);
    QVERIFY2(p.reason.find(reason.toStdString()) != std::string::npos, p.reason.c_str());
    if (flip >= rec) {
      QCOMPARE(p.offset, rec);
      QCOMPARE(p.end_offset, rec + rec_size);  // resumed exactly at record 3
    } else {
      QVERIFY(p.offset <= flip);  // the field, or 0 when only the checksum tells
      QCOMPARE(p.end_offset, uint64_t(wal::kSegmentHeaderSize));
    }
    QCOMPARE(p.records_lost, uint64_t(lost ? 1 : 0));
    QVERIFY(p.records_lost_exact);
    QCOMPARE(report.records_lost, uint64_t(lost ? 1 : 0));
    QCOMPARE(report.damaged_segments, std::vector<std::string>{first});
    QCOMPARE(report.segments, uint64_t(2));
    QVERIFY2(p.ToString().find(lost ? "; 1 record lost" : "; no record lost") != std::string::npos,
             p.ToString().c_str());
  }

  // Two damaged records in one segment: each is reported, each costs one.
  void severalDamagesInOneSegment() {
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    const std::string first = Segments(dir.path()).front();
    const SegmentLayout layout = ReadLayout(first);
    QVERIFY(FlipByte(first, layout.record_offsets[1] + 20));  // payload of record 1
    QVERIFY(FlipByte(first, layout.record_offsets[4] + 2));   // crc of record 4
    QVERIFY(FlipByte(first, layout.record_offsets[4] + 20));  // and its payload
    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QVERIFY(replayed == Without(written, {1, 4}));
    QCOMPARE(int(report.problems.size()), 2);
    QCOMPARE(report.problems[0].offset, layout.record_offsets[1]);
    QCOMPARE(report.problems[1].offset, layout.record_offsets[4]);
    QCOMPARE(report.problems[1].end_offset, layout.record_offsets[5]);
    QCOMPARE(report.records_lost, uint64_t(2));
    QVERIFY(report.records_lost_exact);
  }

  // A value that holds the bytes of a whole WAL record (of another writer)
  // never passes for a record of this segment when replay looks for the
  // next intact one: the header checksum is seeded with the run id.
  void recordInsideAValueIsNotReplayed() {
    TempDir dir;
    std::string inner;
    AppendRecord(&inner, MakeEntry("intruder", 999), /*run=*/kRun + 1);
    WalEntry carrier = MakeEntry("r", 2);
    carrier.edits[0].value = inner;
    const std::vector<WalEntry> entries = {MakeEntry("r", 1), carrier, MakeEntry("r", 3)};
    std::string file = wal::EncodeSegmentHeader(kRun);
    std::vector<uint64_t> offsets;
    for (const WalEntry& e : entries) {
      offsets.push_back(file.size());
      AppendRecord(&file, e);
    }
    file[offsets[1]] ^= 1;       // the carrier's crc: its header no longer verifies
    file[offsets[1] + 40] ^= 1;  // and its payload is damaged too
    QVERIFY(WriteFile(dir.File(wal::SegmentFileName(1)), file));
    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QVERIFY(replayed == Without(entries, {1}));
    QCOMPARE(int(report.problems.size()), 1);
    QCOMPARE(report.problems[0].end_offset, offsets[2]);
  }

  // Segments written before record headers had checksums still replay, and
  // damage in them is skipped by finding the next record whose checksum and
  // payload verify.
  void versionOneSegments_data() {
    QTest::addColumn<QString>("damage");
    QTest::addColumn<int>("lost");  // -1: none
    QTest::newRow("intact") << "" << -1;
    QTest::newRow("payload byte") << "payload" << 3;
    QTest::newRow("length byte") << "length" << -1;
    QTest::newRow("length past the end of the file") << "length-high" << -1;
  }
  void versionOneSegments() {
    QFETCH(QString, damage);
    QFETCH(int, lost);
    TempDir dir;
    const std::vector<WalEntry> first = Entries(6), second = Entries(2, 100);
    std::string bytes = SegmentV1(first);
    const uint64_t rec3 = SegmentV1({first.begin(), first.begin() + 3}).size();
    if (damage == "payload") bytes[rec3 + 15] ^= 0x20;
    if (damage == "length") bytes[rec3 + 4] ^= 0x04;
    if (damage == "length-high") bytes[rec3 + 7] ^= 0x40;
    QVERIFY(WriteFile(dir.File(wal::SegmentFileName(1)), bytes));
    QVERIFY(WriteFile(dir.File(wal::SegmentFileName(2)), SegmentV1(second)));
    WalReplayReport report;
    Status s;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report, &s);
    RL_QVERIFY_OK(s);
    std::vector<WalEntry> expected = lost >= 0 ? Without(first, {lost}) : first;
    expected.insert(expected.end(), second.begin(), second.end());
    QVERIFY(replayed == expected);
    if (damage.isEmpty()) {
      QVERIFY(report.problems.empty());
      return;
    }
    QCOMPARE(int(report.problems.size()), 1);
    QCOMPARE(report.problems[0].offset, rec3);
    QVERIFY(!report.problems[0].torn_tail);  // not in the last segment
    QCOMPARE(report.records_lost, uint64_t(lost >= 0 ? 1 : 0));
  }

  // The shape of a torn tail (a record cut off by the end of the file) in
  // any segment but the last is damage: no writer was appending there.
  void cutRecordBeforeTheLastSegmentIsDamage() {
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    const std::string first = Segments(dir.path()).front();
    const SegmentLayout layout = ReadLayout(first);
    QVERIFY(TruncateFile(first, layout.record_offsets[kPerSegment - 1] + 20));
    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QVERIFY(replayed == Without(written, {kPerSegment - 1}));
    QCOMPARE(int(report.problems.size()), 1);
    QVERIFY(!report.problems[0].torn_tail);
    QVERIFY2(report.problems[0].reason.find("yet a later segment exists") != std::string::npos,
             report.problems[0].reason.c_str());
    QCOMPARE(report.records_lost, uint64_t(1));
    QVERIFY(!report.records_lost_exact);  // what followed it went with the end of the file
    QCOMPARE(report.damaged_segments, std::vector<std::string>{first});
  }

  // A damaged segment is moved aside under a name that is free, never over
  // an earlier one and never deleted.
  void quarantineKeepsEverySegment() {
    TempDir dir;
    const std::string corrupt = dir.File("corrupt");
    for (int round = 0; round < 3; ++round) {
      const std::string path = dir.File(wal::SegmentFileName(1));
      QVERIFY(WriteFile(path, "round " + std::to_string(round)));
      auto moved = QuarantineWalSegment(Env::Default(), path, corrupt);
      RL_QVERIFY_OK(moved.status());
      QVERIFY(!Env::Default()->FileExists(path));
      QCOMPARE(ReadAll(*moved), "round " + std::to_string(round));
    }
    const std::string name = wal::SegmentFileName(1);
    QCOMPARE(FileNames(corrupt), (std::vector<std::string>{name, name + ".1", name + ".2"}));
  }

  // A length damaged to point past the end of the file is not a torn tail:
  // the header checksum fails, replay resynchronises on the next record, and
  // the payload still matches its checksum, so the record is kept.
  void lengthPastEndOfFileIsNotATornTail() {
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    for (const bool in_last : {false, true}) {
      const std::string path = in_last ? Segments(dir.path()).back() : Segments(dir.path()).front();
      const SegmentLayout layout = ReadLayout(path);
      const size_t index = in_last ? kPerSegment - 1 : 5;  // the last record of the last segment
      const uint64_t rec = layout.record_offsets[index];
      QVERIFY(FlipByte(path, rec + 7));  // high byte of the length
      WalReplayReport report;
      const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
      QVERIFY(replayed == written);
      QVERIFY(!report.problems.empty());
      const WalCorruption& p = report.problems.back();
      QCOMPARE(p.offset, rec);
      QVERIFY2(!p.torn_tail, p.ToString().c_str());
      QCOMPARE(p.records_lost, uint64_t(0));
      QVERIFY2(p.reason.find("length field was damaged") != std::string::npos, p.reason.c_str());
    }
  }

  // A record with a valid checksum whose payload is malformed (as a buggy
  // writer would produce) is corruption, not a crash.
  void undecodablePayload() {
    TempDir dir;
    std::string file = wal::EncodeSegmentHeader(kRun);
    WalEntry good = MakeEntry("r", 1);
    AppendRecord(&file, good);
    const uint64_t bad_offset = file.size();
    const size_t pos = wal::BeginRecord(&file);
    file += "\x05region-name-too-short";  // claims 5 bytes, then no sequence id... and junk
    file.resize(file.size() - 17);
    wal::FinishRecord(&file, pos, wal::RecordType::kEntry, kRun);
    const WalEntry after = MakeEntry("r", 2);
    AppendRecord(&file, after);
    const std::string path = dir.File(wal::SegmentFileName(1));
    QVERIFY(WriteFile(path, file));

    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QCOMPARE(int(replayed.size()), 2);
    QVERIFY(replayed[0] == good);
    QVERIFY(replayed[1] == after);
    QCOMPARE(int(report.problems.size()), 1);
    QCOMPARE(report.problems[0].offset, bad_offset);
    QCOMPARE(report.problems[0].records_lost, uint64_t(1));
    QVERIFY(!report.problems[0].torn_tail);
    QVERIFY2(report.problems[0].reason.find("does not decode") != std::string::npos,
             report.problems[0].reason.c_str());
  }

  void unknownRecordType() {
    TempDir dir;
    std::string file = wal::EncodeSegmentHeader(kRun);
    const size_t pos = wal::BeginRecord(&file);
    file += "future record";
    wal::FinishRecord(&file, pos, static_cast<wal::RecordType>(7), kRun);
    QVERIFY(WriteFile(dir.File(wal::SegmentFileName(3)), file));
    WalReplayReport report;
    QVERIFY(ReplayAll(dir.path(), &report).empty());
    QCOMPARE(int(report.problems.size()), 1);
    QCOMPARE(report.problems[0].offset, uint64_t(wal::kSegmentHeaderSize));
    QVERIFY(report.problems[0].reason.find("unknown record type 7") != std::string::npos);
  }

  void shortAndEmptySegments() {
    TempDir dir;
    QVERIFY(WriteFile(dir.File(wal::SegmentFileName(1)), ""));       // created, never written
    QVERIFY(WriteFile(dir.File(wal::SegmentFileName(2)), "RLWAL"));  // header cut short
    WalReplayReport report;
    Status s;
    QVERIFY(ReplayAll(dir.path(), &report, &s).empty());
    RL_QVERIFY_OK(s);
    QCOMPARE(report.segments, uint64_t(2));
    QCOMPARE(int(report.problems.size()), 1);
    QCOMPARE(report.problems[0].file, dir.File(wal::SegmentFileName(2)));
    QCOMPARE(report.problems[0].offset, uint64_t(0));
    QVERIFY(report.problems[0].torn_tail);
  }

  // A segment's space is reserved before its header is copied in: a writer
  // that died in between leaves zeros, perhaps after part of the header.
  void reservedSegmentWithoutHeader_data() {
    QTest::addColumn<int>("headerBytes");  // of the header, before the zeros
    QTest::addColumn<QString>("after");    // what follows the zeros
    QTest::addColumn<QString>("expected");  // "none", "torn tail" or "bad magic"
    QTest::newRow("only zeros") << 0 << "" << "none";
    QTest::newRow("part of the magic") << 5 << "" << "torn tail";
    QTest::newRow("the magic, not the version") << 8 << "" << "torn tail";
    QTest::newRow("all but the header checksum") << 24 << "" << "torn tail";
    QTest::newRow("zeros, then other bytes") << 0 << "x" << "bad magic";
    QTest::newRow("part of the magic, zeros, other bytes") << 5 << "x" << "bad magic";
  }
  void reservedSegmentWithoutHeader() {
    QFETCH(int, headerBytes);
    QFETCH(QString, after);
    QFETCH(QString, expected);
    TempDir dir;
    std::string file = wal::EncodeSegmentHeader(kRun).substr(0, static_cast<size_t>(headerBytes));
    file.resize(64 << 10, '\0');  // the first reservation of a mapped segment
    file += after.toStdString();
    QVERIFY(WriteFile(dir.File(wal::SegmentFileName(1)), file));
    // The segment before it is intact and replays.
    std::string good = wal::EncodeSegmentHeader(kRun);
    const WalEntry entry = MakeEntry("r", 1);
    AppendRecord(&good, entry);
    QVERIFY(WriteFile(dir.File(wal::SegmentFileName(0)), good));

    WalReplayReport report;
    Status s;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report, &s);
    RL_QVERIFY_OK(s);
    QCOMPARE(int(replayed.size()), 1);
    QVERIFY(replayed[0] == entry);
    if (expected == "none") {
      QVERIFY(report.problems.empty());
      return;
    }
    QCOMPARE(int(report.problems.size()), 1);
    const WalCorruption& p = report.problems[0];
    QCOMPARE(p.file, dir.File(wal::SegmentFileName(1)));
    QCOMPARE(p.offset, uint64_t(0));
    QCOMPARE(p.torn_tail, expected == "torn tail");
    const std::string reason = expected == "torn tail" ? "incomplete segment header" : "bad segment magic";
    QVERIFY2(p.reason.find(reason) != std::string::npos, p.ToString().c_str());
  }

  // Random damage never crashes the reader or yields an entry that was not
  // written; under the sanitizer build this also proves reads stay in bounds.
  void randomDamageNeverCrashes() {
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    const std::string first = Segments(dir.path()).front();
    const std::string pristine = ReadAll(first);
    Random rnd(2024);
    for (int round = 0; round < 300; ++round) {
      std::string damaged = pristine;
      const uint64_t flips = 1 + rnd.Uniform(8);
      for (uint64_t k = 0; k < flips; ++k) {
        damaged[rnd.Uniform(damaged.size())] = static_cast<char>(rnd.Next());
      }
      const bool truncated = rnd.OneIn(3);
      if (truncated) damaged.resize(rnd.Uniform(damaged.size()));
      QVERIFY(WriteFile(first, damaged));
      WalReplayReport report;
      Status s;
      const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report, &s);
      RL_QVERIFY_OK(s);
      // Entries of the first segment, in order, with gaps only where the
      // damage was, then the whole second one.
      QVERIFY(replayed.size() >= size_t(kPerSegment));
      const size_t from_first = replayed.size() - kPerSegment;
      QVERIFY(from_first <= size_t(kPerSegment));
      auto next = written.begin();
      for (size_t i = 0; i < from_first; ++i) {
        next = std::find(next, written.begin() + kPerSegment, replayed[i]);
        QVERIFY(next != written.begin() + kPerSegment);
        ++next;
      }
      QVERIFY(
          std::equal(replayed.begin() + from_first, replayed.end(), written.begin() + kPerSegment));
      uint64_t lost = 0;
      for (const WalCorruption& p : report.problems) {
        QVERIFY(!p.torn_tail);  // the first segment is not the last one
        QVERIFY(p.offset <= p.end_offset && p.end_offset <= damaged.size());
        lost += p.records_lost;
      }
      QVERIFY(from_first + lost <= size_t(kPerSegment));
      // Every entry is either replayed or counted as lost, unless the file
      // was cut at a record boundary: that looks like a shorter segment.
      if (report.records_lost_exact && !truncated) QCOMPARE(from_first + lost, size_t(kPerSegment));
    }
    // Pure garbage with a segment name.
    Random garbage(7);
    QVERIFY(WriteFile(first, garbage.RandomBytes(10000)));
    WalReplayReport report;
    QCOMPARE(int(ReplayAll(dir.path(), &report).size()), kPerSegment);
    QCOMPARE(int(report.problems.size()), 1);
    QCOMPARE(report.problems[0].offset, uint64_t(0));
  }

  void callbackErrorStopsReplay() {
    TempDir dir;
    QVERIFY(!WriteTwoSegments(dir.path()).empty());
    int calls = 0;
    WalReplayReport report;
    Status s = ReplayWal(
        Env::Default(), dir.path(),
        [&calls](const WalEntry& e) {
          return ++calls == 3 ? Status::Aborted("stop at " + std::to_string(e.sequence_id))
                              : Status::OK();
        },
        &report);
    QVERIFY(s.IsAborted());
    QCOMPARE(s.message(), std::string("stop at 102"));
    QCOMPARE(calls, 3);
  }

  void listSegmentsOrdersByNumberAndIgnoresOthers() {
    TempDir dir;
    for (const std::string& name :
         {wal::SegmentFileName(10), wal::SegmentFileName(2), std::string("wal-3.log"),
          std::string("notes.txt"), wal::SegmentFileName(9) + ".tmp"}) {
      QVERIFY(WriteFile(dir.File(name), "x"));
    }
    auto segments = ListWalSegments(Env::Default(), dir.path());
    RL_QVERIFY_OK(segments.status());
    QCOMPARE(int(segments->size()), 2);
    QCOMPARE((*segments)[0], dir.File(wal::SegmentFileName(2)));
    QCOMPARE((*segments)[1], dir.File(wal::SegmentFileName(10)));

    QVERIFY(ListWalSegments(Env::Default(), dir.File("missing")).status().IsNotFound());
    WalReplayReport report;
    report.entries = 99;  // reset by ReplayWal
    RL_QVERIFY_OK(ReplayWal(
        Env::Default(), dir.File("missing"), [](const WalEntry&) { return Status::OK(); },
        &report));
    QCOMPARE(report.entries, uint64_t(0));
    QCOMPARE(report.segments, uint64_t(0));
  }
};

QTEST_GUILESS_MAIN(WalReaderTest)
#include "wal_reader_test.moc"
