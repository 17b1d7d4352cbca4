// The db_bench-style workloads of WorkloadRunner, and the steps every
// workload shares.
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <thread>

#include "workload_runner.h"

namespace regionlab::bench {

namespace {
constexpr uint64_t kSeekNexts = 100;

uint64_t nanosSince(std::chrono::steady_clock::time_point t0) {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
          .count());
}
}  // namespace

const std::vector<WorkloadInfo>& WorkloadRunner::workloads() {
  static const std::vector<WorkloadInfo> kAll = {
      {"fillseq", "N puts in key order into an empty store", true},
      {"fillrandom", "N puts in random order into an empty store", true},
      {"overwrite", "N puts of random existing keys", true},
      // db_bench's compact; only when named, so that the default runs' other
      // workloads read the layout the engines' own compaction policies leave.
      {"compact", "flush, then compact everything (one op; only when named)", false, false},
      {"readrandom-cold", "reopen, then N gets of random keys", false},
      {"readrandom-warm", "N gets of random keys, cache warm", false},
      {"readmissing", "N gets of absent keys inside the key range", false},
      {"seekrandom", "N/10 seeks, each + 100 nexts", false},
      {"readseq", "full scan in key order", false},
      {"readreverse", "full scan in reverse order", false},
      {"readwhilewriting", "N gets while one thread puts", false},
      {"ycsb-a", "50% read, 50% update", true},
      {"ycsb-b", "95% read, 5% update", false},
      {"ycsb-c", "100% read", false},
      {"ycsb-d", "95% read latest, 5% insert", false},
      {"ycsb-e", "N/10 ops: 95% scan 1..100, 5% insert", false},
      {"ycsb-f", "50% read, 50% read-modify-write", true},
      // Last, so that no workload above starts on the compacted layout.
      {"readrandom-compacted", "readrandom-warm after an untimed full compaction", false, true,
       "readrandom-warm"},
      {"seekrandom-compacted", "seekrandom after an untimed full compaction", false, true,
       "seekrandom"},
      {"readseq-compacted", "readseq after an untimed full compaction", false, true, "readseq"},
      {"readreverse-compacted", "readreverse after an untimed full compaction", false, true,
       "readreverse"},
  };
  return kAll;
}

const WorkloadInfo* WorkloadRunner::find(const std::string& name) {
  for (const auto& w : workloads()) {
    if (name == w.name) return &w;
  }
  return nullptr;
}

WorkloadRunner::WorkloadRunner(KvStore* store, std::string dir, const RecordFormat* format,
                               RunParameters params)
    : m_store(store), m_dir(std::move(dir)), m_format(format), m_params(params) {}

regionlab::Random WorkloadRunner::rngFor(const std::string& workload) const {
  uint64_t h = m_params.seed * 0x9e3779b97f4a7c15ull;
  for (char c : workload) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return regionlab::Random(h);
}

WorkloadResult WorkloadRunner::run(const std::string& workload) {
  WorkloadResult r;
  r.name = workload;
  // A read after a full compaction runs as the workload it repeats (its
  // random sequence still follows its own name: see rngFor(r->name)).
  const WorkloadInfo* info = find(workload);
  const bool afterCompaction = info != nullptr && info->repeatsAfterCompaction != nullptr;
  const std::string name = afterCompaction ? info->repeatsAfterCompaction : workload;
  m_digest = ReadDigest();
  const bool fills = name == "fillseq" || name == "fillrandom";
  if (!fills) {
    Status s = ensureLoaded();
    if (!s.ok()) {
      fail(&r, s, "loading the records");
      return r;
    }
  }
  if (afterCompaction) {
    Status s = ensureCompacted();
    if (!s.ok()) {
      fail(&r, s, "compacting first");
      return r;
    }
  }
  m_clock = Stopwatch();  // each workload restarts it, with its layout, when its timed part begins
  if (name == "fillseq" || name == "fillrandom") {
    fill(&r, name == "fillseq");
  } else if (name == "overwrite") {
    overwrite(&r);
  } else if (name == "compact") {
    compact(&r);
  } else if (name == "readrandom-cold" || name == "readrandom-warm") {
    readRandom(&r, name == "readrandom-cold");
  } else if (name == "readmissing") {
    readMissing(&r);
  } else if (name == "seekrandom") {
    seekRandom(&r);
  } else if (name == "readseq" || name == "readreverse") {
    readFull(&r, name == "readreverse");
  } else if (name == "readwhilewriting") {
    readWhileWriting(&r);
  } else if (name.size() == 6 && name.compare(0, 5, "ycsb-") == 0 && name[5] >= 'a' &&
             name[5] <= 'f') {
    ycsb(&r, name[5]);
  } else {
    r.error = "unknown workload " + name;
  }
  r.seconds = m_clock.elapsedSeconds();
  r.digest = m_digest.value();
  return r;
}

