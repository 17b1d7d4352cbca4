// RestService: HBase's REST gateway protocol (HBase 2.x's hbase-rest) over
// RegionLab's embedded cluster: one call turns a request into a response,
// with no socket involved (the transport is http_server.h).
//
// Resources, as in HBase: /version, /version/cluster, /status/cluster, /
// (tables), /namespaces..., /TABLE/{exists,schema,regions}, rows and cells
// (/TABLE/ROW/COLUMNS/TIMESTAMPS, globs, multiget, check-and-mutate), the
// stateless scan (/TABLE/PREFIX*), stateful scanners (/TABLE/scanner) and
// /jmx. docs/rest-gateway.md lists what is served and how RegionLab differs.
//
// Errors: HBase's status codes with text/plain bodies that name what was
// wrong. A client's mistake is always a 4xx, never a 500; a request that is
// refused writes nothing (bodies are checked whole before any write).
//
// Thread-safety: Handle() may be called from many threads at once; the
// cluster must outlive the service, and every response stream must be
// finished or dropped before the service is destroyed.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "regionlab/cluster.h"
#include "rest/rest_message.h"

namespace regionlab::rest {

class ScannerRegistry;

struct RestOptions {
  // hbase.rest.readonly: every mutation (PUT, POST, DELETE) answers 403.
  bool read_only = false;
  // Request bodies larger than this answer 413 (the transport enforces it
  // before reading the body; Handle() checks again).
  size_t max_body_bytes = 64ull << 20;
  // Stateful scanners idle this long are dropped (hbase.rest.scannercache.expire.time).
  int64_t scanner_idle_ms = 3600 * 1000;
  // At most this many scanners are open; opening one more drops the least
  // recently used (hbase.rest.scannercache.size).
  size_t max_scanners = 10000;
  // The cluster's hbase.server.keyvalue.maxsize (ClusterOptions::max_cell_size):
  // larger cells are refused before anything is written.
  uint64_t max_cell_size = 10ull << 20;
  // Add HBase 2.6.1's "Version" and "Revision" keys to /version. Off by
  // default: node-hbase expects the five older keys only.
  bool version_with_revision = false;
  // /version's "Server" (the transport names itself here).
  std::string server_software = "RegionLab";
  // Rows per piece of a streamed scan body.
  int stream_rows = 256;
  // The clock for scanner idle times (milliseconds); nullptr: steady_clock.
  std::function<int64_t()> now_ms;
  // When set, every request is counted here too: a counter that may outlive
  // the service (the desktop app's status bar reads it).
  std::shared_ptr<std::atomic<uint64_t>> request_counter;
};

// What the service has done so far (for the status bar and /jmx).
struct RestStats {
  uint64_t requests = 0;       // every request handled
  uint64_t errors = 0;         // answered with 4xx or 5xx
  uint64_t open_scanners = 0;
};

class RestService {
 public:
  // `cluster` is not owned.
  RestService(Cluster* cluster, RestOptions options);
  ~RestService();

  RestService(const RestService&) = delete;
  RestService& operator=(const RestService&) = delete;

  RestResponse Handle(const RestRequest& request);

  // Drops the scanners idle past RestOptions::scanner_idle_ms (Handle also
  // does it, at most once a second).
  void EvictIdleScanners();
  RestStats stats() const;
  const RestOptions& options() const { return options_; }

 private:
  RestResponse Route(const RestRequest& request);

  Cluster* cluster_;
  RestOptions options_;
  std::unique_ptr<ScannerRegistry> scanners_;
  std::atomic<uint64_t> requests_{0};
  std::atomic<uint64_t> errors_{0};
};

}  // namespace regionlab::rest
