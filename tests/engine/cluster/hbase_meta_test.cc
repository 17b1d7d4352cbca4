// hbase:meta: the bytes of info:regioninfo (protobuf, checked against a
// hand-assembled encoding of HBase's RegionInfo message), the
// MetaCellComparator order, and scans and gets of the live catalog through
// the Table API and the shell: every region of every table with HBase's
// columns, ranges, filters, columns, reversed order, and refused writes.
#include <QRegularExpression>
#include <QtTest>

#include "cluster/hbase_meta.h"
#include "engine/shell/shell_test_util.h"
#include "filter/filter_parser.h"
#include "regionlab/bytes.h"
#include "util/coding.h"
#include "util/md5.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

QString Text(const shell::StatementResult& r) { return QString::fromStdString(r.output); }

std::vector<std::string> Rows(const std::vector<RowResult>& results) {
  std::vector<std::string> rows;
  for (const RowResult& r : results) rows.push_back(r.row);
  return rows;
}

}  // namespace

class HbaseMetaTest : public QObject {
  Q_OBJECT
 private slots:
  // RegionInfo.toByteArray's layout: "PBUF", then the message with fields
  // region_id (1, varint), table_name (2: namespace 1, qualifier 2), start_key
  // (3), end_key (4), offline (5), split (6), replica_id (7).
  void regionInfoBytes() {
    MetaRegion r;
    r.table = "t1";
    r.region_id = 1700000000000;
    r.end_key = "b";
    r.encoded_name = "x";
    QCOMPARE(ToHex(EncodeMetaRegionInfo(r)),
             std::string("504255460880d095ffbc31120d0a0764656661756c74120274311a00220162280030003800"));
    MetaRegion back;
    RL_QVERIFY_OK(DecodeMetaRegionInfo(EncodeMetaRegionInfo(r), &back));
    QCOMPARE(back.table, r.table);
    QCOMPARE(back.end_key, r.end_key);
    QCOMPARE(back.region_id, r.region_id);
    QVERIFY(!back.split_parent);

    r.table = "ns1:orders";
    r.start_key = std::string("\x00k\xff", 3);
    r.split_parent = true;
    RL_QVERIFY_OK(DecodeMetaRegionInfo(EncodeMetaRegionInfo(r), &back));
    QCOMPARE(back.table, std::string("ns1:orders"));
    QCOMPARE(back.start_key, r.start_key);
    QVERIFY(back.split_parent);
    QCOMPARE(back.encoded_name,
             Md5Hex("ns1:orders," + r.start_key + ",1700000000000."));  // as the cluster names it
    back.encoded_name = "x";
    QCOMPARE(MetaRegionInfoText(EncodeMetaRegionInfo(back)),
             std::string("{ENCODED => ") + Md5Hex("ns1:orders," + r.start_key + ",1700000000000.") +
                 ", NAME => 'ns1:orders,\\x00k\\xFF,1700000000000." +
                 Md5Hex("ns1:orders," + r.start_key + ",1700000000000.") +
                 ".', STARTKEY => '\\x00k\\xFF', ENDKEY => 'b', OFFLINE => true, SPLIT => true}");

    QVERIFY(DecodeMetaRegionInfo("PBUX", &back).IsCorruption());
    QVERIFY(DecodeMetaRegionInfo("PBUF\x08", &back).IsCorruption());
    QCOMPARE(MetaRegionInfoText("junk"), std::string());
  }

  // MetaCellComparator: table, start key and region id compared part by part.
  void metaRowOrder() {
    QCOMPARE(CompareMetaRows("t,,1.a.", "t,,1.a."), 0);
    QCOMPARE(CompareMetaRows("t,,1.a.", "t,b,1.a."), -1);
    QCOMPARE(CompareMetaRows("t,b,1.a.", "t1,,1.a."), -1);  // table first
    QCOMPARE(CompareMetaRows("t-x,,1.a.", "t,,1.a."), 1);
    // A start key with a byte below ',' still sorts after its prefix
    // (byte order would put it first).
    QCOMPARE(CompareMetaRows(std::string("t,a\x01,1.a.", 9), "t,a,1.a."), 1);
    QVERIFY(std::string("t,a\x01,1.a.", 9) < std::string("t,a,1.a."));
    QCOMPARE(CompareMetaRows("t,a,2.b.", "t,a,1.a."), 1);  // region id last
    QCOMPARE(CompareMetaRows("t", "t,,1.a."), -1);         // no delimiter first
  }

