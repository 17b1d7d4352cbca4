// Tests for engine/region/scan_query_matcher: HBase's read, flush and
// compaction semantics, cell by cell.
//
// Each data row is a list of cells "row/qualifier/ts/TYPE/seq" (TYPE: P, D,
// DC, DF, DFV; family markers have an empty qualifier, "r//10/DF/3"), the
// options and the scan type, and the cells a store scanner would return or
// keep. The driver sorts the cells into key order and runs the matcher the way
// the store scanner does: on kSeekNextColumn/kSeekNextRow it seeks to
// SeekHint(), skipping every cell before the hint.
#include <QtTest>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "region/scan_query_matcher.h"
#include "support/test_util.h"
#include "util/key_value.h"

using namespace regionlab;

Q_DECLARE_METATYPE(regionlab::ScanType)
Q_DECLARE_METATYPE(regionlab::ScanQueryOptions)

namespace {

constexpr ScanType kUser = ScanType::kUserScan;
constexpr ScanType kMinor = ScanType::kCompactRetainDeletes;
constexpr ScanType kMajor = ScanType::kCompactDropDeletes;

// Builds ScanQueryOptions fluently; defaults are the struct's.
struct Opts {
  ScanQueryOptions o;
  Opts& Versions(int v) { o.max_versions = v; return *this; }
  Opts& MinVersions(int v) { o.min_versions = v; return *this; }
  // TTL of 100 ms at now = 1000: cells with ts < 900 are expired.
  Opts& Ttl() { o.ttl_ms = 100; o.now_ms = 1000; return *this; }
  Opts& Range(int64_t min_ts, int64_t max_ts) { o.min_ts = min_ts; o.max_ts = max_ts; return *this; }
  Opts& Kdc() { o.keep_deleted_cells = true; return *this; }
  Opts& Raw() { o.raw = true; return *this; }
  Opts& ReadPoint(uint64_t rp) { o.read_point = rp; return *this; }
  Opts& Columns(std::vector<std::string> c) { o.columns = std::move(c); return *this; }
  Opts& EarliestPut(int64_t ts) { o.earliest_put_ts = ts; return *this; }
  operator ScanQueryOptions() const { return o; }  // NOLINT: used in QTest rows
};

CellType ParseType(const QString& t) {
  if (t == "P") return CellType::kPut;
  if (t == "D") return CellType::kDelete;
  if (t == "DC") return CellType::kDeleteColumn;
  if (t == "DF") return CellType::kDeleteFamily;
  if (t == "DFV") return CellType::kDeleteFamilyVersion;
  return CellType::kMaximum;
}

QString TypeToken(CellType t) {
  switch (t) {
    case CellType::kPut: return "P";
    case CellType::kDelete: return "D";
    case CellType::kDeleteColumn: return "DC";
    case CellType::kDeleteFamily: return "DF";
    case CellType::kDeleteFamilyVersion: return "DFV";
    default: return "?";
  }
}

QString Token(const ParsedKey& k) {
  return QString("%1/%2/%3/%4/%5")
      .arg(QString::fromStdString(std::string(k.row)),
           QString::fromStdString(std::string(k.qualifier)), QString::number(k.timestamp),
           TypeToken(k.type), QString::number(k.sequence_id));
}

// Encoded keys of "row/qual/ts/TYPE/seq" tokens, sorted into key order.
bool ParseCells(const QString& text, std::vector<std::string>* keys, QString* error) {
  for (const QString& tok : text.split(' ', Qt::SkipEmptyParts)) {
    const QStringList f = tok.split('/');
    if (f.size() != 5 || ParseType(f[3]) == CellType::kMaximum) {
      *error = "bad cell token " + tok;
      return false;
    }
    keys->push_back(EncodeKey(f[0].toStdString(), f[1].toStdString(), f[2].toLongLong(),
                              ParseType(f[3]), f[4].toULongLong()));
  }
  std::sort(keys->begin(), keys->end(),
            [](const std::string& a, const std::string& b) { return CompareKeys(a, b) < 0; });
  return true;
}

// Runs the matcher over the cells as a store scanner does and returns the
// tokens of the included cells, in order; *error is set when the matcher broke
// a contract (a hint that does not move forward, a column seek on the empty
// qualifier, a column hint that leaves the row, a bad status).
// With caller_rows the runner starts each row itself (StartRow), as a store
// scanner does, which lets a plain scan take the matcher's fast path.
QString RunMatcher(ScanType type, const ScanQueryOptions& options, const QString& cells,
                   QString* error, bool caller_rows = false) {
  std::vector<std::string> keys;
  if (!ParseCells(cells, &keys, error)) return {};
  ScanQueryMatcher matcher(type, options);
  QStringList out;
  size_t i = 0;
  std::string row;
  bool started = false;
  while (i < keys.size()) {
    ParsedKey key;
    if (!ParseKey(keys[i], &key)) {
      *error = "unparsable key";
      return {};
    }
    if (caller_rows && (!started || key.row != row)) {
      matcher.StartRow();
      row.assign(key.row);
      started = true;
    }
    const MatchCode code = matcher.Match(key);
    if (code == MatchCode::kInclude) {
      out << Token(key);
      ++i;
      continue;
    }
    if (code == MatchCode::kSkip) {
      if (!matcher.SeekHint(key, code).empty()) *error = "hint for SKIP";
      ++i;
      continue;
    }
    if (code == MatchCode::kSeekNextColumn && key.qualifier.empty()) {
      *error = "SEEK_NEXT_COL on the empty qualifier at " + Token(key);
    }
    const std::string hint = matcher.SeekHint(key, code);
    if (CompareKeys(hint, keys[i]) <= 0) *error = "hint does not move past " + Token(key);
    if (code == MatchCode::kSeekNextColumn && KeyRow(hint) != key.row) {
      *error = "column hint leaves the row at " + Token(key);
    }
    while (i < keys.size() && CompareKeys(keys[i], hint) < 0) ++i;
  }
  if (!matcher.status().ok()) *error = QString::fromStdString(matcher.status().ToString());
  return out.join(' ');
}

void AddColumns() {
  QTest::addColumn<ScanType>("type");
  QTest::addColumn<ScanQueryOptions>("options");
  QTest::addColumn<QString>("cells");
  QTest::addColumn<QString>("expected");
}

void Row(const char* name, ScanType type, const Opts& opts, const char* cells,
         const char* expected) {
  QTest::newRow(name) << type << ScanQueryOptions(opts) << QString(cells) << QString(expected);
}

}  // namespace

