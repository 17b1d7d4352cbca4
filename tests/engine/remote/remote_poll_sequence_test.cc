// A sequence of polls of a recorded HBase 2.x cluster, replayed by fixture
// servers (a REST gateway and two region servers' /jmx, from
// tests/data/remote): usertable's region user2..user5 splits at user35
// between polls 1 and 2, user5..user8 and user8.. merge between 2 and 3,
// and the first region moves from rs1 to rs2 between 3 and 4. ClusterReader,
// the region-set diff and the history store together must record exactly
// those three changes, nothing for ns1:events (binary keys, base64 region
// names, lossy /T/regions names), and must not take a table whose regions
// could not be read for dropped. Poll 3's /status/cluster uses HBase 1.x's
// spellings (memstoreSizeMB, storefileIndexSizeMB).
#include <QtTest>

#include "remote/cluster_reader.h"
#include "remote/region_history_store.h"
#include "support/hbase_fixture_server.h"
#include "support/region_layouts.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::remote;
using regionlab::test::Joined;
using regionlab::test::HBaseFixtureServer;
using regionlab::test::RemoteFixture;
using regionlab::test::TempDir;

namespace {

std::string Enc(const char* two) {
  std::string e;
  for (int i = 0; i < 16; ++i) e += two;
  return e;
}

// The region of `s` named `encoded`; the test fails (and the sample's
// regions are listed) when there is none.
const RegionInfo& Find(const ClusterSample& s, const std::string& encoded) {
  for (const RegionInfo& r : s.regions) {
    if (r.encoded_name == encoded) return r;
  }
  std::string names;
  for (const RegionInfo& r : s.regions) names += " " + r.table + "/" + r.encoded_name;
  qFatal("no region %s in the sample:%s", encoded.c_str(), names.c_str());
}

std::vector<std::string> Names(const std::vector<RegionPlacement>& rs) {
  std::vector<std::string> out;
  for (const auto& r : rs) out.push_back(r.encoded_name);
  return out;
}

constexpr uint64_t kMiB = 1ull << 20;

}  // namespace

class RemotePollSequenceTest : public QObject {
  Q_OBJECT

  void ServePoll(int poll) {
    const std::string p = "poll" + std::to_string(poll) + "-";
    gateway_->SetFixture("/status/cluster", p + "status-cluster.json");
    gateway_->SetFixture("/usertable/regions", p + "usertable-regions.json");
  }

  Result<ClusterSample> Poll(PollReport* report) {
    auto s = reader_->Poll(report);
    if (s.ok()) {
      // Poll times one apart at least, as they would be.
      s->time_ms = ++clock_ms_;
    }
    return s;
  }

  std::unique_ptr<HBaseFixtureServer> gateway_, rs1_, rs2_;
  std::unique_ptr<ClusterReader> reader_;
  int64_t clock_ms_ = 1719830400000;

 private slots:
  void init() {
    gateway_ = std::make_unique<HBaseFixtureServer>();
    rs1_ = std::make_unique<HBaseFixtureServer>();
    rs2_ = std::make_unique<HBaseFixtureServer>();
    gateway_->SetFixture("/", "tables.json");
    gateway_->SetFixture("/usertable/schema", "usertable-schema.json");
    gateway_->SetFixture("/ns1:events/schema", "events-schema.json");
    gateway_->SetFixture("/ns1:events/regions", "events-regions.json");
    rs1_->SetJmx(RemoteFixture("rs1-jmx.json"));
    rs2_->SetJmx(RemoteFixture("rs2-jmx.json"));
    RemoteOptions o;
    o.gateway_url = gateway_->url();
    o.region_server_info_urls = {rs1_->url(), rs2_->url()};
    o.http.connect_timeout_ms = 2000;
    o.http.read_timeout_ms = 5000;
    auto reader = ClusterReader::Create(o);
    QVERIFY2(reader.ok(), reader.status().ToString().c_str());
    reader_ = std::move(*reader);
  }
  void cleanup() {
    reader_.reset();
    gateway_.reset();
    rs1_.reset();
    rs2_.reset();
  }

  void firstPollJoined() {
    ServePoll(1);
    PollReport report;
    auto s = Poll(&report);
    RL_QVERIFY_OK(s.status());
    QVERIFY2(report.warnings.empty(), Joined(report.warnings).c_str());
    QCOMPARE(report.region_server_info_urls.size(), size_t(2));
    QCOMPARE(s->regions.size(), size_t(6));  // user tables only, not hbase:meta
    const RegionInfo* a = &Find(*s, Enc("a0"));
    QCOMPARE(a->table, std::string("usertable"));
    QCOMPARE(a->end_key, std::string("user2"));
    QCOMPARE(a->server, std::string("rs1.example.com:16020"));
    QCOMPARE(a->metrics.store_file_bytes, uint64_t(1258291200 + 12345));  // rs1's /jmx, exact
    QCOMPARE(a->metrics.memstore_heap_bytes, uint64_t(12582912 + 77));
    QCOMPARE(a->split_threshold, uint64_t(10737418240));  // the schema's MAX_FILESIZE caps Stepping
    const RegionInfo* b = &Find(*s, Enc("b0"));
    QCOMPARE(b->metrics.store_file_bytes, 10240 * kMiB);  // the status's MB
    QCOMPARE(b->metrics.memstore_heap_bytes, 100 * kMiB);
    QCOMPARE(b->metrics.store_files, uint64_t(3));
    // A binary key: exact from /T/regions (base64), though the region name
    // there is lossy UTF-8 and the status's is base64 of the bytes.
    const RegionInfo* e2 = &Find(*s, Enc("e2"));
    QCOMPARE(e2->table, std::string("ns1:events"));
    QCOMPARE(e2->start_key, std::string("\x80", 1));
    QCOMPARE(e2->metrics.store_file_bytes, 9 * kMiB);
    QCOMPARE(e2->metrics.read_requests, uint64_t(99));
    QCOMPARE(Find(*s, Enc("e1")).metrics.store_file_bytes, uint64_t(7340032 + 999));
    QCOMPARE(s->servers.size(), size_t(2));
    QCOMPARE(s->servers[0].regions, uint64_t(5));  // with hbase:meta and hbase:namespace
    QCOMPARE(s->servers[0].wal_syncs, uint64_t(5544));
    QCOMPARE(s->servers[1].global_memstore_limit, uint64_t(2048 * 0.4 * kMiB));
  }