  void scansEveryRegionOfEveryTable() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    for (const auto& r : fx.Run("create 't1', 'f', SPLITS => ['b', 'm']\n"
                                "create_namespace 'ns1'\n"
                                "create 'ns1:t2', 'g'\n"
                                "put 't1', 'c', 'f:q', 'v'\n"
                                "create 't3', 'f'\n"
                                "disable 't3'")) {
      QVERIFY2(r.ok, r.error.c_str());
    }
    auto table = fx.cluster().GetTable("hbase:meta");
    RL_QVERIFY_OK(table.status());
    std::vector<RowResult> all;
    {
      auto scanner = (*table)->GetScanner(Scan{});
      RL_QVERIFY_OK(scanner.status());
      RowResult r;
      while ((*scanner)->Next(&r)) all.push_back(r);
    }
    QCOMPARE(all.size(), size_t(5));  // 3 + 1 + 1 regions
    std::vector<RegionInfo> regions;
    for (const char* t : {"ns1:t2", "t1", "t3"}) {
      auto listed = fx.cluster().admin().ListRegions(t);
      RL_QVERIFY_OK(listed.status());
      regions.insert(regions.end(), listed->begin(), listed->end());
    }
    QCOMPARE(regions.size(), all.size());
    for (size_t i = 0; i < regions.size(); ++i) {
      const RegionInfo& region = regions[i];
      const std::string name = region.table + "," + region.start_key + "," +
                               std::to_string(region.region_id) + "." + region.encoded_name + ".";
      QCOMPARE(all[i].row, name);
      std::vector<std::string> columns;
      for (const Cell& c : all[i].cells) {
        QCOMPARE(c.family, std::string("info"));
        columns.push_back(c.qualifier);
      }
      const bool open = region.table != "t3";
      if (open) {
        QCOMPARE(columns, (std::vector<std::string>{"regioninfo", "seqnumDuringOpen", "server",
                                                    "serverstartcode", "sn", "state"}));
        QCOMPARE(all[i].cells[2].value, region.server + ":16020");
        const int64_t start_code = static_cast<int64_t>(DecodeBigEndian64(all[i].cells[3].value.data()));
        QVERIFY(start_code > 0);
        QCOMPARE(all[i].cells[4].value, region.server + ",16020," + std::to_string(start_code));
        QCOMPARE(all[i].cells[1].value.size(), size_t(8));
        QCOMPARE(all[i].cells[5].value, std::string("OPEN"));
      } else {
        QCOMPARE(columns.back(), std::string("state"));
        QCOMPARE(all[i].cells.back().value, std::string("CLOSED"));
      }
      MetaRegion decoded;
      RL_QVERIFY_OK(DecodeMetaRegionInfo(all[i].cells[0].value, &decoded));
      QCOMPARE(decoded.start_key, region.start_key);
      QCOMPARE(decoded.end_key, region.end_key);
      QCOMPARE(decoded.encoded_name, region.encoded_name);
    }

    // Ranges, reversed order, columns and filters, as on any table.
    Scan range;
    range.start_row = "t1,b";
    range.stop_row = "t1,m";
    range.columns = {{"info", "state", false}};
    auto within = (*table)->GetScanner(range);
    RL_QVERIFY_OK(within.status());
    RowResult r;
    QVERIFY((*within)->Next(&r));
    QCOMPARE(r.row, all[2].row);  // t1's region starting at b
    QCOMPARE(r.cells.size(), size_t(1));
    QCOMPARE(r.cells[0].qualifier, std::string("state"));
    QVERIFY(!(*within)->Next(&r));
    Scan reversed;
    reversed.reversed = true;
    auto back = (*table)->GetScanner(reversed);
    RL_QVERIFY_OK(back.status());
    std::vector<std::string> back_rows;
    while ((*back)->Next(&r)) back_rows.push_back(r.row);
    std::vector<std::string> forward = Rows(all);
    std::reverse(forward.begin(), forward.end());
    QCOMPARE(back_rows, forward);

    const QJsonObject prefix = fx.Json("scan 'hbase:meta', {FILTER => \"PrefixFilter('t1,')\"}");
    QCOMPARE(prefix.value("rows").toInt(), 3);
    const QJsonObject states = fx.Json(
        "scan 'hbase:meta', {COLUMNS => 'info:state', FILTER => \"ValueFilter(=, 'binary:CLOSED')\"}");
    QCOMPARE(states.value("rows").toInt(), 1);
    QCOMPARE(CellRows(states), QStringList{QString::fromStdString(ToStringBinary(all[4].row))});
    const QJsonObject limited = fx.Json("scan 'hbase:meta', {LIMIT => 2, COLUMNS => ['info:sn']}");
    QCOMPARE(limited.value("rows").toInt(), 2);
    QCOMPARE(fx.Json("count 'hbase:meta'").value("count").toInt(), 5);

