// The crash loop: a child process runs a mixed load on a cluster -- puts,
// deletes, increments, appends and batches from several writer threads over
// a table of many regions on three region servers, while an admin thread
// flushes, compacts, splits, merges, moves, balances and fails servers over
// -- and is killed with SIGKILL at a random moment, sometimes while it is
// still opening (recovering from the kill before). The test then checks the
// directory as the kill left it (the catalog's integrity, every store file a
// live region's manifest names, block by block), reopens it and compares
// every row, by scan and by get, with the reference model built from the
// child's log (crash_loop_model.h). Then the next cycle starts on the same
// directory.
//
// REGIONLAB_CRASH_CYCLES sets the number of cycles (default 10; 4 under the
// sanitizers). REGIONLAB_CRASH_SEED draws the same load and kill delays
// again (the moments they land on still depend on the machine). ctest
// label: stress.
//
// With RL_LOOP_CHILD_DIR set, main() is the child.
#include <QProcess>
#include <QRandomGenerator>
#include <QtTest>
#include <csignal>
#include <cstdio>
#include <random>
#include <set>
#include <thread>

#include <unistd.h>

#include "catalog/catalog.h"
#include "cluster_test_util.h"
#include "crash_loop_model.h"
#include "region/manifest.h"
#include "region/reference.h"
#include "region/store.h"
#include "storefile/store_file_reader.h"
#include "util/env.h"

using namespace regionlab;
using namespace regionlab::test;
using namespace regionlab::test::crashloop;

