// regionlab-rest: HBase's REST gateway over RegionLab's embedded cluster,
// so curl, node-hbase and other HBase REST clients can use a data directory.
//
// usage: regionlab-rest [--data DIR] [--port 8080] [--bind 127.0.0.1] [--readonly]
//
// Opens the cluster headless, prints the gateway's URL and serves until
// SIGINT or SIGTERM; then stops serving (requests in flight finish), closes
// the cluster (memstores flushed, WAL closed) and exits 0. Exit status 1
// when the cluster cannot be opened or the port bound, 2 on bad usage.
#include <signal.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>

#include "regionlab/cluster.h"
#include "rest/http_server.h"
#include "rest/rest_service.h"
#include "util/default_paths.h"
#include "util/env.h"

using namespace regionlab;

namespace {

constexpr const char* kUsage =
    "usage: regionlab-rest [--data DIR] [--port 8080] [--bind 127.0.0.1] [--readonly]\n"
    "\n"
    "Serves HBase's REST API (the REST gateway) over RegionLab's embedded cluster.\n"
    "  --data DIR    the cluster's data directory (default: %s)\n"
    "  --port N      the TCP port (default 8080; 0 picks a free one)\n"
    "  --bind ADDR   the address to listen on (default 127.0.0.1, this machine only)\n"
    "  --readonly    answer every mutation with 403 Forbidden\n"
    "  -h, --help    print this help\n"
    "Stops on SIGINT or SIGTERM, closing the cluster cleanly. See docs/rest-gateway.md.\n";

struct Arguments {
  std::string dataDir;
  int port = 8080;
  std::string bind = "127.0.0.1";
  bool readOnly = false;
};

int usageError(const std::string& message) {
  std::fprintf(stderr, "regionlab-rest: %s\n", message.c_str());
  std::fprintf(stderr, "usage: regionlab-rest [--data DIR] [--port 8080] [--bind 127.0.0.1] [--readonly]\n");
  return 2;
}

// -1 when the arguments are good, else the exit status to end with.
int parseArguments(int argc, char** argv, Arguments* args) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    std::string value;
    const size_t eq = a.find('=');
    const bool inline_value = a.rfind("--", 0) == 0 && eq != std::string::npos;
    if (inline_value) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
    }
    if (a == "-h" || a == "--help") {
      std::printf(kUsage, DefaultDataDirectory().c_str());
      return 0;
    }
    if (a == "--readonly") {
      if (inline_value) return usageError("--readonly takes no value");
      args->readOnly = true;
      continue;
    }
    if (a != "--data" && a != "--port" && a != "--bind") return usageError("unknown argument " + a);
    if (!inline_value) {
      if (i + 1 >= argc) return usageError("missing value after " + a);
      value = argv[++i];
    }
    if (value.empty()) return usageError(a + " needs a value");
    if (a == "--data") {
      args->dataDir = value;
    } else if (a == "--bind") {
      args->bind = value;
    } else {
      char* end = nullptr;
      errno = 0;
      const long port = std::strtol(value.c_str(), &end, 10);
      if (errno != 0 || *end != '\0' || port < 0 || port > 65535) {
        return usageError("--port must be a number from 0 to 65535, not '" + value + "'");
      }
      args->port = static_cast<int>(port);
    }
  }
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  Arguments args;
  if (int rc = parseArguments(argc, argv, &args); rc >= 0) return rc;
  if (args.dataDir.empty()) args.dataDir = DefaultDataDirectory();

  // SIGINT and SIGTERM are taken with sigwait below, by this thread only:
  // block them before any other thread starts, so every thread inherits it.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a client that hangs up must not end the server

  if (Status s = Env::Default()->CreateDirs(args.dataDir); !s.ok()) {
    std::fprintf(stderr, "regionlab-rest: cannot open %s: %s\n", args.dataDir.c_str(),
                 s.ToString().c_str());
    return 1;
  }
  ClusterOptions cluster_options;
  ClusterOpenReport report;
  auto cluster = Cluster::Open(args.dataDir, cluster_options, &report);
  if (!cluster.ok()) {
    if (cluster.status().IsBusy()) {  // another program has the directory: its message says who
      std::fprintf(stderr, "regionlab-rest: %s\n", cluster.status().message().c_str());
    } else {
      std::fprintf(stderr, "regionlab-rest: cannot open %s: %s\n", args.dataDir.c_str(),
                   cluster.status().ToString().c_str());
    }
    return 1;
  }
  for (const std::string& p : report.problems) {
    std::fprintf(stderr, "regionlab-rest: while opening: %s\n", p.c_str());
  }

  rest::RestOptions options;
  options.read_only = args.readOnly;
  options.max_cell_size = cluster_options.max_cell_size;
  options.server_software = rest::HttpServer::SoftwareName();
  auto service = std::make_unique<rest::RestService>(cluster->get(), options);
  rest::HttpServerOptions http;
  http.bind_address = args.bind;
  http.port = args.port;
  auto server = std::make_unique<rest::HttpServer>(service.get(), http);
  if (Status s = server->Start(); !s.ok()) {
    std::fprintf(stderr, "regionlab-rest: %s\n", s.ToString().c_str());
    service.reset();
    (void)(*cluster)->Close();
    return 1;
  }
  // A program refused the directory (it is locked while open) is told where
  // to reach it instead.
  if (Status s = (*cluster)->AdvertiseRestUrl(server->url()); !s.ok()) {
    std::fprintf(stderr, "regionlab-rest: could not name the gateway in %s/LOCK: %s\n",
                 args.dataDir.c_str(), s.ToString().c_str());
  }
  if (!rest::IsLoopbackAddress(args.bind)) {
    std::fprintf(stderr,
                 "regionlab-rest: warning: listening on %s, which other machines may reach; the "
                 "gateway has no authentication, so anyone who can connect can read and change "
                 "every table%s\n",
                 args.bind.c_str(), args.readOnly ? " (read-only: read)" : "");
  }
  std::printf("RegionLab REST gateway on %s serving %s%s\n", server->url().c_str(),
              args.dataDir.c_str(), args.readOnly ? " (read-only)" : "");
  std::printf("Stop with Ctrl-C (SIGINT) or SIGTERM.\n");
  std::fflush(stdout);

  int signal_number = 0;
  for (;;) {
    // Wake every few seconds to drop scanners idle past their time.
    timespec wait = {5, 0};
    signal_number = sigtimedwait(&stop_signals, nullptr, &wait);
    if (signal_number > 0) break;
    service->EvictIdleScanners();
  }
  std::printf("Stopping (%s): finishing requests in flight, closing the cluster\n",
              signal_number == SIGINT ? "SIGINT" : "SIGTERM");
  std::fflush(stdout);
  server->Stop();
  (void)(*cluster)->AdvertiseRestUrl("");
  const rest::RestStats stats = service->stats();
  service.reset();
  if (Status s = (*cluster)->Close(); !s.ok()) {
    std::fprintf(stderr, "regionlab-rest: closing %s: %s\n", args.dataDir.c_str(), s.ToString().c_str());
    return 1;
  }
  std::printf("Closed %s: memstores flushed, WAL closed (%llu requests served)\n",
              args.dataDir.c_str(), static_cast<unsigned long long>(stats.requests));
  return 0;
}
