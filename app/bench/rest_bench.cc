#include "rest_bench.h"

#include <httplib.h>
#include <sys/resource.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <thread>

#include "records.h"
#include "regionlab/cluster.h"
#include "rest/codec.h"
#include "rest/http_server.h"
#include "rest/rest_service.h"
#include "rest/url_codec.h"
#include "util/random.h"

namespace regionlab::bench {

namespace {

constexpr char kTable[] = "usertable";
constexpr char kFamily[] = "cf";
constexpr char kQualifier[] = "f";
constexpr int kScanBatch = 1000;

// What one client thread did.
struct ThreadResult {
  LatencyHistogram latency;
  uint64_t count = 0, wrong = 0;
  std::string error;
};

double ProcessCpuSeconds() {
  rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// Runs `body(thread, result)` on `threads` threads at once and returns the
// wall time from their common start to the last one's end; *cpu gets the
// process's CPU seconds over the same span.
double RunThreads(int threads, const std::function<void(int, ThreadResult*)>& body,
                  std::vector<ThreadResult>* results, double* cpu) {
  results->assign(static_cast<size_t>(threads), ThreadResult{});
  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      ready.fetch_add(1);
      while (!go.load()) std::this_thread::yield();
      body(t, &(*results)[static_cast<size_t>(t)]);
    });
  }
  while (ready.load() < threads) std::this_thread::yield();
  const double cpu_before = ProcessCpuSeconds();
  Stopwatch clock;
  go.store(true);
  for (auto& th : pool) th.join();
  *cpu = ProcessCpuSeconds() - cpu_before;
  return clock.elapsedSeconds();
}

// Folds the threads' results into one side (REST or in-process) of `r`.
void Collect(const std::vector<ThreadResult>& threads, double seconds, double cpu, bool rest,
             RestBenchResult* r) {
  (rest ? r->restCpuSeconds : r->localCpuSeconds) = cpu;
  LatencyHistogram& latency = rest ? r->restLatency : r->localLatency;
  uint64_t& count = rest ? r->restCount : r->localCount;
  (rest ? r->restSeconds : r->localSeconds) = seconds;
  for (const ThreadResult& t : threads) {
    latency.Merge(t.latency);
    count += t.count;
    r->wrong += t.wrong;
    if (r->error.empty() && !t.error.empty()) r->error = (rest ? "REST: " : "in-process: ") + t.error;
  }
}

TableDescriptor TableNamed(const std::string& name, Durability durability) {
  TableDescriptor d;
  d.name = name;
  d.durability = durability;
  FamilyOptions f;
  f.name = kFamily;
  d.families.push_back(f);
  return d;
}

Status CreateAndLoad(Cluster* cluster, const std::string& table, const RestBenchConfig& config,
                     const RecordFormat& format, bool load) {
  RL_RETURN_IF_ERROR(cluster->admin().CreateTable(
      TableNamed(table, Durability::kAsyncWal), RecordFormat::splitKeys(config.records, config.regions)));
  if (!load) return Status::OK();
  auto t = cluster->GetTable(table);
  if (!t.ok()) return t.status();
  std::vector<RowMutation> batch;
  std::string value;
  for (uint64_t i = 0; i < config.records; ++i) {
    RowMutation m;
    m.row = RecordFormat::key(i);
    format.value(i, 0, &value);
    m.Put(kFamily, kQualifier, value);
    batch.push_back(std::move(m));
    if (batch.size() == 1000 || i + 1 == config.records) {
      RL_RETURN_IF_ERROR((*t)->Batch(batch));
      batch.clear();
    }
  }
  return cluster->WaitForBackgroundWork();
}

std::unique_ptr<httplib::Client> NewClient(int port) {
  auto c = std::make_unique<httplib::Client>("127.0.0.1", port);
  c->set_keep_alive(true);
  c->set_tcp_nodelay(true);
  c->set_read_timeout(60);
  c->set_write_timeout(60);
  return c;
}

rest::MediaType TypeOf(const std::string& format) {
  if (format == "protobuf") return rest::MediaType::kProtobuf;
  if (format == "binary") return rest::MediaType::kBinary;
  return rest::MediaType::kJson;
}