class ScanQueryMatcherTest : public QObject {
  Q_OBJECT

  void CheckCase() {
    QFETCH(ScanType, type);
    QFETCH(ScanQueryOptions, options);
    QFETCH(QString, cells);
    QFETCH(QString, expected);
    RL_QVERIFY_OK(ScanQueryMatcher::Validate(type, options));
    for (const bool caller_rows : {false, true}) {
      QString error;
      const QString got = RunMatcher(type, options, cells, &error, caller_rows);
      QVERIFY2(error.isEmpty(), qPrintable(error));
      QCOMPARE(got, expected);
    }
  }

 private slots:
  // ScanDeleteTracker: what each marker type masks in a normal user scan.
  void userDeletes_data() {
    AddColumns();
    // Delete@T masks the column's put with ts == T only.
    Row("delete masks its version only", kUser, Opts().Versions(3),
        "r/a/10/P/1 r/a/5/P/2 r/a/10/D/3", "r/a/5/P/2");
    // Masking is by timestamp: a put written after the Delete (higher seq)
    // with the same timestamp is masked too.
    Row("delete masks a later write of its version", kUser, Opts(), "r/a/10/D/1 r/a/10/P/2", "");
    Row("delete leaves other columns", kUser, Opts(), "r/a/10/D/3 r/a/10/P/1 r/b/10/P/2",
        "r/b/10/P/2");
    // DeleteColumn@T masks every version with ts <= T, not newer ones.
    Row("delete column masks older and equal", kUser, Opts().Versions(3),
        "r/a/12/P/1 r/a/10/P/2 r/a/5/P/3 r/a/10/DC/4", "r/a/12/P/1");
    // A DeleteColumn written BEFORE a put with an older timestamp masks it.
    Row("delete column masks a later put with older ts", kUser, Opts(),
        "r/a/10/DC/1 r/a/7/P/5 r/b/7/P/6", "r/b/7/P/6");
    // A Delete after a DeleteColumn of the same column is less specific and
    // must not replace it (ScanDeleteTracker.add).
    Row("delete after delete column keeps the column masked", kUser, Opts().Versions(3),
        "r/a/10/DC/1 r/a/8/D/2 r/a/6/P/3", "");
    // DeleteFamily@T masks every column of the row with ts <= T.
    Row("delete family", kUser, Opts().Versions(3),
        "r//10/DF/5 r/a/12/P/1 r/a/10/P/2 r/b/9/P/3 r/c/11/P/4", "r/a/12/P/1 r/c/11/P/4");
    Row("delete family masks later puts with older ts", kUser, Opts(),
        "r//10/DF/1 r/a/3/P/2 r/b/10/P/3", "");
    Row("delete family stays in its row", kUser, Opts(), "r1//10/DF/1 r1/a/5/P/2 r2/a/5/P/3",
        "r2/a/5/P/3");
    // DeleteFamilyVersion@T masks ts == T in every column.
    Row("delete family version", kUser, Opts().Versions(3),
        "r//10/DFV/5 r/a/10/P/1 r/a/9/P/2 r/b/10/P/3 r/b/11/P/4", "r/a/9/P/2 r/b/11/P/4");
    // Masked puts are not versions: VERSIONS => 2 returns the two newest
    // unmasked ones.
    Row("masked versions are not counted", kUser, Opts().Versions(2),
        "r/a/30/P/1 r/a/20/P/2 r/a/10/P/3 r/a/5/P/4 r/a/20/D/5", "r/a/30/P/1 r/a/10/P/3");
    // HBASE-18471: after the version limit of the empty-qualifier column the
    // matcher must not skip the column, a DeleteFamily behind it masks r/a.
    Row("delete family behind full empty-qualifier column", kUser, Opts(),
        "r//20/P/1 r//15/P/2 r//10/DF/3 r/a/5/P/4", "r//20/P/1");
    Row("version counts and deletes reset per row", kUser, Opts(),
        "r1//10/DF/1 r1/a/5/P/2 r1/a/12/P/3 r1/a/11/P/4 r2/a/5/P/5 r2/a/4/P/6",
        "r1/a/12/P/3 r2/a/5/P/5");
  }
  void userDeletes() { CheckCase(); }

