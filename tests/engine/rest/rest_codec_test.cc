// The REST gateway's byte codings and document codecs as plain functions:
// URL decoding (URLDecoder's '+'), base64, row specs, Accept negotiation,
// and the JSON / XML / protobuf parsers on good, truncated and random input.
#include <QtTest>
#include <random>

#include "rest/codec.h"
#include "rest/filter_json.h"
#include "rest/row_spec.h"
#include "rest/url_codec.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::rest;

class RestCodecTest : public QObject {
  Q_OBJECT

 private slots:
  void urlDecoding() {
    QCOMPARE(*UrlDecode("a+b%2Cc%2a%3A", true, "x"), std::string("a b,c*:"));
    QCOMPARE(*UrlDecode("a+b", false, "x"), std::string("a+b"));
    QCOMPARE(*UrlDecode("%E2%82%AC", true, "x"), std::string("\xE2\x82\xAC"));
    QCOMPARE(*UrlDecode("%00", true, "x"), std::string(1, '\0'));
    for (const char* bad : {"%", "%4", "%zz", "a%g0"}) {
      auto r = UrlDecode(bad, true, "the row key");
      QVERIFY(!r.ok());
      QVERIFY(r.status().message().find("the row key") != std::string::npos);
    }
    auto q = ParseQuery("row=a&row=b%2Bc&v=2&flag&e=");
    QVERIFY(q.ok());
    QCOMPARE(AllParams(*q, "row"), (std::vector<std::string>{"a", "b+c"}));
    QCOMPARE(*FindParam(*q, "v"), std::string("2"));
    QCOMPARE(*FindParam(*q, "flag"), std::string());
    QVERIFY(FindParam(*q, "nope") == nullptr);
    QCOMPARE(UrlEncode("a b/é"), std::string("a%20b%2F%C3%A9"));
  }

  void base64() {
    QCOMPARE(Base64Encode(""), std::string(""));
    QCOMPARE(Base64Encode("f"), std::string("Zg=="));
    QCOMPARE(Base64Encode("fo"), std::string("Zm8="));
    QCOMPARE(Base64Encode("foo"), std::string("Zm9v"));
    QCOMPARE(Base64Encode(std::string("\xff\xfe\x00", 3)), std::string("//4A"));
    QCOMPARE(*Base64Decode("Zm8=", "x"), std::string("fo"));
    QCOMPARE(*Base64Decode("Zm8", "x"), std::string("fo"));  // padding optional
    QCOMPARE(*Base64Decode("Zm9v\nYmFy", "x"), std::string("foobar"));
    QCOMPARE(*Base64UrlDecode("__4A", "x"), std::string("\xff\xfe\x00", 3));
    QVERIFY(!Base64Decode("__4A", "x").ok());
    QVERIFY(!Base64Decode("Z", "x").ok());
    QVERIFY(!Base64Decode("Zm=8", "x").ok());
    std::mt19937 rng(7);
    for (int i = 0; i < 200; ++i) {
      std::string bytes(rng() % 40, '\0');
      for (char& c : bytes) c = static_cast<char>(rng());
      QCOMPARE(*Base64Decode(Base64Encode(bytes), "x"), bytes);
    }
  }

  void rowSpecs() {
    auto s = ParseRowSpec("row1/cf:b,cf:a,cf,cf:a/100,200", KeyEncoding::kPlain);
    QVERIFY(s.ok());
    QCOMPARE(s->row, std::string("row1"));
    QVERIFY(s->IsSingleRow());
    QCOMPARE(s->columns.size(), size_t(3));  // sorted, duplicates dropped
    QCOMPARE(s->columns[0].ToString(), std::string("cf"));
    QCOMPARE(s->columns[1].ToString(), std::string("cf:a"));
    QCOMPARE(s->start_time, int64_t(100));
    QCOMPARE(s->end_time, int64_t(200));
    auto ts = ParseRowSpec("r/cf:q/7", KeyEncoding::kPlain);
    QVERIFY(ts->single_timestamp);
    QCOMPARE(ts->start_time, int64_t(7));
    QCOMPARE(ts->end_time, int64_t(8));
    auto glob = ParseRowSpec("ab*", KeyEncoding::kPlain);
    QVERIFY(glob->glob);
    QCOMPARE(*glob->end_row, std::string("ab\xff"));
    auto range = ParseRowSpec("a%2Cb,c", KeyEncoding::kPlain);
    QCOMPARE(range->row, std::string("a,b"));
    QCOMPARE(*range->end_row, std::string("c"));
    auto empty_q = ParseRowSpec("r/cf:", KeyEncoding::kPlain);
    QVERIFY(empty_q->columns[0].has_qualifier);
    QVERIFY(empty_q->columns[0].qualifier.empty());
    auto b64 = ParseRowSpec("AP8/Y2Y6cQ", KeyEncoding::kBase64Url);
    QCOMPARE(b64->row, std::string("\x00\xff", 2));
    QCOMPARE(b64->columns[0].ToString(), std::string("cf:q"));
    for (const char* bad : {"", "a*,b", "r/cf,,x", "r/cf/abc", "r/cf/5,x", "r/cf/9,3", "r/cf/1/more",
                            "r/cf/99999999999999999999"}) {
      QVERIFY2(!ParseRowSpec(bad, KeyEncoding::kPlain).ok(), bad);
    }
    QVERIFY(!ParseKeyEncoding("rot13").ok());
    QCOMPARE(*ParseKeyEncoding("b64basic"), KeyEncoding::kBase64Standard);
    QCOMPARE(*ParseLong("-9223372036854775808", "x"), INT64_MIN);
    QVERIFY(!ParseLong("9223372036854775808", "x").ok());
  }

