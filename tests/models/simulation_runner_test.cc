// The distribution simulator's Qt Core half: the runner's results equal the
// engine's own Simulate / CompareSchemes on the same input, and the load
// models show them (under QAbstractItemModelTester); progress arrives and
// cancel stops a long run; layouts from each source; the CSV export line by
// line; and how long 1,000,000 keys take from start() to the result on the
// UI thread.
#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

#include "models/region_layout.h"
#include "models/simulation_export.h"
#include "models/simulation_models.h"
#include "models/simulation_runner.h"
#include "models/value_models_model.h"
#include "rowkey/scheme_examples.h"
#include "support/scheme_fixtures.h"
#include "support/test_util.h"

namespace rk = regionlab::rowkey;
using regionlab::ui::LayoutSource;
using regionlab::ui::LayoutSpec;
using regionlab::ui::SimulationOutcome;
using regionlab::ui::SimulationOutcomePtr;
using regionlab::ui::SimulationRequest;
using regionlab::ui::SimulationRunner;

Q_DECLARE_METATYPE(LayoutSource)

namespace {

constexpr int kWaitMs = 120000;



SimulationOutcomePtr runToEnd(SimulationRunner& runner, const SimulationRequest& request) {
  QSignalSpy finished(&runner, &SimulationRunner::finished);
  runner.start(request);
  if (!finished.wait(kWaitMs)) return nullptr;
  return finished.takeLast().at(0).value<SimulationOutcomePtr>();
}

void compareReports(const rk::DistributionReport& got, const rk::DistributionReport& want) {
  QCOMPARE(got.keys, want.keys);
  QCOMPARE(got.bytes, want.bytes);
  QCOMPARE(got.regions.size(), want.regions.size());
  for (size_t i = 0; i < want.regions.size(); ++i) {
    QCOMPARE(got.regions[i].writes, want.regions[i].writes);
    QCOMPARE(got.regions[i].bytes, want.regions[i].bytes);
    QCOMPARE(got.regions[i].slot.start_key, want.regions[i].slot.start_key);
    QCOMPARE(got.regions[i].slot.server, want.regions[i].slot.server);
    QCOMPARE(got.regions[i].split_threshold, want.regions[i].split_threshold);
  }
  QCOMPARE(got.servers.size(), want.servers.size());
  for (size_t i = 0; i < want.servers.size(); ++i) QCOMPARE(got.servers[i].writes, want.servers[i].writes);
  QCOMPARE(got.region_skew, want.region_skew);
  QCOMPARE(got.server_skew, want.server_skew);
  QCOMPARE(got.gini, want.gini);
  QCOMPARE(got.window_skew, want.window_skew);
  QCOMPARE(got.first_split.expected, want.first_split.expected);
  QCOMPARE(got.first_split.at_write, want.first_split.at_write);
  QCOMPARE(got.first_split.region, want.first_split.region);
}

}  // namespace

class SimulationRunnerTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { qRegisterMetaType<SimulationOutcomePtr>(); }

  // What the runner hands back is the engine's Simulate on the same input.
  void equalsEngineSimulate_data() {
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<LayoutSource>("source");
    QTest::newRow("trade-salted over its salt buckets") << "trade-salted" << LayoutSource::SaltBuckets;
    QTest::newRow("general over quantiles") << "general" << LayoutSource::Quantiles;
    QTest::newRow("risk-hash, NUMREGIONS") << "risk-hash" << LayoutSource::NumRegions;
  }
  void equalsEngineSimulate() {
    QFETCH(QString, scheme);
    QFETCH(LayoutSource, source);
    SimulationRequest request;
    request.a = regionlab::test::Example(scheme.toUtf8().constData());
    request.workload = request.a.workload;
    request.layout.source = source;
    request.layout.regions = 16;
    request.layout.plannedKeys = 200000;
    request.layout.sampleKeys = 20000;
    request.options.keys = 200000;
    request.options.flush_size = 1 << 20;  // small, so splits come within the run
    SimulationRunner runner;
    const SimulationOutcomePtr out = runToEnd(runner, request);
    QVERIFY(out);
    QCOMPARE(out->status, SimulationOutcome::Status::Finished);

    auto enc = rk::KeyEncoder::Create(request.a);
    QVERIFY(enc.ok());
    auto layout = regionlab::ui::resolveLayout(request.layout, *enc, request.workload);
    QVERIFY2(layout.ok(), layout.status().ToString().c_str());
    QCOMPARE(layout->size(), size_t{16});
    auto want = rk::Simulate(*enc, request.workload, *layout, request.options);
    QVERIFY(want.ok());
    compareReports(out->a, *want);

    regionlab::ui::RegionLoadModel regions;
    regionlab::ui::ServerLoadModel servers;
    QAbstractItemModelTester t1(&regions, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&servers, QAbstractItemModelTester::FailureReportingMode::QtTest);
    regions.setReport(out->a);
    servers.setReport(out->a);
    QCOMPARE(regions.rowCount(), 16);
    QCOMPARE(servers.rowCount(), 3);
    uint64_t sum = 0;
    for (int r = 0; r < regions.rowCount(); ++r) {
      const auto writes = regions.index(r, regionlab::ui::RegionLoadModel::Writes).data(regionlab::ui::RegionLoadModel::RawRole).toULongLong();
      QCOMPARE(writes, want->regions[static_cast<size_t>(r)].writes);
      sum += writes;
    }
    QCOMPARE(sum, uint64_t{200000});
    QCOMPARE(regions.index(0, regionlab::ui::RegionLoadModel::StartKey).data().toString(), QStringLiteral("(first)"));
  }

  // Compare: both schemes on the same records; the hotspot shows per tenth.
  void compareEqualsCompareSchemes() {
    SimulationRequest request;
    request.a = regionlab::test::TimeFirstTrade();
    request.b = regionlab::test::Example("trade-salted");
    request.compare = true;
    request.workload = request.b.workload;
    request.layout.source = LayoutSource::Quantiles;
    request.layout.regions = 16;
    request.layout.plannedKeys = 300000;
    request.layout.sampleKeys = 30000;
    request.options.keys = 300000;
    SimulationRunner runner;
    const SimulationOutcomePtr out = runToEnd(runner, request);
    QVERIFY(out);
    QCOMPARE(out->status, SimulationOutcome::Status::Finished);
    auto a = rk::KeyEncoder::Create(request.a);
    auto b = rk::KeyEncoder::Create(request.b);
    auto la = regionlab::ui::resolveLayout(request.layout, *a, request.workload);
    auto lb = regionlab::ui::resolveLayout(request.layout, *b, request.workload);
    auto want = rk::CompareSchemes(*a, *la, *b, *lb, request.workload, request.options);
    QVERIFY(want.ok());
    compareReports(out->a, want->a);
    compareReports(out->b, want->b);
    // Time first: each tenth of the run writes to one or two of 16 regions.
    QVERIFY2(out->a.max_window_skew > 8, qPrintable(QString::number(out->a.max_window_skew)));
    QVERIFY2(out->b.max_window_skew < 1.5, qPrintable(QString::number(out->b.max_window_skew)));

    // Different fields cannot be compared: the engine's reason comes back.
    request.b = regionlab::test::Example("vehicle");
    const SimulationOutcomePtr refused = runToEnd(runner, request);
    QCOMPARE(refused->status, SimulationOutcome::Status::Failed);
    QVERIFY2(refused->error.contains(QStringLiteral("different fields")), qPrintable(refused->error));
  }

  void progressThenCancel() {
    SimulationRequest request;
    request.a = regionlab::test::Example("trade-salted");
    request.workload = request.a.workload;
    request.layout.source = LayoutSource::SaltBuckets;
    request.layout.regions = 16;
    request.options.keys = 100000000;  // far longer than the test waits
    SimulationRunner runner;
    QSignalSpy progress(&runner, &SimulationRunner::progress);
    QSignalSpy finished(&runner, &SimulationRunner::finished);
    QElapsedTimer clock;
    clock.start();
    runner.start(request);
    QVERIFY(runner.isRunning());
    QVERIFY(progress.wait(kWaitMs));
    const qint64 done = progress.last().at(1).toLongLong();
    QVERIFY(done > 0 && done < static_cast<qint64>(request.options.keys));
    QCOMPARE(progress.last().at(2).toLongLong(), static_cast<qint64>(request.options.keys));
    runner.cancel();
    QVERIFY(finished.wait(kWaitMs));
    const auto out = finished.at(0).at(0).value<SimulationOutcomePtr>();
    QCOMPARE(out->status, SimulationOutcome::Status::Cancelled);
    QVERIFY(!runner.isRunning());
    QVERIFY2(clock.elapsed() < 20000, qPrintable(QString::number(clock.elapsed())));
    // No progress of the cancelled run arrives after its end.
    const int seen = progress.count();
    QTest::qWait(200);
    QCOMPARE(progress.count(), seen);
  }

  // A replaced run's result is dropped: only the second one finishes.
  void newRunReplacesOld() {
    SimulationRequest request;
    request.a = regionlab::test::Example("risk-hash");
    request.workload = request.a.workload;
    request.layout.source = LayoutSource::SingleRegion;
    request.options.keys = 50000000;
    SimulationRunner runner;
    QSignalSpy finished(&runner, &SimulationRunner::finished);
    const quint64 first = runner.start(request);
    request.options.keys = 1000;
    const quint64 second = runner.start(request);
    QVERIFY(second > first);
    QVERIFY(finished.wait(kWaitMs));
    QTest::qWait(300);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).value<SimulationOutcomePtr>()->generation, second);
    QCOMPARE(finished.at(0).at(0).value<SimulationOutcomePtr>()->a.keys, uint64_t{1000});
  }

  void layoutErrors_data() {
    QTest::addColumn<LayoutSource>("source");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("salt without a salt") << LayoutSource::SaltBuckets << "" << "salt";
    QTest::newRow("typed empty key") << LayoutSource::SplitKeys << "a\n\nc\n" << "split keys:2: Empty split key";
    QTest::newRow("no table") << LayoutSource::Table << "" << "no table chosen";
  }
  void layoutErrors() {
    QFETCH(LayoutSource, source);
    QFETCH(QString, text);
    QFETCH(QString, error);
    const rk::RowkeyScheme s = regionlab::test::Example("user-time-file");
    auto enc = rk::KeyEncoder::Create(s);
    LayoutSpec spec;
    spec.source = source;
    spec.splitKeysText = text;
    auto r = regionlab::ui::resolveLayout(spec, *enc, s.workload);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.status().message()).contains(error), r.status().ToString().c_str());
  }

  void typedAndNumRegionsLayouts() {
    const rk::RowkeyScheme s = regionlab::test::Example("user-time-file");
    auto enc = rk::KeyEncoder::Create(s);
    LayoutSpec spec;
    spec.source = LayoutSource::SplitKeys;
    spec.splitKeysText = QStringLiteral("000200\n000100\n\\x00\\xFF\n");
    spec.servers = 2;
    auto r = regionlab::ui::resolveLayout(spec, *enc, s.workload);
    QVERIFY(r.ok());
    QCOMPARE(regionlab::ui::splitKeysOf(*r), (std::vector<std::string>{std::string("\x00\xff", 2), "000100", "000200"}));
    QCOMPARE((*r)[3].server, std::string("rs2"));
    spec.source = LayoutSource::NumRegions;
    spec.algorithm = regionlab::SplitAlgorithm::kHexString;
    spec.regions = 4;
    r = regionlab::ui::resolveLayout(spec, *enc, s.workload);
    QCOMPARE(regionlab::ui::splitKeysOf(*r), (std::vector<std::string>{"40000000", "80000000", "c0000000"}));
  }

  void valueModelsEditing() {
    regionlab::ui::ValueModelsModel models;
    QAbstractItemModelTester tester(&models, QAbstractItemModelTester::FailureReportingMode::QtTest);
    models.setScheme(regionlab::test::Example("trade-salted"));
    using M = regionlab::ui::ValueModelsModel;
    QCOMPARE(models.rowCount(), 3);
    QCOMPARE(models.index(0, M::Model).data().toString(), QStringLiteral("zipf"));
    QVERIFY(models.takesParameter(0, M::Theta));
    QVERIFY(!models.takesParameter(0, M::Choices));
    // A tenant mix for the seller: three sellers, one of them heavy.
    QVERIFY(models.setData(models.index(0, M::Model), QStringLiteral("tenant_mix"), Qt::EditRole));
    QVERIFY(models.setData(models.index(0, M::Choices), QStringLiteral("7:8, 8:1, 9:1"), Qt::EditRole));
    const rk::ValueModel* m = models.workload().Find("sellerId");
    QVERIFY(m);
    QCOMPARE(m->kind, rk::ValueModelKind::kTenantMix);
    QCOMPARE(m->choices.size(), size_t{3});
    QCOMPARE(m->choices[0].second, 8.0);
    QVERIFY(!models.index(0, M::Theta).flags().testFlag(Qt::ItemIsEditable));
    QSignalSpy rejected(&models, &M::editRejected);
    QVERIFY(!models.setData(models.index(0, M::Choices), QStringLiteral("7:-1"), Qt::EditRole));
    QVERIFY(!models.setData(models.index(1, M::Start), QStringLiteral("yesterday"), Qt::EditRole));
    QCOMPARE(rejected.count(), 2);
    QVERIFY(models.setData(models.index(1, M::Start), QStringLiteral("2024-03-01T00:00:00Z"), Qt::EditRole));
    QCOMPARE(models.workload().Find("ts")->start_ms, int64_t{1709251200000});
  }

  // The CSV: header, region and server rows, and the summary figures.
  void csvExport() {
    SimulationOutcome out;
    out.status = SimulationOutcome::Status::Finished;
    rk::DistributionReport& r = out.a;
    r.scheme = "s,1";
    r.keys = 4;
    r.bytes = 400;
    rk::RegionLoad first;
    first.slot.name = "region 1";
    first.slot.end_key = std::string("\x01", 1);
    first.slot.server = "rs1";
    first.writes = 3;
    first.bytes = 300;
    first.split_threshold = 1000;
    rk::RegionLoad second = first;
    second.slot.name = "region 2";
    second.slot.start_key = std::string("\x01", 1);
    second.slot.end_key.clear();
    second.writes = 1;
    second.bytes = 100;
    r.regions = {first, second};
    r.servers = {{"rs1", 2, 4, 400}};
    r.region_skew = 1.5;
    r.region_bytes_skew = 1.5;
    r.server_skew = 1;
    r.gini = 0.25;
    r.window_skew = {2, 1};
    r.max_window_skew = 2;
    r.first_split.expected = true;
    r.first_split.within_run = false;
    r.first_split.at_write = 12;
    r.first_split.region = 0;
    r.seconds = 0.5;
    const QByteArray csv = regionlab::ui::simulationToCsv(out);
    const QByteArray want =
        "scheme,level,index,name,server,start_key,end_key,writes,bytes,write_share,split_threshold,value\r\n"
        "\"s,1\",region,1,region 1,rs1,,\\x01,3,300,0.75,1000,\r\n"
        "\"s,1\",region,2,region 2,rs1,\\x01,,1,100,0.25,1000,\r\n"
        "\"s,1\",server,1,rs1,rs1,,,4,400,1,,\r\n"
        "\"s,1\",summary,,keys,,,,,,,,4\r\n"
        "\"s,1\",summary,,bytes,,,,,,,,400\r\n"
        "\"s,1\",summary,,region_skew,,,,,,,,1.5\r\n"
        "\"s,1\",summary,,region_bytes_skew,,,,,,,,1.5\r\n"
        "\"s,1\",summary,,server_skew,,,,,,,,1\r\n"
        "\"s,1\",summary,,gini,,,,,,,,0.25\r\n"
        "\"s,1\",summary,1,window_skew,,,,,,,,2\r\n"
        "\"s,1\",summary,2,window_skew,,,,,,,,1\r\n"
        "\"s,1\",summary,,max_window_skew,,,,,,,,2\r\n"
        "\"s,1\",summary,,first_split_at_write,,,,,,,,12\r\n"
        "\"s,1\",summary,,first_split_region,,,,,,,,1\r\n"
        "\"s,1\",summary,,first_split_within_run,,,,,,,,0\r\n"
        "\"s,1\",summary,,seconds,,,,,,,,0.5\r\n";
    QCOMPARE(csv, want);
    regionlab::test::TempDir dir;
    QString error;
    const QString path = QString::fromStdString(dir.File("figures.csv"));
    QVERIFY(regionlab::ui::writeSimulationCsv(path, out, &error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), want);
    QVERIFY(!regionlab::ui::writeSimulationCsv(QString::fromStdString(dir.File("no/such/dir/x.csv")), out, &error));
    QVERIFY(error.contains(QStringLiteral("x.csv")));
  }

  // 1,000,000 keys from start() to the result on this thread (the GUI path
  // without the widgets), reported for the README.
  void millionKeysThroughTheRunner() {
    SimulationRequest request;
    request.a = regionlab::test::Example("trade-salted");
    request.workload = request.a.workload;
    request.layout.source = LayoutSource::SaltBuckets;
    request.layout.regions = 16;
    request.options.keys = 1000000;
    SimulationRunner runner;
    QElapsedTimer clock;
    clock.start();
    const SimulationOutcomePtr out = runToEnd(runner, request);
    const qint64 ms = clock.elapsed();
    QVERIFY(out);
    QCOMPARE(out->a.keys, uint64_t{1000000});
    qInfo("1,000,000 keys (trade-salted, 16 regions): %.3f s start-to-result, engine %.3f s, test clock %lld ms",
          out->wallSeconds, out->engineSeconds, static_cast<long long>(ms));
    QVERIFY(out->wallSeconds >= out->engineSeconds);
  }
};

QTEST_GUILESS_MAIN(SimulationRunnerTest)
#include "simulation_runner_test.moc"
