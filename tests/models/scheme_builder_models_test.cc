// The scheme builder's Qt Core half: the document's edits (segments added,
// changed, reordered, removed; renames carried everywhere), engine messages
// located at the part they name, the segment forms' parameter lists, the
// live analysis (example key bytes written out by hand, warnings for a
// timestamp-first key and none for a salted one, user-time-file's scan rows), and
// every model under QAbstractItemModelTester; the catalog round trip through
// the engine controller and JSON files.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include "models/engine_controller.h"
#include "models/query_plans_model.h"
#include "models/scheme_analyzer.h"
#include "models/scheme_catalog.h"
#include "models/scheme_document.h"
#include "models/scheme_edit.h"
#include "models/scheme_fields_model.h"
#include "models/scheme_insight_models.h"
#include "models/scheme_segments_model.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "support/scheme_fixtures.h"
#include "support/test_util.h"

namespace rk = regionlab::rowkey;
using regionlab::ui::ExampleKeysModel;
using regionlab::ui::FindingsModel;
using regionlab::ui::LayoutSource;
using regionlab::ui::LayoutSpec;
using regionlab::ui::QueryPlansModel;
using regionlab::ui::SchemeAnalysisPtr;
using regionlab::ui::SchemeAnalyzer;
using regionlab::ui::SchemeDocument;
using regionlab::ui::SchemeIssue;
using regionlab::ui::SegmentParam;

Q_DECLARE_METATYPE(rk::SegmentKind)
Q_DECLARE_METATYPE(SchemeIssue::Target)

namespace {

constexpr int kWaitMs = 30000;


// One long field "id", sequential from 1, encoded as a 6-digit decimal.
rk::RowkeyScheme idScheme() {
  rk::RowkeyScheme s;
  s.name = "ids";
  rk::FieldDef id;
  id.name = "id";
  id.type = rk::FieldType::kLong;
  s.fields = {id};
  rk::Segment seg;
  seg.kind = rk::SegmentKind::kField;
  seg.field = "id";
  seg.encoding = rk::Encoding::kDecimal;
  seg.width = 6;
  s.segments = {seg};
  return s;
}

// Runs the analyzer now and waits for its result.
SchemeAnalysisPtr analyse(SchemeAnalyzer& analyzer, const rk::RowkeyScheme& scheme) {
  QSignalSpy ready(&analyzer, &SchemeAnalyzer::analysisReady);
  analyzer.setScheme(scheme);
  analyzer.analyzeNow();
  if (!ready.wait(kWaitMs)) return nullptr;
  return ready.takeLast().at(0).value<SchemeAnalysisPtr>();
}

LayoutSpec singleRegion() {
  LayoutSpec spec;
  spec.source = LayoutSource::SingleRegion;
  return spec;
}

// The first example key's bytes as the model gives them.
QByteArray firstKey(const ExampleKeysModel& m) { return m.index(0, ExampleKeysModel::Escaped).data(ExampleKeysModel::RawRole).toByteArray(); }

}  // namespace

class SchemeBuilderModelsTest : public QObject {
  Q_OBJECT

 private slots:
  void segmentParamsPerKind_data() {
    QTest::addColumn<rk::SegmentKind>("kind");
    QTest::addColumn<QList<int>>("params");
    auto list = [](std::initializer_list<SegmentParam> p) {
      QList<int> out;
      for (SegmentParam x : p) out << static_cast<int>(x);
      return out;
    };
    using P = SegmentParam;
    QTest::newRow("salt") << rk::SegmentKind::kSalt << list({P::Sources, P::Buckets, P::Algorithm, P::Encoding, P::Width});
    QTest::newRow("hash") << rk::SegmentKind::kHash << list({P::Sources, P::Algorithm, P::Length, P::Encoding});
    QTest::newRow("field") << rk::SegmentKind::kField << list({P::Field, P::Encoding, P::Width, P::Pad});
    QTest::newRow("reversed") << rk::SegmentKind::kReversed << list({P::Field, P::Encoding, P::Width, P::Pad});
    QTest::newRow("timestamp") << rk::SegmentKind::kTimestamp << list({P::Field, P::ReverseTime, P::Unit, P::Encoding});
    QTest::newRow("time_of_day") << rk::SegmentKind::kTimeOfDay << list({P::Field, P::Unit});
    QTest::newRow("constant") << rk::SegmentKind::kConstant << list({P::Value});
    QTest::newRow("delimiter") << rk::SegmentKind::kDelimiter << list({P::Value});
  }
  void segmentParamsPerKind() {
    QFETCH(rk::SegmentKind, kind);
    QFETCH(QList<int>, params);
    QList<int> got;
    for (SegmentParam p : regionlab::ui::segmentParams(kind)) got << static_cast<int>(p);
    QCOMPARE(got, params);
    // Every default segment of the kind is one the engine accepts.
    rk::RowkeyScheme s = regionlab::test::Example("trade-salted");
    s.segments = {regionlab::ui::defaultSegment(kind, s)};
    s.queries.clear();  // their ISO dates need ts in a time segment
    const regionlab::Status v = rk::ValidateScheme(s);
    QVERIFY2(v.ok(), v.ToString().c_str());
  }

