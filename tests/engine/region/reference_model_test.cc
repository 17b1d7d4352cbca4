// Tests for tests/engine/region/reference_model.h, the full-history model of
// HBase's read results that the region's randomized test compares against.
//
// Small cases pin the model's rules; a randomized test checks that the model
// (declarative, per column) and the engine's ScanQueryMatcher (a cell-by-cell
// state machine), written independently, agree on every user scan of random
// histories.
#include <QtTest>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/region/reference_model.h"
#include "region/scan_query_matcher.h"
#include "support/test_util.h"
#include "util/key_value.h"

using namespace regionlab;
using regionlab::test::ReferenceModel;

namespace {

constexpr int64_t kAll = kLatestTimestamp;

FamilyOptions Family(std::string name, int versions = 1, int min_versions = 0,
                     int64_t ttl_seconds = kTtlForever, bool kdc = false) {
  FamilyOptions f;
  f.name = std::move(name);
  f.max_versions = versions;
  f.min_versions = min_versions;
  f.ttl_seconds = ttl_seconds;
  f.keep_deleted_cells = kdc;
  return f;
}

class Writer {
 public:
  explicit Writer(ReferenceModel* model) : model_(model) {}
  Cell Write(std::string row, std::string family, std::string qualifier, int64_t ts,
             CellType type = CellType::kPut) {
    Cell c{std::move(row), std::move(family), std::move(qualifier), ts, type, {}, ++seq_};
    if (type == CellType::kPut) c.value = "v" + std::to_string(seq_);
    model_->Apply(c);
    history_.push_back(c);
    return c;
  }
  const std::vector<Cell>& history() const { return history_; }

 private:
  ReferenceModel* model_;
  std::vector<Cell> history_;
  uint64_t seq_ = 0;
};

QString Describe(const Cell& c) {
  return QString("%1/%2:%3/%4/%5/s%6")
      .arg(QString::fromStdString(c.row), QString::fromStdString(c.family),
           QString::fromStdString(c.qualifier), QString::number(c.timestamp),
           CellTypeName(c.type), QString::number(c.sequence_id));
}

QString Describe(const std::vector<Cell>& cells) {
  QStringList parts;
  for (const Cell& c : cells) parts << Describe(c);
  return parts.join(' ');
}

// The same scan computed with the engine's ScanQueryMatcher, driven like the
// store scanner drives it (seeking to SeekHint on the seek codes).
std::vector<Cell> MatcherScan(const std::vector<Cell>& history,
                              const std::vector<FamilyOptions>& families, std::string_view start,
                              std::string_view stop, int max_versions, int64_t min_ts,
                              int64_t max_ts, int64_t now_ms) {
  std::vector<Cell> out;
  for (const FamilyOptions& f : families) {
    std::vector<std::pair<std::string, const Cell*>> keys;
    for (const Cell& c : history) {
      if (c.family != f.name || c.row < start || (!stop.empty() && c.row >= stop)) continue;
      keys.emplace_back(EncodeKey(c.row, c.qualifier, c.timestamp, c.type, c.sequence_id), &c);
    }
    std::sort(keys.begin(), keys.end(),
              [](const auto& a, const auto& b) { return CompareKeys(a.first, b.first) < 0; });
    ScanQueryOptions o;
    o.max_versions = std::min(max_versions, f.max_versions);
    o.min_versions = f.min_versions;
    o.ttl_ms = FamilyTtlMillis(f.ttl_seconds);
    o.now_ms = now_ms;
    o.min_ts = min_ts;
    o.max_ts = max_ts;
    o.keep_deleted_cells = f.keep_deleted_cells;
    ScanQueryMatcher matcher(ScanType::kUserScan, o);
    size_t i = 0;
    while (i < keys.size()) {
      ParsedKey key;
      if (!ParseKey(keys[i].first, &key)) return {};
      const MatchCode code = matcher.Match(key);
      if (code == MatchCode::kInclude) out.push_back(*keys[i].second);
      if (code == MatchCode::kInclude || code == MatchCode::kSkip) {
        ++i;
        continue;
      }
      const std::string hint = matcher.SeekHint(key, code);
      while (i < keys.size() && CompareKeys(keys[i].first, hint) < 0) ++i;
    }
  }
  std::sort(out.begin(), out.end(),
            [](const Cell& a, const Cell& b) { return CompareCells(a, b) < 0; });
  return out;
}

}  // namespace