// The value of the one cell in a GET's body.
bool CellValue(rest::MediaType type, const std::string& body, std::string* value) {
  if (type == rest::MediaType::kBinary) {
    *value = body;
    return true;
  }
  auto set = rest::ParseCellSet(type, body);
  if (!set.ok() || set->rows.size() != 1 || set->rows[0].cells.size() != 1) return false;
  *value = std::move(set->rows[0].cells[0].value);
  return true;
}

std::string PutBody(rest::MediaType type, const std::string& key, const std::string& value) {
  if (type == rest::MediaType::kBinary) return value;
  RowResult row;
  row.row = key;
  row.cells.push_back({key, kFamily, kQualifier, kLatestTimestamp, CellType::kPut, value, 0});
  if (type == rest::MediaType::kProtobuf) return rest::WriteCellSet(type, {row});
  // A client's CellSet names no timestamp: the server's clock decides.
  std::string json = "{\"Row\":[{\"key\":\"" + rest::Base64Encode(key) +
                     "\",\"Cell\":[{\"column\":\"" + rest::Base64Encode("cf:f") + "\",\"$\":\"" +
                     rest::Base64Encode(value) + "\"}]}]}";
  return json;
}

// A scanner's key range for client `t` of `clients`.
std::pair<std::string, std::string> SliceOf(uint64_t records, int clients, int t) {
  const auto keys = RecordFormat::splitKeys(records, clients);
  const std::string start = t == 0 || keys.size() < static_cast<size_t>(t) ? "" : keys[t - 1];
  const std::string stop = static_cast<size_t>(t) < keys.size() ? keys[t] : "";
  return {start, stop};
}

// A protobuf CellSet walked field by field (HBase's field numbers) without
// building message objects, as a lean client reads it: `cell` is called
// with each cell's row key and value; false when the bytes do not parse.
class PbReader {
 public:
  explicit PbReader(std::string_view b) : b_(b) {}
  bool done() const { return p_ >= b_.size(); }
  bool Varint(uint64_t* v) {
    *v = 0;
    for (int shift = 0; shift < 64 && p_ < b_.size(); shift += 7) {
      const uint8_t c = static_cast<uint8_t>(b_[p_++]);
      *v |= static_cast<uint64_t>(c & 0x7F) << shift;
      if (!(c & 0x80)) return true;
    }
    return false;
  }
  // The next field's number and, for length-delimited ones, its bytes.
  bool Field(int* number, std::string_view* bytes) {
    uint64_t tag, v;
    if (!Varint(&tag)) return false;
    *number = static_cast<int>(tag >> 3);
    switch (tag & 7) {
      case 0: return Varint(&v);
      case 2:
        if (!Varint(&v) || v > b_.size() - p_) return false;
        *bytes = b_.substr(p_, v);
        p_ += v;
        return true;
      default: return false;
    }
  }

 private:
  std::string_view b_;
  size_t p_ = 0;
};

template <typename F>
bool ForEachCell(std::string_view cellset, F cell) {
  PbReader set(cellset);
  while (!set.done()) {
    int n;
    std::string_view row;
    if (!set.Field(&n, &row)) return false;
    if (n != 1) continue;
    PbReader r(row);
    std::string_view key;
    while (!r.done()) {
      std::string_view bytes;
      if (!r.Field(&n, &bytes)) return false;
      if (n == 1) key = bytes;
      if (n != 2) continue;
      PbReader c(bytes);
      std::string_view value;
      while (!c.done()) {
        std::string_view part;
        if (!c.Field(&n, &part)) return false;
        if (n == 4) value = part;
      }
      cell(key, value);
    }
  }
  return true;
}

bool ScannedValueOk(const RecordFormat& format, std::string_view key, std::string_view value) {
  auto index = RecordFormat::indexOf(key);
  return index && (format.matches(value, *index, 0) || format.matches(value, *index, 1));
}

void printProgress(std::FILE* out, const RestBenchResult& r) {
  std::fprintf(out, "    round %d %-10s %-9s %12.0f %s/s via REST, %12.0f in process%s%s\n", r.round,
               r.workload.c_str(), r.durability.c_str(), r.restRate(), r.unit.c_str(), r.localRate(),
               r.error.empty() ? "" : "  ", r.error.c_str());
  std::fflush(out);
}

}  // namespace

