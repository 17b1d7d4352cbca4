// util/json: the parser accepts RFC 8259 documents and reports the first
// problem with its line and column; values remember where they started;
// Dump and DumpPretty round-trip through the parser.
#include <QtTest>

#include <string>

#include "util/json.h"

using namespace regionlab;

class JsonTest : public QObject {
  Q_OBJECT
 private slots:
  void parsesEveryType() {
    // (No raw string literal here: moc cannot read them.)
    auto j = ParseJson(
        " {\"a\": [1, -2, 3.5, 1e3, true, false, null],\n"
        "  \"s\": \"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\", \"o\": {}} ");
    QVERIFY2(j.ok(), j.status().ToString().c_str());
    QVERIFY(j->is_object());
    const Json* a = j->Get("a");
    QVERIFY(a && a->is_array());
    QCOMPARE(a->size(), size_t{7});
    QCOMPARE(a->items()[0].AsInt(), int64_t{1});
    QCOMPARE(a->items()[1].AsInt(), int64_t{-2});
    QCOMPARE(a->items()[2].AsDouble(), 3.5);
    QVERIFY(a->items()[3].type() == Json::Type::kDouble);
    QCOMPARE(a->items()[3].AsDouble(), 1000.0);
    QVERIFY(a->items()[4].AsBool());
    QVERIFY(a->items()[5].is_bool() && !a->items()[5].AsBool());
    QVERIFY(a->items()[6].is_null());
    QCOMPARE(j->Get("s")->AsString(), std::string("x\"\\/\b\f\n\r\t\xC3\xA9\xF0\x9F\x98\x80"));
    QVERIFY(j->Get("o")->is_object() && j->Get("o")->size() == 0);
  }

  void largeIntegersBecomeDoubles() {
    auto j = ParseJson("[9223372036854775807, -9223372036854775808, 9223372036854775808]");
    QVERIFY(j.ok());
    QCOMPARE(j->items()[0].AsInt(), INT64_MAX);
    QCOMPARE(j->items()[1].AsInt(), INT64_MIN);
    QVERIFY(j->items()[2].type() == Json::Type::kDouble);
  }

  void positions() {
    auto j = ParseJson("{\n  \"a\": 1,\n  \"b\": [true,\n        \"x\"]\n}");
    QVERIFY(j.ok());
    QCOMPARE(j->line(), 1);
    QCOMPARE(j->Get("a")->line(), 2);
    QCOMPARE(j->Get("a")->column(), 8);
    QCOMPARE(j->Get("b")->items()[1].Where(), std::string("line 4, column 9"));
    QCOMPARE(Json(1).Where(), std::string());
  }

  void errors_data() {
    QTest::addColumn<QByteArray>("text");  // bytes: some rows are not UTF-8
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QByteArray("") << "line 1, column 1: expected a value but found end of input";
    QTest::newRow("trailing comma") << QByteArray("[1,\n 2,]") << "line 2, column 4: trailing ',' before ']'";
    QTest::newRow("trailing member comma") << QByteArray("{\"a\": 1,}") << "line 1, column 9: trailing ',' before '}'";
    QTest::newRow("missing colon") << QByteArray("{\"a\" 1}") << "line 1, column 6: expected ':' after the member name but found '1'";
    QTest::newRow("unquoted key") << QByteArray("{a: 1}") << "line 1, column 2: expected a member name in quotes but found 'a'";
    QTest::newRow("duplicate") << QByteArray("{\"a\": 1,\n \"a\": 2}") << "line 2, column 2: duplicate member \"a\"";
    QTest::newRow("garbage after") << QByteArray("{} x") << "line 1, column 4: unexpected 'x' after the document";
    QTest::newRow("unterminated") << QByteArray("[\"abc") << "line 1, column 2: unterminated string";
    QTest::newRow("bad escape") << QByteArray("\"a\\qb\"") << "line 1, column 3: unknown escape \\q";
    QTest::newRow("bad unicode") << QByteArray("\"\\u12G4\"") << "line 1, column 6: \\u needs four hex digits but found 'G'";
    QTest::newRow("lone surrogate") << QByteArray("\"\\udc00\"") << "line 1, column 2: lone low surrogate \\u escape";
    QTest::newRow("unpaired surrogate") << QByteArray("\"\\ud800x\"") << "line 1, column 2: high surrogate \\u escape without its pair";
    QTest::newRow("control char") << QByteArray("\"a\tb\"") << "line 1, column 3: control character 0x09 in a string; write it as \\u0009";
    QTest::newRow("leading zero") << QByteArray("01") << "line 1, column 2: unexpected '1' after the document";
    QTest::newRow("bare minus") << QByteArray("-") << "line 1, column 2: expected a digit but found end of input";
    QTest::newRow("fraction") << QByteArray("1.") << "line 1, column 3: expected a digit after '.'";
    QTest::newRow("comment") << QByteArray("// x\n{}") << "line 1, column 1: expected a value but found '/'";
    QTest::newRow("column counts characters") << QByteArray("[\"\xC3\xA9\xC3\xA9\", x]") << "line 1, column 8: expected a value but found 'x'";
    QTest::newRow("bad utf8") << QByteArray("\"\xFF\"") << "line 1, column 1: string is not valid UTF-8";
  }
  void errors() {
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    auto j = ParseJson(std::string_view(text.constData(), text.size()));
    QVERIFY(!j.ok());
    QVERIFY(j.status().IsInvalidArgument());
    QCOMPARE(QString::fromStdString(j.status().message()), message);
  }

  void depthLimit() {
    const std::string deep = std::string(300, '[') + std::string(300, ']');
    auto j = ParseJson(deep);
    QVERIFY(!j.ok());
    QVERIFY(j.status().message().find("nesting deeper than 256 levels") != std::string::npos);
    const std::string ok = std::string(200, '[') + std::string(200, ']');
    QVERIFY(ParseJson(ok).ok());
  }

  void prettyRoundTrip() {
    Json doc = Json::Object();
    doc.Set("name", "t\"1\n");
    doc.Set("list", Json::Strings({"a", "b"}));
    Json nested = Json::Array();
    nested.Push(Json::Object().Set("x", 1).Set("y", 2.5)).Push(Json::Array());
    doc.Set("nested", nested);
    doc.Set("empty", Json::Object());
    const std::string pretty = doc.DumpPretty();
    QCOMPARE(pretty, std::string("{\n"
                                 "  \"name\": \"t\\\"1\\n\",\n"
                                 "  \"list\": [\"a\", \"b\"],\n"
                                 "  \"nested\": [\n"
                                 "    {\n"
                                 "      \"x\": 1,\n"
                                 "      \"y\": 2.5\n"
                                 "    },\n"
                                 "    []\n"
                                 "  ],\n"
                                 "  \"empty\": {}\n"
                                 "}\n"));
    auto back = ParseJson(pretty);
    QVERIFY(back.ok());
    QCOMPARE(back->Dump(), doc.Dump());
  }
};

QTEST_GUILESS_MAIN(JsonTest)
#include "json_test.moc"
