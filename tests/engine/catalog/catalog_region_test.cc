// Catalog: region rows with binary keys, atomic batches (a split applied in
// one transaction; a batch failing halfway leaves nothing), split history,
// server events and the operations journal.
#include <QtTest>

#include "catalog_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

struct Snapshot {
  std::vector<RegionRecord> regions;
  std::vector<HistoryRecord> history;
  std::vector<ServerEventRecord> events;
  std::vector<OperationRecord> ops;
};

Status Take(Catalog* cat, Snapshot* out) {
  auto regions = cat->ListAllRegions();
  if (!regions.ok()) return regions.status();
  auto history = cat->ListHistory("");
  if (!history.ok()) return history.status();
  auto events = cat->ListServerEvents(0, 0);
  if (!events.ok()) return events.status();
  auto ops = cat->ListUnfinishedOperations();
  if (!ops.ok()) return ops.status();
  *out = {*regions, *history, *events, *ops};
  return Status::OK();
}

}  // namespace

class CatalogRegionTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<Catalog> cat_;
  std::unique_ptr<TempDir> dir_;

 private slots:
  void init() {
    dir_ = std::make_unique<TempDir>();
    auto cat = Catalog::Open(dir_->File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    cat_ = std::move(*cat);
    RL_QVERIFY_OK(cat_->CreateNamespace("ns", {}));
    RL_QVERIFY_OK(cat_->CreateTable(MakeTable("ns", "t"), TileRegions("ns:t", {}, "r"), 100));
  }

  void cleanup() {
    cat_.reset();
    dir_.reset();
  }

  void regionRoundTripsWithBinaryKeys() {
    // Keys sort as unsigned bytes, as HBase compares them: 0x00 < 0x7f < 0x80 < 0xff.
    const std::vector<std::string> splits = {std::string("\x00", 1),
                                             std::string("\x00\x01", 2),
                                             "\x7f",
                                             "\x80",
                                             std::string("\xff\x00", 2),
                                             "\xff\xff"};
    auto regions = TileRegions("ns:bin", splits, "b", 1700000000123);
    regions[2].parents = {"p1", "p2"};
    regions[3].state = RegionState::kClosing;
    regions[4].server.clear();
    RL_QVERIFY_OK(cat_->CreateTable(MakeTable("ns", "bin"), regions, 5));
    auto got = cat_->ListRegions("ns:bin");
    RL_QVERIFY_OK(got.status());
    QCOMPARE(got->size(), regions.size());
    for (size_t i = 0; i < regions.size(); ++i) {
      QVERIFY2(got->at(i) == regions[i], qPrintable(QString("region %1: %2..%3")
                                                        .arg(i)
                                                        .arg(Bin(got->at(i).start_key))
                                                        .arg(Bin(got->at(i).end_key))));
    }
    auto one = cat_->GetRegion("b2");
    RL_QVERIFY_OK(one.status());
    QVERIFY(*one == regions[2]);

    regions[2].state = RegionState::kOpen;
    regions[2].server = "rs9,16020,2";
    regions[2].parents.clear();
    RL_QVERIFY_OK(cat_->UpdateRegion(regions[2]));
    one = cat_->GetRegion("b2");
    RL_QVERIFY_OK(one.status());
    QVERIFY(*one == regions[2]);

    RegionRecord ghost = regions[0];
    ghost.encoded_name = "ghost";
    Status s = cat_->UpdateRegion(ghost);
    QVERIFY(s.IsNotFound());
    QVERIFY(FailsWith(s, "UpdateRegion: UnknownRegionException: ghost"));
    QVERIFY(cat_->GetRegion("ghost").status().IsNotFound());
  }

  void regionStateNames_data() {
    QTest::addColumn<int>("state");
    QTest::addColumn<QString>("name");
    const char* names[] = {"OFFLINE",   "OPENING", "OPEN",    "CLOSING", "CLOSED",
                           "SPLITTING", "SPLIT",   "MERGING", "MERGED"};
    for (int i = 0; i < 9; ++i) QTest::newRow(names[i]) << i << names[i];
  }

  void regionStateNames() {
    QFETCH(int, state);
    QFETCH(QString, name);
    const auto s = static_cast<RegionState>(state);
    QCOMPARE(QString(RegionStateName(s)), name);
    QVERIFY(ParseRegionState(name.toStdString()) == s);
    RegionRecord r = cat_->GetRegion("r0").value();
    r.state = s;
    RL_QVERIFY_OK(cat_->UpdateRegion(r));
    QVERIFY(cat_->GetRegion("r0")->state == s);
  }

  void splitIsOneBatch() {
    auto op = cat_->BeginOperation("split", "r0@m", 200);
    RL_QVERIFY_OK(op.status());
    RegionRecord parent = cat_->GetRegion("r0").value();
    RL_QVERIFY_OK(cat_->Apply(SplitBatch(parent, "m", "r0a", "r0b", *op, parent.region_id + 1)));

    auto online = cat_->ListRegions("ns:t");
    RL_QVERIFY_OK(online.status());
    QCOMPARE(online->size(), size_t(2));
    QCOMPARE(online->at(0).encoded_name, std::string("r0a"));
    QCOMPARE(online->at(0).parents, std::vector<std::string>{"r0"});
    QCOMPARE(online->at(1).start_key, std::string("m"));
    auto all = cat_->ListRegions("ns:t", /*include_offline=*/true);
    RL_QVERIFY_OK(all.status());
    QCOMPARE(all->size(), size_t(3));
    QCOMPARE(all->at(0).encoded_name, std::string("r0"));  // older region id first at ""
    QVERIFY(all->at(0).split_parent);
    QVERIFY(all->at(0).state == RegionState::kSplit);

    auto history = cat_->ListHistory("ns:t");
    RL_QVERIFY_OK(history.status());
    QCOMPARE(history->size(), size_t(1));
    const HistoryRecord& h = history->front();
    QCOMPARE(h.kind, std::string(kHistorySplit));
    QCOMPARE(h.parents, std::vector<std::string>{"r0"});
    QCOMPARE(h.daughters, (std::vector<std::string>{"r0a", "r0b"}));
    QCOMPARE(h.split_key, std::string("m"));
    QCOMPARE(h.size_bytes, uint64_t(300 << 20));
    QCOMPARE(h.threshold_bytes, uint64_t(256 << 20));
    QCOMPARE(h.cause, std::string("org.apache.hadoop.hbase.regionserver.SteppingSplitPolicy"));
    auto ops = cat_->ListUnfinishedOperations();
    RL_QVERIFY_OK(ops.status());
    QVERIFY(ops->empty());
    auto events = cat_->ListServerEvents(0, 0);
    RL_QVERIFY_OK(events.status());
    QCOMPARE(events->size(), size_t(1));
  }

  // The third step fails; the two before it must not survive.
  void batchFailingHalfwayAppliesNothing_data() {
    QTest::addColumn<int>("failure");
    QTest::addColumn<QString>("message");
    QTest::newRow("delete unknown region") << 0 << "UnknownRegionException: nosuch";
    QTest::newRow("region of unknown table") << 1 << "TableNotFoundException: ns:nosuch";
    QTest::newRow("start key above end key") << 2 << "has start key 'z' not below its end key 'a'";
    QTest::newRow("finish unknown operation") << 3 << "no unfinished operation with id 999";
    QTest::newRow("same table, start key and region id")
        << 4 << "UNIQUE constraint failed: regions.table_id, regions.start_key, regions.region_id";
  }

  void batchFailingHalfwayAppliesNothing() {
    QFETCH(int, failure);
    QFETCH(QString, message);
    auto op = cat_->BeginOperation("split", "payload", 1);
    RL_QVERIFY_OK(op.status());
    Snapshot before;
    RL_QVERIFY_OK(Take(cat_.get(), &before));

    RegionRecord parent = cat_->GetRegion("r0").value();
    CatalogBatch batch;
    RegionRecord a = parent;
    a.encoded_name = "new_a";
    a.end_key = "k";
    a.region_id = parent.region_id + 1;
    batch.PutRegion(a);
    HistoryRecord h;
    h.kind = "split";
    h.table = "ns:t";
    h.daughters = {"new_a"};
    batch.AddHistory(h);
    RegionRecord bad = parent;
    switch (failure) {
      case 0:
        batch.DeleteRegion("nosuch");
        break;
      case 1:
        bad.table = "ns:nosuch";
        batch.PutRegion(bad);
        break;
      case 2:
        bad.start_key = "z";
        bad.end_key = "a";
        batch.PutRegion(bad);
        break;
      case 3:
        batch.FinishOperation(999);
        break;
      case 4:
        bad.encoded_name = "dup";
        batch.PutRegion(bad);
        break;
    }
    batch.FinishOperation(*op);
    const Status s = cat_->Apply(batch);
    QVERIFY(!s.ok());
    QVERIFY2(FailsWith(s, message.toStdString()), s.ToString().c_str());
    QVERIFY2(FailsWith(s, "Apply step 3 of 4"), s.ToString().c_str());

    Snapshot after;
    RL_QVERIFY_OK(Take(cat_.get(), &after));
    QVERIFY(after.regions == before.regions);
    QVERIFY(after.history == before.history);
    QVERIFY(after.events == before.events);
    QVERIFY(after.ops == before.ops);
    QCOMPARE(after.ops.size(), size_t(1));
    QCOMPARE(after.ops[0].state, std::string("started"));
    // The connection is usable afterwards: no transaction was left open.
    RL_QVERIFY_OK(cat_->FinishOperation(*op));
  }

  // Key ranges of parents and daughters round-trip byte for byte; a role
  // whose ranges do not match its names is stored without them.
  void historyKeepsKeyRanges_data() {
    QTest::addColumn<bool>("parents_known");
    QTest::addColumn<bool>("daughters_known");
    QTest::newRow("both") << true << true;
    QTest::newRow("parents only") << true << false;
    QTest::newRow("daughters only") << false << true;
    QTest::newRow("neither") << false << false;
  }
  void historyKeepsKeyRanges() {
    QFETCH(bool, parents_known);
    QFETCH(bool, daughters_known);
    const std::string binary("k\x00\xff", 3);
    HistoryRecord merge;
    merge.time_ms = 10;
    merge.kind = kHistoryMerge;
    merge.table = "ns:t";
    merge.parents = {"p0", "p1"};
    merge.daughters = {"m"};
    merge.cause = kCauseMerge;
    const std::vector<KeyRange> parents = {{"", binary}, {binary, ""}};
    const std::vector<KeyRange> daughters = {{"", ""}};
    merge.parent_ranges = parents_known ? parents : std::vector<KeyRange>{{"", binary}};
    merge.daughter_ranges = daughters_known ? daughters : std::vector<KeyRange>{};
    RL_QVERIFY_OK(cat_->AddHistory(merge));
    auto history = cat_->ListHistory("ns:t");
    RL_QVERIFY_OK(history.status());
    QCOMPARE(history->size(), size_t(1));
    QCOMPARE(history->at(0).parents, merge.parents);
    QCOMPARE(history->at(0).parent_ranges, parents_known ? parents : std::vector<KeyRange>{});
    QCOMPARE(history->at(0).daughter_ranges,
             daughters_known ? daughters : std::vector<KeyRange>{});
  }

  void historyFiltersByTable() {
    RL_QVERIFY_OK(
        cat_->CreateTable(MakeTable("default", "u"), TileRegions("u", {"a", "b"}, "u"), 7));
    HistoryRecord merge;
    merge.time_ms = 50;
    merge.kind = kHistoryMerge;
    merge.table = "default:u";  // stored under the canonical name
    merge.parents = {"u0", "u1"};
    merge.daughters = {"um"};
    merge.cause = kCauseMerge;
    RL_QVERIFY_OK(cat_->AddHistory(merge));
    auto u = cat_->ListHistory("u");
    RL_QVERIFY_OK(u.status());
    QCOMPARE(u->size(), size_t(2));
    QCOMPARE(u->at(0).time_ms, int64_t(7));
    QCOMPARE(u->at(0).kind, std::string(kHistoryPreSplit));
    QCOMPARE(u->at(0).daughters, (std::vector<std::string>{"u0", "u1", "u2"}));
    // A pre-split records each initial region's range, in key order.
    QCOMPARE(u->at(0).daughter_ranges,
             (std::vector<KeyRange>{{"", "a"}, {"a", "b"}, {"b", ""}}));
    QVERIFY(u->at(0).parent_ranges.empty());
    // A record that names regions without ranges reads back without them.
    QVERIFY(u->at(1).parent_ranges.empty());
    QVERIFY(u->at(1).daughter_ranges.empty());
    QCOMPARE(u->at(1).table, std::string("u"));
    QCOMPARE(u->at(1).parents, (std::vector<std::string>{"u0", "u1"}));
    QVERIFY(cat_->ListHistory("ns:t")->empty());
    QCOMPARE(cat_->ListHistory("")->size(), size_t(2));
    QVERIFY(cat_->AddHistory(HistoryRecord{}).IsInvalidArgument());  // no table name
  }

  void serverEventsSinceAndLimit() {
    std::vector<ServerEventRecord> added;
    for (int i = 0; i < 10; ++i) {
      ServerEventRecord e;
      e.time_ms = 1000 + 10 * (i % 5);  // equal times are ordered by insertion
      e.server = "rs" + std::to_string(i);
      e.kind = i % 2 ? std::string(kEventRegionMoved) : std::string(kEventServerStarted);
      e.region = i % 2 ? "r0" : "";
      e.from_server = i % 2 ? "a,1,1" : "";
      e.to_server = i % 2 ? "b,1,1" : "";
      e.detail = "event " + std::to_string(i) + std::string("\x00!", 2);
      RL_QVERIFY_OK(cat_->AddServerEvent(e));
      added.push_back(e);
    }
    auto all = cat_->ListServerEvents(0, 0);
    RL_QVERIFY_OK(all.status());
    QCOMPARE(all->size(), size_t(10));
    // Oldest first; among equal times, in insertion order: 0, 5, 1, 6, ...
    for (size_t k = 0; k < all->size(); ++k) {
      ServerEventRecord want = added[k / 2 + (k % 2) * 5];
      want.id = all->at(k).id;
      QVERIFY2(all->at(k) == want, qPrintable(QString("event %1").arg(k)));
      if (k > 0) QVERIFY(all->at(k).id != all->at(k - 1).id);
    }
    QCOMPARE(all->at(1).detail, std::string("event 5\x00!", 9));
    auto since = cat_->ListServerEvents(1030, 0);
    RL_QVERIFY_OK(since.status());
    QCOMPARE(since->size(), size_t(4));
    QCOMPARE(since->front().time_ms, int64_t(1030));
    auto limited = cat_->ListServerEvents(1010, 3);
    RL_QVERIFY_OK(limited.status());
    QCOMPARE(limited->size(), size_t(3));
    QCOMPARE(limited->at(2).time_ms, int64_t(1020));
    QVERIFY(limited->at(0).id < limited->at(1).id);
  }

  void operationsJournal() {
    const std::string payload("parent=r0 key=\x00\xff", 16);
    auto a = cat_->BeginOperation("split", payload, 10);
    auto b = cat_->BeginOperation("move", "r0 -> rs2", 11, "MOVE_PREPARE");
    RL_QVERIFY_OK(a.status());
    RL_QVERIFY_OK(b.status());
    RL_QVERIFY_OK(cat_->UpdateOperation(*a, "SPLIT_CLOSE_PARENT", payload + "+closed"));
    auto ops = cat_->ListUnfinishedOperations();
    RL_QVERIFY_OK(ops.status());
    QCOMPARE(ops->size(), size_t(2));
    QVERIFY((ops->at(0) ==
             OperationRecord{*a, 10, "split", "SPLIT_CLOSE_PARENT", payload + "+closed"}));
    QVERIFY((ops->at(1) == OperationRecord{*b, 11, "move", "MOVE_PREPARE", "r0 -> rs2"}));
    RL_QVERIFY_OK(cat_->FinishOperation(*b));
    QVERIFY(FailsWith(cat_->FinishOperation(*b), "no unfinished operation with id"));
    QVERIFY(cat_->UpdateOperation(*b, "x", "").IsNotFound());
    QVERIFY(cat_->BeginOperation("", "", 1).status().IsInvalidArgument());

    // Ids are never reused, even after the newest entry is finished and the
    // catalog reopened: a stale id cannot finish somebody else's operation.
    cat_.reset();
    auto cat = Catalog::Open(dir_->File("catalog.db"));
    RL_QVERIFY_OK(cat.status());
    cat_ = std::move(*cat);
    ops = cat_->ListUnfinishedOperations();
    RL_QVERIFY_OK(ops.status());
    QCOMPARE(ops->size(), size_t(1));
    QCOMPARE(ops->at(0).id, *a);
    auto c = cat_->BeginOperation("merge", "", 12);
    RL_QVERIFY_OK(c.status());
    QVERIFY(*c > *b);
  }

  void putRegionValidation() {
    CatalogBatch batch;
    RegionRecord r = cat_->GetRegion("r0").value();
    r.encoded_name.clear();
    batch.PutRegion(r);
    QVERIFY(FailsWith(cat_->Apply(batch), "a region needs an encoded name"));
    QVERIFY(cat_->Apply(CatalogBatch()).ok());  // an empty batch is a no-op
  }
};

QTEST_GUILESS_MAIN(CatalogRegionTest)
#include "catalog_region_test.moc"
