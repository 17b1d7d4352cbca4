// The distribution simulator: quantile split keys balance 1,000,000 keys
// within 5% across 10 regions for every built-in example (sampled with
// another seed than the run), 1M keys simulate in well under a second
// (Release), a timestamp-first key shows its hotspot window by window while
// a salted one does not, the first automatic split follows the engine's
// split policies, Gini and skew on known inputs, existing tables' layouts,
// and cancellation.
#include <QtTest>

#include <cstdio>
#include <string>

#include "region/split_policy.h"
#include "regionlab/cluster.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "rowkey/simulator.h"
#include "rowkey/split_calculators.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::rowkey;

namespace {

// A million keys, as the issue's figures are stated; the sanitizer build,
// several times slower per key, checks the same properties on 200,000.
#ifdef REGIONLAB_SANITIZE_BUILD
constexpr uint64_t kKeys = 200000;
#else
constexpr uint64_t kKeys = 1000000;
#endif

SimulationOptions Options() {
  SimulationOptions o;
  o.keys = kKeys;
  return o;
}

KeyEncoder Encoder(const RowkeyScheme& scheme) {
  auto enc = KeyEncoder::Create(scheme);
  if (!enc.ok()) qFatal("%s", enc.status().ToString().c_str());
  return std::move(*enc);
}

RowkeyScheme Parse(const std::string& json) {
  auto s = ParseSchemeJson(json, "test");
  if (!s.ok()) qFatal("%s", s.status().ToString().c_str());
  return *s;
}

// One sensor log, keyed by time first or salted first.
RowkeyScheme SensorLog(bool salted) {
  std::string segments = salted ? R"({"kind": "salt", "fields": ["sensor"], "buckets": 10},)" : "";
  segments += R"({"kind": "timestamp", "field": "ts"}, {"kind": "field", "field": "sensor", "encoding": "binary"})";
  return Parse(R"({"name": ")" + std::string(salted ? "salted" : "ts-first") +
               R"(", "fields": [{"name": "ts", "type": "long"}, {"name": "sensor", "type": "int"}],
               "segments": [)" + segments + R"(],
               "workload": {"models": [{"field": "ts", "model": "increasing_time", "max_step_ms": 10},
                                       {"field": "sensor", "model": "uniform", "min": 1, "max": 100000}]}})");
}

std::vector<std::string> QuantileSplits(const KeyEncoder& enc, Workload workload, int regions,
                                        uint64_t planned = kKeys) {
  workload.seed += 1;  // the sample is not the simulated run
  SampleOptions o;
  o.planned_keys = planned;
  o.sample = 100000;
  auto keys = SampledSplitKeys(enc, workload, regions, o);
  if (!keys.ok()) qFatal("%s", keys.status().ToString().c_str());
  return *keys;
}

}  // namespace

class SimulatorTest : public QObject {
  Q_OBJECT
 private slots:
  void quantileSplitsBalanceAMillionKeys_data() {
    QTest::addColumn<QString>("name");
    for (const auto& n : ExampleSchemeNames()) QTest::newRow(n.c_str()) << QString::fromStdString(n);
  }
  void quantileSplitsBalanceAMillionKeys() {
    QFETCH(QString, name);
    auto scheme = ExampleScheme(name.toStdString());
    const KeyEncoder enc = Encoder(*scheme);
    const auto splits = QuantileSplits(enc, scheme->workload, 10);
    QCOMPARE(splits.size(), size_t{9});
    auto report = Simulate(enc, scheme->workload, LayoutFromSplitKeys(splits), Options());
    QVERIFY2(report.ok(), report.status().ToString().c_str());
    QCOMPARE(report->keys, kKeys);
    uint64_t lo = UINT64_MAX, hi = 0;
    for (const RegionLoad& r : report->regions) {
      lo = std::min(lo, r.writes);
      hi = std::max(hi, r.writes);
    }
    const double mean = kKeys / 10.0;
    QVERIFY2(hi <= mean * 1.05 && lo >= mean * 0.95,
             qPrintable(QString("%1: regions hold %2..%3 keys").arg(name).arg(lo).arg(hi)));
    QVERIFY(report->region_skew <= 1.05);
    QVERIFY(report->gini < 0.03);
  }

