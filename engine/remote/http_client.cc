#include "remote/http_client.h"

#include <httplib.h>

#include <chrono>
#include <cstdlib>

#include "util/utf8.h"

namespace regionlab::remote {

namespace {

std::string Seconds(int ms) {
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + " s";
  return std::to_string(ms) + " ms";
}

// What went wrong with the exchange itself, in words.
std::string Describe(httplib::Error e, const HttpOptions& o, double elapsed_ms) {
  switch (e) {
    case httplib::Error::Connection:
      return "could not connect (refused, unreachable or unknown host)";
    case httplib::Error::ConnectionTimeout:
      return "no connection within " + Seconds(o.connect_timeout_ms) + " (connect timeout)";
    case httplib::Error::Read:
      if (elapsed_ms + 50 >= o.read_timeout_ms) {
        return "no answer for " + Seconds(o.read_timeout_ms) + " (read timeout)";
      }
      return "the connection broke while reading the answer";
    case httplib::Error::Write:
      return "the connection broke while sending the request";
    case httplib::Error::SSLConnection:
      return "the TLS handshake failed";
    case httplib::Error::SSLLoadingCerts:
      return "the CA certificates could not be loaded";
    case httplib::Error::SSLServerVerification:
      return "the server's TLS certificate could not be verified";
    case httplib::Error::Compression:
      return "the gzipped answer could not be inflated";
    case httplib::Error::Canceled:
      return "cancelled";
    default:
      return httplib::to_string(e);
  }
}

std::string FirstLine(const std::string& body) {
  size_t end = body.find_first_of("\r\n");
  std::string line = body.substr(0, end == std::string::npos ? body.size() : end);
  if (line.size() > 300) line = line.substr(0, 300) + "...";
  return line;
}

}  // namespace

std::string HttpResponse::Header(std::string_view name) const {
  for (const auto& [k, v] : headers) {
    if (EqualsIgnoreAsciiCase(k, name)) return v;
  }
  return {};
}

std::string BaseUrl::origin() const {
  const bool default_port = (scheme == "http" && port == 80) || (scheme == "https" && port == 443);
  std::string h = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  return scheme + "://" + h + (default_port ? "" : ":" + std::to_string(port));
}

Result<BaseUrl> ParseBaseUrl(std::string_view url) {
  const std::string text(url);
  auto bad = [&](const std::string& why) {
    return Status::InvalidArgument("'" + text + "' is not an http:// or https:// URL: " + why);
  };
  BaseUrl b;
  const size_t sep = url.find("://");
  if (sep == std::string_view::npos) return bad("it has no scheme (http:// or https://)");
  for (char c : url.substr(0, sep)) b.scheme.push_back(static_cast<char>(std::tolower(c)));
  if (b.scheme != "http" && b.scheme != "https") return bad("the scheme is " + b.scheme);
  std::string_view rest = url.substr(sep + 3);
  const size_t slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash);
  if (authority.find('@') != std::string_view::npos) return bad("user names in URLs are not supported");
  std::string_view port_text;
  if (!authority.empty() && authority[0] == '[') {  // [ipv6]:port
    const size_t close = authority.find(']');
    if (close == std::string_view::npos) return bad("an unclosed '[' in the host");
    b.host = std::string(authority.substr(1, close - 1));
    if (close + 1 < authority.size()) {
      if (authority[close + 1] != ':') return bad("junk after the host");
      port_text = authority.substr(close + 2);
    }
  } else {
    const size_t colon = authority.rfind(':');
    b.host = std::string(authority.substr(0, colon));
    if (colon != std::string_view::npos) port_text = authority.substr(colon + 1);
  }
  if (b.host.empty()) return bad("it has no host");
  b.port = b.scheme == "https" ? 443 : 80;
  if (!port_text.empty()) {
    int port = 0;
    for (char c : port_text) {
      if (c < '0' || c > '9' || port > 65535) return bad("the port is not a number from 1 to 65535");
      port = port * 10 + (c - '0');
    }
    if (port < 1 || port > 65535) return bad("the port is not a number from 1 to 65535");
    b.port = port;
  }
  const size_t query = path.find_first_of("?#");
  if (query != std::string_view::npos) return bad("a base URL has no query or fragment");
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  b.prefix = std::string(path);
  return b;
}

