// The region-set diff between two polls of a remote cluster: splits (into
// two, and into three when two splits fall between the same polls), merges,
// moves and (un)assignments, tables created and dropped, and what has no
// split or merge explanation (a range replaced one for one, several by
// several) reported as regions that vanished and appeared. Binary keys are
// compared byte-wise (unsigned), the output order is fixed, a table the poll
// could not read yields nothing, and the events and genealogy entries carry
// the regions' names and key ranges.
#include <QtTest>

#include "remote/region_history.h"
#include "support/region_layouts.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::remote;
using regionlab::test::R;
using regionlab::test::Set;

namespace {

// "kind table before->after" per change, for comparing whole diffs.
std::vector<std::string> Describe(const std::vector<RegionChange>& changes) {
  std::vector<std::string> out;
  for (const RegionChange& c : changes) {
    std::string line = c.kind + " " + c.table + " ";
    for (const auto& r : c.before) line += r.encoded_name + ",";
    line += "->";
    for (const auto& r : c.after) line += r.encoded_name + ",";
    out.push_back(line);
  }
  return out;
}

using Lines = std::vector<std::string>;

}  // namespace

class RegionHistoryTest : public QObject {
  Q_OBJECT
 private slots:
  void unchangedSetsGiveNothing() {
    RegionSet a = Set(1000, {R("t", "a", "", "m"), R("t", "b", "m", "")});
    RegionSet b = a;
    b.time_ms = 2000;
    b.tables["t"][0].store_file_bytes = 123;  // figures are no layout change
    QVERIFY(DiffRegionSets(a, b).empty());
  }

  void splitIntoTwo() {
    RegionSet a = Set(1000, {R("t", "p", "", "m"), R("t", "z", "m", "")});
    a.tables["t"][0].store_file_bytes = 11 << 20;
    RegionSet b = Set(2000, {R("t", "d1", "", "f", "rs2:16020"), R("t", "d2", "f", "m"),
                             R("t", "z", "m", "")});
    auto changes = DiffRegionSets(a, b);
    QCOMPARE(Describe(changes), Lines{"split t p,->d1,d2,"});
    const RegionChange& c = changes[0];
    QCOMPARE(c.time_ms, int64_t(2000));
    QCOMPARE(c.since_ms, int64_t(1000));

    ClusterEvent e = c.ToEvent();
    QCOMPARE(e.kind, std::string("split"));
    QCOMPARE(e.region, std::string("p"));
    QCOMPARE(e.server, std::string("rs1:16020"));  // where the parent was
    QCOMPARE(e.start_key, std::string());
    QCOMPARE(e.end_key, std::string("m"));
    QCOMPARE(e.split_key, std::string("f"));
    QCOMPARE(e.daughters, (std::vector<std::string>{"d1", "d2"}));
    QCOMPARE(e.input_bytes, uint64_t(11) << 20);  // the parent's size at the older poll
    QCOMPARE(e.cause, std::string(kCauseSeenBetweenPolls));
    QCOMPARE(e.detail, std::string("at 'f' into d1 and d2"));

    auto h = c.ToHistoryEntry();
    QVERIFY(h.has_value());
    QCOMPARE(h->kind, std::string("split"));
    QCOMPARE(h->parents, std::vector<std::string>{"p"});
    QCOMPARE(h->daughters, (std::vector<std::string>{"d1", "d2"}));
    QCOMPARE(h->split_key, std::string("f"));
    QCOMPARE(h->parent_ranges, (std::vector<KeyRange>{{"", "m"}}));
    QCOMPARE(h->daughter_ranges, (std::vector<KeyRange>{{"", "f"}, {"f", "m"}}));
  }

  void twoSplitsBetweenPollsAreOneSplitIntoThree() {
    RegionSet a = Set(1, {R("t", "p", "a", "z")});
    RegionSet b = Set(2, {R("t", "x", "a", "c"), R("t", "y", "c", "k"), R("t", "w", "k", "z")});
    auto changes = DiffRegionSets(a, b);
    QCOMPARE(Describe(changes), Lines{"split t p,->x,y,w,"});
    QCOMPARE(changes[0].ToEvent().detail, std::string("at 'c', 'k' into x and y and w"));
    QCOMPARE(changes[0].ToHistoryEntry()->daughter_ranges,
             (std::vector<KeyRange>{{"a", "c"}, {"c", "k"}, {"k", "z"}}));
  }

