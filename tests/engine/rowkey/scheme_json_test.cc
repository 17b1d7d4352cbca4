// The JSON form of a scheme: every segment kind, query form and value model
// survives a round trip; reading is strict and every error names the file,
// line, column and member; a scheme that reads but breaks a rule is refused
// with the segment named.
#include <QtTest>

#include <string>

#include "rowkey/key_encoder.h"
#include "rowkey/scheme_json.h"

using namespace regionlab;
using namespace regionlab::rowkey;

namespace {

RowkeyScheme Everything() {
  RowkeyScheme s;
  s.name = "everything";
  s.description = "one of each";
  s.source = "tests";
  s.fields = {{"id", FieldType::kLong, true, "an id"},
              {"n", FieldType::kInt, false, ""},
              {"phone", FieldType::kString, false, "reversed"},
              {"ts", FieldType::kLong, false, ""}};
  Segment salt;
  salt.kind = SegmentKind::kSalt;
  salt.sources = {"id", "n"};
  salt.buckets = 100;
  salt.algorithm = HashAlgorithm::kMd5;
  salt.encoding = Encoding::kDecimal;
  salt.width = 3;
  Segment hash;
  hash.kind = SegmentKind::kHash;
  hash.sources = {"phone"};
  hash.algorithm = HashAlgorithm::kSha1;
  hash.length = 4;
  hash.encoding = Encoding::kBinary;
  Segment field;
  field.kind = SegmentKind::kField;
  field.field = "n";
  field.encoding = Encoding::kBinary;
  field.width = 2;
  Segment reversed;
  reversed.kind = SegmentKind::kReversed;
  reversed.field = "phone";
  reversed.encoding = Encoding::kText;
  reversed.width = 11;
  reversed.pad = "_";
  Segment ts;
  ts.kind = SegmentKind::kTimestamp;
  ts.field = "ts";
  ts.reverse_time = true;
  ts.unit = TimeUnit::kSeconds;
  ts.encoding = Encoding::kDecimal;
  Segment tod;
  tod.kind = SegmentKind::kTimeOfDay;
  tod.field = "ts";
  tod.unit = TimeUnit::kMinutes;
  Segment constant;
  constant.kind = SegmentKind::kConstant;
  constant.value = std::string("\x00\xFF", 2);
  Segment delimiter;
  delimiter.kind = SegmentKind::kDelimiter;
  delimiter.value = "|";
  s.segments = {salt, hash, field, reversed, ts, tod, constant, delimiter};
  QueryTemplate q;
  q.name = "by id and time";
  q.equals = {{"id", "7"}, {"n", "3"}};
  q.range_field = "ts";
  q.range_from = "2024-01-01";
  q.range_to = "1704153600000";
  q.latest_first = true;
  q.limit = 5;
  s.queries = {q};
  s.workload.seed = 7;
  ValueModel seq;
  seq.field = "id";
  seq.kind = ValueModelKind::kSequential;
  seq.min = 10;
  ValueModel zipf;
  zipf.field = "n";
  zipf.kind = ValueModelKind::kZipf;
  zipf.min = 1;
  zipf.max = 500;
  zipf.theta = 0.8;
  zipf.scrambled = false;
  ValueModel mix;
  mix.field = "phone";
  mix.kind = ValueModelKind::kTenantMix;
  mix.choices = {{"13800138000", 3}, {"13900139000", 1.5}};
  ValueModel time;
  time.field = "ts";
  time.kind = ValueModelKind::kIncreasingTime;
  time.start_ms = 1704067200123;
  time.max_step_ms = 50;
  s.workload.models = {seq, zipf, mix, time};
  return s;
}

}  // namespace

class SchemeJsonTest : public QObject {
  Q_OBJECT
 private slots:
  void roundTripsEveryForm() {
    const RowkeyScheme s = Everything();
    QVERIFY2(ValidateScheme(s).ok(), ValidateScheme(s).ToString().c_str());
    const std::string text = FormatSchemeJson(s);
    auto back = ParseSchemeJson(text, "everything.json");
    QVERIFY2(back.ok(), back.status().ToString().c_str());
    QCOMPARE(FormatSchemeJson(*back), text);
    QCOMPARE(back->segments[6].value, std::string("\x00\xFF", 2));
    QCOMPARE(back->segments[3].pad, std::string("_"));
    QCOMPARE(back->workload.models[3].start_ms, int64_t{1704067200123});
    QCOMPARE(back->workload.models[2].choices[1].second, 1.5);
    QVERIFY(back->queries[0].latest_first);
    // And the keys are the same.
    auto a = KeyEncoder::Create(s);
    auto b = KeyEncoder::Create(*back);
    auto ra = a->RecordFromText({{"id", "1"}, {"n", "2"}, {"phone", "13800138000"}, {"ts", "99999"}});
    std::string ka, kb;
    QVERIFY(a->Encode(*ra, &ka).ok());
    QVERIFY(b->Encode(*ra, &kb).ok());
    QCOMPARE(ka, kb);
  }