  // The default run: a million keys, each routed to exactly one region. How
  // long it takes is measured, not asserted (`regionlab-scheme simulate`
  // prints it; the README quotes it): tests do not time on shared machines.
  void aMillionKeysAreEachRoutedOnce() {
    auto scheme = ExampleScheme("trade-salted");
    const KeyEncoder enc = Encoder(*scheme);
    auto splits = SaltSplitKeys(enc, 16);
    QVERIFY(splits.ok());
    auto report = Simulate(enc, scheme->workload, LayoutFromSplitKeys(*splits), Options());
    QVERIFY(report.ok());
    QCOMPARE(report->keys, kKeys);
    uint64_t routed = 0;
    for (const auto& r : report->regions) routed += r.writes;
    QCOMPARE(routed, kKeys);
    QCOMPARE(report->regions.size(), size_t(16));
    std::printf("%llu keys of trade-salted over 16 regions: %.3f s\n",
                static_cast<unsigned long long>(kKeys), report->seconds);
  }

  // Over the whole run both layouts hold about a tenth of the keys per
  // region; but the time-first key writes into one region at a time.
  void hotspotShowsWindowByWindow() {
    const RowkeyScheme ts = SensorLog(false);
    const RowkeyScheme salted = SensorLog(true);
    const KeyEncoder ts_enc = Encoder(ts);
    const KeyEncoder salted_enc = Encoder(salted);
    SimulationOptions o;
    o.keys = 200000;
    o.windows = 20;
    // The salted table is pre-split at its buckets (the partition calculator).
    auto salt_splits = SaltSplitKeys(salted_enc, 10);
    QVERIFY(salt_splits.ok());
    auto cmp = CompareSchemes(ts_enc, LayoutFromSplitKeys(QuantileSplits(ts_enc, ts.workload, 10, o.keys)),
                              salted_enc, LayoutFromSplitKeys(*salt_splits),
                              ts.workload, o);
    QVERIFY2(cmp.ok(), cmp.status().ToString().c_str());
    QVERIFY(cmp->a.region_skew < 1.2);
    QVERIFY(cmp->b.region_skew < 1.2);
    QCOMPARE(cmp->a.window_skew.size(), size_t{20});
    QVERIFY2(cmp->a.max_window_skew > 9.0, qPrintable(QString::number(cmp->a.max_window_skew)));
    QVERIFY2(cmp->b.max_window_skew < 1.3, qPrintable(QString::number(cmp->b.max_window_skew)));
    // At the last window's rates the hot region splits long before any
    // region of the salted table.
    QVERIFY(cmp->a.first_split.expected && cmp->b.first_split.expected);
    QVERIFY(!cmp->a.first_split.within_run);
    QVERIFY(cmp->a.first_split.at_write * 5 < cmp->b.first_split.at_write);
    QCOMPARE(cmp->a.first_split.region, size_t{9});  // the newest keys' region

    RowkeyScheme other = ts;
    other.fields[1].name = "device";
    other.segments[1].field = "device";
    other.workload.models[1].field = "device";
    auto mismatch = CompareSchemes(ts_enc, LayoutFromSplitKeys({}), Encoder(other),
                                   LayoutFromSplitKeys({}), ts.workload, o);
    QVERIFY(mismatch.status().message().find("have different fields") != std::string::npos);
  }