  void mergeOfTwoAndOfThree() {
    RegionSet a = Set(1, {R("t", "a", "", "b"), R("t", "b", "b", "c"), R("t", "c", "c", "d"),
                          R("t", "d", "d", "e"), R("t", "e", "e", "f"), R("t", "f", "f", "")});
    RegionSet b = Set(2, {R("t", "ab", "", "c", "rs3:16020"), R("t", "c", "c", "d"),
                          R("t", "def", "d", "")});
    auto changes = DiffRegionSets(a, b);
    QCOMPARE(Describe(changes), (Lines{"merge t a,b,->ab,", "merge t d,e,f,->def,"}));
    ClusterEvent e = changes[0].ToEvent();
    QCOMPARE(e.kind, std::string("merge"));
    QCOMPARE(e.region, std::string("ab"));
    QCOMPARE(e.server, std::string("rs3:16020"));  // where the merged region opened
    QCOMPARE(e.parents, (std::vector<std::string>{"a", "b"}));
    QCOMPARE(e.end_key, std::string("c"));
    QCOMPARE(e.detail, std::string("a + b"));
    auto h = changes[1].ToHistoryEntry();
    QCOMPARE(h->parents, (std::vector<std::string>{"d", "e", "f"}));
    QCOMPARE(h->daughter_ranges, (std::vector<KeyRange>{{"d", ""}}));
    QCOMPARE(h->split_key, std::string());
  }

  void movesAndAssignments() {
    RegionSet a = Set(1, {R("t", "a", "", "b", "rs1:16020"), R("t", "b", "b", "c", "rs1:16020"),
                          R("t", "c", "c", "", "")});
    RegionSet b = Set(2, {R("t", "a", "", "b", "rs2:16020"), R("t", "b", "b", "c", ""),
                          R("t", "c", "c", "", "rs1:16020")});
    auto changes = DiffRegionSets(a, b);
    QCOMPARE(Describe(changes), (Lines{"move t a,->a,", "unassigned t b,->b,", "assigned t c,->c,"}));
    ClusterEvent move = changes[0].ToEvent();
    QCOMPARE(move.server, std::string("rs2:16020"));
    QCOMPARE(move.cause, std::string("from rs1:16020"));
    QVERIFY(!changes[0].ToHistoryEntry().has_value());
    QCOMPARE(changes[2].ToEvent().cause, std::string("from no server"));
  }

  void tablesCreatedAndDropped() {
    RegionSet a = Set(1, {R("old", "o1", "", "k"), R("old", "o2", "k", ""), R("kept", "k", "", "")});
    RegionSet b = Set(2, {R("kept", "k", "", ""), R("new", "n1", "", "")});
    auto changes = DiffRegionSets(a, b);
    QCOMPARE(Describe(changes), (Lines{"table created new ->n1,", "table dropped old o1,o2,->"}));
    QCOMPARE(changes[1].ToEvent().detail, std::string("2 regions"));
    QCOMPARE(changes[0].ToEvent().detail, std::string("1 region"));
  }

  void unexplainedChangesAreNotGuessed() {
    // r1 replaced by one region of the same range (a truncate, or a split
    // and a merge between the same polls); [c, e) re-cut from two regions
    // into two others; a region gone with nothing in its place, one new in
    // a range nothing had.
    RegionSet a = Set(1, {R("t", "r1", "a", "c"), R("t", "c1", "c", "d"), R("t", "c2", "d", "e"),
                          R("t", "lost", "e", "g")});
    RegionSet b = Set(2, {R("t", "r2", "a", "c"), R("t", "c3", "c", "dd"), R("t", "c4", "dd", "e"),
                          R("t", "found", "x", "y")});
    auto changes = DiffRegionSets(a, b);
    QCOMPARE(Describe(changes),
             (Lines{"region vanished t r1,->", "region appeared t ->r2,", "region vanished t c1,->",
                    "region appeared t ->c3,", "region vanished t c2,->", "region appeared t ->c4,",
                    "region vanished t lost,->", "region appeared t ->found,"}));
    ClusterEvent e = changes[6].ToEvent();
    QCOMPARE(e.region, std::string("lost"));
    QCOMPARE(e.start_key, std::string("e"));
    QVERIFY(!changes[6].ToHistoryEntry().has_value());
  }