namespace {

constexpr char kTable[] = "loop";
constexpr int kWriters = 3;
constexpr int kRowsPerWriter = 120;
constexpr size_t kMaxRegions = 14;

ClusterOptions LoopCluster() {
  ClusterOptions o;
  o.region_servers = 3;
  o.block_cache_per_server = 2 << 20;
  o.global_memstore_per_server = 1 << 20;  // global-pressure flushes too
  o.metrics_interval_ms = 0;
  return o;
}

TableDescriptor LoopTable() {
  TableDescriptor d = SimpleTable(kTable, {"f", "g"});
  d.families[0].block_size = 1024;
  d.families[1].block_size = 2048;
  d.families[1].compression = Compression::kSnappy;
  d.families[1].bloom = BloomType::kRowCol;
  d.memstore_flush_size = 48 << 10;
  d.max_file_size = 96 << 10;
  d.split_policy = "ConstantSizeRegionSplitPolicy";
  return d;
}

std::string RowKey(int thread, int k) {
  const uint32_t h = static_cast<uint32_t>(thread * 1000 + k) * 2654435761u;
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%04x-t%d-%03d", h >> 16, thread, k);
  return buf;
}

// One line on stdout in one write(2): a line is in the pipe whole or not at
// all when the kill lands.
void Log(std::string line) {
  for (char& c : line) {
    if (c == '\n') c = ' ';
  }
  if (line.size() > 2000) line.resize(2000);
  line.push_back('\n');
  (void)!::write(STDOUT_FILENO, line.data(), line.size());
}

// ---- The child -------------------------------------------------------------

Op DrawOp(std::mt19937& rng, int cycle, int thread, long n, const std::set<std::string>& in_doubt) {
  auto pick_row = [&] {
    for (;;) {
      std::string row = RowKey(thread, static_cast<int>(rng() % kRowsPerWriter));
      if (in_doubt.count(row) == 0) return row;
    }
  };
  auto length = [&] { return 40 + static_cast<int>(rng() % 400); };
  Op op;
  op.cycle = cycle;
  op.thread = thread;
  op.n = n;
  const unsigned r = rng() % 100;
  if (r < 35) {
    op.kind = Op::kPut;
    op.rows.push_back(pick_row());
    const unsigned mask = 1 + rng() % 7;  // a non-empty subset of the three columns
    for (int c = 0; c < 3; ++c) {
      if (mask & (1u << c)) op.cells.emplace_back(kPutColumns[c], length());
    }
  } else if (r < 47) {
    op.kind = Op::kBatch;
    std::set<std::string> rows;
    const int count = 2 + static_cast<int>(rng() % 4);
    while (static_cast<int>(rows.size()) < count) rows.insert(pick_row());
    for (const auto& row : rows) {
      op.rows.push_back(row);
      op.cells.emplace_back(kPutColumns[rng() % 3], length());
    }
  } else if (r < 55) {
    op.kind = Op::kDeleteColumn;
    op.rows.push_back(pick_row());
    op.target = kPutColumns[rng() % 3];
  } else if (r < 60) {
    op.kind = Op::kDeleteFamily;
    op.rows.push_back(pick_row());
    op.target = kFamilies[rng() % 2];
  } else if (r < 64) {
    op.kind = Op::kDeleteRow;
    op.rows.push_back(pick_row());
  } else if (r < 88) {
    op.kind = Op::kIncrement;
    op.rows.push_back(pick_row());
    op.amount = static_cast<int64_t>(rng() % 200) - 20;
  } else {
    op.kind = Op::kAppend;
    op.rows.push_back(pick_row());
    op.amount = 12 + static_cast<int64_t>(rng() % 30);
  }
  return op;
}

// Runs `op`; *result gets what the client saw (a counter's new value, an
// appended cell's length).
Status RunOp(Table& table, const Op& op, std::string* result) {
  switch (op.kind) {
    case Op::kIncrement: {
      auto v = table.Increment(op.rows[0], "f", "n", op.amount);
      if (v.ok()) *result = std::to_string(*v);
      return v.status();
    }
    case Op::kAppend: {
      auto v = table.Append(op.rows[0], "g", "s", op.AppendSuffix());
      if (v.ok()) *result = std::to_string(v->size());
      return v.status();
    }
    case Op::kBatch: return table.Batch(op.Mutations());
    default: return table.Put(op.Mutations().front());
  }
}

void Writer(Table* table, int cycle, int thread, uint32_t seed) {
  std::mt19937 rng(seed * 31 + static_cast<uint32_t>(cycle) * 7919 + static_cast<uint32_t>(thread));
  std::set<std::string> in_doubt;  // rows of refused operations: left alone from then on
  for (long n = 0;; ++n) {
    const Op op = DrawOp(rng, cycle, thread, n, in_doubt);
    const std::string id = std::to_string(thread) + " " + std::to_string(n);
    Log("B " + id + " " + op.Encode());
    std::string result;
    const Status s = RunOp(*table, op, &result);
    if (s.ok()) {
      Log("A " + id + (result.empty() ? "" : " " + result));
    } else {
      Log("F " + id + " " + s.ToString());
      in_doubt.insert(op.rows.begin(), op.rows.end());
    }
    // A later write in the same millisecond would hide behind the delete
    // marker (HBase's rule: a marker masks cells with timestamps <= its own).
    if (op.IsDelete()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

void AdminLoop(Admin* admin, int cycle, uint32_t seed) {
  std::mt19937 rng(seed * 17 + static_cast<uint32_t>(cycle) * 104729 + 99);
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10 + rng() % 50));
    auto regions = admin->ListRegions(kTable);
    if (!regions.ok() || regions->empty()) continue;
    const size_t i = rng() % regions->size();
    const std::string& region = (*regions)[i].encoded_name;
    const std::string server = "rs" + std::to_string(1 + rng() % 3);
    const unsigned r = rng() % 100;
    std::string what;
    Status s;
    if (r < 22) {
      what = "flush";
      s = admin->Flush(rng() % 4 == 0 ? std::string(kTable) : region);
    } else if (r < 36) {
      what = "compact";
      s = admin->Compact(region, false);
    } else if (r < 44) {
      what = "major_compact";
      s = admin->Compact(region, true);
    } else if (r < 62) {
      if (regions->size() >= kMaxRegions) continue;
      what = "split";
      s = admin->Split(region);
    } else if (r < 80) {
      if (regions->size() <= 3) continue;
      const size_t k = i + 1 < regions->size() ? i : i - 1;
      what = "merge";
      s = admin->MergeRegions((*regions)[k].encoded_name, (*regions)[k + 1].encoded_name);
    } else if (r < 91) {
      what = "move";
      s = admin->Move(region, server);
    } else if (r < 96) {
      what = "balance";
      s = admin->Balance().status();
    } else {
      what = "failover";
      s = admin->StopRegionServer(server);
      if (s.ok()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20 + rng() % 100));
        s = admin->StartRegionServer(server);
      }
    }
    Log("X " + what + (s.ok() ? " ok" : " err " + s.ToString()));
  }
}

