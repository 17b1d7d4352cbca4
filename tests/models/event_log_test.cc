// The live charts' event markers: every kind has its own shape, colour and
// lane; the tooltip says what happened, where (table and readable key
// range), why, how big (with the HBase equivalents at the lab scale) and how
// long; the filter keeps kinds and a table (server events always); markers
// closer than the gap cluster per kind; the log keeps time order and trims.
// Also the charts' axis ranges: a spike does not flatten a linear axis, and
// the log axis keeps the limit lines in view.
#include <QtTest>

#include "models/chart_ranges.h"
#include "models/event_log.h"
#include "models/format.h"

using regionlab::ClusterEvent;
using regionlab::ui::EventFilter;
using regionlab::ui::EventKind;
using regionlab::ui::EventLog;

namespace {

ClusterEvent flushEvent(int64_t ms, const std::string& table = "usertable") {
  ClusterEvent e;
  e.time_ms = ms;
  e.kind = "flush";
  e.table = table;
  e.region = "0123456789abcdef0123456789abcdef";
  e.server = "rs2";
  e.start_key = std::string("\x03\x00\x00\x01", 4);
  e.end_key = "\x08";
  e.cause = "memstore size";
  e.input_bytes = 133325;   // 130.2 KB
  e.output_bytes = 98406;   // 96.1 KB
  e.threshold_bytes = 131072;
  e.cells = 771;
  e.duration_ms = 12;
  return e;
}

}  // namespace

class EventLogTest : public QObject {
  Q_OBJECT

 private slots:
  void everyKindLooksDifferent() {
    QSet<int> shapes;
    QSet<QRgb> colours;
    for (int k = 0; k < regionlab::ui::kMarkerKinds; ++k) {
      const auto kind = static_cast<EventKind>(k);
      shapes.insert(static_cast<int>(regionlab::ui::eventKindShape(kind)));
      colours.insert(regionlab::ui::eventKindColor(kind).rgb());
      QVERIFY(regionlab::ui::eventKindLane(kind) >= 0 && regionlab::ui::eventKindLane(kind) < regionlab::ui::kMarkerLanes);
      QCOMPARE(regionlab::ui::eventKindOf(regionlab::ui::eventKindName(kind).toStdString()), kind);
    }
    QCOMPARE(shapes.size(), regionlab::ui::kMarkerKinds);
    QCOMPARE(colours.size(), regionlab::ui::kMarkerKinds);
    QCOMPARE(regionlab::ui::eventKindOf("server stopped"), EventKind::Failover);
    QCOMPARE(regionlab::ui::eventKindOf("create table"), EventKind::Other);
  }

  void troubleIsMarkedInItsOwnLane() {
    using regionlab::ui::eventKindOf;
    for (const char* kind : {"write refused", "flush failed", "compaction failed", "split failed", "damage"})
      QCOMPARE(eventKindOf(kind), EventKind::Trouble);
    QCOMPARE(eventKindOf("writes resumed"), EventKind::Resumed);
    QCOMPARE(regionlab::ui::eventKindLane(EventKind::Trouble), 5);
    QCOMPARE(regionlab::ui::eventKindLane(EventKind::Resumed), 5);
    QCOMPARE(regionlab::ui::markerLaneName(5), QStringLiteral("trouble"));

    ClusterEvent refused;
    refused.time_ms = 1'700'000'000'000;
    refused.kind = "write refused";
    refused.server = "rs1";
    refused.detail = "IO error: /data/WALs/rs1/wal.000003: No space left on device";
    EventLog log;
    QVERIFY(log.add(refused));
    ClusterEvent resumed = refused;
    resumed.time_ms += 5000;
    resumed.kind = "writes resumed";
    resumed.detail.clear();
    QVERIFY(log.add(resumed));
    QCOMPARE(log.events().size(), size_t(2));
    // The tooltip names the engine's own word and the error.
    const QStringList lines = regionlab::ui::eventToolTip(refused, 1).split(QLatin1Char('\n'));
    QCOMPARE(lines.value(0), QStringLiteral("Write refused: rs1"));
    QCOMPARE(lines.value(1), QStringLiteral("result: IO error: /data/WALs/rs1/wal.000003: No space left on device"));
    QVERIFY(regionlab::ui::eventSummary(refused).startsWith(QStringLiteral("write refused of rs1")));
    // The filter hides trouble like any other kind, and a server event shows for every table.
    EventFilter filter;
    filter.table = QStringLiteral("t");
    QVERIFY(filter.accepts(refused));
    filter.hiddenKinds.insert(EventKind::Trouble);
    QVERIFY(!filter.accepts(refused));
    QVERIFY(filter.accepts(resumed));
  }