  void acceptNegotiation() {
    const std::vector<MediaType> p = {MediaType::kXml, MediaType::kJson, MediaType::kProtobuf};
    QCOMPARE(*NegotiateAccept("", p, MediaType::kXml), MediaType::kXml);
    QCOMPARE(*NegotiateAccept("application/json", p, MediaType::kXml), MediaType::kJson);
    QCOMPARE(*NegotiateAccept("application/xml", p, MediaType::kJson), MediaType::kXml);
    QCOMPARE(*NegotiateAccept("application/protobuf", p, MediaType::kXml), MediaType::kProtobuf);
    QCOMPARE(*NegotiateAccept("text/html, application/json;q=0.9, */*;q=0.1", p, MediaType::kXml),
             MediaType::kJson);
    QCOMPARE(*NegotiateAccept("application/*", p, MediaType::kXml), MediaType::kJson);
    QVERIFY(!NegotiateAccept("image/png", p, MediaType::kXml));
    QVERIFY(!NegotiateAccept("application/json;q=0", p, MediaType::kXml));
    QCOMPARE(*ParseContentType("application/json; charset=UTF-8"), MediaType::kJson);
    QVERIFY(!ParseContentType("multipart/form-data"));
  }

  void cellSetRoundTripsInEveryFormat() {
    RowResult row;
    row.row = std::string("k\0\xff", 3);
    row.cells.push_back({row.row, "cf", "a", 5, CellType::kPut, std::string("v\0", 2), 0});
    row.cells.push_back({row.row, "cf", "", 6, CellType::kPut, "", 0});
    for (MediaType t : {MediaType::kJson, MediaType::kXml, MediaType::kProtobuf}) {
      const std::string body = WriteCellSet(t, {row, row});
      auto set = ParseCellSet(t, body);
      QVERIFY2(set.ok(), set.status().ToString().c_str());
      QCOMPARE(set->rows.size(), size_t(2));
      QCOMPARE(*set->rows[0].key, row.row);
      QCOMPARE(*set->rows[0].cells[0].column, std::string("cf:a"));
      QCOMPARE(*set->rows[0].cells[0].timestamp, int64_t(5));
      QCOMPARE(set->rows[0].cells[0].value, std::string("v\0", 2));
      QCOMPARE(*set->rows[1].cells[1].column, std::string("cf:"));
      // Every truncation of the body is refused or parses to less: never a crash.
      for (size_t cut = 0; cut < body.size(); cut += 3) (void)ParseCellSet(t, body.substr(0, cut));
    }
    QCOMPARE(WriteCellSet(MediaType::kJson, {}), std::string("{\"Row\":[]}"));
  }

  void parsersRefuseGarbageWithoutCrashing() {
    std::mt19937 rng(11);
    int refused = 0;
    for (int i = 0; i < 3000; ++i) {
      std::string body(rng() % 64, '\0');
      for (char& c : body) c = "{}[]\":,0123 abcRowCellkey$=<>/"[rng() % 31];
      if (i % 3 == 0) for (char& c : body) c = static_cast<char>(rng());
      for (MediaType t : {MediaType::kJson, MediaType::kXml, MediaType::kProtobuf}) {
        refused += !ParseCellSet(t, body).ok();
        refused += !ParseScanner(t, body).ok();
        refused += !ParseTableSchema(t, body).ok();
        refused += !ParseNamespaceProperties(t, body).ok();
      }
      refused += !ParseScannerFilter(body).ok();
    }
    QVERIFY(refused > 20000);
    // Deep nesting is refused, not recursed into.
    std::string deep;
    for (int i = 0; i < 200; ++i) deep += R"({"type":"FilterList","filters":[)";
    deep += R"({"type":"KeyOnlyFilter"})";
    for (int i = 0; i < 200; ++i) deep += "]}";
    auto f = ParseScannerFilter(deep);
    QVERIFY(!f.ok());
    QVERIFY(f.status().message().find("nest deeper") != std::string::npos);
    // An XML body cannot pull in an external entity.
    auto xxe = ParseCellSet(MediaType::kXml,
                            "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                            "<CellSet><Row key=\"&e;\"/></CellSet>");
    QVERIFY(!xxe.ok() || !xxe->rows[0].key || xxe->rows[0].key->find("root") == std::string::npos);
  }

  void scannerDocumentDefaults() {
    auto m = ParseScanner(MediaType::kJson, "{}");
    QVERIFY(m.ok());
    QCOMPARE(m->batch, INT32_MAX);
    QCOMPARE(m->max_versions, INT32_MAX);  // all versions, unlike a row GET
    QCOMPARE(m->end_time, kLatestTimestamp);
    auto j = ParseScanner(MediaType::kJson,
                          R"({"batch":"10","maxVersions":2,"startTime":"5","cacheBlocks":false,)"
                          R"("column":"Y2Y=","filter":{"type":"KeyOnlyFilter"},"unknown":1})");
    QVERIFY2(j.ok(), j.status().ToString().c_str());
    QCOMPARE(j->batch, 10);
    QCOMPARE(j->columns, std::vector<std::string>{"cf"});
    QCOMPARE(j->filter, std::string(R"({"type":"KeyOnlyFilter"})"));
    QVERIFY(!ParseScanner(MediaType::kJson, R"({"batch":99999999999})").ok());
    QVERIFY(!ParseScanner(MediaType::kJson, R"({"cacheBlocks":"perhaps"})").ok());
  }
};

QTEST_GUILESS_MAIN(RestCodecTest)
#include "rest_codec_test.moc"
