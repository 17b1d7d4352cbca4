// The builder's analysis: warnings fire on a timestamp-first design and stay
// quiet on a salted one; each warning kind on a design made to trigger it;
// uniqueness risks; example keys escaped and in hex; and the query plans
// (start/stop rows, scanners, salt buckets, regions) of the built-in examples' queries.
#include <QtTest>

#include <string>

#include "regionlab/bytes.h"
#include "rowkey/scheme_analysis.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "rowkey/split_calculators.h"

using namespace regionlab;
using namespace regionlab::rowkey;

namespace {

RowkeyScheme Parse(const std::string& json) {
  auto s = ParseSchemeJson(json, "test");
  if (!s.ok()) qFatal("%s", s.status().ToString().c_str());
  return *s;
}

// A device log keyed by time first, then device: the design that makes a write hotspot.
const char kTimestampFirst[] = R"({"name": "ts-first",
  "fields": [{"name": "ts", "type": "long"}, {"name": "device", "type": "int"}],
  "segments": [{"kind": "timestamp", "field": "ts"},
               {"kind": "field", "field": "device", "encoding": "binary"}],
  "workload": {"models": [{"field": "ts", "model": "increasing_time", "max_step_ms": 5},
                          {"field": "device", "model": "uniform", "min": 1, "max": 5000}]}})";

// The same records, salted by device into 8 buckets first.
const char kSalted[] = R"({"name": "salted",
  "fields": [{"name": "ts", "type": "long"}, {"name": "device", "type": "int"}],
  "segments": [{"kind": "salt", "fields": ["device"], "buckets": 8, "encoding": "binary"},
               {"kind": "timestamp", "field": "ts"},
               {"kind": "field", "field": "device", "encoding": "binary"}],
  "workload": {"models": [{"field": "ts", "model": "increasing_time", "max_step_ms": 5},
                          {"field": "device", "model": "uniform", "min": 1, "max": 5000}]}})";

std::string Messages(const std::vector<Finding>& findings) {
  std::string out;
  for (const auto& f : findings) out += std::string(FindingKindName(f.kind)) + ": " + f.message + "\n";
  return out;
}

AnalysisOptions Regions(int n) {
  AnalysisOptions o;
  o.regions = n;
  return o;
}

}  // namespace

class SchemeAnalysisTest : public QObject {
  Q_OBJECT
 private slots:
  void timestampFirstWarns() {
    auto a = AnalyzeScheme(Parse(kTimestampFirst), Regions(8));
    QVERIFY2(a.ok(), a.status().ToString().c_str());
    QVERIFY2(a->HasWarning(FindingKind::kHotspot), Messages(a->warnings).c_str());
    const Finding& hot = a->warnings.front();
    QCOMPARE(hot.segment, 0);
    QVERIFY(hot.message.find("segment 1 (timestamp ts)") != std::string::npos);
    QVERIFY(a->increasing_fraction > 0.8);  // ties in time fall back to the device order
    // The general layout starts with its auto-increment sequence.
    auto general = AnalyzeScheme(*ExampleScheme("general"), Regions(8));
    QVERIFY2(general->HasWarning(FindingKind::kHotspot), Messages(general->warnings).c_str());
    QVERIFY(Messages(general->warnings).find("seq increases with every write (sequential)") !=
            std::string::npos);
  }

  void salted_data() {
    QTest::addColumn<QString>("json");
    QTest::newRow("salted device log") << QString(kSalted);
    auto trade = ExampleScheme("trade-salted");
    QTest::newRow("trade-salted example") << QString::fromStdString(FormatSchemeJson(*trade));
  }
  void salted() {
    QFETCH(QString, json);
    auto a = AnalyzeScheme(Parse(json.toStdString()), Regions(16));
    QVERIFY2(a.ok(), a.status().ToString().c_str());
    QVERIFY2(a->warnings.empty(), Messages(a->warnings).c_str());
    QVERIFY(a->increasing_fraction < 0.9);
  }

  void saltBucketsAboveRegions() {
    auto a = AnalyzeScheme(Parse(kSalted), Regions(4));
    QVERIFY(a.ok());
    QVERIFY2(a->HasWarning(FindingKind::kSaltBuckets), Messages(a->warnings).c_str());
    QVERIFY(Messages(a->warnings).find("8 salt buckets for 4 regions") != std::string::npos);
    auto quiet = AnalyzeScheme(Parse(kSalted), Regions(8));
    QVERIFY(!quiet->HasWarning(FindingKind::kSaltBuckets));
  }

  void hashBreaksDeclaredRange() {
    RowkeyScheme vehicle = *ExampleScheme("vehicle");
    auto ok = AnalyzeScheme(vehicle, Regions(16));
    QVERIFY(!ok->HasWarning(FindingKind::kHashBreaksQuery));  // the car is given: the hash is computed
    QueryTemplate all_cars;
    all_cars.name = "every car's records in an hour";
    all_cars.range_field = "ts";
    all_cars.range_from = "2024-01-01T08:00:00Z";
    all_cars.range_to = "2024-01-01T09:00:00Z";
    vehicle.queries.push_back(all_cars);
    auto a = AnalyzeScheme(vehicle, Regions(16));
    QVERIFY2(a->HasWarning(FindingKind::kHashBreaksQuery), Messages(a->warnings).c_str());
    const QueryPlan& plan = a->queries.back();
    QVERIFY(plan.hash_breaks_query);
    QVERIFY(plan.full_table);
    QCOMPARE(plan.hash_segment, 0);
  }