int RunChild(const std::string& dir, int cycle, uint32_t seed) {
  auto cluster = Cluster::Open(dir, LoopCluster());
  if (!cluster.ok()) {
    std::fprintf(stderr, "open: %s\n", cluster.status().ToString().c_str());
    return 3;
  }
  auto table = (*cluster)->GetTable(kTable);
  if (!table.ok()) return 4;
  Log("R");
  std::vector<std::thread> threads;
  for (int t = 0; t < kWriters; ++t) threads.emplace_back(Writer, table->get(), cycle, t, seed);
  threads.emplace_back(AdminLoop, &(*cluster)->admin(), cycle, seed);
  for (auto& t : threads) t.join();  // never: the parent kills us
  return 0;
}

// ---- The parent ------------------------------------------------------------

struct Totals {
  long acknowledged = 0, in_doubt_at_kill = 0, refused = 0;
  long lost = 0, corrupt = 0;
  long kills_while_opening = 0, store_files_verified = 0, wal_entries_split = 0;
  long torn_wal_tails = 0, orphan_dirs_removed = 0, operations_rolled_back = 0;
  std::map<std::string, long> admin_ok, admin_refused;
  QStringList findings;  // the first problems found, for the failure message
  void Finding(const QString& what) {
    if (findings.size() < 20) findings << what;
  }
};

// What one run of the child printed.
struct ChildLog {
  bool ready = false;
  std::vector<std::string> lines;
  QString stderr_text;
  bool exited_by_itself = false;
  int exit_code = 0;
};

ChildLog RunChildAndKill(const QString& dir, int cycle, uint32_t seed, QRandomGenerator& rng) {
  // A fifth of the kills land at a random moment of the first 600 ms,
  // often while the child is still opening (recovering from the last kill);
  // the others at a random moment of the first 1.5 s of load.
  const bool early = rng.bounded(5) == 0;
  const int kill_ms = early ? 20 + rng.bounded(580) : 100 + rng.bounded(1400);
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("RL_LOOP_CHILD_DIR", dir);
  env.insert("RL_LOOP_CHILD_CYCLE", QString::number(cycle));
  env.insert("RL_LOOP_CHILD_SEED", QString::number(seed));
  QProcess child;
  child.setProcessEnvironment(env);
  child.start(qEnvironmentVariable("REGIONLAB_TEST_BINARY", QCoreApplication::applicationFilePath()), {});
  ChildLog log;
  if (!child.waitForStarted(10000)) return log;
  QElapsedTimer since_start, since_ready;
  since_start.start();
  QByteArray buffer;
  auto take_lines = [&] {
    int nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      std::string line = buffer.left(nl).toStdString();
      buffer.remove(0, nl + 1);
      if (line == "R") {
        log.ready = true;
        since_ready.start();
      }
      log.lines.push_back(std::move(line));
    }
  };
  for (;;) {
    const qint64 remaining = early ? kill_ms - since_start.elapsed()
                             : log.ready ? kill_ms - since_ready.elapsed()
                                         : 60000 - since_start.elapsed();
    if (remaining <= 0) break;
    if (!child.waitForReadyRead(static_cast<int>(std::min<qint64>(remaining, 200))) &&
        child.state() != QProcess::Running) {
      log.exited_by_itself = true;
      break;
    }
    buffer += child.readAllStandardOutput();
    take_lines();
  }
  if (!log.exited_by_itself) {
    ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
  }
  child.waitForFinished(30000);
  log.exit_code = child.exitCode();
  buffer += child.readAllStandardOutput();  // a partial last line is dropped
  take_lines();
  log.stderr_text = QString::fromUtf8(child.readAllStandardError());
  return log;
}

