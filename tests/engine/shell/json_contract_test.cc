// The --json contract (engine/shell/SHELL.md): exactly one line per
// statement, a JSON object with statement, ok, error and each command's
// result fields, byte strings in Bytes.toStringBinary form.
#include <QtTest>

#include "util/json.h"
#include "util/utf8.h"
#include "shell_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

shell::ShellOptions JsonMode() {
  shell::ShellOptions o;
  o.json = true;
  return o;
}

// Parses one printed line; fails the test when it is not one JSON object.
QJsonObject Line(const shell::StatementResult& r) {
  const QByteArray bytes = QByteArray::fromStdString(r.output);
  QJsonParseError err;
  QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
  if (err.error != QJsonParseError::NoError || !doc.isObject()) return QJsonObject{{"bad", true}};
  return doc.object();
}

QStringList Keys(const QByteArray& line) {
  // Key order as printed (QJsonObject sorts its keys, so read them from the text).
  QStringList keys;
  int depth = 0;
  bool in_string = false;
  QString current;
  for (int i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') {
        current += line[++i];
      } else if (c == '"') {
        in_string = false;
        if (depth == 1 && i + 1 < line.size() && line[i + 1] == ':') keys << current;
      } else {
        current += c;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      current.clear();
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return keys;
}

}  // namespace

class JsonContractTest : public QObject {
  Q_OBJECT
 private slots:
  void oneLinePerStatement() {
    ShellFixture fx(JsonMode());
    QVERIFY(fx.ok());
    auto all = fx.Run(
        "create 't', 'f'; put 't', 'r', 'f:q', \"line\\nbreak\"\n"
        "scan 't', {\n  LIMIT => 5\n}\n"
        "put 't', 'r' # too few arguments\n"
        "create 'x' 'y'\n"
        "describe 't'\n");
    QCOMPARE(all.size(), size_t(6));
    for (const auto& r : all) {
      QVERIFY2(r.output.size() > 2 && r.output.back() == '\n', r.output.c_str());
      QCOMPARE(std::count(r.output.begin(), r.output.end(), '\n'), 1L);
      QJsonObject j = Line(r);
      QVERIFY2(!j.contains("bad"), r.output.c_str());
      QCOMPARE(Keys(QByteArray::fromStdString(r.output)).mid(0, 2), (QStringList{"statement", "ok"}));
      QCOMPARE(j.value("ok").toBool(), r.ok);
      QCOMPARE(j.contains("error"), !r.ok);
    }
    QCOMPARE(Line(all[2]).value("statement").toString(), QString("scan 't', {\n  LIMIT => 5\n}"));
    QCOMPARE(Line(all[3]).value("error").toString(),
             QString("wrong number of arguments (given 2, expected 4..6)"));
    QVERIFY(Line(all[4]).value("error").toString().startsWith("syntax error, line 6, column 12:"));
    QCOMPARE(Line(all[3]).keys(), (QStringList{"error", "ok", "statement"}));  // no result fields
  }

  void getAndScanCells() {
    ShellFixture fx(JsonMode());
    QVERIFY(fx.ok());
    auto setup = fx.Run(
        "create 't', {NAME => 'f', VERSIONS => 3}, SPLITS => [\"\\x80\"]\n"
        "put 't', \"\\x00row\", 'f:q', \"\\xFFv\", 10\n"
        "put 't', \"\\x00row\", 'f:q', 'old', 5\n"
        "put 't', \"\\x90\", \"f:\\x01\", 'x', 7\n");
    for (const auto& r : setup) QVERIFY2(r.ok, r.error.c_str());
    auto get = fx.Last("get 't', \"\\x00row\", {VERSIONS => 3}");
    QJsonObject g = Line(get);
    QCOMPARE(Keys(QByteArray::fromStdString(get.output)), (QStringList{"statement", "ok", "cells"}));
    QJsonArray cells = g.value("cells").toArray();
    QCOMPARE(cells.size(), 2);
    QJsonObject c0 = cells[0].toObject();
    QCOMPARE(c0.value("row").toString(), QString("\\x00row"));
    QCOMPARE(c0.value("column").toString(), QString("f:q"));
    QVERIFY(c0.value("timestamp").isDouble());
    QCOMPARE(c0.value("timestamp").toInt(), 10);
    QCOMPARE(c0.value("value").toString(), QString("\\xFFv"));
    QCOMPARE(cells[1].toObject().value("value").toString(), QString("old"));
    QCOMPARE(Keys(QJsonDocument(c0).toJson(QJsonDocument::Compact)).size(), 4);

    auto scan = fx.Last("scan 't'");
    QJsonObject s = Line(scan);
    QCOMPARE(Keys(QByteArray::fromStdString(scan.output)),
             (QStringList{"statement", "ok", "cells", "rows"}));
    QCOMPARE(s.value("rows").toInt(), 2);
    QCOMPARE(CellRows(s), (QStringList{"\\x00row", "\\x90"}));
    QCOMPARE(s.value("cells").toArray()[1].toObject().value("column").toString(), QString("f:\\x01"));
  }