bool WorkloadRunner::fail(WorkloadResult* r, const Status& s, const char* what) {
  if (r->error.empty()) r->error = std::string(what) + ": " + s.ToString();
  return false;
}

bool WorkloadRunner::timedPut(WorkloadResult* r, uint64_t index, uint64_t version,
                              uint64_t* nanos) {
  RecordFormat::key(index, &m_key);
  m_format->value(index, version, &m_value);
  const auto t0 = std::chrono::steady_clock::now();
  Status s = m_store->put(m_key, m_value);
  const uint64_t took = nanosSince(t0);
  nanos != nullptr ? void(*nanos = took) : r->latency.Add(took);
  if (!s.ok()) return fail(r, s, "put");
  if (index >= m_versions.size()) m_versions.resize(index + 1, 0);
  m_versions[index] = version;
  ++r->writes;
  r->writtenBytes += m_key.size() + m_value.size();
  m_userBytesWritten += m_key.size() + m_value.size();
  return true;
}

bool WorkloadRunner::timedGet(WorkloadResult* r, uint64_t index, uint64_t* nanos) {
  RecordFormat::key(index, &m_key);
  bool found = false;
  const auto t0 = std::chrono::steady_clock::now();
  Status s = m_store->get(m_key, &m_read, &found);
  const uint64_t took = nanosSince(t0);
  nanos != nullptr ? void(*nanos = took) : r->latency.Add(took);
  if (!s.ok()) return fail(r, s, "get");
  checkRead(r, index, found, m_read);
  return true;
}

void WorkloadRunner::checkRead(WorkloadResult* r, uint64_t index, bool found,
                               std::string_view value) {
  const bool present = index < m_versions.size() && m_versions[index] != 0;
  if (found) {
    ++r->found;
    ++r->rows;
    r->bytes += kKeyBytes + value.size();
    m_digest.add(value);
    if (!present || !m_format->matches(value, index, m_versions[index])) ++r->wrong;
  } else {
    ++r->notFound;
    m_digest.add({});
    if (present) ++r->wrong;
  }
}

bool WorkloadRunner::timedRange(WorkloadResult* r, uint64_t start, uint64_t limit) {
  ScanRequest request;
  RecordFormat::key(start, &request.start);
  request.limit = limit;
  const uint64_t expectedRows =
      std::min(limit, m_versions.size() - std::min<uint64_t>(start, m_versions.size()));
  uint64_t next = start, rows = 0;
  const auto t0 = std::chrono::steady_clock::now();
  Status s = m_store->scan(request, [&](std::string_view key, std::string_view value) {
    const auto index = RecordFormat::indexOf(key);
    ++rows;
    if (!index || *index != next) {
      ++r->wrong;
      m_digest.add(key);
    } else {
      checkRead(r, *index, true, value);
    }
    ++next;
  });
  r->latency.Add(nanosSince(t0));
  if (!s.ok()) return fail(r, s, "scan");
  if (rows != expectedRows) ++r->wrong;
  return true;
}

Status WorkloadRunner::recreateStore() {
  m_loaded = false;
  RL_RETURN_IF_ERROR(m_store->close());
  std::error_code ec;
  std::filesystem::remove_all(m_dir, ec);
  if (ec) return Status::IOError("removing " + m_dir + ": " + ec.message());
  m_versions.clear();
  return m_store->open();
}

Status WorkloadRunner::ensureLoaded() {
  if (m_loaded) return Status::OK();
  WorkloadResult load;
  fill(&load, /*sequential=*/true);
  if (!load.error.empty()) return Status::IOError(load.error);
  return Status::OK();
}

void WorkloadRunner::fill(WorkloadResult* r, bool sequential) {
  if (Status s = recreateStore(); !s.ok()) {
    fail(r, s, "recreating the store");
    return;
  }
  const uint64_t n = m_params.records;
  std::vector<uint64_t> order;
  if (!sequential) {
    order.resize(n);
    for (uint64_t i = 0; i < n; ++i) order[i] = i;
    regionlab::Random rng = rngFor("fillrandom");
    for (uint64_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.Uniform(i)]);
  }
  m_versions.assign(n, 0);
  startClock(r);
  for (uint64_t i = 0; i < n; ++i) {
    if (!timedPut(r, sequential ? i : order[i], newVersion())) return;
    ++r->ops;
    ++r->rows;
    r->bytes += kKeyBytes + m_format->valueBytes();
  }
  m_loaded = true;
}

void WorkloadRunner::compact(WorkloadResult* r) {
  startClock(r);
  const auto t0 = std::chrono::steady_clock::now();
  Status s = m_store->compactAll();
  r->latency.Add(nanosSince(t0));
  if (!s.ok()) {
    fail(r, s, "compaction");
    return;
  }
  m_compactedAtBytes = m_userBytesWritten;
  r->ops = 1;
}