bool isRestWorkload(const std::string& name) {
  for (const auto& [n, d] : restWorkloads()) {
    if (name == n) return true;
  }
  return false;
}

const std::vector<std::pair<const char*, const char*>>& restWorkloads() {
  static const std::vector<std::pair<const char*, const char*>> kAll = {
      {"rest-get", "N one-cell GETs through the REST gateway (JSON) vs Table::Get"},
      {"rest-put", "N one-cell PUTs through the REST gateway (JSON) vs Table::Put, per durability"},
      {"rest-scan", "a full scan through REST scanners (batch 1000, protobuf) vs ResultScanner;"
                    " cells/s and RSS growth"},
  };
  return kAll;
}

namespace {

// What every workload needs: the cluster, the gateway's port, the loaded table.
struct Bench {
  const RestBenchConfig& config;
  const RecordFormat& format;
  Cluster* cluster;
  std::shared_ptr<Table> table;
  int port;
  uint64_t perClient;
};

// rest-get, one side.
void GetSide(const Bench& b, bool viaRest, rest::MediaType type, RestBenchResult* r) {
  std::vector<ThreadResult> threads;
  double cpu = 0;
  const std::string accept = rest::MediaTypeName(type);
  const double secs = RunThreads(b.config.clients, [&](int t, ThreadResult* tr) {
    Random random(b.config.seed + t);
    std::unique_ptr<httplib::Client> client = viaRest ? NewClient(b.port) : nullptr;
    const httplib::Headers headers = {{"Accept", accept}};
    Get get;
    get.columns.push_back({kFamily, kQualifier, false});
    RowResult row;
    std::string key, value;
    for (uint64_t i = 0; i < b.perClient; ++i) {
      const uint64_t index = random.Uniform(b.config.records);
      RecordFormat::key(index, &key);
      Stopwatch op;
      if (viaRest) {
        const std::string path = std::string("/") + kTable + "/" + key + "/cf:f";
        auto res = client->Get(path.c_str(), headers);
        tr->latency.Add(op.elapsedNanos());
        if (!res || res->status != 200) {
          tr->error = res ? "GET " + path + ": " + std::to_string(res->status) : "GET: no answer";
          return;
        }
        tr->wrong += !CellValue(type, res->body, &value) || !b.format.matches(value, index, 0);
      } else {
        get.row = key;
        Status s = b.table->Get(get, &row);
        tr->latency.Add(op.elapsedNanos());
        if (!s.ok()) {
          tr->error = s.ToString();
          return;
        }
        tr->wrong += row.cells.size() != 1 || !b.format.matches(row.cells[0].value, index, 0);
      }
      ++tr->count;
    }
  }, &threads, &cpu);
  Collect(threads, secs, cpu, viaRest, r);
}

// rest-scan, one side: each client scans its slice of the key space.
void ScanSide(const Bench& b, bool viaRest, rest::MediaType type, RestBenchResult* r) {
  std::vector<ThreadResult> threads;
  double cpu = 0;
  const rest::MediaType answer = type == rest::MediaType::kBinary ? rest::MediaType::kProtobuf : type;
  const std::string accept = rest::MediaTypeName(answer);
  const double secs = RunThreads(b.config.clients, [&](int t, ThreadResult* tr) {
    const auto [start, stop] = SliceOf(b.config.records, b.config.clients, t);
    if (!viaRest) {
      Scan scan;
      scan.start_row = start;
      scan.stop_row = stop;
      scan.caching = kScanBatch;
      auto scanner = b.table->GetScanner(scan);
      if (!scanner.ok()) {
        tr->error = scanner.status().ToString();
        return;
      }
      RowResult row;
      Stopwatch batch;
      uint64_t inBatch = 0;
      while ((*scanner)->Next(&row)) {
        for (const Cell& c : row.cells) tr->wrong += !ScannedValueOk(b.format, row.row, c.value);
        tr->count += row.cells.size();
        inBatch += row.cells.size();
        if (inBatch >= kScanBatch) {
          tr->latency.Add(batch.elapsedNanos());
          batch = Stopwatch();
          inBatch = 0;
        }
      }
      if (!(*scanner)->status().ok()) tr->error = (*scanner)->status().ToString();
      return;
    }
    auto client = NewClient(b.port);
    std::string body = "{\"batch\":" + std::to_string(kScanBatch);
    if (!start.empty()) body += ",\"startRow\":\"" + rest::Base64Encode(start) + "\"";
    if (!stop.empty()) body += ",\"endRow\":\"" + rest::Base64Encode(stop) + "\"";
    body += "}";
    auto created = client->Put((std::string("/") + kTable + "/scanner").c_str(), body, "application/json");
    if (!created || created->status != 201) {
      tr->error = "scanner: " + std::string(created ? std::to_string(created->status) : "no answer");
      return;
    }
    const std::string location = created->get_header_value("Location");
    const std::string path = location.substr(location.find('/', 7));
    const httplib::Headers headers = {{"Accept", accept}};
    for (;;) {
      Stopwatch op;
      auto res = client->Get(path.c_str(), headers);
      if (!res || (res->status != 200 && res->status != 204)) {
        tr->error = "scanner GET: " + std::string(res ? std::to_string(res->status) : "no answer");
        return;
      }
      if (res->status == 204) break;
      bool parsed;
      if (answer == rest::MediaType::kProtobuf) {
        parsed = ForEachCell(res->body, [&](std::string_view key, std::string_view value) {
          tr->wrong += !ScannedValueOk(b.format, key, value);
          ++tr->count;
        });
      } else {
        auto set = rest::ParseCellSet(answer, res->body);
        parsed = set.ok();
        for (const auto& row : parsed ? set->rows : std::vector<rest::RowModel>{}) {
          for (const auto& c : row.cells) tr->wrong += !ScannedValueOk(b.format, *row.key, c.value);
          tr->count += row.cells.size();
        }
      }
      tr->latency.Add(op.elapsedNanos());
      if (!parsed) {
        tr->error = "the scanner's batch does not parse";
        return;
      }
    }
    (void)client->Delete(path.c_str());
  }, &threads, &cpu);
  Collect(threads, secs, cpu, viaRest, r);
}

// rest-put, one side, into a fresh table `name`.
void PutSide(const Bench& b, bool viaRest, rest::MediaType type, Durability durability,
             const std::string& name, uint64_t ops, RestBenchResult* r) {
  TableDescriptor d = TableNamed(name, durability);
  if (Status s = b.cluster->admin().CreateTable(d, RecordFormat::splitKeys(b.config.records, b.config.regions));
      !s.ok()) {
    r->error = s.ToString();
    return;
  }
  auto target = b.cluster->GetTable(name);
  const char* contentType = rest::MediaTypeName(type);
  std::vector<ThreadResult> threads;
  double cpu = 0;
  const double secs = RunThreads(b.config.clients, [&](int t, ThreadResult* tr) {
    Random random(b.config.seed + 1000 + t);
    std::unique_ptr<httplib::Client> client = viaRest ? NewClient(b.port) : nullptr;
    std::string key, value;
    for (uint64_t i = 0; i < ops; ++i) {
      const uint64_t index = random.Uniform(b.config.records);
      RecordFormat::key(index, &key);
      b.format.value(index, 1, &value);
      Stopwatch op;
      if (viaRest) {
        const std::string path = "/" + name + "/" + key + "/cf:f";
        auto res = client->Put(path.c_str(), PutBody(type, key, value), contentType);
        tr->latency.Add(op.elapsedNanos());
        if (!res || res->status != 200) {
          tr->error = "PUT " + path + ": " + (res ? std::to_string(res->status) + " " + res->body : "no answer");
          return;
        }
      } else {
        RowMutation m;
        m.row = key;
        m.Put(kFamily, kQualifier, value);
        Status s = (*target)->Put(m);
        tr->latency.Add(op.elapsedNanos());
        if (!s.ok()) {
          tr->error = s.ToString();
          return;
        }
      }
      ++tr->count;
    }
  }, &threads, &cpu);
  Collect(threads, secs, cpu, viaRest, r);
}

}  // namespace