  // ScanWildcardColumnTracker version counting.
  void userVersions_data() {
    AddColumns();
    Row("newest version by default", kUser, Opts(), "r/a/10/P/1 r/a/5/P/2", "r/a/10/P/1");
    Row("versions limit per column", kUser, Opts().Versions(2),
        "r/a/30/P/1 r/a/20/P/2 r/a/10/P/3 r/b/1/P/4", "r/a/30/P/1 r/a/20/P/2 r/b/1/P/4");
    // Two puts with the same timestamp are one version: the newest write wins
    // (sameAsPreviousTSAndType) and it counts once.
    Row("same timestamp: newest write, counted once", kUser, Opts().Versions(2),
        "r/a/10/P/1 r/a/10/P/2 r/a/5/P/3", "r/a/10/P/2 r/a/5/P/3");
  }
  void userVersions() { CheckCase(); }

  // UserScanQueryMatcher.matchColumn time range and NormalUserScanQueryMatcher's
  // choice of tracked markers (seePastDeleteMarkers ? within : withinOrAfter).
  void userTimeRange_data() {
    AddColumns();
    Row("put at or after max_ts skipped", kUser, Opts().Range(0, 15),
        "r/a/20/P/1 r/a/15/P/2 r/a/10/P/3 r/a/5/P/4", "r/a/10/P/3");
    Row("put before min_ts ends the column", kUser, Opts().Versions(3).Range(8, kLatestTimestamp),
        "r/a/10/P/1 r/a/8/P/2 r/a/5/P/3 r/b/3/P/4", "r/a/10/P/1 r/a/8/P/2");
    Row("versions counted inside the range", kUser, Opts().Range(0, 15),
        "r/a/20/P/1 r/a/12/P/2 r/a/10/P/3", "r/a/12/P/2");
    // KEEP_DELETED_CELLS=FALSE: a marker after the range still masks.
    Row("marker after range masks", kUser, Opts().Range(0, 15), "r/a/20/DC/2 r/a/10/P/1", "");
    Row("delete family after range masks", kUser, Opts().Range(0, 15), "r//20/DF/2 r/a/10/P/1",
        "");
    // KEEP_DELETED_CELLS=TRUE: a time-range read sees past later markers.
    Row("kdc: marker after range ignored", kUser, Opts().Range(0, 15).Kdc(),
        "r/a/20/DC/2 r/a/10/P/1", "r/a/10/P/1");
    Row("kdc: delete family after range ignored", kUser, Opts().Range(0, 15).Kdc(),
        "r//20/DF/2 r/a/10/P/1", "r/a/10/P/1");
    Row("kdc: marker inside range masks", kUser, Opts().Range(0, 15).Kdc(),
        "r/a/10/D/2 r/a/10/P/1 r/a/8/P/3", "r/a/8/P/3");
    Row("kdc: all-time read masks", kUser, Opts().Kdc(), "r/a/20/DC/2 r/a/10/P/1", "");
  }
  void userTimeRange() { CheckCase(); }