  void locateIssue_data() {
    QTest::addColumn<QString>("message");
    QTest::addColumn<SchemeIssue::Target>("target");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("rest");
    QTest::newRow("segment") << "segment 3 (salt of orderId): 1 bucket; a salt needs 2 to 65536"
                             << SchemeIssue::Target::Segment << 2 << "1 bucket; a salt needs 2 to 65536";
    QTest::newRow("segment after file") << "s.json: segment 1 (field x): unknown field 'x'"
                                        << SchemeIssue::Target::Segment << 0 << "unknown field 'x'";
    QTest::newRow("field") << "field 2: name 'a b' must be 1 to 128 letters" << SchemeIssue::Target::Field << 1
                           << "name 'a b' must be 1 to 128 letters";
    QTest::newRow("query") << "query 1 ('latest'): field uid: not an integer" << SchemeIssue::Target::Query << 0
                           << "field uid: not an integer";
    QTest::newRow("model") << "model of field ts: min > max" << SchemeIssue::Target::Model << -1 << "min > max";
    QTest::newRow("scheme") << "the scheme has no segments" << SchemeIssue::Target::Scheme << -1
                            << "the scheme has no segments";
  }
  void locateIssue() {
    QFETCH(QString, message);
    QFETCH(SchemeIssue::Target, target);
    QFETCH(int, index);
    QFETCH(QString, rest);
    const SchemeIssue issue = regionlab::ui::locateIssue(message);
    QCOMPARE(issue.target, target);
    QCOMPARE(issue.index, index);
    QCOMPARE(issue.message, rest);
    QCOMPARE(issue.full, message);
  }

  // A bad salt is the engine's error, shown on its own segment's row.
  void validationErrorOnItsSegment() {
    SchemeDocument doc;
    regionlab::ui::SchemeSegmentsModel segments(&doc);
    QAbstractItemModelTester tester(&segments, QAbstractItemModelTester::FailureReportingMode::QtTest);
    doc.setScheme(regionlab::test::Example("trade-salted"));
    QVERIFY(doc.isValid());
    rk::Segment salt = doc.scheme().segments[0];
    salt.buckets = 1;
    doc.setSegment(0, salt);
    QVERIFY(!doc.isValid());
    QCOMPARE(doc.issue().target, SchemeIssue::Target::Segment);
    QCOMPARE(doc.issue().index, 0);
    QVERIFY(!doc.segmentError(0).isEmpty());
    QVERIFY(doc.segmentError(1).isEmpty());
    QCOMPARE(segments.index(0, 0).data(regionlab::ui::SchemeSegmentsModel::ProblemRole).toString(), doc.segmentError(0));
    QVERIFY(segments.index(0, 0).data(regionlab::ui::SchemeSegmentsModel::IsErrorRole).toBool());
    QVERIFY(segments.index(1, 0).data(regionlab::ui::SchemeSegmentsModel::ProblemRole).toString().isEmpty());
    // The byte offsets of trade-salted: salt 0, seller 1-4, time 5-12.
    QCOMPARE(segments.index(2, regionlab::ui::SchemeSegmentsModel::Bytes).data().toString(), QStringLiteral("5\u201312 (8 bytes)"));
  }

