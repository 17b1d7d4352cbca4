// Rows and cells through RestService::Handle: GET with columns, versions,
// timestamps, ranges and globs, URL decoding, ?e=b64, PUT/POST of CellSets
// in JSON, XML, protobuf and octet-stream, DELETE, check-and-mutate and
// multiget; refused requests write nothing.
#include <QtTest>
#include <set>

#include "rest_test_util.h"

using namespace regionlab;
using namespace regionlab::test;
using nlohmann::json;

class RestRowsTest : public QObject {
  Q_OBJECT

  // Every (row, column, value) of the table, read through the engine.
  static std::vector<std::vector<std::string>> Contents(Table& t) {
    std::vector<std::vector<std::string>> out;
    auto s = t.GetScanner(Scan{});
    RowResult r;
    while ((*s)->Next(&r)) {
      for (const Cell& c : r.cells) out.push_back({r.row, c.family + ":" + c.qualifier, c.value});
    }
    return out;
  }

 private slots:
  void putThenGetOneCellAndRow() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t", {"cf", "g"})));
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/r1/cf:a", CellSet("r1", {{"cf:a", "v1"}, {"g:x", "gx"}})), 200);
    auto cell = f.GetJson("/t/r1/cf:a");
    RL_QCOMPARE_STATUS(cell, 200);
    QCOMPARE(Cells(ParseBody(cell)), (std::vector<std::vector<std::string>>{{"r1", "cf:a", "v1"}}));
    json row = ParseBody(f.GetJson("/t/r1"));
    QCOMPARE(Cells(row).size(), size_t(2));
    QVERIFY(row["Row"][0]["Cell"][0]["timestamp"].is_number_integer());
    // A family alone, and several columns.
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/r1/g"))).size(), size_t(1));
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/r1/g:x,cf:a"))).size(), size_t(2));
    // 404 for a missing row, column or family.
    RL_QCOMPARE_STATUS(f.GetJson("/t/nope"), 404);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r1/cf:zz"), 404);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r1/nofam"), 404);
    RL_QCOMPARE_STATUS(f.GetJson("/nosuch/r1"), 404);

    // octet-stream: the newest value of exactly one column, with X-Timestamp.
    auto raw = f.Call("GET", "/t/r1/cf:a", "", {{"Accept", "application/octet-stream"}});
    RL_QCOMPARE_STATUS(raw, 200);
    QCOMPARE(raw.body, std::string("v1"));
    QVERIFY(std::stoll(Header(raw, "X-Timestamp")) > 0);
    RL_QCOMPARE_STATUS(f.Call("GET", "/t/r1"), 400);  // no Accept: binary, needs one column
    auto xml = f.Call("GET", "/t/r1/cf:a", "", {{"Accept", "text/xml"}});
    QVERIFY(xml.body.find("<CellSet><Row key=\"" + B64("r1") + "\"><Cell column=\"" + B64("cf:a") +
                          "\" timestamp=\"") != std::string::npos);
    auto pb = f.Call("GET", "/t/r1/cf:a", "", {{"Accept", "application/x-protobuf"}});
    // CellSet.rows (1) { key (1) = "r1", values (2) { column (2) = "cf:a", ...
    QCOMPARE(pb.body.substr(2, 4), std::string("\x0A\x02" "r1"));
    QVERIFY(pb.body.find(std::string("\x12\x04" "cf:a")) != std::string::npos);
  }

  void versionsAndTimestamps() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t", {"cf"}, 5)));
    for (int ts : {100, 200, 300}) {
      json body = {{"Row", {{{"key", B64("r")},
                              {"Cell", {{{"column", B64("cf:q")}, {"timestamp", ts},
                                         {"$", B64("v" + std::to_string(ts))}}}}}}}};
      RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/r/cf:q", body), 200);
    }
    auto values = [&](const std::string& target) {
      std::vector<std::string> out;
      for (const auto& c : Cells(ParseBody(f.GetJson(target)))) out.push_back(c[2]);
      return out;
    };
    QCOMPARE(values("/t/r/cf:q"), (std::vector<std::string>{"v300"}));
    QCOMPARE(values("/t/r/cf:q?v=2"), (std::vector<std::string>{"v300", "v200"}));
    QCOMPARE(values("/t/r/cf:q?v=9"), (std::vector<std::string>{"v300", "v200", "v100"}));
    // One timestamp: exactly that version (HBase 2.6.3); a range: [start, end).
    QCOMPARE(values("/t/r/cf:q/200?v=9"), (std::vector<std::string>{"v200"}));
    QCOMPARE(values("/t/r/cf:q/100,300?v=9"), (std::vector<std::string>{"v200", "v100"}));
    QCOMPARE(values("/t/r/cf:q/150,1000?v=9"), (std::vector<std::string>{"v300", "v200"}));
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/cf:q/250"), 404);
    // Bad ?v= and timestamps are the client's mistake: 400, never 500.
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/cf:q?v=0"), 400);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/cf:q?v=abc"), 400);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/cf:q/12x"), 400);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/cf:q/300,100"), 400);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/cf:q/1/extra"), 400);
  }

  void urlDecodingOfKeysTablesAndColumns() {
    RestFixture f;
    RL_QCOMPARE_STATUS(f.Call("POST", "/namespaces/ns"), 201);
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("ns:t")));
    // '+' is a space, %2C a comma inside the key (a raw ',' would start an
    // end row), %2A a star, %2F a slash, %3A a colon.
    const std::vector<std::pair<std::string, std::string>> keys = {
        {"a+b", "a b"}, {"x%2Cy", "x,y"}, {"s%2A", "s*"}, {"p%2Fq", "p/q"}, {"%E2%82%AC", "\xE2\x82\xAC"}};
    for (const auto& [encoded, key] : keys) {
      RL_QCOMPARE_STATUS(f.SendJson("PUT", "/ns:t/" + encoded + "/cf%3Aq", CellSet(key, {{"cf:q", key}})), 200);
      auto got = f.GetJson("/ns%3At/" + encoded + "/cf:q");
      RL_QCOMPARE_STATUS(got, 200);
      QCOMPARE(Cells(ParseBody(got))[0][0], key);
    }
    // A cell without key or column takes them from the URL.
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/ns:t/from+url/cf:u",
                                  {{"Row", {{{"Cell", {{{"$", B64("x")}}}}}}}}),
                       200);
    QCOMPARE(Cells(ParseBody(f.GetJson("/ns:t/from%20url/cf:u")))[0][2], std::string("x"));
    // ?e=b64: URL-safe base64 row and columns (binary keys).
    const std::string binary("\x00\xff/+", 4);
    const std::string b64url = "AP8vKw";  // no padding
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/ns:t/" + b64url + "/Y2Y6cQ?e=b64", CellSet(binary, {{"cf:q", "bin"}})), 200);
    auto got = f.GetJson("/ns:t/" + b64url + "/Y2Y6cQ?e=b64");
    RL_QCOMPARE_STATUS(got, 200);
    QCOMPARE(Cells(ParseBody(got))[0][0], binary);
    RL_QCOMPARE_STATUS(f.Call("GET", "/ns:t/" + b64url + "/Y2Y6cQ", "",
                              {{"Accept", "application/json"}, {"Encoding", "b64"}}),
                       200);
    RL_QCOMPARE_STATUS(f.GetJson("/ns:t/AP8vKw?e=rot13"), 400);
    RL_QCOMPARE_STATUS(f.GetJson("/ns:t/a%zz"), 400);
  }

  void globsAndRanges() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t"), {"row2"}));
    for (const char* r : {"row1", "row2", "row3", "rox", "s"}) {
      RL_QCOMPARE_STATUS(f.SendJson("PUT", std::string("/t/") + r + "/cf:q", CellSet(r, {{"cf:q", r}})), 200);
    }
    auto rows = [&](const std::string& target) {
      std::vector<std::string> out;
      for (const auto& c : Cells(ParseBody(f.GetJson(target)))) out.push_back(c[0]);
      return out;
    };
    // A glob with columns is a row-resource scan (across two regions here).
    QCOMPARE(rows("/t/row*/cf"), (std::vector<std::string>{"row1", "row2", "row3"}));
    QCOMPARE(rows("/t/row1,row3/cf:q"), (std::vector<std::string>{"row1", "row2"}));
    QCOMPARE(rows("/t/row1,s"), (std::vector<std::string>{"row1", "row2", "row3", "rox"}));
    RL_QCOMPARE_STATUS(f.GetJson("/t/zz*/cf"), 404);
    RL_QCOMPARE_STATUS(f.GetJson("/t/a*,b*/cf"), 400);
  }

  void multiRowPutWithStringTimestampsAndEveryBodyFormat() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t", {"cf"}, 3)));
    // node-hbase's multi-row put: a dummy URL row, timestamps as strings.
    json body = {{"Row",
                  {{{"key", B64("a")},
                    {"Cell", {{{"column", B64("cf:1")}, {"timestamp", "1000"}, {"$", B64("a1")}}}}},
                   {{"key", B64("b")},
                    {"Cell", {{{"column", B64("cf:1")}, {"timestamp", 2000}, {"$", B64("b1")}},
                              {{"column", B64("cf:2")}, {"$", B64("b2")}}}}}}}};
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/___false-row-key___/test%3A", body), 200);
    auto got = ParseBody(f.GetJson("/t/a"));
    QCOMPARE(got["Row"][0]["Cell"][0]["timestamp"].get<int64_t>(), int64_t(1000));
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/b"))).size(), size_t(2));

    // XML.
    const std::string xml = "<CellSet><Row key=\"" + B64("x") + "\"><Cell column=\"" + B64("cf:q") +
                            "\">" + B64("xml") + "</Cell></Row></CellSet>";
    RL_QCOMPARE_STATUS(f.Call("POST", "/t/x/cf:q", xml, {{"Content-Type", "text/xml"}}), 200);
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/x")))[0][2], std::string("xml"));
    // Protobuf, encoded by hand with HBase's field numbers:
    // CellSet{rows=1: Row{key=1:"p", values=2: Cell{column=2:"cf:q", data=4:"pb"}}}.
    const std::string cell = std::string("\x12\x04" "cf:q" "\x22\x02" "pb", 10);
    const std::string row = std::string("\x0A\x01p\x12", 4) + char(cell.size()) + cell;
    const std::string set = std::string("\x0A") + char(row.size()) + row;
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/p/cf:q", set, {{"Content-Type", "application/x-protobuf"}}), 200);
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/p")))[0][2], std::string("pb"));
    // octet-stream: the body is the value; X-Row / X-Timestamp override the URL.
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/o/cf:raw", std::string("\x00\x01", 2),
                              {{"Content-Type", "application/octet-stream"}}),
                       200);
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/o")))[0][2], std::string("\x00\x01", 2));
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/ignored/cf:raw", "hdr",
                              {{"Content-Type", "application/octet-stream"},
                               {"X-Row", "fromheader"},
                               {"X-Timestamp", "77"}}),
                       200);
    auto h = ParseBody(f.GetJson("/t/fromheader"));
    QCOMPARE(h["Row"][0]["Cell"][0]["timestamp"].get<int64_t>(), int64_t(77));
    RL_QCOMPARE_STATUS(f.GetJson("/t/ignored"), 404);
  }

  void refusedWritesWriteNothing() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t")));
    Table& t = f.table("t");
    auto two_rows = [](const std::string& second_column) {
      return json{{"Row",
                   {{{"key", B64("ok")}, {"Cell", {{{"column", B64("cf:q")}, {"$", B64("1")}}}}},
                    {{"key", B64("bad")}, {"Cell", {{{"column", B64(second_column)}, {"$", B64("2")}}}}}}}};
    };
    // An unknown family in the second row: 404, and the first row is not written.
    auto missing = f.SendJson("PUT", "/t/x", two_rows("nofam:q"));
    RL_QCOMPARE_STATUS(missing, 404);
    QVERIFY(missing.body.find("nofam") != std::string::npos);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/x", two_rows("cf")), 400);  // no qualifier
    // No key anywhere, no column anywhere.
    json no_key = {{"Row", {{{"Cell", {{{"column", B64("cf:q")}, {"$", B64("1")}}}}}}}};
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/x", no_key), 200);  // the URL's row
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/x", {{"Row", {{{"key", B64("k")}, {"Cell", {{{"$", B64("1")}}}}}}}}), 400);
    // Malformed bodies of every kind, and a bad base64 string.
    for (const std::string& body : {std::string(R"({"Row":[{"key":"!!!","Cell":[]}]})"),
                                    std::string(R"({"Row":[{"key":)"), std::string("[1,2"),
                                    std::string(R"({"Row":[{"key":"azE=","Cell":[{"column":"Y2Y6cQ==","timestamp":"soon","$":""}]}]})"),
                                    std::string(R"({"Row":[{"key":"azE=","Cell":[{"column":"Y2Y6cQ==","timestamp":-5,"$":""}]}]})"),
                                    std::string(R"({"Row":[{"key":5}]})"), std::string("null")}) {
      auto r = f.Call("PUT", "/t/x/cf:q", body, {{"Content-Type", "application/json"}});
      QVERIFY2(r.status == 400, (body + " -> " + std::to_string(r.status) + " " + r.body).c_str());
    }
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/x/cf:q", "<CellSet><Row", {{"Content-Type", "text/xml"}}), 400);
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/x/cf:q", "\x0A\x05\x0A", {{"Content-Type", "application/x-protobuf"}}), 400);
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/x/cf:q", "{}"), 415);
    // Too big a body, too big a cell.
    rest::RestOptions small;
    small.max_body_bytes = 1000;
    small.max_cell_size = 100;
    RestFixture g(small);
    RL_QVERIFY_OK(g.cluster->admin().CreateTable(RestTable("t")));
    RL_QCOMPARE_STATUS(g.Call("PUT", "/t/x/cf:q", std::string(2000, 'x'),
                              {{"Content-Type", "application/octet-stream"}}),
                       413);
    auto big = g.Call("PUT", "/t/x/cf:q", std::string(200, 'x'), {{"Content-Type", "application/octet-stream"}});
    RL_QCOMPARE_STATUS(big, 400);
    QVERIFY(big.body.find("exceeds limit") != std::string::npos);
    QCOMPARE(Contents(g.table("t")).size(), size_t(0));
    QCOMPARE(Contents(t), (std::vector<std::vector<std::string>>{{"x", "cf:q", "1"}}));
  }

  void deleteRowColumnFamilyAndVersions() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t", {"a", "b"}, 5)));
    Table& t = f.table("t");
    for (int ts : {10, 20, 30}) {
      RL_QVERIFY_OK(t.Put(RowMutation{"r", {}}.Put("a", "x", "ax" + std::to_string(ts), ts)
                              .Put("a", "y", "ay", ts).Put("b", "z", "bz", ts)));
    }
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/r/a:x/20"), 200);  // versions <= 20
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/r/a:x?v=5"))).size(), size_t(1));
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/r/a:y"), 200);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/a:y"), 404);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/r/b"), 200);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/b"), 404);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/a:x"), 200);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/r"), 200);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r"), 404);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/never"), 200);  // deletes are blind
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/r/nofam"), 404);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/nosuch/r"), 404);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/a,b"), 400);
  }

  void checkAndPutDeleteIncrementAppend() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t")));
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/r/cf:alias", CellSet("r", {{"cf:alias", "OldGuy"}})), 200);
    // Put NewGuy if the value is OldGuy: the last cell is the condition.
    auto swap = CellSet("r", {{"cf:alias", "NewGuy"}, {"cf:alias", "OldGuy"}});
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/r?check=put", swap), 200);
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/r/cf:alias")))[0][2], std::string("NewGuy"));
    auto again = f.SendJson("PUT", "/t/r?check=put", swap);
    RL_QCOMPARE_STATUS(again, 304);
    QVERIFY(again.body.empty());
    // An empty expected value: the column must be absent.
    RL_QCOMPARE_STATUS(f.SendJson("POST", "/t/r?check=put", CellSet("r", {{"cf:new", "1"}, {"cf:new", ""}})), 200);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/r?check=put", CellSet("r", {{"cf:other", "1"}, {"cf:alias", "NewGuy"}})), 400);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/r?check=put", CellSet("r", {{"cf:alias", "x"}})), 400);

    // Delete the column if it holds NewGuy.
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/r?check=delete", CellSet("r", {{"cf:alias", "Nobody"}})), 304);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/r?check=delete", CellSet("r", {{"cf:alias", "NewGuy"}})), 200);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/cf:alias"), 404);
    RL_QCOMPARE_STATUS(f.GetJson("/t/r/cf:new"), 200);

    // Increment: decimal text values; append: bytes added.
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/c?check=increment", CellSet("c", {{"cf:n", "5"}})), 200);
    auto inc = f.SendJson("POST", "/t/c?check=increment&rr=true", CellSet("c", {{"cf:n", "-2"}}));
    RL_QCOMPARE_STATUS(inc, 200);
    QCOMPARE(Cells(ParseBody(inc))[0][2], std::string("\0\0\0\0\0\0\0\x03", 8));
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/c?check=increment", CellSet("c", {{"cf:n", "two"}})), 400);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/a?check=append", CellSet("a", {{"cf:s", "ab"}})), 200);
    auto app = f.SendJson("PUT", "/t/a?check=append&rr=true", CellSet("a", {{"cf:s", "cd"}}));
    QCOMPARE(Cells(ParseBody(app))[0][2], std::string("abcd"));

    auto invalid = f.SendJson("PUT", "/t/r?check=maybe", swap);
    RL_QCOMPARE_STATUS(invalid, 400);
    QVERIFY(invalid.body.find("Invalid check value 'maybe'") != std::string::npos);
    json two = {{"Row", {CellSet("a", {{"cf:s", "x"}})["Row"][0], CellSet("b", {{"cf:s", "y"}})["Row"][0]}}};
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/a?check=append", two), 400);
  }

  void multiget() {
    RestFixture f;
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("t", {"a", "b"})));
    for (const char* r : {"r1", "r2", "r,3"}) {
      RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/x", CellSet(r, {{"a:q", r}, {"b:q", r}})), 200);
    }
    auto got = f.GetJson("/t/multiget?row=r2&row=nope&row=r1");
    RL_QCOMPARE_STATUS(got, 200);
    auto cells = Cells(ParseBody(got));
    QCOMPARE(cells.size(), size_t(4));
    QCOMPARE(cells[0][0], std::string("r2"));  // in request order
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/multiget/a:q?row=r1&row=r2"))).size(), size_t(2));
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/multiget?row=r1/b:q"))).size(), size_t(1));
    // The row param is decoded twice: a ',' in a key is %252C.
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/multiget?row=r%252C3")))[0][0], std::string("r,3"));
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/multiget?row=r1&row=r2&filter=ValueFilter(%3D,'binary:r2')"))).size(),
             size_t(2));
    RL_QCOMPARE_STATUS(f.GetJson("/t/multiget?row=nope"), 404);
    RL_QCOMPARE_STATUS(f.GetJson("/t/multiget"), 404);
    RL_QCOMPARE_STATUS(f.GetJson("/t/multiget?row=r1&filter=NoSuchFilter()"), 400);
  }
};

QTEST_GUILESS_MAIN(RestRowsTest)
#include "rest_rows_test.moc"