// Replays the child's log into the model.
void ApplyLog(const ChildLog& log, int cycle, Model* model, Totals* totals) {
  std::map<std::pair<int, long>, Op> begun;
  for (const std::string& line : log.lines) {
    if (line.size() < 2) continue;
    std::istringstream in(line.substr(2));
    int thread = 0;
    long n = 0;
    if (line[0] == 'X') {
      std::string what, outcome;
      in >> what >> outcome;
      (outcome == "ok" ? totals->admin_ok : totals->admin_refused)[what]++;
      continue;
    }
    if (!(in >> thread >> n)) continue;
    const auto id = std::make_pair(thread, n);
    if (line[0] == 'B') {
      std::string rest;
      std::getline(in, rest);
      Op op;
      if (!Op::Decode(cycle, thread, n, rest, &op)) {
        totals->Finding(QString("unreadable log line: %1").arg(QString::fromStdString(line)));
        ++totals->corrupt;
        continue;
      }
      begun[id] = op;
    } else if (line[0] == 'A' || line[0] == 'F') {
      auto it = begun.find(id);
      if (it == begun.end()) continue;
      if (line[0] == 'A') {
        model->Acknowledged(it->second);
        ++totals->acknowledged;
        // What the client was told must be what the model holds now.
        std::string told;
        in >> told;
        const RowState& row = model->Row(it->second.rows[0]);
        std::string expected;
        if (it->second.kind == Op::kIncrement) {
          expected = std::to_string(static_cast<int64_t>(DecodeBigEndian64(row.at(kCounterColumn).data())));
        } else if (it->second.kind == Op::kAppend) {
          expected = std::to_string(row.at(kAppendColumn).size());
        }
        if (told != expected) {
          ++totals->lost;
          totals->Finding(QString("cycle %1: %2 answered %3, the model says %4")
                              .arg(cycle)
                              .arg(QString::fromStdString(it->second.Encode()), QString::fromStdString(told),
                                   QString::fromStdString(expected)));
        }
      } else {
        model->InDoubt(it->second);
        ++totals->refused;
      }
      begun.erase(it);
    }
  }
  for (const auto& [id, op] : begun) {  // the kill landed during these
    model->InDoubt(op);
    ++totals->in_doubt_at_kill;
  }
}

// The directory as the kill left it: the catalog passes SQLite's full
// integrity check, and every store file a live region's manifest names
// passes VerifyChecksums (trailer, index, every block's CRC and entries).
void CheckFiles(const std::string& dir, int cycle, Totals* totals) {
  auto corrupt = [&](const QString& what) {
    ++totals->corrupt;
    totals->Finding(QString("cycle %1: %2").arg(cycle).arg(what));
  };
  Env* env = Env::Default();
  const std::string catalog_path = dir + "/catalog.db";
  if (!env->FileExists(catalog_path)) return corrupt("the catalog is gone");
  auto catalog = Catalog::Open(catalog_path);
  if (!catalog.ok()) return corrupt(QString::fromStdString(catalog.status().ToString()));
  if (Status s = (*catalog)->CheckIntegrity(); !s.ok()) corrupt(QString::fromStdString(s.ToString()));
  auto regions = (*catalog)->ListAllRegions();
  if (!regions.ok()) return corrupt(QString::fromStdString(regions.status().ToString()));
  const std::string table_dir = dir + "/data/default/" + kTable;
  for (const RegionRecord& r : *regions) {
    if (r.split_parent || r.state == RegionState::kSplit || r.state == RegionState::kMerged) continue;
    const std::string region_dir = table_dir + "/" + r.encoded_name;
    RegionManifest manifest;
    Status s = ReadManifest(env, region_dir, &manifest);
    if (s.IsNotFound()) continue;  // a region that never flushed
    if (!s.ok()) {
      corrupt(QString::fromStdString(s.ToString()));
      continue;
    }
    for (const auto& [family, files] : manifest.files) {
      for (const std::string& name : files) {
        std::string path = region_dir + "/" + FamilyDirName(family) + "/" + name;
        StoreFileReference ref;
        if (ParseReferenceName(name, &ref)) {
          path = table_dir + "/" + ref.parent_region + "/" + FamilyDirName(family) + "/" + ref.file;
        }
        auto reader = StoreFileReader::Open(env, path, nullptr, {});
        if (reader.ok()) s = (*reader)->VerifyChecksums();
        if (!reader.ok() || !s.ok()) {
          corrupt(QString::fromStdString((reader.ok() ? s : reader.status()).ToString()));
          continue;
        }
        ++totals->store_files_verified;
      }
    }
  }
}

