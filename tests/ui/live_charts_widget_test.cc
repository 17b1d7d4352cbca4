// LiveChartsWidget: the graphs hold the sample values (stacked memstore,
// block cache, requests, store files), old points and markers are trimmed,
// pause freezes the view, and with a real engine the memstore series rises
// while rows are written and falls across a flush.
#include <qcustomplot.h>

#include <QtTest>

#include "regionlab/cluster.h"
#include "support/test_util.h"
#include "ui/live_charts_widget.h"

using regionlab::ClusterSample;
using regionlab::ServerMetrics;
using regionlab::ui::LiveChartsWidget;

namespace {

ServerMetrics server(const std::string& name, uint64_t memstore) {
  ServerMetrics s;
  s.name = name;
  s.online = true;
  s.memstore_bytes = memstore;
  s.global_memstore_limit = 1000;
  return s;
}

// The newest value of a graph.
double last(QCPGraph* g) {
  if (g == nullptr || g->data()->isEmpty()) return -1;
  return (g->data()->constEnd() - 1)->value;
}

}  // namespace

class LiveChartsWidgetTest : public QObject {
  Q_OBJECT

 private slots:
  void graphsHoldTheSampleValues() {
    LiveChartsWidget w;
    ClusterSample s;
    s.time_ms = 1'700'000'000'000;
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
    s.servers[0].store_files = 2;
    s.servers[1].store_files = 3;
    s.servers[1].store_file_bytes = 4096;
    w.addSample(s);
    using C = LiveChartsWidget;
    QCOMPARE(last(w.graph(C::Memstore, QStringLiteral("rs1"))), 100.0);
    QCOMPARE(last(w.graph(C::Memstore, QStringLiteral("rs2"))), 400.0);  // stacked on rs1
    QCOMPARE(w.graph(C::Memstore, QStringLiteral("rs2"))->channelFillGraph(),
             w.graph(C::Memstore, QStringLiteral("rs1")));
    QCOMPARE(last(w.graph(C::Memstore, QStringLiteral("global blocking limit"))), 2000.0);
    QCOMPARE(last(w.graph(C::Memstore, QStringLiteral("global flush limit"))), 1900.0);
    QCOMPARE(last(w.graph(C::BlockCache, QStringLiteral("single"))), 15.0);
    QCOMPARE(last(w.graph(C::BlockCache, QStringLiteral("multi"))), 20.0);
    QCOMPARE(last(w.graph(C::BlockCache, QStringLiteral("in-memory"))), 30.0);
    QCOMPARE(last(w.graph(C::BlockCache, QStringLiteral("hit ratio %"))), 75.0);
    QCOMPARE(w.graph(C::BlockCache, QStringLiteral("hit ratio %"))->valueAxis(),
             w.plot(C::BlockCache)->yAxis2);
    QCOMPARE(last(w.graph(C::Requests, QStringLiteral("rs1 write"))), 0.0);  // no earlier sample
    QCOMPARE(last(w.graph(C::StoreFiles, QStringLiteral("store files"))), 5.0);
    QCOMPARE(last(w.graph(C::StoreFiles, QStringLiteral("store file bytes"))), 4096.0);

    // Requests and evictions are rates of the counters: over two seconds
    // writes 1000 -> 1100 are 50/s, reads 70 -> 84 are 7/s, evictions 4 -> 10 are 3/s.
    s.time_ms += 2000;
    s.servers[0].block_cache.evictions = 10;
    s.servers[0].write_requests = 1100;
    s.servers[1].read_requests = 84;
    s.servers[1].write_requests = 0;
    w.addSample(s);
    QCOMPARE(last(w.graph(C::BlockCache, QStringLiteral("evictions/s"))), 3.0);
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
  }

  void oldPointsAndMarkersAreTrimmed() {
    LiveChartsWidget w;
    ClusterSample s;
    s.time_ms = 1'700'000'000'000;
    s.servers = {server("rs1", 1)};
    w.addSample(s);
    regionlab::ClusterEvent flush;
    flush.time_ms = s.time_ms;
    flush.kind = "flush";
    w.addEvent(flush);
    regionlab::ClusterEvent move = flush;
    move.kind = "move";  // not a chart marker
    w.addEvent(move);
    QCOMPARE(w.eventMarkers(), int(LiveChartsWidget::ChartCount));
    QCOMPARE(w.plot(LiveChartsWidget::Memstore)->itemCount(), 1);
    s.time_ms += (LiveChartsWidget::kMaxWindowSeconds + 5) * 1000LL;
    w.addSample(s);
    QCOMPARE(w.graph(LiveChartsWidget::Memstore, QStringLiteral("rs1"))->dataCount(), 1);
    QCOMPARE(w.eventMarkers(), 0);
    QCOMPARE(w.plot(LiveChartsWidget::Memstore)->itemCount(), 0);
  }

