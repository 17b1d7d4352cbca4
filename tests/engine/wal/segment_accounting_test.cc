// Tests for engine/wal/segment_accounting: when a WAL segment becomes
// obsolete (every region's edits in it flushed, or the region forgotten).
#include "wal/segment_accounting.h"

#include <QtTest>

#include "support/test_util.h"

using namespace regionlab;
using wal::SegmentAccounting;

namespace {

std::vector<uint64_t> ObsoleteNumbers(const SegmentAccounting& accounting,
                                      bool include_current = false) {
  std::vector<uint64_t> out;
  for (const auto& s : accounting.Obsolete(include_current)) out.push_back(s.number);
  return out;
}

}  // namespace

class SegmentAccountingTest : public QObject {
  Q_OBJECT
 private slots:
  void highestSequenceIdPerRegionPinsASegment() {
    SegmentAccounting acc;
    acc.AddSegment(1, "s1");
    acc.RecordAppend("A", 10);
    acc.RecordAppend("A", 7);  // out of order within the segment: 10 stays the highest
    acc.RecordAppend("B", 3);
    acc.AddSegment(2, "s2");
    acc.RecordAppend("A", 11);
    acc.AddSegment(3, "s3");
    QCOMPARE(acc.size(), size_t(3));

    acc.MarkFlushed("A", 9);
    acc.MarkFlushed("B", 3);
    QVERIFY(ObsoleteNumbers(acc).empty());  // A10 is not flushed yet
    acc.MarkFlushed("A", 10);
    QCOMPARE(ObsoleteNumbers(acc), std::vector<uint64_t>{1});
    acc.MarkFlushed("A", 5);  // a stale report does not move the mark back
    acc.MarkFlushed("A", 11);
    QCOMPARE(ObsoleteNumbers(acc), (std::vector<uint64_t>{1, 2}));
    QCOMPARE(acc.Obsolete()[1].path, std::string("s2"));

    acc.Remove(1);
    acc.Remove(2);
    acc.Remove(99);  // unknown: no effect
    QCOMPARE(acc.size(), size_t(1));
  }

  void currentSegmentIsNeverObsolete() {
    SegmentAccounting acc;
    acc.AddSegment(5, "s5");
    QVERIFY(ObsoleteNumbers(acc).empty());
    acc.AddSegment(6, "s6");  // 5 had no entries at all
    QCOMPARE(ObsoleteNumbers(acc), std::vector<uint64_t>{5});
  }

  // Once the WAL is closed, the current segment goes like the others when
  // every edit in it is flushed.
  void closedCurrentSegmentIsObsoleteWhenFlushed() {
    SegmentAccounting acc;
    acc.AddSegment(1, "s1");
    acc.RecordAppend("A", 4);
    acc.AddSegment(2, "s2");
    acc.RecordAppend("A", 6);
    acc.MarkFlushed("A", 5);
    QCOMPARE(ObsoleteNumbers(acc, /*include_current=*/true), std::vector<uint64_t>{1});
    acc.MarkFlushed("A", 6);
    QCOMPARE(ObsoleteNumbers(acc), std::vector<uint64_t>{1});
    QCOMPARE(ObsoleteNumbers(acc, /*include_current=*/true), (std::vector<uint64_t>{1, 2}));
  }

  // The region appended last, forgotten and appending again in the same
  // segment, pins that segment anew.
  void regionAppendingAfterItWasForgottenPinsTheSegment() {
    SegmentAccounting acc;
    acc.AddSegment(1, "s1");
    acc.RecordAppend("A", 4);
    acc.ForgetRegion("A");
    acc.RecordAppend("A", 5);
    acc.AddSegment(2, "s2");
    QVERIFY(ObsoleteNumbers(acc).empty());
    acc.MarkFlushed("A", 5);
    QCOMPARE(ObsoleteNumbers(acc), std::vector<uint64_t>{1});
  }

  void forgottenRegionNoLongerPins() {
    SegmentAccounting acc;
    acc.AddSegment(1, "s1");
    acc.RecordAppend("gone", 4);
    acc.RecordAppend("kept", 2);
    acc.AddSegment(2, "s2");
    acc.MarkFlushed("kept", 2);
    QVERIFY(ObsoleteNumbers(acc).empty());
    acc.ForgetRegion("gone");
    QCOMPARE(ObsoleteNumbers(acc), std::vector<uint64_t>{1});

    // The region comes back later: only its new edits count, and its old
    // flush mark is gone with it.
    acc.MarkFlushed("gone", 100);
    acc.ForgetRegion("gone");
    acc.RecordAppend("gone", 1);
    acc.AddSegment(3, "s3");
    QCOMPARE(ObsoleteNumbers(acc), std::vector<uint64_t>{1});
    acc.MarkFlushed("gone", 1);
    QCOMPARE(ObsoleteNumbers(acc), (std::vector<uint64_t>{1, 2}));
  }
};

QTEST_GUILESS_MAIN(SegmentAccountingTest)
#include "segment_accounting_test.moc"
