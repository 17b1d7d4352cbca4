// The region history of a remote connection in its SQLite file: changes and
// layouts survive closing and reopening the store, what changed while it was
// closed is found by the first poll after, watched time and gaps ("not
// watched from ... to ...") follow the polls, and a file that is not a
// region history (text, another SQLite database, a damaged history, one in
// use by another store) is refused with an error naming it and left as it was.
#include <sqlite3.h>

#include <QFile>
#include <QtTest>

#include "remote/region_history_store.h"
#include "support/region_layouts.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::remote;
using regionlab::test::R;
using regionlab::test::Set;
using regionlab::test::TempDir;

namespace {

constexpr int64_t kSecond = 1000;
constexpr int64_t kT0 = 1764320000000;  // a poll time (ms since the epoch)

std::unique_ptr<RegionHistoryStore> OpenOrDie(const std::string& path) {
  auto s = RegionHistoryStore::Open(path);
  if (!s.ok()) qFatal("%s", s.status().ToString().c_str());
  return std::move(*s);
}

std::vector<RegionChange> RecordOrDie(RegionHistoryStore* store, const RegionSet& poll,
                                      int64_t interval_ms = 10 * kSecond) {
  RecordOptions o;
  o.poll_interval_ms = interval_ms;
  auto r = store->Record(poll, o);
  if (!r.ok()) qFatal("%s", r.status().ToString().c_str());
  return std::move(*r);
}

QByteArray ReadAll(const std::string& path) {
  QFile f(QString::fromStdString(path));
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll();
}

bool Contains(const Status& s, const std::string& text) {
  return s.ToString().find(text) != std::string::npos;
}

using Gaps = std::vector<TimeInterval>;

}  // namespace

class RegionHistoryStoreTest : public QObject {
  Q_OBJECT
 private slots:
  void changesSurviveReopen() {
    TempDir dir;
    const std::string path = dir.File("prod.history.sqlite");
    const std::string binary_key("\x00\xff", 2), split_key("\x00\x10", 2);
    {
      auto store = OpenOrDie(path);
      RegionSet first = Set(kT0, {R("t", "p", "", binary_key), R("t", "q", binary_key, "")});
      first.tables["t"][0].store_file_bytes = 12345;
      QVERIFY(RecordOrDie(store.get(), first).empty());  // the baseline
      auto changes = RecordOrDie(
          store.get(), Set(kT0 + 10 * kSecond, {R("t", "d1", "", split_key), R("t", "d2", split_key, binary_key),
                                                R("t", "q", binary_key, "", "rs2:16020")}));
      QCOMPARE(changes.size(), size_t(2));
    }
    auto store = OpenOrDie(path);
    auto changes = store->Changes("t", kT0, kT0 + 10 * kSecond);
    RL_QVERIFY_OK(changes.status());
    QCOMPARE(changes->size(), size_t(2));
    const RegionChange& split = (*changes)[0];
    QCOMPARE(split.kind, std::string("split"));
    QCOMPARE(split.time_ms, kT0 + 10 * kSecond);
    QCOMPARE(split.since_ms, kT0);
    QCOMPARE(split.before.size(), size_t(1));
    QCOMPARE(split.before[0].encoded_name, std::string("p"));
    QCOMPARE(split.before[0].end_key, binary_key);  // keys as bytes
    QCOMPARE(split.before[0].store_file_bytes, uint64_t(12345));
    QCOMPARE(split.after.size(), size_t(2));
    QCOMPARE(split.after[1].start_key, split_key);
    QCOMPARE(split.after[1].table, std::string("t"));
    const RegionChange& move = (*changes)[1];
    QCOMPARE(move.kind, std::string("move"));
    QCOMPARE(move.before[0].server, std::string("rs1:16020"));
    QCOMPARE(move.after[0].server, std::string("rs2:16020"));

    auto genealogy = store->Genealogy("t");
    RL_QVERIFY_OK(genealogy.status());
    QCOMPARE(genealogy->size(), size_t(1));
    QCOMPARE((*genealogy)[0].daughter_ranges,
             (std::vector<KeyRange>{{"", split_key}, {split_key, binary_key}}));

    // The layout kept is the last poll's.
    RegionSet layout = store->LastLayout();
    QCOMPARE(layout.time_ms, kT0 + 10 * kSecond);
    QCOMPARE(layout.RegionCount(), size_t(3));
    QCOMPARE(layout.tables["t"][2].server, std::string("rs2:16020"));
    QCOMPARE(layout.tables["t"][1].end_key, binary_key);
  }