  void resultFieldsPerCommand_data() {
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("fields");
    QTest::newRow("count") << "count 't'" << QStringList{"count"};
    QTest::newRow("list") << "list" << QStringList{"tables"};
    QTest::newRow("exists") << "exists 't'" << QStringList{"exists"};
    QTest::newRow("get_splits") << "get_splits 't'" << QStringList{"splits"};
    QTest::newRow("list_regions") << "list_regions 't'" << QStringList{"regions"};
    QTest::newRow("describe") << "describe 't'"
                              << QStringList{"table", "enabled", "attributes", "families"};
    QTest::newRow("status") << "status" << QStringList{"servers"};
    QTest::newRow("create") << "create 'u', 'f'" << QStringList{"table", "regions"};
    QTest::newRow("incr") << "incr 't', 'c', 'f:n', 3" << QStringList{"value"};
    QTest::newRow("is_enabled") << "is_enabled 't'" << QStringList{"enabled"};
    QTest::newRow("put has none") << "put 't', 'r', 'f:q', 'v'" << QStringList{};
  }
  void resultFieldsPerCommand() {
    QFETCH(QString, statement);
    QFETCH(QStringList, fields);
    ShellFixture fx(JsonMode());
    QVERIFY(fx.ok());
    QVERIFY(fx.Last("create 't', 'f', SPLITS => ['m']\nput 't', 'a', 'f:q', '1'").ok);
    auto r = fx.Last(statement.toStdString());
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(Keys(QByteArray::fromStdString(r.output)), QStringList({"statement", "ok"}) + fields);
  }