std::vector<RestBenchResult> runRestBench(const RestBenchConfig& config, std::FILE* out) {
  std::vector<RestBenchResult> results;
  const RecordFormat format(config.valueBytes);
  const std::string dir = config.dataDir + "/rest";
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  ClusterOptions options;
  options.metrics_interval_ms = 0;
  options.persist_metrics = false;
  auto opened = Cluster::Open(dir, options);
  RestBenchResult failure;
  failure.workload = "setup";
  if (!opened.ok()) {
    failure.error = opened.status().ToString();
    return {failure};
  }
  std::unique_ptr<Cluster> cluster = std::move(*opened);
  std::fprintf(out, "  loading %llu records of %zu-byte values (untimed)\n",
               static_cast<unsigned long long>(config.records), config.valueBytes);
  std::fflush(out);
  if (Status s = CreateAndLoad(cluster.get(), kTable, config, format, true); !s.ok()) {
    failure.error = s.ToString();
    return {failure};
  }
  rest::RestOptions rest_options;
  rest_options.server_software = rest::HttpServer::SoftwareName();
  rest::RestService service(cluster.get(), rest_options);
  rest::HttpServerOptions http;
  http.port = 0;
  http.threads = config.clients + 2;
  rest::HttpServer server(&service, http);
  if (Status s = server.Start(); !s.ok()) {
    failure.error = s.ToString();
    return {failure};
  }
  auto table = cluster->GetTable(kTable);
  const Bench b{config, format, cluster.get(), *table, server.port(),
                std::max<uint64_t>(config.records / config.clients, 1)};
  auto formatFor = [&](const char* fallback) { return config.format.empty() ? fallback : config.format; };

  for (const std::string& workload : config.workloads) {
    for (int round = 1; round <= config.rounds; ++round) {
      // Every second round the gateway goes first, so neither side always
      // meets the machine in the same state.
      const bool restFirst = round % 2 == 0;
      RestBenchResult r;
      r.workload = workload;
      r.round = round;
      r.clients = config.clients;
      if (workload == "rest-get") {
        r.format = formatFor("json");
        r.unit = "ops";
        for (bool viaRest : {restFirst, !restFirst}) GetSide(b, viaRest, TypeOf(r.format), &r);
        results.push_back(std::move(r));
        printProgress(out, results.back());
      } else if (workload == "rest-scan") {
        r.format = formatFor("protobuf");
        r.unit = "cells";
        r.scannedBytes = config.records * (kKeyBytes + config.valueBytes);
        // One untimed scan first, so that neither side finds a colder cache
        // than the other (a table larger than the cache is cold for both).
        if (auto warm = b.table->GetScanner(Scan{}); warm.ok()) {
          RowResult row;
          while ((*warm)->Next(&row)) {
          }
        }
        for (bool viaRest : {restFirst, !restFirst}) {
          if (!viaRest) {
            ScanSide(b, false, TypeOf(r.format), &r);
            continue;
          }
          // The gateway's scan: the process's resident memory from here.
          process::releaseFreeMemory();
          const bool rssKnown = process::resetPeakRss();
          const uint64_t before = process::peakRssBytes();
          ScanSide(b, true, TypeOf(r.format), &r);
          const uint64_t peak = process::peakRssBytes();
          if (rssKnown) r.rssGrowthBytes = peak - std::min(before, peak);
        }
        results.push_back(std::move(r));
        printProgress(out, results.back());
      } else if (workload == "rest-put") {
        for (SyncMode mode : config.modes) {
          RestBenchResult p = r;
          p.format = formatFor("json");
          p.unit = "ops";
          p.durability = syncModeName(mode);
          const bool sync = mode == SyncMode::kSyncWal;
          // SYNC_WAL syncs every write: a hundredth of the operations, as the
          // main benchmark's SYNC_WAL pass.
          const uint64_t ops = sync ? std::max<uint64_t>(b.perClient / 100, 250) : b.perClient;
          for (bool viaRest : {restFirst, !restFirst}) {
            const std::string name = std::string("puts_") + (viaRest ? "rest_" : "local_") +
                                     (sync ? "sync_" : "async_") + std::to_string(round);
            PutSide(b, viaRest, TypeOf(p.format), sync ? Durability::kSyncWal : Durability::kAsyncWal,
                    name, ops, &p);
          }
          results.push_back(std::move(p));
          printProgress(out, results.back());
        }
      }
    }
  }
  server.Stop();
  if (Status s = cluster->Close(); !s.ok() && !results.empty() && results.back().error.empty()) {
    results.back().error = "close: " + s.ToString();
  }
  std::filesystem::remove_all(dir, ec);
  return results;
}

}  // namespace regionlab::bench