  void flushToolTipSaysWhatWhereWhyHowBigHowLong() {
    const QString tip = regionlab::ui::eventToolTip(flushEvent(1'700'000'000'123), 1024);
    const QStringList lines = tip.split(QLatin1Char('\n'));
    QVERIFY2(lines.value(0).startsWith(QStringLiteral("Flush: usertable [\\x03\\x00\\x00\\x01, \\x08) (region 0123456789")),
             qPrintable(tip));
    QVERIFY2(lines.value(0).endsWith(QStringLiteral("on rs2")), qPrintable(tip));
    QCOMPARE(lines.value(1), QStringLiteral("why: memstore size: 130.2 KB (HBase: 130.2 MB) reached "
                                            "MEMSTORE_FLUSHSIZE 128.0 KB (HBase: 128.0 MB)"));
    QCOMPARE(lines.value(2), QStringLiteral("size: 130.2 KB (HBase: 130.2 MB) memstore -> 96.1 KB (HBase: 96.1 MB) "
                                            "file, 771 cells"));
    QVERIFY2(lines.value(3).startsWith(QStringLiteral("took: 12 ms, ended at ")), qPrintable(tip));
    QVERIFY(lines.value(4).contains(QStringLiteral("1:1024")));
    // At HBase's own sizes there is nothing to translate.
    const QString plain = regionlab::ui::eventToolTip(flushEvent(1'700'000'000'123), 1);
    QVERIFY(!plain.contains(QStringLiteral("HBase:")));
    QVERIFY(plain.contains(QStringLiteral("reached MEMSTORE_FLUSHSIZE 128.0 KB")));
  }

  void splitAndCompactionToolTips() {
    ClusterEvent split;
    split.time_ms = 1'700'000'000'000;
    split.kind = "split";
    split.table = "usertable";
    split.region = "parentparentparent";
    split.server = "rs1";
    split.cause = "SteppingSplitPolicy";
    split.explanation = "Stepping: 2 x 128 KB = 256 KB (r = 1 region of the table on this server)";
    split.input_bytes = 300 * 1024;
    split.threshold_bytes = 256 * 1024;
    split.split_key.assign(30, '\x07');
    split.split_key.append("tail");
    split.daughters = {"daughteraaaaaaaa", "daughterbbbbbbbb"};
    split.duration_ms = 40;
    const QString tip = regionlab::ui::eventToolTip(split, 1024);
    QVERIFY2(tip.startsWith(QStringLiteral("Split: usertable [start, end)")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("why: SteppingSplitPolicy, Stepping: 2 x 128 KB = 256 KB (r = 1 region of the table on this "
                                         "server); largest store 300.0 KB (HBase: 300.0 MB) > 256.0 KB (HBase: 256.0 MB)")),
             qPrintable(tip));
    // The split key (120 escaped characters) is cut in the middle, at whole escapes.
    QVERIFY2(tip.contains(QStringLiteral("result: split at '\\x07\\x07")) && tip.contains(QStringLiteral("tail' into daughteraa")),
             qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("took: 40 ms")));

    ClusterEvent compaction = flushEvent(1'700'000'000'000);
    compaction.kind = "minor compaction";
    compaction.cause = "3 store files, hbase.hstore.compaction.min 3: the exploring policy took 3";
    compaction.input_files = 3;
    const QString ct = regionlab::ui::eventToolTip(compaction, 1);
    QVERIFY2(ct.startsWith(QStringLiteral("Minor compaction: usertable")), qPrintable(ct));
    QVERIFY(ct.contains(QStringLiteral("why: 3 store files, hbase.hstore.compaction.min 3")));
    QVERIFY(ct.contains(QStringLiteral("size: 3 files, 130.2 KB -> 96.1 KB, 771 cells")));