class ReferenceModelTest : public QObject {
  Q_OBJECT

 private slots:
  // Delete@T hides only version T; with enough VERSIONS the next one shows.
  void versionDeleteRevealsOlderVersion() {
    ReferenceModel model({Family("f", 3)});
    Writer w(&model);
    w.Write("r", "f", "a", 5);
    const Cell newer = w.Write("r", "f", "a", 10);
    w.Write("r", "f", "a", 10, CellType::kDelete);
    const std::vector<Cell> got = model.Scan("", "", 1, 0, kAll, 0);
    QCOMPARE(got.size(), size_t(1));
    QCOMPARE(got[0].timestamp, int64_t(5));
    QVERIFY(!(got[0] == newer));
  }

  // Markers mask by timestamp: a later put with an older ts stays hidden.
  void markersMaskLaterPutsByTimestamp() {
    ReferenceModel model({Family("f", 5)});
    Writer w(&model);
    w.Write("r", "f", "", 10, CellType::kDeleteFamily);
    w.Write("r", "f", "a", 10);
    w.Write("r", "f", "b", 11);
    w.Write("r", "f", "c", 7, CellType::kDeleteColumn);
    w.Write("r", "f", "c", 13);
    w.Write("r", "f", "c", 6);
    w.Write("r", "f", "", 12, CellType::kDeleteFamilyVersion);
    w.Write("r", "f", "d", 12);
    w.Write("r", "f", "d", 11);
    QCOMPARE(Describe(model.Scan("", "", 5, 0, kAll, 0)),
             QString("r/f:b/11/Put/s3 r/f:c/13/Put/s5 r/f:d/11/Put/s9"));
  }

  // Rows in [start, stop), families in name order inside a row, cells in
  // CompareCells order; cells of unknown families are ignored.
  void rowRangeAndFamilyOrder() {
    ReferenceModel model({Family("b"), Family("a")});
    Writer w(&model);
    w.Write("r1", "a", "q", 1);
    w.Write("r2", "b", "q", 1);
    w.Write("r2", "a", "z", 1);
    w.Write("r2", "a", "q", 1);
    w.Write("r3", "a", "q", 1);
    w.Write("r2", "nope", "q", 1);
    QCOMPARE(Describe(model.Scan("r2", "r3", 1, 0, kAll, 0)),
             QString("r2/a:q/1/Put/s4 r2/a:z/1/Put/s3 r2/b:q/1/Put/s2"));
    QCOMPARE(model.Scan("r2", "", 1, 0, kAll, 0).size(), size_t(4));
    QCOMPARE(model.Scan("", "r1", 1, 0, kAll, 0).size(), size_t(0));
    QCOMPARE(model.History().size(), size_t(5));
  }

  // The same timestamp written twice is one version: the last write.
  void sameTimestampLastWriteWins() {
    ReferenceModel model({Family("f", 3)});
    Writer w(&model);
    w.Write("r", "f", "a", 10);
    w.Write("r", "f", "a", 10);
    w.Write("r", "f", "a", 9);
    QCOMPARE(Describe(model.Scan("", "", 3, 0, kAll, 0)),
             QString("r/f:a/10/Put/s2 r/f:a/9/Put/s3"));
  }

