// HttpClient: the HTTP(S) requests of a client of a real HBase cluster
// (its REST gateway, its servers' /jmx), over cpp-httplib's client
// (Debian's libcpp-httplib, built with OpenSSL: an https:// URL is spoken
// over TLS and the server's certificate is checked against the system's
// certificate store). Kerberos (SPNEGO) is not spoken.
//
// A base URL is "scheme://host[:port][/prefix]"; request paths are appended
// to the prefix, so a gateway mounted under /hbase/rest works. Timeouts:
// connecting 5 s, and 30 s without a byte while reading (a response that
// trickles in byte by byte still completes); both can be lowered (tests).
// Responses are asked for gzipped and inflated by cpp-httplib.
//
// Errors name the method and URL: a connection that fails, times out or
// breaks is IOError ("GET http://h:8080/status/cluster: no answer for 30 s
// (read timeout)"); an HTTP error status is turned into a Status by
// HttpStatusError (404 NotFound, 400 InvalidArgument, 403 NotSupported,
// others IOError), with the first line of the body HBase sent.
//
// Thread-safety: a client sends one request at a time (calls from several
// threads are serialised). Cancel() may be called from any thread: the
// request in flight then ends with Aborted.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "regionlab/status.h"

namespace httplib {
class Client;
}

namespace regionlab::remote {

struct HttpOptions {
  int connect_timeout_ms = 5000;
  int read_timeout_ms = 30000;
  // Check the server's TLS certificate (https only).
  bool verify_tls = true;
  // A CA bundle to check it against instead of the system's; "" = system.
  std::string ca_file;
};

struct HttpResponse {
  int status = 0;
  std::string body;
  std::multimap<std::string, std::string> headers;  // names as the server sent them
  // The first value of `name` (case-insensitive); "" when absent.
  std::string Header(std::string_view name) const;
};

// scheme://host[:port][/prefix], split; InvalidArgument naming the URL when
// it is not one ("ftp://...", no host, a port that is not a number).
struct BaseUrl {
  std::string scheme;  // "http" or "https"
  std::string host;
  int port = 0;
  std::string prefix;  // "" or "/hbase/rest" (no trailing '/')
  std::string origin() const;  // "http://host:port"
  std::string ToString() const { return origin() + prefix; }
};
Result<BaseUrl> ParseBaseUrl(std::string_view url);

class HttpClient {
 public:
  static Result<std::unique_ptr<HttpClient>> Create(std::string_view base_url,
                                                    HttpOptions options = {});
  ~HttpClient();

  const BaseUrl& base() const { return base_; }
  // The full URL of `path` (for messages).
  std::string UrlOf(std::string_view path) const { return base_.ToString() + std::string(path); }

  // `path` starts with '/' and is already percent-encoded; `accept` is the
  // Accept header ("" for none). A response with any status is a success
  // here; only a failed exchange is an error.
  Result<HttpResponse> Get(const std::string& path, const std::string& accept);
  Result<HttpResponse> Send(const std::string& method, const std::string& path,
                            const std::string& accept, const std::string& body,
                            const std::string& content_type);

  // Ends the request in flight (its socket is shut down) and every later one
  // with Aborted.
  void Cancel();

 private:
  HttpClient(BaseUrl base, HttpOptions options);
  Result<HttpResponse> Exchange(const std::string& method, const std::string& path,
                                const std::string& accept, const std::string* body,
                                const std::string& content_type);

  BaseUrl base_;
  HttpOptions options_;
  std::mutex mu_;
  std::unique_ptr<httplib::Client> client_;
  std::atomic<bool> cancelled_{false};
};

// The Status for an HTTP error answer to `method url`: 404 NotFound, 400 and
// 405 InvalidArgument, 403 NotSupported ("the gateway refused: it is
// read-only or you lack the permission"), everything else IOError; the
// message holds the status line and the first line of the body.
Status HttpStatusError(std::string_view method, const std::string& url, const HttpResponse& r);

}  // namespace regionlab::remote