  // TTL (oldestUnexpiredTS = now - ttl) and MIN_VERSIONS: the first
  // min_versions counted versions survive expiry (checkVersion:
  // count <= minVersions || !isExpired). Here now = 1000, ttl = 100.
  void userTtl_data() {
    AddColumns();
    Row("min_versions 0 hides expired", kUser, Opts().Versions(3).Ttl(),
        "r/a/950/P/1 r/a/899/P/2 r/a/850/P/3", "r/a/950/P/1");
    Row("ts == now - ttl is not expired", kUser, Opts().Versions(3).Ttl(),
        "r/a/900/P/1 r/a/899/P/2", "r/a/900/P/1");
    Row("min_versions 1 keeps newest expired", kUser, Opts().Versions(3).Ttl().MinVersions(1),
        "r/a/850/P/1 r/a/800/P/2", "r/a/850/P/1");
    Row("min_versions 2 keeps two expired", kUser, Opts().Versions(3).Ttl().MinVersions(2),
        "r/a/850/P/1 r/a/800/P/2 r/a/700/P/3", "r/a/850/P/1 r/a/800/P/2");
    Row("min_versions 1 with an unexpired version", kUser, Opts().Versions(3).Ttl().MinVersions(1),
        "r/a/950/P/1 r/a/850/P/2", "r/a/950/P/1");
    Row("min_versions counts unmasked versions", kUser, Opts().Versions(3).Ttl().MinVersions(1),
        "r/a/850/D/4 r/a/850/P/1 r/a/800/P/2 r/a/700/P/3", "r/a/800/P/2");
    Row("min_versions bounded by versions", kUser, Opts().Versions(1).Ttl().MinVersions(2),
        "r/a/850/P/1 r/a/800/P/2", "r/a/850/P/1");
    Row("min_versions per column", kUser, Opts().Versions(3).Ttl().MinVersions(1),
        "r/a/850/P/1 r/b/800/P/2 r/b/700/P/3", "r/a/850/P/1 r/b/800/P/2");
    // With MIN_VERSIONS an expired DeleteFamily is still tracked.
    Row("expired delete family still masks", kUser, Opts().Versions(3).Ttl().MinVersions(1),
        "r//850/DF/3 r/a/850/P/1 r/a/800/P/2", "");
  }
  void userTtl() { CheckCase(); }

  // RawScanQueryMatcher: no delete tracking; markers returned within the time
  // range, not counted as versions; oldestUnexpiredTS = 0 (no TTL).
  void userRaw_data() {
    AddColumns();
    Row("markers and masked puts returned", kUser, Opts().Raw().Versions(3),
        "r//10/DF/1 r/a/10/P/2 r/b/8/D/3 r/b/8/P/4", "r//10/DF/1 r/a/10/P/2 r/b/8/D/3 r/b/8/P/4");
    Row("puts count, markers do not", kUser, Opts().Raw(),
        "r/a/10/P/1 r/a/7/D/2 r/a/7/P/3 r/a/5/P/4", "r/a/10/P/1 r/a/7/D/2");
    Row("marker past the version limit dropped", kUser, Opts().Raw(),
        "r/a/10/P/1 r/a/8/P/2 r/a/5/D/3", "r/a/10/P/1");
    Row("time range applies to markers", kUser, Opts().Raw().Versions(3).Range(0, 15),
        "r/a/20/DC/1 r/a/12/DC/2 r/a/10/P/3", "r/a/12/DC/2 r/a/10/P/3");
    Row("ttl ignored", kUser, Opts().Raw().Ttl(), "r/a/5/P/1", "r/a/5/P/1");
    // Duplicates of the last returned (ts, type) are skipped, in raw too.
    Row("duplicate ts and type", kUser, Opts().Raw().Versions(3),
        "r/a/10/P/1 r/a/10/P/2 r/a/10/D/3 r/a/10/D/4", "r/a/10/D/4 r/a/10/P/2");
    Row("read point", kUser, Opts().Raw().Versions(3).ReadPoint(2), "r/a/10/P/3 r/a/5/P/1",
        "r/a/5/P/1");
  }
  void userRaw() { CheckCase(); }