    // The shell shows info:regioninfo and info:serverstartcode as HBase's does.
    const auto scan_text = fx.Last("scan 'hbase:meta', {STARTROW => 't1', LIMIT => 1}");
    QVERIFY2(scan_text.ok, scan_text.error.c_str());
    const QString text = Text(scan_text);
    QVERIFY2(text.contains(QString::fromStdString(
                 "column=info:regioninfo, timestamp=") ),
             qPrintable(text));
    QVERIFY2(text.contains(QString::fromStdString(
                 ", value={ENCODED => " + regions[1].encoded_name + ", NAME => '" + all[1].row +
                 "', STARTKEY => '', ENDKEY => 'b'}")),
             qPrintable(text));
    QVERIFY2(text.contains(QRegularExpression("column=info:serverstartcode, timestamp=\\S+, value=\\d{13}\\n")),
             qPrintable(text));
    const auto get = fx.Last("get 'hbase:meta', '" + all[0].row + "', 'info:state'");
    QVERIFY2(get.ok, get.error.c_str());
    QVERIFY2(Text(get).contains("info:state"), qPrintable(Text(get)));
    QVERIFY2(Text(get).contains("value=OPEN"), qPrintable(Text(get)));
    QVERIFY(Text(get).contains("1 row(s)"));

    // Read-only: writes are refused and change nothing.
    for (const char* write : {"put 'hbase:meta', 't1,,1.x.', 'info:state', 'OPEN'",
                              "deleteall 'hbase:meta', 't1,,1.x.'",
                              "incr 'hbase:meta', 'r', 'info:c', 1"}) {
      const auto refused = fx.Last(write);
      QVERIFY2(!refused.ok, write);
      QVERIFY2(refused.error.find("hbase:meta is read-only") != std::string::npos,
               refused.error.c_str());
    }
    QCOMPARE(fx.Json("count 'hbase:meta'").value("count").toInt(), 5);
    for (const char* ddl : {"disable 'hbase:meta'", "drop 'hbase:meta'", "snapshot 'hbase:meta', 'm'"}) {
      const auto refused = fx.Last(ddl);
      QVERIFY2(!refused.ok, ddl);
      QVERIFY2(refused.error.find("ConstraintException: hbase:meta shows RegionLab's catalog") !=
                   std::string::npos,
               refused.error.c_str());
    }
    QVERIFY(Text(fx.Last("exists 'hbase:meta'")).contains("true"));
    // describe shows HBase's own descriptor of hbase:meta's info family.
    const QString described = Text(fx.Last("describe 'hbase:meta'"));
    QVERIFY2(described.contains("{NAME => 'info', BLOOMFILTER => 'ROWCOL', IN_MEMORY => 'true', "
                                "VERSIONS => '3', KEEP_DELETED_CELLS => 'FALSE', "
                                "DATA_BLOCK_ENCODING => 'ROW_INDEX_V1'"),
             qPrintable(described));
  }

  // A split shows in hbase:meta at once: the parent offline and split, its
  // daughters open, until the janitor removes the parent.
  void splitsShowInMeta() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    std::string puts = "create 't', 'f'\n";
    for (int i = 0; i < 50; ++i) puts += "put 't', 'r" + std::to_string(10 + i) + "', 'f:q', 'v'\n";
    puts += "flush 't'\nsplit 't', 'r30'";
    for (const auto& r : fx.Run(puts)) QVERIFY2(r.ok, r.error.c_str());
    const QJsonObject meta = fx.Json("scan 'hbase:meta', {COLUMNS => 'info:regioninfo'}");
    const QString text = QString::fromStdString(fx.Last("scan 'hbase:meta'").output);
    auto regions = fx.cluster().admin().ListRegions("t");
    RL_QVERIFY_OK(regions.status());
    QCOMPARE(regions->size(), size_t(2));
    // Two daughters, and the parent while its daughters still reference it.
    QVERIFY2(meta.value("rows").toInt() == 3 || meta.value("rows").toInt() == 2, qPrintable(text));
    if (meta.value("rows").toInt() == 3) {
      QVERIFY2(text.contains("OFFLINE => true, SPLIT => true"), qPrintable(text));
      QVERIFY2(text.contains("value=SPLIT"), qPrintable(text));
    }
    QVERIFY2(text.contains("ENDKEY => 'r30'"), qPrintable(text));
    QVERIFY2(text.contains("STARTKEY => 'r30'"), qPrintable(text));
  }
};

QTEST_GUILESS_MAIN(HbaseMetaTest)
#include "hbase_meta_test.moc"
