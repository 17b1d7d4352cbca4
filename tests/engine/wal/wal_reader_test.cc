// Tests for engine/wal/wal_reader: replay across segments, torn tails,
// corruption in records and headers, and robustness against garbage.
#include <QtTest>
#include <fstream>

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

    // The first record follows the 16-byte header; records are contiguous.
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
      QTest::addRow("whole header, no payload%s", how) << 9 << zeros << true;
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
    QVERIFY(!(*reader)->problem());
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

  // Flips one byte of record 2 (or of the header) of the first segment.
  void corruption_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<int>("entriesBefore");
    QTest::newRow("record crc") << "crc"
                                << "checksum mismatch" << 2;
    QTest::newRow("record length") << "length"
                                   << "checksum mismatch" << 2;
    QTest::newRow("record type") << "type"
                                 << "checksum mismatch" << 2;
    QTest::newRow("payload first byte") << "payload-first"
                                        << "checksum mismatch" << 2;
    QTest::newRow("payload middle") << "payload-middle"
                                    << "checksum mismatch" << 2;
    QTest::newRow("payload last byte") << "payload-last"
                                       << "checksum mismatch" << 2;
    QTest::newRow("segment magic") << "magic"
                                   << "bad segment magic" << 0;
    QTest::newRow("segment version") << "version"
                                     << "unsupported segment version" << 0;
    QTest::newRow("segment flags") << "flags"
                                   << "unknown segment flags" << 0;
  }
  void corruption() {
    QFETCH(QString, target);
    QFETCH(QString, reason);
    QFETCH(int, entriesBefore);
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    const std::string first = Segments(dir.path()).front();
    const SegmentLayout layout = ReadLayout(first);
    const uint64_t rec = layout.record_offsets[2];
    const uint64_t rec_size = layout.RecordSize(2);
    uint64_t flip = 0;
    uint64_t expected_offset = rec;
    if (target == "crc") flip = rec + 1;
    if (target == "length") flip = rec + 4;  // low byte: the length stays inside the file
    if (target == "type") flip = rec + 8;
    if (target == "payload-first") flip = rec + 9;
    if (target == "payload-middle") flip = rec + 9 + (rec_size - 9) / 2;
    if (target == "payload-last") flip = rec + rec_size - 1;
    if (target == "magic") flip = expected_offset = 0;
    if (target == "version") flip = expected_offset = 8;
    if (target == "flags") flip = expected_offset = 12;
    QVERIFY(FlipByte(first, flip));

    WalReplayReport report;
    Status s;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report, &s);
    RL_QVERIFY_OK(s);
    // The records before the damage, then all of the next segment.
    std::vector<WalEntry> expected(written.begin(), written.begin() + entriesBefore);
    expected.insert(expected.end(), written.begin() + kPerSegment, written.end());
    QCOMPARE(replayed.size(), expected.size());
    QVERIFY(replayed == expected);

    QCOMPARE(int(report.problems.size()), 1);
    const WalCorruption& p = report.problems[0];
    QCOMPARE(p.file, first);
    QCOMPARE(p.offset, expected_offset);
    QVERIFY(!p.torn_tail);
    QVERIFY2(p.reason.find(reason.toStdString()) != std::string::npos, p.reason.c_str());
    QCOMPARE(report.segments, uint64_t(2));
  }

  // A length damaged to point past the end of the file cannot be told from a
  // record cut short by a crash: it is reported as a torn tail at that record.
  void lengthPastEndOfFile() {
    TempDir dir;
    const std::vector<WalEntry> written = WriteTwoSegments(dir.path());
    const std::string first = Segments(dir.path()).front();
    const uint64_t rec = ReadLayout(first).record_offsets[5];
    QVERIFY(FlipByte(first, rec + 7));  // high byte of the length
    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QCOMPARE(int(replayed.size()), 5 + kPerSegment);
    QCOMPARE(int(report.problems.size()), 1);
    QCOMPARE(report.problems[0].offset, rec);
    QVERIFY(report.problems[0].torn_tail);
    QVERIFY(report.problems[0].reason.find("past the end") != std::string::npos);
  }

  // A record with a valid checksum whose payload is malformed (as a buggy
  // writer would produce) is corruption, not a crash.
  void undecodablePayload() {
    TempDir dir;
    std::string file = wal::EncodeSegmentHeader();
    WalEntry good = MakeEntry("r", 1);
    size_t pos = wal::BeginRecord(&file);
    EncodeWalEntry(good, &file);
    wal::FinishRecord(&file, pos, wal::RecordType::kEntry);
    const uint64_t bad_offset = file.size();
    pos = wal::BeginRecord(&file);
    file += "\x05region-name-too-short";  // claims 5 bytes, then no sequence id... and junk
    file.resize(file.size() - 17);
    wal::FinishRecord(&file, pos, wal::RecordType::kEntry);
    const std::string path = dir.File(wal::SegmentFileName(1));
    QVERIFY(WriteFile(path, file));

    WalReplayReport report;
    const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report);
    QCOMPARE(int(replayed.size()), 1);
    QVERIFY(replayed[0] == good);
    QCOMPARE(int(report.problems.size()), 1);
    QCOMPARE(report.problems[0].offset, bad_offset);
    QVERIFY(!report.problems[0].torn_tail);
    QVERIFY2(report.problems[0].reason.find("does not decode") != std::string::npos,
             report.problems[0].reason.c_str());
  }

  void unknownRecordType() {
    TempDir dir;
    std::string file = wal::EncodeSegmentHeader();
    const size_t pos = wal::BeginRecord(&file);
    file += "future record";
    wal::FinishRecord(&file, pos, static_cast<wal::RecordType>(7));
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
    QTest::newRow("zeros, then other bytes") << 0 << "x" << "bad magic";
    QTest::newRow("part of the magic, zeros, other bytes") << 5 << "x" << "bad magic";
  }
  void reservedSegmentWithoutHeader() {
    QFETCH(int, headerBytes);
    QFETCH(QString, after);
    QFETCH(QString, expected);
    TempDir dir;
    std::string file = wal::EncodeSegmentHeader().substr(0, static_cast<size_t>(headerBytes));
    file.resize(64 << 10, '\0');  // the first reservation of a mapped segment
    file += after.toStdString();
    QVERIFY(WriteFile(dir.File(wal::SegmentFileName(1)), file));
    // The segment before it is intact and replays.
    std::string good = wal::EncodeSegmentHeader();
    const WalEntry entry = MakeEntry("r", 1);
    const size_t pos = wal::BeginRecord(&good);
    EncodeWalEntry(entry, &good);
    wal::FinishRecord(&good, pos, wal::RecordType::kEntry);
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
      if (rnd.OneIn(3)) damaged.resize(rnd.Uniform(damaged.size()));
      QVERIFY(WriteFile(first, damaged));
      WalReplayReport report;
      Status s;
      const std::vector<WalEntry> replayed = ReplayAll(dir.path(), &report, &s);
      RL_QVERIFY_OK(s);
      QVERIFY(report.problems.size() <= 1);
      // A prefix of the first segment, then the whole second one.
      QVERIFY(replayed.size() >= size_t(kPerSegment));
      const size_t from_first = replayed.size() - kPerSegment;
      QVERIFY(from_first <= size_t(kPerSegment));
      QVERIFY(std::equal(replayed.begin(), replayed.begin() + from_first, written.begin()));
      QVERIFY(
          std::equal(replayed.begin() + from_first, replayed.end(), written.begin() + kPerSegment));
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