  // MVCC: a user scan does not see cells above its read point at all.
  void userMvcc_data() {
    AddColumns();
    Row("above read point: absent, not counted", kUser, Opts().ReadPoint(5),
        "r/a/10/P/6 r/a/8/P/3", "r/a/8/P/3");
    Row("at read point: visible", kUser, Opts().ReadPoint(5), "r/a/10/P/5", "r/a/10/P/5");
    Row("marker above read point masks nothing", kUser, Opts().ReadPoint(5),
        "r/a/10/DC/9 r/a/5/P/2", "r/a/5/P/2");
    Row("delete family above read point", kUser, Opts().ReadPoint(5), "r//10/DF/7 r/a/5/P/1",
        "r/a/5/P/1");
  }
  void userMvcc() { CheckCase(); }

  // MinorCompactionScanQueryMatcher (also used for flushes).
  void minorCompaction_data() {
    AddColumns();
    Row("keeps markers, drops masked puts", kMinor, Opts().Versions(3),
        "r//2/DF/10 r/a/12/P/1 r/a/2/P/2 r/b/9/D/11 r/b/9/P/3 r/b/8/P/4 r/c/7/DC/12 r/c/7/P/13 "
        "r/c/5/P/5",
        "r//2/DF/10 r/a/12/P/1 r/b/9/D/11 r/b/8/P/4 r/c/7/DC/12");
    Row("versions: unmasked only", kMinor, Opts().Versions(2),
        "r/a/30/P/1 r/a/20/P/2 r/a/10/P/3 r/a/5/P/4 r/a/20/D/5",
        "r/a/30/P/1 r/a/20/D/5 r/a/10/P/3");
    Row("same timestamp: older write dropped", kMinor, Opts().Versions(3), "r/a/10/P/1 r/a/10/P/2",
        "r/a/10/P/2");
    Row("expired beyond min_versions dropped", kMinor, Opts().Versions(3).Ttl().MinVersions(1),
        "r/a/950/P/1 r/a/850/P/2 r/a/800/P/3", "r/a/950/P/1");
    Row("min_versions keeps expired versions", kMinor, Opts().Versions(3).Ttl().MinVersions(2),
        "r/a/850/P/1 r/a/800/P/2 r/a/700/P/3", "r/a/850/P/1 r/a/800/P/2");
    // With MIN_VERSIONS 0 expired cells go first, markers included.
    Row("expired markers and puts dropped", kMinor, Opts().Versions(3).Ttl(),
        "r//850/DF/3 r/a/950/P/1 r/a/800/P/2", "r/a/950/P/1");
    // KEEP_DELETED_CELLS: compactions do not apply markers.
    Row("kdc: markers not applied", kMinor, Opts().Versions(3).Kdc(),
        "r/a/10/DC/3 r/a/10/P/1 r/a/5/P/2", "r/a/10/DC/3 r/a/10/P/1 r/a/5/P/2");
    Row("kdc: masked puts count as versions", kMinor, Opts().Kdc(),
        "r/a/10/D/3 r/a/10/P/1 r/a/5/P/2", "r/a/10/D/3 r/a/10/P/1");
    // Above the smallest read point: kept unconditionally, not counted.
    Row("above read point kept, not counted", kMinor, Opts().ReadPoint(5),
        "r/a/10/P/7 r/a/8/P/6 r/a/5/P/2 r/a/3/P/1", "r/a/10/P/7 r/a/8/P/6 r/a/5/P/2");
    Row("marker above read point masks nothing yet", kMinor, Opts().ReadPoint(5),
        "r/a/10/DC/7 r/a/5/P/2", "r/a/10/DC/7 r/a/5/P/2");
  }
  void minorCompaction() { CheckCase(); }