Status WorkloadRunner::ensureCompacted() {
  if (m_compactedAtBytes == m_userBytesWritten) return Status::OK();
  RL_RETURN_IF_ERROR(m_store->compactAll());
  m_compactedAtBytes = m_userBytesWritten;
  return Status::OK();
}

void WorkloadRunner::overwrite(WorkloadResult* r) {
  regionlab::Random rng = rngFor("overwrite");
  startClock(r);
  for (uint64_t i = 0; i < m_params.ops; ++i) {
    if (!timedPut(r, rng.Uniform(m_versions.size()), newVersion())) return;
    ++r->ops;
    ++r->rows;
    r->bytes += kKeyBytes + m_format->valueBytes();
  }
}

void WorkloadRunner::readRandom(WorkloadResult* r, bool reopen) {
  if (reopen) {
    Status s = m_store->close();
    if (s.ok()) s = m_store->open();
    if (!s.ok()) {
      fail(r, s, "reopening");
      return;
    }
  }
  regionlab::Random rng = rngFor(r->name);
  startClock(r);
  for (uint64_t i = 0; i < m_params.ops; ++i) {
    if (!timedGet(r, rng.Uniform(m_versions.size()))) return;
    ++r->ops;
  }
}

void WorkloadRunner::readMissing(WorkloadResult* r) {
  regionlab::Random rng = rngFor("readmissing");
  startClock(r);
  for (uint64_t i = 0; i < m_params.ops; ++i) {
    RecordFormat::missingKey(rng.Uniform(m_versions.size()), &m_key);
    bool found = false;
    const auto t0 = std::chrono::steady_clock::now();
    Status s = m_store->get(m_key, &m_read, &found);
    r->latency.Add(nanosSince(t0));
    if (!s.ok()) {
      fail(r, s, "get");
      return;
    }
    ++r->ops;
    if (found) {
      ++r->found;
      ++r->wrong;
      m_digest.add(m_read);
    } else {
      ++r->notFound;
      m_digest.add({});
    }
  }
}

void WorkloadRunner::seekRandom(WorkloadResult* r) {
  regionlab::Random rng = rngFor(r->name);
  startClock(r);
  for (uint64_t i = 0; i < m_params.scanOps; ++i) {
    if (!timedRange(r, rng.Uniform(m_versions.size()), kSeekNexts)) return;
    ++r->ops;
  }
}

void WorkloadRunner::readFull(WorkloadResult* r, bool reverse) {
  ScanRequest request;
  request.reverse = reverse;
  const uint64_t count = m_versions.size();
  uint64_t rows = 0;
  startClock(r);
  auto last = std::chrono::steady_clock::now();
  Status s = m_store->scan(request, [&](std::string_view key, std::string_view value) {
    r->latency.Add(nanosSince(last));  // time to produce this row
    const uint64_t expected = reverse ? count - 1 - rows : rows;
    const auto index = RecordFormat::indexOf(key);
    if (rows >= count || !index || *index != expected) {
      ++r->wrong;
      m_digest.add(key);
    } else {
      checkRead(r, *index, true, value);
    }
    ++rows;
    last = std::chrono::steady_clock::now();
  });
  r->ops = rows;
  if (!s.ok()) {
    fail(r, s, "scan");
    return;
  }
  if (rows != count) ++r->wrong;
}

void WorkloadRunner::readWhileWriting(WorkloadResult* r) {
  startClock(r);
  std::atomic<bool> readerDone{false};
  uint64_t writes = 0, writtenBytes = 0;
  Status writerStatus;
  std::thread writer([&] {
    regionlab::Random rng = rngFor("readwhilewriting/writer");
    std::string key, value;
    while (!readerDone.load(std::memory_order_relaxed)) {
      const uint64_t index = rng.Uniform(m_versions.size());
      RecordFormat::key(index, &key);
      m_format->value(index, m_versions[index], &value);  // the value the key holds
      writerStatus = m_store->put(key, value);
      if (!writerStatus.ok()) return;
      ++writes;
      writtenBytes += key.size() + value.size();
    }
  });
  regionlab::Random rng = rngFor("readwhilewriting");
  for (uint64_t i = 0; i < m_params.ops; ++i) {
    if (!timedGet(r, rng.Uniform(m_versions.size()))) break;
    ++r->ops;
  }
  readerDone = true;
  writer.join();
  r->writes = writes;
  r->writtenBytes = writtenBytes;
  m_userBytesWritten += writtenBytes;
  if (!writerStatus.ok()) fail(r, writerStatus, "writer put");
}

}  // namespace regionlab::bench
