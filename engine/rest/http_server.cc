#include "rest/http_server.h"

#include <httplib.h>
#include <zlib.h>

#include <chrono>

namespace regionlab::rest {

namespace {

bool AcceptsGzip(const httplib::Request& req) {
  const std::string v = req.get_header_value("Accept-Encoding");
  return v.find("gzip") != std::string::npos;
}

// cpp-httplib compresses these itself (its can_compress_content_type).
bool HttplibCompresses(const std::string& type) {
  return type.rfind("text/", 0) == 0 || type == "application/json";
}

// A gzip member written piece by piece with zlib.
class Gzip {
 public:
  Gzip() {
    ok_ = deflateInit2(&z_, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;
  }
  ~Gzip() {
    if (ok_) deflateEnd(&z_);
  }
  Gzip(const Gzip&) = delete;
  Gzip& operator=(const Gzip&) = delete;

  // Compresses `in` (the last piece when `finish`) onto *out.
  bool Add(std::string_view in, bool finish, std::string* out) {
    if (!ok_) return false;
    z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z_.avail_in = static_cast<uInt>(in.size());
    char buf[16384];
    int rc;
    do {
      z_.next_out = reinterpret_cast<Bytef*>(buf);
      z_.avail_out = sizeof(buf);
      rc = deflate(&z_, finish ? Z_FINISH : Z_NO_FLUSH);
      if (rc == Z_STREAM_ERROR) return false;
      out->append(buf, sizeof(buf) - z_.avail_out);
    } while (z_.avail_out == 0 || (finish && rc != Z_STREAM_END));
    return true;
  }

 private:
  z_stream z_{};
  bool ok_ = false;
};

RestRequest ToRestRequest(const httplib::Request& req, const std::string& fallback_host) {
  RestRequest r;
  r.method = req.method == "HEAD" ? "GET" : req.method;
  const size_t q = req.target.find('?');
  r.path = req.target.substr(0, q);
  if (q != std::string::npos) r.query = req.target.substr(q + 1);
  for (const auto& [k, v] : req.headers) r.headers.emplace_back(k, v);
  r.body = req.body;
  const std::string host = req.get_header_value("Host");
  r.base_url = "http://" + (host.empty() ? fallback_host : host);
  return r;
}

void SendResponse(const httplib::Request& req, RestResponse rr, httplib::Response& res) {
  res.status = rr.status;
  for (auto& [k, v] : rr.headers) res.headers.emplace(k, v);
  const bool own_gzip = AcceptsGzip(req) && !rr.content_type.empty() &&
                        !HttplibCompresses(rr.content_type);
  if (!rr.stream) {
    if (rr.content_type.empty() && rr.body.empty()) return;
    if (own_gzip) {
      Gzip gz;
      std::string packed;
      if (gz.Add(rr.body, true, &packed)) {
        res.set_header("Content-Encoding", "gzip");
        rr.body = std::move(packed);
      }
    }
    // Moved, not copied: a scanner's batch is hundreds of kilobytes.
    res.set_header("Content-Type", rr.content_type.empty() ? "text/plain" : rr.content_type);
    res.body = std::move(rr.body);
    return;
  }
  // A streamed body: one piece per call, chunked; a stream that fails cuts
  // the connection so the client sees a truncated body.
  struct Piping {
    std::function<bool(std::string*, bool*)> stream;
    std::unique_ptr<Gzip> gzip;
  };
  auto pipe = std::make_shared<Piping>();
  pipe->stream = std::move(rr.stream);
  if (own_gzip) {
    pipe->gzip = std::make_unique<Gzip>();
    res.set_header("Content-Encoding", "gzip");
  }
  res.set_chunked_content_provider(
      rr.content_type, [pipe](size_t /*offset*/, httplib::DataSink& sink) {
        std::string piece;
        bool failed = false;
        const bool more = pipe->stream(&piece, &failed);
        if (failed) return false;
        if (pipe->gzip) {
          std::string packed;
          if (!pipe->gzip->Add(piece, !more, &packed)) return false;
          piece.swap(packed);
        }
        if (!piece.empty() && !sink.write(piece.data(), piece.size())) return false;
        if (!more) sink.done();
        return true;
      });
}

}  // namespace

bool IsLoopbackAddress(const std::string& address) {
  return address == "localhost" || address == "::1" || address.rfind("127.", 0) == 0;
}

std::string HttpServer::SoftwareName() {
  return std::string("RegionLab (cpp-httplib/") + CPPHTTPLIB_VERSION + ")";
}

HttpServer::HttpServer(RestService* service, HttpServerOptions options)
    : service_(service), options_(std::move(options)) {}

HttpServer::~HttpServer() { Stop(); }

std::string HttpServer::url() const {
  const bool v6 = options_.bind_address.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + options_.bind_address + "]" : options_.bind_address) + ":" +
         std::to_string(port_);
}

bool HttpServer::running() const { return server_ != nullptr && server_->is_running(); }

Status HttpServer::Start() {
  if (server_) return Status::InvalidArgument("the REST server is already running");
  auto server = std::make_unique<httplib::Server>();
  const int threads = options_.threads < 2 ? 2 : options_.threads;
  server->new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<size_t>(threads)); };
  server->set_payload_max_length(service_->options().max_body_bytes);
  server->set_keep_alive_max_count(100000);
  server->set_keep_alive_timeout(options_.keep_alive_seconds);
  server->set_read_timeout(options_.io_timeout_seconds);
  server->set_write_timeout(options_.io_timeout_seconds);
  server->set_tcp_nodelay(true);

  const size_t max_headers = options_.max_headers;
  const size_t max_header_bytes = options_.max_header_bytes;
  RestService* service = service_;
  auto handle = [service, this](const httplib::Request& req, httplib::Response& res) {
    RestRequest r = ToRestRequest(req, options_.bind_address + ":" + std::to_string(port_));
    SendResponse(req, service->Handle(r), res);
  };
  server->set_pre_routing_handler([max_headers, max_header_bytes, handle](const httplib::Request& req,
                                                                          httplib::Response& res) {
    size_t bytes = 0;
    for (const auto& [k, v] : req.headers) bytes += k.size() + v.size() + 4;
    if (req.headers.size() <= max_headers && bytes <= max_header_bytes) {
      // A request without a body is answered here, before cpp-httplib
      // matches its handlers' regular expressions; one with a body goes on
      // to the handlers, which read it first.
      const bool has_body = req.has_header("Content-Length") ? req.get_header_value("Content-Length") != "0"
                                                             : req.has_header("Transfer-Encoding");
      if (has_body) return httplib::Server::HandlerResponse::Unhandled;
      handle(req, res);
      return httplib::Server::HandlerResponse::Handled;
    }
    res.status = 431;
    res.set_header("Connection", "close");  // the body, if any, is not read
    res.set_content("Request header fields too large: " + std::to_string(req.headers.size()) +
                        " headers, " + std::to_string(bytes) + " bytes (at most " +
                        std::to_string(max_headers) + " headers, " + std::to_string(max_header_bytes) +
                        " bytes)\r\n",
                    "text/plain");
    return httplib::Server::HandlerResponse::Handled;
  });
  server->Get(".*", handle);
  server->Post(".*", handle);
  server->Put(".*", handle);
  server->Delete(".*", handle);
  server->Patch(".*", handle);
  server->Options(".*", handle);
  server->set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unknown";
    try {
      if (ep) std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    res.status = 500;
    res.set_content("Internal error: " + what + "\r\n", "text/plain");
  });

  int port = options_.port;
  if (port == 0) {
    port = server->bind_to_any_port(options_.bind_address);
    if (port <= 0) {
      return Status::IOError("cannot bind an ephemeral port on " + options_.bind_address);
    }
  } else if (!server->bind_to_port(options_.bind_address, port)) {
    return Status::IOError("cannot bind " + options_.bind_address + ":" + std::to_string(port) +
                           " (is the port in use, or the address not this machine's?)");
  }
  port_ = port;
  httplib::Server* raw = server.get();
  server_ = std::move(server);
  thread_ = std::thread([raw] { raw->listen_after_bind(); });
  // listen_after_bind marks the server running before it accepts; wait for
  // that (bounded) so that Stop() right after Start() is safe.
  for (int i = 0; i < 2000 && !raw->is_running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return Status::OK();
}

void HttpServer::Stop() {
  if (!server_) return;
  server_->stop();
  if (thread_.joinable()) thread_.join();
  server_.reset();
}

}  // namespace regionlab::rest