  void defaultsAndIntegerValues() {
    auto s = ParseSchemeJson(R"({"name": "d", "fields": [{"name": "id", "type": "long"}],
      "segments": [{"kind": "salt", "fields": ["id"], "buckets": 4},
                   {"kind": "hash", "fields": ["id"], "algorithm": "murmur3", "length": 2},
                   {"kind": "timestamp", "field": "id"}],
      "queries": [{"equals": {"id": 5}}]})", "d.json");
    QVERIFY2(s.ok(), s.status().ToString().c_str());
    QVERIFY(s->segments[0].encoding == Encoding::kDecimal);
    QVERIFY(s->segments[0].algorithm == HashAlgorithm::kMurmur3);
    QVERIFY(s->segments[1].encoding == Encoding::kHex);
    QVERIFY(s->segments[2].encoding == Encoding::kBinary);
    QVERIFY(!s->segments[2].reverse_time);
    QCOMPARE(s->queries[0].equals[0].second, std::string("5"));
    QCOMPARE(s->workload.seed, uint64_t{42});
  }

  void errors_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << "{\"name\": \"t\",\n  \"fields\": [}"
                              << "s.json: line 2, column 14: expected a value but found '}'";
    QTest::newRow("not an object") << "[1]" << "s.json: line 1, column 1: must be an object, not an array";
    QTest::newRow("unknown top member") << "{\"name\": \"t\", \"segmnets\": []}"
                                        << "s.json: line 1, column 27: unknown member 'segmnets'; expected one of format, version, name, description, source, fields, segments, queries, workload";
    QTest::newRow("no segments") << "{\"name\": \"t\"}" << "s.json: line 1, column 1: member 'segments' is missing";
    QTest::newRow("no name") << "{\"segments\": []}" << "s.json: line 1, column 1: member 'name' is missing";
    QTest::newRow("other format") << "{\"format\": \"x\", \"name\": \"t\", \"segments\": []}"
                                  << "s.json: line 1, column 12: format 'x' is not regionlab-rowkey-scheme";
    QTest::newRow("unknown member")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}],\n \"segments\": [{\"kind\": \"salt\", \"fields\": [\"id\"], \"bucket\": 16}]}"
        << "s.json: line 2, column 60: segments[0]: unknown member 'bucket'; expected one of kind, fields, algorithm, buckets, length, encoding, width";
    QTest::newRow("wrong type")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}],\n \"segments\": [{\"kind\": \"salt\", \"fields\": [\"id\"], \"buckets\": \"16\"}]}"
        << "s.json: line 2, column 61: segments[0]: buckets must be an integer, not a string";
    QTest::newRow("unknown kind")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}],\n \"segments\": [{\"kind\": \"pepper\"}]}"
        << "s.json: line 2, column 24: segments[0]: kind 'pepper' is not one of salt, hash, field, reversed, timestamp, time_of_day, constant, delimiter";
    QTest::newRow("unknown type")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"integer\"}], \"segments\": []}"
        << "s.json: line 1, column 49: fields[0]: type 'integer' is not one of string, int, long";
    QTest::newRow("query value")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}],\n \"segments\": [{\"kind\": \"field\", \"field\": \"id\", \"encoding\": \"binary\"}],\n \"queries\": [{\"name\": \"q\", \"equals\": {\"id\": true}}]}"
        << "s.json: line 3, column 45: queries[0]: equals.id must be a string or an integer, not a boolean";
    QTest::newRow("model")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}],\n \"segments\": [{\"kind\": \"field\", \"field\": \"id\", \"encoding\": \"binary\"}],\n \"workload\": {\"models\": [{\"field\": \"id\", \"model\": \"gauss\"}]}}"
        << "s.json: line 3, column 51: workload.models[0]: model 'gauss' is not one of sequential, uniform, zipf, increasing_time, tenant_mix, constant";
    QTest::newRow("rule broken after reading")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}],\n \"segments\": [{\"kind\": \"field\", \"field\": \"x\", \"encoding\": \"binary\"}]}"
        << "s.json: segment 1 (field x): unknown field 'x'";
    QTest::newRow("query value of the wrong type")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}],\n \"segments\": [{\"kind\": \"field\", \"field\": \"id\", \"encoding\": \"binary\"}],\n \"queries\": [{\"name\": \"q\", \"equals\": {\"id\": \"seven\"}}]}"
        << "s.json: query 1 ('q'): field id: 'seven' is not a long (a decimal integer)";
    QTest::newRow("duplicate field")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}, {\"name\": \"id\", \"type\": \"int\"}], \"segments\": [{\"kind\": \"delimiter\", \"value\": \"|\"}]}"
        << "s.json: field 2: name 'id' is used twice";
    QTest::newRow("two models")
        << "{\"name\": \"t\", \"fields\": [{\"name\": \"id\", \"type\": \"long\"}],\n \"segments\": [{\"kind\": \"field\", \"field\": \"id\", \"encoding\": \"binary\"}],\n \"workload\": {\"models\": [{\"field\": \"id\", \"model\": \"sequential\"}, {\"field\": \"id\", \"model\": \"sequential\"}]}}"
        << "s.json: model of field id: the field has two models";
  }
  void errors() {
    QFETCH(QString, json);
    QFETCH(QString, message);
    auto s = ParseSchemeJson(json.toStdString(), "s.json");
    QVERIFY(!s.ok());
    QVERIFY(s.status().IsInvalidArgument());
    QCOMPARE(QString::fromStdString(s.status().message()), message);
  }

  void newerVersionIsNotSupported() {
    auto s = ParseSchemeJson("{\"version\": 2, \"name\": \"t\", \"segments\": []}", "s.json");
    QVERIFY(s.status().IsNotSupported());
    QCOMPARE(s.status().message(),
             std::string("s.json: scheme format version 2 is newer than this RegionLab reads (1)"));
  }
};

QTEST_GUILESS_MAIN(SchemeJsonTest)
#include "scheme_json_test.moc"
