// LiveChartsWidget: the graphs hold the sample values (per-server memstore
// with the global limits, the followed table's fullest region and flush
// size, block cache with its capacity, requests, the table's store files),
// old points and markers are trimmed, pause freezes the view, the marker
// filter applies to the strip and the chart lines, a spike does not flatten
// a linear axis, a stored window is drawn behind the live points with a gap,
// and with a real engine the memstore series rises while rows are written
// and falls across a flush.
#include <qcustomplot.h>

#include <QComboBox>
#include <QtTest>
#include <cmath>

#include "regionlab/cluster.h"
#include "support/test_util.h"
#include "util/env.h"
#include "util/fault_injection_env.h"
#include "ui/event_strip_widget.h"
#include "ui/live_charts_widget.h"

using regionlab::ClusterSample;
using regionlab::ServerMetrics;
using regionlab::ui::EventKind;
using regionlab::ui::LiveChartsWidget;
using C = regionlab::ui::LiveChartsWidget;

namespace {

ServerMetrics server(const std::string& name, uint64_t memstore) {
  ServerMetrics s;
  s.name = name;
  s.online = true;
  s.memstore_bytes = memstore;
  s.global_memstore_limit = 1000000;
  s.global_memstore_lower_mark = 950000;
  return s;
}

regionlab::RegionInfo region(const std::string& table, const std::string& name, uint64_t memstore,
                             uint64_t files, uint64_t bytes) {
  regionlab::RegionInfo r;
  r.table = table;
  r.encoded_name = name;
  r.flush_size = 128 << 10;
  r.metrics.memstore_heap_bytes = memstore;
  r.metrics.store_files = files;
  r.metrics.store_file_bytes = bytes;
  return r;
}

// The newest value of a graph.
double last(QCPGraph* g) {
  if (g == nullptr || g->data()->isEmpty()) return -1;
  return (g->data()->constEnd() - 1)->value;
}

regionlab::ClusterEvent clusterEvent(const std::string& kind, int64_t ms, const std::string& table = "t") {
  regionlab::ClusterEvent e;
  e.time_ms = ms;
  e.kind = kind;
  e.table = table;
  e.region = "r1";
  return e;
}

}  // namespace

class LiveChartsWidgetTest : public QObject {
  Q_OBJECT