  void markerKinds_data() {
    QTest::addColumn<QString>("eventKind");
    QTest::addColumn<QString>("marker");
    QTest::newRow("flush") << "flush" << "flush";
    QTest::newRow("minor compaction") << "minor compaction" << "compaction";
    QTest::newRow("major compaction") << "major compaction" << "compaction";
    QTest::newRow("split") << "split" << "split";
    QTest::newRow("move") << "move" << "";
    QTest::newRow("merge") << "merge" << "";
    QTest::newRow("create table") << "create table" << "";
  }
  void markerKinds() {
    QFETCH(QString, eventKind);
    QFETCH(QString, marker);
    QCOMPARE(LiveChartsWidget::markerKind(eventKind.toStdString()), marker);
  }

  void pauseFreezesTheView() {
    LiveChartsWidget w;
    ClusterSample s;
    s.time_ms = 1'700'000'000'000;
    s.servers = {server("rs1", 1)};
    w.addSample(s);
    const double before = w.plot(LiveChartsWidget::Requests)->xAxis->range().upper;
    w.setPaused(true);
    s.time_ms += 5000;
    w.addSample(s);
    QCOMPARE(w.plot(LiveChartsWidget::Requests)->xAxis->range().upper, before);
    QCOMPARE(w.graph(LiveChartsWidget::Memstore, QStringLiteral("rs1"))->dataCount(), 2);
    w.setPaused(false);
    QCOMPARE(w.plot(LiveChartsWidget::Requests)->xAxis->range().upper, s.time_ms / 1000.0);
    s.time_ms += 100'000;
    w.addSample(s);
    w.setWindowSeconds(60);
    QCOMPARE(w.plot(LiveChartsWidget::Requests)->xAxis->range().size(), 60.0);
    QCOMPARE(w.plot(LiveChartsWidget::Requests)->xAxis->range().upper, s.time_ms / 1000.0);
  }

  void memstoreRisesAndFallsAcrossAFlush() {
    regionlab::test::TempDir dir;
    regionlab::ClusterOptions options;
    options.region_servers = 1;
    options.metrics_interval_ms = 0;
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
    QCPGraph* memstore = nullptr;
    std::vector<double> values;
    auto sample = [&] {
      QTest::qWait(3);  // distinct millisecond keys
      w.addSample(cluster->SampleNow());
      memstore = w.graph(LiveChartsWidget::Memstore, QStringLiteral("rs1"));
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
    QCOMPARE(values[3], 0.0);
    QVERIFY(last(w.graph(LiveChartsWidget::StoreFiles, QStringLiteral("store files"))) >= 1);
    // A major compaction and a split: with the flush, each kind of marker the
    // engine's events give.
    RL_QVERIFY_OK(cluster->admin().Compact("t", /*major=*/true));
    RL_QVERIFY_OK(cluster->admin().Split("t", "row0100"));
    RL_QVERIFY_OK(cluster->WaitForBackgroundWork());
    QSet<QString> markers;
    for (const auto& e : cluster->RecentEvents()) {
      w.addEvent(e);
      markers.insert(LiveChartsWidget::markerKind(e.kind));
    }
    QVERIFY2(markers.contains("flush") && markers.contains("compaction") && markers.contains("split"),
             qPrintable(QStringList(markers.values()).join(',')));
    QVERIFY(w.eventMarkers() >= 3 * int(LiveChartsWidget::ChartCount));
    RL_QVERIFY_OK(cluster->Close());

    const QString path = QString::fromStdString(dir.File("charts.png"));
    w.resize(1000, 600);
    QVERIFY(w.exportPng(path));
    const QImage image(path);
    QVERIFY(image.width() >= 900 && image.height() >= 400);
    const QString keep = qEnvironmentVariable("REGIONLAB_SCREENSHOT_DIR");
    if (!keep.isEmpty()) QVERIFY(image.save(keep + QStringLiteral("/live_charts_flush.png")));
  }
};

QTEST_MAIN(LiveChartsWidgetTest)
#include "live_charts_widget_test.moc"