  void whatChangedWhileClosedIsFound() {
    TempDir dir;
    const std::string path = dir.File("c.history.sqlite");
    {
      auto store = OpenOrDie(path);
      RecordOrDie(store.get(), Set(kT0, {R("t", "a", "", "m"), R("t", "b", "m", "")}));
    }
    auto store = OpenOrDie(path);
    const int64_t later = kT0 + 3600 * kSecond;
    auto changes = RecordOrDie(store.get(), Set(later, {R("t", "ab", "", "")}));
    QCOMPARE(changes.size(), size_t(1));
    QCOMPARE(changes[0].kind, std::string("merge"));
    QCOMPARE(changes[0].since_ms, kT0);  // somewhere in the hour nobody watched
    auto history = store->History("t", kT0, later);
    RL_QVERIFY_OK(history.status());
    QCOMPARE(history->changes.size(), size_t(1));
    QCOMPARE(history->gaps, (Gaps{{kT0, later}}));
  }

  void watchedTimeAndGaps() {
    TempDir dir;
    const std::string path = dir.File("g.history.sqlite");
    const RegionSet layout = Set(0, {R("t", "a", "", "")});
    auto poll = [&](RegionHistoryStore* s, int64_t t) {
      RegionSet p = layout;
      p.time_ms = kT0 + t * kSecond;
      RecordOrDie(s, p);
    };
    auto at = [](int64_t seconds) { return kT0 + seconds * kSecond; };
    {
      auto store = OpenOrDie(path);
      // Every 10 s, then nothing for 35 s (more than 3 x 10 s), then again.
      for (int64_t t : {0, 10, 20, 55, 60}) poll(store.get(), t);
      auto watched = store->Watched(at(0), at(60));
      RL_QVERIFY_OK(watched.status());
      QCOMPARE(*watched, (Gaps{{at(0), at(20)}, {at(55), at(60)}}));
      auto gaps = store->Gaps(at(-5), at(65));
      RL_QVERIFY_OK(gaps.status());
      // Before the first poll; the 30 s without one. Not the 5 s since the
      // last poll: the next one is not overdue yet.
      QCOMPARE(*gaps, (Gaps{{at(-5), at(0)}, {at(20), at(55)}}));
      // Once it is overdue, from the last poll on.
      QCOMPARE(*store->Gaps(at(55), at(200)), (Gaps{{at(60), at(200)}}));
      // A query inside watched time has no gap.
      QCOMPARE(*store->Gaps(at(1), at(19)), Gaps{});
    }
    // Closed at 60 s: the time after is not watched even if soon reopened.
    auto store = OpenOrDie(path);
    QCOMPARE(*store->Gaps(at(0), at(65)), (Gaps{{at(20), at(55)}, {at(60), at(65)}}));
    poll(store.get(), 70);
    poll(store.get(), 80);
    QCOMPARE(*store->Gaps(at(0), at(80)), (Gaps{{at(20), at(55)}, {at(60), at(70)}}));
    QCOMPARE(*store->Watched(at(0), at(80)), (Gaps{{at(0), at(20)}, {at(55), at(60)}, {at(70), at(80)}}));
  }

  void filtersByTableAndTime() {
    TempDir dir;
    auto store = OpenOrDie(dir.File("f.history.sqlite"));
    RecordOrDie(store.get(), Set(kT0, {R("t", "a", "", ""), R("u", "x", "", "")}));
    RecordOrDie(store.get(), Set(kT0 + 10, {R("t", "a", "", "", "rs2:1"), R("u", "x", "", "")}));
    RecordOrDie(store.get(), Set(kT0 + 20, {R("t", "a", "", "", "rs2:1"), R("u", "x", "", "", "rs3:1"),
                                            R("v", "n", "", "")}));
    QCOMPARE(store->Changes("t", kT0, kT0 + 20)->size(), size_t(1));
    QCOMPARE(store->Changes("u", kT0, kT0 + 20)->size(), size_t(1));
    QCOMPARE((*store->Changes("", kT0, kT0 + 20)).size(), size_t(3));
    QCOMPARE(store->Changes("", kT0 + 11, kT0 + 20)->size(), size_t(2));
    QCOMPARE(store->Changes("v", kT0, kT0 + 20)->front().kind, std::string("table created"));
    QVERIFY(store->Changes("t", kT0 + 11, kT0 + 100)->empty());
  }