  // One region, 1 MB flushes. ConstantSize with a 10 MB MAX_FILESIZE and no
  // jitter splits after the 11th flush (store 11 MB > 10 MB); Stepping with
  // one region on its server splits at 2 x flush, after the 3rd flush.
  void firstSplitFollowsThePolicy_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<quint64>("bytes");
    QTest::newRow("ConstantSize") << "ConstantSizeRegionSplitPolicy" << quint64{11};
    QTest::newRow("Stepping") << "SteppingSplitPolicy" << quint64{3};
    QTest::newRow("0.94 formula") << QString(kIncreasingToUpperBound094.data()) << quint64{2};
  }
  void firstSplitFollowsThePolicy() {
    QFETCH(QString, policy);
    QFETCH(quint64, bytes);
    auto scheme = ExampleScheme("transaction");  // 6-byte keys: 6 + 100 + 1 + 22 = 129 bytes a write
    const KeyEncoder enc = Encoder(*scheme);
    SimulationOptions o;
    o.keys = 200000;
    o.split_policy = policy.toStdString();
    o.flush_size = 1 << 20;
    o.max_file_size = 10 << 20;
    o.table_config["hbase.hregion.max.filesize.jitter"] = "0";
    auto report = Simulate(enc, scheme->workload, LayoutFromSplitKeys({}), o);
    QVERIFY2(report.ok(), report.status().ToString().c_str());
    QVERIFY(report->first_split.expected && report->first_split.within_run);
    const uint64_t want = (bytes * (1 << 20) + 128) / 129;  // the first write reaching it
    QCOMPARE(report->first_split.at_write, want);
    QVERIFY(!report->first_split.explanation.empty());
  }

  void giniAndSkew() {
    QCOMPARE(Gini({5, 5, 5, 5}), 0.0);
    QCOMPARE(Gini({0, 0, 0, 0}), 0.0);
    QVERIFY(std::abs(Gini({0, 0, 0, 12}) - 0.75) < 1e-12);  // (n - 1) / n
    QVERIFY(std::abs(Gini({1, 2, 3, 4}) - 0.25) < 1e-12);
  }

  void layoutErrorsAndCancel() {
    auto scheme = ExampleScheme("risk-hash");
    const KeyEncoder enc = Encoder(*scheme);
    std::vector<RegionSlot> bad = LayoutFromSplitKeys({"a", "b"});
    bad[1].end_key = "c";
    auto r = Simulate(enc, scheme->workload, bad, SimulationOptions());
    QCOMPARE(QString::fromStdString(r.status().message()),
             QString("region 3 does not start where region 2 ends"));
    SimulationOptions o;
    o.progress = [](uint64_t done, uint64_t) { return done < 100000; };
    auto cancelled = Simulate(enc, scheme->workload, LayoutFromSplitKeys({}), o);
    QVERIFY(cancelled.status().IsAborted());
    o.progress = nullptr;
    o.split_policy = "NoSuchPolicy";
    QVERIFY(Simulate(enc, scheme->workload, LayoutFromSplitKeys({}), o).status().IsInvalidArgument());
  }

  void serversRoundRobin() {
    auto layout = LayoutFromSplitKeys({"1", "2", "3", "4"}, 3);
    QCOMPARE(layout[0].server, std::string("rs1"));
    QCOMPARE(layout[3].server, std::string("rs1"));
    QCOMPARE(layout[4].server, std::string("rs2"));
    auto scheme = ExampleScheme("risk-hash");
    auto report = Simulate(Encoder(*scheme), scheme->workload, layout, Options());
    QVERIFY(report.ok());
    QCOMPARE(report->servers.size(), size_t{3});
    QCOMPARE(report->servers[0].regions, size_t{2});
    uint64_t total = 0;
    for (const auto& s : report->servers) total += s.writes;
    QCOMPARE(total, kKeys);
  }

  // An existing table: its regions, servers and the engine's thresholds.
  void existingTable() {
    test::TempDir dir;
    ClusterOptions co;
    co.metrics_interval_ms = 0;
    auto cluster = Cluster::Open(dir.path(), co);
    QVERIFY2(cluster.ok(), cluster.status().ToString().c_str());
    TableDescriptor d;
    d.name = "files";
    d.families.push_back(FamilyOptions{});
    d.families[0].name = "f";
    RL_QVERIFY_OK((*cluster)->admin().CreateTable(d, {"000002", "000003"}));
    auto layout = LayoutFromTable((*cluster)->admin(), "files");
    QVERIFY2(layout.ok(), layout.status().ToString().c_str());
    QCOMPARE(layout->size(), size_t{3});
    QVERIFY(!(*layout)[0].server.empty());
    QVERIFY((*layout)[0].split_threshold > 0);
    auto scheme = ExampleScheme("user-time-file");
    SimulationOptions o;
    o.keys = 100000;
    ApplyDescriptor(d, &o);
    auto report = Simulate(Encoder(*scheme), scheme->workload, *layout, o);
    QVERIFY2(report.ok(), report.status().ToString().c_str());
    QCOMPARE(report->regions[0].split_threshold, (*layout)[0].split_threshold);
    QVERIFY(LayoutFromTable((*cluster)->admin(), "missing").status().IsNotFound());
    RL_QVERIFY_OK((*cluster)->Close());
  }
};

QTEST_GUILESS_MAIN(SimulatorTest)
#include "simulator_test.moc"
