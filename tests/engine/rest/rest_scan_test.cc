// Scans through RestService::Handle: the stateless scan (/TABLE/*,
// /TABLE/PREFIX* with its parameters, streamed, length-framed protobuf) and
// stateful scanners (batch counts cells, 204 at the end, DELETE after the
// 204, idle eviction, the open-scanner limit, unguessable ids) with HBase's
// JSON filter model.
#include <QtTest>
#include <set>

#include "rest_test_util.h"

using namespace regionlab;
using namespace regionlab::test;
using nlohmann::json;

class RestScanTest : public QObject {
  Q_OBJECT

  // Rows "row00".."row<n-1>" with `columns` cells each, over three regions.
  static void Fill(RestFixture& f, int n, int columns) {
    if (!f.cluster->admin().CreateTable(RestTable("t"), {"row05", "row12"}).ok()) qFatal("create");
    Table& t = f.table("t");
    for (int i = 0; i < n; ++i) {
      char key[16];
      std::snprintf(key, sizeof(key), "row%02d", i);
      RowMutation m;
      m.row = key;
      for (int c = 0; c < columns; ++c) m.Put("cf", "c" + std::to_string(c), "v" + std::to_string(i));
      if (!t.Put(m).ok()) qFatal("put");
    }
  }

  // Creates a scanner, returns its path ("/t/scanner/ID").
  static std::string Open(RestFixture& f, const json& model) {
    auto r = f.SendJson("PUT", "/t/scanner", model);
    if (r.status != 201) return "";
    const std::string loc = Header(r, "Location");
    return loc.substr(std::string("http://127.0.0.1:8080").size());
  }

  // Reads the scanner to its end: cells per response, and all (row, col, value).
  static std::vector<size_t> Drain(RestFixture& f, const std::string& path,
                                   std::vector<std::vector<std::string>>* cells) {
    std::vector<size_t> sizes;
    for (int i = 0; i < 1000; ++i) {
      auto r = f.GetJson(path);
      if (r.status == 204) return sizes;
      if (r.status != 200) return {};
      auto got = Cells(ParseBody(r));
      sizes.push_back(got.size());
      cells->insert(cells->end(), got.begin(), got.end());
    }
    return {};
  }

  static std::string FilterString(const json& filter) { return filter.dump(); }

  static std::vector<std::string> RowsOf(const std::vector<std::vector<std::string>>& cells) {
    std::vector<std::string> rows;
    for (const auto& c : cells) {
      if (rows.empty() || rows.back() != c[0]) rows.push_back(c[0]);
    }
    return rows;
  }

 private slots:
  void statelessScanStreamsEveryRow() {
    RestFixture f;
    Fill(f, 20, 2);
    auto all = f.GetJson("/t/*");
    RL_QCOMPARE_STATUS(all, 200);
    QCOMPARE(Cells(ParseBody(all)).size(), size_t(40));
    QCOMPARE(RowsOf(Cells(ParseBody(f.GetJson("/t/row1*")))).size(), size_t(10));  // prefix only
    QCOMPARE(RowsOf(Cells(ParseBody(f.GetJson("/t/*?limit=3")))).size(), size_t(3));
    QCOMPARE(RowsOf(Cells(ParseBody(f.GetJson("/t/*?startrow=row03&endrow=row07")))),
             (std::vector<std::string>{"row03", "row04", "row05", "row06"}));
    QCOMPARE(RowsOf(Cells(ParseBody(f.GetJson("/t/*?startrow=row03&endrow=row05&includeStopRow=true")))).size(),
             size_t(3));
    QCOMPARE(Cells(ParseBody(f.GetJson("/t/*?column=cf:c1&limit=2"))).size(), size_t(2));
    auto filtered = f.GetJson("/t/*?filter=" + rest::UrlEncode("RowFilter(=, 'regexstring:7$')"));
    QCOMPARE(RowsOf(Cells(ParseBody(filtered))), (std::vector<std::string>{"row07", "row17"}));
    auto reversed = RowsOf(Cells(ParseBody(f.GetJson("/t/*?reversed=true&limit=2"))));
    QCOMPARE(reversed, (std::vector<std::string>{"row19", "row18"}));
    // Nothing matches: an empty CellSet, not 404.
    auto none = f.GetJson("/t/zz*");
    RL_QCOMPARE_STATUS(none, 200);
    QCOMPARE(ParseBody(none), json({{"Row", json::array()}}));
    auto xml = f.Call("GET", "/t/*?limit=1");  // no Accept: XML
    QVERIFY(xml.body.rfind("<?xml", 0) == 0);
    QVERIFY(xml.body.find("</CellSet>") != std::string::npos);
    RL_QCOMPARE_STATUS(f.GetJson("/nosuch/*"), 404);
    RL_QCOMPARE_STATUS(f.GetJson("/t/*?filter=Bogus("), 400);
    RL_QCOMPARE_STATUS(f.GetJson("/t/*?limit=many"), 400);
    RL_QCOMPARE_STATUS(f.Call("DELETE", "/t/*"), 405);
  }