Result<std::unique_ptr<HttpClient>> HttpClient::Create(std::string_view base_url,
                                                       HttpOptions options) {
  auto base = ParseBaseUrl(base_url);
  if (!base.ok()) return base.status();
  std::unique_ptr<HttpClient> c(new HttpClient(std::move(*base), std::move(options)));
  if (!c->client_->is_valid()) {
    return Status::InvalidArgument("cannot set up a client for " + c->base_.ToString() +
                                   (c->base_.scheme == "https" ? " (TLS could not be initialised)" : ""));
  }
  return c;
}

HttpClient::HttpClient(BaseUrl base, HttpOptions options)
    : base_(std::move(base)), options_(std::move(options)) {
  client_ = std::make_unique<httplib::Client>(base_.origin());
  client_->set_connection_timeout(options_.connect_timeout_ms / 1000,
                                  (options_.connect_timeout_ms % 1000) * 1000);
  client_->set_read_timeout(options_.read_timeout_ms / 1000, (options_.read_timeout_ms % 1000) * 1000);
  client_->set_write_timeout(options_.read_timeout_ms / 1000,
                             (options_.read_timeout_ms % 1000) * 1000);
  client_->set_keep_alive(true);
  client_->set_decompress(true);
  if (base_.scheme == "https") {
    client_->enable_server_certificate_verification(options_.verify_tls);
    if (!options_.ca_file.empty()) client_->set_ca_cert_path(options_.ca_file);
  }
}

HttpClient::~HttpClient() = default;

void HttpClient::Cancel() {
  cancelled_ = true;
  client_->stop();  // cpp-httplib shuts the socket of a request in flight down
}

Result<HttpResponse> HttpClient::Get(const std::string& path, const std::string& accept) {
  return Exchange("GET", path, accept, nullptr, "");
}

Result<HttpResponse> HttpClient::Send(const std::string& method, const std::string& path,
                                      const std::string& accept, const std::string& body,
                                      const std::string& content_type) {
  return Exchange(method, path, accept, &body, content_type);
}

Result<HttpResponse> HttpClient::Exchange(const std::string& method, const std::string& path,
                                          const std::string& accept, const std::string* body,
                                          const std::string& content_type) {
  std::lock_guard<std::mutex> lock(mu_);
  const std::string url = UrlOf(path);
  if (cancelled_) return Status::Aborted(method + " " + url + ": cancelled");
  httplib::Request req;
  req.method = method;
  req.path = base_.prefix + path;
  if (!accept.empty()) req.headers.emplace("Accept", accept);
  req.headers.emplace("Accept-Encoding", "gzip");
  if (body != nullptr) {
    req.body = *body;
    if (!content_type.empty()) req.headers.emplace("Content-Type", content_type);
  }
  req.progress = [this](uint64_t, uint64_t) { return !cancelled_.load(); };
  const auto start = std::chrono::steady_clock::now();
  httplib::Result res = client_->send(req);
  const double elapsed_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!res) {
    if (cancelled_ || res.error() == httplib::Error::Canceled) {
      return Status::Aborted(method + " " + url + ": cancelled");
    }
    return Status::IOError(method + " " + url + ": " + Describe(res.error(), options_, elapsed_ms));
  }
  HttpResponse out;
  out.status = res->status;
  out.body = std::move(res->body);
  for (auto& [k, v] : res->headers) out.headers.emplace(k, v);
  return out;
}

Status HttpStatusError(std::string_view method, const std::string& url, const HttpResponse& r) {
  std::string message = std::string(method) + " " + url + ": HTTP " + std::to_string(r.status);
  const std::string line = FirstLine(r.body);
  if (!line.empty()) message += " " + line;
  switch (r.status) {
    case 404:
      return Status::NotFound(message);
    case 400:
    case 405:
    case 406:
    case 415:
      return Status::InvalidArgument(message);
    case 403:
      return Status::NotSupported(message + " (the gateway refused: it runs read-only"
                                  " (hbase.rest.readonly) or the user lacks the permission)");
    default:
      return Status::IOError(message);
  }
}

}  // namespace regionlab::remote