  void aSplitNextToAnUnexplainedChange() {
    // The new regions do not tile the old one's range ([a, m) became [a, f)
    // and [g, m)): not a split.
    RegionSet a = Set(1, {R("t", "p", "a", "m")});
    RegionSet b = Set(2, {R("t", "x", "a", "f"), R("t", "y", "g", "m")});
    QCOMPARE(Describe(DiffRegionSets(a, b)),
             (Lines{"region vanished t p,->", "region appeared t ->x,", "region appeared t ->y,"}));
  }

  void binaryKeysCompareUnsigned() {
    // "\xff" sorts after "\x01" as HBase's Bytes.compareTo has it.
    const std::string lo("\x01", 1), hi("\xff\x00", 2);
    RegionSet a = Set(1, {R("t", "p", "", hi), R("t", "q", hi, "")});
    RegionSet b = Set(2, {R("t", "d1", "", lo), R("t", "d2", lo, hi), R("t", "q", hi, "")});
    auto changes = DiffRegionSets(a, b);
    QCOMPARE(Describe(changes), Lines{"split t p,->d1,d2,"});
    QCOMPARE(changes[0].ToEvent().detail, std::string("at '\\x01' into d1 and d2"));
  }

  void anUnreadTableChangesNothing() {
    RegionSet a = Set(1, {R("t", "a", "", ""), R("u", "b", "", "")});
    RegionSet b = Set(2, {R("u", "b", "", "", "rs9:16020")});
    QVERIFY(DiffRegionSets(a, b, {"t", "u"}).empty());
    QCOMPARE(Describe(DiffRegionSets(a, b, {"t"})), Lines{"move u b,->b,"});
    QCOMPARE(Describe(DiffRegionSets(a, b)), (Lines{"table dropped t a,->", "move u b,->b,"}));
  }

  void orderIsByTableThenKeyThenKind() {
    RegionSet a = Set(1, {R("b", "b1", "", "m"), R("b", "b2", "m", ""), R("a", "a1", "", "k"),
                          R("a", "a2", "k", "")});
    RegionSet b = Set(2, {R("b", "b12", "", ""), R("a", "a1", "", "k", "rs2:16020"),
                          R("a", "a3", "k", "p"), R("a", "a4", "p", ""), R("c", "c1", "", "")});
    const Lines expected{"move a a1,->a1,", "split a a2,->a3,a4,", "merge b b1,b2,->b12,",
                         "table created c ->c1,"};
    QCOMPARE(Describe(DiffRegionSets(a, b)), expected);
    // The same again, the inputs listed in another order.
    RegionSet b2 = Set(2, {R("c", "c1", "", ""), R("a", "a1", "", "k", "rs2:16020"),
                           R("a", "a3", "k", "p"), R("a", "a4", "p", ""), R("b", "b12", "", "")});
    QCOMPARE(Describe(DiffRegionSets(a, b2)), expected);
  }

  void regionSetOfASample() {
    ClusterSample s;
    s.time_ms = 5000;
    RegionInfo r;
    r.table = "t";
    r.encoded_name = "z";
    r.start_key = "m";
    r.server = "rs1:16020";
    r.region_id = 42;
    r.metrics.store_file_bytes = 7;
    s.regions.push_back(r);
    r.encoded_name = "a";
    r.start_key = "";
    r.end_key = "m";
    s.regions.push_back(r);
    RegionSet set = RegionSetOf(s);
    QCOMPARE(set.time_ms, int64_t(5000));
    QCOMPARE(set.RegionCount(), size_t(2));
    QCOMPARE(set.tables["t"][0].encoded_name, std::string("a"));  // key order
    QCOMPARE(set.tables["t"][1].region_id, int64_t(42));
    QCOMPARE(set.tables["t"][1].store_file_bytes, uint64_t(7));
  }
};

QTEST_GUILESS_MAIN(RegionHistoryTest)
#include "region_history_test.moc"