  void statelessScanProtobufIsLengthFramed() {
    rest::RestOptions o;
    o.stream_rows = 3;  // several body pieces
    RestFixture f(o);
    Fill(f, 25, 1);
    auto pb = f.Call("GET", "/t/*", "", {{"Accept", "application/x-protobuf"}});
    RL_QCOMPARE_STATUS(pb, 200);
    // Frames of [int16 length][CellSet], ten rows each (HBase's fetch size).
    size_t pos = 0, frames = 0, rows = 0;
    while (pos + 2 <= pb.body.size()) {
      const size_t len = (static_cast<unsigned char>(pb.body[pos]) << 8) |
                         static_cast<unsigned char>(pb.body[pos + 1]);
      pos += 2;
      const std::string frame = pb.body.substr(pos, len);
      pos += len;
      ++frames;
      // Count CellSet.rows fields (tag 0x0A) at the top level.
      size_t p = 0;
      while (p < frame.size()) {
        QCOMPARE(frame[p], '\x0A');
        const size_t n = static_cast<unsigned char>(frame[p + 1]);  // rows here are < 128 bytes
        p += 2 + n;
        ++rows;
      }
    }
    QCOMPARE(pos, pb.body.size());
    QCOMPARE(frames, size_t(3));
    QCOMPARE(rows, size_t(25));
  }

  void scannerBatchCountsCellsAndEndsWith204() {
    RestFixture f;
    Fill(f, 7, 3);  // 21 cells
    const std::string path = Open(f, {{"batch", 5}});
    QVERIFY(path.rfind("/t/scanner/", 0) == 0);
    const std::string id = path.substr(std::string("/t/scanner/").size());
    QCOMPARE(id.size(), size_t(32));
    QVERIFY(id.find_first_not_of("0123456789abcdef") == std::string::npos);
    std::vector<std::vector<std::string>> cells;
    QCOMPARE(Drain(f, path, &cells), (std::vector<size_t>{5, 5, 5, 5, 1}));
    QCOMPARE(cells.size(), size_t(21));
    QCOMPARE(RowsOf(cells).size(), size_t(7));  // rows split across batches keep their keys
    // Exhausted: still 204, and DELETE answers 200 (node-hbase deletes after the 204).
    RL_QCOMPARE_STATUS(f.GetJson(path), 204);
    RL_QCOMPARE_STATUS(f.Call("DELETE", path), 200);
    RL_QCOMPARE_STATUS(f.GetJson(path), 404);
    RL_QCOMPARE_STATUS(f.Call("DELETE", path), 404);
    RL_QCOMPARE_STATUS(f.Call("GET", "/t/scanner/00000000000000000000000000000000"), 404);
    // A scanner of one table is not reachable through another.
    const std::string other = Open(f, json::object());
    RL_QVERIFY_OK(f.cluster->admin().CreateTable(RestTable("u")));
    RL_QCOMPARE_STATUS(f.GetJson("/u/scanner/" + other.substr(11)), 404);
  }