  void editsRenameMoveRemove() {
    SchemeDocument doc;
    regionlab::ui::SchemeFieldsModel fields(&doc);
    regionlab::ui::SchemeSegmentsModel segments(&doc);
    QueryPlansModel queries(&doc);
    QAbstractItemModelTester t1(&fields, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&segments, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(&queries, QAbstractItemModelTester::FailureReportingMode::QtTest);
    doc.setScheme(regionlab::test::Example("trade-salted"));
    QCOMPARE(fields.rowCount(), 3);
    QCOMPARE(segments.rowCount(), 3);
    QCOMPARE(queries.rowCount(), 2);
    // Renaming sellerId reaches the segment, the queries and the value model.
    QVERIFY(fields.setData(fields.index(0, regionlab::ui::SchemeFieldsModel::Name), QStringLiteral("seller"), Qt::EditRole));
    QVERIFY(doc.isValid());
    QCOMPARE(doc.scheme().segments[1].field, std::string("seller"));
    QCOMPARE(doc.scheme().queries[0].equals[0].first, std::string("seller"));
    QVERIFY(doc.scheme().workload.Find("seller") != nullptr);
    QCOMPARE(queries.index(0, QueryPlansModel::Equals).data().toString(), QStringLiteral("seller=1001"));
    // Reorder: the timestamp first.
    QVERIFY(doc.moveSegment(2, 0));
    QCOMPARE(doc.scheme().segments[0].kind, rk::SegmentKind::kTimestamp);
    QCOMPARE(doc.scheme().segments[1].kind, rk::SegmentKind::kSalt);
    QVERIFY(!doc.moveSegment(0, 3));
    // Kind change keeps the field where the new kind takes one.
    doc.setSegmentKind(2, rk::SegmentKind::kHash);
    QCOMPARE(doc.scheme().segments[2].kind, rk::SegmentKind::kHash);
    QCOMPARE(doc.scheme().segments[2].sources, std::vector<std::string>{"seller"});
    QVERIFY(doc.isValid());
    doc.removeSegment(1);
    QCOMPARE(segments.rowCount(), 2);
    const int added = doc.addSegment(rk::SegmentKind::kDelimiter);
    QCOMPARE(added, 2);
    QCOMPARE(doc.scheme().segments[2].value, std::string("|"));
    // Equals text that is not field=value is refused with a message.
    QSignalSpy rejected(&queries, &QueryPlansModel::editRejected);
    QVERIFY(!queries.setData(queries.index(0, QueryPlansModel::Equals), QStringLiteral("seller"), Qt::EditRole));
    QCOMPARE(rejected.count(), 1);
    QVERIFY(queries.setData(queries.index(0, QueryPlansModel::Equals), QStringLiteral("seller=7, orderId=3"), Qt::EditRole));
    QCOMPARE(doc.scheme().queries[0].equals.size(), size_t{2});
  }

  // Editing segments changes the example keys to the bytes written out here.
  void editingChangesExampleKeys() {
    SchemeDocument doc;
    SchemeAnalyzer analyzer;
    analyzer.setLayout(singleRegion());
    ExampleKeysModel keys;
    QAbstractItemModelTester tester(&keys, QAbstractItemModelTester::FailureReportingMode::QtTest);
    connect(&analyzer, &SchemeAnalyzer::analysisReady, &keys, &ExampleKeysModel::setAnalysis);
    doc.setScheme(idScheme());
    QVERIFY(analyse(analyzer, doc.scheme()));
    QCOMPARE(keys.rowCount(), 10);
    QCOMPARE(firstKey(keys), QByteArray("000001"));
    QCOMPARE(keys.index(1, ExampleKeysModel::Escaped).data().toString(), QStringLiteral("000002"));

    // 4-byte big-endian binary: id 1 is 00 00 00 01.
    rk::Segment seg = doc.scheme().segments[0];
    seg.encoding = rk::Encoding::kBinary;
    seg.width = 4;
    doc.setSegment(0, seg);
    QVERIFY(analyse(analyzer, doc.scheme()));
    QCOMPARE(firstKey(keys), QByteArray("\x00\x00\x00\x01", 4));
    QCOMPARE(keys.index(0, ExampleKeysModel::Escaped).data().toString(), QStringLiteral("\\x00\\x00\\x00\\x01"));
    QCOMPARE(keys.index(0, ExampleKeysModel::Hex).data().toString(), QStringLiteral("00000001"));
    QCOMPARE(keys.index(0, ExampleKeysModel::Length).data().toInt(), 4);

    // A "u" constant first and a reversed 3-digit copy after a delimiter:
    // "u" 00 00 00 01 "|" "100" (decimal 001, reversed).
    rk::Segment constant = regionlab::ui::defaultSegment(rk::SegmentKind::kConstant, doc.scheme());
    constant.value = "u";
    doc.insertSegment(0, constant);
    doc.addSegment(rk::SegmentKind::kDelimiter);
    rk::Segment reversed = regionlab::ui::defaultSegment(rk::SegmentKind::kReversed, doc.scheme());
    reversed.width = 3;
    doc.insertSegment(3, reversed);
    QVERIFY2(doc.isValid(), qPrintable(doc.issue().full));
    QVERIFY(analyse(analyzer, doc.scheme()));
    QCOMPARE(firstKey(keys), QByteArray("u\x00\x00\x00\x01|100", 9));
    QCOMPARE(keys.index(0, ExampleKeysModel::Escaped).data().toString(), QStringLiteral("u\\x00\\x00\\x00\\x01|100"));
    QCOMPARE(keys.index(9, ExampleKeysModel::Hex).data().toString(), QStringLiteral("75000000" "0a7c303130"));

    // Moving the delimiter to the front moves its byte.
    QVERIFY(doc.moveSegment(2, 0));
    QVERIFY(analyse(analyzer, doc.scheme()));
    QCOMPARE(firstKey(keys), QByteArray("|u\x00\x00\x00\x01" "100", 9));
  }

  // Warnings: a timestamp-first key is a hotspot; the salted design over its
  // 16 buckets' regions is quiet.
  void warningsTimestampFirstVersusSalted_data() {
    QTest::addColumn<bool>("timestampFirst");
    QTest::addColumn<bool>("warned");
    QTest::newRow("timestamp first") << true << true;
    QTest::newRow("salted") << false << false;
  }
  void warningsTimestampFirstVersusSalted() {
    QFETCH(bool, timestampFirst);
    QFETCH(bool, warned);
    rk::RowkeyScheme s = regionlab::test::Example("trade-salted");
    if (timestampFirst) s.segments = {s.segments[2], s.segments[1]};  // ts + sellerId, no salt
    SchemeAnalyzer analyzer;
    LayoutSpec spec;
    spec.source = LayoutSource::Quantiles;
    spec.regions = 16;
    spec.plannedKeys = 200000;
    spec.sampleKeys = 20000;
    analyzer.setLayout(spec);
    FindingsModel findings;
    QAbstractItemModelTester tester(&findings, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const SchemeAnalysisPtr r = analyse(analyzer, s);
    QVERIFY(r && r->ok);
    findings.setAnalysis(r);
    bool hotspot = false;
    for (int i = 0; i < findings.warningCount(); ++i) {
      const auto kind = static_cast<rk::FindingKind>(findings.index(i, 0).data(FindingsModel::KindRole).toInt());
      hotspot |= kind == rk::FindingKind::kHotspot;
      QVERIFY(!findings.index(i, 0).data(FindingsModel::ExplanationRole).toString().isEmpty());
    }
    QCOMPARE(hotspot, warned);
    QCOMPARE(findings.warningCount() > 0, warned);
    if (warned) QCOMPARE(findings.index(0, FindingsModel::Segment).data().toString(), QStringLiteral("1 timestamp"));
  }

  // user-time-file's scan: one user's files between two dates.
  void userTimeFileQueryRows() {
    SchemeDocument doc;
    QueryPlansModel queries(&doc);
    QAbstractItemModelTester tester(&queries, QAbstractItemModelTester::FailureReportingMode::QtTest);
    SchemeAnalyzer analyzer;
    LayoutSpec spec;
    spec.source = LayoutSource::NumRegions;
    spec.algorithm = regionlab::SplitAlgorithm::kDecimalString;
    spec.regions = 10;  // 00000000, 10000000, ... 90000000
    analyzer.setLayout(spec);
    connect(&analyzer, &SchemeAnalyzer::analysisReady, &queries, &QueryPlansModel::setAnalysis);
    doc.setScheme(regionlab::test::Example("user-time-file"));
    QVERIFY(analyse(analyzer, doc.scheme()));
    auto cell = [&](int row, int column) { return queries.index(row, column).data().toString(); };
    QCOMPARE(cell(0, QueryPlansModel::StartRow), QStringLiteral("00000120120901"));
    QCOMPARE(cell(0, QueryPlansModel::StopRow), QStringLiteral("00000120120914"));
    QCOMPARE(cell(0, QueryPlansModel::Scanners), QStringLiteral("1"));
    QCOMPARE(cell(0, QueryPlansModel::Regions), QStringLiteral("1 of 10"));
    QCOMPARE(cell(0, QueryPlansModel::SaltBuckets), QStringLiteral("no salt"));
    // An edited date shows once the analysis of the edit is in.
    QVERIFY(queries.setData(queries.index(0, QueryPlansModel::To), QStringLiteral("20121001"), Qt::EditRole));
    QVERIFY(cell(0, QueryPlansModel::StopRow).isEmpty());  // the old plan is not shown for the new query
    QVERIFY(analyse(analyzer, doc.scheme()));
    QCOMPARE(cell(0, QueryPlansModel::StopRow), QStringLiteral("00000120121001"));
  }

  void saltedQueryNeedsAScannerPerBucket() {
    SchemeDocument doc;
    QueryPlansModel queries(&doc);
    SchemeAnalyzer analyzer;
    LayoutSpec spec;
    spec.source = LayoutSource::SaltBuckets;
    spec.regions = 16;
    analyzer.setLayout(spec);
    connect(&analyzer, &SchemeAnalyzer::analysisReady, &queries, &QueryPlansModel::setAnalysis);
    doc.setScheme(regionlab::test::Example("trade-salted"));
    QVERIFY(analyse(analyzer, doc.scheme()));
    QCOMPARE(queries.index(0, QueryPlansModel::Scanners).data().toString(), QStringLiteral("16"));
    QCOMPARE(queries.index(0, QueryPlansModel::SaltBuckets).data().toString(), QStringLiteral("16 of 16"));
    QCOMPARE(queries.index(0, QueryPlansModel::Regions).data().toString(), QStringLiteral("16 of 16"));
    QVERIFY(queries.index(0, QueryPlansModel::StartRow).data().toString().startsWith(QStringLiteral("\\x00\\x00\\x00\\x03\\xE9")));
    QVERIFY(queries.index(0, QueryPlansModel::StartRow).data().toString().endsWith(QStringLiteral("(+15 more)")));
  }

  void jsonFileRoundTripAndErrors() {
    const rk::RowkeyScheme s = regionlab::test::Example("vehicle");
    rk::RowkeyScheme back;
    QString error;
    QVERIFY(regionlab::ui::schemeFromJsonFile(regionlab::ui::schemeToJsonFile(s), QStringLiteral("v.json"), &back, &error));
    QCOMPARE(rk::FormatSchemeJson(back), rk::FormatSchemeJson(s));
    QVERIFY(!regionlab::ui::schemeFromJsonFile("{\"name\": \"x\", \"segmnts\": []}", QStringLiteral("bad.json"), &back, &error));
    QVERIFY2(error.startsWith(QStringLiteral("bad.json: line 1")), qPrintable(error));
    QVERIFY(error.contains(QStringLiteral("segmnts")));
  }

  // Save, list, load and delete through the engine controller's worker.
  void catalogRoundTrip() {
    regionlab::test::TempDir dir;
    regionlab::ui::EngineController controller;
    QSignalSpy opened(&controller, &regionlab::ui::EngineController::opened);
    controller.openDataDirectory(QString::fromStdString(dir.File("data")), 1);
    QVERIFY(opened.wait(kWaitMs));
    regionlab::ui::SchemeCatalog catalog(&controller);
    QSignalSpy listed(&catalog, &regionlab::ui::SchemeCatalog::listed);
    QSignalSpy saved(&catalog, &regionlab::ui::SchemeCatalog::saved);
    QSignalSpy loaded(&catalog, &regionlab::ui::SchemeCatalog::loaded);
    QSignalSpy removed(&catalog, &regionlab::ui::SchemeCatalog::removed);

    rk::RowkeyScheme s = regionlab::test::Example("latest-first");
    s.name = "events";
    catalog.save(s);
    QVERIFY(saved.wait(kWaitMs));
    QVERIFY2(saved.at(0).at(1).toBool(), qPrintable(saved.at(0).at(2).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(catalog.names() == QStringList{QStringLiteral("events")}, kWaitMs);

    catalog.load(QStringLiteral("events"));
    QVERIFY(loaded.wait(kWaitMs));
    QVERIFY(loaded.at(0).at(2).toBool());
    const auto back = loaded.at(0).at(1).value<rk::RowkeyScheme>();
    QCOMPARE(rk::FormatSchemeJson(back), rk::FormatSchemeJson(s));

    // An invalid scheme is refused with the engine's message and not stored.
    rk::RowkeyScheme bad = s;
    bad.name = "bad";
    bad.segments[0].width = 0;
    catalog.save(bad);
    QVERIFY(saved.wait(kWaitMs));
    QVERIFY(!saved.at(1).at(1).toBool());
    QVERIFY2(saved.at(1).at(2).toString().contains(QStringLiteral("segment 1")), qPrintable(saved.at(1).at(2).toString()));

    catalog.load(QStringLiteral("missing"));
    QVERIFY(loaded.wait(kWaitMs));
    QVERIFY(!loaded.at(1).at(2).toBool());

    catalog.remove(QStringLiteral("events"));
    QVERIFY(removed.wait(kWaitMs));
    QVERIFY(removed.at(0).at(1).toBool());
    QTRY_VERIFY_WITH_TIMEOUT(catalog.names().isEmpty(), kWaitMs);
  }
};

QTEST_GUILESS_MAIN(SchemeBuilderModelsTest)
#include "scheme_builder_models_test.moc"