    ClusterEvent failover;
    failover.kind = "failover";
    failover.server = "rs3";
    failover.cause = "region server rs3 stopped";
    failover.detail = "5 regions reopened elsewhere, 120 WAL edits replayed";
    const QString ft = regionlab::ui::eventToolTip(failover, 1);
    QVERIFY2(ft.startsWith(QStringLiteral("Failover: rs3\nwhy: region server rs3 stopped\nresult: 5 regions")), qPrintable(ft));
  }

  void filterByKindAndTable() {
    EventFilter f;
    QVERIFY(f.accepts(flushEvent(1)));
    ClusterEvent ddl = flushEvent(1);
    ddl.kind = "create table";
    QVERIFY(!f.accepts(ddl));  // not a marker
    f.hiddenKinds.insert(EventKind::Flush);
    QVERIFY(!f.accepts(flushEvent(1)));
    f.hiddenKinds.clear();
    f.table = QStringLiteral("trade");
    QVERIFY(!f.accepts(flushEvent(1, "usertable")));
    QVERIFY(f.accepts(flushEvent(1, "trade")));
    ClusterEvent stopped;
    stopped.kind = "server stopped";
    stopped.server = "rs1";
    QVERIFY(f.accepts(stopped));  // a server's events concern every table
  }

  void markersClusterPerKind() {
    std::vector<ClusterEvent> events;
    const int64_t t0 = 1'700'000'000'000;
    for (int i = 0; i < 5; ++i) events.push_back(flushEvent(t0 + i * 200));  // 5 within a second
    ClusterEvent split = flushEvent(t0 + 500);
    split.kind = "split";
    events.push_back(split);
    events.push_back(flushEvent(t0 + 10'000));  // alone
    std::sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.time_ms < b.time_ms; });
    const auto clusters = regionlab::ui::clusterMarkers(events, {}, t0 / 1000.0 - 1, t0 / 1000.0 + 20, 0.5);
    QCOMPARE(clusters.size(), size_t(3));
    QCOMPARE(clusters[0].kind, EventKind::Flush);
    QCOMPARE(clusters[0].members.size(), size_t(5));
    QCOMPARE(clusters[0].firstSeconds, t0 / 1000.0);
    QCOMPARE(clusters[0].lastSeconds, t0 / 1000.0 + 0.8);
    QCOMPARE(clusters[1].members.size(), size_t(1));
    QCOMPARE(clusters[2].kind, EventKind::Split);
    // A filter and the window apply before clustering.
    EventFilter noFlush;
    noFlush.hiddenKinds.insert(EventKind::Flush);
    QCOMPARE(regionlab::ui::clusterMarkers(events, noFlush, 0, 1e10, 0.5).size(), size_t(1));
    QCOMPARE(regionlab::ui::clusterMarkers(events, {}, t0 / 1000.0 + 5, 1e10, 0.5).size(), size_t(1));
  }

  void logKeepsTimeOrderAndTrims() {
    EventLog log;
    QVERIFY(log.add(flushEvent(2000)));
    QVERIFY(log.add(flushEvent(1000, "trade")));  // late: put in place
    ClusterEvent ddl = flushEvent(3000);
    ddl.kind = "drop table";
    QVERIFY(!log.add(ddl));
    QCOMPARE(log.size(), 2);
    QCOMPARE(log.events().front().time_ms, int64_t(1000));
    QCOMPARE(log.tables(), QStringList({QStringLiteral("trade"), QStringLiteral("usertable")}));
    log.trimBefore(1500);
    QCOMPARE(log.size(), 1);
    QVERIFY(log.add(flushEvent(2000 + EventLog::kMaxAgeMs + 1)));  // pushes the old one out
    QCOMPARE(log.size(), 1);
  }

  void axesKeepLinesInViewAndIgnoreSpikes() {
    // 99 points near 100 and one spike of 10,000: the axis follows the 100s.
    std::vector<double> values(99, 100.0);
    values.push_back(10000);
    const auto top = regionlab::ui::robustAxisTop(values, 1);
    QVERIFY(top.clipped);
    QCOMPARE(top.peak, 10000.0);
    QCOMPARE(top.top, 150.0);
    // A level, not a spike: the top follows the largest value.
    std::vector<double> level(60, 100.0);
    level.insert(level.end(), 40, 180.0);
    const auto steady = regionlab::ui::robustAxisTop(level, 1);
    QVERIFY(!steady.clipped);
    QCOMPARE(steady.top, 180.0 * 1.15);
    QCOMPARE(regionlab::ui::robustAxisTop({}, 1024).top, 1024.0);
    // Memstore in KB against a 128 KB flush size and a 1.6 MB global limit: all inside.
    const auto r = regionlab::ui::logByteRange(2000, 100000, {131072, 1593834, 1677721});
    QVERIFY(r.lower <= 2000 && r.upper >= 1677721);
    QVERIFY(r.lower >= 1024);
    // No data yet: the limits alone set it, spanning at least a factor of 16.
    const auto empty = regionlab::ui::logByteRange(0, 0, {131072});
    QVERIFY(empty.lower <= 131072 && empty.upper >= 131072 && empty.upper / empty.lower >= 16);
    QCOMPARE(regionlab::ui::compactBytes(262144), QStringLiteral("256 KB"));
    QCOMPARE(regionlab::ui::compactBytes(1572864), QStringLiteral("1.50 MB"));
  }

  void keysAreElidedInTheMiddle() {
    using regionlab::ui::elideEscapedKey;
    QCOMPARE(elideEscapedKey(QStringLiteral("short"), 10), QStringLiteral("short"));
    const QString key = QStringLiteral("user\\x00\\x01\\x02\\x03\\x04\\x05end");
    const QString e = elideEscapedKey(key, 16);
    QVERIFY2(e.size() <= 16 && e.contains(QChar(0x2026)), qPrintable(e));
    QVERIFY2(e.startsWith(QStringLiteral("user")) && e.endsWith(QStringLiteral("end")), qPrintable(e));
    // Never a broken escape: every backslash starts a whole \xHH.
    const QString head = e.section(QChar(0x2026), 0, 0), tail = e.section(QChar(0x2026), 1);
    for (const QString& part : {head, tail})
      for (int i = part.indexOf(QLatin1Char('\\')); i >= 0; i = part.indexOf(QLatin1Char('\\'), i + 1))
        QVERIFY2(i + 3 < part.size() && part[i + 1] == QLatin1Char('x'), qPrintable(e));
    QCOMPARE(regionlab::ui::formatLabBytes(131072, 1024), QStringLiteral("128.0 KB (HBase: 128.0 MB)"));
    QCOMPARE(regionlab::ui::formatLabBytes(131072, 1), QStringLiteral("128.0 KB"));
  }
};

QTEST_GUILESS_MAIN(EventLogTest)
#include "event_log_test.moc"