  void scannerModelFieldsAndRepresentations() {
    RestFixture f;
    Fill(f, 10, 2);
    // n limits rows, c cells per call.
    const std::string p = Open(f, {{"startRow", B64("row02")}, {"endRow", B64("row06")},
                                   {"column", {B64("cf:c1")}}, {"batch", 100}});
    QCOMPARE(RowsOf(Cells(ParseBody(f.GetJson(p + "?n=2")))), (std::vector<std::string>{"row02", "row03"}));
    QCOMPARE(Cells(ParseBody(f.GetJson(p + "?c=1"))).size(), size_t(1));
    std::vector<std::vector<std::string>> rest;
    Drain(f, p, &rest);
    QCOMPARE(RowsOf(rest), (std::vector<std::string>{"row05"}));
    // XML scanner document, XML batch.
    auto x = f.Call("PUT", "/t/scanner",
                    "<Scanner batch=\"4\" startRow=\"" + B64("row08") + "\"><column>" + B64("cf") +
                        "</column></Scanner>",
                    {{"Content-Type", "text/xml"}});
    RL_QCOMPARE_STATUS(x, 201);
    const std::string xp = Header(x, "Location").substr(21);
    auto batch = f.Call("GET", xp, "", {{"Accept", "text/xml"}});
    QVERIFY(batch.body.find("<Row key=\"" + B64("row08") + "\">") != std::string::npos);
    // Protobuf scanner: startRow = 1, batch = 4 (hand-encoded).
    const std::string scanner = std::string("\x0A\x05row09\x20\x01", 9);
    auto pbs = f.Call("POST", "/t/scanner", scanner, {{"Content-Type", "application/x-protobuf"}});
    RL_QCOMPARE_STATUS(pbs, 201);
    auto one = f.Call("GET", Header(pbs, "Location").substr(21), "", {{"Accept", "application/json"}});
    QCOMPARE(Cells(ParseBody(one)), (std::vector<std::vector<std::string>>{{"row09", "cf:c0", "v9"}}));
    // octet-stream: one cell per call, X-Row / X-Column in base64.
    const std::string bp = Open(f, {{"startRow", B64("row09")}});
    auto cell = f.Call("GET", bp, "", {{"Accept", "application/octet-stream"}});
    RL_QCOMPARE_STATUS(cell, 200);
    QCOMPARE(cell.body, std::string("v9"));
    QCOMPARE(Unb64(Header(cell, "X-Row")), std::string("row09"));
    QCOMPARE(Unb64(Header(cell, "X-Column")), std::string("cf:c0"));
    // A row the engine hands out in parts (batch 5) is one Row element
    // when a call takes several parts (c=10).
    RowMutation wide;
    wide.row = "wide";
    for (int i = 0; i < 12; ++i) wide.Put("cf", "w" + std::to_string(10 + i), "x");
    RL_QVERIFY_OK(f.table("t").Put(wide));
    const std::string wp = Open(f, {{"startRow", B64("wide")}, {"batch", 5}});
    json merged = ParseBody(f.GetJson(wp + "?c=10"));
    QCOMPARE(merged["Row"].size(), size_t(1));
    QCOMPARE(merged["Row"][0]["Cell"].size(), size_t(10));
    json rest_of_row = ParseBody(f.GetJson(wp));
    QCOMPARE(Unb64(rest_of_row["Row"][0]["key"]), std::string("wide"));
    QCOMPARE(rest_of_row["Row"][0]["Cell"].size(), size_t(2));
    // Mistakes: 400 (bad body, bad filter), 404 (no table / family), 415.
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/scanner", {{"batch", 0}}), 400);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/scanner", {{"startRow", "%%%"}}), 400);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/scanner", {{"filter", "{\"type\":\"NoSuchFilter\"}"}}), 400);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/scanner", {{"filter", "{not json"}}), 400);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/nosuch/scanner", json::object()), 404);
    RL_QCOMPARE_STATUS(f.SendJson("PUT", "/t/scanner", {{"column", {B64("nofam")}}}), 404);
    RL_QCOMPARE_STATUS(f.Call("PUT", "/t/scanner", "{}", {{"Content-Type", "text/plain"}}), 415);
    RL_QCOMPARE_STATUS(f.Call("GET", "/t/scanner"), 405);
  }

  void scannerFiltersInHBaseJsonModel() {
    RestFixture f;
    Fill(f, 20, 2);
    auto rows = [&](const json& filter) {
      std::vector<std::vector<std::string>> cells;
      const std::string p = Open(f, {{"filter", FilterString(filter)}});
      if (p.empty()) return std::vector<std::string>{"<refused>"};
      Drain(f, p, &cells);
      return RowsOf(cells);
    };
    auto regex = [](const std::string& op, const std::string& pattern) {
      return json{{"type", "RowFilter"}, {"op", op},
                  {"comparator", {{"type", "RegexStringComparator"}, {"value", pattern}}}};
    };
    QCOMPARE(rows(regex("EQUAL", ".+2$")), (std::vector<std::string>{"row02", "row12"}));
    json list = {{"type", "FilterList"}, {"op", "MUST_PASS_ALL"},
                 {"filters", {regex("EQUAL", "row1"), regex("NOT_EQUAL", "5$")}}};
    QCOMPARE(rows(list).size(), size_t(9));
    json any = {{"type", "FilterList"}, {"op", "MUST_PASS_ONE"},
                {"filters", {regex("EQUAL", "03"), regex("EQUAL", "04")}}};
    QCOMPARE(rows(any), (std::vector<std::string>{"row03", "row04"}));
    json value = {{"type", "ValueFilter"}, {"op", "EQUAL"},
                  {"comparator", {{"type", "BinaryComparator"}, {"value", B64("v7")}}}};
    QCOMPARE(rows(value), (std::vector<std::string>{"row07"}));
    json prefix = {{"type", "PrefixFilter"}, {"value", B64("row1")}};
    QCOMPARE(rows(prefix).size(), size_t(10));
    // PageFilter counts per region (three regions here), as in HBase; its value is decimal text.
    json page = {{"type", "PageFilter"}, {"value", "2"}};
    QCOMPARE(rows(page), (std::vector<std::string>{"row00", "row01", "row05", "row06", "row12", "row13"}));
    json first = {{"type", "FirstKeyOnlyFilter"}};
    std::vector<std::vector<std::string>> cells;
    Drain(f, Open(f, {{"filter", FilterString(first)}}), &cells);
    QCOMPARE(cells.size(), size_t(20));
    json qualifier = {{"type", "QualifierFilter"}, {"op", "EQUAL"},
                      {"comparator", {{"type", "BinaryComparator"}, {"value", B64("c1")}}}};
    cells.clear();
    Drain(f, Open(f, {{"filter", FilterString(qualifier)}}), &cells);
    QCOMPARE(cells.size(), size_t(20));
    json scvf = {{"type", "SingleColumnValueFilter"}, {"op", "EQUAL"}, {"family", B64("cf")},
                 {"qualifier", B64("c0")}, {"ifMissing", true}, {"latestVersion", true},
                 {"comparator", {{"type", "SubstringComparator"}, {"value", "V19"}}}};
    QCOMPARE(rows(scvf), (std::vector<std::string>{"row19"}));
    // WHILE ends the scan of the region at row03 (the first region's rows).
    json skip = {{"type", "WhileMatchFilter"}, {"filters", {regex("NOT_EQUAL", "row03")}}};
    const auto while_rows = rows(skip);
    QCOMPARE(std::vector<std::string>(while_rows.begin(), while_rows.begin() + 3),
             (std::vector<std::string>{"row00", "row01", "row02"}));
    QVERIFY(std::find(while_rows.begin(), while_rows.end(), "row04") == while_rows.end());
    json stop = {{"type", "InclusiveStopFilter"}, {"value", B64("row01")}};
    QCOMPARE(rows(stop), (std::vector<std::string>{"row00", "row01"}));
    json ts = {{"type", "KeyOnlyFilter"}};
    QCOMPARE(rows(ts).size(), size_t(20));
    QCOMPARE(rows({{"type", "FilterList"}, {"op", "MUST_PASS_ALL"}, {"filters", json::array()}}).size(),
             size_t(20));
    // Refused, naming what is wrong.
    for (const json& bad :
         {json{{"type", "RowFilter"}, {"op", "LESS"}, {"comparator", {{"type", "RegexStringComparator"}, {"value", "x"}}}},
          json{{"type", "RowFilter"}, {"op", "SOMETIMES"}, {"comparator", {{"type", "BinaryComparator"}, {"value", ""}}}},
          json{{"type", "RowFilter"}, {"op", "EQUAL"}, {"comparator", {{"type", "BitComparator"}, {"value", ""}}}},
          json{{"type", "FuzzyRowFilter"}}, json{{"type", "PrefixFilter"}, {"value", "not base64!"}},
          json{{"type", "FilterList"}, {"op", "MAYBE"}, {"filters", json::array()}},
          json{{"type", "SkipFilter"}, {"filters", json::array()}}, json("RowFilter")}) {
      auto r = f.SendJson("PUT", "/t/scanner", {{"filter", FilterString(bad)}});
      QVERIFY2(r.status == 400, (bad.dump() + " -> " + std::to_string(r.status)).c_str());
      QVERIFY(r.body.find("scanner filter") != std::string::npos);
    }
  }

  void scannersAreEvictedWhenIdleAndBeyondTheLimit() {
    int64_t now = 1000;
    rest::RestOptions o;
    o.scanner_idle_ms = 60000;
    o.max_scanners = 3;
    o.now_ms = [&now] { return now; };
    RestFixture f(o);
    Fill(f, 3, 1);
    const std::string a = Open(f, json::object());
    now += 10;
    const std::string b = Open(f, json::object());
    now += 10;
    const std::string c = Open(f, json::object());
    now += 10;
    RL_QCOMPARE_STATUS(f.GetJson(a), 200);  // a is now the most recently used
    now += 10;
    const std::string d = Open(f, json::object());  // drops b, the least recently used
    QCOMPARE(f.service->stats().open_scanners, uint64_t(3));
    RL_QCOMPARE_STATUS(f.GetJson(b), 404);
    RL_QCOMPARE_STATUS(f.GetJson(c), 200);
    now += 59995;  // a was last used 60,005 ms ago, c and d 59,995 ms ago
    f.service->EvictIdleScanners();
    QCOMPARE(f.service->stats().open_scanners, uint64_t(2));
    RL_QCOMPARE_STATUS(f.GetJson(a), 404);
    now += 60000;
    f.service->EvictIdleScanners();
    QCOMPARE(f.service->stats().open_scanners, uint64_t(0));
    std::set<std::string> ids = {a, b, c, d};
    QCOMPARE(ids.size(), size_t(4));
  }

  void scannerOnADisabledTableIsGone() {
    RestFixture f;
    Fill(f, 30, 1);
    const std::string p = Open(f, {{"batch", 1}});
    RL_QCOMPARE_STATUS(f.GetJson(p), 200);
    RL_QVERIFY_OK(f.cluster->admin().DisableTable("t"));
    int status = 200;
    for (int i = 0; i < 40 && status == 200; ++i) status = f.GetJson(p).status;
    QCOMPARE(status, 410);
    RL_QCOMPARE_STATUS(f.GetJson(p), 404);  // removed after the 410
  }
};

QTEST_GUILESS_MAIN(RestScanTest)
#include "rest_scan_test.moc"