  void unreadTablesKeepTheirRegions() {
    TempDir dir;
    auto store = OpenOrDie(dir.File("u.history.sqlite"));
    RecordOrDie(store.get(), Set(kT0, {R("t", "a", "", ""), R("u", "x", "", "")}));
    RecordOptions o;
    o.unread_tables = {"t"};
    auto changes = store->Record(Set(kT0 + 10, {R("u", "x", "", "")}), o);
    RL_QVERIFY_OK(changes.status());
    QVERIFY(changes->empty());  // not "table dropped"
    QCOMPARE(store->LastLayout().tables.count("t"), size_t(1));
    // Read again, unchanged: still nothing.
    QVERIFY(RecordOrDie(store.get(), Set(kT0 + 20, {R("t", "a", "", ""), R("u", "x", "", "")})).empty());
  }

  void anOlderPollIsRefused() {
    TempDir dir;
    const std::string path = dir.File("o.history.sqlite");
    auto store = OpenOrDie(path);
    RecordOrDie(store.get(), Set(kT0, {R("t", "a", "", "")}));
    auto r = store->Record(Set(kT0 - 1, {R("t", "b", "", "")}));
    QVERIFY(r.status().IsInvalidArgument());
    QVERIFY2(Contains(r.status(), path) && Contains(r.status(), "older than the last one recorded"),
             r.status().ToString().c_str());
    QVERIFY(store->Changes("", 0, INT64_MAX)->empty());
  }

  void foreignFilesAreRefusedAndLeftAlone() {
    TempDir dir;
    // Not SQLite at all.
    const std::string text = dir.File("notes.history.sqlite");
    {
      QFile f(QString::fromStdString(text));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(QByteArray("this is not a database, it is a shopping list\n").repeated(200));
    }
    const QByteArray text_before = ReadAll(text);
    auto r = RegionHistoryStore::Open(text);
    QVERIFY(!r.ok());
    QVERIFY2(r.status().IsCorruption() && Contains(r.status(), "region history " + text),
             r.status().ToString().c_str());
    QCOMPARE(ReadAll(text), text_before);

    // Another application's SQLite database.
    const std::string other = dir.File("other.sqlite");
    {
      sqlite3* db = nullptr;
      QCOMPARE(sqlite3_open(other.c_str(), &db), SQLITE_OK);
      QCOMPARE(sqlite3_exec(db, "CREATE TABLE contacts(name TEXT); INSERT INTO contacts VALUES('x')",
                            nullptr, nullptr, nullptr),
               SQLITE_OK);
      sqlite3_close(db);
    }
    const QByteArray other_before = ReadAll(other);
    r = RegionHistoryStore::Open(other);
    QVERIFY(!r.ok());
    QVERIFY2(r.status().IsInvalidArgument() && Contains(r.status(), other) &&
                 Contains(r.status(), "not a RegionLab region history (application_id 0x00000000"),
             r.status().ToString().c_str());
    QCOMPARE(ReadAll(other), other_before);
  }

  void aDamagedHistoryNamesTheFile() {
    TempDir dir;
    const std::string path = dir.File("d.history.sqlite");
    {
      auto store = OpenOrDie(path);
      std::vector<RegionPlacement> many;
      for (int i = 0; i < 2000; ++i) {
        char key[16];
        std::snprintf(key, sizeof key, "k%06d", i);
        many.push_back(R("t", "region" + std::to_string(i), i == 0 ? "" : key, ""));
      }
      RecordOrDie(store.get(), Set(kT0, many));
    }
    QByteArray bytes = ReadAll(path);
    QVERIFY(bytes.size() > 4 * 4096);
    // Page 3 onwards overwritten: the layout's b-tree pages.
    for (int i = 2 * 4096; i < 4 * 4096; ++i) bytes[i] = static_cast<char>(0xA5);
    {
      QFile f(QString::fromStdString(path));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(bytes);
    }
    auto r = RegionHistoryStore::Open(path);
    QVERIFY(!r.ok());
    QVERIFY2(r.status().IsCorruption() && Contains(r.status(), "region history " + path),
             r.status().ToString().c_str());
  }

  void oneStoreAtATime() {
    TempDir dir;
    const std::string path = dir.File("busy.history.sqlite");
    auto first = OpenOrDie(path);
    RecordOrDie(first.get(), Set(kT0, {R("t", "a", "", "")}));
    auto second = RegionHistoryStore::Open(path);
    QVERIFY(!second.ok());
    QVERIFY2(second.status().IsBusy() && Contains(second.status(), path) &&
                 Contains(second.status(), "in use by another"),
             second.status().ToString().c_str());
    first.reset();
    auto third = RegionHistoryStore::Open(path);
    RL_QVERIFY_OK(third.status());
    QCOMPARE((*third)->LastLayout().RegionCount(), size_t(1));
  }
};

QTEST_GUILESS_MAIN(RegionHistoryStoreTest)
#include "region_history_store_test.moc"