 private slots:
  void graphsHoldTheSampleValues() {
    LiveChartsWidget w;
    w.setTable(QStringLiteral("t"));
    ClusterSample s;
    s.time_ms = 1'700'000'000'000;
    s.lab_scale = 1024;
    s.servers = {server("rs1", 100), server("rs2", 300)};
    s.servers[0].write_requests = 1000;
    s.servers[1].read_requests = 70;
    s.servers[0].block_cache.single_bytes = 10;
    s.servers[1].block_cache.single_bytes = 5;
    s.servers[1].block_cache.multi_bytes = 20;
    s.servers[0].block_cache.memory_bytes = 30;
    s.servers[0].block_cache.hits = 3;
    s.servers[1].block_cache.misses = 1;
    s.servers[0].block_cache.evictions = 4;
    s.servers[0].block_cache.capacity = 1000;
    s.servers[1].block_cache.capacity = 1000;
    s.regions = {region("t", "a", 5000, 2, 4096), region("t", "b", 9000, 1, 100), region("u", "c", 70000, 7, 7)};
    w.addSample(s);
    QCOMPARE(last(w.graph(C::Memstore, QStringLiteral("rs1"))), 100.0);
    QCOMPARE(last(w.graph(C::Memstore, QStringLiteral("rs2"))), 300.0);  // per server, not stacked
    QCOMPARE(last(w.graph(C::Memstore, QLatin1String(C::kGlobalLimit))), 1000000.0);
    QCOMPARE(last(w.graph(C::Memstore, QLatin1String(C::kGlobalFlushMark))), 950000.0);
    // The followed table: its fullest region against its flush size.
    QCOMPARE(last(w.graph(C::Memstore, QLatin1String(C::kFullestRegion))), 9000.0);
    QCOMPARE(last(w.graph(C::Memstore, QLatin1String(C::kFlushSize))), double(128 << 10));
    QCOMPARE(w.plot(C::Memstore)->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(last(w.graph(C::BlockCache, QStringLiteral("single"))), 15.0);
    QCOMPARE(last(w.graph(C::BlockCache, QStringLiteral("multi"))), 20.0);
    QCOMPARE(last(w.graph(C::BlockCache, QStringLiteral("in-memory"))), 30.0);
    QCOMPARE(last(w.graph(C::BlockCache, QLatin1String(C::kCacheCapacity))), 2000.0);
    QCOMPARE(last(w.graph(C::BlockCache, QLatin1String(C::kHitRatio))), 75.0);
    QCOMPARE(w.graph(C::BlockCache, QLatin1String(C::kHitRatio))->valueAxis(), w.plot(C::BlockCache)->yAxis2);
    QCOMPARE(last(w.graph(C::Requests, QStringLiteral("rs1 write"))), 0.0);  // no earlier sample
    // The followed table's store files: count on the left, bytes on the right.
    QCOMPARE(last(w.graph(C::StoreFiles, QLatin1String(C::kFileCount))), 3.0);
    QCOMPARE(last(w.graph(C::StoreFiles, QLatin1String(C::kFileBytes))), 4196.0);
    QCOMPARE(w.graph(C::StoreFiles, QLatin1String(C::kFileBytes))->valueAxis(), w.plot(C::StoreFiles)->yAxis2);
    // The legend names the limits; the toolbar what they stand for in HBase.
    QCOMPARE(w.graph(C::Memstore, QLatin1String(C::kFlushSize))->name(), QStringLiteral("flush size 128 KB"));
    QCOMPARE(w.labScale(), uint32_t(1024));
    // Following another table redraws its series from the samples so far.
    w.setTable(QStringLiteral("u"));
    QCOMPARE(last(w.graph(C::StoreFiles, QLatin1String(C::kFileCount))), 7.0);
    QCOMPARE(w.graph(C::StoreFiles, QLatin1String(C::kFileCount))->dataCount(), 1);
    w.setTable(QString());  // every table
    QCOMPARE(last(w.graph(C::StoreFiles, QLatin1String(C::kFileCount))), 10.0);
    QCOMPARE(last(w.graph(C::Memstore, QLatin1String(C::kFullestRegion))), 70000.0);
    w.setTable(QStringLiteral("t"));

    // Requests and evictions are rates of the counters: over two seconds
    // writes 1000 -> 1100 are 50/s, reads 70 -> 84 are 7/s, evictions 4 -> 10 are 3/s.
    s.time_ms += 2000;
    s.servers[0].block_cache.evictions = 10;
    s.servers[0].write_requests = 1100;
    s.servers[1].read_requests = 84;
    s.servers[1].write_requests = 0;
    w.addSample(s);
    QCOMPARE(last(w.graph(C::BlockCache, QLatin1String(C::kEvictions))), 3.0);
    QCOMPARE(last(w.graph(C::Requests, QStringLiteral("rs1 write"))), 50.0);
    QCOMPARE(last(w.graph(C::Requests, QStringLiteral("rs2 read"))), 7.0);
    QCOMPARE(w.totalWriteRate(), 50.0);
    // A counter that restarts (the region reopened elsewhere) is not negative traffic.
    s.time_ms += 1000;
    s.servers[0].write_requests = 10;
    w.addSample(s);
    QCOMPARE(last(w.graph(C::Requests, QStringLiteral("rs1 write"))), 0.0);
    // The view ends at the newest sample.
    QCOMPARE(w.plot(C::Memstore)->xAxis->range().upper, s.time_ms / 1000.0);
    // Three seconds of history: the view spans the minimum, not the whole window.
    QCOMPARE(w.plot(C::Memstore)->xAxis->range().size(), double(C::kMinSpanSeconds));
    s.time_ms += 20'000;
    w.addSample(s);
    QCOMPARE(w.plot(C::Memstore)->xAxis->range().size(), 23.0);
    s.time_ms += 400'000;  // a history longer than the 5 min window, kept (under 15 min)
    w.addSample(s);
    QCOMPARE(w.plot(C::Memstore)->xAxis->range().size(), double(w.windowSeconds()));
    // The memstore axis holds the data and every limit line.
    const QCPRange y = w.plot(C::Memstore)->yAxis->range();
    QVERIFY(y.contains(9000) && y.contains(128 << 10) && y.contains(1000000) && y.contains(950000));
  }

  void aSpikeDoesNotFlattenTheRequestsChart() {
    LiveChartsWidget w;
    ClusterSample s;
    s.time_ms = 1'700'000'000'000;
    s.servers = {server("rs1", 1)};
    uint64_t writes = 0;
    for (int i = 0; i < 60; ++i) {
      s.time_ms += 1000;
      writes += i == 30 ? 100000 : 100;  // one second of 100,000 writes among 100/s
      s.servers[0].write_requests = writes;
      w.addSample(s);
    }
    const QCPRange y = w.plot(C::Requests)->yAxis->range();
    QVERIFY2(y.upper < 1000, qPrintable(QString::number(y.upper)));
    QVERIFY(y.upper >= 100);
    QVERIFY2(w.clippedNote(C::Requests).contains(QStringLiteral("100000")), qPrintable(w.clippedNote(C::Requests)));
  }

  void markersFilterAndTrim() {
    LiveChartsWidget w;
    w.resize(900, 600);
    ClusterSample s;
    s.time_ms = 1'700'000'000'000;
    s.servers = {server("rs1", 1)};
    w.addSample(s);
    w.addEvent(clusterEvent("flush", s.time_ms));
    w.addEvent(clusterEvent("move", s.time_ms, "u"));
    w.addEvent(clusterEvent("create table", s.time_ms));  // not a marker
    s.time_ms += 1000;
    w.addSample(s);
    QCOMPARE(w.events().size(), 2);
    // A flush marks the memstore and store-file charts; a move every chart.
    QCOMPARE(w.eventMarkers(), 2 + int(C::ChartCount));
    w.eventStrip()->relayout();
    QCOMPARE(w.eventStrip()->clusters().size(), size_t(2));
    // By kind.
    regionlab::ui::EventFilter f;
    f.hiddenKinds.insert(EventKind::Flush);
    w.setFilter(f);
    QCOMPARE(w.eventMarkers(), int(C::ChartCount));
    QCOMPARE(w.eventStrip()->clusters().size(), size_t(1));
    // By table: the table filter offers the tables that have events.
    QVERIFY(w.tableFilterBox()->findData(QStringLiteral("u")) >= 0);
    f = {};
    f.table = QStringLiteral("t");
    w.setFilter(f);
    QCOMPARE(w.eventStrip()->clusters().size(), size_t(1));
    QCOMPARE(w.eventStrip()->clusters().front().kind, EventKind::Flush);
    QCOMPARE(w.tableFilterBox()->currentData().toString(), QStringLiteral("t"));
    // Old points and markers go.
    w.setFilter({});
    s.time_ms += (C::kMaxWindowSeconds + 5) * 1000LL;
    w.addSample(s);
    QCOMPARE(w.graph(C::Memstore, QStringLiteral("rs1"))->dataCount(), 1);
    QCOMPARE(w.events().size(), 0);
    QCOMPARE(w.eventMarkers(), 0);
  }

  void troubleMarksEveryChart() {
    LiveChartsWidget w;
    w.resize(900, 600);
    ClusterSample s;
    s.time_ms = 1'700'000'000'000;
    s.servers = {server("rs1", 1)};
    w.addSample(s);
    w.addEvent(clusterEvent("write refused", s.time_ms));
    s.time_ms += 1000;
    w.addSample(s);
    QCOMPARE(w.events().size(), 1);
    // A full disk concerns every chart, drawn as a dashed line.
    QCOMPARE(w.eventMarkers(), int(C::ChartCount));
    w.eventStrip()->relayout();
    QCOMPARE(w.eventStrip()->clusters().size(), size_t(1));
    QCOMPARE(w.eventStrip()->clusters().front().kind, EventKind::Trouble);
  }

  void pauseFreezesTheView() {
    LiveChartsWidget w;
    ClusterSample s;
    s.time_ms = 1'700'000'000'000;
    s.servers = {server("rs1", 1)};
    w.addSample(s);
    const double before = w.plot(C::Requests)->xAxis->range().upper;
    w.setPaused(true);
    s.time_ms += 5000;
    w.addSample(s);
    QCOMPARE(w.plot(C::Requests)->xAxis->range().upper, before);
    QCOMPARE(w.graph(C::Memstore, QStringLiteral("rs1"))->dataCount(), 2);
    w.setPaused(false);
    QCOMPARE(w.plot(C::Requests)->xAxis->range().upper, s.time_ms / 1000.0);
    s.time_ms += 100'000;
    w.addSample(s);
    w.setWindowSeconds(60);
    QCOMPARE(w.plot(C::Requests)->xAxis->range().size(), 60.0);
    QCOMPARE(w.plot(C::Requests)->xAxis->range().upper, s.time_ms / 1000.0);
  }

  // A window from before the restart: drawn behind the live points, stored
  // rates as they were, a gap between, splits as markers.
  void aStoredWindowIsDrawnBehindTheLivePoints() {
    LiveChartsWidget w;
    w.setTable(QStringLiteral("t"));
    ClusterSample live;
    live.time_ms = 1'700'000'100'000;
    live.servers = {server("rs1", 500)};
    live.regions = {region("t", "a", 500, 4, 4000)};
    w.addSample(live);
    std::vector<ClusterSample> stored;
    for (int i = 0; i < 5; ++i) {
      ClusterSample s;
      s.time_ms = 1'700'000'000'000 + i * 1000;
      s.servers = {server("rs1", 100 + i)};
      s.servers[0].write_rate = 40 + i;  // as stored: rates, no counters
      s.regions = {region("t", "a", 100 + i, 1 + i, 1000)};
      stored.push_back(s);
    }
    ClusterSample late = stored.back();
    late.time_ms = live.time_ms + 5;  // at or after the live points: not drawn
    stored.push_back(late);
    std::vector<regionlab::ClusterEvent> splits = {clusterEvent("split", 1'700'000'002'500)};
    w.loadHistory(stored, splits);
    QCOMPARE(w.restoredSamples(), 5);
    QCPGraph* memstore = w.graph(C::Memstore, QStringLiteral("rs1"));
    QCOMPARE(memstore->dataCount(), 5 + 1 + 1);  // stored, the gap, live
    QCOMPARE(memstore->data()->constBegin()->value, 100.0);
    QVERIFY(std::isnan((memstore->data()->constBegin() + 5)->value));
    QCOMPARE(last(memstore), 500.0);
    QCOMPARE((w.graph(C::Requests, QStringLiteral("rs1 write"))->data()->constBegin() + 4)->value, 44.0);
    QCPGraph* files = w.graph(C::StoreFiles, QLatin1String(C::kFileCount));
    QCOMPARE(files->data()->constBegin()->value, 1.0);
    QCOMPARE(last(files), 4.0);
    QCOMPARE(w.events().size(), 1);
    // The view spans both.
    QCOMPARE(w.plot(C::Memstore)->xAxis->range().lower, 1'700'000'000.0);
    // Live samples carry on after it.
    live.time_ms += 1000;
    live.servers[0].memstore_bytes = 600;
    w.addSample(live);
    QCOMPARE(last(memstore), 600.0);
  }

  void memstoreRisesAndFallsAcrossAFlush() {
    regionlab::test::TempDir dir;
    regionlab::FaultInjectionEnv env(regionlab::Env::Default());
    regionlab::ClusterOptions options;
    options.region_servers = 1;
    options.metrics_interval_ms = 0;
    options.env = &env;
    auto opened = regionlab::Cluster::Open(dir.File("data"), options);
    RL_QVERIFY_OK(opened.status());
    std::unique_ptr<regionlab::Cluster> cluster = std::move(opened).value();
    regionlab::TableDescriptor desc;
    desc.name = "t";
    desc.families.resize(1);
    desc.families[0].name = "f";
    RL_QVERIFY_OK(cluster->admin().CreateTable(desc));
    auto table = cluster->GetTable("t");
    RL_QVERIFY_OK(table.status());
    LiveChartsWidget w;
    w.setTable(QStringLiteral("t"));
    QCPGraph* memstore = nullptr;
    std::vector<double> values;
    auto sample = [&] {
      QTest::qWait(3);  // distinct millisecond keys
      w.addSample(cluster->SampleNow());
      memstore = w.graph(C::Memstore, QStringLiteral("rs1"));
      QVERIFY(memstore != nullptr);
      values.push_back(last(memstore));
    };
    sample();
    for (int round = 0; round < 2; ++round) {
      for (int i = 0; i < 200; ++i) {
        regionlab::RowMutation m;
        m.row = "row" + std::to_string(round * 1000 + i);
        m.Put("f", "q", std::string(200, 'x'));
        RL_QVERIFY_OK((*table)->Put(m));
      }
      sample();
    }
    RL_QVERIFY_OK(cluster->admin().Flush("t"));
    RL_QVERIFY_OK(cluster->WaitForBackgroundWork());
    sample();
    QCOMPARE(values.size(), size_t(4));
    QVERIFY(values[1] > values[0]);
    QVERIFY(values[2] > values[1]);
    QCOMPARE(values[3], 1.0);  // empty: at the bottom of the log axis
    QVERIFY(last(w.graph(C::StoreFiles, QLatin1String(C::kFileCount))) >= 1);
    // A major compaction and a split: with the flush, each kind of marker the
    // engine's events give.
    RL_QVERIFY_OK(cluster->admin().Compact("t", /*major=*/true));
    RL_QVERIFY_OK(cluster->admin().Split("t", "row0100"));
    RL_QVERIFY_OK(cluster->WaitForBackgroundWork());
    // A full disk refuses a write; once space is back, writes resume.
    env.InjectFault(regionlab::kFaultAppend, regionlab::FaultKind::kNoSpace, "/wal/");
    regionlab::RowMutation refused;
    refused.row = "row9999";
    refused.Put("f", "q", "v");
    QVERIFY((*table)->Put(refused).IsIOError());
    env.ClearFaults();
    RL_QVERIFY_OK((*table)->Put(refused));
    QSet<EventKind> kinds;
    for (const auto& e : cluster->RecentEvents()) {
      w.addEvent(e);
      kinds.insert(regionlab::ui::eventKindOf(e.kind));
    }
    QVERIFY(kinds.contains(EventKind::Flush) && kinds.contains(EventKind::MajorCompaction) &&
            kinds.contains(EventKind::Split) && kinds.contains(EventKind::Trouble) &&
            kinds.contains(EventKind::Resumed));
    w.resize(1000, 700);
    sample();
    w.eventStrip()->relayout();
    QVERIFY(w.eventStrip()->clusters().size() >= 5);
    RL_QVERIFY_OK(cluster->Close());

    const QString path = QString::fromStdString(dir.File("charts.png"));
    QVERIFY(w.exportPng(path));
    const QImage image(path);
    QVERIFY(image.width() >= 900 && image.height() >= 500);
    const QString keep = qEnvironmentVariable("REGIONLAB_SCREENSHOT_DIR");
    if (!keep.isEmpty()) QVERIFY(image.save(keep + QStringLiteral("/live_charts_flush.png")));
  }
};

QTEST_MAIN(LiveChartsWidgetTest)
#include "live_charts_widget_test.moc"