  void lowCardinalityLeadingSegment() {
    auto a = AnalyzeScheme(Parse(R"({"name": "by-tenant",
      "fields": [{"name": "tenant", "type": "string"}, {"name": "id", "type": "long", "unique": true}],
      "segments": [{"kind": "field", "field": "tenant", "encoding": "text", "width": 8},
                   {"kind": "field", "field": "id", "encoding": "binary"}],
      "workload": {"models": [{"field": "tenant", "model": "tenant_mix",
                               "choices": [{"value": "acme", "weight": 8}, {"value": "globex", "weight": 1},
                                           {"value": "initech", "weight": 1}]}]}})"),
                           Regions(10));
    QVERIFY(a.ok());
    QVERIFY2(a->HasWarning(FindingKind::kLowCardinality), Messages(a->warnings).c_str());
    QVERIFY(Messages(a->warnings).find("takes only 3 values for 10 regions") != std::string::npos);
    QCOMPARE(a->leading_distinct, uint64_t{3});
  }

  void keyLengthGuidance() {
    auto a = AnalyzeScheme(*ExampleScheme("latest-first"), Regions(4));
    QVERIFY(a->HasWarning(FindingKind::kKeyLength));
    QCOMPARE(a->max_length, 29);
    auto six = AnalyzeScheme(*ExampleScheme("transaction"), AnalysisOptions());
    QVERIFY(!six->HasWarning(FindingKind::kKeyLength));
    QCOMPARE(six->max_length, 6);
  }

  void valueRange() {
    RowkeyScheme s = *ExampleScheme("user-time-file");
    s.workload.models[2].min = 1;  // fileId from 1: the millionth file needs 7 digits
    auto a = AnalyzeScheme(s, AnalysisOptions());
    QVERIFY2(a->HasWarning(FindingKind::kValueRange), Messages(a->warnings).c_str());
    QVERIFY(Messages(a->warnings).find("fileId reaches 1000000 in a run of 1000000 records, but "
                                       "segment 3 (field fileId) holds at most 999999") !=
            std::string::npos);
    auto fits = AnalyzeScheme(*ExampleScheme("user-time-file"), AnalysisOptions());
    QVERIFY2(!fits->HasWarning(FindingKind::kValueRange), Messages(fits->warnings).c_str());
  }

  void uniquenessRisks() {
    // The transaction key: unique only while no two transactions of a
    // millisecond share the hash, and only within one day's table.
    auto tx = AnalyzeScheme(*ExampleScheme("transaction"), AnalysisOptions());
    const std::string risks = Messages(tx->uniqueness);
    QVERIFY2(risks.find("txnId is declared unique but enters the key only through a hash") !=
                 std::string::npos, risks.c_str());
    QVERIFY(risks.find("repeats every day") != std::string::npos);
    // Files keyed with their unique id: no identity risk, no repeats.
    auto files = AnalyzeScheme(*ExampleScheme("user-time-file"), AnalysisOptions());
    QVERIFY2(files->uniqueness.empty(), Messages(files->uniqueness).c_str());
    QCOMPARE(files->repeated, uint64_t{0});
    // A key of two small fields repeats, and says so.
    auto small = AnalyzeScheme(Parse(R"({"name": "small",
      "fields": [{"name": "a", "type": "int"}, {"name": "b", "type": "string"}],
      "segments": [{"kind": "field", "field": "a", "encoding": "binary", "width": 1},
                   {"kind": "field", "field": "b", "encoding": "text"},
                   {"kind": "field", "field": "a", "encoding": "decimal", "width": 3}],
      "workload": {"models": [{"field": "a", "model": "uniform", "min": 0, "max": 9},
                              {"field": "b", "model": "uniform", "min": 0, "max": 9}]}})"),
                               AnalysisOptions());
    const std::string r = Messages(small->uniqueness);
    QVERIFY(small->repeated > 9000);
    QVERIFY2(r.find("no field declared unique is in the key: records with the same a, b") !=
                 std::string::npos, r.c_str());
    QVERIFY(r.find("segment 2 (field b) has no fixed width and no delimiter follows it") !=
            std::string::npos);
    QVERIFY(r.find(" of 10000 repeat an earlier key") != std::string::npos);
  }

  void exampleKeys() {
    AnalysisOptions o;
    o.examples = 3;
    auto a = AnalyzeScheme(*ExampleScheme("trade-salted"), o);
    QCOMPARE(a->examples.size(), size_t{3});
    for (const auto& e : a->examples) {
      QCOMPARE(e.key.size(), size_t{13});
      QCOMPARE(e.escaped, ToStringBinary(e.key));
      QCOMPARE(e.hex, ToHex(e.key));
      QVERIFY(e.escaped.find("\\x") != std::string::npos);
    }
  }

  // Salted: one scanner per bucket; with the salt's own split keys each
  // bucket is one region.
  void saltedQueryFansOut() {
    RowkeyScheme trade = *ExampleScheme("trade-salted");
    auto enc = KeyEncoder::Create(trade);
    auto splits = SaltSplitKeys(*enc, 4);
    QVERIFY(splits.ok());
    auto plan = PlanQuery(*enc, trade.queries[0], *splits);
    QVERIFY2(plan.ok(), plan.status().ToString().c_str());
    QCOMPARE(plan->scans.size(), size_t{16});
    QCOMPARE(plan->salt_buckets_touched, 16);
    QCOMPARE(plan->regions_touched, size_t{4});
    // Bucket 3's scan: \x03 + seller 1001 + [2024-01-01, 2024-01-02).
    QCOMPARE(ToHex(plan->scans[3].start), std::string("03000003e90000018cc251f400"));
    QCOMPARE(ToHex(plan->scans[3].stop), std::string("03000003e90000018cc7785000"));
  }

  void queryPlans() {
    auto latest = ExampleScheme("latest-first");
    auto enc = KeyEncoder::Create(*latest);
    // Newest first: a prefix scan of [uid] whose first rows are the latest.
    auto p0 = PlanQuery(*enc, latest->queries[0], {});
    QCOMPARE(p0->scans.size(), size_t{1});
    QCOMPARE(p0->scans[0].start, std::string("0000000042"));
    QCOMPARE(p0->scans[0].stop, std::string("0000000043"));
    QVERIFY(p0->notes.back().find("newest first in key order") != std::string::npos);
    // A time range: start [uid][MAX - (end - 1)], stop [uid][MAX - (start - 1)].
    auto p1 = PlanQuery(*enc, latest->queries[1], {});
    // 2024-01-02T00:00Z = 1704153600000, 2024-01-01T00:00Z = 1704067200000.
    QCOMPARE(p1->scans[0].start, std::string("0000000042") + "9223370332701175808");
    QCOMPARE(p1->scans[0].stop, std::string("0000000042") + "9223370332787575808");

    // The car query with its hash computed: one bounded scan.
    auto vehicle = ExampleScheme("vehicle");
    auto venc = KeyEncoder::Create(*vehicle);
    auto v0 = PlanQuery(*venc, vehicle->queries[0], {});
    QCOMPARE(v0->scans.size(), size_t{1});
    QCOMPARE(v0->scans[0].start.substr(0, 12), std::string("a1d000000042"));
    QVERIFY(!v0->full_table && !v0->hash_breaks_query);
    // Latest records of a car with an ascending timestamp: a reversed scan.
    auto v1 = PlanQuery(*venc, vehicle->queries[1], {});
    QVERIFY(v1->notes.back().find("Scan.setReversed(true)") != std::string::npos);

    // A profile by uid: a single row.
    auto risk = ExampleScheme("risk-hash");
    auto renc = KeyEncoder::Create(*risk);
    auto r0 = PlanQuery(*renc, risk->queries[0], {});
    QVERIFY(r0->single_row);
    QCOMPARE(r0->scans[0].start, std::string("e10adc0000123456"));

    // Statistics: one series, 09:00 to 10:00 as minutes 540..600.
    auto stats = ExampleScheme("statistics");
    auto senc = KeyEncoder::Create(*stats);
    auto s0 = PlanQuery(*senc, stats->queries[0], {});
    QCOMPARE(ToHex(s0->scans[0].start), std::string("00003039" "021c"));
    QCOMPARE(ToHex(s0->scans[0].stop), std::string("00003039" "0258"));

    // The transaction table's hash field comes first: a time range needs a
    // scanner per hash value.
    auto tx = ExampleScheme("transaction");
    auto tenc = KeyEncoder::Create(*tx);
    auto t0 = PlanQuery(*tenc, tx->queries[0], {"\x40", "\x80", "\xC0"});
    QCOMPARE(t0->scans.size(), size_t{65536});
    QCOMPARE(t0->salt_buckets_touched, 65536);
    QCOMPARE(t0->regions_touched, size_t{4});
  }

  void regionsTouched() {
    const std::vector<std::string> splits = {"b", "d", "f"};
    QCOMPARE(RegionsTouched({{"", ""}}, splits), size_t{4});
    QCOMPARE(RegionsTouched({{"a", "b"}}, splits), size_t{1});   // stop is exclusive
    QCOMPARE(RegionsTouched({{"a", "b\x01"}}, splits), size_t{2});
    QCOMPARE(RegionsTouched({{"c", "e"}, {"g", ""}}, splits), size_t{3});
    QCOMPARE(RegionsTouched({{"c", "c"}}, splits), size_t{0});   // empty range
  }
};

QTEST_GUILESS_MAIN(SchemeAnalysisTest)
#include "scheme_analysis_test.moc"