  // MajorCompactionScanQueryMatcher / DropDeletesCompactionScanQueryMatcher.
  void majorCompaction_data() {
    AddColumns();
    Row("drops markers and masked puts", kMajor, Opts().Versions(3),
        "r//2/DF/10 r/a/12/P/1 r/a/2/P/2 r/b/9/D/11 r/b/9/P/3 r/b/8/P/4 r/c/7/DC/12 r/c/7/P/13 "
        "r/c/5/P/5",
        "r/a/12/P/1 r/b/8/P/4");
    Row("versions: unmasked only", kMajor, Opts().Versions(2),
        "r/a/30/P/1 r/a/20/P/2 r/a/10/P/3 r/a/5/P/4 r/a/20/D/5", "r/a/30/P/1 r/a/10/P/3");
    Row("expired beyond min_versions dropped", kMajor, Opts().Versions(3).Ttl().MinVersions(1),
        "r/a/850/D/4 r/a/850/P/1 r/a/800/P/2 r/a/700/P/3", "r/a/800/P/2");
    Row("expired markers dropped", kMajor, Opts().Versions(3).Ttl(),
        "r//850/DF/3 r/a/950/P/1 r/a/800/P/2", "r/a/950/P/1");
    Row("marker above read point kept and unapplied", kMajor, Opts().ReadPoint(5),
        "r/a/10/DC/7 r/a/5/P/2", "r/a/10/DC/7 r/a/5/P/2");
    // KEEP_DELETED_CELLS: markers and masked puts stay, up to VERSIONS puts;
    // markers are counted with the puts of their column but not as versions.
    Row("kdc: markers and masked puts kept", kMajor, Opts().Versions(2).Kdc(),
        "r/a/30/P/1 r/a/25/DC/4 r/a/20/P/2 r/a/10/P/3", "r/a/30/P/1 r/a/25/DC/4 r/a/20/P/2");
    Row("kdc: marker behind more than VERSIONS puts dropped", kMajor, Opts().Kdc(),
        "r/a/30/P/1 r/a/20/P/2 r/a/10/D/3 r/a/10/P/4", "r/a/30/P/1");
    Row("kdc: delete family counted in its own column", kMajor, Opts().Kdc(),
        "r//10/DF/3 r/a/12/P/1 r/a/8/P/2", "r//10/DF/3 r/a/12/P/1");
    // EARLIEST_PUT_TS: a marker older than every put has nothing to mask.
    Row("kdc: marker older than every put dropped", kMajor,
        Opts().Versions(3).Kdc().EarliestPut(20),
        "r//5/DF/3 r/a/30/P/1 r/a/20/P/2 r/b/15/DC/4 r/c/25/DC/5",
        "r/a/30/P/1 r/a/20/P/2 r/c/25/DC/5");
    Row("kdc: unknown earliest put keeps markers", kMajor, Opts().Versions(3).Kdc(),
        "r//5/DF/3 r/a/30/P/1 r/a/20/P/2 r/b/15/DC/4",
        "r//5/DF/3 r/a/30/P/1 r/a/20/P/2 r/b/15/DC/4");
  }
  void majorCompaction() { CheckCase(); }