RowState StateOf(const RowResult& r) {
  RowState state;
  for (const Cell& c : r.cells) state[c.family + ":" + c.qualifier] = c.value;
  return state;
}

QString Describe(const RowState& state) {
  QStringList cells;
  for (const auto& [column, value] : state) {
    cells << QString::fromStdString(column + "=" + (column == kCounterColumn
                                                        ? std::to_string(static_cast<int64_t>(
                                                              DecodeBigEndian64(value.data())))
                                                        : value.substr(0, 24)));
  }
  return "{" + cells.join(", ") + "}";
}

// Reopens the directory and compares every row, by one full scan and by a
// get per row, with the model; then settles the model on what is there.
void CheckReopened(const std::string& dir, int cycle, Model* model, Totals* totals) {
  auto corrupt = [&](const QString& what) {
    ++totals->corrupt;
    totals->Finding(QString("cycle %1: %2").arg(cycle).arg(what));
  };
  ClusterOpenReport report;
  auto cluster = Cluster::Open(dir, LoopCluster(), &report);
  if (!cluster.ok()) return corrupt("open: " + QString::fromStdString(cluster.status().ToString()));
  totals->wal_entries_split += static_cast<long>(report.wal_entries_split);
  totals->operations_rolled_back += static_cast<long>(report.operations_recovered.size());
  for (const std::string& p : report.problems) {
    // A kill leaves at most an incomplete last WAL record, and the
    // directories of a split or merge that had not committed.
    if (p.find("(torn tail)") != std::string::npos) {
      ++totals->torn_wal_tails;
    } else if (p.rfind("removed orphan region directory", 0) == 0) {
      ++totals->orphan_dirs_removed;
    } else {
      corrupt("open reported: " + QString::fromStdString(p));
    }
  }
  auto regions = (*cluster)->admin().ListRegions(kTable);
  if (!regions.ok()) return corrupt(QString::fromStdString(regions.status().ToString()));
  if (!RegionsTile(*regions)) corrupt("the regions do not tile the key space");
  for (const auto& r : *regions) {
    if (r.state != "OPEN") corrupt(QString::fromStdString("region " + r.encoded_name + " is " + r.state));
  }
  auto table = (*cluster)->GetTable(kTable);
  if (!table.ok()) return corrupt(QString::fromStdString(table.status().ToString()));

  std::map<std::string, RowState> scanned;
  auto scanner = (*table)->GetScanner(Scan{});
  if (!scanner.ok()) return corrupt(QString::fromStdString(scanner.status().ToString()));
  RowResult rr;
  while ((*scanner)->Next(&rr)) scanned[rr.row] = StateOf(rr);
  if (!(*scanner)->status().ok()) corrupt("scan: " + QString::fromStdString((*scanner)->status().ToString()));

  std::set<std::string> rows;
  for (const auto& [row, state] : model->rows()) rows.insert(row);
  for (const auto& [row, state] : model->doubtful()) rows.insert(row);
  for (const auto& [row, state] : scanned) rows.insert(row);
  for (const std::string& row : rows) {
    auto it = scanned.find(row);
    const RowState by_scan = it == scanned.end() ? RowState{} : it->second;
    Get get;
    get.row = row;
    auto got = (*table)->Get(get);
    if (!got.ok()) {
      corrupt(QString::fromStdString("get " + row + ": " + got.status().ToString()));
      continue;
    }
    const RowState by_get = StateOf(*got);
    if (!model->Accepts(row, by_scan) || by_get != by_scan) {
      ++totals->lost;
      const auto d = model->doubtful().find(row);
      totals->Finding(QString("cycle %1: row %2: scan %3, get %4, acknowledged %5%6")
                          .arg(cycle)
                          .arg(QString::fromStdString(row), Describe(by_scan), Describe(by_get),
                               Describe(model->Row(row)),
                               d == model->doubtful().end() ? QString() : " or " + Describe(d->second)));
    }
    model->Settle(row, by_scan);
  }
  model->ClearDoubts();
  if (Status s = (*cluster)->Close(); !s.ok()) corrupt("close: " + QString::fromStdString(s.ToString()));
}

}  // namespace

