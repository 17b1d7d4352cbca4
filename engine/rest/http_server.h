// HttpServer: the REST gateway's HTTP transport, cpp-httplib (Debian's
// libcpp-httplib) in front of a RestService.
//
// What it adds to the protocol: keep-alive connections served by a pool of
// threads, streamed bodies (chunked) for scans, gzip when the client sends
// Accept-Encoding: gzip (zlib; cpp-httplib compresses the text types, this
// class the protobuf and octet-stream ones, as HBase's GzipFilter compresses
// every body), gzip-encoded request bodies inflated, and limits: the request
// line (8 KiB) and each header line (8 KiB) are cpp-httplib's; at most
// max_headers headers of max_header_bytes in all (431 beyond), and
// max_body_bytes of body (413, before the body is read).
//
// Thread-safety: Start() and Stop() from one thread; the stats from any.
// Stop() waits for the requests in flight (their bodies included), so the
// service and the cluster may be closed right after it.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "regionlab/status.h"
#include "rest/rest_service.h"

namespace httplib {
class Server;
}

namespace regionlab::rest {

struct HttpServerOptions {
  std::string bind_address = "127.0.0.1";
  int port = 8080;  // 0: an ephemeral port (see port())
  int threads = 16;  // connections served at once (each keep-alive connection holds one)
  size_t max_headers = 100;
  size_t max_header_bytes = 64 << 10;
  int keep_alive_seconds = 5;
  int io_timeout_seconds = 60;  // per read or write of a connection
};

class HttpServer {
 public:
  // `service` is not owned and must outlive the server.
  HttpServer(RestService* service, HttpServerOptions options);
  ~HttpServer();  // Stop()s

  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and serves on a thread of its own. IOError naming the address when
  // the port cannot be bound (in use, no permission).
  Status Start();
  void Stop();
  bool running() const;

  int port() const { return port_; }
  // "http://127.0.0.1:8080"
  std::string url() const;

  // The software name /version reports as "Server".
  static std::string SoftwareName();

 private:
  RestService* service_;
  HttpServerOptions options_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
};

// True when `address` can only be reached from this machine (127.0.0.0/8,
// ::1, localhost).
bool IsLoopbackAddress(const std::string& address);

}  // namespace regionlab::rest