  // ExplicitColumnTracker: COLUMNS => [...]; family markers still apply.
  void explicitColumns_data() {
    AddColumns();
    Row("only the asked qualifiers", kUser, Opts().Columns({"b"}),
        "r/a/10/P/1 r/b/10/P/2 r/c/10/P/3", "r/b/10/P/2");
    Row("delete family applies", kUser, Opts().Versions(3).Columns({"a", "c"}),
        "r//10/DF/9 r/a/12/P/1 r/a/8/P/2 r/b/9/P/3 r/b/15/P/4 r/c/5/P/5 r/c/11/P/6",
        "r/a/12/P/1 r/c/11/P/6");
    Row("versions per column", kUser, Opts().Columns({"a", "c"}),
        "r/a/12/P/1 r/a/8/P/2 r/b/9/P/3 r/c/11/P/4 r/c/5/P/5", "r/a/12/P/1 r/c/11/P/4");
    Row("delete column of a wanted column", kUser, Opts().Columns({"a", "b"}),
        "r/a/10/DC/5 r/a/8/P/1 r/b/8/P/2", "r/b/8/P/2");
    Row("delete family version", kUser, Opts().Versions(3).Columns({"a", "b"}),
        "r//8/DFV/9 r/a/8/P/1 r/a/7/P/2 r/b/8/P/3 r/b/6/P/4", "r/a/7/P/2 r/b/6/P/4");
    Row("time range moves to the next wanted column", kUser,
        Opts().Versions(3).Columns({"a", "c"}).Range(6, kLatestTimestamp),
        "r/a/10/P/1 r/a/5/P/2 r/b/9/P/3 r/c/7/P/4 r/c/3/P/5", "r/a/10/P/1 r/c/7/P/4");
    Row("absent columns, next row starts over", kUser, Opts().Columns({"b", "d"}),
        "r1/a/1/P/1 r1/c/1/P/2 r1/e/1/P/3 r2/b/1/P/4", "r2/b/1/P/4");
    Row("ttl with min_versions", kUser, Opts().Versions(3).Ttl().MinVersions(1).Columns({"a"}),
        "r/a/850/P/1 r/a/800/P/2", "r/a/850/P/1");
    Row("same timestamp", kUser, Opts().Versions(2).Columns({"a"}),
        "r/a/10/P/1 r/a/10/P/2 r/a/5/P/3", "r/a/10/P/2 r/a/5/P/3");
    Row("empty qualifier wanted", kUser, Opts().Versions(3).Columns({"", "a"}),
        "r//10/P/1 r//5/DF/2 r//5/P/3 r/a/3/P/4", "r//10/P/1");
  }
  void explicitColumns() { CheckCase(); }

  void seekHints() {
    // Wildcard: the first key after the column.
    {
      ScanQueryMatcher m(kUser, Opts());
      const std::string k1 = EncodeKey("r", "a", 10, CellType::kPut, 1);
      const std::string k2 = EncodeKey("r", "a", 5, CellType::kPut, 2);
      ParsedKey p;
      QVERIFY(ParseKey(k1, &p));
      QCOMPARE(m.Match(p), MatchCode::kInclude);
      QVERIFY(m.SeekHint(p, MatchCode::kInclude).empty());
      QVERIFY(ParseKey(k2, &p));
      QCOMPARE(m.Match(p), MatchCode::kSeekNextColumn);
      QCOMPARE(m.SeekHint(p, MatchCode::kSeekNextColumn), FirstKeyOnColumn("r", std::string("a\0", 2)));
      QCOMPARE(m.SeekHint(p, MatchCode::kSeekNextRow), FirstKeyOnRow(std::string("r\0", 2)));
      // Every cell of the next qualifier sorts after the hint.
      QVERIFY(CompareKeys(EncodeKey("r", std::string("a\0", 2), kLatestTimestamp,
                                    CellType::kDeleteFamily, kMaxSequenceId),
                          m.SeekHint(p, MatchCode::kSeekNextColumn)) >= 0);
    }
    // Explicit: straight to the next wanted column.
    {
      ScanQueryMatcher m(kUser, Opts().Columns({"c", "e"}));
      const std::string k = EncodeKey("r", "a", 10, CellType::kPut, 1);
      ParsedKey p;
      QVERIFY(ParseKey(k, &p));
      QCOMPARE(m.Match(p), MatchCode::kSeekNextColumn);
      QCOMPARE(m.SeekHint(p, MatchCode::kSeekNextColumn), FirstKeyOnColumn("r", "c"));
      const std::string k2 = EncodeKey("r", "d", 10, CellType::kPut, 2);
      QVERIFY(ParseKey(k2, &p));
      QCOMPARE(m.Match(p), MatchCode::kSeekNextColumn);
      QCOMPARE(m.SeekHint(p, MatchCode::kSeekNextColumn), FirstKeyOnColumn("r", "e"));
      const std::string k3 = EncodeKey("r", "f", 10, CellType::kPut, 3);
      QVERIFY(ParseKey(k3, &p));
      QCOMPARE(m.Match(p), MatchCode::kSeekNextRow);
    }
  }