  void fieldContents() {
    ShellFixture fx(JsonMode());
    QVERIFY(fx.ok());
    QVERIFY(fx.Last("create 't', {NAME => 'f', TTL => 180, BLOOMFILTER => 'ROWCOL'}, {NAME => 'g'},"
                    " SPLITS => ['m', \"\\x00\"], MAX_FILESIZE => 1048576, OWNER => 'me'\n"
                    "put 't', 'a', 'f:q', '1'\nput 't', 'n', 'f:q', '2'\nput 't', 'z', 'g:q', '3'")
                .ok);
    QCOMPARE(fx.Json("count 't'").value("count").toInt(), 3);
    QCOMPARE(fx.Json("list").value("tables").toArray(), QJsonArray{"t"});
    QCOMPARE(fx.Json("exists 't'").value("exists").toBool(), true);
    QCOMPARE(fx.Json("exists 'nope'").value("exists").toBool(), false);
    QCOMPARE(fx.Json("get_splits 't'").value("splits").toArray(), (QJsonArray{"\\x00", "m"}));

    QJsonArray regions = fx.Json("list_regions 't'").value("regions").toArray();
    QCOMPARE(regions.size(), 3);
    QJsonObject r1 = regions[1].toObject();
    QCOMPARE(r1.value("start").toString(), QString("\\x00"));
    QCOMPARE(r1.value("end").toString(), QString("m"));
    for (const char* key : {"name", "start", "end", "server", "store_files", "store_file_bytes",
                            "memstore_bytes", "read_requests", "write_requests"}) {
      QVERIFY2(r1.contains(key), key);
    }
    QVERIFY(r1.value("server").toString().startsWith("rs"));
    QVERIFY(r1.value("memstore_bytes").toDouble() > 0);
    QCOMPARE(r1.value("write_requests").toInt(), 1);

    QJsonObject d = fx.Json("describe 't'");
    QCOMPARE(d.value("table").toString(), QString("t"));
    QCOMPARE(d.value("enabled").toBool(), true);
    QJsonObject attrs = d.value("attributes").toObject();
    QCOMPARE(attrs.value("MAX_FILESIZE").toInt(), 1048576);
    QCOMPARE(attrs.value("OWNER").toString(), QString("me"));
    QJsonArray families = d.value("families").toArray();
    QCOMPARE(families.size(), 2);
    QJsonObject f = families[0].toObject();
    QCOMPARE(Keys(QJsonDocument(f).toJson(QJsonDocument::Compact)).size(), 12);
    for (const char* key : {"NAME", "VERSIONS", "MIN_VERSIONS", "TTL", "KEEP_DELETED_CELLS",
                            "BLOOMFILTER", "COMPRESSION", "BLOCKCACHE", "IN_MEMORY", "BLOCKSIZE",
                            "CONFIGURATION", "METADATA"}) {
      QVERIFY2(f.contains(key), key);
    }
    QCOMPARE(f.value("TTL").toInt(), 180);
    QCOMPARE(f.value("BLOOMFILTER").toString(), QString("ROWCOL"));
    QCOMPARE(families[1].toObject().value("TTL").toString(), QString("FOREVER"));
    QCOMPARE(families[1].toObject().value("VERSIONS").toInt(), 1);

    QJsonArray servers = fx.Json("status").value("servers").toArray();
    QCOMPARE(servers.size(), 3);
    for (const auto& s : servers) {
      for (const char* key : {"name", "regions", "memstore_bytes", "block_cache_bytes",
                              "block_cache_hits", "block_cache_misses"}) {
        QVERIFY2(s.toObject().contains(key), key);
      }
    }
    int total = 0;
    for (const auto& s : servers) total += s.toObject().value("regions").toInt();
    QCOMPARE(total, 3);
  }

  void invalidUtf8StaysValidJson() {
    ShellFixture fx(JsonMode());
    QVERIFY(fx.ok());
    // A statement carrying a raw 0xFF byte (not UTF-8) and control characters.
    auto r = fx.Last(std::string("exists '\xff\x01'"));
    QJsonParseError err;
    QJsonDocument::fromJson(QByteArray::fromStdString(r.output), &err);
    QCOMPARE(err.error, QJsonParseError::NoError);
    QVERIFY(r.output.find("\\u00ff\\u0001") != std::string::npos);
  }

  void jsonWriter() {
    Json j = Json::Object();
    j.Set("s", "a\"b\\c\n\t\x02").Set("n", int64_t(-5)).Set("d", 0.1).Set("b", false);
    j.Set("a", Json::Array().Push(Json()).Push(Json("\xe4\xb8\xad")));
    j.Set("n", 7);  // replaces, keeping the position
    QCOMPARE(QString::fromStdString(j.Dump()),
             QString::fromUtf8("{\"s\":\"a\\\"b\\\\c\\n\\t\\u0002\",\"n\":7,\"d\":0.1,\"b\":false,"
                               "\"a\":[null,\"\xe4\xb8\xad\"]}"));
    QVERIFY(IsValidUtf8("\xe4\xb8\xad"));
    QVERIFY(!IsValidUtf8("\xc0\xaf"));  // overlong
    QVERIFY(!IsValidUtf8("\xed\xa0\x80"));  // surrogate
    QVERIFY(!IsValidUtf8("\xe4\xb8"));  // truncated
  }
};

QTEST_GUILESS_MAIN(JsonContractTest)
#include "json_contract_test.moc"