class CrashLoopTest : public QObject {
  Q_OBJECT
 private slots:
  void acknowledgedWritesSurviveRepeatedKills() {
#if defined(REGIONLAB_SANITIZE_BUILD)
    const int default_cycles = 4;
#else
    const int default_cycles = 10;
#endif
    const int cycles = qEnvironmentVariableIsSet("REGIONLAB_CRASH_CYCLES")
                           ? qEnvironmentVariableIntValue("REGIONLAB_CRASH_CYCLES")
                           : default_cycles;
    const quint32 seed = qEnvironmentVariableIsSet("REGIONLAB_CRASH_SEED")
                             ? static_cast<quint32>(qEnvironmentVariable("REGIONLAB_CRASH_SEED").toUInt())
                             : QRandomGenerator::global()->generate();
    qInfo("seed %u (REGIONLAB_CRASH_SEED=%u draws the same load and kill delays again), %d cycles", seed, seed,
          cycles);
    QRandomGenerator rng(seed);
    TempDir dir;
    {
      auto cluster = Cluster::Open(dir.path(), LoopCluster());
      RL_QVERIFY_OK(cluster.status());
      RL_QVERIFY_OK((*cluster)->admin().CreateTable(LoopTable(), {"4", "8", "c"}));
      RL_QVERIFY_OK((*cluster)->Close());
    }
    Model model;
    Totals totals;
    for (int cycle = 0; cycle < cycles; ++cycle) {
      const ChildLog log = RunChildAndKill(QString::fromStdString(dir.path()), cycle, seed, rng);
      QVERIFY2(!log.exited_by_itself,
               qPrintable(QString("seed %1 cycle %2: the child ended on its own (exit %3): %4")
                              .arg(seed)
                              .arg(cycle)
                              .arg(log.exit_code)
                              .arg(log.stderr_text)));
      if (!log.ready) ++totals.kills_while_opening;
      const long acknowledged_before = totals.acknowledged;
      ApplyLog(log, cycle, &model, &totals);
      CheckFiles(dir.path(), cycle, &totals);
      CheckReopened(dir.path(), cycle, &model, &totals);
      qInfo("cycle %d: %s, %ld operations acknowledged, %zu rows; lost %ld, corrupt %ld", cycle,
            log.ready ? "killed under load" : "killed while opening", totals.acknowledged - acknowledged_before,
            model.rows().size(), totals.lost, totals.corrupt);
      QVERIFY2(totals.lost == 0 && totals.corrupt == 0,
               qPrintable(QString("seed %1: %2").arg(seed).arg(totals.findings.join("\n"))));
    }
    QStringList admin;
    for (const auto& [what, count] : totals.admin_ok) {
      admin << QString("%1 %2 (+%3 refused)").arg(QString::fromStdString(what)).arg(count).arg(totals.admin_refused[what]);
    }
    qInfo("%d cycles (%ld killed while opening): %ld operations acknowledged, %ld in flight at a kill, "
          "%ld refused; admin: %s; %ld store files verified, %ld WAL entries split, %ld torn WAL tails, "
          "%ld orphan region directories removed, %ld unfinished operations rolled back; "
          "lost %ld, corrupt %ld",
          cycles, totals.kills_while_opening, totals.acknowledged, totals.in_doubt_at_kill, totals.refused,
          qPrintable(admin.join(", ")), totals.store_files_verified, totals.wal_entries_split,
          totals.torn_wal_tails, totals.orphan_dirs_removed, totals.operations_rolled_back, totals.lost,
          totals.corrupt);
  }
};

int main(int argc, char** argv) {
  if (const char* dir = std::getenv("RL_LOOP_CHILD_DIR")) {
    return RunChild(dir, std::atoi(std::getenv("RL_LOOP_CHILD_CYCLE")),
                    static_cast<uint32_t>(std::strtoul(std::getenv("RL_LOOP_CHILD_SEED"), nullptr, 10)));
  }
  QCoreApplication app(argc, argv);
  CrashLoopTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "crash_loop_test.moc"