  // HBASE-18471: the empty-qualifier column is never seeked past.
  void emptyQualifierNeverSeeksColumn() {
    ScanQueryMatcher m(kUser, Opts());
    ParsedKey p;
    const std::string k1 = EncodeKey("r", "", 20, CellType::kPut, 1);
    const std::string k2 = EncodeKey("r", "", 15, CellType::kPut, 2);
    const std::string k3 = EncodeKey("r", "b", 15, CellType::kPut, 3);
    QVERIFY(ParseKey(k1, &p));
    QCOMPARE(m.Match(p), MatchCode::kInclude);
    QVERIFY(ParseKey(k2, &p));
    QCOMPARE(m.Match(p), MatchCode::kSkip);  // over VERSIONS, but not a column seek
    QVERIFY(ParseKey(k3, &p));
    QCOMPARE(m.Match(p), MatchCode::kInclude);
  }

  // A reversed scan feeds rows in descending order: each row starts afresh.
  void rowsInDescendingOrder() {
    ScanQueryMatcher m(kUser, Opts());
    ParsedKey p;
    const std::string keys[] = {
        EncodeKey("r2", "", 10, CellType::kDeleteFamily, 1),
        EncodeKey("r2", "a", 5, CellType::kPut, 2),
        EncodeKey("r1", "a", 5, CellType::kPut, 3),
        EncodeKey("r1", "a", 4, CellType::kPut, 4),
    };
    const MatchCode want[] = {MatchCode::kSkip, MatchCode::kSeekNextColumn, MatchCode::kInclude,
                              MatchCode::kSeekNextColumn};
    for (int i = 0; i < 4; ++i) {
      QVERIFY(ParseKey(keys[i], &p));
      QCOMPARE(m.Match(p), want[i]);
    }
    RL_QVERIFY_OK(m.status());
  }

  void outOfOrderIsReported() {
    ScanQueryMatcher m(kUser, Opts());
    ParsedKey p;
    const std::string k1 = EncodeKey("row1", "b", 10, CellType::kPut, 1);
    const std::string k2 = EncodeKey("row1", "a", 10, CellType::kPut, 2);
    QVERIFY(ParseKey(k1, &p));
    QCOMPARE(m.Match(p), MatchCode::kInclude);
    QVERIFY(ParseKey(k2, &p));
    m.Match(p);  // must not crash
    QVERIFY(m.status().IsCorruption());
    QVERIFY(m.status().message().find("row1") != std::string::npos);
  }

  void validate_data() {
    QTest::addColumn<ScanType>("type");
    QTest::addColumn<ScanQueryOptions>("options");
    QTest::addColumn<bool>("ok");
    QTest::newRow("defaults") << kUser << ScanQueryOptions(Opts()) << true;
    QTest::newRow("zero versions") << kUser << ScanQueryOptions(Opts().Versions(0)) << false;
    QTest::newRow("negative min versions") << kMinor << ScanQueryOptions(Opts().MinVersions(-1))
                                           << false;
    QTest::newRow("inverted range") << kUser << ScanQueryOptions(Opts().Range(10, 5)) << false;
    QTest::newRow("compaction ignores range") << kMajor << ScanQueryOptions(Opts().Range(10, 5))
                                              << true;
    // StoreScanner: "Cannot specify any column for a raw scan".
    QTest::newRow("raw with columns") << kUser << ScanQueryOptions(Opts().Raw().Columns({"a"}))
                                      << false;
    QTest::newRow("raw compaction") << kMinor << ScanQueryOptions(Opts().Raw()) << false;
    QTest::newRow("unsorted columns") << kUser << ScanQueryOptions(Opts().Columns({"b", "a"}))
                                      << false;
    QTest::newRow("duplicate columns") << kUser << ScanQueryOptions(Opts().Columns({"a", "a"}))
                                       << false;
  }
  void validate() {
    QFETCH(ScanType, type);
    QFETCH(ScanQueryOptions, options);
    QFETCH(bool, ok);
    const Status s = ScanQueryMatcher::Validate(type, options);
    QVERIFY2(s.ok() == ok, s.ToString().c_str());
    if (!ok) QVERIFY(s.IsInvalidArgument());
  }

  void familyTtlMillis() {
    QCOMPARE(FamilyTtlMillis(kTtlForever), int64_t(-1));
    QCOMPARE(FamilyTtlMillis(0), int64_t(-1));
    QCOMPARE(FamilyTtlMillis(60), int64_t(60000));
    QCOMPARE(FamilyTtlMillis(std::numeric_limits<int64_t>::max() / 10),
             std::numeric_limits<int64_t>::max());
  }
};

QTEST_GUILESS_MAIN(ScanQueryMatcherTest)
#include "scan_query_matcher_test.moc"