  // KEEP_DELETED_CELLS decides whether a marker after the range masks.
  void timeRangeAndKeepDeletedCells() {
    for (bool kdc : {false, true}) {
      ReferenceModel model({Family("f", 5, 0, kTtlForever, kdc)});
      Writer w(&model);
      w.Write("r", "f", "a", 10);
      w.Write("r", "f", "a", 20, CellType::kDeleteColumn);
      w.Write("r", "f", "b", 30);
      QCOMPARE(model.Scan("", "", 1, 0, 15, 0).size(), size_t(kdc ? 1 : 0));
      QCOMPARE(model.Scan("", "", 1, 0, kAll, 0).size(), size_t(1));  // b only
      QCOMPARE(model.Scan("", "", 1, 25, kAll, 0).size(), size_t(1));  // b only
    }
  }

  // TTL in seconds; MIN_VERSIONS keeps the newest expired versions.
  void ttlAndMinVersions() {
    for (int min_versions : {0, 1, 2}) {
      ReferenceModel model({Family("f", 5, min_versions, /*ttl_seconds=*/1)});
      Writer w(&model);
      w.Write("r", "f", "a", 100);
      w.Write("r", "f", "a", 200);
      w.Write("r", "f", "a", 300);
      // now = 1250: ts < 250 is expired.
      const std::vector<Cell> got = model.Scan("", "", 5, 0, kAll, 1250);
      QCOMPARE(int(got.size()), std::max(1, min_versions));
      QCOMPARE(got[0].timestamp, int64_t(300));
    }
  }

  // The model and the matcher agree on random histories and scans.
  void randomizedAgreesWithMatcher() {
    std::mt19937 rng(20240601);
    auto pick = [&rng](int n) { return int(rng() % uint32_t(n)); };
    const char* rows[] = {"r0", "r1", "r2"};
    const char* qualifiers[] = {"", "a", "b"};
    const CellType types[] = {CellType::kPut, CellType::kPut, CellType::kPut, CellType::kPut,
                              CellType::kDelete, CellType::kDeleteColumn,
                              CellType::kDeleteFamily, CellType::kDeleteFamilyVersion};
    int compared = 0;
    for (int round = 0; round < 1500; ++round) {
      std::vector<FamilyOptions> families;
      for (const char* name : {"f1", "f2"}) {
        families.push_back(Family(name, 1 + pick(4), pick(3), pick(2) ? kTtlForever : 1,
                                  pick(2) == 1));
      }
      ReferenceModel model(families);
      Writer w(&model);
      const int writes = 1 + pick(30);
      for (int i = 0; i < writes; ++i) {
        const CellType type = types[pick(8)];
        const bool family_marker =
            type == CellType::kDeleteFamily || type == CellType::kDeleteFamilyVersion;
        w.Write(rows[pick(3)], families[pick(2)].name, family_marker ? "" : qualifiers[pick(3)],
                200 * pick(9), type);
      }
      for (int s = 0; s < 4; ++s) {
        const int max_versions = 1 + pick(4);
        int64_t min_ts = 0, max_ts = kAll;
        if (pick(2)) {
          min_ts = 200 * pick(5);
          max_ts = min_ts + 200 * (1 + pick(5));
        }
        const int64_t now = 1000 + 200 * pick(5);
        const std::string start = pick(3) ? "" : rows[pick(3)];
        const std::string stop = pick(3) ? "" : rows[pick(3)];
        const std::vector<Cell> want =
            model.Scan(start, stop, max_versions, min_ts, max_ts, now);
        const std::vector<Cell> got =
            MatcherScan(w.history(), families, start, stop, max_versions, min_ts, max_ts, now);
        if (want != got) {
          const QString msg =
              QString("round %1 scan %2 versions=%3 range=[%4,%5) now=%6\nhistory: %7\n"
                      "model:   %8\nmatcher: %9")
                  .arg(round)
                  .arg(s)
                  .arg(max_versions)
                  .arg(min_ts)
                  .arg(max_ts)
                  .arg(now)
                  .arg(Describe(model.History()), Describe(want), Describe(got));
          QFAIL(qPrintable(msg));
        }
        ++compared;
      }
    }
    QCOMPARE(compared, 6000);
  }
};

QTEST_GUILESS_MAIN(ReferenceModelTest)
#include "reference_model_test.moc"