  void splitMergeAndMoveRecordedExactly() {
    TempDir dir;
    auto store = RegionHistoryStore::Open(dir.File("fixture.history.sqlite"));
    RL_QVERIFY_OK(store.status());
    std::vector<std::vector<RegionChange>> seen;
    std::vector<ClusterSample> samples;
    for (int poll = 1; poll <= 4; ++poll) {
      ServePoll(poll);
      PollReport report;
      auto s = Poll(&report);
      RL_QVERIFY_OK(s.status());
      QVERIFY2(report.warnings.empty(), Joined(report.warnings).c_str());
      RecordOptions o;
      o.poll_interval_ms = 10000;
      o.unread_tables = report.unread_tables;
      auto changes = (*store)->Record(*s, o);
      RL_QVERIFY_OK(changes.status());
      seen.push_back(*changes);
      samples.push_back(*s);
    }
    QVERIFY(seen[0].empty());  // the baseline
    QCOMPARE(seen[1].size(), size_t(1));
    QCOMPARE(seen[1][0].kind, std::string("split"));
    QCOMPARE(seen[1][0].table, std::string("usertable"));
    QCOMPARE(Names(seen[1][0].before), std::vector<std::string>{Enc("b0")});
    QCOMPARE(Names(seen[1][0].after), (std::vector<std::string>{Enc("b1"), Enc("b2")}));
    QCOMPARE(seen[1][0].ToEvent().split_key, std::string("user35"));
    QCOMPARE(seen[1][0].ToEvent().input_bytes, 10240 * kMiB);  // the parent at poll 1
    QCOMPARE(seen[2].size(), size_t(1));
    QCOMPARE(seen[2][0].kind, std::string("merge"));
    QCOMPARE(Names(seen[2][0].before), (std::vector<std::string>{Enc("c0"), Enc("d0")}));
    QCOMPARE(Names(seen[2][0].after), std::vector<std::string>{Enc("cd")});
    QCOMPARE(seen[3].size(), size_t(1));
    QCOMPARE(seen[3][0].kind, std::string("move"));
    QCOMPARE(seen[3][0].before[0].server, std::string("rs1.example.com:16020"));
    QCOMPARE(seen[3][0].after[0].server, std::string("rs2.example.com:16020"));

    // Poll 3 spoke HBase 1.x: memstoreSizeMB read all the same.
    QCOMPARE(Find(samples[2], Enc("b1")).metrics.memstore_heap_bytes, 40 * kMiB);
    QCOMPARE(Find(samples[2], Enc("cd")).metrics.memstore_heap_bytes, 1 * kMiB);
    QCOMPARE(Find(samples[1], Enc("b1")).metrics.memstore_heap_bytes, 40 * kMiB);

    // Exactly these three, read back; the genealogy has the split and the merge.
    auto all = (*store)->Changes("", 0, INT64_MAX);
    RL_QVERIFY_OK(all.status());
    QCOMPARE(all->size(), size_t(3));
    QVERIFY((*store)->Changes("ns1:events", 0, INT64_MAX)->empty());
    auto genealogy = (*store)->Genealogy("usertable");
    RL_QVERIFY_OK(genealogy.status());
    QCOMPARE(genealogy->size(), size_t(2));
    QCOMPARE((*genealogy)[0].daughter_ranges,
             (std::vector<KeyRange>{{"user2", "user35"}, {"user35", "user5"}}));
    QCOMPARE((*genealogy)[1].daughter_ranges, (std::vector<KeyRange>{{"user5", ""}}));

    // A table whose regions cannot be read is a warning, not a drop.
    gateway_->Set("/ns1:events/regions", "java.io.IOException: region location unavailable", 503,
                  "text/plain");
    PollReport report;
    auto s = Poll(&report);
    RL_QVERIFY_OK(s.status());
    QCOMPARE(report.unread_tables, std::set<std::string>{"ns1:events"});
    QCOMPARE(report.warnings.size(), size_t(1));
    QVERIFY2(report.warnings[0].find("/ns1%3Aevents/regions") != std::string::npos ||
                 report.warnings[0].find("/ns1:events/regions") != std::string::npos,
             report.warnings[0].c_str());
    RecordOptions o;
    o.unread_tables = report.unread_tables;
    auto changes = (*store)->Record(*s, o);
    RL_QVERIFY_OK(changes.status());
    QVERIFY(changes->empty());
    QCOMPARE((*store)->LastLayout().tables.at("ns1:events").size(), size_t(2));
  }
};

QTEST_GUILESS_MAIN(RemotePollSequenceTest)
#include "remote_poll_sequence_test.moc"
